"""A game in progress: seats, the record, undo/redo, computer turns, hints and views."""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from engine.cache import LRU
from engine.deals import MAX_SEED, parse_seed, seal, unseal
from engine.forced import finish_line
from engine.games import get_game
from engine.lessons import Lesson, Step, lesson_for
from engine.players import get_player
from engine.protocol import (
    JSON,
    BadOption,
    BadRecord,
    BadRequest,
    EngineError,
    Game,
    GameOver,
    HiddenInformation,
    NoLesson,
    NotYourTurn,
    NoWinnableDeal,
    OffLesson,
    Outcome,
    UnknownSession,
)
from engine.rng import deal_rng
from engine.solvers import advisor_for, deal_prover

RECORD_VERSION = 1
# Deals tried, at most, for a winnable-only deal: Luzon's sixes, the rarest, has about 4.4%
# winnable deals, so 1,000 in a row without one has a chance near 1e-20.
WINNABLE_SEARCH = 1000
# A session keeps the states after its last KEEP_RECENT moves (undo is instant) and, before those,
# only every CHECKPOINT_EVERY-th: an undo further back rebuilds the missing states by replaying the
# moves from the checkpoint below (the games are deterministic), so a long game's memory stays small.
KEEP_RECENT = 32
# A loaded game's answer carries the events of at most this many of its last moves (load_events).
LOADED_EVENTS = 120
CHECKPOINT_EVERY = 64
# What makes a game assisted, as its record keeps it ("aids": [{"at": moves made, "kind": ...}]):
# a hint, an undo, a person's move made by the computer, an import of the game in progress (it may
# have been played further and brought back), an export of it in progress (the file holds the
# deal), or "assisted" (a record that only said so).
AID_KINDS = ("hint", "undo", "computer", "import", "export", "assisted")
MAX_AIDS = 10_000  # aids kept, and the largest move number of one (a record holds at most 10,000 moves)
# What the guide says to a move off its lesson when the step has no word of its own.
OFF_LESSON = "Not this one yet: this guided deal has another move in mind. Try the one it shows."


def parse_seats(seats: Any, count: int) -> list[str]:
    """Validate seat kinds: "human" or "ai:LEVEL"; default one human then computers."""
    if seats is None:
        return ["human"] + ["ai:medium" if count > 1 else "ai:advisor"] * (count - 1)
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise BadRequest("seats must be a list of strings")
    if len(seats) != count:
        raise BadRequest(f"this game needs {count} seats, got {len(seats)}")
    for s in seats:
        if s != "human":
            if not s.startswith("ai:"):
                raise BadRequest(f"bad seat {s!r}: use 'human' or 'ai:LEVEL'")
            get_player(s[3:])
    return list(seats)


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


def parse_flag(value: Any, name: str) -> bool:
    """An optional true/false field of a request or record (absent: false)."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise BadRequest(f"{name} must be true or false")
    return value


def first_winnable_seed(game: Game[Any], options: dict[str, Any], seed: int) -> int:
    """The first seed >= `seed` whose deal the game's advisor proves winnable, so that a deal
    number still names one deal. BadOption when the game does not offer winnable-only deals;
    NoWinnableDeal past WINNABLE_SEARCH deals."""
    prover = deal_prover(game) if game.spec.winnable_deals else None
    if prover is None:
        raise BadOption(f"{game.spec.name} does not offer winnable-only deals.")
    for candidate in range(seed, min(seed + WINNABLE_SEARCH, MAX_SEED + 1)):
        if prover.winnable(game.new_state(options, candidate)):
            return candidate
    raise NoWinnableDeal(f"No winnable deal among deals {seed} to {seed + WINNABLE_SEARCH - 1}: "
                         f"try another deal number.")


@dataclass
class Session:
    """One game being played. `history[i]` is the state after `moves[:i]`, or None where it was
    let go (see KEEP_RECENT); the last one is always there."""

    game: Game[Any]
    options: dict[str, Any]
    seed: int
    seats: list[str]
    history: list[Any]
    moves: list[str] = field(default_factory=list)
    redo_stack: list[str] = field(default_factory=list)
    # Undo never goes below this many moves: the last move that showed a person hidden
    # information (a drawn tile, a round end showing every hand) stays made.
    undo_floor: int = 0
    winnable: bool = False  # dealt as a winnable-only deal (the seed is the first proven winnable)
    resigned: int | None = None  # the seat that resigned: the game is over, lost for that seat
    aids: list[JSON] = field(default_factory=list)  # what made the game assisted (AID_KINDS), in order
    keep_states: bool = False  # keep the state after every move (a review walks them all): none let go
    review_work: Any = field(default=None, compare=False, repr=False)  # engine.review's, between slices
    # indices of the moves the computer made for a person's seat (Show solution); a move made
    # again at an index (after an undo) replaces its mark, a redo keeps it
    computer_moves: set[int] = field(default_factory=set)
    lesson: Lesson | None = None  # the guided deal this game is (engine.lessons), if it is one
    exported: bool = False  # its record left the page as a file mid-game (assisted): it carries the deal number
    # the events of the record's last moves (at most LOADED_EVENTS) as `load` replayed them
    loaded_events: list[JSON] = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def new(cls, game_id: Any, options: Any, seed: Any, seats: Any = None, winnable: Any = None) -> Session:
        """A new game; with `winnable` the deal is the first from `seed` on that the game's
        advisor proves winnable (the session's seed is that deal's)."""
        game = get_game(game_id)
        if options is not None and not isinstance(options, dict):
            raise BadRequest("options must be an object")
        resolved = game.spec.resolve_options(options)
        seed = parse_seed(seed)
        seat_list = parse_seats(seats, game.num_seats(resolved))
        only_winnable = parse_flag(winnable, "winnable")
        if only_winnable:
            seed = first_winnable_seed(game, resolved, seed)
        return cls(game, resolved, seed, seat_list, [game.new_state(resolved, seed)], winnable=only_winnable)

    @classmethod
    def new_lesson(cls, game_id: Any) -> Session:
        """The guided deal of a game (its own options, seed and seats); NoLesson when it has none."""
        game = get_game(game_id)
        lesson = lesson_for(game.spec.id)
        if lesson is None:
            raise NoLesson(f"{game.spec.name} has no guided deal yet.")
        return cls.for_lesson(lesson)

    @classmethod
    def for_lesson(cls, lesson: Lesson) -> Session:
        """A lesson's game, dealt and guided."""
        session = cls.new(lesson.game, dict(lesson.options), lesson.seed, list(lesson.seats))
        session.lesson = lesson
        return session

    @classmethod
    def load(cls, record: Any, keep_states: bool = False, game_id: Any = None) -> Session:
        """Replay a record, checking every move; raises BadRecord, its message in a player's
        words (a record is a file the player chose: no move ids, no field names). `keep_states`:
        see the field. `game_id`: the game the caller plays (a record of another is refused,
        naming both games)."""
        expected = get_game(game_id) if game_id is not None else None
        if not isinstance(record, dict):
            raise BadRecord("The file holds no game record.")
        version = record.get("version", RECORD_VERSION)
        if type(version) is not int or version != RECORD_VERSION:  # not True, not 1.0
            raise BadRecord("The record is from another version of Boneyard, which this one cannot read.")
        moves = record.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise BadRecord("The record's moves cannot be read.")
        game = cls._record_game(record, expected)
        seed = cls._record_seed(record, game)
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
        session.lesson = cls._record_lesson(record, session)
        replayed: deque[JSON] = deque(maxlen=LOADED_EVENTS)
        for i, move in enumerate(moves):
            try:
                session.check_lesson(move)
                replayed.append(session._apply(move))
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

    def recent_events(self) -> list[JSON]:
        """The events of a loaded game's last moves, back to the last move of every seat (all that
        were kept when a seat made none among them): what the answers of play gave since, so the
        page shows the last move and each seat's last action as in play. Each is a move's public
        entry, as in a `play` or `ai` answer: nothing hidden."""
        events = self.loaded_events
        last = {event["seat"]: i for i, event in enumerate(events)}
        start = min(last.values()) if len(last) == len(self.seats) else 0
        return [dict(event) for event in events[start:]]

    @staticmethod
    def _record_lesson(record: dict[str, Any], session: Session) -> Lesson | None:
        """The lesson of a record that says it is a guided deal, its deal checked (BadRecord)."""
        try:
            if not parse_flag(record.get("lesson"), "lesson"):
                return None
        except EngineError:
            raise BadRecord("The record's note that it is a guided deal cannot be read.") from None
        lesson = lesson_for(session.game.spec.id)
        if lesson is None:
            raise BadRecord(f"The record says it is a guided deal, but {session.game.spec.name} has none.")
        fresh = Session.for_lesson(lesson)
        if (session.options, session.seed, session.seats) != (fresh.options, fresh.seed, fresh.seats):
            raise BadRecord("The record says it is a guided deal, but its deal is not the guide's.")
        return lesson

    @staticmethod
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

    @staticmethod
    def _record_seed(record: dict[str, Any], game: Game[Any]) -> int:
        """The deal of a record (its game, options and seats already checked): its number, or
        the number its `deal` seals (engine.deals); BadRecord in a player's words."""
        if record.get("deal") is None:
            try:
                return parse_seed(record.get("seed"))
            except EngineError:
                raise BadRecord(f"The record's deal number is not a whole number from 0 to {MAX_SEED:,}.") from None
        if record.get("seed") is not None:
            raise BadRecord("The record holds its deal twice: the file was changed.")
        options = game.spec.resolve_options(record.get("options"))
        seats = parse_seats(record.get("seats"), game.num_seats(options))
        return unseal(record["deal"], game.spec.id, options, seats)

    def hides_deal(self) -> bool:
        """Whether the deal number would show a person what the game hides: a game with hidden
        hands in progress with a person at the table (every hand and the stock follow from it)."""
        return self.game.spec.hidden_hands and "human" in self.seats and self.outcome() is None

    def shown_seed(self) -> int | None:
        """The deal number a view carries: None while `hides_deal`."""
        return None if self.hides_deal() else self.seed

    def export(self) -> None:
        """The record leaves the page as a file: a game in progress counts as assisted (the file
        holds the deal), and its record carries the deal number from now on."""
        if self.outcome() is None:
            self.aid("export")
            self.exported = True

    @property
    def assisted(self) -> bool:
        """A hint was given, a move undone, a person's move made by the computer, or the game was
        imported or exported in progress (`aids` says which, and when)."""
        return bool(self.aids)

    def aid(self, kind: str) -> None:
        """Mark the game assisted by `kind` (one of AID_KINDS) now."""
        if len(self.aids) < MAX_AIDS:
            self.aids.append({"at": len(self.moves), "kind": kind})

    @property
    def state(self) -> Any:
        return self.history[-1]

    def record(self) -> JSON:
        """The game as a record; "winnable", "resigned", "assisted" and "computer_moves" only
        when they apply. While `hides_deal` (and the record was not exported) the deal number is
        sealed: "deal" in place of "seed" (engine.deals)."""
        sealed = self.hides_deal() and not self.exported
        deal = {"deal": seal(self.seed, self.game.spec.id, self.options, self.seats)} if sealed else {"seed": self.seed}
        record: dict[str, Any] = {
            "version": RECORD_VERSION,
            "game": self.game.spec.id,
            "options": dict(self.options),
            **deal,
            "seats": list(self.seats),
            "moves": list(self.moves),
        }
        if self.winnable:
            record["winnable"] = True
        if self.resigned is not None:
            record["resigned"] = self.resigned
        if self.aids:
            record["assisted"] = True
            record["aids"] = [dict(aid) for aid in self.aids]
        if made := sorted(i for i in self.computer_moves if i < len(self.moves)):
            record["computer_moves"] = made
        if self.lesson is not None:
            record["lesson"] = True
        return record

    def to_move(self) -> int | None:
        """The seat to move; None once the game is over (by the rules, or resigned)."""
        return None if self.resigned is not None else self.game.to_move(self.state)

    def outcome(self) -> Outcome | None:
        if self.resigned is not None:
            return self.resign_outcome(self.resigned)
        return self.game.outcome(self.state)

    def resign_outcome(self, seat: int) -> Outcome:
        """A resigned game: lost for `seat`. At a table the other seats with the highest score
        win (every other seat when the scores are level); scores are as they stand."""
        if len(self.seats) == 1:
            return Outcome((), "You resigned.", (), {"resigned": seat})
        scores = list(self.game.view(self.state, seat).get("scores") or [0] * len(self.seats))
        others = [s for s in range(len(self.seats)) if s != seat]
        best = max(scores[s] for s in others)
        winners = tuple(s for s in others if scores[s] == best)
        return Outcome(winners, f"seat {seat} resigned", tuple(scores), {"resigned": seat})

    def resign(self, seat: Any = None) -> JSON:
        """A person gives up (any time, on any turn): the game ends, lost for that seat (by
        default the seat the view is for). Final: undo does not take it back."""
        if self.outcome() is not None:
            raise GameOver("The game is over.")
        who = self._seat(seat) if seat is not None else self.viewer()
        if not self.is_human(who):
            raise NotYourTurn("Only a person's seat can resign.")
        self.resigned = who
        self.redo_stack.clear()
        return {"seat": who, "move": "resign", "id": "resign", "label": "resigns", "kind": "resign",
                "you": "resign"}

    def _let_go(self) -> None:
        """Drop the state that has just left the recent window, unless it is a checkpoint."""
        index = len(self.history) - 1 - KEEP_RECENT
        if index > 0 and index % CHECKPOINT_EVERY and not self.keep_states:
            self.history[index] = None

    def _state_at(self, index: int) -> Any:
        """The state after moves[:index]; one let go is rebuilt (with those between) by replaying
        the moves from the nearest kept state below."""
        if self.history[index] is None:
            start = max(i for i in range(index) if self.history[i] is not None)
            state = self.history[start]
            for i in range(start, index):
                state = self.game.apply(state, self.moves[i])
                self.history[i + 1] = state
        return self.history[index]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == "human"

    def move_entry(self, state: Any, move: str) -> JSON:
        """A move as the page reads it: id, label (third person, after a seat name) and the
        game's structured fields (kind, you, tile, from, to, ...)."""
        return {"id": move, "label": self.game.move_label(state, move), **self.game.move_fields(state, move)}

    def _apply(self, move: str) -> JSON:
        state = self.state
        seat = self.game.to_move(state)
        self.game.check_move(state, move)
        entry = self.move_entry(state, move)
        after = self.game.apply(state, move)
        self.history.append(after)
        self.moves.append(move)
        if any(self.is_human(s) for s in self.game.revealed_to(state, move, after)):
            self.undo_floor = len(self.moves)
        self._let_go()
        return {"seat": seat, "move": move, **entry}

    def replay_move(self, move: str) -> JSON:
        """A recorded move, whoever's seat it is (replaying a record): its event."""
        event = self._apply(move)
        self.redo_stack.clear()
        return event

    def play(self, move: Any) -> JSON:
        """A person's move; the seat to move must be a human seat."""
        if not isinstance(move, str):
            raise BadRequest("move must be a move id string")
        # the turn first: a move on a computer's turn gets one answer whatever the computer holds
        if not self.is_human(self._seat_to_move()):
            raise NotYourTurn("Wait: it is a computer player's turn.")
        self.game.check_move(self.state, move)
        self.check_lesson(move)
        self.computer_moves.discard(len(self.moves))
        event = self._apply(move)
        self.redo_stack.clear()
        return event

    def forced_draw(self, seat: int) -> str | None:
        """The draw `seat` must make now: the seat is to move and its only legal move is a draw
        (the rules make it draw on, as in the draw game's "draw until you can play"); else None."""
        if self.to_move() != seat:
            return None
        legal = self.game.legal_moves(self.state)
        if len(legal) == 1 and self.game.move_fields(self.state, legal[0]).get("kind") == "draw":
            return legal[0]
        return None

    def play_until_playable(self, move: Any) -> list[JSON]:
        """A person's move and, when it is a draw, the forced draws that follow it (one request
        for "draw until you can play"); each is a move of its own in the record. Where the rules
        give a choice after a draw (play it, or draw again), the batch stops there."""
        with self._all_or_nothing():
            events = [self.play(move)]
            seat = events[0]["seat"]
            while (events[-1].get("kind") == "draw" and self.lesson_step() is None
                   and (draw := self.forced_draw(seat)) is not None):
                events.append(self.play(draw))
        return events

    def ai_turn(self, level: str | None = None) -> list[JSON]:
        """The computer's whole turn: its move and, as long as that was a draw and the same seat
        is still to move, its next one (the draws, then the play or pass they lead to). Each move
        is chosen exactly as by separate `ai_move` calls (the same seeds), so the picks and the
        record are the same."""
        with self._all_or_nothing():
            events = [self.ai_move(level)]
            seat = events[0]["seat"]
            while events[-1].get("kind") == "draw" and self.to_move() == seat:
                events.append(self.ai_move(level))
        return events

    @contextmanager
    def _all_or_nothing(self) -> Iterator[None]:
        """A request of several moves fails whole: on an error every move it made is taken back
        (a refused request changes nothing)."""
        kept, redo, floor, aids = len(self.moves), list(self.redo_stack), self.undo_floor, list(self.aids)
        made = set(self.computer_moves)
        try:
            yield
        except BaseException:
            del self.moves[kept:]
            del self.history[kept + 1:]
            self._state_at(kept)  # a state let go meanwhile comes back
            self.redo_stack, self.undo_floor, self.aids, self.computer_moves = redo, floor, aids, made
            raise

    def _seat_to_move(self) -> int:
        seat = self.to_move()
        if seat is None:
            raise GameOver("The game is over.")
        return seat

    def ai_rng(self) -> random.Random:
        """Computer decisions are seeded by the game seed and the move number, so a game
        replays the same way natively and in the browser."""
        return deal_rng(self.seed, "ai", len(self.moves))

    def ai_move(self, level: str | None = None) -> JSON:
        """The computer seat to move plays once (a person's seat too when `level` is
        given: autoplay of a solitaire)."""
        state = self.state
        seat = self._seat_to_move()
        if level is None:
            if self.is_human(seat):
                raise NotYourTurn("It is a person's turn.")
            level = self.seats[seat][3:]
        elif not self.is_human(seat):
            raise NotYourTurn("A computer plays at its own level: a level is only for a person's turn "
                              "(the computer playing for you).")
        rng = self.ai_rng()
        player = get_player(level)
        move = player.choose(self.game, self.game.determinize(state, seat, rng), seat, rng)
        step = self.lesson_step()
        if step is not None and step.moves and move not in step.moves:
            move = step.moves[0]  # the computer playing for the person follows the guide
        index = len(self.moves)
        event = self._apply(move)
        self.redo_stack.clear()
        self.computer_moves.discard(index)
        if self.is_human(seat):
            self.aid("computer")
            self.computer_moves.add(index)
        return event

    def hint(self) -> JSON:
        """Advice for a person whose turn it is, from what that seat may know only: the game's
        own advisor or a computer player, both given a determinized state."""
        state = self.state
        seat = self._seat_to_move()
        if not self.is_human(seat):
            raise NotYourTurn("Hints are for a person's turn: it is a computer player's turn.")
        rng = self.ai_rng()
        known = self.game.determinize(state, seat, rng)
        advisor = advisor_for(self.game)
        step = self.lesson_step()
        hint = advisor.hint(known, rng) if advisor and not (step and step.moves) else None
        if step is not None and step.moves:
            answer = {**self.move_entry(state, step.moves[0]), "move": step.moves[0],
                      "reason": "the guide shows this move", "chance": None}
        elif hint is None:
            level = "hard"
            move = get_player(level).choose(self.game, known, seat, rng)
            answer = {**self.move_entry(state, move), "move": move,
                      "reason": f"the {level} computer player would play this", "chance": None}
        else:
            answer = {**self.move_entry(state, hint.move), **hint.to_json()}
        self.aid("hint")
        return answer

    def undo_target(self) -> int | None:
        """How many moves stay after an undo: back to the person's last turn (a table of
        computers only: one move), never below the undo floor; None when nothing can be undone."""
        if self.resigned is not None:
            return None
        people = any(s == "human" for s in self.seats)
        for kept in range(len(self.moves) - 1, self.undo_floor - 1, -1):
            if not people or self.is_human(self.game.to_move(self._state_at(kept))):
                return kept
        return None

    def undo(self) -> int:
        """Take back the last move, and with computer seats back to the person's last
        turn. Returns how many moves were taken back (0 when there is nothing to undo)."""
        kept = self.undo_target()
        if kept is None:
            return 0
        undone = len(self.moves) - kept
        for _ in range(undone):
            self.redo_stack.append(self.moves.pop())
            self.history.pop()
        self._state_at(kept)  # a state let go comes back
        self.aid("undo")
        return undone

    def redo(self) -> int:
        redone = 0
        while self.redo_stack:
            self._apply(self.redo_stack.pop())
            redone += 1
            seat = self.game.to_move(self.state)
            if self.is_human(seat) or seat is None or not self.redo_stack:
                break
        return redone

    # ---- a guided deal
    def lesson_step(self) -> Step | None:
        """The lesson's step of the person's turn now; None without a lesson, at a computer's
        turn or the end, and once the lesson is done."""
        seat = self.to_move()
        if self.lesson is None or not self.is_human(seat) or self.lesson_done():
            return None
        return self.lesson.step_at(len(self.moves))

    def lesson_done(self) -> bool:
        """The lesson's last step is played and the computers have moved on to the person's
        next turn or the end: from here the person plays on, unguided."""
        if self.lesson is None or len(self.moves) <= self.lesson.steps[-1].at:
            return False
        seat = self.to_move()
        return seat is None or self.is_human(seat)

    def check_lesson(self, move: str) -> None:
        """Refuse a move the lesson's step does not accept (OffLesson, in the guide's words)."""
        step = self.lesson_step()
        if step is not None and step.moves and move not in step.moves:
            raise OffLesson(step.wrong or OFF_LESSON)

    def guide(self) -> JSON:
        """What the page shows of the lesson now: the step's note, the places it points at, the
        suggested move's entry (null where any move will do), the moves it accepts ([]: any), the
        seats' names the notes use, the
        step's number (else how many are played) of `steps`, the intro before the first step is
        played, and the ending once done."""
        lesson = self.lesson
        assert lesson is not None
        step = self.lesson_step()
        done = self.lesson_done()
        made = len(self.moves)
        return {
            "title": lesson.title,
            "names": list(lesson.names[:len(self.seats)]),
            "note": step.note if step else None,
            "point_at": list(step.point_at) if step else [],
            "suggest": self.move_entry(self.state, step.moves[0]) if step and step.moves else None,
            "accepts": list(step.moves) if step else [],
            "step": lesson.steps.index(step) + 1 if step else sum(1 for s in lesson.steps if s.at < made),
            "steps": len(lesson.steps),
            "intro": lesson.intro if made <= lesson.steps[0].at else None,
            "done": done,
            "ending": lesson.ending if done else None,
        }

    def _seat(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise BadRequest(f"seat must be 0..{len(self.seats) - 1}")
        return seat

    def check_may_see(self, seat: int) -> None:
        """Refuse what a computer's seat knows while a person plays against it: its tiles, and
        through them the stock's order and the deal, stay hidden until the game is over. (A
        table of computers only hides nothing from anyone; a person's seat is that person's.)"""
        if self.is_human(seat) or "human" not in self.seats or self.outcome() is not None:
            return
        raise HiddenInformation(f"seat {seat} is a computer's: what it holds stays hidden until the game is over")

    def viewer(self, seat: Any = None) -> int:
        """The seat a view is for: `seat` (refused for a computer's seat while a person plays),
        else the person to move, else the first person's seat, else seat 0."""
        if seat is not None:
            asked = self._seat(seat)
            self.check_may_see(asked)
            return asked
        to_move = self.to_move()
        if self.is_human(to_move):
            assert to_move is not None
            return to_move
        humans = [i for i, s in enumerate(self.seats) if s == "human"]
        return humans[0] if humans else 0

    def analysis(self) -> JSON:
        """What the game's advisor shows beside the board now (None without one)."""
        advisor = advisor_for(self.game)
        return advisor.analysis(self.state) if advisor else None

    def view(self, seat: Any = None, events: list[JSON] | None = None) -> JSON:
        return self.seat_view(self.viewer(seat), events)

    def seat_view(self, viewer: int, events: list[JSON] | None = None) -> JSON:
        """The view of a seat already allowed to see it (`viewer` checks that)."""
        state = self.state
        to_move = self.to_move()
        outcome = self.outcome()
        legal, extra = [], []
        if to_move == viewer:
            legal = [self.move_entry(state, m) for m in self.game.legal_moves(state)]
            extra = [self.move_entry(state, m) for m in self.game.extra_moves(state)]
        view = {
            "game": self.game.spec.id,
            "options": dict(self.options),
            "seed": self.shown_seed(),
            "seats": list(self.seats),
            "seat": viewer,
            "to_move": to_move,
            "legal": legal,
            "extra_moves": extra,
            "outcome": outcome.to_json() if outcome else None,
            "events": events or [],
            "can_undo": any(s == "human" for s in self.seats) and self.undo_target() is not None,
            "can_redo": bool(self.redo_stack),
            "moves": len(self.moves),
            "analysis": self.analysis() if to_move == viewer or outcome else None,
            "winnable": self.winnable,
            "assisted": self.assisted,
            "finish": finish_line(self.game, state, viewer)
            if to_move == viewer and self.is_human(viewer) else None,
        }
        view.update(self.game.view(state, viewer))
        if self.lesson is not None:
            view["guide"] = self.guide()
        return view


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
