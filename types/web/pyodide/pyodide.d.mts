// build.py copies the Pyodide runtime of node_modules/pyodide to pyodide/ beside the page's files
// (tsconfig.worker.json's rootDirs lays types/web over web/): its module as the package types it.
export * from "pyodide";
