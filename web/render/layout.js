// Draws the layout of the table games (engine.layout's JSON): a line (matador, tiddle-a-wink),
// a tree where every double opens four ways (draw game) or Round The Clock's four arms.
//
// Its geometry, in "units" (a tile is 2 x 1 units), is layout_geometry.js's: tiles in the engine's
// placement order, each branch snaking at the table's edges. The table's width in units is
// the one that draws the layout largest in its box (a long line snakes sooner on a phone), kept
// from play to play while it does nearly as well; the whole picture is scaled to fit its box, so
// every tile stays visible on a phone and on a desktop.

import { h } from "./dom.js";
import { tileSvg } from "./tiles.js";
import { computeLayout, horizontal, overlaps } from "./layout_geometry.js";

/** @typedef {import("./layout_geometry.js").LayoutTile} LayoutTile */
/** @typedef {import("./layout_geometry.js").LayoutEnd} LayoutEnd */
/** @typedef {import("./layout_geometry.js").LayoutBoard} LayoutBoard */
/** @typedef {import("./layout_geometry.js").Rect} Rect */
/** @typedef {import("./layout_geometry.js").Box} Box */
/** @typedef {import("./layout_geometry.js").Point} Point */
/** @typedef {import("./layout_geometry.js").DrawnTile} DrawnTile */

/**
 * An end offered as a place to play (drawLayout's markerFor).
 * @typedef {{slot: string, label: string, active: boolean, hinted?: boolean, text?: string | null}} EndMarker
 */

const SVG_NS = "http://www.w3.org/2000/svg";

/** The tile id drawn so its halves face the right way: first half left/top. @param {DrawnTile} t */
function drawnId(t) {
  if (t.index === 0 || t.cross) return `${t.near}-${t.far}`;
  return t.dir === "east" || t.dir === "south" ? `${t.near}-${t.far}` : `${t.far}-${t.near}`;
}
/** @param {DrawnTile} t */
function drawnVertical(t) {
  if (t.index === 0) return t.cross;
  return t.cross ? horizontal(t.dir) : !horizontal(t.dir);
}

/** The most size of a unit: a tile of 88 x 44 px on a large board (a Luzon tile is at most 146 px wide). */
const MAX_UNIT_PX = 44;
/** The least size of a unit (a tile is 2 x 1 units) when the layout fits its box: below it the box pans.
 * A tile is drawn 0.94 of its units (a gap between tiles): 22 px keeps it at least 20 px a half. */
const MIN_UNIT_PX = 22;
const TOUCH_TARGET_PX = 44;

/**
 * The table's height in units: it keeps the box's proportions (a branch turns at the top and bottom too).
 * @param {number} width @param {number} boxWidth @param {number} boxHeight
 */
const tableHeight = (width, boxWidth, boxHeight) =>
  (Number.isFinite(boxHeight) ? Math.max(10, Math.floor(width * boxHeight / boxWidth)) : Infinity);

/**
 * The size of a unit at which a layout's box `bbox` fits the board's box, within the readable sizes.
 * @param {Box} bbox @param {number} boxWidth @param {number} boxHeight
 */
const fitUnit = (bbox, boxWidth, boxHeight) => Math.max(MIN_UNIT_PX, Math.min(MAX_UNIT_PX,
  (boxWidth - 2) / (bbox.x1 - bbox.x0), (boxHeight - 2) / (bbox.y1 - bbox.y0)));

/**
 * An end's button around the end's rect, in units: on touch it grows around its centre to a
 * finger's size (`least` px; 0: as the rect).
 * @param {Box} r @param {number} unit px per unit @param {number} least
 * @returns {Box}
 */
function buttonBox(r, unit, least) {
  const [hw, hh] = [Math.max(r.x1 - r.x0, least / unit) / 2, Math.max(r.y1 - r.y0, least / unit) / 2];
  const [cx, cy] = [(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2];
  return { x0: cx - hw, x1: cx + hw, y0: cy - hh, y1: cy + hh };
}

/**
 * Per layout JSON drawn (a view's board) and box: the unit each table width draws it at, so a
 * redraw of the same view (a tile picked, a place marked) lays it out once, not at every width.
 * @type {WeakMap<object, {key: string, units: Map<number, number>}>}
 */
const unitsSeen = new WeakMap();

/**
 * The table's width in units: the one at which the layout is drawn largest, from the widest (a
 * unit of 22 px) down to where a unit reaches its most, so a long line snakes sooner when that
 * makes its tiles larger, as long as its ends' buttons stay apart (on touch they grow to a finger's
 * size). The width of the last drawing is kept while it does nearly as well, so the tiles do not
 * move at every play.
 * @param {any} board the layout's JSON
 * @param {number} boxWidth
 * @param {number} boxHeight
 * @param {number | null} kept the width of the last drawing
 */
function tableWidth(board, boxWidth, boxHeight, kept) {
  const widest = Math.max(16, Math.min(36, Math.floor(boxWidth / 22)));
  if (!Number.isFinite(boxHeight)) return widest;
  const narrowest = Math.max(8, Math.min(widest, Math.floor(boxWidth / MAX_UNIT_PX)));
  const least = matchMedia("(pointer: coarse)").matches ? TOUCH_TARGET_PX : 0;
  const key = `${boxWidth}x${boxHeight}:${least}`;
  let seen = unitsSeen.get(board);
  if (seen?.key !== key) unitsSeen.set(board, seen = { key, units: new Map() });
  const units = seen.units;
  /** The unit a width draws the layout at; 0 where two ends' buttons would overlap. */
  const unitAt = (/** @type {number} */ w) => {
    const known = units.get(w);
    if (known !== undefined) return known;
    const unit = measureUnit(w);
    units.set(w, unit);
    return unit;
  };
  /** @param {number} w */
  const measureUnit = (w) => {
    const { bbox, markers } = computeLayout(board, w, tableHeight(w, boxWidth, boxHeight));
    const unit = fitUnit(bbox, boxWidth, boxHeight);
    const buttons = markers.map(({ rect }) => buttonBox(rect, unit, least));
    return buttons.some((a, i) => buttons.slice(i + 1).some((b) => overlaps(a, b))) ? 0 : unit;
  };
  let best = widest;
  let bestUnit = unitAt(widest);
  for (let w = widest - 1; w >= narrowest; w -= 1) {
    const unit = unitAt(w);
    if (unit > bestUnit * 1.02) [best, bestUnit] = [w, unit];
  }
  if (kept && kept !== best && kept >= narrowest && kept <= widest && unitAt(kept) >= bestUnit * 0.9) return kept;
  return best;
}

/**
 * Draw the layout into `box` (an element whose width is known). markerFor(end) returns
 * {slot, label, active} for the ends to offer, or null. Returns nothing; re-call on resize.
 * @param {HTMLElement} box
 * @param {LayoutBoard} board
 * @param {object} [how]
 * @param {(end: LayoutEnd) => EndMarker | null} [how.markerFor]
 * @param {number} [how.lastIndex]
 * @param {() => string} [how.endNames]
 * @param {number} [how.zoom]
 * @returns {{unit: number, tiles: number, last: {x: number, y: number} | null}}
 */
export function drawLayout(box, board, { markerFor = () => null, lastIndex = -1, endNames = () => "", zoom = 1 } = {}) {
  const keep = [box.scrollLeft, box.scrollTop];
  box.replaceChildren(); // measured empty: the box's own size, not narrowed by the scroll bars of a zoomed layout
  const [roomWidth, roomHeight] = [box.clientWidth, box.clientHeight];
  const boxWidth = Math.max(240, roomWidth || 320);
  const boxHeight = roomHeight || Infinity;
  const width = tableWidth(board, boxWidth, boxHeight, Number(box.dataset.tableWidth) || null);
  box.dataset.tableWidth = String(width);
  const { tiles, markers, bbox, bridges } = computeLayout(board, width, tableHeight(width, boxWidth, boxHeight));
  const fit = fitUnit(bbox, boxWidth, boxHeight);
  const bw = bbox.x1 - bbox.x0;
  const bh = bbox.y1 - bbox.y0;
  const unit = fit * zoom;
  const touch = matchMedia("(pointer: coarse)").matches;
  const pxW = bw * unit;
  const pxH = bh * unit;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `${bbox.x0} ${bbox.y0} ${bw} ${bh}`);
  svg.setAttribute("width", String(pxW));
  svg.setAttribute("height", String(pxH));
  svg.setAttribute("class", "layout-svg");
  svg.setAttribute("aria-hidden", "true");
  for (const [[x1, y1], [x2, y2]] of bridges) {
    const line = document.createElementNS(SVG_NS, "line");
    for (const [k, v] of Object.entries({ x1, y1, x2, y2, class: "layout-bridge" })) line.setAttribute(k, String(v));
    svg.append(line);
  }
  for (const t of tiles) {
    const tile = tileSvg(drawnId(t), { vertical: drawnVertical(t) });
    const r = t.rect;
    tile.setAttribute("x", String(r.x0 + 0.03));
    tile.setAttribute("y", String(r.y0 + 0.03));
    tile.setAttribute("width", String(r.x1 - r.x0 - 0.06));
    tile.setAttribute("height", String(r.y1 - r.y0 - 0.06));
    tile.setAttribute("preserveAspectRatio", "none");
    tile.setAttribute("data-index", String(t.index));
    tile.setAttribute("data-placed", t.tile);
    tile.setAttribute("data-key", t.tile);
    if (t.index === lastIndex) tile.classList.add("last-played");
    if (t.index === 0) tile.classList.add("root-tile");
    svg.append(tile);
  }
  const layer = h("div", { class: "layout-stage", role: "group", "data-stage": "" });
  layer.style.width = `${pxW}px`;
  layer.style.height = `${pxH}px`;
  layer.append(svg);
  for (const { end, rect } of markers) {
    const marker = markerFor(end);
    if (!marker) continue;
    const button = h("button", {
      type: "button", class: `end-marker${marker.active ? " active" : " dim"}${marker.hinted ? " hinted" : ""}`, "data-slot": marker.slot,
      "data-end": end.name, "data-key": marker.slot, "aria-label": marker.label, title: marker.label, disabled: marker.active ? null : "",
    }, h("span", { "aria-hidden": "true" }, marker.text ?? String(end.need === "double" ? `${end.value}-${end.value}` : end.value)));
    const at = buttonBox(rect, unit, touch ? TOUCH_TARGET_PX : 0);
    button.style.left = `${(at.x0 - bbox.x0) * unit}px`;
    button.style.top = `${(at.y0 - bbox.y0) * unit}px`;
    button.style.width = `${(at.x1 - at.x0) * unit}px`;
    button.style.height = `${(at.y1 - at.y0) * unit}px`;
    layer.append(button);
  }
  layer.setAttribute("aria-label", endNames());
  box.replaceChildren(layer);
  // (a box emptied is scrolled to its start: only a panned one is scrolled back, which lays the page out)
  if (keep[0] || keep[1]) [box.scrollLeft, box.scrollTop] = keep;
  box.dataset.unit = unit.toFixed(1);
  // a stage no larger than the empty box has no scroll bars to narrow it
  box.dataset.fits = String(pxW <= roomWidth + 1 && pxH <= roomHeight + 1);
  const last = tiles.find((t) => t.index === lastIndex);
  return { unit, tiles: tiles.length, last: last ? centreOf(last.rect, bbox, unit) : null };
}

/** @type {(r: Box, bbox: Box, unit: number) => {x: number, y: number}} */
const centreOf = (r, bbox, unit) => ({ x: ((r.x0 + r.x1) / 2 - bbox.x0) * unit, y: ((r.y0 + r.y1) / 2 - bbox.y0) * unit });

/**
 * Scroll a panning box (not the page) so that point p of its stage is in view, with a margin.
 * From the layout (offsets), never from where a tile is drawn: the stage may be mid-glide (motion.js).
 * @param {HTMLElement} box
 * @param {{x: number, y: number} | null | undefined} p
 */
export function followPoint(box, p, margin = 60) {
  const stage = /** @type {HTMLElement | null} */ (box.firstElementChild);
  if (!stage || !p) return;
  const x = stage.offsetLeft + p.x;
  const y = stage.offsetTop + p.y;
  if (x < box.scrollLeft + margin || x > box.scrollLeft + box.clientWidth - margin) box.scrollLeft = x - box.clientWidth / 2;
  if (y < box.scrollTop + margin || y > box.scrollTop + box.clientHeight - margin) box.scrollTop = y - box.clientHeight / 2;
}
