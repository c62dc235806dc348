// The legend of the table's outlines: a short line under the layout that names each mark drawn on
// the table now (the last tile played, the tiles played since the person's last turn, the round's
// first tile, filled pale pink, the places the picked tile fits, the hint's move), each beside a
// swatch drawn as its mark is. A mark not on the table is not named; with none the line keeps its
// room (the layout does not jump when one comes); a phone wraps a long one (the hint's four marks).
// Screen readers read the same words. The marks are known from what the table is drawn from, not
// from its drawing: the legend is drawn first, and the table is fitted in the room its lines leave.

import { drawChildren, h } from "./dom.js";

/** @typedef {import("./layout.js").EndMarker} EndMarker */
/** @typedef {import("./layout_geometry.js").LayoutBoard} LayoutBoard */
/** @typedef {"last" | "since" | "first" | "fits" | "hint"} MarkKey */

/**
 * A mark the table may draw: what it means, and whether the coach's board shows it (the coach
 * marks a decision's better move itself, over the hint's dashes, and names it in its own legend).
 * @typedef {{key: MarkKey, text: string, inReplay: boolean}} Mark
 */

/** @type {Mark[]} */
const MARKS = [
  { key: "last", text: "last played", inReplay: true },
  { key: "since", text: "since your turn", inReplay: true },
  { key: "first", text: "first", inReplay: true },
  { key: "fits", text: "fits here", inReplay: true },
  { key: "hint", text: "hint", inReplay: false },
];

/** The legend's element, empty until drawn. */
export function createLegend() {
  return h("ul", { class: "table-legend", id: "table-legend", "aria-label": "Marks on the table", "data-empty": "" });
}

/**
 * The marks a table drawn from these parts shows (layout.js draws the tiles and the markers,
 * table_draw.js the tiles since the person's turn and the hand): the last tile played
 * (`lastIndex`), the tiles played since the person's turn but the last, the first tile, a place
 * the picked tile fits, the hint's place or tile.
 * @param {LayoutBoard} board
 * @param {{lastIndex: number, since: Map<string, number>, markers: (EndMarker | null)[], handHinted: boolean}} drawn
 * @returns {Set<MarkKey>}
 */
export function tableMarks(board, { lastIndex, since, markers, handHinted }) {
  /** @type {Record<MarkKey, boolean>} */
  const shown = {
    last: lastIndex >= 0 && lastIndex < board.tiles.length,
    since: board.tiles.some((t, i) => i !== lastIndex && since.has(t.tile)),
    first: board.tiles.length > 0,
    fits: markers.some((m) => m?.active),
    hint: handHinted || markers.some((m) => m?.hinted),
  };
  return new Set(MARKS.map((mark) => mark.key).filter((key) => shown[key]));
}

/**
 * Name the marks the table shows (tableMarks).
 * @param {HTMLElement} legend
 * @param {Set<MarkKey>} shown
 * @param {boolean} replay the coach's board
 */
export function drawLegend(legend, shown, replay) {
  const named = MARKS.filter((mark) => (mark.inReplay || !replay) && shown.has(mark.key));
  legend.toggleAttribute("data-empty", !named.length);
  drawChildren(legend, named.map((mark) => h("li", { "data-mark": mark.key }, // (the marks already there kept)
    h("span", { class: `legend-swatch legend-${mark.key}`, "aria-hidden": "true" }), mark.text)));
}
