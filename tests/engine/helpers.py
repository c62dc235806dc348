"""Shared helpers for the engine tests."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

from engine.api import handle

TOKEN = re.compile(r"[A-Za-z0-9]+(?:-[0-9]+)?")


def call(**request: Any) -> dict[str, Any]:
    """One request through the engine's JSON entry point (`engine.api.handle`), run natively."""
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    return answer


def tokens(value: Any) -> set[str]:
    """Every tile-like or card-like token in the strings of a JSON value ("3-5", "7H")."""
    text = json.dumps(value)
    return set(TOKEN.findall(text))


def persons_record(record: dict[str, Any]) -> dict[str, Any]:
    """A record whose person-seat moves a computer player made standing in for a person (tests
    and benches play them with `ai_move(level)`): without "computer_moves", so they are the
    person's, graded by the review."""
    return {k: v for k, v in record.items() if k != "computer_moves"}


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


def check_compact_round(game: Any, compact: Callable[[Any, Any], Any], options: dict[str, Any], seeds: range) -> None:
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
