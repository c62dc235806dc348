"""The JSON entry point used by the browser (through the worker) and by the CLI.

`handle(request_json) -> response_json` never raises: every answer is {"ok": true, ...} or
{"ok": false, "error": {"code", "message"}}, and a refused request changes nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from engine.fields import parse_flag
from engine.games import all_games
from engine.lessons import lesson_for
from engine.players import SEAT_LEVELS
from engine.protocol import JSON, BadRequest, EngineError
from engine.session import Registry, Session
from engine.solvers import advisor_for

REVIEW_LIMIT = 40  # decisions rated by one review request, at most (a slice also ends after SLICE_SECONDS)
MAX_SESSIONS = 16  # the least recently used sessions are dropped beyond this (a page keeps one or two
# and closes those it no longer shows)
SESSIONS = Registry(MAX_SESSIONS)


def _session(req: dict[str, Any]) -> tuple[str, Session]:
    sid = req.get("session")
    session = SESSIONS.get(sid)  # UnknownSession unless `sid` is an open session's id (a string)
    return str(sid), session


def _answer(sid: str, session: Session, req: dict[str, Any], events: list[JSON] | None = None, **extra: Any) -> JSON:
    return {"ok": True, "session": sid, "view": session.view(req.get("seat"), events), **extra}


def _saved(sid: str, session: Session, req: dict[str, Any], events: list[JSON] | None = None,
           **extra: Any) -> JSON:
    """An answer to a request that changes the game: it carries the record too (what
    {"op":"record"} returns), so the page saves without a second round trip."""
    return _answer(sid, session, req, events, record=session.record(), **extra)


def load_everything() -> None:
    """Import now every module that a request would import at its first use: the games, their
    advisors and guided deals, the coach. The worker calls this before it takes its start-up
    snapshot, so that a start from the snapshot compiles no module and reads none of the engine's
    files (a first deal, hint or replay after such a start does not wait on an import)."""
    import engine.replay  # (the coach's replay: imported by a first replay otherwise)
    import engine.review  # noqa: F401  (the coach's review: imported by a first review otherwise)

    for game in all_games():
        advisor_for(game)
        lesson_for(game.spec.id)


def op_catalog(req: dict[str, Any]) -> JSON:
    """Every game's entry (`Game.catalog_json`) with its "levels": the computer levels its seats
    may be given, weakest first, as [{"id": "easy", "label": "Easy"}, ...] (a solitaire: [])."""
    levels = [{"id": level, "label": level.capitalize()} for level in SEAT_LEVELS]
    return {"ok": True, "games": [{**g.catalog_json(), "levels": levels if g.spec.players_max > 1 else [],
                                   "lesson": lesson_entry(g.spec.id)} for g in all_games()]}


def lesson_entry(game_id: str) -> JSON:
    """A game's guided deal as the menu offers it ({"title", "teaches"}), null when it has none."""
    lesson = lesson_for(game_id)
    return {"title": lesson.title, "teaches": list(lesson.teaches)} if lesson else None


LESSON_FIXES = ("options", "seed", "seats", "winnable")  # what a guided deal decides itself


def op_new(req: dict[str, Any]) -> JSON:
    """A new game; with "lesson": true the game's guided deal (its own options, seed and seats)."""
    if parse_flag(req.get("lesson"), "lesson"):
        if given := [key for key in LESSON_FIXES if req.get(key) is not None]:
            raise BadRequest(f"a guided deal has its own {', '.join(LESSON_FIXES)}: leave out {', '.join(given)}")
        session = Session.new_lesson(req.get("game"))
    else:
        session = Session.new(req.get("game"), req.get("options"), req.get("seed"), req.get("seats"),
                              req.get("winnable"))
    session.viewer(req.get("seat"))
    return _saved(SESSIONS.open(session), session, req)


def op_play(req: dict[str, Any]) -> JSON:
    """A person's move; with "until_playable": true a draw goes on through the forced draws
    that follow it (every draw an event of the answer and a move of the record)."""
    sid, session = _session(req)
    session.viewer(req.get("seat"))
    if parse_flag(req.get("until_playable"), "until_playable"):
        return _saved(sid, session, req, session.play_until_playable(req.get("move")))
    return _saved(sid, session, req, [session.play(req.get("move"))])


def op_ai(req: dict[str, Any]) -> JSON:
    """The computer to move makes one move; with "until_playable": true its whole turn (its draws,
    then the play or pass they lead to)."""
    sid, session = _session(req)
    session.viewer(req.get("seat"))
    level = req.get("level")
    if level is not None and not isinstance(level, str):
        raise BadRequest("level must be a string")
    if parse_flag(req.get("until_playable"), "until_playable"):
        return _saved(sid, session, req, session.ai_turn(level))
    return _saved(sid, session, req, [session.ai_move(level)])


def op_hint(req: dict[str, Any]) -> JSON:
    """Advice for the person to move; it makes the game assisted, so the answer carries the
    record to save."""
    sid, session = _session(req)
    return {"ok": True, "session": sid, **session.hint(), "record": session.record()}


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
    """The game's record; with "export": true it leaves the page as a file: a game in progress
    then counts as assisted, and its record carries the deal number (Session.export)."""
    sid, session = _session(req)
    if parse_flag(req.get("export"), "export"):
        session.export()
    return {"ok": True, "session": sid, "record": session.record()}


def op_load(req: dict[str, Any]) -> JSON:
    """A record's game as a new session; with "imported": true (a file the person chose) a game
    still in progress counts as assisted: it may be brought back to before a hidden tile was shown.
    With "game", a record of another game is refused. The view's events are those of its last moves
    back to every seat's last (Session.recent_events)."""
    imported = parse_flag(req.get("imported"), "imported")
    session = Session.load(req.get("record"), game_id=req.get("game"))
    session.viewer(req.get("seat"))
    if imported and session.outcome() is None:
        session.aid("import")
    return _saved(SESSIONS.open(session), session, req, session.recent_events())


def op_close(req: dict[str, Any]) -> JSON:
    SESSIONS.close(req.get("session"))
    return {"ok": True}


def op_review(req: dict[str, Any]) -> JSON:
    """Rate the decisions of a session's game so far, or of a record, a slice at a time (the
    work between slices is kept on the session; a record's on one the review opens)."""
    from engine.review import review, review_record

    limit = req.get("limit")
    limit = REVIEW_LIMIT if limit is None else limit  # every request is a slice: null is the default
    if isinstance(limit, int) and not isinstance(limit, bool) and limit > REVIEW_LIMIT:
        raise BadRequest(f"limit may be at most {REVIEW_LIMIT} decisions: ask for the rest from \"next\"")
    args = req.get("seats"), req.get("start", 0), limit
    if "session" in req:
        return {"ok": True, "review": review(_session(req)[1], *args)}
    return {"ok": True, "review": review_record(req.get("record"), SESSIONS, *args)}


def op_replay(req: dict[str, Any]) -> JSON:
    """A record's game as one seat saw it after some of its moves (the replay of the coach)."""
    from engine.replay import replay

    return {"ok": True, **replay(req.get("record"), req.get("at"), req.get("seat"), req.get("reveal", False),
                                  req.get("instead"))}


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
    "review": op_review,
    "replay": op_replay,
}


MAX_REQUEST_CHARS = 1_000_000  # a record of 10,000 moves is about 250 KB
MAX_DEPTH = 32  # requests nest 4 deep; a deeper one is refused before it is parsed
MAX_MESSAGE_CHARS = 300  # what an error message may echo of a bad value
# the refusals of a request too long or too deep, in a player's words (an imported file can be either)
TOO_LONG = f"This is too long to be a game or a request: at most {MAX_REQUEST_CHARS:,} characters."
TOO_DEEP = f"This is not a game or a request: it nests brackets more than {MAX_DEPTH} deep."


def error(code: str, message: str) -> JSON:
    """A refusal; the message is cut short, so a huge bad value is never echoed whole."""
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[: MAX_MESSAGE_CHARS - 1] + "…"
    return {"ok": False, "error": {"code": code, "message": message}}


def _internal_error(exc: BaseException) -> JSON:
    """An unexpected failure: its type only (no traceback, no file path, no echoed value)."""
    return error("internal_error", f"the engine failed on this request ({type(exc).__name__})")


_SPECIAL = re.compile(r'["\\\[\]{}]')


def _too_deep(text: str) -> bool:
    """True when JSON text nests arrays/objects deeper than MAX_DEPTH. One pass over the quotes,
    backslashes and brackets (those inside strings do not count)."""
    depth = 0
    in_string = False
    skip_to = 0  # the character after a backslash is escaped
    for match in _SPECIAL.finditer(text):
        pos = match.start()
        if pos < skip_to:
            continue
        char = match.group()
        if in_string:
            if char == "\\":
                skip_to = pos + 2
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
    return False


def handle_request(req: Any) -> JSON:
    """The same as `handle` on an already-parsed request; never raises."""
    try:
        if not isinstance(req, dict):
            return error("bad_request", "a request must be a JSON object")
        name = req.get("op")
        op = OPS.get(name) if isinstance(name, str) else None
        if op is None:
            shown = repr(name)[:40] if isinstance(name, str) else type(name).__name__
            return error("bad_request", f"unknown op {shown}; known: {', '.join(OPS)}")
        return op(req)
    except EngineError as exc:
        return error(exc.code, str(exc))
    except RecursionError:  # an already-parsed request (handle refuses deep text before parsing)
        return error("bad_request", TOO_DEEP)
    except Exception as exc:  # never raise across the API boundary (RecursionError, MemoryError...)
        return _internal_error(exc)


def handle(request_json: str) -> str:
    """JSON in, JSON out; never raises."""
    try:
        if not isinstance(request_json, str):  # callers outside Python's types (the worker)
            return json.dumps(error("bad_request", "a request must be a JSON string"))  # type: ignore[unreachable]
        if len(request_json) > MAX_REQUEST_CHARS:
            return json.dumps(error("bad_request", TOO_LONG))
        if _too_deep(request_json):
            return json.dumps(error("bad_request", TOO_DEEP))
        try:
            req = json.loads(request_json)
        except (TypeError, ValueError) as exc:
            return json.dumps(error("bad_request", f"not JSON: {exc}"))
        return json.dumps(handle_request(req))
    except Exception as exc:
        return json.dumps(_internal_error(exc))
