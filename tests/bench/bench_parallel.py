"""Runs of many deals in parallel (engine/runs): speed-up and overhead of each backend, in one run.

Run: python -m tests.bench.bench_parallel [--deals N] [--games N] [--noop N] [--workers N]

The same work three ways, measured in the same run: in one process (serial), over --workers
processes (default 2) and on a Dask LocalCluster of as many worker processes (one thread each,
started before the clock runs); every way must give the serial results, number for number.
  - `python -m engine simulate big-clock --policy advisor` (double-12), --deals deals, and
  - `python -m engine match matador --seats hard,medium,medium`, --games games: each command
    run as a fresh process (`--workers 1`, `--workers N`, `--cluster ADDRESS`), so no run finds
    the caches of another warm;
  - the overhead: runs of 100 and --noop deals that do nothing (a deal's seed back), each a fresh
    process too: the CPU per deal (the difference over the deals between) and per run (the rest).
Each line: the wall time and its speed-up over serial, and the CPU time of every process of the
run (the command, its worker processes, the Dask workers and scheduler: on Dask, what the cluster
spends idle over as long is in it, and printed beside) per deal; the serial run's CPU over this
one's (the parallel efficiency in CPU: 1 when parallel costs no more CPU than serial), and the
cores the run used on average (its CPU over its wall time: 2 when two workers had two free cores).
The 1-minute load average ends each line: a shared machine slows every backend's wall time, the
serial one too; the CPU time it changes less. CPU time is this process's (a LocalCluster's
scheduler runs in it), its children's once ended (resource.getrusage: each command and its worker
processes) and the Dask workers' own (time.process_time in each, through the client).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from engine.runs import Deal, Deals, add_run_arguments, runner_from_args
from tests.bench._runs import run_bench

Measure = Callable[[list[str]], Any]  # the run's backend flags -> its result
NOOP_FEW = 100  # the smaller run of deals that do nothing


def nothing(seed: int) -> int:
    """A deal that does nothing: what a backend costs per deal."""
    return seed


def cpu_seconds(cluster: Any = None) -> float:
    """CPU time so far of this process (with a LocalCluster's scheduler), its children that ended
    (the commands measured and their worker processes: resource.getrusage), and the worker
    processes of `cluster` (a Dask client: each worker's own time.process_time)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers = sum(cluster.run(time.process_time).values()) if cluster is not None else 0.0
    return time.process_time() + children.ru_utime + children.ru_stime + workers


def command(args: list[str]) -> Measure:
    """`python -m ARGS FLAGS` in a fresh process: its JSON answer."""
    def run(flags: list[str]) -> Any:
        done = subprocess.run([sys.executable, "-m", *args, *flags], capture_output=True, text=True)
        if done.returncode:
            raise SystemExit(f"python -m {' '.join(args + flags)} failed: {done.stderr}")
        return json.loads(done.stdout)
    return run


def play_nothing(argv: list[str]) -> None:
    """`--play-nothing N [--workers N | --cluster ADDRESS]`: N deals that do nothing, their results
    printed as JSON (what the benchmark runs as a fresh process)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--play-nothing", type=int)
    add_run_arguments(parser, results=False)
    args = parser.parse_args(argv)
    deals = Deals(args.play_nothing, lambda i: Deal(f"deal {i}", i, (i,)))
    print(json.dumps(runner_from_args(args).run(nothing, deals, {"bench": "nothing"})))


IDLE_SECONDS = 5.0  # how long the cluster's own CPU is measured while it has nothing to do


def idle_rate(cluster: Any) -> float:
    """CPU seconds per second that the LocalCluster (its scheduler in this process, its workers)
    spends with nothing to do: heartbeats and the like, taken off its runs' CPU time."""
    cpu, start = cpu_seconds(cluster), time.perf_counter()
    time.sleep(IDLE_SECONDS)
    return (cpu_seconds(cluster) - cpu) / (time.perf_counter() - start)


def measured(measure: Measure, flags: list[str], cluster: Any) -> tuple[Any, float, float]:
    """(result, wall seconds, CPU seconds of every process of the run: on Dask, the cluster's
    while the run lasts, idle heartbeats and all)."""
    dask = cluster if "--cluster" in flags else None
    cpu, start = cpu_seconds(dask), time.perf_counter()
    result = measure(flags)
    wall = time.perf_counter() - start
    return result, wall, cpu_seconds(dask) - cpu


def idle_share(flags: list[str], idle: float, wall: float) -> str:
    """On Dask: what the cluster idle would have spent over the run's wall time (in its CPU)."""
    return f"  (the cluster idle: {idle * wall:.1f} s of it)" if "--cluster" in flags else ""


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min), {os.cpu_count()} cores"


def load_now() -> str:
    """The 1-minute load average, printed at the end of each line."""
    return f"load {os.getloadavg()[0]:.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=24, help="Big Clock deals (double-12, advisor)")
    parser.add_argument("--games", type=int, default=12, help="Matador games (hard v two medium)")
    parser.add_argument("--noop", type=int, default=20_000, help="deals that do nothing (the overhead)")
    parser.add_argument("--workers", type=int, default=2, help="processes, and the LocalCluster's worker processes")
    args = parser.parse_args(argv)
    from distributed import Client, LocalCluster  # the cluster extra (build.py's .venv has it)

    print(load(), flush=True)
    started = time.perf_counter()
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        print(f"LocalCluster of {args.workers} worker processes started in "
              f"{time.perf_counter() - started:.1f} s (not counted below)", flush=True)
        idle = idle_rate(client)
        print(f"the cluster idle: {idle:.3f} CPU s per s (counted in its runs' CPU time)", flush=True)
        address = cluster.scheduler_address
        backends = {"serial": ["--workers", "1"], f"{args.workers} workers": ["--workers", str(args.workers)],
                    f"Dask, {args.workers} workers": ["--cluster", address]}
        work: list[tuple[str, int, Measure]] = [
            (f"simulate big-clock --policy advisor (double-12), {args.deals} deals", args.deals,
             command(["engine", "simulate", "big-clock", "--policy", "advisor", "--deals", str(args.deals)])),
            (f"match matador --seats hard,medium,medium, {args.games} games", args.games,
             command(["engine", "match", "matador", "--seats", "hard,medium,medium", "--games", str(args.games)])),
        ]
        for title, count, measure in work:
            print(f"== {title}", flush=True)
            first: tuple[Any, float, float] | None = None
            for name, flags in backends.items():
                result, wall, cpu = measured(measure, flags, client)
                first = first or (result, wall, cpu)
                same = "same results" if result == first[0] else "RESULTS DIFFER"
                print(f"  {name:16s} {wall:7.2f} s wall  speed-up {first[1] / wall:5.2f}x  "
                      f"CPU {cpu:6.2f} s, {cpu / count * 1e3:8.1f} ms per deal "
                      f"({(cpu - first[2]) / count * 1e3:+7.1f} ms over serial), CPU serial / this "
                      f"{first[2] / cpu:4.2f}, cores used {cpu / wall:4.2f}  {same}  {load_now()}"
                      f"{idle_share(flags, idle, wall)}", flush=True)
                if result != first[0]:
                    return 1
        few, many = NOOP_FEW, args.noop
        print(f"== overhead: {few} and {many} deals that do nothing; CPU per deal = the difference / "
              f"{many - few}, per run = the rest", flush=True)
        for name, flags in backends.items():
            (_, _, cpu_few), (result, _, cpu_many) = (
                measured(command(["tests.bench.bench_parallel", "--play-nothing", str(n)]), flags, client)
                for n in (few, many))
            per_deal = (cpu_many - cpu_few) / (many - few)
            same = "same results" if result == list(range(many)) else "RESULTS DIFFER"
            print(f"  {name:16s} {per_deal * 1e3:7.4f} ms CPU per deal, {cpu_few - few * per_deal:5.2f} s per run "
                  f"(a fresh process, its imports, its workers' start)  {same}  {load_now()}", flush=True)
        print(f"the cluster idle again: {idle_rate(client):.3f} CPU s per s", flush=True)
    print(load(), flush=True)
    return 0


if __name__ == "__main__":
    if "--play-nothing" in sys.argv:
        play_nothing(sys.argv[1:])
    else:
        run_bench(main)
