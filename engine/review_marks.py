"""The review's words for a decision: its grade from the loss and its interval, the grade in
words, the review's counts and its key moments (engine/review.py rates; this names)."""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]

WIN = "win"  # values are chances of winning, 0..1
POINTS = "points"  # values are the expected round points of the seat minus the others' mean

# (grade, smallest loss) in each unit, worst first; a smaller loss is "good", none is "best".
GRADES: dict[str, tuple[tuple[str, float], ...]] = {
    WIN: (("blunder", 0.30), ("mistake", 0.15), ("inaccuracy", 0.05)),
    POINTS: (("blunder", 8.0), ("mistake", 4.0), ("inaccuracy", 2.0)),
}
GRADE_NAMES = ("best", "good", "uncertain", "inaccuracy", "mistake", "blunder")  # best first
MARKED = ("inaccuracy", "mistake", "blunder")
KEY_MOMENTS = 5  # the key moments: every blunder and mistake, then the biggest other marked drops up to this many


def grade(unit: str, loss: float, uncertainty: float = 0.0) -> str:
    """The grade of a loss. A mark needs its interval's support: a sampled loss is marked by its
    lower bound (loss minus two standard errors), so "mistake" means at least a mistake's loss
    with about 97% confidence. A loss whose estimate reaches a mark that its lower bound does not
    is "uncertain", never "good": "good" is a loss estimated below every mark, "best" none."""
    sure = loss - uncertainty
    for name, least in GRADES[unit]:
        if sure >= least - 1e-9:
            return name
    if loss >= GRADES[unit][-1][1] - 1e-9:
        return "uncertain"
    return "best" if loss <= 1e-9 else "good"


def verdict(unit: str, name: str, uncertainty: float) -> str:
    """The grade in words, as a player reads it: "Mistake", or "Uncertain (±38 points)" where
    the interval is too wide to grade."""
    if name != "uncertain":
        return name.capitalize()
    amount = f"{round(uncertainty * 100)}% chance to win" if unit == WIN else (
        f"{uncertainty:.0f} points" if uncertainty >= 9.95 else f"{uncertainty:.1f} points")
    return f"Uncertain (±{amount})"


def summary(decisions: list[JSON]) -> dict[str, int]:
    """How many decisions got each grade."""
    return {name: sum(d["grade"] == name for d in decisions) for name in GRADE_NAMES}


def key_moments(decisions: list[JSON]) -> list[int]:
    """The key moments, as a chess review lists them: the marked decisions (inaccuracy or worse)
    with the biggest drops, biggest first (the drop is the loss: what the move played gave away
    against the best move, in the review's unit), every blunder and mistake and then the other
    marked ones up to KEY_MOMENTS; a tie goes to the earlier decision. Their move indices."""
    by_drop = sorted((d for d in decisions if d["grade"] in MARKED), key=lambda d: (-d["loss"], d["index"]))
    serious = [d for d in by_drop if d["grade"] != "inaccuracy"]
    others = [d for d in by_drop if d["grade"] == "inaccuracy"][: max(0, KEY_MOMENTS - len(serious))]
    return [d["index"] for d in by_drop if d in serious or d in others]
