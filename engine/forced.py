"""Finish: whether nothing is left to decide, so the page may play the rest for the player.

The rest is forced for a seat when every line of legal moves from here ends in a win for it:
no choice can lose any more. The search looks only at positions that hide nothing from the
seat and never walks into one that does (it would read hidden tiles); it is bounded, so a
position with too many lines is simply not offered a finish.
"""

from __future__ import annotations

from typing import Any

from engine.protocol import Game

FINISH_BUDGET = 100  # positions looked at, at most, per view (about 10 ms natively at worst)


class _OverBudget(Exception):
    pass


def finish_line(game: Game[Any], state: Any, seat: int, budget: int = FINISH_BUDGET) -> list[str] | None:
    """The moves that finish the game (the first legal move at each step) when every line
    from `state` wins for `seat`, the only seat to move until the end; else None. None too
    when the game is over, when `seat` cannot see everything, or past `budget` positions."""
    if game.outcome(state) is not None or game.to_move(state) != seat or game.hidden_from(state, seat):
        return None
    known: dict[Any, bool] = {}
    looked = 0

    def all_win(s: Any) -> bool:
        nonlocal looked
        if s in known:
            return known[s]
        looked += 1
        if looked > budget:
            raise _OverBudget
        outcome = game.outcome(s)
        if game.hidden_from(s, seat):
            wins = False  # a move dealt something unseen: the search does not look behind it
        elif outcome is not None:
            wins = seat in outcome.winners
        elif game.to_move(s) != seat:
            wins = False  # another seat decides: not forced for this one
        else:
            wins = all(all_win(game.apply(s, m)) for m in game.legal_moves(s))
        known[s] = wins
        return wins

    try:
        if not all_win(state):
            return None
    except _OverBudget:
        return None
    line: list[str] = []
    while game.outcome(state) is None:
        move = game.legal_moves(state)[0]
        line.append(move)
        state = game.apply(state, move)
    return line
