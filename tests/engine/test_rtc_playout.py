"""The compact Round The Clock round used by the hard player's search agrees with the engine."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.games import get_game
from engine.games.round_the_clock_compact import RtcDealer, RtcPlayout
from engine.players.ismcts import IsmctsPlayer
from engine.players.playout import EnginePlayout, rollout
from engine.rng import deal_rng
from tests.engine.playout_check import check_compact_round, dealt_kinds, random_first_rounds, round_endings
from tests.engine.test_players import positions

GAME: Any = get_game("round-the-clock")


def random_rounds(players: int, seeds: range) -> Iterator[tuple[Any, str]]:
    return random_first_rounds(GAME, {"players": players}, seeds)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_position_has_the_engines_moves_turn_and_result(players: int) -> None:
    check_compact_round(GAME, RtcPlayout, {"players": players}, range(60))


def test_blocked_rounds_and_ties_score_as_in_the_engine() -> None:
    reasons = round_endings(GAME, RtcPlayout, random_rounds(2, range(200)))
    assert {("blocked", False), ("blocked", True), ("out", False)} <= reasons


@pytest.mark.parametrize("players", [2, 4])
def test_rollouts_play_the_same_moves_with_the_same_randomness(players: int) -> None:
    checked = 0
    for i, (state, _) in enumerate(random_rounds(players, range(30))):
        if i % 3:
            continue
        engine, sim = EnginePlayout(GAME, state), RtcPlayout(GAME, state)
        rngs = random.Random(i), random.Random(i)
        steps = rollout(engine, rngs[0], 0.3), rollout(sim, rngs[1], 0.3)
        assert steps[0] == steps[1]
        assert list(engine.points or ()) == sim.points
        assert rngs[0].random() == rngs[1].random()  # the same draws were used
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("players", [2, 3, 5])
def test_dealt_determinizations_are_the_engines(players: int) -> None:
    kinds = dealt_kinds(GAME, RtcDealer, RtcPlayout, random_rounds(players, range(40)), 1, ("turn", "ends", "done"))
    assert kinds == {(False, False), (True, False), (True, True)}


def test_the_search_chooses_exactly_as_through_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    player = IsmctsPlayer(iterations=40)
    states = positions("round-the-clock", 6)
    assert len(states) == 6

    def choices() -> list[str]:
        out = []
        for i, state in enumerate(states):
            rng = deal_rng(3, "ai", i)
            out.append(player.choose(GAME, GAME.determinize(state, state.turn, rng), state.turn, rng))
        return out

    fast = choices()
    monkeypatch.setattr(GAME, "ai", dataclasses.replace(GAME.ai, fast_dealer=None))
    assert choices() == fast
