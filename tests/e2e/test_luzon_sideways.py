"""Luzon on a phone held sideways (844x390, and 740x360): the board's height sets its tiles' size
(five rows and the reserve under them), so its edges and the room round the reserve's rule are
tight and the tiles larger: a half (a lying tile's height) at least 48 px at 844x390 (it was 44) and
42 at 740x360 (it was 39), at the start and part-played, every tile, place and pip count in the
board's box, none over another. Its toolbar (nine controls in the 240 px column) keeps to three lines,
More never alone on a fourth. Each position (the start, nine moves on, twelve: Finish shown; the
records made natively and imported) is opened once and looked at both ways."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App, open_deal
from .page_measures import LUZON_UPRIGHT, TOOLBAR_ROWS
from .screen_sizes import each_size
from .solitaire_play import first_moves, import_moves

SIZES = {"844x390": 48, "740x360": 42}  # the screen -> a half's least size in px
SIDEWAYS = [(844, 390), (740, 360)]


def test_luzon_held_sideways_lays_larger_tiles_and_keeps_its_toolbar_to_three_lines(phone: App) -> None:
    page = phone.page
    moves = first_moves("luzon", {"variant": "twelve"}, 7, 12)
    found: dict[str, object] = {}
    page.set_viewport_size({"width": 844, "height": 390})
    try:
        for at, played in (("start", 0), ("9 moves", 9), ("12 moves", 12)):
            open_deal(phone, "luzon", 7, variant="twelve")
            if played:
                import_moves(phone, "luzon", {"variant": "twelve"}, 7, moves[:played])
            if played == 12:
                expect(page.locator("button[data-action=finish]")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
            for size in each_size(page, SIDEWAYS):
                if played in (0, 9):  # the tiles, at the start and part-played
                    seen = page.evaluate(LUZON_UPRIGHT)
                    if not (seen["layout"] == "across" and seen["long"] >= 2 * seen["tile"] - 1
                            and seen["tile"] >= SIZES[size] and seen["inView"] and seen["overlaps"] == 0):
                        found[f"{size} at {at}: the tiles"] = seen
                if played in (0, 12):  # the toolbar, at the start and with Finish shown
                    rows = page.evaluate(TOOLBAR_ROWS)
                    if rows > 3:
                        found[f"{size} at {at}: the toolbar"] = rows
    finally:
        page.set_viewport_size({"width": 390, "height": 844})
    assert found == {}, found
