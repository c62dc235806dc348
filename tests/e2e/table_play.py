"""The table games on the page as a player plays them: a game's setup screen (fresh, set_up), the
person's moves by click, keyboard or drag and drop (my_move; from the focus by the keyboard alone,
move_by_keyboard), a game played on to its end (play_to_game_over); the seats' names when none
were set (NAMES), and tables of many seats on double-9 (MANY_SEATS)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import App, box_of, settled, two_taps

TIMEOUT = 20_000
GAME_SECONDS = 120  # the most a game played to its end may take
PLAYABLE = ".hand-tile.playable, #actions [data-move]"  # what the person may move now
NAMES = ["You", "Ada", "Ben", "Cleo"]  # the seats' names when none were set (web/render/setup.js)
# tables of many seats on double-9: name -> (game, options, players)
MANY_SEATS: dict[str, tuple[str, dict[str, Any], int]] = {
    "tiddle-a-wink": ("tiddle-a-wink", {"set": "double-9", "players": 10}, 10),
    "matador": ("matador", {"set": "double-9", "players": 8}, 8),
    "draw-6": ("draw", {"set": "double-9", "players": 6}, 6),
    "draw-4": ("draw", {"set": "double-9", "players": 4}, 4),
}


def fresh(app: App, game: str) -> None:
    """Open a game's screen on its setup form (no saved game), computers at full speed."""
    page = app.page
    page.goto(f"{app.url}#/")
    settled(page)  # the game left saved (a computer's move the test before left under way): then forgotten
    page.evaluate("""game => {
      localStorage.removeItem('boneyard.game.' + game);
      localStorage.setItem('boneyard.table.speed.v1', JSON.stringify('instant'));
    }""", game)
    two_taps(page)  # these tests pick a tile, then its place (one tap: test_one_tap.py)
    page.goto(f"{app.url}#/play/{game}")
    expect(page.locator("#setup")).to_be_visible(timeout=TIMEOUT)


def set_up(app: App, options: dict[str, str], seats: list[str], seed: int, names: list[str] | None = None) -> None:
    """Set the game up on its setup form (options, each seat a person or a computer at its level, names, the
    deal's number) and start it."""
    page = app.page
    for key, value in options.items():
        page.select_option(f"#setup-{key}", value)
    for i, kind in enumerate(seats):
        page.select_option(f"#seat-type-{i}", "human" if kind == "human" else "ai")
        if kind != "human":
            page.select_option(f"#seat-level-{i}", kind.split(":")[1])
        if names:
            page.fill(f"#seat-name-{i}", names[i])
    assert page.locator(".seat-row").count() == len(seats)
    page.fill("#setup-seed", str(seed))
    page.click("#setup-start")
    expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=TIMEOUT)


# what a table's screen shows now, read in one look (one round trip, not one a question): a round's or
# the game's summary open (its kind and arithmetic), the pass screen open, whether it is a person's
# turn with the screen idle, the seat to move, the person's move buttons, selected tiles and
# playable tiles, the tiles of the hand shown and the places marked on the layout
TABLE_NOW = """() => {
  const summary = document.querySelector('#round-summary[open]');
  const arithmetic = summary && document.querySelector('#summary-arithmetic');
  return {
    to_move: document.querySelector('#table-screen')?.getAttribute('data-to-move') ?? null,
    hand: document.querySelectorAll('#hand .hand-tile').length,
    markers: document.querySelectorAll('#layout .end-marker').length,
    summary: summary ? summary.getAttribute('data-kind') : null,
    arithmetic: arithmetic ? arithmetic.innerText : null,
    passing: Boolean(document.querySelector('#pass-screen[open]')),
    mine: document.querySelector('#turn')?.getAttribute('data-whose') === 'you'
      && document.querySelector('#table-screen')?.getAttribute('data-busy') !== 'true',
    moves: document.querySelectorAll('#actions [data-move]').length,
    selected: document.querySelectorAll('.hand-tile.selected').length,
    tiles: document.querySelectorAll('.hand-tile.playable').length,
  };
}"""


def table_now(app: App) -> dict[str, Any]:
    """What the table's screen shows now, in one look (TABLE_NOW)."""
    now: dict[str, Any] = app.page.evaluate(TABLE_NOW)
    return now


def my_move(app: App, style: str = "click", now: dict[str, Any] | None = None) -> bool:
    """Make one move for the person to move, if it is a person's turn: True when moved. `now`: the
    screen as table_now has just read it (else it is read here)."""
    page = app.page
    now = now or table_now(app)
    if not now["mine"]:
        return False
    moves = page.locator("#actions [data-move]")
    if now["selected"] and now["moves"]:
        moves.first.click()  # Matador: which way round a matador goes
        return True
    tiles = page.locator(".hand-tile.playable")
    if now["tiles"]:
        two_taps(page)
        tile = tiles.first
        if style == "drag":
            # find a place this tile takes, let go of the selection, then drag it there
            slot = tile.get_attribute("data-slot")
            tile.click()
            end = page.locator(".end-marker.active").first.get_attribute("data-slot")
            page.keyboard.press("Escape")
            expect(page.locator(".end-marker.active")).to_have_count(0)
            source = box_of(page.locator(f'[data-slot="{slot}"]'))
            target = box_of(page.locator(f'[data-slot="{end}"]'))
            x, y = source["x"] + source["width"] / 2, source["y"] + source["height"] / 2
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(x + 12, y - 12, steps=3)
            page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=6)
            page.mouse.up()
            # the drop played it (or, for a matador, asks which way round)
            page.wait_for_function("""slot => !document.querySelector(`#hand [data-slot="${slot}"]`)
              || document.querySelector(".hand-tile.selected")""", arg=slot, timeout=TIMEOUT)
        elif style == "keyboard":
            tile.focus()
            page.keyboard.press("Enter")  # select: focus moves to the first legal place
            expect(page.locator(".end-marker.active").first).to_be_focused()
            page.keyboard.press("Enter")
        else:
            tile.click()
            page.locator(".end-marker.active").first.click()
        return True
    if now["moves"]:
        moves.first.click()  # draw, pass / "Go"
        return True
    return False


def play_to_game_over(app: App, styles: tuple[str, ...] = ("click",)) -> dict[str, Any]:
    """Play on (the person by the given input styles in turn) until the game-over dialog."""
    page = app.page
    seen: dict[str, Any] = {"rounds": 0, "arithmetic": [], "moves": 0}
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        now = table_now(app)
        if now["summary"] is not None:
            if now["arithmetic"] is not None:
                seen["arithmetic"].append(now["arithmetic"])
            if now["summary"] == "game-over":
                return seen
            seen["rounds"] += 1
            page.click("#next-round")
            continue
        if now["passing"]:
            page.click("#pass-ready")
            continue
        if my_move(app, styles[seen["moves"] % len(styles)], now):
            seen["moves"] += 1
            continue
        settled(page)
    pytest.fail(f"the game did not end within {GAME_SECONDS} s: {seen}")


def focused_matches(app: App, selector: str) -> bool:
    """Whether the element with the keyboard's focus matches `selector`."""
    return bool(app.page.evaluate("s => Boolean(document.activeElement?.matches(s))", selector))


def move_by_keyboard(app: App) -> None:
    """Make the person's move with the keyboard from where the focus is."""
    page = app.page
    if focused_matches(app, ".hand-tile.playable"):
        two_taps(page)
        page.keyboard.press("Enter")  # select: the focus moves to the first place it goes
        expect(page.locator(".end-marker.active").first).to_be_focused()
        page.keyboard.press("Enter")
        # which way round (Matador): the choice is drawn as the key is handled, with its Cancel (a
        # Draw button beside a tile not yet taken off the hand is no choice: Enter there would draw)
        if page.locator("#actions button", has_text="Cancel").count():
            page.keyboard.press("Enter")
    else:
        page.keyboard.press("Enter")  # draw or pass
