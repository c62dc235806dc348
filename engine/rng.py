"""Seeded random generators. The rules never touch the global generator or the clock."""

from __future__ import annotations

import random


def deal_rng(seed: int, *salt: object) -> random.Random:
    """The generator for a deal: random.Random(seed) for the first deal of a game, and a
    generator seeded by "seed/salt..." (a string, hashed the same way on every platform)
    for later deals such as round 2 or a redeal."""
    if not salt:
        return random.Random(seed)
    return random.Random("/".join(str(p) for p in (seed, *salt)))
