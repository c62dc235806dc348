// What a game screen keeps when it is mounted again in its own place (app.js: the engine was
// restarted, its sessions gone). The game itself comes back from its save, as at any start; this
// is the rest of what the player had on screen: the coach open on the game (where it was, what
// it showed, the review under way or its results: coach.js) and the person's request the restart
// cut short (a move, an undo or redo, a hint), asked again once the same game is back at the same
// move (its record the same), once: a request cut short again is dropped. A computer's turn needs
// nothing kept: once the game is on screen its phase asks for it again.

/** @typedef {import("./controller.js").Ctrl} Ctrl */

/**
 * @typedef {object} Kept
 * @property {string} game the game's id: put back on that game's screen only
 * @property {string | null} record the record of the game on screen then, as JSON: put back over the same game at the same move only
 * @property {import("./coach.js").CoachKept | null} coach the coach open on the game
 * @property {import("./intents.js").Intent | null} asked the person's request under way (state.js `asked`)
 */

/**
 * What the screen would lose to a remount, beyond its saved game.
 * @param {Ctrl} ctrl
 * @returns {Kept}
 */
export function keptOf({ spec, state, coach, kept }) {
  // a request put back once and cut short again is not asked a third time (one that stops every engine)
  const asked = state.asked === kept?.asked ? null : state.asked;
  return { game: spec.id, record: state.record && JSON.stringify(state.record), coach: coach.kept(), asked };
}

/**
 * Put back what the screen before kept, once this screen's start has put its game on screen
 * (before it settles: the game waits under the coach as it did).
 * @param {Ctrl} ctrl
 * @param {Kept | null | undefined} kept
 */
export function putBack({ spec, state, coach, emit }, kept) {
  if (!kept?.record || kept.game !== spec.id || state.disposed || JSON.stringify(state.record) !== kept.record) return;
  if (kept.coach) coach.open(kept.coach);
  else if (kept.asked) emit(kept.asked);
}
