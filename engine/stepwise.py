"""Work done a step at a time: a generator that yields between its steps (how far it is) and
returns its result, so that a caller bounded in time (a review's slice) can stop between two
steps and go on later from where it stopped, with the same result as one run to the end."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

R = TypeVar("R")


def to_end(steps: Generator[Any, None, R]) -> R:
    """Run `steps` to the end: its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: R = done.value
            return result
