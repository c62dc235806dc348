"""Tiddle-A-Wink: a line game for 6 to 10 players with no drawing; a double earns another turn.

Move ids: "play:<tile>:<left|right>" and "pass" (the player says "Go"). The tiles left over
after the deal are set aside unseen; the view counts them as "stock" (never drawable).
"""

from __future__ import annotations

from typing import Any

from engine.games import register
from engine.games.table import PROGRAM_RULES, Score, TableGame, TableState, total_of_others
from engine.layout import Layout
from engine.protocol import GameSpec, Option
from engine.tiles import Tile

RULES = (
    (
        "Set and deal",
        (
            "Double-9 (the default) or double-12; 6 to 10 players; 5 tiles each. The rest is set "
            "aside unseen: there is no drawing.",
            "The highest double leads; if nobody holds a double, all tiles are reshuffled and dealt "
            "again (from the same seeded generator). Play proceeds to the left.",
        ),
    ),
    (
        "Play",
        (
            "A single line with two open ends and ordinary matching (the touching halves show the "
            "same number). Doubles lie crosswise but do not branch.",
            "Whoever plays a double, the lead included, takes another turn at once.",
            "A player who can play must play. A player who cannot play says \"Go\" and passes.",
        ),
    ),
    (
        "Scoring",
        (
            "Going out (\"Tiddle-A-Wink!\") scores the total pips of all other hands.",
            "A blocked round (nobody can play): the lowest hand scores (total of all other hands) "
            "- (his own). A tie for the lowest scores nothing.",
            "Rounds continue, each dealt afresh, until a player reaches the target: 100, 200 (default), "
            "300 or 500. Every game ends: should 200 rounds pass without anyone reaching the target, "
            "the highest score wins.",
        ),
    ),
    PROGRAM_RULES,
)

SPEC = GameSpec(
    id="tiddle-a-wink",
    name="Tiddle-A-Wink",
    aliases=("tiddle",),
    players_min=6,
    players_max=10,
    options=(
        Option("set", "Domino set", ("double-9", "double-12"), "double-9"),
        Option("players", "Players", (6, 7, 8, 9, 10), 6),
        Option("target", "Target score", (100, 200, 300, 500), 200,
               "A blocked round scores the lowest hand the other hands' pips less its own: at a big "
               "table, it can score more than 100 in one round."),
    ),
    summary="A line game for a big table: no drawing, a double plays again, say \"Go\" when stuck. First to 200.",
    rules=RULES,
    order=60,
    screen="table",
    move_kinds=("play", "pass", "next-round"),
    hidden_hands=True,
    alias_names=("Tiddle",),
)


class TiddleAWinkGame(TableGame):
    spec = SPEC

    def hand_size(self, top: int, players: int) -> int:
        return 5

    def start_layout(self, tile: Tile) -> Layout:
        return Layout.line(tile, crosswise_doubles=True)

    kept_in_stock = None  # nobody ever draws: the tiles left over are set aside

    def after_play_lead(self, n: int, leader: int) -> int:
        return leader  # the lead is a double: another turn at once

    def after_play(self, state: TableState, seat: int, tile: Tile) -> int:
        return seat if tile.is_double else (seat + 1) % state.n

    def score(self, pips_: tuple[int, ...], winner: int, went_out: bool) -> Score:
        others = total_of_others(pips_, winner)
        return others if went_out else others._replace(less=pips_[winner])

    pass_words = ('says "Go" and passes', 'say "Go" and pass', '"Go"')

    def round_json(self, state: TableState) -> Any:
        out = super().round_json(state)
        out["set_aside"] = len(state.stock)
        return out


GAME = register(TiddleAWinkGame())
