"""The benchmarks that play many games run them through engine/runs: the same figures in one
process and over two worker processes (each game, decision or seed played from its own seed),
and a benchmark's several runs keep one results file each in its --results folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.runs import DealFailed, Interrupted, Runner
from tests.bench import _solitaire_lesson_deals, bench_luzon, bench_review, lesson_seeds
from tests.bench._runs import for_run, run_bench
from tests.engine.test_runs import deals, finished_lines, square

SERIAL, TWO = Runner(), Runner(workers=2)


def test_luzon_and_the_lesson_searches_find_the_same_over_two_workers() -> None:
    solved = {name: [winnable for winnable, _ in bench_luzon.solve_all(runner, "twelve", 8)]
              for name, runner in (("serial", SERIAL), ("2 workers", TWO))}
    assert solved["serial"] == solved["2 workers"] and 0 < sum(solved["serial"]) < 8
    tables = [lesson_seeds.search(runner, "round-the-clock", range(253, 256), 10) for runner in (SERIAL, TWO)]
    assert tables[0] == tables[1] and 254 in {seed for _, seed, _ in tables[0]}  # the lesson's own deal
    clocks = [_solitaire_lesson_deals.search(runner, "clock", range(49_881, 49_886)) for runner in (SERIAL, TWO)]
    assert clocks[0] == clocks[1] and [seed for seed, _ in clocks[0]] == [49_883]


def test_the_review_calibration_rates_the_same_over_two_workers() -> None:
    rows = [bench_review.table_rows(runner, "draw", {"set": "double-6", "players": 2}, 2, 1)
            for runner in (SERIAL, TWO)]
    assert rows[0] == rows[1] and len(rows[0]) == 2
    assert {name for _, _, name, _ in rows[0]} <= {"best", "good", "uncertain", "inaccuracy", "mistake", "blunder"}


def test_each_run_of_a_benchmark_keeps_its_own_file_in_the_results_folder(tmp_path: Path) -> None:
    folder = tmp_path / "kept"
    first = for_run(Runner(results=str(folder)), "calibration draw {'set': 'double-6'}")
    second = for_run(Runner(results=str(folder)), "settle double-9 1.0")
    assert first.results == str(folder / "calibration-draw-set-double-6.jsonl")
    assert first.run(square, deals(3), {"t": 1}) == second.run(square, deals(3), {"t": 2}) == [10_000, 10_201, 10_404]
    assert sorted(p.name for p in folder.iterdir()) == ["calibration-draw-set-double-6.jsonl",
                                                        "settle-double-9-1.0.jsonl"]
    assert len(finished_lines(folder / "settle-double-9-1.0.jsonl")) == 3
    assert for_run(SERIAL, "anything") is SERIAL  # no --results: nothing kept


def test_settle_plays_deals_a_batch_at_a_time_until_it_has_its_rows_in_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []

    def rows_of(size: str, share: float, seed: int) -> list[tuple[int, int, int]]:  # seed % 3 rows, none at 12
        played.append(seed)
        return [(seed, k, 0) for k in range(seed % 3)]

    monkeypatch.setattr(bench_review, "pair_rows", rows_of)  # (the serial runner plays in this process)
    rows = bench_review.pair_counts(Runner(workers=1), "double-6", 1.0, 5, 10)
    assert rows == [(10, 0, 0), (11, 0, 0), (11, 1, 0), (13, 0, 0), (14, 0, 0)]
    assert played == sorted(set(played)) and played[:5] == [10, 11, 12, 13, 14]  # each deal once, in order


@pytest.mark.parametrize(("error", "code"), [(Interrupted("stopped by Ctrl-C: 3 of 9 deals kept"), 130),
                                             (DealFailed("deal 4 (seed 4) failed: ValueError: x"), 2),
                                             (KeyboardInterrupt(), 130)])
def test_a_stopped_bench_says_so_in_one_line(error: BaseException, code: int,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A benchmark stopped by Ctrl-C or a failing deal ends as `python -m engine` does: one line
    saying what stopped it and what was kept, exit 130 or 2, no traceback."""
    def main() -> None:
        raise error

    with pytest.raises(SystemExit) as stopped:
        run_bench(main)
    assert stopped.value.code == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error (") and "Traceback" not in err, err
    assert str(error) in err
