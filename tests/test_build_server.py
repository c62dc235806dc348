"""build.py's static server (the one `python build.py serve` and the browser's tests use)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import build


@pytest.mark.parametrize(("error", "printed"), [(ConnectionResetError(104, "reset by peer"), False),
                                                (BrokenPipeError(32, "broken pipe"), False),
                                                (ValueError("a fault of the server"), True)])
def test_a_browser_that_drops_its_connection_prints_no_traceback(error: Exception, printed: bool,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    server = build.make_server()
    try:
        try:
            raise error
        except Exception:
            server.handle_error(None, ("127.0.0.1", 0))  # type: ignore[arg-type]
    finally:
        server.server_close()
    assert ("Traceback" in capsys.readouterr().err) is printed
