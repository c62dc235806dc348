// Draws the layout of the table games (engine.layout's JSON): a line (matador, tiddle-a-wink),
// a tree where every double opens four ways (draw game) or Round The Clock's four arms.
//
// Geometry in "units" (a tile is 2 x 1 units). Tiles are placed in the engine's placement order,
// so a tile never moves once drawn. Each branch travels in its compass direction; when it would
// leave the table's width it turns a corner (one tile across) and comes back the other way, like
// a snake, and when it would run into another tile it turns aside. The table's width in units is
// the one that draws the layout largest in its box (a long line snakes sooner on a phone), kept
// from play to play while it does nearly as well; the whole picture is scaled to fit its box, so
// every tile stays visible on a phone and on a desktop.

import { h } from "./dom.js";
import { tileSvg } from "./tiles.js";

/**
 * A placed tile of the engine's layout JSON; parent and side are null at the root.
 * @typedef {object} LayoutTile
 * @property {string} tile
 * @property {number} near
 * @property {number} far
 * @property {"lengthwise" | "crosswise"} orientation
 * @property {number | null} parent
 * @property {string | null} side
 * @property {string | null} direction
 */

/**
 * An open end of a layout.
 * @typedef {object} LayoutEnd
 * @property {string} name
 * @property {number} value
 * @property {number} tile the index of the tile it is on
 * @property {string[]} sides
 * @property {"match" | "double"} need
 */

/**
 * The engine's layout JSON (engine/layout.py): a line, a tree, or a spinner with its arms.
 * @typedef {object} LayoutBoard
 * @property {string} kind "line", "tree" or "spinner"
 * @property {number} root
 * @property {LayoutTile[]} tiles
 * @property {{parent: number, side: string, direction: string, tiles: number[]}[]} branches
 * @property {LayoutEnd[]} ends
 * @property {{name: string, direction: string, value: number, closed: boolean}[]} [arms]
 */

/** @typedef {{x0: number, y0: number, x1: number, y1: number, cx: number, cy: number}} Rect */
/** @typedef {{x0: number, y0: number, x1: number, y1: number}} Box */
/** @typedef {[number, number]} Point */

/**
 * Where a branch's next tile goes: p the near edge's centre, d the direction, across half the last tile's
 * extent across d, reverse the way back after a wall, bias the side it turns to.
 * @typedef {{p: Point, d: string, across: number, reverse: string | null, bias: string | null}} BranchState
 */

/**
 * A tile as drawn.
 * @typedef {{index: number, tile: string, near: number, far: number, rect: Rect, dir: string, cross: boolean}} DrawnTile
 */

/**
 * An end offered as a place to play (drawLayout's markerFor).
 * @typedef {{slot: string, label: string, active: boolean, hinted?: boolean, text?: string | null}} EndMarker
 */

const SVG_NS = "http://www.w3.org/2000/svg";
/** @type {Record<string, Point>} */
const VEC = { north: [0, -1], east: [1, 0], south: [0, 1], west: [-1, 0] };
const COMPASS = ["north", "east", "south", "west"];
/** @type {Record<string, string>} */
const OPPOSITE = { north: "south", south: "north", east: "west", west: "east" };
const EPS = 0.01;

/** @param {string} direction @param {string} side */
export function turnDir(direction, side) {
  const i = COMPASS.indexOf(direction);
  if (side === "left") return COMPASS[(i + 3) % 4];
  if (side === "right") return COMPASS[(i + 1) % 4];
  return direction;
}
const horizontal = (/** @type {string} */ d) => d === "east" || d === "west";

/**
 * The rectangle of a tile whose near edge is centred on point p, travelling d.
 * @param {Point} p
 * @param {string} d
 * @param {boolean} cross
 * @returns {Rect}
 */
function rectFor(p, d, cross) {
  const along = cross ? 1 : 2;
  const across = cross ? 2 : 1;
  const [vx, vy] = VEC[d];
  const cx = p[0] + vx * along / 2;
  const cy = p[1] + vy * along / 2;
  const w = horizontal(d) ? along : across;
  const hgt = horizontal(d) ? across : along;
  return { x0: cx - w / 2, y0: cy - hgt / 2, x1: cx + w / 2, y1: cy + hgt / 2, cx, cy };
}

/** @type {(a: Box, b: Box) => boolean} */
const overlaps = (a, b) => a.x0 < b.x1 - EPS && b.x0 < a.x1 - EPS && a.y0 < b.y1 - EPS && b.y0 < a.y1 - EPS;

/** Half of a rectangle's extent across direction d. @type {(r: Box, d: string) => number} */
const halfAcross = (r, d) => (horizontal(d) ? (r.y1 - r.y0) / 2 : (r.x1 - r.x0) / 2);
/** @type {(r: Box, d: string) => number} */
const halfAlong = (r, d) => (horizontal(d) ? (r.x1 - r.x0) / 2 : (r.y1 - r.y0) / 2);

/**
 * Compute the drawing of a layout: {tiles: [{index, tile, rect, dir, cross, label}], markers:
 * [{end, rect}], bbox}. `width` is the table's width in units (branches turn at its edges).
 * @param {LayoutBoard} board
 * @param {number} width
 * @returns {{tiles: DrawnTile[], markers: {end: LayoutEnd, rect: Rect}[], bbox: Box, bridges: [Point, Point][]}}
 */
export function computeLayout(board, width, height = Infinity) {
  const half = width / 2;
  const halfHeight = height / 2;
  /** @type {{rect: Rect, dir: string, cross: boolean, state: BranchState | null}[]} */
  const placed = []; // by tile index: {rect, dir, cross, state}
  /** @type {Rect[]} */
  const rects = [];
  /** @type {[Point, Point][]} */
  const bridges = []; // [[from], [to]]: lines across the gaps left where a branch was boxed in
  const tiles = board.tiles;

  /** @type {(r: Rect, walls: boolean) => boolean} */
  const fits = (r, walls) => (!walls || (r.x0 >= -half - EPS && r.x1 <= half + EPS && r.y0 >= -halfHeight - EPS &&
    r.y1 <= halfHeight + EPS)) && !rects.some((o) => overlaps(r, o));

  /**
   * Choose where the next tile of a branch goes. state: {p, d, across, reverse, bias}.
   * @param {BranchState} state
   * @param {boolean} cross
   * @returns {{rect: Rect, dir: string, next: BranchState}}
   */
  function place(state, cross, dry = false) {
    const want = state.reverse ?? state.d;
    /** @type {(nd: string) => Point} */
    const startFor = (nd) => {
      if (nd === state.d) return state.p;
      // a corner: the new tile lies alongside the end of the last one
      const [vx, vy] = VEC[state.d];
      const [nx, ny] = VEC[nd];
      const newAcross = cross ? 1 : 0.5;
      return [state.p[0] - vx * newAcross + nx * state.across, state.p[1] - vy * newAcross + ny * state.across];
    };
    const perps = horizontal(want) ? ["north", "south"] : ["east", "west"];
    const coord = horizontal(want) ? state.p[1] : state.p[0];
    const away = coord > EPS ? perps[1] : coord < -EPS ? perps[0] : (state.bias && perps.includes(state.bias) ? state.bias : perps[1]);
    const order = [away, away === perps[0] ? perps[1] : perps[0]];
    const candidates = [want, ...order].filter((nd) => nd !== OPPOSITE[state.d]);
    /** @type {{nd: string, r: Rect, bridge?: [Point, Point]} | null} */
    let chosen = null;
    let wallTurn = false;
    for (const walls of [true, false]) {
      for (const nd of candidates) {
        const r = rectFor(startFor(nd), nd, cross);
        if (fits(r, walls)) {
          chosen = { nd, r };
          break;
        }
      }
      if (chosen) {
        // a turn forced by the table's edge (straight ahead was free of tiles): come back the other way
        const straight = rectFor(startFor(want), want, cross);
        wallTurn = walls && chosen.nd !== want && !rects.some((o) => overlaps(straight, o));
        break;
      }
    }
    if (!chosen) {
      // boxed in: go on further along (a gap, bridged by a line), so no tile ever hides another
      search: for (let k = 1; k <= 40; k += 1) {
        for (const nd of candidates) {
          const [sx, sy] = startFor(nd);
          const [gx, gy] = VEC[nd];
          const r = rectFor([sx + gx * k, sy + gy * k], nd, cross);
          if (fits(r, false)) {
            chosen = { nd, r, bridge: [[sx, sy], [sx + gx * k, sy + gy * k]] };
            break search;
          }
        }
      }
    }
    if (!chosen) chosen = { nd: want, r: rectFor(startFor(want), want, cross) };
    const { nd, r } = chosen;
    if (chosen.bridge && !dry) bridges.push(chosen.bridge);
    const [vx, vy] = VEC[nd];
    /** @type {BranchState} */
    const next = {
      p: [r.cx + vx * halfAlong(r, nd), r.cy + vy * halfAlong(r, nd)],
      d: nd,
      across: halfAcross(r, nd),
      reverse: wallTurn && horizontal(want) ? OPPOSITE[want] : null,
      bias: state.bias,
    };
    if (!dry) rects.push(r);
    return { rect: r, dir: nd, next };
  }

  // ---- the root
  const root = tiles[0];
  const rootCross = root.orientation === "crosswise";
  const rootRect = rootCross ? { x0: -0.5, y0: -1, x1: 0.5, y1: 1, cx: 0, cy: 0 } : { x0: -1, y0: -0.5, x1: 1, y1: 0.5, cx: 0, cy: 0 };
  rects.push(rootRect);
  placed[0] = { rect: rootRect, dir: rootCross ? "east" : "east", cross: rootCross, state: null };
  /** @type {(d: string) => BranchState} */
  const rootStart = (d) => {
    const [vx, vy] = VEC[d];
    /** @type {Point} */
    const p = [vx * halfAlong(rootRect, d), vy * halfAlong(rootRect, d)];
    return { p, d, across: halfAcross(rootRect, d), reverse: null, bias: d === "west" ? "north" : d === "east" ? "south" : null };
  };
  /** @type {(k: number, side: string) => BranchState} */
  const sideStart = (k, side) => {
    const parent = placed[k];
    const d = turnDir(parent.dir, side);
    const [vx, vy] = VEC[d];
    const r = parent.rect;
    return { p: [r.cx + vx * halfAlong(r, d), r.cy + vy * halfAlong(r, d)], d, across: halfAcross(r, d), reverse: null,
      bias: parent.state?.bias ?? null };
  };
  /** @type {(parentIndex: number, side: string) => BranchState} */
  const startFor = (parentIndex, side) => {
    if (parentIndex === 0) return rootStart(side);
    if (side === "ahead") return /** @type {BranchState} */ (placed[parentIndex].state); // (only the root has none)
    return sideStart(parentIndex, side);
  };

  for (let i = 1; i < tiles.length; i += 1) {
    const t = tiles[i];
    const state = startFor(/** @type {number} */ (t.parent), /** @type {string} */ (t.side)); // (not the root)
    const cross = t.orientation === "crosswise";
    const { rect, dir, next } = place(state, cross);
    placed[i] = { rect, dir, cross, state: next };
  }

  // ---- where each open end takes its next tile
  /** @type {(end: LayoutEnd) => string} */
  const rootSideOf = (end) => {
    if (board.kind === "line") return end.name === "left" ? "west" : "east";
    if (board.kind === "spinner") return board.arms?.find((a) => a.name === end.name)?.direction ?? "north";
    return end.sides[0];
  };
  /** @type {{end: LayoutEnd, rect: Rect}[]} */
  const markers = [];
  for (const end of board.ends) {
    let state;
    if (end.tile === 0) {
      // the root's own side, unless a branch already leaves it (line ends move along their branch)
      state = rootStart(rootSideOf(end));
    } else {
      state = startFor(end.tile, end.sides[0] ?? "ahead");
    }
    const { rect } = place(state, false, true);
    rects.push(rect); // markers do not overlap one another
    markers.push({ end, rect });
  }

  const drawn = placed.map((p, i) => {
    const t = tiles[i];
    return { index: i, tile: t.tile, near: t.near, far: t.far, rect: p.rect, dir: p.dir, cross: p.cross };
  });
  const all = [...drawn.map((d) => d.rect), ...markers.map((m) => m.rect)];
  const bbox = {
    x0: Math.min(...all.map((r) => r.x0)) - 0.25, y0: Math.min(...all.map((r) => r.y0)) - 0.25,
    x1: Math.max(...all.map((r) => r.x1)) + 0.25, y1: Math.max(...all.map((r) => r.y1)) + 0.25,
  };
  return { tiles: drawn, markers, bbox, bridges };
}

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
export const MIN_UNIT_PX = 22;
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
  const layer = h("div", { class: "layout-stage", role: "group" });
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
