"""The registry of games: every game module registers its Game object here."""

from __future__ import annotations

from typing import Any

from engine.protocol import Game, UnknownGame

GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> Game[Any]:
    if game.spec.id in GAMES:
        raise ValueError(f"game {game.spec.id} registered twice")
    GAMES[game.spec.id] = game
    return game


def get_game(name: str) -> Game[Any]:
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
    _load_all()
    return list(GAMES.values())


# Catalog order: solitaires first, then the table games. A module missing here is "coming".
GAME_MODULES = (
    "luzon",
    "big_clock",
    "clock",
    "draw",
    "matador",
    "tiddle_a_wink",
    "round_the_clock",
)
PLANNED = {
    "luzon": "Luzon",
    "big-clock": "The Big Clock",
    "clock": "Clock (CARDominoes)",
    "draw": "Color Dot draw game",
    "matador": "Matador",
    "tiddle-a-wink": "Tiddle-A-Wink",
    "round-the-clock": "Round The Clock",
}


_loaded = False


def _load_all() -> None:
    global _loaded
    import importlib

    if _loaded:
        return
    _loaded = True
    for mod in GAME_MODULES:
        try:
            importlib.import_module(f"engine.games.{mod}")
        except ModuleNotFoundError as exc:
            if exc.name != f"engine.games.{mod}":
                raise
