// The engine worker's start, step by step (worker.js): each step is a performance mark
// ("boneyard:NAME") in this worker, and told the page at once ({type: "step", name}: its watchdog
// hears the start go on, engine_watch.js); the times (ms since the worker started, and the worker's
// timeOrigin) are reported with "ready". Pyodide's wasm compile and instantiate are timed apart.

/** Each step's time, in ms since the worker started. @type {Record<string, number>} */
export const phases = {};

/** Mark a step of the start (the first time only). @param {string} name */
export function phase(name) {
  if (name in phases) return;
  performance.mark(`boneyard:${name}`);
  phases[name] = Math.round(performance.now());
  postMessage({ type: "step", name });
}

/** Forget the steps of a failed attempt, all but `kept`. @param {string[]} kept */
export function keepPhases(kept) {
  for (const name of Object.keys(phases)) if (!kept.includes(name)) delete phases[name];
}

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
