// The controller's engine round trips (controller.js owns them; no part calls them but through an
// intent): send a request for the game on screen, take in its answer — a new session, the view's
// log and message, the save, a finished game counted — then tell the phases (observe) and ask for
// a redraw whose settling does what the phase asks. Also a person's move, and one step of a run of
// requests (autoplay, the solution, Finish, skipping to the person's turn).

import { saveGame, saveLeftGame } from "../store/saved_games.js";
import { countGame, finishes, newToken } from "./results.js";
import { soundOf } from "./view_sound.js";
import { logLine, takeEvents } from "./state.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").LogEntry} LogEntry */
/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */
/** @typedef {import("./state.js").GameState} GameState */
/** @typedef {{token?: string | null, log?: LogEntry[], daily?: string | null}} SessionFields */

/**
 * @typedef {object} Parts
 * @property {Engine} engine
 * @property {GameSpec} spec
 * @property {GameState} state the controller's state: written here for the controller
 * @property {Renderer} screen the game's renderer (its words for a view, its statistics' extras)
 * @property {{setBusy: (busy: boolean) => void, closeDialogs: () => void}} frame
 * @property {() => void} cancel the sequencer's one cancel
 * @property {(text: string, kind?: MessageKind) => void} say
 * @property {() => void} observe the phases read the state again, and a redraw is asked for
 * @property {() => void} settle a redraw, then what the phase asks for
 * @property {() => Promise<void>} drawn the answer drawn (at once: a run does not wait a frame a step)
 * @property {(seat: number) => string} name a seat's name
 */

/**
 * Save the game from the answer's record (one request per move).
 * @param {Parts} parts
 * @param {Answer} answer
 */
function persist({ spec, state }, answer) {
  if (!answer.record || state.disposed) return; // a screen left: a move's answer only, by keepLeftMove
  state.record = answer.record;
  if (answer.record.lesson) return; // a guided deal is never saved over the game kept
  saveGame(spec.id, { record: answer.record, token: state.token, log: state.log, daily: state.daily });
}

/**
 * Count a game the answer to `op` finished (once per token: results.js).
 * @param {Parts} parts
 * @param {unknown} op
 * @param {View | null} before the view the request was made on
 * @param {View} view the answer's
 */
function countFinished({ state, screen }, op, before, view) {
  if (finishes(op, before, view)) countGame(view, state.token, { ...(screen.countExtra?.() ?? {}), daily: state.daily });
}

/**
 * A move's answer that came after its screen was left: not shown, but saved with its lines of the
 * log while the game stored is still the screen's (saved_games.js saveLeftGame: the same token, at
 * the record the move follows), and the game it finished counted then; else nothing changes (the
 * game was forgotten, or replaced by another game or another tab's save, meanwhile).
 * @param {Parts} parts
 * @param {unknown} op
 * @param {Answer} answer
 */
function keepLeftMove(parts, op, answer) {
  const { spec, state, screen, name } = parts;
  const from = state.record;
  if (!answer.record || answer.record.lesson || !answer.view || !from) return; // a guided deal is never saved
  takeEvents(state, answer.view, screen, name);
  if (saveLeftGame(spec.id, { record: answer.record, token: state.token, log: state.log, daily: state.daily }, from)) {
    countFinished(parts, op, state.view, answer.view);
  }
}

/**
 * A new session on screen: the state starts again from its first view.
 * @param {Parts} parts
 * @param {Answer} answer
 * @param {View} view
 * @param {string | null | undefined} token
 * @param {LogEntry[]} [log]
 * @param {string | null} [daily]
 */
function startSession({ spec, state, screen, frame, cancel }, answer, view, token, log = [], daily = null) {
  cancel();
  Object.assign(state, { session: answer.session, token: token ?? newToken(spec.id), view: null, hint: null, daily,
    log: [...log], lastAction: {}, failed: false, moved: [],
    covered: view.seats.filter((k) => k === "human").length > 1 && !view.outcome }); // hot seat: cover first
  state.viewer = view.seat;
  screen.reset?.();
  frame.closeDialogs();
}

/**
 * Take in a new view: the log, the sound, the message.
 * @param {Parts} parts
 * @param {View} view
 * @param {string} op
 */
function accept({ state, screen, say, name }, view, op) {
  takeEvents(state, view, screen, name);
  state.view = view;
  state.viewer = view.seat;
  state.hint = null;
  if (op === "undo") logLine(state, "Moves taken back.");
  soundOf(view, op);
  say(view.outcome ? screen.outcomeText?.(view) ?? (view.outcome.reason || view.status)
    : screen.describe?.(view, view.events?.at(-1), op) ?? "");
}

/**
 * @param {Parts} parts
 */
export function createRoundTrip(parts) {
  const { engine, state, frame, cancel, say, observe, settle, drawn } = parts;
  /**
   * Send a request for the game on screen; take in its view, save, count a finished game.
   * @param {Record<string, unknown>} request
   * @param {SessionFields} [fields] a new session's (op new or load)
   * @returns {Promise<Answer | null>}
   */
  async function send(request, { token, log, daily = null } = {}) {
    const starts = request.op === "new" || request.op === "load"; // a game put on screen, not a move
    if (state.busy) {
      // a click during a request is dropped; a new game or an import waits for it, then goes first
      if (!starts) return null;
      while (state.busy) await state.inflight;
      cancel(); // the computer's move the finished request asked for is not made on the new game
    }
    if (state.disposed) return null; // the screen is gone: nothing is asked for it
    setBusy(true);
    /** @type {() => void} */
    let done = () => {};
    state.inflight = new Promise((resolve) => { done = () => resolve(undefined); });
    /** @type {Answer | null} */
    let answer = null;
    try {
      answer = /** @type {Answer} */ (await engine.request({ ...request, session: request.session ?? state.session,
        ...(starts ? {} : { seat: state.viewer }) }));
      // the screen was left meanwhile: its answer is not taken in; a game it put on screen is not
      // saved, a move only while the game stored is still the screen's (keepLeftMove: a late save
      // must not bring back a game left, nor one another tab or the player forgot or replaced since).
      // Its session is closed by engine_sessions.js.
      if (state.disposed) {
        if (answer.ok && !starts) keepLeftMove(parts, request.op, answer);
        return null;
      }
      if (!answer.ok || !answer.view) {
        if (request.op === "ai") state.failed = true; // no retry for ever: said below, the person may go on
        return answer;
      }
      const before = state.view;
      if (starts) startSession(parts, answer, answer.view, token, log, daily);
      accept(parts, answer.view, String(request.op));
      persist(parts, answer);
      countFinished(parts, request.op, before, answer.view);
      return answer;
    } catch (error) {
      say(error instanceof Error ? error.message : String(error), "error");
      return null;
    } finally {
      setBusy(false);
      done();
      if (answer?.ok === false && request.op === "ai") say(`The computer player failed: ${answer.error?.message}`, "error");
      if (!state.disposed) {
        observe();
        settle();
      }
    }
  }

  /**
   * A request under way, or answered. The screen says busy at once; it says done with the next
   * redraw (controller.js), so what it shows as done is always the answer's.
   * @param {boolean} busy
   */
  function setBusy(busy) {
    state.busy = busy;
    if (busy) frame.setBusy(true);
  }

  return {
    send,
    persist: (/** @type {Answer} */ answer) => persist(parts, answer),
    /** @type {(moveId: string, how: {untilPlayable?: boolean, onLessonRefusal: (text: string) => void}) => Promise<Answer | null>} */
    play: (moveId, how) => play(parts, send, moveId, how),
    /** @type {(next: (view: View) => Record<string, unknown> | null) => () => Promise<boolean>} */
    autoplayStep: (next) => () => autoplayStep(parts, send, next),
  };
}

/** @typedef {(request: Record<string, unknown>, fields?: SessionFields) => Promise<Answer | null>} Send */

/**
 * A person's move; `untilPlayable` (a forced draw): the draws that follow it, forced too, in the
 * same request. A guided deal's refusal goes to `onLessonRefusal` (the guide's friendly word).
 * @param {Parts} parts
 * @param {Send} send
 * @param {string} moveId
 * @param {{untilPlayable?: boolean, onLessonRefusal: (text: string) => void}} how
 */
async function play({ screen, say, observe }, send, moveId, { untilPlayable = false, onLessonRefusal }) {
  const answer = await send({ op: "play", move: moveId, ...(untilPlayable ? { until_playable: true } : {}) });
  if (answer && !answer.ok && answer.error?.code === "off_lesson") {
    onLessonRefusal(answer.error.message); // the person tries again
    screen.cancel();
    say("");
    observe();
  } else if (answer && !answer.ok) say(answer.error?.message ?? "", "error");
  return answer;
}

/**
 * One step of a run of requests (autoplay, play to the end, the solution, Finish): send
 * next(view), then wait for its slides; true while the game goes on.
 * @param {Parts} parts
 * @param {Send} send
 * @param {(view: View) => Record<string, unknown> | null} next
 */
async function autoplayStep({ state, say, drawn }, send, next) {
  const request = state.view && next(state.view);
  if (!request) return false;
  const answer = await send(request);
  if (!answer?.ok) {
    if (answer) say(answer.error?.message ?? "", "error");
    return false;
  }
  await drawn(); // the new view drawn at once, its slides begun (a run does not wait a frame a step)
  await state.slides; // autoplay follows the animation: each move's slide ends before the pause
  return !state.view?.outcome;
}
