// CARDominoes: domino-shaped (1 x 2) card-tiles with rank and suit. The rank is on the top
// half, the suit symbol with its letter on the bottom half (colour is never the only cue:
// hearts and diamonds are red, but the symbol and letter say the suit). A card id is "7H", "10S", "KD".

import { svgNode } from "./dom.js";

/** @type {Record<string, {symbol: string, name: string}>} */
const SUITS = { S: { symbol: "♠", name: "spades" }, H: { symbol: "♥", name: "hearts" },
  D: { symbol: "♦", name: "diamonds" }, C: { symbol: "♣", name: "clubs" } };
/** @type {Record<string, string>} */
const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };

/** @param {string} id */
function parseCard(id) {
  const text = String(id);
  const rank = text.slice(0, -1), suit = text.slice(-1);
  return { rank, suit, red: suit === "H" || suit === "D" };
}

/**
 * "7 of hearts", "king of spades".
 * @param {string} id
 */
export function cardName(id) {
  const { rank, suit } = parseCard(id);
  return `${RANK_NAMES[rank] ?? rank} of ${SUITS[suit]?.name ?? suit}`;
}

/**
 * An SVG card-tile, 100 x 200; face down (a back) when id is null. Decorative: the caller names it.
 * @param {string | null} id
 */
export function cardSvg(id) {
  const svg = svgNode("svg", { viewBox: "0 0 100 200", class: `card-tile${id ? "" : " back"}`, "aria-hidden": "true",
    focusable: "false" });
  if (!id) {
    svg.append(svgNode("rect", { x: 3, y: 3, width: 94, height: 194, rx: 12, class: "card-back" }));
    svg.append(svgNode("rect", { x: 14, y: 14, width: 72, height: 172, rx: 6, class: "card-back-inner" }));
    return svg;
  }
  const { rank, suit, red } = parseCard(id);
  svg.classList.add(red ? "red" : "black");
  svg.append(svgNode("rect", { x: 3, y: 3, width: 94, height: 194, rx: 12, class: "card-face" }));
  svg.append(svgNode("line", { x1: 14, y1: 100, x2: 86, y2: 100, class: "card-divider" }));
  svg.append(svgNode("text", { x: 50, y: 76, "text-anchor": "middle", class: `card-rank${rank === "10" ? " wide" : ""}` }, rank));
  svg.append(svgNode("text", { x: 50, y: 160, "text-anchor": "middle", class: "card-suit" }, SUITS[suit]?.symbol ?? suit));
  svg.append(svgNode("text", { x: 50, y: 190, "text-anchor": "middle", class: "card-letter" }, suit));
  return svg;
}
