// @ts-check
// One controller for every game screen (the model: 2048's GameManager and lichess's round UI).
// It owns the game's state and moves it between its phases (state.js): the engine round trips,
// saving (store/saved_games.js), undo/redo, hints, the hot-seat cover, the end of a round and of a
// game, links, export/import and statistics. Its parts: the turn sequencer (sequencer.js: every
// timed thing), the frame (frame.js: the DOM around the board), the game's renderer (picked by the
// catalog's `screen` kind, through the renderer contract: renderer_contract.js), the solitaire
// extras (extras.js) and the coach (coach.js).

import { attachBoardInput } from "../input.js";
import { dropGame, loadGame, saveGame } from "../store/saved_games.js";
import { loadSettings } from "../store/settings.js";
import { SPEEDS, loadNames, loadPlayerName, loadSpeed, saveNames, saveSpeed } from "../store/table.js";
import { h, optionControls, randomSeed } from "../render/dom.js";
import { linkProblemsText, readGameLink } from "./links.js";
import { gameTools } from "./records.js";
import { countAbandoned, countGame, finishes, newToken, personSeat } from "./results.js";
import { renderSetup, defaultSeats, seatLevel, DEFAULT_NAMES } from "../render/setup.js";
import { createTable } from "../render/table.js";
import { createLuzon } from "../render/luzon.js";
import { createBigClock } from "../render/big_clock.js";
import { createClock } from "../render/clock.js";
import { celebrate, drawMoving, motionMs, stopMotion } from "../render/motion.js";
import { createCoach } from "./coach.js";
import { createExtras } from "./extras.js";
import { createFrame } from "./frame.js";
import { DIALOG_NOTE_ID, createGuide } from "./guide.js";
import { lessonOffered, markLessonOffered } from "../store/lessons.js";
import { createKeys, drawOrPassKey, press } from "./keys.js";
import { playSound } from "../sound.js";
import { createRendererContext } from "./renderer_contract.js";
import { createSequencer } from "./sequencer.js";
import { createGameState, enter, logLine, phaseOf, playedSince, takeEvents } from "./state.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("../engine_types.js").OptionValues} OptionValues */
/** @typedef {import("./renderer_contract.js").RendererFactory} RendererFactory */
/** @typedef {import("./renderer_contract.js").MessageKind} MessageKind */
/** @typedef {import("./renderer_contract.js").LogEntry} LogEntry */
/** @typedef {import("./frame.js").Action} Action */
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
  let wasMine = false; // the person could move at the last drawing: their turn began when it turns true

  const sequencer = createSequencer({ slides: () => state.slides, onChange: () => render() });
  const board = h("div", { "aria-label": spec.name }, h("p", { class: "board-wait" }, "Waiting for the game engine…"));
  const context = createRendererContext({
    spec, board, engine, source: state, name, sequencer, render,
    motionMs: () => motionMs(pace()),
    hintMove: () => state.hint ?? guideSuggestion(), // a hint carries its move's fields
    playedSince: () => playedSince(state),
    actions: { say, play, autoplayStep },
  });
  const { legal, isHuman, hotSeat, myTurn, dealText } = context;
  const screen = RENDERERS[spec.screen](context);

  const options = optionControls(spec, async (values) => {
    if (await extras.leaveGame()) newGame(values, currentSeed());
    else render(); // the option controls show the game's options again
  });
  const tools = gameTools({ gameId: spec.id, engine, say, session: () => state.session, load: importRecord,
    abandon: () => countAbandoned(state.view, state.token), saved: persist,
    linkOptions: { seats: seated, hidden: Boolean(spec.hidden_hands) } });
  const extras = createExtras({
    spec, screen: context, send, newGame,
    busy: () => state.busy,
    idle: async () => { while (state.busy) await state.inflight; },
    cancel: () => sequencer.cancel(),
    delay: () => delay(),
    skipOutcome: () => { state.shownOutcome = `${state.session}:${state.view?.moves}`; },
    values: () => options.values(),
  });
  const guide = createGuide({ leave: leaveLesson, keepPlaying: () => render() });
  const frame = createFrame(root, { spec, screen, board, seated, extras, tools: tools.element, options: options.elements,
    speed, guide: guide.element });
  const offer = lessonOffer();
  const { buttons, dealInput } = frame;

  // ---- small helpers
  /** @param {number} seat */
  function name(seat) {
    return state.view?.guide?.names[seat] ?? state.names[seat] ?? DEFAULT_NAMES[seat] ?? `Seat ${seat + 1}`;
  }
  const currentSeed = () => {
    const n = Number(dealInput.value);
    return Number.isSafeInteger(n) && n >= 0 ? n : state.view?.seed ?? randomSeed();
  };
  /** The computers' pace now: none while skipping to the person's turn. */
  const pace = () => (sequencer.running() === "skip" ? "instant" : speed);
  const delay = () => Number(SPEEDS.find(([key]) => key === pace())?.[2] ?? 0);
  const roundKey = (/** @type {View} */ view) => `${state.session}:${view.round.number}`;
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
   * The sound of a new view: a win of the person's, else its last move's.
   * @param {View} view
   * @param {string} op
   */
  function soundOf(view, op) {
    if (op === "new" || op === "load" || op === "undo" || op === "redo") return;
    const seat = personSeat(view);
    const winner = view.outcome ? view.outcome.winners.includes(seat ?? -1)
      : view.round?.over && view.last_round?.winner === seat;
    const kind = view.events?.at(-1)?.kind;
    if (winner) playSound("won");
    else if (kind === "draw") playSound("draw");
    else if (kind === "play") playSound("place");
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

  // ---- starting games
  /**
   * A new game; extra: {winnable (default: the switch), daily: the day of a daily deal} (extras.js).
   * @param {OptionValues} values
   * @param {number} seed
   * @param {string[]} [seats]
   * @param {string[] | null} [names]
   * @param {{winnable?: boolean, daily?: string | null}} [extra]
   */
  async function newGame(values, seed, seats = ["human"], names = null, extra = {}) {
    stopPlaying();
    /** @type {Record<string, unknown>} */
    const request = { op: "new", game: spec.id, options: values, seed, seats, ...extras.newFields(extra) };
    const first = seats.indexOf("human");
    if (first >= 0) request.seat = first;
    if (names) {
      state.names = names;
      saveNames(spec.id, names);
    }
    const log = names ? [{ text: `New game${spec.hidden_hands ? "" : `, deal ${seed}`}: ${names.map((n, i) => `${n} (${seatText(seats[i])})`).join(", ")}.`,
      seat: null }] : [];
    const answer = await send(request, { log, daily: extra.daily ?? null });
    if (answer?.ok && answer.view && state.view) {
      showPlay();
      if (!names) say(`${extras.introText(request, extra)}${dealText(answer.view).replace(" · ", ". ")}${screen.intro(answer.view)}`);
      await screen.started?.(state.view, null);
      render();
      step();
    }
    return answer;
  }
  const seatText = (/** @type {string} */ kind) => (kind === "human" ? "person" : `computer, ${seatLevel(kind)}`);

  /** Before another game opens: what plays by itself and what was due stop. */
  function stopPlaying() {
    sequencer.cancel();
  }

  /**
   * Put a record on screen in place of the game there (resume, import), seen by its first person's seat.
   * @param {GameRecord} record
   * @param {string | null} token
   * @param {string | null} note
   * @param {LogEntry[]} [log]
   * @param {string | null} [daily]
   * @param {Record<string, unknown>} [fields] more of the load request (imported: true)
   */
  async function load(record, token, note, log = [], daily = null, fields = {}) {
    stopPlaying();
    if (note) log = [{ text: note, seat: null, loaded: true }, ...log];
    const answer = await send({ op: "load", record, seat: personSeat(record) ?? 0, ...fields }, { token, log, daily });
    if (!answer?.ok || !state.view) return answer;
    showPlay();
    await screen.started?.(state.view, record);
    render();
    step();
    return answer;
  }

  /**
   * An imported file replaces the game on screen as a new deal does: asked, the game left counted
   * as lost; a game imported in progress counts as assisted (the engine marks it).
   * @param {GameRecord} record
   */
  async function importRecord(record) {
    const check = await engine.request({ op: "load", record, seat: personSeat(record) ?? 0 });
    if (!check.ok) return check; // a file the engine refuses: nothing asked, nothing changed
    engine.request({ op: "close", session: check.session }).catch(() => {});
    if (!(await extras.leaveGame())) return null;
    return load(record, newToken(spec.id), `Imported deal ${record.seed}.`, [], null, { imported: true });
  }

  // ---- a guided deal (the engine's lesson of this game: the view's guide says everything)
  /** The move the guide suggests at the person's step, shown as a hint is; null when there is none. */
  function guideSuggestion() {
    const g = state.view?.guide;
    return g && !g.done && myTurn() ? g.suggest ?? null : null;
  }

  /** The guided deal of this game, on screen in place of the game there (which stays saved). */
  async function startLesson() {
    offer.hidden = true;
    stopPlaying();
    guide.reset();
    const answer = await send({ op: "new", game: spec.id, lesson: true, seat: 0 },
      { log: [{ text: `Guided deal: ${spec.lesson?.title ?? spec.name}.`, seat: null }] });
    if (answer?.ok && state.view) {
      showPlay();
      say("");
      render();
      step();
    } else if (answer) notify(answer.error?.message ?? "");
    return answer;
  }

  /** Leave the guided deal (nothing asked, nothing counted): the game's usual start. */
  async function leaveLesson() {
    const session = state.session;
    stopPlaying();
    frame.closeDialogs();
    if (session) engine.request({ op: "close", session }).catch(() => {});
    Object.assign(state, { session: null, view: null, hint: null, record: null });
    guide.draw(null);
    await startUsual(false, null);
  }

  /** "New to GAME? Play a guided deal": offered above the game the first time it is opened. */
  function lessonOffer() {
    const play = h("button", { type: "button", class: "primary", "data-action": "start-lesson" }, "Play a guided deal");
    const skip = h("button", { type: "button", "data-action": "skip-lesson" }, "Skip");
    const box = h("aside", { class: "lesson-offer", "aria-label": "Guided deal", hidden: "" },
      h("p", {}, `New to ${spec.name}? Play a guided deal: it shows you the rules as you play.`),
      h("div", { class: "actions" }, play, skip));
    play.addEventListener("click", () => { startLesson(); });
    skip.addEventListener("click", () => { box.hidden = true; });
    frame.section.insertBefore(box, frame.body);
    return box;
  }

  function showPlay() {
    frame.show(frame.playArea);
    showBody("play");
  }

  /**
   * The setup of the table (seats, names, options); `canCancel`: back to the game on screen.
   * @param {{options?: OptionValues, seats?: string[], names?: string[]}} initial
   * @param {boolean} canCancel
   */
  function showSetup(initial, canCancel) {
    sequencer.cancel();
    frame.closeDialogs();
    const box = h("div", { class: "setup-box" });
    frame.show(box);
    showBody("setup");
    renderSetup(box, {
      spec, initial,
      onCancel: canCancel ? () => { showPlay(); render(); step(); } : null,
      onStart: async (/** @type {any} */ choice, /** @type {(message: string) => void} */ fail) => {
        if (!(await extras.leaveGame())) return; // the game left behind, in progress, counts as lost
        const answer = await newGame(choice.options, choice.seed, choice.seats, choice.names);
        if (answer && !answer.ok) fail(answer.error?.message ?? "");
      },
    });
  }

  function startNew() {
    const view = state.view;
    if (seated) showSetup(view ? { options: view.options, seats: view.seats, names: state.names } : { names: state.names },
      Boolean(view));
    else newGame(options.values(), randomSeed());
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
        if (state.shownOutcome !== outcomeKey(view)) linger(showOutcome);
        return;
      case "round-over":
        if (state.shownRound !== roundKey(view)) {
          linger(showSummary);
          return;
        }
        turn(view); // the round's next deal is the seat's to move
        return;
      default:
        turn(view);
    }
  }

  /**
   * The seat to move acts: a computer's whole turn (its draws, then its play) is one request, once
   * the last slide has ended; a person at a shared screen gets the pass screen first.
   * @param {View} view
   */
  function turn(view) {
    const seat = view.to_move;
    if (seat === null || seat === undefined || frame.dialog.open) return;
    if (!isHuman(seat)) {
      if (!state.failed && !sequencer.running()) {
        sequencer.due(() => send({ op: "ai", until_playable: true }), delay(), () => state.view === view);
      }
    } else if (hotSeat() && (seat !== state.viewer || state.covered)) {
      showPassScreen(seat);
    } else if (settings.autoForced && myTurn() && !view.guide?.note) { // a step's note is read, not skipped
      const only = legal().length === 1 ? forcedMove() : null;
      if (only) sequencer.due(() => play(only.id, { untilPlayable: only.kind === "draw" }), delay(), () => state.view === view);
    }
  }

  /** The move that draws or passes ("Go"), when the person may make it now. */
  function forcedMove() {
    return myTurn() ? legal().find((m) => m.kind === "draw" || m.kind === "pass") ?? null : null;
  }

  /** Draw or pass by a key: the forced draws that follow come in the same request, as by the button. */
  function drawOrPass() {
    const move = state.busy ? null : forcedMove();
    if (move) play(move.id, { untilPlayable: move.kind === "draw" && legal().length === 1 });
  }

  /** The computers play their turns at once, with no slide and no pause, until a person's turn or the round's end. */
  async function skipToMyTurn() {
    if (phaseOf(state, shown) !== "computers" || sequencer.running()) return;
    while (state.busy) await state.inflight;
    sequencer.due(null);
    const computersToMove = (/** @type {View} */ view) => !view.outcome && !view.round?.over &&
      view.to_move !== null && view.to_move !== undefined && !isHuman(view.to_move);
    await sequencer.run("skip", { pause: 0, step: autoplayStep((view) =>
      (computersToMove(view) ? { op: "ai", until_playable: true } : null)) });
    step();
  }

  /** @param {number} seat */
  async function reveal(seat) {
    const answer = await engine.request({ op: "view", session: state.session, seat });
    if (!answer.ok) return;
    if (frame.passScreen.open) frame.passScreen.close();
    state.covered = false;
    state.view = { ...answer.view, events: [] };
    state.viewer = seat;
    say(`${name(seat)}, your turn.`);
    render();
    /** @type {HTMLElement | null} */ (board.querySelector("[data-slot]:not([disabled])"))?.focus();
  }

  /** @param {number} seat */
  function showPassScreen(seat) {
    state.covered = true;
    render();
    frame.openPassScreen(seat, name(seat), () => reveal(seat));
  }

  function nextRound() {
    const view = state.view;
    if (!view) return;
    state.shownRound = roundKey(view);
    const move = legal().find((m) => m.kind === "next-round");
    if (move) play(move.id);
    else { render(); step(); }
  }

  /** @param {View} view */
  function nextRoundLabel(view) {
    const move = isHuman(view.to_move) ? legal().find((m) => m.kind === "next-round") : null;
    return move?.button ?? (move ? `Deal round ${view.round.number + 1}` : "Continue");
  }

  function showSummary() {
    const view = state.view;
    if (!view) return;
    state.shownRound = roundKey(view);
    frame.openDialog({
      kind: "round", title: `Round ${view.last_round?.round ?? view.round.number} is over`,
      body: [guide.dialogNote(view.guide), ...(screen.roundSummary?.(view, view.last_round) ?? [])],
      describedBy: view.guide ? DIALOG_NOTE_ID : null,
      actions: view.guide?.done
        ? [{ label: "Keep playing", attrs: { class: "primary", id: "next-round", "data-action": "keep-playing" },
          run: () => { guide.keep(); nextRound(); } },
        { label: "Play a real game", attrs: { "data-action": "real-game" }, run: leaveLesson }]
        : [{ label: nextRoundLabel(view), attrs: { class: "primary", id: "next-round" }, run: nextRound }],
    });
    guide.mark(frame.dialog, view.guide); // the note may point at the round's score
  }

  function showOutcome() {
    const view = state.view;
    if (!view?.outcome) return;
    state.shownOutcome = outcomeKey(view);
    const seat = personSeat(view) ?? 0;
    const won = view.outcome.winners.includes(seat);
    const names = seated ? state.names : null;
    /** @type {Action[]} */
    const actions = [
      { label: seated ? "New game, same table" : "New deal", attrs: { class: "primary", id: "play-again" },
        run: () => newGame(seated ? view.options : options.values(), randomSeed(), view.seats, names) },
      { label: seated ? "Replay this deal" : "Replay deal", attrs: { id: "replay", "data-action": "replay" },
        run: () => newGame(view.options, view.seed, view.seats, names, { winnable: view.winnable, daily: state.daily }) },
    ];
    if (seated) {
      actions.push({ label: "Change setup", attrs: { id: "change-setup" },
        run: () => showSetup({ options: view.options, seats: view.seats, names: state.names }, false) });
    }
    if (!won && view.can_undo && !hotSeat()) actions.push({ label: "Undo last move", run: undo });
    if (!hotSeat()) actions.push({ label: "Review the game", attrs: { "data-action": "review-game" }, run: openCoach });
    actions.push({ label: seated ? "Look at the table" : "Close", run: () => render() });
    if (!offer.hidden) { // a first deal over before it began (a dead solitaire): the offer is still on
      actions.splice(1, 0, { label: "Play a guided deal", attrs: { "data-action": "start-lesson" }, run: startLesson });
    }
    if (view.guide) { // a guided deal's end: its ending, and the way to a real game
      actions.splice(0, actions.length - 2, { label: "Play a real game", attrs: { class: "primary", "data-action": "real-game" },
        run: leaveLesson });
    }
    frame.openDialog({ kind: "game-over", result: won ? "won" : "lost", title: screen.outcomeTitle(view, won),
      body: [guide.dialogNote(view.guide), ...screen.outcomeBody(view)], actions,
      describedBy: view.guide ? DIALOG_NOTE_ID : null });
    guide.mark(frame.dialog, view.guide);
    if (won) celebrate(motionMs(pace()));
  }

  // A dialog closed by a key (Esc) leaves the screen as it was: the way-on bar offers what it offered.
  frame.dialog.addEventListener("close", () => render());
  frame.passScreen.addEventListener("close", () => render());

  /**
   * The buttons that move a stopped screen on when its dialog is closed.
   * @param {View} view
   * @returns {Action[]}
   */
  function wayOnActions(view) {
    if (view.outcome) return [{ label: "Show the result", attrs: { "data-action": "show-result" },
      run: () => { state.shownOutcome = null; step(); } }];
    if (view.round?.over) {
      return [{ label: nextRoundLabel(view), attrs: { class: "primary", "data-action": "next-round" }, run: nextRound },
        { label: "Show the round summary", attrs: { "data-action": "show-summary" }, run: showSummary }];
    }
    const seat = view.to_move;
    if (state.covered && seat !== null && isHuman(seat)) {
      return [{ label: `I am ${name(seat)}: show my tiles`, attrs: { class: "primary", "data-action": "reveal" },
        run: () => reveal(seat) }];
    }
    return [];
  }

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

  extras.attach({ newGameButton: buttons.newGame, startNew, asks: !seated }); // the setup asks at its start
  buttons.undo.addEventListener("click", undo);
  buttons.redo.addEventListener("click", redo);
  buttons.hint.addEventListener("click", hint);
  buttons.coach.addEventListener("click", openCoach);
  buttons.skip.addEventListener("click", skipToMyTurn);
  const keys = createKeys({
    shortcuts: [
      ...drawOrPassKey(spec.move_kinds, drawOrPass),
      { key: "h", label: "Hint", run: () => press(buttons.hint) },
      { key: "u", label: "Undo", run: () => press(buttons.undo) },
      { key: "r", label: "Redo", run: () => press(buttons.redo) },
      ...(seated ? [{ key: "s", label: "Skip to my turn (the computers play at once)", run: () => press(buttons.skip) }]
        : []),
      { key: "n", label: seated ? "New game" : "New deal", run: () => press(buttons.newGame) },
      { key: "p", label: "Replay and review the game", run: () => press(buttons.coach) },
      { key: "m", label: "More: the side panel (on a small screen)", run: () => press(frame.moreButton) },
    ],
    others: [{ key: "Ctrl+Z", label: "Undo" }, { key: "Ctrl+Y", label: "Redo" }],
    enabled: () => frame.playShown() && !frame.dialogOpen() && !extras.dialog.open,
  });
  frame.section.append(keys.dialog);
  const keysButton = h("button", { type: "button", class: "keys-button", "data-action": "keys", "aria-keyshortcuts": "?" },
    "Keyboard keys (?)");
  keysButton.addEventListener("click", keys.open);
  frame.side.append(keysButton);

  // ---- the coach: replay and review the game on screen (the game waits meanwhile)
  /** @type {ReturnType<typeof createCoach> | null} */
  let coach = null;
  function openCoach() {
    if (!state.record || state.busy || hotSeat()) return;
    sequencer.cancel();
    frame.closeDialogs();
    coach = createCoach({ engine, spec, record: state.record, createRenderer: RENDERERS[spec.screen], name,
      motionMs: () => motionMs(pace()), sequencer, onClose: closeCoach });
    frame.show(coach.element);
    showBody("coach");
    coach.focus();
  }
  function closeCoach() {
    coach?.dispose();
    coach = null;
    showPlay();
    render();
    step();
    buttons.coach.focus();
  }
  frame.speedSelect.addEventListener("change", () => {
    speed = frame.speedSelect.value;
    saveSpeed(speed);
  });
  frame.dealForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const n = Number(dealInput.value);
    if (!Number.isSafeInteger(n) || n < 0) say("A deal number is a whole number, 0 or more.", "error");
    else extras.leaveGame().then((go) => { if (go) newGame(options.values(), n); else render(); });
  });
  /** @param {KeyboardEvent} event */
  const onShortcut = (event) => {
    if (!(event.ctrlKey || event.metaKey) || (event.target instanceof Element && event.target.matches("input, select, textarea"))) {
      return;
    }
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) buttons.undo.click();
    else if (key === "y" || (key === "z" && event.shiftKey)) buttons.redo.click();
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onShortcut);

  attachBoardInput(board, {
    onActivate: (/** @type {string} */ slot) => { if (!state.busy) screen.activate(slot); },
    onDrop: (/** @type {string} */ from, /** @type {string} */ to) => { if (!state.busy) screen.drop(from, to); },
    onCancel: () => { screen.cancel(); say(""); render(); },
    targets: (/** @type {string} */ slot) => (state.busy ? [] : screen.targets(slot)),
  });

  // ---- drawing
  function render() {
    const view = state.view;
    if (!view || !frame.playShown()) return;
    const mine = myTurn();
    const turnBegan = mine && !wasMine;
    wasMine = mine;
    const locked = sequencer.running() !== null;
    const restoreFocus = frame.draw({
      view,
      boardData: {
        session: state.session ?? "", moves: String(view.moves),
        seed: dealText(view) ? String(view.seed) : null, // a game with hidden hands in progress: its deal shows every hand
        over: view.outcome ? "game" : "", toMove: view.to_move === null ? "" : String(view.to_move),
        viewer: String(state.viewer), round: String(view.round?.number ?? ""), roundOver: String(Boolean(view.round?.over)),
        covered: String(state.covered),
      },
      status: screen.statusText(view),
      tools: {
        undo: !locked && view.can_undo && !hotSeat(), redo: !locked && view.can_redo && !hotSeat(), hotSeat: hotSeat(),
        hint: mine && !view.round?.over, hints: settings.hints !== false, coach: !locked && Boolean(view.moves) && !hotSeat(),
        skip: seated && !locked && phaseOf(state, shown) === "computers" && view.seats.includes("human"),
      },
      computers: view.seats.some((k) => k !== "human"),
      hint: hintText(),
      message: state.message,
      log: state.log,
    }, () => {
      const slides = drawMoving(board, screen.draw, view,
        state.drawnView && state.drawnView !== view ? motionMs(pace()) : 0);
      if (state.drawnView !== view) state.slides = slides;
      state.drawnView = view;
    });
    if (!seated) {
      dealInput.value = dealText(view) ? String(view.seed) : "";
      options.set(view.options);
    }
    tools.update(view);
    extras.update(view, mine);
    frame.drawExtraMoves(mine ? view.extra_moves ?? [] : [], (move) => play(move.id), sequencer.later);
    frame.drawWayOn(wayOnActions(view));
    guide.draw(view.guide);
    guide.mark(board, view.guide);
    if (view.moves > 0 && !view.guide) offer.hidden = true; // a real game under way: the offer has had its turn
    restoreFocus();
    if (turnBegan && seated) {
      frame.focusPlay();
      playSound("turn");
    }
  }

  /** The hint's words, null when there is none. */
  function hintText() {
    if (!state.hint) return null;
    const { chance, reason } = state.hint;
    const what = state.hint.you.charAt(0).toUpperCase() + state.hint.you.slice(1);
    return `Hint: ${what}. ${reason.charAt(0).toUpperCase()}${reason.slice(1)}` +
      (chance > 0 && chance < 1 && !reason.includes("%") ? ` (chance to win ${Math.round(chance * 100)}%)` : "");
  }

  let lastSize = [0, 0];
  const resize = new ResizeObserver(() => {
    const size = [board.clientWidth, board.clientHeight];
    if (size[0] && size.some((v, i) => Math.abs(v - lastSize[i]) > 4)) {
      lastSize = size;
      render();
    }
  });
  resize.observe(board);

  // ---- start: the deal of a game link, else the saved game, else a new deal or the setup
  async function begin() {
    await engine.ready();
    const link = readGameLink(spec, params, { seats: seated });
    if (link.problems.length) notify(linkProblemsText(spec, link.problems));
    if (link.lesson) {
      markLessonOffered(spec.id);
      if ((await startLesson())?.ok) return;
    }
    const linked = link.daily || link.seed !== null || link.fresh;
    if (spec.lesson && !linked && !link.lesson && !lessonOffered(spec.id)) {
      markLessonOffered(spec.id); // offered once; the menu and the rules page keep the way to it
      offer.hidden = false;
    }
    await startUsual(linked, link);
  }

  /**
   * The game's usual start: the deal of a game link, else the saved game, else a new deal or the setup.
   * @param {boolean} linked
   * @param {ReturnType<typeof readGameLink> | null} link
   */
  async function startUsual(linked, link) {
    const saved = await resumeSaved(!linked);
    // a link over a saved game in progress asks first: kept, the saved game stays; left, it counts as lost
    if (linked && saved && !(await extras.leaveGame())) return;
    if (link?.daily && link.seed === null) {
      const answer = await extras.startDaily(link.options);
      if (answer?.ok) return;
      if (answer) notify(answer.error?.message ?? "");
    } else if (link && (link.seed !== null || link.fresh)) {
      const seats = seated ? link.seats ?? defaultSeats(Number(link.options.players ?? spec.players.min)) : ["human"];
      const names = seated ? seats.map((/** @type {string} */ _, /** @type {number} */ i) => state.names[i] ?? DEFAULT_NAMES[i]) : null;
      const answer = await newGame(link.options, link.seed ?? randomSeed(), seats, names,
        link.winnable === null ? {} : { winnable: link.winnable });
      if (answer?.ok) return;
      if (answer) notify(answer.error?.message ?? "");
    } else if (saved) {
      return;
    }
    if (seated) showSetup({ names: state.names }, false);
    else await newGame(options.values(), randomSeed());
  }
  /**
   * Put the saved game back on screen; true when it is there.
   * @param {boolean} tell say that it was resumed
   */
  async function resumeSaved(tell) {
    const { game: saved, dropped } = loadGame(spec.id);
    if (dropped) notify(`The saved ${spec.name} game could not be read and was removed.`);
    if (!saved) return false;
    const { record, token, log, daily } = saved;
    const resumed = spec.hidden_hands ? "Resumed the game in progress." : `Resumed deal ${record.seed}.`;
    const answer = await load(record, token, resumed, log, daily);
    if (answer?.ok) {
      if (tell) say(resumed);
      render();
      return true;
    }
    dropGame(spec.id);
    notify(`The saved ${spec.name} game could not be restored and was removed.`);
    return false;
  }
  begin().catch((error) => say(error.message, "error"));

  return {
    dispose() {
      state.disposed = true;
      sequencer.dispose();
      stopMotion();
      coach?.dispose();
      resize.disconnect();
      document.removeEventListener("keydown", onShortcut);
      keys.dispose();
      frame.morePanel.detach();
      frame.closeDialogs();
    },
  };
}
