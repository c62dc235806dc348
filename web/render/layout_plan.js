// How the table games' layout is laid out in its box (layout.js draws it): the table's width in
// units and where its middle lies from the root tile, chosen so the layout is drawn largest. Pure:
// no DOM.
//
// A table centred on the root gives each arm half the room: a long arm on one side turns at the
// table's edge and, the table full that way, runs on past it (the box pans) while the other side
// stays empty. So each width is also tried with the table's middle moved toward where its layout
// leans (the middle of its drawing with the table centred), and halfway there; where none of those
// fits, the best widths with their middle over the whole table (where a line turns decides its size).

import { computeLayout, overlaps } from "./layout_geometry.js";

/** @typedef {import("./layout_geometry.js").LayoutBoard} LayoutBoard */
/** @typedef {import("./layout_geometry.js").Box} Box */
/** @typedef {import("./layout_geometry.js").Point} Point */

/** The most size of a unit: a tile of 88 x 44 px on a large board (a Luzon tile is at most 146 px wide). */
export const MAX_UNIT_PX = 44;
/** The least size of a unit (a tile is 2 x 1 units) when the layout fits its box: below it the box pans.
 * A tile is drawn 0.94 of its units (a gap between tiles): 22 px keeps it at least 20 px a half. */
export const MIN_UNIT_PX = 22;

/**
 * A way to lay the table out: its width in units and its middle from the root tile's centre.
 * @typedef {{width: number, centre: Point}} Plan
 */

/**
 * The table's height in units: it keeps the box's proportions (a branch turns at the top and bottom too).
 * @param {number} width @param {number} boxWidth @param {number} boxHeight
 */
export const tableHeight = (width, boxWidth, boxHeight) =>
  (Number.isFinite(boxHeight) ? Math.max(10, Math.floor(width * boxHeight / boxWidth)) : Infinity);

/**
 * The size of a unit at which a layout's box `bbox` fits the board's box, at most MAX_UNIT_PX
 * (below MIN_UNIT_PX: it does not fit, the box pans).
 * @param {Box} bbox @param {number} boxWidth @param {number} boxHeight
 */
export const fittingUnit = (bbox, boxWidth, boxHeight) => Math.min(MAX_UNIT_PX,
  (boxWidth - 2) / (bbox.x1 - bbox.x0), (boxHeight - 2) / (bbox.y1 - bbox.y0));

/** The unit a layout is drawn at: the fitting unit, never below the readable size. @param {number} fitting */
export const drawnUnit = (fitting) => Math.max(MIN_UNIT_PX, fitting);

/**
 * An end's button around the end's rect, in units: on touch it grows around its centre to a
 * finger's size (`least` px; 0: as the rect).
 * @param {Box} r @param {number} unit px per unit @param {number} least
 * @returns {Box}
 */
export function buttonBox(r, unit, least) {
  const [hw, hh] = [Math.max(r.x1 - r.x0, least / unit) / 2, Math.max(r.y1 - r.y0, least / unit) / 2];
  const [cx, cy] = [(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2];
  return { x0: cx - hw, x1: cx + hw, y0: cy - hh, y1: cy + hh };
}

/** How far (px) a marker's ring reaches outside its button, the widest drawn (style.css): a focused marker's
 * 3 px outline 1 px off it (an active one's glow and a hinted one's outline: 3 px). */
export const RING_PX = 4;

/**
 * How far (px) the ends' buttons (buttonBox, `least` px on touch) and their rings reach past the
 * layout's box `bbox` on each side when drawn at `unit`: [left, top, right, bottom], 0 where none does.
 * @param {Box} bbox @param {Box[]} rects the ends' rects @param {number} unit @param {number} least
 * @returns {[number, number, number, number]}
 */
export function markerReach(bbox, rects, unit, least) {
  /** @type {[number, number, number, number]} */
  const reach = [0, 0, 0, 0];
  for (const rect of rects) {
    const b = buttonBox(rect, unit, least);
    [bbox.x0 - b.x0, bbox.y0 - b.y0, b.x1 - bbox.x1, b.y1 - bbox.y1]
      .forEach((past, side) => { reach[side] = Math.max(reach[side], past * unit + RING_PX); });
  }
  return reach;
}

/**
 * The box (units) a layout is drawn in at `unit`: its box `bbox` grown by what its ends' buttons and
 * rings reach past it (markerReach), so a marker at the table's edge is drawn whole; grown no more
 * than the room left where the layout fits its room (`boxWidth` x `boxHeight` px): a button past it is
 * moved in (insideBox).
 * @param {Box} bbox @param {Box[]} rects @param {number} unit @param {number} least
 * @param {number} boxWidth @param {number} boxHeight @returns {Box}
 */
export function stageBox(bbox, rects, unit, least, boxWidth, boxHeight) {
  const [left, top, right, bottom] = markerReach(bbox, rects, unit, least);
  /** @type {(size: number, before: number, after: number, room: number) => [number, number]} */
  const grown = (size, before, after, room) => {
    const spare = room - 2 - size * unit;
    const share = spare >= 0 && before + after > spare ? spare / (before + after) : 1;
    return [before * share / unit, after * share / unit];
  };
  const [x0, x1] = grown(bbox.x1 - bbox.x0, left, right, boxWidth);
  const [y0, y1] = grown(bbox.y1 - bbox.y0, top, bottom, boxHeight);
  return { x0: bbox.x0 - x0, y0: bbox.y0 - y0, x1: bbox.x1 + x1, y1: bbox.y1 + y1 };
}

/**
 * A button's box `b` moved (not resized) into `stage` less `ring` units on each side, where it reaches past.
 * @param {Box} b @param {Box} stage @param {number} ring @returns {Box}
 */
export function insideBox(b, stage, ring) {
  /** @type {(low: number, high: number, from: number, to: number) => number} */
  const shift = (low, high, from, to) => Math.max(from + ring - low, Math.min(0, to - ring - high));
  const [dx, dy] = [shift(b.x0, b.x1, stage.x0, stage.x1), shift(b.y0, b.y1, stage.y0, stage.y1)];
  return { x0: b.x0 + dx, x1: b.x1 + dx, y0: b.y0 + dy, y1: b.y1 + dy };
}

/**
 * The size of a unit at which a layout's box `bbox` and its ends' buttons and rings (markerReach) fit
 * the board's box: fittingUnit, less only where a button reaches past the layout's edge (a touch
 * marker's 44 px at a crowded table's edge) by what it reaches past; never below the readable size
 * (MIN_UNIT_PX) where the layout itself fits: its buttons are moved in by what is missing (stageBox).
 * A layout that does not fit (it pans, drawn at MIN_UNIT_PX) is as fittingUnit: panning reaches its markers.
 * @param {Box} bbox @param {Box[]} rects the ends' rects @param {number} boxWidth @param {number} boxHeight
 * @param {number} least the buttons' least size in px (0: as their rects)
 */
export function fittingWithMarkers(bbox, rects, boxWidth, boxHeight, least) {
  const most = fittingUnit(bbox, boxWidth, boxHeight);
  /** @type {(unit: number) => boolean} */
  const fits = (unit) => {
    const [left, top, right, bottom] = markerReach(bbox, rects, unit, least);
    return (bbox.x1 - bbox.x0) * unit + left + right <= boxWidth - 2
      && (bbox.y1 - bbox.y0) * unit + top + bottom <= boxHeight - 2;
  };
  if (!rects.length || most < MIN_UNIT_PX || fits(most)) return most;
  // what the layout and its buttons take grows with the unit: the largest unit that fits, halving the gap
  let [low, high] = [0, most];
  for (let step = 0; step < 16; step += 1) {
    const mid = (low + high) / 2;
    if (fits(mid)) low = mid;
    else high = mid;
  }
  return Math.max(low, MIN_UNIT_PX);
}

/**
 * How a layout is drawn in its box: its unit (the fitting one with its ends' buttons, fittingWithMarkers,
 * never below the readable size; times `zoom`), the stage it is drawn in (stageBox) and its ends' buttons
 * as drawn, each moved into the stage where it reaches past (insideBox), all in units.
 * @param {Box} bbox the layout's box @param {Box[]} rects the ends' rects @param {number} boxWidth
 * @param {number} boxHeight @param {number} least the buttons' least size in px (0: as their rects)
 * @param {number} [zoom] @returns {{fitting: number, unit: number, stage: Box, buttons: Box[]}}
 */
export function drawnStage(bbox, rects, boxWidth, boxHeight, least, zoom = 1) {
  const fitting = fittingWithMarkers(bbox, rects, boxWidth, boxHeight, least);
  const unit = drawnUnit(fitting) * zoom;
  const stage = stageBox(bbox, rects, unit, least, boxWidth, boxHeight);
  return { fitting, unit, stage, buttons: rects.map((r) => insideBox(buttonBox(r, unit, least), stage, RING_PX / unit)) };
}

/** A plan as a short string (kept on the box between drawings). @param {Plan} plan */
export const planKey = ({ width, centre }) => `${width} ${centre[0]} ${centre[1]}`;

/** The plan a key names, or null. @param {string | undefined} key @returns {Plan | null} */
export function planOf(key) {
  const [width, x, y] = (key ?? "").split(" ").map(Number);
  return Number.isFinite(width) && width > 0 && Number.isFinite(x) && Number.isFinite(y) ? { width, centre: [x, y] } : null;
}

/** To the half unit. @param {number} v */
const toHalf = (v) => Math.round(2 * v) / 2;
/** How far toward where the layout leans the table's middle is tried. */
const LEANS = [0.5, 1, 1.5];
/** A plan's worth is its unit times this for each gap it bridges (a branch boxed in, going on
 * further along): a larger drawing with gaps loses to a nearly as large one without. */
const BRIDGE_COST = 0.85;
/** A plan's worth is its unit times this where the layout does not fit (it pans): one that fits wins, though it bridge a gap or three. */
const PAN_COST = 0.5;
/** The moves of the best plan's middle tried after (in units), largest first. */
const STEPS = [2, 1];
/** Tries of one step's moves at most (each a move that draws the layout larger). */
const CLIMBS = 4;
/** The last drawing's plan is kept while it is worth this share of the best one or more: a new plan re-snakes the
 * whole table, which a person sees far more than tiles a little larger (tests/bench/layout_plans: at 0.85 against
 * 0.9, a fifth fewer re-snakes for a unit 0.5-2% smaller, as many pans; benchmarks.md). */
const KEEP_WORTH = 0.85;
/** Where no plan toward the lean fits: how many widths, those that did best, have their middle tried over the
 * table too, and the grid's step (units). */
const TOP_WIDTHS = 3;
const GRID_STEP = 3;

/**
 * What a plan is worth (its fitting unit, less for each gap bridged and where it pans; 0 where two ends'
 * buttons would overlap as drawn, drawnStage) and its fitting unit itself (the layout fits its box when that is MIN_UNIT_PX or more).
 * Its ends' buttons at its edge are left out (drawLayout makes room for them: fittingWithMarkers), or a
 * layout that fits at a readable size, its markers moved in, would lose to a nearly as large one that pans.
 * @typedef {{worth: number, fit: number}} PlanUnits
 */

/**
 * A plan's width tried: the worth of its best plan toward the lean and how far its middle may move (the
 * table less a tile, each way).
 * @typedef {{width: number, limits: Point, worth: number}} WidthTried
 */

/**
 * The best of `plans` after `best` by `worthOf` (a plan replaces it where it does 2% better).
 * @param {Plan[]} plans @param {Plan} best @param {number} at its worth @param {(plan: Plan) => number} worthOf
 * @returns {[Plan, number]}
 */
function bestOf(plans, best, at, worthOf) {
  for (const plan of plans) {
    const worth = worthOf(plan);
    if (worth > at * 1.02) [best, at] = [plan, worth];
  }
  return [best, at];
}

/**
 * A width's plans: the table centred on the root and its middle moved toward the middle of the layout's
 * drawing centred (`lean`), within `limits`.
 * @param {number} width @param {Point} limits @param {Point} lean @returns {Plan[]}
 */
function leanPlans(width, limits, lean) {
  /** @type {(f: number) => Point} */
  const toward = (f) => [toHalf(Math.max(-limits[0], Math.min(limits[0], lean[0] * f))),
    toHalf(Math.max(-limits[1], Math.min(limits[1], lean[1] * f)))];
  return [{ width, centre: [0, 0] }, ...LEANS.map((f) => ({ width, centre: toward(f) }))];
}

/** A width's plans with their middle every GRID_STEP units over the table. @param {WidthTried} tried @returns {Plan[]} */
function gridPlans({ width, limits: [lx, ly] }) {
  /** @type {Plan[]} */
  const grid = [];
  for (let x = -lx; x <= lx; x += GRID_STEP) {
    for (let y = -ly; y <= ly; y += GRID_STEP) grid.push({ width, centre: [toHalf(x), toHalf(y)] });
  }
  return grid;
}

/**
 * `best`'s middle moved a step at a time (STEPS) while that draws the layout larger.
 * @param {Plan} best @param {number} at its worth @param {(plan: Plan) => number} worthOf @returns {Plan}
 */
function climbed(best, at, worthOf) {
  for (const step of STEPS) {
    let moved = true;
    for (let climb = 0; moved && climb < CLIMBS; climb += 1) {
      moved = false;
      for (const [dx, dy] of [[step, 0], [-step, 0], [0, step], [0, -step]]) {
        const plan = { width: best.width, centre: /** @type {Point} */ ([best.centre[0] + dx, best.centre[1] + dy]) };
        const worth = worthOf(plan);
        if (worth > at * 1.02) [best, at, moved] = [plan, worth, true];
      }
    }
  }
  return best;
}

/**
 * The plan at which the layout is drawn largest: widths from the widest (a unit of 22 px) down to
 * where a unit reaches its most, each with the table centred on the root and moved toward where
 * its layout leans; where none of those fits, the widths that did best (TOP_WIDTHS) with their middle
 * tried over the table too (a grid of GRID_STEP units: the lean alone missed a whole line at 24 px and
 * drew it panning at 21); then the best plan's middle moved a step at a time while that draws it
 * larger. Each as long as its ends' buttons stay apart (they grow to `least` px: a finger's size on
 * touch). The plan of the last drawing is kept while it does nearly as well (KEEP_WORTH; and fits where the best
 * does: by their fitting units, not their worths, which a bridged gap lowers), so the tiles do not
 * move at every play. `seen` caches each plan's units (for one board, box and `ends`: whether the
 * open ends take room, computeLayout).
 * @param {LayoutBoard} board
 * @param {number} boxWidth
 * @param {number} boxHeight
 * @param {{kept: Plan | null, least: number, seen: Map<string, PlanUnits>, ends?: boolean}} how
 * @returns {Plan}
 */
export function bestPlan(board, boxWidth, boxHeight, { kept, least, seen, ends = true }) {
  const widest = Math.max(16, Math.min(36, Math.floor(boxWidth / 22)));
  if (!Number.isFinite(boxHeight)) return { width: widest, centre: [0, 0] };
  const narrowest = Math.max(8, Math.min(widest, Math.floor(boxWidth / MAX_UNIT_PX)));
  /** @type {(plan: Plan) => PlanUnits & {bbox: Box}} */
  const measure = (plan) => {
    const { bbox, markers, bridges } = computeLayout(board, plan.width, tableHeight(plan.width, boxWidth, boxHeight), plan.centre,
      ends);
    const fit = fittingUnit(bbox, boxWidth, boxHeight);
    const { buttons } = drawnStage(bbox, markers.map(({ rect }) => rect), boxWidth, boxHeight, least);
    const apart = !buttons.some((a, i) => buttons.slice(i + 1).some((b) => overlaps(a, b)));
    return { worth: apart ? fit * BRIDGE_COST ** bridges.length * (fit < MIN_UNIT_PX ? PAN_COST : 1) : 0, fit, bbox };
  };
  /** @type {(plan: Plan) => PlanUnits} */
  const unitsOf = (plan) => {
    const key = planKey(plan);
    const known = seen.get(key);
    if (known !== undefined) return known;
    const { worth, fit } = measure(plan);
    seen.set(key, { worth, fit });
    return { worth, fit };
  };
  /** @type {(plan: Plan) => number} */
  const worthOf = (plan) => unitsOf(plan).worth;
  /** @type {[Plan, number]} */
  let [best, at] = [{ width: widest, centre: [0, 0] }, -1];
  /** @type {WidthTried[]} */
  const widths = [];
  for (let width = widest; width >= narrowest; width -= 1) {
    const { worth, fit, bbox } = measure({ width, centre: [0, 0] });
    seen.set(planKey({ width, centre: [0, 0] }), { worth, fit });
    /** @type {Point} */
    const limits = [width / 2 - 1.5, tableHeight(width, boxWidth, boxHeight) / 2 - 1.5];
    const plans = leanPlans(width, limits, [(bbox.x0 + bbox.x1) / 2, (bbox.y0 + bbox.y1) / 2]);
    [best, at] = bestOf(plans, best, at, worthOf);
    widths.push({ width, limits, worth: Math.max(...plans.map(worthOf)) });
  }
  // where no plan tried fits (each pans), the best widths' middle tried over the whole table: where a line
  // turns decides its size, and its lean alone can miss a plan that fits (only there: a plan further off the
  // one kept from the last drawing would re-snake the table more often)
  if (unitsOf(best).fit < MIN_UNIT_PX) {
    for (const tried of [...widths].sort((p, q) => q.worth - p.worth).slice(0, TOP_WIDTHS)) {
      [best, at] = bestOf(gridPlans(tried), best, at, worthOf);
    }
  }
  best = climbed(best, at, worthOf);
  if (kept && planKey(kept) !== planKey(best) && kept.width >= narrowest && kept.width <= widest) {
    const [was, now] = [unitsOf(kept), unitsOf(best)];
    if (was.worth >= now.worth * KEEP_WORTH && (was.fit >= MIN_UNIT_PX || now.fit < MIN_UNIT_PX)) return kept;
  }
  return best;
}
