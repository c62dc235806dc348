"""A phone held sideways (844x390): the controls' column is slim, so the board gets the room (it
took about 300 of 844 px): the board starts within the screen's first 260 px, the toolbar keeps to
two rows inside the column (Clock's, with two buttons more, three), and every seat is in view two
a line, its name, tile count and score whole (a table of eight seats too, and of ten: its five lines of
seats kept a column of 36%, the board starting at 320 px); Round The Clock's status line keeps to two lines there;
the coach's replay bar is whole in its column, at 844x390 and on narrower phones."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .coach_records import finished_record, load_with_record, open_coach_from_result
from .conftest import SCREEN_TIMEOUT_MS, App, computer_speed, follow_link, until_still
from .native_records import native_record, open_record
from .screen_sizes import each_size

COLUMN = """() => {
  const board = document.querySelector('.play-main > #board, .table-screen > .table-board');
  const toolbar = document.querySelector('.play-main > .toolbar');
  const shown = [...toolbar.children].filter((b) => b.getBoundingClientRect().width > 0);
  const rows = new Set(shown.map((b) => Math.round(b.getBoundingClientRect().top)));
  const t = toolbar.getBoundingClientRect();
  const outside = shown.filter((b) => { const r = b.getBoundingClientRect();
    return r.left < t.left - 0.5 || r.right > t.right + 0.5; }).map((b) => b.textContent);
  const seats = [...document.querySelectorAll('#seats .seat')];
  const out = (r) => r.width < 1 || r.left < -0.5 || r.top < -0.5 || r.bottom > innerHeight + 0.5
    || r.right > board.getBoundingClientRect().left;
  // a seat, or its name, tile count or score, off the screen, under the board or cut short (an ellipsis)
  const hidden = seats.filter((s) => out(s.getBoundingClientRect())
    || [...s.querySelectorAll('.seat-name, .seat-tiles, .seat-score')].some((p) =>
      out(p.getBoundingClientRect()) || p.scrollWidth > p.clientWidth + 1)).map((s) => s.dataset.seat);
  const lines = new Set(seats.map((s) => Math.round(s.getBoundingClientRect().top))).size;
  return {boardLeft: board.getBoundingClientRect().left, rows: rows.size, outside, hidden, seats: seats.length, lines};
}"""
LINKS = {  # name -> (link, the toolbar's rows at most: Clock has two buttons more, Turn and Play to the end)
    "draw-4": ("#/play/draw?deal=3&set=double-9&players=4&seats=human,ai:easy,ai:easy,ai:easy", 2),
    "matador-8": ("#/play/matador?deal=3&set=double-9&players=8&seats=human" + ",ai:easy" * 7, 2),
    "tiddle-10": ("#/play/tiddle-a-wink?deal=3&set=double-9&players=10&seats=human" + ",ai:easy" * 9, 2),
    "clock": ("#/play/clock?deal=1&exchange=true", 3),
}


@pytest.mark.parametrize("game", list(LINKS))
def test_the_controls_column_is_slim_held_sideways(phone: App, game: str) -> None:
    page = phone.page
    page.set_viewport_size({"width": 844, "height": 390})
    computer_speed(page, "instant")
    link, rows = LINKS[game]
    follow_link(phone, link)
    expect(page.locator("[data-moves]").first).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(".game.busy")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    column = page.evaluate(COLUMN)
    computer_speed(page, None)
    assert column["boardLeft"] <= 260, column
    assert column["rows"] <= rows and not column["outside"], column
    assert not column["hidden"], column
    if column["seats"]:
        assert column["lines"] == (column["seats"] + 1) // 2, column


COACH_SEATS = """() => {
  const seats = [...document.querySelectorAll('#coach-board .seats .seat')];
  const out = (r) => r.width < 1 || r.left < -0.5 || r.top < -0.5
    || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5;
  const hidden = seats.filter((s) => [s, ...s.querySelectorAll('.seat-name, .seat-tiles, .seat-score')].some((p) =>
    out(p.getBoundingClientRect()) || p.scrollWidth > p.clientWidth + 1)).map((s) => s.dataset.seat);
  const lines = new Set(seats.map((s) => Math.round(s.getBoundingClientRect().top))).size;
  const box = document.querySelector('#coach-board .layout-box').getBoundingClientRect();
  return {seats: seats.length, lines, hidden, layoutHeight: box.height};
}"""


# the replay's bar's controls in the coach's column that reach past the bar (the column's width) or
# whose points (the two ends and middle) are under something else (the board, held in view beside the
# column) or off the screen
REPLAY_BAR_COVERED = """() => {
  const bar = document.querySelector('.coach-bar').getBoundingClientRect();
  return [...document.querySelectorAll('.coach-bar > *')].flatMap((part) => {
    const r = part.getBoundingClientRect();
    const y = r.top + r.height / 2;
    const name = part.textContent || part.type;
    return [...(r.right > bar.right + 0.5 ? [`${name} past the bar's ${Math.round(bar.right)}`] : []),
      ...[r.left + 4, r.left + r.width / 2, r.right - 4].filter((x) => {
        const top = x < 0 || x > innerWidth || y < 0 || y > innerHeight ? null : document.elementFromPoint(x, y);
        return !top || !part.contains(top);
      }).map((x) => `${name} at ${Math.round(x)}`)];
  });
}"""


def test_the_coachs_seats_over_its_board_held_sideways(app: App) -> None:
    """The coach of a ten-seat game on a phone held sideways: its seat strip, over the board and as
    wide as it, shows every seat's name, tile count and score in two lines (it took five, two seats a
    line as in the play screen's slim column, the board's table under them squeezed to a strip); the
    replay's buttons and slider whole in the column there and on narrower phones (740x340, 667x320: the
    last button went under the board, in half and whole)."""
    seats = ["human"] + ["ai:easy"] * 9
    record = finished_record("tiddle-a-wink", {"set": "double-9", "players": 10}, 3, seats)
    page = app.page
    page.set_viewport_size({"width": 844, "height": 390})
    try:
        load_with_record(app, "tiddle-a-wink", record, "?deal=3&set=double-9&players=10&seats=" + ",".join(seats),
                      "#table-screen")
        open_coach_from_result(app)
        expect(page.locator("#coach-board .seats .seat")).to_have_count(10, timeout=SCREEN_TIMEOUT_MS)
        until_still(page)
        seen = page.evaluate(COACH_SEATS)
        covered = {size: found for size in each_size(page, [(844, 390), (740, 340), (667, 320)])
                   if (found := page.evaluate(REPLAY_BAR_COVERED))}
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
    assert seen["lines"] <= 2 and not seen["hidden"], seen
    assert covered == {}, covered


STATUS_LINES = """() => {
  const info = document.querySelector('#table-info');
  const phase = info.querySelector('.table-phase');
  const line = parseFloat(getComputedStyle(info).lineHeight);
  return {lines: info.getBoundingClientRect().height / line, text: info.textContent,
          phaseLines: phase ? phase.getBoundingClientRect().height / line : null};
}"""


@pytest.mark.parametrize("players, phase", [(2, "tile"), (2, "double"), (4, "double")])
def test_round_the_clocks_status_line_keeps_to_two_lines_held_sideways(phone: App, players: int, phase: str) -> None:
    """Round The Clock's status line in the slim column: the round's facts (a boneyard of 14 at two
    players) on one line, the phase's words whole on the next (they took three lines)."""
    options = {"set": "double-6", "players": players}
    record, view = native_record("round-the-clock", options, players, 3,  # the person's turn: the screen waits
                                 lambda v: v["moves"] >= 1 and v["to_move"] == 0 and v["phase"]["name"] == phase)
    page = phone.page
    page.set_viewport_size({"width": 844, "height": 390})
    computer_speed(page, "instant")
    open_record(phone, "round-the-clock", options, players, 3, record)
    expect(page.locator("#table-info")).to_contain_text(view["phase"]["text"], timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    status = page.evaluate(STATUS_LINES)
    computer_speed(page, None)
    assert status["lines"] <= 2.05, status
    assert status["phaseLines"] is not None and status["phaseLines"] <= 1.05, status  # the phase's words whole
    assert f"boneyard: {view['stock']} tiles" in status["text"], status
