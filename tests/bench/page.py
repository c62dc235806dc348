"""Page figures (printed, not asserted), in headless Chromium unless said otherwise:

- time from navigation to the `engine-ready` mark: the app next to a bare page that only starts
  the same Pyodide core in a module worker (same server, same run, fresh context each load);
- median round trip of a Luzon `play` request from the page through the worker and back;
- warm start (a second visit, served by the service worker from its cache) next to the cold
  start (first visit, empty browser) of the same run, in the same browser context
  (target: warm <= 0.6 x cold); total size of dist/ and the bytes transferred on a cold visit;
- per browser (Chromium, and Firefox ESR and WebKitGTK where installed, driven as in
  tests/browsers): bare Pyodide, the cold start and the warm start (a reload once the start-up
  snapshot is stored), medians of the same run, with their ratios (BONEYARD_BENCH_BROWSERS picks
  some: chromium,firefox,webkit).

Run with `python build.py bench` (or `python -m tests.bench.page` after a build, in .venv).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Playwright, Request, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from tests.browsers.drivers import BROWSERS, missing  # noqa: E402

RUNS = int(os.environ.get("BONEYARD_BENCH_RUNS", "5"))
# A git revision: its web/ (the page, worker, service worker) in a copy of this build is measured
# too, first and warm visits alternating with this build's (before/after figures of one run). Or a
# folder: a whole dist/ built by another revision (a change to what build.py makes of Pyodide or
# the wheels), measured as it is.
BASELINE = os.environ.get("BONEYARD_BENCH_BASELINE", "")
PLAYS = int(os.environ.get("BONEYARD_BENCH_PLAYS", "200"))
READY_TIMEOUT_MS = 180_000
RATIO_TARGET = 1.15
PLAY_TARGET_MS = 5.0
WARM_TARGET = 0.6
OTHER_BROWSER_TARGETS = {"firefox": 1.2, "webkit": 1.5}  # cold start against Chromium's (issue 36)

PLAY_LOOP = """async ([seed, plays]) => {
  const request = window.boneyard.request;
  let answer = await request({op: "new", game: "luzon", seed, seats: ["human"]});
  const session = answer.session;
  const times = [];
  while (times.length < plays) {
    const legal = answer.view.legal;
    if (!legal.length || answer.view.outcome) {
      answer = await request({op: "new", game: "luzon", seed: ++seed, seats: ["human"]});
      continue;
    }
    const move = legal[times.length % legal.length].id;
    const t0 = performance.now();
    const played = await request({op: "play", session: answer.session, move});
    times.push(performance.now() - t0);
    if (!played.ok) throw new Error(JSON.stringify(played.error));
    answer = times.length % 4 === 0 ? played : await request({op: "undo", session: played.session});
  }
  return times;
}"""


def chromium() -> str | None:
    """The Chromium chosen by build.py (env BONEYARD_CHROMIUM), else the system's; None: Playwright's own."""
    chosen = os.environ.get("BONEYARD_CHROMIUM", "")
    return None if chosen == "playwright" else (chosen or build.system_chromium())


def launch(playwright: Playwright) -> Browser:
    """Chromium as chosen by build.py (env BONEYARD_CHROMIUM), else Playwright's or the system's."""
    return playwright.chromium.launch(headless=True, args=build.CHROMIUM_ARGS, executable_path=chromium())


def time_to_ready(browser: Browser, url: str) -> float:
    """Milliseconds from navigation start to the engine-ready mark, in a fresh context."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        return float(page.evaluate("performance.getEntriesByName('engine-ready')[0].startTime"))
    finally:
        context.close()


STARTUP = """() => ({...window.boneyard.engine.startup,
  "engine-start": Math.round(performance.getEntriesByName('engine-start')[0].startTime),
  "engine-ready": Math.round(performance.getEntriesByName('engine-ready')[0].startTime)})"""


@dataclass
class Visits:
    """A cold first visit and a warm second visit (served by the service worker) of one profile."""

    cold: float
    warm: float
    at_ready: int
    with_precache: int
    cold_steps: dict[str, int]
    warm_steps: dict[str, int]
    warm_start: str = ""  # how the warm visit's engine started: "snapshot" or "normal"
    cold_snapshot: dict[str, int] | None = None  # the first visit's snapshot steps (ms since navigation)


def cold_then_warm(playwright: Playwright, url: str) -> Visits:
    """In a fresh browser profile (on disk, like a real one: its HTTP cache lets the service
    worker's precache revalidate what the first start downloaded): the cold start (ms to
    engine-ready), the bytes transferred until engine-ready and until the service worker has
    cached every file, then the warm start of a second visit (a new page of the same profile,
    served by the service worker)."""
    profile = tempfile.TemporaryDirectory(prefix="boneyard-bench-")
    context = playwright.chromium.launch_persistent_context(
        profile.name, headless=True, args=build.CHROMIUM_ARGS, executable_path=chromium())
    transferred = [0]

    def count(request: Request) -> None:
        with contextlib.suppress(Exception):  # a request without a response
            sizes = request.sizes()
            transferred[0] += max(sizes["responseBodySize"], 0) + max(sizes["responseHeadersSize"], 0)

    context.on("requestfinished", count)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        cold = float(page.evaluate("performance.getEntriesByName('engine-ready')[0].startTime"))
        cold_steps = page.evaluate(STARTUP)
        at_ready = transferred[0]
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        # the start-up snapshot is stored (pages without snapshots: at once)
        page.wait_for_function("() => document.documentElement.dataset.snapshot"
                               " || typeof window.boneyard.engine.pageTimes !== 'function'", timeout=READY_TIMEOUT_MS)
        cold_snapshot = page.evaluate("window.boneyard.engine.snapshot?.phases ?? null")
        page.wait_for_load_state("networkidle")  # the last files' bytes counted
        with_precache = transferred[0]
        page.close()
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        warm = float(page.evaluate("performance.getEntriesByName('engine-ready')[0].startTime"))
        assert page.evaluate("Boolean(navigator.serviceWorker.controller)"), "second visit not served by the worker"
        return Visits(cold, warm, at_ready, with_precache, cold_steps, page.evaluate(STARTUP),
                      page.evaluate("window.boneyard.engine.startKind?.start ?? 'normal'"), cold_snapshot)
    finally:
        context.close()
        profile.cleanup()


READY_MARK = """() => document.documentElement.dataset.engine === "ready"
  && performance.getEntriesByName("engine-ready")[0]?.startTime"""


@dataclass
class Starts:
    """One browser's start-up figures (ms from navigation to engine-ready), each run's."""

    bare: list[float]
    cold: list[float]
    warm: list[float]


def driven_starts(name: str, url: str, runs: int) -> Starts:
    """Firefox or WebKit (tests/browsers' drivers), a fresh browser for each load of bare Pyodide
    and for each first visit of the app; the warm start is that browser's reload once the first
    start stored its snapshot and the service worker controls the page."""
    starts = Starts([], [], [])
    for run in range(runs):
        for kind in ("bare", "app") if run % 2 == 0 else ("app", "bare"):
            page = BROWSERS[name]()
            try:
                if kind == "bare":
                    page.goto(url + "__bench/index.html")
                    starts.bare.append(float(page.wait(READY_MARK, timeout_s=READY_TIMEOUT_MS / 1000)))
                    continue
                page.goto(url)
                starts.cold.append(float(page.wait(READY_MARK, timeout_s=READY_TIMEOUT_MS / 1000)))
                page.wait("() => document.documentElement.dataset.snapshot === 'saved'"
                          " && Boolean(navigator.serviceWorker?.controller)", timeout_s=READY_TIMEOUT_MS / 1000,
                          what="the snapshot stored, the page controlled by the service worker")
                page.reload()
                starts.warm.append(float(page.wait(READY_MARK, timeout_s=READY_TIMEOUT_MS / 1000)))
                how = page.run("() => document.documentElement.dataset.engineStart")
                assert how == "snapshot", f"{name}: the reload started {how}, not from the snapshot"
            finally:
                page.close()
    return starts


def print_browsers(starts: dict[str, Starts]) -> None:
    """Per browser: bare Pyodide, cold and warm start (medians), cold / bare and warm / cold, and
    each browser's cold start against Chromium's."""
    print("per browser (median ms from navigation to engine-ready; runs in brackets):")
    for name, found in starts.items():
        browser, _, baseline = name.partition(" ")  # "firefox" or "firefox (baseline)"
        reference = starts.get(f"chromium {baseline}".strip())
        chromium = statistics.median(reference.cold) if reference and reference.cold else None
        bare, cold, warm = (statistics.median(values) if values else float("nan")
                            for values in (found.bare, found.cold, found.warm))
        against = ""
        if chromium and browser in OTHER_BROWSER_TARGETS:
            target = OTHER_BROWSER_TARGETS[browser]
            against = (f", cold / Chromium's {cold / chromium:.2f} (target <= {target}) "
                       f"{'ok' if cold / chromium <= target else 'OVER TARGET'}")
        print(f"  {name:<9} bare {bare:6.0f}  cold {cold:6.0f}  warm {warm:6.0f}  cold / bare {cold / bare:.2f}, "
              f"warm / cold {warm / cold:.2f}{against}")
        for label, values in (("bare", found.bare), ("cold", found.cold), ("warm", found.warm)):
            print(f"            {label}: {', '.join(f'{v:.0f}' for v in values)}")


def play_round_trips(browser: Browser, url: str) -> list[float]:
    """Round trips (ms) of Luzon play requests through the worker."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        return list(page.evaluate(PLAY_LOOP, [1, PLAYS]))
    finally:
        context.close()


def branch_point() -> str:
    """Where this checkout's branch left main: a before/after baseline that holds none of the changes
    main took since (the default of the benchmarks that measure a revision's web/ against this one); HEAD
    where there is no main branch."""
    out = subprocess.run(["git", "merge-base", "HEAD", "main"], cwd=build.ROOT, capture_output=True, text=True)
    return out.stdout.strip() or "HEAD"  # (no main branch here: this revision itself)


def baseline_dist(revision: str) -> Path:
    """A copy of dist/ with the web/ files of a git revision instead of this build's (the engine
    wheel, Pyodide and micropip are this build's), sealed like a build (sw.js and manifest)."""
    folder = Path(tempfile.mkdtemp(prefix="boneyard-baseline-"))
    shutil.copytree(build.DIST, folder, dirs_exist_ok=True)

    def git(*args: str) -> bytes:
        return subprocess.run(["git", *args], cwd=build.ROOT, capture_output=True, check=True).stdout

    built = ("pyodide/", "wheels/", build.CATALOG, *(f"icons/icon-{size}.png" for size in build.ICON_SIZES))
    for path in build.tree_files(folder):  # what came from web/ goes
        if not path.relative_to(folder).as_posix().startswith(built):
            path.unlink()
    for name in git("ls-tree", "-r", "--name-only", revision, "web/").decode().split():
        target = folder / name.removeprefix("web/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(git("show", f"{revision}:{name}"))
    (folder / build.SERVICE_WORKER).unlink()  # written again by seal, from the revision's template
    manifest = json.loads((build.DIST / build.MANIFEST).read_text())
    named = {key: value for key, value in manifest.items() if key not in ("version", "files")}
    build.seal(folder, named, git("show", f"{revision}:web/{build.SERVICE_WORKER}").decode())
    return folder


def print_visits(visits: list[Visits]) -> None:
    """Cold and warm medians of some visits, and their ratio."""
    cold = statistics.median(v.cold for v in visits)
    warm = statistics.median(v.warm for v in visits)
    print(f"cold start (first visit):     median {cold:7.0f} ms  (runs: {', '.join(f'{v.cold:.0f}' for v in visits)})")
    print(f"warm start (service worker):  median {warm:7.0f} ms  (runs: {', '.join(f'{v.warm:.0f}' for v in visits)})")
    print(f"ratio warm / cold:            {warm / cold:.3f}  (target <= {WARM_TARGET}) "
          f"{'ok' if warm / cold <= WARM_TARGET else 'OVER TARGET'}; "
          f"per visit: {', '.join(f'{v.warm / v.cold:.2f}' for v in visits)}")
    print(f"warm starts from a snapshot:  {sum(v.warm_start == 'snapshot' for v in visits)} of {len(visits)}")
    made = [v.cold_snapshot for v in visits if v.cold_snapshot and "snapshot-saved" in v.cold_snapshot]
    if made:
        def after(name: str) -> float:
            return statistics.median(m[name] - m["engine-import"] for m in made if name in m)
        print(f"first visit, after engine-ready: engine loaded +{after('engine-loaded'):.0f} ms, snapshot "
              f"taken +{after('snapshot-made'):.0f} ms (requests wait until then), "
              f"stored +{after('snapshot-saved'):.0f} ms")


def print_steps(visits: list[Visits]) -> None:
    """Median time (ms since navigation) at which each step of the start was reached, cold and
    warm, and the median length of each step (from the step before it, in start order)."""
    names: list[str] = []
    for visit in visits:
        for steps in (visit.cold_steps, visit.warm_steps):
            for name in sorted(steps, key=steps.__getitem__):
                if name not in names:
                    names.append(name)

    def at(which: str, name: str) -> float | None:
        values = [getattr(v, which)[name] for v in visits if name in getattr(v, which)]
        return statistics.median(values) if values else None

    def spans(which: str) -> dict[str, float]:
        """Median length of each step: from the previous step reached in the same visit."""
        out: dict[str, list[float]] = {}
        for visit in visits:
            steps = getattr(visit, which)
            ordered = sorted(steps.items(), key=lambda item: item[1])
            for (_, before), (name, when) in itertools.pairwise(ordered):
                out.setdefault(name, []).append(when - before)
        return {name: statistics.median(values) for name, values in out.items()}

    cold_spans, warm_spans = spans("cold_steps"), spans("warm_steps")
    print("start steps (median ms since navigation; in brackets: median ms since the previous step)")
    print(f"  {'step':<18} {'cold':>16} {'warm':>16}")
    # in cold order; a step of the warm start only comes after the warm step that precedes it
    order = sorted((n for n in names if at("cold_steps", n) is not None), key=lambda n: at("cold_steps", n) or 0)
    for name in sorted((n for n in names if n not in order), key=lambda n: at("warm_steps", n) or 0):
        when = at("warm_steps", name) or 0
        before = [i for i, n in enumerate(order) if (at("warm_steps", n) or when + 1) <= when]
        order.insert(before[-1] + 1 if before else 0, name)
    for name in order:
        cells = []
        for which, lengths in (("cold_steps", cold_spans), ("warm_steps", warm_spans)):
            step_at = at(which, name)
            cells.append("-" if step_at is None else f"{step_at:6.0f} [{lengths.get(name, 0):5.0f}]")
        print(f"  {name:<18} {cells[0]:>16} {cells[1]:>16}")


def main() -> int:
    """Print the figures (BONEYARD_BENCH_PARTS=bare,warm,play picks some; default all)."""
    parts = set(os.environ.get("BONEYARD_BENCH_PARTS", "bare,warm,play").split(","))
    wanted = os.environ.get("BONEYARD_BENCH_BROWSERS", "chromium,firefox,webkit").split(",")
    driven = [name for name in sorted(BROWSERS) if name in wanted]
    if driven and missing():
        print(f"Firefox and WebKit not measured: {', '.join(missing())} missing (Debian's firefox-esr, "
              "webkit2gtk-driver and xvfb)", flush=True)
        driven = []
    server, url = build.serve_in_thread(build.DIST, mounts={"__bench": Path(__file__).parent / "bare"})
    app_ms: list[float] = []
    bare_ms: list[float] = []
    baseline_ms: list[float] = []
    baseline_bare_ms: list[float] = []  # a dist/ baseline's own bare page (its Pyodide files)
    visits: list[Visits] = []
    baseline_visits: list[Visits] = []
    times: list[float] = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        print(f"browser: Chromium {browser.version}, {RUNS} loads of each kind", flush=True)
        time_to_ready(browser, url)  # warm the server and the OS file cache
        other = folder = None
        if BASELINE:
            folder = Path(BASELINE) if Path(BASELINE).is_dir() else baseline_dist(BASELINE)
            other = build.serve_in_thread(folder, mounts={"__bench": Path(__file__).parent / "bare"})
            print(f"baseline: {'' if folder == Path(BASELINE) else 'web/ of '}{BASELINE} at {other[1]}", flush=True)
        if "bare" in parts:
            for run in range(RUNS):
                pages = [("app", url, app_ms), ("bare", url + "__bench/index.html", bare_ms)]
                if other:
                    pages.append(("baseline", other[1], baseline_ms))
                if other and folder == Path(BASELINE):
                    pages.append(("baseline bare", other[1] + "__bench/index.html", baseline_bare_ms))
                for _, target, into in pages if run % 2 == 0 else reversed(pages):
                    into.append(time_to_ready(browser, target))
        if "warm" in parts:
            for run in range(RUNS):
                if other and run % 2 == 0:
                    baseline_visits.append(cold_then_warm(playwright, other[1]))
                visits.append(cold_then_warm(playwright, url))
                if other and run % 2 == 1:
                    baseline_visits.append(cold_then_warm(playwright, other[1]))
        if "play" in parts:
            times = play_round_trips(browser, url)
        browser.close()
    starts: dict[str, Starts] = {}
    if app_ms and visits and "chromium" in wanted:
        starts["chromium"] = Starts(bare_ms, app_ms, [v.warm for v in visits])
    whole_baseline = other is not None and folder == Path(BASELINE)  # a dist/: its own Pyodide, measured everywhere
    if whole_baseline and baseline_ms and baseline_visits and "chromium" in wanted:
        starts["chromium (baseline)"] = Starts(baseline_bare_ms, baseline_ms, [v.warm for v in baseline_visits])
    for name in driven:
        print(f"measuring {name}: {RUNS} loads of each kind", flush=True)
        starts[name] = driven_starts(name, url, RUNS)
        if whole_baseline:
            starts[f"{name} (baseline)"] = driven_starts(name, other[1], RUNS)  # type: ignore[index]
    server.shutdown()
    if other:
        other[0].shutdown()
        if folder is not None and folder != Path(BASELINE):  # (a copy made for a revision)
            shutil.rmtree(folder, ignore_errors=True)
    if app_ms:
        app, bare = statistics.median(app_ms), statistics.median(bare_ms)
        ratio = app / bare
        print(f"engine-ready, app page:       median {app:7.0f} ms  (runs: {', '.join(f'{t:.0f}' for t in app_ms)})")
        print(f"engine-ready, bare Pyodide:   median {bare:7.0f} ms  (runs: {', '.join(f'{t:.0f}' for t in bare_ms)})")
        print(f"ratio app / bare:             {ratio:.3f}  (target <= {RATIO_TARGET}) "
              f"{'ok' if ratio <= RATIO_TARGET else 'OVER TARGET'}")
        if baseline_ms:
            before = statistics.median(baseline_ms)
            runs = ", ".join(f"{t:.0f}" for t in baseline_ms)
            print(f"engine-ready, baseline app:   median {before:7.0f} ms  (runs: {runs})"
                  f"; app / baseline {app / before:.3f}, baseline / bare {before / bare:.3f}")
        if baseline_bare_ms:
            before_bare = statistics.median(baseline_bare_ms)
            runs = ", ".join(f"{t:.0f}" for t in baseline_bare_ms)
            print(f"engine-ready, baseline bare:  median {before_bare:7.0f} ms  (runs: {runs})"
                  f"; baseline / its bare {before / before_bare:.3f}, app / baseline's bare {app / before_bare:.3f}")
    if visits:
        print_visits(visits)
        dist_bytes = sum(p.stat().st_size for p in build.DIST.rglob("*") if p.is_file())
        print(f"size of dist/:                {dist_bytes / 1048576:.1f} MB ({dist_bytes} bytes)")
        print(f"transferred, cold visit:      {visits[0].at_ready / 1048576:.1f} MB until engine-ready, "
              f"{visits[0].with_precache / 1048576:.1f} MB once the service worker has cached every file")
        print_steps(visits)
    if baseline_visits:
        print(f"-- baseline ({BASELINE}), same run:")
        print_visits(baseline_visits)
        print_steps(baseline_visits)
    if starts:
        print_browsers(starts)
    if times:
        play = statistics.median(times)
        print(f"play round trip (n={len(times)}):  median {play:.2f} ms, p90 "
              f"{statistics.quantiles(times, n=10)[-1]:.2f} ms, max {max(times):.2f} ms  "
              f"(target median <= {PLAY_TARGET_MS} ms) {'ok' if play <= PLAY_TARGET_MS else 'OVER TARGET'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
