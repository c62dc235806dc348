"""Advisors: a game's own hints and analysis, from its solver or planner.

Every module of this package registers an advisor for its game's class (`register_advisor`);
the session (hints, the analysis beside the board) and the "advisor" computer level ask
`advisor_for(game)`. A game never imports its advisor: algorithms depend on games, never the
reverse. A game without an advisor gets hints from a computer player.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from engine.plugins import import_submodules
from engine.protocol import JSON, Game, Hint


class Advisor(Protocol):
    def hint(self, state: Any, rng: random.Random) -> Hint | None:
        """Advice for the seat to move, from what it may know (the session hands in a
        determinized state)."""

    def analysis(self, state: Any) -> JSON:
        """Extra facts the page shows beside the board (Luzon: still winnable?), computed
        from what the seat to move may know; None when there are none now."""


@runtime_checkable
class MoveRater(Advisor, Protocol):
    """An advisor that also values every legal move exactly (engine.review uses it)."""

    def rate_moves(self, state: Any) -> tuple[dict[str, float], dict[str, JSON]]:
        """Each legal move's chance to win after it (0..1), and per-move details."""


@runtime_checkable
class PlayoutPolicy(Advisor, Protocol):
    """An advisor with a cheaper policy for the review's play-outs (engine.review plays its
    pairs with it; tests/bench/bench_review.py measures the marks it gives against the advisor's
    own play-outs)."""

    def playout_moves(self, state: Any) -> tuple[str, ...]:
        """The moves the play-outs make for the seat to move, played in one go before it is asked
        again (one move, or a plan of moves nothing hidden shows between): a function of the
        position and what the seat knows, never of the hidden order of the stock."""

    def pair_prior(self, state: Any) -> tuple[float, float, float]:
        """The Dirichlet prior of the rates of the review's three kinds of pair of play-outs from
        `state` (only the advisor's move won, both alike, only the move played won), which its
        stopping rule weighs: fitted on this game's pairs, or (1, 1, 1) when none was."""


@runtime_checkable
class DealProver(Advisor, Protocol):
    """An advisor that proves a deal winnable exactly (the session deals winnable-only deals
    with it; the game's spec says `winnable_deals`)."""

    def winnable(self, state: Any) -> bool:
        """True only when a winning line exists from `state`."""


ADVISORS: dict[type[Game[Any]], Advisor] = {}


def register_advisor(game_type: type[Game[Any]], advisor: Advisor) -> None:
    if game_type in ADVISORS:
        raise ValueError(f"{game_type.__name__} has an advisor already")
    ADVISORS[game_type] = advisor


def advisor_for(game: Game[Any]) -> Advisor | None:
    """The advisor registered for this game's class; None for a game without one. Raises
    ModuleNotFoundError when the game has one (`Game.has_advisor`) but its module is missing."""
    _load_all()
    advisor = ADVISORS.get(type(game))
    if advisor is None and game.has_advisor:
        raise ModuleNotFoundError(f"the advisor of {type(game).__name__} is missing from {__name__}")
    return advisor


def deal_prover(game: Game[Any]) -> DealProver | None:
    """The advisor of this game when it proves deals winnable; None otherwise."""
    advisor = advisor_for(game)
    return advisor if isinstance(advisor, DealProver) else None


def _load_all() -> None:
    """Import every module of this package (once); the advisors among them register."""
    import_submodules(__name__, __path__)
