// One controller for every game screen (the model: lichess's round UI, a ctrl that owns the data
// and a scheduled redraw, and 2048's GameManager). The flow goes one way: the parts and inputs
// emit intents (intents.js); the controller alone acts on them (act, below), changes the state
// (state.js) — its phases by a pure reducer (phases.js) whose effects it runs — takes in the
// engine's answers (round_trip.js), and asks for a redraw, which comes once a frame (redraw.js).
// Side effects (saving, sound, the lesson's offer, announcements) run here, never while drawing.
// The parts get what they read and `emit`: frame.js (the DOM around the board, by its methods),
// the game's renderer (renderer_contract.js), game_start.js, turns.js, end_dialogs.js,
// guided_deal.js, render_pass.js, screen_controls.js, coach_screen.js, extras.js, records.js.

import { loadSettings } from "../store/settings.js";
import { SPEEDS, loadNames, loadPlayerName, loadSpeed, saveSpeed } from "../store/table.js";
import { optionControls, randomSeed } from "../render/dom.js";
import { gameTools } from "./records.js";
import { countAbandoned } from "./results.js";
import { DEFAULT_NAMES } from "../render/setup.js";
import { isolateName } from "../names.js";
import { createTable } from "../render/table.js";
import { createLuzon } from "../render/luzon.js";
import { createBigClock } from "../render/big_clock.js";
import { createClock } from "../render/clock.js";
import { motionMs, stopMotion } from "../render/motion.js";
import { playSound } from "../sound.js";
import { h } from "../render/dom.js";
import { createCoachScreen } from "./coach_screen.js";
import { createExtras } from "./extras.js";
import { createFrame } from "./frame.js";
import { createEndDialogs } from "./end_dialogs.js";
import { createGameStart } from "./game_start.js";
import { createGuide } from "./guide.js";
import { createGuidedDeal, suggestion } from "./guided_deal.js";
import { createIntents } from "./intents.js";
import { factsOf, reduce } from "./phases.js";
import { createRedraw } from "./redraw.js";
import { createRenderPass } from "./render_pass.js";
import { createRendererContext, personMayMove } from "./renderer_contract.js";
import { createRoundTrip } from "./round_trip.js";
import { attachScreenControls } from "./screen_controls.js";
import { isSeatedGame } from "./seating.js";
import { createSequencer } from "./sequencer.js";
import { createTurns } from "./turns.js";
import { createGameState, playedSince } from "./state.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("./renderer_contract.js").RendererFactory} RendererFactory */
/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */
/** @typedef {import("./phases.js").Intent} PhaseIntent */
/** @typedef {import("./phases.js").BodyShown} BodyShown */
/** @typedef {import("./intents.js").Intent} Intent */

/** A renderer per screen kind of the catalog. @type {Record<string, RendererFactory>} */
const RENDERERS = { table: createTable, columns: createLuzon, dial: createBigClock, "card-dial": createClock };
const ROUND_END_PAUSE_MS = 1000;

/**
 * Mount the screen of a game (spec: its catalog entry) into root.
 * @param {HTMLElement} root
 * @param {{engine: Engine, spec: GameSpec, params: URLSearchParams, notify: (text: string) => void}} parts
 * @returns {{dispose: () => void}}
 */
export function mountGame(root, { engine, spec, params, notify }) {
  const savedNames = loadNames(spec.id);
  // a game whose seats were never named: the person's own name, when they gave one, for the first seat
  const state = createGameState(savedNames.length || !loadPlayerName() ? savedNames : [loadPlayerName()]);
  const { settings } = loadSettings();
  let speed = loadSpeed();
  const { emit, handle } = createIntents();
  const sequencer = createSequencer({ slides: () => state.slides, onChange: () => emit({ type: "observe" }) });
  /** The computers' pace now: none while skipping to the person's turn. */
  const pace = () => (sequencer.running() === "skip" ? "instant" : speed);
  const delay = () => Number(SPEEDS.find(([key]) => key === pace())?.[2] ?? 0);
  const motion = () => motionMs(pace());
  /** @param {number} seat */
  // isolated: a right-to-left name never reorders the text around it (names.js)
  const name = (seat) => isolateName(state.view?.guide?.names[seat] ?? state.names[seat] ?? DEFAULT_NAMES[seat] ?? `Seat ${seat + 1}`);
  const say = (/** @type {string} */ text, /** @type {MessageKind} */ kind = "info") => emit({ type: "say", text, kind });
  const board = h("div", { "aria-label": spec.name }, h("p", { class: "board-wait" }, "Waiting for the game engine…"));
  const context = createRendererContext({
    spec, board, engine, source: state, name, sequencer, render: () => { emit({ type: "redraw", now: true }); },
    motionMs: motion,
    // a hint carries its move's fields; a guided deal's step suggests its move the same way
    hintMove: () => state.hint ?? suggestion(state.view, personMayMove(state, sequencer)),
    playedSince: () => playedSince(state),
    actions: { say, play: (move, how = {}) => emit({ type: "play", move, untilPlayable: how.untilPlayable }),
      autoplayStep: (next) => async () => Boolean(await emit({ type: "step", next })) },
  });
  const { myTurn, hotSeat } = context;
  const screen = RENDERERS[spec.screen](context);
  const options = optionControls(spec, (values) => emit({ type: "new-game", values, seed: currentSeed(), asking: true }));
  const tools = gameTools({ gameId: spec.id, engine, say, session: () => state.session,
    load: (record) => /** @type {Promise<any>} */ (emit({ type: "import", record })),
    abandon: () => countAbandoned(state.view, state.token), saved: (answer) => emit({ type: "saved", answer }),
    linkOptions: { seats: isSeatedGame(spec), hidden: Boolean(spec.hidden_hands) } });
  const extras = createExtras({
    spec, screen: context, send: (request) => /** @type {Promise<any>} */ (emit({ type: "request", request })),
    newGame: (values, seed, seats, names, extra) => /** @type {Promise<any>} */ (
      emit({ type: "new-game", values, seed, seats, names, extra })),
    busy: () => state.busy,
    idle: async () => { while (state.busy) await state.inflight; },
    cancel: () => sequencer.cancel(),
    delay,
    skipOutcome: () => { emit({ type: "outcome-skipped" }); },
    values: () => options.values(),
  });
  const guide = createGuide({ leave: () => emit({ type: "leave-lesson" }), keepPlaying: () => emit({ type: "redraw" }) });
  const frame = createFrame(root, { spec, screen, board, extras, tools: tools.element, options: options.elements,
    speed, guide: guide.element });
  const lessons = createGuidedDeal({ spec, state, guide, emit });
  frame.addAboveBody(lessons.offer);
  const start = createGameStart({ spec, state, engine, params, notify, extras, screen, lessons, emit,
    dealText: context.dealText, optionValues: () => options.values() });
  const dialogs = createEndDialogs({ spec, state, frame, screen, guide, lessons, context, emit, motionMs: motion,
    optionValues: () => options.values() });
  const turns = createTurns({ state, engine, sequencer, frame, context, emit, delay, autoForced: Boolean(settings.autoForced),
    phase: () => state.screen.phase });
  const coach = createCoachScreen({
    engine, spec, frame, sequencer, name, createRenderer: RENDERERS[spec.screen], motionMs: motion,
    openable: () => (state.busy || hotSeat() ? null : state.record),
    showCoach: (element) => { emit({ type: "show", body: "coach", element }); },
    backToGame: () => { emit({ type: "back-to-play" }); },
  });
  const controls = attachScreenControls({ spec, frame, board, screen, extras, emit, busy: () => state.busy });
  const pass = createRenderPass({ state, spec, frame, board, screen, sequencer, guide, dialogs, tools, extras, options,
    context, emit, phase: () => state.screen.phase, hints: settings.hints !== false, motionMs: motion });
  // a request's end shows with its answer drawn (round_trip.js says busy at once, done here)
  const redraw = createRedraw({ draw: () => { frame.setBusy(state.busy); pass.render(); }, settle });
  const trip = createRoundTrip({ engine, spec, state, screen, frame, name, cancel: () => sequencer.cancel(),
    say, observe, settle: () => redraw.settle(), drawn: async () => redraw.now() }); // a run draws each answer at once
  // a dialog closed by Esc, Back or a tap: the way-on bar offers at once what it offered (and takes the keyboard)
  frame.onDialogClosed(() => redraw.now());
  handle(act);

  // ---- small helpers
  /**
   * A message of the moment (a refusal, a selection); the next view replaces it.
   * @param {string} text
   * @param {MessageKind} [kind]
   */
  function tell(text, kind = "info") {
    state.message = { text, kind };
    frame.say(text, kind, motion());
  }

  function currentSeed() {
    const n = Number(frame.dealText());
    return Number.isSafeInteger(n) && n >= 0 ? n : state.view?.seed ?? randomSeed();
  }

  // ---- the phases: the reducer's state, changed here only, and its effects
  /**
   * Reduce a phase intent; a refused one changes nothing and is logged (an error in the tests).
   * @param {PhaseIntent} intent
   */
  function dispatch(intent) {
    const { screen: next, effects, refused } = reduce(state.screen, intent);
    if (refused) {
      console.error(`Boneyard: refused ${intent.type}: ${refused}`);
      return;
    }
    state.screen = next;
    frame.setPhase(next.phase);
    effects.forEach(run);
  }

  /** What the phases read changed (a view, a run begun or ended, the hands covered): tell them, and redraw. */
  function observe() {
    if (state.view) lessons.seen(state.view); // a real game under way: the guided deal's offer has had its turn
    dispatch({ type: "facts", facts: factsOf(state.session, state.view, myTurn()) });
    redraw.schedule();
  }

  /**
   * The body shows `what` (the play area, or `element`: the setup, the coach).
   * @param {BodyShown} what
   * @param {HTMLElement} [element]
   */
  function showBody(what, element) {
    if (what === "setup") frame.closeDialogs();
    if (element) frame.show(element);
    else frame.showPlay();
    dispatch({ type: "body", body: what });
  }

  /** The screen has been drawn: what its phase asks for now. */
  function settle() {
    sequencer.due(null);
    if (!state.disposed) dispatch({ type: "settled", busy: state.busy });
  }

  /** @param {import("./phases.js").Effect} effect */
  function run(effect) {
    const view = state.view;
    if (!view) return;
    if (effect.type === "turn") turns.turn(view);
    else if (effect.type === "turn-began") {
      if (!isSeatedGame(spec)) return; // a solitaire's board is not a turn
      redraw.after(() => frame.focusPlay());
      playSound("turn");
    } else {
      // the tile that ends a round or a game lands and stays in view a moment before the dialog opens
      const show = effect.type === "outcome" ? dialogs.showOutcome : dialogs.showSummary;
      sequencer.due(() => { if (!state.busy && state.view === view) show(); },
        motion() ? ROUND_END_PAUSE_MS : 0, () => state.view === view);
    }
  }

  // ---- the intents: the one place they are acted on
  /** @param {Intent} intent */
  function act(intent) {
    switch (intent.type) {
      case "redraw": return intent.now ? redraw.now() : redraw.schedule();
      case "settle": return redraw.settle();
      case "observe": return observe();
      case "say": return tell(intent.text, intent.kind);
      case "show": return showBody(intent.body, intent.element);
      case "show-play":
        showBody("play");
        return redraw.schedule();
      case "notify": return notify(intent.text);
      case "drawn": // the board shows this view; a new view's slides settle when they have ended
        if (state.drawnView !== intent.view) state.slides = intent.slides;
        state.drawnView = intent.view;
        return undefined;
      case "stop": return sequencer.cancel(); // what plays by itself and what was due stop
      case "names":
        state.names = intent.names;
        return undefined;
      case "close-session": return engine.request({ op: "close", session: intent.session }).catch(() => {});
      case "request": return trip.send(intent.request, intent.fields);
      case "saved": return trip.persist(intent.answer);
      case "step": return trip.autoplayStep(intent.next)();
      case "play": return trip.play(intent.move, { untilPlayable: intent.untilPlayable, onLessonRefusal: guide.sayWrong });
      case "computer-move": return trip.send({ op: "ai", until_playable: true });
      case "next-round": return dialogs.nextRound();
      case "undo": return undo();
      case "redo": return redo();
      case "hint": return hint();
      case "open-coach": return coach.open();
      case "back-to-play": return backToPlay();
      case "new-game": return intent.asking ? askThenNew(intent) : start.newGame(intent);
      case "show-setup": return start.showSetup(intent.initial, intent.canCancel);
      case "start-new": return start.startNew();
      case "deal": return askThenNew({ type: "new-game", values: options.values(), seed: intent.seed });
      case "import": return start.importRecord(intent.record);
      case "start-lesson": return lessons.start();
      case "leave-lesson": return lessons.leave();
      case "usual-start": return start.startUsual(false, null);
      case "reveal": return turns.reveal(intent.seat);
      case "cover": return cover(true, null, null);
      case "uncover": return cover(false, intent.seat, intent.view);
      case "skip-to-my-turn": return turns.skipToMyTurn();
      case "draw-or-pass": return turns.drawOrPass();
      case "summary-shown": case "outcome-shown": case "outcome-skipped": case "show-result":
        dispatch(intent);
        return intent.type === "show-result" ? redraw.settle() : undefined;
      case "speed":
        speed = intent.value;
        return saveSpeed(intent.value);
      case "forget": // a guided deal left: what plays by itself stops, the dialogs close, its session goes
        sequencer.cancel();
        frame.closeDialogs();
        Object.assign(state, { session: null, view: null, hint: null, record: null });
        return observe();
      default: throw new Error(`No such intent: ${JSON.stringify(intent)}`);
    }
  }

  /** @param {import("./intents.js").NewGame} intent a new game over the one on screen, once the person agrees */
  async function askThenNew(intent) {
    if (await extras.leaveGame()) return start.newGame(intent);
    redraw.schedule(); // kept playing: the option controls show the game's options again
    return null;
  }

  /**
   * Hide every hand until the next person is ready (hot seat), or show `seat`'s view.
   * @param {boolean} covered
   * @param {number | null} seat
   * @param {import("../engine_types.js").View | null} view
   */
  function cover(covered, seat, view) {
    state.covered = covered;
    if (seat !== null && view) Object.assign(state, { view: { ...view, events: [] }, viewer: seat });
    observe();
  }

  /** The play screen back in the body (from the coach, or a setup given up), drawn, and what its phase asks for done. */
  function backToPlay() {
    showBody("play");
    redraw.settle();
  }

  // ---- undo, redo, hint
  function undo() {
    if (state.busy || hotSeat()) return;
    sequencer.cancel();
    dispatch({ type: "undo" });
    trip.send({ op: "undo" });
  }
  function redo() {
    if (state.busy || hotSeat()) return;
    sequencer.cancel();
    trip.send({ op: "redo" });
  }
  async function hint() {
    if (!myTurn() || state.busy) return;
    const answer = await engine.request({ op: "hint", session: state.session });
    if (!answer.ok) {
      tell(answer.error.message, "error");
      return;
    }
    state.hint = answer;
    trip.persist(answer); // the hint made the game assisted: saved, a reload keeps the mark
    screen.hinted?.(state.hint);
    redraw.schedule();
  }

  start.begin().catch((error) => tell(error.message, "error"));

  return {
    dispose() {
      state.disposed = true;
      redraw.dispose();
      sequencer.dispose();
      stopMotion();
      coach.dispose();
      pass.dispose();
      controls.dispose();
      frame.dispose();
    },
  };
}
