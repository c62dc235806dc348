// One controller for every game screen (the model: 2048's GameManager and lichess's round UI).
// It owns the game's state and moves it between its phases (state.js): the engine round trips
// (taking in each answer's view, saving, counting a finished game), the body shown, what each
// phase does when the screen settles (step), undo, redo and hints. Its parts get what they need
// explicitly (a typed host: the state read only, a function for every change) and write none of
// it: sequencer.js (every timed thing), frame.js (the DOM around the board), the game's renderer
// (renderer_contract.js), game_start.js, turns.js, end_dialogs.js, guided_deal.js,
// render_pass.js, screen_controls.js, coach_screen.js, extras.js, records.js, view_sound.js;
// docs/architecture.md says what each owns.

import { saveGame } from "../store/saved_games.js";
import { loadSettings } from "../store/settings.js";
import { SPEEDS, loadNames, loadPlayerName, loadSpeed, saveSpeed } from "../store/table.js";
import { h, optionControls, randomSeed } from "../render/dom.js";
import { gameTools } from "./records.js";
import { countAbandoned, countGame, finishes, newToken } from "./results.js";
import { DEFAULT_NAMES } from "../render/setup.js";
import { isolateName } from "../names.js";
import { createTable } from "../render/table.js";
import { createLuzon } from "../render/luzon.js";
import { createBigClock } from "../render/big_clock.js";
import { createClock } from "../render/clock.js";
import { motionMs, stopMotion } from "../render/motion.js";
import { createCoachScreen } from "./coach_screen.js";
import { createExtras } from "./extras.js";
import { createFrame } from "./frame.js";
import { createEndDialogs } from "./end_dialogs.js";
import { createGameStart } from "./game_start.js";
import { createGuide } from "./guide.js";
import { createGuidedDeal } from "./guided_deal.js";
import { createRenderPass } from "./render_pass.js";
import { createRendererContext } from "./renderer_contract.js";
import { attachScreenControls } from "./screen_controls.js";
import { createSequencer } from "./sequencer.js";
import { createTurns } from "./turns.js";
import { soundOf } from "./view_sound.js";
import { createGameState, enter, logLine, phaseOf, playedSince, takeEvents } from "./state.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("./renderer_contract.js").RendererFactory} RendererFactory */
/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */
/** @typedef {import("./renderer_contract.js").LogEntry} LogEntry */
/** @typedef {import("./state.js").BodyShown} BodyShown */

/** A renderer per screen kind of the catalog. @type {Record<string, RendererFactory>} */
const RENDERERS = { table: createTable, columns: createLuzon, dial: createBigClock, "card-dial": createClock };
const ROUND_END_PAUSE_MS = 1000;

/**
 * A game set up at a table (seats, names, computer levels) rather than dealt by number: every
 * game of the catalog that is not a solitaire.
 * @param {GameSpec} spec
 */
const seatedGame = (spec) => !spec.solitaire;

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
  const seated = seatedGame(spec);
  /** @type {BodyShown} */
  let shown = "none";

  const sequencer = createSequencer({ slides: () => state.slides, onChange: () => render() });
  const board = h("div", { "aria-label": spec.name }, h("p", { class: "board-wait" }, "Waiting for the game engine…"));
  const context = createRendererContext({
    spec, board, engine, source: state, name, sequencer, render,
    motionMs: () => motionMs(pace()),
    hintMove: () => state.hint ?? lessons.suggestion(), // a hint carries its move's fields
    playedSince: () => playedSince(state),
    actions: { say, play, autoplayStep },
  });
  const { legal, isHuman, hotSeat, myTurn, dealText } = context;
  const screen = RENDERERS[spec.screen](context);

  const options = optionControls(spec, async (values) => {
    if (await extras.leaveGame()) start.newGame(values, currentSeed());
    else render(); // the option controls show the game's options again
  });
  const tools = gameTools({ gameId: spec.id, engine, say, session: () => state.session,
    load: (/** @type {GameRecord} */ record) => start.importRecord(record),
    abandon: () => countAbandoned(state.view, state.token), saved: persist,
    linkOptions: { seats: seated, hidden: Boolean(spec.hidden_hands) } });
  const extras = createExtras({
    spec, screen: context, send, newGame: (...args) => start.newGame(...args),
    busy: () => state.busy,
    idle: async () => { while (state.busy) await state.inflight; },
    cancel: () => sequencer.cancel(),
    delay: () => delay(),
    skipOutcome: () => { state.shownOutcome = `${state.session}:${state.view?.moves}`; },
    values: () => options.values(),
  });
  const guide = createGuide({ leave: () => lessons.leave(), keepPlaying: () => render() });
  const frame = createFrame(root, { spec, screen, board, seated, extras, tools: tools.element, options: options.elements,
    speed, guide: guide.element });
  const lessons = createGuidedDeal({
    spec, state, engine, guide, send, myTurn, stopPlaying, showPlay, say, render, step, notify,
    closeDialogs: () => frame.closeDialogs(),
    forget: () => { Object.assign(state, { session: null, view: null, hint: null, record: null }); },
    usualStart: () => start.startUsual(false, null),
  });
  frame.section.insertBefore(lessons.offer, frame.body);
  const start = createGameStart({
    spec, state, engine, params, seated, notify, extras, screen, lessons, send, dealText, stopPlaying, showPlay, backToPlay,
    say, render, step,
    showSetupBox: (box) => {
      frame.closeDialogs();
      showInBody(box, "setup");
    },
    setNames: (names) => { state.names = names; },
    optionValues: () => options.values(),
  });
  const dialogs = createEndDialogs({
    state, seated, frame, screen, guide, lessons, legal, isHuman, hotSeat, name, undo, render, play, step,
    markRoundShown: (view) => { state.shownRound = roundKey(view); },
    markOutcomeShown: (view) => { state.shownOutcome = outcomeKey(view); },
    openCoach: () => coach.open(),
    reveal: (seat) => turns.reveal(seat),
    newGame: start.newGame,
    showSetup: start.showSetup,
    optionValues: () => options.values(),
    motionMs: () => motionMs(pace()),
    showResult: () => { state.shownOutcome = null; step(); },
  });
  const turns = createTurns({
    state, engine, sequencer, frame, board, legal, isHuman, hotSeat, myTurn, send, play, autoplayStep, name, say, render,
    step,
    delay: () => delay(),
    phase: () => phaseOf(state, shown),
    autoForced: Boolean(settings.autoForced),
    cover: () => { state.covered = true; },
    uncover: (seat, view) => {
      state.covered = false;
      state.view = { ...view, events: [] };
      state.viewer = seat;
    },
  });
  const { dealInput } = frame;

  // ---- small helpers
  /** @param {number} seat */
  function name(seat) { // isolated: a right-to-left name never reorders the text around it (names.js)
    return isolateName(state.view?.guide?.names[seat] ?? state.names[seat] ?? DEFAULT_NAMES[seat] ?? `Seat ${seat + 1}`);
  }
  const currentSeed = () => {
    const n = Number(dealInput.value);
    return Number.isSafeInteger(n) && n >= 0 ? n : state.view?.seed ?? randomSeed();
  };
  /** The computers' pace now: none while skipping to the person's turn. */
  const pace = () => (sequencer.running() === "skip" ? "instant" : speed);
  const delay = () => Number(SPEEDS.find(([key]) => key === pace())?.[2] ?? 0);
  const roundKey = (/** @type {View} */ view) => `${state.session}:${view.round?.number}`;
  const outcomeKey = (/** @type {View} */ view) => `${state.session}:${view.moves}`;

  /**
   * A message of the moment (a refusal, a selection); the next view replaces it.
   * @param {string} text
   * @param {MessageKind} [kind]
   */
  function say(text, kind = "info") {
    state.message = { text, kind };
    frame.say(text, kind, motionMs(pace()));
  }

  /** @param {boolean} busy */
  function setBusy(busy) {
    state.busy = busy;
    frame.setBusy(busy);
  }

  /**
   * The body shows `what`: the game moves to the phase that follows (on section.game[data-screen-phase]).
   * @param {BodyShown} what
   */
  function showBody(what) {
    shown = what;
    enter(state, phaseOf(state, shown));
    frame.section.dataset.screenPhase = state.phase;
  }

  /**
   * Put `element` in the screen's body, which then shows `what`.
   * @param {HTMLElement} element
   * @param {BodyShown} what
   */
  function showInBody(element, what) {
    frame.show(element);
    showBody(what);
  }

  // ---- engine round trips
  /**
   * Send a request for the game on screen; take in its view, save, count a finished game.
   * @param {Record<string, unknown>} request
   * @param {{token?: string | null, log?: LogEntry[], daily?: string | null}} [opts]
   * @returns {Promise<Answer | null>}
   */
  async function send(request, { token, log, daily = null } = {}) {
    if (state.busy) {
      // a click during a request is dropped; a new game or an import waits for it, then goes first
      if (request.op !== "new" && request.op !== "load") return null;
      while (state.busy) await state.inflight;
      sequencer.cancel(); // the computer's move the finished request asked for is not made on the new game
    }
    setBusy(true);
    /** @type {() => void} */
    let settle = () => {};
    state.inflight = new Promise((resolve) => { settle = () => resolve(undefined); });
    /** @type {Answer | null} */
    let answer = null;
    try {
      answer = /** @type {Answer} */ (await engine.request({ ...request, session: request.session ?? state.session,
        ...(request.op === "load" || request.op === "new" ? {} : { seat: state.viewer }) }));
      if (!answer.ok || !answer.view) {
        if (request.op === "ai") state.failed = true; // no retry for ever: said below, the person may go on
        return answer;
      }
      const before = state.view;
      if (request.op === "new" || request.op === "load") startSession(answer, answer.view, token, log, daily);
      accept(answer.view, String(request.op));
      persist(answer);
      if (finishes(request.op, before, state.view)) {
        countGame(answer.view, state.token, { ...(screen.countExtra?.() ?? {}), daily: state.daily });
      }
      return answer;
    } catch (error) {
      say(error instanceof Error ? error.message : String(error), "error");
      return null;
    } finally {
      setBusy(false);
      settle();
      if (answer?.ok === false && request.op === "ai") say(`The computer player failed: ${answer.error?.message}`, "error");
      if (!state.disposed) { render(); step(); }
    }
  }

  /**
   * Save the game from the answer's record (one request per move).
   * @param {Answer} answer
   */
  function persist(answer) {
    if (!answer.record) return;
    state.record = answer.record;
    if (answer.record.lesson) return; // a guided deal is never saved over the game kept
    saveGame(spec.id, { record: answer.record, token: state.token, log: state.log, daily: state.daily });
  }

  /**
   * @param {Answer} answer
   * @param {View} view
   * @param {string | null | undefined} token
   * @param {LogEntry[]} [log]
   * @param {string | null} [daily]
   */
  function startSession(answer, view, token, log = [], daily = null) {
    sequencer.cancel();
    Object.assign(state, { session: answer.session, token: token ?? newToken(spec.id), view: null, hint: null, daily,
      log: [...log], lastAction: {}, shownRound: null, shownOutcome: null, failed: false, moved: [],
      covered: view.seats.filter((k) => k === "human").length > 1 && !view.outcome }); // hot seat: cover first
    state.viewer = view.seat;
    screen.reset?.();
    frame.closeDialogs();
  }

  /**
   * Take in a new view: the log, the message, then draw it.
   * @param {View} view
   * @param {string} op
   */
  function accept(view, op) {
    takeEvents(state, view, screen, name);
    state.view = view;
    state.viewer = view.seat;
    state.hint = null;
    if (!view.outcome) state.shownOutcome = null; // a game finished again after an undo is shown again
    if (op === "undo") logLine(state, "Moves taken back.");
    soundOf(view, op);
    say(view.outcome ? screen.outcomeText?.(view) ?? (view.outcome.reason || view.status)
      : screen.describe?.(view, view.events?.at(-1), op) ?? "");
  }

  /**
   * A person's move; `untilPlayable` (a forced draw): the draws that follow it, forced too, in the same request.
   * @param {string} moveId
   * @param {{untilPlayable?: boolean}} [opts]
   */
  async function play(moveId, { untilPlayable = false } = {}) {
    const answer = await send({ op: "play", move: moveId, ...(untilPlayable ? { until_playable: true } : {}) });
    if (answer && !answer.ok && answer.error?.code === "off_lesson") {
      guide.sayWrong(answer.error.message); // the guide's friendly word; the person tries again
      screen.cancel();
      say("");
      render();
    } else if (answer && !answer.ok) say(answer.error?.message ?? "", "error");
    return answer;
  }

  /**
   * One step of a run of requests (autoplay, play to the end, the solution, Finish): send
   * next(view), then wait for its slides; true while the game goes on.
   * @param {(view: View) => Record<string, unknown> | null} next
   */
  function autoplayStep(next) {
    return async () => {
      const request = state.view && next(state.view);
      if (!request) return false;
      const answer = await send(request);
      if (!answer?.ok) {
        if (answer) say(answer.error?.message ?? "", "error");
        return false;
      }
      await state.slides; // autoplay follows the animation: each move's slide ends before the pause
      return !state.view?.outcome;
    };
  }

  /** Before another game opens: what plays by itself and what was due stop. */
  function stopPlaying() {
    sequencer.cancel();
  }

  function showPlay() {
    showInBody(frame.playArea, "play");
  }

  /** The play screen back in the body (from the coach, or a setup given up), drawn, and what its
   *  phase asks for done. */
  function backToPlay() {
    showPlay();
    render();
    step();
  }

  // ---- the phases: what each does when the screen settles
  /** Move to the phase of the state now and do what it asks: a dialog, a computer's move, the pass screen. */
  function step() {
    sequencer.due(null);
    if (state.disposed) return;
    showBody(shown);
    const view = state.view;
    if (!view || state.busy || !frame.playShown()) return;
    // the tile that ends a round or a game lands and stays in view a moment before the dialog opens
    const linger = (/** @type {() => void} */ show) => {
      sequencer.due(() => { if (!state.busy && state.view === view) show(); },
        motionMs(pace()) ? ROUND_END_PAUSE_MS : 0, () => state.view === view);
    };
    switch (state.phase) {
      case "game-over":
        if (state.shownOutcome !== outcomeKey(view)) linger(dialogs.showOutcome);
        return;
      case "round-over":
        if (state.shownRound !== roundKey(view)) {
          linger(dialogs.showSummary);
          return;
        }
        turns.turn(view); // the round's next deal is the seat's to move
        return;
      default:
        turns.turn(view);
    }
  }

  // A dialog closed by a key (Esc) leaves the screen as it was: the way-on bar offers what it offered.
  frame.dialog.addEventListener("close", () => render());
  frame.passScreen.addEventListener("close", () => render());

  // ---- undo, redo, hint
  function undo() {
    if (state.busy || hotSeat()) return;
    sequencer.cancel();
    state.shownRound = null;
    send({ op: "undo" });
  }
  function redo() {
    if (state.busy || hotSeat()) return;
    sequencer.cancel();
    send({ op: "redo" });
  }
  async function hint() {
    if (!myTurn() || state.busy) return;
    const answer = await engine.request({ op: "hint", session: state.session });
    if (!answer.ok) {
      say(answer.error.message, "error");
      return;
    }
    state.hint = answer;
    persist(answer); // the hint made the game assisted: saved, a reload keeps the mark
    screen.hinted?.(state.hint);
    render();
  }

  const coach = createCoachScreen({
    engine, spec, frame, sequencer, name,
    createRenderer: RENDERERS[spec.screen],
    motionMs: () => motionMs(pace()),
    openable: () => (state.busy || hotSeat() ? null : state.record),
    showCoach: (element) => showInBody(element, "coach"),
    backToGame: backToPlay,
  });
  const controls = attachScreenControls({
    seated, frame, board, screen, extras, undo, redo, hint, say, render,
    openCoach: coach.open,
    skipToMyTurn: turns.skipToMyTurn,
    drawOrPass: turns.drawOrPass,
    moveKinds: spec.move_kinds,
    busy: () => state.busy,
    startNew: start.startNew,
    newDeal: (seed) => start.newGame(options.values(), seed),
    setSpeed: (value) => {
      speed = value;
      saveSpeed(value);
    },
  });

  const pass = createRenderPass({
    state, seated, frame, board, screen, sequencer, guide, lessons, dialogs, tools, extras, options, myTurn, hotSeat,
    dealText, play,
    phase: () => phaseOf(state, shown),
    hints: settings.hints !== false,
    motionMs: () => motionMs(pace()),
    drawn: (view, slides) => {
      if (state.drawnView !== view) state.slides = slides;
      state.drawnView = view;
    },
  });
  /** Draw the screen again from the state. */
  function render() {
    pass.render();
  }

  start.begin().catch((error) => say(error.message, "error"));

  return {
    dispose() {
      state.disposed = true;
      sequencer.dispose();
      stopMotion();
      coach.dispose();
      pass.dispose();
      controls.dispose();
      frame.morePanel.detach();
      frame.closeDialogs();
    },
  };
}
