// The table games' layout plans over many tables (tests/bench/layout_plans.py writes them): for each
// build of web/render's layout (this one, and a baseline's copy when given), in each box, how many
// drawings pan, how many re-snake the table from the last drawing (a tile already down moves against
// the first tile), the mean size a unit is drawn at, how many drawings put two ends' buttons over each
// other, and the CPU a plan's search takes. Run by layout_plans.py, which prints how to run it.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [corpusFile, ...builds] = process.argv.slice(2);
/** @type {{board: object, ends: boolean}[][]} */
const deals = JSON.parse(readFileSync(corpusFile, "utf8"));
/** The boxes (px) and the buttons' least size: a phone's table box upright by touch (two heights), held sideways, a laptop's. */
const BOXES = [[328, 240, 44], [328, 280, 44], [358, 344, 44], [497, 205, 44], [986, 278, 0], [986, 450, 0]];

/** @type {(tiles: {index: number, rect: {x0: number, y0: number}}[]) => Map<number, string>} */
const shape = (tiles) => {
  const root = tiles.find((t) => t.index === 0)?.rect ?? { x0: 0, y0: 0 };
  return new Map(tiles.map((t) => [t.index, `${(t.rect.x0 - root.x0).toFixed(2)} ${(t.rect.y0 - root.y0).toFixed(2)}`]));
};
const overlap = (a, b) => a.x0 < b.x1 - 0.01 && b.x0 < a.x1 - 0.01 && a.y0 < b.y1 - 0.01 && b.y0 < a.y1 - 0.01;

/** For a baseline from before layout_plan.js's drawnStage (4684f5f): how drawLayout placed the ends' buttons then. */
const drawnStageBefore = (plan) => (bbox, rects, width, height, least) => {
  const fitting = plan.fittingWithMarkers(bbox, rects, width, height, least);
  const unit = plan.drawnUnit(fitting);
  const stage = plan.stageBox(bbox, rects, unit, least, width, height);
  return { fitting, unit, buttons: rects.map((r) => plan.insideBox(plan.buttonBox(r, unit, least), stage, plan.RING_PX / unit)) };
};

const loaded = [];
for (const [name, dir] of builds.map((b) => b.split("="))) {
  const plan = await import(pathToFileURL(`${dir}/layout_plan.js`).href);
  const { computeLayout } = await import(pathToFileURL(`${dir}/layout_geometry.js`).href);
  for (const { board, ends } of deals.slice(0, 20).flat()) plan.bestPlan(board, 328, 280, { kept: null, least: 44, seen: new Map(), ends });
  loaded.push({ name, plan, computeLayout }); // (warmed up: the builds' searches timed alike)
}
for (const [width, height, least] of BOXES) {
  for (const { name, plan, computeLayout } of loaded) {
    let [drawings, pans, snakes, units, clashes, cpu] = [0, 0, 0, 0, 0, 0];
    for (const deal of deals) {
      let [kept, before] = [null, /** @type {Map<number, string> | null} */ (null)];
      for (const { board, ends } of deal) {
        const start = process.cpuUsage();
        const chosen = plan.bestPlan(board, width, height, { kept, least, seen: new Map(), ends });
        const used = process.cpuUsage(start);
        cpu += used.user + used.system;
        const { tiles, bbox, markers } = computeLayout(board, chosen.width, plan.tableHeight(chosen.width, width, height),
          chosen.centre, ends);
        const { fitting, unit, buttons } = (plan.drawnStage ?? drawnStageBefore(plan))(bbox, markers.map((m) => m.rect),
          width, height, least);
        const now = shape(tiles);
        drawings += 1;
        pans += fitting < plan.MIN_UNIT_PX ? 1 : 0;
        snakes += before && [...before].some(([i, at]) => now.has(i) && now.get(i) !== at) ? 1 : 0;
        units += Math.min(plan.MAX_UNIT_PX, unit);
        clashes += buttons.some((a, i) => buttons.slice(i + 1).some((b) => overlap(a, b))) ? 1 : 0;
        [kept, before] = [chosen, now];
      }
    }
    console.log([name, `${width}x${height}`, least ? "touch" : "mouse", drawings, pans, snakes, (units / drawings).toFixed(2),
      clashes, (cpu / drawings / 1000).toFixed(3)].join("\t"));
  }
}
