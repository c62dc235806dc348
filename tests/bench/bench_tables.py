"""Strength, speed and throughput of the table games' computer players (native Python).

    python3 -m tests.bench.bench_tables [--games 1000] [--workers N | --cluster ADDRESS] [--only NAME[,NAME]]
                                        [--json FILE]

Prints:
  - the strength table: for each figure the wins of the level named first over N whole games
    (seats rotated every game, as in `python -m engine match`), the win rate and its 95%
    Wilson confidence interval, against the target of the issue;
  - hard's time per move (median, worst) over every decision it took in a sample of games,
    as CPU time of the process (time.process_time), so a busy machine does not inflate it;
  - the hard search of Round The Clock and of the draw game (double-12, six seats) through its
    compact round and through the engine's rules: the time ratio on the same decisions, and
    whether the choices agree;
  - rounds per second with every seat "easy" (CPU time of the process).
Games are played over --workers processes (default: the machine's cores) or a Dask cluster
(--cluster; engine/runs), with the same results as in one process (each game is seeded by its number).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from typing import Any

from engine.games import get_game
from engine.match import run_match
from engine.players import get_player
from engine.rng import deal_rng
from engine.runs import Deal, Deals, Runner, add_run_arguments, runner_from_args
from tests.bench._runs import run_bench
from tests.bench._stats import percentile, wilson
from tests.engine.helpers import table_game

# name, game, seats (the level measured first), options, target win rate of seat 0 (or None)
FIGURES: list[tuple[str, str, list[str], dict[str, Any], float | None]] = [
    ("draw-6 hard v medium", "draw", ["hard", "medium"], {"set": "double-6"}, 0.60),
    ("draw-9 hard v medium", "draw", ["hard", "medium"], {"set": "double-9"}, 0.60),
    ("rtc hard v medium", "round-the-clock", ["hard", "medium"], {}, 0.55),
    ("matador hard v 2 medium", "matador", ["hard", "medium", "medium"], {}, 1 / 3),
    ("draw-6 medium v easy", "draw", ["medium", "easy"], {"set": "double-6"}, 0.5),
    ("draw-9 medium v easy", "draw", ["medium", "easy"], {"set": "double-9"}, 0.5),
    ("rtc medium v easy", "round-the-clock", ["medium", "easy"], {}, 0.5),
    ("matador medium v 2 easy", "matador", ["medium", "easy", "easy"], {}, 1 / 3),
    ("tiddle medium v 5 easy", "tiddle-a-wink", ["medium"] + ["easy"] * 5, {}, 1 / 6),
]
SEED = 20_000


def strength(runner: Runner, figures: list[Any], games_default: int, hard_games: int) -> list[dict[str, Any]]:
    rows = []
    for name, game, seats, options, target in figures:
        games = hard_games if hard_games and "hard" in seats else games_default
        t0 = time.perf_counter()
        match = run_match(game, seats, games, SEED, options, runner)
        wins = match["wins"]
        lo, hi = wilson(wins[0], games)
        row = {
            "figure": name, "game": game, "options": options, "seats": seats, "games": games,
            "wins": wins, "rate": wins[0] / games, "ci95": [lo, hi], "target": target,
            "meets": target is not None and lo > target,
            "mean_points": [round(p, 1) for p in match["mean_points"]],
            "seconds": round(time.perf_counter() - t0, 1),
        }
        rows.append(row)
        print(f"{name:26s} {wins[0]:5d}/{games:<5d} {100 * row['rate']:5.1f}%  "
              f"95% CI {100 * lo:5.1f}-{100 * hi:5.1f}%  target > {100 * target:4.1f}%  "
              f"{'ok' if row['meets'] else 'NOT MET'}  wins {wins}  mean points {row['mean_points']}  "
              f"({row['seconds']} s)", flush=True)
    return rows


def _timed_game(game_id: str, options: dict[str, Any], seed: int) -> list[float]:
    """Hard in seat 0 against medium; the time of each of hard's decisions with a choice."""
    game = get_game(game_id)
    resolved = game.spec.resolve_options(options)
    n = game.num_seats(resolved)
    players = [get_player("hard")] + [get_player("medium")] * (n - 1)
    state = game.new_state(resolved, seed)
    times: list[float] = []
    k = 0
    while (seat := game.to_move(state)) is not None:
        rng = deal_rng(seed, "ai", k)
        view = game.determinize(state, seat, rng)
        t0 = time.process_time()
        move = players[seat].choose(game, view, seat, rng)
        if seat == 0 and len(game.legal_moves(state)) > 1:
            times.append(time.process_time() - t0)
        state = game.apply(state, move)
        k += 1
    return times


def move_times(runner: Runner, games: int) -> list[dict[str, Any]]:
    rows = []
    cases: list[tuple[str, dict[str, Any]]] = [
        ("draw", {"set": "double-6"}), ("draw", {"set": "double-9"}), ("draw", {"set": "double-12"}),
        ("round-the-clock", {}), ("matador", {"players": 3}), ("tiddle-a-wink", {})]
    for game_id, options in cases:
        times: list[float] = []
        run = {"bench": "hard's time per move", "game": game_id, "options": options}

        def deal(g: int, game_id: str = game_id, options: dict[str, Any] = options) -> Deal:
            return Deal(f"game {g}", SEED + g, (game_id, options, SEED + g))

        timed = Deals(games, deal)
        for part in runner.run(_timed_game, timed, run, label="games"):
            times.extend(part)
        times.sort()
        row = {"game": game_id, "options": options, "moves": len(times),
               "median_s": round(statistics.median(times), 4), "worst_s": round(times[-1], 4),
               "p95_s": round(percentile(times, 0.95), 4)}
        rows.append(row)
        print(f"hard time per move {game_id:16s} {json.dumps(options):22s} moves {len(times):5d}  "
              f"median {row['median_s']:.3f} s  p95 {row['p95_s']:.3f} s  worst {row['worst_s']:.3f} s", flush=True)
    return rows


COMPACT_CASES: tuple[tuple[str, dict[str, Any]], ...] = (("round-the-clock", {}),
                                                          ("draw", {"set": "double-12", "players": 6}))


def compact_playout_speedup(game_id: str, options: dict[str, Any], decisions: int = 60) -> dict[str, Any]:
    """A game's search through its compact round (`TableAi.fast_dealer`) and through the
    engine's own rules, on the same decisions in the same run: the CPU time ratio, and whether
    every choice agreed (it must: the two are the same rules)."""
    game = table_game(game_id)
    resolved = game.spec.resolve_options(options)
    hard, medium = get_player("hard"), get_player("medium")
    positions: list[tuple[Any, int, int]] = []  # seat 0's decisions in medium-v-medium games
    seed = SEED
    while len(positions) < decisions:
        state, k = game.new_state(resolved, seed), 0
        while (seat := game.to_move(state)) is not None and len(positions) < decisions:
            rng = deal_rng(seed, "ai", k)
            if seat == 0 and len(game.legal_moves(state)) > 1:
                positions.append((state, seed, k))
            state = game.apply(state, medium.choose(game, game.determinize(state, seat, rng), seat, rng))
            k += 1
        seed += 1
    times: dict[str, float] = {}
    choices: dict[str, list[str]] = {}
    compact_ai = game.ai
    try:
        for path in ("compact", "engine", "compact again"):
            game.ai = compact_ai if path != "engine" else dataclasses.replace(compact_ai, fast_dealer=None)
            picks = []
            t0 = time.process_time()
            for state, game_seed, k in positions:
                rng = deal_rng(game_seed, "ai", k)
                picks.append(hard.choose(game, game.determinize(state, 0, rng), 0, rng))
            times[path] = time.process_time() - t0
            choices[path] = picks
    finally:
        del game.ai  # the class's own again
    compact = (times["compact"] + times["compact again"]) / 2
    row = {"game": game_id, "options": options, "decisions": decisions, "engine_s": round(times["engine"], 2),
           "compact_s": round(compact, 2),
           "speedup": round(times["engine"] / compact, 2),
           "same_choices": choices["compact"] == choices["engine"] == choices["compact again"]}
    print(f"{game.spec.name} {json.dumps(options)} hard, {decisions} decisions: "
          f"through the engine {row['engine_s']:.2f} s, "
          f"through the compact round {row['compact_s']:.2f} s (mean of two runs around it): "
          f"{row['speedup']:.1f}x; same choices: {row['same_choices']}", flush=True)
    return row


def rounds_per_second(seconds: float = 2.0) -> list[dict[str, Any]]:
    rows = []
    easy = get_player("easy")
    for game_id, options in [("draw", {"set": "double-6"}), ("draw", {}), ("round-the-clock", {}),
                             ("matador", {}), ("tiddle-a-wink", {})]:
        game = get_game(game_id)
        resolved = game.spec.resolve_options(options)
        rounds = moves = 0
        seed = 0
        t0 = time.process_time()
        while time.process_time() - t0 < seconds:
            state = game.new_state(resolved, seed)
            k = 0
            while (seat := game.to_move(state)) is not None:
                rng = deal_rng(seed, "ai", k)
                state = game.apply(state, easy.choose(game, game.determinize(state, seat, rng), seat, rng))
                k += 1
            rounds += state.round_no
            moves += k
            seed += 1
        elapsed = time.process_time() - t0
        row = {"game": game_id, "options": options, "rounds_per_s": round(rounds / elapsed, 1),
               "moves_per_s": round(moves / elapsed)}
        rows.append(row)
        print(f"easy seats {game_id:16s} {json.dumps(options):22s} {row['rounds_per_s']:8.1f} rounds/s "
              f"{row['moves_per_s']:8d} moves/s", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games per strength figure")
    parser.add_argument("--hard-games", type=int, default=0,
                        help="games for the figures with a hard seat (default: --games)")
    parser.add_argument("--timing-games", type=int, default=20, help="games sampled for hard's move times")
    add_run_arguments(parser, results=False)
    parser.add_argument("--only", default="", help="comma-separated figure names (substring match)")
    parser.add_argument("--skip", default="", help="parts to skip: strength,timing,playout,throughput")
    parser.add_argument("--json", default="", help="also write the results to this file")
    args = parser.parse_args(argv)
    figures = FIGURES
    if args.only:
        keys = args.only.split(",")
        figures = [f for f in FIGURES if any(k in f[0] for k in keys)]
    skip = set(args.skip.split(",")) if args.skip else set()
    out: dict[str, Any] = {"python": sys.version.split()[0]}
    runner = runner_from_args(args)
    if "strength" not in skip:
        print(f"Strength: whole games ({args.games} per figure"
              f"{f', {args.hard_games} with a hard seat' if args.hard_games else ''}), seats rotated, "
              "95% Wilson CI", flush=True)
        out["strength"] = strength(runner, figures, args.games, args.hard_games)
    if "timing" not in skip:
        print(f"Hard's CPU time per move (native, {args.timing_games} games against medium each)", flush=True)
        out["timing"] = move_times(runner, args.timing_games)
    if "playout" not in skip:
        print("Hard's search: compact round v the engine's rules (CPU time, one process)", flush=True)
        out["playout"] = [compact_playout_speedup(game_id, options) for game_id, options in COMPACT_CASES]
    if "throughput" not in skip:
        print("Rounds per second with easy seats (native, one process)", flush=True)
        out["throughput"] = rounds_per_second()
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return 0


if __name__ == "__main__":
    run_bench(main)
