"""A table game's dialogs on a phone held sideways (844x390), as the gallery's games end:
the draw game's end (double-9, four players, five rounds) shows its headline, every player's row,
the whole score sheet and the buttons with nothing to scroll (the sheet scrolled in a box five rows
high), and Matador's blocked round (eight players) that ends the game says its sum in two lines at
most, each hand's count in the players' table (written term by term it ran four lines), and turned
upright says it term by term again. On the shorter phones held sideways (667x375, 740x340) that
dialog shows the result at once: nothing to scroll, every player's row whole, each hand's tiles in a
line or two (an eleven-tile hand took four lines of three) and the buttons in one row, in their
shorter words (each keeps its name; they took two rows, a third of the dialog). Where the sheet's box
cannot shrink with its place (Firefox ESR 140), ten players' game end keeps the sheet within it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .conftest import ROOT, SCREEN_TIMEOUT_MS, App, settled, shoot, styled, until_still
from .native_records import game_over, native_record, open_record
from .page_measures import ROWS_AND_LINES, ROWS_IN_VIEW, SHEET_FIT, SUMMARY_PROBLEMS
from .screen_sizes import each_size, resize

SHOTS = ROOT / "test-results" / "phone"  # beside test_phone's
SIDEWAYS = (844, 390)
SHORTER = [(667, 375), (740, 340)]  # phones held sideways, shorter and narrower
SHEET_IN_VIEW = """() => {
  const dialog = document.querySelector('#round-summary');
  const box = dialog.querySelector('.score-sheet-scroll');
  const b = box.getBoundingClientRect();
  const cut = [...box.querySelectorAll('tr')].filter((row) => { const r = row.getBoundingClientRect();
    return r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5 || r.bottom > innerHeight; }).map((row) => row.textContent);
  return {rows: box.querySelectorAll('tr').length, cut, scroll: [box.scrollHeight, box.clientHeight],
          dialog: [dialog.scrollHeight, dialog.clientHeight]};
}"""
SUM_LINES = """() => {
  const words = document.querySelector('#summary-arithmetic');
  const counts = [...document.querySelectorAll('#round-summary .summary-table tbody tr')].map((row) =>
    row.querySelector('.summary-count')?.textContent ?? null);
  return {lines: words.getBoundingClientRect().height / parseFloat(getComputedStyle(words).lineHeight),
          text: words.textContent, head: document.querySelector('#round-summary thead .summary-count')?.textContent,
          counts};
}"""


def opened_sideways(phone: App, game: str, options: dict[str, Any], players: int, seed: int,
                    record: dict[str, Any]) -> None:
    """The record imported at 844x390 by touch, its dialog open and settled."""
    resize(phone, SIDEWAYS)
    open_record(phone, game, options, players, seed, record)
    expect(phone.page.locator("#round-summary")).to_have_attribute("open", "", timeout=SCREEN_TIMEOUT_MS)
    settled(phone.page)
    until_still(phone.page)


def test_the_draw_games_end_shows_the_whole_score_sheet_held_sideways(phone: App) -> None:
    options = {"set": "double-9", "players": 4}
    record, view = native_record("draw", options, 4, 3, game_over)
    assert len(view["rounds"]) >= 5, view["rounds"]  # the gallery's game: five rounds to its end
    opened_sideways(phone, "draw", options, 4, 3, record)
    page = phone.page
    problems = page.evaluate(SUMMARY_PROBLEMS)
    rows = page.evaluate(ROWS_IN_VIEW)
    sheet = page.evaluate(SHEET_IN_VIEW)
    shoot(page, SHOTS / "draw-end-double-9-4-seats-844x390")
    page.keyboard.press("Escape")
    assert not problems, problems
    assert len(rows) == 5 and all(r["inView"] for r in rows), rows
    # a heading row, one row a round and the total: every one in view, nothing scrolls
    assert sheet["rows"] == len(view["rounds"]) + 2 and not sheet["cut"], sheet
    assert sheet["scroll"][0] <= sheet["scroll"][1] + 1 and sheet["dialog"][0] <= sheet["dialog"][1] + 1, sheet
    assert not phone.errors


def test_a_blocked_matador_round_says_its_sum_in_two_lines_held_sideways(phone: App) -> None:
    options = {"set": "double-9", "players": 8}
    record, view = native_record("matador", options, 8, 3,
                                 lambda v: bool((v.get("round") or {}).get("over") or v.get("outcome")))
    last = view["last_round"]
    terms = last["score"]["terms"]
    minus = {t["minus"] for t in terms}
    assert len(terms) == 7 and len(minus) == 1 and None not in minus, last["score"]  # each hand less the winner's pips
    opened_sideways(phone, "matador", options, 8, 3, record)
    page = phone.page
    problems = page.evaluate(SUMMARY_PROBLEMS)
    rows = page.evaluate(ROWS_IN_VIEW)
    said = page.evaluate(SUM_LINES)
    wide = page.evaluate(ROWS_AND_LINES)
    shoot(page, SHOTS / "matador-blocked-8-seats-844x390")
    shorter = {}
    for size in each_size(page, SHORTER):
        shoot(page, SHOTS / f"matador-blocked-8-seats-{size}")
        shorter[size] = {"problems": page.evaluate(SUMMARY_PROBLEMS), "rows": page.evaluate(ROWS_IN_VIEW),
                         **page.evaluate(ROWS_AND_LINES)}
    # the phone turned upright with the summary open: its words and table follow, term by term and
    # without the "Less" column (they kept the sideways ones)
    resize(phone, (390, 844))
    turned = page.evaluate("""() => ({less: document.querySelectorAll('#round-summary .summary-count').length,
      terms: document.querySelectorAll('#summary-arithmetic .term').length})""")
    page.keyboard.press("Escape")
    assert turned == {"less": 0, "terms": 7}, turned
    assert not problems, problems
    assert len(rows) == 9 and all(r["inView"] for r in rows), rows
    assert said["lines"] <= 2.05, said
    # each hand's count beside its pips, under "Less 21"; the winner's row has none
    counts = {t["seat"]: str(t["value"]) for t in terms}
    assert said["head"] == f"Less {minus.pop()}", said
    assert said["counts"] == [counts.get(seat, "") for seat in range(8)], said
    assert f" {last['score']['total']} points" in said["text"], said
    # at 844x390 the buttons in one row say their whole words; shorter, their short words, each named by its whole ones
    assert wide["buttonRows"] == 1 and wide["said"] == wide["names"], wide
    hands = {len(tiles) for tiles in last["hands"]}
    assert max(hands) >= 10, hands  # (the case: a hand of ten tiles or more)
    for size, seen in shorter.items():
        assert not seen["problems"] and not seen["scrolls"], (size, seen)
        assert len(seen["rows"]) == 9 and all(r["inView"] for r in seen["rows"]), (size, seen["rows"])
        assert all(hand["lines"] <= 2 for hand in seen["hands"]), (size, seen["hands"])
        assert seen["buttonRows"] == 1 and seen["names"] == wide["names"], (size, seen)
        shorter_words = zip(seen["said"], seen["names"], strict=True)
        assert all(len(short) < len(name) for short, name in shorter_words), (size, seen)
    assert not phone.errors


# a <details>' content that does not shrink with it, as in Firefox ESR 140 (no `::details-content`)
CONTENT_UNSHRINKING = ("#round-summary > .sheet-box::details-content"
                       " { flex: none !important; min-height: auto !important; }")


def test_ten_players_sheet_stays_in_its_place_where_its_box_cannot_shrink(phone: App) -> None:
    """Where a <details>' content does not shrink with it (Firefox ESR 140), ten players' game end keeps
    its score sheet within its place, scrolled to its latest rounds, its total row above the buttons,
    held sideways (844x390, 740x340) and upright (390x844): the sheet is given its place's height
    (score_sheet.js fittedToPlace). Without it Firefox ran the total row under the buttons."""
    options = {"set": "double-9", "players": 10}
    record, view = native_record("tiddle-a-wink", options, 10, 3, game_over)
    assert len(view["rounds"]) >= 4, view["rounds"]  # (the case: a sheet taller than its place)
    page = phone.page
    with styled(page, CONTENT_UNSHRINKING):
        opened_sideways(phone, "tiddle-a-wink", options, 10, 3, record)
        seen = {size: page.evaluate(SHEET_FIT) for size in each_size(page, [SIDEWAYS, (740, 340), (390, 844)])}
        page.keyboard.press("Escape")
    for size, fit in seen.items():
        assert fit["pastPlace"] <= 1 and fit["fromEnd"] <= 1 and fit["totalUnderButtons"] <= 1, (size, fit)
    assert not phone.errors
