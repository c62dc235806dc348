// The geometry of the table games' layout (engine.layout's JSON: a line, a tree where every
// double opens four ways, or Round The Clock's four arms), in "units" (a tile is 2 x 1 units);
// layout.js draws it. Tiles are placed in the engine's placement order, so a tile never moves
// once drawn. Each branch travels in its compass direction; when it would leave the table's width
// it turns a corner (one tile across) and comes back the other way, like a snake, and when it
// would run into another tile it turns aside; boxed in, it goes on further along, and a line
// bridges the gap. Pure: no DOM.

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
/** Does direction d run east-west? @param {string} d */
export const horizontal = (d) => d === "east" || d === "west";

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
export const overlaps = (a, b) => a.x0 < b.x1 - EPS && b.x0 < a.x1 - EPS && a.y0 < b.y1 - EPS && b.y0 < a.y1 - EPS;

/** Half of a rectangle's extent across direction d. @type {(r: Box, d: string) => number} */
const halfAcross = (r, d) => (horizontal(d) ? (r.y1 - r.y0) / 2 : (r.x1 - r.x0) / 2);
/** @type {(r: Box, d: string) => number} */
const halfAlong = (r, d) => (horizontal(d) ? (r.x1 - r.x0) / 2 : (r.y1 - r.y0) / 2);

/**
 * The tiles placed so far and the table's edges (`centre` its middle, the root at 0,0): what a new
 * tile must fit in.
 * @typedef {{half: number, halfHeight: number, centre: Point, rects: Rect[], bridges: [Point, Point][]}} Table
 */

/**
 * Does a tile fit on the table: inside its edges (when `walls`), over no other tile.
 * @param {Table} table
 * @param {Rect} r
 * @param {boolean} walls
 */
function fits({ half, halfHeight, centre: [cx, cy], rects }, r, walls) {
  return (!walls || (r.x0 >= cx - half - EPS && r.x1 <= cx + half + EPS && r.y0 >= cy - halfHeight - EPS &&
    r.y1 <= cy + halfHeight + EPS)) && !rects.some((o) => overlaps(r, o));
}

/**
 * Where a branch's tile starts going `nd`: straight on, its near edge; at a corner, alongside
 * the end of the last one.
 * @param {BranchState} state
 * @param {string} nd
 * @param {boolean} cross
 * @returns {Point}
 */
function startAt(state, nd, cross) {
  if (nd === state.d) return state.p;
  const [vx, vy] = VEC[state.d];
  const [nx, ny] = VEC[nd];
  const newAcross = cross ? 1 : 0.5;
  return [state.p[0] - vx * newAcross + nx * state.across, state.p[1] - vy * newAcross + ny * state.across];
}

/**
 * The directions a branch's next tile may take, in order: the way it wants, then aside (away
 * from the table's middle first), never back.
 * @param {Table} table
 * @param {BranchState} state
 * @param {string} want
 */
function candidateDirections(table, state, want) {
  const perps = horizontal(want) ? ["north", "south"] : ["east", "west"];
  const coord = horizontal(want) ? state.p[1] - table.centre[1] : state.p[0] - table.centre[0];
  const away = coord > EPS ? perps[1] : coord < -EPS ? perps[0] : (state.bias && perps.includes(state.bias) ? state.bias : perps[1]);
  const order = [away, away === perps[0] ? perps[1] : perps[0]];
  return [want, ...order].filter((nd) => nd !== OPPOSITE[state.d]);
}

/**
 * Boxed in: the tile goes on further along (a gap, bridged by a line), so no tile ever hides another.
 * @param {Table} table
 * @param {BranchState} state
 * @param {string[]} candidates
 * @param {boolean} cross
 * @returns {{nd: string, r: Rect, bridge?: [Point, Point]} | null}
 */
function pastTheGap(table, state, candidates, cross) {
  for (let k = 1; k <= 40; k += 1) {
    for (const nd of candidates) {
      const [sx, sy] = startAt(state, nd, cross);
      const [gx, gy] = VEC[nd];
      const r = rectFor([sx + gx * k, sy + gy * k], nd, cross);
      if (fits(table, r, false)) return { nd, r, bridge: [[sx, sy], [sx + gx * k, sy + gy * k]] };
    }
  }
  return null;
}

/**
 * Choose where the next tile of a branch goes; `dry`: only look (an end's marker), the table unchanged.
 * @param {Table} table
 * @param {BranchState} state
 * @param {boolean} cross
 * @returns {{rect: Rect, dir: string, next: BranchState}}
 */
function place(table, state, cross, dry = false) {
  const want = state.reverse ?? state.d;
  const candidates = candidateDirections(table, state, want);
  /** @type {{nd: string, r: Rect, bridge?: [Point, Point]} | null} */
  let chosen = null;
  let wallTurn = false;
  for (const walls of [true, false]) {
    for (const nd of candidates) {
      const r = rectFor(startAt(state, nd, cross), nd, cross);
      if (fits(table, r, walls)) {
        chosen = { nd, r };
        break;
      }
    }
    if (chosen) {
      // a turn forced by the table's edge (straight ahead was free of tiles): come back the other way
      const straight = rectFor(startAt(state, want, cross), want, cross);
      wallTurn = walls && chosen.nd !== want && !table.rects.some((o) => overlaps(straight, o));
      break;
    }
  }
  chosen ??= pastTheGap(table, state, candidates, cross) ?? { nd: want, r: rectFor(startAt(state, want, cross), want, cross) };
  const { nd, r } = chosen;
  if (chosen.bridge && !dry) table.bridges.push(chosen.bridge);
  const [vx, vy] = VEC[nd];
  /** @type {BranchState} */
  const next = {
    p: [r.cx + vx * halfAlong(r, nd), r.cy + vy * halfAlong(r, nd)],
    d: nd,
    across: halfAcross(r, nd),
    reverse: wallTurn && horizontal(want) ? OPPOSITE[want] : null,
    bias: state.bias,
  };
  if (!dry) table.rects.push(r);
  return { rect: r, dir: nd, next };
}

/** @typedef {{rect: Rect, dir: string, cross: boolean, state: BranchState | null}} Placed a tile placed, by its index */

/**
 * Where a branch leaving the root's side `d` starts.
 * @param {Rect} rootRect
 * @param {string} d
 * @returns {BranchState}
 */
function rootStart(rootRect, d) {
  const [vx, vy] = VEC[d];
  /** @type {Point} */
  const p = [vx * halfAlong(rootRect, d), vy * halfAlong(rootRect, d)];
  return { p, d, across: halfAcross(rootRect, d), reverse: null, bias: d === "west" ? "north" : d === "east" ? "south" : null };
}

/**
 * Where a branch leaving a placed tile starts: ahead, where its own branch goes on; else from its side.
 * @param {Placed[]} placed
 * @param {number} parentIndex
 * @param {string} side
 * @returns {BranchState}
 */
function branchStart(placed, parentIndex, side) {
  if (parentIndex === 0) return rootStart(placed[0].rect, side);
  if (side === "ahead") return /** @type {BranchState} */ (placed[parentIndex].state); // (only the root has none)
  const parent = placed[parentIndex];
  const d = turnDir(parent.dir, side);
  const [vx, vy] = VEC[d];
  const r = parent.rect;
  return { p: [r.cx + vx * halfAlong(r, d), r.cy + vy * halfAlong(r, d)], d, across: halfAcross(r, d), reverse: null,
    bias: parent.state?.bias ?? null };
}

/**
 * Every tile placed, the root at the table's centre first.
 * @param {Table} table
 * @param {LayoutTile[]} tiles
 * @returns {Placed[]}
 */
function placeTiles(table, tiles) {
  const rootCross = tiles[0].orientation === "crosswise";
  const rootRect = rootCross ? { x0: -0.5, y0: -1, x1: 0.5, y1: 1, cx: 0, cy: 0 } : { x0: -1, y0: -0.5, x1: 1, y1: 0.5, cx: 0, cy: 0 };
  table.rects.push(rootRect);
  /** @type {Placed[]} */
  const placed = [{ rect: rootRect, dir: "east", cross: rootCross, state: null }];
  for (let i = 1; i < tiles.length; i += 1) {
    const t = tiles[i];
    const state = branchStart(placed, /** @type {number} */ (t.parent), /** @type {string} */ (t.side)); // (not the root)
    const cross = t.orientation === "crosswise";
    const { rect, dir, next } = place(table, state, cross);
    placed[i] = { rect, dir, cross, state: next };
  }
  return placed;
}

/**
 * Where each open end takes its next tile: a marker there (markers do not overlap one another).
 * @param {Table} table
 * @param {LayoutBoard} board
 * @param {Placed[]} placed
 * @returns {{end: LayoutEnd, rect: Rect}[]}
 */
function placeMarkers(table, board, placed) {
  /** @type {(end: LayoutEnd) => string} */
  const rootSideOf = (end) => {
    if (board.kind === "line") return end.name === "left" ? "west" : "east";
    if (board.kind === "spinner") return board.arms?.find((a) => a.name === end.name)?.direction ?? "north";
    return end.sides[0];
  };
  return board.ends.map((end) => {
    // the root's own side, unless a branch already leaves it (line ends move along their branch)
    const state = end.tile === 0 ? rootStart(placed[0].rect, rootSideOf(end)) : branchStart(placed, end.tile, end.sides[0] ?? "ahead");
    const { rect } = place(table, state, false, true);
    table.rects.push(rect);
    return { end, rect };
  });
}

/**
 * Compute the drawing of a layout: {tiles: [{index, tile, rect, dir, cross, label}], markers:
 * [{end, rect}], bbox}. `width` and `height` are the table's size in units (branches turn at its
 * edges), `centre` its middle from the root tile's centre (off the root: more room on one side).
 * Without `ends` (no end can be played again: the round is over) the open ends take no room.
 * @param {LayoutBoard} board
 * @param {number} width
 * @param {number} [height]
 * @param {Point} [centre]
 * @param {boolean} [ends]
 * @returns {{tiles: DrawnTile[], markers: {end: LayoutEnd, rect: Rect}[], bbox: Box, bridges: [Point, Point][]}}
 */
export function computeLayout(board, width, height = Infinity, centre = [0, 0], ends = true) {
  /** @type {Table} */
  const table = { half: width / 2, halfHeight: height / 2, centre, rects: [], bridges: [] };
  const tiles = board.tiles;
  const placed = placeTiles(table, tiles);
  const markers = ends ? placeMarkers(table, board, placed) : [];
  const drawn = placed.map((p, i) => {
    const t = tiles[i];
    return { index: i, tile: t.tile, near: t.near, far: t.far, rect: p.rect, dir: p.dir, cross: p.cross };
  });
  const all = [...drawn.map((d) => d.rect), ...markers.map((m) => m.rect)];
  const bbox = {
    x0: Math.min(...all.map((r) => r.x0)) - 0.25, y0: Math.min(...all.map((r) => r.y0)) - 0.25,
    x1: Math.max(...all.map((r) => r.x1)) + 0.25, y1: Math.max(...all.map((r) => r.y1)) + 0.25,
  };
  return { tiles: drawn, markers, bbox, bridges: table.bridges };
}
