"""A run's progress bar on stderr, when stderr is a terminal: deals done, rate and time left."""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 24  # characters of the bar
EVERY = 0.25  # seconds between two drawings, at least


class Progress:
    def __init__(self, total: int, done: int, label: str, stream: TextIO | None = None,
                 enabled: bool | None = None) -> None:
        """`done` of `total` deals are finished already (a resumed run): the rate counts the others."""
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total, self.done, self.label = total, done, label
        self.started, self.new, self.drawn = time.monotonic(), 0, 0.0

    def advance(self, count: int) -> None:
        self.done += count
        self.new += count
        if self.enabled and (time.monotonic() - self.drawn >= EVERY or self.done == self.total):
            self.draw()

    def rate(self) -> float:
        """Deals finished per second by this run (not those a resumed run found finished)."""
        return self.new / max(time.monotonic() - self.started, 1e-9)

    def line(self) -> str:
        """E.g. "deals [#########...............] 412/1000  41%  23.5/s  0:00:25 left"."""
        elapsed = max(time.monotonic() - self.started, 1e-9)
        rate = self.rate()
        filled = WIDTH * self.done // max(self.total, 1)
        left = (f"{_clock((self.total - self.done) / rate)} left" if rate > 0 and self.done < self.total
                else f"{_clock(elapsed)} in all" if self.done >= self.total else "")
        return (f"{self.label} [{'#' * filled}{'.' * (WIDTH - filled)}] {self.done}/{self.total} "
                f"{100 * self.done // max(self.total, 1):3d}%  {rate:.1f}/s  {left}")

    def draw(self) -> None:
        self.stream.write("\r" + self.line() + "\x1b[K")
        self.stream.flush()
        self.drawn = time.monotonic()

    def close(self) -> None:
        if self.enabled:
            self.draw()
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"
