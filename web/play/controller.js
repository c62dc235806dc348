// One controller for every game screen (the model: 2048's GameManager, with pluggable input,
// renderer and storage). It owns the engine round trips, saving (store/saved_games.js), undo/redo, hints,
// computer turns and their pace, the hot-seat cover, the dialogs, the end of a round and of a
// game, links, export/import and statistics. What differs per game comes from the catalog (its
// `screen` kind picks a renderer) and from the view; a renderer draws a view into the board and
// turns the player's clicks, drags and keys (input.js) into moves of `view.legal`.

import { attachBoardInput } from "../input.js";
import { dropGame, loadGame, saveGame } from "../store/saved_games.js";
import { loadSettings } from "../store/settings.js";
import { SPEEDS, loadNames, loadSpeed, saveNames, saveSpeed } from "../store/table.js";
import { h, optionControls, randomSeed } from "../render/dom.js";
import { linkProblemsText, readGameLink } from "./links.js";
import { gameTools } from "./records.js";
import { countAbandoned, countGame, finishes, newToken, personSeat } from "./results.js";
import { renderSetup, defaultSeats, seatLevel, DEFAULT_NAMES } from "../render/setup.js";
import { createTable } from "../render/table.js";
import { createLuzon } from "../render/luzon.js";
import { createBigClock } from "../render/big_clock.js";
import { createClock } from "../render/clock.js";
import { celebrate, drawMoving, motionMs, shake, stopMotion } from "./motion.js";
import { createCoach } from "./coach.js";
import { createExtras } from "./extras.js";

/** A renderer per screen kind of the catalog. */
const RENDERERS = { table: createTable, columns: createLuzon, dial: createBigClock, "card-dial": createClock };
const LOG_LIMIT = 80;
const ROUND_END_PAUSE_MS = 1000;
const MOVED_LIMIT = 400; // moves of a round kept for the marks of what was played since a person's turn
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Mount the screen of a game (spec: its catalog entry) into root. Returns {dispose}. */
export function mountGame(root, { engine, spec, params, notify }) {
  const state = {
    session: null, view: null, viewer: 0, names: loadNames(spec.id), token: null, busy: false, locked: false,
    inflight: null, // settled when the request under way (busy) has been answered and drawn
    hint: null, log: [], lastAction: {}, covered: false, shownRound: null, shownOutcome: null, timer: 0, ticket: 0,
    slides: Promise.resolve(), // settled when the slides of the view on screen have ended
    moved: [], // the moves of the round on screen, {n, seat, kind, tile}: what was played since a person's turn
    failed: false, disposed: false, message: { text: "", kind: "info" }, record: null,
    daily: null, // the day ("YYYY-MM-DD") whose daily deal is on screen; null: not a daily deal
  };
  const { settings } = loadSettings();
  let speed = loadSpeed();

  // ---- the frame
  const message = h("p", { class: "message", id: "message", role: "status", "aria-live": "polite" });
  const hintBox = h("p", { class: "hint-text", id: "hint-text", hidden: "" });
  const status = h("span", { class: "status", id: "game-status" });
  const wayOn = h("div", { class: "way-on", id: "way-on", hidden: "" });
  const dialog = h("dialog", { class: "outcome", "aria-labelledby": "summary-title" });
  const passScreen = h("dialog", { class: "outcome pass-screen", id: "pass-screen", "aria-labelledby": "pass-title" });
  const board = h("div", { "aria-label": spec.name }, h("p", { class: "board-wait" }, "Waiting for the game engine…"));
  const logList = h("ol", { class: "table-log", id: "log", "aria-label": "What happened", reversed: "" });
  const logBox = h("details", { class: "log-box", open: "" }, h("summary", {}, "Play log"), logList);

  const api = {
    spec, state, board, engine, say, render, play, send, autoplay, name, legal, myTurn, isHuman, hotSeat, dealText,
    playedSince,
    hintMove: () => state.hint, // a hint carries its move's fields
    motionMs: () => motionMs(speed), // the duration of a slide now (0: no motion)
  };
  const screen = RENDERERS[spec.screen](api);
  board.id = screen.boardId;
  board.className = screen.boardClass;
  dialog.id = screen.dialogId;

  const buttons = {
    newGame: h("button", { type: "button", "data-action": screen.setup ? "new-game" : "new" },
      screen.setup ? "New game" : "New deal"),
    undo: h("button", { type: "button", "data-action": "undo", "aria-keyshortcuts": "Control+Z" }, "Undo"),
    redo: h("button", { type: "button", "data-action": "redo", "aria-keyshortcuts": "Control+Y" }, "Redo"),
    hint: h("button", { type: "button", "data-action": "hint" }, "Hint"),
    coach: h("button", { type: "button", "data-action": "coach" }, "Replay"),
  };
  const dealInput = h("input", { type: "number", id: "deal-number", min: "0", step: "1", inputmode: "numeric",
    "aria-label": "Deal number" });
  const dealForm = h("form", { class: "deal-form" }, h("label", { for: "deal-number" }, "Deal"), dealInput,
    h("button", { type: "submit", "data-action": "deal" }, "Play deal"));
  const options = optionControls(spec, async (values) => {
    if (await extras.leaveGame()) newGame(values, currentSeed());
    else render(); // the option controls show the game's options again
  });
  const speedSelect = h("select", { id: "speed", "aria-label": "Computer speed" },
    ...SPEEDS.map(([key, label]) => h("option", { value: key }, label)));
  speedSelect.value = speed;
  const speedLabel = h("label", { for: "speed", class: "option speed" }, "Computer speed ", speedSelect);
  const tools = gameTools({ gameId: spec.id, engine, say, session: () => state.session, load: importRecord,
    abandon: () => countAbandoned(state.view, state.token), saved: persist,
    linkOptions: { seats: screen.setup, hidden: Boolean(spec.hidden_hands) } });
  const extras = createExtras({ spec, state, send, autoplay, render, say, myTurn, delay: () => delay(), newGame,
    values: () => options.values() });
  const extraMoves = h("span", { class: "extra-moves" }); // moves the engine accepts beside the legal ones (resign)
  // The screen fits the viewport (style.css): a compact toolbar, a message area of fixed height, the
  // board taking the space left, and a side panel (the deal, options, speed, link, record, log) that
  // a "More" button opens on small screens.
  const moreButton = h("button", { type: "button", class: "more-button", "aria-expanded": "false",
    "aria-controls": "side-panel" }, "More");
  const toolbar = h("div", { class: "toolbar", role: "toolbar", "aria-label": "Game controls" },
    buttons.newGame, buttons.undo, buttons.redo, buttons.hint, ...(screen.buttons ?? []), ...extras.toolbar, extraMoves,
    buttons.coach,
    moreButton);
  const side = h("div", { class: "side-panel", id: "side-panel" },
    ...(screen.setup ? [] : [dealForm, ...options.elements]), ...extras.side, speedLabel, tools.element,
    h("a", { href: `#/rules/${spec.id}`, class: "rules-link side-rules" }, "Rules"),
    h("a", { href: "#/", class: "side-rules" }, "All games"), ...(screen.sideParts ?? []), screen.showsLog ? logBox : null);
  const messages = h("div", { class: "messages" }, message, hintBox);
  const playArea = h("div", { class: "play-area" },
    h("div", { class: "play-main" }, toolbar, h("div", { class: "statusline" }, status, ...(screen.statusExtras ?? [])),
      messages, wayOn, board), side);
  moreButton.addEventListener("click", () => {
    const open = !playArea.classList.contains("more-open");
    playArea.classList.toggle("more-open", open);
    moreButton.setAttribute("aria-expanded", String(open));
  });
  const body = h("div", { class: "game-body" });
  const section = h("section", { class: `game ${spec.id}${screen.setup ? " table-game" : ""}`, "data-game": spec.id },
    h("div", { class: "game-head" }, h("h1", {}, spec.name),
      h("a", { href: `#/rules/${spec.id}`, class: "rules-link" }, "Rules")),
    body, dialog, passScreen, extras.dialog);
  root.replaceChildren(section);
  for (const b of Object.values(buttons)) b.disabled = true;
  buttons.newGame.disabled = false;

  // ---- small helpers
  function name(seat) { return state.names[seat] ?? DEFAULT_NAMES[seat] ?? `Seat ${seat + 1}`; }
  function legal() { return state.view?.legal ?? []; }
  function isHuman(seat) { return state.view?.seats?.[seat] === "human"; }
  /** "Deal 12 · ", or nothing while a game with hidden hands is in progress (the number would show them). */
  function dealText(view) { return !spec.hidden_hands || view?.outcome ? `Deal ${view.seed} · ` : ""; }
  function hotSeat() { return (state.view?.seats ?? []).filter((k) => k === "human").length > 1; }
  /** The person on screen may move now. */
  function myTurn() {
    const view = state.view;
    return Boolean(view && !view.outcome && view.to_move === state.viewer && isHuman(state.viewer) &&
      !state.covered && !state.locked && legal().length);
  }
  const currentSeed = () => {
    const n = Number(dealInput.value);
    return Number.isSafeInteger(n) && n >= 0 ? n : state.view?.seed ?? randomSeed();
  };
  const delay = () => SPEEDS.find(([key]) => key === speed)[2];

  /** A message of the moment (a refusal, a selection); the next view replaces it. */
  function say(text, kind = "info") {
    state.message = { text, kind };
    message.textContent = text;
    message.dataset.kind = kind;
    if (kind === "error") { // the reason shakes, and the place picked once the board is drawn again
      shake(message, motionMs(speed));
      requestAnimationFrame(() => shake(board.querySelector(".selected"), motionMs(speed)));
    }
  }

  function setBusy(busy) {
    state.busy = busy;
    section.classList.toggle("busy", busy);
    board.dataset.busy = String(busy);
  }

  // ---- engine round trips
  /** Send a request for the game on screen; take in its view, save, count a finished game. */
  async function send(request, { token, log, daily = null } = {}) {
    if (state.busy) {
      // a click during a request is dropped; a new game or an import waits for it, then goes first
      if (request.op !== "new" && request.op !== "load") return null;
      while (state.busy) await state.inflight;
      cancelTimer(); // the computer's move the finished request asked for is not made on the new game
    }
    setBusy(true);
    let settle;
    state.inflight = new Promise((resolve) => { settle = resolve; });
    let answer = null;
    try {
      answer = await engine.request({ ...request, session: request.session ?? state.session,
        ...(request.op === "load" || request.op === "new" ? {} : { seat: state.viewer }) });
      if (!answer.ok) {
        if (request.op === "ai") state.failed = true; // no retry for ever: said below, the person may go on
        return answer;
      }
      const before = state.view;
      if (request.op === "new" || request.op === "load") startSession(answer, token, log, daily);
      accept(answer.view, request.op);
      persist(answer);
      if (finishes(request.op, before, state.view)) {
        countGame(state.view, state.token, { ...(screen.countExtra?.() ?? {}), daily: state.daily });
      }
      return answer;
    } catch (error) {
      say(error.message, "error");
      return null;
    } finally {
      setBusy(false);
      settle();
      if (answer?.ok === false && request.op === "ai") say(`The computer player failed: ${answer.error.message}`, "error");
      if (!state.disposed) { render(); step(); }
    }
  }

  /** Save the game from the answer's record (one request per move). */
  function persist(answer) {
    if (!answer.record) return;
    state.record = answer.record;
    saveGame(spec.id, { record: answer.record, token: state.token, log: state.log, daily: state.daily });
  }

  function startSession(answer, token, log = [], daily = null) {
    cancelTimer();
    Object.assign(state, { session: answer.session, token: token ?? newToken(spec.id), view: null, hint: null, daily,
      log: [...log], lastAction: {}, shownRound: null, shownOutcome: null, failed: false, moved: [],
      covered: answer.view.seats.filter((k) => k === "human").length > 1 && !answer.view.outcome }); // hot seat: cover first
    state.viewer = answer.view.seat;
    screen.reset?.();
    closeDialogs();
  }

  /** Take in a new view: the log, the message, then draw it. */
  function accept(view, op) {
    const events = view.events ?? [];
    events.forEach((event, i) => {
      const text = isHuman(event.seat) && name(event.seat) === "You" && event.you
        ? `You ${event.you}` : `${name(event.seat)} ${event.label}`;
      // a batch's repeated move (a computer drawing three tiles) is one line of the log
      let times = 1;
      while (i >= times && events[i - times].seat === event.seat && events[i - times].label === event.label) times += 1;
      if (times > 1) state.log.shift();
      logLine(times > 1 ? `${text} (${times} times)` : text, event.seat);
      state.lastAction[event.seat] = screen.actionText?.(event) ?? "";
    });
    if (view.round?.number !== state.view?.round?.number) {
      state.lastAction = {};
      state.moved = [];
    }
    trackMoves(view);
    for (const line of screen.roundLines?.(view, state.view, name) ?? []) logLine(line.text, line.seat);
    state.view = view;
    state.viewer = view.seat;
    state.hint = null;
    if (!view.outcome) state.shownOutcome = null; // a game finished again after an undo is shown again
    if (op === "undo") logLine("Moves taken back.");
    say(view.outcome ? view.outcome.reason || view.status : screen.describe?.(view, view.events?.at(-1), op) ?? "");
  }

  /** Keep the round's moves (from the view's events and move count; an undo drops those taken back). */
  function trackMoves(view) {
    const events = view.events ?? [];
    const first = view.moves - events.length; // the number of the view's first event's move
    state.moved = state.moved.filter((m) => m.n < first).slice(-MOVED_LIMIT);
    events.forEach((e, i) => state.moved.push({ n: first + i, seat: e.seat, kind: e.kind, tile: e.tile ?? null }));
  }

  /**
   * The tiles the other seats played since the person on screen last played (a move of theirs
   * that was not a draw) in this round: tile -> seat. Empty when no person sits at the screen.
   */
  function playedSince() {
    const seat = state.viewer;
    const since = new Map();
    if (!isHuman(seat)) return since;
    for (const move of state.moved) {
      if (move.seat === seat && move.kind !== "draw") since.clear();
      else if (move.tile && move.seat !== seat) since.set(move.tile, move.seat);
    }
    return since;
  }

  function logLine(text, seat = null) {
    state.log.unshift({ text, seat });
    state.log.length = Math.min(state.log.length, LOG_LIMIT);
  }

  /** A person's move; `untilPlayable` (a forced draw): the draws that follow it, forced too, in the same request. */
  async function play(moveId, { untilPlayable = false } = {}) {
    const answer = await send({ op: "play", move: moveId, ...(untilPlayable ? { until_playable: true } : {}) });
    if (answer && !answer.ok) say(answer.error.message, "error");
    return answer;
  }

  /** Send next(view) requests one after another (autoplay, play to the end) until stopped. */
  async function autoplay(next, pause, { stopped }) {
    state.locked = true;
    render();
    try {
      for (let request = next(state.view); request && !stopped(); request = next(state.view)) {
        const answer = await send(request);
        if (!answer?.ok) {
          if (answer) say(answer.error.message, "error");
          break;
        }
        await state.slides; // autoplay follows the animation: each move's slide ends before the pause
        if (!state.view.outcome) await sleep(pause);
      }
    } finally {
      state.locked = false;
      render();
    }
  }

  // ---- starting games
  /** A new game; extra: {winnable (default: the switch), daily: the day of a daily deal} (extras.js). */
  async function newGame(values, seed, seats = ["human"], names = null, extra = {}) {
    stopPlaying();
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
    if (answer?.ok) {
      showPlay();
      if (!names) say(`${extras.introText(request, extra)}${dealText(answer.view).replace(" · ", ". ")}${screen.intro(answer.view)}`);
      await screen.started?.(state.view, null);
      render();
      step();
    }
    return answer;
  }
  const seatText = (kind) => (kind === "human" ? "person" : `computer, ${seatLevel(kind)}`);

  /** Before another game opens: an autoplay, a solution playing and a computer's move waiting stop. */
  function stopPlaying() {
    screen.stop?.();
    extras.stop();
    cancelTimer();
  }

  /** Put a record on screen in place of the game there (resume, import), seen by its first person's seat. */
  async function load(record, token, note, log = [], daily = null, fields = {}) {
    stopPlaying();
    if (note) log = [{ text: note, seat: null }, ...log];
    const answer = await send({ op: "load", record, seat: personSeat(record) ?? 0, ...fields }, { token, log, daily });
    if (!answer?.ok) return answer;
    showPlay();
    await screen.started?.(state.view, record);
    render();
    step();
    return answer;
  }

  /** An imported file replaces the game on screen as a new deal does: asked, the game left counted
   *  as lost; a game imported in progress counts as assisted (the engine marks it). */
  async function importRecord(record) {
    const check = await engine.request({ op: "load", record, seat: personSeat(record) ?? 0 });
    if (!check.ok) return check; // a file the engine refuses: nothing asked, nothing changed
    engine.request({ op: "close", session: check.session }).catch(() => {});
    if (!(await extras.leaveGame())) return null;
    return load(record, newToken(spec.id), `Imported deal ${record.seed}.`, [], null, { imported: true });
  }

  function showPlay() {
    if (!body.contains(playArea)) body.replaceChildren(playArea);
  }

  function showSetup(initial, canCancel) {
    cancelTimer();
    closeDialogs();
    const box = h("div", { class: "setup-box" });
    body.replaceChildren(box);
    renderSetup(box, {
      spec, initial,
      onCancel: canCancel ? () => { showPlay(); render(); step(); } : null,
      onStart: async (choice, fail) => {
        if (!(await extras.leaveGame())) return; // the game left behind, in progress, counts as lost
        const answer = await newGame(choice.options, choice.seed, choice.seats, choice.names);
        if (answer && !answer.ok) fail(answer.error.message);
      },
    });
  }

  function startNew() {
    const view = state.view;
    if (screen.setup) showSetup(view ? { options: view.options, seats: view.seats, names: state.names } : { names: state.names },
      Boolean(view));
    else newGame(options.values(), randomSeed());
  }

  // ---- what happens next: a computer move, the pass screen, a summary, or the person's turn
  /** Forget what was due next (a computer move, a dialog). */
  function cancelTimer() {
    clearTimeout(state.timer);
    state.ticket += 1;
  }

  /** Run fn `pause` ms after the slides of the view on screen have ended (one move at a time is seen). */
  function afterSlides(pause, fn) {
    const view = state.view;
    const ticket = state.ticket;
    state.slides.then(() => {
      if (ticket !== state.ticket || state.view !== view || state.disposed) return;
      if (pause > 0) state.timer = setTimeout(fn, pause);
      else fn();
    });
  }

  function step() {
    cancelTimer();
    const view = state.view;
    if (!view || state.busy || state.disposed || !body.contains(playArea)) return;
    // the tile that ends a round or a game lands and stays in view a moment before the dialog opens
    const linger = (show) => {
      const pause = motionMs(speed) ? ROUND_END_PAUSE_MS : 0;
      afterSlides(pause, () => { if (!state.busy && state.view === view) show(); });
    };
    if (view.outcome) {
      if (state.shownOutcome !== `${state.session}:${view.moves}`) linger(showOutcome);
      return;
    }
    if (view.round?.over && state.shownRound !== `${state.session}:${view.round.number}`) {
      linger(showSummary);
      return;
    }
    const seat = view.to_move;
    if (seat === null || seat === undefined || dialog.open) return;
    if (!isHuman(seat)) {
      // the computer's whole turn (its draws, then its play) is one request, once the last slide has ended
      if (!state.failed && !state.locked) afterSlides(delay(), () => send({ op: "ai", until_playable: true }));
    } else if (hotSeat() && (seat !== state.viewer || state.covered)) {
      showPassScreen(seat);
    }
  }

  function closeDialogs() {
    if (dialog.open) dialog.close();
    if (passScreen.open) passScreen.close();
  }

  async function reveal(seat) {
    const answer = await engine.request({ op: "view", session: state.session, seat });
    if (!answer.ok) return;
    if (passScreen.open) passScreen.close();
    state.covered = false;
    state.view = { ...answer.view, events: [] };
    state.viewer = seat;
    say(`${name(seat)}, your turn.`);
    render();
    board.querySelector("[data-slot]:not([disabled])")?.focus();
  }

  function showPassScreen(seat) {
    state.covered = true;
    render();
    const go = h("button", { type: "button", class: "primary", id: "pass-ready", "data-seat": String(seat) },
      `I am ${name(seat)}: show my tiles`);
    go.addEventListener("click", () => reveal(seat));
    passScreen.replaceChildren(h("h2", { id: "pass-title" }, `Pass the device to ${name(seat)}`),
      h("p", {}, "Every hand is hidden. Only the player named above should look at the next screen."),
      h("div", { class: "actions" }, go));
    if (!passScreen.open) passScreen.showModal();
    renderWayOn();
    go.focus();
  }

  function action(label, attrs, onClick) {
    const button = h("button", { type: "button", ...attrs }, label);
    button.addEventListener("click", () => { dialog.close(); onClick(); });
    return button;
  }

  function nextRound() {
    const view = state.view;
    state.shownRound = `${state.session}:${view.round.number}`;
    const move = legal().find((m) => m.kind === "next-round");
    if (move) play(move.id);
    else { render(); step(); }
  }

  function showSummary() {
    const view = state.view;
    state.shownRound = `${state.session}:${view.round.number}`;
    const move = isHuman(view.to_move) ? legal().find((m) => m.kind === "next-round") : null;
    const next = action(move?.button ?? (move ? `Deal round ${view.round.number + 1}` : "Continue"),
      { class: "primary", id: "next-round" }, nextRound);
    dialog.dataset.kind = "round";
    dialog.replaceChildren(h("h2", { id: "summary-title" }, `Round ${view.last_round?.round ?? view.round.number} is over`),
      ...screen.roundSummary(view, view.last_round), h("div", { class: "actions" }, next));
    dialog.showModal();
    renderWayOn();
    next.focus();
  }

  function showOutcome() {
    const view = state.view;
    state.shownOutcome = `${state.session}:${view.moves}`;
    const seat = personSeat(view) ?? 0;
    const won = view.outcome.winners.includes(seat);
    const again = action(screen.setup ? "New game, same table" : "New deal", { class: "primary", id: "play-again" },
      () => newGame(screen.setup ? view.options : options.values(), randomSeed(), view.seats, screen.setup ? state.names : null));
    const replay = action(screen.setup ? "Replay this deal" : "Replay deal", { id: "replay", "data-action": "replay" },
      () => newGame(view.options, view.seed, view.seats, screen.setup ? state.names : null,
        { winnable: view.winnable, daily: state.daily }));
    const actions = [again, replay];
    if (screen.setup) actions.push(action("Change setup", { id: "change-setup" }, () =>
      showSetup({ options: view.options, seats: view.seats, names: state.names }, false)));
    if (!won && view.can_undo && !hotSeat()) actions.push(action("Undo last move", {}, undo));
    if (!hotSeat()) actions.push(action("Review the game", { "data-action": "review-game" }, openCoach));
    actions.push(action(screen.setup ? "Look at the table" : "Close", {}, () => render()));
    dialog.dataset.kind = "game-over";
    dialog.dataset.result = won ? "won" : "lost";
    dialog.replaceChildren(h("h2", { id: "summary-title" }, screen.outcomeTitle(view, won)),
      ...screen.outcomeBody(view), h("div", { class: "actions" }, ...actions));
    dialog.showModal();
    renderWayOn();
    again.focus();
    if (won) celebrate(motionMs(speed));
  }

  // A dialog closed by a key (Esc) leaves the screen as it was: the way-on bar offers what it offered.
  dialog.addEventListener("close", () => render());
  passScreen.addEventListener("close", () => render());

  /** The buttons that move a stopped screen on when its dialog is closed (defect: Esc left none). */
  function renderWayOn() {
    const view = state.view;
    const parts = [];
    if (view && !dialog.open && !passScreen.open) {
      if (view.outcome) {
        const show = h("button", { type: "button", "data-action": "show-result" }, "Show the result");
        show.addEventListener("click", () => { state.shownOutcome = null; step(); });
        parts.push(show);
      } else if (view.round?.over) {
        const show = h("button", { type: "button", "data-action": "show-summary" }, "Show the round summary");
        show.addEventListener("click", showSummary);
        const move = isHuman(view.to_move) ? legal().find((m) => m.kind === "next-round") : null;
        const next = h("button", { type: "button", class: "primary", "data-action": "next-round" },
          move?.button ?? (move ? `Deal round ${view.round.number + 1}` : "Continue"));
        next.addEventListener("click", nextRound);
        parts.push(next, show);
      } else if (state.covered && isHuman(view.to_move)) {
        const go = h("button", { type: "button", class: "primary", "data-action": "reveal" },
          `I am ${name(view.to_move)}: show my tiles`);
        go.addEventListener("click", () => reveal(view.to_move));
        parts.push(go);
      }
    }
    const focused = wayOn.contains(document.activeElement);
    wayOn.replaceChildren(...parts);
    wayOn.hidden = !parts.length;
    if (focused || (parts.length && document.activeElement === document.body)) parts[0]?.focus();
  }

  /** Buttons for the extra moves (The Big Clock's resign): a second click within a few seconds confirms. */
  function renderExtraMoves(moves) {
    const keep = [...extraMoves.children].map((b) => b.dataset.move).join() === moves.map((m) => m.id).join();
    if (keep) return;
    extraMoves.replaceChildren(...moves.map((move) => {
      const button = h("button", { type: "button", "data-move": move.id }, move.button ?? move.you);
      button.addEventListener("click", () => {
        if (button.dataset.confirm) {
          play(move.id);
          return;
        }
        button.dataset.confirm = "true";
        button.textContent = `${move.button ?? move.you}: are you sure?`;
        setTimeout(() => { delete button.dataset.confirm; button.textContent = move.button ?? move.you; }, 4000);
      });
      return button;
    }));
  }

  // ---- undo, redo, hint
  function undo() {
    if (state.busy || hotSeat()) return;
    screen.stop?.();
    state.shownRound = null;
    send({ op: "undo" });
  }
  function redo() {
    if (state.busy || hotSeat()) return;
    screen.stop?.();
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
    screen.hinted?.(api.hintMove());
    render();
  }

  extras.attach({ newGameButton: buttons.newGame, startNew, asks: !screen.setup }); // the setup asks at its start
  buttons.undo.addEventListener("click", undo);
  buttons.redo.addEventListener("click", redo);
  buttons.hint.addEventListener("click", hint);
  buttons.coach.addEventListener("click", openCoach);

  // ---- the coach: replay and review the game on screen (the game waits meanwhile)
  let coach = null;
  function openCoach() {
    if (!state.record || state.busy || hotSeat()) return;
    cancelTimer();
    closeDialogs();
    coach = createCoach({ engine, spec, record: state.record, createRenderer: RENDERERS[spec.screen], name,
      motionMs: api.motionMs, onClose: closeCoach });
    body.replaceChildren(coach.element);
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
  speedSelect.addEventListener("change", () => {
    speed = speedSelect.value;
    saveSpeed(speed);
  });
  dealForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const n = Number(dealInput.value);
    if (!Number.isSafeInteger(n) || n < 0) say("A deal number is a whole number, 0 or more.", "error");
    else extras.leaveGame().then((go) => { if (go) newGame(options.values(), n); else render(); });
  });
  const onShortcut = (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.target.matches?.("input, select, textarea")) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) buttons.undo.click();
    else if (key === "y" || (key === "z" && event.shiftKey)) buttons.redo.click();
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onShortcut);

  attachBoardInput(board, {
    onActivate: (slot) => { if (!state.busy) screen.activate(slot); },
    onDrop: (from, to) => { if (!state.busy) screen.drop(from, to); },
    onCancel: () => { screen.cancel(); say(""); render(); },
    targets: (slot) => (state.busy ? [] : screen.targets(slot)),
  });

  // ---- drawing
  function render() {
    const view = state.view;
    if (!view || !body.contains(playArea)) return;
    const focused = document.activeElement;
    const focusKey = board.contains(focused) ? focused.closest("[data-slot]")?.dataset.slot : null;
    const hadFocus = section.contains(focused);
    if (dealText(view)) board.dataset.seed = String(view.seed);
    else delete board.dataset.seed; // a game with hidden hands in progress: its deal shows every hand
    Object.assign(board.dataset, {
      session: state.session, moves: String(view.moves),
      over: view.outcome ? "game" : "", toMove: view.to_move === null ? "" : String(view.to_move),
      viewer: String(state.viewer), round: String(view.round?.number ?? ""), roundOver: String(Boolean(view.round?.over)),
      covered: String(state.covered),
    });
    const slides = drawMoving(board, screen.draw, view, state.drawnView && state.drawnView !== view ? motionMs(speed) : 0);
    if (state.drawnView !== view) state.slides = slides;
    state.drawnView = view;
    if (!screen.setup) {
      dealInput.value = dealText(view) ? String(view.seed) : "";
      options.set(view.options);
    }
    tools.update(view);
    status.textContent = screen.statusText(view);
    const mine = myTurn();
    buttons.undo.disabled = state.locked || !view.can_undo || hotSeat();
    buttons.redo.disabled = state.locked || !view.can_redo || hotSeat();
    buttons.undo.hidden = buttons.redo.hidden = hotSeat();
    buttons.hint.disabled = !mine || Boolean(view.round?.over);
    buttons.hint.hidden = settings.hints === false;
    buttons.coach.disabled = state.locked || !view.moves || hotSeat();
    buttons.coach.hidden = hotSeat(); // a replay from one seat would show that seat's hand to everyone
    const computers = view.seats.some((k) => k !== "human");
    speedLabel.hidden = !computers && !spec.winnable_deals; // the pace of the computers, and of the solution
    speedLabel.firstChild.nodeValue = computers ? "Computer speed " : "Solution speed ";
    speedSelect.setAttribute("aria-label", speedLabel.firstChild.nodeValue.trim());
    extras.update(view, mine);
    hintBox.hidden = !state.hint;
    if (state.hint) {
      const { chance, reason } = state.hint;
      const what = state.hint.you.charAt(0).toUpperCase() + state.hint.you.slice(1);
      hintBox.textContent = `Hint: ${what}. ${reason}` +
        (chance > 0 && chance < 1 && !reason.includes("%") ? ` (chance to win ${Math.round(chance * 100)}%)` : "");
    }
    message.textContent = state.message.text;
    message.dataset.kind = state.message.kind;
    logList.replaceChildren(...state.log.map((entry) =>
      h("li", { "data-seat": entry.seat === null ? null : String(entry.seat) }, entry.text)));
    renderExtraMoves(mine ? view.extra_moves ?? [] : []);
    renderWayOn();
    // the keyboard stays where it was, else on the next sensible control (never the page's body)
    const again = focusKey && board.querySelector(`[data-slot="${CSS.escape(focusKey)}"]:not([disabled])`);
    if (again) again.focus();
    else if (hadFocus && !dialog.open && !passScreen.open &&
      (!focused.isConnected || focused.disabled || focused.closest("[hidden]"))) {
      (screen.focusTarget?.() ?? board.querySelector("[data-slot]:not([disabled])") ??
        toolbar.querySelector("button:not([disabled])"))?.focus();
    }
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
    const link = readGameLink(spec, params, { seats: screen.setup });
    if (link.problems.length) notify(linkProblemsText(spec, link.problems));
    const linked = link.daily || link.seed !== null || link.fresh;
    const saved = await resumeSaved(!linked);
    // a link over a saved game in progress asks first: kept, the saved game stays; left, it counts as lost
    if (linked && saved && !(await extras.leaveGame())) return;
    if (link.daily && link.seed === null) {
      const answer = await extras.startDaily(link.options);
      if (answer?.ok) return;
      if (answer) notify(answer.error.message);
    } else if (link.seed !== null || link.fresh) {
      const seats = screen.setup ? link.seats ?? defaultSeats(Number(link.options.players ?? spec.players.min)) : ["human"];
      const names = screen.setup ? seats.map((_, i) => state.names[i] ?? DEFAULT_NAMES[i]) : null;
      const answer = await newGame(link.options, link.seed ?? randomSeed(), seats, names,
        link.winnable === null ? {} : { winnable: link.winnable });
      if (answer?.ok) return;
      if (answer) notify(answer.error.message);
    } else if (saved) {
      return;
    }
    if (screen.setup) showSetup({ names: state.names }, false);
    else await newGame(options.values(), randomSeed());
  }
  /** Put the saved game back on screen; true when it is there. `tell`: say that it was resumed. */
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
      cancelTimer();
      stopMotion();
      screen.stop?.();
      coach?.dispose();
      resize.disconnect();
      document.removeEventListener("keydown", onShortcut);
      closeDialogs();
    },
  };
}
