"""Computer players. A player sees only a determinized state (hidden tiles reshuffled by
`Game.determinize` for its seat), so it cannot read what its seat does not know."""

from __future__ import annotations

import random
from typing import Any, Protocol

from engine.players.greedy import GreedyPlayer
from engine.players.ismcts import IsmctsPlayer
from engine.protocol import BadRequest, Game
from engine.solvers import advisor_for


class Player(Protocol):
    def choose(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
        """A legal move for `seat`, the seat to move in `state`."""
        ...


class RandomPlayer:
    """Uniform among the legal moves ("easy")."""

    def choose(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
        return rng.choice(game.legal_moves(state))


class AdvisorPlayer:
    """Plays the hint of the game's advisor (engine.solvers), if it has one."""

    def choose(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
        advisor = advisor_for(game)
        hint = advisor.hint(state, rng) if advisor else None
        return hint.move if hint else rng.choice(game.legal_moves(state))


_EASY, _MEDIUM, _HARD = RandomPlayer(), GreedyPlayer(), IsmctsPlayer()
LEVELS: dict[str, Player] = {
    "easy": _EASY, "random": _EASY,
    "medium": _MEDIUM, "greedy": _MEDIUM,
    "hard": _HARD, "ismcts": _HARD,
    "advisor": AdvisorPlayer(),
}


SEAT_LEVELS = ("easy", "medium", "hard")  # the levels a person may give a computer's seat, weakest first


def get_player(level: str) -> Player:
    """The player for a level name ("easy", "medium", "hard", "advisor", ...)."""
    try:
        return LEVELS[level]
    except (KeyError, TypeError):
        shown = f"“{level[:40]}”" if isinstance(level, str) else "given"
        raise BadRequest(f"There is no computer level {shown}: the levels are {', '.join(SEAT_LEVELS[:-1])} "
                         f"and {SEAT_LEVELS[-1]}.") from None
