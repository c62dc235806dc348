// The engine worker's downloads (worker.js): the progress bar counts the streamed bytes of the
// files the build's manifest gives sizes for (Pyodide's, the wheels), and the wheels are fetched
// ahead, in parallel with Pyodide's start, then answered from memory. This module hooks the
// worker's fetch for both when it is evaluated (after lockdown.js: worker.js imports that first).

import { phase } from "./worker_phases.js";

/** The site's folder: every file of the build is under it. */
export const base = new URL("./", import.meta.url);
/** fetch as the worker had it (lockdown.js's, before the hook below). */
export const nativeFetch = globalThis.fetch.bind(globalThis);

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
export function prefetch(path) {
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
    report(true); // the last chunk's bytes, which a report within 50 ms of the one before skipped
    return new Blob(chunks).arrayBuffer();
  });
  promise.catch(() => {});
  prefetched.set(url, promise);
  return promise;
}

/**
 * Count these files of the build against their sizes in the manifest.
 * @param {{files: Record<string, {size: number}>}} manifest
 * @param {string[]} paths
 */
export function sized(manifest, paths) {
  for (const path of paths) expected.set(new URL(path, base).href, manifest.files[path]?.size ?? 0);
  report(true);
}

/** Settled once every body being counted has been (a copy can be read after its file was used). */
export function counted() {
  return Promise.all(counting);
}
