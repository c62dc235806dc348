"""Win rates and advisor timing for The Big Clock and Clock (a benchmark that prints, not a test).

Run: python -m tests.bench.bench_clocks [--deals N] [--advisor-deals N] [--workers N | --cluster ADDRESS]
                                       [--quick] [--only TEXT]

Deals are seeds 0..N-1 played through engine.simulate.play_deal (the same code as
`python -m engine simulate`): policy "random" chooses uniformly among the legal moves,
"advisor" plays the game's hint. Each line prints the deals used and a 95% Wilson interval.
The advisor's time per decision is measured natively on its own deals, counting only real
decisions (two or more legal moves), and compared with a baseline measured in the same run
(one move step of a random game: legal moves, a choice and apply). The win rates' deals are
played over --workers processes (default: the machine's cores) or a Dask cluster (--cluster;
engine/runs), the same wins as in one process.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from engine.games import get_game
from engine.runs import Deal, Deals, Runner, add_run_arguments, runner_from_args
from engine.simulate import play_deal
from engine.solvers import advisor_for
from tests.bench._runs import run_bench
from tests.bench._stats import percentile, wilson

CASES: list[tuple[str, dict[str, Any]]] = [
    ("big-clock", {"set": "double-12"}),
    ("big-clock", {"set": "double-9"}),
    ("big-clock", {"set": "double-6"}),
    ("clock", {"exchange": True}),
    ("clock", {"exchange": False}),
]


ADVISOR_DEALS = {"double-12": 2_000, "double-9": 3_000, "double-6": 10_000}


def _timed_deal(game_id: str, options: dict[str, Any], seed: int, policy: str) -> tuple[bool, float]:
    """One deal played by engine.simulate.play_deal: (won, its CPU time; the machine may be shared)."""
    start = time.process_time()
    won = play_deal(game_id, options, seed, policy)
    return won, time.process_time() - start


def win_rate(runner: Runner, game_id: str, options: dict[str, Any], deals: int, policy: str) -> str:
    game = get_game(game_id)
    resolved = game.spec.resolve_options(options)
    start = time.perf_counter()
    played = runner.run(_timed_deal, Deals(deals, lambda seed: Deal(f"deal {seed}", seed, (
        game.spec.id, resolved, seed, policy))), {"bench": "clocks", "game": game_id, "policy": policy})
    wall = time.perf_counter() - start
    wins = sum(won for won, _ in played)
    cpu = sum(seconds for _, seconds in played)
    low, high = wilson(wins, deals)
    return (
        f"{policy:8} {deals:6} deals  win {wins / deals:6.2%}  95% CI [{low:6.2%}, {high:6.2%}]  "
        f"{deals / cpu:8.1f} deals/s per core (CPU time; {wall:.0f} s wall)"
    )


def decision_times(game_id: str, options: dict[str, Any], deals: int) -> str:
    """The advisor's time per real decision (hint on states with 2+ legal moves), natively."""
    game = get_game(game_id)
    advisor = advisor_for(game)
    assert advisor is not None
    resolved = game.spec.resolve_options(options)
    times: list[float] = []
    clock = time.process_time  # CPU time: the machine may be shared
    base_start = clock()
    base_n = 0
    for seed in range(deals):
        state = game.new_state(resolved, 10_000 + seed)
        rng = random.Random(seed)
        while game.to_move(state) is not None:
            moves = game.legal_moves(state)
            base_n += 1
            if len(moves) > 1:
                t1 = clock()
                hint = advisor.hint(state, rng)
                times.append(clock() - t1)
                move = hint.move if hint else moves[0]
            else:
                move = moves[0]
            state = game.apply(state, move)
    baseline = (clock() - base_start - sum(times)) / max(base_n, 1)
    if not times:
        return "advisor: no decisions"
    times.sort()
    p99 = percentile(times, 0.99)
    return (
        f"advisor CPU time per decision ({len(times)} decisions, {deals} deals): median "
        f"{statistics.median(times) * 1e3:.2f} ms, 99th pct {p99 * 1e3:.1f} ms, worst "
        f"{times[-1] * 1e3:.1f} ms (target worst <= 100 ms natively, ~300 ms in Pyodide); "
        f"median = {statistics.median(times) / baseline:.0f}x one move step ({baseline * 1e6:.0f} us)"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=10_000, help="deals for random play and for Clock")
    parser.add_argument(
        "--advisor-deals", type=int, default=None,
        help="deals for the Big Clock advisor (default: 2,000 double-12, 3,000 double-9, "
        "10,000 double-6; a double-12 deal takes about 0.4 s per core)",
    )
    parser.add_argument("--timing-deals", type=int, default=100, help="deals for the timing pass")
    add_run_arguments(parser, results=False)
    parser.add_argument("--quick", action="store_true", help="200 deals each (a smoke run)")
    parser.add_argument("--only", default="", help="run the cases whose label contains this, e.g. double-12")
    args = parser.parse_args()
    if args.quick:
        args.deals = args.advisor_deals = 200
        args.timing_deals = 20
    runner = runner_from_args(args)
    for game_id, options in CASES:
        label = f"{game_id} {' '.join(f'{k}={v}' for k, v in options.items())}"
        if args.only not in label:
            continue
        print(f"== {label}", flush=True)
        for policy in ("random", "advisor"):
            deals = args.deals
            if game_id == "big-clock" and policy == "advisor":
                deals = args.advisor_deals or min(args.deals, ADVISOR_DEALS[options["set"]])
            print("  " + win_rate(runner, game_id, options, deals, policy), flush=True)
        if game_id == "big-clock" or options.get("exchange"):
            print("  " + decision_times(game_id, options, args.timing_deals), flush=True)


if __name__ == "__main__":
    run_bench(main)
