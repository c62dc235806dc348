"""A compact, mutable Round The Clock round for the hard player's search (`TableAi.fast_dealer`).

The search plays hundreds of thousands of simulated moves per decision. Through the engine
each one builds an immutable `TableState` and `Layout` and formats move ids; here a round is a
few lists of small integers changed in place, several times faster. Only the move generator
and the phase bookkeeping are its own: the matching rule (`fits`), how long drawing lasts, the
scoring (`TableRules.score_round`) and the determinization's deal (`deal_unseen`) are the
game's. It must agree with the engine move for move: the same legal moves in the same order
(the engine's sorted move ids), the same draws, the same end and the same points.
`tests/engine/test_rtc_playout.py` checks that over many played-out rounds, and that the
search chooses exactly as it does through the engine.

Only what a round needs is kept: hands, the boneyard, the four arms and the phase. The voids
and scores play no part once a determinization is dealt.

Tiles are numbered in sorted order (0-0 is 0, 6-6 is 27); a play is tile * 4 + arm, so
sorting codes sorts the engine's move ids ("play:a-b:armK").
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from typing import Self

from engine.cache import remembered
from engine.games.table import CompactDealer, CompactPlayout, CompactRules, TableRules, TableState
from engine.tiles import Tile, domino_set

_TILES = domino_set(6)
_ID = {t: i for i, t in enumerate(_TILES)}
_A = [t.a for t in _TILES]
_B = [t.b for t in _TILES]
PIPS = [t.a + t.b for t in _TILES]
DRAW = 4 * len(_TILES)
PASS = DRAW + 1
NAMES = [f"play:{t}:arm{k}" for t in _TILES for k in range(4)] + ["draw", "pass"]


class Rules(CompactRules):
    """What the compact round takes from the game, once per game."""

    def __init__(self, game: TableRules) -> None:
        super().__init__(game, NAMES, PIPS)
        self.fits: Callable[[Tile, int, str], tuple[int, ...]] = game.fits
        kept = game.kept_in_stock
        assert kept is not None, "Round The Clock draws"
        self.kept = kept
        self._tables: dict[tuple[int | bool, ...], list[tuple[int, ...]]] = {}

    def fits_table(self, ends: list[int], done: list[bool], double_phase: bool) -> list[tuple[int, ...]]:
        """Per tile, its play codes on the arms open now (built once per arrangement)."""
        key = (double_phase, *ends, *done)
        table = self._tables.get(key)
        if table is None:
            arms = [(k, v) for k, (v, d) in enumerate(zip(ends, done, strict=True)) if not d]
            need = "double" if double_phase else "match"
            fits = self.fits
            table = [tuple(i * 4 + k for k, v in arms if fits(t, v, need)) for i, t in enumerate(_TILES)]
            self._tables[key] = table
        return table


@remembered(4)
def rules_of(game: TableRules) -> Rules:
    return Rules(game)


class RtcPlayout(CompactPlayout[Rules]):
    """One Round The Clock round in play. `points` is None until the round ends."""

    __slots__ = ("done", "double_phase", "ends", "fits", "fits_table", "kept")

    def __init__(self, game: TableRules, state: TableState) -> None:
        """From a `TableState` of round-the-clock (normally a determinization)."""
        layout = state.layout
        rules = rules_of(game)
        super().__init__(rules, state, _ID.__getitem__)
        self.kept = rules.kept
        self.fits_table = rules.fits_table
        self.ends: list[int] = [e.value for e in layout.ends]
        self.done: list[bool] = list(layout.closed)
        self.double_phase: bool = layout.ends[0].need == "double"  # every arm needs a double
        self.fits = rules.fits_table(self.ends, self.done, self.double_phase)

    def redealt(self, hands: list[list[int]], stock: list[int], drawn: int) -> Self:
        """This position with other hands, boneyard (next tile last) and drawn tile."""
        out = self.__class__.__new__(self.__class__)
        out.rules, out.kept, out.fits_table = self.rules, self.kept, self.fits_table
        out.n, out.turn, out.points = self.n, self.turn, self.points
        out.ends, out.done = self.ends[:], self.done[:]
        out.double_phase, out.fits = self.double_phase, self.fits
        out.hands, out.stock, out.drawn = hands, stock, drawn
        return out

    # ---- the rollout policy ----------------------------------------------------------------
    def weight(self, code: int) -> int:
        """A move's pips (only plays are ever weighed: draw and pass come alone)."""
        return PIPS[code >> 2]

    # ---- rules ---------------------------------------------------------------------------
    def plays(self, tiles: list[int]) -> list[int]:
        """Play codes for `tiles` (sorted), in sorted order."""
        fits = self.fits
        return [c for t in tiles for c in fits[t]]

    def codes(self) -> list[int]:
        """The legal moves as codes, in move id order."""
        if self.drawn >= 0:  # drew this turn: only the drawn tile may be played
            return self.plays([self.drawn]) or [PASS]
        return self.plays(self.hands[self.turn]) or [DRAW if len(self.stock) > self.kept else PASS]

    def step(self, code: int) -> None:
        """Make a move the caller knows is legal."""
        seat = self.turn
        if code == DRAW:
            tile = self.stock.pop()
            insort(self.hands[seat], tile)
            self.drawn = tile
            return
        if code != PASS:
            tile, arm = code >> 2, code & 3
            hand = self.hands[seat]
            hand.remove(tile)
            ends = self.ends
            ends[arm] = _B[tile] if _A[tile] == ends[arm] else _A[tile]
            done = self.done
            done[arm] = True
            if all(done):
                self.double_phase = not self.double_phase
                done[:] = (False, False, False, False)
            self.fits = self.fits_table(ends, done, self.double_phase)
            if not hand:
                self.end(seat)
                return
        self.turn = (seat + 1) % self.n
        self.drawn = -1
        if len(self.stock) <= self.kept and not any(self.plays(h) for h in self.hands):
            self.end(None)  # blocked


class RtcDealer(CompactDealer[RtcPlayout]):
    """Determinizations of one position for `seat`, dealt straight into playouts
    (`CompactDealer`)."""

    def __init__(self, game: TableRules, state: TableState, seat: int) -> None:
        super().__init__(RtcPlayout(game, state), _TILES, game.fits, state, seat)
