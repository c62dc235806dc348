#!/usr/bin/env python3
"""Boneyard's one entry point (standard library only).

    python build.py [build]            build dist/ (only what changed)
    python build.py serve [--port N]   build, then serve dist/ on 127.0.0.1
    python build.py test [PYTEST ARGS] venv + test extra + Chromium + ruff + mypy + tsc + build + node --test + pytest
    python build.py bench [NAME...]    build, then print figures (tests/bench/NAME.py, default all)
    python build.py gallery [GAME...]  build, then screenshots of every screen (.cache/gallery/)
"""

from __future__ import annotations

import argparse
import concurrent.futures
import functools
import hashlib
import http.server
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import venv
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
WEB = ROOT / "web"
VENV = ROOT / ".venv"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
TSC = ROOT / "node_modules" / "typescript" / "bin" / "tsc"  # the page's type checker (tsconfig.json: JSDoc, checkJs)
# Everything the Pyodide core needs at run time (the .d.ts, maps and node helpers are left out).
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                "python_stdlib.zip", "pyodide-lock.json")
MICROPIP = ("micropip", "0.11.1")
ENGINE_SOURCES = ("pyproject.toml", "README.md", "engine")
BYTECODE_SCRIPT = ROOT / "tools" / "bytecode.mjs"  # precompiles what a first start imports (run by Node)
MANIFEST = "build-manifest.json"
CATALOG = "catalog.json"
HOST_FILES = {"_headers"}  # read by some hosts, not served: not in the manifest, never precached
HEADERS_FILE = "_headers"
SERVICE_WORKER = "sw.js"  # web/sw.js is its template: build.py writes the version and file list in
SW_START, SW_END = "/* BUILD-START (replaced by build.py) */", "/* BUILD-END */"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update"]
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".png": "image/png",
}


def log(message: str) -> None:
    """Print one line of build output."""
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], **kwargs: object) -> None:
    """Run a command from the repository root; stop the build if it fails."""
    result = subprocess.run(cmd, cwd=ROOT, **kwargs)  # type: ignore[call-overload]
    if result.returncode != 0:
        sys.exit(f"[build] failed ({result.returncode}): {' '.join(cmd)}")


def sha256_file(path: Path) -> str:
    """The sha256 hex digest of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def tree_files(base: Path) -> list[Path]:
    """Files under base, sorted, without caches and dot files."""
    skip = {"__pycache__", ".mypy_cache", ".pytest_cache"}
    return sorted(p for p in base.rglob("*") if p.is_file() and not (skip & set(p.parts))
                  and not p.name.startswith(".") and p.suffix != ".pyc")


def sources_hash(paths: list[Path]) -> str:
    """One digest over the names and contents of the given files and folders."""
    digest = hashlib.sha256()
    for entry in paths:
        for path in tree_files(entry) if entry.is_dir() else [entry]:
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + sha256_file(path).encode())
    return digest.hexdigest()


# ---------------------------------------------------------------- inputs


def pinned_pyodide() -> str:
    """The exact pyodide version pinned in package.json."""
    version = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    if not isinstance(version, str) or not version[:1].isdigit():
        sys.exit(f"[build] package.json must pin pyodide exactly, found {version!r}")
    return version


def ensure_pyodide() -> str:
    """Install node_modules with `npm ci` when the lock file changed; return the version."""
    version = pinned_pyodide()
    stamp = CACHE / "npm-ci.stamp"
    lock_hash = sha256_file(ROOT / "package-lock.json")
    installed = PYODIDE_NPM / "package.json"
    fresh = (installed.exists() and json.loads(installed.read_text())["version"] == version
             and stamp.exists() and stamp.read_text() == lock_hash)
    if not fresh:
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("[build] npm not found: install Node.js (>= 18) with npm")
        log(f"npm ci (pyodide {version})")
        run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"])
        CACHE.mkdir(exist_ok=True)
        stamp.write_text(lock_hash)
    return version


def pyodide_python() -> str:
    """The Python version (major.minor) of the pinned Pyodide, from its lock file: the one the
    micropip wheel is downloaded for (`pip download --python-version` picks by Requires-Python)."""
    full = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())["info"]["python"]
    return ".".join(str(full).split(".")[:2])


def ensure_micropip() -> Path:
    """Download the micropip wheel once into .cache/wheels, for the pinned Pyodide's Python."""
    name, version = MICROPIP
    folder = CACHE / "wheels"
    found = sorted(folder.glob(f"{name}-{version}-*.whl")) if folder.exists() else []
    if found:
        return found[0]
    log(f"pip download {name}=={version}")
    folder.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
         "--python-version", pyodide_python(), "-d", str(folder), f"{name}=={version}"])
    found = sorted(folder.glob(f"{name}-{version}-*.whl"))
    if not found:
        sys.exit(f"[build] {name} wheel missing after download")
    return found[0]


def ensure_engine_wheel() -> Path:
    """Build the engine wheel with pip's standard build front end, when its sources changed."""
    key = sources_hash([ROOT / name for name in ENGINE_SOURCES])[:16]
    folder = CACHE / "engine" / key
    found = sorted(folder.glob("*.whl")) if folder.exists() else []
    if found:
        return found[0]
    log("building engine wheel (pip wheel)")
    tmp = CACHE / "engine" / f"tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-cache-dir", "-q", "-w", str(tmp), "."])
    wheels = sorted(tmp.glob("*.whl"))
    if len(wheels) != 1:
        sys.exit(f"[build] expected one engine wheel, found {wheels}")
    for old in (CACHE / "engine").iterdir():
        if old != tmp:
            shutil.rmtree(old, ignore_errors=True)
    tmp.rename(folder)
    return folder / wheels[0].name


def ensure_bytecode(micropip: Path, engine: Path) -> Path:
    """A folder with Pyodide's python_stdlib.zip holding the bytecode of every module a first start
    imports from it, and the two wheels with their modules' bytecode (tools/bytecode.mjs does that
    start in Pyodide's own Python under Node), made when an input changed. Pyodide compiles every
    module from source otherwise: most of Python's boot, and much of micropip's and the engine's
    import."""
    inputs = [BYTECODE_SCRIPT, PYODIDE_NPM / "python_stdlib.zip", PYODIDE_NPM / "pyodide.asm.wasm", micropip, engine]
    key = hashlib.sha256("".join(sha256_file(path) for path in inputs).encode()).hexdigest()[:16]
    folder = CACHE / "bytecode" / key
    if not all((folder / name).exists() for name in ("python_stdlib.zip", micropip.name, engine.name)):
        node = node_path()
        log("compiling what a first start imports (tools/bytecode.mjs)")
        tmp = CACHE / "bytecode" / f"tmp-{os.getpid()}"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        run([node, str(BYTECODE_SCRIPT), str(PYODIDE_NPM), str(tmp), str(micropip), str(engine)])
        for old in (CACHE / "bytecode").iterdir():
            if old != tmp:
                shutil.rmtree(old, ignore_errors=True)
        tmp.rename(folder)
    return folder


def native_catalog() -> bytes:
    """The catalog from the native engine, so the menu paints before Python loads in the page."""
    code = "import sys; from engine.api import handle; sys.stdout.write(handle('{\"op\":\"catalog\"}'))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    answer = json.loads(result.stdout) if result.returncode == 0 and result.stdout else None
    if not answer or not answer.get("ok"):
        sys.exit(f"[build] engine catalog failed:\n{result.stderr or result.stdout}")
    return (json.dumps(answer, indent=1, sort_keys=True) + "\n").encode()


# ---------------------------------------------------------------- icons


ICON_BG, ICON_FACE, ICON_INK = (0x1f, 0x2a, 0x33), (0xfb, 0xf7, 0xec), (0x1f, 0x2a, 0x33)
ICON_SIZES = (192, 512)


def _png(width: int, rows: list[bytes]) -> bytes:
    """A truecolor PNG from raw RGB rows (zlib + struct, no imaging library)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0)
    raw = b"".join(b"\0" + row for row in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def icon_png(size: int) -> bytes:
    """The app icon (a 3-4 domino on slate, like icons/icon.svg), maskable: the domino stays in the
    middle 70%. Shapes are drawn with signed distances, so the edges are antialiased."""
    scale = size * 0.72 / 64  # icon.svg's 64-unit box, centred
    off = (size - 64 * scale) / 2
    pips = [(25, 12), (32, 17), (39, 22), (25, 42), (39, 42), (25, 52), (39, 52)]

    def box(px: float, py: float, x0: float, y0: float, x1: float, y1: float, r: float) -> float:
        qx = abs(px - (x0 + x1) / 2) - ((x1 - x0) / 2 - r)
        qy = abs(py - (y0 + y1) / 2) - ((y1 - y0) / 2 - r)
        return min(max(qx, qy), 0.0) + math.sqrt(max(qx, 0.0) ** 2 + max(qy, 0.0) ** 2) - r

    def mix(a: tuple[float, ...], b: tuple[int, ...], t: float) -> tuple[float, ...]:
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))

    rows = []
    for j in range(size):
        row = bytearray()
        for i in range(size):
            x, y = (i + 0.5 - off) / scale, (j + 0.5 - off) / scale  # in icon units
            aa = 1 / scale  # one pixel, in icon units
            color: tuple[float, ...] = ICON_BG
            if 12 <= x <= 52 and 0 <= y <= 64:
                outer = box(x, y, 12.5, 0.5, 51.5, 63.5, 8.5)
                inner = box(x, y, 15.5, 3.5, 48.5, 60.5, 5.5)
                color = mix(color, ICON_INK, min(max(0.5 - outer / aa, 0), 1))
                color = mix(color, ICON_FACE, min(max(0.5 - inner / aa, 0), 1))
                ink = box(x, y, 20, 30.75, 44, 33.25, 1.25)
                for cx, cy in pips:
                    ink = min(ink, ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 - 3.6)
                color = mix(color, ICON_INK, min(max(0.5 - ink / aa, 0), 1))
            row += bytes(round(c) for c in color)
        rows.append(bytes(row))
    return _png(size, rows)


def icon_pngs() -> dict[str, Path | bytes]:
    """icons/icon-192.png and icons/icon-512.png, drawn once and kept in .cache/icons."""
    key = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]  # redrawn when build.py changes
    folder = CACHE / "icons" / key
    out: dict[str, Path | bytes] = {}
    for size in ICON_SIZES:
        path = folder / f"icon-{size}.png"
        if not path.exists():
            folder.mkdir(parents=True, exist_ok=True)
            path.write_bytes(icon_png(size))
        out[f"icons/icon-{size}.png"] = path
    for old in (CACHE / "icons").iterdir():
        if old != folder:
            shutil.rmtree(old, ignore_errors=True)
    return out


# ---------------------------------------------------------------- dist


def site_lockfile() -> bytes:
    """Pyodide's lock file as the site serves it: its `info`, no packages. None of the packages it
    lists is in dist/ (the site serves the core only; micropip and the engine are loaded by URL),
    and micropip converts every entry into Python when it is imported (357 in Pyodide 314.0.7):
    a first start's work, for nothing (benchmarks.md, "Start-up")."""
    lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())
    return json.dumps({**lock, "packages": {}}, separators=(",", ":")).encode()


def eager_script(path: Path) -> bytes:
    """Pyodide's Emscripten module with V8's compile hint (`//# allFunctionsCalledOnLoad`, Chromium
    136+; a comment elsewhere): every function compiled when the module is, so that the code cache
    Chromium keeps of it holds them all. Without it the cache held the module's top level only (20
    KB), and each start compiled the 470-odd functions it calls again in the engine's worker (some
    25-45 ms of CPU a warm start; benchmarks.md, "Start-up")."""
    return b"//# allFunctionsCalledOnLoad\n" + path.read_bytes()


def plan_dist() -> tuple[dict[str, Path | bytes], dict[str, str]]:
    """What dist/ must hold (path -> source file or bytes), and named entries for the manifest."""
    version = ensure_pyodide()
    plan: dict[str, Path | bytes] = {}
    for name in PYODIDE_CORE:
        if (PYODIDE_NPM / name).exists():
            plan[f"pyodide/{name}"] = PYODIDE_NPM / name
    plan["pyodide/pyodide.asm.mjs"] = eager_script(PYODIDE_NPM / "pyodide.asm.mjs")
    plan["pyodide/pyodide-lock.json"] = site_lockfile()
    micropip = ensure_micropip()
    engine = ensure_engine_wheel()
    compiled = ensure_bytecode(micropip, engine)  # each of these, with bytecode
    plan[f"wheels/{micropip.name}"] = compiled / micropip.name
    plan[f"wheels/{engine.name}"] = compiled / engine.name
    plan["pyodide/python_stdlib.zip"] = compiled / "python_stdlib.zip"
    for path in tree_files(WEB):
        if path.relative_to(WEB).as_posix() != SERVICE_WORKER:  # written by seal()
            plan[str(path.relative_to(WEB).as_posix())] = path
    plan.update(icon_pngs())
    plan[CATALOG] = native_catalog()
    named = {"pyodide": version, "micropip_wheel": f"wheels/{micropip.name}",
             "engine_wheel": f"wheels/{engine.name}"}
    return plan, named


def sync_dist(plan: dict[str, Path | bytes]) -> tuple[list[str], list[str]]:
    """Make dist/ hold exactly the plan (plus the manifest and sw.js); return (written, removed)."""
    written: list[str] = []
    for rel, source in plan.items():
        target = DIST / rel
        if target.exists():
            if isinstance(source, bytes) and target.read_bytes() == source:
                continue
            if isinstance(source, Path) and target.stat().st_size == source.stat().st_size \
                    and sha256_file(target) == sha256_file(source):
                continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(source, bytes):
            target.write_bytes(source)
        else:
            shutil.copyfile(source, target)
        written.append(rel)
    removed: list[str] = []
    if DIST.exists():
        for path in sorted(DIST.rglob("*"), reverse=True):
            rel = path.relative_to(DIST).as_posix()
            if path.is_file() and rel not in plan and rel not in (MANIFEST, SERVICE_WORKER):
                path.unlink()
                removed.append(rel)
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return written, removed


def seal(dist: Path, named: dict[str, str], template: str | None = None) -> tuple[str, bool]:
    """Write dist/sw.js (the service worker, with the build version and every file to precache
    with its sha256) and dist/build-manifest.json (every file, its size and sha256; the build
    version). The version is a digest of every other file, so any change makes a new one.
    `template`: the service worker's template text (default: web/sw.js).
    Returns (version, whether anything changed). Also used by the tests on a copy of dist/."""
    files = {rel: {"sha256": sha256_file(dist / rel), "size": (dist / rel).stat().st_size}
             for rel in (p.relative_to(dist).as_posix() for p in tree_files(dist))
             if rel not in (MANIFEST, SERVICE_WORKER) and rel not in HOST_FILES}
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    precache = {rel: entry["sha256"] for rel, entry in files.items()}
    precache[MANIFEST] = precache[SERVICE_WORKER] = ""  # they name each other: fetched without a checksum
    template = template if template is not None else (WEB / SERVICE_WORKER).read_text()
    start, end = template.index(SW_START), template.index(SW_END) + len(SW_END)
    policy = dict(host_headers(dist)).get("Content-Security-Policy", "")  # what it gives the engine's worker
    generated = (f"{SW_START}\nconst VERSION = {json.dumps(version)};\nconst POLICY = {json.dumps(policy)};\n"
                 f"const FILES = {json.dumps(precache, indent=1, sort_keys=True)};\n{SW_END}")
    sw_text = template[:start] + generated + template[end:]
    changed = False
    sw_path = dist / SERVICE_WORKER
    if not sw_path.exists() or sw_path.read_text() != sw_text:
        sw_path.write_text(sw_text)
        changed = True
    files[SERVICE_WORKER] = {"sha256": sha256_file(sw_path), "size": sw_path.stat().st_size}
    manifest = {"version": version, **named, "files": dict(sorted(files.items()))}
    text = json.dumps(manifest, indent=1, sort_keys=True) + "\n"
    target = dist / MANIFEST
    if not target.exists() or target.read_text() != text:
        target.write_text(text)
        changed = True
    return version, changed


def human_size(n: float) -> str:
    """Bytes as a short human-readable size."""
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.1f} {unit}" if unit != "B" else f"{int(n)} B"
        n /= 1024
    return f"{n:.1f} GB"


def check_page_links(plan: dict[str, Path | bytes]) -> None:
    """Every local href/src of index.html names a file of the build (a stale preload of a
    removed module would only show up as a 404 in the browser)."""
    html = (WEB / "index.html").read_text()
    local = {m for m in re.findall(r'(?:href|src)="([^"#:?]+)"', html) if not m.startswith("/")}
    missing = sorted(m for m in local if m not in plan and m not in (MANIFEST, SERVICE_WORKER))
    if missing:
        sys.exit(f"[build] web/index.html refers to files that are not in the build: {', '.join(missing)}")


def build() -> str:
    """Build dist/, rebuilding only what changed; return the build version."""
    started = time.perf_counter()
    plan, named = plan_dist()
    check_page_links(plan)
    written, removed = sync_dist(plan)
    version, manifest_changed = seal(DIST, named)
    for rel in written:
        log(f"wrote {rel}")
    for rel in removed:
        log(f"removed {rel}")
    if not written and not removed and not manifest_changed:
        log("dist/ is up to date")
    total = sum((DIST / rel).stat().st_size for rel in [*plan, MANIFEST, SERVICE_WORKER])
    log(f"dist/: {len(plan) + 2} files, {human_size(total)}, version {version} "
        f"({time.perf_counter() - started:.1f} s)")
    return version


# ---------------------------------------------------------------- serve


@functools.cache
def host_headers(root: Path) -> list[tuple[str, str]]:
    """The headers root/_headers gives every path ("/*"; Netlify's format), or nosniff alone."""
    headers: list[tuple[str, str]] = []
    path = root / HEADERS_FILE
    lines = path.read_text().splitlines() if path.exists() else []
    section = None
    for line in lines:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            section = line.strip()
        elif section == "/*" and ":" in line:
            name, value = line.strip().split(":", 1)
            headers.append((name.strip(), value.strip()))
    return headers or [("X-Content-Type-Options", "nosniff")]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types, no caching surprises, and no request log."""

    protocol_version = "HTTP/1.1"  # keep-alive: many small modules
    # an instance variable in the base class (typeshed), so not a ClassVar here; never mutated
    extensions_map: dict[str, str] = {**http.server.SimpleHTTPRequestHandler.extensions_map,  # noqa: RUF012
                                      **MIME_TYPES}
    mounts: ClassVar[dict[str, Path]] = {}

    def translate_path(self, path: str) -> str:
        """Serve /PREFIX/... from an extra folder when mounted (used by the bench)."""
        for prefix, folder in self.mounts.items():
            if path.startswith(f"/{prefix}/"):
                rest = path.split("?", 1)[0].split("#", 1)[0][len(prefix) + 2:]
                return str(folder / rest)
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        for name, value in host_headers(Path(self.directory)):  # as a host reading dist/_headers would
            if not any(self.path.startswith(f"/{prefix}/") for prefix in self.mounts):
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """Prints the traceback of a request that failed, but not of a browser that closed its
    connection (a page closed or reloaded mid-request): that is no fault of the server. Its
    queue of connections not yet accepted is long (socketserver's default is 5): a page opens
    dozens of modules at once, several pages load together in the tests, and a connection
    the kernel finds no room for can fail a module's download."""

    request_queue_size = 128

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(root: Path = DIST, port: int = 0,
                mounts: dict[str, Path] | None = None) -> http.server.ThreadingHTTPServer:
    """An HTTP server for root on 127.0.0.1 (port 0 = a free port); call serve_forever()."""
    handler = type("Handler", (QuietHandler,), {"mounts": dict(mounts or {})})
    server = QuietServer(("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    return server


def serve_in_thread(root: Path = DIST, mounts: dict[str, Path] | None = None
                    ) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server on a free port in a daemon thread; return it and its base URL."""
    server = make_server(root, 0, mounts)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def serve(port: int) -> None:
    """Build, then serve dist/ until interrupted."""
    build()
    server = make_server(DIST, port)
    print(f"Boneyard is served at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# ---------------------------------------------------------------- test and bench


def venv_python() -> Path:
    """The interpreter of .venv."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """Create .venv and install the project with its test and cluster extras (again when pyproject
    changes): the suite tests `--cluster` on a local Dask cluster. pip does not byte-compile what it
    installs (most of it never imported by the suite; Python compiles what is, once, in the test
    command into .cache/pycache: bytecode_kept)."""
    python = venv_python()
    if not python.exists():
        log("creating .venv")
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    stamp = VENV / "boneyard-install.stamp"
    want = sha256_file(ROOT / "pyproject.toml")
    if not stamp.exists() or stamp.read_text() != want:
        log("installing .[test,cluster] into .venv")
        run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-compile",
             "-e", ".[test,cluster]"])
        stamp.write_text(want)
    return python


PLAYWRIGHT_CHROMIUM = """
import os
from playwright.sync_api import sync_playwright
with sync_playwright() as p:
    path = p.chromium.executable_path
print(path if path and os.path.exists(path) else "")
"""


def system_chromium() -> str | None:
    """A Chromium installed by the system's package manager, if any."""
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(candidate).exists():
            return candidate
    return shutil.which("chromium") or shutil.which("chromium-browser")


HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"  # Debian's package chromium-headless-shell
APT_TIMEOUT_S = 300  # one apt-get step at most


def apt_install(package: str) -> bool:
    """As root on Debian: install a package with apt (its lists updated first when they do not
    know it). True when it is installed; False when this system cannot, or apt failed."""
    if not (os.geteuid() == 0 and Path("/etc/debian_version").exists() and shutil.which("apt-get")):
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for step in (["apt-get", "install", "-y", "-q", package], ["apt-get", "update", "-q"],
                 ["apt-get", "install", "-y", "-q", package]):
        log(" ".join(step))
        try:
            done = subprocess.run(step, env=env, timeout=APT_TIMEOUT_S).returncode == 0
        except subprocess.TimeoutExpired:
            done = False
        if done and step[1] == "install":
            return True
    return False


def find_chromium(python: Path | str, headless_shell: bool = False) -> tuple[str | None, str]:
    """(executable or None for Playwright's own, description); exits if there is no Chromium.
    With `headless_shell` (the tests, unless headed) Debian's Chromium headless shell comes
    before the full Chromium, installed when missing: the same engine without the full
    browser's display compositing, lighter on the CPU (docs/benchmarks.md)."""
    result = subprocess.run([str(python), "-c", PLAYWRIGHT_CHROMIUM], capture_output=True, text=True)
    if result.returncode == 0 and result.stdout.strip():
        return None, f"Playwright's Chromium ({result.stdout.strip()})"
    if headless_shell and (Path(HEADLESS_SHELL).exists() or apt_install("chromium-headless-shell")):
        return HEADLESS_SHELL, f"{HEADLESS_SHELL} (Chromium's headless shell)"
    found = system_chromium()
    if found:
        return found, found
    if apt_install("chromium"):
        found = system_chromium()
        if found:
            return found, found
    sys.exit("[build] No Chromium found. Install one of:\n"
             "  Debian/Ubuntu:  sudo apt-get install chromium\n"
             f"  any system:     {python} -m playwright install --with-deps chromium")


def test(pytest_args: list[str]) -> int:
    """The README's test command. Each step starts once what it needs is there: .venv and npm ci side
    by side; then the build and the checks (the page's once node_modules is there, ruff and mypy once
    .venv is); pytest's runs once .venv and dist/ are, the checks going on beside them (the command
    stops, naming the check, when one found a fault). Returns pytest's status."""
    if sys.version_info < (3, 11):  # noqa: UP036 - build.py may run on an older python3
        sys.exit("[build] Python >= 3.11 is needed")
    with concurrent.futures.ThreadPoolExecutor(max_workers=8, thread_name_prefix="step") as steps:
        venv_made = steps.submit(ensure_venv)
        ensure_pyodide()  # npm ci: the build and the page's checks need node_modules
        checks = {name: steps.submit(check, cmd) for name, cmd in page_checks(node_path()).items()}
        built = steps.submit(build)
        python = venv_made.result()
        checks |= {name: steps.submit(check, cmd) for name, cmd in python_checks(python).items()}
        executable, description = find_chromium(python, headless_shell="--headed" not in pytest_args)
        log(f"browser: {description}")
        built.result()
        return run_pytest(python, pytest_args, executable, checks)


def run_pytest(python: Path, pytest_args: list[str], executable: str | None,
               checks: dict[str, concurrent.futures.Future[subprocess.CompletedProcess[str]]]) -> int:
    """pytest's runs (side_by_side), the checks going on beside them: when one of those found a fault,
    the runs are interrupted and the command stops, naming it; otherwise the checks' output comes
    after the browser's run, then the other runs' output. Returns pytest's status."""
    env = {**bytecode_kept(), "BONEYARD_CHROMIUM": executable or "playwright", "BONEYARD_PREBUILT": "1"}
    runs = [browser_workers(args) for args in side_by_side(pytest_args)]
    if any(arg.startswith(OTHER_BROWSERS_TESTS) for run_args in runs for arg in run_args):
        ensure_other_browsers()
    *beside, main_run = runs
    # the browser's tests wait on Chromium much of the time: the others run beside them (the tests
    # without a browser at a lower priority: they take the cores when the browsers wait, not the
    # browsers' time), their output printed whole after the browser's
    CACHE.mkdir(exist_ok=True)
    # a check's fault interrupts the runs by SIGINT: Python ignores it in a process started with it
    # ignored (a background job's), not in one whose parent handles it
    signal.signal(signal.SIGINT, signal.default_int_handler)
    started = []
    for run_args in beside:
        others = run_args[:1] == [OTHER_BROWSERS_TESTS]
        name = f"the tests in {OTHER_BROWSERS[run_args[2]]}" if others else "the tests without a browser"
        log(f"{name} run beside the browser's (pytest {' '.join(run_args)})")
        output = (CACHE / f"{name.replace(' ', '-')}.log").open("w+")
        niceness = 0 if others else OTHERS_NICENESS
        process = subprocess.Popen([str(python), "-m", "pytest", *run_args], cwd=ROOT, env=env,
                                   stdout=output, stderr=subprocess.STDOUT,
                                   preexec_fn=(lambda n=niceness: os.nice(n)) if hasattr(os, "nice") else None)
        started.append((name, process, output))
    main = subprocess.Popen([str(python), "-m", "pytest", *main_run], cwd=ROOT, env=env)
    report, failed = checks_report(checks)
    if failed:
        for process in [main, *(process for _, process, _ in started)]:
            process.send_signal(signal.SIGINT)  # pytest's own interrupt: fixtures torn down, browsers closed
            process.wait()
        print(report, flush=True)
        sys.exit(f"[build] failed: {', '.join(failed)}")
    status = main.wait()
    print(report, flush=True)
    for name, process, output in started:
        status = process.wait() or status
        output.seek(0)
        log(f"{name}:")
        print(output.read(), flush=True)
        output.close()
    return status


BYTECODE = CACHE / "pycache"  # the test command's processes' compiled modules (bytecode_kept)


def bytecode_kept() -> dict[str, str]:
    """This environment for the suite's processes, their compiled modules kept in .cache/pycache
    (PYTHONPYCACHEPREFIX), also where PYTHONDONTWRITEBYTECODE asks Python not to write them beside
    the sources: some ten processes (pytest's runs, their xdist workers, the command line's) import the
    same modules, and without it each compiled every one of them again, pytest's rewritten test modules
    too (some 3 s of CPU a process: benchmarks.md, "The test suite's time")."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": str(BYTECODE)}


BROWSER_PACKAGES = {"firefox-esr": "firefox-esr", "WebKitWebDriver": "webkit2gtk-driver", "Xvfb": "xvfb"}
# Debian's python3 bindings of WebKitGTK, by a file of each: the WebKit the driver drives is a window
# of their making (tests/browsers/webkit_browser.py)
WEBKIT_BINDINGS = {"python3-gi": "/usr/lib/python3/dist-packages/gi/__init__.py",
                   "gir1.2-webkit2-4.1": "/usr/lib/x86_64-linux-gnu/girepository-1.0/WebKit2-4.1.typelib"}
OTHER_BROWSER_PACKAGES = [*BROWSER_PACKAGES.values(), *WEBKIT_BINDINGS]


def ensure_other_browsers() -> None:
    """Firefox ESR, WebKitGTK's WebDriver, its python3 bindings and Xvfb for tests/browsers:
    installed with apt when missing (as root on Debian); otherwise those tests are skipped, saying
    what to install."""
    found = {**{package: shutil.which(program) for program, package in BROWSER_PACKAGES.items()},
             **{package: Path(file).exists() for package, file in WEBKIT_BINDINGS.items()}}
    for package, there in found.items():
        if not there and not apt_install(package):
            log(f"{package} is missing: the tests in Firefox and WebKit are skipped "
                f"(Debian/Ubuntu: sudo apt-get install {' '.join(OTHER_BROWSER_PACKAGES)})")
            return


BROWSER_TESTS = "tests/e2e"
OTHER_BROWSERS_TESTS = "tests/browsers"  # the scenarios in Chromium, Firefox and WebKit (tests/browsers/drivers.py)
# tests/browsers' runs in the whole suite, by their `-k` expressions (the browser in each test's id): two
# runs, not three: Chromium's short one and then Firefox's (together they still end before tests/e2e)
OTHER_BROWSERS = {"firefox or chromium": "Chromium, then Firefox", "webkit": "WebKit"}
OTHERS_NICENESS = 10  # the tests without a browser yield the cores to the browser's (the longer run)
# browsers running the browser's tests at once, a test file each (pytest-xdist): a third uses the cores
# the other runs leave once they end, some 200 s before tests/e2e (benchmarks.md, "The test suite's time")
BROWSER_WORKERS = 3


def browser_workers(args: list[str]) -> list[str]:
    """A run of browser tests over more than one file shares them out among BROWSER_WORKERS
    browsers, whole files each (the files of a screen one browser opens as one unit: tests/e2e/conftest.py
    ONE_BROWSER_FILES; the files share a browser's pages between their tests): a test spends much of
    its time waiting on its page, and another browser fills that time (and, in the whole command, the
    cores the other runs leave once they end: benchmarks.md); no more browsers than files named. Not
    when the run names a single file or test, asks for workers itself (-n) or stops at a first failure."""
    named = [arg for arg in args if not arg.startswith("-")]
    whole = named == [BROWSER_TESTS] or (len(named) > 1 and all(a.startswith(BROWSER_TESTS) and "::" not in a
                                                               for a in named))
    if not whole or any(a.startswith(("-n", "-x", "--exitfirst", "--maxfail")) for a in args):
        return args
    # by file (tests/e2e/conftest.py: the files of a screen one browser opens, one unit), in collection order
    # (the longest files first), not pytest-xdist's default of the units with more tests first (that sent the
    # longest files, with few tests each, last)
    workers = BROWSER_WORKERS if named == [BROWSER_TESTS] else min(BROWSER_WORKERS, len(named))
    return [*args, "-n", str(workers), "--dist", "loadfile", "--no-loadscope-reorder"]


def side_by_side(pytest_args: list[str]) -> list[list[str]]:
    """The pytest arguments of one run, or of those to run side by side when both the browser's
    tests and others are asked for: the others first, the browser's (tests/e2e) last; the whole
    suite (no test named) runs tests/browsers' scenarios beside them too, in two runs (OTHER_BROWSERS:
    one browser at a time in each, each started once)."""
    named = [arg for arg in pytest_args if not arg.startswith("-") and (ROOT / arg.split("::")[0]).exists()]
    options = [arg for arg in pytest_args if arg not in named]
    if not named:
        return [["tests", f"--ignore={BROWSER_TESTS}", f"--ignore={OTHER_BROWSERS_TESTS}", *options],
                *([OTHER_BROWSERS_TESTS, "-k", name, *options] for name in OTHER_BROWSERS),  # each its own run
                [BROWSER_TESTS, *options]]
    browser = [arg for arg in named if Path(arg).as_posix().startswith(BROWSER_TESTS)]
    others = [arg for arg in named if arg not in browser]
    if not browser or not others:
        return [pytest_args]
    return [[*others, *options], [*browser, *options]]


JS_TESTS = "tests/js"  # the page's DOM-free modules, under Node's own test runner
NODE_COUNTS = ("tests ", "pass ", "fail ", "duration_ms ")  # node --test's closing lines, after a sign and a space


def node_path() -> str:
    """Node's executable; the command stops, saying what to install, without it."""
    node = shutil.which("node")
    if node is None:
        sys.exit("[build] node not found: install Node.js (>= 18) with npm")
    return node


def page_checks(node: str) -> dict[str, list[str]]:
    """The page's checks, by name (they need node_modules: npm ci): the TypeScript compiler over its
    JSDoc types (tsconfig.json; the workers' files with the webworker library, tsconfig.worker.json;
    no output, no build step) and Node's test runner over tests/js/*.test.mjs (phases, sequencer,
    redraw, storage, layout, links)."""
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / JS_TESTS).glob("*.test.mjs"))
    return {"tsc (JSDoc types) web": [node, str(TSC), "-p", "tsconfig.json"],
            "tsc (JSDoc types) web workers": [node, str(TSC), "-p", "tsconfig.worker.json"],
            f"node --test {JS_TESTS} ({len(files)} files)": [node, "--test", *files]}


def python_checks(python: Path) -> dict[str, list[str]]:
    """The Python checks, by name (they need .venv): ruff (the whole repository) and mypy (engine/,
    build.py and tests/, strict); both configured in pyproject.toml."""
    return {"ruff check": [str(python), "-m", "ruff", "check", "--quiet", "."],
            "mypy (strict) engine, build.py, tests": [str(python), "-m", "mypy"]}


def check(cmd: list[str]) -> subprocess.CompletedProcess[str]:
    """Run one check to its end, its output (stdout and stderr) kept."""
    return subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def checks_report(checks: dict[str, concurrent.futures.Future[subprocess.CompletedProcess[str]]]
                  ) -> tuple[str, list[str]]:
    """Wait for the checks; return their report (each one's name, status and output, in order: a
    passing check's closing counts when it prints Node's, else its whole output) and the failed ones."""
    lines: list[str] = []
    failed: list[str] = []
    for name, future in checks.items():
        result = future.result()
        output = result.stdout.strip()
        if result.returncode != 0:
            failed.append(f"{name} ({result.returncode})")
        else:
            output = "\n".join(line for line in output.splitlines() if line[2:].startswith(NODE_COUNTS)) or output
        lines.append(f"[build] {name}: {'failed' if result.returncode else 'passed'}")
        lines += [output] if output else []
    return "\n".join(lines), failed


def bench(names: list[str]) -> int:
    """Build, then run the benchmark modules of tests/bench (all, or the named ones) in .venv."""
    python = ensure_venv()
    executable, description = find_chromium(python)
    build()
    env = {**os.environ, "BONEYARD_CHROMIUM": executable or "playwright", "BONEYARD_PREBUILT": "1"}
    modules = sorted(p.stem for p in (ROOT / "tests" / "bench").glob("[!_]*.py"))
    unknown = sorted(set(names) - set(modules))
    if unknown:
        sys.exit(f"[build] no benchmark {', '.join(unknown)} in tests/bench (have: {', '.join(modules)})")
    status = 0
    for module in names or modules:
        print(f"\n== tests.bench.{module}" + (f" ({description})" if module == "page" else ""), flush=True)
        result = subprocess.run([str(python), "-m", f"tests.bench.{module}"], cwd=ROOT, env=env)
        status = status or result.returncode
    return status


def gallery(games: list[str]) -> int:
    """Build, then write .cache/gallery/index.html: screenshots of every screen (tests/gallery.py)."""
    python = ensure_venv()
    executable, _ = find_chromium(python, headless_shell=True)
    build()
    env = {**os.environ, "BONEYARD_CHROMIUM": executable or "playwright"}
    return subprocess.run([str(python), "-m", "tests.gallery", *games], cwd=ROOT, env=env).returncode


def main(argv: list[str]) -> int:
    """Parse the command line and run one task."""
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("task", nargs="?", default="build", choices=["build", "serve", "test", "bench", "gallery"])
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    parser.add_argument("names", nargs="*", help="bench: benchmark modules of tests/bench to run (default all); "
                        "gallery: the games to show (default all)")
    if argv[:1] == ["test"]:
        return test(argv[1:])
    args = parser.parse_args(argv)
    if args.task == "serve":
        serve(args.port)
    elif args.task == "bench":
        return bench(args.names)
    elif args.task == "gallery":
        return gallery(args.names)
    else:
        build()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
