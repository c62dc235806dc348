"""A small WebDriver BiDi client (the W3C protocol Firefox speaks natively, with no geckodriver,
and WebKitWebDriver once a session asks for `webSocketUrl`): commands and their answers over one
WebSocket, events kept as they arrive (console entries, the page's errors)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import websocket  # websocket-client (pyproject.toml, test extra)


class BidiError(RuntimeError):
    """A command the browser answered with an error."""


@dataclass
class Bidi:
    """One BiDi connection: `command` sends and waits for its answer; `events` keeps every event."""

    url: str
    timeout_s: float = 120.0
    events: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.socket = websocket.create_connection(self.url, timeout=self.timeout_s, suppress_origin=True)
        self.next_id = 1

    def command(self, method: str, params: dict[str, Any] | None = None, timeout_s: float | None = None) -> Any:
        """Send one command; its result (events that arrive meanwhile are kept)."""
        ident = self.next_id
        self.next_id += 1
        self.socket.send(json.dumps({"id": ident, "method": method, "params": params or {}}))
        deadline = time.monotonic() + (timeout_s or self.timeout_s)
        while True:
            self.socket.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                message = json.loads(self.socket.recv())
            except websocket.WebSocketTimeoutException:
                raise TimeoutError(f"{method}: no answer within {timeout_s or self.timeout_s} s") from None
            if message.get("type") == "event":
                self.events.append(message)
            elif message.get("id") == ident:
                if message.get("type") == "error":
                    raise BidiError(f"{method}: {message.get('error')}: {message.get('message')}")
                return message.get("result")

    def close(self) -> None:
        self.socket.close()
