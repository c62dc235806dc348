"""The check every scenario ends with (conftest.py: no console error) sees what it is there for, in
each browser: an error logged on the console and an error nobody caught, in a page of the app, and
both while a page loads, before a driver could run anything in it (in WebKit, seen only by a hook
put in the document before its own scripts: drivers.py); and its warnings, read apart (conftest.py
puts them in a failing test's message).

The tests run in this order: the suite's own page first, then the app's first visit, which the
warnings' test and then test_games.py go on using (open_app: no load of their own)."""

from __future__ import annotations

import time
from collections.abc import Callable

from .conftest import FIXTURES_AT
from .drivers import Page
from .scenes import SCREEN_S, open_app, wait_ready


def errors_seen(page: Page, *wanted: str, read: Callable[[], list[str]] | None = None) -> list[str]:
    """The page's console errors (or what `read` reads), read until each of `wanted` is in one of
    them, or SCREEN_S have passed (Firefox's come as BiDi events, read during a driver's next command)."""
    seen: list[str] = []
    deadline = time.monotonic() + SCREEN_S
    while True:
        seen += (read or page.console_errors)()
        if all(any(text in error for error in seen) for text in wanted) or time.monotonic() > deadline:
            return seen
        page.run("() => new Promise((resolve) => setTimeout(resolve, 50))")


def test_errors_while_a_page_loads_are_seen(browser_page: Page, server_url: str) -> None:
    page = browser_page
    page.goto(f"{server_url}{FIXTURES_AT}/early_error.html")
    assert page.run("() => document.querySelector('#loaded')?.textContent") == "Loaded."
    errors = errors_seen(page, "logged while loading", "thrown while loading")
    assert any("console: boneyard test: logged while loading" in error for error in errors), errors
    assert any("boneyard test: thrown while loading" in error for error in errors), errors


def test_console_and_uncaught_errors_are_seen(browser_page: Page, server_url: str) -> None:
    page = browser_page
    page.goto(server_url)
    wait_ready(page)
    assert page.console_errors() == []
    page.run("""() => new Promise((resolve) => {
      console.error("boneyard test: logged");
      setTimeout(() => { throw new Error("boneyard test: uncaught"); });
      setTimeout(resolve, 100);
    })""")
    errors = errors_seen(page, "boneyard test: logged", "boneyard test: uncaught")
    assert any("boneyard test: logged" in error for error in errors), errors
    assert any("boneyard test: uncaught" in error for error in errors), errors


def test_warnings_are_read_apart_from_errors(browser_page: Page, server_url: str) -> None:
    """A warning (the engine's restarts are said so) is read for a failing test's message
    (conftest.py), and is not an error that fails a test."""
    page = browser_page
    open_app(page, server_url)  # (the page the test before left, if there)
    page.console_warnings()  # (those of the start, if any)
    page.run("() => { console.warn('boneyard test: warned'); }")
    warnings = errors_seen(page, "boneyard test: warned", read=page.console_warnings)
    assert "warning: boneyard test: warned" in warnings, warnings
    assert page.console_errors() == []
