// @ts-check
// The sound of a new view (sound.js plays it, when the settings turn sounds on): a win of the
// person's, else its last move's. A view that only puts a game on screen or moves through its
// history (new, load, undo, redo) is silent.

import { playSound } from "../sound.js";
import { personSeat } from "./results.js";

/** @typedef {import("../engine_types.js").View} View */

/**
 * @param {View} view
 * @param {string} op the request that answered with the view
 */
export function soundOf(view, op) {
  if (op === "new" || op === "load" || op === "undo" || op === "redo") return;
  const seat = personSeat(view);
  const winner = view.outcome ? view.outcome.winners.includes(seat ?? -1)
    : view.round?.over && view.last_round?.winner === seat;
  const kind = view.events?.at(-1)?.kind;
  if (winner) playSound("won");
  else if (kind === "draw") playSound("draw");
  else if (kind === "play") playSound("place");
}
