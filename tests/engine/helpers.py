"""Shared helpers for the engine tests."""

from __future__ import annotations

import json
import re
from typing import Any

from engine.api import handle

TOKEN = re.compile(r"[A-Za-z0-9]+(?:-[0-9]+)?")


def call(**request: Any) -> dict[str, Any]:
    """One request through the engine's JSON entry point (`engine.api.handle`), run natively."""
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    return answer


def tokens(value: Any) -> set[str]:
    """Every tile-like or card-like token in the strings of a JSON value ("3-5", "7H")."""
    text = json.dumps(value)
    return set(TOKEN.findall(text))


def persons_record(record: dict[str, Any]) -> dict[str, Any]:
    """A record whose person-seat moves a computer player made standing in for a person (tests
    and benches play them with `ai_move(level)`): without "computer_moves", so they are the
    person's, graded by the review."""
    return {k: v for k, v in record.items() if k != "computer_moves"}
