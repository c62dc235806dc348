// Start-up snapshots of the engine worker, kept in IndexedDB (this origin only).
//
// A normal start ends with Pyodide running, the engine wheel installed by micropip and
// engine.api imported. Its wasm memory (Pyodide's makeMemorySnapshot) and the files of its
// in-memory file system (the installed wheels: the memory does not hold them) are stored under
// this site's folder (the scope) with the build version. A later start of the same build
// restores both instead of booting Python, installing micropip and the engine again.
//
// A snapshot is used only when its build version is the page's, the sha256 of its memory and the
// sha256 of its files match, the files read back as stored once written, and the restored engine
// runs every game (worker.js); anything else (another build, a missing or damaged record, an
// error while restoring) makes the worker start normally, which stores a fresh snapshot. One
// record per scope: a new one replaces the old build's.

import { withTimeout } from "./timeout.js";

const DB_NAME = "boneyard-snapshots";
const STORE = "snapshots";
const DB_TIMEOUT_MS = 10_000;

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
});

let dbPromise = null;

function openDb() {
  dbPromise ??= withTimeout(new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => { db.close(); dbPromise = null; };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error("IndexedDB open failed"));
    request.onblocked = () => reject(new Error("IndexedDB open blocked"));
  }), DB_TIMEOUT_MS, "opening IndexedDB");
  dbPromise.catch(() => { dbPromise = null; });
  return dbPromise;
}

async function transact(mode, work) {
  const db = await openDb();
  return withTimeout(new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode, { durability: "relaxed" });
    const store = tx.objectStore(STORE);
    let result;
    Promise.resolve(work(store)).then((value) => { result = value; }, reject);
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  }), DB_TIMEOUT_MS * 3, "IndexedDB transaction");
}

/** The stored snapshot of this scope: {meta: {version, sha256, size, files, ...}, memory}, or null. */
export async function read(scope) {
  const [meta, memory] = await transact("readonly", (store) => Promise.all(
    [done(store.get(scope)), done(store.get(`${scope}#memory`))]));
  return meta ? { meta, memory } : null;
}

/** The memory of a stored snapshot once checked against its meta (size and sha256); throws if it differs. */
export async function checked({ meta, memory }) {
  if (!Array.isArray(meta.files) || typeof meta.sha256 !== "string") throw new Error("the snapshot's record is damaged");
  if (!(memory instanceof Uint8Array)) throw new Error("the snapshot's memory is missing");
  if (memory.byteLength !== meta.size) {
    throw new Error(`the snapshot's memory has ${memory.byteLength} bytes, not ${meta.size}`);
  }
  if (hex(await crypto.subtle.digest("SHA-256", memory)) !== meta.sha256) {
    throw new Error("the snapshot's memory does not match its sha256");
  }
  return memory;
}

/** One sha256 over every captured entry (path, kind, mode, mtime, link target, bytes). */
export async function filesDigest(files) {
  const encoder = new TextEncoder();
  const parts = [];
  for (const entry of files) {
    const head = JSON.stringify([entry.path, entry.kind, entry.mode, entry.mtime, entry.target ?? null,
      entry.data?.byteLength ?? null]);
    parts.push(encoder.encode(`${head.length}:${head}`));
    if (entry.data) parts.push(entry.data);
  }
  return hex(await crypto.subtle.digest("SHA-256", await new Blob(parts).arrayBuffer()));
}

/** Throws unless the stored files match their sha256 (an emptied or edited list does not). */
export async function checkFiles({ meta }) {
  if (!Array.isArray(meta.files) || typeof meta.filesSha256 !== "string" ||
      !meta.files.every((e) => e && typeof e.path === "string" && (e.kind !== "file" || e.data instanceof Uint8Array))) {
    throw new Error("the snapshot's file list is damaged");
  }
  if (await filesDigest(meta.files) !== meta.filesSha256) throw new Error("the snapshot's files do not match their sha256");
}

/** Store a snapshot (replacing this scope's previous one). */
export async function save(scope, meta, memory) {
  const sha256 = hex(await crypto.subtle.digest("SHA-256", memory));
  const filesSha256 = await filesDigest(meta.files);
  await transact("readwrite", (store) => {
    store.put(memory, `${scope}#memory`);
    store.put({ ...meta, sha256, filesSha256, size: memory.byteLength }, scope);
  });
}

/** Delete this scope's snapshot. */
export async function clear(scope) {
  await transact("readwrite", (store) => {
    store.delete(`${scope}#memory`);
    store.delete(scope);
  });
}

// ---- the in-memory file system (Emscripten's FS) around the snapshot

const SKIP = new Set(["/dev", "/proc", "/sys"]);

/** Every directory, file and symlink of FS (except /dev, /proc and the files for which
 *  skip(path) is true, such as the standard library's zip that every start writes) as plain data:
 *  [{path, kind, mode, mtime, data|target}]. */
export function captureFiles(FS, skip = () => false) {
  const out = [];
  const walk = (path) => {
    const stat = FS.lstat(path);
    const entry = { path, mode: stat.mode & 0o7777, mtime: stat.mtime.getTime() };
    if (FS.isLink(stat.mode)) {
      out.push({ ...entry, kind: "link", target: FS.readlink(path) });
    } else if (FS.isDir(stat.mode)) {
      out.push({ ...entry, kind: "dir" });
      for (const name of FS.readdir(path).sort()) {
        if (name === "." || name === "..") continue;
        const child = path === "/" ? `/${name}` : `${path}/${name}`;
        if (!SKIP.has(child)) walk(child);
      }
    } else if (FS.isFile(stat.mode)) {
      if (!skip(path)) out.push({ ...entry, kind: "file", data: FS.readFile(path) });
    }
  };
  walk("/");
  return out;
}

/** Write captured files back into a fresh FS (before Python resumes from the snapshot). */
export function restoreFiles(FS, files) {
  const exists = (path) => FS.analyzePath(path).exists;
  for (const entry of files) {
    if (entry.kind === "dir") {
      if (!exists(entry.path)) FS.mkdir(entry.path, entry.mode);
    } else if (entry.kind === "file") {
      FS.writeFile(entry.path, entry.data);
      FS.chmod(entry.path, entry.mode);
    } else if (entry.kind === "link") {
      if (!exists(entry.path)) FS.symlink(entry.target, entry.path);
    }
  }
  // modification times as they were (Python's import caches and .pyc files compare them), set
  // last (writing a file touches its folder), deepest first
  for (const entry of [...files].reverse()) {
    if (entry.kind !== "link") FS.utime(entry.path, entry.mtime, entry.mtime);
  }
  // read back: every entry is there as stored
  for (const entry of files) {
    const stat = FS.lstat(entry.path);
    const same = entry.kind === "dir" ? FS.isDir(stat.mode)
      : entry.kind === "link" ? FS.isLink(stat.mode) && FS.readlink(entry.path) === entry.target
        : FS.isFile(stat.mode) && equalBytes(FS.readFile(entry.path), entry.data);
    if (!same) throw new Error(`${entry.path} did not come back as stored`);
  }
}

function equalBytes(a, b) {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}
