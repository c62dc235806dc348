"""The play screen's faults found in play, one test each, with no dialog or key leaving the
screen without a way on. The walk through every game (new, moves, undo, redo, hint, reload, a
round's and a game's end) is tests/browsers' scenarios, in Chromium, Firefox and WebKit."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import expect

from tests.engine.helpers import call
from tests.typed import known

from .conftest import (
    SCREEN_TIMEOUT_MS,
    App,
    box_of,
    computer_speed,
    expect_moves,
    follow_link,
    open_deal,
    open_table,
    settled,
    started_again,
)
from .native_records import import_record, native_record, near_the_end
from .screen_sizes import round_over
from .table_play import GAME_SECONDS, fresh, my_move, play_to_game_over, set_up

TIMEOUT = 20_000


def ways_on(app: App) -> list[str]:
    """The visible, enabled buttons that move a stopped table on (no dialog open)."""
    read: list[str] = app.page.eval_on_selector_all(
        "#table-screen button:not([disabled]), .table-game button:not([disabled])",
        """els => els.filter(e => e.offsetParent !== null && !e.closest('dialog:not([open])'))
                   .map(e => e.textContent.trim())""")
    return read


def solitaire_record(game: str, seed: int, options: dict[str, Any], moves: int) -> dict[str, Any]:
    """The record of a solitaire's deal after its first `moves` moves, played natively (the same as
    in the browser; Clock's turns have no choice until an exchange)."""
    return native_record(game, options, 1, seed, lambda view: view["moves"] >= moves, person=None,
                         must_reach=False)[0]


def test_escape_on_the_round_summary_leaves_a_way_on(app: App) -> None:
    """Esc closes the round's summary (the page does not hold it open) and leaves a way on: the
    summary again, and the next round from it. The round's end: a record played natively, imported."""
    open_table(app, "#/play/draw?deal=3&set=double-6&players=2&target=100&seats=human,ai:easy")
    page = app.page
    options = {"set": "double-6", "players": 2, "target": 100}
    import_record(app, native_record("draw", options, 2, 3, round_over, person=None, must_reach=False)[0])
    expect(page.locator("#round-summary")).to_have_attribute("open", "", timeout=TIMEOUT)
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    settled(page)
    expect(page.locator("#round-summary")).not_to_have_attribute("open", "")
    assert [text for text in ways_on(app) if re.search(r"round summary", text, re.I)], ways_on(app)
    page.click("button[data-action=show-summary]")
    expect(page.locator("#round-summary")).to_have_attribute("open", "")
    page.click("#next-round")
    expect(page.locator("#table-screen")).to_have_attribute("data-round", "2", timeout=TIMEOUT)


def test_escape_on_the_pass_screen_leaves_a_way_on(app: App) -> None:
    """The hot-seat cover dismissed by a key leaves a button to show the next hand."""
    page = app.page
    fresh(app, "draw")
    set_up(app, {"set": "double-6", "players": "2", "target": "50"}, ["human", "human"], seed=11, names=["Ann", "Bob"])
    expect(page.locator("#pass-screen[open]")).to_be_attached(timeout=TIMEOUT)
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    settled(page)
    expect(page.locator("#pass-screen")).not_to_have_attribute("open", "")  # Esc closes the cover...
    assert page.locator("#hand .hand-tile").count() == 0  # ...and the hand stays covered
    assert [text for text in ways_on(app) if "show my tiles" in text], ways_on(app)
    page.locator("button", has_text="show my tiles").first.click()
    expect(page.locator("#hand .hand-tile").first).to_be_visible(timeout=TIMEOUT)


def test_undo_is_enabled_when_the_turn_comes_back(app: App) -> None:
    """After the computers' moves, Undo is enabled at once (no click needed)."""
    open_table(app, "#/play/draw?deal=3&set=double-6&players=3&target=100&seats=human,ai:easy,ai:easy")
    page = app.page
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=TIMEOUT)
    before = int(page.get_attribute("#table-screen", "data-moves") or 0)
    assert my_move(app)
    page.wait_for_function("""before => { const s = document.querySelector('#table-screen');
      return Number(s.dataset.moves) > before + 1 && document.querySelector('#turn').dataset.whose === 'you'; }""",
                           arg=before, timeout=TIMEOUT)
    settled(page)
    assert page.locator("button[data-action=undo]").is_enabled()


def test_seat_cards_and_log_read_well(app: App) -> None:
    """No "You (you)", the computer's level inside its card, no cut names on a phone."""
    page = app.page
    open_table(app, "#/play/tiddle-a-wink?deal=5&set=double-9&players=6"
               "&seats=human,ai:easy,ai:easy,ai:easy,ai:easy,ai:easy")
    expect(page.locator(".seat.me .seat-name")).not_to_contain_text("(you)")
    for card in page.locator(".seat").all():
        inner, outer = box_of(card.locator(".seat-kind")), box_of(card)
        assert inner["x"] + inner["width"] <= outer["x"] + outer["width"] - 4, "the level touches the card edge"
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        cut = page.eval_on_selector_all(".seat-name",
                                        "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).length")
        assert cut == 0
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_play_log_survives_a_reload(app: App) -> None:
    """The play log keeps every line through a reload: the page started again from what it stored, as a
    load starts it, without one (conftest.started_again: every module's memory of the game forgotten;
    a load of a table game in progress is test_tables' resume)."""
    open_table(app, "#/play/draw?deal=3&set=double-6&players=2&target=100&seats=human,ai:easy")
    page = app.page
    for _ in range(2):
        before = int(page.get_attribute("#table-screen", "data-moves") or 0)
        expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=TIMEOUT)
        assert my_move(app)
        page.wait_for_function("""before => { const s = document.querySelector('#table-screen');
          return Number(s.dataset.moves) > before && s.dataset.busy === 'false' &&
            document.querySelector('#turn').dataset.whose === 'you'; }""", arg=before, timeout=TIMEOUT)
    lines = page.locator("#log li").all_inner_texts()
    assert len(lines) >= 4
    moves, url = page.get_attribute("#table-screen", "data-moves"), page.url
    started_again(page, url)
    expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=TIMEOUT)
    expect(page.locator("#table-screen")).to_have_attribute("data-moves", str(moves))
    after = page.locator("#log li").all_inner_texts()
    for line in lines:
        assert line in after


def test_big_clock_double_placed_after_shifts_make_room(app: App) -> None:
    """Deal 11, double-12, 169 moves of the advisor in: the drawn 1-1 now fits slot 1."""
    answer = call(op="new", game="big-clock", seed=11, options={"set": "double-12"}, seats=["human"])
    moves = []
    for _ in range(169):
        answer = call(op="ai", session=answer["session"], level="advisor")
        moves.append(answer["view"]["events"][-1]["move"])
    record = {"version": 1, "game": "big-clock", "options": {"set": "double-12"}, "seed": 11, "seats": ["human"],
              "moves": moves}
    page = app.page
    page.goto(f"{app.url}#/")
    page.evaluate("r => localStorage.setItem('boneyard.game.big-clock', JSON.stringify({format: 1, record: r}))",
                  record)
    page.goto(f"{app.url}#/play/big-clock")
    expect_moves(app, 169)
    expect(page.locator("#board")).to_have_attribute("data-drawn", "1-1")
    expect(page.locator("#board [data-slot=drawn]")).not_to_contain_text("fits nowhere")
    assert "target" in (page.get_attribute("#board [data-slot=slot1]", "class") or "")
    page.click("#board [data-slot=slot1]")
    if page.get_attribute("#board [data-slot=slot1]", "aria-pressed") == "true":  # slot 1 is a shift source too
        expect(page.locator(".game .message")).to_contain_text("slot 1 again to place the drawn 1-1")
        page.click("#board [data-slot=slot1]")
    expect_moves(app, 170)
    expect(page.locator("#board")).to_have_attribute("data-drawn", "")
    expect(page.locator("#board [data-slot=slot1]")).to_have_attribute("data-top", "1-1")


def test_luzon_messages_are_for_players(app: App) -> None:
    """No raw engine errors, and "an empty column" only when there is one."""
    open_deal(app, "luzon", 7, variant="twelve")
    page = app.page
    message = page.locator(".game .message")
    page.click("#board [data-slot=c1]")
    expect(message).to_contain_text("Selected")
    expect(message).not_to_contain_text("empty column")
    page.keyboard.press("Escape")
    page.click("#board [data-slot=r1]")
    page.click("#board [data-slot=r2]")
    expect(message).to_have_attribute("data-kind", "error")
    expect(message).not_to_contain_text("bad position")
    expect(message).not_to_contain_text("'r1'")


def test_messages_follow_the_view(app: App) -> None:
    """No stale message after the game ends, no "The The", whole deal numbers."""
    page = app.page
    computer_speed(page)  # autoplay and play to the end without pauses
    open_deal(app, "big-clock", 6, set="double-6")  # the advisor loses this one
    page.click("button[data-action=autoplay]")  # a move each 350 ms and its slide, to the end: 20 s and more when busy
    expect(page.locator("#outcome")).to_have_attribute("data-result", "lost", timeout=GAME_SECONDS * 1000)
    expect(page.locator(".game .message")).not_to_contain_text("Shift tiles to make room")
    page.locator("#outcome button", has_text="Close").click()
    open_deal(app, "clock", 5, exchange="true")  # won with the exchange never needed
    import_record(app, solitaire_record("clock", 5, {"exchange": True}, 48))  # four moves before the end
    page.click("button[data-action=play-all]")
    expect(page.locator("#outcome")).to_have_attribute("data-result", "won", timeout=GAME_SECONDS * 1000)
    expect(page.locator("#board")).not_to_contain_text("exchange available once")
    page.locator("#outcome button", has_text="Close").click()
    follow_link(app, "#/play/big-clock?deal=5&colour=red")
    expect(page.locator("#notice")).to_contain_text("colour", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#notice")).not_to_contain_text("The The")
    open_deal(app, "luzon", 123456, variant="twelve")
    assert page.eval_on_selector("#deal-number", "e => e.scrollWidth <= e.clientWidth")


def drag_hold(app: App, source: str, over: str) -> None:
    page = app.page
    a = box_of(page.locator(f"#board [data-slot={source}]"))
    b = box_of(page.locator(f"#board [data-slot={over}]"))
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 15, a["y"] + a["height"] / 2 + 15, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=4)


def test_drag_shows_the_legal_drop_targets(app: App) -> None:
    """Both solitaires mark where a dragged tile may go; no big hour label in the ghost."""
    page = app.page
    open_deal(app, "big-clock", 5, set="double-6")  # shift:slot2>slot3 and slot2>slot5 are legal
    drag_hold(app, "slot2", "slot4")
    targets = page.eval_on_selector_all("#board .drop-target", "els => els.map(e => e.dataset.slot).sort()")
    ghost_hour = page.eval_on_selector_all(".drag-ghost .bc-hour", "els => els.filter(e => e.offsetParent).length")
    page.mouse.up()
    assert targets == ["slot3", "slot5"]
    assert ghost_hour == 0
    open_deal(app, "luzon", 7, variant="twelve")
    legal = call(op="new", game="luzon", seed=7, options={"variant": "twelve"})["view"]["legal"]
    source = next(m["id"] for m in legal if m["id"].startswith("discard:")).split(":")[1].split("+")
    drag_hold(app, source[0], source[1])
    targets = page.eval_on_selector_all("#board .drop-target", "els => els.map(e => e.dataset.slot)")
    page.mouse.up()
    assert source[1] in targets


def test_focus_lands_on_the_next_control_after_draw(app: App) -> None:
    """Draw by keyboard disables the stock; focus goes to the drawn tile, not the body."""
    page = app.page
    open_deal(app, "big-clock", 5, set="double-6")
    page.focus("#board [data-slot=stock]")
    page.keyboard.press("Enter")
    expect_moves(app, 1)
    settled(page)
    assert page.evaluate("document.activeElement !== document.body")
    assert page.evaluate("!!document.activeElement.closest('#board, .toolbar')")


def test_log_speaks_to_the_person(app: App) -> None:
    """'You say "Go" and pass', never 'You say "Go" and passes'."""
    page = app.page
    open_table(app, "#/play/tiddle-a-wink?deal=5&set=double-9&players=6"
               "&seats=human,ai:easy,ai:easy,ai:easy,ai:easy,ai:easy")
    deadline = time.monotonic() + 60
    said = []
    while time.monotonic() < deadline and not page.locator("#round-summary[open]").count():
        said = [line for line in page.locator("#log li").all_inner_texts() if line.startswith("You say")]
        if said:
            break
        if not my_move(app):
            settled(page)
    assert said, "the person never said Go"
    for line in page.locator("#log li").all_inner_texts():
        assert not re.match(r"You\b.*\b(plays|passes|says|draws|leads)\b", line), line


def test_hidden_hands_keep_the_deal_number_back_until_the_end(app: App) -> None:
    """No deal number on screen or in the link while a draw game is on: at its start and a few moves
    before its end (a record played natively, imported); the last moves played on the page."""
    page = app.page
    open_table(app, "#/play/draw?deal=3&set=double-6&players=2&target=50&seats=human,ai:easy")
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=TIMEOUT)
    assert "deal=" not in known(page.get_attribute("#deal-link", "href"))
    assert not re.search(r"\bdeal 3\b", page.locator(".game").inner_text(), re.I)
    import_record(app, near_the_end("draw", {"set": "double-6", "players": 2, "target": 50}, 2, 3, 4))
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=TIMEOUT)
    assert "deal=" not in known(page.get_attribute("#deal-link", "href"))
    assert not re.search(r"\bdeal 3\b", page.locator(".game").inner_text(), re.I)
    play_to_game_over(app)
    assert "deal=3" in known(page.get_attribute("#deal-link", "href"))
    # a table of people only: the link never shows the deal either
    open_table(app, "#/play/draw?deal=3&set=double-6&players=2&target=50&seats=human,human")
    assert "deal=" not in known(page.get_attribute("#deal-link", "href"))


def test_setup_offers_only_valid_player_counts(app: App) -> None:
    """Double-6 takes 2-4 players in the draw game."""
    page = app.page
    fresh(app, "draw")
    page.select_option("#setup-set", "double-9")
    page.select_option("#setup-players", "6")
    page.select_option("#setup-set", "double-6")
    expect(page.locator("#setup-players")).to_have_value("4")
    disabled = page.eval_on_selector_all("#setup-players option", "os => os.filter(o => o.disabled).map(o => o.value)")
    assert disabled == ["5", "6"]
    assert page.locator(".seat-row").count() == 4


def test_rules_page_reads_as_the_game_does(app: App) -> None:
    """Clock's exchange is on/off, and other names are names, not ids."""
    page = app.page
    page.goto(f"{app.url}#/rules/clock")
    expect(page.locator(".rules")).to_contain_text("Exchange: on, off (default on)", timeout=TIMEOUT)
    expect(page.locator(".rules .meta")).to_contain_text("Clock with CARDominoes")
    expect(page.locator(".rules .meta")).not_to_contain_text("clock-cardominoes")


def test_hint_only_on_a_persons_turn(app: App) -> None:
    """No Hint while a computer is to move."""
    page = app.page
    page.goto(f"{app.url}#/")
    computer_speed(page, "slow")
    follow_link(app, "#/play/matador?deal=2&set=double-9&players=3&seats=human,ai:easy,ai:easy")
    expect(page.locator("#turn")).to_have_attribute("data-whose", "computer", timeout=TIMEOUT)
    expect(page.locator("button[data-action=hint]")).to_be_disabled()
    computer_speed(app.page)


def test_big_clock_offers_resign(app: App) -> None:
    """The engine's extra moves are buttons: The Big Clock's resign, confirmed by a second click."""
    page = app.page
    open_deal(app, "big-clock", 5, set="double-6")
    resign = page.locator("button[data-move=resign]")
    resign.click()
    expect(resign).to_contain_text("sure")
    resign.click()
    expect(page.locator("#outcome")).to_have_attribute("data-result", "lost", timeout=TIMEOUT)


def test_clock_names_the_exchanged_tile(app: App) -> None:
    """The line "exchange used (JS taken)" names the tile in words, and "1 tile is" not "1 tiles are"."""
    page = app.page
    open_deal(app, "clock", 12, exchange="true")
    import_record(app, solitaire_record("clock", 12, {"exchange": True}, 39))  # the fourth king turned up
    expect(page.locator("#board")).to_have_attribute("data-phase", "exchange", timeout=TIMEOUT)
    assert not re.search(r"\b1 tiles\b", page.locator("#board .ck-exchange").inner_text())
    page.locator("#board .ck-choice.best").first.click()
    expect(page.locator("#board")).to_have_attribute("data-phase", "turn", timeout=TIMEOUT)
    info = page.locator("#board .ck-info").inner_text()
    assert re.search(r"exchange used: the \w+ of \w+ taken", info), info
