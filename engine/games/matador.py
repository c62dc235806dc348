"""Matador: a tile goes on an open end when its touching half and the end total ten.

Move ids: "play:<tile>:<left|right>:<n>" where n is the number the tile leaves open (so a
matador's two ways round are two moves), "draw" and "pass". See engine.games.table for the
shared round machinery and engine.layout for the line.
"""

from __future__ import annotations

from typing import Any

from engine.games import register
from engine.games.matador_compact import MatadorDealer, MatadorPlayout
from engine.games.table import (
    PROGRAM_RULES,
    Score,
    TableAi,
    TableGame,
    TableState,
    differences,
    total_of_others,
)
from engine.layout import End, Layout
from engine.protocol import GameSpec, Option
from engine.tiles import Tile


def is_matador(tile: Tile) -> bool:
    """0-0 and every tile whose halves total ten."""
    return tile.a + tile.b == 10 or (tile.a == 0 and tile.b == 0)


def lead_of(hands: Any) -> tuple[int, Tile]:
    """(seat, tile): the highest double; else the most pips, then the higher half."""
    doubles = [(t.a, s) for s in range(len(hands)) for t in hands[s] if t.is_double]
    if doubles:
        value, leader = max(doubles)
        return leader, Tile(value, value)
    _, b, a, seat = max((t.a + t.b, t.b, t.a, s) for s in range(len(hands)) for t in hands[s])
    return seat, Tile(a, b)


RULES = (
    (
        "Set and deal",
        (
            "Double-9 (the default) or double-12; 3 to 8 players; 7 tiles each for 3 to 6 players, "
            "5 each for 7 or 8. The rest is the draw pile.",
            "The highest double leads; if nobody holds a double, the tile with the most pips leads "
            "(between two tiles with as many pips, the one with the higher half). The lead tile is "
            "set by its holder at once; play proceeds to the left.",
        ),
    ),
    (
        "Making ten",
        (
            "A single line with two open ends; doubles lie in line. The value of an open end is "
            "the number on its exposed half, so an exposed 9-9 counts 9.",
            "A tile may be attached when its touching half and the open end total 10; its far "
            "half becomes the new open end. Example: on an open 9, play a tile with a 1.",
            "Matadors are 0-0 and the tiles whose halves total 10 (double-9: 9-1, 8-2, 7-3, 6-4, "
            "5-5, 0-0; double-12 adds 10-0). A matador may be played on any open end at any time, "
            "either way round, and only a matador can go on a blank (0) end.",
        ),
    ),
    (
        "Turn",
        (
            "A player with a legal play that is not a matador must play (any legal tile).",
            "A player whose only legal plays are matadors may play one, or draw instead.",
            "A player with no legal play must draw. Drawing goes one tile at a time until the drawn "
            "tile is playable; then he must play (that tile or another legal one). If the pile runs "
            "out first, a player holding a matador must play it; otherwise he passes.",
        ),
    ),
    (
        "Scoring",
        (
            "Going out scores the total pips of all other hands (doubles at full value).",
            "A blocked round (nobody can play and the pile is empty): the lowest hand scores the sum "
            "over every opponent of (opponent's pips - his own). A tie for the lowest scores nothing.",
            "Rounds continue, each dealt afresh, until a player reaches the target: 100 (default), 200, "
            "300 or 500. Every game ends: should 200 rounds pass without anyone reaching the target, "
            "the highest score wins.",
        ),
    ),
    PROGRAM_RULES,
)

SPEC = GameSpec(
    id="matador",
    name="Matador",
    players_min=3,
    players_max=8,
    options=(
        Option("set", "Domino set", ("double-9", "double-12"), "double-9"),
        Option("players", "Players", (3, 4, 5, 6, 7, 8), 3),
        Option("target", "Target score", (100, 200, 300, 500), 100,
               "A blocked round scores the lowest hand its lead over every opponent: with many tiles "
               "left, it can score more than 100 in one round."),
    ),
    summary="Make ten at an open end; matadors go anywhere. First to 100 wins.",
    rules=RULES,
    order=50,
    screen="table",
    move_kinds=("play", "draw", "pass", "next-round"),
    hidden_hands=True,
)


class MatadorGame(TableGame):
    spec = SPEC
    # Only going out (or the lowest hand) scores, and ends are made to ten: keeping playable
    # tiles and leaving ends others cannot make ten with matter more than weight; the matadors
    # are kept for when nothing else fits. The hard player plays every move over the same deals
    # (paired: a round turns on the hidden hands and the pile, not on long lines of play), each
    # played out as medium would (engine.games.matador_compact), with three times the usual budget.
    ai = TableAi(
        weights={"pips": 0.3, "double": 4.0, "again": 0.0, "numbers": 1.0, "mine": 3.0, "theirs": 1.0,
                 "block": 6.0, "keep_back": 6.0},
        keep_back=is_matador,
        budget_scale=3,
        fast_dealer=MatadorDealer,
        paired=True,
        medium_round=MatadorPlayout,
    )

    def hand_size(self, top: int, players: int) -> int:
        return 7 if players <= 6 else 5

    def start_layout(self, tile: Tile) -> Layout:
        return Layout.line(tile, crosswise_doubles=False)

    def fits(self, tile: Tile, value: int, need: str) -> tuple[int, ...]:
        a, b = tile.a, tile.b
        if a + b == 10 or (a == 0 and b == 0):
            return (a,) if a == b else (a, b)
        if value == 0:
            return ()
        h = 10 - value
        return (h,) if a == h or b == h else ()

    def end_needs(self, value: int, need: str) -> int | None:
        """10 - value; None where no number makes ten: a blank, and an 11 or a 12 (double-12)."""
        return 10 - value if 0 < value <= 10 else None

    def misfit(self, tile: Tile, end: End) -> str:
        if self.end_needs(end.value, end.need) is None:
            where = "a blank end" if not end.value else f"an open {end.value}"
            return f"{tile} does not fit there: only a matador goes on {where}."
        return super().misfit(tile, end)

    def move_fields(self, state: TableState, move: str) -> dict[str, Any]:
        """The table's fields, and `only`: "a matador" on a play to an end no number makes ten with."""
        out = super().move_fields(state, move)
        if out["kind"] == "play" and out.get("needs") is None and state.layout.end(out["end"]) is not None:
            out["only"] = "a matador"
        return out

    def play_id(self, tile: Tile, end: str, near: int) -> str:
        far = tile.b if tile.a == near else tile.a
        return f"play:{tile}:{end}:{far}"

    def turn_moves(self, state: TableState, plays: list[str]) -> list[str]:
        ends = state.layout.open_ends()
        if state.drawing:
            drawn = state.drawn
            assert drawn is not None
            if not state.stock or any(self.fits(drawn, e.value, e.need) for e in ends):
                return plays or ["pass"]
            return ["draw"]
        hand = state.hands[state.turn]
        if any(not is_matador(t) and self.fits(t, e.value, e.need) for t in hand for e in ends):
            return plays
        if plays:
            return plays + (["draw"] if state.stock else [])
        return ["draw"] if state.stock else ["pass"]

    def score(self, pips_: tuple[int, ...], winner: int, went_out: bool) -> Score:
        return total_of_others(pips_, winner) if went_out else differences(pips_, winner)

    def choose_lead(self, hands: list[list[Tile]], stock: list[Tile]) -> tuple[int, Tile, tuple[int, ...]]:
        leader, lead = lead_of(hands)
        return leader, lead, ()


GAME = register(MatadorGame())
