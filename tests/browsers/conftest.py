"""The cross-browser suite's fixtures: dist/ served on 127.0.0.1 (a server the offline test stops
and starts again on the same port: one origin, so one cold start of each browser's engine in the
whole run), and one browser of each engine (Chromium: chromium.py; Firefox ESR, WebKitGTK: drivers.py) started
once, its page shared by the tests of that browser (build.py runs them in two runs: `-k "firefox or
chromium"`, `-k webkit`). The Chromium e2e suite (tests/e2e) tests the rest of the page.

`python build.py test` installs the browsers with apt (as root on Debian). Where Firefox or WebKit
cannot be installed, its tests are skipped with the reason (in pytest's -ra summary), never passed."""

from __future__ import annotations

import sys
import threading
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


import build  # noqa: E402

from .chromium import ChromiumPage  # noqa: E402
from .drivers import BROWSERS, NEEDS, QUIET_PREFS, Page, missing  # noqa: E402


def skip_reason(browser: str) -> str | None:
    """Why this system cannot run the cross-browser suite in `browser`, if it cannot (Chromium is
    the e2e suite's: with none, its launch fails saying how to install one, as the e2e's does)."""
    lacking = missing(browser) if browser in NEEDS else []
    if not lacking:
        return None
    return (f"{browser} not tested: {', '.join(lacking)} missing. Install Debian's "
            f"{', '.join(build.OTHER_BROWSER_PACKAGES)} (`python build.py test` does, as root on Debian).")


FIXTURES = Path(__file__).with_name("fixtures")
FIXTURES_AT = "test-fixtures"  # where the site serves the suite's own pages (FIXTURES)


class Site:
    """dist/ served on one port of 127.0.0.1, stopped and started again there (the same origin:
    its service worker, snapshot and saved games stay the browsers'), with the suite's own pages
    (fixtures/) at /test-fixtures/."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.server = build.make_server(root, mounts={FIXTURES_AT: FIXTURES})
        self.port = int(self.server.server_address[1])
        self.url = f"http://127.0.0.1:{self.port}/"
        self._serve()

    def _serve(self) -> None:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def start(self) -> None:
        self.server = build.make_server(self.root, self.port, {FIXTURES_AT: FIXTURES})
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


# the browsers by the name in their tests' ids (`-k chromium`); drivers.BROWSERS are those driven
# without Playwright (the page bench measures Chromium with Playwright itself)
PAGES: dict[str, type[Page]] = {"chromium": ChromiumPage, **BROWSERS}
# each browser's options in this suite: WebKit's JavaScriptCore without its optimizing WebAssembly
# tier (OMG), whose compiles of Pyodide's wasm, again on every load, took a third of WebKit's run's
# CPU for scenes whose Python runs too briefly to gain from them (the engine's worker thread took
# no longer without it: docs/benchmarks.md, "The test suite's time"); Firefox likewise without its
# optimizing wasm tier (Ion: a warm load about 0.17 s of CPU less, its run about 1.3 s less in four
# pairs of 2026-11-30), its own background work off (drivers.QUIET_PREFS). What the page does is the
# same; the start-up bench (tests/bench/page.py) keeps every tier and Firefox's defaults.
# Chromium's optimizing tier off gained nothing clear of the noise there.
OPTIONS: dict[str, dict[str, Any]] = {
    "webkit": {"jsc_options": {"useOMGJIT": "false"}},
    "firefox": {"prefs": {**QUIET_PREFS, "javascript.options.wasm_optimizingjit": False}}}


@pytest.fixture(scope="session", params=sorted(PAGES))
def browser_page(request: pytest.FixtureRequest) -> Iterator[Page]:
    """The one page of a browser, started at its first test and closed after its last (pytest
    runs one browser's tests together: a session fixture's parameter at a time)."""
    name = request.param
    reason = skip_reason(name)
    if reason:
        pytest.skip(reason)
    page = PAGES[name](**OPTIONS.get(name, {}))
    yield page
    page.close()


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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                               ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failing test's message ends with its page's console warnings since the test before (the
    engine's "Boneyard: ... restarting the engine", say: why a page shows what it shows)."""
    report = yield
    page = getattr(item, "funcargs", {}).get("browser_page")
    if page is None or report.when != "call":
        return report
    try:
        warnings = page.console_warnings()  # (read after every test: the next one's are its own)
    except Exception as error:  # a browser that no longer answers: said, not raised over the failure
        warnings = [f"(the warnings could not be read: {error})"]
    if report.failed and warnings:
        title, text = f"{page.name}: the page's console warnings", "\n".join(warnings)
        add_section = getattr(report.longrepr, "addsection", None)  # (a traceback's; else plain text)
        if add_section:
            add_section(title, text)
        else:
            report.longrepr = f"{report.longrepr}\n{title}:\n{text}"
    return report
