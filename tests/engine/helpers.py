"""Shared helpers for the engine tests."""

from __future__ import annotations

import json
import re
from typing import Any

from engine.api import handle
from engine.games import get_game
from engine.games.table import TableGame

TOKEN = re.compile(r"[A-Za-z0-9]+(?:-[0-9]+)?")


def call(**request: Any) -> dict[str, Any]:
    """One request through the engine's JSON entry point (`engine.api.handle`), run natively."""
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    return answer


def table_game(game_id: str) -> TableGame:
    """`get_game` of a table game, typed as one (its layout, its AI, its words)."""
    game = get_game(game_id)
    assert isinstance(game, TableGame), game_id
    return game


def tokens(value: Any) -> set[str]:
    """Every tile-like or card-like token in the strings of a JSON value ("3-5", "7H")."""
    text = json.dumps(value)
    return set(TOKEN.findall(text))


class ViewTokens:
    """`tokens` of views one after another, for a play-out that checks every view at every move:
    the same set, made cheaper. A view's JSON object is tokenized key by key (its punctuation
    parts the tokens, so the union is the whole text's), and a key whose value equals the one it
    had in the view before keeps that value's tokens without a new JSON dump (a round's history,
    the scores: most of a view stays from move to move). Equal values write the same JSON but
    for how equal numbers are spelled (1, 1.0, true: never a tile's or a card's token), and a
    value new or changed is dumped, so a view that is not JSON still raises."""

    def __init__(self) -> None:
        self._last: dict[str, tuple[Any, frozenset[str]]] = {}

    def __call__(self, view: dict[str, Any]) -> set[str]:
        seen: set[str] = set()
        last = self._last
        for key, value in view.items():
            kept = last.get(key)
            if kept is None or kept[0] != value:
                kept = value, frozenset(TOKEN.findall(json.dumps({key: value})))
                last[key] = kept
            seen |= kept[1]
        return seen


def persons_record(record: dict[str, Any]) -> dict[str, Any]:
    """A record whose person-seat moves a computer player made standing in for a person (tests
    and benches play them with `ai_move(level)`): without "computer_moves", so they are the
    person's, graded by the review."""
    return {k: v for k, v in record.items() if k != "computer_moves"}
