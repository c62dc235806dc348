// What the game's end says when a seat resigned, whatever the game: who resigned and when, who
// wins, and the standings by total — never the story of a round that had ended before. Names
// are listed as people write them (words.js: "Ada, Ben, Cleo and Dev"). DOM-free (tests/js/resignation.test.mjs).

import { listNames } from "../render/words.js";

/** @typedef {import("../engine_types.js").View} View */

/**
 * The seat that resigned, when the game ended by a resignation (the engine's outcome detail).
 * @param {View} view
 * @returns {number | null}
 */
export function resignedSeat(view) {
  const detail = view.outcome?.detail;
  const seat = detail && typeof detail === "object" ? /** @type {Record<string, unknown>} */ (detail).resigned : null;
  return typeof seat === "number" ? seat : null;
}

/**
 * The words of a game ended by a resignation, or null when it was not one.
 * @param {View} view
 * @param {(seat: number) => string} name a seat's name ("You" for the person's own)
 * @returns {{title: string, said: string, standings: {seat: number, name: string, total: number}[]} | null}
 */
export function resignationWords(view, name) {
  const seat = resignedSeat(view);
  if (seat === null || !view.outcome) return null;
  const you = name(seat) === "You";
  const round = view.round?.number;
  const winners = view.outcome.winners ?? [];
  const winnerNames = winners.map(name);
  const wins = winnerNames.length === 1 && winnerNames[0] !== "You" ? "wins" : "win";
  const said = `${you ? "You" : name(seat)} resigned${round ? ` in round ${round}` : ""}` +
    (winners.length ? `: ${listNames(winnerNames)} ${wins}.` : ".");
  const totals = view.outcome.scores ?? view.scores ?? [];
  const standings = totals.map((total, i) => ({ seat: i, name: name(i), total }))
    .sort((a, b) => b.total - a.total || a.seat - b.seat);
  return { title: you ? "You resigned" : `${name(seat)} resigned`, said, standings };
}
