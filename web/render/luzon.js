// The renderer of Luzon (catalog screen "columns"): pairs to twelve. Columns and reserve drawn as
// SVG tiles (lying across, or standing upright on a board taller than wide); select two exposed
// tiles to discard them (click, drag and drop or keyboard), or a column's bottom tile then an empty
// column. The moves come from the view's legal moves (discards name the places they take from; a
// column move its from and to).

import { loadSettings } from "../store/settings.js";
import { settingSwitch } from "./settings.js";
import { tileSvg, parseTile } from "./tiles.js";
import { drawChildren, h, put, putStyle } from "./dom.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../engine_types.js").Outcome} Outcome */

/**
 * Luzon's board in a view: columns top to bottom, the reserve (null: a place emptied), the places' keys.
 * @typedef {{columns: string[][], reserve: (string | null)[], discarded: number, keys?: {reserve?: string[]}}} LuzonBoard
 */

/** @typedef {import("../play/renderer_contract.js").RendererContext} RendererContext */
/** @typedef {import("../play/renderer_contract.js").Renderer} Renderer */

/** The board's places (the engine's keys: columns c1.., reserve r1..) and the exposed tile of each. */
/** @type {(board: LuzonBoard) => Map<string, string | null>} */
const places = (board) => new Map(/** @type {[string, string | null][]} */ ([...board.columns.map((column, i) => [`c${i + 1}`, column.at(-1) ?? null]),
  ...board.reserve.map((tile, i) => [`r${i + 1}`, tile ?? null])]));

/** @type {(a: string[], b: string[]) => boolean} */
const same = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Two tiles that do not pair: why, in a player's words.
 * @param {View} view
 * @param {string} first a place
 * @param {string} second a place
 */
function refusal(view, first, second) {
  const tiles = places(view.board);
  const [a, b] = /** @type {[string, string]} */ ([tiles.get(first), tiles.get(second)]); // (two tiles picked)
  const pips = parseTile(a).pips + parseTile(b).pips;
  const reserve = view.board.keys?.reserve ?? [];
  const why = pips !== 12 ? `${a} and ${b} make ${pips} pips, not 12.`
    : reserve.includes(first) && reserve.includes(second)
      ? "two reserve tiles never pair: a pair takes at least one tile from the bottom of a column."
      : `${a} and ${b} cannot be paired from where they lie.`;
  return `Not allowed: ${why}`;
}

/**
 * The places a tile may go: its partners in a discard, or the empty column it may start.
 * @param {Move[]} legal
 * @param {string} place
 * @returns {string[]}
 */
function targetsOf(legal, place) {
  return legal.flatMap((m) => (m.kind === "discard" && m.from.includes(place) ? m.from.filter((/** @type {string} */ p) => p !== place)
    : m.kind === "move" && m.from === place ? [m.to] : []));
}

/**
 * An exposed tile, to pick.
 * @param {string} place @param {string} tile @param {string} where @param {boolean} hinted @param {boolean} isSelected
 * @param {boolean} vertical the tile stands upright
 */
function tileButton(place, tile, where, hinted, isSelected, vertical) {
  const { pips } = parseTile(tile);
  return h("button", {
    type: "button", class: `tile exposed${isSelected ? " selected" : ""}${hinted ? " hinted" : ""}`,
    "data-slot": place, "data-tile": tile, "data-key": tile, "data-draggable": "",
    "aria-pressed": String(isSelected), "aria-label": `tile ${tile}, ${pips} pips, ${where}`,
  }, tileSvg(tile, { vertical }), h("span", { class: "pips", "aria-hidden": "true" }, String(pips)));
}

/**
 * The columns and the reserve of a view, drawn.
 * @param {View} view
 * @param {string[]} selected the places picked
 * @param {Set<string>} hinted the places the hint names
 * @param {boolean} vertical the tiles stand upright
 */
function boardParts(view, selected, hinted, vertical) {
  const { columns, reserve } = /** @type {LuzonBoard} */ (view.board);
  const button = (/** @type {string} */ place, /** @type {string} */ tile, /** @type {string} */ where) =>
    tileButton(place, tile, where, hinted.has(place), selected.includes(place), vertical);
  const cols = columns.map((column, i) => {
    const place = `c${i + 1}`;
    const items = column.map((tile, k) => (k === column.length - 1
      ? button(place, tile, `bottom of column ${i + 1}`)
      : h("div", { class: "tile covered", "data-tile": tile, "data-key": tile }, tileSvg(tile, { vertical }))));
    if (!column.length) {
      items.push(h("button", { type: "button", class: `slot-empty${hinted.has(place) ? " hinted" : ""}`, "data-slot": place,
        "data-key": place, "aria-label": `empty column ${i + 1}` }, "empty"));
    }
    return h("div", { class: "column", "data-column": String(i + 1), role: "group",
      "aria-label": `Column ${i + 1}: ${column.length ? column.join(", ") : "empty"}` }, ...items);
  });
  const slots = reserve.map((tile, i) => (tile
    ? button(`r${i + 1}`, tile, `reserve ${i + 1}`)
    : h("div", { class: "slot-empty reserve-empty", "aria-label": `reserve ${i + 1} empty` }, "—")));
  return [h("div", { class: "columns" }, ...cols),
    h("div", { class: "reserve", role: "group", "aria-label": "Reserve" },
      h("span", { class: "reserve-label" }, "Reserve"), ...slots)];
}

/**
 * The width of an upright tile on this board: the largest that lets a column of five, their four
 * gaps and a pip count's line fill the board's height, and six columns (five with four gaps, then
 * the reserve beyond its 1 px rule and the room each side of it) its width, at most 73 px. Null, the
 * tiles lying across, unless the board is taller than wide and the upright tiles at least 44 px wide
 * (a touch target, and halves larger than five tiles across a phone's width give). The sizes are
 * style.css's (--gap, --lz-up-count, --lz-up-rule), read from the board.
 * @param {HTMLElement} board
 * @returns {number | null}
 */
function uprightTile(board) {
  const style = getComputedStyle(board);
  const size = (/** @type {string} */ name) => parseFloat(style.getPropertyValue(name)) || 0;
  const gap = size("--gap"), count = size("--lz-up-count"), rule = 2 * size("--lz-up-rule") + 1;
  const width = board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const height = board.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const tile = Math.floor(Math.min(73, (width - 4 * gap - rule) / 6, (height - 4 * gap - count) / 10));
  return height > width && tile >= 44 ? tile : null;
}

/**
 * Tiles upright or across, as the board's box lets them be largest (style.css reads data-layout and
 * --lz-upright). The box is given by the screen, not by what the board holds: the choice is stable,
 * and made again when the box changes (the page draws again then).
 * @param {HTMLElement} board
 * @returns {boolean} the tiles stand upright
 */
function layOut(board) {
  const tile = uprightTile(board);
  const [layout, size] = [tile ? "upright" : "across", tile ? `${tile}px` : ""];
  put(board.dataset, "layout", layout);
  putStyle(board, "--lz-upright", size);
  return tile !== null;
}

/**
 * "Still winnable" by the view's analysis, when the setting shows it.
 * @param {HTMLElement} winnable
 * @param {View} view
 */
function drawWinnable(winnable, view) {
  const known = typeof view.analysis?.winnable === "boolean";
  put(winnable, "hidden", !(loadSettings().settings.showWinnable && known && !view.outcome));
  if (known) {
    put(winnable.dataset, "winnable", String(view.analysis.winnable));
    put(winnable, "textContent", view.analysis.winnable ? "✓ Still winnable" : "✗ Can no longer be won");
  }
}

/** Luzon's words: the last move, the intro, the result. @type {Pick<Renderer, "describe" | "intro" | "outcomeTitle" | "outcomeBody">} */
const WORDS = {
  // the last move in plain past tense: what went, not the move's own words
  describe: (view, event) => (!event ? "" : event.kind === "discard" ? `You discarded ${/** @type {string[]} */ (event.tiles).join(" and ")}.`
    : event.kind === "move" ? `You moved ${event.tile} to start a new column.` : event.label ?? ""),
  intro: () => "Pair exposed tiles totalling 12.",
  outcomeTitle: (view, won) => (won ? "You won!"
    : view.outcome?.detail?.resigned !== undefined && view.outcome?.detail?.resigned !== null ? "You resigned" : "No moves left"),
  outcomeBody: (view) => [h("p", {}, /** @type {Outcome} */ (view.outcome).reason || view.status),
    h("p", {}, `Deal ${view.seed} · ${view.board.discarded} of 28 tiles discarded`)],
};

/**
 * What a tile picked first asks for next.
 * @param {string} tile
 * @param {boolean} column it may also start an empty column
 */
function selectedWords(tile, column) {
  const { pips } = parseTile(tile);
  return `Selected ${tile} (${pips} pips): pick a tile with ${12 - pips} pips${column ? ", or an empty column" : ""}.`;
}

/**
 * Was the deal winnable at its start (for the statistics)? Known when a game comes on screen.
 * @param {import("../engine_types.js").Engine} engine
 * @returns {Pick<Renderer, "countExtra" | "started">}
 */
function startWinnability(engine) {
  /** @type {boolean | null} */
  let startWinnable = null;
  return {
    countExtra: () => ({ winnable: typeof startWinnable === "boolean" ? startWinnable : undefined }),
    /** A new, resumed or imported game: was the deal winnable at its start? (a replay of its first
     *  position: the record's, no session of its own) */
    async started(view, record) {
      startWinnable = view.moves === 0 ? view.analysis?.winnable ?? null : null;
      if (record && startWinnable === null) {
        const first = await engine.request({ op: "replay", record, at: 0 });
        if (first.ok) startWinnable = first.view.analysis?.winnable ?? null;
      }
    },
  };
}

/**
 * The status line's word on whether this deal can still be won, and the setting's own switch for it
 * (the settings page's module saves it; the screen draws again on a change). It is about this deal,
 * now: the toolbar's "New deals: winnable only" is about the deals to come.
 * @param {RendererContext} ctl
 */
function winnableParts(ctl) {
  return { winnable: h("span", { class: "winnable", id: "winnable", hidden: "" }),
    toggle: settingSwitch("showWinnable", "show-winnable", " Say if this deal can still be won", () => ctl.render()) };
}

/**
 * @param {RendererContext} ctl
 * @returns {Renderer}
 */
export function createLuzon(ctl) {
  const { state } = ctl;
  /** @type {string[]} */
  let selected = []; // the exposed places picked so far
  const { winnable, toggle: winnableToggle } = winnableParts(ctl);

  const legal = () => (ctl.myTurn() ? ctl.legal() : []);
  const discardOf = (/** @type {string[]} */ places) => legal().find((m) => m.kind === "discard" && same(m.from, places));
  const moveOf = (/** @type {string} */ from, /** @type {string} */ to) => legal().find((m) => m.kind === "move" && m.from === from && m.to === to);
  /** @type {(place: string) => string | null} */
  const tileAt = (place) => (state.view ? places(state.view.board).get(place) ?? null : null);
  const emptyColumns = () => [...places(/** @type {View} */ (state.view).board)].filter(([place, tile]) => !tile &&
    legal().some((m) => m.kind === "move" && m.to === place));
  const canStartColumn = (/** @type {string} */ place) =>
    Boolean(emptyColumns().length && legal().some((m) => m.kind === "move" && m.from === place));
  const unselect = () => { selected = []; };
  /** A hint came: the tiles picked are let go, and the words that named them go with them. */
  const hinted = () => { if (selected.length) ctl.say(""); unselect(); };

  const play = (/** @type {Move} */ move) => { unselect(); ctl.play(move.id); };

  /** Two tiles that do not pair: why, in a player's words. @param {string} first @param {string} second */
  function refuse(first, second) {
    selected = [];
    ctl.say(refusal(/** @type {View} */ (state.view), first, second), "error");
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
    ctl.say(selected.length === 1 ? selectedWords(/** @type {string} */ (tileAt(place)), canStartColumn(place)) : "");
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

  /** @param {View} view */
  function draw(view) {
    const hint = ctl.hintMove();
    const hinted = new Set(hint ? [hint.from, hint.to].flat().filter(Boolean) : []);
    // (the tiles and places that did not change are kept: no style or layout to do again for them)
    drawChildren(ctl.board, boardParts(view, selected, hinted, layOut(ctl.board)));
    const variant = String(view.options.variant ?? "");
    put(ctl.board.dataset, "variant", variant);
    drawWinnable(winnable, view);
  }

  return {
    boardId: "board", boardClass: "luzon-board", dialogId: "outcome", showsLog: false,
    statusExtras: [winnable, winnableToggle],
    draw, activate, drop, ...WORDS,
    /** @param {string} place */
    targets: (place) => (tileAt(place) ? targetsOf(legal(), place) : []),
    cancel: unselect, reset: unselect, hinted,
    statusText: (view) => `${ctl.dealText(view)}${view.status}`,
    ...startWinnability(ctl.engine),
  };
}
