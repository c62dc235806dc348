"""The rules of the table games (draw, matador, tiddle-a-wink, round-the-clock): `TableRules`,
the round machinery they share and the hooks each game overrides; the scoring helpers."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.cache import LRU
from engine.games.table.determinize import determinized
from engine.games.table.state import (
    DEALER,
    MAX_ROUNDS,
    NEXT_ROUND,
    RoundInfo,
    RoundSummary,
    Score,
    TableState,
    Term,
    pips,
    sort_tiles,
    tile_key,
)
from engine.layout import End, Layout
from engine.protocol import JSON, BadOption, Dealer, Game, GameOver, GameSpec, IllegalMove, Outcome, Playout
from engine.rng import deal_rng
from engine.tiles import Tile, domino_set, set_option

_PLAYS: LRU[str, tuple[Tile, str, int | None]] = LRU(100_000)  # parsed play move ids


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


# The legal moves of the last state asked about, by the state's id (the entry holds the state, so
# the id is not reused while it is kept) with the game that answered (a game may change the rules
# of another): an explicit cache of the module, not state on the shared game objects.
_LAST_LEGAL: LRU[int, tuple[TableState, TableRules, list[str]]] = LRU(1)


# The medium player's one-ply evaluation weights (engine.players.greedy), unless the game declares
# its own (`TableAi.weights`).
MEDIUM_WEIGHTS: Mapping[str, float] = {
    "pips": 1.0, "double": 4.0, "again": 8.0, "numbers": 1.0, "mine": 2.5, "theirs": 0.35, "block": 6.0,
    "keep_back": 0.0,
}
# The medium player's value of going out, and of a move without a tile it takes (+) or not (-):
# above any play's weighed value.
MEDIUM_OUT = 1000.0


@dataclass(frozen=True)
class TableAi:
    """What a table game tells the computer players (engine.players), which never name a game.

    weights       the medium player's evaluation weights (engine.players.greedy); None: MEDIUM_WEIGHTS
    keep_back     tiles worth keeping for when nothing else fits (Matador's matadors): medium
                  counts playing one against a move, the hard player's rollouts play them last
    budget_scale  the hard player's search budget (iterations and simulated moves) times this
    fast_dealer   a compact copy of the round for the hard player's search, made from (game,
                  state, seat); it must agree with the rules move for move (tested)
    paired        the hard player plays every move over the same deals instead of searching a
                  tree (engine.players.paired): for rounds the hidden hands decide
    medium_round  a compact copy of a round, made from (game, state), whose rollouts, never
                  random, play every seat exactly as the medium player does (tested): the
                  review's play-outs go through it
    """

    weights: Mapping[str, float] | None = None
    keep_back: Callable[[Tile], bool] | None = None
    budget_scale: int = 1
    fast_dealer: Callable[[TableRules, TableState, int], Dealer] | None = None
    paired: bool = False
    medium_round: Callable[[TableRules, TableState], Playout] | None = None

    def medium_weights(self) -> Mapping[str, float]:
        """The medium player's evaluation weights: the game's, else MEDIUM_WEIGHTS."""
        return self.weights or MEDIUM_WEIGHTS


class TableRules(Game[TableState]):
    """The rules of rounds of a domino table game to a target score: the base owns the
    algorithms (the deal, turns, drawing, blocks, scoring, determinization) and a game
    overrides the hooks it needs. Games subclass `TableGame` (engine.games.table.words), these
    rules with their words.

    Rule hooks (this section): hand_size, players_allowed, target, choose_lead,
    after_play_lead, play_id, start_layout, place, fits, turn_moves, after_play, score."""

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

    def play_id(self, tile: Tile, end: str, near: int) -> str:
        """The move id of `tile` on `end` with its half `near` touching."""
        return f"play:{tile}:{end}"

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
        cls._matching = cls.fits is TableRules.fits

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

    def count_fitting(self, tiles: Iterable[Tile], ends: tuple[End, ...]) -> int:
        """How many of `tiles` fit at least one of the open `ends` (the medium player's count of
        its own and the unseen tiles that could go on the layout; ordinary matching by sets)."""
        if self._matching:
            match = {e.value for e in ends if e.need != "double"}
            double = {e.value for e in ends if e.need == "double"}
            return sum(1 for t in tiles if t.a in match or t.b in match or (t.a == t.b and t.a in double))
        fits = self.fits
        return sum(1 for t in tiles if any(fits(t, e.value, e.need) for e in ends))

    def legal_moves(self, state: TableState) -> list[str]:
        if state.turn < 0:
            return []
        return list(self._legal(state))

    def _legal(self, state: TableState) -> list[str]:
        """The legal moves, remembered for the last state asked about (`_LAST_LEGAL`): the moves of
        a state are nearly always asked for, then the same state is played from (apply checks the
        move)."""
        last = _LAST_LEGAL.get(id(state))
        if last is not None and last[0] is state and last[1] is self:
            return last[2]
        if state.between:
            legal = [NEXT_ROUND]
        else:
            legal = sorted(self.turn_moves(state, self.plays(state, state.turn)))
        _LAST_LEGAL.put(id(state), (state, self, legal))
        return legal

    def to_move(self, state: TableState) -> int | None:
        return None if state.turn < 0 else state.turn

    def move_tile(self, move: str) -> Tile | None:
        """The tile a move puts on the table; None for "draw", "pass" and "next-round"."""
        return self.parse_play(move)[0] if move.startswith("play:") else None

    def parse_play(self, move: str) -> tuple[Tile, str, int | None]:
        parsed = _PLAYS.get(move)
        if parsed is None:
            parts = move.split(":")
            tile = Tile.parse(parts[1])
            far = int(parts[3]) if len(parts) > 3 else None
            parsed = _PLAYS.put(move, (tile, parts[2], far))
        return parsed

    def refusal(self, state: TableState, move: str) -> str:
        """Why `move` is not legal, worded for the player (`TableGame` words it)."""
        raise NotImplementedError

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
        """See `engine.games.table.determinize.determinized`."""
        return determinized(state, seat, rng, self.fits)

    def revealed_to(self, state: TableState, move: str, after: TableState) -> frozenset[int]:
        """A draw shows the drawer a tile; a round end shows every hand; a deal every seat its hand."""
        if move == NEXT_ROUND or (after.between and not state.between) or (after.turn < 0 <= state.turn):
            return frozenset(range(state.n))
        if move == "draw":
            return frozenset((state.turn,))
        return frozenset()

    def deal_moves(self, state: TableState) -> int:
        """Every round's deal sets its lead tile: one move a round."""
        return state.info.number

    def player_limits(self) -> JSON:
        choices = next(o.choices for o in self.spec.options if o.key == "set")
        return {"option": "set",
                "by_value": {c: list(self.players_allowed(set_option(c))) for c in choices}}
