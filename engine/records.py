"""A game's record, the JSON a page saves and a player exports: written from a session (`write`)
and read back into one (`read`), every move replayed and checked. A record is a file the player
chose, so every refusal is a BadRecord in a player's words: no move ids, no field names.
"""

from __future__ import annotations

from collections import deque
from typing import Any, TypeVar

from engine.deals import MAX_SEED, check_moves, parse_seed, seal, seal_moves, unseal, unseal_legacy
from engine.fields import parse_flag, parse_seats
from engine.games import get_game
from engine.lessons import Lesson, lesson_for
from engine.protocol import JSON, BadRecord, BadRequest, EngineError, Game, GameOver, NoWinnableDeal, OffLesson
from engine.session_core import AID_KINDS, MAX_AIDS, SessionCore

S = TypeVar("S", bound=SessionCore)

RECORD_VERSION = 1
# A loaded game's answer carries the events of at most this many of its last moves (Session.recent_events).
LOADED_EVENTS = 120


def write(session: SessionCore) -> JSON:
    """A session's game as a record; "winnable", "resigned", "assisted" and "computer_moves"
    only when they apply. While the session `hides_deal` (and its record was not exported) the
    deal number is sealed: "deal" in place of "seed", and "moves_seal" seals the moves to it
    (engine.deals)."""
    sealed = session.hides_deal() and not session.exported
    game_id, moves = session.game.spec.id, list(session.moves)
    deal = ({"deal": seal(session.seed, game_id, session.options, session.seats)} if sealed
            else {"seed": session.seed})
    record: dict[str, Any] = {
        "version": RECORD_VERSION,
        "game": game_id,
        "options": dict(session.options),
        **deal,
        "seats": list(session.seats),
        "moves": moves,
    }
    if sealed:
        record["moves_seal"] = seal_moves(session.seed, game_id, session.options, session.seats, moves)
    if session.winnable:
        record["winnable"] = True
    if session.resigned is not None:
        record["resigned"] = session.resigned
    if session.aids:
        record["assisted"] = True
        record["aids"] = [dict(aid) for aid in session.aids]
    if made := sorted(i for i in session.computer_moves if i < len(session.moves)):
        record["computer_moves"] = made
    if session.lesson is not None:
        record["lesson"] = True
    return record


def read(cls: type[S], record: Any, keep_states: bool = False, game_id: Any = None) -> S:
    """A record's game as a new `cls` session, every move replayed and checked; raises
    BadRecord, its message in a player's words. `keep_states`: see Session's field. `game_id`:
    the game the caller plays (a record of another is refused, naming both games)."""
    expected = get_game(game_id) if game_id is not None else None
    if not isinstance(record, dict):
        raise BadRecord("The file holds no game record.")
    version = record.get("version", RECORD_VERSION)
    if type(version) is not int or version != RECORD_VERSION:  # not True, not 1.0
        raise BadRecord("The record is from another version of Boneyard, which this one cannot read.")
    moves = record.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise BadRecord("The record's moves cannot be read.")
    game = _record_game(record, expected)
    seed = _record_seed(record, game, moves)
    try:
        session = cls.new(game.spec.id, record.get("options"), seed, record.get("seats"), record.get("winnable"))
        assisted = parse_flag(record.get("assisted"), "assisted")
        aids = parse_aids(record.get("aids"))
    except NoWinnableDeal:
        raise BadRecord("The record says its deal was dealt as winnable, but it is not.") from None
    except EngineError:
        raise BadRecord("The record's notes on how the game was played cannot be read.") from None
    if session.seed != seed:
        raise BadRecord("The record says its deal was dealt as winnable, but it is not.")
    session.keep_states = keep_states
    session.lesson = _record_lesson(cls, record, session)
    replayed: deque[JSON] = deque(maxlen=LOADED_EVENTS)
    for i, move in enumerate(moves):
        try:
            session.check_lesson(move)
            replayed.append(session.apply_move(move))
        except OffLesson:
            raise BadRecord(f"Move {i + 1} of the {len(moves)} in the record is not the one its guided deal "
                            "asks for there: the file was changed.") from None
        except EngineError:
            raise BadRecord(f"Move {i + 1} of the {len(moves)} in the record cannot be played at that point "
                            f"of the game: the file was changed, or it is not a record of this deal.") from None
    session.computer_moves = parse_computer_moves(record.get("computer_moves"), len(moves))
    resigned = record.get("resigned")
    if resigned is not None:
        try:
            replayed.append(session.resign(resigned))
        except GameOver:
            raise BadRecord("The record says someone resigned after the game was over: "
                            "the file was changed.") from None
        except EngineError:
            raise BadRecord("The record says someone resigned who is not a person playing this game: "
                            "the file was changed.") from None
    # "assisted" is derived from the aids: a record that drops the flag keeps its aids
    session.aids = aids or ([{"at": len(moves), "kind": "assisted"}] if assisted else [])
    # a record that held the deal number open, exported mid-game, goes on holding it
    session.exported = "seed" in record and any(aid["kind"] == "export" for aid in session.aids)
    session.loaded_events = list(replayed)
    return session


def _record_lesson(cls: type[S], record: dict[str, Any], session: S) -> Lesson | None:
    """The lesson of a record that says it is a guided deal, its deal checked (BadRecord)."""
    try:
        if not parse_flag(record.get("lesson"), "lesson"):
            return None
    except EngineError:
        raise BadRecord("The record's note that it is a guided deal cannot be read.") from None
    lesson = lesson_for(session.game.spec.id)
    if lesson is None:
        raise BadRecord(f"The record says it is a guided deal, but {session.game.spec.name} has none.")
    fresh = cls.for_lesson(lesson)
    if (session.options, session.seed, session.seats) != (fresh.options, fresh.seed, fresh.seats):
        raise BadRecord("The record says it is a guided deal, but its deal is not the guide's.")
    return lesson


def _record_game(record: dict[str, Any], expected: Game[Any] | None) -> Game[Any]:
    """The game of a record (`expected`'s, when given), its options and players checked:
    BadRecord in a player's words."""
    try:
        game = get_game(record.get("game"))
    except EngineError:
        raise BadRecord("The record is of a game this version of Boneyard does not have.") from None
    name = game.spec.name
    if expected is not None and expected is not game:
        raise BadRecord(f"The file is a record of {name}, not of {expected.spec.name}.")
    options = record.get("options")
    try:
        if options is not None and not isinstance(options, dict):
            raise BadRequest("options must be an object")
        resolved = game.spec.resolve_options(options)
    except EngineError:
        raise BadRecord(f"The record's settings are not ones {name} offers.") from None
    try:
        parse_seats(record.get("seats"), game.num_seats(resolved))
    except EngineError:
        count = game.num_seats(resolved)
        players = f"{count} player{'s' if count > 1 else ''}"
        raise BadRecord(f"The record's players do not fit {name} with these settings: it needs {players}, "
                        "each a person or a computer of a known level.") from None
    return game


def _record_seed(record: dict[str, Any], game: Game[Any], moves: list[str]) -> int:
    """The deal of a record (its game, options and seats already checked): its number, or
    the number its `deal` seals, its `moves_seal` checked against `moves` before any is played
    (engine.deals); BadRecord in a player's words."""
    if record.get("deal") is None:
        try:
            return parse_seed(record.get("seed"))
        except EngineError:
            raise BadRecord(f"The record's deal number is not a whole number from 0 to {MAX_SEED:,}.") from None
    if record.get("seed") is not None:
        raise BadRecord("The record holds its deal twice: the file was changed.")
    options = game.spec.resolve_options(record.get("options"))
    seats = parse_seats(record.get("seats"), game.num_seats(options))
    old = unseal_legacy(record["deal"], game.spec.id, options, seats) if record.get("moves_seal") is None else None
    if old is not None:
        return old  # a game saved before its moves were sealed: its moves are played as they are
    seed = unseal(record["deal"], game.spec.id, options, seats)
    check_moves(record.get("moves_seal"), seed, game.spec.id, options, seats, moves)
    return seed


def parse_computer_moves(value: Any, moves: int) -> set[int]:
    """A record's "computer_moves": the distinct indices (0 <= i < moves) of the moves the
    computer made for a person's seat; absent, none."""
    if value is None:
        return set()
    if not isinstance(value, list) or not all(
            type(i) is int and 0 <= i < moves for i in value) or len(set(value)) != len(value):
        raise BadRecord("The record's list of the moves the computer made for you is damaged: the file was changed.")
    return set(value)


def parse_aids(value: Any) -> list[JSON]:
    """A record's aids: [{"at": moves made then, "kind": one of AID_KINDS}] (absent: none)."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_AIDS:
        raise BadRequest("aids must be a list")
    aids: list[JSON] = []
    for aid in value:
        at = aid.get("at") if isinstance(aid, dict) else None
        if (not isinstance(aid, dict) or set(aid) != {"at", "kind"} or aid["kind"] not in AID_KINDS
                or isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= MAX_AIDS):
            raise BadRequest("aids must be a list of {at, kind}")
        aids.append({"at": at, "kind": aid["kind"]})
    return aids
