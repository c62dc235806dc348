"""A notice on a phone held upright (no room kept for one: it shows over the game for a moment)
sits between the site's bar and the toolbar, covering neither, nor any toolbar button, nor whose
turn it is; a tap on it puts it away at once and presses nothing under it; a notice that the
status line already says ("Ada, your turn." under "Ada, your turn: tap a tile to play it.") is not
shown over the game again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App, computer_speed, follow_link, two_taps, until_still

PLACE = """() => {
  const box = (sel) => document.querySelector(sel).getBoundingClientRect();
  const message = box('#message');
  const centre = (r) => document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  const buttons = [...document.querySelectorAll('.play-main > .toolbar > button')]
    .filter((b) => b.getClientRects().length);
  return {top: message.top, bottom: message.bottom, bar: box('.topbar').bottom,
          toolbar: box('.play-main > .toolbar').top,
          visible: getComputedStyle(document.querySelector('#message')).visibility !== 'hidden',
          buttons: buttons.length,
          covered: buttons.filter((b) => !b.contains(centre(b.getBoundingClientRect()))).map((b) => b.textContent),
          onTop: centre(message) === document.querySelector('#message')};
}"""
STALE = "() => document.querySelector('#message').dataset.stale !== undefined"
CLICKED = """() => { if (!window.__clicked) document.addEventListener('click',
  (e) => window.__clicked.push(e.target.id || e.target.tagName), true);
  window.__clicked = []; }"""  # (once per document: the tests share the page)


@pytest.mark.parametrize("size", [(360, 740), (390, 844)])
def test_a_notice_covers_no_control_and_a_tap_puts_it_away(phone: App, size: tuple[int, int]) -> None:
    page = phone.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    computer_speed(page, "instant")
    two_taps(page)
    follow_link(phone, "#/play/draw?deal=3&set=double-6&players=2&target=50&seats=human,ai:easy")
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    page.locator(".hand-tile").first.click()  # "... selected: pick a highlighted place", or "... cannot be played now"
    expect(page.locator("#message")).not_to_be_empty()
    place = page.evaluate(PLACE)
    assert place["visible"], place
    assert place["top"] >= place["bar"] - 0.5, place  # under the site's bar
    assert place["bottom"] <= place["toolbar"] + 0.5, place  # over the toolbar, not on it (nor whose turn it is)
    assert place["buttons"] >= 3 and place["covered"] == [], place  # every toolbar button in view
    assert place["onTop"], place  # a tap there lands on the notice
    address = page.evaluate("location.hash")
    page.evaluate(CLICKED)
    page.locator("#message").click()
    assert page.evaluate(STALE), "a tap puts the notice away"
    assert page.evaluate("window.__clicked") == ["message"]  # and presses nothing under it
    assert page.evaluate("location.hash") == address
    computer_speed(page, None)


def test_a_notice_the_status_line_says_is_not_shown_again(phone: App) -> None:
    page = phone.page
    page.set_viewport_size({"width": 390, "height": 844})
    computer_speed(page, "instant")
    follow_link(phone, "#/play/draw?deal=3&set=double-6&players=2&target=50&seats=human,human")
    ready = page.locator("#pass-screen[open] #pass-ready")
    expect(ready).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    ready.click()
    expect(page.locator("#message")).to_contain_text("your turn", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#turn")).to_contain_text("your turn:")
    # at once, where it would otherwise stay for seconds
    assert page.evaluate(STALE), page.locator("#message").inner_text()
    computer_speed(page, None)
