"""Luzon on a phone held sideways (844x390, and 740x360): the board's height sets its tiles' size
(five rows and the reserve under them), so its edges and the room round the reserve's rule are
tight and the tiles larger: a half (a lying tile's height) at least 48 px at 844x390 (it was 44) and
42 at 740x360 (it was 39), at the start and part-played, every tile, place and pip count in the
board's box, none over another. Its toolbar (nine controls in the 240 px column) keeps to three lines,
More never alone on a fourth."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App, open_deal, until_still
from .test_dial import import_moves, line
from .test_screen_look import LUZON_UPRIGHT, TOOLBAR_ROWS

SIZES = {(844, 390): 48, (740, 360): 42}  # the screen -> a half's least size in px


@pytest.mark.parametrize("size", list(SIZES))
def test_luzon_held_sideways_lays_larger_tiles_all_in_view(phone: App, size: tuple[int, int]) -> None:
    page = phone.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        open_deal(phone, "luzon", 7, variant="twelve")
        until_still(page)
        start = page.evaluate(LUZON_UPRIGHT)
        import_moves(phone, "luzon", {"variant": "twelve"}, 7, line("luzon", {"variant": "twelve"}, 7, 9))
        until_still(page)
        later = page.evaluate(LUZON_UPRIGHT)
    finally:
        page.set_viewport_size({"width": 390, "height": 844})
    for seen in (start, later):
        assert seen["layout"] == "across" and seen["long"] >= 2 * seen["tile"] - 1, seen
        assert seen["tile"] >= SIZES[size], seen
        assert seen["inView"] and seen["overlaps"] == 0, seen


@pytest.mark.parametrize("size", list(SIZES))
def test_luzon_held_sideways_keeps_its_toolbar_to_three_lines(phone: App, size: tuple[int, int]) -> None:
    page = phone.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        open_deal(phone, "luzon", 7, variant="twelve")
        until_still(page)
        start = page.evaluate(TOOLBAR_ROWS)
        import_moves(phone, "luzon", {"variant": "twelve"}, 7, line("luzon", {"variant": "twelve"}, 7, 12))
        expect(page.locator("button[data-action=finish]")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
        until_still(page)
        later = page.evaluate(TOOLBAR_ROWS)
    finally:
        page.set_viewport_size({"width": 390, "height": 844})
    assert start <= 3 and later <= 3, (start, later)
