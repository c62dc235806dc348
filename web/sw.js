// Boneyard's service worker: precaches every file of the build (the list below is written by
// build.py from dist/, with each file's sha256) under one cache named by the build version, and
// answers from that cache, returning the cached responses unchanged (URL and headers kept: the
// MIME type of .wasm and Chromium's wasm code cache depend on them), but for the engine's worker,
// which gets the site's Content-Security-Policy (dist/_headers) as a header: a page this service
// worker controls starts worker.js from its own URL (engine.js, workerStart), whose policy is the
// one its response carries, and a static host may send none.
// A new build is a new sw.js (its version differs): it precaches beside the old one and waits;
// the page offers "a new version is ready — reload" and sends {type: "skip-waiting"}; on
// activation the caches of older builds (of this scope only) are deleted.
// Everything is relative to this file's folder, so the site works under any sub-path.

/* BUILD-START (replaced by build.py) */
const VERSION = "dev";
const POLICY = "";
const FILES = {};
/* BUILD-END */

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self)); // self, as the service worker it is
const SCOPE = sw.registration.scope; // the folder this file lives in, with a trailing slash
const PREFIX = `boneyard:${SCOPE}:`;
const CACHE = PREFIX + VERSION;
const INDEX = new URL("index.html", SCOPE).href;
const WORKER = new URL("worker.js", SCOPE).href;

const hex = (/** @type {ArrayBuffer} */ buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Fetch one file of the build and check its sha256; once more bypassing the HTTP cache if it differs.
 * @param {string} path
 * @param {string} sha256
 * @returns {Promise<[string, Response]>}
 */
async function fetchChecked(path, sha256) {
  const url = new URL(path, SCOPE).href;
  for (const mode of /** @type {RequestCache[]} */ (["no-cache", "reload"])) {
    const response = await fetch(url, { cache: mode, credentials: "same-origin" });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const digest = hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
    if (!sha256 || digest === sha256) return [url, response];
  }
  throw new Error(`${path}: the server holds a different build (sha256 differs)`);
}

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
    /** The same file from an older build of this scope, if its bytes are unchanged (no download). */
    /** @type {(url: string, sha256: string) => Promise<Response | null>} */
    const reuse = async (url, sha256) => {
      if (!sha256) return null;
      for (const name of older) {
        const response = await (await caches.open(name)).match(url);
        if (response && hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer())) === sha256) {
          return response;
        }
      }
      return null;
    };
    /** @type {[string, string][]} */
    const entries = Object.entries(FILES);
    /** @type {string[]} */
    const problems = [];
    let next = 0;
    const worker = async () => { // a few downloads at a time; one failure does not abort the others
      while (next < entries.length) {
        const [path, sha256] = entries[next++];
        try {
          const url = new URL(path, SCOPE).href;
          if (await cache.match(url)) continue; // a retried install
          const kept = await reuse(url, sha256);
          await cache.put(url, kept ?? (await fetchChecked(path, sha256))[1]);
        } catch (error) {
          problems.push(/** @type {Error} */ (error).message);
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    // Incomplete: this install fails, its partial cache goes, and the page says so and tries again.
    if (problems.length) {
      await caches.delete(CACHE);
      for (const client of await sw.clients.matchAll({ includeUncontrolled: true })) {
        client.postMessage({ type: "install-failed", version: VERSION, problems: problems.slice(0, 3) });
      }
      throw new Error(`precache failed: ${problems.join("; ")}`);
    }
    if (!sw.registration.active) await sw.skipWaiting(); // the first install: nothing to mix with
  })());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

sw.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") sw.skipWaiting();
  else if (event.data?.type === "version") event.source?.postMessage({ type: "version", version: VERSION });
});

/** The engine worker's script with the site's policy as a header (its other headers kept).
 *  @param {Response} response */
function withPolicy(response) {
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", POLICY);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  const key = url.href === SCOPE && request.mode === "navigate" ? INDEX : url.href;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(key);
    if (cached && key === WORKER && POLICY) return withPolicy(cached);
    return cached ?? fetch(request);
  })());
});
