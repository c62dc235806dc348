"""The build's precompiled standard library (build.py ensure_stdlib_bytecode, tools/bytecode.mjs):
Pyodide's python_stdlib.zip in dist/ carries the bytecode of what a first start imports from it,
valid without the sources' times, and the sources themselves unchanged."""

from __future__ import annotations

import base64
import hashlib
import json
import struct
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import build

UNCHECKED_HASH = 0b01  # PEP 552 flags: hash-based, not checked against the source


def pyc_header(data: bytes) -> tuple[bytes, int]:
    """A pyc's magic number and flags."""
    return data[:4], struct.unpack("<I", data[4:8])[0]


def test_the_wheels_keep_their_files_and_gain_each_module_s_bytecode(dist_dir: Path) -> None:
    """micropip's and the engine's modules are imported from bytecode at a first start: each has
    its unchecked pyc in __pycache__ (for the stdlib's Python), listed in the wheel's RECORD."""
    manifest = json.loads((dist_dir / build.MANIFEST).read_text())
    major, minor, _ = json.loads((build.PYODIDE_NPM / "pyodide-lock.json").read_text())["info"]["python"].split(".")
    cache_tag = f"cpython-{major}{minor}"  # Pyodide's Python: its __pycache__ names
    with zipfile.ZipFile(dist_dir / "pyodide" / "python_stdlib.zip") as built_stdlib:
        magic = pyc_header(built_stdlib.read("json/__init__.pyc"))[0]
    for key, source in (("micropip_wheel", build.ensure_micropip()), ("engine_wheel", build.ensure_engine_wheel())):
        with zipfile.ZipFile(source) as as_built, zipfile.ZipFile(dist_dir / manifest[key]) as shipped:
            built_names, names = set(as_built.namelist()), set(shipped.namelist())
            record_name = next(n for n in built_names if n.endswith(".dist-info/RECORD"))
            for name in built_names - {record_name}:
                assert shipped.read(name) == as_built.read(name), name
            record = {line.split(",")[0]: line for line in shipped.read(record_name).decode().splitlines()}
            modules = [n for n in built_names if n.endswith(".py")]
            assert len(modules) > 10, key
            for module in modules:
                folder, _, file = module.rpartition("/")
                pyc = f"{folder}/__pycache__/{file[:-3]}.{cache_tag}.pyc"
                assert pyc in names, pyc
                data = shipped.read(pyc)
                assert pyc_header(data) == (magic, UNCHECKED_HASH), pyc
                digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                assert record[pyc] == f"{pyc},sha256={digest},{len(data)}"
            assert names - built_names == {n for n in names if "/__pycache__/" in n}, key


def test_the_standard_library_keeps_its_sources_and_gains_the_start_s_bytecode(dist_dir: Path) -> None:
    with zipfile.ZipFile(build.PYODIDE_NPM / "python_stdlib.zip") as stock, \
            zipfile.ZipFile(dist_dir / "pyodide" / "python_stdlib.zip") as built:
        stock_names = set(stock.namelist())
        built_names = set(built.namelist())
        assert stock_names <= built_names
        for name in stock_names:
            assert built.read(name) == stock.read(name), name
        added = built_names - stock_names
        assert all(n.endswith(".pyc") and n[:-1] in stock_names for n in added)
        # Python's boot (encodings), Pyodide's package loader (tarfile, used to load micropip), the
        # engine's json; not the whole library
        for module in ("encodings/__init__.pyc", "tarfile.pyc", "json/__init__.pyc"):
            assert module in added, module
            assert pyc_header(built.read(module))[1] == UNCHECKED_HASH
        assert "pydoc.pyc" not in added
        assert len(added) < len([n for n in stock_names if n.endswith(".py")]) / 2
