"""The "medium" computer player: a sound one-move-deep heuristic for the table games.

It plays heavy tiles first (pips left in hand are what an opponent scores), keeps the numbers
in its hand varied and playable on the new layout, and blocks when it can (leaves open ends
that no unseen tile fits). What differs per game the game declares (`TableGame.ai`: the
weights, and tiles to keep back). It is deterministic: ties go to the first move id, so it
never depends on the random generator, and it only reads what its seat knows (its own hand,
the board, counts); the determinized opponents' hands are never looked at. Other games get a
uniformly random move.
"""

from __future__ import annotations

import random
from typing import Any

from engine.games.table import DRAW, MEDIUM_OUT, TableGame, TableState
from engine.protocol import Game
from engine.tiles import Tile, domino_set

_SETS: dict[int, tuple[Tile, ...]] = {}


def full_set(top: int) -> tuple[Tile, ...]:
    if top not in _SETS:
        _SETS[top] = domino_set(top)
    return _SETS[top]


def unseen_tiles(state: TableState, seat: int) -> list[Tile]:
    """Tiles `seat` has not seen: the set less its hand and the board (told apart by their
    numbers: a tile's own hash is computed in Python, and this runs at every move of a play-out)."""
    seen = {t.a * 16 + t.b for t in state.hands[seat]}
    seen.update(p.tile.a * 16 + p.tile.b for p in state.layout.tiles)
    return [t for t in full_set(state.top) if t.a * 16 + t.b not in seen]


class GreedyPlayer:
    """One-ply evaluation of every legal move with domino common sense."""

    def choose(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
        moves = game.legal_moves(state)
        if len(moves) == 1 or not isinstance(game, TableGame):
            return moves[0] if len(moves) == 1 else rng.choice(moves)
        unseen = unseen_tiles(state, seat)
        best, best_score = moves[0], float("-inf")
        for move in moves:
            score = self.evaluate(game, state, seat, move, unseen)
            if score > best_score:
                best, best_score = move, score
        return best

    def evaluate(self, game: TableGame, state: TableState, seat: int, move: str, unseen: list[Tile]) -> float:
        tile = game.move_tile(move)
        if tile is None:
            return self.evaluate_draw(game, state, seat, move)
        after = game.apply(state, move)
        hand = after.hands[seat]
        if not hand:
            return MEDIUM_OUT  # going out
        w = game.ai.medium_weights()
        score = w["pips"] * (tile.a + tile.b)
        if tile.is_double:
            score += w["double"]  # doubles are the hardest tiles to place later
            if after.turn == seat and not after.between:
                score += w["again"]  # the game gives another turn
        numbers = {n for t in hand for n in (t.a, t.b)}
        score += w["numbers"] * len(numbers)
        ends = after.layout.open_ends()
        score += w["mine"] * game.count_fitting(hand, ends)
        theirs = game.count_fitting(unseen, ends)
        score += w["block"] if theirs == 0 else -w["theirs"] * theirs
        keep_back = game.ai.keep_back
        if w["keep_back"] and keep_back is not None and keep_back(tile):
            score -= w["keep_back"]  # keep it for when nothing else fits
        return score

    def evaluate_draw(self, game: TableGame, state: TableState, seat: int, move: str) -> float:
        """"draw" is a choice only where a game lets a seat draw instead of playing (holding
        only tiles worth keeping back): draw while the pile is deep and nobody is close to
        going out."""
        if move != DRAW:
            return -MEDIUM_OUT
        danger = min(len(h) for s, h in enumerate(state.hands) if s != seat)
        return MEDIUM_OUT if len(state.stock) >= 4 and danger > 2 else -MEDIUM_OUT
