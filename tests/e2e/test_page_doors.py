"""Doors into the page that must never end in a raw error (issue 33): a malformed address opens
the menu with a plain message; a window without service workers says once, in plain words, that
it cannot keep the game offline, and plays on; a setting storage could not keep holds for the
whole page, so Settings and the setup agree."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App
from .test_hidden_and_kept import FULL, SPACE_AGAIN


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
    app.open(address)  # and as the first address of a page load
    expect(page.locator("#notice")).to_contain_text("That address could not be read", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(".game-card").first).to_be_visible()
    assert "could not be loaded" not in page.locator("#view").inner_text()
    assert app.errors[before:] == []


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
