// Boneyard engine worker (module worker): loads Pyodide from this site, installs the engine
// wheel with micropip and answers JSON requests with engine.api.handle.
// A normal start then keeps a snapshot of itself (snapshot.js); a later start of the same build
// restores it instead, and starts normally if that fails in any way.
// Messages in:  {id, request: json string}
// Messages out: {type: "progress", loaded, total} |
//               {type: "ready", version, phases, timeOrigin, start: "normal"|"snapshot", fallback} |
//               {type: "snapshot", state: "restoring"|"fallback"|"saved"|"not-saved", ...} |
//               {type: "failed", message} | {id, response: json string}
// Named "engine:no-snapshot", the worker neither uses nor keeps a snapshot (and deletes a stored one).

import "./lockdown.js"; // first: the worker's CSP (no code from strings, nothing off this origin)
import { withTimeout } from "./timeout.js";

const STEP_TIMEOUT_MS = 90_000;
const COUNT_WAIT_MS = 2_000; // the progress bar's last bytes never hold the start up for longer
const base = new URL("./", import.meta.url);
const nativeFetch = globalThis.fetch.bind(globalThis);

/** @typedef {import("pyodide").PyodideInterface} Pyodide */
/** loadPyodide, as called here (with Pyodide's private snapshot options). @typedef {(options: object) => Promise<Pyodide>} LoadPyodide */
/** @typedef {import("./snapshot.js").StoredSnapshot} StoredSnapshot */
/** @typedef {import("./snapshot.js").FileEntry} FileEntry */
/** @typedef {typeof import("./snapshot.js")} Snapshots */

/** engine.api.handle as a PyProxy: JSON text in, JSON text out. @typedef {((request: string) => unknown) & {destroy: () => void}} Handle */
/** A request as the page sends it. @typedef {{id: number, request: string}} RequestMessage */

/**
 * The build's manifest (build-manifest.json): its version, Pyodide's, the wheels and each file's size.
 * @typedef {{version: string, pyodide: string, micropip_wheel: string, engine_wheel: string,
 *   files: Record<string, {size: number}>}} Manifest
 */

/** @type {Handle | null} */
let handle = null; // PyProxy of engine.api.handle, kept for the worker's lifetime
/** @type {RequestMessage[]} */
const waiting = []; // requests that arrived before the engine was ready
let startedFromSnapshot = false;


// ---- download progress: count the streamed bytes of known files against the manifest sizes
/** @type {Map<string, number>} */
const expected = new Map(); // absolute URL (no query) -> size in bytes
/** @type {Map<string, number>} */
const received = new Map();
/** @type {Map<string, Promise<ArrayBuffer>>} */
const prefetched = new Map(); // absolute URL -> Promise<ArrayBuffer>
/** @type {Set<Promise<void>>} */
const counting = new Set(); // bodies still being counted: "ready" waits for them, so its progress is whole
let lastReport = 0;

function report(force = false) {
  const now = performance.now();
  if (!force && now - lastReport < 50) return;
  lastReport = now;
  if (!expected.size) return;
  let total = 0;
  let loaded = 0;
  for (const [url, size] of expected) {
    total += size;
    loaded += Math.min(received.get(url) ?? 0, size);
  }
  postMessage({ type: "progress", loaded, total });
}

/** @param {string} url @param {Response} response */
async function countBody(url, response) {
  if (!response.body) return;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received.set(url, (received.get(url) ?? 0) + value.byteLength);
    report();
  }
  if (expected.has(url)) received.set(url, /** @type {number} */ (expected.get(url)));
  report(true);
  if (url.endsWith("/python_stdlib.zip")) phase("stdlib-fetched"); // Pyodide writes it into its FS now
}

/** Files whose bytes the progress bar counts (the manifest gives their sizes). @param {string} key */
function tracked(key) {
  return key.startsWith(new URL("pyodide/", base).href) || key.startsWith(new URL("wheels/", base).href);
}

/** @param {RequestInfo | URL} input */
function keyOf(input) {
  const url = new URL(typeof input === "string" ? input : /** @type {Request} */ (input).url ?? String(input), base);
  url.search = "";
  url.hash = "";
  return url.href;
}

/** fetch that answers prefetched files from memory and counts the bytes of known files.
 *  The response itself is returned unchanged (its URL and headers matter for wasm). */
globalThis.fetch = async (/** @type {RequestInfo | URL} */ input, /** @type {RequestInit | undefined} */ init) => {
  const key = keyOf(input);
  if (prefetched.has(key)) {
    const body = /** @type {ArrayBuffer} */ (await prefetched.get(key));
    return new Response(body.slice(0), { status: 200, headers: { "Content-Type": "application/zip" } });
  }
  const response = await nativeFetch(input, init);
  if (tracked(key) && response.ok) {
    const counted = countBody(key, response.clone()).catch(() => {});
    counting.add(counted);
    counted.finally(() => counting.delete(counted));
  }
  return response;
};

/** Fetch a file now, in parallel with Pyodide's start, counting its bytes; keep it for later. @param {string} path */
function prefetch(path) {
  const url = new URL(path, base).href;
  const promise = nativeFetch(url, { cache: "no-cache" }).then(async (response) => {
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    /** @type {Uint8Array<ArrayBuffer>[]} */
    const chunks = [];
    const reader = /** @type {ReadableStream<Uint8Array<ArrayBuffer>>} */ (response.body).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received.set(url, (received.get(url) ?? 0) + value.byteLength);
      report();
    }
    return new Blob(chunks).arrayBuffer();
  });
  promise.catch(() => {});
  prefetched.set(url, promise);
  return promise;
}

// ---- start
// Each step of the start is a performance mark ("boneyard:NAME") in this worker; the times (ms
// since the worker started, and the worker's timeOrigin) are reported with "ready".
/** @type {Record<string, number>} */
const phases = {};
const phase = (/** @type {string} */ name) => {
  if (name in phases) return;
  performance.mark(`boneyard:${name}`);
  phases[name] = Math.round(performance.now());
};

// Pyodide compiles and instantiates its wasm with instantiateStreaming; done here as the two
// steps it is made of, so that each can be timed (same result: {module, instance}).
WebAssembly.instantiateStreaming = async (/** @type {Response | PromiseLike<Response>} */ source,
  /** @type {WebAssembly.Imports | undefined} */ imports) => {
  phase("wasm-fetch");
  const module = await WebAssembly.compileStreaming(source);
  phase("wasm-compile");
  const instance = await WebAssembly.instantiate(module, imports);
  phase("wasm-instantiate");
  return { module, instance };
};

const SNAPSHOT_TIMEOUT_MS = 30_000;
/** @type {Snapshots | null} */
let snapshots = null; // the module snapshot.js, imported at the start, in parallel with Pyodide's
const scope = base.href; // snapshots are kept per site folder
const snapshotsWanted = globalThis.name !== "engine:no-snapshot";
const STDLIB_ZIP = /^\/lib\/python\d+\.zip$/; // every start writes it; a snapshot does not keep it
const pyodideOptions = () => ({
  indexURL: new URL("pyodide/", base).href, stdout: () => {}, stderr: (/** @type {string} */ s) => console.warn(s),
});
const HANDLE = "from engine.api import handle as _boneyard_handle\n_boneyard_handle";

/** Start Pyodide from a stored snapshot (memory and files); returns engine.api.handle. Throws on
 *  any problem (the caller then starts normally).
 *  @param {LoadPyodide} loadPyodide
 *  @param {StoredSnapshot} stored
 *  @returns {Promise<Handle>} */
async function startFromSnapshot(loadPyodide, stored) {
  const snapshotModule = /** @type {Snapshots} */ (snapshots); // (it read the snapshot: loaded)
  postMessage({ type: "snapshot", state: "restoring" });
  await snapshotModule.checkFiles(stored);
  const memory = snapshotModule.checked(stored).then((bytes) => { phase("snapshot-checked"); return bytes; });
  memory.catch(() => {});
  /** @type {any} */
  let filesProblem = null; // an error thrown in fsInit would go unhandled: kept for after the start
  const pyodide = await withTimeout(loadPyodide({
    ...pyodideOptions(),
    _loadSnapshot: memory,
    _snapshotDeserializer: deserializeInert,
    fsInit: (/** @type {unknown} */ FS) => {
      phase("fs-init");
      try {
        snapshotModule.restoreFiles(/** @type {import("./snapshot.js").EmscriptenFS} */ (/** @type {unknown} */ (FS)), stored.meta.files);
      } catch (error) {
        filesProblem = error;
      }
      phase("snapshot-files");
    },
  }), SNAPSHOT_TIMEOUT_MS, "Pyodide start from the snapshot");
  if (filesProblem) throw new Error(`restoring the snapshot's files failed: ${filesProblem.message ?? filesProblem}`);
  phase("pyodide");
  /** @type {Handle} */
  const found = pyodide.runPython(HANDLE);
  if (typeof found !== "function") throw new Error("engine.api.handle is missing");
  // the restored engine must answer and play each game: a memory that restores yet does not work
  // shows now, not in the middle of a game (quick: every module was imported before the snapshot)
  try {
    const catalog = JSON.parse(/** @type {string} */ (found(JSON.stringify({ op: "catalog" }))));
    if (!catalog.ok || !catalog.games?.length) {
      throw new Error(`it does not answer: ${JSON.stringify(catalog.error)}`);
    }
    for (const game of catalog.games) exercise(found, game);
  } catch (error) {
    found.destroy();
    throw new Error(`the restored engine failed its check: ${String(/** @type {any} */ (error)?.message ?? error).split("\n").filter(Boolean).at(-1)}`);
  }
  phase("engine-check");
  return found;
}

/** One game through the restored engine: a deal, a computer move, a view, for a solitaire (its
 *  advisor or solver: quick) a hint, and the coach's replay and review; then closed.
 *  @param {Handle} handle
 *  @param {{id: string, solitaire: boolean}} game */
function exercise(handle, { id: game, solitaire }) {
  /** @type {(request: Record<string, unknown>) => any} */
  const ask = (request) => {
    const answer = JSON.parse(/** @type {string} */ (handle(JSON.stringify(request))));
    if (!answer.ok) throw new Error(`${game} ${request.op}: ${answer.error.code}: ${answer.error.message}`);
    return answer;
  };
  const { session, view } = ask({ op: "new", game, seed: 1 });
  // a computer plays at its own level; a person's seat by the easy computer standing in
  ask({ op: "ai", session, ...(view.seats[view.to_move] === "human" ? { level: "easy" } : {}) });
  ask({ op: "view", session });
  if (solitaire) ask({ op: "hint", session });
  const { record } = ask({ op: "record", session });
  ask({ op: "replay", record, at: record.moves.length });
  ask({ op: "review", record, limit: 0 });
  ask({ op: "close", session });
}

/** The normal start: Pyodide boots, micropip (loaded by URL) installs the engine wheel, engine.api
 *  is imported. Returns {pyodide, handle}.
 *  @param {LoadPyodide} loadPyodide
 *  @param {Promise<Manifest>} manifestReady
 *  @param {boolean} makeSnapshot
 *  @returns {Promise<{pyodide: Pyodide, handle: Handle}>} */
async function startNormally(loadPyodide, manifestReady, makeSnapshot) {
  const pyodideReady = withTimeout(loadPyodide({
    ...pyodideOptions(),
    _makeSnapshot: makeSnapshot,
    fsInit: () => phase("fs-init"),
  }), STEP_TIMEOUT_MS, "Pyodide start");
  pyodideReady.catch(() => {});
  const manifest = await manifestReady;
  sized(manifest, [manifest.micropip_wheel, manifest.engine_wheel]);
  const micropipUrl = new URL(manifest.micropip_wheel, base).href;
  const engineUrl = new URL(manifest.engine_wheel, base).href;
  // (fetched while Pyodide boots; micropip and the engine are then installed from these bytes)
  const wheels = Promise.all([prefetch(manifest.micropip_wheel), prefetch(manifest.engine_wheel)])
    .then((both) => { phase("wheels-fetched"); return both; });

  const pyodide = await pyodideReady;
  phase("pyodide");
  await withTimeout(wheels, STEP_TIMEOUT_MS, "wheel download");

  /** @type {string[]} */
  const problems = [];
  await withTimeout(
    pyodide.loadPackage(micropipUrl, { messageCallback: () => {}, errorCallback: (m) => problems.push(m) }),
    STEP_TIMEOUT_MS, "micropip load");
  if (!("micropip" in pyodide.loadedPackages)) {
    throw new Error(`micropip did not load${problems.length ? ": " + problems.join("; ") : ""}`);
  }
  phase("micropip-load");
  await withTimeout(pyodide.runPythonAsync("import micropip"), STEP_TIMEOUT_MS, "micropip import");
  phase("micropip-import");
  await withTimeout(pyodide.runPythonAsync(`await micropip.install(${JSON.stringify(engineUrl)}, deps=False)`),
    STEP_TIMEOUT_MS, "engine install");
  phase("engine-install");
  await withTimeout(pyodide.runPythonAsync("import engine.api"), STEP_TIMEOUT_MS, "engine import");
  /** @type {Handle} */
  const found = pyodide.runPython(HANDLE);
  if (typeof found !== "function") throw new Error("engine.api.handle is missing");
  phase("engine-import");
  return { pyodide, handle: found };
}

// ---- snapshots (see snapshot.js)

// After "ready" (synchronously, so no request is answered before it): every module a request
// would import at its first use is imported (engine.api.load_everything), so a start from the
// snapshot compiles none and reads none of the engine's files; and micropip, which has done its
// work, is unloaded: its modules hold JS functions that a snapshot cannot name.
const LOAD_EVERYTHING = "import engine.api\nengine.api.load_everything()\nNone";
const UNLOAD_MICROPIP = `
import gc, sys
for _name in [n for n in sys.modules if n == "micropip" or n.startswith("micropip.")]:
    del sys.modules[_name]
globals().pop("micropip", None)
globals().pop("_name", None)
gc.collect()
`;

// JS objects that Python still references when the snapshot is taken and that Pyodide cannot name
// by a path from globalThis: the Response of the engine wheel's download (micropip's pyfetch) and
// its arrayBuffer method stay referenced after micropip is unloaded. Nothing uses them again; a
// restored start gets an empty Response and the same method. Any other object stops the snapshot.
/** @type {Record<string, {is: (value: unknown) => boolean, make: () => unknown}>} */
const INERT = {
  response: { is: (value) => value instanceof Response, make: () => new Response() },
  "response.arrayBuffer": {
    is: (value) => value === Response.prototype.arrayBuffer, make: () => Response.prototype.arrayBuffer,
  },
};

/** @param {any} value */
function serializeInert(value) {
  for (const [name, kind] of Object.entries(INERT)) if (kind.is(value)) return { inert: name };
  const what = typeof value === "function" ? `function ${value.name}` : value?.constructor?.name ?? typeof value;
  throw new Error(`Python holds a JS object that a snapshot cannot keep (${what})`);
}

/** @param {any} data */
function deserializeInert(data) {
  const kind = INERT[data?.inert];
  if (!kind) throw new Error(`unknown object in the snapshot: ${JSON.stringify(data)}`);
  return kind.make();
}

/** Run fn while pyodide.loadedPackages is empty. Pyodide's snapshot expects that JS object, which
 *  Python holds a reference to, to be as a fresh start has it ({}): it is JS state, not in the
 *  wasm memory, and a restored instance starts with it empty (nothing is loaded after the start).
 *  @template T
 *  @param {Pyodide} pyodide
 *  @param {() => T} fn
 *  @returns {T} */
function withoutLoadedPackages(pyodide, fn) {
  const loaded = pyodide.loadedPackages;
  const saved = { ...loaded };
  for (const name of Object.keys(saved)) delete loaded[name];
  try {
    return fn();
  } finally {
    Object.assign(loaded, saved);
  }
}

/** The snapshot of a normal start ({memory, files}), or throws. Synchronous. @param {Pyodide} pyodide */
function takeSnapshot(pyodide) {
  pyodide.runPython(LOAD_EVERYTHING);
  phase("engine-loaded");
  pyodide.runPython(UNLOAD_MICROPIP);
  const memory = /** @type {Uint8Array<ArrayBuffer>} */ ( // (a copy of the wasm memory: not shared)
    withoutLoadedPackages(pyodide, () => pyodide.makeMemorySnapshot({ serializer: serializeInert })));
  const files = /** @type {Snapshots} */ (snapshots).captureFiles( // (null: no snapshot is made)
    /** @type {import("./snapshot.js").EmscriptenFS} */ (/** @type {unknown} */ (pyodide.FS)), (path) => STDLIB_ZIP.test(path));
  return { memory, files };
}

/**
 * Store the snapshot of a normal start (or say why there is none) and tell the page.
 * @param {{memory: Uint8Array<ArrayBuffer>, files: FileEntry[]} | null} made
 * @param {string | null} reason
 * @param {Manifest} manifest
 */
async function keep(made, reason, manifest) {
  try {
    if (!made) throw new Error(/** @type {string} */ (reason));
    await /** @type {Snapshots} */ (snapshots).save(scope, { version: manifest.version, pyodide: manifest.pyodide, files: made.files }, made.memory, phase);
    phase("snapshot-saved");
    postMessage({ type: "snapshot", state: "saved", size: made.memory.byteLength, phases });
  } catch (/** @type {any} */ error) {
    if (made) console.warn(`Boneyard: the start-up snapshot was not saved (${error?.message ?? error})`);
    postMessage({ type: "snapshot", state: "not-saved", reason: error?.message ?? String(error), phases });
  }
}

/** @param {Manifest} manifest @param {string[]} paths */
function sized(manifest, paths) {
  for (const path of paths) expected.set(new URL(path, base).href, manifest.files[path]?.size ?? 0);
  report(true);
}

async function start() {
  // Pyodide's module, the manifest (build version, sizes, wheel names) and the stored snapshot
  // are asked for at once.
  phase("worker");
  const pyodideModule = withTimeout(import("./pyodide/pyodide.mjs"), STEP_TIMEOUT_MS, "pyodide.mjs")
    .then((module) => { phase("pyodide-module"); return module; });
  // loadPyodide imports pyodide.asm.mjs (1.2 MB) only once it runs: fetched and parsed now, in
  // parallel, the same module is then at hand
  import("./pyodide/pyodide.asm.mjs").then(() => phase("pyodide-asm-module"), () => {});
  const manifestReady = withTimeout(
    nativeFetch(new URL("build-manifest.json", base), { cache: "no-cache" }), STEP_TIMEOUT_MS, "build manifest")
    .then(async (response) => {
      if (!response.ok) throw new Error(`build-manifest.json: HTTP ${response.status}`);
      const manifest = await response.json();
      phase("manifest");
      sized(manifest, ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"].map((name) => `pyodide/${name}`));
      return manifest;
    });
  manifestReady.catch(() => {});
  /** @type {string | null} */
  let unusable = null; // why a stored snapshot could not even be read
  const storedReady = import("./snapshot.js").then(async (module) => {
    snapshots = module;
    if (!("indexedDB" in globalThis)) return null;
    if (!snapshotsWanted) { // started without: the stored one is not trusted
      await module.clear(scope).catch(() => {});
      return null;
    }
    return await module.read(scope);
  }).catch((error) => {
    unusable = `reading it failed: ${error?.message ?? error}`;
    return null;
  });
  const { loadPyodide } = await pyodideModule;
  const stored = await storedReady;
  phase("snapshot-read");
  const canStore = snapshotsWanted && "indexedDB" in globalThis && snapshots !== null;

  /** @type {{handle: Handle, pyodide: Pyodide | null} | null} */
  let started = null;
  /** @type {string | null} */
  let fallback = unusable; // why a stored snapshot was not used
  if (stored) {
    const manifest = await manifestReady;
    if (stored.meta.version !== manifest.version) {
      fallback = `it belongs to build ${stored.meta.version}, this is ${manifest.version}`;
    } else {
      try {
        started = { handle: await startFromSnapshot(loadPyodide, stored), pyodide: null };
      } catch (/** @type {any} */ error) {
        fallback = error?.message ?? String(error);
      }
    }
    if (fallback) {
      console.warn(`Boneyard: the start-up snapshot was not used (${fallback}); starting normally`);
      postMessage({ type: "snapshot", state: "fallback", reason: fallback }); // the page's watchdog stops
      const kept = ["worker", "pyodide-module", "pyodide-asm-module", "manifest", "snapshot-read"]; // the failed attempt's steps go
      for (const name of Object.keys(phases)) if (!kept.includes(name)) delete phases[name];
      await /** @type {Snapshots} */ (snapshots).clear(scope).catch(() => {}); // (it read the snapshot: loaded)
    }
  }
  const fromSnapshot = Boolean(started);
  startedFromSnapshot = fromSnapshot;
  started ??= await startNormally(loadPyodide, manifestReady, canStore);
  const manifest = await manifestReady;
  // a copy of a body (the clone counted) can be read after its file was used: the last bytes
  // are counted before "ready", never after it
  await withTimeout(Promise.all(counting), COUNT_WAIT_MS, "counting the downloaded bytes").catch(() => {});
  postMessage({
    type: "ready", version: manifest.version, phases, timeOrigin: performance.timeOrigin,
    start: fromSnapshot ? "snapshot" : "normal", fallback,
  });
  let made = null;
  let reason = canStore ? null : "snapshots are off";
  if (!fromSnapshot && canStore) {
    try { // synchronously, before any request is answered: the engine has no session yet
      made = takeSnapshot(/** @type {Pyodide} */ (started.pyodide)); // (a normal start's)
      phase("snapshot-made");
    } catch (/** @type {any} */ error) {
      reason = `making the snapshot failed: ${error?.message ?? error}`;
    }
  }
  handle = started.handle;
  for (const message of waiting.splice(0)) answer(message);
  if (!fromSnapshot) await keep(made, reason, manifest);
}

/** @param {RequestMessage} message */
function answer({ id, request }) {
  let response;
  try {
    response = /** @type {Handle} */ (handle)(request); // (called once the engine is ready) // str -> JS string: no proxy crosses the boundary
    if (typeof response !== "string") throw new Error(`the engine answered ${typeof response}`);
  } catch (/** @type {any} */ error) { // the details stay in this console; the page gets a typed error, no traceback
    console.warn(`Boneyard: the engine failed on a request: ${String(error).slice(0, 2000)}`);
    const name = error?.constructor?.name ?? "Error";
    response = JSON.stringify({ ok: false, error: { code: "internal_error", message: `the engine failed on this request (${name})` } });
    fatal(error);
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
