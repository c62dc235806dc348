// Luzon: pairs to twelve. Columns and reserve drawn as SVG tiles; select two exposed tiles to
// discard them (click, drag and drop or keyboard); move a column's bottom tile to an empty column.

import { attachBoardInput } from "../input.js";
import { loadRecord, saveRecord, dropRecord, loadSettings, saveSettings, recordResult, recordFileText,
  parseRecordFile } from "../storage.js";
import { tileSvg, parseTile } from "./tiles.js";
import { h, optionControls, randomSeed } from "./dom.js";

const GAME = "luzon";

/** Slots named by a move id: "discard:c1+r2" -> ["c1","r2"], "move:c2>c4" -> ["c2","c4"]. */
export function moveSlots(moveId) {
  const [, body = ""] = String(moveId).split(":");
  return body.split(/[+>]/).filter(Boolean);
}

/** The discard move id for two exposed slots: columns first, then reserve, each ascending. */
export function discardId(first, second) {
  const rank = (slot) => (slot[0] === "c" ? 0 : 10) + Number(slot.slice(1));
  return `discard:${[first, second].sort((x, y) => rank(x) - rank(y)).join("+")}`;
}

export function mountLuzon(root, { engine, spec, params, notify }) {
  const state = { session: null, view: null, selected: [], hint: null, busy: false, shownOutcome: null,
    token: null, startWinnable: null }; // token: this game, counted once in the statistics
  let { settings } = loadSettings();

  const message = h("p", { class: "message", role: "status", "aria-live": "polite" });
  const dealInput = h("input", { type: "number", id: "deal-number", min: "0", step: "1", inputmode: "numeric",
    "aria-label": "Deal number" });
  const options = optionControls(spec, (values) => newGame(values, currentSeed()));
  const buttons = {
    newDeal: h("button", { type: "button", "data-action": "new" }, "New deal"),
    undo: h("button", { type: "button", "data-action": "undo", "aria-keyshortcuts": "Control+Z" }, "Undo"),
    redo: h("button", { type: "button", "data-action": "redo", "aria-keyshortcuts": "Control+Y" }, "Redo"),
    hint: h("button", { type: "button", "data-action": "hint" }, "Hint"),
  };
  for (const button of Object.values(buttons)) button.disabled = true; // until the first view
  const dealForm = h("form", { class: "deal-form" },
    h("label", { for: "deal-number" }, "Deal"), dealInput,
    h("button", { type: "submit", "data-action": "deal" }, "Play deal"));
  const status = h("span", { class: "status", id: "game-status" });
  const winnable = h("span", { class: "winnable", id: "winnable", hidden: "" });
  const winnableToggle = h("input", { type: "checkbox", id: "show-winnable" });
  winnableToggle.checked = settings.showWinnable;
  const board = h("div", { class: "luzon-board", id: "board", "aria-label": "Luzon layout" },
    h("p", { class: "board-wait" }, "Waiting for the game engine…"));
  const hintBox = h("p", { class: "hint-text", id: "hint-text", hidden: "" });
  const outcome = h("dialog", { class: "outcome", id: "outcome", "aria-labelledby": "outcome-title" });
  const dealLink = h("a", { id: "deal-link", class: "deal-link", href: "#" }, "Link to this deal");
  const exportButton = h("button", { type: "button", "data-action": "export" }, "Export record");
  const importInput = h("input", { type: "file", id: "import-record", accept: ".json,application/json" });
  const tools = h("div", { class: "game-tools" }, dealLink, exportButton,
    h("label", { class: "button file-label", for: "import-record" }, "Import record", importInput));

  root.replaceChildren(h("section", { class: "game luzon" },
    h("div", { class: "game-head" },
      h("h1", {}, spec.name),
      h("a", { href: `#/rules/${GAME}`, class: "rules-link" }, "Rules")),
    h("div", { class: "toolbar", role: "toolbar", "aria-label": "Game controls" },
      buttons.newDeal, dealForm, ...options.elements, buttons.undo, buttons.redo, buttons.hint),
    h("div", { class: "statusline" }, status, winnable,
      h("label", { class: "toggle" }, winnableToggle, " Show if still winnable")),
    message, hintBox, board, tools, outcome));

  const currentSeed = () => {
    const n = Number(dealInput.value);
    return Number.isSafeInteger(n) && n >= 0 ? n : state.view?.seed ?? randomSeed();
  };

  function say(text, kind = "info") {
    message.textContent = text;
    message.dataset.kind = kind;
  }

  function setBusy(busy) {
    state.busy = busy;
    root.querySelector(".game").classList.toggle("busy", busy);
  }

  /** Send a request; on success show the new view and save the game. */
  async function send(request, { save = true } = {}) {
    if (state.busy) return null;
    setBusy(true);
    try {
      const answer = await engine.request(request);
      if (!answer.ok) return answer;
      if (answer.view) {
        const before = state.view;
        state.session = answer.session;
        state.selected = [];
        state.hint = null;
        if (save) await persist(); // saved before it is shown, and no await after it: a key
        show(answer.view); //         pressed once the move is on screen is never dropped as busy
        if (["play", "redo"].includes(request.op) && before && !before.outcome && answer.view.outcome) {
          countResult(answer.view);
        }
      }
      return answer;
    } catch (error) {
      say(error.message, "error");
      return null;
    } finally {
      setBusy(false);
    }
  }

  /** The statistics: a finished game, counted once (an undo and a second finish do not count again). */
  function countResult(view) {
    recordResult(GAME, view.options, { won: view.outcome.winners.includes(0) },
      { id: state.token, winnable: typeof state.startWinnable === "boolean" ? state.startWinnable : undefined });
  }

  /** After a new or loaded game: a fresh statistics token, and whether the deal was winnable at its start. */
  async function started(record) {
    state.token = `luzon:${Date.now().toString(36)}:${randomSeed()}`;
    state.startWinnable = state.view?.moves === 0 ? state.view.analysis?.winnable ?? null : null;
    if (record && state.startWinnable === null) { // a resumed game: ask the engine about its first position
      const first = await engine.request({ op: "load", record: { ...record, moves: [] } });
      if (first.ok) state.startWinnable = first.view.analysis?.winnable ?? null;
    }
  }

  async function persist() {
    const answer = await engine.request({ op: "record", session: state.session });
    if (answer.ok) saveRecord(GAME, answer.record);
  }

  async function newGame(values, seed) {
    const answer = await send({ op: "new", game: GAME, options: values, seed, seats: ["human"] });
    if (answer && !answer.ok) say(answer.error.message, "error");
    else if (answer) {
      say(`Deal ${seed}. Pair exposed tiles totalling 12.`);
      await started(null);
    }
  }

  async function play(moveId) {
    const answer = await send({ op: "play", session: state.session, move: moveId });
    if (answer && !answer.ok) {
      state.selected = [];
      render();
      const tiles = moveSlots(moveId).map(tileAt).filter(Boolean);
      const what = tiles.length === 2 ? `${tiles[0]} and ${tiles[1]}` : moveId;
      say(`Not allowed: ${what}. ${answer.error.message}`, "error");
    } else if (answer) {
      say(answer.view.events.at(-1)?.label ?? "");
    }
  }

  function tileAt(slot) {
    const b = state.view?.board;
    if (!b) return null;
    if (slot[0] === "r") return b.reserve[Number(slot.slice(1)) - 1] ?? null;
    return b.columns[Number(slot.slice(1)) - 1]?.at(-1) ?? null;
  }

  function activate(slot) {
    if (state.busy || !state.view || state.view.outcome) return;
    const tile = tileAt(slot);
    if (!tile) { // an empty column: the target of a column move
      const from = state.selected.find((s) => s[0] === "c");
      if (state.selected.length === 1 && from) play(`move:${from}>${slot}`);
      else say("To start a new column, select a column's bottom tile first, then the empty column.", "error");
      return;
    }
    if (state.selected.includes(slot)) {
      state.selected = state.selected.filter((s) => s !== slot);
    } else {
      state.selected = [...state.selected, slot];
    }
    if (state.selected.length === 2) {
      play(discardId(...state.selected));
      return;
    }
    if (state.selected.length === 1) {
      const { pips } = parseTile(tile);
      say(`Selected ${tile} (${pips} pips): pick a tile with ${12 - pips} pips, or an empty column.`);
    } else {
      say("");
    }
    render();
  }

  function drop(from, to) {
    if (state.busy || !state.view || state.view.outcome) return;
    if (!tileAt(from)) return;
    state.selected = [];
    if (tileAt(to)) play(discardId(from, to));
    else play(`move:${from}>${to}`);
  }

  attachBoardInput(board, {
    onActivate: activate,
    onDrop: drop,
    onCancel: () => {
      state.selected = [];
      say("");
      render();
    },
  });

  buttons.newDeal.addEventListener("click", () => newGame(options.values(), randomSeed()));
  dealForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const n = Number(dealInput.value);
    if (!Number.isSafeInteger(n) || n < 0) {
      say("A deal number is a whole number, 0 or more.", "error");
      return;
    }
    newGame(options.values(), n);
  });
  buttons.undo.addEventListener("click", () => send({ op: "undo", session: state.session }).then(() => say("")));
  buttons.redo.addEventListener("click", () => send({ op: "redo", session: state.session }).then(() => say("")));
  buttons.hint.addEventListener("click", showHint);
  winnableToggle.addEventListener("change", () => {
    settings = { ...settings, showWinnable: winnableToggle.checked };
    saveSettings(settings);
    renderStatus();
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

  exportButton.addEventListener("click", async () => {
    if (!state.session) return;
    const answer = await engine.request({ op: "record", session: state.session });
    if (!answer.ok) {
      say(answer.error.message, "error");
      return;
    }
    const url = URL.createObjectURL(new Blob([recordFileText(answer.record)], { type: "application/json" }));
    const a = h("a", { href: url, download: `boneyard-${GAME}-deal-${answer.record.seed}.json`, hidden: "" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    say(`Exported deal ${answer.record.seed} (${answer.record.moves.length} moves).`);
  });
  importInput.addEventListener("change", async () => {
    const file = importInput.files?.[0];
    importInput.value = "";
    if (!file) return;
    const text = file.size > 2_000_000 ? "" : await file.text();
    const { record, error } = parseRecordFile(text, GAME);
    if (error) {
      say(`The file ${file.name} could not be imported: ${error}`, "error");
      return;
    }
    const answer = await send({ op: "load", record }); // the engine replays it move by move
    if (!answer?.ok) {
      say(`The file ${file.name} could not be imported: ${answer?.error?.message ?? "the engine refused it"}`, "error");
      return;
    }
    await started(record);
    say(`Imported deal ${record.seed} (${record.moves.length} moves).`);
  });

  async function showHint() {
    if (!state.session || state.busy) return;
    const answer = await engine.request({ op: "hint", session: state.session });
    if (!answer.ok) {
      say(answer.error.message, "error");
      return;
    }
    state.hint = answer;
    state.selected = [];
    render();
  }

  function show(view) {
    state.view = view;
    const query = new URLSearchParams({ deal: String(view.seed), ...view.options });
    dealLink.href = `#/play/${GAME}?${query}`;
    dealInput.value = String(view.seed);
    options.set(view.options);
    render();
  }

  function renderStatus() {
    const view = state.view;
    status.textContent = view ? `Deal ${view.seed} · ${view.status}` : "";
    const known = view?.analysis && typeof view.analysis.winnable === "boolean";
    winnable.hidden = !(settings.showWinnable && known && !view.outcome);
    if (known) {
      winnable.dataset.winnable = String(view.analysis.winnable);
      winnable.textContent = view.analysis.winnable ? "✓ Still winnable" : "✗ Can no longer be won";
    }
  }

  function tileButton(slot, tile, where) {
    const { pips } = parseTile(tile);
    const selected = state.selected.includes(slot);
    const hinted = state.hint && moveSlots(state.hint.move).includes(slot);
    return h("button", {
      type: "button", class: `tile exposed${selected ? " selected" : ""}${hinted ? " hinted" : ""}`,
      "data-slot": slot, "data-tile": tile, "data-draggable": "",
      "aria-pressed": String(selected), "aria-label": `tile ${tile}, ${pips} pips, ${where}`,
    }, tileSvg(tile), h("span", { class: "pips", "aria-hidden": "true" }, String(pips)));
  }

  function render() {
    const view = state.view;
    if (!view) return;
    const focused = document.activeElement?.closest?.("[data-slot]")?.dataset.slot;
    const { columns, reserve } = view.board;
    const cols = columns.map((column, i) => {
      const slot = `c${i + 1}`;
      const hinted = state.hint && moveSlots(state.hint.move).includes(slot);
      const items = column.map((tile, k) => k === column.length - 1
        ? tileButton(slot, tile, `bottom of column ${i + 1}`)
        : h("div", { class: "tile covered", "data-tile": tile }, tileSvg(tile)));
      if (!column.length) {
        items.push(h("button", { type: "button", class: `slot-empty${hinted ? " hinted" : ""}`, "data-slot": slot,
          "aria-label": `empty column ${i + 1}` }, "empty"));
      }
      return h("div", { class: "column", "data-column": String(i + 1), role: "group",
        "aria-label": `Column ${i + 1}: ${column.length ? column.join(", ") : "empty"}` }, ...items);
    });
    const slots = reserve.map((tile, i) => tile
      ? tileButton(`r${i + 1}`, tile, `reserve ${i + 1}`)
      : h("div", { class: "slot-empty reserve-empty", "aria-label": `reserve ${i + 1} empty` }, "—"));
    board.replaceChildren(
      h("div", { class: "columns" }, ...cols),
      h("div", { class: "reserve", role: "group", "aria-label": "Reserve" },
        h("span", { class: "reserve-label" }, "Reserve"), ...slots));
    board.dataset.variant = view.options.variant ?? "";
    board.dataset.moves = String(view.moves);
    board.dataset.session = state.session;
    board.dataset.seed = String(view.seed);
    if (focused) board.querySelector(`[data-slot="${focused}"]`)?.focus();

    buttons.newDeal.disabled = false;
    buttons.undo.disabled = !view.can_undo;
    buttons.redo.disabled = !view.can_redo;
    buttons.hint.disabled = Boolean(view.outcome);
    if (state.hint) {
      const chance = state.hint.chance;
      hintBox.textContent = `Hint: ${state.hint.label}. ${state.hint.reason}` +
        (typeof chance === "number" && chance > 0 && chance < 1 ? ` (chance ${Math.round(chance * 100)}%)` : "");
      hintBox.hidden = false;
    } else {
      hintBox.hidden = true;
    }
    renderStatus();
    renderOutcome();
  }

  function renderOutcome() {
    const view = state.view;
    const key = view.outcome ? `${state.session}:${view.moves}` : null;
    if (!view.outcome) {
      if (outcome.open) outcome.close();
      state.shownOutcome = null;
      return;
    }
    if (state.shownOutcome === key) return;
    state.shownOutcome = key;
    const won = view.outcome.winners.includes(0);
    const again = h("button", { type: "button", class: "primary" }, "New deal");
    again.addEventListener("click", () => { outcome.close(); newGame(options.values(), randomSeed()); });
    const replay = h("button", { type: "button", "data-action": "replay" }, "Replay deal");
    replay.addEventListener("click", () => { outcome.close(); newGame(view.options, view.seed); });
    const close = h("button", { type: "button" }, "Close");
    close.addEventListener("click", () => outcome.close());
    const actions = [again, replay];
    if (!won && view.can_undo) {
      const undo = h("button", { type: "button" }, "Undo last move");
      undo.addEventListener("click", () => { outcome.close(); buttons.undo.click(); });
      actions.push(undo);
    }
    actions.push(close);
    outcome.dataset.result = won ? "won" : "lost";
    outcome.replaceChildren(
      h("h2", { id: "outcome-title" }, won ? "You won!" : "No moves left"),
      h("p", {}, view.outcome.reason || view.status),
      h("p", {}, `Deal ${view.seed} · ${view.board.discarded} of 28 tiles discarded`),
      h("div", { class: "actions" }, ...actions));
    outcome.showModal();
    again.focus();
  }

  async function begin() {
    await engine.ready();
    const seedParam = params.get("deal");
    if (seedParam !== null && /^\d+$/.test(seedParam)) {
      const values = options.values();
      for (const option of spec.options) if (params.has(option.key)) values[option.key] = params.get(option.key);
      await newGame(values, Number(seedParam));
      return;
    }
    const { record, dropped } = loadRecord(GAME);
    if (dropped) notify("The saved Luzon game could not be read and was removed.");
    if (record) {
      const answer = await send({ op: "load", record });
      if (answer?.ok) {
        say(`Resumed deal ${record.seed}.`);
        await started(record);
        return;
      }
      dropRecord(GAME);
      notify("The saved Luzon game could not be restored and was removed.");
    }
    await newGame(options.values(), randomSeed());
  }

  begin().catch((error) => say(error.message, "error"));
  return {
    dispose() {
      document.removeEventListener("keydown", onShortcut);
      if (outcome.open) outcome.close();
    },
  };
}
