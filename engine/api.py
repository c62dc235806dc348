"""The JSON entry point used by the browser (through the worker) and by the CLI.

`handle(request_json) -> response_json` never raises: every answer is {"ok": true, ...} or
{"ok": false, "error": {"code", "message"}}, and a refused request changes nothing.
"""

from __future__ import annotations

import itertools
import json
from typing import Any, Callable

from engine.games import PLANNED, all_games
from engine.protocol import JSON, BadRequest, EngineError, UnknownSession
from engine.session import Session
from engine.solvers import winnable_prover

MAX_SESSIONS = 64  # oldest sessions are dropped beyond this (a page keeps one or two)

_sessions: dict[str, Session] = {}
_ids = itertools.count(1)


def _store(session: Session) -> str:
    sid = f"s{next(_ids)}"
    _sessions[sid] = session
    while len(_sessions) > MAX_SESSIONS:
        del _sessions[next(iter(_sessions))]
    return sid


def _session(req: dict[str, Any]) -> tuple[str, Session]:
    sid = req.get("session")
    if not isinstance(sid, str) or sid not in _sessions:
        raise UnknownSession(f"no session {sid!r}")
    return sid, _sessions[sid]


def _answer(sid: str, session: Session, req: dict[str, Any], events: list[JSON] | None = None, **extra: Any) -> JSON:
    return {"ok": True, "session": sid, "view": session.view(req.get("seat"), events), **extra}


def _saved(sid: str, session: Session, req: dict[str, Any], events: list[JSON] | None = None,
           **extra: Any) -> JSON:
    """An answer to a request that changes the game: it carries the record too (what
    {"op":"record"} returns), so the page saves without a second round trip."""
    return _answer(sid, session, req, events, record=session.record(), **extra)


def op_catalog(req: dict[str, Any]) -> JSON:
    games = [{**g.catalog_json(), "winnable_deals": winnable_prover(g.spec.id) is not None}
             for g in all_games()]
    built = {g["id"] for g in games}
    coming = [{"id": gid, "name": name} for gid, name in PLANNED.items() if gid not in built]
    return {"ok": True, "games": games, "coming": coming}


def op_new(req: dict[str, Any]) -> JSON:
    session = Session.new(req.get("game"), req.get("options"), req.get("seed"), req.get("seats"),
                          req.get("winnable"))
    session.viewer(req.get("seat"))
    return _saved(_store(session), session, req)


def op_play(req: dict[str, Any]) -> JSON:
    sid, session = _session(req)
    session.viewer(req.get("seat"))
    return _saved(sid, session, req, [session.play(req.get("move"))])


def op_ai(req: dict[str, Any]) -> JSON:
    sid, session = _session(req)
    session.viewer(req.get("seat"))
    level = req.get("level")
    if level is not None and not isinstance(level, str):
        raise BadRequest("level must be a string")
    return _saved(sid, session, req, [session.ai_move(level)])


def op_hint(req: dict[str, Any]) -> JSON:
    sid, session = _session(req)
    return {"ok": True, "session": sid, **session.hint()}


def op_resign(req: dict[str, Any]) -> JSON:
    sid, session = _session(req)
    return _saved(sid, session, req, [session.resign(req.get("seat"))])


def op_undo(req: dict[str, Any]) -> JSON:
    sid, session = _session(req)
    session.viewer(req.get("seat"))
    return _saved(sid, session, req, undone=session.undo())


def op_redo(req: dict[str, Any]) -> JSON:
    sid, session = _session(req)
    session.viewer(req.get("seat"))
    return _saved(sid, session, req, redone=session.redo())


def op_view(req: dict[str, Any]) -> JSON:
    sid, session = _session(req)
    return _answer(sid, session, req)


def op_record(req: dict[str, Any]) -> JSON:
    sid, session = _session(req)
    return {"ok": True, "session": sid, "record": session.record()}


def op_load(req: dict[str, Any]) -> JSON:
    session = Session.load(req.get("record"))
    session.viewer(req.get("seat"))
    return _saved(_store(session), session, req)


def op_close(req: dict[str, Any]) -> JSON:
    sid, _ = _session(req)
    del _sessions[sid]
    return {"ok": True}


OPS: dict[str, Callable[[dict[str, Any]], JSON]] = {
    "catalog": op_catalog,
    "new": op_new,
    "play": op_play,
    "ai": op_ai,
    "hint": op_hint,
    "resign": op_resign,
    "undo": op_undo,
    "redo": op_redo,
    "view": op_view,
    "record": op_record,
    "load": op_load,
    "close": op_close,
}


def error(code: str, message: str) -> JSON:
    return {"ok": False, "error": {"code": code, "message": message}}


def handle_request(req: Any) -> JSON:
    """The same as `handle` on an already-parsed request."""
    if not isinstance(req, dict):
        return error("bad_request", "a request must be a JSON object")
    op = OPS.get(req.get("op"))  # type: ignore[arg-type]
    if op is None:
        return error("bad_request", f"unknown op {req.get('op')!r}; known: {', '.join(OPS)}")
    try:
        return op(req)
    except EngineError as exc:
        return error(exc.code, str(exc))
    except Exception as exc:  # never raise across the API boundary
        return error("internal_error", f"{type(exc).__name__}: {exc}")


def handle(request_json: str) -> str:
    """JSON in, JSON out; never raises."""
    try:
        req = json.loads(request_json)
    except (TypeError, ValueError) as exc:
        return json.dumps(error("bad_request", f"not JSON: {exc}"))
    return json.dumps(handle_request(req))
