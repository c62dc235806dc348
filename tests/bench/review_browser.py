"""The game review's time in the browser next to native Python (printed, not asserted).

For each case one whole game is played natively (seat 0 by the random player, "easy", so there
are decisions to rate; the others by medium), then its record is reviewed through the JSON API:
in headless Chromium (`window.boneyard.request`, Pyodide in the worker, in the page's slices of
two decisions, round trips included; wall seconds, and the CPU seconds of the browser's processes)
and natively (`engine.review.review` in the same slices, CPU seconds). The goal: a whole table game reviewed
in under 10 s in the browser.

Run with `python build.py bench review_browser` (or `python -m tests.bench.review_browser [TEXT]`
after a build, in .venv: only the cases whose game and options mention TEXT, e.g. "double-12").
`python -m tests.bench.review_browser beginner` reviews the beginner's Big Clock deal 0 (every
decision random, as `bench_review --only beginner-review` plays it) at double-9 and double-12,
`beginner-resign` its double-12 deal resigned after 10 moves and after 80;
each case's line ends with the load average at its end.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from engine.review import open_record  # noqa: E402
from engine.session import Session  # noqa: E402
from tests.bench.bench_review import big_clock_game, review_in_slices  # noqa: E402
from tests.bench.page import READY_TIMEOUT_MS, launch  # noqa: E402
from tests.engine.helpers import persons_record  # noqa: E402

GOAL_S = 10.0
CASES: list[tuple[str, dict[str, Any], int]] = [
    ("draw", {"set": "double-6", "players": 2}, 2),
    ("draw", {"set": "double-9", "players": 3}, 3),
    ("draw", {"set": "double-12", "players": 6}, 6),  # the largest table
    ("round-the-clock", {}, 2),
    ("matador", {"players": 3}, 3),
    ("tiddle-a-wink", {}, 6),
    ("luzon", {}, 1),
    ("big-clock", {"set": "double-6"}, 1),
    ("big-clock", {"set": "double-9"}, 1),
    ("big-clock", {"set": "double-12"}, 1),
]
# A beginner's Big Clock deal 0 (every decision random): the review's slowest kind of game; and
# the same double-12 deal resigned after its first n moves, n in RESIGN_AFTER (the costliest decision).
BEGINNER_SETS = ["double-9", "double-12"]
RESIGN_AFTER = (10, 80)

# The page's own way: slices of two decisions until the review says there are no more.
LOOP = """async (record) => {
  const started = performance.now();
  let start = 0, decisions = 0;
  while (start !== null) {
    const answer = await window.boneyard.request({op: "review", record, start, limit: 2});
    if (!answer.ok) throw new Error(answer.error.message);
    decisions += answer.review.decisions.length;
    start = answer.review.next;
  }
  return [(performance.now() - started) / 1000, decisions];
}"""


def browser_cpu_seconds() -> float:
    """The CPU seconds used so far by this process's descendants that are still running (the
    browser's processes, the worker's among them), from /proc; nan where there is none. On a
    machine shared with other work the page's wall time says more about the others than about
    the review: its CPU time does not."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    children: dict[int, list[int]] = {}
    try:
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                children.setdefault(int(fields[1]), []).append(int(entry))
    except OSError:
        return float("nan")
    total, todo = 0, list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except OSError:
            continue  # ended meanwhile
    return total / ticks


def game_record(game: str, options: dict[str, Any], seats: int, seed: int = 7) -> dict[str, Any]:
    session = Session.new(game, options, seed, ["human"] + ["ai:medium"] * (seats - 1))
    while (seat := session.game.to_move(session.state)) is not None:
        session.ai_move("easy" if session.is_human(seat) else None)
    return persons_record(session.record())


def native_in_slices(record: dict[str, Any]) -> tuple[float, int]:
    """The native review's CPU seconds and decisions, asked for as the page asks (slices of two)."""
    session = open_record(record)
    started = time.process_time()
    decisions, _ = review_in_slices(session)
    return time.process_time() - started, len(decisions)


def cases(only: str) -> list[tuple[str, dict[str, Any]]]:
    """The records to review, each with its label: the CASES mentioning `only`, or with
    `only` "beginner" the beginner's Big Clock deal 0 at each of BEGINNER_SETS, with
    "beginner-resign" its double-12 deal resigned after each of RESIGN_AFTER's numbers of moves."""
    if only == "beginner":
        return [(f"big-clock {size} beginner deal 0", big_clock_game(size, 0, 1.0)) for size in BEGINNER_SETS]
    if only == "beginner-resign":
        record = big_clock_game("double-12", 0, 1.0)
        return [(f"big-clock double-12 deal 0, resign after {n}", {**record, "moves": record["moves"][:n] + ["resign"]})
                for n in RESIGN_AFTER]
    return [(f"{game} {options}", game_record(game, options, seats))
            for game, options, seats in CASES if only in f"{game} {options}"]


def main() -> None:
    server, url = build.serve_in_thread(build.DIST)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            page = browser.new_page()
            page.goto(url)
            page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
            # warm up: the first review imports the review and solver modules in the worker
            warm_s, _ = page.evaluate(LOOP, game_record("luzon", {}, 1, seed=1))
            print(f"first review in this page (a Luzon deal; loads the review's modules): {warm_s:.2f} s")
            print(f"{'game':40} {'decisions':>9} {'browser s':>10} {'browser CPU s':>13} {'native s':>9} {'ratio':>6} "
                  f"{'CPU ratio':>9}  goal {GOAL_S:g} s")
            only = sys.argv[1] if len(sys.argv) > 1 else ""
            for name, record in cases(only):
                native_s, native_decisions = native_in_slices(record)
                cpu_before = browser_cpu_seconds()
                browser_s, decisions = page.evaluate(LOOP, record)
                browser_cpu = browser_cpu_seconds() - cpu_before
                assert decisions == native_decisions
                label = f"{name} ({len(record['moves'])} moves; load {os.getloadavg()[0]:.0f})"
                ratio = browser_s / max(native_s, 1e-6)
                print(f"{label:40} {decisions:9} {browser_s:10.2f} {browser_cpu:13.2f} {native_s:9.2f} {ratio:6.1f} "
                      f"{browser_cpu / max(native_s, 1e-6):9.1f}", flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
