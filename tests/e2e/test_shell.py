"""The page shell on its own: real download progress, and a failed start with a Retry."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Request, Route, expect

from .conftest import READY_TIMEOUT_MS

PROGRESS_FILES = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json")


def test_progress_counts_the_real_bytes(browser: Browser, server_url: str, dist_dir: Path) -> None:
    manifest = json.loads((dist_dir / "build-manifest.json").read_text())
    files = [*PROGRESS_FILES, manifest["micropip_wheel"], manifest["engine_wheel"]]
    total = sum(manifest["files"][name]["size"] for name in files)
    context = browser.new_context()
    page = context.new_page()
    page.goto(server_url)
    expect(page.locator(".game-card").first).to_be_visible()  # the menu does not wait for Python
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    # the last file's count may come in just after "ready" (the worker's messages race): every byte, soon
    deadline = time.monotonic() + 5
    while (progress := page.evaluate("window.boneyard.progress")) != {"loaded": total, "total": total}:
        assert time.monotonic() < deadline, (progress, total)
        page.wait_for_timeout(50)
    expect(page.locator("#engine-progress")).to_be_hidden()
    expect(page.locator("#engine-text")).to_have_text("Engine ready")
    context.close()


def test_failed_start_shows_message_and_retry(browser: Browser, server_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()

    def missing(route: Route) -> None:
        route.fulfill(status=404, body="missing")

    context.route("**/build-manifest.json", missing)
    page.goto(server_url)
    page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("#engine-text")).to_contain_text("failed to start")
    expect(page.locator("#engine-text")).to_contain_text("build-manifest.json")
    retry = page.locator("#engine-retry")
    expect(retry).to_be_visible()
    context.unroute("**/build-manifest.json", missing)
    retry.click()
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    expect(retry).to_be_hidden()
    context.close()


def page_loads(page: Page) -> list[str]:
    """The page's loads of its document from now on (the test's goto, then the page's own reloads).
    The tests below count these, not the dropped file's fetches: what the page promises is one load
    again; how often the browser asks for a module within a load is the browser's (Playwright's own
    Chromium on a CI host once fetched the file a third time, its engine ready; the loads were not
    counted then)."""
    loads: list[str] = []

    def on_request(request: Request) -> None:
        if request.is_navigation_request() and request.frame == page.main_frame:
            loads.append(request.url)

    page.on("request", on_request)
    return loads


def test_a_file_of_the_page_that_fails_to_download_is_said_with_a_reload(browser: Browser, server_url: str) -> None:
    """A module of the page's own code whose download is dropped (net::ERR_ABORTED, which says nothing
    in the console) keeps app.js from running: the page loads itself again once, and when that load
    fails too it says so and offers a reload that brings it up, rather than showing "Loading the game
    engine…" for ever beside a ready engine."""
    context = browser.new_context()
    page = context.new_page()
    tries: list[str] = []

    def dropped(route: Route) -> None:
        tries.append(route.request.url)
        route.abort("aborted")

    context.route("**/play/records.js", dropped)  # imported by app.js through guard.js, not preloaded
    loads = page_loads(page)
    page.goto(server_url)
    text = page.locator("#engine-text")
    expect(text).to_contain_text("did not load completely", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("typeof window.boneyard") == "undefined"
    assert len(loads) == 2, loads  # the first load and the page's own second one, no more
    assert len(tries) >= 2, tries  # each load asked for the file (see page_loads)
    reload = page.locator("#engine-retry")
    expect(reload).to_be_visible()
    context.unroute("**/play/records.js", dropped)
    reload.click()
    page.wait_for_function("() => typeof window.boneyard?.request === 'function'", timeout=READY_TIMEOUT_MS)
    expect(reload).to_be_hidden()
    context.close()


@pytest.mark.parametrize("dropped", [
    "play/records.js",  # of app.js's modules (imported through guard.js, not preloaded)
    "engine_watch.js",  # of boot.js's, the engine's start (engine.js imports it): a failure that was
])                      # boot.js's own to handle left "Loading the game engine…" for ever (a clean clone)
def test_a_file_dropped_once_is_fetched_again_by_the_page_itself(browser: Browser, server_url: str,
                                                                 dropped: str) -> None:
    """A module's download dropped once (as Chromium now and then cancels one of a load the service
    worker answers), whichever script imports it: the page loads itself again (web/load_guard.js) and
    comes up, its engine ready, nothing said but a warning."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", on_console)
    tries: list[str] = []

    def dropped_once(route: Route) -> None:
        if route.request.service_worker is not None:  # (its install fetches every file of the site)
            route.continue_()
            return
        tries.append(route.request.url)
        if len(tries) == 1:
            route.abort("aborted")
        else:
            route.continue_()

    context.route(f"**/{dropped}", dropped_once)
    loads = page_loads(page)
    page.goto(server_url)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    page.wait_for_function("() => typeof window.boneyard?.request === 'function'", timeout=READY_TIMEOUT_MS)
    assert len(loads) == 2, loads  # the page loaded itself again once
    assert len(tries) >= 2, tries  # the file dropped, then fetched again (see page_loads)
    expect(page.locator("html")).not_to_have_attribute("data-app", "incomplete")
    expect(page.locator("#engine-retry")).to_be_hidden()
    assert page.evaluate("sessionStorage.getItem('boneyard.reloaded-incomplete')") is None
    assert not errors, errors
    context.close()
