"""Benchmarks that play several runs in one command (engine/runs): their --results names a folder
that keeps one results file per run, so a stopped benchmark resumes each of them."""

from __future__ import annotations

import argparse
import dataclasses
import os
import re

from engine.runs import Runner, add_run_arguments


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
