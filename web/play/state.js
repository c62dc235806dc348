// The state of a game screen: the session and its view, the log, the seats' last actions and the
// round's moves, and the phases' own state (phases.js). Only the controller writes it; its parts
// read it (StateReader). DOM-free.

import { initialScreen } from "./phases.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("./renderer_contract.js").LogEntry} LogEntry */
/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */

/** @typedef {import("./phases.js").Screen} Screen */

const LOG_LIMIT = 80;
const MOVED_LIMIT = 400; // moves of a round kept for the marks of what was played since a person's turn

/**
 * @typedef {object} HintAnswer a hint: its move's fields, why, and the chance to win with it
 * @property {string} you
 * @property {string} reason
 * @property {number} chance
 */

/**
 * @typedef {object} GameState
 * @property {Screen} screen the phases' state (phases.js: changed by the controller's reducer only)
 * @property {string | null} session
 * @property {View | null} view
 * @property {View | null} drawnView the view drawn last
 * @property {number} viewer
 * @property {string[]} names
 * @property {string | null} token the game's statistics token
 * @property {boolean} busy a request is under way
 * @property {number} starts the games begun on this screen (each way a game comes on screen claims
 *   the next number: the "claim" intent): an import begun before the last gives way to it
 * @property {string} claimed what the last claim was, in words ("another game was chosen"): the import's reason
 * @property {Promise<void>} inflight settled when the request under way has been answered and drawn
 * @property {import("./intents.js").Intent | null} asked the person's request under way (a move, a hint):
 *   a remount asks it again (screen_kept.js)
 * @property {boolean} puttingBack a screen mounted again in its place: its phase waits until what the screen
 *   before kept is put back (screen_kept.js), so a result dialog seen then does not open meanwhile
 * @property {(Move & HintAnswer) | null} hint
 * @property {LogEntry[]} log newest first
 * @property {Record<number, string>} lastAction
 * @property {boolean} covered every hand hidden until the next person is ready (hot seat)
 * @property {Promise<unknown>} slides settled when the slides of the view on screen have ended
 * @property {{n: number, seat: number, kind: string, tile: string | null}[]} moved the round's moves
 * @property {boolean} failed the computer player failed: no retry for ever
 * @property {boolean} disposed
 * @property {{text: string, kind: MessageKind}} message
 * @property {GameRecord | null} record
 * @property {string | null} daily the day ("YYYY-MM-DD") whose daily deal is on screen
 */

/**
 * The state as the controller's parts read it (turns.js, render_pass.js, ...): only the
 * controller writes it (the type refuses an assignment); a part asks for a change by a function.
 * @typedef {Readonly<GameState>} StateReader
 */

/**
 * @param {string[]} names
 * @returns {GameState}
 */
export function createGameState(names) {
  return {
    screen: initialScreen(), session: null, view: null, drawnView: null, viewer: 0, names, token: null, busy: false, starts: 0, claimed: "",
    inflight: Promise.resolve(), asked: null, puttingBack: false, hint: null, log: [], lastAction: {}, covered: false, slides: Promise.resolve(), moved: [], failed: false, disposed: false,
    message: { text: "", kind: "info" }, record: null, daily: null,
  };
}

/**
 * @param {GameState} state
 * @param {string} text
 * @param {number | null} [seat]
 */
export function logLine(state, text, seat = null) {
  state.log.unshift({ text, seat });
  state.log.length = Math.min(state.log.length, LOG_LIMIT);
}

/**
 * Take in the events of a new view: its log lines, each seat's last action, the round's moves. A
 * game just put on screen (a load) brings the events of its last moves: a saved game's log holds
 * them already, so only the seats' last actions and the round's moves are taken from them.
 * @param {GameState} state
 * @param {View} view
 * @param {Renderer} screen
 * @param {(seat: number) => string} name
 */
export function takeEvents(state, view, screen, name) {
  const events = view.events ?? [];
  const human = (/** @type {number} */ seat) => view.seats?.[seat] === "human";
  const logged = !state.view && state.log.some((entry) => entry.seat !== null);
  const opens = view.round?.number !== state.view?.round?.number;
  // a round opens after the move that dealt it; a game loaded part-way into a round, before its events
  const dealt = opens ? events.findLastIndex((event) => event.kind === "next-round") : -1;
  const openRound = () => {
    state.lastAction = {};
    state.moved = [];
    for (const line of screen.roundLines?.(view, state.view, name) ?? []) {
      if (!logged) logLine(state, line.text, line.seat);
      if (line.action) state.lastAction[line.seat] = line.action;
    }
  };
  if (opens && dealt < 0) openRound();
  events.forEach((event, i) => {
    const text = human(event.seat) && name(event.seat) === "You" && event.you
      ? `You ${event.you}` : `${name(event.seat)} ${event.label}`;
    // a batch's repeated move (a computer drawing three tiles) is one line of the log
    let times = 1;
    while (i >= times && events[i - times].seat === event.seat && events[i - times].label === event.label) times += 1;
    if (!logged) {
      if (times > 1) state.log.shift();
      logLine(state, times > 1 ? `${text} (${times} times)` : text, event.seat);
    }
    state.lastAction[event.seat] = screen.actionText?.(event) ?? "";
    if (i === dealt) openRound();
  });
  trackMoves(state, view, Math.max(dealt, 0));
}

/**
 * Keep the round's moves (from the view's events and move count; an undo drops those taken back).
 * @param {GameState} state
 * @param {View} view
 * @param {number} from the first of the view's events that belongs to the round on screen
 */
function trackMoves(state, view, from) {
  const events = view.events ?? [];
  const first = view.moves - events.length; // the number of the view's first event's move
  state.moved = state.moved.filter((m) => m.n < first).slice(-MOVED_LIMIT);
  events.forEach((e, i) => {
    if (i >= from) state.moved.push({ n: first + i, seat: e.seat, kind: e.kind, tile: e.tile ?? null });
  });
}

/**
 * The tiles the other seats played since the person on screen last played (a move of theirs
 * that was not a draw) in this round: tile -> seat. Empty when no person sits at the screen.
 * @param {GameState} state
 * @returns {Map<string, number>}
 */
export function playedSince(state) {
  const seat = state.viewer;
  const since = new Map();
  if (state.view?.seats?.[seat] !== "human") return since;
  for (const move of state.moved) {
    if (move.seat === seat && move.kind !== "draw") since.clear();
    else if (move.tile && move.seat !== seat) since.set(move.tile, move.seat);
  }
  return since;
}
