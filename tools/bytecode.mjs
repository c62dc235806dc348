// Precompiled Python for the first start (run by build.py under Node, with the pinned Pyodide).
//
// Pyodide compiles every module it imports from source: its python_stdlib.zip and the micropip and
// engine wheels hold .py files only, and compiling them is most of a first start's time past the
// wasm (Python's own boot, loading and importing micropip, importing the engine). This script does
// a normal start of the engine in Pyodide's own Python (the version of the browser's), as the
// worker does, then writes copies of the three archives with bytecode beside the sources:
// - python_stdlib.zip: a NAME.pyc next to NAME.py (zipimport's layout) for every standard-library
//   module the start imported (the others stay source only: the download grows little);
// - each wheel: __pycache__/NAME.TAG.pyc for every .py, listed in its RECORD.
// The .pyc files are unchecked hash-based pycs (PEP 552): valid whatever the files' times, never
// compared with their sources at import. Sources stay, so tracebacks keep their lines.
//
// usage: node tools/bytecode.mjs PYODIDE_DIR OUT_DIR MICROPIP_WHEEL ENGINE_WHEEL
// writes OUT_DIR/python_stdlib.zip and OUT_DIR/<each wheel's name>; prints one JSON line of counts.

import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const [pyodideDir, outDir, micropipWheel, engineWheel] = process.argv.slice(2);

async function main() {
  const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
  const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: (s) => console.error(s) });

  // the worker's start (worker_boot.js, worker_snapshot.js): micropip loaded, the engine installed
  // with it, engine.api imported, then every module a request imports (engine.api.load_everything)
  for (const wheel of [micropipWheel, engineWheel]) pyodide.FS.writeFile(`/tmp/${basename(wheel)}`, readFileSync(wheel));
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
  const counts = pyodide.runPython(`
import base64, hashlib, py_compile, site, sys, zipfile

STDLIB = next(p for p in sys.path if p.endswith(".zip"))  # /lib/pythonXY.zip: where the start read it
SITE = site.getsitepackages()[0]


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


def copy(source, target, extra):
    """source archive -> target: every entry kept (in order, deflated), then extra(name, data) -> [(name, bytes)]."""
    added = []
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        entries = [(info, zin.read(info)) for info in zin.infolist()]
        for info, data in entries:
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
        for info, data in entries:
            for name, blob in extra(info.filename, data):
                zout.writestr(zipfile.ZipInfo(name, info.date_time), blob, compress_type=zipfile.ZIP_DEFLATED)
                added.append((name, blob))
    return added


def stdlib_pyc(wanted):
    def extra(name, data):
        return [(name[:-3] + ".pyc", pyc(data, f"{STDLIB}/{name}"))] if name in wanted else []
    return extra


def wheel_pyc(name, data):
    if not name.endswith(".py"):
        return []
    folder, _, file = name.rpartition("/")
    cached = f"{folder}/__pycache__/{file[:-3]}.{sys.implementation.cache_tag}.pyc".lstrip("/")
    return [(cached, pyc(data, f"{SITE}/{name}"))]


def with_record(source, target):
    """A wheel with its bytecode, each pyc listed in RECORD (the wheel spec: path,sha256=...,size)."""
    compiled = "/tmp/compiled.whl"
    added = copy(source, compiled, wheel_pyc)
    with zipfile.ZipFile(compiled) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = [f"{n},sha256={base64.urlsafe_b64encode(hashlib.sha256(b).digest()).rstrip(b'=').decode()},{len(b)}"
                         for n, b in added]
                data = data.rstrip(b"\\n") + b"\\n" + "\\n".join(lines).encode() + b"\\n"
            zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return len(added)


wanted = imported_from_stdlib()
stdlib = len(copy("/tmp/python_stdlib.zip", "/tmp/out_stdlib.zip", stdlib_pyc(wanted)))
wheels = {w: with_record(f"/tmp/{w}", f"/tmp/out_{w}") for w in WHEELS}
import json
json.dumps({"stdlib_modules": stdlib, "wheels": wheels})
`, { globals: pyodide.toPy({ WHEELS: [basename(micropipWheel), basename(engineWheel)] }) });

  writeFileSync(join(outDir, "python_stdlib.zip"), pyodide.FS.readFile("/tmp/out_stdlib.zip"));
  for (const wheel of [micropipWheel, engineWheel]) {
    writeFileSync(join(outDir, basename(wheel)), pyodide.FS.readFile(`/tmp/out_${basename(wheel)}`));
  }
  console.log(counts);
}

main().catch((/** @type {any} */ error) => { // (not Pyodide's whole minified source: the message's end)
  console.error(`tools/bytecode.mjs: ${String(error?.message ?? error).slice(-3000)}`);
  process.exit(1);
});
