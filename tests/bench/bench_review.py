"""Is the game review honest? Calibration and speed (a benchmark that prints, not a test).

Run: python -m tests.bench.bench_review [--decisions N] [--playouts M] [--only TEXT]

Calibration, table games: seat 0 is played by the random player ("easy", so there are mistakes
to find) against medium; at N of its real decisions the review's loss (the best move's mean
round-point margin minus the played move's, from its SAMPLES paired play-outs with the search's
rollout policy) is compared with the loss measured independently: both moves played out M times
to the end of the round from other determinizations of seat 0's view, every seat then played by
the medium player (common random numbers: the same deal and the same players after each move).
Printed: the correlation of the two losses, the mean measured loss per grade, and for each label
how often the measured loss reaches that label's threshold.

Calibration, The Big Clock: the review's estimate (SAMPLES advisor play-outs per move) against
a ten times larger sample, on the decisions where the player differed from the advisor.

Speed: a whole game's review natively (each table game to its end, seat 0 easy against medium;
each solitaire, a whole deal played by the random player).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import engine.review as review_mod
from engine.games import get_game
from engine.players import get_player
from engine.players.ismcts import IsmctsPlayer
from engine.players.playout import EnginePlayout, rollout_move
from engine.protocol import Game
from engine.review import (
    GRADES,
    POINTS,
    WIN,
    grade,
    rate_by_advisor_playouts,
    rate_by_search,
    review,
    round_margin,
)
from engine.rng import deal_rng
from engine.session import Session

TABLE_CASES: list[tuple[str, dict[str, Any]]] = [
    ("draw", {"set": "double-6", "players": 2}),
    ("draw", {"set": "double-9", "players": 3}),
    ("round-the-clock", {}),
    ("matador", {}),
    ("tiddle-a-wink", {}),
]


def _table_positions(game_id: str, options: dict[str, Any], wanted: int) -> list[tuple[Game[Any], Any]]:
    """Seat 0's real decisions in games of easy (seat 0) against medium, first rounds only."""
    game = get_game(game_id)
    found: list[tuple[Game[Any], Any]] = []
    seed = 50_000
    while len(found) < wanted:
        n = game.num_seats(game.spec.resolve_options(options))
        session = Session.new(game_id, options, seed, ["human"] + ["ai:medium"] * (n - 1))
        while len(found) < wanted and not (session.state.turn < 0 or session.state.between):
            state = session.state
            seat = game.to_move(state)
            if seat == 0 and len(game.legal_moves(state)) >= 2:
                found.append((game, state))
            session.ai_move("easy" if seat == 0 else None)
        seed += 1
    return found


def calibrate_table(game_id: str, options: dict[str, Any], decisions: int, playouts: int) -> None:
    rows = []
    medium, rollout = get_player("medium"), RolloutPlayer()
    started = time.process_time()
    for k, (game, state) in enumerate(_table_positions(game_id, options, decisions)):
        rng = deal_rng(k, "bench-review")
        played = get_player("easy").choose(game, state, 0, rng)
        ratings = rate_by_search(game, state, 0, played, deal_rng(k, "review"))
        best = max(ratings.values, key=lambda m: ratings.values[m])
        said = ratings.values[best] - ratings.values.get(played, ratings.values[best])
        measured = 0.0
        if best != played:
            diffs = []
            rollouts = []
            for _ in range(playouts):
                deal = game.determinize(state, 0, rng)
                seed = rng.getrandbits(32)
                diffs.append(round_margin(game, game.apply(deal, best), 0, medium, random.Random(seed))
                             - round_margin(game, game.apply(deal, played), 0, medium, random.Random(seed)))
                rollouts.append(round_margin(game, game.apply(deal, best), 0, rollout, random.Random(seed))
                                - round_margin(game, game.apply(deal, played), 0, rollout, random.Random(seed)))
            measured = statistics.fmean(diffs)
            other = statistics.fmean(rollouts)
        else:
            other = 0.0
        rows.append((said, measured, grade(POINTS, said, ratings.uncertainty(best, played)), other))
    cpu = time.process_time() - started
    said, measured, other = [r[0] for r in rows], [r[1] for r in rows], [r[3] for r in rows]
    print(f"{game_id} {options}: {len(rows)} decisions, {playouts} play-outs each, {cpu:.0f} s CPU; "
          f"correlation of the review's loss with the loss measured again: {_corr(said, measured):.2f}; "
          f"with the search's rollout policy playing on: {_corr(said, other):.2f}")
    for name, least in GRADES[POINTS]:
        labelled = [m for s, m, g, _ in rows if g == name]
        if labelled:
            holds = sum(m >= least for m in labelled)
            print(f"  {name:10} (review loss >= {least:g}): {len(labelled):3} decisions, measured loss "
                  f"mean {statistics.fmean(labelled):5.1f}, reaches {least:g} in {holds}/{len(labelled)}")
    for name in ("good", "best"):
        labelled = [m for s, m, g, _ in rows if g == name]
        if labelled:
            print(f"  {name:10}: {len(labelled):3} decisions, measured loss mean {statistics.fmean(labelled):5.1f}")


def _corr(xs: list[float], ys: list[float]) -> float:
    return statistics.correlation(xs, ys) if len(set(xs)) > 1 and len(set(ys)) > 1 else float("nan")


class RolloutPlayer:
    """The hard player's rollout policy as a player: heaviest tile first, a random move now and then."""

    def choose(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
        weight = EnginePlayout(game, state).weight  # type: ignore[arg-type]  # table games only
        return rollout_move(game.legal_moves(state), weight, rng, IsmctsPlayer().epsilon)


def calibrate_big_clock(decisions: int) -> None:
    """The review's sampled losses (SAMPLES advisor play-outs) against losses measured with ten
    times the play-outs on other determinizations, where the move differed from the advisor's."""
    game = get_game("big-clock")
    small = review_mod.SAMPLES
    rows = []
    seed = 0
    started = time.process_time()
    while len(rows) < decisions:
        session = Session.new("big-clock", {"set": "double-6"}, seed, ["human"])
        while len(rows) < decisions and game.to_move(session.state) is not None:
            state = session.state
            if len(game.legal_moves(state)) >= 2:
                played = get_player("easy").choose(game, state, 0, deal_rng(seed, "p", len(rows)))
                said = rate_by_advisor_playouts(game, state, 0, played, deal_rng(seed, "a", len(rows)))
                if len(said.values) == 2:
                    best = max(said.values, key=lambda m: (said.values[m], m == played))
                    loss = said.values[best] - said.values[played]
                    review_mod.SAMPLES = small * 10
                    again = rate_by_advisor_playouts(game, state, 0, played, deal_rng(seed, "b", len(rows)))
                    review_mod.SAMPLES = small
                    measured = again.values[best] - again.values[played]
                    rows.append((loss, measured, grade(WIN, loss, said.uncertainty(best, played))))
            session.ai_move("easy")
        seed += 1
    cpu = time.process_time() - started
    print(f"big-clock double-6: {len(rows)} decisions where the move differed from the advisor's, {cpu:.0f} s CPU; "
          f"correlation of the loss at {small} play-outs with the loss at {small * 10}: "
          f"{_corr([r[0] for r in rows], [r[1] for r in rows]):.2f}")
    for name, least in GRADES[WIN]:
        labelled = [m for _, m, g in rows if g == name]
        if labelled:
            holds = sum(m >= least for m in labelled)
            print(f"  {name:10} (loss >= {least:g}): {len(labelled):3} decisions, measured loss mean "
                  f"{statistics.fmean(labelled):.3f}, reaches {least:g} in {holds}/{len(labelled)}")


def speed() -> None:
    cases = [(gid, opts) for gid, opts in TABLE_CASES] + [
        ("luzon", {}), ("clock", {"exchange": True}), ("big-clock", {"set": "double-6"}),
        ("big-clock", {"set": "double-9"})]
    for game_id, options in cases:
        game = get_game(game_id)
        n = game.num_seats(game.spec.resolve_options(options))
        session = Session.new(game_id, options, 7, ["human"] + ["ai:medium"] * (n - 1))
        while game.to_move(session.state) is not None:
            seat = game.to_move(session.state)
            session.ai_move("easy" if seat == 0 else None)
        started = time.process_time()
        result = review(session.record())
        cpu = time.process_time() - started
        print(f"review {game_id} {options}: {result['total']} decisions in {len(session.moves)} moves, "
              f"{cpu:.2f} s CPU natively ({cpu / max(1, result['total']):.3f} s per decision)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=60)
    parser.add_argument("--only", default="", help="calibration, big-clock or speed")
    args = parser.parse_args()
    if args.only in ("", "speed"):
        speed()
    if args.only in ("", "calibration"):
        for game_id, options in TABLE_CASES:
            calibrate_table(game_id, options, args.decisions, args.playouts)
    if args.only in ("", "big-clock"):
        calibrate_big_clock(max(5, args.decisions // 4))


if __name__ == "__main__":
    main()
