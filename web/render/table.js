// The table games (draw, matador, tiddle-a-wink, round-the-clock): one screen for all four,
// driven by the engine's view. Setup (setup.js), the layout (layout.js), the person's hand,
// the other seats around, computer moves at an adjustable pace, round summaries, hot-seat play
// with a "pass to <name>" screen, resume after reload, game links (#/play/draw?deal=3&set=double-6
// &players=2&target=50&seats=human,ai:easy; without seats, the settings page's default seats),
// record export and import, and the statistics of a finished game for the person's seat
// (the first seat a person plays; a table of computers only is not counted).

import { attachBoardInput } from "../input.js";
import { loadRecord, saveRecord, dropRecord, loadSettings } from "../storage.js";
import { tileSvg } from "./tiles.js";
import { h, randomSeed } from "./dom.js";
import { drawLayout } from "./layout.js";
import { renderSetup, seatLevel, defaultSeats, DEFAULT_NAMES } from "./setup.js";
import { countGame, finishes, gameTools, linkProblemsText, newToken, personSeat, readGameLink } from "./athome.js";

export const TABLE_GAMES = ["draw", "matador", "tiddle-a-wink", "round-the-clock"];
const SPEEDS = [["slow", "Slow", 1600], ["normal", "Normal", 800], ["fast", "Fast", 300], ["instant", "Instant", 0]];
const SPEED_KEY = "boneyard.table.speed.v1";
const NAMES_KEY = (game) => `boneyard.table.names.v1.${game}`;
const LOG_LIMIT = 80;

function readLocal(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}
function writeLocal(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch { /* storage full or off: play on */ }
}

/** "play:3-5:left:5" -> {tile: "3-5", end: "left"}; other moves -> null. */
export function parsePlay(id) {
  const parts = String(id).split(":");
  return parts[0] === "play" && parts.length >= 3 ? { tile: parts[1], end: parts[2] } : null;
}

const VERB_FOR_YOU = { plays: "play", draws: "draw", passes: "pass", says: "say", deals: "deal" };
/** "Ada plays 3-5 …" / "You play 3-5 …". */
export function sentence(name, label) {
  if (name === "You") {
    const [verb, ...rest] = String(label).split(" ");
    return ["You", VERB_FOR_YOU[verb] ?? verb, ...rest].join(" ");
  }
  return `${name} ${label}`;
}
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
/** A say(text, kind) that writes into one message element. */
const sayIn = (element) => (text, kind = "info") => {
  element.textContent = text;
  element.dataset.kind = kind;
};
const sum = (values) => values.reduce((a, b) => a + b, 0);

export function mountTable(root, { engine, spec, params, notify }) {
  const GAME = spec.id;
  const state = {
    session: null, view: null, viewer: 0, names: [], selected: null, hint: null, busy: false, timer: 0,
    log: [], lastAction: {}, shownRound: null, shownOutcome: null, covered: false, round: null, disposed: false,
    choice: null, token: null, // token: this game, counted once in the statistics
  };
  const storedSpeed = readLocal(SPEED_KEY);
  const { settings } = loadSettings(); // the settings page: animation speed and hints
  const bySetting = { normal: "normal", fast: "fast", off: "instant" }[settings.animation] ?? "normal";
  let speed = SPEEDS.some(([k]) => k === storedSpeed) ? storedSpeed : bySetting;

  // ---- the screen
  const title = h("h1", {}, spec.name);
  const newButton = h("button", { type: "button", "data-action": "new-game" }, "New game");
  const head = h("div", { class: "game-head" }, title, h("a", { href: `#/rules/${GAME}`, class: "rules-link" }, "Rules"),
    newButton);
  const body = h("div", { class: "table-body" });
  const toolsMessage = h("p", { class: "message", id: "tools-message", "aria-live": "polite" });
  const tools = gameTools({ gameId: GAME, engine, session: () => state.session, say: sayIn(toolsMessage),
    load: importGame, linkOptions: { seats: true } });
  const section = h("section", { class: "game table-game", "data-game": GAME, id: "table-screen" }, head, body,
    tools.element, toolsMessage);
  root.replaceChildren(section);

  const turn = h("p", { class: "turn-banner", id: "turn", role: "status", "aria-live": "polite" });
  const info = h("p", { class: "table-info", id: "table-info" });
  const lastMove = h("p", { class: "last-move", id: "last-move", "aria-live": "polite" });
  const speedSelect = h("select", { id: "speed", "aria-label": "Computer speed" },
    ...SPEEDS.map(([key, label]) => h("option", { value: key }, label)));
  speedSelect.value = speed;
  const hintButton = h("button", { type: "button", "data-action": "hint" }, "Hint");
  const undoButton = h("button", { type: "button", "data-action": "undo" }, "Undo");
  const seats = h("ol", { class: "seats", id: "seats", "aria-label": "Players" });
  const layoutBox = h("div", { class: "layout-box", id: "layout" });
  const handHead = h("p", { class: "hand-head", id: "hand-head" });
  const hand = h("div", { class: "hand", id: "hand", role: "group", "aria-label": "Your tiles" });
  const actions = h("div", { class: "table-actions", id: "actions" });
  const message = h("p", { class: "message", id: "table-message", "aria-live": "polite" });
  const board = h("div", { class: "table-board", id: "table" }, layoutBox,
    h("div", { class: "hand-area" }, handHead, hand, actions, message));
  const logList = h("ol", { class: "table-log", id: "log", "aria-label": "What happened", reversed: "" });
  const logBox = h("details", { class: "log-box", open: "" }, h("summary", {}, "Play log"), logList);
  const summary = h("dialog", { class: "outcome round-summary", id: "round-summary", "aria-labelledby": "summary-title" });
  const passScreen = h("dialog", { class: "outcome pass-screen", id: "pass-screen", "aria-labelledby": "pass-title" });
  const tableView = h("div", { class: "table-view" },
    h("div", { class: "table-bar", role: "toolbar", "aria-label": "Game controls" }, turn,
      h("span", { class: "table-tools" }, h("label", { for: "speed", class: "option" }, "Computer speed ", speedSelect),
        hintButton, undoButton)),
    info, seats, lastMove, board, logBox, summary, passScreen);
  const setupBox = h("div", { class: "setup-box" });

  speedSelect.addEventListener("change", () => {
    speed = speedSelect.value;
    writeLocal(SPEED_KEY, speed);
  });
  const delay = () => SPEEDS.find(([k]) => k === speed)[2];

  const name = (seat) => state.names[seat] ?? DEFAULT_NAMES[seat] ?? `Seat ${seat + 1}`;
  const kinds = () => state.view?.seats ?? [];
  const isHuman = (seat) => kinds()[seat] === "human";
  const humans = () => kinds().map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
  const hotSeat = () => humans().length > 1;
  const legal = () => state.view?.legal ?? [];
  const myTurn = () => Boolean(state.view && !state.view.outcome && state.view.to_move === state.viewer &&
    isHuman(state.viewer) && !state.covered && legal().length);

  const say = sayIn(message);

  // ---- setup
  function showSetup(initial, canCancel) {
    clearTimeout(state.timer);
    if (summary.open) summary.close();
    if (passScreen.open) passScreen.close();
    body.replaceChildren(setupBox);
    newButton.hidden = true;
    renderSetup(setupBox, {
      spec, initial,
      onCancel: canCancel ? () => showTable() : null,
      onStart: async (choice, fail) => {
        const answer = await startGame(choice);
        if (answer && !answer.ok) fail(answer.error.message);
      },
    });
  }
  function showTable() {
    body.replaceChildren(tableView);
    newButton.hidden = false;
    render();
    step();
  }

  async function startGame({ options, seats: seatKinds, names, seed }) {
    await engine.ready();
    const many = seatKinds.filter((k) => k === "human").length > 1;
    const first = seatKinds.indexOf("human");
    const request = { op: "new", game: GAME, options, seed, seats: seatKinds };
    if (first >= 0) request.seat = first;
    const answer = await engine.request(request);
    if (!answer.ok) return answer;
    state.names = names;
    writeLocal(NAMES_KEY(GAME), names);
    resetGame(answer, first < 0 ? 0 : first);
    state.covered = many;
    body.replaceChildren(tableView);
    newButton.hidden = false;
    logLine(`New game, deal ${seed}: ${names.map((n, i) => `${n} (${kindText(seatKinds[i])})`).join(", ")}.`);
    accept(answer.view);
    await persist();
    step();
    return answer;
  }

  function resetGame(answer, viewer, token = newToken(GAME)) {
    clearTimeout(state.timer);
    state.session = answer.session;
    state.token = token;
    state.failed = false;
    state.viewer = viewer;
    state.view = null;
    state.selected = null;
    state.hint = null;
    state.choice = null;
    state.log = [];
    state.lastAction = {};
    state.shownRound = null;
    state.shownOutcome = null;
    state.round = null;
    if (summary.open) summary.close();
    if (passScreen.open) passScreen.close();
  }

  const kindText = (kind) => (kind === "human" ? "person" : `computer, ${seatLevel(kind)}`);

  // ---- talking to the engine
  async function send(request) {
    if (state.busy) return null;
    state.busy = true;
    section.dataset.busy = "true";
    try {
      const answer = await engine.request({ ...request, session: state.session, seat: state.viewer });
      if (!answer.ok) {
        if (request.op === "ai") { // do not retry for ever: say so, and let the person start again
          state.failed = true;
          say(`The computer player failed: ${answer.error.message}`, "error");
        }
        return answer;
      }
      const before = state.view;
      if (answer.view) accept(answer.view);
      if (finishes(request.op, before, answer.view)) countGame(answer.view, state.token, { scored: true });
      await persist();
      return answer;
    } catch (error) {
      say(error.message, "error");
      return null;
    } finally {
      state.busy = false;
      section.dataset.busy = "false";
      if (!state.disposed) step();
    }
  }

  async function persist() {
    const answer = await engine.request({ op: "record", session: state.session });
    if (answer.ok) saveRecord(GAME, answer.record, state.token);
  }

  /**
   * Put a record on the table in place of the game there (resume, import), seen by its first
   * person's seat; the engine replays it move by move and refuses a bad one without change.
   * token: the game's statistics token; note: the first line of the log.
   */
  async function loadGame(record, token, note) {
    if (state.busy) return null;
    clearTimeout(state.timer);
    state.busy = true;
    let answer;
    try {
      answer = await engine.request({ op: "load", record, seat: personSeat(record) ?? 0 });
    } finally {
      state.busy = false;
    }
    if (!answer.ok) {
      step(); // the game on the table goes on
      return answer;
    }
    resetGame(answer, answer.view.seat, token);
    state.covered = (record.seats ?? []).filter((k) => k === "human").length > 1;
    state.round = `${answer.view.round?.number}`;
    logLine(`${note} (round ${answer.view.round?.number ?? 1}).`);
    state.view = answer.view;
    showTable();
    return answer;
  }

  /** An imported record replaces the game on the table, and the saved game. */
  async function importGame(record) {
    const answer = await loadGame(record, newToken(GAME), `Imported deal ${record.seed}`);
    if (answer?.ok) await persist();
    return answer;
  }

  /** Take in a new view: log its events, then draw it. */
  function accept(view) {
    for (const event of view.events ?? []) {
      const who = name(event.seat);
      logLine(sentence(who, event.label), event.seat);
      if (event.move === "draw") state.lastAction[event.seat] = "drew";
      else if (event.move === "pass") state.lastAction[event.seat] = GAME === "tiddle-a-wink" ? "said “Go”" : "passed";
      else if (event.move.startsWith("play:")) state.lastAction[event.seat] = `played ${parsePlay(event.move).tile}`;
    }
    const round = view.round;
    const key = `${round?.number}`;
    if (round && state.round !== key) {
      state.round = key;
      state.lastAction = {};
      const redeal = round.redeals ? ` after ${round.redeals} redeal${round.redeals > 1 ? "s" : ""}` : "";
      const drew = round.lead_draws?.some((n) => n > 0)
        ? ` (${round.lead_draws.map((n, i) => (n ? `${name(i)} drew ${n}` : "")).filter(Boolean).join(", ")} looking for it)` : "";
      logLine(`Round ${round.number}: ${name(round.leader)} ${name(round.leader) === "You" ? "lead" : "leads"} with ` +
        `${round.lead_tile}${redeal}${drew}.`, round.leader);
      state.lastAction[round.leader] = `led ${round.lead_tile}`;
    }
    state.view = view;
    state.viewer = view.seat;
    if (state.selected && !(view.hand ?? []).includes(state.selected)) state.selected = null;
    if (view.to_move !== state.viewer) state.selected = null;
    state.hint = null;
    state.choice = null;
    render();
  }

  function logLine(text, seat = null) {
    state.log.unshift({ text, seat });
    state.log.length = Math.min(state.log.length, LOG_LIMIT);
  }

  // ---- what happens next: a computer move, a pass screen, a summary, or the person's turn
  function step() {
    clearTimeout(state.timer);
    const view = state.view;
    if (!view || state.busy || state.disposed || !body.contains(tableView)) return;
    if (view.outcome) {
      showOutcome();
      return;
    }
    if (view.round?.over && state.shownRound !== `${state.session}:${view.round.number}`) {
      showSummary();
      return;
    }
    if (summary.open) return;
    const seat = view.to_move;
    if (seat === null || seat === undefined) return;
    if (!isHuman(seat)) {
      if (state.failed) return;
      state.timer = setTimeout(() => send({ op: "ai" }), delay());
      return;
    }
    if (hotSeat() && (seat !== state.viewer || state.covered)) {
      showPassScreen(seat);
    }
  }

  function showPassScreen(seat) {
    state.covered = true;
    render();
    const go = h("button", { type: "button", class: "primary", id: "pass-ready", "data-seat": String(seat) },
      `I am ${name(seat)}: show my tiles`);
    go.addEventListener("click", async () => {
      const answer = await engine.request({ op: "view", session: state.session, seat });
      if (!answer.ok) return;
      passScreen.close();
      state.covered = false;
      state.viewer = seat;
      state.view = { ...answer.view, events: [] };
      render();
      say(`${name(seat)}, your turn.`);
    });
    passScreen.replaceChildren(
      h("h2", { id: "pass-title" }, `Pass the device to ${name(seat)}`),
      h("p", {}, "Every hand is hidden. Only the player named above should look at the next screen."),
      h("div", { class: "actions" }, go));
    if (!passScreen.open) passScreen.showModal();
    go.focus();
  }

  // ---- round summary and game over
  function summaryBody(last) {
    const rows = last.hands.map((tiles, i) => h("tr", { class: i === last.winner ? "winner" : "" },
      h("th", { scope: "row" }, name(i)),
      h("td", { class: "summary-hand" }, tiles.length
        ? h("span", { class: "mini-tiles" }, ...tiles.map(([a, b]) => h("span", { class: "mini-tile", title: `${a}-${b}` },
          tileSvg(`${a}-${b}`, { vertical: true }))))
        : "out"),
      h("td", { class: "num" }, String(last.pips[i])),
      h("td", { class: "num" }, last.points[i] ? `+${last.points[i]}` : "0"),
      h("td", { class: "num" }, String(last.scores[i]))));
    let headline;
    if (last.winner === null || last.winner === undefined) headline = "The round is blocked and the lowest hands tie: nobody scores.";
    else if (last.reason === "out") headline = `${name(last.winner)} went out${GAME === "tiddle-a-wink" ? " (Tiddle-A-Wink!)" : ""}.`;
    else headline = `The round is blocked: ${name(last.winner)} has the lowest hand.`;
    const points = last.winner === null || last.winner === undefined ? 0 : last.points[last.winner];
    return [
      h("p", { class: "summary-headline" }, headline),
      last.winner === null || last.winner === undefined ? null
        : h("p", { class: "arithmetic", id: "summary-arithmetic" },
          `${name(last.winner)} ${name(last.winner) === "You" ? "score" : "scores"} `, h("strong", {}, last.arithmetic),
          new RegExp(`(^|= )${points}$`).test(last.arithmetic) ? "" : ` = ${points}`, " points."),
      h("div", { class: "summary-scroll" }, h("table", { class: "summary-table" },
        h("thead", {}, h("tr", {}, h("th", {}, "Player"), h("th", {}, "Tiles left"), h("th", { class: "num" }, "Pips"),
          h("th", { class: "num" }, "Round"), h("th", { class: "num" }, "Total"))),
        h("tbody", {}, ...rows))),
      h("p", { class: "target" }, `First to ${state.view.target} wins.`),
    ];
  }

  function showSummary() {
    const view = state.view;
    state.shownRound = `${state.session}:${view.round.number}`;
    const last = view.last_round;
    const next = h("button", { type: "button", class: "primary", id: "next-round" },
      isHuman(view.to_move) ? `Deal round ${view.round.number + 1}` : "Continue");
    next.addEventListener("click", () => {
      summary.close();
      if (isHuman(view.to_move)) send({ op: "play", move: "next-round" });
      else step();
    });
    summary.dataset.kind = "round";
    summary.replaceChildren(h("h2", { id: "summary-title" }, `Round ${last?.round ?? view.round.number} is over`),
      ...(last ? summaryBody(last) : []), h("div", { class: "actions" }, next));
    if (!summary.open) summary.showModal();
    next.focus();
  }

  function showOutcome() {
    const view = state.view;
    const key = `${state.session}:${view.moves}`;
    if (state.shownOutcome === key) return;
    state.shownOutcome = key;
    const winners = view.outcome.winners ?? [];
    const text = winners.length
      ? `${winners.map(name).join(" and ")} ${winners.length > 1 || name(winners[0]) === "You" ? "win" : "wins"}!`
      : "Nobody wins.";
    const again = h("button", { type: "button", class: "primary", id: "play-again" }, "New game, same table");
    again.addEventListener("click", () => {
      summary.close();
      startGame({ options: view.options, seats: view.seats, names: state.names, seed: randomSeed() });
    });
    const replay = h("button", { type: "button", id: "replay", "data-action": "replay" }, "Replay this deal");
    replay.addEventListener("click", () => {
      summary.close();
      startGame({ options: view.options, seats: view.seats, names: state.names, seed: view.seed });
    });
    const change = h("button", { type: "button", id: "change-setup" }, "Change setup");
    change.addEventListener("click", () => {
      summary.close();
      showSetup({ options: view.options, seats: view.seats, names: state.names }, false);
    });
    const close = h("button", { type: "button" }, "Look at the table");
    close.addEventListener("click", () => summary.close());
    summary.dataset.kind = "game-over";
    summary.replaceChildren(h("h2", { id: "summary-title" }, `Game over: ${text}`),
      ...(view.last_round ? summaryBody(view.last_round) : []),
      h("div", { class: "actions" }, again, replay, change, close));
    if (!summary.open) summary.showModal();
    again.focus();
    section.dataset.over = "game";
  }

  // ---- input: select a tile, then a place (click, drag and drop, keyboard)
  const playsFor = (tile) => legal().filter((m) => parsePlay(m.id)?.tile === tile);
  const playsAt = (tile, end) => playsFor(tile).filter((m) => parsePlay(m.id).end === end);

  function activate(slot) {
    if (!myTurn() || state.busy) return;
    const [kind, value] = [slot.slice(0, slot.indexOf(":")), slot.slice(slot.indexOf(":") + 1)];
    if (kind === "hand") {
      if (!playsFor(value).length) {
        say(`${value} cannot be played now.`, "error");
        return;
      }
      state.selected = state.selected === value ? null : value;
      state.choice = null;
      say(state.selected ? `${value} selected: pick a highlighted place.` : "");
      render();
      if (state.selected) focusFirstMarker();
      return;
    }
    if (kind === "end") {
      if (!state.selected) {
        say("Pick a tile from your hand first.", "error");
        return;
      }
      placeAt(state.selected, value);
    }
  }

  function placeAt(tile, end) {
    const moves = playsAt(tile, end);
    if (!moves.length) {
      say(`${tile} does not go there.`, "error");
      return;
    }
    if (moves.length === 1) {
      play(moves[0].id);
      return;
    }
    state.choice = moves; // Matador: a matador played either way round
    render();
    actions.querySelector("[data-move]")?.focus();
  }

  function focusFirstMarker() {
    board.querySelector(".end-marker.active")?.focus();
  }

  async function play(moveId) {
    state.selected = null;
    const answer = await send({ op: "play", move: moveId });
    if (answer && !answer.ok) say(answer.error.message, "error");
    else if (answer) say("");
  }

  attachBoardInput(board, {
    onActivate: activate,
    onDrop: (from, to) => {
      if (!myTurn() || !from.startsWith("hand:") || !to.startsWith("end:")) return;
      state.selected = from.slice(5);
      placeAt(state.selected, to.slice(4));
    },
    onCancel: () => {
      state.selected = null;
      state.choice = null;
      say("");
      render();
    },
  });

  hintButton.addEventListener("click", async () => {
    if (!myTurn() || state.busy) return;
    hintButton.disabled = true;
    const answer = await engine.request({ op: "hint", session: state.session });
    if (!answer.ok) {
      say(answer.error.message, "error");
      render();
      return;
    }
    state.hint = answer;
    const p = parsePlay(answer.move);
    state.selected = p ? p.tile : null;
    render();
    say(`Hint: ${answer.label}.`);
  });
  undoButton.addEventListener("click", () => {
    if (state.busy || hotSeat()) return;
    send({ op: "undo" }).then((answer) => {
      if (answer?.ok) {
        logLine("Moves taken back.");
        state.shownRound = null;
        section.dataset.over = "";
        render();
      }
    });
  });
  newButton.addEventListener("click", () => {
    const view = state.view;
    showSetup(view ? { options: view.options, seats: view.seats, names: state.names } : {}, Boolean(view));
  });

  // ---- drawing
  function seatCard(i) {
    const view = state.view;
    const kind = view.seats[i];
    const toMove = view.to_move === i && !view.outcome;
    const me = i === state.viewer && isHuman(i);
    const count = view.hand_counts[i];
    return h("li", {
      class: `seat${toMove ? " to-move" : ""}${me ? " me" : ""}`, "data-seat": String(i),
      "aria-current": toMove ? "true" : null,
    },
    h("span", { class: "seat-name" }, toMove ? h("span", { class: "turn-mark", "aria-hidden": "true" }, "▶ ") : null, name(i),
      me ? h("span", { class: "seat-you" }, " (you)") : null),
    h("span", { class: "seat-kind" }, kind === "human" ? "person" : `computer · ${seatLevel(kind)}`),
    h("span", { class: "seat-tiles", "data-count": String(count) },
      h("span", { class: "tile-backs", "aria-hidden": "true" },
        ...Array.from({ length: Math.min(count, 9) }, () => h("span", { class: "tile-back" }))),
      ` ${count} tile${count === 1 ? "" : "s"}`),
    h("span", { class: "seat-score" }, `${view.scores[i]} pts`),
    h("span", { class: "seat-last" }, state.lastAction[i] ?? ""));
  }

  function endLabel(end) {
    const move = legal().find((m) => parsePlay(m.id)?.end === end.name);
    const where = move?.label.split(" on ").slice(1).join(" on ").split(",")[0];
    return where || `open end ${end.value}`;
  }

  function render() {
    const view = state.view;
    if (!view || !body.contains(tableView)) return;
    section.dataset.session = state.session;
    section.dataset.moves = String(view.moves);
    section.dataset.toMove = view.to_move === null ? "" : String(view.to_move);
    section.dataset.viewer = String(state.viewer);
    section.dataset.round = String(view.round?.number ?? "");
    section.dataset.roundOver = String(Boolean(view.round?.over));
    section.dataset.over = view.outcome ? "game" : "";
    section.dataset.covered = String(state.covered);
    section.dataset.seed = String(view.seed);
    tools.update(view);

    // turn banner
    const seat = view.to_move;
    let text;
    let whose = "none";
    if (view.outcome) {
      text = `Game over: ${(view.outcome.winners ?? []).map(name).join(" and ") || "nobody"} won.`;
    } else if (view.round?.over) {
      text = `Round ${view.round.number} is over.`;
    } else if (state.covered) {
      text = `Waiting for ${name(seat)}…`;
    } else if (seat === state.viewer && isHuman(seat)) {
      whose = "you";
      const only = legal().length && legal().every((m) => !parsePlay(m.id));
      text = hotSeat() ? `${name(seat)}, your turn` : "Your turn";
      const what = (m) => (m.id === "draw" ? "draw a tile" : m.id === "pass" ? (GAME === "tiddle-a-wink" ? "nothing fits, say “Go”"
        : "nothing fits, pass") : m.id === "next-round" ? "deal the next round" : m.label);
      text += only ? `: ${legal().map(what).join(" or ")}.`
        : ": pick a tile, then a highlighted place.";
    } else if (isHuman(seat)) {
      text = `${name(seat)}'s turn.`;
    } else {
      whose = "computer";
      text = `${name(seat)} (computer) is playing…`;
    }
    turn.textContent = text;
    turn.dataset.whose = whose;

    const target = view.target ? ` · first to ${view.target}` : "";
    const pile = GAME === "tiddle-a-wink" ? `${view.stock} set aside` : `${view.stock} in the draw pile`;
    const phase = view.board.kind === "spinner"
      ? ` · ${view.board.phase === "double" ? "double phase: each arm takes the double of its end" : "tile phase: each arm takes one matching tile"}`
      : "";
    info.textContent = `Round ${view.round?.number ?? 1} · ${pile}${target}${phase}`;

    seats.replaceChildren(...view.seats.map((_, i) => seatCard(i)));

    // layout
    const mine = myTurn();
    const selectedPlays = mine && state.selected ? playsFor(state.selected) : [];
    const hintEnd = state.hint ? parsePlay(state.hint.move)?.end : null;
    const lastIndex = view.board.tiles.length - 1;
    drawLayout(layoutBox, view.board, {
      lastIndex: view.moves > 0 ? lastIndex : -1,
      endNames: () => `Layout: ${view.board.tiles.length} tiles; open ends ${view.board.ends.map((e) => e.value).join(", ")}`,
      markerFor: (end) => {
        if (!mine) return null;
        const any = legal().some((m) => parsePlay(m.id)?.end === end.name);
        if (!any) return null;
        const active = selectedPlays.some((m) => parsePlay(m.id).end === end.name);
        return { slot: `end:${end.name}`, active, hinted: hintEnd === end.name,
          label: active ? `Play ${state.selected} on ${endLabel(end)}` : `open end: ${endLabel(end)}` };
      },
    });
    if (hintEnd) layoutBox.querySelector(`[data-end="${hintEnd}"]`)?.classList.add("hinted");

    // hand
    const showHand = !state.covered && (!hotSeat() || view.to_move === state.viewer || view.round?.over || view.outcome);
    const tiles = view.hand ?? [];
    handHead.textContent = showHand
      ? `${hotSeat() ? `${name(state.viewer)}'s` : "Your"} tiles (${tiles.length}, ${sum(tiles.map((t) => t.split("-").map(Number).reduce((a, b) => a + b, 0)))} pips)`
      : "Tiles hidden";
    if (showHand) {
      const focused = document.activeElement?.closest?.("[data-slot]")?.dataset.slot;
      hand.replaceChildren(...tiles.map((t) => {
        const playable = mine && playsFor(t).length > 0;
        const selected = state.selected === t;
        const drawn = view.drawn === t;
        return h("button", {
          type: "button", class: `tile hand-tile${playable ? " playable" : ""}${selected ? " selected" : ""}${drawn ? " drawn" : ""}` +
            `${state.hint && parsePlay(state.hint.move)?.tile === t ? " hinted" : ""}`,
          "data-slot": `hand:${t}`, "data-tile": t, "data-draggable": playable ? "" : null,
          "aria-pressed": String(selected), "aria-label": `tile ${t}${playable ? "" : ", cannot be played now"}${drawn ? ", just drawn" : ""}`,
        }, tileSvg(t, { vertical: true }));
      }));
      if (focused) hand.querySelector(`[data-slot="${focused}"]`)?.focus();
    } else {
      hand.replaceChildren(h("p", { class: "hand-hidden" }, state.covered
        ? `Hidden until ${name(view.to_move)} is ready.` : "Hidden while the others play."));
    }

    // buttons: draw / pass / Go, and a choice of ways round
    const buttons = [];
    if (mine) {
      const moves = state.choice ?? legal().filter((m) => !parsePlay(m.id) && m.id !== "next-round");
      for (const move of moves) {
        let label = move.label;
        if (move.id === "draw") label = "Draw a tile";
        else if (move.id === "pass") label = GAME === "tiddle-a-wink" ? "Go (pass)" : "Pass";
        else if (state.choice) label = capital(label.replace(/^plays /, "Play "));
        const button = h("button", { type: "button", class: "primary", "data-move": move.id }, label);
        button.addEventListener("click", () => play(move.id));
        buttons.push(button);
      }
      if (state.choice) {
        const cancel = h("button", { type: "button" }, "Cancel");
        cancel.addEventListener("click", () => { state.choice = null; render(); });
        buttons.push(cancel);
      }
    }
    actions.replaceChildren(...buttons);

    hintButton.disabled = !mine || Boolean(view.round?.over);
    hintButton.hidden = settings.hints === false;
    undoButton.disabled = hotSeat() || !view.can_undo || state.busy;
    undoButton.hidden = hotSeat();

    lastMove.textContent = state.log[0]?.text ?? "";
    logList.replaceChildren(...state.log.slice(0, LOG_LIMIT).map((entry) =>
      h("li", { "data-seat": entry.seat === null ? null : String(entry.seat) }, entry.text)));
  }

  let lastWidth = 0;
  const resize = new ResizeObserver(() => {
    const width = layoutBox.clientWidth;
    if (width && Math.abs(width - lastWidth) > 4) {
      lastWidth = width;
      render();
    }
  });
  resize.observe(layoutBox);

  // ---- start: a game from the URL, a saved game, or the setup screen
  async function begin() {
    body.replaceChildren(h("p", { class: "board-wait" }, "Waiting for the game engine…"));
    await engine.ready();
    const storedNames = readLocal(NAMES_KEY(GAME));
    const names = Array.isArray(storedNames) && storedNames.every((n) => typeof n === "string") ? storedNames : [];
    state.names = names;
    const link = readGameLink(spec, params, { seats: true });
    if (link.problems.length) notify(linkProblemsText(spec, link.problems));
    if (link.seed !== null) {
      const seatKinds = link.seats ?? defaultSeats(Number(link.options.players ?? spec.players.min));
      const answer = await startGame({ options: link.options, seats: seatKinds,
        names: seatKinds.map((_, i) => names[i] ?? DEFAULT_NAMES[i]), seed: link.seed });
      if (answer && !answer.ok) {
        notify(answer.error.message);
        showSetup({}, false);
      }
      return;
    }
    const { record, token, dropped } = loadRecord(GAME);
    if (dropped) notify(`The saved ${spec.name} game could not be read and was removed.`);
    if (record) {
      const answer = await loadGame(record, token ?? newToken(GAME), `Resumed deal ${record.seed}`);
      if (answer?.ok) return;
      dropRecord(GAME);
      notify(`The saved ${spec.name} game could not be restored and was removed.`);
    }
    showSetup({ names }, false);
  }

  begin().catch((error) => {
    body.replaceChildren(h("p", { class: "message", "data-kind": "error" }, error.message));
  });
  return {
    dispose() {
      state.disposed = true;
      clearTimeout(state.timer);
      resize.disconnect();
      if (summary.open) summary.close();
      if (passScreen.open) passScreen.close();
    },
  };
}
