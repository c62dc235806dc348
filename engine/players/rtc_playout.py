"""A compact, mutable Round The Clock round for the hard player's search.

The search plays hundreds of thousands of simulated moves per decision. Through the engine
each one builds an immutable `TableState` and `Layout` and formats move ids; here a round is a
few lists of small integers changed in place, several times faster. It is a second copy of
the round's rules, so it must agree with the engine move for move: the same legal moves in
the same order (the engine's sorted move ids), the same draws, the same end and the same
points. `tests/engine/test_rtc_playout.py` checks that over many played-out rounds, and that
the search chooses exactly as it does through the engine.

Only what a round needs is kept: hands, the boneyard, the four arms and the phase. The voids
and scores play no part once a determinization is dealt.

Tiles are numbered in sorted order (0-0 is 0, 6-6 is 27); a play is tile * 4 + arm, so
sorting codes sorts the engine's move ids ("play:a-b:armK").
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Any, cast

from engine.games.round_the_clock import GAME, KEEP_IN_BONEYARD, RoundTheClockGame
from engine.players.playout import rollout_move
from engine.tiles import domino_set

_TILES = domino_set(6)
_ID = {t: i for i, t in enumerate(_TILES)}
_fits = cast(RoundTheClockGame, GAME).fits  # the game's own matching rule
_A = [t.a for t in _TILES]
_B = [t.b for t in _TILES]
PIPS = [t.a + t.b for t in _TILES]
DRAW = 4 * len(_TILES)
PASS = DRAW + 1
NAMES = [f"play:{t}:arm{k}" for t in _TILES for k in range(4)] + ["draw", "pass"]
CODES = {name: code for code, name in enumerate(NAMES)}


_FITS: dict[tuple[int, ...], list[tuple[int, ...]]] = {}


def code_weight(code: int) -> int:
    """A move's pips (only plays are ever weighed: draw and pass come alone)."""
    return PIPS[code >> 2]


def fits_table(ends: list[int], done: list[bool], double_phase: bool) -> list[tuple[int, ...]]:
    """Per tile, its play codes on the arms open now (built once per arrangement)."""
    key = (double_phase, *ends, *done)
    table = _FITS.get(key)
    if table is None:
        arms = [(k, v) for k, (v, d) in enumerate(zip(ends, done, strict=True)) if not d]
        need = "double" if double_phase else "match"
        table = [tuple(i * 4 + k for k, v in arms if _fits(t, v, need)) for i, t in enumerate(_TILES)]
        _FITS[key] = table
    return table


class RtcPlayout:
    """One Round The Clock round in play. `points` is None until the round ends."""

    __slots__ = ("done", "double_phase", "drawn", "ends", "fits", "hands", "n", "points", "stock", "turn")

    def __init__(self, state: Any) -> None:
        """From a `TableState` of round-the-clock (normally a determinization)."""
        layout = state.layout
        self.n: int = state.n
        self.hands: list[list[int]] = [[_ID[t] for t in h] for h in state.hands]
        self.stock: list[int] = [_ID[t] for t in reversed(state.stock)]  # next tile last
        self.ends: list[int] = [e.value for e in layout.ends]
        self.done: list[bool] = list(layout.done)
        self.double_phase: bool = layout.phase == "double"
        self.fits = fits_table(self.ends, self.done, self.double_phase)
        self.turn: int = state.turn
        self.drawn: int = -1 if state.drawn is None else _ID[state.drawn]
        over = state.turn < 0 or state.between
        self.points: list[int] | None = list(state.last.points) if over else None

    def redealt(self, hands: list[list[int]], stock: list[int], drawn: int) -> RtcPlayout:
        """This position with other hands, boneyard (next tile last) and drawn tile."""
        out = RtcPlayout.__new__(RtcPlayout)
        out.n, out.turn, out.points = self.n, self.turn, self.points
        out.ends, out.done = self.ends[:], self.done[:]
        out.double_phase, out.fits = self.double_phase, self.fits
        out.hands, out.stock, out.drawn = hands, stock, drawn
        return out

    # ---- the protocol the search uses (move ids as the engine writes them) ------------
    def over(self) -> bool:
        return self.points is not None

    def mover(self) -> int:
        return self.turn

    def legal(self) -> list[str]:
        return [NAMES[c] for c in self.legal_codes()]

    def play(self, move: str) -> None:
        self.apply(CODES[move])

    def rollout(self, rng: random.Random, epsilon: float) -> int:
        """Play the round out with `rollout_move`; returns the number of moves played."""
        steps = 0
        while self.points is None:
            steps += 1
            self.apply(rollout_move(self.legal_codes(), code_weight, rng, epsilon))
        return steps

    # ---- rules ---------------------------------------------------------------------------
    def plays(self, tiles: list[int]) -> list[int]:
        """Play codes for `tiles` (sorted), in sorted order."""
        fits = self.fits
        return [c for t in tiles for c in fits[t]]

    def legal_codes(self) -> list[int]:
        if self.drawn >= 0:  # drew this turn: only the drawn tile may be played
            return self.plays([self.drawn]) or [PASS]
        return self.plays(self.hands[self.turn]) or [DRAW if len(self.stock) > KEEP_IN_BONEYARD else PASS]

    def apply(self, code: int) -> None:
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
            self.fits = fits_table(ends, done, self.double_phase)
            if not hand:
                self.end(seat)
                return
        self.turn = (seat + 1) % self.n
        self.drawn = -1
        if len(self.stock) <= KEEP_IN_BONEYARD and not any(self.plays(h) for h in self.hands):
            self.end(None)  # blocked

    def end(self, out: int | None) -> None:
        """Score the round: who went out, else the single lowest hand, takes every other
        hand's pips; a tie for the lowest in a block scores nothing."""
        pips = [sum(PIPS[t] for t in h) for h in self.hands]
        winner = out
        if winner is None:
            low = min(pips)
            lows = [s for s, p in enumerate(pips) if p == low]
            winner = lows[0] if len(lows) == 1 else None
        points = [0] * self.n
        if winner is not None:
            points[winner] = sum(pips) - pips[winner]
        self.points = points


class RtcDealer:
    """Determinizations of one position for `seat`, dealt straight into playouts: the same
    tiles from the same generator calls as `TableGame.determinize` (tested), without
    building a `TableState` each time."""

    def __init__(self, state: Any, seat: int) -> None:
        self.base = base = RtcPlayout(state)
        self.seat = seat
        self.unknown = sorted([t for s, h in enumerate(base.hands) if s != seat for t in h] + base.stock)
        self.sizes = [len(h) for h in base.hands]
        # Seats known to lack some ends (they drew or passed on them) are dealt first, each
        # only tiles it may hold; per seat, which tiles it may not.
        voids = state.voids or ((),) * state.n
        self.barred = [
            (s, [any(_fits(t, v, need) for v, need in voids[s]) for t in _TILES])
            for s in range(state.n)
            if s != seat and voids[s] and state.hands[s] and not (state.drawing and s == state.turn)
        ]
        self.guess_drawn = state.drawn is not None and 0 <= state.turn != seat

    def deal(self, rng: random.Random) -> RtcPlayout:
        base, seat, sizes = self.base, self.seat, self.sizes
        pool = self.unknown[:]
        rng.shuffle(pool)
        chosen: dict[int, list[int]] = {}
        rest = pool
        for s, barred in self.barred:
            take: list[int] = []
            keep: list[int] = []
            need = sizes[s]
            for t in rest:
                if len(take) < need and not barred[t]:
                    take.append(t)
                else:
                    keep.append(t)
            if len(take) < need:  # rare: deal ignoring what is known
                chosen, rest = {}, pool
                break
            chosen[s] = take
            rest = keep
        hands: list[list[int]] = []
        k = 0
        for s, size in enumerate(sizes):
            if s == seat:
                hands.append(base.hands[s][:])
            elif s in chosen:
                hands.append(sorted(chosen[s]))
            else:
                hands.append(sorted(rest[k : k + size]))
                k += size
        drawn = base.drawn
        if self.guess_drawn:
            hand = hands[base.turn]
            drawn = hand[rng.randrange(len(hand))]
        rng.getrandbits(31)  # the engine's fresh seed for later deals: keeps the generator in step
        return base.redealt(hands, rest[k:][::-1], drawn)

