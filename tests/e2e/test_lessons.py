"""Every game's guided deal (each game the catalog gives a lesson) played through the page to its
end at 1280x800 (at 360x740 on a phone: test_lessons_phone.py) by following the guide as a player
would: the pointed or suggested tile then its place, or the move's button. At every step the
places the note points at are on screen, marked and on top (Clock's exchange step pointed at the
fourth king, under the exchange's choices), and the note is shown in a polite live region;
one move off the lesson is answered by the guide's word and changes nothing, then the right move
works; axe finds nothing serious; the statistics and the saved game are as before (a lesson never
counts). The lesson is offered once, and reached from the menu and the rules, even past a first
deal over before it began."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import App, next_deal_numbers, screenshot
from .lesson_play import (
    DEAD_SOLITAIRE_DEAL,
    LESSON_GAMES,
    SCREENS,
    SIZES,
    SOLITAIRE,
    TABLE_LESSON,
    TIMEOUT,
    open_lesson,
    play_lesson,
)
from .native_records import CATALOG

# crypto.getRandomValues gives the next deals (next_deal_numbers: an own property of `crypto`, put back
# by itself once its numbers are used); afterwards the prototype's own is put back, so that the next
# module starts in place (conftest.patched_after), not by a load
pytestmark = pytest.mark.patches_page(undo="() => { delete crypto.getRandomValues; }")


@pytest.mark.screenshots
@pytest.mark.parametrize("game", LESSON_GAMES)
def test_a_lesson_played_by_its_guide_at_1280x800(app: App, game: str) -> None:
    open_lesson(app, game, SIZES["desktop"])
    play_lesson(app, game, "1280x800")


def test_the_lesson_is_offered_once_and_reached_from_the_menu_and_the_rules(app: App) -> None:
    page = app.page
    game = TABLE_LESSON  # a table game's deal is never over before it begins (a solitaire's can be)
    page.set_viewport_size(SIZES["desktop"])
    page.goto(f"{app.url}#/")
    page.evaluate("() => { localStorage.removeItem('boneyard.lessons.v1'); }")
    page.goto(f"{app.url}#/play/{game}")
    offer = page.locator(".lesson-offer")
    expect(offer).to_be_visible(timeout=TIMEOUT)
    name = next(g["name"] for g in CATALOG if g["id"] == game)
    expect(offer).to_contain_text(f"New to {name}?")
    screenshot(page, SCREENS / f"{game}-offer-1280x800.png")
    offer.locator("[data-action=skip-lesson]").click()
    expect(offer).to_be_hidden()
    page.goto(f"{app.url}#/")
    page.goto(f"{app.url}#/play/{game}")
    expect(page.locator("section.game")).to_be_visible(timeout=TIMEOUT)
    expect(offer).to_be_hidden()  # offered once
    page.goto(f"{app.url}#/")
    for g in CATALOG:  # the menu's card of every game with a lesson has the way to it
        link = page.locator(f'.game-card[data-game="{g["id"]}"] [data-action=lesson]')
        expect(link).to_have_count(1 if g["lesson"] else 0)
    page.click(f'.game-card[data-game="{game}"] [data-action=lesson]')
    expect(page.locator("#guide")).to_be_visible(timeout=TIMEOUT)
    page.click("[data-action=leave-lesson]")  # left at once, nothing asked
    expect(page.locator("#guide")).to_be_hidden(timeout=TIMEOUT)
    expect(page.locator("#confirm[open]")).to_have_count(0)
    page.goto(f"{app.url}#/rules/{game}")
    page.click(".rules [data-action=lesson]")
    expect(page.locator("#guide")).to_be_visible(timeout=TIMEOUT)
    page.goto(f"{app.url}#/")  # a first visit again: the offer's own button starts the lesson
    page.evaluate("""game => { localStorage.removeItem('boneyard.lessons.v1');
      localStorage.removeItem('boneyard.game.' + game); }""", game)
    page.goto(f"{app.url}#/play/{game}")
    offer.locator("[data-action=start-lesson]").click()
    expect(page.locator("#guide")).to_be_visible(timeout=TIMEOUT)
    expect(offer).to_be_hidden()


def test_a_first_deal_over_before_it_began_still_offers_the_lesson(app: App) -> None:
    """A solitaire's first deal can have no move at all (winnable-only deals turned off): its
    "you lost" dialog covers the offer, so the dialog carries the offer's way to the guided deal."""
    page = app.page
    page.set_viewport_size(SIZES["desktop"])
    page.goto(f"{app.url}#/")
    page.evaluate("""(game) => {
      localStorage.removeItem('boneyard.lessons.v1'); localStorage.removeItem('boneyard.game.' + game);
      localStorage.setItem('boneyard.settings.v1', JSON.stringify({  // every deal, not winnable-only ones
        ...JSON.parse(localStorage.getItem('boneyard.settings.v1') || '{}'), winnableOnly: false }));
    }""", SOLITAIRE)
    next_deal_numbers(app, DEAD_SOLITAIRE_DEAL)
    page.goto(f"{app.url}#/play/{SOLITAIRE}")  # the same document: the number above stays in place
    dialog = page.locator("#outcome[open]")
    expect(dialog).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("() => location.hash") == f"#/play/{SOLITAIRE}"
    expect(page.locator(".lesson-offer")).to_be_visible()
    dialog.locator("[data-action=start-lesson]").click()
    expect(page.locator("#guide")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("#outcome[open]")).to_have_count(0)
    expect(page.locator(".lesson-offer")).to_be_hidden()
