"""Determinization of a table game: what one seat cannot see (the other hands, the stock) dealt
again at random, consistent with what the table knows (each hand's size, the ends a seat showed it
lacks by drawing or passing, a tile drawn this turn). `determinized` and a game's compact copy
of a round (`TableAi.fast_dealer`) both deal through `deal_unseen`, so they make the same calls on
the generator. A compact round's shared part is here too: its tables (`CompactRules`), the
Playout protocol's move-id side (`CompactPlayout`) and its determinizations (`CompactDealer`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Generic, Self, TypeVar

from engine.cache import LRU
from engine.games.table.state import TableState, tile_key
from engine.tiles import Tile

T = TypeVar("T")
POINTS_KEPT = 4096  # a compact round's end scores kept per game and set (distinct hands' pips and who went out)


def deal_unseen(rng: random.Random, pool: list[T], sizes: Sequence[int], seat: int,
                barred: Sequence[tuple[int, Callable[[T], bool]]], key: Callable[[T], Any] | None,
                guess_drawn_of: int | None) -> tuple[list[list[T]], list[T], T | None, int]:
    """A determinization's deal: `pool` (what `seat` cannot see, in sorted order) shuffled and
    dealt to the other seats (`sizes[s]` each, every hand sorted by `key`) and the stock (the
    rest, next tile first; `seat`'s own hand is left empty for the caller). Seats known to lack
    some ends pick first: `barred` lists them in seat order, each with the test of a tile it
    cannot hold, and each takes the first tiles it may hold; should that fail (rare), the
    knowledge is ignored for this deal. Then, when seat `guess_drawn_of` drew a tile this turn
    that `seat` did not see, which of its tiles that is; last, a fresh seed for later deals.
    Returns (hands, stock, drawn, seed). `determinized` and a game's compact round
    (`TableAi.fast_dealer`) deal through here, so they make the same calls on `rng`."""
    rng.shuffle(pool)
    n = len(sizes)
    hands: list[list[T]] = [[] for _ in range(n)]
    rest = pool
    chosen: set[int] = set()
    for s, cannot_hold in barred:
        take: list[T] = []
        keep: list[T] = []
        need = sizes[s]
        for t in rest:
            if len(take) < need and not cannot_hold(t):
                take.append(t)
            else:
                keep.append(t)
        if len(take) < need:
            hands, rest, chosen = [[] for _ in range(n)], pool, set()
            break
        hands[s] = take
        chosen.add(s)
        rest = keep
    k = 0
    for s in range(n):
        if s == seat:
            continue
        if s not in chosen:
            hands[s] = rest[k : k + sizes[s]]
            k += sizes[s]
        hands[s].sort(key=key)
    drawn = None
    if guess_drawn_of is not None:
        hand = hands[guess_drawn_of]
        drawn = hand[rng.randrange(len(hand))]
    return hands, rest[k:], drawn, rng.getrandbits(31)


def determinized(state: TableState, seat: int, rng: random.Random,
                 fits: Callable[[Tile, int, str], tuple[int, ...]]) -> TableState:
    """Every tile `seat` cannot see (other hands, the stock) collected in sorted order,
    shuffled with rng and dealt back respecting the hand sizes and the known voids (`fits`: the
    game's matching rule). The seed is replaced too, so later deals carry no knowledge either."""
    if state.between or state.turn < 0:
        shuffled = sorted(state.stock, key=tile_key)
        rng.shuffle(shuffled)
        return state._replace(stock=tuple(shuffled), seed=rng.getrandbits(31))
    unknown = [t for s, h in enumerate(state.hands) if s != seat for t in h]
    unknown.extend(state.stock)
    unknown.sort(key=tile_key)

    def lacking(ends: tuple[tuple[int, str], ...]) -> Callable[[Tile], bool]:
        return lambda t: any(fits(t, v, nd) for v, nd in ends)

    barred = [(s, lacking(state.voids[s])) for s in void_seats(state, seat)]
    dealt, stock, guessed, seed = deal_unseen(rng, unknown, [len(h) for h in state.hands], seat, barred, tile_key,
                                              unseen_draw(state, seat))
    hands = tuple(h if s == seat else tuple(dealt[s]) for s, h in enumerate(state.hands))
    drawn = state.drawn if guessed is None else guessed
    return state._replace(hands=hands, stock=tuple(stock), seed=seed, drawn=drawn)


def void_seats(state: TableState, seat: int) -> list[int]:
    """The other seats whose known voids (what they drew or passed on) constrain a
    determinization for `seat`: those with tiles, except a seat in the middle of drawing
    (it holds a fitting tile by now)."""
    voids = state.voids or ((),) * state.n
    return [s for s in range(state.n) if s != seat and voids[s] and state.hands[s]
            and not (state.drawing and s == state.turn)]


def unseen_draw(state: TableState, seat: int) -> int | None:
    """The seat that drew a tile this turn which `seat` did not see, if any."""
    return state.turn if state.drawn is not None and 0 <= state.turn != seat else None


class CompactRules:
    """A compact round's tables from its game, which `CompactPlayout` reads: every move id of
    the set in code order (`names`; `code`, a move id's code), each tile's pips (`pips`, tiles
    numbered in sorted order), and each seat's points for a round ending with hands of these pips
    (`points`: `TableRules.score_round`, kept in an `LRU` since a search ends many rounds the
    same way)."""

    def __init__(self, game: Any, names: Sequence[str], pips: Sequence[int]) -> None:
        self.game = game
        self.names = names
        self.code = {name: c for c, name in enumerate(names)}
        self.pips = pips
        self._points: LRU[tuple[tuple[int, ...], int | None], tuple[int, ...]] = LRU(POINTS_KEPT)

    def points(self, pips: tuple[int, ...], out: int | None) -> tuple[int, ...]:
        key = (pips, out)
        found = self._points.get(key)
        if found is None:
            found = self._points.put(key, tuple(self.game.score_round(pips, out)[1]))
        return found


RulesT = TypeVar("RulesT", bound=CompactRules)


class CompactPlayout(Generic[RulesT]):
    """A game's compact copy of a round for the hard player's search (and the review's
    play-outs): tiles as indices into its tile list, the stock next tile last, `drawn` -1 when no
    tile was drawn this turn, `points` None until the round ends. A game writes the moves in its
    own codes (`codes`, `step`, `weight`), `redealt` and what else it keeps of a position; what
    every round takes from a `TableState`, its scoring and the Playout protocol's move-id side
    (engine.protocol) are here once, naming codes through the game's tables (`rules`:
    `CompactRules`)."""

    __slots__ = ("drawn", "hands", "n", "points", "rules", "stock", "turn")
    rules: RulesT
    n: int
    hands: list[list[int]]
    stock: list[int]
    drawn: int
    turn: int
    points: list[int] | None

    def __init__(self, rules: RulesT, state: TableState, index: Callable[[Tile], int]) -> None:
        """What every compact round takes from a `TableState` (normally a determinization): the
        game's tables, the seats, the hands and the stock (next tile last) as tile indices
        (`index`), the turn, the tile drawn this turn and, once the round is over, its points."""
        self.rules = rules
        self.n = state.n
        self.hands = [[index(t) for t in h] for h in state.hands]
        self.stock = [index(t) for t in reversed(state.stock)]
        self.turn = state.turn
        self.drawn = -1 if state.drawn is None else index(state.drawn)
        over = state.turn < 0 or state.between
        self.points = list(state.last.points) if over and state.last else None

    def redealt(self, hands: list[list[int]], stock: list[int], drawn: int) -> Self:
        """This position with other hands, draw pile (next tile last) and drawn tile."""
        raise NotImplementedError

    def codes(self) -> list[int]:
        """The legal moves as codes, in move id order."""
        raise NotImplementedError

    def step(self, code: int) -> None:
        """Make a move the caller knows is legal."""
        raise NotImplementedError

    # ---- the Playout protocol (engine.protocol) ----------------------------------------
    def copy(self) -> Self:
        return self.redealt([h[:] for h in self.hands], self.stock[:], self.drawn)

    def over(self) -> bool:
        return self.points is not None

    def mover(self) -> int:
        return self.turn

    def legal(self) -> list[str]:
        names = self.rules.names
        return [names[c] for c in self.codes()]

    def play(self, move: str) -> None:
        self.step(self.rules.code[move])

    def end(self, out: int | None) -> None:
        """Score the round by the game's rules (`out`: the seat that went out, None if blocked)."""
        pips = self.rules.pips
        self.points = list(self.rules.points(tuple(sum(pips[t] for t in h) for h in self.hands), out))


R = TypeVar("R", bound=CompactPlayout[Any])


class CompactDealer(Generic[R]):
    """Determinizations of one position for `seat`, dealt straight into a compact round (`base`,
    made from the position; `tiles`, its tile list): the game's own deal (`deal_unseen`, as
    `TableRules.determinize`), without building a `TableState` each time."""

    def __init__(self, base: R, tiles: Sequence[Tile], fits: Callable[[Tile, int, Any], object], state: TableState,
                 seat: int) -> None:
        self.base = base
        self.seat = seat
        self.unknown = sorted([t for s, h in enumerate(base.hands) if s != seat for t in h] + base.stock)
        self.sizes = [len(h) for h in base.hands]
        self.barred = [
            (s, [any(fits(t, v, need) for v, need in state.voids[s]) for t in tiles].__getitem__)
            for s in void_seats(state, seat)
        ]
        self.guess_drawn_of = unseen_draw(state, seat)

    def deal(self, rng: random.Random) -> R:
        base, seat = self.base, self.seat
        hands, stock, drawn, _ = deal_unseen(rng, self.unknown[:], self.sizes, seat, self.barred, None,
                                             self.guess_drawn_of)
        hands[seat] = base.hands[seat][:]
        return base.redealt(hands, stock[::-1], base.drawn if drawn is None else drawn)
