"""The draw game's compact round (`TableAi.medium_round`, engine.games.draw_compact), which the
review's play-outs go through, agrees with the engine move for move and plays every seat as the
medium player does, so the review's margins are exactly those through the engine's rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.games import get_game
from engine.games.draw_compact import DrawPlayout
from engine.players.greedy import GreedyPlayer
from engine.players.playout import rollout, rollout_move, round_rewards
from engine.review import medium_margin, round_margin
from tests.engine.helpers import check_compact_round, random_first_rounds

GAME: Any = get_game("draw")
EVERY_TABLE = [{"set": f"double-{top}", "players": n} for top, (lo, hi) in ((6, (2, 4)), (9, (2, 6)), (12, (2, 6)))
               for n in range(lo, hi + 1)]


def _name(options: dict[str, Any]) -> str:
    return f"{options['set']}-{options['players']}p"


@pytest.mark.parametrize("options", EVERY_TABLE, ids=_name)
def test_every_position_has_the_engines_moves_turn_and_result(options: dict[str, Any]) -> None:
    check_compact_round(GAME, DrawPlayout, options, range(6))


def test_a_blocked_round_and_going_out_score_as_in_the_engine() -> None:
    """Blocked rounds are rare (the medium player's double-6 two-seat round of seed 110 is one):
    the medium player's rounds of seeds 109 to 111, compared move by move, passes included."""
    medium = GreedyPlayer()
    options = GAME.spec.resolve_options({"set": "double-6", "players": 2})
    reasons, moves = set(), set()
    for seed in range(109, 112):
        state = GAME.new_state(options, seed)
        sim = DrawPlayout(GAME, state)
        while not sim.over():
            assert (sim.turn, sim.legal()) == (state.turn, GAME.legal_moves(state))
            move = medium.choose(GAME, state, state.turn, random.Random(0))
            sim.play(move)
            state = GAME.apply(state, move)
            moves.add(move.split(":")[0])
        assert state.between and sim.points == list(state.last.points)
        reasons.add(state.last.reason)
    assert reasons == {"blocked", "out"} and moves == {"play", "draw", "pass"}


@pytest.mark.parametrize("options", EVERY_TABLE, ids=_name)
def test_the_rollout_policy_plays_the_medium_players_move(options: dict[str, Any]) -> None:
    medium = GreedyPlayer()
    checked = 0
    for state, _ in random_first_rounds(GAME, options, range(4)):
        sim = DrawPlayout(GAME, state)
        codes = sim.codes()
        if len(codes) < 2:
            continue
        chosen = sim.rules.names[rollout_move(codes, sim.weight, random.Random(0), 0.0)]
        assert chosen == medium.choose(GAME, state, state.turn, random.Random(0))
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("options", EVERY_TABLE, ids=_name)
def test_medium_play_outs_end_as_through_the_engines_rules(options: dict[str, Any]) -> None:
    """From fixed positions (every fourth of random first rounds, each determinized for the seat
    to move, as the review deals them): the review's margin through the compact round is the
    margin of the medium player through the engine, for every seat; a copy plays out apart."""
    medium = GreedyPlayer()
    compared = 0
    for i, (state, _) in enumerate(random_first_rounds(GAME, options, range(3))):
        if i % 4:
            continue
        seat = state.turn
        deal = GAME.determinize(state, seat, random.Random(i))
        engine = [round_margin(GAME, deal, s, medium, random.Random(i)) for s in range(state.n)]
        assert [medium_margin(GAME, deal, s, random.Random(i)) for s in range(state.n)] == engine
        sim = DrawPlayout(GAME, deal)
        twin = sim.copy()
        rollout(twin, random.Random(i), 0.0)
        assert twin.points is not None and sim.points is None
        assert round_rewards(twin.points, 1.0) == engine
        compared += 1
    assert compared >= 6
