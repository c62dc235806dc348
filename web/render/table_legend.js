// The legend of the table's outlines: a short line under the layout that names each mark drawn on
// the table now (the last tile played, the tiles played since the person's last turn, the round's
// first tile, filled pale pink, the places the picked tile fits, the hint's move), each beside a swatch drawn as its mark is. A mark not on
// the table is not named; with none the line keeps its room (the layout does not jump when one
// comes); a phone wraps a long one (the hint's four marks). Screen readers read the same words.

import { h } from "./dom.js";

/**
 * A mark the table may draw: the elements that carry it, what it means, and whether the coach's
 * board shows it (the coach marks a decision's better move itself, over the hint's dashes, and
 * names it in its own legend).
 * @typedef {{key: string, selector: string, text: string, inReplay: boolean}} Mark
 */

/** @type {Mark[]} */
const MARKS = [
  { key: "last", selector: ".layout-svg .last-played", text: "last played", inReplay: true },
  { key: "since", selector: ".layout-svg .since-turn:not(.last-played)", text: "since your turn", inReplay: true },
  { key: "first", selector: ".layout-svg .root-tile", text: "first", inReplay: true },
  { key: "fits", selector: ".end-marker.active", text: "fits here", inReplay: true },
  { key: "hint", selector: ".end-marker.hinted, .hand-tile.hinted", text: "hint", inReplay: false },
];

/** The legend's element, empty until drawn. */
export function createLegend() {
  return h("ul", { class: "table-legend", id: "table-legend", "aria-label": "Marks on the table", "data-empty": "" });
}

/**
 * Name the marks drawn on `board` now.
 * @param {HTMLElement} legend
 * @param {HTMLElement} board the renderer's board, drawn
 * @param {boolean} replay the coach's board
 */
export function drawLegend(legend, board, replay) {
  const shown = MARKS.filter((mark) => (mark.inReplay || !replay) && board.querySelector(mark.selector));
  legend.toggleAttribute("data-empty", !shown.length);
  legend.replaceChildren(...shown.map((mark) => h("li", { "data-mark": mark.key },
    h("span", { class: `legend-swatch legend-${mark.key}`, "aria-hidden": "true" }), mark.text)));
}
