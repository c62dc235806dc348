"""Runs of many deals (engine/runs): the same results in this process, over two worker processes
and on a local Dask cluster of two worker processes; a results file that resumes a stopped run
without playing its finished deals again; errors that name the deal and its seed; the flags."""

from __future__ import annotations

import io
import json
import multiprocessing
import multiprocessing.forkserver
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import dask
import psutil  # Dask's dependency (the cluster extra)
import pytest
from distributed import LocalCluster

from engine import cli
from engine.match import run_match
from engine.protocol import BadRequest
from engine.review_folder import review_folder
from engine.runs import Deal, DealFailed, Deals, Interrupted, Runner, RunStopped, backends
from engine.runs.progress import Progress
from engine.session import Session
from engine.simulate import simulate
from tests.bench import _solitaire_lesson_deals, bench_luzon
from tests.engine.helpers import persons_record

ROOT = Path(__file__).resolve().parents[2]
BIG_CLOCK = {"set": "double-6"}
DRAW = {"set": "double-6", "target": "50"}


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A Dask scheduler on this machine with two worker processes of one thread each. They are forked
    from the fork server the runs over two worker processes use beside a cluster (engine.runs.backends,
    with this module imported once: Dask with it), started here, not spawned (Dask's default), where
    each of them imported Dask again: some 2 s of CPU."""
    multiprocessing.get_context("forkserver").set_forkserver_preload([__name__])
    multiprocessing.forkserver.ensure_running()
    with dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"}), \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as local:
        yield local.scheduler_address


def runners(cluster: str) -> dict[str, Runner]:
    return {"serial": Runner(), "2 workers": Runner(workers=2), "dask": Runner(cluster=cluster)}


def square(seed: int) -> int:
    return seed * seed


def fails_at(seed: int, bad: int) -> int:
    if seed == bad:
        raise ValueError(f"no deal like {seed}")
    return seed


def interrupted_at(seed: int, bad: int) -> int:
    if seed == bad:
        raise KeyboardInterrupt
    return seed


def ctrl_c_at(seed: int, bad: int, command: int, results: str) -> int:
    """At `bad`: once a deal is kept in `results`, Ctrl-C to the run's command (a terminal sends
    it to every process: the workers ignore it), and a deal that takes two minutes (its worker's
    process id written to `results`.pid)."""
    if seed == bad:
        Path(f"{results}.pid").write_text(str(os.getpid()))
        waited = time.monotonic()
        while len(Path(results).read_text().splitlines()) < 2 and time.monotonic() - waited < 30:
            time.sleep(0.01)
        os.kill(command, signal.SIGINT)
        time.sleep(120)
    return seed


def ended(pid: int, within: float = 10.0) -> bool:
    """Whether process `pid` has ended (or does within `within` seconds)."""
    waited = time.monotonic()
    while time.monotonic() - waited < within:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.05)
    return False


def lost_at(seed: int, bad: int) -> int:
    """A worker process that dies at `bad` (as one killed, or out of memory)."""
    if seed == bad:
        os._exit(1)
    return seed


def deals(count: int, *extra: Any) -> Deals:
    return Deals(count, lambda i: Deal(f"deal {i}", 100 + i, (100 + i, *extra)))


def finished_lines(path: Path) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert "run" in lines[0]
    return lines[1:]


def luzon_records(folder: Path, seeds: range) -> None:
    """Luzon records of a few moves each (the review rates them exactly: quick)."""
    for seed in seeds:
        session = Session.new("luzon", {"variant": "twelve"}, seed, ["human"])
        for _ in range(3):
            session.ai_move("easy")
        (folder / f"luzon-{seed}.json").write_text(json.dumps(persons_record(session.record())))


def test_serial_two_workers_and_a_dask_cluster_give_the_same_results(cluster: str, tmp_path: Path) -> None:
    luzon_records(tmp_path, range(3))
    for name, runner in runners(cluster).items():
        for count in (30, 200):  # chunks grow with the rate: quick deals go many to a chunk
            assert runner.run(square, deals(count), {"t": 1}) == [(100 + i) ** 2 for i in range(count)], name
    seen = {name: (simulate("big-clock", BIG_CLOCK, 12, 7, "random", runner),
                   run_match("draw", ["medium", "easy"], 4, 3, DRAW, runner),
                   review_folder(str(tmp_path), None, runner))
            for name, runner in runners(cluster).items()}
    assert seen["serial"] == seen["2 workers"] == seen["dask"]
    simulated, matched, reviewed = seen["serial"]
    assert simulated["deals"] == 12 and matched["games"] == 4 and sum(matched["wins"]) >= 4
    assert [r["file"] for r in reviewed["records"]] == ["luzon-0.json", "luzon-1.json", "luzon-2.json"]
    assert sum(reviewed["summary"].values()) == sum(len(r["decisions"]) for r in reviewed["records"]) > 0


def test_the_benchmarks_play_on_a_dask_cluster_too(cluster: str) -> None:
    """(tests/test_bench_runs.py compares them serial and over two workers)"""
    dask = Runner(cluster=cluster)
    solved = [[winnable for winnable, _ in bench_luzon.solve_all(runner, "twelve", 8)] for runner in (Runner(), dask)]
    assert solved[0] == solved[1] and 0 < sum(solved[0]) < 8
    clocks = [_solitaire_lesson_deals.search(runner, "clock", range(49_881, 49_886)) for runner in (Runner(), dask)]
    assert clocks[0] == clocks[1] and [seed for seed, _ in clocks[0]] == [49_883]


def test_a_results_file_resumes_a_stopped_run_without_playing_its_finished_deals(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    with pytest.raises(DealFailed):
        Runner(results=str(path)).run(fails_at, deals(10, 106), {"t": 1})
    assert [line["seed"] for line in finished_lines(path)] == [100, 101, 102, 103, 104, 105]
    played: list[int] = []

    def counting(seed: int, bad: int) -> int:
        played.append(seed)
        return seed

    # (the serial runner plays in this process: a closure counts what it plays)
    assert Runner(results=str(path)).run(counting, deals(10, 106), {"t": 1}) == list(range(100, 110))
    assert played == [106, 107, 108, 109]  # the four deals the file lacked, and no other
    assert sorted(line["seed"] for line in finished_lines(path)) == list(range(100, 110))
    played.clear()
    assert Runner(results=str(path)).run(counting, deals(12, 106), {"t": 1}) == list(range(100, 112))
    assert played == [110, 111]  # a finished run extended by two deals plays those two


def test_simulate_resumes_from_a_partial_file_over_two_workers(tmp_path: Path) -> None:
    path = tmp_path / "big-clock.jsonl"
    whole = simulate("big-clock", BIG_CLOCK, 16, 0, "random")
    simulate("big-clock", BIG_CLOCK, 6, 0, "random", Runner(results=str(path)))
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:5]) + "\n" + lines[5][:9])  # 4 deals, and a line cut short by a kill
    assert simulate("big-clock", BIG_CLOCK, 16, 0, "random", Runner(workers=2, results=str(path))) == whole
    seeds = [line["seed"] for line in finished_lines(path)]
    assert sorted(seeds) == list(range(16)) and seeds[:4] == [0, 1, 2, 3]  # 12 played, each deal once


def test_a_file_of_another_run_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    simulate("big-clock", BIG_CLOCK, 2, 0, "random", Runner(results=str(path)))
    with pytest.raises(BadRequest, match="holds the results of another run"):
        simulate("big-clock", BIG_CLOCK, 2, 0, "advisor", Runner(results=str(path)))
    path.write_text("not json\n")
    with pytest.raises(BadRequest, match="not a results file"):
        simulate("big-clock", BIG_CLOCK, 2, 0, "random", Runner(results=str(path)))


def test_a_failing_deal_is_named_with_its_seed_on_every_backend(cluster: str, tmp_path: Path) -> None:
    for name, runner in runners(cluster).items():
        with pytest.raises(DealFailed) as failed:
            runner.run(fails_at, deals(8, 105), {"t": 1})
        message = str(failed.value)
        assert message.startswith("deal 5 (seed 105) failed: ValueError: no deal like 105"), (name, message)
        assert "not kept (--results FILE" in message, name


def test_ctrl_c_and_a_lost_worker_keep_what_finished(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with pytest.raises(Interrupted, match=f"stopped by Ctrl-C: 3 of 8 deals finished, kept in {path}"):
        Runner(results=str(path)).run(interrupted_at, deals(8, 103), {"t": 1})
    assert len(finished_lines(path)) == 3
    with pytest.raises(RunStopped, match="a worker process was lost") as lost:
        Runner(workers=2, results=str(path)).run(lost_at, deals(8, 106), {"t": 1})
    kept = len(finished_lines(path))
    assert 3 <= kept < 8 and f"{kept} of 8 deals finished" in str(lost.value)
    assert Runner(workers=2, results=str(path)).run(fails_at, deals(8, -1), {"t": 1}) == list(range(100, 108))
    assert sorted(line["seed"] for line in finished_lines(path)) == list(range(100, 108))  # each deal once


def test_a_ctrl_c_between_a_deals_line_and_its_count_says_what_the_file_keeps(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Ctrl-C's message counts the deals its results file holds: a Ctrl-C just after a deal's
    line is written and before the progress counts it (seen once on a loaded CI host) said 0 of 8
    finished while the file kept one."""
    def interrupted(self: Progress, count: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Progress, "advance", interrupted)
    path = tmp_path / "r.jsonl"
    with pytest.raises(Interrupted, match=f"stopped by Ctrl-C: 1 of 8 deals finished, kept in {path}"):
        Runner(results=str(path)).run(interrupted_at, deals(8, -1), {"t": 1})
    assert [line["seed"] for line in finished_lines(path)] == [100]


@pytest.fixture
def ctrl_c() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt in this process, as in a terminal: a test run started in
    the background by a shell without job control starts with SIGINT ignored."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def as_in_a_terminal() -> None:
    """A command started as from a terminal: Ctrl-C not ignored (see `ctrl_c`)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.usefixtures("ctrl_c")
def test_ctrl_c_stops_two_workers_at_once_keeping_what_finished(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    started = time.monotonic()
    with pytest.raises(Interrupted, match=r"stopped by Ctrl-C: \d of 8 deals finished, kept in ") as stopped:
        Runner(workers=2, results=str(path)).run(ctrl_c_at, deals(8, 101, os.getpid(), str(path)), {"t": 1})
    assert time.monotonic() - started < 60  # the two-minute deal was ended, not waited for
    worker = int(Path(f"{path}.pid").read_text())
    assert ended(worker), "the worker of the two-minute deal still runs: it would hold the command's exit"
    kept = [line["seed"] for line in finished_lines(path)]
    assert 100 in kept and 101 not in kept and f"{len(kept)} of 8 deals finished" in str(stopped.value)
    resumed = Runner(workers=2, results=str(path)).run(ctrl_c_at, deals(8, -1, 0, ""), {"t": 1})
    assert resumed == list(range(100, 108))
    assert sorted(line["seed"] for line in finished_lines(path)) == list(range(100, 108))  # each deal once


def test_ctrl_c_to_the_command_exits_at_once_keeping_what_finished_for_a_resume(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bc.jsonl"
    flags = ["big-clock", "--set", "set=double-6", "--policy", "random", "--results", str(path)]
    run = subprocess.Popen([sys.executable, "-m", "engine", "simulate", *flags, "--deals", "100000", "--workers", "2"],
                           cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                           preexec_fn=as_in_a_terminal)
    waited = time.monotonic()
    while not (path.exists() and len(path.read_text().splitlines()) >= 3) and time.monotonic() - waited < 120:
        time.sleep(0.05)
    os.killpg(run.pid, signal.SIGINT)  # a terminal's Ctrl-C: to the command and its workers
    out, err = run.communicate(timeout=60)
    said = re.search(r"error \(interrupted\): stopped by Ctrl-C: (\d+) of 100000 deals finished, kept in (.+): the "
                     r"same command with --results .+ resumes", err)
    assert run.returncode == 130 and out == "" and said, err
    kept = len(finished_lines(path))
    assert int(said[1]) == kept >= 2 and said[2] == str(path)
    more = max(line["seed"] for line in finished_lines(path)) + 3  # the file's deals and those it lacks before
    assert cli.main(["simulate", *flags, "--deals", str(more), "--workers", "1"]) == 0
    assert json.loads(capsys.readouterr().out) == simulate("big-clock", BIG_CLOCK, more, 0, "random")
    assert sorted(line["seed"] for line in finished_lines(path)) == list(range(more))  # none played twice


def test_the_command_line_runs_and_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    args = ["match", "draw", "--seats", "easy,easy", "--games", "4", "--set", "set=double-6", "--set", "target=50"]
    assert cli.main([*args, "--workers", "1"]) == 0
    serial = json.loads(capsys.readouterr().out)
    assert cli.main([*args, "--workers", "2", "--results", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == serial
    assert cli.main([*args, "--results", str(path)]) == 0  # every game in the file: none played
    assert json.loads(capsys.readouterr().out) == serial and len(finished_lines(path)) == 4


@pytest.mark.parametrize(("flags", "said"), [
    (["--workers", "0"], "--workers: must be a whole number of processes, 1 or more, not '0'"),
    (["--workers", "two"], "--workers: must be a whole number of processes, 1 or more, not 'two'"),
    (["--cluster", "not an address"], "--cluster: must be a Dask scheduler's address, [tcp://]HOST:PORT"),
    (["--cluster", "tcp://127.0.0.1:99999"], "--cluster: must be a Dask scheduler's address"),
    (["--workers", "2", "--cluster", "tcp://127.0.0.1:8786"], "not allowed with argument"),
])
def test_bad_flags_are_refused_with_a_clear_message(flags: list[str], said: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["simulate", "big-clock", "--deals", "2", *flags])
    assert stopped.value.code == 2 and said in capsys.readouterr().err


def test_an_unreachable_scheduler_and_flags_for_one_record_are_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(backends, "CONNECT_SECONDS", 1.0)
    assert cli.main(["simulate", "big-clock", "--deals", "2", "--cluster", "tcp://127.0.0.1:9"]) == 2
    assert "error (bad_request): cannot reach a Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err
    luzon_records(tmp_path, range(1))
    record = str(tmp_path / "luzon-0.json")
    assert cli.main(["review", record, "--workers", "2"]) == 2
    assert "--workers, --cluster and --results review a folder of records" in capsys.readouterr().err
    assert cli.main(["review", str(tmp_path), "--workers", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["records"][0]["file"] == "luzon-0.json"


def test_the_progress_bar_is_drawn_on_a_terminal_only() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    shown, piped = Terminal(), io.StringIO()
    for stream in (shown, piped):
        bar = Progress(10, 4, "deals", stream)
        bar.advance(6)
        bar.close()
    assert "deals [" in shown.getvalue() and "10/10 100%" in shown.getvalue() and "in all" in shown.getvalue()
    assert piped.getvalue() == ""
    halfway = Progress(10, 2, "games", Terminal())
    halfway.advance(3)
    assert " 5/10  50%" in halfway.line() and "left" in halfway.line()
