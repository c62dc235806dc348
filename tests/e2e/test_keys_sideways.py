"""The keys' help on a phone held sideways (844x390, a keyboard plugged in: "?"): the keys in two
columns, so every key, its words and Close are in view and nothing scrolls (the list scrolled
above its Close); no key runs over its words there or on narrower phones (740x340, 667x320: "Ctrl+Z"
ran over "Undo"). The draw game has the longest list of the table games."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App, computer_speed, follow_link, until_still
from .screen_sizes import each_size

IN_VIEW = """() => {
  const dialog = document.querySelector('#keys-help');
  const d = dialog.getBoundingClientRect();
  const out = [...dialog.querySelectorAll('.keys-row, #keys-help-close')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.top < d.top - 0.5 || r.bottom > d.bottom + 0.5 || r.bottom > innerHeight + 0.5;
  }).map((el) => el.textContent);
  return {out, scroll: [dialog.scrollHeight, dialog.clientHeight], rows: dialog.querySelectorAll('.keys-row').length};
}"""


# the keys whose box runs over their words (a key wider than its column: "Ctrl+ZUndo")
KEYS_OVER_WORDS = """() => [...document.querySelectorAll('#keys-help .keys-row')].filter((row) => {
  const [key, words] = [row.querySelector('kbd'), row.querySelector('dd')];
  return key.getBoundingClientRect().right > words.getBoundingClientRect().left + 0.5;
}).map((row) => row.textContent)"""


def test_the_keys_help_fits_a_phone_held_sideways(phone: App) -> None:
    page = phone.page
    page.set_viewport_size({"width": 844, "height": 390})
    computer_speed(page, "instant")
    follow_link(phone, "#/play/draw?deal=3&set=double-9&players=4&seats=human,ai:easy,ai:easy,ai:easy")
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    until_still(page)
    page.keyboard.press("?")
    expect(page.locator("#keys-help[open]")).to_be_visible()
    until_still(page)
    seen = page.evaluate(IN_VIEW)
    over = {size: found for size in each_size(page, [(844, 390), (740, 340), (667, 320)])
            if (found := page.evaluate(KEYS_OVER_WORDS))}
    page.set_viewport_size({"width": 844, "height": 390})
    page.keyboard.press("Escape")
    computer_speed(page, None)
    assert seen["rows"] >= 8 and not seen["out"], seen
    assert seen["scroll"][0] <= seen["scroll"][1] + 1, seen
    assert over == {}, over
