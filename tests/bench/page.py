"""Page figures in headless Chromium (printed, not asserted):

- time from navigation to the `engine-ready` mark: the app next to a bare page that only starts
  the same Pyodide core in a module worker (same server, same run, fresh context each load);
- median round trip of a Luzon `play` request from the page through the worker and back.

Run with `python build.py bench` (or `python -m tests.bench.page` after a build, in .venv).
"""

from __future__ import annotations

import os
import statistics
import sys
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
    print(f"play round trip (n={len(times)}):  median {play:.2f} ms, p90 "
          f"{statistics.quantiles(times, n=10)[-1]:.2f} ms, max {max(times):.2f} ms  "
          f"(target median <= {PLAY_TARGET_MS} ms) {'ok' if play <= PLAY_TARGET_MS else 'OVER TARGET'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
