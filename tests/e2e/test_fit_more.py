"""More of the table's fit: at 1280x800 and on 360x740 and 390x844 phones, with large
layouts mid-game (double-12 with 6, 8 and 10 seats), the zoom buttons sit outside the table (never
over a tile or an end, with a tile picked and the ends shown) and are at least 44 x 44 CSS px on a
touch screen; the seat strip shows whole cards only (each card wholly in the strip's view or
wholly out of it, to scroll to, also after a swipe of part of a card), nothing in a card is cut, and
the seat to move is in view while the computers play. With --screenshots, screenshots, light and
dark, go to test-results/fit-more/ (git-ignored)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App, play_a_move, shoot, two_taps, until_still
from .native_records import open_large

pytestmark = pytest.mark.motion  # the seat to move kept in view as tiles fly (conftest.with_motion)

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "fit-more"
GAMES = ["draw", "matador", "tiddle-a-wink"]  # 6, 8 and 10 seats

ZOOM_PROBLEMS = """touch => {
  const problems = [];
  const rect = (el) => el.getBoundingClientRect();
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const buttons = [...document.querySelectorAll('.zoom-bar button')];
  if (buttons.length !== 3) problems.push(`${buttons.length} zoom buttons`);
  const table = rect(document.querySelector('#layout'));
  for (const b of buttons) {
    const r = rect(b), name = b.getAttribute('aria-label');
    if (r.width < 1 || r.bottom > innerHeight || r.right > innerWidth) problems.push(`${name} not on screen`);
    if (meet(r, table)) problems.push(`${name} is over the table`);
    if (touch && (r.width < 43.5 || r.height < 43.5)) problems.push(`${name} is ${r.width}x${r.height}`);
    // what is seen of each tile and end: the table and the hand scroll, and clip what is out of their view
    for (const el of document.querySelectorAll('.layout-svg [data-key], .end-marker, .hand-tile')) {
      const [t, c] = [rect(el), rect(el.closest('#layout, #hand'))];
      const seen = {left: Math.max(t.left, c.left), right: Math.min(t.right, c.right),
        top: Math.max(t.top, c.top), bottom: Math.min(t.bottom, c.bottom)};
      if (meet(r, seen)) problems.push(`${name} covers ${el.dataset.key ?? el.dataset.slot}`);
    }
  }
  return problems;
}"""

SEAT_PROBLEMS = """() => {
  const problems = [];
  const strip = document.querySelector('#seats');
  const s = strip.getBoundingClientRect();
  const view = {left: s.left + strip.clientLeft, top: s.top + strip.clientTop};
  view.right = view.left + strip.clientWidth;
  view.bottom = view.top + strip.clientHeight;
  if (s.left < -0.5 || s.top < -0.5 || s.right > innerWidth + 0.5 || s.bottom > innerHeight + 0.5)
    problems.push('the strip is cut by the page');
  for (const card of strip.querySelectorAll('.seat')) {
    const r = card.getBoundingClientRect(), name = card.title;
    const inside = r.left >= view.left - 1 && r.right <= view.right + 1 && r.top >= view.top - 1 &&
      r.bottom <= view.bottom + 1;
    const outside = r.right <= view.left + 1 || r.left >= view.right - 1 || r.bottom <= view.top + 1 ||
      r.top >= view.bottom - 1;
    if (!inside && !outside) problems.push(`${name}'s card is cut at the strip's edge`);
    if (card.scrollWidth > card.clientWidth + 1 || card.scrollHeight > card.clientHeight + 1)
      problems.push(`${name}'s card overflows`);
    for (const part of card.querySelectorAll('.seat-name, .seat-kind, .seat-tiles, .seat-score')) {
      const p = part.getBoundingClientRect();
      if (p.width && (part.scrollWidth > part.clientWidth + 1 || p.right > r.right + 0.5 || p.bottom > r.bottom + 0.5))
        problems.push(`${name}: ${part.className} is cut`);
    }
    if (card.classList.contains('to-move') && !inside) problems.push(`${name}, to move, is out of view`);
  }
  return problems;
}"""


def select_a_tile(app: App) -> None:
    """Pick a playable tile so the ends it takes are shown (or nothing, when none is playable)."""
    tiles = app.page.locator(".hand-tile.playable")
    if tiles.count():
        two_taps(app.page)
        tiles.first.dispatch_event("click")
        expect(app.page.locator(".end-marker.active").first).to_be_attached()


def problems_at(app: App, game: str, sizes: list[tuple[int, int]], touch: bool) -> list[str]:
    """What is wrong with the zoom buttons and the seat strip of the game's large table, opened once
    at the first size and looked at in each size in turn (each problem names its game and size):
    as opened, with a tile picked, and with the strip scrolled by a person."""
    page = app.page
    open_large(app, game, size=sizes[0])
    labels = {size: f"{game}-{size[0]}x{size[1]}" for size in sizes}
    problems = []
    for size, label in labels.items():  # as opened (and resized)
        page.set_viewport_size({"width": size[0], "height": size[1]})
        until_still(page)
        problems += [f"{label}: {p}" for p in page.evaluate(ZOOM_PROBLEMS, touch)]
        problems += [f"{label}: {p}" for p in page.evaluate(SEAT_PROBLEMS)]
        if page.evaluate("() => document.scrollingElement.scrollHeight > innerHeight"):
            problems.append(f"{label}: the page scrolls")
        shoot(app.page, SHOTS / label)
    for size, label in labels.items():  # a person's doings: a tile picked, the strip scrolled
        page.set_viewport_size({"width": size[0], "height": size[1]})
        until_still(page)
        select_a_tile(app)  # the ends shown
        problems += [f"{label}, a tile picked: {p}" for p in page.evaluate(ZOOM_PROBLEMS, touch)]
        shoot(app.page, SHOTS / f"{label}-picked")
        page.keyboard.press("Escape")
        # the strip scrolled by a swipe of part of a card, and to its end: still whole cards only
        for scroll in ("strip.scrollBy(37, 0)", "strip.scrollLeft = strip.scrollWidth"):
            page.evaluate(f"() => {{ const strip = document.querySelector('#seats'); {scroll}; }}")
            until_still(page, "#seats")  # the snap comes to rest
            problems += [f"{label}, strip after {scroll}: {p}" for p in page.evaluate(SEAT_PROBLEMS)
                         if "to move" not in p]  # a person may scroll the seat to move out of view
    return problems


@pytest.mark.screenshots
@pytest.mark.parametrize("game", GAMES)
def test_zoom_buttons_and_seats_desktop(app: App, game: str) -> None:
    problems = problems_at(app, game, [(1280, 800)], False)
    assert not problems, "\n".join(problems)
    assert not app.errors


@pytest.mark.screenshots
@pytest.mark.parametrize("game", GAMES)
def test_zoom_buttons_and_seats_phone(phone: App, game: str) -> None:
    """Both phones' sizes on one opening of the table (the second a resize of the first)."""
    problems = problems_at(phone, game, [(360, 740), (390, 844)], True)
    assert not problems, "\n".join(problems)
    assert not phone.errors


def test_the_seat_to_move_stays_in_view(phone: App) -> None:
    """Ten seats on a 360 px phone (three cards in view): as the computers play in turn, the strip
    scrolls to each, and every card seen is whole."""
    page = phone.page
    open_large(phone, "tiddle-a-wink", speed="fast", size=(360, 740))
    moves = int(page.get_attribute("#table-screen", "data-moves") or 0)
    play_a_move(page)
    expect(page.locator("#table-screen")).not_to_have_attribute("data-moves", str(moves), timeout=SCREEN_TIMEOUT_MS)
    seen: set[int] = set()
    # the strip's problems, the seat to move, whose turn it is and whether the round is over, read at once
    now = f"""() => {{ const screen = document.querySelector('#table-screen');
      return [({SEAT_PROBLEMS})(), screen.getAttribute('data-to-move'),
              document.querySelector('#turn').getAttribute('data-whose'), screen.getAttribute('data-round-over')]; }}"""
    for _ in range(60):
        problems, seat, whose, round_over = page.evaluate(now)
        assert not problems, problems
        if seat:
            seen.add(int(seat))
        if whose == "you" or round_over == "true":
            break
        page.wait_for_timeout(100)
    assert max(seen) >= 4, f"seats to move seen: {sorted(seen)}"  # beyond the first three cards
    assert not phone.errors
