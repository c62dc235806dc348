// Pyodide's wasm glue (build.py copies it beside the page's files): imported early, only to load it.
export {};
