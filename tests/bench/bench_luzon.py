"""Luzon solver timing over many seeds, natively (a benchmark that prints, not a test).

Run: python -m tests.bench.bench_luzon [--seeds N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from engine.games.luzon import GAME, LuzonState
from engine.solvers.luzon import _SOLVED, solve_state


def deal(variant: str, seed: int) -> LuzonState:
    return GAME.new_state({"variant": variant}, seed)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=1000)
    args = parser.parse_args()
    # baseline measured in the same run: generating the legal moves of each deal once
    start = time.perf_counter()
    for seed in range(args.seeds):
        GAME.legal_moves(deal("twelve", seed))
    baseline = (time.perf_counter() - start) / args.seeds
    for variant in ("twelve", "sixes"):
        times, wins = [], 0
        for seed in range(args.seeds):
            state = deal(variant, seed)
            _SOLVED.clear()
            start = time.perf_counter()
            wins += solve_state(state).winnable
            times.append(time.perf_counter() - start)
        print(
            f"luzon solver {variant:6}: {args.seeds} seeds, winnable {wins / args.seeds:.1%}, "
            f"median {statistics.median(times) * 1e3:.2f} ms, worst {max(times) * 1e3:.2f} ms "
            f"(target worst <= 50 ms); median = {statistics.median(times) / baseline:.0f}x one "
            f"deal+move generation ({baseline * 1e6:.0f} us)"
        )


if __name__ == "__main__":
    main()
