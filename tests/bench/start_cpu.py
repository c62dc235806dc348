"""CPU time of a first start in headless Chromium (printed, not asserted): the engine worker's
thread CPU (Chromium's trace: the `tdur` of each task the thread ran) in each step of the app's
start (the worker's `boneyard:*` marks), next to the whole CPU of the bare page's worker (the same
Pyodide core, nothing else). Fresh context per load, app and bare alternating.

Wall-clock starts (tests/bench/page.py) move by a factor of 2 and more on a loaded machine; a
thread's CPU time moves far less, so this is the before/after figure of a change to the work the
start does (not of its downloads or of waiting). With `BONEYARD_BENCH_BASELINE=FOLDER` a whole
dist/ built by another revision is measured too, in the same run (BONEYARD_BENCH_RUNS loads each).

Run with `python build.py bench start_cpu`.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from tests.bench.page import READY_TIMEOUT_MS, launch  # noqa: E402

RUNS = int(os.environ.get("BONEYARD_BENCH_RUNS", "5"))
BASELINE = os.environ.get("BONEYARD_BENCH_BASELINE", "")
BARE = Path(__file__).parent / "bare"
STEPS = ["worker", "fs-init", "pyodide", "micropip-load", "micropip-import", "engine-install", "engine-import"]
TASKS = ("RunTask", "ThreadControllerImpl::RunTask")  # a thread's top-level tasks, each with its CPU time
CATEGORIES = ["toplevel", "blink.user_timing", "disabled-by-default-devtools.timeline"]


def traced_load(browser: Browser, url: str) -> list[dict[str, Any]]:
    """The trace events of one load (fresh context) until engine-ready."""
    context = browser.new_context()
    try:
        page = context.new_page()
        browser.start_tracing(page=page, categories=CATEGORIES)
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        trace = json.loads(browser.stop_tracing())
        return list(trace["traceEvents"] if isinstance(trace, dict) else trace)
    finally:
        context.close()


def task_cpu(events: list[dict[str, Any]], thread: tuple[int, int]) -> list[tuple[float, float]]:
    """(start µs, CPU ms) of each top-level task of a thread (pid, tid)."""
    return [(e["ts"], e["tdur"] / 1000) for e in events
            if (e.get("pid"), e.get("tid")) == thread and e.get("ph") == "X" and e.get("name") in TASKS and "tdur" in e]


def app_steps(events: list[dict[str, Any]]) -> dict[str, float]:
    """CPU ms of the engine worker's thread in each step (tasks started after the previous mark
    and before this one), and their total."""
    marks: dict[str, tuple[float, tuple[int, int]]] = {}
    for e in events:
        name = e.get("name", "")
        if name.startswith("boneyard:") and name[9:] not in marks:
            marks[name[9:]] = (e["ts"], (e["pid"], e["tid"]))
    tasks = task_cpu(events, marks["worker"][1])
    steps: dict[str, float] = {}
    before = 0.0
    for step in STEPS:
        at = marks[step][0]
        steps[step] = sum(cpu for ts, cpu in tasks if before <= ts < at)
        before = at
    steps["total"] = sum(steps.values())
    return steps


def bare_cpu(events: list[dict[str, Any]]) -> float:
    """CPU ms of the bare page's worker thread (all of it: it only starts Pyodide)."""
    threads = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
               and "DedicatedWorker" in e.get("args", {}).get("name", "")}
    return sum(cpu for thread in threads for _, cpu in task_cpu(events, thread))


def main() -> int:
    sites = {"this build": build.serve_in_thread(build.DIST, mounts={"__bench": BARE})}
    if BASELINE:
        sites["baseline"] = build.serve_in_thread(Path(BASELINE), mounts={"__bench": BARE})
    apps: dict[str, list[dict[str, float]]] = {name: [] for name in sites}
    bares: dict[str, list[float]] = {name: [] for name in sites}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        print(f"browser: Chromium {browser.version}, {RUNS} loads of each page"
              + (f"; baseline: {BASELINE}" if BASELINE else ""), flush=True)
        for run in range(RUNS):
            order = list(sites.items()) if run % 2 == 0 else list(reversed(sites.items()))
            for name, (_, url) in order:
                apps[name].append(app_steps(traced_load(browser, url)))
                bares[name].append(bare_cpu(traced_load(browser, url + "__bench/index.html")))
        browser.close()
    for server, _ in sites.values():
        server.shutdown()
    print("engine worker's CPU, ms (median; each step: tasks begun since the step before)")
    for name in sites:
        app = {step: statistics.median(run[step] for run in apps[name]) for step in [*STEPS, "total"]}
        bare = statistics.median(bares[name])
        print(f"  {name}: " + "  ".join(f"{step} {app[step]:.0f}" for step in STEPS[3:]))
        totals = ", ".join(f"{run['total']:.0f}" for run in apps[name])
        bare_runs = ", ".join(f"{value:.0f}" for value in bares[name])
        print(f"    after Python's boot {sum(app[step] for step in STEPS[3:]):.0f}, whole start {app['total']:.0f}"
              f" (runs: {totals}); bare page's worker {bare:.0f} (runs: {bare_runs});"
              f" app / bare {app['total'] / bare:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
