"""The hard player's playouts through the engine's rules, and its rollout policy.

`EngineDealer` deals determinizations (`Game.determinize`) of one position as
`EnginePlayout`s, which serve every table game through its own rules; a game may offer a compact
copy of its round instead (`TableAi.fast_dealer`, the `Playout` protocol of engine.protocol),
which must agree with these move for move. `rollout` plays any playout to the end of its round.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from engine.games.table import TableGame, TableState
from engine.protocol import Playout

M = TypeVar("M")


def rollout_move(legal: list[M], weight: Callable[[M], float], rng: random.Random, epsilon: float) -> M:
    """The rollout policy: a forced move uses no randomness; else with chance `epsilon` a
    uniformly random move; else the heaviest (the first of the heaviest in move order)."""
    if len(legal) == 1:
        return legal[0]
    if rng.random() < epsilon:
        return rng.choice(legal)
    return max(legal, key=weight)


def round_rewards(points: Sequence[int], scale: float) -> list[float]:
    """Each seat's reward for a round: its points minus the others' mean, in units of `scale`."""
    n = len(points)
    total = sum(points)
    return [(p - (total - p) / (n - 1)) / scale for p in points]


def rollout(playout: Playout, rng: random.Random, epsilon: float) -> int:
    """Play the round out with `rollout_move`; returns the number of moves played."""
    codes, weight, step = playout.codes, playout.weight, playout.step
    steps = 0
    while playout.points is None:
        steps += 1
        step(rollout_move(codes(), weight, rng, epsilon))
    return steps


class EngineDealer:
    """`Game.determinize`, each deal played through the game's own rules."""

    def __init__(self, game: TableGame, state: TableState, seat: int) -> None:
        self.game, self.state, self.seat = game, state, seat

    def deal(self, rng: random.Random) -> EnginePlayout:
        return EnginePlayout(self.game, self.game.determinize(self.state, self.seat, rng))


class EnginePlayout:
    """A round played through the game's own rules (any table game); its codes are move ids."""

    __slots__ = ("game", "keep_back", "state")

    def __init__(self, game: TableGame, state: TableState) -> None:
        self.game = game
        self.state = state
        self.keep_back = game.ai.keep_back

    @property
    def points(self) -> Sequence[int] | None:
        last = self.state.last
        return last.points if self.over() and last is not None else None

    def over(self) -> bool:
        return self.state.turn < 0 or self.state.between

    def mover(self) -> int:
        return self.state.turn

    def legal(self) -> list[str]:
        return self.game.legal_moves(self.state)

    def play(self, move: str) -> None:
        self.state = self.game.apply(self.state, move)

    def copy(self) -> EnginePlayout:
        return EnginePlayout(self.game, self.state)  # its state is immutable

    def codes(self) -> list[Any]:
        return self.game.legal_moves(self.state)

    def weight(self, move: str) -> int:
        """The move's pips (-1 without a tile: draw, pass); a tile to keep back 20 lighter."""
        tile = self.game.move_tile(move)
        if tile is None:
            return -1
        keep_back = self.keep_back
        return tile.a + tile.b - (20 if keep_back is not None and keep_back(tile) else 0)

    def step(self, move: str) -> None:
        self.state = self.game.apply(self.state, move)
