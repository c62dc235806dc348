"""A compact, mutable Matador round for the hard player's search (`TableAi.fast_dealer`), whose
rollouts play as the medium player does.

Through the engine every simulated move builds an immutable `TableState` and `Layout` and
formats move ids; here a round is a few lists and bit masks of small integers changed in place.
Only the move generator and the phase bookkeeping are its own: the making-ten rule (`fits`),
the scoring (`TableRules.score_round`) and the determinization's deal (`deal_unseen`) are the
game's. It must agree with the engine move for move: the same legal moves in the same order
(the engine's sorted move ids), the same draws, the same end and the same points
(`tests/engine/test_matador_playout.py`).

The rollout policy (`weight`) is the medium player's one-ply evaluation
(engine.players.greedy, with Matador's `TableAi.weights`), computed on masks: the rollouts then
play every seat roughly as a sound player would (holding matadors back, keeping tiles that fit,
leaving ends the others cannot make ten with) rather than heaviest tile first, which misjudges a
game where only going out or the lowest hand scores. Weights are counted in tenths (integers).

Tiles are numbered in sorted order (0-0 is 0); a move's code is its id's rank among every move
id of the set, so sorting codes sorts the engine's move ids ("draw" < "pass" < "play:...").
"""

from __future__ import annotations

from bisect import insort
from typing import Self

from engine.cache import remembered
from engine.games.table import MEDIUM_OUT, CompactDealer, CompactPlayout, CompactRules, TableRules, TableState
from engine.tiles import Tile, domino_set

ENDS = ("left", "right")


class Rules(CompactRules):
    """The tables of one set (double-9 or double-12), built once per game and set."""

    def __init__(self, game: TableRules, top: int) -> None:
        tiles = domino_set(top)
        plays = {game.play_id(t, end, near): (i, e, t.b if t.a == near else t.a)
                 for i, t in enumerate(tiles) for e, end in enumerate(ENDS) for near in {t.a, t.b}}
        super().__init__(game, sorted([*plays, "draw", "pass"]), [t.a + t.b for t in tiles])
        self.tiles: tuple[Tile, ...] = tiles
        self.id = {t: i for i, t in enumerate(tiles)}
        self.all = (1 << len(tiles)) - 1
        self.double = [t.is_double for t in tiles]
        self.numbers = [1 << t.a | 1 << t.b for t in tiles]
        matador = [bool(game.fits(t, 0, "match")) for t in tiles]  # only a matador goes on a blank
        self.matador = matador
        self.plain = sum(1 << i for i, m in enumerate(matador) if not m)
        # per end value: the tiles that may go on it (as a mask)
        self.fit = [sum(1 << i for i, t in enumerate(tiles) if game.fits(t, v, "match")) for v in range(top + 1)]
        self.draw, self.pass_ = self.code["draw"], self.code["pass"]
        self.play: dict[int, tuple[int, int, int]] = {self.code[name]: p for name, p in plays.items()}
        # per end (left, right), per end value, per tile: its play codes there, in id order
        self.on: list[list[list[tuple[int, ...]]]] = [
            [[tuple(sorted(self.code[game.play_id(t, end, near)] for near in game.fits(t, v, "match")))
              for t in tiles] for v in range(top + 1)]
            for end in ENDS]
        weights = game.ai.weights
        assert weights is not None, "Matador declares the medium player's weights"
        self.w = weights


@remembered(4)
def rules_of(game: TableRules, top: int) -> Rules:
    return Rules(game, top)


class MatadorPlayout(CompactPlayout[Rules]):
    """One Matador round in play. `points` is None until the round ends."""

    __slots__ = ("board", "drawing", "ends", "held")

    def __init__(self, game: TableRules, state: TableState) -> None:
        """From a `TableState` of Matador (normally a determinization)."""
        rules = rules_of(game, state.top)
        ids = rules.id
        super().__init__(rules, state, ids.__getitem__)
        self.held: list[int] = [sum(1 << t for t in h) for h in self.hands]
        self.board: int = sum(1 << ids[p.tile] for p in state.layout.tiles)
        ends = {e.name: e.value for e in state.layout.open_ends()}
        self.ends: list[int] = [ends[name] for name in ENDS]
        self.drawing: bool = state.drawing

    def redealt(self, hands: list[list[int]], stock: list[int], drawn: int) -> Self:
        """This position with other hands, draw pile (next tile last) and drawn tile."""
        out = self.__class__.__new__(self.__class__)
        out.rules, out.n, out.turn, out.points = self.rules, self.n, self.turn, self.points
        out.board, out.ends, out.drawing = self.board, self.ends[:], self.drawing
        out.hands, out.stock, out.drawn = hands, stock, drawn
        out.held = [sum(1 << t for t in h) for h in hands]
        return out

    # ---- rules ---------------------------------------------------------------------------
    def codes(self) -> list[int]:
        """The legal moves as codes, in move id order (`MatadorGame.turn_moves`)."""
        rules = self.rules
        left, right = self.ends
        on_left, on_right = rules.on[0][left], rules.on[1][right]
        plays = sorted([c for t in self.hands[self.turn] for c in on_left[t] + on_right[t]])
        fit = rules.fit[left] | rules.fit[right]
        if self.drawing:
            if not self.stock or fit >> self.drawn & 1:
                return plays or [rules.pass_]
            return [rules.draw]
        if self.held[self.turn] & rules.plain & fit:
            return plays
        if plays:
            return [rules.draw, *plays] if self.stock else plays
        return [rules.draw] if self.stock else [rules.pass_]

    def step(self, code: int) -> None:
        """Make a move the caller knows is legal."""
        rules, seat = self.rules, self.turn
        if code == rules.draw:
            tile = self.stock.pop()
            insort(self.hands[seat], tile)
            self.held[seat] |= 1 << tile
            self.drawn, self.drawing = tile, True
            return
        if code != rules.pass_:
            tile, end, far = rules.play[code]
            hand = self.hands[seat]
            hand.remove(tile)
            self.held[seat] &= ~(1 << tile)
            self.board |= 1 << tile
            self.ends[end] = far
            if not hand:
                self.end(seat)
                return
        self.turn = (seat + 1) % self.n
        self.drawn, self.drawing = -1, False
        if not self.stock:
            left, right = self.ends
            fit = rules.fit[left] | rules.fit[right]
            if not any(h & fit for h in self.held):
                self.end(None)  # blocked

    # ---- the rollout policy ----------------------------------------------------------------
    def weight(self, code: int) -> float:
        """The medium player's value of a move for the seat to move (`GreedyPlayer.evaluate`,
        term by term in its order, so ties fall the same way; it reads only what that seat knows)."""
        rules, seat = self.rules, self.turn
        if code == rules.draw:
            others = min(len(h) for s, h in enumerate(self.hands) if s != seat)
            return MEDIUM_OUT if len(self.stock) >= 4 and others > 2 else -MEDIUM_OUT
        if code == rules.pass_:
            return -MEDIUM_OUT
        tile, end, far = rules.play[code]
        before = self.held[seat]
        after = before & ~(1 << tile)
        if not after:
            return MEDIUM_OUT
        w = rules.w
        score = w["pips"] * rules.pips[tile]
        if rules.double[tile]:
            score += w["double"]  # Matador never gives another turn: no "again"
        numbers = 0
        for t in self.hands[seat]:
            if t != tile:
                numbers |= rules.numbers[t]
        score += w["numbers"] * numbers.bit_count()
        fit = rules.fit[far] | rules.fit[self.ends[1 - end]]
        score += w["mine"] * (fit & after).bit_count()
        theirs = (fit & rules.all & ~(before | self.board)).bit_count()
        score += w["block"] if theirs == 0 else -w["theirs"] * theirs
        if rules.matador[tile]:
            score -= w["keep_back"]
        return score


class MatadorDealer(CompactDealer[MatadorPlayout]):
    """Determinizations of one position for `seat`, dealt straight into playouts
    (`CompactDealer`)."""

    def __init__(self, game: TableRules, state: TableState, seat: int) -> None:
        base = MatadorPlayout(game, state)
        super().__init__(base, base.rules.tiles, game.fits, state, seat)
