"""The page's own checks for a newer build (offline.js, registration.update()): not on every load
but when online and the last check is older than an hour (the browser checks on each navigation
anyway); offline, a reload still starts from the cache and asks nothing; a tab left open gets a
new build once it is back online."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import READY_TIMEOUT_MS, build
from .offline_site import Site, served_copy, wait_ready

HOUR_MS = 60 * 60_000
# The tab offline: the site's server stopped (nothing answers but the service worker's cache) and, while this
# mark is in the tab's session storage (a reload keeps it), navigator.onLine false from a document's first
# line, as a browser offline says; back online (back_online), the mark taken away and "online" sent, as a
# browser sends it. Not DevTools' offline emulation (context.set_offline): Chromium 150 does not carry it
# into a new document, and set again on the document, its "online" did not bring the update banner once in a
# clean clone (under load; not seen again in 9 runs under load).
OFFLINE_MARK = "test.offline"
# every registration.update() the page makes, counted per document (before the page's scripts run);
# navigator.onLine false while OFFLINE_MARK is set
COUNT_UPDATES = """(() => {
  window.__updates = 0;
  const update = ServiceWorkerRegistration.prototype.update;
  ServiceWorkerRegistration.prototype.update = function () { window.__updates += 1; return update.call(this); };
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => !sessionStorage.getItem(MARK) });
})()""".replace("MARK", json.dumps(OFFLINE_MARK))


@pytest.fixture(scope="module")
def site(dist_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with served_copy(dist_dir, tmp_path_factory, "update-site") as site:
        yield site


@pytest.fixture(scope="module")
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context()
    context.add_init_script(COUNT_UPDATES)
    yield context
    context.close()


def load(page: Page, url: str | None = None, engine: bool = True) -> int:
    """(Re)load the page until the offline state is settled (with `engine`, the engine ready too); the
    update checks it made. A page the service worker controls settles its offline state without
    waiting for the engine (offline.js startOffline): without `engine`, the next load ends the
    engine's start (some 1.5 s of CPU) where it is, as a reload does, the checks being the same."""
    if url:
        page.goto(url)
    else:
        page.reload()
    if engine:
        wait_ready(page)
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return int(page.evaluate("window.__updates"))  # (offline.js checks as it sets data-offline)


def age_last_check(page: Page, site: Site, ms: int) -> None:
    page.evaluate("([key, ms]) => localStorage.setItem(key, JSON.stringify(Date.now() - ms))",
                  [f"boneyard.update-checked:{site.url}", ms])


def back_online(page: Page) -> None:
    """The tab back online (OFFLINE_MARK): navigator.onLine true, and "online" sent to the page."""
    page.evaluate("mark => { sessionStorage.removeItem(mark); dispatchEvent(new Event('online')); }", OFFLINE_MARK)


def test_update_checks_only_when_online_and_stale(context: BrowserContext, site: Site) -> None:
    page = context.new_page()
    assert load(page, site.url) == 0  # a first install: sw.js was fetched just now
    # the engine's start-up snapshot stored before any reload (the loads after start from it)
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=READY_TIMEOUT_MS)
    assert load(page, engine=False) == 0  # a reload within the hour
    age_last_check(page, site, 2 * HOUR_MS)
    assert load(page, engine=False) == 1  # stale: asked once
    page.wait_for_function(  # and noted when it went through
        "key => Date.now() - JSON.parse(localStorage.getItem(key)) < 60000",
        arg=f"boneyard.update-checked:{site.url}", timeout=READY_TIMEOUT_MS)
    assert load(page, engine=False) == 0

    age_last_check(page, site, 2 * HOUR_MS)
    site.stop()
    page.evaluate("mark => sessionStorage.setItem(mark, '1')", OFFLINE_MARK)
    assert load(page) == 0  # offline: the cache starts the engine, nothing is asked
    assert page.evaluate("navigator.onLine") is False

    # a new build arrives while the tab is offline; back online, the tab asks (stale) and offers it
    old = json.loads((site.folder / build.MANIFEST).read_text())
    with (site.folder / "style.css").open("a") as handle:
        handle.write("\n/* a newer build */\n")
    version, _ = build.seal(site.folder, {k: v for k, v in old.items() if k not in ("version", "files")})
    assert version != old["version"]
    site.start()  # same port: same origin
    back_online(page)
    banner = page.locator("#update-banner")
    try:
        expect(banner).to_be_visible(timeout=READY_TIMEOUT_MS)
    except AssertionError:  # what the page did, for the failure's message
        state = page.evaluate("""async () => { const r = await navigator.serviceWorker.getRegistration();
          return { updates: window.__updates, onLine: navigator.onLine, update: document.documentElement.dataset.update,
            installing: r?.installing?.state, waiting: r?.waiting?.state, active: r?.active?.state }; }""")
        raise AssertionError(f"no update banner once back online: {state}") from None
    expect(banner).to_contain_text("A new version is ready")
    assert page.evaluate("window.__updates") == 1
    page.close()
