"""The check every scenario ends with (conftest.py: no console error) sees what it is there for, in
each browser: an error logged on the console and an error nobody caught, in a page of the app."""

from __future__ import annotations

from .drivers import Page
from .scenes import wait_ready


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
    errors = page.console_errors()
    assert any("boneyard test: logged" in error for error in errors), errors
    assert any("boneyard test: uncaught" in error for error in errors), errors
