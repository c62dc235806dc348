"""What a run plays: its deals, each independent and seeded, and how one chunk of them is played
(in this process, a worker process or a Dask worker alike), with the errors a run stops on."""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from engine.protocol import JSON, EngineError

Work = Callable[..., JSON]  # a module-level function (pickled by name): one deal's args -> its JSON result


@dataclass(frozen=True, slots=True)
class Deal:
    """One independent piece of a run: `name` (unique in the run) and `seed` say which deal it is
    in the results file and in an error; `work(*args)` plays it, from its own seed only."""

    name: str
    seed: int
    args: tuple[Any, ...]


class Deals(Sequence[Deal]):
    """`count` deals made when asked for (`make(i)`, the i-th): a million of them are never all in memory."""

    def __init__(self, count: int, make: Callable[[int], Deal]) -> None:
        self.size, self.make = count, make

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> Deal: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Deal]: ...

    def __getitem__(self, index: int | slice) -> Deal | Sequence[Deal]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self.size))]
        if not -self.size <= index < self.size:
            raise IndexError(index)
        return self.make(index % self.size)

    def __iter__(self) -> Iterator[Deal]:
        return (self.make(i) for i in range(self.size))


class RunStopped(EngineError):
    """A run ended before its last deal (what finished is kept in its results file)."""

    code = "run_stopped"


class DealFailed(RunStopped):
    """A deal raised an error; the message names the deal and its seed."""

    code = "deal_failed"


class Interrupted(RunStopped):
    """Ctrl-C (KeyboardInterrupt) stopped the run."""

    code = "interrupted"


def play_chunk(work: Work, chunk: list[Deal]) -> list[JSON]:
    """Each deal of `chunk` played by `work`, its result as JSON values (as a results file gives
    them back, so a resumed run adds up the same values). A deal that raises stops the chunk with
    DealFailed, which names it, its seed and where it failed."""
    results = []
    for deal in chunk:
        try:
            results.append(json.loads(json.dumps(work(*deal.args))))
        except Exception as exc:
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            raise DealFailed(f"{deal.name} (seed {deal.seed}) failed: {type(exc).__name__}: {exc} "
                             f"(at {frame.filename}:{frame.lineno} in {frame.name})") from None
    return results
