"""A table at a round's end on a phone held sideways (844 x 390, 740 x 360), its summary put away:
no end can be played any more, so the open ends keep no room round the table and the finished
table is drawn whole in its box (the draw game at 740 x 360 panned down with its last tiles cut and
a strip of empty felt above, Tiddle-A-Wink panned sideways: the room kept for the ends). A table
too large for its box even so pans: its box says so (data-more) and the cue shows at that side.
Records played natively to the round's end, imported (the gallery's tables each opened once, at
740 x 360, and turned to 844 x 390). Ten seats' column there: every line of it whole and in view, the
import's message too."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import ROOT, App, computer_speed, screenshot, until_still
from .native_records import native_record, open_record
from .screen_sizes import close_round_summary, each_size, round_over

# the table's tiles cut by its box's visible edges (the box within the viewport), the sides its box
# says it pans to, and the sides whose arrow of the cue shows inside the viewport
MEASURE = """() => {
  const box = document.querySelector('.layout-box');
  const b = box.getBoundingClientRect();
  const top = b.top + box.clientTop, left = b.left + box.clientLeft;
  const bottom = Math.min(top + box.clientHeight, innerHeight), right = Math.min(left + box.clientWidth, innerWidth);
  const cut = [...box.querySelectorAll('.layout-svg [data-key]')].map((tile) => [tile, tile.getBoundingClientRect()])
    .filter(([, r]) => r.top < top - 0.5 || r.bottom > bottom + 0.5 || r.left < left - 0.5 || r.right > right + 0.5)
    .map(([tile, r]) => `${tile.dataset.key} ${Math.round(r.top)}-${Math.round(r.bottom)} ` +
      `in ${Math.round(top)}-${Math.round(bottom)}`);
  const arrows = [...document.querySelectorAll('.pan-cue > span')].filter((s) => {
    const r = s.getBoundingClientRect();
    return getComputedStyle(s).display !== 'none' && r.width > 0 && r.top >= 0 && r.bottom <= innerHeight + 0.5;
  });
  return {cut, more: (box.dataset.more || '').split(' ').filter(Boolean),
    shown: arrows.map((s) => s.className.replace('pan-', ''))};
}"""
DRAW = ("draw", {"set": "double-9", "players": 4}, 4, 3)
TIDDLE = ("tiddle-a-wink", {"set": "double-9", "players": 10}, 10, 3)
WHOLE = {"draw": DRAW, "tiddle-a-wink": TIDDLE}  # name -> (game, options, players, seed)
SIDEWAYS = [(740, 360), (844, 390)]


def open_finished_table(app: App, game: str, options: dict[str, Any], players: int, seed: int,
                        size: tuple[int, int]) -> None:
    """The game's first round's end opened at `size`, the round's summary put away."""
    record, _ = native_record(game, options, players, seed, round_over)
    page = app.page
    computer_speed(page, "instant")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_record(app, game, options, players, seed, record)
    close_round_summary(page)
    until_still(page)


@pytest.mark.parametrize("case", list(WHOLE))
def test_a_finished_round_s_table_is_whole_in_its_box_sideways(phone: App, case: str) -> None:
    """The draw game's and Tiddle-A-Wink's first round's end, opened at 740x360 and turned to 844x390:
    no tile cut by its box's edges, and the box says it pans nowhere."""
    page = phone.page
    open_finished_table(phone, *WHOLE[case], SIDEWAYS[0])
    cut = {}
    for size in each_size(page, SIDEWAYS):
        seen = page.evaluate(MEASURE)
        if seen["cut"] != [] or seen["more"] != []:
            cut[size] = seen
    assert cut == {}, cut


def test_a_finished_table_too_large_shows_where_it_goes_on(phone: App) -> None:
    # the draw game, double-12, six seats: over in its first round with a table too large for 844 x 390
    open_finished_table(phone, "draw", {"set": "double-12", "players": 6, "target": 100}, 6, 11, (844, 390))
    seen = phone.page.evaluate(MEASURE)
    assert seen["cut"], seen  # (the case this test is for: the table goes on past its box)
    assert seen["more"] and set(seen["more"]) <= set(seen["shown"]), seen


# every part of the controls' column (the play screen's children beside the board, and the lines in them)
# not whole within the viewport, or within the column when the column scrolls; the seats' names, counts
# and scores cut; and whether a column that scrolls shows a cue
COLUMN_WHOLE = """() => {
  const board = document.querySelector('.table-screen > .table-board');
  const column = document.querySelector('.play-main');
  const c = column.getBoundingClientRect();
  const scrolls = column.scrollHeight > column.clientHeight + 1
    && /auto|scroll/.test(getComputedStyle(column).overflowY);
  const bottom = scrolls ? Math.min(innerHeight, c.top + column.clientTop + column.clientHeight) : innerHeight;
  const parts = [...column.querySelectorAll(':scope > :not(.game), .table-screen > :not(.table-board), '
    + '.toolbar > *, #seats .seat :is(.seat-name, .seat-tiles, .seat-score)')]
    .filter((e) => !e.contains(board) && getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().width > 0);
  const cut = parts.filter((e) => { const r = e.getBoundingClientRect();
    return r.top < -0.5 || r.bottom > bottom + 0.5 || r.right > board.getBoundingClientRect().left + 0.5
      || e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1; })
    .map((e) => { const r = e.getBoundingClientRect();
      return `${e.id || e.className} ${Math.round(r.top)}-${Math.round(r.bottom)} `
        + `(${e.clientHeight}/${e.scrollHeight}) of ${Math.round(bottom)}`; });
  return {cut, scrolls};
}"""


@pytest.mark.screenshots
def test_ten_seats_column_is_whole_at_a_round_s_end_sideways(phone: App) -> None:
    """Tiddle-A-Wink's ten seats at a round's end held sideways (opened at 740x360 and turned to
    844x390), after an import: every line of the slim column whole and in view (the last move was
    squeezed and the messages line ran off the bottom at 740x360; the import's message was cut at
    844x390), the seats' names, counts and scores too."""
    page = phone.page
    open_finished_table(phone, *TIDDLE, SIDEWAYS[0])
    cut = {}
    for size in each_size(page, SIDEWAYS):
        seen = page.evaluate(COLUMN_WHOLE)
        screenshot(page, ROOT / "test-results" / "fit" / f"tiddle-a-wink-round-end-{size}.png")
        if seen["cut"] != []:
            cut[size] = seen
    assert cut == {}, cut
