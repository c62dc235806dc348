"""One tap plays a table game's tile that fits one place only (the setting, on by default); Undo
takes it back as any move; a tile with two places is picked and then placed; the setting off, every
tile is picked first. The deal: draw game, double-6, two players, deal 5 (the person's 4-6 fits one
end; after the computer's reply 0-4 fits one end and 1-4 two)."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App, follow_link, settled, started_again, two_taps

SCREEN = "#/play/draw"  # the game's screen: its game in progress, if any
LINK = f"{SCREEN}?deal=5&set=double-6&players=2&target=100&seats=human,ai:easy"


def my_turn(app: App) -> None:
    page = app.page
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#table-screen")).to_have_attribute("data-busy", "false", timeout=SCREEN_TIMEOUT_MS)


def moves(app: App) -> int:
    return int(app.page.get_attribute("#table-screen", "data-moves") or 0)


def test_one_tap_plays_a_tile_with_one_place_and_undo_takes_it_back(app: App) -> None:
    page = app.page
    page.goto(f"{app.url}#/")
    page.evaluate("() => localStorage.setItem('boneyard.table.speed.v1', JSON.stringify('instant'))")
    follow_link(app, LINK)
    my_turn(app)
    start = moves(app)
    page.locator('#hand .hand-tile[data-tile="4-6"]').click()  # one place: played at once
    expect(page.locator('#hand [data-tile="4-6"]')).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator('.layout-svg [data-placed="4-6"]')).to_have_count(1)
    assert moves(app) > start
    my_turn(app)  # the computer has replied (an Undo clicked during its request is not taken)
    page.click("button[data-action=undo]")
    expect(page.locator('#hand .hand-tile[data-tile="4-6"]')).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    my_turn(app)
    assert moves(app) == start

    # the setting off: the tile is picked, its place marked, nothing played
    two_taps(page)
    page.locator('#hand .hand-tile[data-tile="4-6"]').click()
    expect(page.locator('#hand .hand-tile[data-tile="4-6"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".end-marker.active")).to_have_count(1)
    assert moves(app) == start
    page.locator(".end-marker.active").click()
    expect(page.locator('#hand [data-tile="4-6"]')).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)
    settled(page)  # the computer's reply made and saved: the game left is the one that comes back

    # the settings page shows the choice; back on, after the computer's reply
    page.goto(f"{app.url}#/settings")
    expect(page.locator("#setting-oneTap-false")).to_be_checked()
    page.check("#setting-oneTap-true")
    page.goto(f"{app.url}{SCREEN}")  # the game in progress comes back
    my_turn(app)
    before = moves(app)
    page.locator('#hand .hand-tile[data-tile="1-4"]').click()  # two places: picked, both marked
    expect(page.locator('#hand .hand-tile[data-tile="1-4"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".end-marker.active")).to_have_count(2)
    assert moves(app) == before
    page.keyboard.press("Escape")
    page.locator('#hand .hand-tile[data-tile="0-4"]').click()  # one place: played
    expect(page.locator('#hand [data-tile="0-4"]')).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)
    assert moves(app) > before


def test_one_tap_is_on_by_default_on_the_settings_page(app: App) -> None:
    page = app.page
    page.goto(f"{app.url}#/")
    page.evaluate("() => localStorage.removeItem('boneyard.settings.v1')")
    page.goto(f"{app.url}#/settings")
    expect(page.locator("[data-setting=oneTap] legend")).to_have_text("Table games: a tile that fits one place only")
    expect(page.locator("#setting-oneTap-true")).to_be_checked()


def test_the_turn_line_says_what_a_tap_does(app: App) -> None:
    """The person's turn told as the setting plays it: one tap on (the default), "tap a tile to
    play it" (a tile that fits two places then asks for its place); off, "pick a tile, then a
    highlighted place" (it said the second even when one tap played the tile at once)."""
    page = app.page
    page.goto(f"{app.url}#/")
    page.evaluate("() => localStorage.setItem('boneyard.table.speed.v1', JSON.stringify('instant'))")
    follow_link(app, LINK)
    my_turn(app)
    expect(page.locator("#turn")).to_have_text("Your turn: tap a tile to play it.")
    two_taps(page)
    settled(page)  # the game saved as it is on screen
    # the page started again from what is stored, the setting read again, without a load
    # (conftest.started_again): the game in progress comes back
    started_again(page, f"{app.url}{SCREEN}")
    my_turn(app)
    expect(page.locator("#turn")).to_have_text("Your turn: pick a tile and a place.")
