// Draws the layout of the table games (engine.layout's JSON): a line (matador, tiddle-a-wink),
// a tree where every double opens four ways (draw game) or Round The Clock's four arms.
//
// Its geometry, in "units" (a tile is 2 x 1 units), is layout_geometry.js's: tiles in the engine's
// placement order, each branch snaking at the table's edges. The table's width in units and its
// middle (off the first tile where one side's arms need the room) are the ones that draw the
// layout largest in its box (layout_plan.js: a long line snakes sooner on a phone), kept from
// play to play while they do nearly as well; the whole picture is scaled to fit its box, so every
// tile stays visible on a phone and on a desktop, and so does every place to play: an end's
// marker at the layout's edge (on touch a 44 px button, wider than a small tile's place, and its
// ring) is drawn whole, the tiles smaller by what it reaches past them, or moved in clear of its neighbours
// (layout_plan.js drawnStage).

import { h, mediaHolds, put } from "./dom.js";
import { tileSvg } from "./tiles.js";
import { roomOf } from "./fit_room.js";
import { computeLayout, horizontal } from "./layout_geometry.js";
import { MIN_UNIT_PX, bestPlan, drawnStage, drawnUnit, planKey, planOf, tableHeight } from "./layout_plan.js";

/** @typedef {import("./layout_geometry.js").LayoutTile} LayoutTile */
/** @typedef {import("./layout_geometry.js").LayoutEnd} LayoutEnd */
/** @typedef {import("./layout_geometry.js").LayoutBoard} LayoutBoard */
/** @typedef {import("./layout_geometry.js").Rect} Rect */
/** @typedef {import("./layout_geometry.js").Box} Box */
/** @typedef {import("./layout_geometry.js").Point} Point */
/** @typedef {import("./layout_geometry.js").DrawnTile} DrawnTile */
/** @typedef {import("./layout_plan.js").Plan} Plan */

/**
 * An end offered as a place to play (drawLayout's markerFor); `says`: its words in a sentence, the end
 * named ("the blank takes only a matador"), when the marker shows them now.
 * @typedef {{slot: string, label: string, active: boolean, hinted?: boolean, text?: string | null,
 *   says?: string | null}} EndMarker
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

const TOUCH_TARGET_PX = 44;

/**
 * Per layout JSON drawn (a view's board) and box: the units of each plan tried (layout_plan.js), so
 * a redraw of the same view (a tile picked, a place marked) lays it out once, not at every plan.
 * @type {WeakMap<object, {key: string, units: Map<string, import("./layout_plan.js").PlanUnits>}>}
 */
const unitsSeen = new WeakMap();

/**
 * The plan to draw `board` at in a box of this size (layout_plan.js), the box's last one kept
 * while it does nearly as well.
 * @param {any} board the layout's JSON
 * @param {number} boxWidth
 * @param {number} boxHeight
 * @param {Plan | null} kept the plan of the last drawing
 * @param {boolean} ends whether the open ends take room
 */
function tablePlan(board, boxWidth, boxHeight, kept, ends) {
  const least = mediaHolds("(pointer: coarse)") ? TOUCH_TARGET_PX : 0;
  const key = `${boxWidth}x${boxHeight}:${least}:${ends}`;
  let seen = unitsSeen.get(board);
  if (seen?.key !== key) unitsSeen.set(board, seen = { key, units: new Map() });
  return bestPlan(board, boxWidth, boxHeight, { kept, least, seen: seen.units, ends });
}

/**
 * Draw the layout into `box` (an element whose width is known). markerFor(end) returns
 * {slot, label, active} for the ends to offer, or null. Without `ends` (no end can be played again:
 * the round is over) the open ends take no room, so the finished table is drawn as large as it fits.
 * Drawn again at every redraw (a resize too).
 * @param {HTMLElement} box
 * @param {LayoutBoard} board
 * @param {object} how
 * @param {(end: LayoutEnd) => EndMarker | null} [how.markerFor]
 * @param {number} [how.lastIndex]
 * @param {() => string} [how.endNames]
 * @param {number} [how.zoom]
 * @param {boolean} [how.ends]
 * @param {[number, number]} how.scroll the box's scroll offsets, read by the caller in a layout it
 *   made before its writes (one forced layout fewer), kept where the layout pans
 * @returns {{unit: number, tiles: number, last: {x: number, y: number} | null, whole: boolean, lastPlace: string}}
 *   `last`: the latest tile's centre in the stage (px); `whole`: the layout fits its box at its least readable
 *   size or larger (unzoomed: nothing to pan); `lastPlace`: where the latest tile lies among the table's
 *   tiles and the size they were fitted at (the same at any zoom; another where the table is laid out or
 *   fitted anew, a box grown or shrunk)
 */
export function drawLayout(box, board,
  { markerFor = () => null, lastIndex = -1, endNames = () => "", zoom = 1, ends = true, scroll: keep }) {
  box.replaceChildren(); // measured empty: the box's own size, not narrowed by the scroll bars of a zoomed layout
  const [roomWidth, roomHeight] = roomOf(box); // the screen fits the table again when this room changes
  const boxWidth = Math.max(240, roomWidth || 320);
  const boxHeight = roomHeight || Infinity;
  const plan = tablePlan(board, boxWidth, boxHeight, planOf(box.dataset.tablePlan), ends);
  put(box.dataset, "tablePlan", planKey(plan));
  const { tiles, markers, bbox: tilesBox, bridges } = computeLayout(board, plan.width,
    tableHeight(plan.width, boxWidth, boxHeight), plan.centre, ends);
  const least = mediaHolds("(pointer: coarse)") ? TOUCH_TARGET_PX : 0;
  // a marker at the edge drawn whole: the stage holds it, or it is moved in
  const { fitting, unit, stage: bbox, buttons } = drawnStage(tilesBox, markers.map(({ rect }) => rect), boxWidth, boxHeight,
    least, zoom);
  const bw = bbox.x1 - bbox.x0;
  const bh = bbox.y1 - bbox.y0;
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
  for (const [i, { end }] of markers.entries()) {
    const marker = markerFor(end);
    if (!marker) continue;
    const button = h("button", {
      type: "button", class: `end-marker${marker.active ? " active" : " dim"}${marker.hinted ? " hinted" : ""}`, "data-slot": marker.slot,
      "data-end": end.name, "data-key": marker.slot, "aria-label": marker.label, title: marker.label, disabled: marker.active ? null : "",
    }, h("span", { "aria-hidden": "true" }, marker.text ?? String(end.need === "double" ? `${end.value}-${end.value}` : end.value)));
    const at = buttons[i];
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
  put(box.dataset, "unit", unit.toFixed(1));
  put(box.dataset, "room", `${roomWidth}x${roomHeight}`); // the room it was fitted to (tests compare it with the box's)
  // a stage no larger than the empty box has no scroll bars to narrow it
  put(box.dataset, "fits", String(pxW <= roomWidth + 1 && pxH <= roomHeight + 1));
  const last = tiles.find((t) => t.index === lastIndex);
  return { unit, tiles: tiles.length, last: last ? centreOf(last.rect, bbox, unit) : null, whole: fitting >= MIN_UNIT_PX,
    lastPlace: last ? `${last.rect.x0 - tilesBox.x0} ${last.rect.y0 - tilesBox.y0} ${drawnUnit(fitting).toFixed(1)}` : "" };
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
