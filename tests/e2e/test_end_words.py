"""Words on screen: Clock's end says why the game was lost once (not in the status line, the dialog
and the dial's footer at once); a table game's end lists its winners as people write them."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.engine.helpers import call

from .coach_records import load_with_record
from .conftest import SCREEN_TIMEOUT_MS, App, open_table, resign
from .native_records import game_over, native_record
from .table_play import NAMES


def test_clock_s_end_says_the_fourth_king_once(app: App) -> None:
    record, view = native_record("clock", {"exchange": True}, 1, 1, game_over)
    assert view["outcome"] and "fourth king" in view["outcome"]["reason"]
    load_with_record(app, "clock", record, "?deal=1&exchange=true")
    page = app.page
    expect(page.locator("#outcome[open]")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    text = page.evaluate("() => document.querySelector('.game').innerText")
    assert len(re.findall(r"fourth king", text, re.I)) == 1, text


def test_a_table_game_s_end_lists_its_winners_as_people_write_them(app: App) -> None:
    """A four-seat draw game resigned in its first round on a phone: the status line (and the
    coach's replay, which draws it again) lists three winners as "Ada, Ben and Cleo", not "Ada and
    Ben and Cleo"."""
    page = app.page
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        open_table(app, "#/play/draw?set=double-6&players=4")
        expect(page.locator("#table-screen")).to_have_attribute("data-round", "1", timeout=SCREEN_TIMEOUT_MS)
        resign(page)
        expect(page.locator("#round-summary[open][data-kind=game-over]")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
        record = page.evaluate("JSON.parse(localStorage.getItem('boneyard.game.draw')).record")
        winners = call(op="load", record=record, seat=0)["view"]["outcome"]["winners"]
        names = [NAMES[seat] for seat in winners]
        assert len(names) == 3, names  # nobody has scored in round 1: the three others win
        expect(page.locator("#turn")).to_have_text(f"Game over: {', '.join(names[:-1])} and {names[-1]} won.")
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
