"""Game records made natively (the engine in the test process: the same deal and moves as in the
browser) and imported into the page, in place of playing long games in the page.

`native_record` is the one way to make one: the person (seat 0) played by a policy or by the easy
computer, every other seat by the easy computer, up to the first view where a stop holds. A record
is made once per test process for the same arguments (stops and policies compared as objects: a
named one, or a `Midgame`, is reused; a lambda is not) and each caller gets its own copy. A screen
opened with one: a game's link (`open_record`), the large layouts' fixed deals at their start or mid-game
(`open_game`, `open_midgame`, `open_large`). The games' catalog as the engine gives it (CATALOG)
comes from the same engine."""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import expect

from engine.api import handle, handle_request

from .conftest import SCREEN_TIMEOUT_MS, App, computer_speed, follow_link, import_answered, record_file
from .screen_sizes import round_over

View = dict[str, Any]
Record = dict[str, Any]
Stop = Callable[[View], bool]
Policy = Callable[[View], str]

CATALOG: list[dict[str, Any]] = json.loads(handle(json.dumps({"op": "catalog"})))["games"]  # every game's spec

# the large layouts' fixed deals (test_fit): (options, seats, seed, moves played before the screen opens)
TABLES: dict[str, tuple[dict[str, Any], int, int, int]] = {
    "draw": ({"set": "double-12", "players": 6, "target": 100}, 6, 11, 40),
    "matador": ({"set": "double-12", "players": 8}, 8, 5, 40),
    "tiddle-a-wink": ({"set": "double-12", "players": 10}, 10, 3, 40),
    "round-the-clock": ({"set": "double-6", "players": 2, "target": 100}, 2, 4, 16),
}
SOLITAIRES: dict[str, tuple[dict[str, Any], int, int]] = {  # (options, seed, moves)
    "luzon": ({"variant": "twelve"}, 7, 30),
    "big-clock": ({"set": "double-12"}, 11, 60),
    "clock": ({"exchange": True}, 4, 14),
}


def first_legal(view: View) -> str:
    """The person's move: the first legal one."""
    return str(view["legal"][0]["id"])


def drawer(view: View) -> str:
    """The person's move: a draw whenever one is allowed (the hand grows), else the first legal one."""
    ids = [m["id"] for m in view["legal"]]
    return "draw" if "draw" in ids else str(ids[0])


def game_over(view: View) -> bool:
    """A stop: the game's end."""
    return bool(view.get("outcome"))


@dataclass(frozen=True)
class Midgame:
    """A stop: the person to move once `moves` moves are made, or the round's end before that."""

    moves: int

    def __call__(self, view: View) -> bool:
        return round_over(view) or (view["moves"] >= self.moves and view["to_move"] == 0)


def native_record(game: str, options: dict[str, Any], players: int, seed: int, stop: Stop, *,
                  person: Policy | None = first_legal, most: int = 3000,
                  must_reach: bool = True) -> tuple[Record, View]:
    """(record, view) of `game` dealt by `seed` to the person (seat 0) and `players - 1` easy computers,
    played natively from the deal to the first view where `stop` holds (seen after every move, through
    rounds' ends). The person plays by `person` (None: by the easy computer), and at a round's end the
    easy computer starts the next round for them. When the game ends or `most` moves are made first,
    `must_reach` makes that an AssertionError; otherwise the record and view reached are returned."""
    made = _played(game, json.dumps(options), players, seed, stop, person, most, must_reach)
    return copy.deepcopy(made)


@functools.cache
def _played(game: str, options: str, players: int, seed: int, stop: Stop, person: Policy | None, most: int,
            must_reach: bool) -> tuple[Record, View]:
    """native_record's answer, made once per test process for the same arguments."""
    seats = ["human"] + ["ai:easy"] * (players - 1)
    answer = handle_request({"op": "new", "game": game, "options": json.loads(options), "seed": seed,
                             "seats": seats, "seat": 0})
    assert answer["ok"], answer
    session = answer["session"]
    try:
        for _ in range(most):
            view = answer["view"]
            if stop(view):
                return answer["record"], view
            if view.get("outcome"):
                break
            if person is not None and view["to_move"] == 0 and not round_over(view):
                answer = handle_request({"op": "play", "session": session, "move": person(view), "seat": 0})
            else:  # a computer at its own level; the person's turns left to the computer by the easy one
                mine = {"level": "easy"} if view["to_move"] == 0 else {}
                answer = handle_request({"op": "ai", "session": session, "seat": 0, **mine})
            assert answer["ok"], answer
    finally:
        handle_request({"op": "close", "session": session})
    if must_reach:
        raise AssertionError(f"{game} seed {seed}: the position looked for never came")
    return answer["record"], answer["view"]


def midgame_record(game: str, moves: int | None = None) -> Record:
    """The record of a game of TABLES or SOLITAIRES on its fixed deal, every seat by the easy computer,
    stopped on the person's turn after about `moves` moves (the game's own number unless given)."""
    if game in TABLES:
        options, players, seed, mid = TABLES[game]
    else:
        options, seed, mid = SOLITAIRES[game]
        players = 1
    moves = mid if moves is None else moves
    return native_record(game, options, players, seed, Midgame(moves), person=None, most=moves * 3,
                         must_reach=False)[0]


def near_the_end(game: str, options: dict[str, Any], players: int, seed: int, before: int) -> Record:
    """The record of a game played natively, every seat by the easy computer (the person's too), to
    the person's turn at least `before` moves before the game's end."""
    end = len(native_record(game, options, players, seed, game_over, person=None)[0]["moves"])
    record, _ = native_record(game, options, players, seed, lambda view: view["moves"] >= end - before
                              and view["to_move"] == 0 and not round_over(view), person=None, must_reach=False)
    assert len(record["moves"]) < end, f"{game} seed {seed}: no turn of the person's in its last {before} moves"
    return record


def import_record(app: App, record: Record, board: str = "") -> None:
    """Give the page `record` as a file, over the game it shows (the same game's screen), and wait for
    the imported game on `board` (a selector of the screen's element that carries its moves: any)."""
    done = f"{board}[data-moves='{len(record['moves'])}']"
    import_answered(app.page, record_file(record), done, SCREEN_TIMEOUT_MS)


def open_record(app: App, game: str, options: dict[str, Any], players: int, seed: int, record: Record) -> None:
    """Open the game's link (the same table) and import `record` into it."""
    page = app.page
    query = "&".join(f"{k}={str(v).lower()}" for k, v in options.items())
    seats = ",".join(["human"] + ["ai:easy"] * (players - 1))
    follow_link(app, f"#/play/{game}?deal={seed}&{query}" + (f"&seats={seats}" if players > 1 else ""))
    expect(page.locator("[data-moves]").first).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(".game.busy")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)
    import_record(app, record)
    expect(page.locator(".game.busy")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)


def open_game(app: App, game: str) -> None:
    """Open a game's screen at its start: a table game through its link (the large table), a
    solitaire on a fixed deal (saved games forgotten: no question about leaving the one before)."""
    page = app.page
    if game in TABLES:
        options, players, seed, _ = TABLES[game]
        seats = ",".join(["human"] + ["ai:easy"] * (players - 1))
        query = "&".join(f"{k}={v}" for k, v in options.items())
        follow_link(app, f"#/play/{game}?deal={seed}&{query}&seats={seats}")
        expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    else:
        options, seed, _ = SOLITAIRES[game]
        query = "&".join(f"{k}={str(v).lower()}" for k, v in options.items())
        follow_link(app, f"#/play/{game}?deal={seed}&{query}")
        expect(page.locator("#board")).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(".game.busy")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)


def open_midgame(app: App, game: str) -> None:
    """Open a game of TABLES or SOLITAIRES at its large mid-game layout: at its start, then its record
    imported."""
    open_game(app, game)
    import_record(app, midgame_record(game))


def open_large(app: App, game: str, speed: str = "instant", size: tuple[int, int] | None = None,
               moves: int | None = None) -> None:
    """A large table mid-game (a game of TABLES at its start, then its record, played natively; after
    about `moves` moves), the person to play, computers at `speed`."""
    page = app.page
    if size:
        page.set_viewport_size({"width": size[0], "height": size[1]})
    record = midgame_record(game, moves)
    computer_speed(page, speed)
    open_game(app, game)
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    import_record(app, record)
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(".motion-ghost")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)
