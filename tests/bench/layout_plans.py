"""The table games' layout plans (web/render/layout_plan.js) over many tables, natively: how often
the table pans, re-snakes from one drawing to the next, the size its tiles are drawn at, whether two
ends' touch buttons lie over each other, and a plan's search's CPU, in six boxes, for this build
and, beside it in the same run, a baseline revision's.

Run: python -m tests.bench.layout_plans [--deals N] [--baseline REV]

The tables: --deals deals (default 4) of each of seven set-ups of the table games (the draw game
at double-6, 9 and 12; Matador at three and four seats; Tiddle-A-Wink at six; Round The Clock),
every seat the easy computer, each table drawn after each move that changed it, its plan kept from
the last drawing as the page keeps it. --baseline (default HEAD) names the revision whose
web/render/layout_plan.js and layout_geometry.js are measured beside the working tree's ("none":
this build alone). Needs node.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from engine.session import Session

ROOT = Path(__file__).resolve().parents[2]
RENDER = "web/render"
FILES = ("layout_plan.js", "layout_geometry.js")
SET_UPS: list[tuple[str, dict[str, Any]]] = [
    ("draw", {"players": 2}), ("draw", {"players": 4, "set": "double-9"}),
    ("draw", {"players": 6, "set": "double-12"}), ("matador", {"players": 3}), ("matador", {"players": 4}),
    ("tiddle-a-wink", {"players": 6}), ("round-the-clock", {"players": 2})]


def tables(deals: int) -> list[list[dict[str, Any]]]:
    """Each round's tables in the order drawn (the first seat's view after each move that changed it)."""
    rounds: list[list[dict[str, Any]]] = []
    for game, options in SET_UPS:
        for seed in range(1, deals + 1):
            session = Session.new(game, options, seed, ["ai:easy"] * options["players"])
            drawn: list[dict[str, Any]] = []
            last = ""
            while session.to_move() is not None:
                session.ai_move()
                view = session.view(0)
                over = bool((view.get("round") or {}).get("over") or view.get("outcome"))
                board = view.get("board") or {}
                key = json.dumps(board, sort_keys=True)
                if board.get("tiles") and key != last:
                    drawn.append({"board": board, "ends": not over})
                    last = key
                if over and drawn:
                    rounds.append(drawn)
                    drawn, last = [], ""
            if drawn:
                rounds.append(drawn)
    return rounds


def baseline_copy(rev: str, into: Path) -> Path:
    """The layout's two modules as `rev` has them, in a folder of their own."""
    into.mkdir()
    for name in FILES:
        shown = subprocess.run(["git", "show", f"{rev}:{RENDER}/{name}"], cwd=ROOT, capture_output=True, text=True)
        if shown.returncode != 0:
            sys.exit(f"layout_plans: no {RENDER}/{name} at {rev} ({shown.stderr.strip()}); --baseline none measures"
                     " this build alone")
        (into / name).write_text(shown.stdout)
    return into


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4, help="deals of each set-up (default 4)")
    parser.add_argument("--baseline", default="HEAD", help='a revision measured beside this build ("none": none)')
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        sys.exit("layout_plans needs node")
    rounds = tables(args.deals)
    with tempfile.TemporaryDirectory() as folder:
        corpus = Path(folder) / "tables.json"
        corpus.write_text(json.dumps(rounds))
        builds = [f"this={ROOT / RENDER}"]
        if args.baseline != "none":
            builds.append(f"{args.baseline}={baseline_copy(args.baseline, Path(folder) / 'baseline')}")
        print(f"{len(rounds)} rounds, {sum(map(len, rounds))} drawings a box")
        print("build\tbox\tbuttons\tdrawings\tpans\tre-snakes\tmean unit px\toverlapping buttons\tms a plan")
        sys.stdout.flush()
        return subprocess.run([node, str(ROOT / "tests/bench/layout_plans.mjs"), str(corpus), *builds]).returncode


if __name__ == "__main__":
    sys.exit(main())
