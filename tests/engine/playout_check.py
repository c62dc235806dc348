"""A game's compact round (`TableAi.fast_dealer`, `medium_round`) checked against the engine's
rules: the helpers the compact-round tests (tests/engine/test_*_playout.py) share."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from engine.players.greedy import GreedyPlayer
from engine.players.playout import rollout_move

Compact = Callable[[Any, Any], Any]  # (game, state) -> the game's compact round of that state


def random_first_rounds(game: Any, options: dict[str, Any], seeds: range) -> Iterator[tuple[Any, str]]:
    """(state, move) along seeded random play of each seed's first round of a table game."""
    resolved = game.spec.resolve_options(options)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(resolved, seed)
        while not (state.turn < 0 or state.between):
            move = rng.choice(game.legal_moves(state))
            yield state, move
            state = game.apply(state, move)


def check_compact_round(game: Any, compact: Compact, options: dict[str, Any], seeds: range) -> None:
    """A game's compact round (`compact(game, state)`, for the hard player's search) has the
    engine's legal moves, mover and turn at every position of random first rounds, ends when the
    engine's round ends, and scores it as the engine does."""
    ends = 0
    for state, move in random_first_rounds(game, options, seeds):
        sim = compact(game, state)
        assert sim.legal() == game.legal_moves(state)
        assert sim.mover() == state.turn
        sim.play(move)
        after = game.apply(state, move)
        over = after.turn < 0 or after.between
        assert sim.over() == over
        if over:
            ends += 1
            assert sim.points == list(after.last.points)
        else:
            assert (sim.turn, sim.legal()) == (after.turn, game.legal_moves(after))
    assert ends == len(seeds)


def round_endings(game: Any, compact: Compact, rounds: Iterable[tuple[Any, str]]) -> set[tuple[str, bool]]:
    """Each round's last move played in the compact round too, which scores it as the engine
    does; returns how the rounds ended: (reason, tied: no winner)."""
    endings = set()
    for state, move in rounds:
        after = game.apply(state, move)
        if after.between or after.turn < 0:
            sim = compact(game, state)
            sim.play(move)
            assert sim.points == list(after.last.points)
            endings.add((after.last.reason, after.last.winner is None))
    return endings


def check_medium_policy(game: Any, compact: Compact, rounds: Iterable[tuple[Any, str]]) -> int:
    """At every position with a choice, the compact round's rollout policy (epsilon 0: always its
    own choice, never a random one) picks the medium player's move; returns the positions checked."""
    medium = GreedyPlayer()
    checked = 0
    for state, _ in rounds:
        sim = compact(game, state)
        codes = sim.codes()
        if len(codes) < 2:
            continue
        chosen = sim.rules.names[rollout_move(codes, sim.weight, random.Random(0), 0.0)]
        assert chosen == medium.choose(game, state, state.turn, random.Random(0))
        checked += 1
    return checked


def dealt_kinds(game: Any, dealer: Callable[[Any, Any, int], Any], compact: Compact,
                rounds: Iterable[tuple[Any, str]], every: int, fields: tuple[str, ...]) -> set[tuple[bool, bool]]:
    """At every `every`-th position, for every seat: the game's compact dealer (`dealer(game,
    state, seat)`) deals the engine's determinization (`game.determinize` made compact), equal
    in hands, stock, drawn tile and the round's own `fields`, and leaves the generator in the same
    state. Returns the kinds of position met: (some seat showed a void, another seat drew unseen)."""
    kinds = set()
    for i, (state, _) in enumerate(rounds):
        if i % every:
            continue
        for seat in range(state.n):
            rngs = random.Random(i), random.Random(i)
            dealt = dealer(game, state, seat).deal(rngs[0])
            engine = compact(game, game.determinize(state, seat, rngs[1]))
            for field in ("hands", "stock", "drawn", *fields):
                assert getattr(dealt, field) == getattr(engine, field), field
            assert rngs[0].random() == rngs[1].random()
            kinds.add((any(state.voids), state.drawn is not None and seat != state.turn))
    return kinds
