"""Benchmarks that play several runs in one command (engine/runs): their --results names a folder
that keeps one results file per run, so a stopped benchmark resumes each of them."""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import sys
from collections.abc import Callable
from typing import Any

from engine.runs import Runner, RunStopped, add_run_arguments


def add_bench_run_arguments(parser: argparse.ArgumentParser) -> None:
    """--workers N | --cluster ADDRESS, and --results FOLDER."""
    add_run_arguments(parser, results=False)
    parser.add_argument("--results", metavar="FOLDER",
                        help="keep each run's finished deals in FOLDER (one JSON-lines file per run); the same "
                             "command with the same folder plays only the deals its files lack")


def for_run(runner: Runner, name: str) -> Runner:
    """The runner of one run of several: its results file FOLDER/NAME.jsonl when --results is given."""
    if runner.results is None:
        return runner
    os.makedirs(runner.results, exist_ok=True)
    file = re.sub(r"[^A-Za-z0-9.-]+", "-", name).strip("-") + ".jsonl"
    return dataclasses.replace(runner, results=os.path.join(runner.results, file))


def run_bench(main: Callable[[], Any]) -> None:
    """Run a benchmark's `main` as a command: a run stopped (Ctrl-C, a failing deal, a lost worker)
    says in one line what stopped it and what was kept, as `python -m engine` does, and exits 130
    (Ctrl-C) or 2, not with a traceback."""
    try:
        code = main()
    except RunStopped as exc:
        print(f"error ({exc.code}): {exc}", file=sys.stderr)
        raise SystemExit(130 if exc.code == "interrupted" else 2) from None
    except KeyboardInterrupt:
        print("error (interrupted): stopped by Ctrl-C", file=sys.stderr)
        raise SystemExit(130) from None
    raise SystemExit(code if isinstance(code, int) else 0)
