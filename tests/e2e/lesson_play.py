"""Following a game's guided deal on the page as a player would (test_lessons.py at a desktop's
size, test_lessons_phone.py on a phone's: two files, so the browsers running the suite side by
side share them out): open the lesson, wait for the person's next step, check what the guide
shows, make the step's move by its places or buttons, play the whole lesson to its end."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import ROOT, App, resign, screenshot, screenshots_wanted, serious
from .conftest import settled as page_settled
from .native_records import CATALOG

TIMEOUT = 20_000
LESSON_SECONDS = 90
SCREENS = ROOT / "test-results" / "screens" / "lessons"
LESSON_GAMES = [g["id"] for g in CATALOG if g["lesson"]]
TABLE_LESSON = next(g["id"] for g in CATALOG if g["lesson"] and g["players"]["min"] > 1)
SOLITAIRE = "luzon"
DEAD_SOLITAIRE_DEAL = 13  # Luzon's deal 13 with its usual options: no move at all
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 740}}
STORED_STATS = """{"format":1,"entries":{},"recent":[]}"""

VIEW_JS = """async () => {
  const board = document.querySelector('[data-session][data-moves]');
  if (!board || document.querySelector('.game.busy')) return null;
  const answer = await window.boneyard.request({op: 'view', session: board.dataset.session});
  if (!answer.ok || String(answer.view.moves) !== board.dataset.moves) return null;
  return answer.view;
}"""


def view_now(page: Page) -> dict[str, Any] | None:
    """The engine's view of the game on screen, once the page is idle and shows it."""
    view: dict[str, Any] | None = page.evaluate(VIEW_JS)
    return view


def settled(page: Page, moves_before: int | None = None) -> dict[str, Any]:
    """Wait until the person's next step, or the lesson's end, is on screen; its view. Each look
    waits for the page's settled signal first (conftest.settled: no request, flight or turn timer
    under way), so the engine is asked for its view once the page is idle, not every frame."""
    deadline = time.monotonic() + LESSON_SECONDS
    while time.monotonic() < deadline:
        page_settled(page, timeout=LESSON_SECONDS * 1000)
        view = view_now(page)
        if view and view.get("guide") and (moves_before is None or view["moves"] != moves_before):
            guide, seat = view["guide"], view["to_move"]
            mine = seat is not None and view["seats"][seat] == "human"
            if guide["done"] or (guide["note"] and mine):
                return view
    raise AssertionError("the lesson did not come to the person's next step")


def dialog_open(page: Page) -> bool:
    return page.locator("dialog.outcome[open]").count() > 0


def check_step(page: Page, view: dict[str, Any]) -> None:
    """The note is shown and announced; every place it points at is on screen and marked."""
    guide = view["guide"]
    if dialog_open(page):  # a round's end: the note comes in the dialog, over the board
        note = page.locator("dialog.outcome[open] .guide-in-dialog")
        expect(note).to_have_text(guide["note"])
        # read out with the dialog's title as it opens
        assert page.locator("dialog.outcome[open]").get_attribute("aria-describedby") == note.get_attribute("id")
    else:
        note = page.locator("#guide-note")
        expect(note).to_be_visible()
        expect(note).to_contain_text(guide["note"])
        assert note.get_attribute("aria-live") == "polite"
    for key in guide["point_at"]:
        places = page.locator(f'[data-key="{key}"]')
        assert places.count(), f"nothing on the page has data-key {key!r}"
        visible = [places.nth(i) for i in range(places.count()) if places.nth(i).is_visible()]
        assert visible, f"{key!r} is not visible"
        assert all("guided" in (p.get_attribute("class") or "") for p in visible), f"{key!r} is not marked"
    if not dialog_open(page):
        check_room(page, guide["point_at"])


ROOM_JS = """(keys) => {
  const box = (e) => e.getBoundingClientRect();
  const guide = box(document.querySelector('#guide'));
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const places = keys.flatMap((k) => [...document.querySelectorAll(`[data-key="${CSS.escape(k)}"]`)]).filter(shown);
  return {
    scrolls: document.documentElement.scrollHeight > innerHeight + 1,
    covered: places.filter((e) => meets(box(e), guide)).map((e) => e.dataset.key),
    outside: places.filter((e) => box(e).bottom > innerHeight + 1 || box(e).top < -1).map((e) => e.dataset.key),
  };
}"""


def check_room(page: Page, keys: list[str]) -> None:
    """The play screen fits the viewport (no page scrolling) and the guide covers none of the
    places it points at, each of them in view."""
    room = page.evaluate(ROOM_JS, keys)
    assert room == {"scrolls": False, "covered": [], "outside": []}, room


MOVED_JS = """(before) => Boolean(document.querySelector('.game.busy'))
  || document.querySelector('[data-moves]').dataset.moves !== before"""


def click_place(page: Page, key: str) -> bool:
    """Click the visible place or tile with this data-key that the person can use (the hand's tile
    before the board's), else the place a move names (its data-slot: a Luzon column, whose key is
    the tile at its bottom); False when there is none."""
    for selector in (f'[data-key="{key}"][data-slot]:not([disabled]), button[data-key="{key}"]:not([disabled])',
                     f'[data-slot="{key}"]:not([disabled])'):
        places = page.locator(selector)
        for i in range(places.count()):
            if places.nth(i).is_visible():
                places.nth(i).click()
                return True
    return False


def make_move(page: Page, move: dict[str, Any], suggested: bool = False) -> None:
    """Make a move as a player would: its button, else its tile (or the places it comes from),
    then the place it goes to; the suggested move, shown as a hint is, also by its marked places."""
    before = page.locator("[data-moves]").first.get_attribute("data-moves")

    def moved() -> bool:
        return bool(page.evaluate(MOVED_JS, before))

    button = page.locator(f'[data-move="{move["id"]}"]')
    if button.count() and button.first.is_visible():
        button.first.click()
        return
    sources = [move["tile"]] if move.get("tile") and move.get("from") == "hand" else move.get("from") or []
    for source in [sources] if isinstance(sources, str) else sources:
        click_place(page, source)
        if moved():
            return
        if button.count() and button.first.is_visible():  # the place offers its moves (Clock's exchange)
            button.first.click()
            return
    if move.get("to") and click_place(page, move["to"]):
        if button.count() and button.first.is_visible():  # the tile goes there more than one way: the choice
            button.first.click()
            return
        if moved() or not suggested:
            return  # made (or, for a move off the lesson, answered: nothing changes)
    for _ in range(3) if suggested else ():  # the places the page marks for the suggestion, in turn
        hinted = page.locator(".hinted[data-slot]:not([disabled]):visible")
        if not hinted.count():
            break
        hinted.first.click()
        if moved():
            return
    if suggested:
        raise AssertionError(f"the move {move.get('you')!r} could not be made on the page")


def act(page: Page, view: dict[str, Any], move: dict[str, Any]) -> None:
    """The step's move: in a round's dialog its first button (the guide's move there), else the move."""
    if dialog_open(page):
        page.locator("dialog.outcome[open] .actions button").first.click()
    else:
        make_move(page, move, suggested=move is view["guide"]["suggest"])


def wrong_move(view: dict[str, Any]) -> dict[str, Any] | None:
    """A legal move the step does not accept, when it has one (and no dialog stands in the way)."""
    accepts = view["guide"]["accepts"]
    return next((m for m in view["legal"] if accepts and m["id"] not in accepts), None)


def open_lesson(app: App, game: str, size: dict[str, int]) -> None:
    """The lesson's link on a page with some statistics kept and no game saved, computers at once,
    forced moves made by themselves (the setting): a step's note must stop them."""
    page = app.page
    page.set_viewport_size(size)
    page.goto(f"{app.url}#/")
    page.evaluate("""([game, stats]) => {
      localStorage.removeItem('boneyard.game.' + game);
      localStorage.setItem('boneyard.stats.v1', stats);
      localStorage.setItem('boneyard.table.speed.v1', JSON.stringify('instant'));
      localStorage.setItem('boneyard.settings.v1', JSON.stringify({animation: 'off', autoForced: true}));
    }""", [game, STORED_STATS])
    if page.evaluate("document.documentElement.dataset.motion") != "off":  # the settings are read as the page loads
        page.reload()
        app.wait_ready()
    assert page.evaluate("document.documentElement.dataset.motion") == "off"
    page.goto(f"{app.url}#/play/{game}?lesson=1")
    app.wait_ready()
    expect(page.locator("#guide")).to_be_visible(timeout=TIMEOUT)


def play_lesson(app: App, game: str, size_name: str) -> None:
    page = app.page
    stats_before = page.evaluate("localStorage.getItem('boneyard.stats.v1')")
    view = settled(page)
    steps = view["guide"]["steps"]
    wrong_done = checked_axe = replayed = False
    seen: list[int] = []
    while not view["guide"]["done"]:
        guide = view["guide"]
        seen.append(guide["step"])
        check_step(page, view)
        if not checked_axe and not dialog_open(page):
            note = page.locator("#guide-note")  # the keyboard reaches the note
            assert note.get_attribute("tabindex") == "0"
            note.focus()
            expect(note).to_be_focused()
            assert not (problems := serious(page)), problems
            screenshot(page, SCREENS / f"{game}-{size_name}-step{guide['step']}.png")
            if screenshots_wanted():  # the same in dark colours, for people to look at
                page.emulate_media(color_scheme="dark")
                screenshot(page, SCREENS / f"{game}-{size_name}-step{guide['step']}-dark.png")
                page.emulate_media(color_scheme="light")
            checked_axe = True
        off = None if wrong_done or dialog_open(page) else wrong_move(view)
        if off is not None:
            record = page.evaluate("""async () => (await window.boneyard.request({op: 'record',
              session: document.querySelector('[data-session]').dataset.session})).record""")
            make_move(page, off)
            wrong = page.locator("#guide-note .guide-wrong")
            expect(wrong).to_be_visible(timeout=TIMEOUT)
            assert wrong.inner_text().strip()
            after = settled(page)
            assert after["moves"] == view["moves"] and after["guide"] == guide  # nothing changed
            assert page.evaluate("""async () => (await window.boneyard.request({op: 'record',
              session: document.querySelector('[data-session]').dataset.session})).record""") == record
            screenshot(page, SCREENS / f"{game}-{size_name}-wrong.png")
            wrong_done = True
        if size_name == "1280x800" and view["moves"] and not replayed and not dialog_open(page):
            page.click("button[data-action=coach]")  # the replay of the lesson so far opens, and closes back
            expect(page.locator("#coach")).to_be_visible(timeout=TIMEOUT)
            page.click("button[data-action=coach-close]")
            expect(page.locator("#guide-note")).to_be_visible(timeout=TIMEOUT)
            replayed = True
        if dialog_open(page):
            screenshot(page, SCREENS / f"{game}-{size_name}-dialog-step{guide['step']}.png")
        move = guide["suggest"] or view["legal"][0]
        act(page, view, move)
        view = settled(page, view["moves"])
    assert seen == list(range(1, steps + 1)), seen
    assert wrong_done, "no step of the lesson offered a move off it"
    assert replayed or size_name != "1280x800", "the replay was never opened during the lesson"
    ending = view["guide"]["ending"]
    if view["outcome"]:  # the game's end: the ending in its dialog, with the way to a real game
        dialog = page.locator("dialog.outcome[open]")
        expect(dialog.locator(".guide-in-dialog")).to_have_text(ending)
        expect(dialog.locator("[data-action=real-game]")).to_be_visible()
        # one message and one button: not the guide's buttons too, behind the dialog
        expect(page.locator("[data-action=real-game]:visible, [data-action=keep-playing]:visible")).to_have_count(1)
        said = dialog.inner_text().lower()
        assert said.count("won") <= 1, said
    else:
        if dialog_open(page):  # the round's end: the ending in its dialog, with both ways on
            expect(page.locator("dialog.outcome[open] .guide-in-dialog")).to_have_text(ending)
            expect(page.locator("dialog.outcome[open] [data-action=real-game]")).to_be_visible()
            keep = page.locator("dialog.outcome[open] [data-action=keep-playing]")
        else:
            expect(page.locator("#guide-note")).to_contain_text(ending)
            keep = page.locator("[data-action=keep-playing]")
        expect(keep).to_be_visible()
        screenshot(page, SCREENS / f"{game}-{size_name}-done.png")
        keep.click()
        expect(page.locator("#guide-note")).to_contain_text("unguided", timeout=TIMEOUT)
        expect(page.locator("dialog.outcome[open]")).to_have_count(0)
        expect(page.locator("#guide [data-action=keep-playing]")).to_be_hidden()
        expect(page.locator("#guide [data-action=real-game]")).to_be_visible()
        assert not (problems := serious(page)), problems
        resign(page)  # the game ends: still not counted
        expect(page.locator("dialog.outcome[open] [data-action=real-game]")).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("localStorage.getItem('boneyard.stats.v1')") == stats_before
    assert page.evaluate(f"localStorage.getItem('boneyard.game.{game}')") is None  # never saved
    page.locator("dialog.outcome[open] [data-action=real-game]").click()
    expect(page.locator("#guide")).to_be_hidden(timeout=TIMEOUT)
    assert page.evaluate("localStorage.getItem('boneyard.stats.v1')") == stats_before
