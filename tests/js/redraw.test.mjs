// The scheduled redraw (web/play/redraw.js): many asks, one drawing a frame, then what waited for
// it, then the settling.
import test from "node:test";
import assert from "node:assert/strict";
import { createRedraw } from "../../web/play/redraw.js";

/** A fake animation frame that the test runs by hand. */
function frames() {
  let queued = new Map();
  let next = 1;
  globalThis.requestAnimationFrame = (fn) => { queued.set(next, fn); return next++; };
  globalThis.cancelAnimationFrame = (id) => { queued.delete(id); };
  return {
    run() {
      const due = [...queued.values()];
      queued = new Map();
      due.forEach((fn) => fn(0));
    },
    get pending() { return queued.size; },
  };
}

test("many redraws asked in one frame draw once, then settle once", () => {
  const clock = frames();
  const log = [];
  const redraw = createRedraw({ draw: () => log.push("draw"), settle: () => log.push("settle") });
  redraw.schedule();
  redraw.settle();
  redraw.schedule();
  redraw.after(() => log.push("after"));
  assert.equal(clock.pending, 1);
  assert.deepEqual(log, []);
  clock.run();
  assert.deepEqual(log, ["draw", "after", "settle"]);
  clock.run();
  assert.deepEqual(log, ["draw", "after", "settle"], "nothing more asked, nothing more drawn");
});

test("now draws at once, with what was scheduled", async () => {
  const clock = frames();
  const log = [];
  const redraw = createRedraw({ draw: () => log.push("draw"), settle: () => log.push("settle") });
  redraw.settle();
  const drawn = redraw.drawn().then(() => log.push("drawn"));
  redraw.now();
  await drawn;
  assert.deepEqual(log, ["draw", "settle", "drawn"]);
  assert.equal(clock.pending, 0);
});

test("a disposed redraw draws nothing and leaves nobody waiting", async () => {
  const clock = frames();
  let drew = false;
  const redraw = createRedraw({ draw: () => { drew = true; }, settle: () => {} });
  const waiting = redraw.drawn();
  redraw.dispose();
  await waiting;
  redraw.schedule();
  clock.run();
  assert.equal(drew, false);
});
