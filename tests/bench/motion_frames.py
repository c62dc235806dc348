"""Motion figures in headless Chromium (printed, not asserted):

- main-thread long tasks (a PerformanceObserver of 'longtask': tasks over 50 ms; goal: none) and
- frames dropped while tiles slide (a requestAnimationFrame counter: a frame interval of k frame
  times counts k - 1 dropped, only while a `.motion-ghost` is on screen; goal: under 5%)

during a whole computer-paced game of each table game (every seat a computer, a fixed deal, the
"normal" computer speed and animation, capped at BONEYARD_BENCH_SECONDS per game, default 150) and
a Big Clock autoplay (double-12, a fixed deal, the same cap).

Run with `python build.py bench motion_frames` (or `python -m tests.bench.motion_frames` in .venv,
which builds dist/ first unless BONEYARD_PREBUILT is set).
"""

from __future__ import annotations

import itertools
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from tests.bench.page import launch  # noqa: E402

SECONDS = float(os.environ.get("BONEYARD_BENCH_SECONDS", "150"))
READY_TIMEOUT_MS = 180_000
LONG_TASK_GOAL = 0
DROPPED_GOAL = 5.0

# The table games with every seat a computer (medium: the default level), each on a fixed deal;
# the lowest target each game offers, so a game ends within the cap.
TABLES = [
    ("draw", "deal=98&set=double-6&players=3&target=50&seats=ai:medium,ai:medium,ai:medium"),
    ("matador", "deal=4&set=double-9&players=3&seats=ai:medium,ai:medium,ai:medium"),
    ("tiddle-a-wink", "deal=4&set=double-9&players=6&seats=" + ",".join(["ai:medium"] * 6)),
    ("round-the-clock", "deal=4&players=3&target=50&seats=ai:medium,ai:medium,ai:medium"),
]
BIG_CLOCK = ("big-clock", "deal=11&set=double-12")

# Installed before the page's own scripts: long tasks, and every animation frame with whether a
# tile is sliding (a motion ghost on screen).
PROBE = """(() => {
  const probe = window.__motion = { longTasks: [], frames: [], on: false };
  try {
    new PerformanceObserver((list) => {
      if (probe.on) for (const e of list.getEntries()) probe.longTasks.push([e.startTime, Math.round(e.duration)]);
    }).observe({ type: "longtask", buffered: false });
  } catch (error) { probe.noLongTasks = String(error); }
  const tick = (t) => {
    if (probe.on) probe.frames.push([t, document.querySelector(".motion-ghost") ? 1 : 0]);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();"""


@dataclass
class Run:
    name: str
    seconds: float
    finished: bool
    moves: int
    long_tasks: list[int]
    frame_ms: float  # the median frame interval
    slide_frames: int  # frames shown while a tile slid
    dropped: int  # frames missed while a tile slid
    at_view: int  # long tasks in which a worker's answer came in (the page taking in and drawing a view)

    @property
    def dropped_pct(self) -> float:
        total = self.slide_frames + self.dropped
        return 100.0 * self.dropped / total if total else 0.0


def frame_figures(frames: list[list[float]]) -> tuple[float, int, int]:
    """(median frame interval, frames during slides, frames dropped during slides)."""
    pairs = list(itertools.pairwise(frames))
    if not pairs:
        return 0.0, 0, 0
    base = statistics.median(b[0] - a[0] for a, b in pairs)
    slide_frames = dropped = 0
    for (t0, was), (t1, now) in pairs:
        if was and now:  # an interval wholly inside a slide
            slide_frames += 1
            dropped += max(0, round((t1 - t0) / base) - 1)
    return base, slide_frames, dropped


def start(page: Page) -> None:
    """Measure from now; the worker's answers are timed too (a long task as a view comes in is the
    page drawing it)."""
    page.evaluate("""() => {
      const p = window.__motion;
      Object.assign(p, { longTasks: [], frames: [], answers: [], on: true });
      const engine = window.boneyard.engine;
      if (!engine.__plain) engine.__plain = engine.request.bind(engine);
      engine.request = async (request) => {
        const answer = await engine.__plain(request);
        if (p.on) p.answers.push(performance.now());
        return answer;
      };
    }""")


def collect(page: Page, name: str, began: float, finished: bool) -> Run:
    probe: dict[str, Any] = page.evaluate("() => { window.__motion.on = false; return window.__motion; }")
    if probe.get("noLongTasks"):
        print(f"  (no long task observer: {probe['noLongTasks']})")
    base, slide_frames, dropped = frame_figures(probe["frames"])
    moves = int(page.get_attribute("[data-moves]", "data-moves") or 0)
    answers = probe["answers"]
    at_view = sum(any(t - 5 <= a <= t + d for a in answers) for t, d in probe["longTasks"])
    return Run(name, time.monotonic() - began, finished, moves, [d for _, d in probe["longTasks"]], base,
               slide_frames, dropped, at_view)


def open_link(page: Page, url: str, game: str, query: str, speed: str) -> None:
    page.goto(url + "#/")
    page.evaluate("""([game, speed]) => {
      localStorage.removeItem('boneyard.game.' + game);
      localStorage.setItem('boneyard.table.speed.v1', JSON.stringify(speed));
    }""", [game, speed])
    page.goto(f"{url}#/play/{game}?{query}")
    page.wait_for_selector("[data-session][data-moves]", state="attached", timeout=READY_TIMEOUT_MS)


def table_game(page: Page, url: str, game: str, query: str) -> Run:
    """A table of computers plays on by itself; the round summaries are closed as they open."""
    open_link(page, url, game, query, "normal")
    start(page)
    began = time.monotonic()
    finished = False
    while time.monotonic() - began < SECONDS:
        dialog = page.locator("#round-summary[open]")
        if dialog.count():
            if dialog.get_attribute("data-kind") == "game-over":
                finished = True
                break
            page.click("#next-round")
        page.wait_for_timeout(100)
    return collect(page, game, began, finished)


def big_clock(page: Page, url: str) -> Run:
    game, query = BIG_CLOCK
    open_link(page, url, game, query, "normal")
    page.wait_for_selector("#board[data-moves='0']", timeout=READY_TIMEOUT_MS)
    start(page)
    began = time.monotonic()
    page.click("[data-action=autoplay]")
    finished = False
    while time.monotonic() - began < SECONDS:
        if page.get_attribute("#board", "data-over") == "game":
            finished = True
            break
        page.wait_for_timeout(100)
    if not finished:
        page.click("[data-action=autoplay]")  # stop it
    return collect(page, f"{game} autoplay", began, finished)


def main() -> int:
    if not os.environ.get("BONEYARD_PREBUILT"):
        build.build()
    server, url = build.serve_in_thread(build.DIST)
    runs: list[Run] = []
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(PROBE)
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
            for game, query in TABLES:
                runs.append(table_game(page, url, game, query))
                print_run(runs[-1])
            runs.append(big_clock(page, url))
            print_run(runs[-1])
            browser.close()
    finally:
        server.shutdown()
    tasks = [t for r in runs for t in r.long_tasks]
    slide = sum(r.slide_frames for r in runs)
    dropped = sum(r.dropped for r in runs)
    pct = 100.0 * dropped / (slide + dropped) if slide + dropped else 0.0
    print(f"long tasks over 50 ms, every run: {len(tasks)}{f' (longest {max(tasks)} ms)' if tasks else ''} "
          f"(goal {LONG_TASK_GOAL}); load average {os.getloadavg()[0]:.1f} (other work slows the page too)")
    print(f"frames dropped during slides, every run: {pct:.1f}% ({dropped} of {slide + dropped}) "
          f"(goal < {DROPPED_GOAL:.0f}%)")
    return 0


def print_run(run: Run) -> None:
    tasks = sorted(run.long_tasks, reverse=True)
    longest = f" (longest: {', '.join(map(str, tasks[:5]))} ms)" if tasks else ""
    print(f"  {run.name:22} {run.seconds:5.0f} s, {run.moves:4} moves, {'finished' if run.finished else 'capped'}; "
          f"long tasks: {len(tasks)}{longest}, {run.at_view} as a view came in; "
          f"frames during slides: {run.slide_frames}, dropped {run.dropped} ({run.dropped_pct:.1f}%), "
          f"frame {run.frame_ms:.1f} ms", flush=True)


if __name__ == "__main__":
    sys.exit(main())
