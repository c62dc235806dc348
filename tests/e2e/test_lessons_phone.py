"""The guided deals on a phone (the `phone` page: touch, 390x844): every game's lesson played
through to its end at 360x740 by following the guide, each step turned to 360x560 too (upright with
the browser's bars shown); every game's first step, and every step of Clock's, fits the screen held
upright and sideways; a note cut short by the screen says it scrolls. (The desktop's lessons, the
offer and the ways to a lesson: test_lessons.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import ViewportSize, expect

from .conftest import App, screenshot, until_still
from .lesson_play import (
    LESSON_GAMES,
    SCREENS,
    SIZES,
    SOLITAIRE,
    act,
    check_room,
    check_step,
    open_lesson,
    play_lesson,
    settled,
)

UPRIGHT, SIDEWAYS = ViewportSize(width=390, height=844), ViewportSize(width=844, height=390)
SHORT_UPRIGHT = ViewportSize(width=360, height=560)  # upright with the browser's bars shown


@pytest.mark.screenshots
@pytest.mark.parametrize("game", LESSON_GAMES)
def test_a_lesson_played_by_its_guide_on_a_phone_at_360x740(phone: App, game: str) -> None:
    """Every step fits 360x740 and 360x560 (the page turned from one to the other at each step): its
    note, the places it points at and the moves' buttons in view, none under the guide, the page not
    scrolled. At 360x560 a Draw or "Go" under the hand's tiles went off the screen's foot (the page
    scrolled 25 px at the draw game's step 3, Matador's 4, Round the Clock's 2; 47 px at Tiddle-A-Wink's
    2 and 3, its six seats in two lines); The Big Clock's side ran past the board's foot, the set-aside
    tile at step 14 and the drawn 2-2 at step 17 cut off."""
    open_lesson(phone, game, SIZES["phone"])
    play_lesson(phone, game, "360x740", turn_to=SHORT_UPRIGHT)


# a phone with its browser's bars shown: sideways the column is shorter still (the page scrolled and cut
# the note after a line at the first step of Matador's, Tiddle-A-Wink's and Round the Clock's lessons),
# upright at 360x560 a long note pushed the hand and the tile it points at off the screen (the draw game's,
# Matador's, Tiddle-A-Wink's and Round the Clock's first steps)
SHORT_SCREENS = [ViewportSize(width=740, height=340), ViewportSize(width=667, height=320), SHORT_UPRIGHT]
EVERY_STEP_SIDEWAYS = "clock"  # its exchange step: the longest words of any step sideways


def first_step_fits(app: App, game: str, size: ViewportSize) -> None:
    """The lesson's first step on screen: its note, its pointed places and the hand all in view."""
    view = settled(app.page)
    check_step(app.page, view)
    screenshot(app.page, SCREENS / f"{game}-{size['width']}x{size['height']}-step1.png")


@pytest.mark.screenshots
@pytest.mark.parametrize(("game", "size"), [(LESSON_GAMES[0], UPRIGHT), *(
    (g, SIDEWAYS) for g in LESSON_GAMES if g not in (EVERY_STEP_SIDEWAYS, SOLITAIRE))],
                         ids=lambda p: p if isinstance(p, str) else f"{p['width']}x{p['height']}")
def test_a_lessons_first_step_fits_a_phone_upright_and_sideways(phone: App, game: str, size: ViewportSize) -> None:
    """The note, the pointed places and the hand all in view at the other phone sizes: every game's
    first step sideways (the guide shares a column with the controls and the seats there; Clock's
    and Luzon's in the two tests below, which open the same first step), there also on the shorter
    screens of a phone with its browser's bars shown, sideways and upright (SHORT_SCREENS, the same
    step turned to them)."""
    open_lesson(phone, game, size)
    first_step_fits(phone, game, size)
    for short in SHORT_SCREENS if size == SIDEWAYS else ():
        phone.page.set_viewport_size(short)
        until_still(phone.page)
        first_step_fits(phone, game, short)


@pytest.mark.screenshots
@pytest.mark.parametrize("game", [EVERY_STEP_SIDEWAYS])
def test_every_step_of_a_lesson_fits_a_phone_held_sideways(phone: App, game: str) -> None:
    """Sideways the guide shares the left column with the controls, the status line and the
    messages: at every step of the lesson the page does not scroll and the pointed places are in
    view; the first step's note and places as every game's (first_step_fits). At the lesson's end its
    two ways on are in the guide and on the screen, there and on the shorter screens (END_WAYS)."""
    page = phone.page
    open_lesson(phone, game, SIDEWAYS)
    first_step_fits(phone, game, SIDEWAYS)
    view = settled(page)
    while not view["guide"]["done"]:
        check_room(page, view["guide"]["point_at"])
        act(page, view, view["guide"]["suggest"] or view["legal"][0])
        view = settled(page, view["moves"])
    for size in (SIDEWAYS, *SHORT_SCREENS[:2]):  # the lesson's end: its ways on in the guide, on the screen
        page.set_viewport_size(size)
        until_still(page)
        ways = page.evaluate(END_WAYS)
        assert len(ways["buttons"]) == 2 and ways["scrolls"] <= 1, (size, ways)
        assert all(b["inGuide"] and b["onTop"] for b in ways["buttons"]), (size, ways)


def test_every_step_of_luzons_lesson_fits_a_short_phone_held_sideways(phone: App) -> None:
    """667x320 (a phone with its browser's bars shown), Luzon's lesson: at every step the page does
    not scroll and the pointed places are in view. From step 12 the status line says whether the deal
    can still be won, beside the switch that says so: with its three controls' rows the column ran
    22 px past the screen's foot and showed one line of the note, cut (its status line is now as small
    as the seats' are at a table)."""
    page = phone.page
    open_lesson(phone, SOLITAIRE, SHORT_SCREENS[1])
    view = settled(page)
    while not view["guide"]["done"]:
        check_room(page, view["guide"]["point_at"])
        act(page, view, view["guide"]["suggest"] or view["legal"][0])
        view = settled(page, view["moves"])


# the lesson's end held sideways: how far the page scrolls, and whether each of the guide's ways on
# (Keep playing, Play a real game) is inside the guide's border, on the screen and on top there
END_WAYS = """() => {
  const g = document.querySelector('#guide').getBoundingClientRect();
  const buttons = [...document.querySelectorAll('#guide .guide-actions > button')].filter((b) => !b.hidden).map((b) => {
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return {name: b.textContent, inGuide: r.top >= g.top && r.bottom <= g.bottom && r.bottom <= innerHeight,
      onTop: Boolean(hit) && b.contains(hit)};
  });
  return {scrolls: document.documentElement.scrollHeight - innerHeight, buttons};
}"""


MORE_CUE = """() => {
  const note = document.querySelector('#guide-note');
  const cue = document.querySelector('#guide .guide-more');
  const shown = (el) => Boolean(el) && !el.hidden && el.getBoundingClientRect().height > 0
    && getComputedStyle(el).visibility !== 'hidden';
  const n = note.getBoundingClientRect();
  const c = cue && cue.getBoundingClientRect();
  return {overflows: note.scrollHeight > note.clientHeight + 1,
    atEnd: note.scrollTop + note.clientHeight >= note.scrollHeight - 2,
    cue: shown(cue), onNote: Boolean(c) && c.bottom <= n.bottom + 1 && c.top >= n.top - 1};
}"""


@pytest.mark.screenshots
def test_a_note_cut_by_a_short_screen_says_it_scrolls(phone: App) -> None:
    """844x390, Luzon's first step (a long note in a short column): the step fits as every game's
    does (first_step_fits); the note shows a "more below" cue over its foot while part of it is out
    of view, and none once it is scrolled to its end."""
    page = phone.page
    open_lesson(phone, SOLITAIRE, SIDEWAYS)
    first_step_fits(phone, SOLITAIRE, SIDEWAYS)
    seen = page.evaluate(MORE_CUE)
    assert seen["overflows"] and not seen["atEnd"], seen  # the case in question: a note cut short
    assert seen["cue"] and seen["onNote"], seen
    page.evaluate("() => { const n = document.querySelector('#guide-note'); n.scrollTop = n.scrollHeight; }")
    expect(page.locator("#guide .guide-more")).to_be_hidden()
    assert page.evaluate(MORE_CUE)["atEnd"]
