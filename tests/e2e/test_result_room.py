"""A stopped screen on a phone upright (issue 34): its dialog closed, the ways back to it sit in the
status's line (beside the status when both fit, the status then two lines at most), not in a row of
their own above the board, and they still open it. The Big Clock's board gave a two-line status and a
48 px row of "Show the result" 98 px over it at 360x740 (50 now). Every game's frame has that line:
Luzon's (a toggle in it too) and a table's round end (no status: its turn banner says it) are checked
with it. The position comes from a record made natively and imported."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import SCREEN_TIMEOUT_MS, App, settled
from .native_records import game_over, native_record, open_record
from .screen_sizes import close_round_summary, round_over

# From the toolbar's foot to the board's top; the status's lines; the first way back beside the status.
ROOM = """() => {
  const status = document.querySelector('#game-status');
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const [said, way] = [status.getBoundingClientRect(), box('#way-on button')];
  return { room: Math.round(box('#board, .table-screen').top - box('.play-main > .toolbar').bottom),
    lines: Math.round(said.height / parseFloat(getComputedStyle(status).lineHeight)),
    besides: !status.textContent || (way.top < said.bottom && said.top < way.bottom) };
}"""


def close_outcome(page: Page) -> None:
    """The game's result, open at its end, closed as a player does to look at the board."""
    outcome = page.locator("#outcome")
    expect(outcome).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    outcome.locator("button", has_text="Close").click()
    expect(outcome).to_be_hidden()


# name -> (game, options, players, seed, stop, close, the dialog the way back opens, most room: before)
Case = tuple[str, dict[str, Any], int, int, Callable[[dict[str, Any]], bool], Callable[[Page], None], str, int]
CASES: dict[str, Case] = {
    "big-clock": ("big-clock", {"set": "double-12"}, 1, 1, game_over, close_outcome, "#outcome", 56),  # 98
    "luzon": ("luzon", {}, 1, 1, game_over, close_outcome, "#outcome", 104),  # 126: its toggle has a line
    "draw": ("draw", {"set": "double-9", "players": 4}, 4, 3, round_over, close_round_summary,
             "#round-summary", 56),  # 50
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_way_back_to_a_closed_result_keeps_to_the_status_line(phone: App, case: str) -> None:
    game, options, players, seed, stop, close, dialog, most = CASES[case]
    record, _ = native_record(game, options, players, seed, stop)
    page = phone.page
    page.set_viewport_size({"width": 360, "height": 740})
    open_record(phone, game, options, players, seed, record)
    close(page)
    expect(page.locator("#way-on button").first).to_be_visible(timeout=SCREEN_TIMEOUT_MS)  # drawn once it closed
    settled(page)
    seen = page.evaluate(ROOM)
    assert seen["room"] <= most, seen
    assert seen["besides"] and seen["lines"] <= 2, seen
    page.locator("#way-on button").last.click()  # the result, or the round's summary
    expect(page.locator(dialog)).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(dialog)).to_be_hidden()
    page.set_viewport_size({"width": 390, "height": 844})
    assert not phone.errors
