// The page's watchdogs over the engine worker (engine.js). Each measures silence, not total time:
// a worker on a slow or loaded machine keeps reporting (each start step, each download's progress,
// "busy" before a long step of its own), and only a worker that says nothing for a limit is taken
// for hung. A worker cannot speak in the middle of a step that runs Python, so the limits are
// those of one step at the worst load, and they grow (Patience) each time a worker had to be
// replaced for its silence; a worker replaced again and again with nothing answered in between
// is given up, with the reasons.

/** A start's longest silence (one step: the wasm compiled, Python booted, a module imported).
 *  Python's boot, the longest, took 107 s in WebKit on 2 cores at a load near 40 (docs/page.md). */
export const START_SILENCE_MS = 300_000;
/** A start from a stored snapshot's longest silence; past it the worker is replaced by one that
 *  starts normally (a restore takes a second or two, each of its steps a fraction of that). */
export const SNAPSHOT_SILENCE_MS = 60_000;
export const PING_EVERY_MS = 5_000;
/** An idle worker answers a ping at once; one that has work (a request, a step it said it is
 *  busy with) answers once that work is done. The limits of each, before any back-off. */
export const PING_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 60_000;
const MOST_PATIENCE = 8; // the limits grow 2x per worker replaced for its silence, to 8x at most
const RESTARTS_IN_A_ROW = 3; // replaced this often with no answer in between: the engine is given up

/** A timer that fires once nothing was heard for `ms`: each word heard starts it again. */
export class Silence {
  /** @param {number} ms @param {() => void} onSilent */
  constructor(ms, onSilent) {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.ms = ms;
    this.onSilent = onSilent;
    this.stopped = false;
    this.heard();
  }

  /** A new limit and what to do past it, counted from now. @param {number} ms @param {() => void} onSilent */
  expect(ms, onSilent) {
    this.ms = ms;
    this.onSilent = onSilent;
    this.stopped = false;
    this.heard();
  }

  /** A word heard: the limit counts from now (once stopped, nothing). */
  heard() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.onSilent(), this.ms);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

/** How long the page waits for its worker now, and whether one more restart is worth it. */
export class Patience {
  constructor() {
    this.factor = 1;
    /** @type {string[]} the reasons of the restarts since the engine last answered a request */
    this.inARow = [];
  }

  /** A ping's limit: the worker has work (busy) or has none. @param {boolean} busy */
  pingLimit(busy) {
    return (busy ? REQUEST_TIMEOUT_MS : PING_TIMEOUT_MS) * this.factor;
  }

  requestLimit() {
    return REQUEST_TIMEOUT_MS * this.factor;
  }

  /** The engine answered a request: it works. */
  answered() {
    this.inARow = [];
  }

  /** A worker is to be replaced for `reason` (silent: it said nothing for a limit). Returns null
   *  to restart it, or why the engine is given up instead.
   *  @param {string} reason @param {boolean} silent */
  restart(reason, silent) {
    if (silent) this.factor = Math.min(this.factor * 2, MOST_PATIENCE);
    this.inARow.push(reason);
    if (this.inARow.length <= RESTARTS_IN_A_ROW) return null;
    const why = `the engine was restarted ${RESTARTS_IN_A_ROW} times in a row and never answered: ${this.inARow.join("; ")}`;
    this.inARow = [];
    return why;
  }
}
