// The engine worker's own Content-Security-Policy, as far as JavaScript can give it one. A <meta>
// CSP does not reach a worker, and a static host may send no CSP header; so, before Pyodide loads,
// the worker refuses what the page's CSP refuses: code from strings (eval, Function and its async
// and generator kin, setTimeout/setInterval with a string) and connections off this site's origin
// (fetch, XMLHttpRequest, WebSocket, EventSource). Pyodide needs none of these (eval only for
// native side modules, which the engine has none of); WebAssembly stays allowed, as the page's
// 'wasm-unsafe-eval' allows it. What JavaScript cannot take back (a dynamic import() of a data:,
// blob: or another origin's module) the browser refuses: the page starts this worker from a blob:
// URL, and such a worker keeps the page's CSP, <meta> or header; or, once the service worker
// controls the page, from worker.js itself, which the service worker answers with the site's CSP
// as a header (engine.js, workerStart; sw.js).
// Imported first by worker.js, so it runs before anything else in the worker.

const here = new URL(import.meta.url); // (this file: the worker's own location may be the blob: URL it started from)
const origin = here.origin;

/** @param {string} what */
function refuse(what) {
  return new EvalError(`Boneyard's engine worker refuses ${what} (its Content-Security-Policy)`);
}

/** Where a request goes, a relative URL taken from this folder (the worker's own base is its
 *  blob: URL, from which nothing relative resolves). @param {RequestInfo | URL} input */
function target(input) {
  return new URL(typeof input === "string" || input instanceof URL ? String(input) : input?.url ?? String(input),
    here);
}

/** @param {URL} url */
function sameOrigin(url) {
  return url.origin === origin; // (a blob: URL made here has this origin too)
}

/** A request's input with a relative URL made absolute (a Request's URL already is). */
/** @param {RequestInfo | URL} input @param {URL} url */
function absolute(input, url) {
  return typeof input === "string" || input instanceof URL ? url.href : input;
}

// ---- no code from strings
const noEval = function () { throw refuse("eval"); };
Object.defineProperty(globalThis, "eval", { value: noEval, writable: false, configurable: false });
for (const make of [function () {}, async function () {}, function* () {}, async function* () {}]) {
  const proto = Object.getPrototypeOf(make);
  const blocked = function () { throw refuse("code made from a string (Function)"); };
  blocked.prototype = proto;
  Object.defineProperty(proto, "constructor", { value: blocked, writable: false, configurable: false });
}
Object.defineProperty(globalThis, "Function", { value: Function.prototype.constructor, writable: false, configurable: false });
for (const name of /** @type {const} */ (["setTimeout", "setInterval"])) {
  const native = globalThis[name].bind(globalThis);
  Object.defineProperty(globalThis, name, {
    value: (/** @type {unknown} */ handler, /** @type {[number?, ...any[]]} */ ...rest) => {
      if (typeof handler !== "function") throw refuse(`${name} with a string`);
      return native(handler, ...rest);
    },
    writable: false, configurable: false,
  });
}

// ---- no connection off this origin
const nativeFetch = globalThis.fetch.bind(globalThis);
Object.defineProperty(globalThis, "fetch", {
  value: (/** @type {RequestInfo | URL} */ input, /** @type {RequestInit | undefined} */ init) => {
    const url = target(input);
    return sameOrigin(url) ? nativeFetch(absolute(input, url), init)
      : Promise.reject(new TypeError(`Boneyard's engine worker refuses fetch off its origin`));
  },
  writable: true, configurable: false, // worker.js wraps it again (download progress), on top of this one
});
if (globalThis.XMLHttpRequest) {
  const open = /** @type {(this: XMLHttpRequest, ...args: unknown[]) => void} */ (XMLHttpRequest.prototype.open);
  /** @this {XMLHttpRequest} @param {string} method @param {string | URL} url @param {...unknown} rest */
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    const where = target(url);
    if (!sameOrigin(where)) throw refuse("XMLHttpRequest off its origin");
    return open.call(this, method, where.href, ...rest);
  };
}
for (const name of ["WebSocket", "EventSource", "WebTransport"]) {
  if (name in globalThis) {
    Object.defineProperty(globalThis, name, {
      value: function () { throw refuse(name); }, writable: false, configurable: false,
    });
  }
}
