"""build.py test's checks (ruff, mypy, tsc, node --test) run beside the build and pytest: a fault any
of them finds still fails the command, naming the check, and interrupts pytest's runs."""

from __future__ import annotations

import concurrent.futures
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import build

Checks = dict[str, concurrent.futures.Future[subprocess.CompletedProcess[str]]]


def finished(status: int, output: str) -> concurrent.futures.Future[subprocess.CompletedProcess[str]]:
    """A check that has ended with this status and output."""
    future: concurrent.futures.Future[subprocess.CompletedProcess[str]] = concurrent.futures.Future()
    future.set_result(subprocess.CompletedProcess(["a check"], status, output))
    return future


def test_the_report_names_each_failed_check_with_its_status_and_prints_its_output_whole() -> None:
    node_output = "TAP version 13\nok 1 - phases\n# tests 12\n# pass 12\n# fail 0\n# duration_ms 80.5\n"
    checks: Checks = {"ruff check": finished(0, ""), "mypy (strict)": finished(1, "build.py:3: error: no\n"),
                      "node --test tests/js (2 files)": finished(0, node_output),
                      "tsc web": finished(2, "web/app.js(4,1): error TS2304\n")}
    report, failed = build.checks_report(checks)
    assert failed == ["mypy (strict) (1)", "tsc web (2)"]
    assert report.splitlines() == ["[build] ruff check: passed",
                                   "[build] mypy (strict): failed", "build.py:3: error: no",
                                   "[build] node --test tests/js (2 files): passed",
                                   "# tests 12", "# pass 12", "# fail 0", "# duration_ms 80.5",
                                   "[build] tsc web: failed", "web/app.js(4,1): error TS2304"]


def test_a_check_runs_its_command_from_the_root_keeping_stdout_and_stderr() -> None:
    code = "import os, sys; print(os.getcwd()); print('to stderr', file=sys.stderr); sys.exit(3)"
    result = build.check([sys.executable, "-c", code])
    assert result.returncode == 3
    assert result.stdout.splitlines() == [str(build.ROOT), "to stderr"]


def test_a_failed_check_interrupts_pytest_and_fails_the_command_naming_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ended = tmp_path / "ended"
    slow = tmp_path / "test_slow.py"
    slow.write_text(f"import time\n\ndef test_slow():\n    time.sleep(60)\n    open({str(ended)!r}, 'w').close()\n")
    with pytest.raises(SystemExit) as stopped:
        build.run_pytest(Path(sys.executable), [str(slow), "-q", "-p", "no:cacheprovider"], None,
                         {"ruff check": finished(0, ""), "mypy (strict)": finished(1, "build.py:3: error: no\n")})
    assert stopped.value.code == "[build] failed: mypy (strict) (1)"
    assert not ended.exists(), "the pytest run went on to its end after the check failed"
    assert capsys.readouterr().out.splitlines() == ["[build] ruff check: passed", "[build] mypy (strict): failed",
                                                    "build.py:3: error: no"]
