"""The solitaires' deals and moves on the page, and their lines made natively: Luzon's winnable deal
(LUZON_WON_SEED, its winning line a module fixture `line`) and a losing line, the Big Clock's deal
on its set and the advisor's line, the first moves of any solitaire's deal (the advisor's or Clock's
turns) imported into the open screen, and a move id played by clicks (Luzon's and the Big Clock's)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine.api import handle
from tests.engine.helpers import call

from .conftest import App, expect_moves, open_deal, record_file, solve, until_still

LUZON_WON_SEED = 7  # a winnable Luzon deal (twelve) whose solution includes a column move
BIG_CLOCK_SET = "double-6"
CLOCK_EXCHANGE_SEED = 12  # the fourth king turns up at move 39 (tests/e2e/test_clock.py)


def start_luzon_deal(app: App, seed: int, variant: str = "twelve") -> None:
    """Open Luzon's deal `seed` (in `variant`)."""
    open_deal(app, "luzon", seed, variant=variant)


def start_big_clock_deal(app: App, seed: int) -> None:
    """Open the Big Clock's deal `seed` on BIG_CLOCK_SET."""
    open_deal(app, "big-clock", seed, set=BIG_CLOCK_SET)
    expect(app.page.locator("#board")).to_have_attribute("data-set", BIG_CLOCK_SET)


def columns_on_page(app: App) -> list[list[str]]:
    """Luzon's columns as the board draws them, each its tiles top to bottom."""
    columns: list[list[str]] = app.page.eval_on_selector_all(
        "#board .column", "cols => cols.map(c => [...c.querySelectorAll('[data-tile]')].map(t => t.dataset.tile))")
    return columns


def tops(app: App) -> dict[str, str]:
    """The Big Clock's slots as the board draws them: the tile on top of each."""
    shown: dict[str, str] = app.page.eval_on_selector_all(
        "#board .bc-slot", "slots => Object.fromEntries(slots.map(s => [s.dataset.slot, s.dataset.top]))")
    return shown


def click_move(app: App, move: str) -> None:
    """Play a move id of Luzon or the Big Clock with clicks (click_places)."""
    click_places(app.page, move)


def click_places(page: Page, move: str) -> None:
    """Play a move id of Luzon or the Big Clock with clicks: the stock ("draw", "refill"), the drawn
    tile then its slot ("place:SLOT"), or a place then a place ("discard:c1+c2", "move:c1>c3",
    "shift:slot2>slot5"), the first shown picked before the second is clicked."""
    kind, _, body = move.partition(":")
    board = page.locator("#board")
    if kind in ("draw", "refill"):
        board.locator("[data-slot=stock]").click()
    elif kind == "place":
        board.locator("[data-slot=drawn]").click()
        board.locator(f"[data-slot={body}]").click()
    else:
        first, second = body.replace(">", "+").split("+")
        board.locator(f"[data-slot={first}]").click()
        expect(board.locator(f"[data-slot={first}]")).to_have_attribute("aria-pressed", "true")
        board.locator(f"[data-slot={second}]").click()


def play_line(app: App, line: list[str], start: int, count: int) -> None:
    """Play `count` moves of `line` from its move `start` by clicks, each seen made."""
    for done, move in enumerate(line[start:start + count], start=start + 1):
        click_move(app, move)
        expect_moves(app, done)


@pytest.fixture(scope="module")
def line() -> list[str]:
    """The winning line of LUZON_WON_SEED: moves that are legal one after another."""
    return list(solve(LUZON_WON_SEED)["solution"])


def losing_line(seed: int) -> list[str]:
    """First-legal-move playout of an unwinnable Luzon deal, natively, until no move is left."""
    answer = json.loads(handle(json.dumps({"op": "new", "game": "luzon", "seed": seed})))
    assert answer["view"]["analysis"]["winnable"] is False
    moves: list[str] = []
    while answer["view"]["legal"]:
        moves.append(answer["view"]["legal"][0]["id"])
        answer = json.loads(handle(json.dumps({"op": "play", "session": answer["session"], "move": moves[-1]})))
    assert answer["view"]["outcome"]["winners"] == []
    return moves


def advisor_line(seed: int) -> tuple[list[str], dict[str, Any]]:
    """The advisor's moves for a Big Clock deal on BIG_CLOCK_SET, natively, and the final view."""
    answer = call(op="new", game="big-clock", seed=seed, options={"set": BIG_CLOCK_SET}, seats=["human"])
    moves: list[str] = []
    while not answer["view"]["outcome"]:
        answer = call(op="ai", session=answer["session"], level="advisor")
        moves.append(answer["view"]["events"][-1]["move"])
    return moves, answer["view"]


def first_moves(game: str, options: dict[str, Any], seed: int, count: int, pick: str = "advisor") -> list[str]:
    """The first `count` moves of a solitaire's deal, natively: the advisor's, or Clock's turns."""
    answer = call(op="new", game=game, seed=seed, options=options, seats=["human"])
    moves: list[str] = []
    while len(moves) < count and not answer["view"]["outcome"]:
        if pick == "turn":
            move = next((m["id"] for m in answer["view"]["legal"] if m["kind"] == "turn"), None)
            if move is None:
                break
            answer = call(op="play", session=answer["session"], move=move)
        else:
            answer = call(op="ai", session=answer["session"], level="advisor")
        moves.append(answer["view"]["events"][-1]["move"])
    return moves


def import_moves(app: App, game: str, options: dict[str, Any], seed: int, moves: list[str]) -> None:
    """Bring the open solitaire's screen to the position after `moves` (a record made natively, imported)."""
    answer = call(op="new", game=game, seed=seed, options=options, seats=["human"])
    for move in moves:
        answer = call(op="play", session=answer["session"], move=move)
        assert answer["ok"], answer
    record = call(op="record", session=answer["session"])["record"]
    app.page.set_input_files("#import-record", files=[record_file(record, "dial.json")])
    expect_moves(app, len(moves))
    until_still(app.page)
