"""The cross-browser suite's fixtures: dist/ served on 127.0.0.1 (a server the offline test stops
and starts again on the same port: one origin, so one cold start of each browser's engine in the
whole run), and one browser of each engine the system has (Firefox ESR, WebKitGTK: drivers.py)
started once for the whole run, its page shared by the tests of that browser (build.py runs each
browser's tests in a pytest run of its own: `-k firefox`, `-k webkit`). The Chromium suite is tests/e2e.

`python build.py test` installs the browsers with apt (as root on Debian). Where one cannot be
installed, its tests are skipped with the reason (in pytest's -ra summary), never passed."""

from __future__ import annotations

import sys
import threading
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


import build  # noqa: E402

from .drivers import BROWSERS, Page, missing  # noqa: E402


def skip_reason() -> str | None:
    """Why this system cannot run the cross-browser suite, if it cannot."""
    lacking = missing()
    if not lacking:
        return None
    return (f"Firefox and WebKit not tested: {', '.join(lacking)} missing. Install Debian's firefox-esr, "
            "webkit2gtk-driver and xvfb (`python build.py test` does, as root on Debian).")



class Site:
    """dist/ served on one port of 127.0.0.1, stopped and started again there (the same origin:
    its service worker, snapshot and saved games stay the browsers')."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.server = build.make_server(root)
        self.port = int(self.server.server_address[1])
        self.url = f"http://127.0.0.1:{self.port}/"
        self._serve()

    def _serve(self) -> None:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def start(self) -> None:
        self.server = build.make_server(self.root, self.port)
        self._serve()


@pytest.fixture(scope="session")
def site(dist_dir: Path) -> Iterator[Site]:
    served = Site(dist_dir)
    yield served
    served.stop()


@pytest.fixture(scope="session")
def server_url(site: Site) -> str:
    """The site's URL (this suite's own: tests/served.py's cannot be stopped and started again)."""
    return site.url


OPEN: dict[str, Page] = {}


@pytest.fixture(scope="session", params=sorted(BROWSERS))
def browser_page(request: pytest.FixtureRequest) -> Page:
    """The one page of a browser (started at its first test, closed at the end of the run)."""
    reason = skip_reason()
    if reason:
        pytest.skip(reason)
    name = request.param
    if name not in OPEN:
        OPEN[name] = BROWSERS[name]()
        request.config.add_cleanup(lambda: OPEN.pop(name).close())
    return OPEN[name]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """After each test: no console error and no uncaught error on its page (since the test before)."""
    page = getattr(item, "funcargs", {}).get("browser_page")
    result = yield
    if page is not None:
        errors = page.console_errors()
        if errors:
            pytest.fail(f"{page.name}: " + "\n".join(errors), pytrace=False)
    return result
