"""A compact, mutable round of the Color Dot draw game, for the hard player's search
(`TableAi.fast_dealer`: `DrawDealer`, rollouts played as through the engine, heaviest tile first)
and the review's play-outs (`TableAi.medium_round`: `MediumDrawPlayout`, every seat played exactly
as the medium player plays, engine/review.py's `medium_margin`).

Through the engine every simulated move builds an immutable `TableState` and `Layout`, and the
medium player applies every legal move to weigh it; here a round is a few lists and bit masks of
small integers changed in place. Only the move generator and the layout's bookkeeping (the tree's
open ends: which tile each grows from, its number, its sides left) are its own: the scoring
(`TableRules.score_round`), the weights (`TableAi.medium_weights`) and the determinization's deal
(`deal_unseen`) are the game's. It must agree with the engine move for move: the same legal moves
in the same order (the engine's sorted move ids), the same draws, the same end and the same points;
each rollout policy must choose the move its engine counterpart chooses, so the hard player's
picks and the review's ratings are those through the engine (`tests/engine/test_draw_playout.py`).

Tiles are numbered in sorted order (0-0 is 0); the tree's ends by the tile they grow from (end
"eK": K, the order of placing). A move's code is its id's rank among every move id of the set
("draw" < "pass" < "play:<tile>:e<K>" as strings), so sorting codes sorts the engine's move ids.
"""

from __future__ import annotations

from bisect import insort
from typing import Self

from engine.cache import remembered
from engine.games.table import MEDIUM_OUT, CompactDealer, CompactPlayout, CompactRules, TableRules, TableState
from engine.layout import DOUBLE_SIDES, SINGLE_SIDES
from engine.tiles import domino_set


class Rules(CompactRules):
    """The tables of one set, built once per game and set."""

    def __init__(self, game: TableRules, top: int) -> None:
        tiles = domino_set(top)
        plays = {f"play:{t}:e{k}": (i, k) for i, t in enumerate(tiles) for k in range(len(tiles))}
        super().__init__(game, sorted([*plays, "draw", "pass"]), [t.a + t.b for t in tiles])
        assert game.ai.keep_back is None, "the draw game keeps no tile back"
        self.id = {(t.a, t.b): i for i, t in enumerate(tiles)}
        self.a = [t.a for t in tiles]
        self.b = [t.b for t in tiles]
        self.all = (1 << len(tiles)) - 1
        self.double = [t.is_double for t in tiles]
        self.sides = [len(DOUBLE_SIDES if t.is_double else SINGLE_SIDES) for t in tiles]
        self.numbers = [1 << t.a | 1 << t.b for t in tiles]
        # per number: the tiles showing it (as a mask)
        self.fit = [sum(1 << i for i, t in enumerate(tiles) if v in (t.a, t.b)) for v in range(top + 1)]
        # per mask of numbers: the tiles showing any of them
        self.fits = [0] * (1 << (top + 1))
        for values in range(1, len(self.fits)):
            low = values & -values
            self.fits[values] = self.fits[values ^ low] | self.fit[low.bit_length() - 1]
        self.draw, self.pass_ = self.code["draw"], self.code["pass"]
        self.play: list[tuple[int, int]] = [(-1, -1)] * len(self.names)  # per code: (tile, K)
        for name, p in plays.items():
            self.play[self.code[name]] = p
        self.rank = [[self.code[f"play:{t}:e{k}"] for k in range(len(tiles))] for t in tiles]  # [tile][K]
        w = self.w = game.ai.medium_weights()
        # per tile: the medium player's first terms, its pips and double (`MediumDrawPlayout.weight`)
        self.heft = [w["pips"] * t.pips + w["double"] if t.is_double else w["pips"] * t.pips for t in tiles]


@remembered(4)
def rules_of(game: TableRules, top: int) -> Rules:
    return Rules(game, top)


class DrawPlayout(CompactPlayout[Rules]):
    """One round of the draw game in play. `points` is None until the round ends.

    The tree's open ends: `value[K]` and `sides[K]` (0 once closed) of the end growing from the
    K-th tile placed (`placed` so far); `at[v]` lists the open ends showing the number v, `values`
    is the mask of the numbers shown and `fitting` the tiles that fit some open end. `shown[s][v]`:
    how many tiles of seat s's hand show the number v, `numbers[s]` the mask of those shown."""

    __slots__ = ("at", "board", "fitting", "held", "numbers", "placed", "shown", "sides", "value", "values")

    def __init__(self, game: TableRules, state: TableState) -> None:
        """From a `TableState` of the draw game (normally a determinization)."""
        rules = rules_of(game, state.top)
        ids = rules.id
        super().__init__(rules, state, lambda t: ids[t.a, t.b])
        self.held, self.shown, self.numbers = self.holding(self.hands)
        layout = state.layout
        self.board: int = sum(1 << ids[p.tile.a, p.tile.b] for p in layout.tiles)
        self.placed: int = len(layout.tiles)
        self.value: list[int] = [0] * len(rules.pips)
        self.sides: list[int] = [0] * len(rules.pips)
        self.at: list[list[int]] = [[] for _ in range(state.top + 1)]
        for e in layout.open_ends():
            assert e.need == "match" and e.name == f"e{e.tile}", "the draw game's tree"
            self.value[e.tile], self.sides[e.tile] = e.value, len(e.sides)
            self.at[e.value].append(e.tile)
        self.values: int = sum(1 << v for v, ends in enumerate(self.at) if ends)
        self.fitting: int = rules.fits[self.values]

    def holding(self, hands: list[list[int]]) -> tuple[list[int], list[list[int]], list[int]]:
        """Per seat: the hand as a mask, how many of its tiles show each number, the numbers shown."""
        a, b = self.rules.a, self.rules.b
        shown = [[0] * len(self.rules.fit) for _ in hands]
        for hand, counts in zip(hands, shown, strict=True):
            for t in hand:
                counts[a[t]] += 1
                if b[t] != a[t]:
                    counts[b[t]] += 1
        return ([sum(1 << t for t in h) for h in hands], shown,
                [sum(1 << v for v, c in enumerate(counts) if c) for counts in shown])

    def redealt(self, hands: list[list[int]], stock: list[int], drawn: int) -> Self:
        """This position with other hands, draw pile (next tile last) and drawn tile."""
        out = self.__class__.__new__(self.__class__)
        out.rules, out.n, out.turn, out.points = self.rules, self.n, self.turn, self.points
        out.board, out.placed, out.values, out.fitting = self.board, self.placed, self.values, self.fitting
        out.value, out.sides, out.at = self.value[:], self.sides[:], [ends[:] for ends in self.at]
        out.hands, out.stock, out.drawn = hands, stock, drawn
        out.held, out.shown, out.numbers = out.holding(hands)
        return out

    # ---- rules ---------------------------------------------------------------------------
    def codes(self) -> list[int]:
        """The legal moves as codes, in move id order: the plays, else draw, else pass
        (`TableRules.turn_moves`)."""
        rules, fitting = self.rules, self.fitting
        if not self.held[self.turn] & fitting:
            return [rules.draw] if self.stock else [rules.pass_]
        a, b, rank, at = rules.a, rules.b, rules.rank, self.at
        plays = []
        for t in self.hands[self.turn]:
            if fitting >> t & 1:
                ranks = rank[t]
                plays += [ranks[k] for k in at[a[t]]]
                if b[t] != a[t]:
                    plays += [ranks[k] for k in at[b[t]]]
        plays.sort()
        return plays

    def step(self, code: int) -> None:
        """Make a move the caller knows is legal."""
        rules, seat = self.rules, self.turn
        if code == rules.draw:
            tile = self.stock.pop()
            insort(self.hands[seat], tile)
            self.held[seat] |= 1 << tile
            self.count(seat, tile, 1)
            self.drawn = tile
            return
        if code != rules.pass_:
            tile, k = rules.play[code]
            hand = self.hands[seat]
            hand.remove(tile)
            self.held[seat] &= ~(1 << tile)
            self.count(seat, tile, -1)
            self.board |= 1 << tile
            self.place(tile, k)
            if not hand:
                self.end(seat)
                return
        self.turn = (seat + 1) % self.n
        self.drawn = -1
        if not self.stock and not any(h & self.fitting for h in self.held):
            self.end(None)  # blocked

    def count(self, seat: int, tile: int, change: int) -> None:
        """`tile` came into (1) or left (-1) the seat's hand: the numbers it shows."""
        rules, shown = self.rules, self.shown[seat]
        a, b = rules.a[tile], rules.b[tile]
        shown[a] += change
        if b != a:
            shown[b] += change
        if change > 0:
            self.numbers[seat] |= 1 << a | 1 << b
        elif not shown[a] or not shown[b]:
            self.numbers[seat] &= ~((0 if shown[a] else 1 << a) | (0 if shown[b] else 1 << b))

    def place(self, tile: int, k: int) -> None:
        """`tile` on the open end growing from tile K: that end loses a side (closing with its
        last), and the tile opens its own end (`Layout.place`)."""
        rules, at = self.rules, self.at
        near = self.value[k]
        far = rules.pips[tile] - near
        self.sides[k] -= 1
        if not self.sides[k]:
            at[near].remove(k)
            if not at[near]:
                self.values &= ~(1 << near)
        new = self.placed
        self.placed += 1
        self.value[new], self.sides[new] = far, rules.sides[tile]
        at[far].append(new)
        self.values |= 1 << far
        self.fitting = rules.fits[self.values]

    # ---- the rollout policy ----------------------------------------------------------------
    def weight(self, code: int) -> float:
        """The hard player's rollout policy, as through the engine (`EnginePlayout.weight`): a
        play's pips, -1 for a move without a tile (the draw game keeps no tile back)."""
        rules = self.rules
        return -1 if code == rules.draw or code == rules.pass_ else rules.pips[rules.play[code][0]]


class MediumDrawPlayout(DrawPlayout):
    """A round whose rollout policy is the medium player's move: the review's play-outs."""

    __slots__ = ()

    def weight(self, code: int) -> float:
        """The medium player's value of a move for the seat to move (`GreedyPlayer.evaluate`,
        term by term in its order, so ties fall the same way; it reads only what that seat
        knows). The draw game never gives another turn: no "again"."""
        rules, seat = self.rules, self.turn
        if code == rules.draw:
            others = min(len(h) for s, h in enumerate(self.hands) if s != seat)
            return MEDIUM_OUT if len(self.stock) >= 4 and others > 2 else -MEDIUM_OUT
        if code == rules.pass_:
            return -MEDIUM_OUT
        tile, k = rules.play[code]
        before = self.held[seat]
        after = before & ~(1 << tile)
        if not after:
            return MEDIUM_OUT
        w = rules.w
        score = rules.heft[tile]
        a, b = rules.a[tile], rules.b[tile]
        shown = self.shown[seat]
        numbers = self.numbers[seat].bit_count() - (shown[a] == 1) - (a != b and shown[b] == 1)
        score += w["numbers"] * numbers
        near = self.value[k]
        values = self.values
        if self.sides[k] == 1 and len(self.at[near]) == 1:
            values &= ~(1 << near)
        values |= 1 << (rules.pips[tile] - near)
        fit = rules.fits[values]
        score += w["mine"] * (fit & after).bit_count()
        theirs = (fit & rules.all & ~(before | self.board)).bit_count()
        score += w["block"] if theirs == 0 else -w["theirs"] * theirs
        return score


class DrawDealer(CompactDealer[DrawPlayout]):
    """Determinizations of one position for `seat`, dealt straight into compact rounds
    (`CompactDealer`) for the hard player's search."""

    def __init__(self, game: TableRules, state: TableState, seat: int) -> None:
        super().__init__(DrawPlayout(game, state), domino_set(state.top), game.fits, state, seat)
