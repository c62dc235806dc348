// Baseline page: start the same Pyodide core in a module worker, nothing else.
performance.mark("engine-start");
const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  performance.mark("engine-ready");
  document.documentElement.dataset.engine = data === "ready" ? "ready" : "failed";
};
