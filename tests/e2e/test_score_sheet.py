"""The score sheet of the table games: one row per finished round from the view's
`rounds` (pips left per seat, who won, points, running totals), in the side panel (the "More"
menu on a phone) and in the round summary with the last round's hands drawn large enough to read."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.engine.helpers import call

from .conftest import (
    ROOT,
    SCREEN_TIMEOUT_MS,
    App,
    box_of,
    follow_link,
    import_answered,
    play_a_move,
    record_file,
    screenshot,
    settled,
)
from .native_records import native_record
from .page_measures import HEADLINE_IN_VIEW, LAST_ROW_IN_VIEW

SEATS = ["human", "ai:easy", "ai:easy"]
OPTIONS = {"set": "double-6", "players": 3, "target": 150}


def record_after_rounds(rounds: int, seed: int = 3) -> tuple[dict[str, Any], dict[str, Any]]:
    """(record, view) of a draw game played natively by the easy computer for every seat until
    `rounds` rounds are over, stopped at the end of that round (its summary is due); the view the
    person's (seat 0), from the record loaded."""
    record, _ = native_record("draw", OPTIONS, len(SEATS), seed, lambda view: bool(
        (view.get("round") or {}).get("over") and len(view.get("rounds") or []) >= rounds), person=None, most=2000,
        must_reach=False)
    loaded = call(op="load", record=record, seat=0)
    call(op="close", session=loaded["session"])
    return record, loaded["view"]


def load(app: App, record: dict[str, Any]) -> None:
    page = app.page
    screen = page.locator("#table-screen[data-session]")
    old = screen.get_attribute("data-session") if screen.count() else None
    follow_link(app, f"#/play/draw?deal=1&set=double-6&players=3&target=150&seats={','.join(SEATS)}")
    expect(screen).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    if old:  # the link's new game, not the table the test before left on screen
        expect(screen).not_to_have_attribute("data-session", old, timeout=SCREEN_TIMEOUT_MS)
    # the computers' opening moves made (the game in progress): the import asks first, and replaces it
    expect(page.locator("#turn[data-whose=you]")).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    settled(page)
    import_answered(page, record_file(record, "sheet.json"), f"#table-screen[data-moves='{len(record['moves'])}']")


def sheet_rows(page: Page, scope: str) -> list[list[str]]:
    answer: list[list[str]] = page.eval_on_selector_all(
        f"{scope} .score-sheet tbody tr",
        "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.getAttribute('aria-label')))")
    return answer


def test_score_sheet_rows_match_the_rounds(app: App) -> None:
    page = app.page
    record, view = record_after_rounds(3)
    rounds = view["rounds"]
    assert len(rounds) >= 3
    load(app, record)
    # the round summary shows the sheet, every round, and the last round's hands at a readable size
    dialog = page.locator("#round-summary")
    expect(dialog).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    expect(dialog.locator(".score-sheet tbody tr")).to_have_count(len(rounds))
    names = ["You", *[page.locator(f'.seat[data-seat="{i}"] .seat-name').inner_text().strip() for i in (1, 2)]]
    for row, round_ in zip(sheet_rows(page, "#round-summary"), rounds, strict=True):
        for seat, label in enumerate(row):
            assert label.startswith(names[seat]), (label, names)
            pips, points = round_["pips"][seat], round_["points"][seat]
            assert f"{pips} pip{'' if pips == 1 else 's'} left" in label
            assert f"{points} point{'' if points == 1 else 's'}, total {round_['scores'][seat]}" in label
            assert ("won the round" in label) == (round_["winner"] == seat)
    winners = dialog.locator(".score-sheet td.sheet-winner")
    expect(winners).to_have_count(sum(1 for r in rounds if r["winner"] is not None))
    totals = dialog.locator(".score-sheet tfoot td").all_inner_texts()
    assert totals == [str(s) for s in view["scores"]]
    minis = dialog.locator(".mini-tile")
    if minis.count():
        box = box_of(minis.first)
        assert box and box["width"] >= 20 and box["height"] >= 40
    dialog.locator("#next-round").click()
    # the side panel keeps the sheet during the next round
    expect(page.locator("#sheet-box .score-sheet tbody tr")).to_have_count(len(rounds), timeout=SCREEN_TIMEOUT_MS)
    assert not app.errors


@pytest.mark.screenshots
def test_score_sheet_on_a_phone(app: App) -> None:
    page = app.page
    record, view = record_after_rounds(2, seed=8)
    load(app, record)
    expect(page.locator("#round-summary")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    page.locator("#round-summary #next-round").click()
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        page.click(".more-button")
        page.locator("#sheet-box > summary").click()
        table = page.locator("#sheet-box .score-sheet")
        expect(table).to_be_visible()
        expect(table.locator("tbody tr")).to_have_count(len(view["rounds"]))
        box = box_of(page.locator("#sheet-box .score-sheet-scroll"))
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360
        size = page.eval_on_selector("#sheet-box .sheet-detail", "e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 11.5
        screenshot(page, ROOT / "test-results" / "fit" / "score-sheet-360x740.png")
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
    assert not app.errors


@pytest.mark.parametrize("size", [(1280, 600), (844, 390)])
def test_a_long_sheet_opens_at_its_latest_rounds(app: App, size: tuple[int, int]) -> None:
    """A game long enough that its sheet scrolls opens the sheet at the latest rounds, the total row
    in view (it opened at round 1), in the round summary and in the side panel; the summary opens on
    its round's words, under its title (it scrolled them under the title to bring the sheet up,
    where its buttons covered it)."""
    page = app.page
    record, view = record_after_rounds(9, seed=5)
    rounds = view["rounds"]
    assert len(rounds) >= 9
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        load(app, record)
        dialog = page.locator("#round-summary")
        expect(dialog.locator(".score-sheet tbody tr")).to_have_count(len(rounds), timeout=SCREEN_TIMEOUT_MS)
        seen = page.evaluate(LAST_ROW_IN_VIEW, "#round-summary")
        assert seen["scrolls"] and seen["whole"], seen  # the sheet does not fit: a box around it scrolls
        words = page.evaluate(HEADLINE_IN_VIEW)
        assert words["whole"], words
        dialog.locator("#next-round").click()
        expect(dialog).to_be_hidden(timeout=SCREEN_TIMEOUT_MS)
        if page.locator(".more-button").is_visible():
            page.click(".more-button")
        page.locator("#sheet-box > summary").click()
        expect(page.locator("#sheet-box .score-sheet tbody tr")).to_have_count(len(rounds), timeout=SCREEN_TIMEOUT_MS)
        settled(page)  # the sheet is scrolled once its box has a size (a frame after it is unfolded)
        seen = page.evaluate(LAST_ROW_IN_VIEW, "#sheet-box")
        assert seen["scrolls"] and seen["whole"], seen
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
    assert not app.errors


def test_the_game_s_end_opens_its_sheet_at_the_latest_rounds(app: App) -> None:
    """The game's end held sideways (its sheet scrolls in the dialog's room): the last round's row in view."""
    page = app.page
    record, view = record_after_rounds(99, seed=5)  # to the game's end
    assert view["outcome"], view
    page.set_viewport_size({"width": 844, "height": 390})
    try:
        load(app, record)
        scope = "dialog[open][data-kind=game-over]"
        expect(page.locator(f"{scope} .score-sheet tbody tr")).to_have_count(len(view["rounds"]),
                                                                           timeout=SCREEN_TIMEOUT_MS)
        seen = page.evaluate(LAST_ROW_IN_VIEW, scope)
        assert seen["scrolls"] and seen["whole"], seen
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
    assert not app.errors


# where each box around the side panel's sheet (and the page) is scrolled to
SCROLLED = """() => {
  const boxes = [];
  for (let e = document.querySelector('#sheet-box'); e; e = e.parentElement) {
    if (e.scrollHeight > e.clientHeight + 1) boxes.push(e.scrollTop);
  }
  return {page: scrollY, boxes};
}"""


def test_a_move_made_with_the_sheet_open_never_moves_the_page(app: App) -> None:
    """The side panel's sheet open on a long game, the page scrolled back to its top: a move made
    redraws the sheet, which keeps its latest rounds in its own box and never scrolls the page or
    the panel to its total row (it brought the total into view again at every redraw)."""
    page = app.page
    record, _ = record_after_rounds(9, seed=5)
    page.set_viewport_size({"width": 1280, "height": 600})
    try:
        load(app, record)
        page.locator("#round-summary #next-round").click()
        expect(page.locator("#round-summary")).to_be_hidden(timeout=SCREEN_TIMEOUT_MS)
        page.locator("#sheet-box > summary").click()
        settled(page)  # the person's turn: the computers have played
        page.evaluate("""() => { scrollTo(0, 0);
          for (let e = document.querySelector('#sheet-box'); e; e = e.parentElement) e.scrollTop = 0; }""")
        before = page.evaluate(SCROLLED)
        assert before["page"] == 0 and not any(before["boxes"]), before
        moves = page.locator("#table-screen").get_attribute("data-moves")
        play_a_move(page)
        expect(page.locator("#table-screen")).not_to_have_attribute("data-moves", str(moves), timeout=SCREEN_TIMEOUT_MS)
        settled(page)
        assert page.evaluate(SCROLLED) == before
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
    assert not app.errors
