"""Hidden stays hidden, nothing lost: a hint is saved with the game (a reload keeps it assisted),
and unsaved moves survive leaving the screen while storage is full."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import App, expect_moves, open_deal, resign, started_again, stats
from .page_storage import FULL, SPACE_AGAIN
from .solitaire_play import advisor_line, click_move, start_big_clock_deal

TIMEOUT = 30_000


def saved_record(app: App, game: str) -> dict[str, Any]:
    text = app.page.evaluate(f"localStorage.getItem('boneyard.game.{game}')")
    return json.loads(text)["record"] if text else {}


def test_a_hint_is_saved_with_the_game_and_a_reload_keeps_it_assisted(app: App) -> None:
    page = app.page
    open_deal(app, "luzon", 7)
    assert "assisted" not in saved_record(app, "luzon")
    page.click("button[data-action=hint]")
    expect(page.locator("#hint-text")).to_be_visible(timeout=TIMEOUT)
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('boneyard.game.luzon')).record.assisted === true", timeout=TIMEOUT)
    page.reload()
    app.wait_ready()
    expect_moves(app, 0)
    assert saved_record(app, "luzon")["aids"] == [{"at": 0, "kind": "hint"}]


# what the module replaced put back (FULL, and the storage manager's ask to keep): the next module starts in place
PUT_BACK = """() => {
  if (window.__setItem) Storage.prototype.setItem = window.__setItem;
  delete window.__setItem;
  delete navigator.storage.persist;
  delete navigator.storage.persisted;
  delete window.__keepAsked;
}"""

pytestmark = pytest.mark.patches_page(undo=PUT_BACK)  # the storage is made full (FULL), persist() counted


def test_unsaved_moves_survive_leaving_the_screen_while_storage_is_full(app: App) -> None:
    page = app.page
    line, _ = advisor_line(12)
    start_big_clock_deal(app, 12)
    for n, move in enumerate(line[:2], 1):
        click_move(app, move)
        expect_moves(app, n)
    page.evaluate(FULL, "boneyard.game.")
    try:
        for n, move in enumerate(line[2:5], 3):
            click_move(app, move)
            expect_moves(app, n)
        expect(page.locator("#storage-banner")).to_be_visible(timeout=TIMEOUT)
        assert len(saved_record(app, "big-clock")["moves"]) == 2
        page.evaluate("location.hash = '#/'")
        expect(page.locator(".game-card").first).to_be_visible(timeout=TIMEOUT)
        page.evaluate("location.hash = '#/play/big-clock'")
        expect_moves(app, 5)  # the moves kept in memory, not the 2 in storage
    finally:
        page.evaluate(SPACE_AGAIN)
    click_move(app, line[5])
    expect_moves(app, 6)
    assert len(saved_record(app, "big-clock")["moves"]) == 6  # space again: saved


def test_a_result_counted_while_storage_is_full_waits_and_settings_say_not_saved(app: App) -> None:
    page = app.page
    key = "luzon|variant=twelve"
    open_deal(app, "luzon", 7)
    before = stats(app).get(key, {}).get("played", 0)
    page.evaluate(FULL, "boneyard.stats.")
    resign(app.page)  # the game ends, counted as lost
    expect(app.page.locator("#board")).to_have_attribute("data-over", "game", timeout=TIMEOUT)
    expect(page.locator("#notice")).to_contain_text("result waits", timeout=TIMEOUT)
    assert stats(app).get(key, {}).get("played", 0) == before  # not stored: it waits in memory
    page.evaluate(FULL, "boneyard.")
    page.evaluate("location.hash = '#/settings'")
    page.click("#setting-animation-fast")
    message = page.locator(".settings-page .message")
    expect(message).to_contain_text("Not saved: storage is full")
    page.evaluate(SPACE_AGAIN)
    page.click("#setting-animation-normal")
    expect(message).to_contain_text("Saved:")
    open_deal(app, "luzon", 8)  # the next save writes the result that waited
    assert stats(app)[key]["played"] == before + 1


def test_the_browser_is_asked_to_keep_the_storage_after_a_finished_game(app: App) -> None:
    page = app.page
    # a fresh page: it has asked nothing yet (web/store/keep.js forgets its asking for a new visitor),
    # made so in place with what is stored kept, as a reload keeps it (conftest.started_again)
    started_again(page)
    page.evaluate("""() => {
      window.__keepAsked = 0;
      const storage = navigator.storage;
      storage.persist = async () => { window.__keepAsked += 1; return true; };
      storage.persisted = async () => window.__keepAsked > 0;
    }""")
    open_deal(app, "luzon", 14)
    assert page.evaluate("window.__keepAsked") == 0
    resign(app.page)  # the game ends, counted as lost
    expect(app.page.locator("#board")).to_have_attribute("data-over", "game", timeout=TIMEOUT)
    page.wait_for_function("() => window.__keepAsked === 1", timeout=TIMEOUT)
    page.evaluate("location.hash = '#/settings'")
    expect(page.locator("#storage-kept")).to_have_attribute("data-kept", "true", timeout=TIMEOUT)
    expect(page.locator("#storage-kept")).to_contain_text("This browser keeps")
