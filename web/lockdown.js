// The engine worker's own Content-Security-Policy, as far as JavaScript can give it one. A <meta>
// CSP does not reach a worker, and a static host may send no CSP header; so, before Pyodide loads,
// the worker refuses what the page's CSP refuses: code from strings (eval, Function and its async
// and generator kin, setTimeout/setInterval with a string) and connections off this site's origin
// (fetch, XMLHttpRequest, WebSocket, EventSource). Pyodide needs none of these (eval only for
// native side modules, which the engine has none of); WebAssembly stays allowed, as the page's
// 'wasm-unsafe-eval' allows it. What JavaScript cannot take back (a dynamic import() of another
// origin) a host's CSP header stops: see README.md, "Hosting and offline", and dist/_headers.
// Imported first by worker.js, so it runs before anything else in the worker.

const origin = self.location.origin;

function refuse(what) {
  return new EvalError(`Boneyard's engine worker refuses ${what} (its Content-Security-Policy)`);
}

function sameOrigin(input) {
  const url = new URL(typeof input === "string" || input instanceof URL ? String(input) : input?.url ?? String(input),
    self.location.href);
  return url.origin === origin; // (a blob: URL made here has this origin too)
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
for (const name of ["setTimeout", "setInterval"]) {
  const native = globalThis[name].bind(globalThis);
  Object.defineProperty(globalThis, name, {
    value: (handler, ...rest) => {
      if (typeof handler !== "function") throw refuse(`${name} with a string`);
      return native(handler, ...rest);
    },
    writable: false, configurable: false,
  });
}

// ---- no connection off this origin
const nativeFetch = globalThis.fetch.bind(globalThis);
Object.defineProperty(globalThis, "fetch", {
  value: (input, init) => sameOrigin(input)
    ? nativeFetch(input, init) : Promise.reject(new TypeError(`Boneyard's engine worker refuses fetch off its origin`)),
  writable: true, configurable: false, // worker.js wraps it again (download progress), on top of this one
});
if (globalThis.XMLHttpRequest) {
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (!sameOrigin(url)) throw refuse("XMLHttpRequest off its origin");
    return open.call(this, method, url, ...rest);
  };
}
for (const name of ["WebSocket", "EventSource", "WebTransport"]) {
  if (name in globalThis) {
    Object.defineProperty(globalThis, name, {
      value: function () { throw refuse(name); }, writable: false, configurable: false,
    });
  }
}
