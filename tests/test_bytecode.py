"""The build's precompiled Python (build.py ensure_bytecode, tools/bytecode.mjs): the wheels and
Pyodide's standard library in dist/ carry the bytecode of what a first start imports, valid
without their sources' times, and the sources themselves unchanged."""

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


def record_digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def test_each_wheel_holds_the_bytecode_of_every_module_listed_in_its_record(dist_dir: Path) -> None:
    manifest = json.loads((dist_dir / build.MANIFEST).read_text())
    magics = set()
    for key in ("micropip_wheel", "engine_wheel"):
        with zipfile.ZipFile(dist_dir / manifest[key]) as wheel:
            names = set(wheel.namelist())
            record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
            record = {line.split(",")[0]: line.split(",")[1:] for line in wheel.read(record_name).decode().splitlines()}
            sources = [n for n in names if n.endswith(".py")]
            assert sources, key
            for source in sources:
                folder, _, file = source.rpartition("/")
                cached = [n for n in names if n.startswith(f"{folder}/__pycache__/{file[:-3]}.") and n.endswith(".pyc")]
                assert len(cached) == 1, f"{key}: {source} has {cached}"
                data = wheel.read(cached[0])
                magic, flags = pyc_header(data)
                assert flags == UNCHECKED_HASH, cached[0]
                magics.add(magic)
                assert record[cached[0]] == [record_digest(data), str(len(data))], f"{key}: RECORD of {cached[0]}"
    assert len(magics) == 1  # one Python compiled them all (Pyodide's)


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
