"""The build's precompiled standard library (build.py ensure_stdlib_bytecode, tools/bytecode.mjs):
Pyodide's python_stdlib.zip in dist/ carries the bytecode of what a first start imports from it,
valid without the sources' times, and the sources themselves unchanged."""

from __future__ import annotations

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


def test_the_wheels_are_shipped_as_built(dist_dir: Path) -> None:
    """(Their modules precompiled made the start slower: micropip installed the larger wheel more
    slowly than the import gained.)"""
    manifest = json.loads((dist_dir / build.MANIFEST).read_text())
    for key in ("micropip_wheel", "engine_wheel"):
        with zipfile.ZipFile(dist_dir / manifest[key]) as wheel:
            assert not [n for n in wheel.namelist() if n.endswith(".pyc")], key


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
