"""Computer players. A player sees only a determinized state (hidden tiles reshuffled by
`Game.determinize` for its seat), so it cannot read what its seat does not know."""

from __future__ import annotations

import random
from typing import Any, Protocol

from engine.protocol import BadRequest, Game


class Player(Protocol):
    def choose(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
        """A legal move for `seat`, the seat to move in `state`."""
        ...


class RandomPlayer:
    """Uniform among the legal moves ("easy")."""

    def choose(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
        return rng.choice(game.legal_moves(state))


class AdvisorPlayer:
    """Plays the game's own hint (solitaire advisors and solvers)."""

    def choose(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
        hint = game.hint(state, rng)
        return hint.move if hint else rng.choice(game.legal_moves(state))


def _levels() -> dict[str, Player]:
    levels: dict[str, Player] = {"easy": RandomPlayer(), "random": RandomPlayer(), "advisor": AdvisorPlayer()}
    try:  # the table games' players, when built
        from engine.players.greedy import GreedyPlayer

        levels["medium"] = levels["greedy"] = GreedyPlayer()
    except ImportError:
        pass
    try:
        from engine.players.ismcts import IsmctsPlayer

        levels["hard"] = levels["ismcts"] = IsmctsPlayer()
    except ImportError:
        pass
    return levels


LEVELS: dict[str, Player] = _levels()


def get_player(level: str) -> Player:
    """The player for a level name ("easy", "medium", "hard", "advisor", ...)."""
    try:
        return LEVELS[level]
    except (KeyError, TypeError):
        raise BadRequest(f"no computer level {level!r}; known: {', '.join(sorted(LEVELS))}") from None
