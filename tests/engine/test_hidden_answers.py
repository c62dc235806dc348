"""No answer differs by what a computer's hidden hand holds (issue 33, items 2, 3 and 5): a request
about a seat the caller may not see gets one answer whatever that seat holds, the deal number stays
out of every answer until a game with hidden hands is over, and a level never overrides a
computer's own."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.api import SESSIONS, handle
from engine.games import get_game
from engine.session import Session

TABLE_GAMES = ["draw", "matador", "tiddle-a-wink", "round-the-clock"]


def call(**req: Any) -> dict[str, Any]:
    return json.loads(handle(json.dumps(req)))


def at_a_computers_turn(game: str, seed: int = 5) -> tuple[str, Session]:
    """A new game of a person against a computer, played on until the computer is to move with
    a tile it may play: (session id, session)."""
    rules = get_game(game)
    seats = ["human"] + ["ai:easy"] * (rules.num_seats(rules.spec.resolve_options({})) - 1)
    answer = call(op="new", game=game, seed=seed, seats=seats)
    sid = answer["session"]
    session = SESSIONS.get(sid)
    rng = random.Random(seed)
    for _ in range(200):
        seat = session.to_move()
        assert seat is not None, "the game ended before the computer had a tile to play"
        if seat == 1 and any(m.startswith("play:") for m in session.game.legal_moves(session.state)):
            return sid, session
        if seat == 0:
            session.play(rng.choice(session.game.legal_moves(session.state)))
        else:
            session.ai_move()
    raise AssertionError("no computer's turn with a tile to play")


def held_and_not_held(session: Session) -> tuple[str, str]:
    """A play of a tile the computer to move holds, and the same play of a tile of the person's
    hand (one the computer cannot hold)."""
    held = next(m for m in session.game.legal_moves(session.state) if m.startswith("play:"))
    kind, tile, end = held.split(":", 2)
    person = session.game.view(session.state, 0)["hand"]
    return held, f"{kind}:{person[0]}:{end}"


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_a_move_on_a_computers_turn_gets_the_turn_refusal_whatever_it_holds(game: str) -> None:
    sid, session = at_a_computers_turn(game)
    held, not_held = held_and_not_held(session)
    before = json.dumps(session.record())
    answers = {handle(json.dumps({"op": "play", "session": sid, "move": move, **extra}))
               for move in (held, not_held, "draw", "pass") for extra in ({}, {"until_playable": True})}
    assert len(answers) == 1, answers  # byte for byte the same refusal
    answer = json.loads(answers.pop())
    assert answer["error"]["code"] == "not_your_turn", answer
    assert json.dumps(session.record()) == before


def finished_record(game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """(a record in progress with a computer's decision in it, the same record resigned: over)."""
    sid, session = at_a_computers_turn(game)
    session.ai_move()
    record = json.loads(json.dumps(session.record()))
    return record, {**record, "resigned": 0}


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_replay_instead_at_a_computers_decision_is_refused_before_the_end(game: str) -> None:
    record, finished = finished_record(game)
    at = len(record["moves"])  # the computer's move
    session = Session.load(record)
    session.history.pop()
    session.moves.pop()
    held, not_held = held_and_not_held(session)
    answers = {handle(json.dumps({"op": "replay", "record": record, "at": at, "instead": move, **seat}))
               for move in (held, not_held, "draw", "pass", "nonsense") for seat in ({}, {"seat": 0})}
    assert len(answers) == 1, answers
    assert json.loads(answers.pop())["error"]["code"] == "hidden_information"
    # over, every hand is shown: the computer's other choices may be drawn
    assert call(op="replay", record=finished, at=at, instead=held)["ok"]


def test_replay_instead_at_the_persons_own_decision_is_answered() -> None:
    session = Session.new("draw", {}, 5, ["human", "ai:easy"])
    while not (session.to_move() == 0 and len(plays := [m for m in session.game.legal_moves(session.state)
                                                          if m.startswith("play:")]) >= 2):
        session.play(session.game.legal_moves(session.state)[0]) if session.to_move() == 0 else session.ai_move()
    session.play(plays[0])
    at = len(session.moves)
    answer = call(op="replay", record=session.record(), at=at, instead=plays[1])
    assert answer["ok"], answer
    assert answer["view"]["events"][0]["id"] == plays[1]


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_a_level_on_a_computers_turn_is_refused(game: str) -> None:
    sid, session = at_a_computers_turn(game)
    before = json.dumps(session.record())
    for extra in ({}, {"until_playable": True}):
        answer = call(op="ai", session=sid, level="hard", **extra)
        assert answer["ok"] is False and answer["error"]["code"] == "not_your_turn", answer
        assert "own level" in answer["error"]["message"]
    assert json.dumps(session.record()) == before
    assert call(op="ai", session=sid)["ok"]  # at its own level
