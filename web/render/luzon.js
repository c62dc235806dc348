// The renderer of Luzon (catalog screen "columns"): pairs to twelve. Columns and reserve drawn as
// SVG tiles; select two exposed tiles to discard them (click, drag and drop or keyboard), or a
// column's bottom tile then an empty column. The moves come from the view's legal moves
// (discards name the places they take from; a column move its from and to).

import { loadSettings } from "../store/settings.js";
import { settingSwitch } from "./settings.js";
import { tileSvg, parseTile } from "./tiles.js";
import { h } from "./dom.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../engine_types.js").Outcome} Outcome */

/**
 * Luzon's board in a view: columns top to bottom, the reserve (null: a place emptied), the places' keys.
 * @typedef {{columns: string[][], reserve: (string | null)[], discarded: number, keys?: {reserve?: string[]}}} LuzonBoard
 */

/**
 * @param {import("../play/renderer_contract.js").RendererContext} ctl
 * @returns {import("../play/renderer_contract.js").Renderer}
 */
export function createLuzon(ctl) {
  const { state } = ctl;
  /** @type {string[]} */
  let selected = []; // the exposed places picked so far
  /** @type {boolean | null} */
  let startWinnable = null; // was this deal winnable at its start (for the statistics)?
  const winnable = h("span", { class: "winnable", id: "winnable", hidden: "" });
  // the setting's own switch (the settings page's module saves it); the screen draws again on a change
  const winnableToggle = settingSwitch("showWinnable", "show-winnable", " Show if still winnable", () => ctl.render());

  const legal = () => (ctl.myTurn() ? ctl.legal() : []);
  /** @type {(a: string[], b: string[]) => boolean} */
  const same = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
  const discardOf = (/** @type {string[]} */ places) => legal().find((m) => m.kind === "discard" && same(m.from, places));
  const moveOf = (/** @type {string} */ from, /** @type {string} */ to) => legal().find((m) => m.kind === "move" && m.from === from && m.to === to);
  /** The board's places (the engine's keys: columns c1.., reserve r1..) and the exposed tile of each. */
  /** @type {(board: LuzonBoard) => Map<string, string | null>} */
  const places = (board) => new Map(/** @type {[string, string | null][]} */ ([...board.columns.map((column, i) => [`c${i + 1}`, column.at(-1) ?? null]),
    ...board.reserve.map((tile, i) => [`r${i + 1}`, tile ?? null])]));
  /** @type {(place: string) => string | null} */
  const tileAt = (place) => (state.view ? places(state.view.board).get(place) ?? null : null);
  const emptyColumns = () => [...places(/** @type {View} */ (state.view).board)].filter(([place, tile]) => !tile &&
    legal().some((m) => m.kind === "move" && m.to === place));

  /** @param {Move} move */
  function play(move) {
    selected = [];
    ctl.play(move.id);
  }

  /** Two tiles that do not pair: why, in a player's words. @param {string} first @param {string} second */
  function refuse(first, second) {
    const [a, b] = /** @type {[string, string]} */ ([tileAt(first), tileAt(second)]); // (two tiles picked)
    const pips = parseTile(a).pips + parseTile(b).pips;
    selected = [];
    const reserve = /** @type {View} */ (state.view).board.keys?.reserve ?? [];
    const why = pips !== 12 ? `${a} and ${b} make ${pips} pips, not 12.`
      : reserve.includes(first) && reserve.includes(second)
        ? "two reserve tiles never pair: a pair takes at least one tile from the bottom of a column."
        : `${a} and ${b} cannot be paired from where they lie.`;
    ctl.say(`Not allowed: ${why}`, "error");
    ctl.render();
  }

  /** @param {string} place */
  function activate(place) {
    if (!ctl.myTurn()) return;
    if (!tileAt(place)) { // an empty column: the target of a column move
      const move = selected.length === 1 ? moveOf(selected[0], place) : null;
      if (move) play(move);
      else ctl.say("To start a new column, select a column's bottom tile first, then the empty column.", "error");
      return;
    }
    selected = selected.includes(place) ? selected.filter((s) => s !== place) : [...selected, place];
    if (selected.length === 2) {
      const move = discardOf(selected);
      if (move) play(move);
      else refuse(.../** @type {[string, string]} */ (selected));
      return;
    }
    if (selected.length === 1) {
      const { pips } = parseTile(/** @type {string} */ (tileAt(place)));
      const column = emptyColumns().length && legal().some((m) => m.kind === "move" && m.from === place);
      ctl.say(`Selected ${tileAt(place)} (${pips} pips): pick a tile with ${12 - pips} pips${column ? ", or an empty column" : ""}.`);
    } else {
      ctl.say("");
    }
    ctl.render();
  }

  /** @param {string} from @param {string} to */
  function drop(from, to) {
    if (!ctl.myTurn() || !tileAt(from)) return;
    const move = tileAt(to) ? discardOf([from, to]) : moveOf(from, to);
    if (move) play(move);
    else if (tileAt(to)) refuse(from, to);
    else ctl.say("Only a column's bottom tile can start an empty column.", "error");
  }

  /** @param {string} place @returns {string[]} */
  function targets(place) {
    if (!tileAt(place)) return [];
    return legal().flatMap((m) => (m.kind === "discard" && m.from.includes(place) ? m.from.filter((/** @type {string} */ p) => p !== place)
      : m.kind === "move" && m.from === place ? [m.to] : []));
  }

  /** @param {string} place @param {string} tile @param {string} where @param {boolean} hinted */
  function tileButton(place, tile, where, hinted) {
    const { pips } = parseTile(tile);
    const isSelected = selected.includes(place);
    return h("button", {
      type: "button", class: `tile exposed${isSelected ? " selected" : ""}${hinted ? " hinted" : ""}`,
      "data-slot": place, "data-tile": tile, "data-key": tile, "data-draggable": "",
      "aria-pressed": String(isSelected), "aria-label": `tile ${tile}, ${pips} pips, ${where}`,
    }, tileSvg(tile), h("span", { class: "pips", "aria-hidden": "true" }, String(pips)));
  }

  /** @param {View} view */
  function draw(view) {
    const { columns, reserve } = /** @type {LuzonBoard} */ (view.board);
    const hint = ctl.hintMove();
    const hinted = new Set(hint ? [hint.from, hint.to].flat().filter(Boolean) : []);
    const cols = columns.map((column, i) => {
      const place = `c${i + 1}`;
      const items = column.map((tile, k) => (k === column.length - 1
        ? tileButton(place, tile, `bottom of column ${i + 1}`, hinted.has(place))
        : h("div", { class: "tile covered", "data-tile": tile, "data-key": tile }, tileSvg(tile))));
      if (!column.length) {
        items.push(h("button", { type: "button", class: `slot-empty${hinted.has(place) ? " hinted" : ""}`, "data-slot": place,
          "data-key": place, "aria-label": `empty column ${i + 1}` }, "empty"));
      }
      return h("div", { class: "column", "data-column": String(i + 1), role: "group",
        "aria-label": `Column ${i + 1}: ${column.length ? column.join(", ") : "empty"}` }, ...items);
    });
    const slots = reserve.map((tile, i) => (tile
      ? tileButton(`r${i + 1}`, tile, `reserve ${i + 1}`, hinted.has(`r${i + 1}`))
      : h("div", { class: "slot-empty reserve-empty", "aria-label": `reserve ${i + 1} empty` }, "—")));
    ctl.board.replaceChildren(
      h("div", { class: "columns" }, ...cols),
      h("div", { class: "reserve", role: "group", "aria-label": "Reserve" },
        h("span", { class: "reserve-label" }, "Reserve"), ...slots));
    ctl.board.dataset.variant = String(view.options.variant ?? "");
    const known = typeof view.analysis?.winnable === "boolean";
    winnable.hidden = !(loadSettings().settings.showWinnable && known && !view.outcome);
    if (known) {
      winnable.dataset.winnable = String(view.analysis.winnable);
      winnable.textContent = view.analysis.winnable ? "✓ Still winnable" : "✗ Can no longer be won";
    }
  }

  return {
    boardId: "board", boardClass: "luzon-board", dialogId: "outcome", showsLog: false,
    statusExtras: [winnable, winnableToggle],
    draw, activate, drop, targets,
    cancel: () => { selected = []; },
    reset: () => { selected = []; },
    hinted: () => { selected = []; },
    // the last move in plain past tense: what went, not the move's own words
    describe: (view, event) => (!event ? "" : event.kind === "discard" ? `You discarded ${/** @type {string[]} */ (event.tiles).join(" and ")}.`
      : event.kind === "move" ? `You moved ${event.tile} to start a new column.` : event.label ?? ""),
    intro: () => "Pair exposed tiles totalling 12.",
    statusText: (view) => `${ctl.dealText(view)}${view.status}`,
    outcomeTitle: (view, won) => (won ? "You won!"
      : view.outcome?.detail?.resigned !== undefined && view.outcome?.detail?.resigned !== null ? "You resigned" : "No moves left"),
    outcomeBody: (view) => [h("p", {}, /** @type {Outcome} */ (view.outcome).reason || view.status),
      h("p", {}, `Deal ${view.seed} · ${view.board.discarded} of 28 tiles discarded`)],
    countExtra: () => ({ winnable: typeof startWinnable === "boolean" ? startWinnable : undefined }),
    /** A new, resumed or imported game: was the deal winnable at its start? (a replay of its first
     *  position: the record's, no session of its own) */
    async started(view, record) {
      startWinnable = view.moves === 0 ? view.analysis?.winnable ?? null : null;
      if (record && startWinnable === null) {
        const first = await ctl.engine.request({ op: "replay", record, at: 0 });
        if (first.ok) startWinnable = first.view.analysis?.winnable ?? null;
      }
    },
  };
}
