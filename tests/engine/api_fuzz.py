"""A hypothesis fuzz of the JSON entry point: every operation and every field, with valid, nearly
valid and hostile values (built-in names, huge numbers and strings, deep nesting, raw text).

For each request it checks what `api.handle` promises: it never raises, it answers JSON, a refusal
is a typed error (never `internal_error`) with a short message, a refused request changes nothing
in the session it names, and every answer has a bounded size.
Used by tests/engine/test_api_fuzz.py (a few hundred examples) and tests/bench/bench_fuzz.py
(a longer run).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import api
from engine.protocol import EngineError

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


def fingerprint(session: api.Session) -> Any:
    """What a refused request must leave as it was."""
    return (json.dumps(session.record()), list(session.redo_stack), len(session.history), id(session.state))


def check_answer(text: Any) -> dict[str, Any]:
    assert isinstance(text, str), f"handle answered {type(text).__name__}"
    assert len(text) <= MAX_ANSWER_CHARS, f"an answer of {len(text)} characters"
    answer = json.loads(text)
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
