// Boneyard engine worker (module worker): loads Pyodide from this site, installs the engine
// wheel with micropip and answers JSON requests with engine.api.handle.
// Messages in:  {id, request: json string}
// Messages out: {type: "progress", loaded, total} | {type: "ready", version, phases} |
//               {type: "failed", message} | {id, response: json string}

const STEP_TIMEOUT_MS = 90_000;
const base = new URL("./", import.meta.url);
const nativeFetch = globalThis.fetch.bind(globalThis);

let handle = null; // PyProxy of engine.api.handle, kept for the worker's lifetime
const waiting = []; // requests that arrived before the engine was ready

/** Reject when a promise takes longer than ms. */
function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---- download progress: count the streamed bytes of known files against the manifest sizes
const expected = new Map(); // absolute URL (no query) -> size in bytes
const received = new Map();
const prefetched = new Map(); // absolute URL -> Promise<ArrayBuffer>
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

async function countBody(url, response) {
  if (!response.body) return;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received.set(url, (received.get(url) ?? 0) + value.byteLength);
    report();
  }
  if (expected.has(url)) received.set(url, expected.get(url));
  report(true);
}

/** Files whose bytes the progress bar counts (the manifest gives their sizes). */
function tracked(key) {
  return key.startsWith(new URL("pyodide/", base).href) || key.startsWith(new URL("wheels/", base).href);
}

function keyOf(input) {
  const url = new URL(typeof input === "string" ? input : input.url ?? String(input), base);
  url.search = "";
  url.hash = "";
  return url.href;
}

/** fetch that answers prefetched files from memory and counts the bytes of known files.
 *  The response itself is returned unchanged (its URL and headers matter for wasm). */
globalThis.fetch = async (input, init) => {
  const key = keyOf(input);
  if (prefetched.has(key)) {
    const body = await prefetched.get(key);
    return new Response(body.slice(0), { status: 200, headers: { "Content-Type": "application/zip" } });
  }
  const response = await nativeFetch(input, init);
  if (tracked(key) && response.ok) countBody(key, response.clone()).catch(() => {});
  return response;
};

/** Fetch a file now, in parallel with Pyodide's start, counting its bytes; keep it for later. */
function prefetch(path) {
  const url = new URL(path, base).href;
  const promise = nativeFetch(url, { cache: "no-cache" }).then(async (response) => {
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const chunks = [];
    const reader = response.body.getReader();
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
const phases = {};
const phase = (name) => {
  if (name in phases) return;
  performance.mark(`boneyard:${name}`);
  phases[name] = Math.round(performance.now());
};

// Pyodide compiles and instantiates its wasm with instantiateStreaming; done here as the two
// steps it is made of, so that each can be timed (same result: {module, instance}).
WebAssembly.instantiateStreaming = async (source, imports) => {
  phase("wasm-fetch");
  const module = await WebAssembly.compileStreaming(source);
  phase("wasm-compile");
  const instance = await WebAssembly.instantiate(module, imports);
  phase("wasm-instantiate");
  return { module, instance };
};

async function start() {
  // Pyodide starts at once; the manifest (sizes, wheel names) and the wheels come in parallel.
  phase("worker");
  const pyodideReady = withTimeout(import("./pyodide/pyodide.mjs"), STEP_TIMEOUT_MS, "pyodide.mjs")
    .then(({ loadPyodide }) => {
      phase("pyodide-module");
      return withTimeout(loadPyodide({
        indexURL: new URL("pyodide/", base).href, stdout: () => {}, stderr: (s) => console.warn(s),
        fsInit: () => phase("fs-init"), // Emscripten's preRun: the file system is being set up
      }), STEP_TIMEOUT_MS, "Pyodide start");
    });
  pyodideReady.catch(() => {});
  const manifestResponse = await withTimeout(
    nativeFetch(new URL("build-manifest.json", base), { cache: "no-cache" }), STEP_TIMEOUT_MS, "build manifest");
  if (!manifestResponse.ok) throw new Error(`build-manifest.json: HTTP ${manifestResponse.status}`);
  const manifest = await manifestResponse.json();
  const sized = (path) => expected.set(new URL(path, base).href, manifest.files[path]?.size ?? 0);
  for (const name of ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]) sized(`pyodide/${name}`);
  sized(manifest.micropip_wheel);
  sized(manifest.engine_wheel);
  report(true);
  const micropipUrl = new URL(manifest.micropip_wheel, base).href;
  const engineUrl = new URL(manifest.engine_wheel, base).href;
  const wheels = Promise.all([prefetch(manifest.micropip_wheel), prefetch(manifest.engine_wheel)]);
  phase("manifest");

  const pyodide = await pyodideReady;
  phase("pyodide");
  await withTimeout(wheels, STEP_TIMEOUT_MS, "wheel download");

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
  await withTimeout(pyodide.runPythonAsync("from engine.api import handle as _boneyard_handle"),
    STEP_TIMEOUT_MS, "engine import");
  handle = pyodide.globals.get("_boneyard_handle");
  if (typeof handle !== "function") throw new Error("engine.api.handle is missing");
  phase("engine-import");
  postMessage({ type: "ready", version: manifest.version, phases, timeOrigin: performance.timeOrigin });
  for (const message of waiting.splice(0)) answer(message);
}

function answer({ id, request }) {
  let response;
  try {
    response = handle(request); // str -> JS string: no proxy crosses the boundary
  } catch (error) {
    response = JSON.stringify({ ok: false, error: { code: "internal_error", message: String(error) } });
  }
  postMessage({ id, response });
}

onmessage = (event) => {
  if (handle) answer(event.data);
  else waiting.push(event.data);
};

start().catch((error) => {
  postMessage({ type: "failed", message: error?.message ?? String(error) });
});
