"""Color Dot draw game: match ends, draw when you cannot play, every double opens four ways.
The round machinery, move ids and view keys are those of `engine.games.table.TableGame`."""

from __future__ import annotations

from engine.games import register
from engine.games.draw_compact import DrawDealer, MediumDrawPlayout
from engine.games.table import PROGRAM_RULES, TableAi, TableGame
from engine.layout import Layout
from engine.protocol import GameSpec, Option
from engine.tiles import Tile

# ---- the draw game --------------------------------------------------------------------------

DRAW_RULES = (
    (
        "Set and deal",
        (
            "Double-6 (2 to 4 players, 5 tiles each), double-9 (the default; 2 to 6 players, 7 "
            "tiles each) or double-12 (2 to 6 players, 9 tiles each). The rest is the draw pile.",
            "The player holding the highest double sets it in the centre. If nobody holds a "
            "double, all tiles are reshuffled and dealt again (from the same seeded generator). "
            "Play then proceeds to the left (seat order 0, 1, 2, ...).",
        ),
    ),
    (
        "Play",
        (
            "Match a tile to an open end: the touching halves show the same number; blanks "
            "match blanks.",
            "Every double, the first included, lies crosswise and is open on all four sides: "
            "after it is attached, its other three sides take tiles matching its number (the "
            "first double: all four). Other tiles are placed lengthwise and have one open end.",
            "A player who can play must play. A player who cannot play draws one tile at a time "
            "until he can, then must play; if the pile runs out and he still cannot, he passes.",
        ),
    ),
    (
        "Scoring",
        (
            "The round ends when a player empties his hand, or when nobody can play and the pile "
            "is empty (blocked).",
            "The winner is the player who went out, else the lowest hand. He scores the sum over "
            "every opponent of (opponent's pips - his own pips). Example: hands 5, 19 and 12: "
            "19 - 5 = 14, 12 - 5 = 7, the winner scores 21.",
            "A tie for the lowest hand in a blocked round scores nothing.",
            "Rounds continue, each dealt afresh and led by whoever holds the highest double, "
            "until a player reaches the target (100 by default).",
            "Every game ends: should 200 rounds pass without anyone reaching the target, the "
            "highest score wins.",
        ),
    ),
    PROGRAM_RULES,
)

DRAW_SPEC = GameSpec(
    id="draw",
    name="Color Dot draw game",
    aliases=("draw-game", "color-dot"),
    players_min=2,
    players_max=6,
    options=(
        Option("set", "Domino set", ("double-6", "double-9", "double-12"), "double-9"),
        Option("players", "Players", (2, 3, 4, 5, 6), 2, "double-6: 2 to 4 players"),
        Option("target", "Target score", (50, 100, 150, 200, 250), 100,
               "A blocked round scores the lowest hand its lead over every opponent: with big hands "
               "left, it can score more than 50 in one round."),
    ),
    summary="Match ends, draw when you cannot play; every double opens four ways. First to the target wins.",
    rules=DRAW_RULES,
    order=40,
    screen="table",
    move_kinds=("play", "draw", "pass", "next-round"),
    hidden_hands=True,
    alias_names=("Draw game", "Color Dot"),
)


class DrawGame(TableGame):
    spec = DRAW_SPEC
    # The hard player's search and the review's play-outs go through a compact round
    # (engine.games.draw_compact): the same choices and margins several times faster.
    ai = TableAi(fast_dealer=DrawDealer, medium_round=MediumDrawPlayout)

    def hand_size(self, top: int, players: int) -> int:
        return {6: 5, 9: 7, 12: 9}[top]

    def players_allowed(self, top: int) -> tuple[int, int]:
        return (2, 4) if top == 6 else (2, 6)

    def start_layout(self, tile: Tile) -> Layout:
        return Layout.tree(tile)


GAME = register(DrawGame())
