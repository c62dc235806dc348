"""The words of the table games and `TableGame`, the class each of them subclasses: the rules
(`engine.games.table.rules.TableRules`) with their words (move labels and the page's move
fields, refusals, the status line, the views).

Word hooks a game fills in its own module: end_label, end_needs, misfit, pass_words,
round_json, phase_json. The base words name no game: a game whose ends take other tiles than matching
ones, or whose ends have names of their own, words them itself."""

from __future__ import annotations

from typing import Any

from engine.games.table.rules import TableRules
from engine.games.table.state import DEALER, NEXT_ROUND, TableState, rounds_history
from engine.layout import End
from engine.protocol import JSON
from engine.tiles import Tile

# The last section of every table game's rules page: what this program adds to the sheet.
PROGRAM_RULES = (
    "What the program does",
    (
        "When a round ends, every hand is shown with the score arithmetic (for example "
        "\"19 - 5 = 14, 12 - 5 = 7, 21\"); seat 0 (you, at the default table) then deals the "
        "next round. The same deal number always gives the same deals.",
        "Computer players decide from what their seat can see: their own hand, the table, "
        "how many tiles each player holds, and what the others showed by drawing or passing.",
    ),
)



def number_words(value: int | None, bare: bool = False) -> str:
    """An end's number as a player says it: "a blank" for 0, "a 5", "an 8" ("5", "8" when `bare`)."""
    if value == 0:
        return "a blank"
    return str(value) if bare else f"{'an' if value in (8, 11, 18) else 'a'} {value}"

class TableGame(TableRules):
    """A table game: its rules (`TableRules`, whose hooks it may override) and its words. A
    game sets `spec` (and `kept_in_stock`, `ai` where they differ) and registers an instance."""

    # ---- word hooks ---------------------------------------------------------------------
    def end_label(self, state: TableState, end: str) -> str:
        """An open end as a move label names it: by what the player sees there, the tile it grows
        from and the number open on it ("the 5 of 5-6"; a double: "the 6-6"), never by a side
        of the table, which a line that turns at the table's edge does not keep (its "left"
        end may lie on the right). Only a line's two ends still on its lead alike ("the left
        side of 6-6") are named by their side, which is where they lie: nothing has turned yet."""
        if end.startswith("e"):  # a tree's end: its tile, all of whose open sides it names
            k = int(end[1:])
            placed = state.layout.tiles[k]
            return f"the {placed.far} of {placed.tile}" if k else f"the {placed.tile}"
        layout = state.layout
        open_end = layout.end(end)
        if open_end is None:
            return "an end that is not open"
        placed = layout.tiles[open_end.tile]
        if any(other.name != end and other.tile == open_end.tile and other.value == open_end.value
               for other in layout.open_ends()):
            return f"the {end} side of {placed.tile}"
        return f"the {placed.tile}" if placed.tile.is_double else f"the {open_end.value} of {placed.tile}"

    def end_needs(self, value: int, need: str) -> int | None:
        """The number a tile must show to go on an open end of `value` (None: only tiles the
        game's rules single out may go there)."""
        return value

    def misfit(self, tile: Tile, end: End) -> str:
        """Why `tile` may not go on the open `end` (a game whose ends take other tiles than
        matching ones says so in its own words)."""
        if end.need == "double":
            return f"{tile} does not fit there: that end needs the {end.value}-{end.value}."
        return f"{tile} does not fit there: that end needs {number_words(self.end_needs(end.value, end.need))}."

    pass_words = ("passes", "pass", "Pass")  # label, "you" form, button caption

    def phase_json(self, state: TableState) -> JSON:
        """The view's "phase", for a game whose play goes in phases: {"name", "text": what the
        phase asks of the table, a phrase the page shows beside the round}; None: no phases."""
        return None

    def round_json(self, state: TableState) -> JSON:
        """The view's "round": how the round started and where it stands (a game adds its own)."""
        info = state.info
        out: dict[str, Any] = {
            "number": info.number,
            "leader": info.leader,
            "lead_tile": str(info.lead_tile),
            "redeals": info.redeals,
            "drew_this_turn": state.drawn is not None,
            "over": state.between or state.turn < 0,
        }
        if info.lead_draws:
            out["lead_draws"] = list(info.lead_draws)
        return out

    # ---- labels, refusals and views ------------------------------------------------------
    def move_label(self, state: TableState, move: str) -> str:
        return self._words(state, move)[0]

    def _words(self, state: TableState, move: str) -> tuple[str, str, str | None]:
        """(label after a seat name, the same for "you", button caption or None)."""
        if move == "draw":
            return "draws a tile", "draw a tile", "Draw"
        if move == "pass":
            return self.pass_words
        if move == NEXT_ROUND:
            n = state.round_no + 1
            return f"deals round {n}", f"deal round {n}", f"Deal round {n}"
        try:
            tile, end, far = self.parse_play(move)
        except (ValueError, IndexError):
            return move, move, None
        where = f"{tile} on {self.end_label(state, end)}"
        text = f"plays {where}"
        if far is not None and not tile.is_double:
            text += f", leaving {number_words(far, bare=True)} open"
        opened = self.left_open(state, tile, end, far)
        you = f"play {where}"
        if opened is not None and not tile.is_double:
            you += f", leaving {number_words(opened, bare=True)} open"
        return text, you, None

    def left_open(self, state: TableState, tile: Tile, end: str, far: int | None) -> int | None:
        """The number `tile` leaves open when played on `end` (None when it cannot go there)."""
        if far is not None:
            return far
        e = state.layout.end(end)
        if e is None:
            return None
        near = self.fits(tile, e.value, e.need)
        return tile.other(near[0]) if near and tile.has(near[0]) else None

    def move_fields(self, state: TableState, move: str) -> dict[str, Any]:
        """kind "play" | "draw" | "pass" | "next-round"; plays add tile, from "hand", to
        "end:<end>", end, need ("match"/"double"), needs, open; draw goes from "stock" to "hand"."""
        _, you, button = self._words(state, move)
        out: dict[str, Any] = {"kind": move if move in ("draw", "pass", NEXT_ROUND) else "play", "you": you}
        if button:
            out["button"] = button
        if move == "draw":
            out.update({"from": "stock", "to": "hand"})
        if out["kind"] != "play":
            return out
        try:
            tile, end, far = self.parse_play(move)
        except (ValueError, IndexError):
            return {"kind": "unknown", "you": move}
        e = state.layout.end(end)
        out.update({"tile": str(tile), "from": "hand", "to": f"end:{end}", "end": end,
                    "need": e.need if e else None, "needs": self.end_needs(e.value, e.need) if e else None,
                    "open": self.left_open(state, tile, end, far)})
        return out


    def refusal(self, state: TableState, move: str) -> str:
        """Why `move` is not legal, worded for the player (the move id is never echoed)."""
        seat = state.turn
        legal = self._legal(state)
        if state.between:
            return "The round is over: deal the next round first."
        if move == NEXT_ROUND:
            return "The round is still being played."
        if move == "draw":
            if not self.can_draw(state):
                if self.kept_in_stock is None:
                    return "Nobody draws in this game."
                return "The last tiles stay in the boneyard: you may not draw." if state.stock \
                    else "There is nothing to draw."
            return "You can play, so you may not draw." if any(m.startswith("play:") for m in legal) \
                else "You may not draw now."
        if move == "pass":
            if "draw" in legal:
                return "You cannot pass while you can draw."
            return "You can play, so you may not pass."
        try:
            tile, end, _ = self.parse_play(move)
        except (ValueError, IndexError):
            return "That move is not possible now."
        if tile not in state.hands[seat]:
            return f"You do not hold {tile}."
        e = state.layout.end(end)
        if e is None:
            return "That end is not open."
        if not self.fits(tile, e.value, e.need):
            return self.misfit(tile, e)
        playable = any(m.startswith(f"play:{tile}:") for m in legal)
        if state.drawn is not None and tile != state.drawn and not playable:
            return f"Play the tile you drew ({state.drawn}), or pass."
        return f"{tile} cannot be played that way now."

    def status(self, state: TableState) -> str:
        if state.turn < 0:
            return f"Game over: {state.reason}."
        if state.between:
            return f"Round {state.round_no} is over. Seat {DEALER} deals the next round."
        if state.drawing and state.drawn is not None:
            return f"Seat {state.turn} is drawing."
        return f"Round {state.round_no}: seat {state.turn} to play."

    def view(self, state: TableState, seat: int | None) -> JSON:
        out: dict[str, Any] = {
            "board": state.layout.to_json(),
            "hand": [str(t) for t in state.hands[seat]] if seat is not None else None,
            "hand_counts": [len(h) for h in state.hands],
            "stock": len(state.stock),
            "scores": list(state.scores),
            "target": state.target,
            "status": self.status(state),
            "round": self.round_json(state),
            "phase": self.phase_json(state),
            "last_round": state.last.to_json() if state.last else None,
            "rounds": rounds_history(state.rounds),
        }
        if seat is None:
            out["hands"] = [[str(t) for t in h] for h in state.hands]
            out["stock_tiles"] = [str(t) for t in state.stock]
        elif seat == state.turn and state.drawn is not None:
            out["drawn"] = str(state.drawn)
        return out
