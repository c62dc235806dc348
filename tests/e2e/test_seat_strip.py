"""The biggest tables on a phone held either way and a desktop: at 360x740, 390x844, 844x390 and
1280x800, every seat's name, tile count and score are in view at once (not scrolled away, not
covered, not cut), the status line and the last move too, and the table's tiles are at least 20 px
a half, edge included (a desktop's hand tiles at least 44 px wide). Tiddle-A-Wink at ten seats,
Matador at eight, the draw game at six and at four (double-9), each well into its first round and
at its end, the round's summary closed (records of deal 3 played natively, imported: the
round's end over the first round's table)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App, computer_speed
from .native_records import import_record, native_record, open_record
from .screen_sizes import close_round_summary, each_size, round_over
from .table_play import MANY_SEATS

pytestmark = pytest.mark.motion  # the seat strip following the turns as tiles fly (conftest.with_motion)

HAND_WIDTH = "() => Math.min(...[...document.querySelectorAll('#hand .hand-tile')].map((t) => t.offsetWidth))"
IN_VIEW = """() => {
  const seen = (el) => {  // in the viewport, and what is drawn at its middle is itself (not covered, not scrolled away)
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(hit && (el === hit || el.contains(hit)));
  };
  const cut = (el) => el.scrollWidth > el.clientWidth + 1;  // an ellipsis: the text does not fit
  const problems = [];
  const seats = [...document.querySelectorAll('#seats .seat')];
  for (const seat of seats) {
    const name = seat.dataset.seat;
    for (const part of seat.querySelectorAll('.seat-name, .seat-tiles, .seat-score')) {
      if (!seen(part)) problems.push(`seat ${name}: ${part.className} not in view`);
    }
    const card = seat.getBoundingClientRect();
    for (const part of seat.querySelectorAll('.seat-name, .seat-tiles, .seat-score')) {
      const r = part.getBoundingClientRect();
      if (cut(part) || r.left < card.left - 0.5 || r.right > card.right + 0.5)
        problems.push(`seat ${name}: ${part.className} cut`);
    }
  }
  for (const id of ['turn', 'table-info', 'last-move']) {
    const el = document.getElementById(id);
    if (!el || !el.textContent.trim()) problems.push(`#${id} empty`);
    else if (!seen(el)) problems.push(`#${id} not in view`);
    else if (cut(el)) problems.push(`#${id} cut short`);
  }
  // a tile's box as drawn, its edge included (its face's box is 94% of it): its short side in px
  const layout = document.querySelector('.layout-svg');
  const scale = layout.getBoundingClientRect().width / layout.viewBox.baseVal.width;
  const halves = [...layout.querySelectorAll('[data-placed]')].map((t) =>
    Math.min(t.width.baseVal.value, t.height.baseVal.value) * scale);
  const least = Math.min(...halves);
  if (!(least >= 19.5)) problems.push(`a table tile ${least.toFixed(1)} px a half`);
  return {problems, seats: seats.length, tiles: halves.length};
}"""


@pytest.mark.parametrize("table", list(MANY_SEATS))
def test_every_seat_the_status_and_the_last_move_in_view_and_tiles_readable(phone: App, table: str) -> None:
    """Both moments of the table's deal on one opening of it: well into the first round, then the
    round's end imported over it (each problem named by its moment and size)."""
    game, options, players = MANY_SEATS[table]

    def mid_round(view: dict[str, Any]) -> bool:
        return bool(view["moves"] >= 3 * players and view["to_move"] == 0)

    page = phone.page
    computer_speed(page, "instant")
    found = {}
    for when, stop in (("mid-round", mid_round), ("round-end", round_over)):
        record, _ = native_record(game, options, players, 3, stop)
        page.set_viewport_size({"width": 390, "height": 844})
        if when == "mid-round":
            open_record(phone, game, options, players, 3, record)
        else:  # the same deal, its round's end: imported over it
            import_record(phone, record)
        expect(page.locator("#seats .seat")).to_have_count(players, timeout=SCREEN_TIMEOUT_MS)
        if when == "round-end":  # the round's summary, closed: the table as the round left it
            close_round_summary(page)
        for size in each_size(page):
            result = page.evaluate(IN_VIEW)
            assert result["seats"] == players and result["tiles"] > 3, (when, size, result)
            if size == "1280x800":  # a desktop's hand: tiles as large as a finger's, not the old 40 px
                hand = page.evaluate(HAND_WIDTH)
                if hand < 44:
                    result["problems"].append(f"hand tiles {hand} px wide")
            if result["problems"]:
                found[f"{when} {size}"] = result["problems"]
    assert found == {}


# every card's figures at their widest (two-figure tile counts, three-figure scores), in the page's own
# drawing (a resize draws the cards again: set after each); IN_VIEW's reads lay the page out anew
WIDEST_FIGURES = """() => {
  for (const seat of document.querySelectorAll('#seats .seat')) {
    seat.querySelector('.seat-score').firstChild.textContent = '132';
    seat.querySelector('.seat-tiles').childNodes[1].textContent = ' 11';
  }
}"""


def test_three_seats_with_three_figure_scores_keep_every_name_and_score_whole(phone: App) -> None:
    """Matador's three seats on a phone's compact strip, each card at its widest (11 tiles, 132 points),
    the person's seat to move (its ▶ before the name): at each size every name, tile count and score
    whole; the word "pts" gives way first where the card is too narrow for it (the points' box shows
    the number, its word out of sight), not the name ("▶ Y…" before) nor the points ("132 pt")."""
    page = phone.page
    computer_speed(page, "instant")
    record, _ = native_record("matador", {}, 3, 3, lambda view: bool(view["to_move"] == 0 and view["moves"] >= 3))
    open_record(phone, "matador", {}, 3, 3, record)
    expect(page.locator("#seats .seat.to-move[data-seat='0'] .turn-mark")).to_have_count(1, timeout=SCREEN_TIMEOUT_MS)
    found = {}
    for size in each_size(page):
        page.evaluate(WIDEST_FIGURES)
        shown = page.evaluate("() => [...document.querySelectorAll('#seats .seat-score')].map((s) => s.textContent)")
        assert shown == ["132 pts"] * 3, (size, shown)  # (the widest figures drawn)
        result = page.evaluate(IN_VIEW)
        if result["problems"]:
            found[size] = result["problems"]
    assert found == {}
