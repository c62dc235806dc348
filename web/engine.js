// The page's side of the engine: starts the module worker, tracks its state on
// <html data-engine>, and sends JSON requests to engine.api.handle. <html data-engine-start> says
// how the engine started ("normal", or "snapshot": from the snapshot a normal start stored), and
// <html data-snapshot> whether a normal start stored its snapshot ("saved" or "not-saved").

const READY_TIMEOUT_MS = 180_000;
const REQUEST_TIMEOUT_MS = 60_000;
// A start from a stored snapshot takes a second or two; if it has not finished after this (or the
// worker died while restoring), the worker is replaced by one that starts normally.
const SNAPSHOT_TIMEOUT_MS = 45_000;

export class Engine extends EventTarget {
  constructor(workerUrl) {
    super();
    this.workerUrl = workerUrl;
    this.worker = null;
    this.state = "loading";
    this.pending = new Map(); // id -> {resolve, reject, timer}
    this.nextId = 1;
    this.readyPromise = null;
    this.failure = null; // the message of the last failed start
  }

  /** Start (or restart) the worker; resolves when the engine is ready. With snapshot false the
   *  worker ignores (and deletes) a stored start-up snapshot. */
  start({ snapshot = true } = {}, settled = null) {
    this.stop();
    this.failure = null;
    this.setState("loading");
    delete document.documentElement.dataset.engineStart; // set again by this start
    delete document.documentElement.dataset.snapshot;
    let settle = settled;
    if (!settle) {
      this.readyPromise = new Promise((resolve, reject) => { settle = { resolve, reject }; });
      this.readyPromise.catch(() => {});
      performance.mark("engine-start");
    }
    // (the worker's name, not a URL query: the service worker answers worker.js without the query)
    const worker = new Worker(this.workerUrl, { type: "module", name: snapshot ? "engine" : "engine:no-snapshot" });
    this.worker = worker;
    const timer = setTimeout(
      () => this.fail(`The engine did not start within ${READY_TIMEOUT_MS / 1000} s.`, settle), READY_TIMEOUT_MS);
    let restoring = null; // the watchdog of a start from a snapshot
    const startNormally = (why) => {
      clearTimeout(timer);
      clearTimeout(restoring);
      console.warn(`Boneyard: ${why}; starting the engine without the snapshot`);
      this.start({ snapshot: false }, settle);
    };
    worker.onmessage = ({ data }) => {
      if (this.worker !== worker) return;
      if (data.type === "progress") {
        this.dispatchEvent(new CustomEvent("progress", { detail: data }));
      } else if (data.type === "snapshot") {
        if (data.state === "restoring") {
          restoring = setTimeout(() => startNormally(`the start from a snapshot took over ${SNAPSHOT_TIMEOUT_MS / 1000} s`),
            SNAPSHOT_TIMEOUT_MS);
        } else if (data.state === "fallback") { // the worker gave up the snapshot and starts normally itself
          clearTimeout(restoring);
          restoring = null;
        } else {
          document.documentElement.dataset.snapshot = data.state; // "saved" | "not-saved"
          this.snapshot = { ...data, phases: this.pageTimes(data) };
        }
      } else if (data.type === "ready") {
        clearTimeout(timer);
        clearTimeout(restoring);
        restoring = null;
        this.startKind = { start: data.start, fallback: data.fallback ?? null };
        document.documentElement.dataset.engineStart = data.start; // "snapshot" | "normal"
        performance.mark("engine-ready");
        this.timeOrigin = data.timeOrigin;
        this.startup = this.pageTimes(data); // the worker's start steps
        this.setState("ready");
        this.dispatchEvent(new CustomEvent("ready", { detail: data }));
        settle.resolve();
      } else if (data.type === "failed") {
        clearTimeout(timer);
        clearTimeout(restoring);
        this.fail(data.message, settle);
      } else if (data.id !== undefined) {
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
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (this.worker !== worker) return;
      if (restoring) {
        startNormally(`the engine worker failed while starting from a snapshot (${event.message})`);
        return;
      }
      clearTimeout(timer);
      this.fail(event.message || "The engine worker could not start.", settle);
    };
    return this.readyPromise;
  }

  /** The worker's step times (data.phases) in ms since this page's navigation started. */
  pageTimes(data) {
    const offset = (this.timeOrigin ?? performance.timeOrigin) - performance.timeOrigin;
    return Object.fromEntries(Object.entries(data.phases ?? {}).map(([k, v]) => [k, Math.round(v + offset)]));
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(new Error("engine stopped"));
    }
    this.pending.clear();
  }

  fail(message, settle) {
    if (this.state === "failed") return;
    this.stop();
    this.failure = message;
    this.setState("failed");
    this.dispatchEvent(new CustomEvent("failed", { detail: { message } }));
    settle.reject(new Error(message));
  }

  setState(state) {
    this.state = state;
    document.documentElement.dataset.engine = state;
    this.dispatchEvent(new CustomEvent("state", { detail: { state } }));
  }

  /** Resolves once the engine is ready (rejects if it failed). */
  ready() {
    return this.readyPromise;
  }

  /** Send one request object; resolves with the engine's answer object. */
  request(request) {
    if (!this.worker) return Promise.reject(new Error("The engine is not running."));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`The engine did not answer "${request.op}" in time.`));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, request: JSON.stringify(request) });
    });
  }
}
