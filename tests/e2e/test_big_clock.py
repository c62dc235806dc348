"""The Big Clock through the page: a won deal played by clicks following the native advisor, a lost
deal played out by autoplay, drag and drop, keyboard, undo/redo, hint, resume after a start again
(as a load starts the page, without one, conftest.started_again; of the deal played by drag and
keyboard); no console error and no request off 127.0.0.1 in any test (conftest checks)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.engine.helpers import call
from tests.typed import known

from .conftest import App, check_undo_redo, expect_moves, settled, started_again
from .solitaire_play import BIG_CLOCK_SET, advisor_line, click_move, start_big_clock_deal, tops

WON_SEED = 5  # the advisor wins this double-6 deal (shifts, a stuck double, refills)
LOST_SEED = 6  # the advisor loses this one in 7 moves
TIMEOUT = 20_000


def test_won_deal_by_clicks(app: App) -> None:
    moves, final = advisor_line(WON_SEED)
    assert final["outcome"]["winners"] == [0]
    start_big_clock_deal(app, WON_SEED)
    native = call(op="new", game="big-clock", seed=WON_SEED, options={"set": BIG_CLOCK_SET}, seats=["human"])["view"]
    assert tops(app) == {f"slot{s['slot']}": s["top"] for s in native["board"]["slots"]}
    expect(app.page.locator("#board .bc-hand")).to_be_visible()
    for done, move in enumerate(moves, start=1):
        click_move(app, move)
        expect_moves(app, done)
    dialog = app.page.locator("#outcome")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-result", "won")
    expect(dialog.locator("h2")).to_have_text("You won!")
    assert app.page.locator("#board .bc-slot.home").count() == 6
    dialog.locator("button", has_text="Close").click()
    expect(dialog).to_be_hidden()


def test_lost_deal_by_autoplay(app: App) -> None:
    moves, final = advisor_line(LOST_SEED)
    assert final["outcome"]["winners"] == []
    start_big_clock_deal(app, LOST_SEED)
    app.page.click("button[data-action=autoplay]")
    expect(app.page.locator("button[data-action=autoplay]")).to_have_text("Stop")
    dialog = app.page.locator("#outcome")
    expect(dialog).to_be_visible(timeout=30_000)
    expect(dialog).to_have_attribute("data-result", "lost")
    expect(dialog.locator("h2")).to_have_text("Game lost")
    expect_moves(app, len(moves))
    assert tops(app) == {f"slot{s['slot']}": s["top"] for s in final["board"]["slots"]}
    # the losing move turned a tile up from the stock: undo never takes that back
    assert moves[-1] == "draw"
    expect(dialog.locator("button", has_text="Undo last move")).to_have_count(0)


def test_autoplay_stops(app: App) -> None:
    start_big_clock_deal(app, WON_SEED)
    button = app.page.locator("button[data-action=autoplay]")
    button.click()
    expect(app.page.locator("#board")).not_to_have_attribute("data-moves", "0", timeout=TIMEOUT)
    button.click()
    expect(button).to_have_text("Autoplay")
    expect(app.page.locator("#board")).to_have_attribute("data-autoplay", "false")
    played = int(app.page.get_attribute("#board", "data-moves") or 0)
    settled(app.page)  # nothing more is due: autoplay's run has stopped
    assert int(app.page.get_attribute("#board", "data-moves") or 0) == played


def test_undo_redo_and_illegal(app: App) -> None:
    start_big_clock_deal(app, WON_SEED)
    check_undo_redo(app, lambda: click_move(app, "shift:slot2>slot5"), lambda: tops(app))
    # a slot that is not a legal target: refused with a message, nothing changes
    app.page.click("#board [data-slot=slot2]")
    expect(app.page.locator("#board [data-slot=slot2]")).to_have_attribute("aria-pressed", "true")
    wrong = app.page.locator("#board .bc-slot:not(.target):not([data-slot=slot2])").first.get_attribute("data-slot")
    app.page.keyboard.press("Escape")
    expect(app.page.locator("#board [data-slot=slot2]")).to_have_attribute("aria-pressed", "false")
    app.page.locator("#board [data-slot=slot2]").drag_to(app.page.locator(f"#board [data-slot={wrong}]"))
    expect(app.page.locator(".game .message")).to_contain_text("Not allowed")
    expect(app.page.locator(".game .message")).to_have_attribute("data-kind", "error")
    expect_moves(app, 0)


def test_drag_and_keyboard_then_resume_after_a_start_again(app: App) -> None:
    moves, _ = advisor_line(WON_SEED)
    start_big_clock_deal(app, WON_SEED)
    page = app.page
    # the first move is a shift: by drag and drop
    first, second = moves[0].split(":")[1].split(">")
    page.locator(f"#board [data-slot={first}]").drag_to(page.locator(f"#board [data-slot={second}]"))
    expect_moves(app, 1)
    for done, move in enumerate(moves[1:7], start=2):
        click_move(app, move)
        expect_moves(app, done)
    assert moves[7] == "draw" and moves[8] == "draw" and moves[9] == "place:slot3"
    # draw by keyboard: focus the stock, Enter
    page.focus("#board [data-slot=stock]")
    page.keyboard.press("Enter")
    expect_moves(app, 8)
    page.focus("#board [data-slot=stock]")
    page.keyboard.press("Space")
    expect_moves(app, 9)
    drawn = page.get_attribute("#board", "data-drawn")
    assert drawn
    assert "target" in (page.get_attribute("#board [data-slot=slot3]", "class") or "")
    # place by dragging the drawn tile
    page.locator("#board [data-slot=drawn]").drag_to(page.locator("#board [data-slot=slot3]"))
    expect_moves(app, 10)
    assert tops(app)["slot3"] == drawn
    # the deal left and the page started again from what it stored, as a load starts it
    # (conftest.started_again, without a load): the saved deal resumes as it was
    before = tops(app)
    page.goto(f"{app.url}#/")
    started_again(page, f"{app.url}#/play/big-clock")
    expect_moves(app, 10)
    expect(page.locator(".game .message")).to_contain_text(f"Resumed deal {WON_SEED}")
    assert tops(app) == before
    expect(page.locator("#option-set")).to_have_value(BIG_CLOCK_SET)


def test_hint(app: App) -> None:
    start_big_clock_deal(app, WON_SEED)
    hint = call(op="hint", session=call(op="new", game="big-clock", seed=WON_SEED, options={"set": BIG_CLOCK_SET},
                                        seats=["human"])["session"])
    first, second = hint["move"].split(":")[1].split(">")
    # a place picked before the hint is let go by it, and the words that named it go with it
    app.page.click(f"#board [data-slot={first}]")
    expect(app.page.locator("#message")).to_contain_text("Selected")
    app.page.click("button[data-action=hint]")
    settled(app.page)
    expect(app.page.locator("#message")).not_to_contain_text("Selected")
    expect(app.page.locator("#board .selected")).to_have_count(0)
    box = app.page.locator("#hint-text")
    expect(box).to_be_visible()
    expect(box).to_contain_text(hint["label"])
    assert "hinted" in known(app.page.get_attribute(f"#board [data-slot={first}]", "class"))
    assert "hinted" in known(app.page.get_attribute(f"#board [data-slot={second}]", "class"))
