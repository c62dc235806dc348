// The table's layout geometry (web/render/layout.js computeLayout): every tile placed once, none
// overlapping another, a long line snaking within the table's width, the open ends marked; and
// the plan it is drawn at (web/render/layout_plan.js); the marks its legend names, known before it
// is drawn (web/render/table_legend.js tableMarks).
import test from "node:test";
import assert from "node:assert/strict";
import { computeLayout, turnDir } from "../../web/render/layout_geometry.js";
import { RING_PX, bestPlan, buttonBox, drawnStage, drawnUnit, fittingUnit, fittingWithMarkers, insideBox, stageBox,
  tableHeight } from "../../web/render/layout_plan.js";
import { tableMarks } from "../../web/render/table_legend.js";

/** A line of `east` tiles east of a double and `west` tiles west of it, as the engine's layout JSON. */
function line(east, west) {
  const tiles = [{ tile: "6-6", near: 6, far: 6, orientation: "crosswise", parent: null, side: null, direction: null }];
  const branches = [];
  const ends = [];
  for (const [direction, count] of [["east", east], ["west", west]]) {
    const members = [];
    let parent = 0;
    for (let i = 0; i < count; i += 1) {
      tiles.push({ tile: `${i % 7}-${(i + 1) % 7}`, near: i % 7, far: (i + 1) % 7, orientation: "lengthwise", parent,
        side: i === 0 ? direction : "ahead", direction });
      parent = tiles.length - 1;
      members.push(parent);
    }
    branches.push({ parent: 0, side: direction, direction, tiles: members });
    ends.push({ name: `e${parent}`, value: count % 7, tile: parent, sides: ["ahead"], need: "match" });
  }
  return { kind: "line", root: 0, tiles, branches, ends };
}

const overlap = (a, b) => a.x0 < b.x1 - 0.01 && b.x0 < a.x1 - 0.01 && a.y0 < b.y1 - 0.01 && b.y0 < a.y1 - 0.01;

test("turning left and right goes round the compass", () => {
  assert.equal(turnDir("north", "left"), "west");
  assert.equal(turnDir("west", "right"), "north");
  assert.equal(turnDir("east", "ahead"), "east");
});

test("a short line lies straight, every tile once, the two ends marked", () => {
  const { tiles, markers, bbox } = computeLayout(line(3, 3), 30);
  assert.equal(tiles.length, 7);
  assert.deepEqual(tiles.map((t) => t.index).sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6]);
  assert.equal(markers.length, 2);
  assert.ok(bbox.y1 - bbox.y0 <= 2.5, "a straight line is as high as its double (and a margin)");
});

test("a round over: the open ends take no room, the same tiles in the same places", () => {
  const open = computeLayout(line(3, 3), 30);
  const over = computeLayout(line(3, 3), 30, Infinity, [0, 0], false);
  assert.equal(over.markers.length, 0);
  assert.deepEqual(over.tiles, open.tiles);
  assert.ok(over.bbox.x1 - over.bbox.x0 < open.bbox.x1 - open.bbox.x0, "the ends' room left out");
  const rects = over.tiles.map((t) => t.rect);
  assert.equal(over.bbox.x0, Math.min(...rects.map((r) => r.x0)) - 0.25);
  assert.equal(over.bbox.x1, Math.max(...rects.map((r) => r.x1)) + 0.25);
});

for (const width of [10, 16, 24]) {
  test(`a long line snakes within a table ${width} units wide, no tile over another`, () => {
    const { tiles, bbox } = computeLayout(line(18, 18), width);
    assert.equal(tiles.length, 37);
    assert.ok(bbox.x1 - bbox.x0 <= width + 2.5, `the line is ${bbox.x1 - bbox.x0} units wide`);
    assert.ok(bbox.y1 - bbox.y0 > 2, "it turned");
    for (const [i, a] of tiles.entries()) {
      for (const b of tiles.slice(i + 1)) assert.ok(!overlap(a.rect, b.rect), `${a.tile} over ${b.tile}`);
    }
  });
}

test("a narrower table draws the same line taller", () => {
  const tall = computeLayout(line(20, 20), 10).bbox;
  const wide = computeLayout(line(20, 20), 30).bbox;
  assert.ok(tall.y1 - tall.y0 > wide.y1 - wide.y0);
  assert.ok(tall.x1 - tall.x0 < wide.x1 - wide.x0);
});

test("a table whose middle is off the root tile gives that side more room before it turns", () => {
  const centred = computeLayout(line(12, 0), 12, 12).bbox;
  const moved = computeLayout(line(12, 0), 12, 12, [4, 0]).bbox;
  assert.ok(moved.x1 >= centred.x1 + 2, "the long arm runs further east before it turns");
  assert.ok(moved.x0 >= centred.x0 + 2, "and comes back less far west");
});

test("a long arm on one side: the plan moves the table's middle its way and draws it larger", () => {
  const [boxWidth, boxHeight] = [328, 333]; // a phone's board held upright
  const board = line(30, 2);
  const plan = bestPlan(board, boxWidth, boxHeight, { kept: null, least: 44, seen: new Map() });
  const unitOf = (/** @type {number} */ width, centre = [0, 0]) =>
    fittingUnit(computeLayout(board, width, tableHeight(width, boxWidth, boxHeight), centre).bbox, boxWidth, boxHeight);
  const centredBest = Math.max(...[8, 9, 10, 11, 12, 13, 14, 15, 16].map((w) => unitOf(w)));
  assert.notDeepEqual(plan.centre, [0, 0]);
  assert.ok(unitOf(plan.width, plan.centre) >= 22, "it fits at a readable size");
  assert.ok(centredBest < 22, "centred on the root at any width, it would pan");
});

test("a kept plan that no longer fits where the best does is let go", () => {
  const [boxWidth, boxHeight] = [328, 333];
  const board = line(30, 2);
  const kept = { width: 9, centre: /** @type {[number, number]} */ ([0, 0]) };
  const plan = bestPlan(board, boxWidth, boxHeight, { kept, least: 44, seen: new Map() });
  assert.notDeepEqual(plan, kept);
});

test("a kept plan that pans is let go for one that fits, though that one bridges a gap", async () => {
  // the draw game's deal 5 (double-9, four seats) at its hand's end, on a 390 x 844 phone: the table's
  // box was 349 px high while the way-on bar showed (the best plan there pans), 397 px once it went
  const { readFile } = await import("node:fs/promises");
  const board = JSON.parse(await readFile(new URL("fixtures/draw_late_table.json", import.meta.url), "utf8"));
  const [boxWidth, boxHeight] = [358, 397];
  const fitOf = (/** @type {{width: number, centre: [number, number]}} */ plan) => fittingUnit(
    computeLayout(board, plan.width, tableHeight(plan.width, boxWidth, boxHeight), plan.centre).bbox, boxWidth, boxHeight);
  const kept = bestPlan(board, boxWidth, 349, { kept: null, least: 44, seen: new Map() });
  assert.ok(fitOf(kept) < 22, "the plan drawn while the box was short pans in the box now");
  const plan = bestPlan(board, boxWidth, boxHeight, { kept, least: 44, seen: new Map() });
  assert.ok(fitOf(plan) >= 22, `the plan drawn now fits: a unit of ${fitOf(plan).toFixed(1)} px`);
});

test("a long line whose lean misses every plan that fits: the middle tried over the table finds one", async () => {
  // Matador's deal 8 (three seats) at its end, as the coach shows it on a 360 x 740 phone: the table's box
  // 328 x 240 beside the hand's usual tiles, 328 x 280 beside its least. The middle moved toward the lean
  // alone drew it at 13.3 and 21.0 px, panning; moved over the table, 24.2 px, whole
  const { readFile } = await import("node:fs/promises");
  const board = JSON.parse(await readFile(new URL("fixtures/matador_end_table.json", import.meta.url), "utf8"));
  for (const [boxWidth, boxHeight] of [[328, 240], [328, 280]]) {
    const plan = bestPlan(board, boxWidth, boxHeight, { kept: null, least: 44, seen: new Map(), ends: false });
    const fit = fittingUnit(computeLayout(board, plan.width, tableHeight(plan.width, boxWidth, boxHeight), plan.centre, false)
      .bbox, boxWidth, boxHeight);
    assert.ok(fit >= 24, `${boxWidth} x ${boxHeight}: a unit of ${fit.toFixed(1)} px`);
  }
});

test("the ends' touch markers as drawn, moved in from the table's edge, never overlap", async () => {
  // a table of 12 tiles with its four ends close by, in a phone's 328 x 280 box by touch: a marker moved in
  // from the edge (insideBox) lay 58 px over its neighbour where the plan was chosen by the markers unmoved
  const { readFile } = await import("node:fs/promises");
  const board = JSON.parse(await readFile(new URL("fixtures/crowded_ends_table.json", import.meta.url), "utf8"));
  const [boxWidth, boxHeight] = [328, 280];
  const plan = bestPlan(board, boxWidth, boxHeight, { kept: null, least: 44, seen: new Map() });
  const { bbox, markers } = computeLayout(board, plan.width, tableHeight(plan.width, boxWidth, boxHeight), plan.centre);
  const { buttons, stage, unit } = drawnStage(bbox, markers.map(({ rect }) => rect), boxWidth, boxHeight, 44);
  assert.ok(markers.length >= 3);
  buttons.forEach((a, i) => buttons.slice(i + 1).forEach((b, j) => assert.ok(!overlap(a, b), `ends ${i} and ${i + 1 + j} overlap`)));
  for (const b of buttons) assert.ok(b.x0 >= stage.x0 && b.x1 <= stage.x1 && b.y0 >= stage.y0 && b.y1 <= stage.y1, "inside the stage");
  assert.ok(unit >= 22);
});

test("an end's touch marker at the layout's edge is drawn whole, its ring too: the tiles a little smaller", () => {
  const [boxWidth, boxHeight] = [328, 200]; // a phone's table box; the line's east end at its bottom edge
  const { bbox, markers } = computeLayout(line(12, 0), 12, tableHeight(12, boxWidth, boxHeight));
  const rects = markers.map(({ rect }) => rect);
  const most = fittingUnit(bbox, boxWidth, boxHeight);
  const fit = fittingWithMarkers(bbox, rects, boxWidth, boxHeight, 44);
  assert.ok(fit < most && fit >= 22, `the tiles smaller by the marker's margin: ${most.toFixed(1)} -> ${fit.toFixed(1)} px`);
  const unit = drawnUnit(fit);
  const stage = stageBox(bbox, rects, unit, 44, boxWidth, boxHeight);
  assert.ok((stage.x1 - stage.x0) * unit <= boxWidth - 2 + 1e-6 && (stage.y1 - stage.y0) * unit <= boxHeight - 2 + 1e-6);
  for (const rect of rects) {
    const b = insideBox(buttonBox(rect, unit, 44), stage, RING_PX / unit);
    assert.deepEqual(b, buttonBox(rect, unit, 44), "the stage holds it where it is");
    const ring = RING_PX / unit - 1e-9;
    assert.ok(b.x0 - ring >= stage.x0 && b.y0 - ring >= stage.y0 && b.x1 + ring <= stage.x1 && b.y1 + ring <= stage.y1);
  }
  // where the room is too short for that at a readable size, the tiles stay readable and the marker moves in
  const short = fittingUnit(bbox, boxWidth, 8 * 22 + 2);
  assert.equal(fittingWithMarkers(bbox, rects, boxWidth, 8 * 22 + 2, 44), short);
  const tight = stageBox(bbox, rects, 22, 44, boxWidth, 8 * 22 + 2);
  assert.ok((tight.y1 - tight.y0) * 22 <= 8 * 22 + 1e-6);
  const moved = rects.map((rect) => insideBox(buttonBox(rect, 22, 44), tight, RING_PX / 22));
  assert.ok(moved.every((b) => b.y0 >= tight.y0 && b.y1 <= tight.y1));
});

test("the legend's marks come from what the table is drawn with", () => {
  const board = line(3, 0); // the double, then 0-1, 1-2 and 2-3 (the last played) east of it
  const marks = (drawn) => [...tableMarks(board, { lastIndex: 3, since: new Map(), markers: [], handHinted: false,
    ...drawn })];
  assert.deepEqual(marks({}), ["last", "first"]);
  assert.deepEqual(marks({ lastIndex: -1 }), ["first"]); // nothing played yet
  // a tile played since the person's turn is its own mark only when it is not the last played
  assert.deepEqual(marks({ since: new Map([[board.tiles[3].tile, 1]]) }), ["last", "first"]);
  assert.deepEqual(marks({ since: new Map([[board.tiles[2].tile, 1]]) }), ["last", "since", "first"]);
  assert.deepEqual(marks({ lastIndex: -1, since: new Map([[board.tiles[3].tile, 1]]) }), ["since", "first"]);
  const end = (active, hinted) => ({ slot: "end:x", label: "", active, hinted });
  assert.deepEqual(marks({ markers: [null, end(true, false)] }), ["last", "first", "fits"]);
  assert.deepEqual(marks({ markers: [end(false, true)] }), ["last", "first", "hint"]); // the hint's place
  assert.deepEqual(marks({ handHinted: true }), ["last", "first", "hint"]); // the hint's tile in the hand
  assert.deepEqual([...tableMarks({ ...board, tiles: [] }, { lastIndex: -1, since: new Map(), markers: [],
    handHinted: false })], []);
});
