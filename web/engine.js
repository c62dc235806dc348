// The page's side of the engine: starts the module worker, tracks its state on
// <html data-engine>, and sends JSON requests to engine.api.handle. <html data-engine-start> says
// how the engine started ("normal", or "snapshot": from the snapshot a normal start stored), and
// <html data-snapshot> whether a normal start stored its snapshot ("saved" or "not-saved").
//
// A dead or hung worker is replaced: before a request (and every few seconds while the page is
// open) the worker is pinged; no answer within PING_TIMEOUT_MS when it had nothing to do (or
// within REQUEST_TIMEOUT_MS when it was working), an error of the worker, or a fatal error of
// Pyodide, and a new worker starts (without the snapshot when the failure came after a start from
// one). Events: "restarting" {reason} at once, "restarted" {reason} once the new engine is ready:
// its sessions are gone, so the page reloads the game on screen from its saved record.
//
// Sessions: the page shows one game at a time. The engine closes the sessions opened (by "new"
// or "load") before the last KEEP_SESSIONS, and closeSessions() closes them all (a screen left).

import { during } from "./settled.js";

const READY_TIMEOUT_MS = 180_000;
const REQUEST_TIMEOUT_MS = 60_000;
// A start from a stored snapshot takes a second or two; if it has not finished after this (or the
// worker died while restoring), the worker is replaced by one that starts normally.
const SNAPSHOT_TIMEOUT_MS = 45_000;
const PING_EVERY_MS = 5_000;
const PING_TIMEOUT_MS = 10_000; // (the worker may be busy a second or two just after "ready": its snapshot)
const KEEP_SESSIONS = 2; // a screen's game, and one more it may ask about (an imported record, checked)

/** How a start ends: ready, or failed. @typedef {{resolve: () => void, reject: (error: Error) => void}} Settle */
/** A start's watchdogs: the whole start's timer, and a start from a snapshot's (from "restoring"). @typedef {{timer: number, restoring: number | null}} Watch */

/**
 * A request waiting for its answer.
 * @typedef {object} PendingRequest
 * @property {(answer: any) => void} resolve
 * @property {(error: unknown) => void} reject
 * @property {ReturnType<typeof setTimeout>} timer
 * @property {Record<string, unknown>} request
 */

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
    /** @type {string[]} */
    this.sessions = []; // sessions opened by this page, oldest first
    this.generation = 0; // bumped by closeSessions: a session opened by an older request is closed
    /** @type {{timer: ReturnType<typeof setTimeout>} | null} */
    this.ping = null; // {timer} while a ping is unanswered
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
    /** @type {Watch} */
    const watch = {
      timer: setTimeout(() => this.fail(`The engine did not start within ${READY_TIMEOUT_MS / 1000} s.`, settle),
        READY_TIMEOUT_MS),
      restoring: null,
    };
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
    if (data.type === "pong") {
      clearTimeout(this.ping?.timer);
      this.ping = null;
    } else if (data.type === "fatal") { // Pyodide cannot go on (the worker dropped a snapshot it started from)
      this.restart(`the engine failed (${data.message})`, { snapshot: false });
    } else if (data.type === "progress") {
      this.dispatchEvent(new CustomEvent("progress", { detail: data }));
    } else if (data.type === "snapshot") {
      this.snapshotNews(data, watch, settle);
    } else if (data.type === "ready") {
      clearTimeout(watch.timer);
      clearTimeout(watch.restoring ?? undefined);
      watch.restoring = null;
      this.started(data, settle);
    } else if (data.type === "failed") {
      clearTimeout(watch.timer);
      clearTimeout(watch.restoring ?? undefined);
      this.fail(data.message, settle);
    } else if (data.id !== undefined) {
      this.answered(data);
    }
  }

  /** What the worker says of its start-up snapshot: restoring one (watched), given up, saved or not.
   *  @param {any} data @param {Watch} watch @param {Settle} settle */
  snapshotNews(data, watch, settle) {
    if (data.state === "restoring") {
      watch.restoring = setTimeout(() => this.withoutSnapshot(
        `the start from a snapshot took over ${SNAPSHOT_TIMEOUT_MS / 1000} s`, watch, settle), SNAPSHOT_TIMEOUT_MS);
    } else if (data.state === "fallback") { // the worker gave up the snapshot and starts normally itself
      clearTimeout(watch.restoring ?? undefined);
      watch.restoring = null;
    } else {
      document.documentElement.dataset.snapshot = data.state; // "saved" | "not-saved"
      this.snapshot = { ...data, phases: this.pageTimes(data) };
    }
  }

  /** A start from a snapshot failed or hung: start again without it.
   *  @param {string} why @param {Watch} watch @param {Settle} settle */
  withoutSnapshot(why, watch, settle) {
    clearTimeout(watch.timer);
    clearTimeout(watch.restoring ?? undefined);
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
    clearTimeout(watch.timer);
    if (this.state === "ready") {
      this.restart(`the engine worker failed (${event.message || "error"})`, { snapshot: !this.fromSnapshot });
      return;
    }
    this.fail(event.message || "The engine worker could not start.", settle);
  }

  /**
   * Replace a dead, hung or broken worker by a new one (its sessions are lost).
   * @param {string} reason
   * @param {{snapshot?: boolean}} [how]
   */
  restart(reason, { snapshot = true } = {}) {
    if (this.restarting) return;
    console.warn(`Boneyard: ${reason}; restarting the engine`);
    this.restarting = reason;
    this.sessions = [];
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

  /** Ping the worker; no answer in time and it is replaced. `busy`: requests are under way, so the
   *  worker may be computing (the ping waits behind them). */
  checkAlive() {
    if (this.ping || this.state !== "ready" || !this.worker || document.hidden) return;
    const busy = this.pending.size > 0;
    const timer = setTimeout(() => this.restart(busy
      ? `the engine did not answer for ${REQUEST_TIMEOUT_MS / 1000} s` : "the engine stopped answering"),
    busy ? REQUEST_TIMEOUT_MS : PING_TIMEOUT_MS);
    this.ping = { timer };
    this.worker.postMessage({ type: "ping" });
  }

  /** Close every session this page opened (the screen that showed them is gone). */
  closeSessions() {
    this.generation += 1;
    for (const session of this.sessions.splice(0)) this.close(session);
  }

  /** @param {string} session */
  close(session) {
    this.request({ op: "close", session }).catch(() => {});
  }

  /**
   * Keep track of the sessions this page opens; close those it can no longer show.
   * @param {Record<string, unknown>} request
   * @param {number} generation
   * @param {import("./engine_types.js").Answer | undefined} answer
   */
  track(request, generation, answer) {
    if (!answer?.ok || typeof answer.session !== "string" || !["new", "load"].includes(/** @type {string} */ (request.op))) return;
    if (generation !== this.generation) {
      this.close(answer.session); // opened for a screen that is gone
      return;
    }
    this.sessions.push(answer.session);
    while (this.sessions.length > KEEP_SESSIONS) this.close(/** @type {string} */ (this.sessions.shift()));
  }

  /**
   * The worker's step times (data.phases) in ms since this page's navigation started.
   * @param {{phases?: Record<string, number>}} data
   * @returns {Record<string, number>}
   */
  pageTimes(data) {
    const offset = (this.timeOrigin ?? performance.timeOrigin) - performance.timeOrigin;
    return Object.fromEntries(Object.entries(data.phases ?? {}).map(([k, v]) => [k, Math.round(v + offset)]));
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    clearTimeout(this.ping?.timer);
    this.ping = null;
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(new Error("engine stopped"));
    }
    this.pending.clear();
  }

  /** @param {string} message @param {Settle} settle */
  fail(message, settle) {
    if (this.state === "failed") return;
    this.stop();
    this.failure = message;
    this.setState("failed");
    this.dispatchEvent(new CustomEvent("failed", { detail: { message } }));
    settle.reject(new Error(message));
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
    const generation = this.generation;
    this.checkAlive(); // a dead worker is found in seconds, not after the request's time-out
    const answer = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`The engine did not answer "${request.op}" in time.`));
        this.restart(`the engine did not answer "${request.op}" within ${REQUEST_TIMEOUT_MS / 1000} s`);
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer, request });
      /** @type {Worker} */ (this.worker).postMessage({ id, request: JSON.stringify(request) }); // (checked above)
    });
    if (request.op === "close") this.sessions = this.sessions.filter((s) => s !== request.session);
    answer.then((value) => this.track(request, generation, value), () => {});
    return during("engine", answer); // (the page's settled signal)
  }
}
