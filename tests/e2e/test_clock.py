"""Clock (CARDominoes) through the page: a deal won with an exchange chosen in the page (the advisor's
chances shown as percentages, the hint at the best; the deal resumed at its exchange once the page
started again from what it stored, then won), the exchange-off deal played out, turning by
click/button/keyboard, undo/redo (no console error and no request off 127.0.0.1 in any test:
conftest checks)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.engine.helpers import call

from .conftest import App, expect_moves, open_deal, settled, started_again

EXCHANGE_SEED = 12  # the fourth king turns up at move 39; the advisor's exchange (15%) wins
TIMEOUT = 30_000


def native_until_exchange(seed: int) -> dict[str, Any]:
    """The native answer when the exchange is to be chosen (turning from the deal)."""
    answer = call(op="new", game="clock", seed=seed, options={"exchange": True}, seats=["human"])
    while answer["view"]["board"]["phase"] == "turn":
        answer = call(op="play", session=answer["session"], move="turn")
    assert answer["view"]["board"]["exchange_pending"]
    return answer


def start_deal(app: App, seed: int, exchange: bool = True) -> None:
    open_deal(app, "clock", seed, exchange="true" if exchange else "false")


def face_up(app: App) -> list[list[str]]:
    value: list[list[str]] = app.page.eval_on_selector_all(
        "#board .ck-pile", "piles => piles.map(p => p.dataset.up ? p.dataset.up.split(' ') : [])")
    return value


def resume_after_a_start_again(app: App, moves: int) -> None:
    """The deal left at its exchange and the page started again from what it stored, as a load starts
    it (conftest.started_again: without a load, which costs some 1.5 s of CPU): the saved deal resumes
    there, as it was."""
    page = app.page
    before = face_up(app)
    page.goto(f"{app.url}#/")
    started_again(page, f"{app.url}#/play/clock")
    expect_moves(app, moves)
    expect(page.locator(".game .message")).to_contain_text(f"Resumed deal {EXCHANGE_SEED}")
    expect(page.locator("#board")).to_have_attribute("data-phase", "exchange")
    expect(page.locator("#board .ck-exchange")).to_be_visible()
    assert face_up(app) == before


def test_won_with_exchange_resumed_after_a_start_again(app: App) -> None:
    native = native_until_exchange(EXCHANGE_SEED)
    view = native["view"]
    chances = view["analysis"]["exchange_chances"]
    hint = call(op="hint", session=native["session"])
    best = chances[0]
    assert hint["move"] == best["move"] and 0 < best["chance"] < 1
    start_deal(app, EXCHANGE_SEED)
    page = app.page
    page.click("button[data-action=play-all]")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-phase", "exchange", timeout=TIMEOUT)
    expect_moves(app, view["moves"])
    assert face_up(app) == [s["face_up"] for s in view["board"]["slots"]]
    help_text = page.locator("#board .ck-exchange-help")
    expect(help_text).to_be_visible()
    expect(help_text).to_contain_text("fourth king")
    percent = f"{round(best['chance'] * 100)}%"
    expect(help_text.locator(".ck-best")).to_contain_text(percent)
    # the best pile's face-down tiles are offered first, in the dial's centre
    panel = page.locator("#board .ck-dial .ck-exchange")
    expect(panel.locator(f"[data-slot='ex:{best['slot']}:{best['depth']}']")).to_be_visible(timeout=TIMEOUT)
    # every choice is offered with its chance once its pile is chosen; the best ones are marked
    for slot in sorted({c["slot"] for c in chances}):
        page.click(f"#board .ck-pile[data-pile='{slot}']")
        mine = [c for c in chances if c["slot"] == slot]
        expect(panel.locator(".ck-choice")).to_have_count(len(mine))
        for choice in mine:
            button = panel.locator(f"[data-slot='ex:{choice['slot']}:{choice['depth']}']")
            expect(button).to_contain_text(f"{round(choice['chance'] * 100)}%")
        expect(panel.locator(".ck-choice.best")).to_have_count(sum(c["chance"] == best["chance"] for c in mine))
    # the hint points at the best choice, and offers its pile's tiles
    page.click("button[data-action=hint]")
    expect(page.locator("#hint-text")).to_contain_text(percent)
    target = f"ex:{best['slot']}:{best['depth']}"
    expect(panel.locator(f"[data-slot='{target}']")).to_have_class("ck-choice best hinted")
    resume_after_a_start_again(app, view["moves"])
    panel.locator(f"[data-slot='{target}']").click()
    expect_moves(app, view["moves"] + 1)
    expect(board).to_have_attribute("data-phase", "turn")
    expect(page.locator(".game .message")).to_contain_text("Exchanged")
    page.click("button[data-action=play-all]")
    dialog = page.locator("#outcome")
    expect(dialog).to_be_visible(timeout=TIMEOUT)
    expect(dialog).to_have_attribute("data-result", "won")
    expect(dialog.locator("h2")).to_have_text("You won!")
    expect(board).to_have_attribute("data-face-down", "0")
    assert all(len(pile) == 4 for pile in face_up(app))
    dialog.locator("button", has_text="Close").click()


def test_exchange_off_plays_out(app: App) -> None:
    seed = 125  # the fourth king turns up at move 14: a short deal, played out to its loss
    answer = call(op="new", game="clock", seed=seed, options={"exchange": False}, seats=["human"])
    while not answer["view"]["outcome"]:
        answer = call(op="play", session=answer["session"], move="turn")
    final = answer["view"]
    start_deal(app, seed, exchange=False)
    page = app.page
    expect(page.locator("#board .ck-nodecision")).to_contain_text("no decisions")
    expect(page.locator("#option-exchange")).to_have_value("false")
    page.click("#board button[data-action=play-out]")
    dialog = page.locator("#outcome")
    expect(dialog).to_be_visible(timeout=TIMEOUT)
    won = bool(final["outcome"]["winners"])
    expect(dialog).to_have_attribute("data-result", "won" if won else "lost")
    expect_moves(app, final["moves"])
    assert face_up(app) == [s["face_up"] for s in final["board"]["slots"]]
    dialog.locator("button", has_text="Close").click()


def test_turn_click_keyboard_and_no_undo(app: App) -> None:
    start_deal(app, EXCHANGE_SEED)
    page = app.page
    answer = call(op="new", game="clock", seed=EXCHANGE_SEED, seats=["human"])
    views = []
    for _ in range(3):
        answer = call(op="play", session=answer["session"], move="turn")
        views.append(answer["view"])
    page.click("button[data-action=turn]")
    expect_moves(app, 1)
    page.click("#board .ck-pile.next")  # the pile to turn from is a button
    expect_moves(app, 2)
    page.focus("#board .ck-pile.next")
    page.keyboard.press("Enter")
    expect_moves(app, 3)
    assert face_up(app) == [s["face_up"] for s in views[2]["board"]["slots"]]
    # the message says the turn in the engine's words of it made: the tile turned up and its pile
    said = f"You {views[2]['events'][0]['you']}."
    assert re.fullmatch(r"You turn up the [a-z0-9]+ of [a-z]+ from (the centre|\d+ o'clock)\.", said), said
    expect(page.locator(".game .message")).to_have_text(said)
    # a turned-up tile stays turned up: undo never takes back what it showed
    expect(page.locator("button[data-action=undo]")).to_be_disabled()
    page.keyboard.press("Control+z")
    settled(page)
    expect_moves(app, 3)
    # the coach, opened at the last move, says it in the same words as the play screen
    page.click("button[data-action=coach]")
    expect(page.locator("#coach-where")).to_have_text("Move 3 of 3", timeout=TIMEOUT)
    expect(page.locator("#coach-move")).to_have_text(said)
    page.click("button[data-action=coach-close]")
