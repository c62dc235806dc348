"""The cross-browser suite's fixtures: dist/ served on 127.0.0.1, and one browser of each engine
the system has (Firefox ESR, WebKitGTK: drivers.py) started once for the whole run, its page
shared by the tests of that browser. The Chromium suite is tests/e2e (Playwright).

`python build.py test` installs the browsers with apt (as root on Debian). Where one cannot be
installed, its tests are skipped with the reason (in pytest's -ra summary), never passed."""

from __future__ import annotations

import sys
from collections.abc import Generator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


from .drivers import BROWSERS, Page, missing  # noqa: E402


def skip_reason() -> str | None:
    """Why this system cannot run the cross-browser suite, if it cannot."""
    lacking = missing()
    if not lacking:
        return None
    return (f"Firefox and WebKit not tested: {', '.join(lacking)} missing. Install Debian's firefox-esr, "
            "webkit2gtk-driver and xvfb (`python build.py test` does, as root on Debian).")




OPEN: dict[str, Page] = {}


@pytest.fixture(scope="session",
                params=[pytest.param(name, marks=pytest.mark.xdist_group(name)) for name in sorted(BROWSERS)])
def browser_page(request: pytest.FixtureRequest) -> Page:
    """The one page of a browser (started at its first test, closed at the end of the run); with
    pytest-xdist's `--dist loadgroup` each browser's tests run in one worker (build.py: the two
    browsers side by side)."""
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
