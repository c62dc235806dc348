"""What solitaire players expect, through the page: winnable-only deals (checked with
the native solver) and their link, Show solution and Finish, Resign and a game left for a new
deal counted as lost (a solitaire and a table game), assisted games marked in the statistics,
and the daily deal (the same for two visitors on one date, another the next day, resumed still
the daily deal)."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.typed import known

from .conftest import (
    ROOT,
    SCREEN_TIMEOUT_MS,
    App,
    another_visitor,
    computer_speed,
    every_deal,
    expect_moves,
    follow_link,
    next_deal_numbers,
    open_deal,
    screenshot,
    serious,
    settled,
    solve,
    stats,
)
from .solitaire_play import LUZON_WON_SEED, click_move, columns_on_page
from .table_play import my_move

# Luzon deals with moves at the start, for the page's next random numbers (deals' and counted
# games' tokens alike)
LIVE_DEALS = (1, 2, 3, 4, 5, 8, 10, 11)
FIRST_UNWINNABLE_SIXES = next(s for s in range(100) if not solve(s, "sixes")["winnable"])


def fresh_stats(app: App) -> None:
    app.page.evaluate("localStorage.removeItem('boneyard.stats.v1')")


def first_winnable(seed: int, variant: str) -> int:
    return next(s for s in range(seed, seed + 1000) if solve(s, variant)["winnable"])


def open_link(page: Page, url: str, seed: int) -> None:
    """Open a game link and wait until deal `seed` is on screen with no move made."""
    board = page.locator("#board")
    old = board.get_attribute("data-session") if board.count() else None
    page.goto(url)
    if old:
        expect(board).not_to_have_attribute("data-session", old, timeout=SCREEN_TIMEOUT_MS)
    expect(board).to_have_attribute("data-seed", str(seed), timeout=120_000)
    expect(board).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)


def test_a_winnable_only_deal_is_winnable_and_its_link_opens_it_again(app: App) -> None:
    expected = first_winnable(FIRST_UNWINNABLE_SIXES, "sixes")
    assert expected != FIRST_UNWINNABLE_SIXES
    open_link(app.page, f"{app.url}#/play/luzon?deal={FIRST_UNWINNABLE_SIXES}&variant=sixes&winnable=1", expected)
    assert solve(expected, "sixes")["winnable"]
    expect(app.page.locator("#winnable")).to_have_attribute("data-winnable", "true")
    link = app.page.locator("#deal-link")
    expect(link).to_have_attribute("href", f"#/play/luzon?deal={expected}&variant=sixes&winnable=1")
    columns = columns_on_page(app)
    href = known(link.get_attribute("href"))
    with another_visitor(app) as page:  # (a link opened at a load, in another browser: test_home)
        open_link(page, app.url + href, expected)
        assert page.eval_on_selector_all(
            "#board .column", "cols => cols.map(c => [...c.querySelectorAll('[data-tile]')].map(t => t.dataset.tile))"
        ) == columns


def test_a_new_player_s_first_deal_is_winnable_with_the_switch_in_view_to_turn_it_off(app: App) -> None:
    """A new visitor's first Luzon deal is never dead at move 0: it is the first winnable deal from
    the random number, the first line says so, and the switch is in view on a phone (not behind
    More), checked; turned off, the next deal is the number's own deal."""
    page = app.page
    dead = next(s for s in range(100) if not solve(s)["winnable"])
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        page.evaluate("() => window.boneyard.startAsNewVisitor({})")  # a new visitor (conftest.start_fresh)
        next_deal_numbers(app, dead)
        page.goto(f"{app.url}#/play/luzon")  # the same document: the number above stays in place
        board = page.locator("#board")
        expect(board).to_have_attribute("data-seed", str(first_winnable(dead, "twelve")), timeout=120_000)
        expect(page.locator("#winnable")).to_have_attribute("data-winnable", "true")
        expect(page.locator("#message")).to_contain_text("A deal the solver proves winnable")
        switch = page.locator("#winnable-only")
        expect(switch).to_be_visible()
        expect(switch).to_be_checked()
        assert switch.evaluate("e => !e.closest('.side-panel')")  # not behind More
        box = switch.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= 740  # in view, no scroll
        session = board.get_attribute("data-session")
        next_deal_numbers(app, dead)
        switch.uncheck()  # no move made: nothing to give up, a new deal at once
        expect(board).not_to_have_attribute("data-session", session, timeout=SCREEN_TIMEOUT_MS)
        expect(board).to_have_attribute("data-seed", str(dead))
        expect(page.locator("#winnable")).to_have_attribute("data-winnable", "false")
        assert page.evaluate("JSON.parse(localStorage.getItem('boneyard.settings.v1')).winnableOnly") is False
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_the_switch_deals_winnable_deals_and_the_statistics_keep_them_apart(app: App) -> None:
    fresh_stats(app)
    every_deal(app)
    open_deal(app, "luzon", FIRST_UNWINNABLE_SIXES, variant="sixes")
    expect(app.page.locator("#winnable")).to_have_attribute("data-winnable", "false")
    board = app.page.locator("#board")
    session = board.get_attribute("data-session")
    app.page.check("#winnable-only")  # no move made: nothing to give up, a new deal at once
    expect(board).not_to_have_attribute("data-session", session, timeout=SCREEN_TIMEOUT_MS)
    seed = int(known(board.get_attribute("data-seed")))
    assert solve(seed, "sixes")["winnable"]
    assert app.page.evaluate("JSON.parse(localStorage.getItem('boneyard.settings.v1')).winnableOnly") is True
    # a deal number typed while the switch is on: the first winnable deal from it
    app.page.fill("#deal-number", str(FIRST_UNWINNABLE_SIXES))
    app.page.click("button[data-action=deal]")
    expect(board).to_have_attribute("data-seed", str(first_winnable(FIRST_UNWINNABLE_SIXES, "sixes")),
                                    timeout=SCREEN_TIMEOUT_MS)
    click_move(app, solve(int(known(board.get_attribute("data-seed"))), "sixes")["solution"][0])
    expect_moves(app, 1)
    app.page.click("button[data-action=resign]")
    app.page.click("#confirm-yes")
    expect(app.page.locator("#outcome")).to_have_attribute("data-result", "lost")
    assert list(stats(app)) == ["luzon|variant=sixes|winnable-only"]
    app.page.click("#outcome button:has-text('Close')")
    app.page.uncheck("#winnable-only")
    expect(board).not_to_have_attribute("data-seed", str(first_winnable(FIRST_UNWINNABLE_SIXES, "sixes")),
                                        timeout=SCREEN_TIMEOUT_MS)


def test_show_solution_wins_the_deal_through_the_page_and_marks_it_assisted(app: App) -> None:
    fresh_stats(app)
    computer_speed(app.page)
    open_deal(app, "luzon", LUZON_WON_SEED)
    button = app.page.locator("button[data-action=solution]")
    expect(button).to_be_visible()
    button.click()
    expect(app.page.locator("#outcome")).to_have_attribute("data-result", "won", timeout=60_000)
    expect(app.page.locator("#board")).to_have_attribute("data-moves", str(len(solve(LUZON_WON_SEED)["solution"])))
    entry = stats(app)["luzon|variant=twelve"]
    assert (entry["played"], entry["won"], entry["assisted"]) == (1, 1, {"played": 1, "won": 1})
    assert entry["history"][-1]["a"] == 1


def test_show_solution_stops_when_asked(app: App) -> None:
    computer_speed(app.page, "slow")
    open_deal(app, "luzon", LUZON_WON_SEED)
    button = app.page.locator("button[data-action=solution]")
    button.click()
    expect(app.page.locator("#board")).to_have_attribute("data-moves", "1", timeout=SCREEN_TIMEOUT_MS)
    button.click()  # "Stop the solution"
    expect(button).to_have_text("Show solution", timeout=SCREEN_TIMEOUT_MS)
    moves = int(known(app.page.locator("#board").get_attribute("data-moves")))
    settled(app.page)  # nothing more is due: the solution's run has stopped
    assert int(known(app.page.locator("#board").get_attribute("data-moves"))) == moves < len(
        solve(LUZON_WON_SEED)["solution"])
    computer_speed(app.page)


def test_finish_plays_the_rest_when_nothing_is_left_to_decide(app: App) -> None:
    fresh_stats(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    solution = solve(LUZON_WON_SEED)["solution"]
    finish = app.page.locator("button[data-action=finish]")
    expect(finish).to_be_hidden()
    for done, move in enumerate(solution[:-2], start=1):
        click_move(app, move)
        expect_moves(app, done)
        if finish.is_visible():
            break
    expect(finish).to_be_visible()
    finish.click()
    expect(app.page.locator("#outcome")).to_have_attribute("data-result", "won", timeout=SCREEN_TIMEOUT_MS)
    entry = stats(app)["luzon|variant=twelve"]
    assert entry["won"] == 1 and "assisted" not in entry  # nothing was left to decide


def test_resign_counts_as_lost(app: App) -> None:
    fresh_stats(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    click_move(app, solve(LUZON_WON_SEED)["solution"][0])
    expect_moves(app, 1)
    app.page.click("button[data-action=resign]")
    app.page.click("#confirm-no")  # asked first: keeping on changes nothing
    expect(app.page.locator("#board")).to_have_attribute("data-over", "")
    assert stats(app) == {}
    app.page.click("button[data-action=resign]")
    app.page.click("#confirm-yes")
    dialog = app.page.locator("#outcome")
    expect(dialog).to_have_attribute("data-result", "lost")
    expect(dialog).to_contain_text("You resigned.")
    entry = stats(app)["luzon|variant=twelve"]
    assert (entry["played"], entry["won"]) == (1, 0) and entry["history"][-1]["q"] == 1
    expect(app.page.locator("button[data-action=resign]")).to_be_disabled()


def test_a_table_game_resigned_counts_the_person_s_seat_as_lost(app: App) -> None:
    fresh_stats(app)
    computer_speed(app.page)
    app.page.goto(f"{app.url}#/play/draw?deal=3&set=double-6&players=2&target=100&seats=human,ai:easy")
    board = app.page.locator("#table-screen")
    resign = app.page.locator("button[data-action=resign]")
    expect(resign).to_be_enabled(timeout=SCREEN_TIMEOUT_MS)
    resign.click()
    app.page.click("#confirm-yes")
    expect(board).to_have_attribute("data-over", "game", timeout=SCREEN_TIMEOUT_MS)
    expect(app.page.locator("#round-summary")).to_have_attribute("data-result", "lost")
    entry = next(e for k, e in stats(app).items() if k.startswith("draw|"))
    assert (entry["played"], entry["won"]) == (1, 0) and entry["history"][-1]["q"] == 1
    assert entry["history"][-1]["s"] == 0  # the seat's points when it resigned


def test_a_new_deal_over_a_game_in_progress_asks_then_counts_it_as_lost(app: App) -> None:
    fresh_stats(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    click_move(app, solve(LUZON_WON_SEED)["solution"][0])
    expect_moves(app, 1)
    board = app.page.locator("#board")
    session = board.get_attribute("data-session")
    app.page.click("button[data-action=new]")
    expect(app.page.locator("#confirm-yes")).to_be_visible()
    app.page.click("#confirm-no")
    expect(board).to_have_attribute("data-session", session)
    expect(board).to_have_attribute("data-moves", "1")
    assert stats(app) == {}
    next_deal_numbers(app, *LIVE_DEALS)  # (a random deal may have no move: it would be over at once)
    app.page.click("button[data-action=new]")
    app.page.click("#confirm-yes")
    expect(board).not_to_have_attribute("data-session", session, timeout=SCREEN_TIMEOUT_MS)
    expect_moves(app, 0)
    assert int(known(board.get_attribute("data-seed"))) in LIVE_DEALS
    expect(app.page.locator("#outcome")).to_be_hidden()
    entry = stats(app)["luzon|variant=twelve"]
    assert (entry["played"], entry["won"]) == (1, 0) and entry["history"][-1]["q"] == 1
    # a deal with no move made is left without a question and without a result
    session = board.get_attribute("data-session")
    app.page.click("button[data-action=new]")
    expect(board).not_to_have_attribute("data-session", session, timeout=SCREEN_TIMEOUT_MS)
    expect(app.page.locator("#confirm-yes")).to_be_hidden()
    expect_moves(app, 0)
    assert int(known(board.get_attribute("data-seed"))) in LIVE_DEALS
    assert stats(app)["luzon|variant=twelve"]["played"] == 1


def test_hint_then_resign_is_marked_assisted(app: App) -> None:
    fresh_stats(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    app.page.click("button[data-action=hint]")
    expect(app.page.locator("#hint-text")).to_be_visible()
    click_move(app, solve(LUZON_WON_SEED)["solution"][0])
    expect_moves(app, 1)
    app.page.click("button[data-action=resign]")
    app.page.click("#confirm-yes")
    expect(app.page.locator("#outcome")).to_have_attribute("data-result", "lost")
    entry = stats(app)["luzon|variant=twelve"]
    assert entry["assisted"] == {"played": 1, "won": 0}
    app.page.goto(f"{app.url}#/stats")
    expect(app.page.locator("tr[data-stats='luzon|variant=twelve'] td[data-col=assisted]")).to_have_text("1 (0 won)")


def daily_seed_on(app: App, when: dt.datetime, resumed: bool = False) -> tuple[int, list[list[str]]]:
    """The deal the daily link opens for a visitor with nothing stored whose clock says `when`
    (the page made a new visitor's in place: conftest.start_fresh); its result counts as that
    day's daily deal. `resumed`: a move made first, the page left for the home page and the saved
    game back (it still counts as the daily deal)."""
    page = app.page
    page.evaluate("() => window.boneyard.startAsNewVisitor({})")
    page.clock.set_system_time(when)
    page.goto(f"{app.url}#/play/luzon?daily=1&variant=twelve")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-moves", "0", timeout=120_000)
    expect(page.locator("#message")).to_contain_text(f"daily deal of {when:%Y-%m-%d}")
    columns = page.eval_on_selector_all(
        "#board .column", "cols => cols.map(c => [...c.querySelectorAll('[data-tile]')].map(t => t.dataset.tile))")
    seed = int(known(board.get_attribute("data-seed")))
    if resumed:
        first = solve(seed)["solution"][0]
        _, body = first.split(":")
        a, b = body.replace(">", "+").split("+")
        page.click(f"#board [data-slot={a}]")
        page.click(f"#board [data-slot={b}]")
        expect(board).to_have_attribute("data-moves", "1", timeout=SCREEN_TIMEOUT_MS)
        page.goto(f"{app.url}#/")
        page.goto(f"{app.url}#/play/luzon")  # the saved game comes back
        expect(board).to_have_attribute("data-moves", "1", timeout=120_000)
    page.click("button[data-action=resign]")
    page.click("#confirm-yes")
    expect(board).to_have_attribute("data-over", "game", timeout=SCREEN_TIMEOUT_MS)
    entries = json.loads(page.evaluate("localStorage.getItem('boneyard.stats.v1')"))["entries"]
    entry = entries["luzon|variant=twelve|winnable-only"]  # Luzon's daily deal is a winnable-only deal
    assert entry["daily"]["played"] == 1 and entry["history"][-1] == {"d": f"{when:%Y-%m-%d}", "w": 0, "y": 1,
                                                                        "q": 1}
    return seed, columns


def test_the_daily_deal_is_the_same_for_everyone_on_a_day_and_another_the_next(clocked: App) -> None:
    """Two visitors on one date get one deal, the next day another; a daily deal resumed after the
    page was left still counts as the daily deal (the next day's)."""
    day = dt.datetime(2026, 11, 23, 12, 0)
    first = daily_seed_on(clocked, day)
    second = daily_seed_on(clocked, day.replace(hour=21))
    assert first == second
    assert first[0] == first_winnable(20261123, "twelve")  # the day's number, winnable where offered
    next_day = daily_seed_on(clocked, day + dt.timedelta(days=1), resumed=True)
    assert next_day[0] != first[0] and next_day[1] != first[1]
    assert next_day[0] == first_winnable(20261124, "twelve")


def test_a_table_game_left_for_a_new_game_asks_at_the_setup_start_then_counts_it_as_lost(app: App) -> None:
    fresh_stats(app)
    computer_speed(app.page)
    app.page.goto(f"{app.url}#/play/draw?deal=3&set=double-6&players=2&target=100&seats=human,ai:easy")
    board = app.page.locator("#table-screen")
    expect(board).to_have_attribute("data-session", re.compile("."), timeout=SCREEN_TIMEOUT_MS)
    settled(app.page)  # the person's first move (the computer may lead)
    assert my_move(app), "the person has no turn"
    expect(board).not_to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    left = board.get_attribute("data-session")
    app.page.click("button[data-action=new-game]")  # the setup opens without a question
    expect(app.page.locator("#confirm-yes")).to_be_hidden()
    app.page.click("#setup-start")
    expect(app.page.locator("#confirm-yes")).to_be_visible()
    assert serious(app.page) == []  # the question is axe clean
    app.page.click("#confirm-no")  # keep playing: nothing counted, the setup stays
    assert stats(app) == {}
    app.page.click("#setup-start")
    app.page.click("#confirm-yes")
    # a new game (its computer may already have led: its moves need not be 0)
    expect(board).not_to_have_attribute("data-session", left, timeout=SCREEN_TIMEOUT_MS)
    entry = next(e for k, e in stats(app).items() if k.startswith("draw|"))
    assert (entry["played"], entry["won"]) == (1, 0) and entry["history"][-1]["q"] == 1


def test_the_big_clock_keeps_its_own_resign_and_shows_no_second_one(app: App) -> None:
    fresh_stats(app)
    open_deal(app, "big-clock", 5, set="double-6")
    expect(app.page.locator("button[data-move=resign]")).to_be_visible()
    expect(app.page.locator("button[data-action=resign]")).to_be_hidden()
    expect(app.page.locator("button[data-action=solution]")).to_be_hidden()  # no winnable-only deals: no solver line
    expect(app.page.locator("#winnable-only")).to_have_count(0)
    resign = app.page.locator("button[data-move=resign]")
    resign.click()
    resign.click()
    expect(app.page.locator("#outcome")).to_have_attribute("data-result", "lost", timeout=SCREEN_TIMEOUT_MS)
    entry = next(e for k, e in stats(app).items() if k.startswith("big-clock|"))
    assert entry["history"][-1]["q"] == 1  # given up, as the engine's resign


def test_the_setting_deals_winnable_deals_and_the_page_is_axe_clean(app: App) -> None:
    every_deal(app)  # the setting off (a new visitor has it on): turned on below on the settings page
    follow_link(app, "#/settings")  # no saved game in progress (the links below would ask about it first)
    expect(app.page.locator("#setting-winnableOnly-false")).to_be_checked()
    app.page.check("#setting-winnableOnly-true")
    assert app.page.evaluate("JSON.parse(localStorage.getItem('boneyard.settings.v1')).winnableOnly") is True
    next_deal_numbers(app, FIRST_UNWINNABLE_SIXES)  # a link of options only: a new deal, by the setting
    open_link(app.page, f"{app.url}#/play/luzon?variant=sixes", first_winnable(FIRST_UNWINNABLE_SIXES, "sixes"))
    expect(app.page.locator("#winnable-only")).to_be_checked()
    expect(app.page.locator("button[data-action=solution]")).to_be_visible()
    assert serious(app.page) == []
    # a link with a deal number and no winnable=1 opens that deal itself, whatever the setting
    open_link(app.page, f"{app.url}#/play/luzon?deal={FIRST_UNWINNABLE_SIXES}&variant=sixes",
              FIRST_UNWINNABLE_SIXES)
    app.page.click("button[data-action=solution]")
    expect(app.page.locator("#message")).to_contain_text("can no longer be won")
    expect_moves(app, 0)
    app.page.goto(f"{app.url}#/settings")
    app.page.check("#setting-winnableOnly-false")


@pytest.mark.screenshots
def test_screens_of_the_winnable_switch_and_the_solution(app: App) -> None:
    """At 1280x800 and 360x740 the deal's side panel shows the winnable switch and the daily deal,
    and a Luzon deal plays its solution, with no sideways scroll (with --screenshots: pictures of
    both in test-results/screens/)."""
    screens = ROOT / "test-results" / "screens"
    page = app.page
    try:
        for width, height in ((1280, 800), (360, 740)):
            page.set_viewport_size({"width": width, "height": height})
            computer_speed(app.page, "slow")
            open_deal(app, "luzon", LUZON_WON_SEED)
            if width < 900:
                page.click(".more-button")
            expect(page.locator("#winnable-only")).to_be_visible()
            expect(page.locator("#daily-link")).to_be_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            screenshot(page, screens / f"luzon-winnable-switch-{width}x{height}.png")
            if width < 900:
                page.keyboard.press("Escape")
                # the panel's entry in the history stays, spare (no Back pending to undo the next address)
                assert page.evaluate("history.state?.spare === true && !history.state?.layer")
                page.goto(f"{app.url}#/")
                open_deal(app, "luzon", LUZON_WON_SEED)
            page.click("button[data-action=solution]")
            expect(page.locator("#board")).to_have_attribute("data-moves", "2", timeout=SCREEN_TIMEOUT_MS)
            expect(page.locator("button[data-action=solution]")).to_have_text("Stop the solution")
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            screenshot(page, screens / f"luzon-solution-{width}x{height}.png")
            page.click("button[data-action=solution]")
            expect(page.locator("button[data-action=solution]")).to_have_text("Show solution",
                                                                             timeout=SCREEN_TIMEOUT_MS)
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
        computer_speed(app.page)


def test_a_link_over_a_saved_game_in_progress_asks_then_counts_it_as_lost(app: App) -> None:
    """A game link opened over a saved game in progress shows that game and asks: kept, it stays
    (the link is not followed); left, it counts as lost and the linked deal opens. The winnable
    switch turned while a game is kept goes back as it was, with its setting."""
    fresh_stats(app)
    open_deal(app, "luzon", LUZON_WON_SEED)
    click_move(app, solve(LUZON_WON_SEED)["solution"][0])
    expect_moves(app, 1)
    board = app.page.locator("#board")
    app.page.goto(f"{app.url}#/")
    app.page.goto(f"{app.url}#/play/luzon?deal=5")
    expect(app.page.locator("#confirm-yes")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    expect(board).to_have_attribute("data-seed", str(LUZON_WON_SEED))  # the game to be left is on screen
    app.page.click("#confirm-no")
    expect(board).to_have_attribute("data-moves", "1")
    assert stats(app) == {}
    switch = app.page.locator("#winnable-only")
    was = switch.is_checked()
    setting = app.page.evaluate("localStorage.getItem('boneyard.settings.v1')")
    switch.click()  # the switch asks too: kept, it goes back
    app.page.click("#confirm-no")
    expect(switch).to_be_checked(checked=was)
    assert app.page.evaluate("localStorage.getItem('boneyard.settings.v1')") == setting
    # the home page and the link in one moment (both address changes queued before either is
    # handled): the link still asks, its deal is not dropped
    app.page.evaluate("() => { location.hash = '#/'; location.hash = '#/play/luzon?deal=5'; }")
    app.page.click("#confirm-yes")
    expect(board).to_have_attribute("data-seed", "5", timeout=SCREEN_TIMEOUT_MS)
    expect_moves(app, 0)
    entry = stats(app)["luzon|variant=twelve"]
    assert (entry["played"], entry["won"]) == (1, 0) and entry["history"][-1]["q"] == 1
    assert not app.errors, app.errors
