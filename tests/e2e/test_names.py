"""Names (issue 33): bounded in graphemes where they enter (a field cuts no emoji in two, a name
of 10,000 characters set by a script is cut and never makes the saved game unreadable), and
isolated wherever shown (a right-to-left override in a name does not reverse the text after it)."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App, follow_link

THUMB = "\U0001F44D\U0001F3FD"  # a thumbs-up with a skin tone: one grapheme, four UTF-16 code units
LONE_SURROGATE = "(s) => /[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(^|[^\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]/.test(s)"


def test_a_name_field_keeps_whole_graphemes(app: App) -> None:
    page = app.page
    page.goto(f"{app.url}#/settings")
    field = page.locator("#setting-player-name")
    field.fill("a" + THUMB * 20)
    assert field.input_value() == "a" + THUMB * 13  # 14 graphemes, none cut
    # a value set by a script (no input event) is bounded when it is kept
    page.evaluate("""(text) => { const input = document.getElementById('setting-player-name');
      input.value = text; input.dispatchEvent(new Event('change')); }""", "a" + THUMB * 20)
    kept = json.loads(page.evaluate("localStorage.getItem('boneyard.player.name.v1')"))
    assert kept == "a" + THUMB * 13
    assert not page.evaluate(LONE_SURROGATE, kept)
    follow_link(app, "#/play/draw")
    seat = page.locator("#seat-name-1")
    expect(seat).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    seat.fill(THUMB * 20)
    assert seat.input_value() == THUMB * 14
    page.evaluate("localStorage.removeItem('boneyard.player.name.v1')")


def letters_in_order(app: App, needle: str) -> bool:
    """Whether the first two characters of `needle` in the play log are drawn left to right."""
    answer: bool = app.page.evaluate("""(needle) => {
      const item = [...document.querySelectorAll('#log li')].find((li) => li.textContent.includes(needle));
      const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && !node.data.includes(needle)) node = walker.nextNode();
      const at = node.data.indexOf(needle);
      const left = (k) => { const range = document.createRange(); range.setStart(node, k); range.setEnd(node, k + 1);
        return range.getBoundingClientRect().left; };
      return left(at + 1) < left(at + 2);
    }""", needle)
    return answer


def test_a_huge_name_never_makes_the_save_unreadable_and_an_override_is_isolated(app: App) -> None:
    page = app.page
    follow_link(app, "#/play/draw")
    expect(page.locator("#setup")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    page.evaluate("""() => {
      document.getElementById('seat-name-0').value = 'x'.repeat(10000);  // past the field, by a script
      document.getElementById('seat-name-1').value = '\\u202Eabc';  // a right-to-left override, never closed
    }""")
    page.click("#setup-start")
    expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    page.wait_for_function("() => localStorage.getItem('boneyard.game.draw') !== null", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#log li").first).to_be_visible()
    assert letters_in_order(app, "(computer")  # the text after the name reads left to right
    assert len(page.locator("#log").inner_text()) < 2000
    page.reload()
    app.wait_ready()
    expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#log li").first).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#notice")).not_to_contain_text("could not be")
    assert page.evaluate("localStorage.getItem('boneyard.game.draw')") is not None  # resumed, not removed
    assert "x" * 14 in page.locator("#log").inner_text() and "x" * 15 not in page.locator("#log").inner_text()
