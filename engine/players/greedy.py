"""The "medium" computer player: a sound one-move-deep heuristic for the table games.

It plays heavy tiles first (pips left in hand are what an opponent scores), keeps the numbers
in its hand varied and playable on the new layout, and blocks when it can (leaves open ends
that no unseen tile fits). It is deterministic: ties go to the first move id, so it never
depends on the random generator, and it only reads what its seat knows (its own hand, the
board, counts); the determinized opponents' hands are never looked at.
"""

from __future__ import annotations

import random
from typing import Any

from engine.protocol import Game
from engine.tiles import Tile, domino_set

_TILES: dict[str, Tile] = {}
_SETS: dict[int, tuple[Tile, ...]] = {}


def move_tile(move: str) -> Tile | None:
    """The tile of a "play:a-b:..." move id, None for other moves."""
    if not move.startswith("play:"):
        return None
    text = move.split(":", 2)[1]
    tile = _TILES.get(text)
    if tile is None:
        tile = _TILES[text] = Tile.parse(text)
    return tile


def full_set(top: int) -> tuple[Tile, ...]:
    if top not in _SETS:
        _SETS[top] = domino_set(top)
    return _SETS[top]


def is_table_state(state: Any) -> bool:
    return hasattr(state, "layout") and hasattr(state, "hands")


def unseen_tiles(state: Any, seat: int) -> list[Tile]:
    """Tiles `seat` has not seen: the set less its hand and the board."""
    seen = set(state.hands[seat])
    seen.update(p.tile for p in state.layout.tiles)
    return [t for t in full_set(state.top) if t not in seen]


# Weights of the one-ply evaluation; per game where the game's scoring differs.
WEIGHTS: dict[str, dict[str, float]] = {
    "default": {"pips": 1.0, "double": 4.0, "again": 8.0, "numbers": 1.0, "mine": 2.5,
                "theirs": 0.35, "block": 6.0, "matador": 0.0},
    # Matador: only going out (or the lowest hand) scores, and ends are made to ten: keeping
    # playable tiles and leaving ends others cannot make ten with matter more than weight.
    "matador": {"pips": 0.3, "double": 4.0, "again": 0.0, "numbers": 1.0, "mine": 3.0,
                "theirs": 1.0, "block": 6.0, "matador": 6.0},
}


class GreedyPlayer:
    """One-ply evaluation of every legal move with domino common sense."""

    def __init__(self, weights: dict[str, dict[str, float]] | None = None) -> None:
        self.weights = weights or WEIGHTS

    def choose(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
        moves = game.legal_moves(state)
        if len(moves) == 1 or not is_table_state(state):
            return moves[0] if len(moves) == 1 else rng.choice(moves)
        unseen = unseen_tiles(state, seat)
        best, best_score = moves[0], float("-inf")
        for move in moves:
            score = self.evaluate(game, state, seat, move, unseen)
            if score > best_score:
                best, best_score = move, score
        return best

    def evaluate(self, game: Any, state: Any, seat: int, move: str, unseen: list[Tile]) -> float:
        tile = move_tile(move)
        if tile is None:
            return self.evaluate_draw(game, state, seat, move)
        after = game.apply(state, move)
        hand = after.hands[seat]
        if not hand:
            return 1000.0  # going out
        w = self.weights.get(game.spec.id) or self.weights["default"]
        score = w["pips"] * (tile.a + tile.b)
        if tile.is_double:
            score += w["double"]  # doubles are the hardest tiles to place later
            if after.turn == seat and not after.between:
                score += w["again"]  # tiddle-a-wink: another turn
        numbers = {n for t in hand for n in (t.a, t.b)}
        score += w["numbers"] * len(numbers)
        ends = after.layout.open_ends()
        fits = game.fits
        mine = sum(1 for t in hand if any(fits(t, e.value, e.need) for e in ends))
        score += w["mine"] * mine
        theirs = sum(1 for t in unseen if any(fits(t, e.value, e.need) for e in ends))
        score += w["block"] if theirs == 0 else -w["theirs"] * theirs
        if w["matador"] and (tile.a + tile.b == 10 or tile.a == tile.b == 0):
            score -= w["matador"]  # keep the matadors for when nothing else fits
        return score

    def evaluate_draw(self, game: Any, state: Any, seat: int, move: str) -> float:
        """Only Matador offers a choice with "draw": draw rather than spend a matador while
        the pile is deep and nobody is close to going out."""
        if move != "draw":
            return -1000.0
        danger = min(len(h) for s, h in enumerate(state.hands) if s != seat)
        return 1000.0 if len(state.stock) >= 4 and danger > 2 else -1000.0
