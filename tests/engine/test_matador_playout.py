"""The compact Matador round used by the hard player's search agrees with the engine, and its
rollout policy is the medium player's choice."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.games import get_game
from engine.games.matador_compact import MatadorDealer, MatadorPlayout
from tests.engine.playout_check import (
    check_compact_round,
    check_medium_policy,
    dealt_kinds,
    random_first_rounds,
    round_endings,
)

GAME: Any = get_game("matador")
CASES = [({"players": 3}, range(40)), ({"players": 5}, range(20)), ({"players": 8}, range(10)),
         ({"set": "double-12", "players": 4}, range(20))]


def random_rounds(options: dict[str, Any], seeds: range) -> Iterator[tuple[Any, str]]:
    return random_first_rounds(GAME, options, seeds)


@pytest.mark.parametrize(("options", "seeds"), CASES)
def test_every_position_has_the_engines_moves_turn_and_result(options: dict[str, Any], seeds: range) -> None:
    check_compact_round(GAME, MatadorPlayout, options, seeds)


def test_blocked_rounds_and_going_out_score_as_in_the_engine() -> None:
    reasons = round_endings(GAME, MatadorPlayout, random_rounds({"players": 3}, range(300)))
    assert {("blocked", False), ("out", False)} <= reasons


@pytest.mark.parametrize(("options", "seeds"), CASES[:2])
def test_dealt_determinizations_are_the_engines(options: dict[str, Any], seeds: range) -> None:
    kinds = dealt_kinds(GAME, MatadorDealer, MatadorPlayout, random_rounds(options, seeds), 4,
                        ("turn", "ends", "board", "drawing"))
    assert kinds >= {(False, False), (True, False), (True, True)}


@pytest.mark.parametrize(("options", "seeds"), CASES)
def test_the_rollout_policy_plays_the_medium_players_move(options: dict[str, Any], seeds: range) -> None:
    assert check_medium_policy(GAME, MatadorPlayout, random_rounds(options, seeds)) > 20
