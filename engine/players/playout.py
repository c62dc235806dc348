"""A determinized round as the hard player's search plays it, and the rollout policy.

`Dealer.deal` gives a fresh determinization of one position as a `Playout`, which the search
changes in place (`play`) and finishes with the rollout policy (`rollout`). `EngineDealer` and
`EnginePlayout` serve every table game through its own rules; a game may add a compact copy of
its round (`engine.players.rtc_playout`), which must agree with these move for move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from engine.players.greedy import move_tile
from engine.protocol import Game

M = TypeVar("M")


class Playout(Protocol):
    """One determinized round being searched, changed in place by `play` and `rollout`."""

    @property
    def points(self) -> Sequence[int] | None:
        """Each seat's points once the round is over."""

    def over(self) -> bool: ...
    def mover(self) -> int: ...
    def legal(self) -> list[str]: ...
    def play(self, move: str) -> None: ...
    def rollout(self, rng: random.Random, epsilon: float) -> int: ...


class Dealer(Protocol):
    """Deals the searching seat's determinizations of one position."""

    def deal(self, rng: random.Random) -> Playout: ...


def rollout_move(legal: list[M], weight: Callable[[M], int], rng: random.Random, epsilon: float) -> M:
    """The rollout policy: a forced move uses no randomness; else with chance `epsilon` a
    uniformly random move; else the heaviest (the first of the heaviest in move order)."""
    if len(legal) == 1:
        return legal[0]
    if rng.random() < epsilon:
        return rng.choice(legal)
    return max(legal, key=weight)


class EngineDealer:
    """`Game.determinize`, each deal played through the game's own rules."""

    def __init__(self, game: Game[Any], state: Any, seat: int) -> None:
        self.game, self.state, self.seat = game, state, seat

    def deal(self, rng: random.Random) -> EnginePlayout:
        return EnginePlayout(self.game, self.game.determinize(self.state, self.seat, rng))


class EnginePlayout:
    """A round played through the game's own rules (any table game)."""

    __slots__ = ("game", "state", "weight")

    def __init__(self, game: Game[Any], state: Any) -> None:
        self.game = game
        self.state = state
        # Matadors fit anywhere: the rollout keeps them back.
        self.weight = matador_weight if game.spec.id == "matador" else tile_weight

    @property
    def points(self) -> Sequence[int] | None:
        return self.state.last.points if self.over() else None

    def over(self) -> bool:
        return bool(self.state.turn < 0 or self.state.between)

    def mover(self) -> int:
        return int(self.state.turn)

    def legal(self) -> list[str]:
        return self.game.legal_moves(self.state)

    def play(self, move: str) -> None:
        self.state = self.game.apply(self.state, move)

    def rollout(self, rng: random.Random, epsilon: float) -> int:
        """Play the round out with `rollout_move`; returns the number of moves played."""
        game, s, weight = self.game, self.state, self.weight
        steps = 0
        while not (s.turn < 0 or s.between):
            steps += 1
            s = game.apply(s, rollout_move(game.legal_moves(s), weight, rng, epsilon))
        self.state = s
        return steps


def tile_weight(move: str) -> int:
    """A move's pips; -1 for a move without a tile (draw, pass)."""
    tile = move_tile(move)
    return -1 if tile is None else tile.a + tile.b


def matador_weight(move: str) -> int:
    """As `tile_weight`, with matadors (ends totalling 10, and 0-0) 20 lighter."""
    w = tile_weight(move)
    return w - 20 if w in (0, 10) else w
