"""A table late in a hand on a phone held upright uses the room its box has: a long arm on one
side of the first tile is not crowded into half the table while the other half stays empty, so
the layout fits its box (no pan cue) with tiles at least 20 px a half, the legend of its marks under
it. The draw game (double-9, four seats) and Matador (eight seats), two moves before the hand's end
(records played natively, imported)."""

from __future__ import annotations

import pytest

from .conftest import App, computer_speed, until_still
from .screen_sizes import round_over
from .test_phone import open_record, record_until

LAYOUT = """() => { const box = document.querySelector('.layout-box');
  return {unit: Number(box.dataset.unit), fits: box.dataset.fits, more: box.dataset.more || ''}; }"""
CASES = {  # name -> (game, options, players, seed, viewport): where the table panned with room left
    "matador-360": ("matador", {"set": "double-9", "players": 8}, 8, 7, (360, 740)),
    "matador-360-b": ("matador", {"set": "double-9", "players": 8}, 8, 5, (360, 740)),
    "draw-390": ("draw", {"set": "double-9", "players": 4}, 4, 5, (390, 844)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_late_table_fits_its_box_upright(phone: App, case: str) -> None:
    game, options, players, seed, (width, height) = CASES[case]
    _, last = record_until(game, options, players, seed, round_over)
    late = last["moves"] - 2
    record, _ = record_until(game, options, players, seed,
                             lambda v: (v["moves"] >= late and v["to_move"] == 0) or round_over(v))
    page = phone.page
    computer_speed(page, "instant")
    page.set_viewport_size({"width": width, "height": height})
    open_record(phone, game, options, players, seed, record)
    until_still(page)
    layout = page.evaluate(LAYOUT)
    assert layout["fits"] == "true" and layout["more"] == "", layout
    assert layout["unit"] >= 22, layout  # a tile at least 20 px a half
