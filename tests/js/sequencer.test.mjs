// The turn sequencer (web/play/sequencer.js): what is due waits for the slides, then its pause;
// a new due replaces the old; a run steps until it ends or is stopped; one cancel stops all.
import "./browser_fakes.mjs";
import test from "node:test";
import assert from "node:assert/strict";
import { createSequencer } from "../../web/play/sequencer.js";

/** A promise and its resolve. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise((r) => { resolve = r; });
  return { promise, resolve };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

test("what is due waits for the slides on screen, then runs once", async () => {
  const slides = deferred();
  const sequencer = createSequencer({ slides: () => slides.promise });
  let ran = 0;
  sequencer.due(() => { ran += 1; });
  await tick();
  assert.equal(ran, 0, "not before the slides have ended");
  slides.resolve();
  await tick();
  assert.equal(ran, 1);
});

test("a new due replaces the one before; null and cancel leave nothing due", async () => {
  const sequencer = createSequencer({ slides: () => Promise.resolve() });
  const ran = [];
  sequencer.due(() => ran.push("first"), 5);
  sequencer.due(() => ran.push("second"), 5);
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(ran, ["second"]);
  sequencer.due(() => ran.push("dropped"), 5);
  sequencer.due(null);
  sequencer.due(() => ran.push("cancelled"), 5);
  sequencer.cancel();
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(ran, ["second"]);
});

test("what is no longer wanted when its time comes is not done", async () => {
  const sequencer = createSequencer({ slides: () => Promise.resolve() });
  let wanted = true;
  let ran = false;
  sequencer.due(() => { ran = true; }, 0, () => wanted);
  wanted = false;
  await tick();
  assert.equal(ran, false);
});

test("a run steps until a step says it is done, telling its start and end", async () => {
  const changes = [];
  const sequencer = createSequencer({ slides: () => Promise.resolve(), onChange: () => changes.push(sequencer.running()) });
  let steps = 0;
  await sequencer.run("autoplay", { pause: 1, step: async () => { steps += 1; return steps < 3; } });
  assert.equal(steps, 3);
  assert.deepEqual(changes, ["autoplay", null]);
  assert.equal(sequencer.running(), null);
});

test("stop ends a run of its kind only; a stopped run takes no further step", async () => {
  const sequencer = createSequencer({ slides: () => Promise.resolve() });
  let steps = 0;
  const running = sequencer.run("replay", { pause: 1000, step: async () => { steps += 1; return true; } });
  await tick();
  sequencer.stop("autoplay");
  assert.equal(sequencer.running(), "replay");
  assert.equal(sequencer.going(), "replay");
  sequencer.stop("replay"); // wakes the pause at once
  assert.equal(sequencer.going(), null); // stopped: no longer going, though running until its step ends
  await running;
  assert.equal(steps, 1);
  assert.equal(sequencer.running(), null);
});

test("a disposed sequencer takes nothing new", async () => {
  const sequencer = createSequencer({ slides: () => Promise.resolve() });
  sequencer.dispose();
  let ran = false;
  sequencer.due(() => { ran = true; });
  await sequencer.run("skip", { pause: 0, step: async () => { ran = true; return false; } });
  await tick();
  assert.equal(ran, false);
});
