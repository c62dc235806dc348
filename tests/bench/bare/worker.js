// Baseline worker: load the Pyodide core from the site (served at /__bench/ next to dist/).
import { loadPyodide } from "../pyodide/pyodide.mjs";

loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href })
  .then(() => postMessage("ready"), (error) => postMessage(String(error)));
