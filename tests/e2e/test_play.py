"""The play screen's defects found in play (issue 13), one test each, and a walk through every
game: new, moves, undo, redo, hint, round end, game end, reload, with no dialog or key leaving
the screen without a way on."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import expect

from .conftest import App, expect_moves, open_deal
from .test_tables import fresh, my_move, play_to_game_over, set_up

TIMEOUT = 20_000


def call(**request: object) -> dict:
    from engine.api import handle  # the engine from the working tree, run natively

    return json.loads(handle(json.dumps(request)))


def instant(app: App) -> None:
    app.page.evaluate("localStorage.setItem('boneyard.table.speed.v1', JSON.stringify('instant'))")


def open_table(app: App, fragment: str) -> None:
    page = app.page
    page.goto(f"{app.url}#/")
    instant(app)
    page.goto(app.url + fragment)
    expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=TIMEOUT)


def ways_on(app: App) -> list[str]:
    """The visible, enabled buttons that move a stopped table on (no dialog open)."""
    return app.page.eval_on_selector_all(
        "#table-screen button:not([disabled]), .table-game button:not([disabled])",
        """els => els.filter(e => e.offsetParent !== null && !e.closest('dialog:not([open])'))
                   .map(e => e.textContent.trim())""")


def until_round_summary(app: App) -> None:
    page = app.page
    deadline = time.monotonic() + 60
    while not page.locator("#round-summary[open]").count():
        assert time.monotonic() < deadline, "no round summary"
        if page.locator("#pass-screen[open]").count():
            page.click("#pass-ready")
        elif not my_move(app):
            page.wait_for_timeout(30)


def test_escape_on_the_round_summary_leaves_a_way_on(app: App) -> None:
    """Defect 1: Esc (twice: Chromium then closes any dialog) must not leave a stuck banner."""
    open_table(app, "#/play/draw?deal=3&set=double-6&players=2&target=100&seats=human,ai:easy")
    page = app.page
    until_round_summary(app)
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    page.wait_for_timeout(200)
    if not page.locator("#round-summary[open]").count():
        way = [text for text in ways_on(app) if re.search(r"round|summary|continue", text, re.I)]
        assert way, f"no way on after Esc: {ways_on(app)}"
        page.locator("#table-screen button, .table-game button", has_text=re.compile(way[0])).first.click()
    if page.locator("#round-summary[open]").count():
        page.click("#next-round")
    expect(page.locator("#table-screen")).to_have_attribute("data-round", "2", timeout=TIMEOUT)


def test_escape_on_the_pass_screen_leaves_a_way_on(app: App) -> None:
    """Defect 1: the hot-seat cover dismissed by a key leaves a button to show the next hand."""
    page = app.page
    fresh(app, "draw")
    set_up(app, {"set": "double-6", "players": "2", "target": "50"}, ["human", "human"], seed=11, names=["Ann", "Bob"])
    expect(page.locator("#pass-screen[open]")).to_be_attached(timeout=TIMEOUT)
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    page.wait_for_timeout(200)
    if not page.locator("#pass-screen[open]").count():
        assert page.locator("#hand .hand-tile").count() == 0  # still covered
        way = [text for text in ways_on(app) if "show my tiles" in text]
        assert way, f"no way on after Esc: {ways_on(app)}"
        page.locator("button", has_text="show my tiles").first.click()
    else:
        page.click("#pass-ready")
    expect(page.locator("#hand .hand-tile").first).to_be_visible(timeout=TIMEOUT)


def test_undo_is_enabled_when_the_turn_comes_back(app: App) -> None:
    """Defect 2: after the computers' moves, Undo is enabled at once (no click needed)."""
    open_table(app, "#/play/draw?deal=3&set=double-6&players=3&target=100&seats=human,ai:easy,ai:easy")
    page = app.page
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=TIMEOUT)
    before = int(page.get_attribute("#table-screen", "data-moves") or 0)
    assert my_move(app)
    page.wait_for_function("""before => { const s = document.querySelector('#table-screen');
      return Number(s.dataset.moves) > before + 1 && document.querySelector('#turn').dataset.whose === 'you'; }""",
                           arg=before, timeout=TIMEOUT)
    page.wait_for_timeout(300)
    expect(page.locator("button[data-action=undo]")).to_be_enabled()


def test_seat_cards_and_log_read_well(app: App) -> None:
    """Defect 5: no "You (you)", the computer's level inside its card, no cut names on a phone."""
    page = app.page
    open_table(app, "#/play/tiddle-a-wink?deal=5&set=double-9&players=6&seats=human,ai:easy,ai:easy,ai:easy,ai:easy,ai:easy")
    expect(page.locator(".seat.me .seat-name")).not_to_contain_text("(you)")
    for card in page.locator(".seat").all():
        inner, outer = card.locator(".seat-kind").bounding_box(), card.bounding_box()
        assert inner["x"] + inner["width"] <= outer["x"] + outer["width"] - 4, "the level touches the card edge"
    page.set_viewport_size({"width": 360, "height": 740})
    try:
        cut = page.eval_on_selector_all(".seat-name", "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).length")
        assert cut == 0
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_play_log_survives_a_reload(app: App) -> None:
    """Defect 10."""
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
    page.reload()
    app.wait_ready()
    expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=TIMEOUT)
    after = page.locator("#log li").all_inner_texts()
    for line in lines:
        assert line in after


def test_big_clock_double_placed_after_shifts_make_room(app: App) -> None:
    """Defect 11: deal 11, double-12, 169 moves of the advisor in: the drawn 1-1 now fits slot 1."""
    answer = call(op="new", game="big-clock", seed=11, options={"set": "double-12"}, seats=["human"])
    moves = []
    for _ in range(169):
        answer = call(op="ai", session=answer["session"], level="advisor")
        moves.append(answer["view"]["events"][-1]["move"])
    record = {"version": 1, "game": "big-clock", "options": {"set": "double-12"}, "seed": 11, "seats": ["human"],
              "moves": moves}
    page = app.page
    page.goto(f"{app.url}#/")
    page.evaluate("r => localStorage.setItem('boneyard.game.big-clock', JSON.stringify({format: 1, record: r}))", record)
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
    """Defect 12: no raw engine errors, and "an empty column" only when there is one."""
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
    """Defect 13: no stale message after the game ends, no "The The", whole deal numbers."""
    page = app.page
    open_deal(app, "big-clock", 6, set="double-6")  # the advisor loses this one
    page.click("button[data-action=autoplay]")
    expect(page.locator("#outcome")).to_have_attribute("data-result", "lost", timeout=TIMEOUT)
    expect(page.locator(".game .message")).not_to_contain_text("Shift tiles to make room")
    page.locator("#outcome button", has_text="Close").click()
    open_deal(app, "clock", 5, exchange="true")  # won with the exchange never needed
    page.click("button[data-action=play-all]")
    expect(page.locator("#outcome")).to_have_attribute("data-result", "won", timeout=TIMEOUT)
    expect(page.locator("#board")).not_to_contain_text("exchange available once")
    page.locator("#outcome button", has_text="Close").click()
    page.goto(f"{app.url}#/play/big-clock?deal=5&colour=red")
    expect(page.locator("#notice")).to_contain_text("colour", timeout=TIMEOUT)
    expect(page.locator("#notice")).not_to_contain_text("The The")
    open_deal(app, "luzon", 123456, variant="twelve")
    assert page.eval_on_selector("#deal-number", "e => e.scrollWidth <= e.clientWidth")


def drag_hold(app: App, source: str, over: str) -> None:
    page = app.page
    a = page.locator(f"#board [data-slot={source}]").bounding_box()
    b = page.locator(f"#board [data-slot={over}]").bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2 + 15, a["y"] + a["height"] / 2 + 15, steps=3)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=4)


def test_drag_shows_the_legal_drop_targets(app: App) -> None:
    """Defect 14: both solitaires mark where a dragged tile may go; no big hour label in the ghost."""
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
    """Defect 15: Draw by keyboard disables the stock; focus goes to the drawn tile, not the body."""
    page = app.page
    open_deal(app, "big-clock", 5, set="double-6")
    page.focus("#board [data-slot=stock]")
    page.keyboard.press("Enter")
    expect_moves(app, 1)
    page.wait_for_timeout(100)
    assert page.evaluate("document.activeElement !== document.body")
    assert page.evaluate("!!document.activeElement.closest('#board, .toolbar')")


def test_walk_every_game(app: App) -> None:
    """New, moves, undo, redo, hint, reload and the end of every game; no console error."""
    page = app.page
    # the solitaires: a few moves by hint, undo, redo, reload, then the end by the advisor or play-out
    for game, options in (("luzon", {"variant": "twelve"}), ("big-clock", {"set": "double-6"}),
                          ("clock", {"exchange": "true"})):
        open_deal(app, game, 12, **options)
        undo, redo, hint = (page.locator(f"button[data-action={a}]") for a in ("undo", "redo", "hint"))
        hint.click()
        expect(page.locator("#hint-text")).to_be_visible(timeout=TIMEOUT)
        legal = call(op="new", game=game, seed=12, options=options)["view"]["legal"]
        assert legal
        page.evaluate("() => 0")
        done = int(page.get_attribute("#board", "data-moves") or 0)
        if game == "clock":
            page.click("button[data-action=turn]")
        else:
            page.click("#board .hinted >> nth=0")
            if not int(page.get_attribute("#board", "data-moves") or 0) > done and page.locator("#board .hinted").count() > 1:
                page.click("#board .hinted >> nth=1")
        expect_moves(app, 1)
        undo.click()
        expect_moves(app, 0)
        redo.click()
        expect_moves(app, 1)
        page.reload()
        app.wait_ready()
        expect_moves(app, 1)
        expect(page.locator(".game .message")).to_contain_text("Resumed")
    # the table games: to the end of a short game, with a reload on the way
    for game, fragment in (("draw", "set=double-6&players=2&target=50&seats=human,ai:easy"),
                           ("matador", "set=double-9&players=3&seats=human,ai:easy,ai:easy"),
                           ("tiddle-a-wink", "set=double-9&players=6&seats=human" + ",ai:easy" * 5),
                           ("round-the-clock", "players=2&target=50&seats=human,ai:easy")):
        open_table(app, f"#/play/{game}?deal=4&{fragment}")
        expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=TIMEOUT)
        assert my_move(app)
        page.wait_for_timeout(200)
        expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=TIMEOUT)
        hint = page.locator("button[data-action=hint]")
        expect(hint).to_be_enabled()
        hint.click()
        expect(page.locator("#hint-text")).to_contain_text("Hint", timeout=TIMEOUT)
        moves = int(page.get_attribute("#table-screen", "data-moves"))
        page.click("button[data-action=undo]")
        expect(page.locator("#table-screen")).not_to_have_attribute("data-moves", str(moves), timeout=TIMEOUT)
        page.reload()
        app.wait_ready()
        expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=TIMEOUT)
        play_to_game_over(app)
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
        page.wait_for_timeout(150)
        if not page.locator("#round-summary[open]").count():
            assert [t for t in ways_on(app) if re.search(r"new game|replay|setup|summary", t, re.I)], ways_on(app)
    assert app.errors == []
