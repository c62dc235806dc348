// The page's watchdogs over the engine worker (web/engine.js, web/engine_watch.js), on Node's mock
// timers with a scripted worker: a slow start that keeps reporting comes up however long it takes,
// a silent one fails saying where it stopped; a worker busy with its snapshot is not taken for
// hung; a worker that never answers is replaced, each time after a longer wait, and given up
// after three restarts in a row, saying why; a new start forgets the old worker's sessions.
import test, { mock } from "node:test";
import assert from "node:assert/strict";

/** The engine worker as engine.js sees it: what the page posts is kept; say() is the worker speaking. */
class ScriptedWorker {
  /** @type {ScriptedWorker[]} */
  static all = [];
  constructor(url, options) {
    this.name = options?.name;
    this.posted = [];
    this.terminated = false;
    this.onmessage = null;
    this.onerror = null;
    ScriptedWorker.all.push(this);
  }
  postMessage(message) { this.posted.push(message); }
  terminate() { this.terminated = true; }
  say(data) { this.onmessage?.({ data }); }
  pings() { return this.posted.filter((m) => m.type === "ping").length; }
}

globalThis.document = { documentElement: { dataset: {} }, hidden: false };
globalThis.requestAnimationFrame = (fn) => setTimeout(fn, 16);
globalThis.Worker = ScriptedWorker;
if (!globalThis.navigator) globalThis.navigator = {};
const { Engine } = await import("../../web/engine.js");
const { PING_EVERY_MS, PING_TIMEOUT_MS, START_SILENCE_MS } = await import("../../web/engine_watch.js");

const READY = { type: "ready", start: "normal", version: "test", phases: {}, timeOrigin: performance.timeOrigin };
const latest = () => ScriptedWorker.all.at(-1);

/** A new engine on mock timers, its console warnings kept. */
function engineOnMockTimers(t) {
  mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  t.after(() => mock.timers.reset());
  const warned = [];
  t.mock.method(console, "warn", (...args) => warned.push(args.join(" ")));
  ScriptedWorker.all = [];
  return { engine: new Engine("worker.js"), warned };
}

/** Time moves on a second at a time until a new worker starts or `ms` have passed; the time it took. */
function untilNewWorker(ms) {
  const workers = ScriptedWorker.all.length;
  for (let passed = 1000; passed <= ms; passed += 1000) {
    mock.timers.tick(1000);
    if (ScriptedWorker.all.length > workers) return passed;
  }
  return null;
}

test("a start that keeps reporting its steps comes up, however long it takes", async (t) => {
  const { engine } = engineOnMockTimers(t);
  const ready = engine.start();
  for (let step = 0; step < 8; step += 1) { // 8 steps, each half the limit after the last: 20 minutes
    mock.timers.tick(START_SILENCE_MS / 2);
    latest().say({ type: "step", name: `step-${step}` });
  }
  latest().say({ type: "progress", loaded: 1, total: 2 });
  mock.timers.tick(START_SILENCE_MS - 1000);
  assert.equal(engine.state, "loading");
  latest().say(READY);
  await ready;
  assert.equal(engine.state, "ready");
  assert.equal(ScriptedWorker.all.length, 1);
});

test("a start that says nothing for its limit fails, saying its last step", async (t) => {
  const { engine } = engineOnMockTimers(t);
  const ready = engine.start();
  latest().say({ type: "step", name: "wasm-compile" });
  mock.timers.tick(START_SILENCE_MS - 1000);
  assert.equal(engine.state, "loading");
  mock.timers.tick(1000);
  assert.equal(engine.state, "failed");
  await assert.rejects(ready, new RegExp(`no progress for ${START_SILENCE_MS / 1000} s \\(its last step: wasm-compile\\)`));
  assert.ok(latest().terminated);
});

test("a worker busy with its snapshot is pinged with a busy worker's limit and not replaced", async (t) => {
  const { engine } = engineOnMockTimers(t);
  const ready = engine.start();
  const worker = latest();
  worker.say(READY);
  await ready;
  mock.timers.tick(PING_EVERY_MS); // a ping, with an idle worker's limit
  assert.equal(worker.pings(), 1);
  worker.say({ type: "busy", step: "its start-up snapshot" }); // (the worker said so before it got the ping)
  mock.timers.tick(PING_TIMEOUT_MS * 4); // 40 s making its snapshot
  assert.equal(ScriptedWorker.all.length, 1, "not replaced");
  worker.say({ type: "step", name: "snapshot-made" });
  worker.say({ type: "busy", step: null });
  worker.say({ type: "pong" });
  worker.say({ type: "pong" });
  assert.equal(engine.ping, null);
  assert.equal(engine.state, "ready");
  const waited = untilNewWorker(PING_EVERY_MS + PING_TIMEOUT_MS); // idle again: an idle worker's limit
  assert.ok(waited >= PING_TIMEOUT_MS, `an idle worker that does not answer is replaced, after ${waited} ms`);
});

test("a worker that never answers is replaced after longer and longer waits, then given up saying why", async (t) => {
  const { engine, warned } = engineOnMockTimers(t);
  const ready = engine.start();
  latest().say(READY);
  await ready;
  const waits = [];
  for (let restart = 0; restart < 3; restart += 1) {
    const waited = untilNewWorker(10 * 60_000);
    assert.ok(waited, `restart ${restart + 1}`);
    waits.push(waited);
    latest().say(READY); // the new worker starts, and never answers either
  }
  // a ping's 10 s, then 20 s, then 40 s (and up to a ping's interval before it is sent)
  assert.deepEqual(waits.map((ms, i) => ms >= PING_TIMEOUT_MS * 2 ** i && ms <= PING_TIMEOUT_MS * 2 ** i + PING_EVERY_MS),
    [true, true, true], String(waits));
  assert.equal(untilNewWorker(10 * 60_000), null, "no fourth restart");
  assert.equal(engine.state, "failed");
  assert.match(engine.failure, /restarted 3 times in a row and never answered: the engine stopped answering/);
  assert.match(warned.at(-1), /^Boneyard: the engine was restarted 3 times in a row .*; not restarting it again$/);
  assert.ok(ScriptedWorker.all.every((w) => w.terminated));
});

test("an answer in between: the restarts in a row count again from none", async (t) => {
  const { engine } = engineOnMockTimers(t);
  const ready = engine.start();
  latest().say(READY);
  await ready;
  for (let round = 0; round < 5; round += 1) {
    assert.ok(untilNewWorker(10 * 60_000), `restart ${round + 1}`);
    const worker = latest();
    worker.say(READY);
    const answer = engine.request({ op: "catalog" });
    const request = worker.posted.find((m) => m.id !== undefined);
    worker.say({ type: "pong" });
    worker.say({ id: request.id, response: JSON.stringify({ ok: true }) });
    assert.deepEqual(await answer, { ok: true });
  }
  assert.equal(engine.state, "ready");
});

test("a new start (Retry after a failure) forgets the old worker's sessions: the new one's, under the same ids, stay open", async (t) => {
  const { engine } = engineOnMockTimers(t);
  /** A "new" answered by the latest worker with `session`. @param {string} session */
  const open = async (session) => {
    const answer = engine.request({ op: "new", game: "luzon" });
    const sent = latest().posted.findLast((m) => m.id !== undefined);
    latest().say({ id: sent.id, response: JSON.stringify({ ok: true, session }) });
    await answer;
  };
  const closed = () => latest().posted.filter((m) => m.request && JSON.parse(m.request).op === "close")
    .map((m) => JSON.parse(m.request).session);
  for (const worker of ["first", "second"]) {
    const ready = engine.start();
    latest().say(READY);
    await ready;
    await open("s1");
    await open("s2");
    assert.deepEqual(closed(), [], `the ${worker} worker's sessions stay open`);
  }
  await open("s3");
  assert.deepEqual(closed(), ["s1"], "past two sessions, the oldest is closed");
});
