"""Luzon: pairs to twelve — a one-player double-6 solitaire with everything face up.

Move ids (columns c1..c5 and reserve slots r1..r3, 1-based):
  "discard:c1+c3"  the bottom tiles of two columns (column numbers ascending)
  "discard:c2+r1"  the bottom tile of a column with a reserve tile
  "move:c2>c4"     the bottom tile of column 2 starts a new column in empty slot 4
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.games import register
from engine.protocol import JSON, Game, GameOver, GameSpec, IllegalMove, Option, Outcome
from engine.rng import deal_rng
from engine.tiles import Tile, domino_set

COLUMNS = 5
COLUMN_DEPTH = 5
RESERVE = 3
SIX_PIP_TILES = frozenset(t for t in domino_set(6) if t.pips == 6)

RULES = (
    (
        "The deal",
        (
            "A double-6 set of 28 tiles is dealt face up into 5 columns of 5 tiles; the last 3 "
            "tiles form the reserve, also face up.",
            "The exposed tiles are the bottom tile of each column and every reserve tile.",
        ),
    ),
    (
        "Play",
        (
            "Discard two exposed tiles whose pips total 12. The two must come from different "
            "columns, or one from a column and one from the reserve. Two reserve tiles never pair, "
            "and the two lowest tiles of one column never pair.",
            "While fewer than 5 columns hold tiles, the bottom tile of a column with at least 2 "
            "tiles may be moved to start a new column. There are never more than 5 columns.",
            "You win when all 28 tiles are discarded; you lose when no move is left.",
        ),
    ),
    (
        "Variant: ends total six",
        (
            "A discarded pair a-b / c-d must also match end to end: a+c = 6 and b+d = 6 with the "
            "tiles turned some way round.",
            "The four 6-pip tiles 0-6, 1-5, 2-4 and 3-3 cannot match that way, so they pair with "
            "each other freely.",
        ),
    ),
    (
        "What the program does",
        (
            "The whole deal is visible, so an exact solver knows whether it can still be won. "
            "The hint shows a move on a winning line; when none is left it says so and suggests "
            "the move that lets you discard the most tiles. The 'still winnable' indicator can be "
            "switched off in the settings.",
            "With 'Winnable deals only' (on for a new player, a switch beside the deal), a new "
            "deal is the first from the number asked that the solver proves winnable.",
            "The same deal number always gives the same deal.",
        ),
    ),
)

SPEC = GameSpec(
    id="luzon",
    name="Luzon",
    aliases=("pairs-to-twelve",),
    players_min=1,
    players_max=1,
    options=(
        Option(
            "variant",
            "Variant",
            ("twelve", "sixes"),
            "twelve",
            "twelve: pairs total 12; sixes: the ends must also total six",
        ),
    ),
    summary="Discard all 28 tiles in pairs totalling twelve. Everything is face up.",
    rules=RULES,
    order=10,
    solitaire=True,
    screen="columns",
    move_kinds=("discard", "move"),
    alias_names=("Pairs to Twelve",),
    winnable_deals=True,
)


@dataclass(frozen=True)
class LuzonState:
    variant: str
    columns: tuple[tuple[Tile, ...], ...]  # 5 slots, each top -> bottom; () is an empty slot
    reserve: tuple[Tile | None, ...]  # 3 slots; None once discarded
    discarded: tuple[tuple[Tile, Tile], ...] = ()

    @property
    def tiles_left(self) -> int:
        return sum(len(c) for c in self.columns) + sum(t is not None for t in self.reserve)


def pairs(x: Tile, y: Tile, variant: str) -> bool:
    """Whether x and y may be discarded together (position rules aside)."""
    if x.pips + y.pips != 12:
        return False
    if variant == "twelve" or (x in SIX_PIP_TILES and y in SIX_PIP_TILES):
        return True
    return (x.a + y.a == 6 and x.b + y.b == 6) or (x.a + y.b == 6 and x.b + y.a == 6)


def _slot(text: str, kind: str, count: int) -> int:
    if len(text) < 2 or text[0] != kind or not text[1:].isdigit() or not 1 <= int(text[1:]) <= count:
        raise IllegalMove(NOT_POSSIBLE)
    return int(text[1:]) - 1


NOT_POSSIBLE = "That move is not possible now."


def places(move: str) -> tuple[str, str]:
    """The two place keys of a move id: ("c1", "r2") for "discard:c1+r2", ("c2", "c4") for "move:c2>c4"."""
    _, _, arg = move.partition(":")
    first, _, second = arg.replace(">", "+").partition("+")
    return first, second


class LuzonGame(Game[LuzonState]):
    spec = SPEC
    has_advisor = True

    def num_seats(self, options: dict[str, Any]) -> int:
        return 1

    def new_state(self, options: dict[str, Any], seed: int) -> LuzonState:
        tiles = list(domino_set(6))
        deal_rng(seed).shuffle(tiles)
        columns = tuple(tuple(tiles[i * COLUMN_DEPTH : (i + 1) * COLUMN_DEPTH]) for i in range(COLUMNS))
        reserve = tuple(tiles[COLUMNS * COLUMN_DEPTH :])
        return LuzonState(options["variant"], columns, reserve)

    def to_move(self, state: LuzonState) -> int | None:
        return 0 if state.tiles_left and self.legal_moves(state) else None

    def legal_moves(self, state: LuzonState) -> list[str]:
        moves: list[str] = []
        bottoms = [(i, col[-1]) for i, col in enumerate(state.columns) if col]
        for n, (i, x) in enumerate(bottoms):
            for j, y in bottoms[n + 1 :]:
                if pairs(x, y, state.variant):
                    moves.append(f"discard:c{i + 1}+c{j + 1}")
            for k, r in enumerate(state.reserve):
                if r is not None and pairs(x, r, state.variant):
                    moves.append(f"discard:c{i + 1}+r{k + 1}")
        if len(bottoms) < COLUMNS:
            empties = [j for j, col in enumerate(state.columns) if not col]
            for i, col in enumerate(state.columns):
                if len(col) >= 2:
                    moves.extend(f"move:c{i + 1}>c{j + 1}" for j in empties)
        return sorted(moves)

    def apply(self, state: LuzonState, move: str) -> LuzonState:
        """The state after a legal move; GameOver once every tile is discarded, else
        IllegalMove (with the reason, worded for the player). Move ids are the canonical ones
        of legal_moves (column first). Cheap enough for the solver: it checks the move itself,
        never the whole list of legal moves."""
        if not state.tiles_left:
            raise GameOver("The game is over.")
        columns = list(state.columns)
        reserve = list(state.reserve)
        kind, _, arg = move.partition(":") if isinstance(move, str) else ("", "", "")
        if kind == "discard" and "+" in arg:
            first, second = arg.split("+", 1)
            if first.startswith("r") and second.startswith("r"):
                raise IllegalMove("Two reserve tiles never pair: a pair takes at least one tile from the bottom "
                                  "of a column.")
            if first.startswith("r") and second.startswith("c"):
                swapped = f"discard:{second}+{first}"
                self.apply(state, swapped)  # refused with its reason, if any
                raise IllegalMove(NOT_POSSIBLE)
            i = _slot(first, "c", COLUMNS)
            if not columns[i]:
                raise IllegalMove(f"Column {i + 1} is empty.")
            x = columns[i][-1]
            if second.startswith("r"):
                k = _slot(second, "r", RESERVE)
                y = reserve[k]
                if y is None:
                    raise IllegalMove("That reserve tile is already discarded.")
                reserve[k] = None
            else:
                j = _slot(second, "c", COLUMNS)
                if j == i:
                    raise IllegalMove("Two tiles of one column never pair: "
                                      "take the other from another column or the reserve.")
                if not columns[j]:
                    raise IllegalMove(f"Column {j + 1} is empty.")
                y = columns[j][-1]
                columns[j] = columns[j][:-1]
            if not pairs(x, y, state.variant):
                why = ("do not total 12" if x.pips + y.pips != 12
                       else "do not match end to end (the ends must total six)")
                raise IllegalMove(f"{x} and {y} {why}.")
            columns[i] = columns[i][:-1]
            return LuzonState(state.variant, tuple(columns), tuple(reserve), state.discarded + ((x, y),))
        if kind == "move" and ">" in arg:
            source, target = arg.split(">", 1)
            i, j = _slot(source, "c", COLUMNS), _slot(target, "c", COLUMNS)
            if sum(1 for c in columns if c) >= COLUMNS:
                raise IllegalMove("A new column may only start while fewer than 5 columns hold tiles.")
            if len(columns[i]) < 2:
                raise IllegalMove("Only a column with at least 2 tiles can give its bottom tile to a new column.")
            if columns[j]:
                raise IllegalMove(f"Column {j + 1} is not empty: a new column starts in an empty place.")
            columns[j] = (columns[i][-1],)
            columns[i] = columns[i][:-1]
            return LuzonState(state.variant, tuple(columns), tuple(reserve), state.discarded)
        raise IllegalMove(NOT_POSSIBLE)

    def outcome(self, state: LuzonState) -> Outcome | None:
        left = state.tiles_left
        if left == 0:
            return Outcome((0,), "All 28 tiles discarded.", (0,))  # (the dialog's title says "You won!")
        if not self.legal_moves(state):
            return Outcome((), f"No move is left with {left} tiles in play.", (left,))
        return None

    def view(self, state: LuzonState, seat: int | None) -> JSON:
        left = state.tiles_left
        return {
            "board": {
                "columns": [[str(t) for t in col] for col in state.columns],
                "reserve": [str(t) if t else None for t in state.reserve],
                "variant": state.variant,
                "discarded": 28 - left,
                "left": left,
                "keys": {"columns": [f"c{i + 1}" for i in range(COLUMNS)],
                         "reserve": [f"r{k + 1}" for k in range(RESERVE)]},
            },
            "status": f"{left} tile{'s' if left != 1 else ''} left" if left else "All tiles discarded",
        }

    def tile_at(self, state: LuzonState, place: str) -> Tile:
        """The exposed tile at a place key ("c3": the bottom of column 3, "r1": reserve slot 1)."""
        if place[0] == "r":
            tile = state.reserve[int(place[1:]) - 1]
            assert tile is not None
            return tile
        return state.columns[int(place[1:]) - 1][-1]

    def move_label(self, state: LuzonState, move: str) -> str:
        return self._text(state, move)

    def _text(self, state: LuzonState, move: str) -> str:
        kind = move.partition(":")[0]
        first, second = places(move)
        x = self.tile_at(state, first)
        if kind == "discard":
            y = self.tile_at(state, second)
            where = "from the reserve" if second[0] == "r" else f"from column {second[1:]}"
            return f"Discard {x} (column {first[1:]}) with {y} ({where})"
        return f"Move {x} from column {first[1:]} to start column {second[1:]}"

    def move_fields(self, state: LuzonState, move: str) -> dict[str, Any]:
        """discard: "tiles" and "from" lists (place keys "c1".."c5", "r1".."r3"), to "discard";
        move: "tile", "from", "to" (column keys)."""
        kind = move.partition(":")[0]
        first, second = places(move)
        text = self._text(state, move)
        you = text[0].lower() + text[1:]
        if kind == "discard":
            tiles = [str(self.tile_at(state, first)), str(self.tile_at(state, second))]
            return {"kind": kind, "tiles": tiles, "from": [first, second], "to": "discard", "you": you}
        tile = str(self.tile_at(state, first))
        return {"kind": kind, "tile": tile, "from": first, "to": second, "you": you}

    def pieces(self, state: LuzonState) -> Counter[str]:
        found: Counter[str] = Counter(str(t) for col in state.columns for t in col)
        found.update(str(t) for t in state.reserve if t is not None)
        found.update(str(t) for pair in state.discarded for t in pair)
        return found

    def hidden_from(self, state: LuzonState, seat: int) -> set[str]:
        return set()


GAME = LuzonGame()
register(GAME)
