// One controller for every game screen (the model: 2048's GameManager, with pluggable input,
// renderer and storage). It owns the engine round trips, saving (storage.js), undo/redo, hints,
// computer turns and their pace, the hot-seat cover, the dialogs, the end of a round and of a
// game, links, export/import and statistics. What differs per game comes from the catalog (its
// `screen` kind picks a renderer) and from the view; a renderer draws a view into the board and
// turns the player's clicks, drags and keys (input.js) into moves of `view.legal`.

import { attachBoardInput } from "../input.js";
import { SPEEDS, dayOf, dropRecord, loadNames, loadRecord, loadSettings, loadSpeed, saveNames, saveRecord,
  saveSettings, saveSpeed } from "../storage.js";
import { dailyLink, dailySeed } from "../daily.js";
import { h, optionControls, randomSeed } from "../render/dom.js";
import { countGame, finishes, gameTools, linkProblemsText, newToken, personSeat, readGameLink } from "../render/athome.js";
import { renderSetup, defaultSeats, DEFAULT_NAMES } from "../render/setup.js";
import { legacyScreen, withStructuredMoves } from "./legacy_moves.js";
import { createTable } from "../render/table.js";
import { createLuzon } from "../render/luzon.js";
import { createBigClock } from "../render/big_clock.js";
import { createClock } from "../render/clock.js";

/** A renderer per screen kind of the catalog. */
const RENDERERS = { table: createTable, columns: createLuzon, dial: createBigClock, "card-dial": createClock };
const LOG_LIMIT = 80;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Mount the screen of a game (spec: its catalog entry) into root. Returns {dispose}. */
export function mountGame(root, { engine, spec, params, notify }) {
  const state = {
    session: null, view: null, viewer: 0, names: loadNames(spec.id), token: null, busy: false, locked: false,
    hint: null, log: [], lastAction: {}, covered: false, shownRound: null, shownOutcome: null, timer: 0,
    failed: false, disposed: false, message: { text: "", kind: "info" },
    daily: null, // the day ("YYYY-MM-DD") whose daily deal is on screen; null: not a daily deal
    abandoning: false, // resigning a game left for a new deal: no result dialog
  };
  let { settings } = loadSettings();
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
    hintMove: () => (state.hint ? legal().find((m) => m.id === state.hint.move) ?? null : null),
  };
  const screen = RENDERERS[legacyScreen(spec)](api);
  board.id = screen.boardId;
  board.className = screen.boardClass;
  dialog.id = screen.dialogId;

  const buttons = {
    newGame: h("button", { type: "button", "data-action": screen.setup ? "new-game" : "new" },
      screen.setup ? "New game" : "New deal"),
    undo: h("button", { type: "button", "data-action": "undo", "aria-keyshortcuts": "Control+Z" }, "Undo"),
    redo: h("button", { type: "button", "data-action": "redo", "aria-keyshortcuts": "Control+Y" }, "Redo"),
    hint: h("button", { type: "button", "data-action": "hint" }, "Hint"),
    solution: h("button", { type: "button", "data-action": "solution", hidden: "" }, "Show solution"),
    finish: h("button", { type: "button", "data-action": "finish", hidden: "" }, "Finish"),
    resign: h("button", { type: "button", "data-action": "resign" }, "Resign"),
  };
  // winnable-only deals, where the catalog says the game offers them (the setting is the default)
  const winnableInput = h("input", { type: "checkbox", id: "winnable-only" });
  winnableInput.checked = settings.winnableOnly === true;
  const winnableLabel = spec.winnable_deals && !screen.setup
    ? h("label", { class: "option toggle", for: "winnable-only" }, winnableInput, " Winnable deals only") : null;
  const dailyAnchor = screen.setup ? null
    : h("a", { class: "button daily-link", id: "daily-link", "data-action": "daily", href: dailyLink(spec.id) }, "Daily deal");
  const dealInput = h("input", { type: "number", id: "deal-number", min: "0", step: "1", inputmode: "numeric",
    "aria-label": "Deal number" });
  const dealForm = h("form", { class: "deal-form" }, h("label", { for: "deal-number" }, "Deal"), dealInput,
    h("button", { type: "submit", "data-action": "deal" }, "Play deal"));
  const options = optionControls(spec, async (values) => {
    if (await leaveGame()) newGame(values, currentSeed());
    else render(); // the option controls show the game's options again
  });
  const speedSelect = h("select", { id: "speed", "aria-label": "Computer speed" },
    ...SPEEDS.map(([key, label]) => h("option", { value: key }, label)));
  speedSelect.value = speed;
  const speedLabel = h("label", { for: "speed", class: "option speed" }, "Computer speed ", speedSelect);
  const tools = gameTools({ gameId: spec.id, engine, say, session: () => state.session, load: importRecord,
    linkOptions: { seats: screen.setup, hidden: Boolean(spec.hidden_hands) } });
  const toolbar = h("div", { class: "toolbar", role: "toolbar", "aria-label": "Game controls" },
    buttons.newGame, ...(screen.setup ? [] : [dealForm, ...options.elements]), winnableLabel, buttons.undo,
    buttons.redo, buttons.hint, buttons.solution, buttons.finish, ...(screen.buttons ?? []), buttons.resign,
    dailyAnchor, speedLabel);
  const playArea = h("div", { class: "play-area" },
    toolbar, h("div", { class: "statusline" }, status, ...(screen.statusExtras ?? [])),
    message, hintBox, wayOn, board, screen.showsLog ? logBox : null, tools.element);
  const body = h("div", { class: "game-body" });
  const section = h("section", { class: `game ${spec.id}${screen.setup ? " table-game" : ""}`, "data-game": spec.id },
    h("div", { class: "game-head" }, h("h1", {}, spec.name),
      h("a", { href: `#/rules/${spec.id}`, class: "rules-link" }, "Rules")),
    body, dialog, passScreen);
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
  }

  function setBusy(busy) {
    state.busy = busy;
    section.classList.toggle("busy", busy);
    board.dataset.busy = String(busy);
  }

  // ---- engine round trips
  /** Send a request for the game on screen; take in its view, save, count a finished game. */
  async function send(request, { token, log, daily = null } = {}) {
    if (state.busy) return null;
    setBusy(true);
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
      accept(withStructuredMoves(answer.view), request.op);
      await persist(answer);
      if (finishes(request.op, before, state.view)) {
        countGame(state.view, state.token, { ...(screen.countExtra?.() ?? {}), daily: state.daily });
      }
      return answer;
    } catch (error) {
      say(error.message, "error");
      return null;
    } finally {
      setBusy(false);
      if (answer?.ok === false && request.op === "ai") say(`The computer player failed: ${answer.error.message}`, "error");
      if (!state.disposed) { render(); step(); }
    }
  }

  async function persist(answer) {
    const record = answer.record ?? (await engine.request({ op: "record", session: state.session })).record;
    if (record) saveRecord(spec.id, record, state.token, state.log, state.daily);
  }

  function startSession(answer, token, log = [], daily = null) {
    clearTimeout(state.timer);
    Object.assign(state, { session: answer.session, token: token ?? newToken(spec.id), view: null, hint: null, daily,
      log: [...log], lastAction: {}, shownRound: null, shownOutcome: null, failed: false,
      covered: answer.view.seats.filter((k) => k === "human").length > 1 && !answer.view.outcome }); // hot seat: cover first
    state.viewer = answer.view.seat;
    screen.reset?.();
    closeDialogs();
  }

  /** Take in a new view: the log, the message, then draw it. */
  function accept(view, op) {
    for (const event of view.events ?? []) {
      logLine(isHuman(event.seat) && name(event.seat) === "You" && event.you
        ? `You ${event.you}` : `${name(event.seat)} ${event.label}`, event.seat);
      state.lastAction[event.seat] = screen.actionText?.(event) ?? "";
    }
    if (view.round?.number !== state.view?.round?.number) state.lastAction = {};
    for (const line of screen.roundLines?.(view, state.view, name) ?? []) logLine(line.text, line.seat);
    state.view = view;
    state.viewer = view.seat;
    state.hint = null;
    if (!view.outcome) state.shownOutcome = null; // a game finished again after an undo is shown again
    if (op === "undo") logLine("Moves taken back.");
    say(view.outcome ? view.outcome.reason || view.status : screen.describe?.(view, view.events?.at(-1), op) ?? "");
  }

  function logLine(text, seat = null) {
    state.log.unshift({ text, seat });
    state.log.length = Math.min(state.log.length, LOG_LIMIT);
  }

  async function play(moveId) {
    const answer = await send({ op: "play", move: moveId });
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
        if (!state.view.outcome) await sleep(pause);
      }
    } finally {
      state.locked = false;
      render();
    }
  }

  // ---- starting games
  /** Winnable-only deals asked for: the toolbar's switch (by default the setting), where offered. */
  const wantWinnable = () => Boolean(spec.winnable_deals) && winnableInput.checked;

  /**
   * Start a new game. extra: {winnable (default: the switch), daily: the day of a daily deal}.
   * With winnable the engine deals the first deal from `seed` on that its solver proves winnable.
   */
  async function newGame(values, seed, seats = ["human"], names = null, extra = {}) {
    for (let i = 0; state.busy && i < 200; i++) await sleep(25); // an autoplay's last request
    screen.stop?.();
    stopSolution = true;
    const request = { op: "new", game: spec.id, options: values, seed, seats };
    if (spec.winnable_deals && (extra.winnable ?? wantWinnable())) request.winnable = true;
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
      const daily = extra.daily ? `The daily deal of ${extra.daily}. ` : "";
      const winnable = request.winnable ? "A deal the solver proves winnable. " : "";
      if (!names) say(`${daily}${dealText(answer.view).replace(" · ", ". ")}${winnable}${screen.intro(answer.view)}`);
      await screen.started?.(state.view, null);
      render();
      step();
    }
    return answer;
  }
  const seatText = (kind) => (kind === "human" ? "person" : `computer, ${kind.slice(3)}`);

  /** Put a record on screen in place of the game there (resume, import), seen by its first person's seat. */
  async function load(record, token, note, log = [], daily = null) {
    clearTimeout(state.timer);
    if (note) log = [{ text: note, seat: null }, ...log];
    const answer = await send({ op: "load", record, seat: personSeat(record) ?? 0 }, { token, log, daily });
    if (!answer?.ok) return answer;
    showPlay();
    await screen.started?.(state.view, record);
    render();
    step();
    return answer;
  }

  function importRecord(record) { return load(record, newToken(spec.id), `Imported deal ${record.seed}.`); }

  function showPlay() {
    if (!body.contains(playArea)) body.replaceChildren(playArea);
  }

  function showSetup(initial, canCancel) {
    clearTimeout(state.timer);
    closeDialogs();
    const box = h("div", { class: "setup-box" });
    body.replaceChildren(box);
    renderSetup(box, {
      spec, initial,
      onCancel: canCancel ? () => { showPlay(); render(); step(); } : null,
      onStart: async (choice, fail) => {
        const answer = await newGame(choice.options, choice.seed, choice.seats, choice.names);
        if (answer && !answer.ok) fail(answer.error.message);
      },
    });
  }

  /** Today's daily deal of this game with these options (winnable where the game offers it). */
  function startDaily(values) {
    const today = new Date();
    return newGame(values, dailySeed(today), ["human"], null, { winnable: Boolean(spec.winnable_deals), daily: dayOf(today) });
  }

  /** A game a person has moved in and that is not over: leaving it for a new deal counts it as lost. */
  function inProgress() {
    const view = state.view;
    return Boolean(view && !view.outcome && view.moves > 0 && personSeat(view) !== null);
  }

  /** Ask before a question's action; resolves true when the person confirms. */
  function ask(title, text, yes, no) {
    return new Promise((resolve) => {
      const answer = (value) => { dialog.close(); resolve(value); };
      const confirm = h("button", { type: "button", class: "primary", id: "confirm-yes" }, yes);
      const cancel = h("button", { type: "button", id: "confirm-no" }, no);
      confirm.addEventListener("click", () => answer(true));
      cancel.addEventListener("click", () => answer(false));
      dialog.addEventListener("cancel", () => resolve(false), { once: true });
      dialog.dataset.kind = "confirm";
      delete dialog.dataset.result;
      dialog.replaceChildren(h("h2", { id: "summary-title" }, title), h("p", {}, text), h("div", { class: "actions" }, confirm, cancel));
      dialog.showModal();
      cancel.focus();
    });
  }

  /**
   * Before a new deal replaces the game on screen: a game in progress is given up, once the
   * person agrees, and counted as lost (abandoning bad deals must not raise a win rate).
   * Resolves true when the new deal may start.
   */
  async function leaveGame() {
    if (!inProgress()) return true;
    const go = await ask("Leave this game?", "A new deal ends the game in progress: it counts as lost in the statistics.",
      "New deal, count this one as lost", "Keep playing");
    if (!go) return false;
    state.abandoning = true;
    try {
      const answer = await send({ op: "resign" });
      return Boolean(answer?.ok);
    } finally {
      state.abandoning = false;
    }
  }

  async function resign() {
    if (!state.view || state.view.outcome || state.busy) return;
    stopSolution = true;
    screen.stop?.();
    const go = await ask("Resign this game?", "The game ends now and counts as lost.", "Resign", "Keep playing");
    if (go) await send({ op: "resign" });
  }

  // ---- "Show solution" (plays the solver's winning line, stoppable) and "Finish" (nothing left to decide)
  let stopSolution = false;
  let showingSolution = false;
  const solutionOffered = (view) => Boolean(view && !view.outcome && Array.isArray(view.analysis?.solution) &&
    view.analysis.solution.length);

  async function showSolution() {
    if (showingSolution) {
      stopSolution = true;
      return;
    }
    if (!solutionOffered(state.view) || state.busy) return;
    showingSolution = true;
    stopSolution = false;
    say("Showing the solution: each move is the solver's.");
    try {
      await autoplay((view) => (solutionOffered(view) ? { op: "ai", level: "advisor" } : null), Math.max(delay(), 150),
        { stopped: () => stopSolution || state.disposed });
    } finally {
      showingSolution = false;
      render();
    }
  }

  async function finish() {
    if (!state.view?.finish?.length || !myTurn()) return;
    await autoplay((view) => (view.finish?.length && !view.outcome ? { op: "play", move: view.finish[0] } : null),
      Math.max(delay(), 150), { stopped: () => state.disposed });
  }

  function startNew() {
    const view = state.view;
    if (screen.setup) showSetup(view ? { options: view.options, seats: view.seats, names: state.names } : { names: state.names },
      Boolean(view));
    else newGame(options.values(), randomSeed());
  }

  // ---- what happens next: a computer move, the pass screen, a summary, or the person's turn
  function step() {
    clearTimeout(state.timer);
    const view = state.view;
    if (!view || state.busy || state.disposed || !body.contains(playArea)) return;
    if (view.outcome) {
      if (state.abandoning) state.shownOutcome = `${state.session}:${view.moves}`;
      else if (state.shownOutcome !== `${state.session}:${view.moves}`) showOutcome();
      return;
    }
    if (view.round?.over && state.shownRound !== `${state.session}:${view.round.number}`) {
      showSummary();
      return;
    }
    const seat = view.to_move;
    if (seat === null || seat === undefined || dialog.open) return;
    if (!isHuman(seat)) {
      if (!state.failed && !state.locked) state.timer = setTimeout(() => send({ op: "ai" }), delay());
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
    state.view = withStructuredMoves({ ...answer.view, events: [] });
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
    actions.push(action(screen.setup ? "Look at the table" : "Close", {}, () => render()));
    dialog.dataset.kind = "game-over";
    dialog.dataset.result = won ? "won" : "lost";
    dialog.replaceChildren(h("h2", { id: "summary-title" }, screen.outcomeTitle(view, won)),
      ...screen.outcomeBody(view), h("div", { class: "actions" }, ...actions));
    dialog.showModal();
    again.focus();
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
    screen.hinted?.(api.hintMove());
    render();
  }

  buttons.newGame.addEventListener("click", async () => { if (await leaveGame()) startNew(); });
  buttons.resign.addEventListener("click", resign);
  buttons.solution.addEventListener("click", showSolution);
  buttons.finish.addEventListener("click", finish);
  winnableInput.addEventListener("change", async () => {
    settings = { ...loadSettings().settings, winnableOnly: winnableInput.checked };
    saveSettings(settings);
    if (await leaveGame()) newGame(options.values(), randomSeed());
  });
  dailyAnchor?.addEventListener("click", async (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return; // a new tab
    event.preventDefault();
    if (await leaveGame()) startDaily(options.values());
  });
  buttons.undo.addEventListener("click", undo);
  buttons.redo.addEventListener("click", redo);
  buttons.hint.addEventListener("click", hint);
  speedSelect.addEventListener("change", () => {
    speed = speedSelect.value;
    saveSpeed(speed);
  });
  dealForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const n = Number(dealInput.value);
    if (!Number.isSafeInteger(n) || n < 0) say("A deal number is a whole number, 0 or more.", "error");
    else leaveGame().then((go) => { if (go) newGame(options.values(), n); else render(); });
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
    Object.assign(board.dataset, {
      session: state.session, moves: String(view.moves), seed: String(view.seed),
      over: view.outcome ? "game" : "", toMove: view.to_move === null ? "" : String(view.to_move),
      viewer: String(state.viewer), round: String(view.round?.number ?? ""), roundOver: String(Boolean(view.round?.over)),
      covered: String(state.covered),
    });
    screen.draw(view);
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
    buttons.resign.disabled = Boolean(view.outcome) || personSeat(view) === null || state.covered ||
      (state.locked && !showingSolution);
    buttons.solution.hidden = !solutionOffered(view) && !showingSolution;
    buttons.solution.textContent = showingSolution ? "Stop the solution" : "Show solution";
    buttons.solution.disabled = !showingSolution && (state.locked || !mine);
    buttons.finish.hidden = !(mine && view.finish?.length);
    buttons.finish.disabled = buttons.finish.hidden;
    if (dailyAnchor) dailyAnchor.href = dailyLink(spec.id, view.options);
    speedLabel.hidden = !view.seats.some((k) => k !== "human") && !solutionOffered(view);
    hintBox.hidden = !state.hint;
    if (state.hint) {
      const { chance, reason } = state.hint;
      const what = api.hintMove()?.you ?? state.hint.label;
      hintBox.textContent = `Hint: ${what}. ${reason}` +
        (chance > 0 && chance < 1 && !reason.includes("%") ? ` (chance to win ${Math.round(chance * 100)}%)` : "");
    }
    message.textContent = state.message.text;
    message.dataset.kind = state.message.kind;
    logList.replaceChildren(...state.log.map((entry) =>
      h("li", { "data-seat": entry.seat === null ? null : String(entry.seat) }, entry.text)));
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

  let lastWidth = 0;
  const resize = new ResizeObserver(() => {
    const width = board.clientWidth;
    if (width && Math.abs(width - lastWidth) > 4) {
      lastWidth = width;
      render();
    }
  });
  resize.observe(board);

  // ---- start: the deal of a game link, else the saved game, else a new deal or the setup
  async function begin() {
    await engine.ready();
    const link = readGameLink(spec, params, { seats: screen.setup });
    if (link.problems.length) notify(linkProblemsText(spec, link.problems));
    if (link.daily && link.seed === null) {
      const answer = await startDaily(link.options);
      if (answer?.ok) return;
      if (answer) notify(answer.error.message);
    } else if (link.seed !== null || link.fresh) {
      const seats = screen.setup ? link.seats ?? defaultSeats(Number(link.options.players ?? spec.players.min)) : ["human"];
      const names = screen.setup ? seats.map((_, i) => state.names[i] ?? DEFAULT_NAMES[i]) : null;
      const answer = await newGame(link.options, link.seed ?? randomSeed(), seats, names,
        link.winnable === null ? {} : { winnable: link.winnable });
      if (answer?.ok) return;
      if (answer) notify(answer.error.message);
    } else {
      const { record, token, log, daily, dropped } = loadRecord(spec.id);
      if (dropped) notify(`The saved ${spec.name} game could not be read and was removed.`);
      if (record) {
        const resumed = spec.hidden_hands ? "Resumed the game in progress." : `Resumed deal ${record.seed}.`;
        const answer = await load(record, token, resumed, log, daily);
        if (answer?.ok) {
          say(resumed);
          render();
          return;
        }
        dropRecord(spec.id);
        notify(`The saved ${spec.name} game could not be restored and was removed.`);
      }
    }
    if (screen.setup) showSetup({ names: state.names }, false);
    else await newGame(options.values(), randomSeed());
  }
  begin().catch((error) => say(error.message, "error"));

  return {
    dispose() {
      state.disposed = true;
      clearTimeout(state.timer);
      screen.stop?.();
      resize.disconnect();
      document.removeEventListener("keydown", onShortcut);
      closeDialogs();
    },
  };
}
