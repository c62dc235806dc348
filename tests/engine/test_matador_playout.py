"""The compact Matador round used by the hard player's search agrees with the engine, and its
rollout policy is the medium player's choice."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.games import get_game
from engine.games.matador_compact import MatadorDealer, MatadorPlayout
from engine.players.greedy import GreedyPlayer
from engine.players.playout import rollout_move
from tests.engine.helpers import check_compact_round, random_first_rounds

GAME: Any = get_game("matador")
CASES = [({"players": 3}, range(40)), ({"players": 5}, range(20)), ({"players": 8}, range(10)),
         ({"set": "double-12", "players": 4}, range(20))]


def random_rounds(options: dict[str, Any], seeds: range) -> Iterator[tuple[Any, str]]:
    return random_first_rounds(GAME, options, seeds)


@pytest.mark.parametrize(("options", "seeds"), CASES)
def test_every_position_has_the_engines_moves_turn_and_result(options: dict[str, Any], seeds: range) -> None:
    check_compact_round(GAME, MatadorPlayout, options, seeds)


def test_blocked_rounds_and_going_out_score_as_in_the_engine() -> None:
    reasons = set()
    for state, move in random_rounds({"players": 3}, range(300)):
        after = GAME.apply(state, move)
        if after.between or after.turn < 0:
            sim = MatadorPlayout(GAME, state)
            sim.play(move)
            assert sim.points == list(after.last.points)
            reasons.add((after.last.reason, after.last.winner is None))
    assert {("blocked", False), ("out", False)} <= reasons


@pytest.mark.parametrize(("options", "seeds"), CASES[:2])
def test_dealt_determinizations_are_the_engines(options: dict[str, Any], seeds: range) -> None:
    kinds = set()
    for i, (state, _) in enumerate(random_rounds(options, seeds)):
        if i % 4:
            continue
        for seat in range(state.n):
            rngs = random.Random(i), random.Random(i)
            dealt = MatadorDealer(GAME, state, seat).deal(rngs[0])
            engine = MatadorPlayout(GAME, GAME.determinize(state, seat, rngs[1]))
            assert (dealt.hands, dealt.stock, dealt.drawn) == (engine.hands, engine.stock, engine.drawn)
            assert (dealt.turn, dealt.ends, dealt.board, dealt.drawing) == (engine.turn, engine.ends, engine.board,
                                                                            engine.drawing)
            assert rngs[0].random() == rngs[1].random()
            kinds.add((any(state.voids), state.drawn is not None and seat != state.turn))
    assert kinds >= {(False, False), (True, False), (True, True)}


@pytest.mark.parametrize(("options", "seeds"), CASES)
def test_the_rollout_policy_plays_the_medium_players_move(options: dict[str, Any], seeds: range) -> None:
    medium = GreedyPlayer()
    checked = 0
    for state, _ in random_rounds(options, seeds):
        sim = MatadorPlayout(GAME, state)
        codes = sim.codes()
        if len(codes) < 2:
            continue
        # epsilon 0: always the policy's own choice, never a random one
        chosen = sim.rules.names[rollout_move(codes, sim.weight, random.Random(0), 0.0)]
        assert chosen == medium.choose(GAME, state, state.turn, random.Random(0))
        checked += 1
    assert checked > 20
