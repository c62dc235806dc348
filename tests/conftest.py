"""Options and markers of the whole test suite (read before any test folder's conftest)."""

from __future__ import annotations

import gc

import pytest

# dist/ built and served (the fixtures dist_dir and server_url), for the browser suites
pytest_plugins = ["tests.served"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--screenshots", action="store_true",
                     help="take the e2e screenshots for people to look at (test-results/)")


# the cyclic garbage collector's young generation after collection: ten times Python's 700 allocations
# (benchmarks.md, "The tests without a browser": the collector's CPU about halved)
GC_YOUNG = 7000


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection made (modules, test items, fixtures' definitions) lives to the end: moved out
    of the collector's generations (`gc.freeze`), so its full collections do not walk it again and
    again, and young collections less often (`GC_YOUNG`). Garbage is still freed: by reference
    counting, and cycles by the collector, as before."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, 10, 10)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "screenshots: takes screenshots for people to look at (with --screenshots)")
    config.addinivalue_line("markers", "console_errors: provokes console errors on purpose (page errors still fail)")
    config.addinivalue_line("markers", "motion: the module's page keeps the animation setting on "
                            "(off elsewhere: tests/e2e)")
    config.addinivalue_line("markers", "patches_page(undo=JS): the module replaces what the page's code calls; the "
                            "next module's page is loaded again, not made new in place, unless `undo` puts "
                            "it back (tests/e2e)")
