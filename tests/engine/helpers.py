"""Shared helpers for the engine tests."""

from __future__ import annotations

import json
import re
from typing import Any

TOKEN = re.compile(r"[A-Za-z0-9]+(?:-[0-9]+)?")


def tokens(value: Any) -> set[str]:
    """Every tile-like or card-like token in the strings of a JSON value ("3-5", "7H")."""
    text = json.dumps(value)
    return set(TOKEN.findall(text))
