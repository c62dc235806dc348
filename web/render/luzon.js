// Luzon: pairs to twelve. Columns and reserve drawn as SVG tiles; select two exposed tiles to
// discard them (click, drag and drop or keyboard); move a column's bottom tile to an empty column.
// The frame (toolbar, dialog, game tools, saving, statistics) is the solitaires' shell.js.

import { attachBoardInput } from "../input.js";
import { loadSettings, saveSettings } from "../storage.js";
import { tileSvg, parseTile } from "./tiles.js";
import { h } from "./dom.js";
import { mountShell } from "./shell.js";

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

export function mountLuzon(root, context) {
  let selected = []; // the exposed slots picked so far
  let startWinnable = null; // was this deal winnable at its start (for the statistics)?
  let { settings } = loadSettings();
  const winnable = h("span", { class: "winnable", id: "winnable", hidden: "" });
  const winnableToggle = h("input", { type: "checkbox", id: "show-winnable" });
  winnableToggle.checked = settings.showWinnable;

  const shell = mountShell(root, context, {
    id: GAME,
    boardClass: "luzon-board",
    boardLabel: "Luzon layout",
    statusExtras: [winnable, h("label", { class: "toggle" }, winnableToggle, " Show if still winnable")],
    intro: () => "Pair exposed tiles totalling 12.",
    summary: (view) => `${view.board.discarded} of 28 tiles discarded`,
    lostTitle: "No moves left",
    moveName: (moveId) => {
      const tiles = moveSlots(moveId).map(tileAt).filter(Boolean);
      return tiles.length === 2 ? `${tiles[0]} and ${tiles[1]}` : moveId;
    },
    onView: () => { selected = []; },
    onHint: () => { selected = []; },
    onStarted,
    countExtra: () => ({ winnable: typeof startWinnable === "boolean" ? startWinnable : undefined }),
    render,
  });
  const { state, board } = shell;

  /** A new, resumed or imported game: was the deal winnable at its start? */
  async function onStarted(view, record) {
    startWinnable = view.moves === 0 ? view.analysis?.winnable ?? null : null;
    if (record && startWinnable === null) { // ask the engine about its first position
      const first = await shell.engine.request({ op: "load", record: { ...record, moves: [] } });
      if (first.ok) startWinnable = first.view.analysis?.winnable ?? null;
    }
  }

  function tileAt(slot) {
    const b = state.view?.board;
    if (!b) return null;
    if (slot[0] === "r") return b.reserve[Number(slot.slice(1)) - 1] ?? null;
    return b.columns[Number(slot.slice(1)) - 1]?.at(-1) ?? null;
  }

  const playing = () => !state.busy && state.view && !state.view.outcome;

  function play(moveId) {
    selected = [];
    shell.play(moveId);
  }

  function activate(slot) {
    if (!playing()) return;
    const tile = tileAt(slot);
    if (!tile) { // an empty column: the target of a column move
      const from = selected.find((s) => s[0] === "c");
      if (selected.length === 1 && from) play(`move:${from}>${slot}`);
      else shell.say("To start a new column, select a column's bottom tile first, then the empty column.", "error");
      return;
    }
    selected = selected.includes(slot) ? selected.filter((s) => s !== slot) : [...selected, slot];
    if (selected.length === 2) {
      play(discardId(...selected));
      return;
    }
    if (selected.length === 1) {
      const { pips } = parseTile(tile);
      shell.say(`Selected ${tile} (${pips} pips): pick a tile with ${12 - pips} pips, or an empty column.`);
    } else {
      shell.say("");
    }
    shell.render();
  }

  function drop(from, to) {
    if (!playing() || !tileAt(from)) return;
    play(tileAt(to) ? discardId(from, to) : `move:${from}>${to}`);
  }

  attachBoardInput(board, {
    onActivate: activate,
    onDrop: drop,
    onCancel: () => {
      selected = [];
      shell.say("");
      shell.render();
    },
  });

  winnableToggle.addEventListener("change", () => {
    settings = { ...settings, showWinnable: winnableToggle.checked };
    saveSettings(settings);
    renderStatus(state.view);
  });

  function renderStatus(view) {
    const known = view?.analysis && typeof view.analysis.winnable === "boolean";
    winnable.hidden = !(settings.showWinnable && known && !view.outcome);
    if (known) {
      winnable.dataset.winnable = String(view.analysis.winnable);
      winnable.textContent = view.analysis.winnable ? "✓ Still winnable" : "✗ Can no longer be won";
    }
  }

  function tileButton(slot, tile, where) {
    const { pips } = parseTile(tile);
    const isSelected = selected.includes(slot);
    const hinted = state.hint && moveSlots(state.hint.move).includes(slot);
    return h("button", {
      type: "button", class: `tile exposed${isSelected ? " selected" : ""}${hinted ? " hinted" : ""}`,
      "data-slot": slot, "data-tile": tile, "data-draggable": "",
      "aria-pressed": String(isSelected), "aria-label": `tile ${tile}, ${pips} pips, ${where}`,
    }, tileSvg(tile), h("span", { class: "pips", "aria-hidden": "true" }, String(pips)));
  }

  function render(view) {
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
    renderStatus(view);
  }

  return { dispose: () => shell.dispose() };
}
