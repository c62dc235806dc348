"""Page figures in headless Chromium (printed, not asserted):

- time from navigation to the `engine-ready` mark: the app next to a bare page that only starts
  the same Pyodide core in a module worker (same server, same run, fresh context each load);
- median round trip of a Luzon `play` request from the page through the worker and back;
- warm start (a second visit, served by the service worker from its cache) next to the cold
  start (first visit, empty browser) of the same run, in the same browser context
  (target: warm <= 0.6 x cold); total size of dist/ and the bytes transferred on a cold visit.

Run with `python build.py bench` (or `python -m tests.bench.page` after a build, in .venv).
"""

from __future__ import annotations

import contextlib
import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

RUNS = int(os.environ.get("BONEYARD_BENCH_RUNS", "5"))
PLAYS = int(os.environ.get("BONEYARD_BENCH_PLAYS", "200"))
READY_TIMEOUT_MS = 180_000
RATIO_TARGET = 1.15
PLAY_TARGET_MS = 5.0
WARM_TARGET = 0.6

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


def launch(playwright: object) -> Browser:
    """Chromium as chosen by build.py (env BONEYARD_CHROMIUM), else Playwright's or the system's."""
    chosen = os.environ.get("BONEYARD_CHROMIUM", "")
    executable = None if chosen == "playwright" else (chosen or build.system_chromium())
    kwargs = {"executable_path": executable} if executable else {}
    return playwright.chromium.launch(headless=True, args=build.CHROMIUM_ARGS, **kwargs)  # type: ignore


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


def cold_then_warm(playwright: object, url: str) -> tuple[float, float, int, int]:
    """In a fresh browser profile (on disk, like a real one: its HTTP cache lets the service
    worker's precache revalidate what the first start downloaded): the cold start (ms to
    engine-ready), the bytes transferred until engine-ready and until the service worker has
    cached every file, then the warm start of a second visit (a new page of the same profile,
    served by the service worker)."""
    chosen = os.environ.get("BONEYARD_CHROMIUM", "")
    executable = None if chosen == "playwright" else (chosen or build.system_chromium())
    kwargs = {"executable_path": executable} if executable else {}
    profile = tempfile.TemporaryDirectory(prefix="boneyard-bench-")
    context = playwright.chromium.launch_persistent_context(  # type: ignore[attr-defined]
        profile.name, headless=True, args=build.CHROMIUM_ARGS, **kwargs)
    transferred = [0]

    def count(request: object) -> None:
        with contextlib.suppress(Exception):  # a request without a response
            sizes = request.sizes()  # type: ignore[attr-defined]
            transferred[0] += max(sizes["responseBodySize"], 0) + max(sizes["responseHeadersSize"], 0)

    context.on("requestfinished", count)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        cold = float(page.evaluate("performance.getEntriesByName('engine-ready')[0].startTime"))
        at_ready = transferred[0]
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        page.wait_for_timeout(500)
        with_precache = transferred[0]
        page.close()
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        warm = float(page.evaluate("performance.getEntriesByName('engine-ready')[0].startTime"))
        assert page.evaluate("Boolean(navigator.serviceWorker.controller)"), "second visit not served by the worker"
        return cold, warm, at_ready, with_precache
    finally:
        context.close()
        profile.cleanup()


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


def main() -> int:
    """Print the figures."""
    server, url = build.serve_in_thread(build.DIST, mounts={"__bench": Path(__file__).parent / "bare"})
    app_ms: list[float] = []
    bare_ms: list[float] = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        print(f"browser: Chromium {browser.version}, {RUNS} cold loads each, alternating", flush=True)
        time_to_ready(browser, url)  # warm the server and the OS file cache
        for run in range(RUNS):
            pages = [("app", url, app_ms), ("bare", url + "__bench/index.html", bare_ms)]
            for _, target, into in pages if run % 2 == 0 else reversed(pages):
                into.append(time_to_ready(browser, target))
        visits = [cold_then_warm(playwright, url) for _ in range(RUNS)]
        times = play_round_trips(browser, url)
        browser.close()
    server.shutdown()
    app, bare = statistics.median(app_ms), statistics.median(bare_ms)
    ratio = app / bare
    play = statistics.median(times)
    print(f"engine-ready, app page:       median {app:7.0f} ms  (runs: {', '.join(f'{t:.0f}' for t in app_ms)})")
    print(f"engine-ready, bare Pyodide:   median {bare:7.0f} ms  (runs: {', '.join(f'{t:.0f}' for t in bare_ms)})")
    print(f"ratio app / bare:             {ratio:.3f}  (target <= {RATIO_TARGET}) "
          f"{'ok' if ratio <= RATIO_TARGET else 'OVER TARGET'}")
    cold = statistics.median(v[0] for v in visits)
    warm = statistics.median(v[1] for v in visits)
    dist_bytes = sum(p.stat().st_size for p in build.DIST.rglob("*") if p.is_file())
    print(f"cold start (first visit):     median {cold:7.0f} ms  (runs: {', '.join(f'{v[0]:.0f}' for v in visits)})")
    print(f"warm start (service worker):  median {warm:7.0f} ms  (runs: {', '.join(f'{v[1]:.0f}' for v in visits)})")
    print(f"ratio warm / cold:            {warm / cold:.3f}  (target <= {WARM_TARGET}) "
          f"{'ok' if warm / cold <= WARM_TARGET else 'OVER TARGET'}")
    print(f"size of dist/:                {dist_bytes / 1048576:.1f} MB ({dist_bytes} bytes)")
    print(f"transferred, cold visit:      {visits[0][2] / 1048576:.1f} MB until engine-ready, "
          f"{visits[0][3] / 1048576:.1f} MB once the service worker has cached every file")
    print(f"play round trip (n={len(times)}):  median {play:.2f} ms, p90 "
          f"{statistics.quantiles(times, n=10)[-1]:.2f} ms, max {max(times):.2f} ms  "
          f"(target median <= {PLAY_TARGET_MS} ms) {'ok' if play <= PLAY_TARGET_MS else 'OVER TARGET'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
