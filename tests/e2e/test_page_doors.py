"""Doors into the page that must never end in a raw error (issue 33): a malformed address opens
the menu with a plain message; a window without service workers says once, in plain words, that
it cannot keep the game offline, and plays on; a setting storage could not keep holds for the
whole page, so Settings and the setup agree."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from .conftest import SCREEN_TIMEOUT_MS, App, attach, leave, open_deal
from .page_storage import FULL, SPACE_AGAIN


@pytest.mark.parametrize("address", ["#/play/luzon%", "#/play/%E0%A4%A", "#/rules/%", "#/play/draw%zz?deal=1"])
def test_a_malformed_address_opens_the_menu_with_a_plain_message(app: App, address: str) -> None:
    page = app.page
    page.goto(f"{app.url}#/settings")
    expect(page.locator(".settings-page")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    before = len(app.errors)
    page.goto(app.url + address)  # a new address in the same document: the hashchange route
    expect(page.locator("#notice")).to_contain_text("That address could not be read", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(".game-card").first).to_be_visible()
    assert page.evaluate("location.hash") == "#/"
    leave(app)  # (a document of the origin: opening the address from the app's own would only change its hash)
    app.open(address)  # and as the first address of a page load
    assert page.evaluate("performance.getEntriesByType('navigation')[0].name") == app.url + address
    expect(page.locator("#notice")).to_contain_text("That address could not be read", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(".game-card").first).to_be_visible()
    assert "could not be loaded" not in page.locator("#view").inner_text()
    assert app.errors[before:] == []


NO_SERVICE_WORKER = "delete Navigator.prototype.serviceWorker;"
REFUSED = """(() => {
  const container = navigator.serviceWorker;
  window.__registered = 0;
  container.register = async () => {
    window.__registered += 1;
    throw new DOMException('The user denied permission to use Service Worker.', 'SecurityError');
  };
})();"""


@pytest.fixture(scope="module")
def offline_less_context(browser: Browser) -> Iterator[BrowserContext]:
    """One browser context for both windows without service workers (each a page of its own, its
    own sessionStorage: a window of its own): the first starts its engine cold and stores the
    start-up snapshot, the second starts from it (what either says of offline play does not depend
    on how the engine started; no service worker is ever registered in it)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


@pytest.fixture(params=["no navigator.serviceWorker", "registration refused"])
def no_offline(request: pytest.FixtureRequest, offline_less_context: BrowserContext, server_url: str) -> Iterator[App]:
    """A new window whose browser offers no service workers (deleted), or refuses to register one."""
    page = offline_less_context.new_page()
    page.add_init_script(NO_SERVICE_WORKER if request.param.startswith("no") else REFUSED)
    state = attach(offline_less_context, page, server_url)
    try:
        yield state
    finally:
        offline_less_context.unroute_all()
        page.close()


def test_without_service_workers_the_page_says_so_once_and_plays_on(no_offline: App) -> None:
    app, page = no_offline, no_offline.page
    app.open("#/")
    notice = page.locator("#notice")
    expect(notice).to_contain_text("This window cannot keep Boneyard for offline play", timeout=SCREEN_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.offline") == "unavailable"
    expect(page.locator("#offline-banner")).to_have_count(0)
    assert "installing" not in page.locator("body").inner_text()
    open_deal(app, "luzon", 3)  # the game plays on
    expect(page.locator("#offline-banner")).to_have_count(0)  # no "not ready, trying again in 20 s"
    assert page.evaluate("window.__registered ?? 0") <= 1  # registered once at most: nothing tried again
    if page.evaluate("document.documentElement.dataset.engineStart") == "normal":  # (its snapshot stored before
        page.wait_for_selector("html[data-snapshot]", state="attached", timeout=120_000)  # the reload)
    page.reload()
    app.wait_ready()
    expect(page.locator("#board")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    expect(notice).not_to_contain_text("cannot keep")  # said once in this window, not again on each load
    assert [e for e in app.errors if e.startswith("pageerror")] == []


def test_a_setting_storage_could_not_keep_holds_for_the_setup_too(app: App) -> None:
    page = app.page
    page.goto(f"{app.url}#/settings")
    page.evaluate(FULL, "boneyard.settings")
    try:
        page.click("#setting-level-hard")
        message = page.locator(".settings-page .message")
        expect(message).to_contain_text("computer level is Hard until this page is closed")
        page.goto(f"{app.url}#/play/draw")
        expect(page.locator("#setup")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
        levels = page.locator("[data-seat-level]:visible")
        expect(levels.first).to_be_visible()
        assert {levels.nth(i).input_value() for i in range(levels.count())} == {"hard"}
    finally:
        page.evaluate(SPACE_AGAIN)


def test_two_address_changes_heard_late_show_the_last_address_anew(app: App) -> None:
    """Two address changes made before the page hears either (each queues a hashchange event, and
    each event runs after both changes): the last address's screen is mounted anew, as when each is
    heard in turn, even when that address is the game's on screen (its link rewritten into it).
    The router once skipped both (it compared the address with the one it had rewritten) and the
    game on screen stayed, its save never read again."""
    page = app.page
    open_deal(app, "luzon", 3)
    assert page.evaluate("location.hash") == "#/play/luzon"  # the link rewritten into the game's own address
    page.evaluate("document.querySelector('#view > .game').dataset.before = ''")
    page.evaluate("() => { location.hash = '#/'; location.hash = '#/play/luzon'; }")
    expect(page.locator("#view > .game:not([data-before]) [data-session]")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    assert page.evaluate("location.hash") == "#/play/luzon"
