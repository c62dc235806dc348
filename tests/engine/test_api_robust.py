"""Hostile requests found by probing the page: each gets a typed error, short, and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import api
from engine.api import handle, handle_request

MESSAGE_LIMIT = 300  # what an error message may be at most (it echoes a bad value cut short)


def refused(text: str) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(text))
    assert answer["ok"] is False, answer
    assert answer["error"]["code"] != "internal_error", answer
    assert len(answer["error"]["message"]) <= MESSAGE_LIMIT
    error: dict[str, Any] = answer["error"]
    return error


@pytest.mark.parametrize("text", [
    '{"op": []}', '{"op": {}}', '{"op": null}',
    "[" * 1000 + "]" * 1000,
    '{"op": "view", "x": ' + "[" * 3000 + "]" * 3000 + "}",
    '{"op": "new", "game": "draw", "options": {"players": "\u00b2"}, "seed": 1}',
    '{"op": "new", "game": "draw", "options": {"players": "' + "9" * 5000 + '"}, "seed": 1}',
    '{"op": "new", "game": "luzon", "seed": ' + "9" * 5000 + "}",
    '{"op": "load", "record": {"version": true, "game": "luzon", "seed": 1}}',
    '{"op": "load", "record": {"version": 1.0, "game": "luzon", "seed": 1}}',
    '"' + "x" * 2_000_000 + '"',
])
def test_hostile_request_gets_a_typed_error(text: str) -> None:
    refused(text)


def test_deep_extra_key_in_a_saved_record_is_refused_not_crashed() -> None:
    record = {"version": 1, "game": "luzon", "options": {}, "seed": 1, "moves": [], "extra": "PLACEHOLDER"}
    text = json.dumps({"op": "load", "record": record}).replace('"PLACEHOLDER"', "[" * 3000 + "]" * 3000)
    assert "nest" in refused(text)["message"]


def test_handle_request_never_raises_on_deep_values() -> None:
    value: object = 1
    for _ in range(100_000):
        value = [value]
    answer = handle_request({"op": "new", "game": "luzon", "seed": 1, "options": {"variant": value}})
    assert answer["ok"] is False and answer["error"]["code"] != "internal_error"
    assert refused(None)["code"] == "bad_request"  # type: ignore[arg-type]  # not a string: a typed error all the same


def test_a_huge_bad_value_is_not_echoed_whole() -> None:
    error = refused(json.dumps({"op": "new", "game": "x" * 500_000, "seed": 1}))
    assert len(error["message"]) <= MESSAGE_LIMIT


def test_internal_error_carries_no_traceback_or_path(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(req: dict[str, Any]) -> dict[str, Any]:
        raise FileNotFoundError(2, "No such file", "/home/someone/engine/secret.py")

    monkeypatch.setitem(api.OPS, "view", broken)
    answer = json.loads(handle('{"op": "view"}'))
    assert answer["error"]["code"] == "internal_error"
    message = answer["error"]["message"]
    assert "/" not in message and "Traceback" not in message and "secret" not in message
