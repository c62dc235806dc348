"""The fields a request and a record share, parsed: seats and true/false flags."""

from __future__ import annotations

from typing import Any

from engine.players import get_player
from engine.protocol import BadRequest


def parse_seats(seats: Any, count: int) -> list[str]:
    """Validate seat kinds: "human" or "ai:LEVEL"; default one human then computers."""
    if seats is None:
        return ["human"] + ["ai:medium" if count > 1 else "ai:advisor"] * (count - 1)
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise BadRequest("seats must be a list of strings")
    if len(seats) != count:
        raise BadRequest(f"This game has {count} seat{'s' if count != 1 else ''}, not {len(seats)}.")
    for s in seats:
        if s != "human":
            if not s.startswith("ai:"):
                raise BadRequest(f"bad seat {s!r}: use 'human' or 'ai:LEVEL'")
            get_player(s[3:])
    return list(seats)


def parse_flag(value: Any, name: str) -> bool:
    """An optional true/false field of a request or record (absent: false)."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise BadRequest(f"{name} must be true or false")
    return value
