"""Shared statistics of the benchmarks (a leading underscore: `build.py bench` does not run it)."""

from __future__ import annotations

import math


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (0 to 1 when there are no games)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(ordered: list[float], q: float) -> float:
    """The q-th quantile (0 to 1) of values sorted ascending, by nearest rank below."""
    return ordered[int(q * (len(ordered) - 1))]
