"""The draw game's compact round (engine.games.draw_compact), which the hard player's search
(`TableAi.fast_dealer`) and the review's play-outs (`TableAi.medium_round`) go through, agrees
with the engine move for move, deals as the engine does, and its rollouts choose as their engine
counterparts do, so the hard player's picks and the review's margins are exactly those through the
engine's rules."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from engine.games import get_game
from engine.games.draw_compact import DrawDealer, DrawPlayout, MediumDrawPlayout
from engine.players.greedy import GreedyPlayer
from engine.players.ismcts import IsmctsPlayer
from engine.players.playout import EnginePlayout, rollout, rollout_move, round_rewards
from engine.review_table import medium_margin, round_margin
from tests.engine.playout_check import check_compact_round, check_medium_policy, dealt_kinds, random_first_rounds

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
    assert check_medium_policy(GAME, MediumDrawPlayout, random_first_rounds(GAME, options, range(4))) >= 10


@pytest.mark.parametrize("options", EVERY_TABLE[::3], ids=_name)
def test_the_search_rollouts_choose_as_through_the_engine(options: dict[str, Any]) -> None:
    """The hard player's rollout policy (heaviest tile first, now and then a random move): the
    same move from the same generator, the generator left in the same state."""
    checked = 0
    for i, (state, _) in enumerate(random_first_rounds(GAME, options, range(4))):
        sim, engine = DrawPlayout(GAME, state), EnginePlayout(GAME, state)
        rngs = random.Random(i), random.Random(i)
        chosen = rollout_move(sim.codes(), sim.weight, rngs[0], 0.5)
        assert sim.rules.names[chosen] == rollout_move(engine.codes(), engine.weight, rngs[1], 0.5)
        assert rngs[0].random() == rngs[1].random()
        checked += len(engine.codes()) > 1
    assert checked >= 10


@pytest.mark.parametrize("options", EVERY_TABLE[::3], ids=_name)
def test_dealt_determinizations_are_the_engines(options: dict[str, Any]) -> None:
    kinds = dealt_kinds(GAME, DrawDealer, DrawPlayout, random_first_rounds(GAME, options, range(4)), 3,
                        ("held", "shown", "numbers", "turn", "at", "value", "sides"))
    assert (True, False) in kinds


def test_the_hard_players_search_is_the_one_through_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same tree (every child's visits and total) from the same generator, at positions of
    every set, the hard player's full budget."""
    hard = IsmctsPlayer()
    searched = 0
    for options in ({"set": "double-6", "players": 3}, {"set": "double-12", "players": 6}):
        positions = [state for state, _ in random_first_rounds(GAME, options, range(3))
                     if len(GAME.legal_moves(state)) > 1]
        for i, state in enumerate(positions[1::4][:2]):
            compact = hard.search(GAME, state, state.turn, random.Random(i), early_stop=False)
            with monkeypatch.context() as m:
                m.setattr(GAME, "ai", dataclasses.replace(GAME.ai, fast_dealer=None))
                engine = hard.search(GAME, state, state.turn, random.Random(i), early_stop=False)
            tree = {m: (c.visits, c.total) for m, c in compact.root.children.items()}
            assert tree == {m: (c.visits, c.total) for m, c in engine.root.children.items()}
            assert len(tree) > 1 and sum(visits for visits, _ in tree.values()) >= hard.min_iterations
            searched += 1
    assert searched == 4


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
        sim = MediumDrawPlayout(GAME, deal)
        twin = sim.copy()
        rollout(twin, random.Random(i), 0.0)
        assert twin.points is not None and sim.points is None
        assert round_rewards(twin.points, 1.0) == engine
        compared += 1
    assert compared >= 6
