"""Before a game is over, nothing the API answers for a person's game shows what a computer's
seat holds: view, replay and review of a computer's seat are refused with a typed error (and
change nothing); a person's seats, a finished game and a table of computers only are answered."""

from __future__ import annotations

from typing import Any

from tests.engine.helpers import call


def draw_game(seats: list[str] | None = None) -> tuple[str, dict[str, Any]]:
    answer = call(op="new", game="draw", options={}, seed=711432, seats=seats or ["human", "ai:easy"])
    assert answer["ok"], answer
    return answer["session"], answer


def play_a_little(sid: str, moves: int = 3) -> dict[str, Any]:
    """A few moves of the person and the computer; the record of the game, still in progress."""
    for _ in range(moves):
        view = call(op="view", session=sid)["view"]
        if view["legal"]:
            assert call(op="play", session=sid, move=view["legal"][0]["id"])["ok"]
        else:
            assert call(op="ai", session=sid)["ok"]
    record: dict[str, Any] = call(op="record", session=sid)["record"]
    assert call(op="view", session=sid)["view"]["outcome"] is None
    return record


def refused(answer: dict[str, Any]) -> None:
    assert answer["ok"] is False, answer
    assert answer["error"]["code"] == "hidden_information"


def test_view_of_a_computers_seat_is_refused_mid_game() -> None:
    sid, _ = draw_game()
    play_a_little(sid)
    before = call(op="record", session=sid)
    refused(call(op="view", session=sid, seat=1))
    for op in ("play", "ai", "undo", "redo"):  # every op that answers a view
        refused(call(op=op, session=sid, seat=1, move="draw"))
    assert call(op="record", session=sid) == before  # nothing changed
    assert call(op="view", session=sid, seat=0)["ok"]


def test_new_and_load_for_a_computers_seat_are_refused() -> None:
    sid, _ = draw_game()
    record = play_a_little(sid)
    refused(call(op="new", game="draw", options={}, seed=5, seats=["human", "ai:easy"], seat=1))
    refused(call(op="load", record=record, seat=1))


def test_replay_of_a_computers_seat_is_refused_until_the_game_is_over() -> None:
    sid, _ = draw_game()
    record = play_a_little(sid)
    refused(call(op="replay", record=record, at=len(record["moves"]), seat=1))
    assert call(op="replay", record=record, at=len(record["moves"]), seat=0)["ok"]
    finished = {**record, "resigned": 0}  # over: every hand may be shown
    assert call(op="replay", record=finished, at=len(record["moves"]), seat=1)["ok"]


def test_review_of_a_computers_seat_is_refused_until_the_game_is_over() -> None:
    sid, _ = draw_game()
    record = play_a_little(sid, 6)
    refused(call(op="review", record=record, seats=[1], limit=1))
    refused(call(op="review", session=sid, seats=[0, 1], limit=1))
    assert call(op="review", record=record, seats=[0], limit=1)["ok"]
    assert call(op="review", record={**record, "resigned": 0}, seats=[1], limit=1)["ok"]


def test_hot_seat_people_and_a_table_of_computers_keep_their_views() -> None:
    sid, _ = draw_game(["human", "human"])
    play_a_little(sid, 2)
    assert call(op="view", session=sid, seat=1)["ok"]
    computers = call(op="new", game="draw", options={}, seed=3, seats=["ai:easy", "ai:easy"])
    assert call(op="view", session=computers["session"], seat=1)["ok"]
