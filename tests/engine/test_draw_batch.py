""""Draw until you can play" as one request: `until_playable` on the `play` and `ai`
ops. The batch makes the same moves as single requests (same record, same final state, same
computer picks), every draw is an event of the answer, another seat's drawn tiles never reach a
seat's view, a malformed flag is refused with nothing changed, and where the rules give a choice
(Matador's draw instead of a matador, Round The Clock's one draw) the batch stops at it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from engine import api
from engine.session import Session
from tests.engine.helpers import tokens
from tests.engine.test_draw import position
from tests.engine.test_matador import GAME as MATADOR
from tests.engine.test_matador import line

TABLE_GAMES = [("draw", {"set": "double-6", "players": 3, "target": 50}),
               ("matador", {"players": 3}),
               ("round-the-clock", {"players": 3, "target": 50}),
               ("tiddle-a-wink", {"players": 6})]


def ask(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(json.dumps(request)))
    return answer


def to_move(session: Session) -> int | None:
    return session.to_move()


def advance(session: Session, until: Callable[[Session], bool], limit: int = 2000) -> bool:
    """Play on (a person's seat by its first legal move, a computer's by ai_move) until `until`."""
    for _ in range(limit):
        if until(session):
            return True
        seat = to_move(session)
        if seat is None:
            return False
        if session.is_human(seat):
            session.play(session.game.legal_moves(session.state)[0])
        else:
            session.ai_move()
    return False


def person_must_draw_twice(session: Session) -> bool:
    """The person is to move, must draw, and will have to draw again after that tile."""
    if to_move(session) != 0 or session.forced_draw(0) is None:
        return False
    twin = Session.load(session.record())
    twin.play("draw")
    return twin.forced_draw(0) is not None


def find(game: str, options: dict[str, Any], seats: list[str], until: Callable[[Session], bool]) -> Session:
    for seed in range(200):
        session = Session.new(game, options, seed, seats)
        if advance(session, until):
            return session
    pytest.fail(f"no {game} deal found")


def test_a_persons_forced_draws_are_one_request_with_the_same_record_and_state() -> None:
    session = find("draw", {"set": "double-6", "players": 3}, ["human", "ai:easy", "ai:easy"], person_must_draw_twice)
    single = Session.load(session.record())
    sid = api.SESSIONS.open(session)
    answer = ask({"op": "play", "session": sid, "move": "draw", "until_playable": True})
    assert answer["ok"], answer
    events = answer["view"]["events"]
    assert len(events) >= 2 and all(e["kind"] == "draw" and e["seat"] == 0 for e in events)
    # the same draws made one request at a time
    singles = []
    while True:
        singles.append(single.play("draw"))
        if single.forced_draw(0) is None:
            break
    assert events == singles
    assert answer["record"] == single.record() and answer["record"]["moves"][-len(events):] == ["draw"] * len(events)
    assert session.state == single.state and session.undo_floor == single.undo_floor
    # it stops where the person has a choice: a tile to play now
    assert session.forced_draw(0) is None and any(m["kind"] == "play" for m in answer["view"]["legal"])


@pytest.mark.parametrize(("game", "options"), TABLE_GAMES)
def test_computer_turns_in_one_request_make_the_same_game(game: str, options: dict[str, Any]) -> None:
    """A table of computers played turn by turn (`ai` with until_playable) and move by move
    (plain `ai`) from the same seed: the same record, hence the same picks and final state."""
    seats = ["ai:easy", "ai:medium", *["ai:easy"] * (options["players"] - 2)]
    batched = Session.new(game, options, 5, seats)
    single = Session.new(game, options, 5, seats)
    turns, longest = 0, 0
    while batched.to_move() is not None and turns < 400:
        events = batched.ai_turn()
        turns += 1
        longest = max(longest, len(events))
        assert len({e["seat"] for e in events}) == 1  # one seat's turn
        assert all(e["kind"] == "draw" for e in events[:-1])  # draws, then the move they lead to
        for event in events:
            assert single.ai_move() == event
    assert batched.record() == single.record()
    assert batched.state == single.state
    if game != "tiddle-a-wink":  # nobody draws in Tiddle-A-Wink
        assert longest >= 2, "no turn with a draw: the test proves nothing"


def test_a_computers_drawn_tiles_never_reach_a_persons_view() -> None:
    def computer_draws_twice(s: Session) -> bool:
        seat = to_move(s)
        if seat is None or s.is_human(seat):
            return False
        twin = Session.load(s.record())
        events = twin.ai_turn()
        draws: int = sum(e["kind"] == "draw" for e in events)
        return draws >= 2

    session = find("draw", {"set": "double-6", "players": 3}, ["human", "ai:easy", "ai:easy"], computer_draws_twice)
    seat = session.to_move()
    assert seat is not None
    before = set(session.state.hands[seat])
    sid = api.SESSIONS.open(session)
    answer = ask({"op": "ai", "session": sid, "until_playable": True})
    assert answer["ok"], answer
    events = answer["view"]["events"]
    draws = [e for e in events if e["kind"] == "draw"]
    assert len(draws) >= 2 and events[-1]["kind"] != "draw"
    assert all("tile" not in e and e["seat"] == seat and e["from"] == "stock" for e in draws)
    drawn = set(session.state.hands[seat]) - before
    assert drawn and answer["view"]["seat"] == 0
    assert not {str(t) for t in session.state.hands[seat]} & tokens(answer["view"])  # no tile it holds, drawn or not
    assert "drawn" not in answer["view"]


@pytest.mark.parametrize("flag", ["yes", 1, 0, [], {"x": 1}, "true"])
def test_a_malformed_flag_is_refused_and_changes_nothing(flag: Any) -> None:
    session = find("draw", {"set": "double-6", "players": 3}, ["human", "ai:easy", "ai:easy"], person_must_draw_twice)
    sid = api.SESSIONS.open(session)
    record, state = json.dumps(session.record()), session.state
    for request in ({"op": "play", "session": sid, "move": "draw", "until_playable": flag},
                    {"op": "ai", "session": sid, "until_playable": flag}):
        answer = ask(request)
        refusal = {"code": "bad_request", "message": "until_playable must be true or false"}
        assert answer == {"ok": False, "error": refusal}
        assert json.dumps(session.record()) == record and session.state is state


def test_a_refused_batch_changes_nothing() -> None:
    session = find("draw", {"set": "double-6", "players": 3}, ["human", "ai:easy", "ai:easy"], person_must_draw_twice)
    sid = api.SESSIONS.open(session)
    record, state = json.dumps(session.record()), session.state
    # an illegal first move, and the computer's turn asked for on a person's turn
    answer = ask({"op": "play", "session": sid, "move": "pass", "until_playable": True})
    assert answer["error"]["code"] == "illegal_move"
    assert ask({"op": "ai", "session": sid, "until_playable": True})["error"]["code"] == "not_your_turn"
    assert json.dumps(session.record()) == record and session.state is state


def test_a_failure_in_the_middle_of_a_batch_takes_every_move_back(monkeypatch: pytest.MonkeyPatch) -> None:
    session = find("draw", {"set": "double-6", "players": 3}, ["human", "ai:easy", "ai:easy"], person_must_draw_twice)
    record, state, floor = json.dumps(session.record()), session.state, session.undo_floor
    plain = Session.play
    calls = []

    def failing(self: Session, move: Any) -> Any:
        calls.append(move)
        if len(calls) == 2:
            raise MemoryError("the second draw fails")
        return plain(self, move)

    monkeypatch.setattr(Session, "play", failing)
    with pytest.raises(MemoryError):
        session.play_until_playable("draw")
    assert len(calls) == 2
    assert json.dumps(session.record()) == record and session.state == state and session.undo_floor == floor


def test_matador_a_chosen_draw_is_one_tile_and_forced_draws_go_on() -> None:
    # seat 0 holds only a matador that fits: it may play it or draw instead (a choice)
    state = position(MATADOR, ["1-9 2-3", "0-1", "0-2"], line("5-5"), stock="3-4 4-4 1-5 6-6", top=9)
    session = Session(MATADOR, MATADOR.spec.resolve_options({}), 1, ["human", "ai:easy", "ai:easy"], [state])
    legal = MATADOR.legal_moves(state)
    assert "draw" in legal and any(m.startswith("play:1-9") for m in legal)
    # without the flag a draw is one tile, where the rules give a choice as everywhere
    one = Session(MATADOR, session.options, 1, list(session.seats), [state])
    assert one.play("draw")["kind"] == "draw" and len(one.moves) == 1
    # with it: 3-4 and 4-4 make no ten on 5, so drawing goes on (forced) to 1-5, which fits
    events = session.play_until_playable("draw")
    assert [e["kind"] for e in events] == ["draw", "draw", "draw"]
    assert session.state.drawn is not None and str(session.state.drawn) == "1-5"
    assert session.forced_draw(0) is None  # now it plays (1-5, or the matador)


def test_round_the_clock_draws_one_tile_even_in_a_batch() -> None:
    session = find("round-the-clock", {"players": 3}, ["human", "ai:easy", "ai:easy"],
                   lambda s: to_move(s) == 0 and s.forced_draw(0) is not None)
    events = session.play_until_playable("draw")
    assert len(events) == 1  # then it plays the tile if it fits, else passes
    assert session.forced_draw(0) is None
