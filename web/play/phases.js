// The phases of a game screen as a pure reducer: reduce(screen, intent) -> {screen, effects}. The
// controller (controller.js) is its only caller: it dispatches an intent for every change of what
// the phases read (the body shown, a new view, a run begun or ended, a dialog shown), and runs the
// effects the reducer returns (a dialog, a turn, the turn's sound and focus). The phase follows
// from the body and the view's facts; a move the TRANSITIONS table does not know is refused (the
// screen unchanged, `refused` says why): an error in the tests, a logged no-op on the page.
// DOM-free: tests/js/phases.test.mjs runs it under Node.

/** @typedef {"loading" | "setup" | "person" | "computers" | "round-over" | "game-over" | "replaying"} Phase */
/** @typedef {"none" | "setup" | "play" | "coach"} BodyShown what the screen's body shows */

/**
 * The phases, and the phases each may move to. A new game, an import or an undo may come from
 * anywhere a game is on screen, and a guided deal left goes back to loading; a replay starts from
 * a game on screen and goes back to it; the setup and the replay never follow each other, and
 * nothing goes back to the setup's loading.
 * @type {Record<Phase, Phase[]>}
 */
export const TRANSITIONS = {
  loading: ["setup", "person", "computers", "round-over", "game-over"],
  setup: ["person", "computers", "round-over", "game-over"],
  person: ["loading", "computers", "round-over", "game-over", "setup", "replaying"],
  computers: ["loading", "person", "round-over", "game-over", "setup", "replaying"],
  "round-over": ["loading", "person", "computers", "game-over", "setup", "replaying"],
  "game-over": ["loading", "person", "computers", "round-over", "setup", "replaying"],
  replaying: ["person", "computers", "round-over", "game-over"],
};

/**
 * What the phases read of the game on screen (factsOf).
 * @typedef {object} Facts
 * @property {string} session
 * @property {number} moves
 * @property {number | null} round the round's number
 * @property {boolean} roundOver
 * @property {boolean} over the game is over
 * @property {"person" | "computer" | null} toMove who moves next (null: nobody)
 * @property {boolean} mine the person on screen may move now
 */

/**
 * @typedef {object} Screen
 * @property {Phase} phase
 * @property {BodyShown} body
 * @property {Facts | null} facts null before a game is on screen
 * @property {string | null} shownRound the round whose summary was shown ("session:round")
 * @property {string | null} shownOutcome the finished game whose result was shown ("session:moves")
 */

/**
 * What the controller asks of the phases.
 * @typedef {{type: "body", body: BodyShown}
 *   | {type: "facts", facts: Facts | null}
 *   | {type: "settled", busy: boolean}
 *   | {type: "summary-shown"}
 *   | {type: "outcome-shown"}
 *   | {type: "outcome-skipped"}
 *   | {type: "show-result"}
 *   | {type: "undo"}} Intent
 */

/** An end dialog marked shown. @typedef {{type: "summary-shown"} | {type: "outcome-shown"}} ShownIntent */

/**
 * What the controller then does: open the round's summary or the game's result (after the last
 * tile has landed), let the seat to move act, or greet the person whose turn began.
 * @typedef {{type: "summary"} | {type: "outcome"} | {type: "turn"} | {type: "turn-began"}} Effect
 */

/** The screen before anything is shown. @returns {Screen} */
export const initialScreen = () => ({ phase: "loading", body: "none", facts: null, shownRound: null, shownOutcome: null });

/**
 * The facts of a view (null: no game on screen); `mine`: the person on screen may move now.
 * @param {string | null} session
 * @param {import("../engine_types.js").View | null} view
 * @param {boolean} mine
 * @returns {Facts | null}
 */
export function factsOf(session, view, mine) {
  if (!view || session === null) return null;
  const seat = view.to_move;
  const toMove = seat === null || seat === undefined ? null : view.seats[seat] === "human" ? "person" : "computer";
  return { session, moves: view.moves, round: view.round?.number ?? null, roundOver: Boolean(view.round?.over),
    over: Boolean(view.outcome), toMove, mine };
}

/**
 * The phase of a body and facts. Nobody to move with no round or game over counts as the person's.
 * @param {BodyShown} body
 * @param {Facts | null} facts
 * @returns {Phase}
 */
export function phaseOf(body, facts) {
  if (body === "coach") return "replaying";
  if (body === "setup") return "setup";
  if (!facts || body === "none") return "loading";
  if (facts.over) return "game-over";
  if (facts.roundOver) return "round-over";
  return facts.toMove === "computer" ? "computers" : "person";
}

const roundKey = (/** @type {Facts} */ f) => `${f.session}:${f.round}`;
const outcomeKey = (/** @type {Facts} */ f) => `${f.session}:${f.moves}`;

/**
 * The end dialogs of the game on screen already shown (its result, its round's summary), as the
 * intents that mark them shown: a remount of the screen marks them again, so a dialog the person
 * has seen does not open again over the same game (screen_kept.js).
 * @param {Screen} screen
 * @returns {ShownIntent[]}
 */
export function shownDialogs({ facts, shownOutcome, shownRound }) {
  if (!facts) return [];
  return [...(shownOutcome === outcomeKey(facts) ? [{ type: /** @type {const} */ ("outcome-shown") }] : []),
    ...(shownRound === roundKey(facts) ? [{ type: /** @type {const} */ ("summary-shown") }] : [])];
}

/**
 * What the screen does once it has settled, by its phase: the result or the summary not shown yet,
 * else the seat to move acts.
 * @param {Screen} screen
 * @returns {Effect[]}
 */
function settledEffects(screen) {
  const facts = screen.facts;
  if (!facts || screen.body !== "play") return [];
  switch (screen.phase) {
    case "game-over": return screen.shownOutcome === outcomeKey(facts) ? [] : [{ type: "outcome" }];
    case "round-over": return screen.shownRound === roundKey(facts) ? [{ type: "turn" }] : [{ type: "summary" }];
    case "person":
    case "computers": return [{ type: "turn" }];
    default: return [];
  }
}

/**
 * The screen after an intent, and what the controller does about it.
 * @param {Screen} screen
 * @param {Intent} intent
 * @returns {{screen: Screen, effects: Effect[], refused?: string}}
 */
export function reduce(screen, intent) {
  switch (intent.type) {
    case "body": return move(screen, { ...screen, body: intent.body });
    case "facts": {
      const facts = intent.facts;
      const fresh = facts?.session !== screen.facts?.session; // a new game: none of it has been shown
      const next = { ...screen, facts, ...(fresh ? { shownRound: null, shownOutcome: null } : {}),
        ...(facts && !facts.over ? { shownOutcome: null } : {}) }; // finished again after an undo: shown again
      const began = Boolean(facts?.mine && !(screen.facts?.mine && !fresh));
      const moved = move(screen, next);
      return began && !moved.refused ? { ...moved, effects: [...moved.effects, { type: "turn-began" }] } : moved;
    }
    case "settled": return { screen, effects: intent.busy ? [] : settledEffects(screen) };
    case "summary-shown": return screen.facts ? { screen: { ...screen, shownRound: roundKey(screen.facts) }, effects: [] }
      : refuse(screen, "no round to show");
    case "outcome-shown": return screen.facts?.over
      ? { screen: { ...screen, shownOutcome: outcomeKey(screen.facts) }, effects: [] } : refuse(screen, "no result to show");
    case "outcome-skipped": // the game on screen ends without its result (a new deal follows)
      return screen.facts ? { screen: { ...screen, shownOutcome: outcomeKey(screen.facts) }, effects: [] }
        : refuse(screen, "no game to end");
    case "show-result": return { screen: { ...screen, shownOutcome: null }, effects: [] };
    case "undo": return { screen: { ...screen, shownRound: null }, effects: [] };
    default: return refuse(screen, `unknown intent ${JSON.stringify(intent)}`);
  }
}

/**
 * `next` with the phase its body and facts give, when the table allows that move.
 * @param {Screen} screen
 * @param {Screen} next
 * @returns {{screen: Screen, effects: Effect[], refused?: string}}
 */
function move(screen, next) {
  const phase = phaseOf(next.body, next.facts);
  if (phase !== screen.phase && !TRANSITIONS[screen.phase].includes(phase)) {
    return refuse(screen, `a game screen cannot go from ${screen.phase} to ${phase}`);
  }
  return { screen: { ...next, phase }, effects: [] };
}

/** @param {Screen} screen @param {string} why @returns {{screen: Screen, effects: Effect[], refused: string}} */
const refuse = (screen, why) => ({ screen, effects: [], refused: why });
