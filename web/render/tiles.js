// SVG domino tiles with classic pips. A tile id is "a-b" with a <= b.

import { svgNode } from "./dom.js";

// Pip centres in a 100 x 100 half, on a 3 x 3 grid (25, 50, 75), for 0..12.
const L = 25, M = 50, H = 75;
/** @type {Record<number, number[][]>} */
const PIPS = {
  0: [],
  1: [[M, M]],
  2: [[L, L], [H, H]],
  3: [[L, L], [M, M], [H, H]],
  4: [[L, L], [H, L], [L, H], [H, H]],
  5: [[L, L], [H, L], [M, M], [L, H], [H, H]],
  6: [[L, L], [L, M], [L, H], [H, L], [H, M], [H, H]],
  7: [[L, L], [L, M], [L, H], [M, M], [H, L], [H, M], [H, H]],
  8: [[L, L], [L, M], [L, H], [M, L], [M, H], [H, L], [H, M], [H, H]],
  9: [[L, L], [L, M], [L, H], [M, L], [M, M], [M, H], [H, L], [H, M], [H, H]],
};

/** @param {string} id */
export function parseTile(id) {
  const [a, b] = String(id).split("-").map(Number);
  return { a, b, pips: a + b };
}

/**
 * The pips of one half (numbers above 9 as digits).
 * @param {SVGElement} group
 * @param {number} value
 * @param {number} dx
 * @param {number} dy
 * @param {boolean} turn
 */
function half(group, value, dx, dy, turn) {
  for (const [px, py] of PIPS[value] ?? []) {
    const [x, y] = turn ? [py, 100 - px] : [px, py];
    group.append(svgNode("circle", { cx: dx + x, cy: dy + y, r: 10, class: `pip pip-${value}` }));
  }
  if (!(value in PIPS)) { // numbers above 9 (double-12 sets): written as digits
    const text = svgNode("text", { x: dx + 50, y: dy + 66, "text-anchor": "middle", class: `pip-number pip-${value}` });
    text.textContent = String(value);
    group.append(text);
  }
}

/**
 * An SVG domino; horizontal (200 x 100) unless vertical is true. Decorative: the caller names it.
 * @param {string} id
 * @param {{vertical?: boolean}} [how]
 */
export function tileSvg(id, { vertical = false } = {}) {
  const { a, b } = parseTile(id);
  const svg = svgNode("svg", {
    viewBox: vertical ? "0 0 100 200" : "0 0 200 100",
    class: `domino ${vertical ? "vertical" : "horizontal"}`,
    "aria-hidden": "true",
    focusable: "false",
  });
  svg.append(svgNode("rect", { x: 3, y: 3, width: vertical ? 94 : 194, height: vertical ? 194 : 94, rx: 14, class: "face" }));
  svg.append(vertical
    ? svgNode("line", { x1: 14, y1: 100, x2: 86, y2: 100, class: "divider" })
    : svgNode("line", { x1: 100, y1: 14, x2: 100, y2: 86, class: "divider" }));
  const pips = svgNode("g");
  half(pips, a, 0, 0, !vertical);
  half(pips, b, vertical ? 0 : 100, vertical ? 100 : 0, !vertical);
  svg.append(pips);
  return svg;
}

/**
 * The Big Clock's hand (the 0-0, which never plays): a needle from its hub at (0, 0) to its tip at
 * (0, -100), pointing up; the caller turns it. Decorative: the caller names it.
 */
export function clockHandSvg() {
  const svg = svgNode("svg", { viewBox: "-15 -100 30 125", class: "clock-hand", "aria-hidden": "true", focusable: "false" });
  svg.append(svgNode("path", { d: "M0,-100 L6.5,-24 L4.5,15 Q0,23 -4.5,15 L-6.5,-24 Z", class: "hand-needle" }),
    svgNode("circle", { cx: 0, cy: 0, r: 9, class: "hand-hub" }),
    svgNode("circle", { cx: 0, cy: 0, r: 3.2, class: "hand-pin" }),
    svgNode("circle", { cx: 0, cy: -97, r: 1, class: "hand-tip" }));
  return svg;
}
