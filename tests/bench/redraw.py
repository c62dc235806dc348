"""The page's redraw work per move (printed, not asserted), in headless Chromium: Chromium's own
counters (CDP `Performance.getMetrics`: the renderer's main-thread task, script, layout and style
time, and how many layouts and style recalculations) read before and after each step of a fixed
sequence, per game kind (a table game, Luzon, the Big Clock, Clock) at 360x740 (by touch) and
1280x800: fixed deals, moves by click, a hint, an undo, more moves. Each step waits until the
page has settled (web/settled.js), so a step's figures are all the page did for it.

This build's web/ is measured against a git revision's (BONEYARD_BENCH_BASELINE, default: where this branch left
main; its web/ in a copy of this build, as tests/bench/page.py does), the two alternating within each run
(BONEYARD_BENCH_RUNS, default 3); medians of the runs, per move, and this build's over the baseline's.

Run with `python build.py bench redraw` (or `python -m tests.bench.redraw` in .venv, which builds
dist/ first unless BONEYARD_PREBUILT is set).
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, CDPSession, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from tests.bench.page import baseline_dist, branch_point, launch  # noqa: E402
from tests.e2e.solitaire_play import click_places  # noqa: E402
from tests.engine.helpers import call  # noqa: E402
from tests.gallery import open_fresh  # noqa: E402

RUNS = int(os.environ.get("BONEYARD_BENCH_RUNS", "3"))
# default: where this branch left main (main itself may have moved on with other changes since)
BASELINE = os.environ.get("BONEYARD_BENCH_BASELINE") or branch_point()
READY_TIMEOUT_MS = 180_000
SIZES = [(360, 740), (1280, 800)]
METRICS = ["TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration", "LayoutCount",
           "RecalcStyleCount"]
MOVES = 6  # moves before the hint and the undo; as many after

# game kind -> (game link, the solitaire's options for its native line or None)
GAMES: dict[str, tuple[str, dict[str, Any] | None, int]] = {
    "table (draw)": ("#/play/draw?deal=3&set=double-9&players=4&seats=human,ai:easy,ai:easy,ai:easy", None, 3),
    "luzon": ("#/play/luzon?deal=7&variant=twelve&winnable=0", {"variant": "twelve"}, 7),
    "big-clock": ("#/play/big-clock?deal=1&set=double-12", {"set": "double-12"}, 1),
    "clock": ("#/play/clock?deal=1&exchange=true", None, 1),
}

SETTLED = """async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  await frame(); await frame();
  while (document.documentElement.dataset.settled !== "yes") await frame();
}"""


def advisor_line(game: str, options: dict[str, Any], seed: int, count: int) -> list[str]:
    """The advisor's first `count` moves of a solitaire's deal, natively."""
    answer = call(op="new", game=game, seed=seed, options=options, seats=["human"])
    moves: list[str] = []
    while len(moves) < count and not answer["view"]["outcome"]:
        answer = call(op="ai", session=answer["session"], level="advisor")
        moves.append(answer["view"]["events"][-1]["move"])
    return moves


def settle(page: Page) -> None:
    page.evaluate(SETTLED)


def table_move(page: Page) -> None:
    """The person's turn at a table: a playable tile (one tap plays a tile that goes to one place; else
    its place), else the first move button (draw, pass)."""
    tile = page.locator(".hand-tile.playable")
    if tile.count():
        tile.first.click()
        settle(page)
        place = page.locator(".end-marker.active")
        if place.count():
            place.first.click()
            settle(page)
    button = page.locator("#actions [data-move]")
    if button.count():
        button.first.click()


def tool(page: Page, action: str) -> None:
    """A toolbar button clicked; none when the game has it disabled (Clock has no undo)."""
    button = page.locator(f"button[data-action={action}]")
    if button.is_enabled():
        button.click()


Step = Callable[[Page], None]


def steps_of(kind: str, line: list[str]) -> list[Step]:
    """The sequence of a game kind: MOVES moves, a hint, an undo, MOVES moves (a solitaire's: its
    line's, the one undone played again)."""

    def clicks(move: str) -> Step:
        return lambda page: click_places(page, move)

    def button(action: str) -> Step:
        return lambda page: tool(page, action)

    before: list[Step]
    after: list[Step]
    if kind.startswith("table"):
        before = after = [table_move] * MOVES
    elif kind == "clock":
        before = after = [button("turn")] * MOVES
    else:
        before = [clicks(m) for m in line[:MOVES]]
        after = [clicks(m) for m in line[MOVES - 1:2 * MOVES - 1]]
    return [*before, button("hint"), button("undo"), *after]


def metrics(cdp: CDPSession) -> dict[str, float]:
    got = cdp.send("Performance.getMetrics")["metrics"]
    return {m["name"]: float(m["value"]) for m in got if m["name"] in METRICS}


def open_game(page: Page, url: str, link: str) -> None:
    """A game's screen with no saved game, computers at full speed, no lesson offered; settled."""
    open_fresh(page, url, link)
    page.wait_for_selector("[data-session][data-moves]", state="attached", timeout=READY_TIMEOUT_MS)
    settle(page)


def measure(browser: Browser, url: str, size: tuple[int, int],
            lines: dict[str, list[str]]) -> dict[str, dict[str, float]]:
    """game kind -> metric -> the sequence's total per step, at one size on one site."""
    phone = size[0] < 1000
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone,
                                  is_mobile=phone, device_scale_factor=1)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    page.goto(url)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    out: dict[str, dict[str, float]] = {}
    for kind, (link, _, _) in GAMES.items():
        open_game(page, url, link)
        steps = steps_of(kind, lines.get(kind, []))
        before = metrics(cdp)
        for step in steps:
            step(page)
            settle(page)
        after = metrics(cdp)
        out[kind] = {name: (after[name] - before[name]) / len(steps) for name in METRICS}
    context.close()
    return out


def main() -> int:
    if not os.environ.get("BONEYARD_PREBUILT"):
        build.build()
    lines = {kind: advisor_line(link.split("?")[0].rsplit("/", 1)[1], options, seed, 2 * MOVES)
             for kind, (link, options, seed) in GAMES.items() if options is not None}
    folder = baseline_dist(BASELINE)
    sites = {"this": build.serve_in_thread(build.DIST), "baseline": build.serve_in_thread(folder)}
    figures: dict[tuple[str, tuple[int, int]], list[dict[str, dict[str, float]]]] = {}
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            print(f"browser: Chromium {browser.version}; baseline: web/ of {BASELINE}; {RUNS} runs", flush=True)
            for run in range(RUNS):
                order = ["this", "baseline"] if run % 2 == 0 else ["baseline", "this"]
                for size in SIZES:
                    for name in order:
                        figures.setdefault((name, size), []).append(measure(browser, sites[name][1], size, lines))
                print(f"  run {run + 1} of {RUNS} done", flush=True)
            browser.close()
    finally:
        for server, _ in sites.values():
            server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    print_figures(figures)
    print(f"load average {os.getloadavg()[0]:.1f} (other work slows the page too)")
    return 0


def print_figures(figures: dict[tuple[str, tuple[int, int]], list[dict[str, dict[str, float]]]]) -> None:
    """Per size and game kind: each metric's median per step, baseline -> this build (ratio)."""
    for size in SIZES:
        print(f"-- {size[0]}x{size[1]}: per step (ms; counts), median of {RUNS} runs: baseline -> this build (ratio)")
        for kind in GAMES:
            cells = []
            for name in METRICS:
                base = statistics.median(run[kind][name] for run in figures[("baseline", size)])
                this = statistics.median(run[kind][name] for run in figures[("this", size)])
                scale = 1.0 if name.endswith("Count") else 1000.0
                ratio = f"{this / base:.2f}" if base else "-"
                cells.append(f"{name.removesuffix('Duration')} {base * scale:.1f} -> {this * scale:.1f} ({ratio})")
            print(f"  {kind:13} " + "; ".join(cells), flush=True)


if __name__ == "__main__":
    sys.exit(main())
