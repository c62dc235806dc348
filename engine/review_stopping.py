"""When the solitaires' pairs of play-outs stop: the mark (blunder, mistake, inaccuracy or none)
they give, and the chance that more pairs would change it (engine/review_solitaire.py plays them)."""

from __future__ import annotations

import math

from engine import review_ratings as sizes  # SAMPLES, MORE, BATCH: read there, so set in one place
from engine.cache import remembered
from engine.review_marks import WIN, grade

FIRST_LOOK = 2  # solitaires: pairs of play-outs before the first look, then every BATCH (a prior that settles few
# pairs, as the Big Clock's at double-9 and double-12, stops there when they all tie; the uniform prior needs 25)
SETTLED = 0.005  # solitaires: stop once finishing SAMPLES pairs would change the mark with less than this chance
# solitaires: the Dirichlet prior of the rates of the three kinds of pair (only the best move won, both
# the same, only the move played won) that `settled` weighs where the advisor gives none: every rate
# equally likely
UNIFORM = (1.0, 1.0, 1.0)


def looks_at(done: int) -> bool:
    """Whether the pairs look at whether the mark is settled after `done` pairs: at FIRST_LOOK,
    then at every multiple of BATCH."""
    return done == FIRST_LOOK or (done > FIRST_LOOK and done % sizes.BATCH == 0)


def differing(best: list[float], played: list[float]) -> tuple[int, int]:
    """(pairs only the best move won, pairs only the move played won)."""
    return (sum(1 for b, p in zip(best, played, strict=True) if b > p),
            sum(1 for b, p in zip(best, played, strict=True) if b < p))


def settled(best: list[float], played: list[float], cap: int, prior: tuple[float, float, float] = UNIFORM) -> bool:
    """Whether the pairs of wins (1) and losses (0) so far settle the mark (blunder, mistake,
    inaccuracy, or none): finishing `cap` pairs would change it with less than SETTLED chance.
    The chance is the posterior predictive one: the rates of the three kinds of pair (only the
    best move won, both the same, only the move played won) drawn beforehand from a Dirichlet
    `prior`, the remaining pairs are drawn from what the pairs so far say of them, and the mark of
    every way they can fall (the grade on the loss less two standard errors, as the review
    grades) is weighed by its chance."""
    wins, losses = differing(best, played)
    return settled_counts(wins, len(best) - wins - losses, losses, cap, prior)


def settled_counts(wins: int, ties: int, losses: int, cap: int,
                   prior: tuple[float, float, float] = UNIFORM) -> bool:
    """`settled` from the counts of the three kinds of pair."""
    return cap <= wins + ties + losses or change_chance(wins, ties, losses, cap, prior) < SETTLED


@remembered(4096)
def change_chance(wins: int, ties: int, losses: int, cap: int, prior: tuple[float, float, float]) -> float:
    """The chance that finishing `cap` pairs changes the mark of these counts (as `settled`
    weighs it), remembered: the same counts come back decision after decision."""
    n = wins + ties + losses
    now = pairs_mark(wins, losses, n)
    rest = cap - n
    alpha = (prior[0] + wins, prior[1] + ties, prior[2] + losses)  # the Dirichlet posterior
    lg = math.lgamma
    base = lg(rest + 1) + lg(sum(alpha)) - lg(sum(alpha) + rest) - sum(lg(x) for x in alpha)
    changed = 0.0
    for more_wins in range(rest + 1):
        for more_losses in range(rest - more_wins + 1):
            if pairs_mark(wins + more_wins, losses + more_losses, cap) != now:
                ties = rest - more_wins - more_losses
                changed += math.exp(base + lg(alpha[0] + more_wins) + lg(alpha[1] + ties) + lg(alpha[2] + more_losses)
                                    - lg(more_wins + 1) - lg(ties + 1) - lg(more_losses + 1))
    return changed


def pairs_mark(wins: int, losses: int, n: int) -> str:
    """The mark of n pairs of play-outs, `wins` won by the best move only, `losses` by the move
    played only: the grade the review gives them ("best", "good" and "uncertain", no claim of a
    loss, all none)."""
    loss = (wins - losses) / n
    if loss <= 0:
        return "none"
    var = (wins + losses - n * loss * loss) / max(1, n - 1)
    name = grade(WIN, loss, 2 * math.sqrt(max(0.0, var) / n))
    return "none" if name in ("best", "good", "uncertain") else name

