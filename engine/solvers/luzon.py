"""Exact Luzon solver: depth-first search over positions with a transposition table.

Positions are compared up to symmetry (the order of columns and of reserve slots does not
matter), and only one empty slot is tried for a column move, since all are alike. The
search finds the fewest tiles that can be left, stopping at the first complete clearance,
so it proves a deal unwinnable or returns a winning line.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cache import LRU
from engine.games.luzon import GAME, LuzonGame, LuzonState
from engine.protocol import JSON, Hint
from engine.solvers import register_advisor
from engine.tiles import Tile

Key = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]


@dataclass(frozen=True)
class Solution:
    winnable: bool
    solution: list[str] | None  # a winning line of move ids when winnable
    best_left: int  # the fewest tiles that can be left from here
    best_line: list[str]  # a line reaching best_left


def _code(tile: Tile) -> int:
    return tile.a * 7 + tile.b


def _key(state: LuzonState) -> Key:
    cols = tuple(sorted(tuple(_code(t) for t in col) for col in state.columns if col))
    res = tuple(sorted(_code(t) for t in state.reserve if t is not None))
    return cols, res


def _search_moves(state: LuzonState) -> list[str]:
    """Legal moves with column moves to the first empty slot only (the others are alike)."""
    moves: list[str] = []
    seen_sources: set[str] = set()
    for move in GAME.legal_moves(state):
        if move.startswith("move:"):
            source = move.split(">")[0]
            if source in seen_sources:
                continue
            seen_sources.add(source)
        moves.append(move)
    # discards first: they shrink the position, and a clearance is found sooner
    return sorted(moves, key=lambda m: not m.startswith("discard"))


class _Search:
    def __init__(self) -> None:
        self.best: dict[Key, tuple[int, str | None]] = {}

    def run(self, state: LuzonState) -> int:
        key = _key(state)
        known = self.best.get(key)
        if known is not None:
            return known[0]
        left = state.tiles_left
        result: tuple[int, str | None] = (left, None)
        if left:
            for move in _search_moves(state):
                child = self.run(GAME.apply(state, move))
                if child < result[0]:
                    result = (child, move)
                    if child == 0:
                        break
        self.best[key] = result
        return result[0]

    def line(self, state: LuzonState) -> list[str]:
        moves: list[str] = []
        while True:
            move = self.best[_key(state)][1]
            if move is None:
                return moves
            moves.append(move)
            state = GAME.apply(state, move)


_SOLVED: LRU[LuzonState, Solution] = LRU(256)


def solve_state(state: LuzonState) -> Solution:
    """The exact answer for a position (cached: the page asks after every move)."""
    cached = _SOLVED.get(state)
    if cached is not None:
        return cached
    search = _Search()
    best_left = search.run(state)
    line = search.line(state)
    return _SOLVED.put(state, Solution(best_left == 0, line if best_left == 0 else None, best_left, line))


def solve(seed: int, variant: str = "twelve") -> Solution:
    return solve_state(GAME.new_state({"variant": variant}, seed))


def hint(state: LuzonState) -> Hint | None:
    result = solve_state(state)
    if not result.best_line:
        return None
    move = result.best_line[0]
    if result.winnable:
        return Hint(move, "This move is on a winning line.", 1.0)
    return Hint(
        move,
        f"The deal can no longer be won; this move lets you discard the most tiles "
        f"({result.best_left} would be left).",
        0.0,
    )


class LuzonAdvisor:
    """The exact solver's line as the hint; whether the deal can still be won as the analysis."""

    def hint(self, state: LuzonState, rng: random.Random) -> Hint | None:
        return hint(state)

    def analysis(self, state: LuzonState) -> JSON:
        result = solve_state(state)
        return {"winnable": result.winnable, "solution": result.solution}

    def rate_moves(self, state: LuzonState) -> tuple[dict[str, float], dict[str, JSON]]:
        """Every legal move valued exactly for the review: 1.0 when the deal can still be won
        after it, else 0.0; the detail gives the fewest tiles each move can leave and how many
        moves keep the win."""
        results = {move: solve_state(GAME.apply(state, move)) for move in GAME.legal_moves(state)}
        values = {move: 1.0 if r.winnable else 0.0 for move, r in results.items()}
        left = {move: r.best_left for move, r in results.items()}
        return values, {"left": left, "winning_moves": sum(r.winnable for r in results.values())}

    def winnable(self, state: LuzonState) -> bool:
        """Whether a winning line exists from `state` (exact: everything is face up)."""
        return solve_state(state).winnable


register_advisor(LuzonGame, LuzonAdvisor())
