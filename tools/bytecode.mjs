// Precompiled standard library for the first start (run by build.py under Node, with the pinned
// Pyodide).
//
// Pyodide compiles every module it imports from source: its python_stdlib.zip holds .py files
// only, and compiling the standard library's modules was most of Python's boot in the browser.
// This script does a normal start of the engine in Pyodide's own Python (the version of the
// browser's), as the worker does, then writes a copy of python_stdlib.zip with NAME.pyc next to
// NAME.py (zipimport's layout) for every standard-library module that start imported; the others
// stay source only, so the download grows little. The .pyc files are unchecked hash-based pycs
// (PEP 552): never compared with their sources at import. Sources stay, so tracebacks keep their
// lines. (The wheels' own modules, compiled the same way, made the start slower: micropip
// installed the larger engine wheel more slowly than the import gained; they stay as built.)
//
// usage: node tools/bytecode.mjs PYODIDE_DIR OUT_DIR MICROPIP_WHEEL ENGINE_WHEEL
// writes OUT_DIR/python_stdlib.zip; prints how many modules it compiled.

import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const [pyodideDir, outDir, micropipWheel, engineWheel] = process.argv.slice(2);

async function main() {
  const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: (s) => console.error(s) });

  // the worker's start (worker_boot.js, worker_snapshot.js): micropip loaded, the engine installed
  // with it, engine.api imported, then every module a request imports (engine.api.load_everything)
  pyodide.FS.writeFile(`/tmp/${basename(engineWheel)}`, readFileSync(engineWheel)); // (micropip: read by Node)
  /** @type {string[]} */
  const problems = [];
  await pyodide.loadPackage(micropipWheel, { messageCallback: () => {}, errorCallback: (m) => problems.push(m) });
  if (problems.length) throw new Error(`micropip did not load: ${problems.join("; ")}`);
  await pyodide.runPythonAsync(`
import micropip
await micropip.install("emfs:/tmp/${basename(engineWheel)}", deps=False)
import engine.api
engine.api.load_everything()
`);

  pyodide.FS.writeFile("/tmp/python_stdlib.zip", readFileSync(join(pyodideDir, "python_stdlib.zip")));
  const said = pyodide.runPython(`
import py_compile, sys, zipfile

STDLIB = next(p for p in sys.path if p.endswith(".zip"))  # /lib/pythonXY.zip: where the start read it


def pyc(source, path):
    """The unchecked hash-based pyc of a source file found at path when Python runs."""
    with open("/tmp/source.py", "wb") as file:
        file.write(source)
    py_compile.compile("/tmp/source.py", cfile="/tmp/source.pyc", dfile=path, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open("/tmp/source.pyc", "rb") as file:
        return file.read()


def imported_from_stdlib():
    """The archive paths (a/b.py) of every module the start imported from the stdlib zip."""
    found = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(STDLIB + "/") and origin.endswith(".py"):
            found.add(origin[len(STDLIB) + 1:])
    return found


def with_bytecode(source, target, wanted):
    """source archive -> target: every entry kept (deflated), and NAME.pyc beside each wanted NAME.py."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        entries = [(info, zin.read(info)) for info in zin.infolist()]
        for info, data in entries:
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
        for info, data in entries:
            if info.filename in wanted:
                pyc_info = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
                zout.writestr(pyc_info, pyc(data, f"{STDLIB}/{info.filename}"), compress_type=zipfile.ZIP_DEFLATED)


wanted = imported_from_stdlib()
with_bytecode("/tmp/python_stdlib.zip", "/tmp/out_stdlib.zip", wanted)
f"{len(wanted)} standard-library modules compiled"
`);

  writeFileSync(join(outDir, "python_stdlib.zip"), pyodide.FS.readFile("/tmp/out_stdlib.zip"));
  console.log(said);
}

main().catch((/** @type {any} */ error) => { // (not Pyodide's whole minified source: the message's end)
  console.error(`tools/bytecode.mjs: ${String(error?.message ?? error).slice(-3000)}`);
  process.exit(1);
});
