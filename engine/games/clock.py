"""Clock, played with CARDominoes — a one-player game of 52 card-tiles in 13 piles.

Slots 1..12 are the hours (A=1, J=11, Q=12); slot 13 is the centre pile, the kings' place.
Every pile starts with 4 face-down tiles (top first).

Move ids:
  "turn"              turn up the top face-down tile of the pile to play from (the centre pile
                      first, then the pile of the rank just placed) and place it face up at
                      its rank's slot; this is the only move until the fourth king turns up
  "exchange:slotS:D"  (once per game, option `exchange`, after the fourth king turned up too
                      early) take the D-th face-down tile from the top of slot S's pile
                      (D = 1 is the top), put the king there face down, and place the taken
                      tile at its rank's slot; play goes on from that slot's pile

With `exchange` off the only move is ever "turn": the game has no decisions.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from engine.games import register
from engine.protocol import JSON, Game, GameOver, GameSpec, IllegalMove, Option, Outcome
from engine.rng import deal_rng
from engine.tiles import RANKS, Card, card_deck

CENTRE = 13
KING = 13
PILE = 4

RULES = (
    (
        "The layout",
        (
            "The 52 CARDominoes (jokers removed) are shuffled and dealt face down into 13 piles "
            "of 4: twelve around the dial, one for each hour (ace = 1 o'clock, jack = 11, "
            "queen = 12), and the thirteenth in the centre for the kings.",
            "Goal: every tile face up on its own pile, the four aces at 1 o'clock, and so on, "
            "the four kings in the centre.",
        ),
    ),
    (
        "Play",
        (
            "Turn up the top face-down tile of the centre pile and place it face up at its "
            "rank's position. Then turn up the top face-down tile of that pile, place it, and "
            "so on: you always play from the pile where you just placed a tile.",
            "A tile turned up at its own position is placed there too, and the next face-down "
            "tile of that pile is turned up.",
            "The round stops when the fourth king is turned up. You win if at that moment every "
            "tile is face up.",
            "There are no decisions in this play: the page offers to turn tiles one by one or "
            "to play to the end.",
        ),
    ),
    (
        "The exchange (option, on by default)",
        (
            "Once per game, when the fourth king turns up while tiles are still face down, you "
            "choose any one face-down tile anywhere in the layout (its pile and how deep it "
            "lies). The king takes its place, face down, and the taken tile is placed face up "
            "at its rank's position; play goes on from there as usual.",
            "If the fourth king turns up again before every other tile is face up, the game is "
            "lost.",
            "Only the bottom tile of a pile can lead to a win: a king put above other face-down "
            "tiles turns up before them. The advisor shows each choice's exact chance to win.",
            "Without the exchange, the game is lost as soon as the fourth king turns up too early.",
        ),
    ),
    (
        "What the program does",
        (
            "The chance of an exchange is exact: whatever the unknown order of the face-down "
            "tiles, swapping the king with the bottom tile of a pile holding c face-down tiles, "
            "out of n face-down in all, wins with probability c / n.",
            "The same deal number always gives the same deal.",
        ),
    ),
)

SPEC = GameSpec(
    id="clock",
    name="Clock (CARDominoes)",
    aliases=("clock-cardominoes", "cardominoes-clock"),
    players_min=1,
    players_max=1,
    options=(
        Option(
            "exchange",
            "Exchange",
            (True, False),
            True,
            "once per game, swap the fourth king (when it turns up too early) with a face-down tile",
        ),
    ),
    summary="Turn the tiles up pile by pile around a clock dial before the fourth king appears.",
    rules=RULES,
    order=30,
    solitaire=True,
    screen="card-dial",
    move_kinds=("turn", "exchange"),
    alias_names=("Clock with CARDominoes",),
)


@dataclass(frozen=True)
class ClockState:
    exchange: bool  # the option
    down: tuple[tuple[Card, ...], ...]  # down[s - 1]: slot s's face-down tiles, top first
    up: tuple[tuple[Card, ...], ...]  # up[s - 1]: slot s's face-up tiles, in the order placed
    next_slot: int = CENTRE  # the pile the next tile is turned from
    phase: str = "turn"  # "turn" | "exchange" | "won" | "lost"
    swapped: tuple[int, Card] | None = None  # (slot, king) once the exchange is made: known
    taken: Card | None = None  # the tile the exchange took
    last: Card | None = None  # the tile turned up last

    @property
    def face_down(self) -> int:
        return sum(len(p) for p in self.down)

    @property
    def exchange_used(self) -> bool:
        return self.swapped is not None

    def king_depth(self) -> int | None:
        """How deep (1 = top) the exchanged king lies face down, while it does."""
        if self.swapped is None:
            return None
        slot, king = self.swapped
        pile = self.down[slot - 1]
        return pile.index(king) + 1 if king in pile else None


def _place(state: ClockState, card: Card, down: list[tuple[Card, ...]], **changes: Any) -> ClockState:
    """Place `card` face up at its rank's slot and decide what happens next."""
    up = list(state.up)
    up[card.rank - 1] = up[card.rank - 1] + (card,)
    phase, next_slot = "turn", card.rank
    if card.rank == KING and len(up[KING - 1]) == 4:
        if not any(down):
            phase = "won"
        elif state.exchange and state.swapped is None and "swapped" not in changes:
            phase = "exchange"
        else:
            phase = "lost"
    elif not down[next_slot - 1]:  # cannot happen (each pile holds enough); kept for safety
        phase = "lost"
    return replace(state, down=tuple(down), up=tuple(up), phase=phase, next_slot=next_slot, last=card, **changes)


def _parse_exchange(move: str) -> tuple[int, int]:
    parts = move.split(":")
    if len(parts) != 3 or not parts[1].startswith("slot") or not parts[1][4:].isdigit() or not parts[2].isdigit():
        raise IllegalMove("That move is not possible now.")
    return int(parts[1][4:]), int(parts[2])


def refusal(state: ClockState, move: str) -> str:
    """Why `move` (not legal in `state`) is refused, worded for the player."""
    if state.phase == "exchange":
        if move.startswith("exchange:"):
            return "There is no face-down tile there."
        return "Choose a face-down tile to exchange the king with."
    if move.startswith("exchange:"):
        if not state.exchange:
            return "The exchange is off in this game."
        if state.exchange_used:
            return "The exchange is used: it is allowed once per game."
        return "An exchange is only possible when the fourth king turns up too early."
    return "That move is not possible now."


def tiles(n: int) -> str:
    return f"{n} tile{'' if n == 1 else 's'}"


def slot_name(slot: int) -> str:
    return "the centre" if slot == CENTRE else f"{slot} o'clock"


def status_text(state: ClockState) -> str:
    if state.phase == "won":
        return "Every tile is face up: you won!"
    if state.phase == "lost":
        again = " again" if state.exchange_used else ""
        return f"Lost: the fourth king turned up{again} with {tiles(state.face_down)} still face down"
    if state.phase == "exchange":
        return "The fourth king turned up too early: pick a pile on the dial, then a tile in the middle to swap it with"
    return f"Turn up the next tile of {slot_name(state.next_slot)}"


def exchange_text(state: ClockState) -> str:
    """The exchange, as the player reads it under the dial."""
    if not state.exchange:
        return "exchange off: no decisions in this game"
    if state.swapped is not None:
        slot, _ = state.swapped
        assert state.taken is not None
        return (f"exchange used: you took the {state.taken.name} and put the king face down "
                f"at {slot_name(slot)}")
    if state.phase == "exchange":
        return "exchange: choose a face-down tile"
    if state.phase in ("won", "lost"):
        return "exchange not used"
    return "exchange available once"


def summary_text(state: ClockState) -> str:
    up = 52 - state.face_down
    return f"{up} of 52 face up · {state.face_down} face down · {exchange_text(state)}"


class ClockGame(Game[ClockState]):
    spec = SPEC
    has_advisor = True

    def num_seats(self, options: dict[str, Any]) -> int:
        return 1

    def new_state(self, options: dict[str, Any], seed: int) -> ClockState:
        cards = list(card_deck())
        deal_rng(seed).shuffle(cards)
        down = tuple(tuple(cards[PILE * i : PILE * (i + 1)]) for i in range(CENTRE))
        return ClockState(options["exchange"], down, ((),) * CENTRE)

    def to_move(self, state: ClockState) -> int | None:
        return 0 if state.phase in ("turn", "exchange") else None

    def legal_moves(self, state: ClockState) -> list[str]:
        if state.phase == "turn":
            return ["turn"]
        if state.phase == "exchange":
            return sorted(
                f"exchange:slot{s}:{d}" for s in range(1, CENTRE + 1) for d in range(1, len(state.down[s - 1]) + 1)
            )
        return []

    def apply(self, state: ClockState, move: str) -> ClockState:
        """The state after a legal move; IllegalMove (or GameOver) otherwise, nothing changed."""
        if state.phase in ("won", "lost"):
            raise GameOver("The game is over.")
        if not isinstance(move, str) or move not in self.legal_moves(state):
            raise IllegalMove(refusal(state, move) if isinstance(move, str) else "That is not a move.")
        down = list(state.down)
        if move == "turn":
            pile = down[state.next_slot - 1]
            down[state.next_slot - 1] = pile[1:]
            return _place(state, pile[0], down)
        slot, depth = _parse_exchange(move)
        swapped = list(down[slot - 1])
        taken = swapped[depth - 1]
        king = state.up[KING - 1][-1]
        swapped[depth - 1] = king
        down[slot - 1] = tuple(swapped)
        up = list(state.up)
        up[KING - 1] = up[KING - 1][:-1]
        return _place(replace(state, up=tuple(up)), taken, down, swapped=(slot, king), taken=taken)

    def outcome(self, state: ClockState) -> Outcome | None:
        if state.phase == "won":
            return Outcome((0,), "Every tile is face up.", (0,), {"face_down": 0})
        if state.phase == "lost":
            left = state.face_down
            again = " again" if state.exchange_used else ""
            return Outcome(
                (),
                f"Lost: the fourth king turned up{again} with {tiles(left)} still face down.",
                (left,),
                {"face_down": left},
            )
        return None

    def view(self, state: ClockState, seat: int | None) -> JSON:
        depth = state.king_depth()
        slots = []
        for s in range(1, CENTRE + 1):
            entry: dict[str, Any] = {
                "slot": s,
                "key": f"slot{s}",
                "rank": RANKS[s - 1],
                "face_down": len(state.down[s - 1]),
                "face_up": [str(c) for c in state.up[s - 1]],
                "king_depth": depth if state.swapped and state.swapped[0] == s else None,
            }
            if seat is None:
                entry["hidden"] = [str(c) for c in state.down[s - 1]]
            slots.append(entry)
        over = state.phase in ("won", "lost")
        board = {
            "slots": slots,
            "next_slot": None if over or state.phase == "exchange" else state.next_slot,
            "last": str(state.last) if state.last else None,
            "face_down": state.face_down,
            "exchange": state.exchange,
            "exchange_pending": state.phase == "exchange",
            "exchange_used": state.exchange_used,
            "exchanged": None
            if state.swapped is None
            else {
                "slot": state.swapped[0],
                "king": str(state.swapped[1]),
                "depth": depth,
                "taken": str(state.taken),
            },
            "phase": state.phase,
            "summary": summary_text(state),
        }
        return {"board": board, "stock": state.face_down, "status": status_text(state)}

    def move_label(self, state: ClockState, move: str) -> str:
        if move == "turn":
            return f"Turn up the next tile of {slot_name(state.next_slot)}"
        if move.startswith("exchange:"):
            slot, depth = _parse_exchange(move)
            n = len(state.down[slot - 1])
            where = "the bottom tile" if depth == n else f"tile {depth} of {n} from the top"
            return f"Exchange the king with {where} of {slot_name(slot)}"
        return move

    def made_words(self, state: ClockState, move: str, after: ClockState) -> dict[str, str]:
        """A turn once made names the tile it turned up and its pile (and the fourth king)."""
        if move != "turn" or after.last is None:
            return {}
        fourth = ": the fourth king" if after.last.rank == KING and len(after.up[KING - 1]) == 4 else ""
        you = f"turn up the {after.last.name} from {slot_name(state.next_slot)}{fourth}"
        return {"label": you[0].upper() + you[1:], "you": you}

    def move_fields(self, state: ClockState, move: str) -> dict[str, Any]:
        """Place keys "slot1".."slot13" (13: the centre). turn: from the pile played from,
        depth 1 (its top face-down tile); exchange: from the pile and depth of the tile taken,
        "king_from" the centre, where the fourth king lies face up."""
        text = self.move_label(state, move)
        out: dict[str, Any] = {"kind": move.partition(":")[0], "you": text[0].lower() + text[1:]}
        if move == "turn":
            out.update({"from": f"slot{state.next_slot}", "depth": 1, "button": "Turn"})
        elif move.startswith("exchange:"):
            slot, depth = _parse_exchange(move)
            out.update({"from": f"slot{slot}", "depth": depth, "king_from": f"slot{CENTRE}"})
        return out

    def revealed_to(self, state: ClockState, move: str, after: ClockState) -> frozenset[int]:
        """Turning up a tile, and an exchange (it turns the taken tile up), show a hidden tile."""
        return frozenset((0,))

    def pieces(self, state: ClockState) -> Counter[str]:
        found: Counter[str] = Counter(str(c) for pile in state.down for c in pile)
        found.update(str(c) for pile in state.up for c in pile)
        return found

    def hidden_from(self, state: ClockState, seat: int) -> set[str]:
        known = state.swapped[1] if state.swapped else None
        return {str(c) for pile in state.down for c in pile if c != known}

    def determinize(self, state: ClockState, seat: int, rng: random.Random) -> ClockState:
        """Reshuffle the unknown face-down tiles among their places; the exchanged king stays."""
        known = state.swapped[1] if state.swapped else None
        pool = sorted(c for pile in state.down for c in pile if c != known)
        rng.shuffle(pool)
        it = iter(pool)
        down = tuple(tuple(c if c == known else next(it) for c in pile) for pile in state.down)
        return replace(state, down=down)


GAME = ClockGame()
register(GAME)
