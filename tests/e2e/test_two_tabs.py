"""One game in two tabs (issue 33): two pages of one browser context, sharing its storage.

- No move made in either tab is dropped without the player choosing it: a tab whose game another
  tab saved keeps its own moves (across leaving the screen, and leaving the page warns), asks with
  both move counts, and the copy not chosen stays exportable.
- A tab that fell behind keeps its copy only marked assisted (the other tab may have seen hidden
  tiles past it).
- Every export from a notice goes through the one path that asks about a hidden game in progress.
- Another tab's "Reload" for a new version does not reload a tab with an open question or a
  guided deal under way without asking; a guided deal's tab never writes over the other's game.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from . import solitaire_play
from .conftest import SCREEN_TIMEOUT_MS, App, expect_moves, open_deal
from .page_storage import FULL, SPACE_AGAIN, clean
from .solitaire_play import LUZON_WON_SEED, click_move, play_line
from .table_play import fresh, my_move, set_up

line = solitaire_play.line  # the winning line of LUZON_WON_SEED (a module fixture)

# the storage made full (FULL), a controllerchange sent (its banner), a storage listener added
# (COUNT_STORAGE_EVENTS): put back and removed after the module, so the next module starts in place
UNCOUNT = """() => {
  if (window.__setItem) Storage.prototype.setItem = window.__setItem;
  delete window.__setItem;
  if (window.__countStored) removeEventListener('storage', window.__countStored);
  for (const name of ['__countStored', '__stored', '__notReloaded']) delete window[name];
  document.getElementById('takeover-banner')?.remove();
}"""
pytestmark = pytest.mark.patches_page(undo=UNCOUNT)


def saved(app: App, game: str = "luzon") -> dict[str, Any]:
    text = app.page.evaluate("key => localStorage.getItem(key)", f"boneyard.game.{game}")
    return json.loads(text) if text else {}


def errors_noted(tab: App) -> None:
    """The tab's uncaught errors noted in its log."""
    tab.page.on("pageerror", lambda error: tab.errors.append(f"pageerror: {error}"))


@pytest.fixture(scope="module")
def second_tab(app: App) -> Iterator[App]:
    """A second tab of the same browser context (the same storage), one for the module (its first
    `open` a load), its uncaught errors noted."""
    tab = App(app.page.context.new_page(), app.url)
    errors_noted(tab)
    yield tab
    if not tab.page.is_closed():
        tab.page.close()


@pytest.fixture
def other(app: App, second_tab: App) -> Iterator[App]:
    """The second tab as a tab just opened. Once it is the app (a test before loaded it), made a new
    visitor's in place by its own hook before the test (`boneyard.startAsNewVisitor`, as
    conftest.start_fresh does: its memory of games, copies and questions forgotten, the storage
    cleared while this test's tab is on the menu), so the test's `open` of a game's address is a
    navigation within that page, which reads the saved game as a load would. Not yet the app (or
    closed by a test before: a new tab in its place), the test's `open` loads it. No uncaught error
    of it in the test."""
    tab = second_tab
    if tab.page.is_closed():
        tab.page = app.page.context.new_page()
        errors_noted(tab)
    elif tab.page.url.startswith(tab.url) and tab.page.evaluate(
            "() => typeof window.boneyard?.startAsNewVisitor === 'function'"):
        tab.page.evaluate("() => window.boneyard.startAsNewVisitor({})")
    seen = len(tab.errors)
    yield tab
    assert [e for e in tab.errors[seen:] if e.startswith("pageerror")] == []


def warns_before_leaving(app: App) -> bool:
    answer: bool = app.page.evaluate("""() => { const event = new Event('beforeunload', {cancelable: true});
      dispatchEvent(event); return event.defaultPrevented; }""")
    return answer


def downloaded(app: App, click: Callable[[], None]) -> dict[str, Any]:
    with app.page.expect_download() as info:
        click()
    answer: dict[str, Any] = json.loads(Path(info.value.path()).read_text())["record"]
    return answer


def test_a_game_continued_in_two_tabs_drops_no_move(app: App, other: App, line: list[str]) -> None:
    page = app.page
    clean(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    play_line(app, line, 0, 2)
    other.open("#/play/luzon")
    expect_moves(other, 2)
    play_line(other, line, 2, 3)  # the other tab plays on: 5 moves saved
    banner = page.locator("#storage-banner[data-kind=other-tab]")
    expect(banner).to_contain_text("5 moves")
    expect(banner).to_contain_text("this tab's has 2 moves")
    click_move(app, line[2])  # this tab plays on too: its move is kept here, not saved over the other's
    expect_moves(app, 3)
    assert len(saved(app)["record"]["moves"]) == 5
    assert warns_before_leaving(app)
    page.evaluate("location.hash = '#/'")  # leaving the screen and coming back keeps this tab's move
    expect(page.locator(".game-card").first).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    page.evaluate("location.hash = '#/play/luzon'")
    expect_moves(app, 3)
    expect(banner).to_contain_text("this tab's has 3 moves, not all of them saved")  # and asks again
    banner.locator("button[data-action=keep-ours]").click()
    # kept over the other tab's two moves past it: saved marked as having taken them back
    aside = page.locator("#storage-banner[data-kind=set-aside]")
    expect(aside).to_contain_text("counted as assisted")
    kept = saved(app)
    assert kept["record"]["moves"] == line[:3]
    assert {"at": 3, "kind": "undo"} in kept["record"]["aids"]
    expect(page.locator("#board")).to_have_attribute("data-moves", "3", timeout=SCREEN_TIMEOUT_MS)
    expect(aside).to_contain_text("The other copy (5 moves) is set aside")
    assert downloaded(app, aside.locator("button[data-action=export-set-aside]").click)["moves"] == line[:5]
    assert not warns_before_leaving(app)
    # the other tab is asked in turn; taking this one sets its own five moves aside, exportable
    other_banner = other.page.locator("#storage-banner[data-kind=other-tab]")
    expect(other_banner).to_contain_text("Another tab saved this Luzon game (3 moves); this tab's has 5 moves")
    other_banner.locator("button[data-action=take-theirs]").click()
    expect(other.page.locator("#board")).to_have_attribute("data-moves", "3", timeout=SCREEN_TIMEOUT_MS)
    other_aside = other.page.locator("#storage-banner[data-kind=set-aside]")
    expect(other_aside).to_contain_text("The other copy (5 moves) is set aside")
    assert downloaded(other, other_aside.locator("button[data-action=export-set-aside]").click)["moves"] == line[:5]
    assert len(saved(app)["record"]["moves"]) == 3
    page.goto(f"{app.url}#/")


# whether the page's document came under the service worker (its load went through it: web/offline.js
# takes a controllerchange for a new version's only then), and is under it now
UNDER_WORKER = """() => [performance.getEntriesByType('navigation')[0]?.workerStart > 0,
  Boolean(navigator.serviceWorker.controller)]"""


def controlled(app: App) -> None:
    """The page loaded under the service worker (so a new version's takeover is in play): loaded
    again unless its document already was (a load of a module before: the app's page is kept)."""
    page = app.page
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=120_000)
    if page.evaluate(UNDER_WORKER) != [True, True]:
        page.reload()
        app.wait_ready()
    assert page.evaluate(UNDER_WORKER) == [True, True]


ANOTHER_TABS_UPDATE = """() => {
  window.__notReloaded = true;
  document.getElementById('takeover-banner')?.remove();
  navigator.serviceWorker.dispatchEvent(new Event('controllerchange'));  // another tab chose "Reload"
}"""


COUNT_STORAGE_EVENTS = """() => {
  window.__stored = 0;
  if (window.__countStored) removeEventListener('storage', window.__countStored);
  window.__countStored = () => { window.__stored += 1; };
  addEventListener('storage', window.__countStored);
}"""


def storage_events(app: App, count: int) -> None:
    """Wait until this page has seen `count` storage events since COUNT_STORAGE_EVENTS."""
    deadline = time.monotonic() + SCREEN_TIMEOUT_MS / 1000
    while app.page.evaluate("window.__stored") < count:
        assert time.monotonic() < deadline, "the other tab's saves were never seen here"
        app.page.wait_for_timeout(50)


def test_a_lesson_or_an_open_question_is_not_reloaded_by_another_tab(app: App, other: App, line: list[str]) -> None:
    page = app.page
    clean(app)
    controlled(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    play_line(app, line, 0, 2)
    page.goto(f"{app.url}#/play/luzon?lesson=1")  # a guided deal in place of the saved game
    expect(page.locator("#guide")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    page.evaluate(COUNT_STORAGE_EVENTS)
    other.open("#/play/luzon")
    expect_moves(other, 2)
    play_line(other, line, 2, 3)
    storage_events(app, 3)
    expect(page.locator("#storage-banner")).to_have_count(0)  # nothing of this tab's to keep over it
    page.evaluate(ANOTHER_TABS_UPDATE)
    expect(page.locator("#takeover-banner")).to_contain_text("in the middle of a guided deal")
    assert page.evaluate("window.__notReloaded") is True
    page.click("button[data-action=leave-lesson]")
    expect_moves(app, 5)  # the other tab's game, as saved
    assert len(saved(app)["record"]["moves"]) == 5
    play_line(other, line, 5, 1)
    expect(page.locator("#storage-banner[data-kind=other-tab]")).to_contain_text("6 moves")
    page.evaluate(ANOTHER_TABS_UPDATE)
    expect(page.locator("#takeover-banner")).to_contain_text("you have not chosen which to keep")
    assert page.evaluate("window.__notReloaded") is True
    page.locator("#takeover-banner").evaluate("banner => banner.remove()")
    page.goto(f"{app.url}#/")


def my_turn_move(app: App) -> None:
    """Make one move for the person once it is their turn, and wait until the table is idle."""
    deadline = time.monotonic() + SCREEN_TIMEOUT_MS / 1000
    while not my_move(app):
        assert time.monotonic() < deadline, "the person's turn never came"
        app.page.wait_for_timeout(50)
    expect(app.page.locator(".game.busy")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)


def test_every_export_of_a_hidden_game_in_progress_asks_first(app: App, other: App) -> None:
    page = app.page
    clean(app)
    fresh(app, "draw")
    set_up(app, {}, ["human", "ai:easy"], 742984)
    my_turn_move(app)
    other.open("#/play/draw")
    expect(other.page.locator("#table-screen[data-session]")).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    my_turn_move(other)  # saved there: this tab is asked
    banner = page.locator("#storage-banner[data-kind=other-tab]")
    expect(banner).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    banner.locator("button[data-action=export-game]").click()
    ask = page.locator("#export-ask[open]")
    expect(ask).to_be_visible()  # the deal is in the file: asked first
    record = downloaded(app, page.locator("#export-assisted").click)
    assert any(aid["kind"] == "export" for aid in record.get("aids", [])), record
    expect(page.locator(".game .message")).to_contain_text("This game counts as assisted")
    banner.locator("button[data-action=take-theirs]").click()
    expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    other.page.close()
    page.evaluate(FULL, "boneyard.game.")
    try:
        my_turn_move(app)
        full = page.locator("#storage-banner[data-kind=full]")
        expect(full).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
        full.locator("button[data-action=export-game]").click()
        expect(ask).to_be_visible()  # the storage-full export asks too
        page.click("#export-wait")
        expect(page.locator(".game .message")).to_contain_text("Not exported")
    finally:
        page.evaluate(SPACE_AGAIN)
    my_turn_move(app)  # saved again: nothing of this tab's is left in memory only
    expect(page.locator("#storage-banner")).to_have_count(0)
    page.goto(f"{app.url}#/")
