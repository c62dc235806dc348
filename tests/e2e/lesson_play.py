"""Following a game's guided deal on the page as a player would (test_lessons.py at a desktop's
size, test_lessons_phone.py on a phone's: two files, so the browsers running the suite side by
side share them out): open the lesson, wait for the person's next step, check what the guide
shows, make the step's move by its places or buttons, play the whole lesson to its end."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Page, ViewportSize, expect

from .conftest import ROOT, App, resign, screenshot, screenshots_wanted, serious, until_still
from .native_records import CATALOG

TIMEOUT = 20_000
LESSON_SECONDS = 90
SCREENS = ROOT / "test-results" / "screens" / "lessons"
LESSON_GAMES = [g["id"] for g in CATALOG if g["lesson"]]
TABLE_LESSON = next(g["id"] for g in CATALOG if g["lesson"] and g["players"]["min"] > 1)
SOLITAIRE = "luzon"
DEAD_SOLITAIRE_DEAL = 13  # Luzon's deal 13 with its usual options: no move at all
SIZES = {"desktop": ViewportSize(width=1280, height=800), "phone": ViewportSize(width=360, height=740),
         "sideways": ViewportSize(width=844, height=390)}
STORED_STATS = """{"format":1,"entries":{},"recent":[]}"""
STEP_SEEN = "_step_seen"  # the key of a settled view under which STEP_JS's reading of its step is kept


def settled_view(page: Page, timeout: float = LESSON_SECONDS * 1000) -> dict[str, Any] | None:
    """Once the page has settled (as conftest.settled waits for it: two frames after now, then
    html[data-settled=yes], within `timeout` ms), the engine's view of the game on screen, if the
    page is idle and shows it: one round trip to the page, not the three of a settled wait and a
    look. At a step with a note, what STEP_JS reads of the page then comes in the same round trip,
    kept in the view under STEP_SEEN (check_step's look, where nothing has happened since)."""
    seen = page.evaluate(SETTLED_VIEW_JS, timeout)
    if "unsettled" in seen:
        raise AssertionError(f"the page did not settle within {timeout / 1000:g} s; still under way: "
                             f"{seen['unsettled']}")
    view: dict[str, Any] | None = seen["view"]
    if view is not None and seen["step"] is not None:
        view[STEP_SEEN] = seen["step"]
    return view


def settled(page: Page, moves_before: int | None = None) -> dict[str, Any]:
    """Wait until the person's next step, or the lesson's end, is on screen; its view. Each look
    waits for the page's settled signal first (settled_view: no request, flight or turn timer
    under way), so the engine is asked for its view once the page is idle, not every frame."""
    deadline = time.monotonic() + LESSON_SECONDS
    while time.monotonic() < deadline:
        view = settled_view(page)
        if view and view.get("guide") and (moves_before is None or view["moves"] != moves_before):
            guide, seat = view["guide"], view["to_move"]
            mine = seat is not None and view["seats"][seat] == "human"
            if guide["done"] or (guide["note"] and mine):
                return view
    raise AssertionError("the lesson did not come to the person's next step")


def dialog_open(page: Page) -> bool:
    return page.locator("dialog.outcome[open]").count() > 0


def check_step(page: Page, view: dict[str, Any]) -> bool:
    """The note is shown and announced; every place it points at is on screen and marked. Whether
    a round's dialog is open over the board (where the note is then). All of it is read in one
    look at the page (STEP_JS, step_seen_right); only where that look finds something wrong are
    the checks made again one by one, as Playwright waits for them (step_checked), to fail with
    their message or pass once the page has caught up. The look is the one settled took with the
    view (STEP_SEEN), when it took one: check_step follows settled at once, nothing done between."""
    seen = view.get(STEP_SEEN) or page.evaluate(STEP_JS, [view["guide"]["point_at"], view["guide"]["note"]])
    if step_seen_right(seen):
        return bool(seen["dialog"])
    return step_checked(page, view)


def step_seen_right(seen: dict[str, Any]) -> bool:
    """What step_checked checks, on what STEP_JS read (None where it read something it does not judge
    as Playwright would: then step_checked looks)."""
    note = seen["note"]
    if note is None or any(place is None for place in seen["places"]):
        return False
    if seen["dialog"]:
        said = note["text"] == note["want"] and seen["describedby"] == note["id"]
    else:
        said = note["visible"] and note["want"] in note["text"] and note["live"] == "polite"
        said = said and seen["room"] == {"scrolls": False, "covered": [], "outside": []}
    return bool(said) and all(place["count"] and place["visible"] and place["marked"] for place in seen["places"])


def step_checked(page: Page, view: dict[str, Any]) -> bool:
    """check_step's checks, one by one: each with Playwright's waiting and message."""
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
    in_dialog = dialog_open(page)
    if not in_dialog:
        check_room(page, guide["point_at"])
    return in_dialog


ROOM_JS = """(keys) => {
  const box = (e) => e.getBoundingClientRect();
  const guide = box(document.querySelector('#guide'));
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const places = keys.flatMap((k) => [...document.querySelectorAll(`[data-key="${CSS.escape(k)}"]`)]).filter(shown);
  // and the buttons of the moves on screen (Draw, Pass, "Go", a tile's ways round, Clock's exchange)
  const buttons = [...document.querySelectorAll('button[data-move]')].filter(shown);
  const seen = [...places, ...buttons];
  const name = (e) => e.dataset.key ?? `button ${e.dataset.move}`;
  return {
    scrolls: document.documentElement.scrollHeight > innerHeight + 1,
    covered: seen.filter((e) => meets(box(e), guide)).map(name),
    outside: seen.filter((e) => box(e).bottom > innerHeight + 1 || box(e).top < -1).map(name),
  };
}"""


# Playwright's is_visible, in the page (here and in test_coach_review): the style visible, the box not
# empty; null for what it judges otherwise (display: contents), where the caller leaves the looking to
# Playwright
VISIBLE_JS = """(e) => {
  const style = getComputedStyle(e);
  if (style.display === 'contents') return null;
  if (!e.checkVisibility() || style.visibility !== 'visible') return false;
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}"""


STEP_JS = """([keys, want]) => {
  // Playwright's whitespace rule for text (expect's to_have_text, to_contain_text)
  const norm = (text) => text.replace(/\\u200b/g, '').trim().replace(/\\s+/g, ' ');
  const visible = VISIBLE_JS;
  // the element a strict locator finds (exactly one), its text as expect reads it (no script or style in it)
  const one = (selector) => {
    const found = document.querySelectorAll(selector);
    return found.length === 1 && !found[0].querySelector('script, style, noscript') ? found[0] : null;
  };
  const dialogs = document.querySelectorAll('dialog.outcome[open]');
  const dialog = dialogs.length > 0;
  const noteEl = dialogs.length > 1 ? null : one(dialog ? 'dialog.outcome[open] .guide-in-dialog' : '#guide-note');
  const shown = noteEl && visible(noteEl);
  const note = noteEl && shown !== null ? {text: norm(noteEl.textContent), want: norm(want), visible: shown,
    live: noteEl.getAttribute('aria-live'), id: noteEl.getAttribute('id')} : null;
  const keyed = [...document.querySelectorAll('[data-key]')];
  const places = keys.map((key) => {
    const all = keyed.filter((e) => e.dataset.key === key);
    const seen = all.map(visible);
    if (seen.includes(null)) return null;
    const inView = all.filter((e, i) => seen[i]);
    // on top: at its centre, no other part of the page over it (the one to look at, of several)
    const onTop = inView.some((e) => {
      const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return Boolean(hit) && e.contains(hit);
    });
    return {count: all.length, visible: inView.length, onTop,
      marked: inView.every((e) => (e.getAttribute('class') || '').includes('guided'))};
  });
  const describedby = dialogs.length === 1 ? dialogs[0].getAttribute('aria-describedby') : null;
  return {dialog, note, places, describedby, room: dialog ? null : (ROOM_JS)(keys)};
}""".replace("ROOM_JS", ROOM_JS).replace("VISIBLE_JS", VISIBLE_JS)


# the settled look (settled_view): once the page has settled, the engine's view of the game on screen and
# STEP_JS's reading of its step
SETTLED_VIEW_JS = """async (timeout) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  await frame();
  await frame();
  const root = document.documentElement;
  const settled = () => root.dataset.settled === 'yes';
  if (!settled() && !(await new Promise((resolve) => {
    const done = (ok) => { observer.disconnect(); clearTimeout(timer); resolve(ok); };
    const observer = new MutationObserver(() => { if (settled()) done(true); });
    const timer = setTimeout(() => done(false), timeout);
    observer.observe(root, {attributes: true, attributeFilter: ['data-settled']});
  }))) return {unsettled: root.dataset.settled ?? null};
  const board = document.querySelector('[data-session][data-moves]');
  if (!board || document.querySelector('.game.busy')) return {view: null};
  const answer = await window.boneyard.request({op: 'view', session: board.dataset.session});
  if (!answer.ok || String(answer.view.moves) !== board.dataset.moves) return {view: null};
  // the look at the step (check_step), in the same round trip, at a step that waits for the person
  const guide = answer.view.guide;
  const step = guide && guide.note && !guide.done ? (STEP_LOOK)([guide.point_at, guide.note]) : null;
  return {view: answer.view, step};
}""".replace("STEP_LOOK", STEP_JS)


def check_room(page: Page, keys: list[str]) -> None:
    """The play screen fits the viewport (no page scrolling) and the guide covers none of the
    places it points at nor the moves' buttons, each of them in view."""
    room = page.evaluate(ROOM_JS, keys)
    assert room == {"scrolls": False, "covered": [], "outside": []}, room


MOVED_JS = """(before) => Boolean(document.querySelector('.game.busy'))
  || document.querySelector('[data-moves]').dataset.moves !== before"""

# What make_move looks at after each click, in one look: whether the move was made (MOVED_JS), whether
# its button is visible (the first [data-move=ID], as Locator.first.is_visible), and which of a place's
# selectors (PLACES) finds a visible element (as Locator.filter(visible=True).count); visibility as
# Playwright's (the style visible, the box not empty), null where it judges otherwise (display: contents)
LOOK_JS = """([before, moveId, selectors]) => {
  const visible = VISIBLE_JS;
  const any = (elements) => {
    const seen = elements.map(visible);
    return seen.includes(true) ? true : seen.includes(null) ? null : false;
  };
  const first = [...document.querySelectorAll('[data-move]')].find((e) => e.dataset.move === moveId);
  let place = -1;  // the first selector with a visible element; null: not judged here
  for (const [i, selector] of selectors.entries()) {
    const found = any([...document.querySelectorAll(selector)]);
    if (found !== false) { place = found ? i : null; break; }
  }
  return {moved: (MOVED_JS)(before), button: first ? visible(first) : false, place};
}""".replace("MOVED_JS", MOVED_JS).replace("VISIBLE_JS", VISIBLE_JS)


def place_selectors(key: str) -> tuple[str, str]:
    """The visible place or tile with this data-key that the person can use (the hand's tile before
    the board's), else the place a move names (its data-slot: a Luzon column, whose key is the tile at
    its bottom)."""
    return (f'[data-key="{key}"][data-slot]:not([disabled]), button[data-key="{key}"]:not([disabled])',
            f'[data-slot="{key}"]:not([disabled])')


def click_place(page: Page, key: str, found: int | None = None) -> bool:
    """Click the place_selectors' first visible element for this key; False when there is none.
    `found`: which selector finds one, as LOOK_JS just saw (-1: none); else looked for here."""
    if found is not None and found >= 0:
        page.locator(place_selectors(key)[found]).filter(visible=True).first.click()
        return True
    for selector in place_selectors(key):
        places = page.locator(selector).filter(visible=True)
        if places.count():
            places.first.click()
            return True
    return False


def make_move(page: Page, move: dict[str, Any], suggested: bool = False, before: str | None = None) -> None:
    """Make a move as a player would: its button, else its tile (or the places it comes from),
    then the place it goes to; the suggested move, shown as a hint is, also by its marked places.
    `before`: the board's data-moves, when the caller knows it (the settled view's moves: the page
    has shown them since, waiting for the person), else read here. After each click one look
    (LOOK_JS) says what the next step needs: whether the move is made, its button is shown, the next
    place is there (where it sees none, click_place looks again as Playwright does)."""
    if before is None:
        before = page.locator("[data-moves]").first.get_attribute("data-moves")

    def moved() -> bool:
        return bool(page.evaluate(MOVED_JS, before))

    def look(key: str | None) -> dict[str, Any]:
        seen: dict[str, Any] = page.evaluate(LOOK_JS, [before, move["id"], list(place_selectors(key)) if key else []])
        return seen

    button = page.locator(f'[data-move="{move["id"]}"]').first
    sources = [move["tile"]] if move.get("tile") and move.get("from") == "hand" else move.get("from") or []
    keys = [sources] if isinstance(sources, str) else list(sources)
    to = move.get("to")
    ahead = [*keys, to] if to else keys  # the places to click, in turn
    seen = look(ahead[0] if ahead else None)
    if seen["button"] if seen["button"] is not None else button.is_visible():
        button.click()
        return
    for i, source in enumerate(keys):
        click_place(page, source, seen["place"] if seen["place"] != -1 else None)
        seen = look(ahead[i + 1] if i + 1 < len(ahead) else None)
        if seen["moved"]:
            return
        if seen["button"] if seen["button"] is not None else button.is_visible():  # the place offers its moves
            button.click()                                                            # (Clock's exchange)
            return
    if to and click_place(page, to, seen["place"] if seen["place"] != -1 else None):
        seen = look(None)
        if seen["button"] if seen["button"] is not None else button.is_visible():  # the tile goes there more
            button.click()                                                            # than one way: the choice
            return
        if seen["moved"] or not suggested:
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


def act(page: Page, view: dict[str, Any], move: dict[str, Any], in_dialog: bool | None = None) -> None:
    """The step's move: in a round's dialog its first button (the guide's move there), else the move.
    `in_dialog`: whether a round's dialog is open, when the caller has just seen it (check_step)."""
    if dialog_open(page) if in_dialog is None else in_dialog:
        page.locator("dialog.outcome[open] .actions button").first.click()
    else:
        make_move(page, move, suggested=move is view["guide"]["suggest"], before=str(view["moves"]))


def wrong_move(view: dict[str, Any]) -> dict[str, Any] | None:
    """A legal move the step does not accept, when it has one (and no dialog stands in the way)."""
    accepts = view["guide"]["accepts"]
    return next((m for m in view["legal"] if accepts and m["id"] not in accepts), None)


def open_lesson(app: App, game: str, size: ViewportSize) -> None:
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


def turned_with_marks(page: Page, view: dict[str, Any]) -> None:
    """A round's dialog whose note points at a part of it (the draw game's round score): the phone
    turned sideways and back, the dialog drawn again for each shape, what the note points at is
    still marked (the marks were lost with the parts drawn again)."""
    for size in (SIZES["sideways"], SIZES["phone"]):
        page.set_viewport_size(size)
        until_still(page)
        fresh = {key: value for key, value in view.items() if key != STEP_SEEN}
        assert check_step(page, fresh), f"the round's dialog closed at {size}"


def turned_to(page: Page, view: dict[str, Any], size: ViewportSize) -> None:
    """The step on a screen of another size: its note, the places it points at and the moves'
    buttons all in view there too, none under the guide (check_step, on the look settled takes
    with the view once the page has settled at that size: one round trip)."""
    page.set_viewport_size(size)
    turned = settled(page)
    assert turned["moves"] == view["moves"], f"the step changed when turned to {size}"
    assert not check_step(page, turned), f"a round's dialog opened at {size}"


def play_lesson(app: App, game: str, size_name: str, turn_to: ViewportSize | None = None) -> None:
    """The lesson played to its end by its guide, each step checked (check_step) and once a lesson
    its note's focus, axe, a move off the lesson and (on a desktop) the replay; its end. `turn_to`:
    a second size each step is checked at too, the page turned to it and back by turns (one turn a
    step: a step seen at one size is turned to the other and its move made there)."""
    page = app.page
    size = page.viewport_size
    stats_before = page.evaluate("localStorage.getItem('boneyard.stats.v1')")
    view = settled(page)
    steps = view["guide"]["steps"]
    wrong_done = checked_axe = replayed = False
    seen: list[int] = []
    while not view["guide"]["done"]:
        guide = view["guide"]
        seen.append(guide["step"])
        in_dialog = check_step(page, view)  # (read again after each of the once-a-lesson checks below)
        if not checked_axe and not in_dialog:
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
            in_dialog = dialog_open(page)
        if turn_to and size and not in_dialog:  # (before a move off the lesson changes what is offered)
            turned_to(page, view, turn_to if page.viewport_size == size else size)
        off = None if wrong_done or in_dialog else wrong_move(view)
        if off is not None:
            record = page.evaluate("""async () => (await window.boneyard.request({op: 'record',
              session: document.querySelector('[data-session]').dataset.session})).record""")
            make_move(page, off, before=str(view["moves"]))
            wrong = page.locator("#guide-note .guide-wrong")
            expect(wrong).to_be_visible(timeout=TIMEOUT)
            assert wrong.inner_text().strip()
            after = settled(page)
            assert after["moves"] == view["moves"] and after["guide"] == guide  # nothing changed
            assert page.evaluate("""async () => (await window.boneyard.request({op: 'record',
              session: document.querySelector('[data-session]').dataset.session})).record""") == record
            screenshot(page, SCREENS / f"{game}-{size_name}-wrong.png")
            wrong_done = True
            in_dialog = dialog_open(page)
        if size_name == "1280x800" and view["moves"] and not replayed and not in_dialog:
            page.click("button[data-action=coach]")  # the replay of the lesson so far opens, and closes back
            expect(page.locator("#coach")).to_be_visible(timeout=TIMEOUT)
            page.click("button[data-action=coach-close]")
            expect(page.locator("#guide-note")).to_be_visible(timeout=TIMEOUT)
            replayed = True
            in_dialog = dialog_open(page)
        if size_name == "1280x800" and not in_dialog and (look := view.get(STEP_SEEN)):
            places = zip(guide["point_at"], look["places"], strict=True)
            under = [key for key, place in places if place and not place["onTop"]]
            assert not under, f"step {guide['step']}: the note points at {under}, under another part of the page"
        if in_dialog:
            screenshot(page, SCREENS / f"{game}-{size_name}-dialog-step{guide['step']}.png")
            if size_name == "360x740" and guide["point_at"]:
                turned_with_marks(page, view)
        move = guide["suggest"] or view["legal"][0]
        act(page, view, move, in_dialog)
        view = settled(page, view["moves"])
    if size and page.viewport_size != size:  # the lesson's end at the walk's own size
        page.set_viewport_size(size)
        until_still(page)
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
