// Precompiled Python for the first start (run by build.py under Node, with the pinned Pyodide).
//
// Pyodide compiles every module it imports from source: its python_stdlib.zip holds .py files
// only, the wheels too, and compiling modules was most of Python's boot in the browser and much
// of what follows it (micropip's import, the engine's). This script does a normal start of the
// engine in Pyodide's own Python (the version of the browser's), as the worker does, then writes:
// - a copy of python_stdlib.zip with NAME.pyc next to NAME.py (zipimport's layout) for every
//   standard-library module that start imported; the others stay source only, so the download
//   grows little;
// - a copy of each wheel (micropip, the engine) with __pycache__/NAME.cpython-XY.pyc beside every
//   module, listed in its RECORD: Python's own cache layout, which an installed wheel's modules are
//   imported from.
// The .pyc files are unchecked hash-based pycs (PEP 552): never compared with their sources at
// import. Sources stay, so tracebacks keep their lines.
//
// usage: node tools/bytecode.mjs PYODIDE_DIR OUT_DIR MICROPIP_WHEEL ENGINE_WHEEL
// writes OUT_DIR/python_stdlib.zip and OUT_DIR/<each wheel's name>; prints what it compiled.

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
  // what the start imported, taken before this script imports anything of its own
  pyodide.runPython("import sys\n_START_MODULES = list(sys.modules.values())");

  pyodide.FS.writeFile("/tmp/python_stdlib.zip", readFileSync(join(pyodideDir, "python_stdlib.zip")));
  for (const wheel of [micropipWheel, engineWheel]) pyodide.FS.writeFile(`/tmp/in-${basename(wheel)}`, readFileSync(wheel));
  const wheels = [micropipWheel, engineWheel].map((wheel) => basename(wheel));
  const said = pyodide.runPython(`
WHEELS = ${JSON.stringify(wheels)}
import base64, hashlib, importlib.util, os, py_compile, sys, zipfile

import micropip

STDLIB = next(p for p in sys.path if p.endswith(".zip"))  # /lib/pythonXY.zip: where the start read it
SITE = os.path.dirname(os.path.dirname(micropip.__file__))  # where the start installed the wheels


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
    for module in _START_MODULES:
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


def record_line(name, data):
    """A RECORD row: path, sha256 (urlsafe base64, unpadded), size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def wheel_with_bytecode(source, target):
    """source wheel -> target: every entry kept, __pycache__/NAME.cpython-XY.pyc beside each module
    (compiled for where it is installed), each listed in the RECORD. Returns how many."""
    with zipfile.ZipFile(source) as zin:
        entries = [(info, zin.read(info)) for info in zin.infolist()]
    added = [(importlib.util.cache_from_source(info.filename), pyc(data, f"{SITE}/{info.filename}"), info.date_time)
             for info, data in entries if info.filename.endswith(".py")]
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info, data in entries:
            if info.filename.endswith(".dist-info/RECORD"):
                data = data.rstrip(b"\\n") + b"\\n" + "".join(record_line(name, code) + "\\n" for name, code, _ in added).encode()
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
        for name, code, date_time in added:
            zout.writestr(zipfile.ZipInfo(name, date_time), code, compress_type=zipfile.ZIP_DEFLATED)
    return len(added)


wanted = imported_from_stdlib()
with_bytecode("/tmp/python_stdlib.zip", "/tmp/out_stdlib.zip", wanted)
compiled = [wheel_with_bytecode(f"/tmp/in-{name}", f"/tmp/out-{name}") for name in WHEELS]
f"{len(wanted)} standard-library modules compiled; wheels: {', '.join(f'{n}: {c} modules' for n, c in zip(WHEELS, compiled))}"
`);

  writeFileSync(join(outDir, "python_stdlib.zip"), pyodide.FS.readFile("/tmp/out_stdlib.zip"));
  for (const name of wheels) writeFileSync(join(outDir, name), pyodide.FS.readFile(`/tmp/out-${name}`));
  console.log(said);
}

main().catch((/** @type {any} */ error) => { // (not Pyodide's whole minified source: the message's end)
  console.error(`tools/bytecode.mjs: ${String(error?.message ?? error).slice(-3000)}`);
  process.exit(1);
});
