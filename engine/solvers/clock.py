"""The Clock exchange advisor: the exact winning chance of every exchange choice.

Why it is exact and simple. When the fourth king turns up early, every pile s other than the
centre holds c_s face-down tiles and exactly c_s tiles of rank s are still face down (each
visit to pile s follows the placing of an s-tile), so N = sum c_s. Swap the king with a tile
of pile p:
- above other face-down tiles, the king turns up before them: the game is lost;
- at the bottom, the game is won exactly when following "the rank of the bottom tile" from
  every other non-empty pile leads to pile p without a cycle (a pile can only be emptied by
  its last visit, which its bottom tile's rank then continues; a cycle of piles can never
  all be emptied, and with no cycle every pile is).
The bottom tiles of the other non-empty piles are a uniform sample, without replacement, of
the face-down multiset. Counting rooted trees on the piles by their in-degrees d_v,
((n-2)! d_p / prod d_v!), weighted by prod (m_v)_(d_v), gives
    P(win) = m_p / N = c_p / N,
whatever the arrangement the seat cannot see. `sampled_chances` checks this by playing many
determinized exchanges through the rules (tests/engine/test_clock.py does, and compares an
exhaustive enumeration on small positions).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.games.clock import CENTRE, GAME, ClockGame, ClockState
from engine.protocol import JSON, Hint
from engine.solvers import register_advisor


@dataclass(frozen=True)
class ExchangeChoice:
    move: str
    slot: int
    depth: int  # 1 = top of the face-down pile
    pile_size: int
    chance: float

    def to_json(self) -> dict[str, object]:
        return {"move": self.move, "slot": self.slot, "depth": self.depth, "pile": self.pile_size,
                "chance": self.chance}


def exchange_chances(state: ClockState) -> list[ExchangeChoice]:
    """Every exchange choice with its exact winning chance, best first (ties: lower slot,
    then shallower tile). Empty unless an exchange is being chosen."""
    if state.phase != "exchange":
        return []
    total = state.face_down
    choices = []
    for s in range(1, CENTRE + 1):
        size = len(state.down[s - 1])
        for d in range(1, size + 1):
            chance = size / total if d == size else 0.0
            choices.append(ExchangeChoice(f"exchange:slot{s}:{d}", s, d, size, chance))
    choices.sort(key=lambda c: (-c.chance, c.slot, c.depth))
    return choices


def hint(state: ClockState) -> Hint | None:
    if state.phase == "turn":
        return Hint("turn", "No decision here: turning up is the only move.")
    choices = exchange_chances(state)
    if not choices:
        return None
    best = choices[0]
    # the move's own words say which tile (engine.games.clock move_label): the reason only says why
    reason = (
        f"It wins with chance {round(100 * best.chance)}%: only a pile's bottom tile can win, and a "
        f"pile holding c of the n face-down tiles wins with chance c/n."
    )
    return Hint(best.move, reason, best.chance)


def sampled_chances(state: ClockState, samples: int, rng: random.Random) -> dict[str, float]:
    """Each exchange move's winning frequency over `samples` determinizations played out by
    the rules (common random arrangements for every choice). For checking the exact chances."""
    wins = dict.fromkeys(GAME.legal_moves(state), 0)
    for _ in range(samples):
        det = GAME.determinize(state, 0, rng)
        for move in wins:
            s = GAME.apply(det, move)
            while s.phase == "turn":
                s = GAME.apply(s, "turn")
            wins[move] += s.phase == "won"
    return {m: w / samples for m, w in wins.items()}


class ClockAdvisor:
    """The exact exchange chances: the best as the hint, every choice as the analysis."""

    def hint(self, state: ClockState, rng: random.Random) -> Hint | None:
        return hint(state)

    def analysis(self, state: ClockState) -> JSON:
        """While an exchange is chosen: every choice with its exact chance to win, best first."""
        if state.phase != "exchange":
            return None
        return {"exchange_chances": [c.to_json() for c in exchange_chances(state)]}

    def rate_moves(self, state: ClockState) -> tuple[dict[str, float], dict[str, JSON]]:
        """Each exchange choice's exact chance of winning, for the review (c/n for a pile's
        bottom tile, else 0)."""
        return {c.move: c.chance for c in exchange_chances(state)}, {"face_down": state.face_down}


register_advisor(ClockGame, ClockAdvisor())
