"""The page's own fresh start (web/app.js `boneyard.startAsNewVisitor`, what each test module's page
starts with: conftest.py start_fresh) against a load: after a visitor has left every kind of state
the page keeps (settings, a game held and saved, a finished game counted, a notice, the storage
banner, an open dialog, a sound played, a results write that waits), the page shows and stores
what a new visitor's load shows and stores, and plays as it does."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import expect

from .conftest import (
    SCREEN_TIMEOUT_MS,
    App,
    clear_storage,
    follow_link,
    open_deal,
    resign,
    settled,
    solve,
    stats,
)
from .solitaire_play import LUZON_WON_SEED, click_move

# What a visitor sees and the page stores: storage, <html>'s attributes, the address, the title,
# the screen, every element of the body outside it, the notice, open dialogs, the scroll.
# (Not the time of the service worker's last update check, which a start writes when it has gone
# through, some time after: UPDATED, waited for.)
UPDATED = "boneyard.update-checked:"
DESCRIBE = """(updated) => {
  const el = (e) => `${e.tagName}#${e.id}.${e.className}${e.hidden ? ' hidden' : ''}`;
  const notice = document.getElementById('notice');
  return {
    local: Object.fromEntries(Object.entries(localStorage).filter(([key]) => !key.startsWith(updated))),
    session: Object.fromEntries(Object.entries(sessionStorage)),
    html: {...document.documentElement.dataset},
    hash: location.hash, state: history.state, title: document.title,
    view: document.getElementById('view').innerHTML,
    body: [...document.body.children].map(el),
    notice: [notice.hidden, notice.textContent],
    dialogs: document.querySelectorAll('dialog[open]').length,
    current: [...document.querySelectorAll('.topnav a')].map((a) => a.getAttribute('aria-current')),
    scroll: [scrollX, scrollY],
  };
}"""


def update_checked(app: App) -> None:
    """Wait until the start's update check has gone through and its time is stored."""
    deadline = time.monotonic() + SCREEN_TIMEOUT_MS / 1000
    while not app.page.evaluate("key => Object.keys(localStorage).some((k) => k.startsWith(key))", UPDATED):
        assert time.monotonic() < deadline, "the start's update check was never stored"
        app.page.wait_for_timeout(50)


def described(app: App) -> dict[str, Any]:
    settled(app.page)
    description: dict[str, Any] = app.page.evaluate(DESCRIBE, UPDATED)
    return description


def played(app: App) -> int:
    """The games the statistics count, every game and option set."""
    return sum(entry["played"] for entry in stats(app).values())


def test_the_page_made_new_in_place_is_a_new_visitors_load(app: App) -> None:
    page = app.page
    clear_storage(app)
    app.open()
    update_checked(app)
    loaded = described(app)
    assert loaded["local"] == {} and loaded["hash"] == "" and loaded["notice"][0], loaded

    # every kind of state: settings (sound on, dark), a won game counted with a sound played, a
    # lost game's result and a setting waiting in the page (storage full for them), a game in progress
    # held and saved, a notice, the storage banner, the keys' help open
    follow_link(app, "#/settings")
    page.check("#setting-sound-on")
    page.check("#setting-theme-dark")
    open_deal(app, "luzon", LUZON_WON_SEED)
    for done, move in enumerate(solve(LUZON_WON_SEED)["solution"], 1):
        click_move(app, move)
        expect(page.locator("#board")).to_have_attribute("data-moves", str(done), timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("dialog[open]")).to_have_count(1, timeout=SCREEN_TIMEOUT_MS)  # the result
    assert page.evaluate("document.documentElement.dataset.soundPlayed") and played(app) == 1
    page.evaluate("""() => {
      window.__setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key.startsWith('boneyard.stats') || key.startsWith('boneyard.settings')) {
          throw new DOMException('full', 'QuotaExceededError');
        }
        return window.__setItem.call(this, key, value);
      };
    }""")
    follow_link(app, "#/settings")
    page.check("#setting-animation-fast")  # held in this page only
    expect(page.locator("#view [role=status]")).to_contain_text("Not saved")
    for given_up in (True, False):
        open_deal(app, "luzon", LUZON_WON_SEED)
        click_move(app, solve(LUZON_WON_SEED)["solution"][0])
        expect(page.locator("#board")).to_have_attribute("data-moves", "1", timeout=SCREEN_TIMEOUT_MS)
        if given_up:
            resign(page)  # its result waits in the page
            expect(page.locator("#notice")).to_contain_text("result waits", timeout=SCREEN_TIMEOUT_MS)
    page.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")
    page.evaluate("""() => dispatchEvent(new CustomEvent('boneyard-storage',
      {detail: {kind: 'full', gameId: 'luzon', moves: 1}}))""")
    expect(page.locator("#storage-banner")).to_be_visible()
    page.keyboard.press("?")
    expect(page.locator("dialog[open]")).to_have_count(1, timeout=SCREEN_TIMEOUT_MS)
    used = described(app)
    assert used["local"] and used["html"] != loaded["html"] and used["body"] != loaded["body"], used
    assert not used["notice"][0] and used["dialogs"] == 1, used

    page.evaluate("() => window.boneyard.startAsNewVisitor()")
    assert described(app) == loaded
    update_checked(app)

    # and it plays as a new visitor's: no game resumed (the one held is forgotten), the settings
    # the defaults, and a result counted now is the only one (the one that waited is forgotten too)
    page.click("a[href='#/play/luzon']")
    expect(page.locator("#board")).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    assert page.evaluate("[document.documentElement.dataset.sound, document.documentElement.dataset.motion]") == [
        "off", "normal"]
    resign(page)
    expect(page.locator("dialog[open]")).to_have_count(1, timeout=SCREEN_TIMEOUT_MS)
    assert played(app) == 1
