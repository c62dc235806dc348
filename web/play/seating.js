// Whether a game is played at a table or dealt by number: the one place that reads it from the
// catalog. A seated game (every game that is not a solitaire) is set up at a table (seats, names,
// the computers' levels) and its New button opens that setup; a solitaire is dealt by number, its
// deal and options in the side panel. DOM-free.

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */

/**
 * True when the game is set up at a table rather than dealt by number.
 * @param {GameSpec} spec
 */
export const isSeatedGame = (spec) => !spec.solitaire;

/**
 * The words of the ways to a new game, which name a game at a table and a deal of a solitaire.
 * @param {GameSpec} spec
 */
export function newGameWords(spec) {
  return isSeatedGame(spec)
    ? { newGame: "New game", action: "new-game", again: "New game, same table", replay: "Replay this deal" }
    : { newGame: "New deal", action: "new", again: "New deal", replay: "Replay deal" };
}
