"""The check every scenario ends with (conftest.py: no console error) sees what it is there for, in
each browser: an error logged on the console and an error nobody caught, in a page of the app, and
both while a page loads, before a driver could run anything in it (in WebKit, seen only by a hook
put in the document before its own scripts: drivers.py)."""

from __future__ import annotations

import time

from .conftest import FIXTURES_AT
from .drivers import Page
from .scenes import SCREEN_S, wait_ready


def errors_seen(page: Page, *wanted: str) -> list[str]:
    """The page's console errors, read until each of `wanted` is in one of them, or SCREEN_S have
    passed (Firefox's come as BiDi events, read during a driver's next command)."""
    seen: list[str] = []
    deadline = time.monotonic() + SCREEN_S
    while True:
        seen += page.console_errors()
        if all(any(text in error for error in seen) for text in wanted) or time.monotonic() > deadline:
            return seen
        page.run("() => new Promise((resolve) => setTimeout(resolve, 50))")


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


def test_errors_while_a_page_loads_are_seen(browser_page: Page, server_url: str) -> None:
    page = browser_page
    page.goto(f"{server_url}{FIXTURES_AT}/early_error.html")
    assert page.run("() => document.querySelector('#loaded')?.textContent") == "Loaded."
    errors = errors_seen(page, "logged while loading", "thrown while loading")
    assert any("console: boneyard test: logged while loading" in error for error in errors), errors
    assert any("boneyard test: thrown while loading" in error for error in errors), errors
