"""A game in progress (`Session`: engine.session_core's, with its record, the computers' turns and
hints, each a module of its own that it delegates to) and the open sessions of the API (`Registry`)."""

from __future__ import annotations

import itertools
from typing import Any

from engine import computers, records
from engine.cache import LRU
from engine.protocol import JSON, UnknownSession
from engine.session_core import CHECKPOINT_EVERY, KEEP_RECENT, SessionCore

__all__ = ["CHECKPOINT_EVERY", "KEEP_RECENT", "Registry", "Session"]


class Session(SessionCore):
    """One game being played (SessionCore), with its record (engine.records), its computers'
    turns and its hints (engine.computers)."""

    @classmethod
    def load(cls, record: Any, keep_states: bool = False, game_id: Any = None) -> Session:
        """A record's game, every move replayed and checked (engine.records.read)."""
        return records.read(cls, record, keep_states, game_id)

    def record(self) -> JSON:
        """The game as a record (engine.records.write)."""
        return records.write(self)

    def ai_move(self, level: str | None = None) -> JSON:
        """The computer seat to move plays once (engine.computers.ai_move)."""
        return computers.ai_move(self, level)

    def ai_turn(self, level: str | None = None) -> list[JSON]:
        """The computer's whole turn (engine.computers.ai_turn)."""
        return computers.ai_turn(self, level)

    def hint(self) -> JSON:
        """Advice for the person to move (engine.computers.hint)."""
        return computers.hint(self)


class Registry:
    """The open sessions by id ("s1", "s2", ...; an id is never given twice), at most `size`:
    opening one more closes the least recently used (a page keeps one or two open and closes
    those it no longer shows). Whatever a session holds for later (a review's work) lives and
    goes with it."""

    def __init__(self, size: int) -> None:
        self._open: LRU[str, Session] = LRU(size)
        self._ids = itertools.count(1)

    def open(self, session: Session) -> str:
        """Keep `session` open as the most recently used; its new id."""
        sid = f"s{next(self._ids)}"
        self._open.put(sid, session)
        return sid

    def get(self, sid: Any) -> Session:
        """The open session `sid`, now the most recently used; UnknownSession when there is none."""
        session = self._open.get(sid) if isinstance(sid, str) else None
        if session is None:
            raise UnknownSession(f"no session {sid!r}")
        return session

    def close(self, sid: Any) -> None:
        """Close session `sid`; UnknownSession when there is none."""
        if not isinstance(sid, str) or self._open.pop(sid) is None:
            raise UnknownSession(f"no session {sid!r}")

    def items(self) -> list[tuple[str, Session]]:
        """(id, session) of every open session, the least recently used first."""
        return [(sid, session) for sid in self._open if (session := self._open.peek(sid)) is not None]

    def clear(self) -> None:
        self._open.clear()

    def __contains__(self, sid: object) -> bool:
        return sid in self._open

    def __len__(self) -> int:
        return len(self._open)
