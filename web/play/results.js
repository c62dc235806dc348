// Counting a finished game in the statistics, once per game.

import { randomSeed } from "../render/dom.js";
import { askToKeep } from "../store/keep.js";
import { recordResult } from "../store/stats.js";

/** @typedef {import("../engine_types.js").View} View */

/** A fresh statistics token: one per game started or imported (kept with the saved game). */
export const newToken = (/** @type {string} */ gameId) => `${gameId}:${Date.now().toString(36)}:${randomSeed()}`;

/**
 * The seat whose results the statistics keep: the first seat a person plays (seat 0 of a
 * solitaire; in hot-seat, the first person's seat); null when every seat is a computer.
 * @param {{seats?: string[]}} view a view or a record
 */
export function personSeat(view) {
  const seat = (view.seats ?? ["human"]).indexOf("human");
  return seat < 0 ? null : seat;
}

/**
 * True when the answer to `op` finished the game: a move, a redo or a resign from a running game to game over.
 * @param {unknown} op
 * @param {View | null | undefined} before
 * @param {View | null | undefined} view
 */
export function finishes(op, before, view) {
  return /** @type {unknown[]} */ (["play", "ai", "redo", "resign"]).includes(op) && Boolean(before && !before.outcome && view?.outcome);
}

/**
 * Count a game in progress as given up now (lost), once per token: its end counts nothing more.
 * @param {View | null} view
 * @param {string | null} token
 */
export function countAbandoned(view, token) {
  if (!view) return null; // (no game on screen)
  const seat = personSeat(view);
  if (seat === null || view.outcome || view.guide) return null; // a guided deal is never counted
  return recordResult(view.game, view.options, { won: false }, { id: token, winnableOnly: view.winnable === true,
    assisted: view.assisted === true, gaveUp: true });
}

/**
 * Count a finished game for the person's seat, once per token (an undo and a second finish, or a
 * reload, do not count again). scored: the person's final points go to best and mean score
 * (the table games); winnable: Luzon's "the deal was winnable at its start"; daily: the day of
 * the daily deal this game is (null: not one). From the view: a winnable-only deal (a row of its
 * own), assisted (undo or hints used) and given up (resigned, or left for a new deal).
 * @param {import("../engine_types.js").View} view
 * @param {string | null} token
 * @param {{scored?: boolean, winnable?: boolean, daily?: string | null}} [extra]
 */
export function countGame(view, token, { scored = false, winnable, daily = null } = {}) {
  const seat = personSeat(view);
  if (seat === null || !view.outcome || view.guide) return null; // a guided deal is never counted
  /** @type {import("../store/stats.js").GameOutcome} */
  const outcome = { won: view.outcome.winners.includes(seat) };
  if (scored) outcome.score = view.outcome.scores?.[seat] ?? view.scores?.[seat];
  const detail = view.outcome.detail;
  // resigned (the engine's resign of any game, or a game's own resign move), or left for a new deal
  const gaveUp = Boolean(detail && typeof detail === "object" && Object.hasOwn(detail, "resigned")) ||
    (view.events ?? []).some((e) => e.kind === "resign");
  askToKeep(); // a result worth keeping: the browser is asked to keep Boneyard's storage
  return recordResult(view.game, view.options, outcome, { id: token, winnable, winnableOnly: view.winnable === true,
    assisted: view.assisted === true, daily: Boolean(daily), day: daily ?? undefined, gaveUp });
}
