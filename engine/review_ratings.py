"""A decision's ratings, as every rater of the review returns them (engine/review.py walks the game;
engine/review_solitaire.py and engine/review_table.py sample; an exact MoveRater values), and
when paired play-outs leave its grade in doubt."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from engine.protocol import JSON, Game
from engine.review_marks import WIN, grade
from engine.solvers import MoveRater

SAMPLES = 60  # paired play-outs per compared move (table games; solitaires without an exact rater: at most)
BATCH = 5  # pairs of play-outs added at a time (solitaires: between two looks at whether the mark is settled)
MORE = 3  # a decision whose grade the pairs leave "uncertain" gets more, up to MORE times SAMPLES in all


@dataclass(frozen=True)
class Ratings:
    """The values of a position's moves, from the mover's information. `values` holds at
    least the move played and the best move; `detail` adds per-move facts."""

    values: dict[str, float]
    unit: str
    exact: bool
    samples: int = 0  # determinizations or play-outs behind each value; 0 when exact
    detail: dict[str, JSON] = field(default_factory=dict)
    outcomes: dict[str, list[float]] = field(default_factory=dict)  # per move, play-out by play-out

    def uncertainty(self, best: str, played: str) -> float:
        """Two standard errors of the sampled loss (best minus played, play-out by play-out over
        the same determinizations); 0 when exact or when nothing was sampled."""
        a, b = self.outcomes.get(best), self.outcomes.get(played)
        if not a or not b or best == played:
            return 0.0
        diffs = [x - y for x, y in zip(a, b, strict=True)]
        return 2 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0


Pairs = Generator[int, None, Ratings]  # yields the pairs played so far, returns the ratings
Rater = Callable[[Game[Any], Any, int, str, random.Random], Ratings | Pairs]


def rate_exact(rater: MoveRater) -> Rater:
    def rate(game: Game[Any], state: Any, seat: int, played: str, rng: random.Random) -> Ratings:
        values, detail = rater.rate_moves(state)
        return Ratings(values, WIN, exact=True, detail=detail)

    return rate


def best_and_loss(values: dict[str, float], played: str) -> tuple[str, float]:
    """The best move of `values` (the move played where it ties) and the move played's loss."""
    best = max(values, key=lambda m: (values[m], m == played))
    return best, max(0.0, values[best] - values.get(played, values[best]))


def in_doubt(outcomes: dict[str, list[float]], unit: str, played: str) -> str | None:
    """The best move when these paired play-outs leave the decision's grade "uncertain" (its
    loss reaches a mark that its interval's lower bound does not): more pairs are worth playing
    there. None when the grade is settled."""
    values = {m: statistics.fmean(r) for m, r in outcomes.items()}
    best, loss = best_and_loss(values, played)
    uncertainty = Ratings(values, unit, exact=False, outcomes=outcomes).uncertainty(best, played)
    return best if grade(unit, loss, uncertainty) == "uncertain" else None

