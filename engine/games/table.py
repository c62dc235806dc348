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


class Term(NamedTuple):
    """One seat's part of a round's score: its pips, less the winner's (`minus`) or not."""

    seat: int
    pips: int
    minus: int | None = None

    @property
    def value(self) -> int:
        return self.pips - (self.minus or 0)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "pips": self.pips, "minus": self.minus, "value": self.value}


class Score(NamedTuple):
    """A round's score as numbers: the terms summed, then (Tiddle-A-Wink's block) the
    winner's own pips taken off (`less`). `text()` writes it out, the total once."""

    terms: tuple[Term, ...]
    less: int | None = None

    @property
    def sum(self) -> int:
        return sum(t.value for t in self.terms)

    @property
    def total(self) -> int:
        return self.sum - (self.less or 0)

    def text(self) -> str:
        """"92"; "19 + 12 = 31"; "19 - 5 = 14, 12 - 5 = 7, 21"; "... = 31, 31 - 5 = 26"."""
        if any(t.minus is not None for t in self.terms):
            parts = [str(t.pips) if t.minus is None else f"{t.pips} - {t.minus} = {t.value}" for t in self.terms]
            text = ", ".join(parts) + (f", {self.sum}" if len(parts) > 1 else "")
        elif len(self.terms) == 1:
            text = str(self.sum)
        else:
            text = f"{' + '.join(str(t.pips) for t in self.terms)} = {self.sum}"
        if self.less is not None:
            text += f", {self.sum} - {self.less} = {self.total}"
        return text

    def to_json(self) -> JSON:
        return {"terms": [t.to_json() for t in self.terms], "sum": self.sum, "less": self.less,
                "total": self.total, "text": self.text()}


class RoundSummary(NamedTuple):
    """A finished round, everything revealed. winner None: a tie for lowest in a block."""

    number: int
    reason: str  # "out" | "blocked"
    winner: int | None
    hands: tuple[tuple[Tile, ...], ...]
    pips: tuple[int, ...]
    points: tuple[int, ...]
    arithmetic: str  # score.text(), or "" for a tie
    scores: tuple[int, ...]  # after the round
    score: Score | None = None  # None for a tie

    def to_json(self) -> JSON:
        # Revealed tiles are [a, b] pairs: they belong to the previous deal, and must not be
        # confused with tile ids ("3-5") that may lie hidden in the current deal.
        return {
            **self.history_json(),
            "hands": [[[t.a, t.b] for t in h] for h in self.hands],
        }

    def history_json(self) -> JSON:
        """The round as numbers and text, without the hands (the view's "rounds" list)."""
        return {
            "round": self.number,
            "reason": self.reason,
            "winner": self.winner,
            "pips": list(self.pips),
            "points": list(self.points),
            "arithmetic": self.arithmetic,
            "score": self.score.to_json() if self.score else None,
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
    rounds: tuple[RoundSummary, ...] = ()  # every finished round, oldest first (last is `last`)


class TableState(_TableFields):
    """Immutable (a named tuple; `_replace` gives a changed copy)."""

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
    """"seat 2", "seats 0 and 2", "seats 0, 1 and 3"."""
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"seats {', '.join(str(s) for s in seats[:-1])} and {seats[-1]}"


def differences(pips_: tuple[int, ...], winner: int) -> Score:
    """Sum over opponents of (their pips - the winner's): "19 - 5 = 14, 12 - 5 = 7, 21".
    A winner with no pips left scores the others' pips as they are."""
    own = pips_[winner]
    minus = own if own else None
    return Score(tuple(Term(s, p, minus) for s, p in enumerate(pips_) if s != winner))


def total_of_others(pips_: tuple[int, ...], winner: int) -> Score:
    """Total pips of every other hand: "19 + 12 = 31"."""
    return Score(tuple(Term(s, p) for s, p in enumerate(pips_) if s != winner))


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
    """Rounds of a domino table game to a target score. A game sets `spec` and the two
    declarations below, and overrides the hooks it needs; the base owns the algorithms (the
    deal, turns, drawing, blocks, scoring, views, determinization).

    Rule hooks (this section): hand_size, players_allowed, target, choose_lead,
    after_play_lead, start_layout, place, fits, turn_moves, after_play, score. Word hooks
    (with the views below): play_id, end_label, end_needs, pass_words, round_json."""

    spec: GameSpec
    kept_in_stock: int | None = 0  # tiles of the stock never drawn; None: nobody ever draws
    ai = TableAi()  # what the computer players need to know of this game

    # ---- rule hooks ---------------------------------------------------------------------
    def hand_size(self, top: int, players: int) -> int:
        """Tiles dealt to each seat."""
        raise NotImplementedError

    def players_allowed(self, top: int) -> tuple[int, int]:
        """The players a set allows (the spec's range unless the set narrows it)."""
        return self.spec.players_min, self.spec.players_max

    def target(self, options: dict[str, Any]) -> int:
        """The score that ends the game."""
        return int(options["target"])

    def start_layout(self, tile: Tile) -> Layout:
        """The layout holding the lead tile alone."""
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

    def turn_moves(self, state: TableState, plays: list[str]) -> list[str]:
        """The legal moves given the seat's legal plays (draw game: play, else draw, else pass)."""
        if plays:
            return plays
        return ["draw"] if self.can_draw(state) else ["pass"]

    def after_play(self, state: TableState, seat: int, tile: Tile) -> int:
        """The seat to move after `seat` played `tile` and still holds tiles."""
        return (seat + 1) % state.n

    def score(self, pips_: tuple[int, ...], winner: int, went_out: bool) -> Score:
        """The winner's score from every hand's pips (default: the sum of the differences)."""
        return differences(pips_, winner)

    def choose_lead(self, hands: list[list[Tile]], stock: list[Tile]) -> tuple[int, Tile, tuple[int, ...]] | None:
        """Who leads a fresh deal, with which tile, and how many tiles each seat drew to find
        it (a game may have seats draw from `stock` into `hands`: Round The Clock); None: deal
        again. Default: the highest double leads; nobody holds a double: deal again."""
        doubles = [(t.a, s) for s in range(len(hands)) for t in hands[s] if t.is_double]
        if not doubles:
            return None
        value, leader = max(doubles)
        return leader, Tile(value, value), ()

    def after_play_lead(self, n: int, leader: int) -> int:
        """The seat to move once `leader` has set the lead tile."""
        return (leader + 1) % n

    # ---- dealing ------------------------------------------------------------------------
    def deal_round(self, n: int, top: int, seed: int, number: int) -> tuple[
        tuple[tuple[Tile, ...], ...], tuple[Tile, ...], Layout, int, RoundInfo
    ]:
        """Hands, stock, layout with the lead tile set, first seat to move, round info: the
        set shuffled (round 1 from the seed, later rounds from the seed and their number),
        dealt, and dealt again from the same generator while `choose_lead` says so."""
        rng = deal_rng(seed) if number == 1 else deal_rng(seed, "round", number)
        size = self.hand_size(top, n)
        redeals = 0
        while True:
            tiles = list(domino_set(top))
            rng.shuffle(tiles)
            hands = [sorted(tiles[i * size : (i + 1) * size], key=tile_key) for i in range(n)]
            stock = tiles[n * size :]
            lead = self.choose_lead(hands, stock)
            if lead is not None:
                break
            redeals += 1
        leader, tile, draws = lead
        hands[leader].remove(tile)
        info = RoundInfo(number, leader, tile, redeals, draws)
        first = self.after_play_lead(n, leader)
        return tuple(sort_tiles(h) for h in hands), tuple(stock), self.start_layout(tile), first, info

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
    def can_draw(self, state: TableState) -> bool:
        """Drawing is allowed while the stock holds more than `kept_in_stock` tiles."""
        return self.kept_in_stock is not None and len(state.stock) > self.kept_in_stock

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Ordinary matching (the base's `fits`) takes a fast path in plays/can_play; a game
        # that overrides `fits` always goes through it.
        cls._matching = cls.fits is TableGame.fits

    _matching = True

    def plays(self, state: TableState, seat: int, only: Tile | None = None) -> list[str]:
        """Every "play:..." move of `seat` (of the tile `only` when given), unsorted."""
        ends = state.layout.open_ends()
        hand = (only,) if only is not None else state.hands[seat]
        out: list[str] = []
        if self._matching:
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
        if self._matching:
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

    _last_legal: tuple[TableState, list[str]] | None = None

    def _legal(self, state: TableState) -> list[str]:
        """The legal moves, remembered for the last state asked about: the moves of a state are
        nearly always asked for, then the same state is played from (apply checks the move)."""
        last = self._last_legal
        if last is not None and last[0] is state:
            return last[1]
        if state.between:
            legal = [NEXT_ROUND]
        else:
            legal = sorted(self.turn_moves(state, self.plays(state, state.turn)))
        self._last_legal = (state, legal)
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
            raise GameOver("The game is over.")
        if not isinstance(move, str) or move not in self._legal(state):
            raise IllegalMove(self.refusal(state, move) if isinstance(move, str) else "That is not a move.")
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

    def score_round(self, pips_: tuple[int, ...], out: int | None) -> tuple[int | None, list[int], Score | None]:
        """(winner, each seat's points, the winner's score) of a round ending with hands of
        these pips: `out` went out, or (None) it is blocked and the single lowest hand wins; a
        tie for the lowest scores nothing (winner and score None)."""
        if out is not None:
            winner: int | None = out
        else:
            low = min(pips_)
            lows = [s for s, p in enumerate(pips_) if p == low]
            winner = lows[0] if len(lows) == 1 else None
        points = [0] * len(pips_)
        score = None
        if winner is not None:
            score = self.score(pips_, winner, out is not None)
            points[winner] = score.total
        return winner, points, score

    def _end_round(self, state: TableState, out: int | None) -> TableState:
        pips_ = tuple(pips(h) for h in state.hands)
        winner, points, score = self.score_round(pips_, out)
        scores = tuple(s + p for s, p in zip(state.scores, points, strict=True))
        summary = RoundSummary(
            state.round_no, "out" if out is not None else "blocked", winner, state.hands, pips_,
            tuple(points), score.text() if score else "", scores, score,
        )
        state = state._replace(rounds=state.rounds + (summary,))
        reached = [s for s in range(state.n) if scores[s] >= state.target]
        if reached or state.round_no >= MAX_ROUNDS:
            best = max(scores)
            winners = tuple(reached) if reached else tuple(s for s in range(state.n) if scores[s] == best)
            reason = (
                f"{seat_list(list(winners))} reached {state.target}"
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

    # ---- words (hooks: play_id, end_label, end_needs, pass_words, round_json) ------------
    def play_id(self, tile: Tile, end: str, near: int) -> str:
        """The move id of `tile` on `end` with its half `near` touching."""
        return f"play:{tile}:{end}"

    def end_label(self, state: TableState, end: str) -> str:
        if end.startswith("arm"):
            return f"arm {int(end[3:]) + 1}"
        if end.startswith("e"):
            k = int(end[1:])
            placed = state.layout.tiles[k]
            return f"the {placed.far} of {placed.tile}" if k else f"the {placed.tile}"
        return f"the {end} end"

    def end_needs(self, value: int, need: str) -> int | None:
        """The number a tile must show to go on an open end of `value` (None: only special
        tiles may, like Matador's matadors on a blank end)."""
        return value

    only_tile = "a special tile"  # what alone goes on an end whose end_needs is None, in words

    pass_words = ("passes", "pass", "Pass")  # label, "you" form, button caption

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
            text += f", leaving {far} open"
        opened = self.left_open(state, tile, end, far)
        you = f"play {where}"
        if opened is not None and not tile.is_double:
            you += f", leaving {opened} open"
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
        "end:<end>", end, need ("match"/"double"), needs, open, and `only` (what alone fits, in
        words) where needs is None; draw goes from "stock" to "hand"."""
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
        if e and out["needs"] is None:
            out["only"] = self.only_tile
        return out

    def revealed_to(self, state: TableState, move: str, after: TableState) -> frozenset[int]:
        """A draw shows the drawer a tile; a round end shows every hand; a deal every seat its hand."""
        if move == NEXT_ROUND or (after.between and not state.between) or (after.turn < 0 <= state.turn):
            return frozenset(range(state.n))
        if move == "draw":
            return frozenset((state.turn,))
        return frozenset()

    def player_limits(self) -> JSON:
        choices = next(o.choices for o in self.spec.options if o.key == "set")
        return {"option": "set",
                "by_value": {c: list(self.players_allowed(set_option(c))) for c in choices}}

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
            needs = self.end_needs(e.value, e.need)
            if e.need == "double":
                return f"{tile} does not fit there: that arm needs the {e.value}-{e.value}."
            if needs is None:
                return f"{tile} does not fit there: only {self.only_tile} goes on " + \
                    ("a blank end." if e.value == 0 else f"an open {e.value}.")
            return f"{tile} does not fit there: that end needs a {needs}."
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
            "rounds": [r.history_json() for r in state.rounds],
        }
        if seat is None:
            out["hands"] = [[str(t) for t in h] for h in state.hands]
            out["stock_tiles"] = [str(t) for t in state.stock]
        elif seat == state.turn and state.drawn is not None:
            out["drawn"] = str(state.drawn)
        return out
