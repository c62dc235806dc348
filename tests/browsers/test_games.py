"""Every game in Chromium, Firefox and WebKit, as a player plays it: a fixed deal opened by its link,
a hint, a move by click and one by keyboard, undo (and redo by its key, back to the same move), the
keys' help and the More panel (on a narrow screen) closed by Esc, a reload that resumes the saved
game (a solitaire says so), on to the solitaire's end or the table's first round end (the computers
at instant pace; its summary closed by Esc, the score sheet's names read on a phone, the second round
played to its end and its score sheet looked at held sideways, the replay opened by its key; Matador's
and Round the Clock's deals are over in that round: the last summary closed by Esc leaves "Show the
result"), then the replay and the review (a decision rated, at least). No console error (conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.e2e.page_measures import SHEET_FIT

from .drivers import WINDOW, Page
from .scenes import (
    SCREEN_S,
    SOLITAIRE_DEALS,
    TABLE_DEALS,
    exists,
    moves,
    open_link,
    replay_and_review,
    solitaire_move,
    solitaire_to_the_end,
    table_move,
    table_round_to_its_end,
    wait_moves,
    wait_ready,
)


def reload_resumes(page: Page, board: str) -> None:
    """A reload shows the saved game at the same move (a solitaire says it resumed it)."""
    count = moves(page, board)
    page.reload()
    wait_ready(page)
    wait_moves(page, board, count)
    if board == "#board":
        page.wait("() => /Resumed/.test(document.querySelector('.game .message')?.textContent ?? '')",
                  timeout_s=SCREEN_S, what="the message that the game was resumed")


def hint_shown(page: Page, says: str = "") -> None:
    """The Hint button, on the person's turn, shows a hint (its text containing `says`)."""
    page.click("button[data-action=hint]")
    page.wait(f"() => {{ const text = document.querySelector('#hint-text');"
              f" return Boolean(text?.offsetParent) && text.textContent.includes({says!r}); }}",
              timeout_s=SCREEN_S, what="the hint")


def game_over_leaves_a_way_on(page: Page) -> None:
    """The game's last summary closed by Esc leaves a way back to it ("Show the result")."""
    esc_closes(page, exists("#round-summary[open]"), "() => !document.querySelector('#round-summary[open]')")
    page.click("button[data-action=show-result]")
    page.wait(exists("#round-summary[open], #outcome[open]"), timeout_s=SCREEN_S, what="the result again")


def esc_closes(page: Page, opened: str, closed: str) -> None:
    """Esc closes what is open (`opened` true before, `closed` true after)."""
    page.wait(opened, timeout_s=SCREEN_S, what=opened)
    page.press("Escape")
    page.wait(closed, timeout_s=SCREEN_S, what=f"Esc to close ({closed})")


# the window at most `width` by `height` (the page told of it) and the page settled at that size
SIZED_AND_SETTLED = """(width, height) => innerWidth <= width && innerHeight <= height
  && document.documentElement.dataset.settled === 'yes'
  && new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))"""


def sized(page: Page, width: int, height: int) -> None:
    """The window made `width` by `height`, the page's layout at that size drawn and settled (the
    window's new size reaches WebKit's page later)."""
    page.resize(width, height)
    page.wait(SIZED_AND_SETTLED, width, height, timeout_s=SCREEN_S, what=f"the layout at {width}x{height}, settled")


@contextmanager
def held_at(page: Page, width: int, height: int) -> Iterator[None]:
    """The window `width` by `height` (sized) for what is done within; afterwards the scene's own (WINDOW)."""
    try:
        sized(page, width, height)
        yield
    finally:
        page.resize(*WINDOW)


def keys_help_and_more(page: Page) -> None:
    """The keys' help opens by "?" and closes by Esc; so does the More panel of a narrow screen."""
    page.press("?")
    esc_closes(page, exists("dialog[open]"), "() => !document.querySelector('dialog[open]')")
    with held_at(page, 800, 900):
        page.click(".more-button")
        esc_closes(page, exists(".play-area.more-open"), "() => !document.querySelector('.play-area.more-open')")


# each player's name in the score sheet's heading: the boxes its text takes against its own column's, and
# the way it reads in degrees, from its writing mode and the turns of the boxes that hold it (0 left to
# right, 270 upwards as the page turns them for five players or more on a phone, 180 upside down); a name
# that runs across the page takes a box wider than tall, one that runs up or down taller than wide
SHEET_NAMES = """() => [...document.querySelectorAll('.play-area.more-open .score-sheet thead th:not(:first-child)')]
  .map((th) => { const column = th.getBoundingClientRect(), range = document.createRange();
    const text = document.createTreeWalker(th, NodeFilter.SHOW_TEXT).nextNode();
    range.selectNodeContents(text);
    const boxes = [...range.getClientRects()];
    let reads = getComputedStyle(text.parentElement).writingMode.startsWith('vertical') ? 90 : 0;
    for (let box = text.parentElement; th.contains(box); box = box.parentElement) {
      const { transform } = getComputedStyle(box);
      const turn = new DOMMatrix(transform === 'none' ? undefined : transform);
      reads += Math.round(Math.atan2(turn.b, turn.a) * 180 / Math.PI);
    }
    reads = ((reads % 360) + 360) % 360;
    return {name: th.textContent, reads, text: boxes.map((b) => [b.left, b.right, b.width, b.height]),
      column: [column.left, column.right],
      whole: boxes.length > 0 && reads !== 180 && boxes.every((b) => b.left >= column.left - 0.5
        && b.right <= column.right + 0.5 && (reads === 0 ? b.width > b.height : b.height > b.width))}; })"""


def sheet_names_on_a_phone(page: Page) -> None:
    """On a phone upright, the More panel's score sheet shows each player's name within its own
    column, reading across or upwards (with five players or more the names are turned: WebKit kept
    the table cell's text horizontal and turned it, so each name came out upside down)."""
    with held_at(page, 360, 740):
        page.click(".more-button")
        page.wait(exists(".play-area.more-open .score-sheet"), timeout_s=SCREEN_S, what="the score sheet")
        names = page.run(SHEET_NAMES)
        assert names and all(name["whole"] for name in names), f"{page.name}: {names}"
        esc_closes(page, exists(".play-area.more-open"), "() => !document.querySelector('.play-area.more-open')")


def sheet_whole_held_sideways(page: Page) -> None:
    """Held sideways (844x390, then 844x340 as a phone's browser bars come back), the round summary's
    score sheet of two rounds shows whole, its place no taller than it, nothing to scroll: WebKit gave
    the sheet's row all the height the dialog could take (84-114 px blank under the sheet),
    and, that row made as tall as the sheet, sized the dialog at a new height by its margins at the one
    before (the sheet scrolled in a dialog shorter than the window left it). At 844x240 (shorter than a
    phone is, so that two rounds' dialog scrolls) the sheet's place is squeezed and the sheet scrolls
    within it, none of it past it, scrolled to its latest round (Firefox ESR 140, without `::details-content`,
    kept the sheet whole, its last rows 18-30 px past its place, as ten players' sheet at 844x340)."""
    with held_at(page, 844, 390):
        for height in (390, 340):
            sized(page, 844, height)
            fit = page.run(SHEET_FIT)
            assert fit and fit["band"] <= 1 and fit["sheetScrolls"] <= 1 and fit["dialogScrolls"] <= 1 \
                and fit["pastPlace"] <= 1, f"{page.name} at 844x{height}: {fit}"
        sized(page, 844, 240)
        fit = page.run(SHEET_FIT)
        assert fit and fit["dialogScrolls"] > 1 and fit["pastPlace"] <= 1 and fit["fromEnd"] <= 1, \
            f"{page.name} at 844x240: {fit}"


@pytest.mark.parametrize("game", sorted(SOLITAIRE_DEALS))
def test_solitaire(browser_page: Page, server_url: str, game: str) -> None:
    page = browser_page
    open_link(page, server_url, f"#/play/{game}?{SOLITAIRE_DEALS[game]}")
    wait_moves(page, "#board", 0)
    hint_shown(page)
    solitaire_move(page, game, "click")
    solitaire_move(page, game, "keyboard")
    if page.run("() => !document.querySelector('button[data-action=undo]').disabled"):
        page.click("button[data-action=undo]")  # Luzon (all face up): a turned tile is never taken back
        wait_moves(page, "#board", 1)
        page.press("r")
        wait_moves(page, "#board", 2)
    else:
        assert game != "luzon", "Luzon's undo was not offered"
    keys_help_and_more(page)
    reload_resumes(page, "#board")
    solitaire_to_the_end(page, game)
    page.click("[data-action=review-game]")
    replay_and_review(page)


@pytest.mark.parametrize("game", sorted(TABLE_DEALS))
def test_table_game(browser_page: Page, server_url: str, game: str) -> None:
    page = browser_page
    open_link(page, server_url, f"#/play/{game}?{TABLE_DEALS[game]}")
    table_move(page, "click")
    table_move(page, "keyboard")
    page.wait("() => document.querySelector('#turn')?.dataset.whose === 'you'"
              " && document.querySelector('#table-screen')?.dataset.busy === 'false'", timeout_s=SCREEN_S,
              what="the person's turn again")
    hint_shown(page, "Hint")
    before = moves(page, "#table-screen")
    page.click("button[data-action=undo]")  # back to the person's last move (the computers' after it too)
    page.wait(f"() => Number(document.querySelector('#table-screen').dataset.moves) < {before}",
              timeout_s=SCREEN_S, what="undo")
    page.press("r")
    page.wait(f"() => document.querySelector('#table-screen').dataset.moves === {str(before)!r}",
              timeout_s=SCREEN_S, what=f"redo by its key, back to {before} moves")
    keys_help_and_more(page)
    reload_resumes(page, "#table-screen")
    if table_round_to_its_end(page) == "game-over":
        game_over_leaves_a_way_on(page)
        page.click("[data-action=review-game]")
    else:  # the round's summary closes by Esc, and the replay opens by its key
        esc_closes(page, exists("#round-summary[open]"), "() => !document.querySelector('#round-summary[open]')")
        sheet_names_on_a_phone(page)
        page.click("button[data-action=next-round]")
        table_round_to_its_end(page)
        sheet_whole_held_sideways(page)
        esc_closes(page, exists("#round-summary[open]"), "() => !document.querySelector('#round-summary[open]')")
        page.press("p")
    replay_and_review(page)
