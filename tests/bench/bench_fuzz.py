"""A longer run of the API fuzz (tests/engine/api_fuzz.py): python -m tests.bench.bench_fuzz [--examples N]."""

from __future__ import annotations

import argparse
import time

from tests.engine.api_fuzz import fuzz


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--examples", type=int, default=20_000)
    args = parser.parse_args()
    started = time.perf_counter()
    fuzz(args.examples)
    print(f"api fuzz: {args.examples} examples, every promise kept ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
