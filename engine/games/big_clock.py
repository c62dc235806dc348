"""The Big Clock — a one-player game: bring every double home to its hour on a clock face.

Slots are numbered by their hour: double-12 has slots 12, 1, 2, ... 11 clockwise (the first
dealt tile goes to 12), double-9 slots 1..9, double-6 slots 1..6. The 0-0 is the clock's
hand: taken out before the deal, shown, never played.

Move ids (K, A, B are slot numbers 1..N, never zero-padded):
  "draw"               turn up the top tile of the face-down stock
  "place:slotK"        put the drawn tile on slot K's pile (or into empty slot K when it is K-K)
  "shift:slotA>slotB"  (only while a double is in trouble) move the top tile of slot A's pile
                       onto slot B's pile, or into empty slot B when the tile is B-B
  "refill:slotK"       fill the empty slot K with the top stock tile instead of bringing K-K
  "resign"             give up; accepted whenever the game runs but not listed among the legal
                       moves, so a player choosing uniformly among legal moves never resigns

A turn: "draw"; a non-double that fits nowhere is set aside on its own, otherwise the drawn
tile must be placed ("place:...") before anything else. The exception is a drawn double that
fitted nowhere when drawn (it is "stuck", a double in trouble): shifts are allowed while it is
held, and it may be placed wherever it fits. When a shift empties slot K and K-K is at hand
(held, or on top of a pile), slot K waits ("pending"): the only moves are bringing K-K there
or "refill:slotK". When K-K is not at hand the slot is refilled from the stock at once; with
the stock empty it stays empty (and takes only K-K).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from engine.cache import LRU
from engine.games import register
from engine.games.big_clock_rules import RULES
from engine.protocol import JSON, Game, GameOver, GameSpec, IllegalMove, Option, Outcome
from engine.rng import deal_rng
from engine.tiles import Tile, domino_set, set_option

SETS = ("double-12", "double-9", "double-6")
HAND = Tile(0, 0)
DRAW = "draw"  # the move that turns up the top stock tile

Pile = tuple[Tile, ...]
Position = bytes  # a compact exact key of (piles, drawn tile), see BigClockState.position

SPEC = GameSpec(
    id="big-clock",
    name="The Big Clock",
    aliases=("bigclock", "big_clock"),
    players_min=1,
    players_max=1,
    options=(
        Option(
            "set",
            "Set",
            SETS,
            "double-12",
            "double-12: a full clock of 12 slots; double-9: slots 1-9; double-6: slots 1-6",
        ),
    ),
    summary="Bring every double home to its hour on a clock face of domino piles.",
    rules=RULES,
    order=20,
    solitaire=True,
    screen="dial",
    move_kinds=("draw", "place", "shift", "refill", "resign"),
)


def slot_order(size: int) -> tuple[int, ...]:
    """The slots clockwise in dealing order: 12, 1..11 for double-12; 1..N otherwise."""
    return (12, *range(1, 12)) if size == 12 else tuple(range(1, size + 1))


def code(tile: Tile) -> int:
    """A tile as one byte: 16a + b (at most 204 for double-12)."""
    return 16 * tile.a + tile.b


def pile_key(pile: Pile) -> bytes:
    return bytes([16 * t.a + t.b for t in pile])


NO_HELD = b"\xff"  # the last byte of a position key when no drawn tile is held


def held_byte(held: int) -> bytes:
    """The last byte of a position key: the held tile's code, or 255 (-1: none)."""
    return NO_HELD if held < 0 else bytes((held,))


def position_key(pile_keys: Any, drawn: Tile | None) -> Position:
    """Piles separated by 255, then the drawn tile (255 when none): exact and cheap to hash."""
    return b"\xff".join(pile_keys) + held_byte(-1 if drawn is None else code(drawn))


def fits(tile: Tile, pile: Pile) -> bool:
    """Whether `tile` may go on `pile` (placed or shifted): the top shares a number and is not
    a double. An empty slot is handled by the caller (it takes only its own double)."""
    if not pile:
        return False
    top = pile[-1]
    return top.a != top.b and (tile.a == top.a or tile.a == top.b or tile.b == top.a or tile.b == top.b)


def is_home(slot: int, pile: Pile) -> bool:
    return bool(pile) and pile[-1].a == slot and pile[-1].b == slot


@dataclass(frozen=True)
class BigClockState:
    size: int
    piles: tuple[Pile, ...]  # piles[k - 1] is slot k, bottom -> top, all face up
    stock: tuple[Tile, ...]  # face down, top first
    drawn: Tile | None = None  # the drawn tile waiting to be placed
    stuck: bool = False  # the drawn tile is a double that fitted nowhere when drawn
    set_aside: tuple[Tile, ...] = ()
    pending: int = 0  # an empty slot waiting for its double (0: none)
    seen: frozenset[Position] = field(default=frozenset(), repr=False)  # since the last stock tile
    resigned: bool = False

    def __hash__(self) -> int:
        """Equal states have equal positions and stock sizes: hashing those (the position is
        made once per state) costs far less than hashing every tile of the piles and the stock."""
        return hash((self.position, len(self.stock)))

    @cached_property
    def pile_keys(self) -> tuple[bytes, ...]:
        return tuple(pile_key(p) for p in self.piles)

    @cached_property
    def position(self) -> Position:
        return position_key(self.pile_keys, self.drawn)

    def pile(self, slot: int) -> Pile:
        return self.piles[slot - 1]

    def home(self, slot: int) -> bool:
        return is_home(slot, self.piles[slot - 1])

    @cached_property
    def homes(self) -> int:
        return sum(1 for k, key in enumerate(self.pile_keys, 1) if key and key[-1] == 17 * k)  # (17k: k-k's code)

    @cached_property
    def trouble(self) -> tuple[Tile, ...]:
        return tuple(self.troubled())

    def troubled(self) -> list[Tile]:
        """The doubles in trouble: the stuck drawn double, and doubles on wrong slots."""
        out = [self.drawn] if self.stuck and self.drawn is not None else []
        for k, pile in enumerate(self.piles, 1):
            if pile and pile[-1].is_double and pile[-1].a != k:
                out.append(pile[-1])
        return out

    def targets(self, tile: Tile) -> list[int]:
        """Slots the drawn `tile` may be placed on."""
        out = []
        for k, pile in enumerate(self.piles, 1):
            if fits(tile, pile) or (not pile and tile.a == k and tile.b == k):
                out.append(k)
        return out

    def shifts(self) -> list[tuple[int, int]]:
        """Legal shifts (source slot, target slot); empty unless a double is in trouble."""
        if self.pending or not self.trouble:
            return []
        out = []
        keys = list(self.pile_keys)
        tops = [key[-1] if key else -1 for key in keys]  # tile codes (-1: empty)
        for a, x in enumerate(tops, 1):
            if x < 0 or x == 17 * a:
                continue  # empty, or home
            xa, xb = x >> 4, x & 15
            for b, y in enumerate(tops, 1):
                if b == a:
                    continue
                if y < 0:
                    if x != 17 * b:
                        continue  # an empty slot takes only its own double
                else:
                    u, v = y >> 4, y & 15
                    if u == v or not (xa == u or xa == v or xb == u or xb == v):
                        continue
                ka, kb = keys[a - 1], keys[b - 1]
                keys[a - 1], keys[b - 1] = ka[:-1], kb + ka[-1:]
                if position_key(keys, self.drawn) not in self.seen:
                    out.append((a, b))
                keys[a - 1], keys[b - 1] = ka, kb
        return out

    def at_hand(self, slot: int) -> bool:
        """Whether slot's own double could be brought to it now (held or on a pile top)."""
        double = Tile(slot, slot)
        return self.drawn == double or any(p and p[-1] == double for p in self.piles)



def _slot(text: str, size: int) -> int:
    if not text.startswith("slot") or not text[4:].isdigit() or text[4:].startswith("0"):
        raise IllegalMove(NOT_POSSIBLE)
    k = int(text[4:])
    if not 1 <= k <= size:
        raise IllegalMove(f"There is no slot {k}.")
    return k


NOT_POSSIBLE = "That move is not possible now."
# The legal moves of the last state asked about, by the state's id (the entry holds the state, so
# the id is not reused while it is kept) with the game that answered: an explicit cache of the
# module, not state on the shared game object.
_LAST_LEGAL: LRU[int, tuple[BigClockState, BigClockGame, list[str]]] = LRU(1)


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def refusal(state: BigClockState, move: str) -> str:
    """Why `move` (not legal in `state`) is refused, worded for the player."""
    kind, _, arg = move.partition(":")
    if state.pending:
        return f"Slot {state.pending} is empty: bring its double there, or refill it from the stock."
    drawn = state.drawn
    if kind == "draw":
        if drawn is not None:
            return f"Place the drawn {drawn} first."
        return "The stock is empty."
    if kind == "refill":
        return "Only a slot emptied by a shift while its double is at hand can be refilled."
    if kind == "place":
        if drawn is None:
            return "Draw a tile first."
        k = _slot(arg, state.size)
        pile = state.pile(k)
        if not pile:
            return f"An empty slot takes only its own double ({k}-{k})."
        if pile[-1].is_double:
            return "Nothing goes on a double."
        return f"{drawn} does not fit on slot {k}: it must share a number with {pile[-1]}."
    if kind == "shift":
        if drawn is not None and not state.stuck:
            return f"Place the drawn {drawn} first."
        if not state.trouble:
            return "Shifts are allowed only while a double is in trouble."
        first, _, second = arg.partition(">")
        a, b = _slot(first, state.size), _slot(second, state.size)
        source, target = state.pile(a), state.pile(b)
        if not source:
            return f"Slot {a} is empty."
        if state.home(a):
            return f"Slot {a} is finished: its double is home."
        if a == b:
            return NOT_POSSIBLE
        tile = source[-1]
        if not target:
            return f"An empty slot takes only its own double ({b}-{b})."
        if target[-1].is_double:
            return "Nothing goes on a double."
        if not tile.shares_number(target[-1]):
            return f"{tile} does not fit on slot {b}: it must share a number with {target[-1]}."
        return "That shift would repeat a position seen since the last tile came from the stock."
    return NOT_POSSIBLE


def _after(state: BigClockState, changed: dict[int, Pile], new_turn: bool, **changes: Any) -> BigClockState:
    """`replace(state, **changes)` with the piles of `changed` (slot: pile) and `seen` brought up
    to date: the new position alone once a tile came from the stock (`new_turn`), else added to
    the positions seen. Only the changed piles are keyed again; the new state keeps its pile keys
    and position made (the values its cached properties would make)."""
    piles, keys = state.piles, state.pile_keys
    if changed:
        new_piles, new_keys = list(piles), list(keys)
        for k, pile in changed.items():
            new_piles[k - 1], new_keys[k - 1] = pile, pile_key(pile)
        piles, keys = tuple(new_piles), tuple(new_keys)
    drawn = changes.get("drawn", state.drawn)
    position = position_key(keys, drawn) if changed or drawn != state.drawn else state.position
    if new_turn:
        seen = frozenset({position})
    else:  # (a position already seen, as when only a double comes due, leaves `seen` as it is)
        seen = state.seen if position in state.seen else state.seen | {position}
    new = replace(state, piles=piles, seen=seen, **changes)
    new.__dict__["pile_keys"], new.__dict__["position"] = keys, position
    return new


def tile_ids(tiles: Any) -> list[str]:
    return [str(t) for t in tiles]


def status_text(state: BigClockState, over: bool) -> str:
    if state.resigned:
        return "Resigned"
    if state.homes == state.size:
        return "Every double is home: you won!"
    if over:
        return "Lost: " + lost_reason(state)
    if state.pending:
        return f"Slot {state.pending} is empty: bring its double there, or refill it from the stock"
    if state.drawn is not None:
        if state.stuck and state.targets(state.drawn):
            return f"The drawn {state.drawn} fits now: place it, or shift more tiles"
        if state.stuck:
            return f"The drawn {state.drawn} fits nowhere: shift tiles to make room for it"
        return f"Place the drawn {state.drawn}"
    if state.trouble:
        return "A double is in trouble: shift tiles, or draw"
    return "Draw a tile"


def lost_reason(state: BigClockState) -> str:
    if state.resigned:
        return "you resigned."
    left = state.size - state.homes
    if state.drawn is not None:
        return f"the drawn double {state.drawn} cannot be placed and no shift is left."
    verb = "is" if left == 1 else "are"
    return f"the stock is used up, {plural(left, 'double')} {verb} not home and no shift is left."


def summary_text(state: BigClockState) -> str:
    """The position in a line: doubles home, tiles set aside, tiles left in the stock."""
    return (f"{state.homes} of {state.size} doubles home, {plural(len(state.set_aside), 'tile')} set aside, "
            f"{len(state.stock)} left in the stock")


class BigClockGame(Game[BigClockState]):
    spec = SPEC
    has_advisor = True

    def num_seats(self, options: dict[str, Any]) -> int:
        return 1

    def new_state(self, options: dict[str, Any], seed: int) -> BigClockState:
        size = set_option(options["set"])
        tiles = [t for t in domino_set(size) if t != HAND]
        deal_rng(seed).shuffle(tiles)
        piles: list[Pile] = [()] * size
        for i, slot in enumerate(slot_order(size)):
            piles[slot - 1] = (tiles[i],)
        state = BigClockState(size, tuple(piles), tuple(tiles[size:]))
        return replace(state, seen=frozenset({state.position}))

    def to_move(self, state: BigClockState) -> int | None:
        return 0 if self.legal_moves(state) else None

    def legal_moves(self, state: BigClockState) -> list[str]:
        """The legal moves, remembered for the last state asked about (`_LAST_LEGAL`: a request
        asks several times: whose turn, the outcome, the list, the status)."""
        last = _LAST_LEGAL.get(id(state))
        if last is None or last[0] is not state or last[1] is not self:
            last = _LAST_LEGAL.put(id(state), (state, self, self._moves(state)))
        return list(last[2])

    def _moves(self, state: BigClockState) -> list[str]:
        if state.resigned or state.homes == state.size:
            return []
        moves: list[str] = []
        if state.pending:
            k = state.pending
            double = Tile(k, k)
            moves.append(f"refill:slot{k}")
            if state.drawn == double:
                moves.append(f"place:slot{k}")
            moves += [f"shift:slot{a}>slot{k}" for a, p in enumerate(state.piles, 1) if p and p[-1] == double]
            return sorted(moves)
        if state.drawn is not None:
            moves += [f"place:slot{k}" for k in state.targets(state.drawn)]
            if not state.stuck:
                return sorted(moves)
        elif state.stock:
            moves.append(DRAW)
        moves += [f"shift:slot{a}>slot{b}" for a, b in state.shifts()]
        return sorted(moves)

    def check_move(self, state: BigClockState, move: str) -> None:
        legal = self.legal_moves(state)
        if not legal:
            raise GameOver("The game is over.")
        if not isinstance(move, str):
            raise IllegalMove("That is not a move.")
        if move != "resign" and move not in legal:
            raise IllegalMove(refusal(state, move))

    def apply(self, state: BigClockState, move: str) -> BigClockState:
        """The state after a legal move; IllegalMove (or GameOver) otherwise, nothing changed."""
        legal = self.legal_moves(state)
        if not legal:
            raise GameOver("The game is over.")
        if move == "resign":
            return replace(state, resigned=True)
        if not isinstance(move, str) or move not in legal:
            raise IllegalMove(refusal(state, move) if isinstance(move, str) else "That is not a move.")
        kind, _, arg = move.partition(":")
        if kind == "draw":
            tile, stock = state.stock[0], state.stock[1:]
            if state.targets(tile):
                return _after(state, {}, True, stock=stock, drawn=tile, stuck=False)
            if tile.is_double:
                return _after(state, {}, True, stock=stock, drawn=tile, stuck=True)
            return _after(state, {}, True, stock=stock, set_aside=state.set_aside + (tile,))
        if kind == "place":
            k = _slot(arg, state.size)
            assert state.drawn is not None
            return _after(state, {k: state.piles[k - 1] + (state.drawn,)}, False, drawn=None, stuck=False, pending=0)
        if kind == "refill":
            k = _slot(arg, state.size)
            return _after(state, {k: (state.stock[0],)}, True, stock=state.stock[1:], pending=0)
        if kind == "shift":
            first, _, second = arg.partition(">")
            a, b = _slot(first, state.size), _slot(second, state.size)
            tile = state.piles[a - 1][-1]
            new = _after(state, {a: state.piles[a - 1][:-1], b: state.piles[b - 1] + (tile,)}, False, pending=0)
            if new.piles[a - 1] or not new.stock:
                return new
            if new.at_hand(a):
                return _after(new, {}, False, pending=a)
            return _after(new, {a: (new.stock[0],)}, True, stock=new.stock[1:])
        raise IllegalMove(NOT_POSSIBLE)  # pragma: no cover - moves checked above

    def outcome(self, state: BigClockState) -> Outcome | None:
        if self.legal_moves(state):
            return None
        homes = state.homes
        detail = {"home": homes, "doubles": state.size, "set_aside": len(state.set_aside)}
        if homes == state.size:
            return Outcome((0,), "Every double is home.", (0,), detail)
        return Outcome((), "Lost: " + lost_reason(state), (state.size - homes,), detail)

    def view(self, state: BigClockState, seat: int | None) -> JSON:
        troubled = state.troubled()
        slots = []
        for k in slot_order(state.size):
            pile = state.pile(k)
            slots.append(
                {
                    "slot": k,
                    "key": f"slot{k}",
                    "pile": tile_ids(pile),
                    "top": str(pile[-1]) if pile else None,
                    "depth": len(pile),
                    "home": is_home(k, pile),
                    "empty": not pile,
                    "trouble": bool(pile) and pile[-1].is_double and pile[-1].a != k,
                }
            )
        board = {
            "set": f"double-{state.size}",
            "slots": slots,
            "clock_hand": str(HAND),
            "stock": len(state.stock),
            "set_aside": tile_ids(state.set_aside),
            "drawn": str(state.drawn) if state.drawn is not None else None,
            "drawn_stuck": state.stuck,
            "drawn_targets": [] if state.drawn is None else [f"slot{k}" for k in state.targets(state.drawn)],
            "summary": summary_text(state),
            "troubled": tile_ids(troubled),
            "pending": state.pending or None,
            "homes": state.homes,
            "can_resign": bool(self.legal_moves(state)),
        }
        status = status_text(state, not self.legal_moves(state))
        return {"board": board, "hand": [str(HAND)], "stock": len(state.stock), "status": status}

    def move_label(self, state: BigClockState, move: str) -> str:
        kind, _, arg = move.partition(":")
        if kind == "draw":
            return "Draw a tile from the stock"
        if kind == "resign":
            return "Resign"
        if kind == "place":
            k = int(arg[4:])
            pile = state.pile(k)
            where = f"on {pile[-1]} in slot {k}" if pile else f"into empty slot {k}"
            home = " (home)" if state.drawn == Tile(k, k) else ""
            return f"Put {state.drawn} {where}{home}"
        if kind == "refill":
            return f"Refill empty slot {arg[4:]} from the stock"
        if kind == "shift":
            first, _, second = arg.partition(">")
            a, b = int(first[4:]), int(second[4:])
            tile = state.pile(a)[-1]
            dst = state.pile(b)
            where = f"onto {dst[-1]} in slot {b}" if dst else f"into empty slot {b}"
            home = " (home)" if tile == Tile(b, b) else ""
            return f"Shift {tile} from slot {a} {where}{home}"
        return move

    def move_fields(self, state: BigClockState, move: str) -> dict[str, Any]:
        """Place keys: "stock", "drawn", "slotK". draw: stock -> drawn; place: drawn -> slotK
        (tile, home); shift: slotA -> slotB (tile, home); refill: stock -> slotK; resign."""
        kind, _, arg = move.partition(":")
        text = self.move_label(state, move)
        out: dict[str, Any] = {"kind": kind, "you": text[0].lower() + text[1:]}
        if kind == "draw":
            out.update({"from": "stock", "to": "drawn", "button": "Draw"})
        elif kind == "resign":
            out["button"] = "Resign"
        elif kind == "refill":
            out.update({"from": "stock", "to": arg, "button": f"Refill slot {arg[4:]}"})
        elif kind == "place":
            k = int(arg[4:])
            home = state.drawn == Tile(k, k)
            out.update({"tile": str(state.drawn), "from": "drawn", "to": arg, "home": home})
        elif kind == "shift":
            first, _, second = arg.partition(">")
            tile = state.pile(int(first[4:]))[-1]
            b = int(second[4:])
            out.update({"tile": str(tile), "from": first, "to": second, "home": tile == Tile(b, b)})
        return out

    def extra_moves(self, state: BigClockState) -> list[str]:
        return ["resign"] if self.legal_moves(state) else []

    def revealed_to(self, state: BigClockState, move: str, after: BigClockState) -> frozenset[int]:
        """Every move that takes a tile from the face-down stock (a draw, a refill, a shift
        whose emptied slot was refilled at once) shows it."""
        return frozenset((0,)) if len(after.stock) < len(state.stock) else frozenset()

    def pieces(self, state: BigClockState) -> Counter[str]:
        found: Counter[str] = Counter(str(t) for pile in state.piles for t in pile)
        found.update(str(t) for t in state.stock)
        found.update(str(t) for t in state.set_aside)
        if state.drawn is not None:
            found[str(state.drawn)] += 1
        found[str(HAND)] += 1
        return found

    def hidden_from(self, state: BigClockState, seat: int) -> set[str]:
        return {str(t) for t in state.stock}

    def determinize(self, state: BigClockState, seat: int, rng: random.Random) -> BigClockState:
        """The stock's content is known by elimination, its order is not: reshuffle it."""
        stock = sorted(state.stock, key=code)
        rng.shuffle(stock)
        return replace(state, stock=tuple(stock))


GAME = BigClockGame()
register(GAME)
