"""Time per computer decision in the browser next to native Python (printed, not asserted).

For each case a whole game is played through the engine's JSON API: in headless Chromium
(`window.boneyard.request`, Pyodide in the worker, round trip included) and natively
(`engine.api.handle` in this process) on the same seeds, so both sides take the same
decisions. Only real decisions are timed: the measured seat to move with two or more legal
moves. The ratio browser / native compares the two in the same run.

Cases: the table games' `hard` player (against `medium`) and the solitaires' advisor (the
Big Clock and Clock hints, played through `ai` with level "advisor").

Run with `python build.py bench ai_browser` (or `python -m tests.bench.ai_browser` after a
build, in .venv). BONEYARD_BENCH_DECISIONS sets the decisions timed per case (default 40 for
`hard`, five times as many for the advisors, which are cheap); BONEYARD_BENCH_ONLY, when set,
keeps only the cases whose label contains it (e.g. "round-the-clock").
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from engine.api import handle  # noqa: E402
from tests.bench._stats import percentile  # noqa: E402
from tests.bench.page import READY_TIMEOUT_MS, launch  # noqa: E402

DECISIONS = int(os.environ.get("BONEYARD_BENCH_DECISIONS", "40"))  # x5 for the cheap advisors
ONLY = os.environ.get("BONEYARD_BENCH_ONLY", "")
TARGET_MEDIAN_S, TARGET_WORST_S = 0.3, 1.0

# label, game, options, seats (the measured seat is 0), level for `ai` (None: the seat's own)
CASES: list[tuple[str, str, dict[str, Any], list[str], str | None]] = [
    ("draw double-6 hard", "draw", {"set": "double-6"}, ["ai:hard", "ai:medium"], None),
    ("draw double-9 hard", "draw", {"set": "double-9"}, ["ai:hard", "ai:medium"], None),
    ("draw double-12 hard", "draw", {"set": "double-12"}, ["ai:hard", "ai:medium"], None),
    ("round-the-clock hard", "round-the-clock", {}, ["ai:hard", "ai:medium"], None),
    ("matador hard (3 seats)", "matador", {"players": 3}, ["ai:hard", "ai:medium", "ai:medium"], None),
    ("tiddle-a-wink hard (6)", "tiddle-a-wink", {}, ["ai:hard"] + ["ai:medium"] * 5, None),
    ("big-clock double-12 advisor", "big-clock", {"set": "double-12"}, ["human"], "advisor"),
    ("big-clock double-9 advisor", "big-clock", {"set": "double-9"}, ["human"], "advisor"),
    ("big-clock double-6 advisor", "big-clock", {"set": "double-6"}, ["human"], "advisor"),
    ("clock exchange advisor", "clock", {"exchange": True}, ["human"], "advisor"),
]

# The same loop on both sides: `request` is the page's worker client or a wrapper of handle().
LOOP = """async ([game, options, seats, level, decisions, seed]) => {
  const request = window.boneyard.request;
  const times = [];
  let moves = 0;
  while (times.length < decisions && moves < 20000) {
    let answer = await request({op: "new", game, options, seed: seed++, seats, seat: 0});
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    while (!answer.view.outcome && times.length < decisions) {
      const timed = answer.view.to_move === 0 && answer.view.legal.length > 1;
      const ask = {op: "ai", session: answer.session, seat: 0};
      if (level) ask.level = level;
      const t0 = performance.now();
      answer = await request(ask);
      if (timed) times.push((performance.now() - t0) / 1000);
      if (!answer.ok) throw new Error(JSON.stringify(answer.error));
      moves++;
    }
  }
  return times;
}"""


def native_times(game: str, options: dict[str, Any], seats: list[str], level: str | None, decisions: int,
                 seed: int) -> list[float]:
    """LOOP, natively, through engine.api.handle (JSON in and out, as in the worker)."""

    def request(req: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(handle(json.dumps(req)))
        return answer

    times: list[float] = []
    moves = 0
    while len(times) < decisions and moves < 20_000:
        answer = request({"op": "new", "game": game, "options": options, "seed": seed, "seats": seats, "seat": 0})
        seed += 1
        while not answer["view"]["outcome"] and len(times) < decisions:
            view = answer["view"]
            timed = view["to_move"] == 0 and len(view["legal"]) > 1
            ask: dict[str, Any] = {"op": "ai", "session": answer["session"], "seat": 0}
            if level:
                ask["level"] = level
            t0 = time.perf_counter()
            answer = request(ask)
            if timed:
                times.append(time.perf_counter() - t0)
            assert answer["ok"], answer
            moves += 1
    return times


def summary(times: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), percentile(ordered, 0.95), ordered[-1]


def main() -> int:
    cases = [c for c in CASES if ONLY in c[0]]
    if not cases:
        print(f"BONEYARD_BENCH_ONLY={ONLY!r} matches no case; labels: {', '.join(c[0] for c in CASES)}")
        return 2
    server, url = build.serve_in_thread(build.DIST)
    seed = 20_000
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_context().new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        print(f"Chromium {browser.version}; {DECISIONS} decisions per case (seat 0, 2+ legal moves); "
              f"seconds per decision, browser round trip vs native handle()", flush=True)
        for label, game, options, seats, level in cases:
            decisions = DECISIONS * 5 if level == "advisor" else DECISIONS
            web = list(page.evaluate(LOOP, [game, options, seats, level, decisions, seed]))
            nat = native_times(game, options, seats, level, decisions, seed)
            wm, wp, ww = summary(web)
            nm, _, nw = summary(nat)
            verdict = "ok" if wm <= TARGET_MEDIAN_S and ww <= TARGET_WORST_S else "OVER TARGET"
            print(f"{label:28s} browser median {wm:6.3f} p95 {wp:6.3f} worst {ww:6.3f} | native median "
                  f"{nm:6.3f} worst {nw:6.3f} | browser/native {wm / nm if nm else 0:4.1f}x  "
                  f"(target median <= {TARGET_MEDIAN_S}, worst <= {TARGET_WORST_S}) {verdict}", flush=True)
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
