// The page's side of the engine: starts the module worker, tracks its state on
// <html data-engine>, and sends JSON requests to engine.api.handle.

const READY_TIMEOUT_MS = 180_000;
const REQUEST_TIMEOUT_MS = 60_000;

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

  /** Start (or restart) the worker; resolves when the engine is ready. */
  start() {
    this.stop();
    this.failure = null;
    this.setState("loading");
    let settle;
    this.readyPromise = new Promise((resolve, reject) => { settle = { resolve, reject }; });
    this.readyPromise.catch(() => {});
    performance.mark("engine-start");
    const worker = new Worker(this.workerUrl, { type: "module" });
    this.worker = worker;
    const timer = setTimeout(
      () => this.fail(`The engine did not start within ${READY_TIMEOUT_MS / 1000} s.`, settle), READY_TIMEOUT_MS);
    worker.onmessage = ({ data }) => {
      if (data.type === "progress") {
        this.dispatchEvent(new CustomEvent("progress", { detail: data }));
      } else if (data.type === "ready") {
        clearTimeout(timer);
        performance.mark("engine-ready");
        // the worker's start steps, in ms since this page's navigation started
        const offset = (data.timeOrigin ?? performance.timeOrigin) - performance.timeOrigin;
        this.startup = Object.fromEntries(Object.entries(data.phases ?? {}).map(([k, v]) => [k, Math.round(v + offset)]));
        this.setState("ready");
        this.dispatchEvent(new CustomEvent("ready", { detail: data }));
        settle.resolve();
      } else if (data.type === "failed") {
        clearTimeout(timer);
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
      clearTimeout(timer);
      this.fail(event.message || "The engine worker could not start.", settle);
    };
    return this.readyPromise;
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
