"""Luzon solver timing over many seeds, natively (a benchmark that prints, not a test), and the
winnable-only deal's search (a new player's default: the first deal from a random number that
the solver proves winnable) over random deal numbers.

Run: python -m tests.bench.bench_luzon [--seeds N] [--searches N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.games.luzon import GAME, LuzonState
from engine.session_core import first_winnable_seed
from engine.solvers.luzon import _SOLVED, solve_state


def deal(variant: str, seed: int) -> LuzonState:
    return GAME.new_state({"variant": variant}, seed)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--searches", type=int, default=200)
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
        search(variant, args.searches, statistics.median(times))


def search(variant: str, count: int, one_solve: float) -> None:
    """The winnable-only deal's search from `count` random deal numbers (fixed: random.Random(1)),
    against the median time of one deal's solve in this run."""
    rng = random.Random(1)
    times, tried = [], []
    for _ in range(count):
        seed = rng.randrange(2**31)
        _SOLVED.clear()
        start = time.perf_counter()
        found = first_winnable_seed(GAME, {"variant": variant}, seed)
        times.append(time.perf_counter() - start)
        tried.append(found - seed + 1)
    print(
        f"luzon winnable-only {variant:6}: {count} searches, median {statistics.median(times) * 1e3:.1f} ms, "
        f"worst {max(times) * 1e3:.1f} ms ({statistics.median(times) / one_solve:.0f}x one solve); deals tried "
        f"median {statistics.median(tried):.0f}, most {max(tried)}"
    )


if __name__ == "__main__":
    main()
