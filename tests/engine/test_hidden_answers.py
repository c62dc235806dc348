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
from tests.engine.helpers import call

TABLE_GAMES = ["draw", "matador", "tiddle-a-wink", "round-the-clock"]



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
    kind, _tile, end = held.split(":", 2)
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
    _sid, session = at_a_computers_turn(game)
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


SEED = 738291  # a deal number that no other part of an answer spells


def person_against_computers(game: str) -> dict[str, Any]:
    rules = get_game(game)
    seats = ["human"] + ["ai:easy"] * (rules.num_seats(rules.spec.resolve_options({})) - 1)
    return call(op="new", game=game, seed=SEED, seats=seats)


def play_on(sid: str, moves: int) -> list[dict[str, Any]]:
    """Every answer of `moves` moves of the person (first legal) and the computers, and of the
    computers' moves after them up to the person's turn."""
    answers = []
    for i in range(moves + 100):
        view = call(op="view", session=sid)["view"]
        if view["outcome"] or (i >= moves and view["legal"]):
            break
        answers.append(call(op="play", session=sid, move=view["legal"][0]["id"]) if view["legal"]
                       else call(op="ai", session=sid))
    return answers


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_no_answer_carries_the_deal_number_while_hands_are_hidden(game: str) -> None:
    opened = person_against_computers(game)
    sid = opened["session"]
    answers = [opened, *play_on(sid, 12)]
    answers += [call(op="undo", session=sid), call(op="redo", session=sid), call(op="view", session=sid),
                call(op="hint", session=sid)]
    record = call(op="record", session=sid)["record"]
    assert "seed" not in record and isinstance(record["deal"], str)
    answers += [call(op="load", record=record), call(op="replay", record=record, at=len(record["moves"])),
                call(op="review", record=record, limit=1), call(op="review", session=sid, limit=1)]
    assert all(answer["ok"] for answer in answers), [a for a in answers if not a["ok"]]
    for answer in answers:
        assert str(SEED) not in json.dumps(answer), answer
        if "view" in answer:
            assert answer["view"]["seed"] is None
    # the sealed record resumes the same deal
    loaded = call(op="load", record=record)
    assert SESSIONS.get(loaded["session"]).seed == SEED
    assert loaded["view"]["hand"] == call(op="view", session=sid)["view"]["hand"]


def test_over_the_deal_number_shows_and_a_solitaire_always_shows_it() -> None:
    sid = person_against_computers("draw")["session"]
    play_on(sid, 4)
    resigned = call(op="resign", session=sid)
    assert resigned["view"]["seed"] == SEED and resigned["record"]["seed"] == SEED and "deal" not in resigned["record"]
    over = resigned["record"]
    assert call(op="replay", record=over, at=2)["view"]["seed"] == SEED
    luzon = call(op="new", game="luzon", seed=SEED)
    assert luzon["view"]["seed"] == SEED and luzon["record"]["seed"] == SEED
    computers = call(op="new", game="draw", seed=SEED, seats=["ai:easy", "ai:easy"])  # nothing hidden from anyone
    assert computers["view"]["seed"] == SEED and computers["record"]["seed"] == SEED


def test_an_assisted_export_gives_the_full_record_from_then_on() -> None:
    sid = person_against_computers("draw")["session"]
    play_on(sid, 4)
    assert "seed" not in call(op="record", session=sid)["record"]  # not exported: sealed, not assisted
    assert call(op="view", session=sid)["view"]["assisted"] is False
    exported = call(op="record", session=sid, export=True)["record"]
    assert exported["seed"] == SEED and "deal" not in exported
    assert exported["assisted"] is True and exported["aids"][-1]["kind"] == "export"
    later = play_on(sid, 2)[-1]
    assert later["record"]["seed"] == SEED and later["view"]["seed"] is None  # the view never shows it mid-game
    reloaded = call(op="load", record=exported)
    assert reloaded["record"]["seed"] == SEED


def test_a_sealed_deal_opens_only_for_its_own_game_options_and_seats() -> None:
    sid = person_against_computers("draw")["session"]
    play_on(sid, 2)
    record = call(op="record", session=sid)["record"]
    n = len(record["seats"])
    for changed in ({**record, "seats": ["ai:easy"] * n},  # a table of computers shows every hand
                    {**record, "options": {**record["options"], "target": 50}},
                    {**record, "seed": SEED},  # the deal twice
                    {**record, "deal": record["deal"][:-1] + ("0" if record["deal"][-1] != "0" else "1")},
                    {**record, "deal": 5}):
        answer = call(op="load", record=changed)
        assert answer["ok"] is False and answer["error"]["code"] == "bad_record", (changed, answer)
    # an export mark written into a sealed record does not open the deal number
    marked = {**record, "assisted": True, "aids": [{"at": 0, "kind": "export"}]}
    answer = call(op="load", record=marked)
    assert answer["ok"] and "seed" not in answer["record"] and str(SEED) not in json.dumps(answer)


@pytest.mark.parametrize("seed", [2**53, 2**63, -1, 1.5, 5.0, True, "5", None])
def test_a_deal_number_out_of_bounds_is_refused_never_another_deal(seed: Any) -> None:
    answer = call(op="new", game="luzon", seed=seed)
    assert answer["ok"] is False and answer["error"]["code"] == "bad_seed", answer
    assert "9,007,199,254,740,991" in answer["error"]["message"]
    loaded = call(op="load", record={"version": 1, "game": "luzon", "options": {}, "seed": seed, "moves": []})
    assert loaded["ok"] is False and loaded["error"]["code"] == "bad_record"
    assert "9,007,199,254,740,991" in loaded["error"]["message"]


def test_the_largest_deal_number_is_dealt_as_itself() -> None:
    answer = call(op="new", game="draw", seed=2**53 - 1, seats=["ai:easy", "ai:easy"])
    assert answer["ok"] and answer["view"]["seed"] == 2**53 - 1 and answer["record"]["seed"] == 2**53 - 1
    assert call(op="load", record=answer["record"])["view"]["seed"] == 2**53 - 1


def test_a_deal_number_seen_beside_its_seal_tells_nothing_of_another_games_seal() -> None:
    """A game over shows its deal number; its records showed the seal while it was on. The seal
    was the number under a fixed mask per game, options and seats: that pair gave the mask, and
    with it the deal number of every other game sealed the same way (another game's hands)."""
    seats = ["human", "ai:easy"]
    first = call(op="new", game="draw", seed=SEED, seats=seats)
    second = call(op="new", game="draw", seed=SEED + 1, seats=seats)
    seen = first["record"]["deal"]
    assert call(op="resign", session=first["session"])["record"]["seed"] == SEED
    other = second["record"]["deal"]
    assert int(other[:16], 16) ^ int(seen[:16], 16) ^ SEED != SEED + 1
    assert int(other[:16], 16) - int(seen[:16], 16) != 1
    assert Session.load(second["record"]).seed == SEED + 1
