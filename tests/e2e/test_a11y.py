"""Accessibility: no serious or critical axe-core violation on the menu, every game's page,
the rules, statistics and settings pages (light and dark); Luzon played to its end with the
keyboard alone, with a visible focus; tiles carry accessible names; moves and results are
announced in a live region; with --screenshots, screenshots at 360 px and 1280 px of every page
kept in test-results/screens/."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import ROOT, App, expect_moves, screenshot, screenshots_wanted, serious, solve, until_still
from .native_records import CATALOG
from .solitaire_play import LUZON_WON_SEED, start_luzon_deal

SCREENS = ROOT / "test-results" / "screens"
GAMES = [spec["id"] for spec in CATALOG]
STATS = """localStorage.setItem('boneyard.stats.v1', JSON.stringify({format: 1, recent: [], entries: {
  'luzon|variant=twelve': {game: 'luzon', options: {variant: 'twelve'}, played: 4, won: 2, streak: 1, bestStreak: 2,
                           winnable: {deals: 3, won: 2}}}}))"""


def settle(app: App, fragment: str) -> None:
    """Open a page of the app and wait until its screen has drawn (the engine answered)."""
    app.page.goto(app.url + fragment)
    app.wait_ready()
    app.page.wait_for_function(
        "() => !document.querySelector('.board-wait') && !/Waiting for the game engine/.test(document.body.innerText)",
        timeout=30_000)
    until_still(app.page)


PAGES = ["#/", "#/stats", "#/settings", *[f"#/rules/{g}" for g in GAMES], *[f"#/play/{g}" for g in GAMES]]


@pytest.mark.screenshots
@pytest.mark.parametrize("fragment", PAGES)
def test_axe_no_serious_violation(app: App, fragment: str) -> None:
    if fragment == "#/stats":
        app.page.evaluate(STATS)
    settle(app, fragment)
    name = fragment.strip("#/").replace("/", "-") or "menu"
    found = serious(app.page)
    app.page.emulate_media(color_scheme="dark")
    try:
        found += [f"dark: {v}" for v in serious(app.page)]
        for width in (360, 1280) if screenshots_wanted() else ():
            app.page.set_viewport_size({"width": width, "height": 900})
            until_still(app.page)
            screenshot(app.page, SCREENS / f"{name}-{width}-dark.png", full_page=True)
            app.page.emulate_media(color_scheme="light")
            screenshot(app.page, SCREENS / f"{name}-{width}.png", full_page=True)
            app.page.emulate_media(color_scheme="dark")
    finally:
        app.page.emulate_media(color_scheme="light")
        app.page.set_viewport_size({"width": 1280, "height": 900})
    assert found == []


def test_keyboard_only_play_with_visible_focus(app: App) -> None:
    page = app.page
    start_luzon_deal(app, LUZON_WON_SEED)
    live = page.locator(".game .message")
    expect(live).to_have_attribute("aria-live", "polite")
    page.locator("body").click(position={"x": 2, "y": 2})  # no element focused: start from the top
    for _ in range(40):  # Tab into the board
        page.keyboard.press("Tab")
        if page.evaluate("Boolean(document.activeElement.closest('#board'))"):
            break
    else:
        pytest.fail("Tab never reached the board")
    focused = page.evaluate("""() => { const e = document.activeElement, s = getComputedStyle(e);
        return {label: e.getAttribute('aria-label'), outline: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }""")
    assert focused["label"].startswith("tile ") and focused["outline"] != "none" and focused["width"] >= 2

    # the board's places the arrow keys go through, the focused element's place, and whether it is on the
    # board (one read of the page)
    where = """() => { const e = document.activeElement;
      return [[...document.querySelectorAll('#board [data-slot]:not([disabled])')].map((t) => t.dataset.slot),
              e.closest('[data-slot]')?.dataset.slot, Boolean(e.closest('#board [data-slot]'))]; }"""

    def go_to(slot: str, seen: list[Any] | None = None) -> None:
        targets, here, _ = seen or page.evaluate(where)
        step = targets.index(slot) - targets.index(here)
        for _ in range(abs(step)):
            page.keyboard.press("ArrowRight" if step > 0 else "ArrowLeft")
        assert page.evaluate("document.activeElement.dataset.slot") == slot

    solution = solve(LUZON_WON_SEED)["solution"]
    for done, move in enumerate(solution, start=1):
        first, second = move.split(":")[1].replace(">", "+").split("+")
        seen = page.evaluate(where)
        if not seen[2]:
            page.focus("#board [data-slot]")  # the focused tile was discarded: the board keeps focus nearby
            seen = page.evaluate(where)
        go_to(first, seen)
        page.keyboard.press("Enter")
        go_to(second)
        page.keyboard.press("Space")
        expect_moves(app, done)
        if done == 1:
            expect(live).not_to_have_text("")  # the move is announced
    dialog = page.locator("#outcome")
    expect(dialog).to_have_attribute("data-result", "won")
    # the dialog takes the focus; Escape closes it
    assert page.evaluate("Boolean(document.activeElement.closest('#outcome'))")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_tiles_have_accessible_names(app: App) -> None:
    start_luzon_deal(app, LUZON_WON_SEED)
    names = app.page.eval_on_selector_all("#board [data-tile].exposed",
                                          "els => els.map(e => e.getAttribute('aria-label'))")
    assert names and all(name.startswith("tile ") for name in names)
    assert app.page.locator("#board").get_by_role("button", name="tile 1-1", exact=False).count() >= 1
