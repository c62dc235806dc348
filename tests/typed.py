"""Typing helpers for the tests (mypy checks tests/ strictly, as it does the engine)."""

from __future__ import annotations

from typing import TypeVar

X = TypeVar("X")


def known(value: X | None) -> X:
    """`value`, which the test knows is there: an outcome, a hint, an attribute read off the page
    (narrows `X | None` to `X`; fails, as the attribute access after it would have, on None)."""
    assert value is not None
    return value
