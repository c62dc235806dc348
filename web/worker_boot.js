// The engine worker's two ways to start Pyodide with the engine (worker.js chooses): from a
// stored snapshot (memory and files), checked by playing each game once, or normally — Pyodide
// boots, micropip (loaded by URL) installs the engine wheel, engine.api is imported.

import { base, prefetch, sized } from "./worker_download.js";
import { phase } from "./worker_phases.js";
import { deserializeInert } from "./worker_snapshot.js";

/** @typedef {import("pyodide").PyodideInterface} Pyodide */
/** loadPyodide, as called here (with Pyodide's private snapshot options). @typedef {(options: object) => Promise<Pyodide>} LoadPyodide */
/** @typedef {import("./snapshot.js").StoredSnapshot} StoredSnapshot */
/** @typedef {typeof import("./snapshot.js")} Snapshots */
/** engine.api.handle as a PyProxy: JSON text in, JSON text out. @typedef {((request: string) => unknown) & {destroy: () => void}} Handle */
/**
 * The build's manifest (build-manifest.json): its version, Pyodide's, the wheels and each file's size.
 * @typedef {{version: string, pyodide: string, micropip_wheel: string, engine_wheel: string,
 *   files: Record<string, {size: number}>}} Manifest
 */

// No step has a time limit of its own: on a slow or loaded machine any step may take minutes. The
// page's watchdog hears each step (worker_phases.js) and gives up a start that goes silent.
const HANDLE = "from engine.api import handle as _boneyard_handle\n_boneyard_handle";
const pyodideOptions = () => ({
  indexURL: new URL("pyodide/", base).href, stdout: () => {}, stderr: (/** @type {string} */ s) => console.warn(s),
});

/** Start Pyodide from a stored snapshot (memory and files); returns engine.api.handle. Throws on
 *  any problem (the caller then starts normally).
 *  @param {LoadPyodide} loadPyodide
 *  @param {StoredSnapshot} stored
 *  @param {Snapshots} snapshots the module snapshot.js (it read the snapshot)
 *  @returns {Promise<Handle>} */
export async function startFromSnapshot(loadPyodide, stored, snapshots) {
  postMessage({ type: "snapshot", state: "restoring" });
  await snapshots.checkFiles(stored);
  const memory = snapshots.checked(stored).then((bytes) => { phase("snapshot-checked"); return bytes; });
  memory.catch(() => {});
  /** @type {any} */
  let filesProblem = null; // an error thrown in fsInit would go unhandled: kept for after the start
  const pyodide = await loadPyodide({
    ...pyodideOptions(),
    _loadSnapshot: memory,
    _snapshotDeserializer: deserializeInert,
    fsInit: (/** @type {unknown} */ FS) => {
      phase("fs-init");
      try {
        snapshots.restoreFiles(/** @type {import("./snapshot.js").EmscriptenFS} */ (/** @type {unknown} */ (FS)), stored.meta.files);
      } catch (error) {
        filesProblem = error;
      }
      phase("snapshot-files");
    },
  });
  if (filesProblem) throw new Error(`restoring the snapshot's files failed: ${filesProblem.message ?? filesProblem}`);
  phase("pyodide");
  /** @type {Handle} */
  const found = pyodide.runPython(HANDLE);
  if (typeof found !== "function") throw new Error("engine.api.handle is missing");
  checkRestored(found);
  phase("engine-check");
  return found;
}

/** The restored engine must answer and play each game: a memory that restores yet does not work
 *  shows now, not in the middle of a game (quick: every module was imported before the snapshot).
 *  Throws (the handle destroyed) when it does not.
 *  @param {Handle} found */
function checkRestored(found) {
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
export async function startNormally(loadPyodide, manifestReady, makeSnapshot) {
  const pyodideReady = loadPyodide({
    ...pyodideOptions(),
    _makeSnapshot: makeSnapshot,
    fsInit: () => phase("fs-init"),
  });
  pyodideReady.catch(() => {});
  const manifest = await manifestReady;
  sized(manifest, [manifest.micropip_wheel, manifest.engine_wheel]);
  // (fetched while Pyodide boots; micropip and the engine are then installed from these bytes)
  const wheels = Promise.all([prefetch(manifest.micropip_wheel), prefetch(manifest.engine_wheel)])
    .then((both) => { phase("wheels-fetched"); return both; });

  const pyodide = await pyodideReady;
  phase("pyodide");
  await wheels;
  return { pyodide, handle: await installEngine(pyodide, manifest) };
}

/** micropip, loaded by URL, installs the engine wheel; engine.api is imported, each step timed. @param {Pyodide} pyodide @param {Manifest} manifest @returns {Promise<Handle>} */
async function installEngine(pyodide, manifest) {
  const micropipUrl = new URL(manifest.micropip_wheel, base).href;
  const engineUrl = new URL(manifest.engine_wheel, base).href;
  /** @type {string[]} */
  const problems = [];
  await pyodide.loadPackage(micropipUrl, { messageCallback: () => {}, errorCallback: (m) => problems.push(m) });
  if (!("micropip" in pyodide.loadedPackages)) {
    throw new Error(`micropip did not load${problems.length ? ": " + problems.join("; ") : ""}`);
  }
  phase("micropip-load");
  await pyodide.runPythonAsync("import micropip");
  phase("micropip-import");
  await pyodide.runPythonAsync(`await micropip.install(${JSON.stringify(engineUrl)}, deps=False)`);
  phase("engine-install");
  await pyodide.runPythonAsync("import engine.api");
  /** @type {Handle} */
  const found = pyodide.runPython(HANDLE);
  if (typeof found !== "function") throw new Error("engine.api.handle is missing");
  phase("engine-import");
  return found;
}
