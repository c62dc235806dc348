// Boneyard engine worker (module worker): loads Pyodide from this site, installs the engine
// wheel with micropip and answers JSON requests with engine.api.handle.
// A normal start then keeps a snapshot of itself (worker_snapshot.js, snapshot.js); a later start
// of the same build restores it instead, and starts normally if that fails in any way
// (worker_boot.js). Its downloads are counted for the progress bar (worker_download.js), its
// steps timed (worker_phases.js). This file chooses the start and answers the requests.
// Messages in:  {id, request: json string}
// Messages out: {type: "progress", loaded, total} |
//               {type: "ready", version, phases, timeOrigin, start: "normal"|"snapshot", fallback} |
//               {type: "snapshot", state: "restoring"|"fallback"|"saved"|"not-saved", ...} |
//               {type: "step", name} (each start step: worker_phases.js) |
//               {type: "busy", step: string | null} (a long step of its own begins, or is over) |
//               {type: "failed", message} | {type: "pong"} | {id, response: json string}
// Named "engine:no-snapshot", the worker neither uses nor keeps a snapshot (and deletes a stored one).

import "./lockdown.js"; // first: the worker's CSP (no code from strings, nothing off this origin)
import { withTimeout } from "./timeout.js";
import { keepPhases, phase, phases } from "./worker_phases.js";
import { base, counted, nativeFetch, sized } from "./worker_download.js";
import { startFromSnapshot, startNormally } from "./worker_boot.js";
import { keep, takeSnapshot } from "./worker_snapshot.js";

const COUNT_WAIT_MS = 2_000; // the progress bar's last bytes never hold the start up for longer

/** @typedef {import("pyodide").PyodideInterface} Pyodide */
/** @typedef {import("./worker_boot.js").LoadPyodide} LoadPyodide */
/** @typedef {import("./worker_boot.js").Handle} Handle */
/** @typedef {import("./worker_boot.js").Manifest} Manifest */
/** @typedef {import("./snapshot.js").StoredSnapshot} StoredSnapshot */
/** @typedef {typeof import("./snapshot.js")} Snapshots */
/** A request as the page sends it. @typedef {{id: number, request: string}} RequestMessage */
/** @typedef {{handle: Handle, pyodide: Pyodide | null}} Started */

/** @type {Handle | null} */
let handle = null; // PyProxy of engine.api.handle, kept for the worker's lifetime
/** @type {RequestMessage[]} */
const waiting = []; // requests that arrived before the engine was ready
let startedFromSnapshot = false;
/** @type {Snapshots | null} */
let snapshots = null; // the module snapshot.js, imported at the start, in parallel with Pyodide's
const scope = base.href; // snapshots are kept per site folder
const snapshotsWanted = globalThis.name !== "engine:no-snapshot";

/** The build's manifest (build version, sizes, wheel names); Pyodide's own files counted from it. */
function fetchManifest() {
  const ready = nativeFetch(new URL("build-manifest.json", base), { cache: "no-cache" })
    .then(async (response) => {
      if (!response.ok) throw new Error(`build-manifest.json: HTTP ${response.status}`);
      /** @type {Manifest} */
      const manifest = await response.json();
      phase("manifest");
      sized(manifest, ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"].map((name) => `pyodide/${name}`));
      return manifest;
    });
  ready.catch(() => {});
  return ready;
}

/** The stored snapshot (null: none, or snapshots are off: then a stored one is deleted), and why
 *  it could not even be read; snapshot.js is imported for it. */
async function readStored() {
  try {
    const module = await import("./snapshot.js");
    snapshots = module;
    if (!("indexedDB" in globalThis)) return { stored: null, unusable: null };
    if (!snapshotsWanted) { // started without: the stored one is not trusted
      await module.clear(scope).catch(() => {});
      return { stored: null, unusable: null };
    }
    return { stored: await module.read(scope), unusable: null };
  } catch (/** @type {any} */ error) {
    return { stored: null, unusable: `reading it failed: ${error?.message ?? error}` };
  }
}

/**
 * Start from the stored snapshot when it is this build's and restores; else say why not (the
 * failed attempt's steps and the snapshot go).
 * @param {LoadPyodide} loadPyodide
 * @param {StoredSnapshot} stored
 * @param {Promise<Manifest>} manifestReady
 * @returns {Promise<{started: Started | null, fallback: string | null}>}
 */
async function restore(loadPyodide, stored, manifestReady) {
  const manifest = await manifestReady;
  /** @type {string | null} */
  let fallback = null;
  if (stored.meta.version !== manifest.version) {
    fallback = `it belongs to build ${stored.meta.version}, this is ${manifest.version}`;
  } else {
    try {
      return { started: { handle: await startFromSnapshot(loadPyodide, stored, /** @type {Snapshots} */ (snapshots)),
        pyodide: null }, fallback: null };
    } catch (/** @type {any} */ error) {
      fallback = error?.message ?? String(error);
    }
  }
  console.warn(`Boneyard: the start-up snapshot was not used (${fallback}); starting normally`);
  postMessage({ type: "snapshot", state: "fallback", reason: fallback }); // the page's watchdog stops
  keepPhases(["worker", "pyodide-module", "pyodide-asm-module", "manifest", "snapshot-read"]); // the failed attempt's steps go
  await /** @type {Snapshots} */ (snapshots).clear(scope).catch(() => {}); // (it read the snapshot: loaded)
  return { started: null, fallback };
}

/**
 * The snapshot of a normal start, made synchronously before any request is answered (the engine
 * has no session yet), or why there is none. The page is told the worker is busy with it: a ping
 * waits behind it (seconds on a loaded machine), as behind a request.
 * @param {Pyodide} pyodide
 * @param {boolean} canStore
 */
function makeSnapshot(pyodide, canStore) {
  if (!canStore) return { made: null, reason: "snapshots are off" };
  postMessage({ type: "busy", step: "its start-up snapshot" });
  try {
    const made = takeSnapshot(pyodide, /** @type {Snapshots} */ (snapshots));
    phase("snapshot-made");
    return { made, reason: null };
  } catch (/** @type {any} */ error) {
    return { made: null, reason: `making the snapshot failed: ${error?.message ?? error}` };
  } finally {
    postMessage({ type: "busy", step: null });
  }
}

async function start() {
  // Pyodide's module, the manifest and the stored snapshot are asked for at once.
  phase("worker");
  const pyodideModule = import("./pyodide/pyodide.mjs").then((module) => { phase("pyodide-module"); return module; });
  // loadPyodide imports pyodide.asm.mjs (1.2 MB) only once it runs: fetched and parsed now, in
  // parallel, the same module is then at hand
  import("./pyodide/pyodide.asm.mjs").then(() => phase("pyodide-asm-module"), () => {});
  const manifestReady = fetchManifest();
  const storedReady = readStored();
  const { loadPyodide } = await pyodideModule;
  const { stored, unusable } = await storedReady;
  phase("snapshot-read");
  const canStore = snapshotsWanted && "indexedDB" in globalThis && snapshots !== null;
  const restored = stored ? await restore(loadPyodide, stored, manifestReady) : { started: null, fallback: unusable };
  const fromSnapshot = Boolean(restored.started);
  startedFromSnapshot = fromSnapshot;
  const started = restored.started ?? await startNormally(loadPyodide, manifestReady, canStore);
  const manifest = await manifestReady;
  // a copy of a body (the clone counted) can be read after its file was used: the last bytes
  // are counted before "ready", never after it
  await withTimeout(counted(), COUNT_WAIT_MS, "counting the downloaded bytes").catch(() => {});
  postMessage({
    type: "ready", version: manifest.version, phases, timeOrigin: performance.timeOrigin,
    start: fromSnapshot ? "snapshot" : "normal", fallback: restored.fallback,
  });
  const { made, reason } = fromSnapshot ? { made: null, reason: null }
    : makeSnapshot(/** @type {Pyodide} */ (started.pyodide), canStore); // (a normal start's)
  handle = started.handle;
  for (const message of waiting.splice(0)) answer(message);
  if (!fromSnapshot) await keep(snapshots, scope, made, reason, manifest);
}

/** @param {RequestMessage} message */
function answer({ id, request }) {
  let response;
  try {
    response = /** @type {Handle} */ (handle)(request); // (called once the engine is ready) // str -> JS string: no proxy crosses the boundary
    if (typeof response !== "string") throw new Error(`the engine answered ${typeof response}`);
  } catch (/** @type {any} */ error) { // the details stay in this console
    // Pyodide itself failed (WebKitGTK's wasm traps now and then: "Out of bounds memory access"):
    // no answer; the page replaces this worker and sends the requests under way, this one too, to
    // the new one (engine.js restart), so a review or a move in flight is answered there (a request
    // that fails every worker has the engine given up after three restarts: engine_watch.js)
    console.warn(`Boneyard: the engine failed on a request: ${String(error).slice(0, 2000)}`);
    fatal(error);
    return;
  }
  postMessage({ id, response });
}

/** handle() never raises in Python: an exception here is Pyodide itself failing (a damaged
 *  snapshot's memory, say). A snapshot this engine started from is dropped, and the page replaces
 *  this worker. */
/** @param {any} error */
function fatal(error) {
  handle = null;
  const message = String(error?.message ?? error).split("\n")[0].slice(0, 200);
  const dropped = startedFromSnapshot ? /** @type {Snapshots} */ (snapshots).clear(scope).catch(() => {}) : Promise.resolve();
  dropped.then(() => postMessage({ type: "fatal", message }));
}

onmessage = (event) => {
  if (event.data?.type === "ping") postMessage({ type: "pong" });
  else if (handle) answer(event.data);
  else waiting.push(event.data);
};

start().catch((error) => {
  postMessage({ type: "failed", message: error?.message ?? String(error) });
});
