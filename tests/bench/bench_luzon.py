"""Luzon solver timing over many seeds, natively (a benchmark that prints, not a test), and the
winnable-only deal's search (a new player's default: the first deal from a random number that
the solver proves winnable) over random deal numbers.

Run: python -m tests.bench.bench_luzon [--seeds N] [--searches N] [--workers N | --cluster ADDRESS]

Each deal is solved from scratch (the solver's table emptied first) and timed in CPU time, over
--workers processes (default: the machine's cores) or a Dask cluster (--cluster; engine/runs):
the deals found winnable are those of one process, number for number. The searches run in this
process, timed in CPU time too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.games.luzon import GAME, LuzonState
from engine.runs import Deal, Runner, add_run_arguments, runner_from_args
from engine.session_core import first_winnable_seed
from engine.solvers.luzon import _SOLVED, solve_state
from tests.bench._runs import run_bench


def deal(variant: str, seed: int) -> LuzonState:
    return GAME.new_state({"variant": variant}, seed)


def solve_timed(variant: str, seed: int) -> tuple[bool, float]:
    """Deal `seed` solved from scratch: (winnable, CPU seconds; the machine may be shared)."""
    state = deal(variant, seed)
    _SOLVED.clear()
    start = time.process_time()
    winnable = solve_state(state).winnable
    return winnable, time.process_time() - start


def solve_all(runner: Runner, variant: str, seeds: int) -> list[tuple[bool, float]]:
    """`solve_timed` of deals 0..seeds-1, played by `runner`, in order."""
    deals = [Deal(f"deal {seed}", seed, (variant, seed)) for seed in range(seeds)]
    solved = runner.run(solve_timed, deals, {"bench": "luzon", "variant": variant})
    return [(bool(winnable), seconds) for winnable, seconds in solved]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--searches", type=int, default=200)
    add_run_arguments(parser, results=False)
    args = parser.parse_args()
    runner = runner_from_args(args)
    # baseline measured in the same run: generating the legal moves of each deal once
    start = time.process_time()
    for seed in range(args.seeds):
        GAME.legal_moves(deal("twelve", seed))
    baseline = (time.process_time() - start) / args.seeds
    for variant in ("twelve", "sixes"):
        solved = solve_all(runner, variant, args.seeds)
        wins, times = sum(winnable for winnable, _ in solved), [seconds for _, seconds in solved]
        print(
            f"luzon solver {variant:6}: {args.seeds} seeds, winnable {wins / args.seeds:.1%}, "
            f"median {statistics.median(times) * 1e3:.2f} ms, worst {max(times) * 1e3:.2f} ms CPU "
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
        start = time.process_time()
        found = first_winnable_seed(GAME, {"variant": variant}, seed)
        times.append(time.process_time() - start)
        tried.append(found - seed + 1)
    print(
        f"luzon winnable-only {variant:6}: {count} searches, median {statistics.median(times) * 1e3:.1f} ms, "
        f"worst {max(times) * 1e3:.1f} ms ({statistics.median(times) / one_solve:.0f}x one solve); deals tried "
        f"median {statistics.median(tried):.0f}, most {max(tried)}"
    )


if __name__ == "__main__":
    run_bench(main)
