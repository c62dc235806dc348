// The page's side of the engine: starts the module worker, tracks its state on
// <html data-engine>, and sends JSON requests to engine.api.handle. <html data-engine-start> says
// how the engine started ("normal", or "snapshot": from the snapshot a normal start stored), and
// <html data-snapshot> whether a normal start stored its snapshot ("saved" or "not-saved").
//
// A start that stops reporting fails (one from a snapshot is given up for a normal start), and a
// dead or hung worker is replaced (engine_watch.js: the watchdogs measure its silence, never a
// total time): a worker that says nothing for a ping's limit, a worker error or a fatal error of
// Pyodide (then without the snapshot it started from). Events: "restarting" {reason} at once,
// "restarted" {reason} once the new engine is ready: its sessions are gone, so the page reloads
// the game on screen from its saved record. A worker replaced again and again fails ("failed").
//
// Sessions: the page shows one game at a time; engine_sessions.js keeps the ones it opened (gone,
// and forgotten, when their worker stops: a new one reuses their ids), and
// closeSessions() closes them all (a screen left).

import { during } from "./settled.js";
import { PING_EVERY_MS, Patience, SNAPSHOT_SILENCE_MS, START_SILENCE_MS, Silence } from "./engine_watch.js";
import { Sessions } from "./engine_sessions.js";

/** How a start ends: ready, or failed. @typedef {{resolve: () => void, reject: (error: Error) => void}} Settle */
/** A start's watchdog (its silence; past it, `stalled`), whether it restores a snapshot, its last step.
 *  @typedef {{silence: Silence, stalled: () => void, restoring: boolean, step: string}} Watch */

/** A request waiting for its answer. @typedef {{resolve: (answer: any) => void, reject: (error: unknown) => void,
 *  timer: ReturnType<typeof setTimeout>, request: Record<string, unknown>}} PendingRequest */

export class Engine extends EventTarget {
  /** @param {URL | string} workerUrl */
  constructor(workerUrl) {
    super();
    this.workerUrl = workerUrl;
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {string} */
    this.state = "loading";
    /** @type {Map<number, PendingRequest>} */
    this.pending = new Map(); // id -> {resolve, reject, timer}
    this.nextId = 1;
    /** @type {Promise<void> | null} */
    this.readyPromise = null;
    /** @type {string | null} */
    this.failure = null; // the message of the last failed start
    this.sessions = new Sessions((session) => { this.request({ op: "close", session }).catch(() => {}); });
    /** @type {Silence | null} */
    this.ping = null; // while a ping is unanswered
    /** @type {string | null} */
    this.busyWith = null; // a long step the worker said it runs (its snapshot): pings wait longer
    this.patience = new Patience();
    /** @type {string | null} */
    this.restarting = null; // the reason, while a restart is under way
    this.fromSnapshot = false;
    /** @type {string | undefined} */
    this.startUrl; // (made once, by workerStart)
    setInterval(() => this.checkAlive(), PING_EVERY_MS);
  }

  /** The URL the worker starts from. The worker must have the page's Content-Security-Policy,
   *  and a static host may send no CSP header (README, Hosting):
   *  - a page the service worker controls starts worker.js itself: the service worker answers it
   *    from its cache with the page's policy as a header (sw.js), and, unlike a blob: worker's
   *    imports in Firefox, every module the worker loads then comes from that cache too (offline);
   *  - any other page (a first visit, or no service worker) starts a blob: module that imports
   *    worker.js: a worker started from a blob: URL keeps the page's own policy (its <meta> one too).
   *  Either way import() of a data: or blob: module, code from strings and connections off the
   *  origin are refused in the worker by the browser itself. */
  workerStart() {
    if (globalThis.navigator.serviceWorker?.controller) return String(this.workerUrl);
    this.startUrl ??= URL.createObjectURL(
      new Blob([`import ${JSON.stringify(String(this.workerUrl))};\n`], { type: "text/javascript" }));
    return this.startUrl;
  }

  /** Start (or restart) the worker; resolves when the engine is ready. With snapshot false the
   *  worker ignores (and deletes) a stored start-up snapshot.
   *  @param {{snapshot?: boolean}} [how]
   *  @param {Settle | null} [settled] the settle of the start this one replaces
   *  @returns {Promise<void>} */
  start({ snapshot = true } = {}, settled = null) {
    this.stop();
    this.failure = null;
    this.setState("loading");
    delete document.documentElement.dataset.engineStart; // set again by this start
    delete document.documentElement.dataset.snapshot;
    let settle = /** @type {Settle} */ (settled); // (else made just below)
    if (!settle) {
      this.readyPromise = new Promise((resolve, reject) => { settle = { resolve, reject }; });
      during("engine", this.readyPromise).catch(() => {}); // (the page's settled signal)
      performance.mark("engine-start");
    }
    // (the worker's name, not a URL query: the service worker answers worker.js without the query)
    const worker = new Worker(this.workerStart(), { type: "module", name: snapshot ? "engine" : "engine:no-snapshot" });
    this.worker = worker;
    const stalled = () => this.fail(
      `The engine's start made no progress for ${START_SILENCE_MS / 1000} s (its last step: ${watch.step}).`, settle);
    /** @type {Watch} */
    const watch = { silence: new Silence(START_SILENCE_MS, stalled), stalled, restoring: false, step: "none yet" };
    worker.onmessage = ({ data }) => {
      if (this.worker === worker) this.received(data, watch, settle);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (this.worker === worker) this.workerFailed(event, watch, settle);
    };
    return /** @type {Promise<void>} */ (this.readyPromise); // (made above, or by the start this one replaces)
  }

  /** A message of the worker on screen (engine.js's top: what the worker says).
   *  @param {any} data @param {Watch} watch @param {Settle} settle */
  received(data, watch, settle) {
    watch.silence.heard(); // (while it starts) any word is progress
    this.ping?.heard(); // the worker is alive and working: a ping waits on
    if (data.type === "pong") {
      this.ping?.stop();
      this.ping = null;
    } else if (data.type === "step") {
      watch.step = data.name;
    } else if (data.type === "busy") {
      this.busyWith = data.step ?? null; // (null: the step is over)
      this.ping?.stop(); // a ping sent before the worker said so is sent again, with the limit for now
      this.ping = null;
      this.checkAlive();
    } else if (data.type === "fatal") { // Pyodide cannot go on (the worker dropped a snapshot it started from)
      this.restart(`the engine failed (${data.message})`, { snapshot: false });
    } else if (data.type === "progress") {
      this.dispatchEvent(new CustomEvent("progress", { detail: data }));
    } else if (data.type === "snapshot") {
      this.snapshotNews(data, watch, settle);
    } else if (data.type === "ready") {
      watch.silence.stop();
      watch.restoring = false;
      this.started(data, settle);
    } else if (data.type === "failed") {
      watch.silence.stop();
      this.fail(data.message, settle);
    } else if (data.id !== undefined) {
      this.answered(data);
    }
  }

  /** What the worker says of its start-up snapshot: restoring one (watched), given up, saved or not.
   *  @param {any} data @param {Watch} watch @param {Settle} settle */
  snapshotNews(data, watch, settle) {
    if (data.state === "restoring") {
      watch.restoring = true;
      watch.silence.expect(SNAPSHOT_SILENCE_MS, () => this.withoutSnapshot(
        `the start from a snapshot said nothing for ${SNAPSHOT_SILENCE_MS / 1000} s after its step ${watch.step}`, watch, settle));
    } else if (data.state === "fallback") { // the worker gave up the snapshot and starts normally itself
      watch.restoring = false;
      watch.silence.expect(START_SILENCE_MS, watch.stalled);
    } else {
      document.documentElement.dataset.snapshot = data.state; // "saved" | "not-saved"
      this.snapshot = { ...data, phases: this.pageTimes(data) };
    }
  }

  /** A start from a snapshot failed or hung: start again without it.
   *  @param {string} why @param {Watch} watch @param {Settle} settle */
  withoutSnapshot(why, watch, settle) {
    watch.silence.stop();
    console.warn(`Boneyard: ${why}; starting the engine without the snapshot`);
    this.start({ snapshot: false }, settle);
  }

  /** The engine is ready: how it started, its steps' times, the start settled (and a restart told).
   *  @param {any} data @param {Settle} settle */
  started(data, settle) {
    this.startKind = { start: data.start, fallback: data.fallback ?? null };
    this.fromSnapshot = data.start === "snapshot";
    document.documentElement.dataset.engineStart = data.start; // "snapshot" | "normal"
    performance.mark("engine-ready");
    this.timeOrigin = data.timeOrigin;
    this.startup = this.pageTimes(data); // the worker's start steps
    this.setState("ready");
    this.dispatchEvent(new CustomEvent("ready", { detail: data }));
    settle.resolve();
    if (this.restarting) {
      const reason = this.restarting;
      this.restarting = null;
      this.dispatchEvent(new CustomEvent("restarted", { detail: { reason } }));
    }
  }

  /** A request's answer, to the one waiting for it. @param {{id: number, response: string}} data */
  answered(data) {
    const entry = this.pending.get(data.id);
    if (!entry) return;
    this.pending.delete(data.id);
    clearTimeout(entry.timer);
    this.patience.answered();
    try {
      entry.resolve(JSON.parse(data.response));
    } catch (error) {
      entry.reject(error);
    }
  }

  /** The worker itself failed: while restoring a snapshot, start without it; once ready, restart;
   *  else the start failed.
   *  @param {ErrorEvent} event @param {Watch} watch @param {Settle} settle */
  workerFailed(event, watch, settle) {
    if (watch.restoring) {
      this.withoutSnapshot(`the engine worker failed while starting from a snapshot (${event.message})`, watch, settle);
      return;
    }
    watch.silence.stop();
    if (this.state === "ready") {
      this.restart(`the engine worker failed (${event.message || "error"})`, { snapshot: !this.fromSnapshot });
      return;
    }
    this.fail(event.message || "The engine worker could not start.", settle);
  }

  /**
   * Replace a dead, hung or broken worker by a new one (its sessions are lost), unless workers
   * were replaced too often in a row: the engine then fails. `silent`: it said nothing for a
   * limit (the limits grow).
   * @param {string} reason
   * @param {{snapshot?: boolean, silent?: boolean}} [how]
   */
  restart(reason, { snapshot = true, silent = false } = {}) {
    if (this.restarting) return;
    const givenUp = this.patience.restart(reason, silent);
    if (givenUp) {
      console.warn(`Boneyard: ${givenUp}; not restarting it again`);
      this.fail(givenUp);
      return;
    }
    console.warn(`Boneyard: ${reason}; restarting the engine`);
    this.restarting = reason;
    this.sessions.forget(); // (now: a "restarting" listener closes none of them in the new engine)
    // requests under way go to the new engine: one without a session (a saved game being loaded,
    // say) is answered as it would have been; one with a session gets unknown_session
    const carried = [...this.pending.values()];
    for (const entry of carried) clearTimeout(entry.timer);
    this.pending.clear();
    this.dispatchEvent(new CustomEvent("restarting", { detail: { reason } }));
    this.start({ snapshot }).then(() => {
      for (const entry of carried) this.request(entry.request).then(entry.resolve, entry.reject);
    }, (error) => {
      this.restarting = null;
      for (const entry of carried) entry.reject(error);
    });
  }

  /** Ping the worker; no word from it in time and it is replaced. Busy (requests under way, or a
   *  step it said it runs), the worker may be computing: the ping waits behind that, longer. */
  checkAlive() {
    if (this.ping || this.state !== "ready" || !this.worker || document.hidden) return;
    const work = this.pending.size > 0 ? "a request" : this.busyWith;
    const limit = this.patience.pingLimit(Boolean(work));
    this.ping = new Silence(limit, () => this.restart(work
      ? `the engine said nothing for ${limit / 1000} s while busy with ${work}`
      : `the engine stopped answering (no answer to a ping in ${limit / 1000} s)`, { silent: true }));
    this.worker.postMessage({ type: "ping" });
  }

  /** Close every session this page opened (the screen that showed them is gone). */
  closeSessions() {
    this.sessions.closeAll();
  }

  /** The worker's step times (data.phases) in ms since this page's navigation started.
   *  @param {{phases?: Record<string, number>}} data @returns {Record<string, number>} */
  pageTimes(data) {
    const offset = (this.timeOrigin ?? performance.timeOrigin) - performance.timeOrigin;
    return Object.fromEntries(Object.entries(data.phases ?? {}).map(([k, v]) => [k, Math.round(v + offset)]));
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.sessions.forget(); // they ended with it (a new worker reuses their ids: none must be closed there)
    this.ping?.stop();
    this.ping = null;
    this.busyWith = null;
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(new Error("engine stopped"));
    }
    this.pending.clear();
  }

  /** @param {string} message @param {Settle} [settle] the start's, while it starts */
  fail(message, settle) {
    if (this.state === "failed") return;
    this.stop();
    this.failure = message;
    this.setState("failed");
    this.dispatchEvent(new CustomEvent("failed", { detail: { message } }));
    settle?.reject(new Error(message));
  }

  /** @param {string} state */
  setState(state) {
    this.state = state;
    document.documentElement.dataset.engine = state;
    this.dispatchEvent(new CustomEvent("state", { detail: { state } }));
  }

  /** Resolves once the engine is ready (rejects if it failed). */
  ready() {
    return /** @type {Promise<void>} */ (this.readyPromise); // (boot.js starts the engine at once)
  }

  /**
   * Send one request object; resolves with the engine's answer object.
   * @param {Record<string, unknown>} request
   * @returns {Promise<any>}
   */
  request(request) {
    if (!this.worker) return Promise.reject(new Error("The engine is not running."));
    if (this.restarting) return during("engine", /** @type {Promise<void>} */ (this.readyPromise).then(() => this.request(request))); // (its sessions are gone)
    const id = this.nextId++;
    const generation = this.sessions.generation;
    this.checkAlive(); // a dead worker is found in seconds, not after the request's time-out
    const answer = new Promise((resolve, reject) => {
      const limit = this.patience.requestLimit();
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`The engine did not answer "${request.op}" in time.`));
        this.restart(`the engine did not answer "${request.op}" within ${limit / 1000} s`, { silent: true });
      }, limit);
      this.pending.set(id, { resolve, reject, timer, request });
      /** @type {Worker} */ (this.worker).postMessage({ id, request: JSON.stringify(request) }); // (checked above)
    });
    this.sessions.sent(request);
    answer.then((value) => this.sessions.answered(request, generation, value), () => {});
    return during("engine", answer); // (the page's settled signal)
  }
}
