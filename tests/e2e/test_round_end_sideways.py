"""A table at a round's end on a phone held sideways (844 x 390, 740 x 360), its summary put away:
no end can be played any more, so the open ends keep no room round the table and the finished
table is drawn whole in its box (the draw game at 740 x 360 panned down with its last tiles cut and
a strip of empty felt above, Tiddle-A-Wink panned sideways: the room kept for the ends). A table
too large for its box even so pans: its box says so (data-more) and the cue shows at that side.
Records played natively to the round's end (the gallery's tables), imported."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import App, computer_speed, until_still
from .screen_sizes import close_round_summary, round_over
from .test_phone import open_record, record_until

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
WHOLE = {  # name -> (game, options, players, seed, viewport)
    "draw-740": (*DRAW, (740, 360)),
    "tiddle-a-wink-740": (*TIDDLE, (740, 360)),
    "draw-844": (*DRAW, (844, 390)),
    "tiddle-a-wink-844": (*TIDDLE, (844, 390)),
}


def finished_table(app: App, game: str, options: dict[str, Any], players: int, seed: int, size: tuple[int, int]) -> Any:
    """What MEASURE sees of the game's table at its first round's end, the round's summary put away."""
    record, _ = record_until(game, options, players, seed, round_over)
    page = app.page
    computer_speed(page, "instant")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_record(app, game, options, players, seed, record)
    close_round_summary(page)
    until_still(page)
    return page.evaluate(MEASURE)


@pytest.mark.parametrize("case", list(WHOLE))
def test_a_finished_round_s_table_is_whole_in_its_box_sideways(phone: App, case: str) -> None:
    game, options, players, seed, size = WHOLE[case]
    seen = finished_table(phone, game, options, players, seed, size)
    assert seen["cut"] == [] and seen["more"] == [], seen


def test_a_finished_table_too_large_shows_where_it_goes_on(phone: App) -> None:
    # the draw game, double-12, six seats: over in its first round with a table too large for 844 x 390
    seen = finished_table(phone, "draw", {"set": "double-12", "players": 6, "target": 100}, 6, 11, (844, 390))
    assert seen["cut"], seen  # (the case this test is for: the table goes on past its box)
    assert seen["more"] and set(seen["more"]) <= set(seen["shown"]), seen
