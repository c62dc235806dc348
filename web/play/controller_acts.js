// The controller's one place where intents are acted on (controller.js makes the parts; this is
// its `act`): each intent (intents.js) changes the state, runs a round trip, or moves the phases
// (controller_phases.js). Every function takes the controller (its data and its parts); none is
// handed to a part.

import { saveSpeed } from "../store/table.js";
import { randomSeed } from "../render/dom.js";
import { dispatch, observe, settle, showBody, tell } from "./controller_phases.js";

/** @typedef {import("./controller.js").Ctrl} Ctrl */
/** @typedef {import("./intents.js").Intent} Intent */
/** @typedef {import("./intents.js").NewGame} NewGame */
/** @typedef {import("../engine_types.js").View} View */

/**
 * Act on an intent.
 * @param {Ctrl} ctrl
 * @param {Intent} intent
 */
export function act(ctrl, intent) {
  const { state, redraw, sequencer, trip, start, lessons, turns, dialogs } = ctrl;
  switch (intent.type) {
    case "redraw": return intent.now ? redraw.now() : redraw.schedule();
    case "settle": return redraw.settle();
    case "settle-phase": return settle(ctrl);
    case "observe": return observe(ctrl);
    case "say": return tell(ctrl, intent.text, intent.kind);
    case "show": return showBody(ctrl, intent.body, intent.element);
    case "show-play":
      showBody(ctrl, "play");
      return redraw.schedule();
    case "notify": return ctrl.notify(intent.text);
    case "drawn": // the board shows this view; a new view's slides settle when they have ended
      if (state.drawnView !== intent.view) state.slides = intent.slides;
      state.drawnView = intent.view;
      return undefined;
    case "stop": return sequencer.cancel(); // what plays by itself and what was due stop
    case "names":
      state.names = intent.names;
      return undefined;
    case "close-session": return ctrl.engine.request({ op: "close", session: intent.session }).catch(() => {});
    case "request": return trip.send(intent.request, intent.fields);
    case "saved": return trip.persist(intent.answer);
    case "step": return trip.autoplayStep(intent.next)();
    case "run": return asking(state, intent,
      sequencer.run(intent.kind, { step: trip.autoplayStep(intent.next), pause: intent.pause }));
    case "play": return asking(state, intent, trip.play(intent.move, { untilPlayable: intent.untilPlayable,
      onLessonRefusal: ctrl.guide.sayWrong }));
    case "computer-move": return trip.send({ op: "ai", until_playable: true });
    case "next-round": return dialogs.nextRound();
    case "undo": return asking(state, intent, undo(ctrl));
    case "redo": return asking(state, intent, redo(ctrl));
    case "hint": return asking(state, intent, hint(ctrl));
    case "open-coach": return ctrl.coach.open();
    case "back-to-play": return backToPlay(ctrl);
    case "new-game": return asking(state, intent, start.newGame(intent));
    case "show-setup": return start.showSetup(intent.initial, intent.canCancel);
    case "start-new": return start.startNew();
    case "deal": return askThenNew(ctrl, { type: "new-game", values: ctrl.options.values(), seed: intent.seed });
    case "options": return askThenNew(ctrl, { type: "new-game", values: intent.values, seed: currentSeed(ctrl) });
    case "import": return start.importRecord(intent.record);
    case "claim":
      state.claimed = intent.what;
      return ++state.starts;
    case "start-lesson": return asking(state, intent, lessons.start());
    case "leave-lesson": return lessons.leave();
    case "usual-start": return start.startUsual(false, null);
    case "reveal": return turns.reveal(intent.seat);
    case "cover": return cover(ctrl, true, null, null);
    case "uncover": return cover(ctrl, false, intent.seat, intent.view);
    case "skip-to-my-turn": return asking(state, intent, turns.skipToMyTurn());
    case "draw-or-pass": return turns.drawOrPass();
    case "summary-shown": case "outcome-shown": case "outcome-skipped": case "show-result":
      dispatch(ctrl, intent);
      return intent.type === "show-result" ? redraw.settle() : undefined;
    case "speed":
      ctrl.pace.set(intent.value);
      return saveSpeed(intent.value);
    case "forget": return forget(ctrl);
    default: throw new Error(`No such intent: ${JSON.stringify(intent)}`);
  }
}

/**
 * The person's request, kept on the state while it is under way (a remount asks it again: screen_kept.js):
 * a move, an undo or redo, a hint, a new deal, a guided deal's start, a run of requests (autoplay, the solution,
 * Finish, skipping to the person's turn).
 * @template T
 * @param {import("./state.js").GameState} state
 * @param {Intent} intent
 * @param {Promise<T>} answer
 * @returns {Promise<T>}
 */
async function asking(state, intent, answer) {
  state.asked = intent;
  try {
    return await answer;
  } finally {
    if (state.asked === intent) state.asked = null;
  }
}

/**
 * The deal number on screen, when it is one; else the view's deal, else a new one.
 * @param {Ctrl} ctrl
 */
function currentSeed({ frame, state, spec }) {
  const n = Number(frame.dealText());
  return Number.isSafeInteger(n) && n >= 0 ? n : state.view?.seed ?? randomSeed(spec.hidden_hands);
}

/**
 * A new game over the one on screen, once the person agrees.
 * @param {Ctrl} ctrl
 * @param {NewGame} intent
 */
async function askThenNew({ extras, emit, redraw }, intent) {
  if (await extras.leaveGame()) return emit(intent);
  redraw.schedule(); // kept playing: the option controls show the game's options again
  return null;
}

/**
 * Hide every hand until the next person is ready (hot seat), or show `seat`'s view.
 * @param {Ctrl} ctrl
 * @param {boolean} covered
 * @param {number | null} seat
 * @param {View | null} view
 */
function cover(ctrl, covered, seat, view) {
  ctrl.state.covered = covered;
  if (seat !== null && view) Object.assign(ctrl.state, { view: { ...view, events: [] }, viewer: seat });
  observe(ctrl);
}

/**
 * A guided deal left: what plays by itself stops, the dialogs close, its session goes.
 * @param {Ctrl} ctrl
 */
function forget(ctrl) {
  ctrl.sequencer.cancel();
  ctrl.frame.closeDialogs();
  Object.assign(ctrl.state, { session: null, view: null, hint: null, record: null });
  observe(ctrl);
}

/**
 * The play screen back in the body (from the coach, or a setup given up), drawn, and what its phase asks for done.
 * @param {Ctrl} ctrl
 */
function backToPlay(ctrl) {
  showBody(ctrl, "play");
  ctrl.redraw.settle();
}

/** @param {Ctrl} ctrl */
async function undo(ctrl) {
  const { state, context, sequencer, trip } = ctrl;
  if (state.busy || context.hotSeat()) return;
  sequencer.cancel();
  dispatch(ctrl, { type: "undo" });
  await trip.send({ op: "undo" });
}

/** @param {Ctrl} ctrl */
async function redo({ state, context, sequencer, trip }) {
  if (state.busy || context.hotSeat()) return;
  sequencer.cancel();
  await trip.send({ op: "redo" });
}

/**
 * The engine's hint for the person's move: kept on the state, saved (the game is assisted now), marked by the renderer.
 * @param {Ctrl} ctrl
 */
async function hint(ctrl) {
  const { state, context, engine, trip, screen, redraw } = ctrl;
  if (!context.myTurn() || state.busy) return;
  const answer = await engine.request({ op: "hint", session: state.session });
  if (!answer.ok) {
    tell(ctrl, answer.error.message, "error");
    return;
  }
  state.hint = answer;
  trip.persist(answer); // the hint made the game assisted: saved, a reload keeps the mark
  screen.hinted?.(state.hint);
  redraw.schedule();
}
