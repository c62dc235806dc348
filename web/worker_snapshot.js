// The engine worker's snapshot of a normal start (worker.js; snapshot.js stores, checks and
// restores it): every module loaded, micropip unloaded, the wasm memory and the files taken, then
// stored; and the JS objects Python still holds that a snapshot can keep.

import { phase, phases } from "./worker_phases.js";

/** @typedef {import("pyodide").PyodideInterface} Pyodide */
/** @typedef {import("./snapshot.js").FileEntry} FileEntry */
/** @typedef {typeof import("./snapshot.js")} Snapshots */
/** @typedef {import("./worker_boot.js").Manifest} Manifest */

const STDLIB_ZIP = /^\/lib\/python\d+\.zip$/; // every start writes it; a snapshot does not keep it

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
export function deserializeInert(data) {
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

/** The snapshot of a normal start ({memory, files}), or throws. Synchronous.
 *  @param {Pyodide} pyodide
 *  @param {Snapshots} snapshots the module snapshot.js */
export function takeSnapshot(pyodide, snapshots) {
  pyodide.runPython(LOAD_EVERYTHING);
  phase("engine-loaded");
  pyodide.runPython(UNLOAD_MICROPIP);
  const memory = /** @type {Uint8Array<ArrayBuffer>} */ ( // (a copy of the wasm memory: not shared)
    withoutLoadedPackages(pyodide, () => pyodide.makeMemorySnapshot({ serializer: serializeInert })));
  const files = snapshots.captureFiles( // (null: no snapshot is made)
    /** @type {import("./snapshot.js").EmscriptenFS} */ (/** @type {unknown} */ (pyodide.FS)), (path) => STDLIB_ZIP.test(path));
  return { memory, files };
}

/**
 * Store the snapshot of a normal start (or say why there is none) and tell the page.
 * @param {Snapshots | null} snapshots the module snapshot.js (null: it could not be loaded)
 * @param {string} scope the site folder the snapshot is kept for
 * @param {{memory: Uint8Array<ArrayBuffer>, files: FileEntry[]} | null} made
 * @param {string | null} reason
 * @param {Manifest} manifest
 */
export async function keep(snapshots, scope, made, reason, manifest) {
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
