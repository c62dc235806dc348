// The legend of the table's outlines: a short line under the layout that names each mark drawn
// on the table now (the last tile played, the tiles played since the person's last turn, the
// places the picked tile fits, the hint's move; in the coach, the better move), each beside a
// swatch drawn as its mark is. A mark not on the table is not named; with none the line keeps its
// room (the layout does not jump when one comes); a phone wraps a long one (the hint's four marks).
// Screen readers read the same words.

import { h } from "./dom.js";

/**
 * A mark the table may draw: the elements that carry it, and what it means.
 * @typedef {{key: string, selector: string, text: (replay: boolean) => string}} Mark
 */

/** @type {Mark[]} */
const MARKS = [
  { key: "last", selector: ".layout-svg .last-played", text: () => "last played" },
  { key: "since", selector: ".layout-svg .since-turn:not(.last-played)", text: () => "since your turn" },
  { key: "fits", selector: ".end-marker.active", text: () => "fits here" },
  { key: "hint", selector: ".end-marker.hinted, .hand-tile.hinted", text: (replay) => (replay ? "better move" : "hint") },
];

/** The legend's element, empty until drawn. */
export function createLegend() {
  return h("ul", { class: "table-legend", id: "table-legend", "aria-label": "Marks on the table", "data-empty": "" });
}

/**
 * Name the marks drawn on `board` now.
 * @param {HTMLElement} legend
 * @param {HTMLElement} board the renderer's board, drawn
 * @param {boolean} replay the coach's board (its hint is the review's better move)
 */
export function drawLegend(legend, board, replay) {
  const shown = MARKS.filter((mark) => board.querySelector(mark.selector));
  legend.toggleAttribute("data-empty", !shown.length);
  legend.replaceChildren(...shown.map((mark) => h("li", { "data-mark": mark.key },
    h("span", { class: `legend-swatch legend-${mark.key}`, "aria-hidden": "true" }), mark.text(replay))));
}
