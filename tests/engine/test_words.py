"""The engine's refusals that reach players read as plain words (issue 33, item 15): no raw
numbers of a limit, no game ids, no "1 players", no internal computer levels."""

from __future__ import annotations

import json
from typing import Any

from engine.api import handle
from engine.session import Session
from tests.engine.helpers import call

INTERNAL = ("advisor", "greedy", "ismcts", "random")



def message(answer: Any) -> str:
    answer = json.loads(answer) if isinstance(answer, str) else answer
    assert answer["ok"] is False, answer
    return str(answer["error"]["message"])


def test_a_request_too_long_or_too_deep_is_refused_in_plain_words() -> None:
    long = message(handle(json.dumps({"op": "catalog", "pad": "x" * 1_000_001})))
    assert "1,000,000 characters" in long and "a request may" not in long
    deep = message(handle("[" * 40 + "]" * 40))
    assert "32 deep" in deep and "levels deep" not in deep and "nest at most" not in deep


def test_a_record_of_another_game_names_both_games_as_players_know_them() -> None:
    clock = call(op="new", game="clock", seed=3)["record"]
    text = message(call(op="load", record=clock, game="draw"))
    assert text == "The file is a record of Clock (CARDominoes), not of Color Dot draw game."
    assert call(op="load", record=clock, game="clock")["ok"]


def test_a_resignation_that_cannot_be_is_refused_without_a_count_of_players() -> None:
    luzon = call(op="new", game="luzon", seed=3)["record"]
    solo = message(call(op="load", record={**luzon, "resigned": 1}))
    draw = call(op="new", game="draw", seed=3, options={"players": 3}, seats=["human", "ai:easy", "ai:easy"])["record"]
    table = message(call(op="load", record={**draw, "resigned": 5}))
    computer = message(call(op="load", record={**draw, "resigned": 1}))
    for text in (solo, table, computer):
        assert "players" not in text and "who is not a person playing this game" in text, text
    finished = Session.new("luzon", {}, 3, ["human"])
    while finished.to_move() is not None:
        finished.play(finished.game.legal_moves(finished.state)[0])
    late = message(call(op="load", record={**finished.record(), "resigned": 0}))
    assert late == "The record says someone resigned after the game was over: the file was changed."


def test_seats_that_do_not_fit_are_counted_in_plain_words() -> None:
    solo = message(call(op="new", game="luzon", seed=3, seats=["human", "human"]))
    assert solo == "This game has 1 seat, not 2.", solo
    table = message(call(op="new", game="draw", seed=3, seats=["human"]))
    assert table == "This game has 2 seats, not 1.", table


def test_players_that_do_not_fit_name_the_game_once() -> None:
    draw = call(op="new", game="draw", seed=3)["record"]
    text = message(call(op="load", record={**draw, "seats": ["human"]}))
    assert "game game" not in text and "game of Color Dot" not in text
    assert text.startswith("The record's players do not fit Color Dot draw game with these settings: "
                           "it needs 2 players")


def test_an_unknown_level_lists_only_the_levels_players_choose() -> None:
    for answer in (call(op="new", game="draw", seed=3, seats=["human", "ai:nope"]),
                   call(op="ai", session=call(op="new", game="luzon", seed=3)["session"], level="nope")):
        text = message(answer)
        assert text == "There is no computer level “nope”: the levels are easy, medium and hard.", text
        assert not any(level in text for level in INTERNAL)
