"""The Big Clock (double-12) at the game's end on a phone (issue 34): every tile on screen, the
dial's and the set-aside's, at least 20 px a half and in view (the set-aside tiles were 18 px a half
held upright, out of view in a scrolling column held sideways; the doubles home standing upright 17.6
px), and the line of doubles home short (naming every double in trouble it ran to three lines
upright, six sideways). The position comes from a record made natively and imported."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .conftest import SCREEN_TIMEOUT_MS, App, box_of, styled, until_still
from .native_records import Midgame, game_over, native_record, open_record
from .screen_sizes import each_size, resize

PHONES = [(360, 740), (390, 844), (844, 390)]
MIN_HALF_PX = 20

# Every tile of the board: its half (a lying tile's height, a standing one's width), whether it is
# whole in the viewport and in the board's box (not a scroll away); the line of doubles home's lines.
LOOK = """() => {
  const board = document.querySelector('#board');
  const box = board.getBoundingClientRect();
  const inside = (r, o) => r.top >= o.top - 0.5 && r.left >= o.left - 0.5 &&
    r.bottom <= o.bottom + 0.5 && r.right <= o.right + 0.5;
  const view = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
  const tiles = [...board.querySelectorAll('svg.domino')].map((svg) => {
    const r = svg.getBoundingClientRect();
    return { tile: svg.closest('[data-tile]')?.dataset.tile ?? '?',
      where: svg.closest('.bc-mini') ? 'set aside' : 'dial',
      half: svg.classList.contains('vertical') ? r.width : r.height, seen: inside(r, view) && inside(r, box) };
  });
  const range = document.createRange();
  range.selectNodeContents(board.querySelector('.bc-homes'));
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  return { tiles, lines, minis: board.querySelectorAll('.bc-mini').length };
}"""


def games_end(phone: App, seed: int) -> int:
    """The double-12 deal `seed` played to its end natively, opened here, its result closed as a player
    does to look at the board: the count of tiles set aside."""
    options = {"set": "double-12"}
    record, view = native_record("big-clock", options, 1, seed, game_over)
    open_record(phone, "big-clock", options, 1, seed, record)
    outcome = phone.page.locator("#outcome")
    expect(outcome).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    outcome.locator("button", has_text="Close").click()
    expect(outcome).to_be_hidden()
    return len(view["board"]["set_aside"])


def small_or_unseen(page: Page, set_aside: int, sizes: list[tuple[int, int]]) -> list[str]:
    """At each size, every tile under 20 px a half or not in view, and a line of doubles home too long."""
    problems = []
    for size in each_size(page, sizes):
        seen = page.evaluate(LOOK)
        assert seen["minis"] == set_aside, seen["minis"]
        problems += [
            f"{size}: {t['where']} {t['tile']} {t['half']:.1f} px a half"
            for t in seen["tiles"]
            if t["half"] < MIN_HALF_PX
        ]
        problems += [f"{size}: {t['where']} {t['tile']} not in view" for t in seen["tiles"] if not t["seen"]]
        upright = size in ("360x740", "390x844")
        if seen["lines"] > (1 if upright else 2):
            problems.append(f"{size}: the line of doubles home takes {seen['lines']} lines")
    page.set_viewport_size({"width": 390, "height": 844})
    return problems


# the room a scrollbar takes (a desktop's Firefox or Chromium: 12-17 px) taken from the Big Clock's side, as
# padding (the phone's scrollbars take none)
SIDE_SCROLLBAR = ".bc-side { padding-right: 15px; }"


def test_the_games_end_shows_every_tile_large_and_in_view(phone: App) -> None:
    """... and held sideways beside a scrollbar that takes room: the stock and the drawn tile lay one over
    the other there, the side ran past the board and the last row of tiles set aside was cut (Firefox)."""
    set_aside = games_end(phone, 1)
    assert set_aside >= 12, "the deal's end should set many tiles aside"
    assert not small_or_unseen(phone.page, set_aside, PHONES)
    with styled(phone.page, SIDE_SCROLLBAR):
        beside_a_scrollbar = small_or_unseen(phone.page, set_aside, [(844, 390)])
    assert not beside_a_scrollbar
    assert not phone.errors


def test_a_long_set_aside_is_in_view_with_the_dial_upright(phone: App) -> None:
    """Deal 30 sets 29 tiles aside: at 360x740 they wrapped under the 256 px dial past the board's
    foot (it scrolled) while the way back to the result took a row of its own over the board. Held
    sideways the 29th is 12 px under the side's foot (its 202 px four tiles a row): not asked here."""
    set_aside = games_end(phone, 30)
    assert set_aside >= 27, "the deal's end should set 27 tiles aside or more"
    assert not small_or_unseen(phone.page, set_aside, [(360, 740), (390, 844)])
    assert not phone.errors


def test_the_board_stays_put_as_the_status_line_shortens(phone: App) -> None:
    """Upright on a phone the status says "A double is in trouble: shift tiles, or draw" in two lines and
    "Place the drawn 0-6" in one: the line keeps its height within the deal, so a draw and its placing do
    not move the board (it went 21 px up at each draw and down at each placing)."""
    options = {"set": "double-12"}
    record, _ = native_record("big-clock", options, 1, 1, Midgame(12))
    page = phone.page
    resize(phone, (390, 844))
    open_record(phone, "big-clock", options, 1, 1, record)
    status, board = page.locator("#game-status"), page.locator("#board")
    expect(status).to_contain_text("A double is in trouble")
    moves = len(record["moves"])
    top = box_of(board)["y"]
    page.click(".bc-stock")
    expect(board).to_have_attribute("data-moves", str(moves + 1), timeout=SCREEN_TIMEOUT_MS)
    expect(status).to_contain_text("Place the drawn")
    until_still(page)
    drawn_top = box_of(board)["y"]
    page.click(".bc-drawn")
    page.locator("[data-slot].target").first.click()
    expect(board).to_have_attribute("data-moves", str(moves + 2), timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    assert (drawn_top, box_of(board)["y"]) == (top, top)
    assert not phone.errors
