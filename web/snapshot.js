// Start-up snapshots of the engine worker, kept in IndexedDB (this origin only).
//
// A normal start ends with Pyodide running, the engine wheel installed by micropip and
// engine.api imported. Its wasm memory (Pyodide's makeMemorySnapshot, stored without its chunks
// of zeros: pack, unpack) and the files of its
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

/**
 * One captured entry of the file system: a directory, a file (its bytes) or a symlink (its target).
 * @typedef {{path: string, mode: number, mtime: number} & ({kind: "dir", data?: undefined, target?: undefined}
 *   | {kind: "file", data: Uint8Array<ArrayBuffer>, target?: undefined}
 *   | {kind: "link", target: string, data?: undefined})} FileEntry
 */

/**
 * The part of Emscripten's file system (Pyodide's FS) a snapshot reads and writes.
 * @typedef {object} EmscriptenFS
 * @property {(path: string) => {mode: number, mtime: Date}} lstat
 * @property {(mode: number) => boolean} isLink
 * @property {(mode: number) => boolean} isDir
 * @property {(mode: number) => boolean} isFile
 * @property {(path: string) => string} readlink
 * @property {(path: string) => string[]} readdir
 * @property {(path: string) => Uint8Array<ArrayBuffer>} readFile
 * @property {(path: string) => {exists: boolean}} analyzePath
 * @property {(path: string, mode: number) => void} mkdir
 * @property {(path: string, data: Uint8Array) => void} writeFile
 * @property {(path: string, mode: number) => void} chmod
 * @property {(target: string, path: string) => void} symlink
 * @property {(path: string, atime: number, mtime: number) => void} utime
 */

/**
 * A stored snapshot as read back (checked before use: checked, checkFiles).
 * @typedef {{meta: Record<string, any>, memory: unknown}} StoredSnapshot
 */

const hex = (/** @type {ArrayBuffer} */ buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** @type {(request: IDBRequest) => Promise<any>} */
const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
});

/** @type {Promise<IDBDatabase> | null} */
let dbPromise = null;

/** @returns {Promise<IDBDatabase>} */
function openDb() {
  dbPromise ??= withTimeout(/** @type {Promise<IDBDatabase>} */ (new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => { db.close(); dbPromise = null; };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error("IndexedDB open failed"));
    request.onblocked = () => reject(new Error("IndexedDB open blocked"));
  })), DB_TIMEOUT_MS, "opening IndexedDB");
  dbPromise.catch(() => { dbPromise = null; });
  return dbPromise;
}

/**
 * One transaction on the snapshots' store; resolves with what `work` gave once it is complete.
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => unknown} work
 * @returns {Promise<any>}
 */
async function transact(mode, work) {
  const db = await openDb();
  return withTimeout(new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode, { durability: "relaxed" });
    const store = tx.objectStore(STORE);
    /** @type {unknown} */
    let result;
    Promise.resolve(work(store)).then((value) => { result = value; }, reject);
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
  }), DB_TIMEOUT_MS * 3, "IndexedDB transaction");
}

/**
 * The stored snapshot of this scope: {meta: {version, sha256, size, files, ...}, memory}, or null.
 * @param {string} scope
 * @returns {Promise<StoredSnapshot | null>}
 */
export async function read(scope) {
  const [meta, memory] = await transact("readonly", (store) => Promise.all(
    [done(store.get(scope)), done(store.get(`${scope}#memory`))]));
  return meta ? { meta, memory } : null;
}

/**
 * The memory of a stored snapshot once checked against its meta (size and sha256) and unpacked
 * (Pyodide's snapshot, its zero chunks put back); throws if it differs.
 * @param {StoredSnapshot} snapshot
 * @returns {Promise<Uint8Array<ArrayBuffer>>}
 */
export async function checked({ meta, memory }) {
  if (!Array.isArray(meta.files) || typeof meta.sha256 !== "string") throw new Error("the snapshot's record is damaged");
  if (!(memory instanceof Uint8Array)) throw new Error("the snapshot's memory is missing");
  if (memory.byteLength !== meta.size) {
    throw new Error(`the snapshot's memory has ${memory.byteLength} bytes, not ${meta.size}`);
  }
  const stored = /** @type {Uint8Array<ArrayBuffer>} */ (memory); // (IndexedDB gives no shared buffer)
  if (hex(await crypto.subtle.digest("SHA-256", stored)) !== meta.sha256) {
    throw new Error("the snapshot's memory does not match its sha256");
  }
  return unpack(stored);
}

// ---- the memory as stored: Pyodide's snapshot without its chunks of zeros (about half of it),
// so that half the bytes are written, read back and hashed. The kept chunks in order, then each
// run of kept chunks (its first chunk, its count) as two 32-bit words, the runs' count, the
// memory's length and PACKED (little-endian): the sha256 covers the whole.

const CHUNK = 4096;
const PACKED = 0x315a5942; // "BYZ1"

/** Whether bytes[start, end) are all zeros (start a multiple of 4; words: the same buffer's
 *  whole 32-bit words, or null). @param {Uint8Array} bytes @param {Uint32Array | null} words
 *  @param {number} start @param {number} end */
function zeros(bytes, words, start, end) {
  let i = start;
  if (words) {
    const wordEnd = Math.min(end, words.length * 4);
    for (let w = start >>> 2; w < wordEnd >>> 2; w++) if (words[w] !== 0) return false;
    i = Math.max(start, wordEnd);
  }
  for (; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** Pyodide's memory snapshot as stored (see above). @param {Uint8Array<ArrayBuffer>} memory
 *  @returns {Uint8Array<ArrayBuffer>} */
export function pack(memory) {
  const length = memory.byteLength;
  const words = memory.byteOffset % 4 === 0 ? new Uint32Array(memory.buffer, memory.byteOffset, length >>> 2) : null;
  /** @type {[number, number][]} */
  const runs = [];
  let kept = 0;
  for (let chunk = 0; chunk * CHUNK < length; chunk++) {
    const start = chunk * CHUNK;
    const end = Math.min(start + CHUNK, length);
    if (zeros(memory, words, start, end)) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === chunk) last[1]++;
    else runs.push([chunk, 1]);
    kept += end - start;
  }
  const packed = new Uint8Array(kept + 8 * runs.length + 12);
  const view = new DataView(packed.buffer);
  let at = 0;
  runs.forEach(([chunk, count], i) => {
    const start = chunk * CHUNK;
    const end = Math.min((chunk + count) * CHUNK, length);
    packed.set(memory.subarray(start, end), at);
    at += end - start;
    view.setUint32(kept + 8 * i, chunk, true);
    view.setUint32(kept + 8 * i + 4, count, true);
  });
  view.setUint32(packed.byteLength - 12, runs.length, true);
  view.setUint32(packed.byteLength - 8, length, true);
  view.setUint32(packed.byteLength - 4, PACKED, true);
  return packed;
}

/** Pyodide's memory snapshot from its stored form; throws if that is not one.
 *  @param {Uint8Array<ArrayBuffer>} packed @returns {Uint8Array<ArrayBuffer>} */
export function unpack(packed) {
  const damaged = () => new Error("the snapshot's memory is damaged");
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const size = packed.byteLength;
  if (size < 12 || view.getUint32(size - 4, true) !== PACKED) throw damaged();
  const count = view.getUint32(size - 12, true);
  const length = view.getUint32(size - 8, true);
  const runsAt = size - 12 - 8 * count;
  if (runsAt < 0) throw damaged();
  const memory = new Uint8Array(length);
  let at = 0;
  let next = 0; // the first chunk the next run may start at
  for (let i = 0; i < count; i++) {
    const chunk = view.getUint32(runsAt + 8 * i, true);
    const start = chunk * CHUNK;
    const end = Math.min((chunk + view.getUint32(runsAt + 8 * i + 4, true)) * CHUNK, length);
    if (chunk < next || end <= start || at + end - start > runsAt) throw damaged();
    memory.set(packed.subarray(at, at + end - start), start);
    at += end - start;
    next = Math.ceil(end / CHUNK);
  }
  if (at !== runsAt) throw damaged();
  return memory;
}

/** One sha256 over every captured entry (path, kind, mode, mtime, link target, bytes). @param {FileEntry[]} files */
export async function filesDigest(files) {
  const encoder = new TextEncoder();
  /** @type {Uint8Array<ArrayBuffer>[]} */
  const parts = [];
  for (const entry of files) {
    const head = JSON.stringify([entry.path, entry.kind, entry.mode, entry.mtime, entry.target ?? null,
      entry.data?.byteLength ?? null]);
    parts.push(encoder.encode(`${head.length}:${head}`));
    if (entry.data) parts.push(entry.data);
  }
  // (joined here: a Blob of them would go to the browser's blob store and back)
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.byteLength;
  }
  return hex(await crypto.subtle.digest("SHA-256", joined));
}

/** Throws unless the stored files match their sha256 (an emptied or edited list does not). @param {StoredSnapshot} snapshot */
export async function checkFiles({ meta }) {
  if (!Array.isArray(meta.files) || typeof meta.filesSha256 !== "string" ||
      !meta.files.every((/** @type {any} */ e) => e && typeof e.path === "string" && (e.kind !== "file" || e.data instanceof Uint8Array))) {
    throw new Error("the snapshot's file list is damaged");
  }
  if (await filesDigest(meta.files) !== meta.filesSha256) throw new Error("the snapshot's files do not match their sha256");
}

/**
 * Store a snapshot (replacing this scope's previous one): the memory packed, without its zero chunks.
 * @param {string} scope
 * @param {{files: FileEntry[]} & Record<string, unknown>} meta
 * @param {Uint8Array<ArrayBuffer>} memory
 * @param {(step: string) => void} [step] told "snapshot-hashed" once both sha256 are known (timing)
 */
export async function save(scope, meta, memory, step = () => {}) {
  const packed = pack(memory);
  const sha256 = hex(await crypto.subtle.digest("SHA-256", packed));
  const filesSha256 = await filesDigest(meta.files);
  step("snapshot-hashed");
  await transact("readwrite", (store) => {
    store.put(packed, `${scope}#memory`);
    store.put({ ...meta, sha256, filesSha256, size: packed.byteLength }, scope);
  });
}

/** Delete this scope's snapshot. @param {string} scope */
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
 *  [{path, kind, mode, mtime, data|target}].
 *  @param {EmscriptenFS} FS
 *  @param {(path: string) => boolean} [skip]
 *  @returns {FileEntry[]} */
export function captureFiles(FS, skip = () => false) {
  /** @type {FileEntry[]} */
  const out = [];
  const walk = (/** @type {string} */ path) => {
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
/** @param {EmscriptenFS} FS @param {FileEntry[]} files */
export function restoreFiles(FS, files) {
  const exists = (/** @type {string} */ path) => FS.analyzePath(path).exists;
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

/** Whether two byte arrays are equal (compared four bytes at a time where both are aligned).
 *  @param {Uint8Array} a @param {Uint8Array} b */
function equalBytes(a, b) {
  const length = a.byteLength;
  if (length !== b.byteLength) return false;
  let i = 0;
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const x = new Uint32Array(a.buffer, a.byteOffset, length >>> 2);
    const y = new Uint32Array(b.buffer, b.byteOffset, length >>> 2);
    for (let w = 0; w < x.length; w++) if (x[w] !== y[w]) return false;
    i = x.length * 4;
  }
  for (; i < length; i++) if (a[i] !== b[i]) return false;
  return true;
}
