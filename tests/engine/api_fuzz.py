"""A hypothesis fuzz of the JSON entry point: every operation and every field, with valid, nearly
valid and hostile values (built-in names, huge numbers and strings, deep nesting, raw text).

For each request it checks what `api.handle` promises: it never raises, it answers JSON, a refusal
is a typed error (never `internal_error`) with a short message, a refused request changes nothing
in the session it names, and every answer has a bounded size.
`twin_fuzz` sends every op to two sessions that look the same from the person's seat and differ in
what a computer holds, and checks that no answer tells them apart (but a computer's own move).
Used by tests/engine/test_api_fuzz.py (a few hundred examples) and tests/bench/bench_fuzz.py
(a longer run).
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import re
import time
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.review as review_module
from engine import api
from engine.protocol import EngineError
from engine.session import Session

GAMES = ["luzon", "big-clock", "clock", "draw", "matador", "tiddle-a-wink", "round-the-clock"]
ERROR_CODES = {"bad_request"} | {cls.code for cls in EngineError.__subclasses__()}
MESSAGE_LIMIT = 300  # the longest error message (engine.api cuts an echoed value short)
MAX_ANSWER_CHARS = 200_000  # the biggest real answer (the catalog, a Big Clock view) is under 20 KB
HOSTILE_TEXT = ["", "²", "9" * 5000, "-1", "1e400", "__proto__", "constructor", "toString", "ai:",
                "ai:hard", "human", "x" * 100_000, "\u0000", "\ud800", "play:1-2:left", "next-round"]

leaves = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False), st.text(max_size=20), st.sampled_from(HOSTILE_TEXT),
)
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)


def deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def requests(draw: st.DrawFn, session: str, legal: list[str], record: dict[str, Any]) -> Any:
    """A request to `handle`: mostly an object with an op and fields that are valid, close to
    valid or hostile; sometimes not an object at all."""
    if draw(st.integers(0, 19)) == 0:
        return draw(values)
    op = draw(st.one_of(st.sampled_from(list(api.OPS)), values))
    request: dict[str, Any] = {"op": op}
    field_values = {
        "session": st.one_of(st.just(session), st.sampled_from(["s0", "s99999", session + "x"]), values),
        "seat": st.one_of(st.integers(-2, 12), values),
        "move": st.one_of(st.sampled_from(legal or ["none"]), values),
        "level": st.one_of(st.sampled_from(["easy", "medium", "advisor", "nope"]), values),
        "until_playable": st.one_of(st.booleans(), values),
        "game": st.one_of(st.sampled_from(GAMES), values),
        "options": st.one_of(st.dictionaries(st.sampled_from(["set", "players", "target", "variant", "exchange",
                                                               "__proto__"]), values, max_size=3), values),
        "seed": st.one_of(st.integers(-5, 2**63), values),
        "seats": st.one_of(st.lists(st.sampled_from(["human", "ai:easy", "ai:medium", "ai:x", "robot"]),
                                    max_size=11), st.lists(st.integers(-1, 6), max_size=4), values),
        # review's and replay's arguments; the flags of record (export) and load (imported)
        "start": st.one_of(st.integers(-2, 50), values),
        "limit": st.one_of(st.integers(-2, 60), values),
        "at": st.one_of(st.integers(-2, 50), values),
        "reveal": st.one_of(st.booleans(), values),
        "export": st.one_of(st.booleans(), values),
        "imported": st.one_of(st.booleans(), values),
        "record": st.one_of(st.builds(lambda key, value: {**record, key: value},
                                      st.sampled_from([*record, "extra"]), values), values,
                            st.just({**record, "extra": deep(40)})),
    }
    for key in draw(st.lists(st.sampled_from(list(field_values)), max_size=5, unique=True)):
        request[key] = draw(field_values[key])
    if draw(st.booleans()):
        request[draw(st.text(max_size=6))] = draw(values)
    return request


def fingerprint(session: Session) -> Any:
    """What a refused request must leave as it was."""
    return (json.dumps(session.record()), list(session.redo_stack), len(session.history), id(session.state))


def check_answer(text: Any) -> dict[str, Any]:
    assert isinstance(text, str), f"handle answered {type(text).__name__}"
    assert len(text) <= MAX_ANSWER_CHARS, f"an answer of {len(text)} characters"
    answer: dict[str, Any] = json.loads(text)
    assert answer["ok"] in (True, False)
    if not answer["ok"]:
        code, message = answer["error"]["code"], answer["error"]["message"]
        assert code in ERROR_CODES, f"{code}: {message}"
        assert isinstance(message, str) and 0 < len(message) <= MESSAGE_LIMIT
    return answer


def fuzz(examples: int) -> None:
    """Run the fuzz for this many examples (raises on the first broken promise)."""

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        game = data.draw(st.sampled_from(GAMES))
        opened = json.loads(api.handle(json.dumps({"op": "new", "game": game, "seed": data.draw(st.integers(0, 99))})))
        sid = opened["session"]
        try:
            session = api.SESSIONS.get(sid)
            if data.draw(st.booleans()) and opened["view"]["legal"]:  # a game under way, with a redo
                api.handle(json.dumps({"op": "play", "session": sid, "move": opened["view"]["legal"][0]["id"]}))
                api.handle(json.dumps({"op": "undo", "session": sid}))
            view = json.loads(api.handle(json.dumps({"op": "view", "session": sid})))["view"]
            legal = [m["id"] for m in view["legal"]]
            request = data.draw(requests(sid, legal, session.record()))
            before = fingerprint(session)
            as_text = data.draw(st.sampled_from(["json", "raw"])) == "raw" and isinstance(request, dict)
            text = json.dumps(request)
            if as_text:  # raw text: cut short, or wrapped deep
                text = data.draw(st.sampled_from([text[: len(text) // 2], "[" * 5000 + text + "]" * 5000, text + "]"]))
            answer = check_answer(api.handle(text))
            if not answer["ok"] and sid in api.SESSIONS:
                assert fingerprint(api.SESSIONS.get(sid)) == before, f"refused {request!r:.300} changed the session"
        finally:
            if sid in api.SESSIONS:
                api.SESSIONS.close(sid)

    run()


TABLE_GAMES = ["draw", "matador", "tiddle-a-wink", "round-the-clock"]
SESSION_ID = re.compile(r'"s[0-9]+"')


def twins(game: str, seed: int, moves: int, rng: random.Random) -> tuple[Session, Session] | None:
    """Two sessions of a person against computers that look the same from the person's seat and
    differ in what a computer holds: the game played `moves` moves on (the person at random, the
    computers easy) and, half the time, on to a computer's turn, then its last state dealt again
    from the person's view (`Game.determinize`: the computers' hands and the stock reshuffled,
    sizes and known voids kept). None when the deal again gives every computer the same hand."""
    rules = Session.new(game, {}, seed).game
    seats = ["human"] + ["ai:easy"] * (rules.num_seats(rules.spec.resolve_options({})) - 1)
    first = Session.new(game, {}, seed, seats)
    to_computer = rng.random() < 0.5
    for made in range(moves + 50):
        seat = first.to_move()
        if seat is None or (made >= moves and not (to_computer and seat == 0)):
            break
        if seat == 0:
            first.play(rng.choice(first.game.legal_moves(first.state)))
        else:
            first.ai_move()
    state = first.state
    other = first.game.determinize(state, 0, rng)
    if first.game.view(state, None).get("hands") == first.game.view(other, None).get("hands"):
        return None
    assert first.game.view(other, 0) == first.game.view(state, 0), "the twins must look the same to the person"
    second = copy.copy(first)
    second.history = [*first.history[:-1], other]
    second.moves, second.redo_stack, second.aids = list(first.moves), list(first.redo_stack), list(first.aids)
    second.computer_moves = set(first.computer_moves)
    return first, second


@st.composite
def twin_requests(draw: st.DrawFn, session: str, probes: list[str], record: dict[str, Any]) -> Any:
    """A request about the twins: every op, with the fields that ask about a seat or a move (the
    computer's moves and tiles among the moves), valid or not; sometimes any request at all."""
    if draw(st.integers(0, 4)) == 0:
        return draw(requests(session, probes, record))
    ops = [*api.OPS, *["play", "ai", "hint", "undo", "view"] * 3]  # the ops about a turn, more often
    request: dict[str, Any] = {"op": draw(st.sampled_from(ops)), "session": session}
    fields = {
        "move": st.sampled_from(probes or ["draw"]),
        "until_playable": st.booleans(),
        "level": st.sampled_from(["easy", "hard", "advisor", "nope"]),
        "seat": st.integers(-1, 3),
        "export": st.booleans(),
        "limit": st.integers(0, 2),
        "seats": st.lists(st.integers(0, 2), max_size=2),
    }
    for key in draw(st.lists(st.sampled_from(list(fields)), max_size=3, unique=True)):
        request[key] = draw(fields[key])
    if request["op"] != "play" and draw(st.booleans()):
        request["move"] = draw(fields["move"])
    return request


def same_request(request: Any, sid: str, twin: str) -> Any:
    """`request` with session `sid` named `twin`."""
    return json.loads(json.dumps(request).replace(json.dumps(sid), json.dumps(twin)))


def computers_move(request: Any) -> bool:
    """A request for a computer's move (`ai`): its answer is the move its own hand chose."""
    return isinstance(request, dict) and request.get("op") == "ai"


def draws_from_the_stock(request: Any) -> bool:
    """A request to play the move `draw`: accepted, it is the person's (a computer's turn refuses
    it) and shows the person the tile drawn, which the twins hold in stocks dealt apart (`twins`)."""
    return isinstance(request, dict) and request.get("op") == "play" and request.get("move") == "draw"


def twin_fuzz(examples: int) -> None:
    """Every op, at a computer's turn and at the person's, sent to two sessions that differ only in
    what is hidden from the person (the computers' hands and the stock): a refusal is the same byte
    for byte, and every answer is the same (session ids aside) but a computer's own move (`ai`) and
    the person's draw, which shows the tile drawn: no answer tells what a hidden hand holds."""

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        game = data.draw(st.sampled_from(TABLE_GAMES))
        pair = twins(game, data.draw(st.integers(0, 99)), data.draw(st.integers(0, 30)),
                     random.Random(data.draw(st.integers(0, 2**16))))
        if pair is None:
            return
        first, second = pair
        ids = [api.SESSIONS.open(first), api.SESSIONS.open(second)]
        try:
            mover = first.to_move()
            probes = [*first.game.legal_moves(first.state), *second.game.legal_moves(second.state)]
            if mover is not None and mover != 0:  # a computer's moves, and its tiles in other plays
                probes += [f"play:{tile}:{end}" for tile in first.game.view(first.state, None)["hands"][mover]
                           for end in ("left", "right", "e0", "e1", "e2", "e3")[:3]]
            request = data.draw(twin_requests(ids[0], probes, first.record()))
            answers = []
            for sid in ids:  # a review's slices timed by clock reads, not the wall clock: the same for both
                review_module.clock = itertools.count(0.0, 0.25).__next__
                answers.append(check_answer(api.handle(json.dumps(same_request(request, ids[0], sid)))))
            texts = [SESSION_ID.sub('"S"', json.dumps(answer)) for answer in answers]
            refused = not answers[0]["ok"] or not answers[1]["ok"]
            if refused or not (computers_move(request) or draws_from_the_stock(request)):
                assert texts[0] == texts[1], f"{request!r:.300} answered differently by what a computer holds"
        finally:
            review_module.clock = time.monotonic
            for sid in ids:
                if sid in api.SESSIONS:
                    api.SESSIONS.close(sid)
        for answer in answers:  # sessions a request opened
            if isinstance(answer.get("session"), str) and answer["session"] in api.SESSIONS:
                api.SESSIONS.close(answer["session"])

    run()
