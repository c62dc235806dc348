"""How long a table game's review holds the engine, slice by slice, at every set and seat count the
setup offers (a benchmark that prints, not a test; issue 33, item 11).

Run: python -m tests.bench.review_slices [--only TEXT] [--decisions N] [--seed S] [--through-engine]

Per case: a whole game, the person (seat 0) at random against easy computers; the person's
decisions in it (two or more legal moves); its first N decisions reviewed as the page asks, slice
after slice (each `review` request ends after SLICE_SECONDS on the wall clock). Printed: the
longest slice (wall and CPU: what the engine held the worker for), the CPU per decision, and the
whole game's review projected from it (CPU per decision times the game's decisions) beside the
page's 10 s goal, and the longest step of its first decision (a slice ends at most one step past
its time: one search iteration or one determinization's play-outs, engine/review.py's
search_pairs). CPU is the process's, so a loaded machine shows in the wall figures only.
`--through-engine`: every play-out (the hard player's search and the medium player's play-outs)
through the engine's rules, not a game's compact round (`TableAi.fast_dealer`, `medium_round`):
the same ratings, at the cost without the compact rounds (for the draw game: before it had one).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from typing import Any

from engine.games import get_game
from engine.review import SLICE_SECONDS, review
from engine.review_table import search_pairs
from engine.rng import deal_rng
from engine.session import Session

GOAL_SECONDS = 10.0
GAMES = ("draw", "matador", "tiddle-a-wink", "round-the-clock")


def cases() -> list[tuple[str, dict[str, Any]]]:
    """Every table game at every set and seat count its setup offers (default target)."""
    out = []
    for game_id in GAMES:
        game = get_game(game_id)
        for set_name, (low, high) in game.player_limits()["by_value"].items():
            out += [(game_id, {"set": set_name, "players": n}) for n in range(low, high + 1)]
    return out


def whole_game(game_id: str, options: dict[str, Any], seed: int) -> Session:
    """The person at random against easy computers, to the game's end (a record of 10,000 moves at most)."""
    game = get_game(game_id)
    seats = ["human"] + ["ai:easy"] * (game.num_seats(game.spec.resolve_options(options)) - 1)
    session = Session.new(game_id, options, seed, seats)
    rng = random.Random(seed)
    while (seat := session.to_move()) is not None and len(session.moves) < 10_000:
        if seat == 0:
            session.play(rng.choice(session.game.legal_moves(session.state)))
        else:
            session.ai_move()
    return session


def longest_step(session: Session) -> float:
    """The CPU seconds of the longest step of the session's first decision of seat 0 (0: none)."""
    game = session.game
    for i, move in enumerate(session.moves):
        state = session.history[i]
        if game.to_move(state) == 0 and len(game.legal_moves(state)) >= 2:
            steps, longest = search_pairs(game, state, 0, move, deal_rng(session.seed, "review", i)), 0.0
            while True:
                cpu = time.process_time()
                try:
                    next(steps)
                except StopIteration:
                    return max(longest, time.process_time() - cpu)
                longest = max(longest, time.process_time() - cpu)
    return 0.0


def measure(game_id: str, options: dict[str, Any], decisions: int, seed: int) -> str:
    session = Session.load(whole_game(game_id, options, seed).record(), keep_states=True)
    step = longest_step(session)
    start: int | None = 0
    slices: list[tuple[float, float]] = []
    rated = total = 0
    cpu_all = time.process_time()
    while start is not None and rated < decisions:
        wall, cpu = time.perf_counter(), time.process_time()
        answer = review(session, start=start, limit=min(40, decisions - rated))
        slices.append((time.perf_counter() - wall, time.process_time() - cpu))
        rated += len(answer["decisions"])
        start, total = answer["next"], answer["total"]
    cpu_all = time.process_time() - cpu_all
    per = cpu_all / max(1, rated)
    longest = max(slices)
    projected = per * total
    goal = "met" if projected <= GOAL_SECONDS else "over"
    name = f"{game_id} {options['set']} {options['players']}p"
    return (f"{name:<28} decisions {total:>3}; reviewed {rated:>2} in {len(slices):>2} slices, longest "
            f"{longest[0]:.2f} s wall {max(c for _, c in slices):.2f} s CPU; {per:.2f} s CPU a decision; "
            f"whole game ~{projected:.0f} s CPU ({goal} {GOAL_SECONDS:.0f} s); longest step {step * 1000:.0f} ms CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="", help="cases whose name contains this text (e.g. 'draw double-12 6p')")
    parser.add_argument("--decisions", type=int, default=6, help="decisions reviewed per case")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--through-engine", action="store_true",
                        help="play-outs through the engine's rules, not the games' compact rounds")
    args = parser.parse_args()
    if args.through_engine:
        for game_id in GAMES:
            game: Any = get_game(game_id)
            game.ai = dataclasses.replace(game.ai, fast_dealer=None, medium_round=None)
    print(f"slice limit {SLICE_SECONDS} s; goal: a whole game's review in {GOAL_SECONDS:.0f} s; "
          f"{time.strftime('%Y-%m-%d')}")
    for game_id, options in cases():
        if args.only in f"{game_id} {options['set']} {options['players']}p":
            print(measure(game_id, options, args.decisions, args.seed), flush=True)


if __name__ == "__main__":
    main()
