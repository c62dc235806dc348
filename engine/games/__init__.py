"""The registry of games. Every module of this package that calls `register` is a game: the
registry imports them all on first use, so a new game is one new module and nothing else."""

from __future__ import annotations

from typing import Any

from engine.plugins import import_submodules
from engine.protocol import Game, UnknownGame

GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    if game.spec.id in GAMES:
        raise ValueError(f"game {game.spec.id} registered twice")
    GAMES[game.spec.id] = game
    return game


def get_game(name: Any) -> Game[Any]:
    """A game by id or alias; raises UnknownGame."""
    _load_all()
    if isinstance(name, str):
        if name in GAMES:
            return GAMES[name]
        for game in GAMES.values():
            if name in game.spec.aliases:
                return game
    raise UnknownGame(f"no game {name!r}; known: {', '.join(sorted(GAMES))}")


def all_games() -> list[Game[Any]]:
    """Every game in catalog order (`GameSpec.order`, then the name)."""
    _load_all()
    return sorted(GAMES.values(), key=lambda g: (g.spec.order, g.spec.name))


def _load_all() -> None:
    """Import every module of this package (once); the games among them register."""
    import_submodules(__name__, __path__)
