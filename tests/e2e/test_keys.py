"""The keyboard and the fast ways through a table game: where the focus goes when the person's
turn begins (after Start, after the computers' turns, after a round), the shortcut keys and
their help overlay ("?"), "Skip to my turn", the setting that makes forced moves by itself,
the colour theme setting, the person's name kept for every table game, and the sound setting."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

from tests.typed import known

from .conftest import SCREEN_TIMEOUT_MS, App, computer_speed, follow_link, play_a_move, settled, started_again
from .table_play import PLAYABLE, TIMEOUT, focused_matches, fresh, move_by_keyboard, set_up

# setTimeout is counted (COUNT_PAUSES); `paced()` puts it back, so the next module starts in place
pytestmark = pytest.mark.patches_page(undo="() => { window.paced?.(); delete window.paced; }")


def settle_turn(app: App) -> str:
    """Wait until the person may move (and the screen is idle) or a round or game is over: "me" or "summary"."""
    page = app.page
    page.wait_for_function("""() => {
      if (document.querySelector('#round-summary[open]')) return true;
      const board = document.querySelector('#table-screen');
      return board && board.dataset.busy === 'false' && document.querySelector('#turn')?.dataset.whose === 'you'
        && document.querySelector('.hand-tile.playable, #actions [data-move]');
    }""", timeout=TIMEOUT)
    settled(page)  # the drawing that follows the answer
    return "summary" if page.locator("#round-summary[open]").count() else "me"


def test_focus_follows_the_turn_from_start_to_the_next_round(app: App) -> None:
    fresh(app, "draw")
    set_up(app, {"set": "double-6", "players": "3", "target": "50"}, ["human", "ai:easy", "ai:easy"], seed=3)
    page = app.page
    turns = 0
    deadline = time.monotonic() + 90
    while settle_turn(app) == "me":
        assert time.monotonic() < deadline, "the round did not end"
        # after Start, and after each computers' turn, the keyboard is on something the person can play
        assert focused_matches(app, PLAYABLE), page.evaluate("document.activeElement?.outerHTML")
        move_by_keyboard(app)
        turns += 1
    assert turns >= 2
    # after a round: the next round's button
    expect(page.locator("#next-round")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#table-screen")).to_have_attribute("data-round", "2", timeout=TIMEOUT)
    assert settle_turn(app) == "me"
    assert focused_matches(app, PLAYABLE)


def test_help_overlay_opens_by_question_mark_and_closes_three_ways(app: App) -> None:
    fresh(app, "draw")
    set_up(app, {"set": "double-6", "players": "2", "target": "50"}, ["human", "ai:easy"], seed=3)
    page = app.page
    help_box = page.locator("#keys-help")
    assert settle_turn(app) == "me"
    before = page.evaluate("document.activeElement.dataset.slot || document.activeElement.dataset.move")
    assert before
    for close in ("Escape", "button", "outside"):
        page.keyboard.press("?")
        expect(help_box).to_be_visible()
        expect(page.locator("#keys-help-close")).to_be_focused()
        for words in ("Draw a tile, or pass", "Hint", "Undo", "Redo", "Skip to my turn", "New game", "Replay", "More"):
            expect(help_box).to_contain_text(words)
        if close == "Escape":
            page.keyboard.press("Escape")
        elif close == "button":
            page.click("#keys-help-close")
        else:
            page.mouse.click(3, 3)  # the backdrop
        expect(help_box).to_be_hidden()
        # the keyboard is back where it was
        assert page.evaluate("document.activeElement.dataset.slot || document.activeElement.dataset.move") == before
    # the side panel's button opens it too
    page.locator('[data-action="keys"]').click()
    expect(help_box).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator('[data-action="keys"]')).to_be_focused()


@pytest.mark.parametrize("nothing", ["the page", "the body"])
def test_help_closed_gives_the_keyboard_to_a_control_when_nothing_had_it(app: App, nothing: str) -> None:
    """"?" pressed while no control has the keyboard (the page's main area, focused by the page after
    a navigation, or the body after a click on nothing): once the help closes, the keyboard is on the
    board's first control, not left on something Tab and Enter do nothing with."""
    page = app.page
    page.set_viewport_size({"width": 1280, "height": 800})
    try:
        fresh(app, "draw")
        set_up(app, {"set": "double-6", "players": "2", "target": "50"}, ["human", "ai:easy"], seed=3)
        assert settle_turn(app) == "me"
        page.evaluate("nothing => nothing === 'the page' ? document.querySelector('main#view').focus()"
                      " : document.activeElement.blur()", nothing)
        assert page.evaluate("document.activeElement.matches('main#view, body')")
        page.keyboard.press("?")
        expect(page.locator("#keys-help-close")).to_be_focused()
        page.keyboard.press("Escape")
        expect(page.locator("#keys-help")).to_be_hidden()
        expect(page.locator(".hand-tile.playable, #actions [data-move]").first).to_be_focused()
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


KEYS_OF_GAMES = {  # the game's link, and the draw-or-pass key's words in its help (None: no such key)
    "luzon": ("#/play/luzon?deal=5&variant=twelve", None),
    "clock": ("#/play/clock?deal=1&exchange=true", None),
    "big-clock": ("#/play/big-clock?deal=21&set=double-6", "Draw a tile, when"),
    "tiddle-a-wink": ("#/play/tiddle-a-wink?deal=3&set=double-6&players=2&seats=human,ai:easy", "Pass, when"),
    "matador": ("#/play/matador?deal=5&set=double-6&players=2&seats=human,ai:easy", "Draw a tile, or pass, when"),
}


@pytest.mark.parametrize("game", list(KEYS_OF_GAMES))
def test_help_lists_only_the_keys_the_game_has(app: App, game: str) -> None:
    """The draw-or-pass key ("d") is listed, in the game's own words, only where the game has a draw or a
    pass (Luzon and Clock have neither): taken from the catalog, not from the game's name."""
    link, words = KEYS_OF_GAMES[game]
    page = app.page
    follow_link(app, link)
    expect(page.locator(".game.busy")).to_have_count(0, timeout=TIMEOUT)
    expect(page.locator("#board, #table-screen").first).to_have_attribute("data-moves", re.compile(r"\d"),
                                                                          timeout=TIMEOUT)
    page.locator('[data-action="keys"]').evaluate("b => b.click()")  # the side panel's button
    help_box = page.locator("#keys-help")
    expect(help_box).to_be_visible()
    keys = page.eval_on_selector_all("#keys-help .keys-row", "rows => rows.map((r) => [r.querySelector('kbd')"
                                      ".textContent, r.querySelector('dd').textContent])")
    listed = dict(keys)
    if words is None:
        assert "d" not in listed and not [k for k in keys if re.search(r"draw|pass", k[1], re.I)], keys
    else:
        assert listed.get("d", "").startswith(words), keys
    for key in ("h", "u", "r", "n", "p", "?"):
        assert key in listed, keys
    page.keyboard.press("Escape")
    expect(help_box).to_be_hidden()
    assert not app.errors


def test_the_keys_button_is_offered_where_there_is_a_keyboard_not_on_a_touch_screen(app: App, phone: App) -> None:
    """"Keyboard keys (?)" in the side column of a desktop; not in the More panel of a phone, where
    nothing has a keyboard to press them (the "?" key still opens the help where one is attached)."""
    for screen, shown in ((app, True), (phone, False)):
        page = screen.page
        follow_link(screen, "#/play/draw?set=double-6&players=2")
        expect(page.locator("#table-screen")).to_be_visible(timeout=TIMEOUT)
        if not page.locator("[data-action=resign]").is_visible():
            page.click(".more-button")
            expect(page.locator("[data-action=resign]")).to_be_visible()
        keys = page.locator("button[data-action=keys]")
        expect(keys).to_be_visible() if shown else expect(keys).to_be_hidden()


def test_shortcut_keys_act_and_leave_typing_and_browser_keys_alone(app: App) -> None:
    fresh(app, "draw")
    set_up(app, {"set": "double-6", "players": "2", "target": "100"}, ["human", "ai:easy"], seed=3)
    page = app.page
    board = page.locator("#table-screen")
    assert settle_turn(app) == "me"
    # a key with Ctrl, Alt or Meta is the browser's: not taken
    taken = page.evaluate("""() => ['h', 'd', 'n'].map((key) => {
      const event = new KeyboardEvent('keydown', {key, ctrlKey: true, bubbles: true, cancelable: true});
      document.body.dispatchEvent(event);
      return event.defaultPrevented;
    })""")
    assert taken == [False, False, False]
    expect(page.locator("#hint-text")).to_be_hidden()
    page.keyboard.press("h")
    expect(page.locator("#hint-text")).to_be_visible(timeout=TIMEOUT)
    # a tile played, then undone by "u" and made again by "r"
    page.locator(".hand-tile.playable").first.focus()
    move_by_keyboard(app)
    assert settle_turn(app) == "me"
    expect(board).to_have_attribute("data-busy", "false")
    moves = board.get_attribute("data-moves")
    page.evaluate("() => document.activeElement.blur()")  # the keys work with the focus anywhere
    page.keyboard.press("u")
    expect(board).not_to_have_attribute("data-moves", moves, timeout=TIMEOUT)
    expect(board).to_have_attribute("data-busy", "false")
    page.keyboard.press("r")
    expect(board).to_have_attribute("data-moves", moves, timeout=TIMEOUT)
    # draw by "d" when drawing is a move, else play
    drew = False
    deadline = time.monotonic() + 60
    while not drew:
        assert time.monotonic() < deadline, "no draw came up"
        assert settle_turn(app) == "me"
        made = int(known(board.get_attribute("data-moves")))
        if page.locator('#actions [data-move="draw"]').count():
            page.keyboard.press("d")
            drew = True
        else:
            page.locator(".hand-tile.playable").first.focus()
            move_by_keyboard(app)
        expect(board).not_to_have_attribute("data-moves", str(made), timeout=TIMEOUT)
    expect(page.locator("#log li").first).to_contain_text("draw", timeout=TIMEOUT)
    # m opens the side panel (on a small screen), p the replay, n the setup
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        page.keyboard.press("m")
        expect(page.locator(".more-button")).to_have_attribute("aria-expanded", "true")
        page.keyboard.press("m")
        expect(page.locator(".more-button")).to_have_attribute("aria-expanded", "false")
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
    page.keyboard.press("p")
    expect(page.locator("section.game")).to_have_attribute("data-screen-phase", "replaying", timeout=TIMEOUT)
    page.click('[data-action="coach-close"]')
    expect(page.locator("section.game")).not_to_have_attribute("data-screen-phase", "replaying", timeout=TIMEOUT)
    page.keyboard.press("n")
    expect(page.locator("#setup")).to_be_visible(timeout=TIMEOUT)
    # typing in a field takes no shortcut: "?" and "n" are letters of a name there
    page.fill("#seat-name-0", "")
    page.locator("#seat-name-0").press_sequentially("Ann?")
    expect(page.locator("#seat-name-0")).to_have_value("Ann?")
    expect(page.locator("#keys-help")).to_be_hidden()


def slow_table(app: App, seats: int) -> None:
    """Tiddle-A-Wink at `seats` seats, the person first, the computers at the slow pace."""
    fresh(app, "tiddle-a-wink")
    computer_speed(app.page, "slow")
    app.page.goto(f"{app.url}#/")  # the screen opened again reads the pace (play/controller.js), no load needed
    app.page.goto(f"{app.url}#/play/tiddle-a-wink")
    expect(app.page.locator("#setup")).to_be_visible(timeout=TIMEOUT)
    set_up(app, {"set": "double-12", "players": str(seats)}, ["human"] + ["ai:easy"] * (seats - 1), seed=5)


SLOW_PAUSE_MS = 1600  # the slow pace's pause before each computer's move (web/store/table.js SPEEDS)

# From the next click or key on, the page's timers of `pause` ms that run out (the pace's pauses
# between the computers' moves; one set before then and cleared is not one), until `paced()`
# says how many and puts setTimeout back.
COUNT_PAUSES = """(pause) => {
  const native = window.setTimeout;
  let armed = false, ran = 0;
  const arm = () => { armed = true; };
  addEventListener('click', arm, {capture: true});
  addEventListener('keydown', arm, {capture: true});
  window.setTimeout = (fn, ms, ...rest) => native(() => { if (armed && ms === pause) ran += 1; fn(...rest); }, ms);
  window.paced = () => {
    window.setTimeout = native;
    removeEventListener('click', arm, {capture: true});
    removeEventListener('keydown', arm, {capture: true});
    return ran;
  };
}"""


def test_skip_to_my_turn_plays_the_computers_turns_at_once(app: App) -> None:
    """Skipped, the computers' turns are made one after another with none of the pace's pauses
    (which nine seats at the slow pace would take 14 s over): counted, not timed, so that a slow
    machine's answers do not fail it."""
    page = app.page
    slow_table(app, 10)
    skip = page.locator('[data-action="skip"]')
    board = page.locator("#table-screen")
    for use in ("button", "key"):
        # the person's turn: no skip
        deadline = time.monotonic() + 60
        while page.get_attribute("#turn", "data-whose") != "you" or board.get_attribute("data-busy") == "true":
            assert time.monotonic() < deadline
            settled(page)
        expect(skip).to_be_hidden()
        moves = int(known(board.get_attribute("data-moves")))
        page.locator(PLAYABLE).first.focus()
        move_by_keyboard(app)
        # the computers' turns: nine seats at 1.6 s each; skipped, they are over at once
        expect(skip).to_be_visible(timeout=TIMEOUT)
        if use == "key":
            page.evaluate("() => document.activeElement.blur()")
        page.evaluate(COUNT_PAUSES, SLOW_PAUSE_MS)
        try:
            if use == "button":
                skip.click()
            else:
                page.keyboard.press("s")
            expect(page.locator('#turn[data-whose="you"], #round-summary[open]').first).to_be_visible(
                timeout=SCREEN_TIMEOUT_MS)
            assert int(known(board.get_attribute("data-moves"))) >= moves + 9
        finally:
            paused = page.evaluate("() => window.paced()")
        assert paused == 0, f"{paused} of the pace's pauses came after the skip"
        expect(skip).to_be_hidden()
        if page.locator("#round-summary[open]").count():
            break


def test_forced_moves_wait_for_the_person_unless_the_setting_makes_them(app: App) -> None:
    fresh(app, "draw")
    set_up(app, {"set": "double-6", "players": "2", "target": "100"}, ["human", "ai:easy"], seed=3)
    page = app.page
    board = page.locator("#table-screen")

    def until_forced_draw() -> None:
        """Play tiles until the person's only move is a draw."""
        deadline = time.monotonic() + 60
        while True:
            assert time.monotonic() < deadline, "no forced draw came up"
            if settle_turn(app) == "summary":
                page.click("#next-round")
                continue
            if not page.locator(".hand-tile.playable").count():
                return
            page.locator(".hand-tile.playable").first.focus()
            move_by_keyboard(app)

    until_forced_draw()
    moves = board.get_attribute("data-moves")
    settled(page)  # off (the default): nothing is due, the draw waits for the person
    assert board.get_attribute("data-moves") == moves
    expect(page.locator('#actions [data-move="draw"]')).to_be_visible()
    page.evaluate("""s => localStorage.setItem('boneyard.settings.v1', s)""", json.dumps({"autoForced": True}))
    started_again(app.page, app.page.url)
    # on: the game comes back and the draw is made by itself, in the log like any move
    expect(page.locator("#log li").first).to_contain_text("draw", timeout=TIMEOUT)
    assert int(known(board.get_attribute("data-moves"))) > int(known(moves))
    log = page.locator("#log li").all_inner_texts()
    assert any(line.startswith("You") and "draw" in line for line in log), log
    page.evaluate("() => localStorage.removeItem('boneyard.settings.v1')")


def test_theme_setting_light_dark_or_the_system(app: App) -> None:
    page = app.page
    page.goto(f"{app.url}#/settings")
    background = "() => getComputedStyle(document.body).backgroundColor"
    light, dark = "rgb(243, 239, 230)", "rgb(22, 27, 33)"
    try:
        page.emulate_media(color_scheme="dark")
        expect(page.locator("#setting-theme-system")).to_be_checked()  # the default
        assert page.evaluate(background) == dark
        page.check("#setting-theme-light")
        assert page.evaluate(background) == light
        page.emulate_media(color_scheme="light")
        page.check("#setting-theme-dark")
        assert page.evaluate(background) == dark
        # the page started again from what is stored, in place (a load reads and applies the
        # settings the same way: web/app.js applySettings(loadSettings()); not stored, the theme
        # would be the system's, light)
        started_again(app.page, app.page.url)
        expect(page.locator("#setting-theme-dark")).to_be_checked()
        assert page.evaluate(background) == dark  # kept
        page.check("#setting-theme-system")
        assert page.evaluate(background) == light
    finally:
        page.emulate_media(color_scheme="light")
        page.evaluate("() => localStorage.removeItem('boneyard.settings.v1')")


def test_the_persons_name_is_kept_for_the_games_not_set_up_yet(app: App) -> None:
    page = app.page
    forget = """() => ['round-the-clock', 'matador']
      .forEach((g) => localStorage.removeItem('boneyard.table.names.v1.' + g))"""
    try:
        page.goto(f"{app.url}#/settings")
        page.evaluate(forget)
        expect(page.locator("#setting-player-name")).to_have_value("")  # none: "You"
        page.fill("#setting-player-name", "Ann")
        page.locator("#setting-player-name").press("Tab")
        fresh(app, "round-the-clock")
        expect(page.locator("#seat-name-0")).to_have_value("Ann")
        set_up(app, {"players": "2"}, ["human", "ai:easy"], seed=4)
        expect(page.locator(".seat").first).to_contain_text("Ann")
        # another game too; a name typed at one table's setup stays that table's
        fresh(app, "matador")
        expect(page.locator("#seat-name-0")).to_have_value("Ann")
        page.fill("#seat-name-0", "Bo")
        set_up(app, {"set": "double-9", "players": "3"}, ["human", "ai:easy", "ai:easy"], seed=2)
        expect(page.locator(".seat").first).to_contain_text("Bo")
        page.goto(f"{app.url}#/settings")
        expect(page.locator("#setting-player-name")).to_have_value("Ann")
    finally:
        page.evaluate("() => localStorage.removeItem('boneyard.player.name.v1')")
        page.evaluate(forget)


def test_sound_is_off_by_default_and_never_before_a_first_tap(app: App) -> None:
    page = app.page
    html = page.locator("html")
    link = "#/play/draw?deal=7&set=double-6&target=50&seats=human,ai:easy"

    def open_fresh(new_document: bool) -> None:
        """The game link, no saved game, the page started again from what is stored: in a new
        document (a load: no tap on it yet), or in place (conftest.started_again)."""
        page.goto(f"{app.url}#/")
        page.evaluate("""() => Object.keys(localStorage).filter((k) => k.startsWith('boneyard.game.'))
          .forEach((k) => localStorage.removeItem(k))""")
        if new_document:
            page.reload()
            app.wait_ready()
        else:
            started_again(app.page, app.page.url)
        page.goto(app.url + link)
        assert settle_turn(app) == "me"

    def play_one() -> None:
        moves = page.locator("#table-screen").get_attribute("data-moves")
        play_a_move(page)
        expect(page.locator("#table-screen")).not_to_have_attribute("data-moves", moves, timeout=TIMEOUT)
        settle_turn(app)

    try:
        open_fresh(new_document=False)  # (taps before it do not matter: the sound is off)
        play_one()
        expect(html).not_to_have_attribute("data-sound-played", re.compile("."))  # off: none
        page.evaluate("s => localStorage.setItem('boneyard.settings.v1', s)", json.dumps({"sound": "on"}))
        open_fresh(new_document=True)
        settled(page)
        expect(html).not_to_have_attribute("data-sound-played", re.compile("."))  # on, but no tap yet
        play_one()
        expect(html).to_have_attribute("data-sound-played", re.compile("^(place|draw|turn|won)$"))
    finally:
        page.evaluate("() => localStorage.removeItem('boneyard.settings.v1')")


def test_no_console_error(app: App) -> None:
    assert app.errors == []
