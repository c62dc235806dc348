"""`TableGame`: the round machinery shared by the four table games (draw, matador,
tiddle-a-wink, round-the-clock), which differ only in the hooks they override.

Move ids (every list sorted):
  "play:<tile>:<end>"   put a tile from the hand on an open end of the layout (engine.layout
                        names the ends: "left"/"right", "arm0".."arm3", "e<K>"); Matador adds
                        ":<n>", the number the tile leaves open ("play:1-9:left:9").
  "draw"                take one tile from the draw pile / boneyard.
  "pass"                nothing to play and nothing to draw (Tiddle-A-Wink's "Go").
  "next-round"          between rounds: deal the next round.

Rounds: the move that ends a round (someone goes out, or the round is blocked) scores it and
leaves the state "between rounds": the final board stays, every hand is revealed in the summary
(`TableState.last`, the view's "last_round", with the score arithmetic), and the only legal
move is "next-round", offered to seat 0 (the dealer; in the default table that is the person,
who reads the summary and deals on). It deals the next round from the seed. The game ends,
with no further move, when a seat reaches the target score.

view(state, seat) keys:
  "board"       the layout (engine.layout.Layout.to_json)
  "hand"        the viewer's tiles, sorted ("3-5"); None for seat None
  "hand_counts" tiles per seat; "stock": tiles in the pile / boneyard (tiddle: set aside)
  "scores", "target", "status" (a sentence)
  "round"       {"number", "leader", "lead_tile", "redeals", "drew_this_turn", "over",
                 "lead_draws" (round-the-clock, when seats drew for the 6-6),
                 "set_aside" (tiddle-a-wink)}
  "last_round"  None, or the last finished round: {"round", "reason": "out"|"blocked",
                 "winner" (None: tie for lowest in a block), "hands": per seat [[a, b], ...],
                 "pips", "points", "arithmetic" ("19 - 5 = 14, 12 - 5 = 7, 21"), "scores"
                 (after it), "text"}; revealed tiles are [a, b] pairs because they belong to
                 the previous deal and must not be confused with tiles of the current one
  "drawn"       only for the seat to move, after it drew this turn: the tile drawn last
  seat None (debugging) adds "hands" and "stock_tiles".
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

from engine.layout import Layout
from engine.protocol import JSON, BadOption, Dealer, Game, GameOver, GameSpec, IllegalMove, Outcome
from engine.rng import deal_rng
from engine.tiles import Tile, domino_set, set_option

MAX_ROUNDS = 200  # a safety stop: every game ends (see the rules page)
NEXT_ROUND = "next-round"
DRAW = "draw"
DEALER = 0  # the seat offered "next-round"


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


class RoundInfo(NamedTuple):
    """Public facts about how the current round started."""

    number: int
    leader: int
    lead_tile: Tile
    redeals: int = 0
    lead_draws: tuple[int, ...] = ()  # round-the-clock: tiles each seat drew looking for 6-6


class RoundSummary(NamedTuple):
    """A finished round, everything revealed. winner None: a tie for lowest in a block."""

    number: int
    reason: str  # "out" | "blocked"
    winner: int | None
    hands: tuple[tuple[Tile, ...], ...]
    pips: tuple[int, ...]
    points: tuple[int, ...]
    arithmetic: str
    scores: tuple[int, ...]  # after the round

    def to_json(self) -> JSON:
        # Revealed tiles are [a, b] pairs: they belong to the previous deal, and must not be
        # confused with tile ids ("3-5") that may lie hidden in the current deal.
        return {
            "round": self.number,
            "reason": self.reason,
            "winner": self.winner,
            "hands": [[[t.a, t.b] for t in h] for h in self.hands],
            "pips": list(self.pips),
            "points": list(self.points),
            "arithmetic": self.arithmetic,
            "scores": list(self.scores),
            "text": self.text(),
        }

    def text(self) -> str:
        if self.winner is None:
            low = min(self.pips)
            return f"Round {self.number} is blocked with a tie for the lowest hand ({low}): nobody scores."
        how = "goes out" if self.reason == "out" else f"has the lowest hand ({self.pips[self.winner]})"
        scored = self.points[self.winner]
        return f"Round {self.number}: seat {self.winner} {how} and scores {scored} ({self.arithmetic})."


class _TableFields(NamedTuple):
    n: int
    top: int
    target: int
    seed: int
    hands: tuple[tuple[Tile, ...], ...]  # each sorted
    stock: tuple[Tile, ...]  # draw pile, next tile first (tiddle-a-wink: set aside, never drawn)
    layout: Layout
    turn: int  # seat to move; -1 once the game is over
    scores: tuple[int, ...]
    info: RoundInfo
    drawn: Tile | None = None  # the tile the seat to move drew last in this turn
    drawing: bool = False  # matador: this turn has started drawing
    last: RoundSummary | None = None
    between: bool = False  # the round is over; seat 0 deals the next one ("next-round")
    winners: tuple[int, ...] = ()
    reason: str = ""
    # Public inferences: per seat, open ends (value, need) that none of its tiles fits,
    # learnt when it had to draw or pass (what every player at the table sees).
    voids: tuple[tuple[tuple[int, str], ...], ...] = ()


class TableState(_TableFields):
    """Immutable (a named tuple; `_replace` gives a changed copy). The instance dict holds
    only `legal`, the cached legal move list, which takes no part in equality."""

    @property
    def round_no(self) -> int:
        return self.info.number


def tile_key(tile: Tile) -> tuple[int, int]:
    return (tile.a, tile.b)


def sort_tiles(tiles: Any) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=tile_key))


_PLAY_CACHE: dict[str, tuple[Tile, str, int | None]] = {}


T = TypeVar("T")


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
    Returns (hands, stock, drawn, seed). The engine (`TableGame.determinize`) and a game's
    compact round deal through here, so they make the same calls on `rng`."""
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


def pips(hand: tuple[Tile, ...]) -> int:
    return sum(t.a + t.b for t in hand)


def seat_list(seats: list[int]) -> str:
    return ", ".join(str(s) for s in seats)


def _sum_text(values: list[int]) -> str:
    if len(values) == 1:
        return str(values[0])
    return f"{' + '.join(map(str, values))} = {sum(values)}"


def differences(pips_: tuple[int, ...], winner: int) -> tuple[int, str]:
    """Sum over opponents of (their pips - the winner's): (21, "19 - 5 = 14, 12 - 5 = 7, 21")."""
    own = pips_[winner]
    others = [p for s, p in enumerate(pips_) if s != winner]
    if own == 0:
        return sum(others), _sum_text(others)
    parts = [f"{p} - {own} = {p - own}" for p in others]
    total = sum(p - own for p in others)
    return total, ", ".join(parts) + (f", {total}" if len(parts) > 1 else "")


def total_of_others(pips_: tuple[int, ...], winner: int) -> tuple[int, str]:
    """Total pips of every other hand: (31, "19 + 12 = 31")."""
    others = [p for s, p in enumerate(pips_) if s != winner]
    return sum(others), _sum_text(others)


@dataclass(frozen=True)
class TableAi:
    """What a table game tells the computer players (engine.players), which never name a game.

    weights       the medium player's evaluation weights (engine.players.greedy); None: its own
    keep_back     tiles worth keeping for when nothing else fits (Matador's matadors): medium
                  counts playing one against a move, the hard player's rollouts play them last
    budget_scale  the hard player's search budget (iterations and simulated moves) times this
    fast_dealer   a compact copy of the round for the hard player's search, made from (game,
                  state, seat); it must agree with the rules move for move (tested)
    """

    weights: Mapping[str, float] | None = None
    keep_back: Callable[[Tile], bool] | None = None
    budget_scale: int = 1
    fast_dealer: Callable[[TableGame, TableState, int], Dealer] | None = None


class TableGame(Game[TableState]):
    """Rounds of a domino table game to a target score. Subclasses set `spec`, the layout and
    the hooks marked below; everything else (dealing, drawing, blocks, scoring, views,
    determinization) is shared."""

    spec: GameSpec
    set_sizes: tuple[int, ...] = (6, 9, 12)
    ai = TableAi()  # what the computer players need to know of this game

    # ---- hooks --------------------------------------------------------------------------
    def hand_size(self, top: int, players: int) -> int:
        raise NotImplementedError

    def players_allowed(self, top: int) -> tuple[int, int]:
        return self.spec.players_min, self.spec.players_max

    def target(self, options: dict[str, Any]) -> int:
        return int(options["target"])

    def start_layout(self, tile: Tile) -> Layout:
        raise NotImplementedError

    def place(self, layout: Layout, end: str, tile: Tile, near: int) -> Layout:
        """The layout after `tile` goes on open end `end` with its half `near` touching (a game
        whose rules open and close ends adds them here)."""
        return layout.place(end, tile, near)

    def fits(self, tile: Tile, value: int, need: str) -> tuple[int, ...]:
        """The halves of `tile` that may touch an open end of `value` (empty: it does not fit)."""
        if need == "double":
            return (value,) if tile.a == value and tile.b == value else ()
        return (value,) if tile.a == value or tile.b == value else ()

    kept_in_stock: int | None = 0  # tiles of the stock never drawn; None: nobody ever draws

    def can_draw(self, state: TableState) -> bool:
        """Drawing is allowed while the stock holds more than `kept_in_stock` tiles."""
        return self.kept_in_stock is not None and len(state.stock) > self.kept_in_stock

    def turn_moves(self, state: TableState, plays: list[str]) -> list[str]:
        """The legal moves given the seat's legal plays (draw game: play, else draw, else pass)."""
        if plays:
            return plays
        return ["draw"] if self.can_draw(state) else ["pass"]

    def after_play(self, state: TableState, seat: int, tile: Tile) -> int:
        """The seat to move after `seat` played `tile` and still holds tiles."""
        return (seat + 1) % state.n

    def score(self, pips_: tuple[int, ...], winner: int, went_out: bool) -> tuple[int, str]:
        return differences(pips_, winner)

    def deal_round(self, n: int, top: int, seed: int, number: int) -> tuple[
        tuple[tuple[Tile, ...], ...], tuple[Tile, ...], Layout, int, RoundInfo
    ]:
        """Hands, stock, layout with the lead tile set, first seat to move, round info.
        Default (draw, tiddle-a-wink): the highest double leads; no double: reshuffle and
        deal again from the same generator."""
        rng = deal_rng(seed) if number == 1 else deal_rng(seed, "round", number)
        size = self.hand_size(top, n)
        redeals = 0
        while True:
            tiles = list(domino_set(top))
            rng.shuffle(tiles)
            hands = [sorted(tiles[i * size : (i + 1) * size], key=tile_key) for i in range(n)]
            stock = tuple(tiles[n * size :])
            doubles = [(t.a, s) for s in range(n) for t in hands[s] if t.is_double]
            if doubles:
                break
            redeals += 1
        value, leader = max(doubles)
        lead = Tile(value, value)
        hands[leader].remove(lead)
        info = RoundInfo(number, leader, lead, redeals)
        first = self.after_play_lead(n, leader)
        return tuple(tuple(h) for h in hands), stock, self.start_layout(lead), first, info

    def after_play_lead(self, n: int, leader: int) -> int:
        return (leader + 1) % n

    # ---- options and dealing ------------------------------------------------------------
    def num_seats(self, options: dict[str, Any]) -> int:
        return int(options["players"])

    def _check(self, options: dict[str, Any]) -> tuple[int, int]:
        top = set_option(options["set"])
        n = int(options["players"])
        lo, hi = self.players_allowed(top)
        if not lo <= n <= hi:
            raise BadOption(f"{self.spec.name} with double-{top} is for {lo} to {hi} players")
        return top, n

    def new_state(self, options: dict[str, Any], seed: int) -> TableState:
        top, n = self._check(options)
        hands, stock, layout, first, info = self.deal_round(n, top, seed, 1)
        state = TableState(n, top, self.target(options), seed, hands, stock, layout, first, (0,) * n, info,
                           voids=((),) * n)
        return self._settle(state)

    # ---- rules --------------------------------------------------------------------------
    def play_id(self, tile: Tile, end: str, near: int) -> str:
        return f"play:{tile}:{end}"

    matching = True  # fits() is ordinary matching (a fast path in plays/can_play)

    def plays(self, state: TableState, seat: int, only: Tile | None = None) -> list[str]:
        """Every "play:..." move of `seat` (of the tile `only` when given), unsorted."""
        ends = state.layout.open_ends()
        hand = (only,) if only is not None else state.hands[seat]
        out: list[str] = []
        if self.matching:
            for e in ends:
                v, name = e.value, e.name
                if e.need == "double":
                    out.extend(f"play:{v}-{v}:{name}" for t in hand if t.a == v and t.b == v)
                else:
                    out.extend(f"play:{t.a}-{t.b}:{name}" for t in hand if t.a == v or t.b == v)
            return out
        for tile in hand:
            for e in ends:
                for near in self.fits(tile, e.value, e.need):
                    out.append(self.play_id(tile, e.name, near))
        return out

    def can_play(self, state: TableState, seat: int) -> bool:
        ends = state.layout.open_ends()
        hand = state.hands[seat]
        if self.matching:
            for e in ends:
                v = e.value
                if e.need == "double":
                    if any(t.a == v and t.b == v for t in hand):
                        return True
                elif any(t.a == v or t.b == v for t in hand):
                    return True
            return False
        fits = self.fits
        return any(fits(t, e.value, e.need) for t in hand for e in ends)

    def legal_moves(self, state: TableState) -> list[str]:
        if state.turn < 0:
            return []
        return list(self._legal(state))

    def _legal(self, state: TableState) -> list[str]:
        legal = state.__dict__.get("legal")
        if legal is None:
            if state.between:
                legal = [NEXT_ROUND]
            else:
                legal = sorted(self.turn_moves(state, self.plays(state, state.turn)))
            state.__dict__["legal"] = legal
        return legal

    def to_move(self, state: TableState) -> int | None:
        return None if state.turn < 0 else state.turn

    def move_tile(self, move: str) -> Tile | None:
        """The tile a move puts on the table; None for "draw", "pass" and "next-round"."""
        return self.parse_play(move)[0] if move.startswith("play:") else None

    def parse_play(self, move: str) -> tuple[Tile, str, int | None]:
        parsed = _PLAY_CACHE.get(move)
        if parsed is None:
            parts = move.split(":")
            tile = Tile.parse(parts[1])
            far = int(parts[3]) if len(parts) > 3 else None
            parsed = (tile, parts[2], far)
            if len(_PLAY_CACHE) < 100_000:
                _PLAY_CACHE[move] = parsed
        return parsed

    def apply(self, state: TableState, move: str) -> TableState:
        if state.turn < 0:
            raise GameOver("the game is over")
        if not isinstance(move, str) or move not in self._legal(state):
            raise IllegalMove(f"{move!r} is not a legal move here")
        seat = state.turn
        if move == NEXT_ROUND:
            hands, stock, layout, first, info = self.deal_round(state.n, state.top, state.seed, state.round_no + 1)
            nxt = state._replace(hands=hands, stock=stock, layout=layout, turn=first, info=info, between=False,
                                 voids=((),) * state.n)
            return self._settle(nxt)
        if move == "draw":
            tile = state.stock[0]
            grown = list(state.hands)
            grown[seat] = sort_tiles(grown[seat] + (tile,))
            voids = state.voids
            if not state.drawing:  # the first draw of the turn: forced, or Matador's choice
                voids = self._learn(state, seat, () if self.can_play(state, seat) else self._ends(state))
            return state._replace(hands=tuple(grown), stock=state.stock[1:], drawn=tile, drawing=True, voids=voids)
        if move == "pass":
            voids = self._learn(state, seat, self._ends(state), keep=self.kept_in_stock is None)
            nxt = state._replace(turn=(seat + 1) % state.n, drawn=None, drawing=False, voids=voids)
            return self._settle(nxt)
        tile, end_name, far = self.parse_play(move)
        end = state.layout.end(end_name)
        assert end is not None
        if far is None:
            near = self.fits(tile, end.value, end.need)[0]
        else:
            near = tile.a if tile.b == far else tile.b
        layout = self.place(state.layout, end_name, tile, near)
        held = list(state.hands)
        hand = held[seat]
        i = hand.index(tile)
        held[seat] = hand[:i] + hand[i + 1 :]
        if not held[seat]:
            return self._end_round(state._replace(hands=tuple(held), layout=layout), seat)
        after = self.after_play(state, seat, tile)
        return self._settle(state._replace(hands=tuple(held), layout=layout, turn=after, drawn=None, drawing=False))

    def _ends(self, state: TableState) -> tuple[tuple[int, str], ...]:
        return tuple((e.value, e.need) for e in state.layout.open_ends())

    def _learn(self, state: TableState, seat: int, ends: tuple[tuple[int, str], ...],
               keep: bool = False) -> tuple[tuple[tuple[int, str], ...], ...]:
        """The seat holds no tile fitting `ends` (now, and after this turn). Older knowledge
        is dropped unless `keep` (new tiles may have come in since)."""
        voids = list(state.voids or ((),) * state.n)
        voids[seat] = tuple(sorted(set(voids[seat]) | set(ends))) if keep else ends
        return tuple(voids)

    def blocked(self, state: TableState) -> bool:
        if self.can_draw(state):
            return False
        return not any(self.can_play(state, s) for s in range(state.n))

    def _settle(self, state: TableState) -> TableState:
        """End the round when nobody can play or draw (this may chain into new rounds)."""
        if self.blocked(state):
            return self._end_round(state, None)
        return state

    def score_round(self, pips_: tuple[int, ...], out: int | None) -> tuple[int | None, list[int], str]:
        """(winner, each seat's points, the arithmetic) of a round ending with hands of these
        pips: `out` went out, or (None) it is blocked and the single lowest hand wins; a tie
        for the lowest scores nothing (winner None)."""
        if out is not None:
            winner: int | None = out
        else:
            low = min(pips_)
            lows = [s for s, p in enumerate(pips_) if p == low]
            winner = lows[0] if len(lows) == 1 else None
        points = [0] * len(pips_)
        arithmetic = ""
        if winner is not None:
            points[winner], arithmetic = self.score(pips_, winner, out is not None)
        return winner, points, arithmetic

    def _end_round(self, state: TableState, out: int | None) -> TableState:
        pips_ = tuple(pips(h) for h in state.hands)
        winner, points, arithmetic = self.score_round(pips_, out)
        scores = tuple(s + p for s, p in zip(state.scores, points, strict=True))
        summary = RoundSummary(
            state.round_no, "out" if out is not None else "blocked", winner, state.hands, pips_,
            tuple(points), arithmetic, scores,
        )
        reached = [s for s in range(state.n) if scores[s] >= state.target]
        if reached or state.round_no >= MAX_ROUNDS:
            best = max(scores)
            winners = tuple(reached) if reached else tuple(s for s in range(state.n) if scores[s] == best)
            reason = (
                f"seat {seat_list(list(winners))} reached {state.target}"
                if reached
                else f"the round limit ({MAX_ROUNDS}) was reached; the highest score wins"
            )
            return state._replace(scores=scores, last=summary, turn=-1, winners=winners, reason=reason,
                           drawn=None, drawing=False)
        return state._replace(turn=DEALER, scores=scores, drawn=None, drawing=False, last=summary, between=True)

    # ---- protocol -----------------------------------------------------------------------
    def outcome(self, state: TableState) -> Outcome | None:
        if state.turn >= 0:
            return None
        return Outcome(state.winners, state.reason, state.scores)

    def pieces(self, state: TableState) -> Counter[str]:
        found: Counter[str] = Counter(str(t) for h in state.hands for t in h)
        found.update(str(t) for t in state.stock)
        found.update(str(p.tile) for p in state.layout.tiles)
        return found

    def hidden_from(self, state: TableState, seat: int) -> set[str]:
        if state.between or state.turn < 0:  # hands revealed; the stock stays unseen
            return {str(t) for t in state.stock}
        hidden = {str(t) for s, h in enumerate(state.hands) if s != seat for t in h}
        hidden.update(str(t) for t in state.stock)
        return hidden

    def determinize(self, state: TableState, seat: int, rng: random.Random) -> TableState:
        """Every tile `seat` cannot see (other hands, the stock) collected in sorted order,
        shuffled with rng and dealt back respecting the hand sizes. The seed is replaced too,
        so later deals carry no knowledge either."""
        if state.between or state.turn < 0:
            shuffled = sorted(state.stock, key=tile_key)
            rng.shuffle(shuffled)
            return state._replace(stock=tuple(shuffled), seed=rng.getrandbits(31))
        unknown = [t for s, h in enumerate(state.hands) if s != seat for t in h]
        unknown.extend(state.stock)
        unknown.sort(key=tile_key)
        fits = self.fits

        def lacking(ends: tuple[tuple[int, str], ...]) -> Callable[[Tile], bool]:
            return lambda t: any(fits(t, v, nd) for v, nd in ends)

        barred = [(s, lacking(state.voids[s])) for s in self.void_seats(state, seat)]
        dealt, stock, guessed, seed = deal_unseen(rng, unknown, [len(h) for h in state.hands], seat, barred, tile_key,
                                                  self.unseen_draw(state, seat))
        hands = tuple(h if s == seat else tuple(dealt[s]) for s, h in enumerate(state.hands))
        drawn = state.drawn if guessed is None else guessed
        return state._replace(hands=hands, stock=tuple(stock), seed=seed, drawn=drawn)

    def void_seats(self, state: TableState, seat: int) -> list[int]:
        """The other seats whose known voids (what they drew or passed on) constrain a
        determinization for `seat`: those with tiles, except a seat in the middle of drawing
        (it holds a fitting tile by now)."""
        voids = state.voids or ((),) * state.n
        return [s for s in range(state.n) if s != seat and voids[s] and state.hands[s]
                and not (state.drawing and s == state.turn)]

    def unseen_draw(self, state: TableState, seat: int) -> int | None:
        """The seat that drew a tile this turn which `seat` did not see, if any."""
        return state.turn if state.drawn is not None and 0 <= state.turn != seat else None

    def end_label(self, state: TableState, end: str) -> str:
        if end.startswith("arm"):
            return f"arm {int(end[3:]) + 1}"
        if end.startswith("e"):
            k = int(end[1:])
            placed = state.layout.tiles[k]
            return f"the {placed.far} of {placed.tile}" if k else f"the {placed.tile}"
        return f"the {end}"

    def move_label(self, state: TableState, move: str) -> str:
        if move == "draw":
            return "draws a tile"
        if move == "pass":
            return "passes"
        if move == NEXT_ROUND:
            return f"deals round {state.round_no + 1}"
        try:
            tile, end, far = self.parse_play(move)
        except (ValueError, IndexError):
            return move
        text = f"plays {tile} on {self.end_label(state, end)}"
        if far is not None and not tile.is_double:
            text += f", leaving {far} open"
        return text

    def status(self, state: TableState) -> str:
        if state.turn < 0:
            return f"Game over: {state.reason}."
        if state.between:
            return f"Round {state.round_no} is over. Seat {DEALER} deals the next round."
        if state.drawing and state.drawn is not None:
            return f"Seat {state.turn} is drawing."
        return f"Round {state.round_no}: seat {state.turn} to play."

    def round_json(self, state: TableState) -> JSON:
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
            "last_round": state.last.to_json() if state.last else None,
        }
        if seat is None:
            out["hands"] = [[str(t) for t in h] for h in state.hands]
            out["stock_tiles"] = [str(t) for t in state.stock]
        elif seat == state.turn and state.drawn is not None:
            out["drawn"] = str(state.drawn)
        return out
