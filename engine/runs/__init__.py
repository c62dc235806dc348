"""Runs of many independent deals (or games, or records): `Runner.run` plays them in this
process, over this machine's cores, or on a Dask cluster, with the same results in the same order
number for number (each deal is played from its own seed alone), a progress bar on a terminal,
and a results file that survives a stopped run and resumes it. `python -m engine simulate`,
`match` and `review` (a folder) and the benchmarks that play many games all run through it;
`add_run_arguments` and `runner_from_args` are their shared command-line flags."""

from __future__ import annotations

import argparse
import itertools
import os
import re
from collections.abc import Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass

from engine.protocol import JSON
from engine.runs.backends import Backend, Serial, backend_for, finished
from engine.runs.progress import Progress
from engine.runs.results import ResultsFile
from engine.runs.work import Deal, DealFailed, Deals, Interrupted, RunStopped, Work

__all__ = ["Deal", "DealFailed", "Deals", "Interrupted", "RunStopped", "Runner", "add_run_arguments",
           "default_workers", "runner_from_args"]

CHUNK_SECONDS = 0.5  # the work sent to a worker at a time (its deals at the rate so far): the overhead of
# a task (about a millisecond in a process pool, several on Dask) spread over many quick deals, and
# little lost by a stopped run
LARGEST_CHUNK = 200  # deals sent to a worker at a time, at most


def default_workers() -> int:
    """The cores this process may use."""
    count = getattr(os, "process_cpu_count", os.cpu_count)()  # process_cpu_count: Python 3.13+
    return max(1, count or 1)


@dataclass(frozen=True)
class Runner:
    """How a run is played: `workers` processes (1: this process) or the Dask scheduler at
    `cluster`; `results`, a results file (engine/runs/results.py); `progress`, the bar on stderr
    (None: when stderr is a terminal)."""

    workers: int = 1
    cluster: str | None = None
    results: str | None = None
    progress: bool | None = None

    def run(self, work: Work, deals: Sequence[Deal], run: JSON, label: str = "deals") -> list[JSON]:
        """`work(*deal.args)` of every deal, in the deals' order. `run` names the run in the results
        file (everything the deals' results depend on): the deals it holds are not played again.
        Raises DealFailed (naming the deal and its seed), Interrupted (Ctrl-C) or RunStopped (a
        lost worker), each saying how many deals finished and where they are kept."""
        kept = ResultsFile(self.results, run) if self.results else None
        previous = kept.finished if kept else {}
        results: list[JSON] = [None] * len(deals)
        todo = []
        for index, deal in enumerate(deals):
            if deal.name in previous:
                results[index] = previous[deal.name]
            else:
                todo.append(index)
        bar = Progress(len(deals), len(deals) - len(todo), label, enabled=self.progress)
        try:
            if todo:
                backend = backend_for(self.workers, self.cluster)
                spans: dict[int, range] = {}  # the chunks running: number -> their places in `todo`
                with closing(finished(backend, work, _chunks(deals, todo, backend, bar, spans))) as chunks_done:
                    for number, values in chunks_done:
                        for index, value in zip((todo[i] for i in spans.pop(number)), values, strict=True):
                            results[index] = value
                            if kept:
                                kept.add(deals[index], value)
                        bar.advance(len(values))
        except KeyboardInterrupt:
            raise Interrupted(f"stopped by Ctrl-C: {_kept(bar, label, kept, deals)}") from None
        except RunStopped as exc:
            raise type(exc)(f"{exc}; {_kept(bar, label, kept, deals)}") from None
        finally:
            bar.close()
            if kept:
                kept.close()
        return results


def _chunks(deals: Sequence[Deal], todo: list[int], backend: Backend, bar: Progress,
            spans: dict[int, range]) -> Iterator[list[Deal]]:
    """The deals to play, cut into chunks of about CHUNK_SECONDS of work each at the rate so far
    (one deal at first, and always in this process), numbered in order in `spans`."""
    start = 0
    for number in itertools.count():
        if start >= len(todo):
            return
        size = 1
        if not isinstance(backend, Serial):
            size = max(1, min(LARGEST_CHUNK, int(CHUNK_SECONDS * bar.rate() / backend.slots())))
        spans[number] = range(start, min(start + size, len(todo)))
        yield [deals[todo[i]] for i in spans[number]]
        start += size


def _kept(bar: Progress, label: str, kept: ResultsFile | None, deals: Sequence[Deal]) -> str:
    """How much of a stopped run finished and where it is kept (counted in its results file when
    there is one: the Ctrl-C may have come between a deal's line and the bar's count)."""
    if kept:
        done = f"{kept.holds(deals)} of {bar.total} {label} finished"
        return f"{done}, kept in {kept.path}: the same command with --results {kept.path} resumes"
    return f"{bar.done} of {bar.total} {label} finished, not kept (--results FILE keeps them for a later run)"


ADDRESS = re.compile(r"((tcp|tls|ws|wss)://)?([A-Za-z0-9][A-Za-z0-9.-]*|\[[0-9A-Fa-f:.]+\]):(\d{1,5})")


def workers_count(text: str) -> int:
    """--workers: a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of processes, 1 or more, not {text!r}")
    return int(text)


def scheduler_address(text: str) -> str:
    """--cluster: a Dask scheduler's address, [scheme://]host:port."""
    match = ADDRESS.fullmatch(text)
    if not match or not 0 < int(match[4]) < 65536:
        raise argparse.ArgumentTypeError(
            f"must be a Dask scheduler's address, [tcp://]HOST:PORT (e.g. tcp://192.0.2.10:8786), not {text!r}")
    return text


def add_run_arguments(parser: argparse.ArgumentParser, results: bool = True) -> None:
    """--workers N | --cluster ADDRESS, and --results FILE (with `results`)."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=workers_count, metavar="N",
                       help=f"processes playing deals at once on this machine (default: its cores, "
                            f"{default_workers()}; 1: in this process)")
    where.add_argument("--cluster", type=scheduler_address, metavar="ADDRESS",
                       help="play on the workers of a Dask scheduler, e.g. tcp://192.0.2.10:8786 (needs the "
                            "extra boneyard-engine[cluster]; docs/simulations.md)")
    if results:
        parser.add_argument("--results", metavar="FILE",
                            help="JSON lines, one finished deal each, written as they finish; the same "
                                 "command again with the same file plays only the deals it lacks")


def runner_from_args(args: argparse.Namespace) -> Runner:
    return Runner(workers=args.workers or default_workers(), cluster=args.cluster,
                  results=getattr(args, "results", None))

