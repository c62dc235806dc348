"""Solvers, found by the game they declare.

A solver module names its game in `GAME`; one that can prove a deal winnable exposes
`winnable(state) -> bool` (exact: True only when a winning line exists). The session uses it
for winnable-only deals, the catalog to say which games offer them. Nothing outside this
package names a solver module.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

SOLVER_MODULES = ("luzon", "big_clock", "clock")

Prover = Callable[[Any], bool]


def winnable_prover(game_id: str) -> Prover | None:
    """The exact winnability test of the game `game_id`, or None when no solver proves it."""
    for name in SOLVER_MODULES:
        module = importlib.import_module(f"engine.solvers.{name}")
        if getattr(module, "GAME", None) == game_id:
            prover = getattr(module, "winnable", None)
            if prover is not None:
                return prover  # type: ignore[no-any-return]
    return None
