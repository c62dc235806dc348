"""Round The Clock: a double-6 block game around a 6-6 spinner with four arms.

Move ids: "play:<tile>:arm<k>" (k = 0..3: north, east, south, west), "draw" and "pass".
Play alternates globally between a tile phase and a double phase (`place`); the view's "phase"
says which, and what it asks of the table.
"""

from __future__ import annotations

from engine.games import register
from engine.games.round_the_clock_compact import RtcDealer
from engine.games.table import PROGRAM_RULES, Score, TableAi, TableGame, TableState, total_of_others
from engine.layout import End, Layout
from engine.protocol import JSON, GameSpec, Option
from engine.tiles import Tile

SPINNER = Tile(6, 6)
KEEP_IN_BONEYARD = 2  # drawing is allowed only while more than 2 tiles remain
TILE_PHASE, DOUBLE_PHASE = "tile", "double"
PHASES = {  # what each phase asks of the table, as the page shows it beside the board (a phone's
    # slim column gives it a line of its own: keep each to about 40 characters; the lesson's words)
    TILE_PHASE: "tile phase: one matching tile per arm",
    DOUBLE_PHASE: "double phase: each arm takes its double",
}

RULES = (
    (
        "Set and deal",
        (
            "Double-6 set; 2 to 5 players; hands of 7 (2 players), 6 (3 players) or 5 (4 or 5 "
            "players). The rest is the boneyard.",
            "The holder of the 6-6 sets it. If nobody holds it, players draw from the boneyard one "
            "tile at a time in seat order, starting at seat 0, until someone draws it; that player "
            "sets it at once. Play then proceeds to his left.",
        ),
    ),
    (
        "Round the clock",
        (
            "The 6-6 is a spinner with four arms. Play alternates between two phases for the whole "
            "table: in a tile phase each arm must receive one tile matching its open end, in any "
            "order, until all four arms have one; in the double phase that follows, each arm must "
            "receive the double of its open end, until all four have one. Then a new tile phase "
            "begins, and so on. Doubles lie crosswise and do not branch.",
            "An arm that has had its tile (or double) of the current phase is closed until the "
            "phase changes.",
            "A player who can play must play. A player who cannot play draws one tile, but only "
            "while more than 2 tiles remain in the boneyard; he plays it if it fits, else passes. "
            "A player who can play may not draw.",
        ),
    ),
    (
        "Scoring",
        (
            "The round ends when a player empties his hand, or when nobody can play or draw "
            "(blocked).",
            "The winner is the player who went out, else the lowest hand; he scores the total pips "
            "in all other hands. A tie for the lowest hand in a block scores nothing.",
            "Rounds continue until a player reaches the target: 50, 100 (default), 150, 200 or 250. "
            "Each round is dealt afresh and led by the 6-6 again. Every game ends: should 200 rounds "
            "pass without anyone reaching the target, the highest score wins.",
        ),
    ),
    PROGRAM_RULES,
)

SPEC = GameSpec(
    id="round-the-clock",
    name="Round The Clock",
    aliases=("rtc",),
    players_min=2,
    players_max=5,
    options=(
        Option("set", "Domino set", ("double-6",), "double-6"),
        Option("players", "Players", (2, 3, 4, 5), 2),
        Option("target", "Target score", (50, 100, 150, 200, 250), 100,
               "A blocked round scores the lowest hand every other hand's pips: it can score more than "
               "50 in one round."),
    ),
    summary="Four arms round the 6-6: a tile on every arm, then a double on every arm, and again.",
    rules=RULES,
    order=70,
    screen="table",
    move_kinds=("play", "draw", "pass", "next-round"),
    hidden_hands=True,
)


def phase_of(layout: Layout) -> str:
    """The table's phase: the double phase while the arms need doubles, else the tile phase."""
    return DOUBLE_PHASE if layout.ends[0].need == "double" else TILE_PHASE


class RoundTheClockGame(TableGame):
    spec = SPEC
    kept_in_stock = KEEP_IN_BONEYARD
    # Nearly every round ends blocked with the lowest hand winning, so the outcome turns on the
    # other hands and the boneyard, which only more determinizations sample well; a compact
    # copy of the round keeps that search fast.
    ai = TableAi(budget_scale=9, fast_dealer=RtcDealer)

    def hand_size(self, top: int, players: int) -> int:
        return {2: 7, 3: 6}.get(players, 5)

    def start_layout(self, tile: Tile) -> Layout:
        return Layout.spinner(tile)  # the tile phase: every arm open, needing a matching tile

    def place(self, layout: Layout, end: str, tile: Tile, near: int) -> Layout:
        """The phase rule: an arm that had its tile (or double) of the phase is closed; once
        all four have, the phase changes and every arm opens again, needing a matching tile
        in the tile phase and the double of its end in the double phase."""
        placed = layout.place(end, tile, near)
        arm = int(end[3:])
        closed = tuple(c or i == arm for i, c in enumerate(placed.closed))
        if not all(closed):
            return placed._replace(closed=closed)
        need = "match" if phase_of(placed) == DOUBLE_PHASE else "double"
        ends = tuple(e._replace(need=need) for e in placed.ends)
        return placed._replace(ends=ends, closed=(False,) * 4)

    def turn_moves(self, state: TableState, plays: list[str]) -> list[str]:
        if state.drawn is not None:  # drew this turn: only the drawn tile may be played
            return self.plays(state, state.turn, state.drawn) or ["pass"]
        if plays:
            return plays
        return ["draw"] if self.can_draw(state) else ["pass"]

    def score(self, pips_: tuple[int, ...], winner: int, went_out: bool) -> Score:
        return total_of_others(pips_, winner)

    def choose_lead(self, hands: list[list[Tile]], stock: list[Tile]) -> tuple[int, Tile, tuple[int, ...]]:
        """The holder of the 6-6 leads; if nobody holds it, seats draw from the boneyard one
        tile at a time in seat order, from seat 0, until someone draws it."""
        n = len(hands)
        draws = [0] * n
        holder = next((s for s in range(n) if SPINNER in hands[s]), None)
        seat = 0
        while holder is None:
            tile = stock.pop(0)
            hands[seat].append(tile)
            draws[seat] += 1
            if tile == SPINNER:
                holder = seat
            seat = (seat + 1) % n
        return holder, SPINNER, tuple(draws) if any(draws) else ()

    def end_label(self, state: TableState, end: str) -> str:
        k = int(end[3:])
        return f"arm {k + 1} ({('north', 'east', 'south', 'west')[k]})"

    def misfit(self, tile: Tile, end: End) -> str:
        if end.need == "double":
            return f"{tile} does not fit there: that arm needs the {end.value}-{end.value}."
        return super().misfit(tile, end)

    def phase_json(self, state: TableState) -> JSON:
        phase = phase_of(state.layout)
        return {"name": phase, "text": PHASES[phase]}


GAME = register(RoundTheClockGame())
