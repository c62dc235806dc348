"""A game in progress as the rules see it: its seats, moves and states, a person's moves, undo and
redo, the views of its seats and the step of its guided deal (engine.guide). `engine.session.Session`
adds what other modules do with it (its record, the computers' turns and hints)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Self

from engine import guide
from engine.deals import MAX_SEED, parse_seed
from engine.fields import parse_flag, parse_seats
from engine.forced import finish_line
from engine.games import get_game
from engine.lessons import Lesson, Step, lesson_for
from engine.protocol import (
    JSON,
    BadOption,
    BadRequest,
    Game,
    GameOver,
    HiddenInformation,
    NoLesson,
    NotYourTurn,
    NoWinnableDeal,
    Outcome,
)
from engine.solvers import advisor_for, deal_prover

# Deals tried, at most, for a winnable-only deal: Luzon's sixes, the rarest, has about 4.4%
# winnable deals, so 1,000 in a row without one has a chance near 1e-20.
WINNABLE_SEARCH = 1000
# A session keeps the states after its last KEEP_RECENT moves (undo is instant) and, before those,
# only every CHECKPOINT_EVERY-th: an undo further back rebuilds the missing states by replaying the
# moves from the checkpoint below (the games are deterministic), so a long game's memory stays small.
KEEP_RECENT = 32
CHECKPOINT_EVERY = 64
# What makes a game assisted, as its record keeps it ("aids": [{"at": moves made, "kind": ...}]):
# a hint, an undo, a person's move made by the computer, an import of the game in progress (it may
# have been played further and brought back), an export of it in progress (the file holds the
# deal), or "assisted" (a record that only said so).
AID_KINDS = ("hint", "undo", "computer", "import", "export", "assisted")
MAX_AIDS = 10_000  # aids kept, and the largest move number of one (a record holds at most 10,000 moves)


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
class SessionCore:
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
    # the events of the record's last moves (at most engine.records.LOADED_EVENTS) as `load` replayed them
    loaded_events: list[JSON] = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def new(cls, game_id: Any, options: Any, seed: Any, seats: Any = None, winnable: Any = None) -> Self:
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
    def new_lesson(cls, game_id: Any) -> Self:
        """The guided deal of a game (its own options, seed and seats); NoLesson when it has none."""
        game = get_game(game_id)
        lesson = lesson_for(game.spec.id)
        if lesson is None:
            raise NoLesson(f"{game.spec.name} has no guided deal yet.")
        return cls.for_lesson(lesson)

    @classmethod
    def for_lesson(cls, lesson: Lesson) -> Self:
        """A lesson's game, dealt and guided."""
        session = cls.new(lesson.game, dict(lesson.options), lesson.seed, list(lesson.seats))
        session.lesson = lesson
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

    def apply_move(self, move: str) -> JSON:
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
        return {"seat": seat, "move": move, **entry, **self.game.made_words(state, move, after)}

    def replay_move(self, move: str) -> JSON:
        """A recorded move, whoever's seat it is (replaying a record): its event."""
        event = self.apply_move(move)
        self.redo_stack.clear()
        return event

    def play(self, move: Any) -> JSON:
        """A person's move; the seat to move must be a human seat."""
        if not isinstance(move, str):
            raise BadRequest("move must be a move id string")
        # the turn first: a move on a computer's turn gets one answer whatever the computer holds
        if not self.is_human(self.seat_to_move()):
            raise NotYourTurn("Wait: it is a computer player's turn.")
        self.game.check_move(self.state, move)
        self.check_lesson(move)
        self.computer_moves.discard(len(self.moves))
        event = self.apply_move(move)
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
        with self.all_or_nothing():
            events = [self.play(move)]
            seat = events[0]["seat"]
            while (events[-1].get("kind") == "draw" and self.lesson_step() is None
                   and (draw := self.forced_draw(seat)) is not None):
                events.append(self.play(draw))
        return events

    @contextmanager
    def all_or_nothing(self) -> Iterator[None]:
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

    def seat_to_move(self) -> int:
        seat = self.to_move()
        if seat is None:
            raise GameOver("The game is over.")
        return seat

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
            self.apply_move(self.redo_stack.pop())
            redone += 1
            seat = self.game.to_move(self.state)
            if self.is_human(seat) or seat is None or not self.redo_stack:
                break
        return redone

    # ---- a guided deal (engine.guide)
    def lesson_step(self) -> Step | None:
        """The lesson's step of the person's turn now (None: no step, see guide.lesson_step)."""
        return guide.lesson_step(self.lesson, len(self.moves), self.is_human(self.to_move()))

    def lesson_done(self) -> bool:
        seat = self.to_move()
        return guide.lesson_done(self.lesson, len(self.moves), seat is None or self.is_human(seat))

    def check_lesson(self, move: str) -> None:
        guide.check_lesson(self.lesson_step(), move)

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
        if self.resigned is not None and len(self.seats) == 1 and outcome:  # not the move that was next
            view["status"] = outcome.reason
        if self.lesson is not None:
            view["guide"] = guide.guide(self.lesson, self.lesson_step(), self.lesson_done(), len(self.moves),
                                        len(self.seats), lambda move: self.move_entry(state, move))
        return view

