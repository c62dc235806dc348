// One controller for every game screen (the model: lichess's round UI, a ctrl that owns the data
// and a scheduled redraw, and 2048's GameManager). The flow goes one way: the parts and inputs
// emit intents (intents.js); the controller alone acts on them (controller_acts.js), changes the
// state (state.js) — its phases by a pure reducer (phases.js) whose effects it runs
// (controller_phases.js) — takes in the engine's answers (round_trip.js), and asks for a redraw,
// which comes once a frame (redraw.js). Side effects (saving, sound, the lesson's offer,
// announcements) run there, never while drawing. This file makes the parts, in order, each given
// what it reads and `emit` (none is given another's callbacks): frame.js (the DOM around the
// board, by its methods), the game's renderer (renderer_contract.js), game_start.js, turns.js,
// end_dialogs.js, guided_deal.js, render_pass.js, screen_controls.js, coach_screen.js, extras.js,
// records.js.

import { loadSettings } from "../store/settings.js";
import { SPEEDS, loadNames, loadPlayerName, loadSpeed } from "../store/table.js";
import { optionControls } from "../render/dom.js";
import { gameTools } from "./records.js";
import { countAbandoned } from "./results.js";
import { DEFAULT_NAMES } from "../render/setup.js";
import { isolateName } from "../names.js";
import { createTable } from "../render/table.js";
import { createLuzon } from "../render/luzon.js";
import { createBigClock } from "../render/big_clock.js";
import { createClock } from "../render/clock.js";
import { motionMs, stopMotion } from "../render/motion.js";
import { h } from "../render/dom.js";
import { act } from "./controller_acts.js";
import { createCoachScreen } from "./coach_screen.js";
import { createExtras } from "./extras.js";
import { createFrame } from "./frame.js";
import { createEndDialogs } from "./end_dialogs.js";
import { CHOSE_ANOTHER, createGameStart } from "./game_start.js";
import { createGuide } from "./guide.js";
import { createGuidedDeal, suggestion } from "./guided_deal.js";
import { createIntents } from "./intents.js";
import { createRedraw } from "./redraw.js";
import { createRenderPass } from "./render_pass.js";
import { createRendererContext, personMayMove } from "./renderer_contract.js";
import { createRoundTrip } from "./round_trip.js";
import { attachScreenControls } from "./screen_controls.js";
import { isSeatedGame } from "./seating.js";
import { createSequencer } from "./sequencer.js";
import { createTurns } from "./turns.js";
import { createGameState, playedSince } from "./state.js";
import { keptOf, keptStarts, putBack, putBackDone } from "./screen_kept.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("./renderer_contract.js").RendererFactory} RendererFactory */
/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */
/** @typedef {import("./intents.js").Emit} Emit */
/** @typedef {import("./state.js").GameState} GameState */
/** @typedef {ReturnType<typeof createSequencer>} Sequencer */
/** @typedef {import("./screen_kept.js").Kept} Kept */
/** What a screen is mounted with; `after`: settled once the request of the screen before it is answered
 *  (a move of it saved: round_trip.js), so this screen reads the saved game after that; `kept`: what a
 *  screen of this game before kept (mounted again in its place: app.js), put back once the game is on screen.
 *  @typedef {{engine: Engine, spec: GameSpec, params: URLSearchParams, notify: (text: string) => void,
 *    after: Promise<unknown>, kept?: Kept | null}} Mount */
/** @typedef {ReturnType<typeof createPace>} Pace */
/** What every part is made from: the mount, the state, the intents' `emit`, the sequencer, the pace. @typedef {Mount & {state: GameState, emit: Emit, sequencer: Sequencer, pace: Pace}} Base */
/** @typedef {ReturnType<typeof createScreenParts>} ScreenParts */
/** @typedef {ReturnType<typeof createFlowParts>} FlowParts */
/**
 * The controller: its data (the state, the computers' pace) and the parts it alone drives.
 * @typedef {Base & ScreenParts & FlowParts} Ctrl
 */

/** A renderer per screen kind of the catalog. @type {Record<string, RendererFactory>} */
const RENDERERS = { table: createTable, columns: createLuzon, dial: createBigClock, "card-dial": createClock };

/**
 * Mount the screen of a game (spec: its catalog entry) into root.
 * @param {HTMLElement} root
 * @param {Mount} mount
 * @returns {{dispose: () => Promise<unknown>, kept: () => Kept}} dispose: settled once the screen's request under way
 *   is answered; kept(): what a remount of this screen keeps (screen_kept.js)
 */
export function mountGame(root, mount) {
  const { emit, handle } = createIntents();
  const state = newGameState(mount.spec);
  const sequencer = createSequencer({ slides: () => state.slides, onChange: () => emit({ type: "observe" }) });
  const pace = createPace(sequencer);
  /** @type {Base} */
  const base = { ...mount, state, emit, sequencer, pace };
  const screenParts = createScreenParts(root, base);
  /** @type {Ctrl} */
  const ctrl = { ...base, ...screenParts, ...createFlowParts({ ...base, ...screenParts }) };
  handle((intent) => act(ctrl, intent));
  state.puttingBack = Boolean(mount.kept);
  ctrl.start.begin(keptStarts(mount.spec, mount.kept)).then(() => putBack(ctrl, mount.kept))
    .catch((error) => emit({ type: "say", text: error.message, kind: "error" }))
    .finally(() => putBackDone(ctrl));
  return { dispose: () => dispose(ctrl), kept: () => keptOf(ctrl) };
}

/**
 * The state of a new screen: a game whose seats were never named takes the person's own name,
 * when they gave one, for the first seat.
 * @param {GameSpec} spec
 */
function newGameState(spec) {
  const savedNames = loadNames(spec.id);
  return createGameState(savedNames.length || !loadPlayerName() ? savedNames : [loadPlayerName()]);
}

/**
 * The computers' pace (none while skipping to the person's turn): their delay and the motion's length.
 * @param {Sequencer} sequencer
 */
function createPace(sequencer) {
  let speed = loadSpeed();
  const now = () => (sequencer.running() === "skip" ? "instant" : speed);
  return {
    speed: () => speed,
    /** @param {string} value */
    set: (value) => { speed = value; },
    delay: () => Number(SPEEDS.find(([key]) => key === now())?.[2] ?? 0),
    motion: () => motionMs(now()),
  };
}

/**
 * What the screen shows: the renderer and its context, the option controls, the tools, the
 * solitaire extras, the guide and the frame around them.
 * @param {HTMLElement} root
 * @param {Base} base
 */
function createScreenParts(root, { engine, spec, state, emit, sequencer, pace }) {
  // isolated: a right-to-left name never reorders the text around it (names.js)
  const name = (/** @type {number} */ seat) =>
    isolateName(state.view?.guide?.names[seat] ?? state.names[seat] ?? DEFAULT_NAMES[seat] ?? `Seat ${seat + 1}`);
  const say = (/** @type {string} */ text, /** @type {MessageKind} */ kind = "info") => emit({ type: "say", text, kind });
  const board = h("div", { "aria-label": spec.name }, h("p", { class: "board-wait" }, "Waiting for the game engine…"));
  const context = createRendererContext({
    spec, board, engine, source: state, name, sequencer, render: () => { emit({ type: "redraw", now: true }); },
    motionMs: pace.motion,
    // a hint carries its move's fields; a guided deal's step suggests its move the same way
    hintMove: () => state.hint ?? suggestion(state.view, personMayMove(state, sequencer)),
    playedSince: () => playedSince(state),
    actions: { say, play: (move, how = {}) => emit({ type: "play", move, untilPlayable: how.untilPlayable }),
      autoplay: async (kind, next, pause) => { await emit({ type: "run", kind, next, pause }); } },
  });
  const screen = RENDERERS[spec.screen](context);
  const options = optionControls(spec, (values) => emit({ type: "options", values }));
  const tools = gameTools({ gameId: spec.id, engine, say, notify: (text) => { emit({ type: "notify", text }); },
    session: () => state.session,
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
    delay: pace.delay,
    skipOutcome: () => { emit({ type: "outcome-skipped" }); },
    claim: () => { emit({ type: "claim", what: CHOSE_ANOTHER }); },
    values: () => options.values(),
  });
  const guide = createGuide({ leave: () => emit({ type: "leave-lesson" }), keepPlaying: () => emit({ type: "redraw" }) });
  const frame = createFrame(root, { spec, screen, board, extras, tools: tools.element, options: options.elements,
    speed: pace.speed(), guide: guide.element });
  // a dialog closed by Esc, Back or a tap: the way-on bar offers at once what it offered (and takes the keyboard)
  frame.onDialogClosed(() => emit({ type: "redraw", now: true }));
  return { name, board, context, screen, options, tools, extras, guide, frame };
}

/**
 * What moves the game on: the guided deal, the game's start, the end dialogs, the turns, the
 * coach, the screen's controls, the render pass and its scheduled redraw, the engine's round trips.
 * @param {Base & ScreenParts} parts
 */
function createFlowParts({ engine, spec, params, notify, after, state, emit, sequencer, pace, name, board, context,
  screen, options, tools, extras, guide, frame }) {
  const { settings } = loadSettings();
  const optionValues = () => options.values();
  const lessons = createGuidedDeal({ spec, state, guide, emit });
  frame.addAboveBody(lessons.offer);
  const start = createGameStart({ spec, state, engine, params, notify, after, extras, screen, lessons, emit,
    dealText: context.dealText, optionValues });
  const dialogs = createEndDialogs({ spec, state, frame, screen, guide, lessons, context, emit, motionMs: pace.motion,
    optionValues });
  const turns = createTurns({ state, engine, sequencer, frame, context, emit, delay: pace.delay,
    autoForced: Boolean(settings.autoForced), phase: () => state.screen.phase });
  const coach = createCoachScreen({
    engine, spec, frame, sequencer, name, createRenderer: RENDERERS[spec.screen], motionMs: pace.motion,
    openable: () => (state.busy || context.hotSeat() ? null : state.record),
    showCoach: (element) => { emit({ type: "show", body: "coach", element }); },
    backToGame: () => { emit({ type: "back-to-play" }); },
  });
  const controls = attachScreenControls({ spec, frame, board, screen, extras, emit, busy: () => state.busy });
  const pass = createRenderPass({ state, spec, frame, board, screen, sequencer, guide, dialogs, tools, extras, options,
    context, emit, phase: () => state.screen.phase, hints: settings.hints !== false, motionMs: pace.motion });
  // a request's end shows with its answer drawn (round_trip.js says busy at once, done here)
  const redraw = createRedraw({ draw: () => { frame.setBusy(state.busy); pass.render(); },
    settle: () => { emit({ type: "settle-phase" }); } });
  const trip = createRoundTrip({ engine, spec, state, screen, frame, name, cancel: () => sequencer.cancel(),
    say: (text, kind) => { emit({ type: "say", text, kind }); },
    observe: () => { emit({ type: "observe" }); },
    settle: () => { emit({ type: "settle" }); },
    drawn: async () => { await emit({ type: "redraw", now: true }); } }); // a run draws each answer at once
  return { lessons, start, dialogs, turns, coach, controls, pass, redraw, trip };
}

/** @param {Ctrl} ctrl the screen gone: nothing runs, draws or waits any more (a question open is
 *  answered "no"); returns the request under way, whose move is still saved (round_trip.js) */
function dispose({ state, redraw, sequencer, coach, pass, controls, frame, extras }) {
  state.disposed = true;
  extras.dispose();
  redraw.dispose();
  sequencer.dispose();
  stopMotion();
  coach.dispose();
  pass.dispose();
  controls.dispose();
  frame.dispose();
  return state.inflight;
}
