"""Guided first deals ("lessons"): for a game, one fixed deal a new player plays on the real
engine while a guide says what to look at and why, one rule at a time.

A lesson is data: the deal (options, seed, seats) and its steps. A step belongs to one of the
person's turns, named by the number of moves made before it (`at`); it says a note, points at
places and tiles of the board (the `data-key`s the page puts on them: "stock", "hand" tiles
such as "3-5", Luzon's "c1", The Big Clock's "slot4", ...) and may limit the moves accepted to a
few (the first is the one the guide suggests). Between steps the computers play as in any game:
their picks are seeded by the deal and the move number, so the same steps give the same game.
The lesson is done when its last step is played and the computers have moved on to the person's
next turn or the game's end; the person may play on, unguided.

Every module of this package that calls `register` is a lesson (one per game at most): the
registry imports them all on first use. `walk` plays a lesson through, checking every step; the
tests run it for every lesson.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.plugins import import_submodules
from engine.session import Session


@dataclass(frozen=True)
class Step:
    """The guide at one of the person's turns."""

    at: int  # the moves made before this turn (the record's move count when it comes)
    note: str  # what the guide says now, in a player's words
    moves: tuple[str, ...] = ()  # the move ids accepted (the first suggested); () any legal move
    point_at: tuple[str, ...] = ()  # data-keys of the places and tiles the note is about
    wrong: str = ""  # said to a person who tries another move ("" a plain default)


@dataclass(frozen=True)
class Lesson:
    """One game's guided deal."""

    game: str  # the game id
    title: str  # "Learn Matador"
    teaches: tuple[str, ...]  # the rules taught, in the order met (short phrases for the menu)
    intro: str  # said before the first move
    seed: int
    steps: tuple[Step, ...]
    ending: str  # said when the lesson is done
    options: Mapping[str, Any] = field(default_factory=dict)
    seats: tuple[str, ...] = ("human",)  # seat 0 is the person's

    def step_at(self, moves_made: int) -> Step | None:
        """The step of the turn that comes after `moves_made` moves, if it has one."""
        return next((s for s in self.steps if s.at == moves_made), None)

    def new_session(self) -> Session:
        """The lesson's game, dealt."""
        return Session.new(self.game, dict(self.options), self.seed, list(self.seats))


LESSONS: dict[str, Lesson] = {}


def register(lesson: Lesson) -> Lesson:
    if lesson.game in LESSONS:
        raise ValueError(f"a second lesson for {lesson.game}")
    LESSONS[lesson.game] = lesson
    return lesson


def lesson_for(game_id: str) -> Lesson | None:
    """The lesson of a game (by its id), if it has one."""
    import_submodules(__name__, __path__)
    return LESSONS.get(game_id)


def all_lessons() -> list[Lesson]:
    import_submodules(__name__, __path__)
    return list(LESSONS.values())


class LessonBroken(AssertionError):
    """A lesson's steps do not fit its deal."""


def walk(lesson: Lesson) -> Iterator[tuple[Step, Session]]:
    """Play `lesson` through by its suggested moves, yielding each step with the session as the
    step comes (before its move), and check it on the way: every step comes at one of the
    person's turns, in order, with its moves legal; no person's turn is left without a step
    until the last one; after it the computers play on to the person's next turn or the end.
    Raises LessonBroken, saying where."""
    session = lesson.new_session()
    if session.seats[0] != "human":
        raise LessonBroken(f"{lesson.game}: seat 0 must be the person's")
    for i, step in enumerate(lesson.steps):
        while session.to_move() is not None and not session.is_human(session.to_move()):
            session.ai_turn()
        made = len(session.moves)
        if session.to_move() is None:
            raise LessonBroken(f"{lesson.game} step {i}: the game ended at move {made}, before it")
        if step.at != made:
            raise LessonBroken(f"{lesson.game} step {i}: at={step.at}, but the person's turn comes after {made} moves")
        legal = session.game.legal_moves(session.state)
        for move in step.moves:
            if move not in legal:
                raise LessonBroken(f"{lesson.game} step {i}: {move!r} is not legal; legal: {legal}")
        yield step, session
        session.play(step.moves[0] if step.moves else legal[0])
    while session.to_move() is not None and not session.is_human(session.to_move()):
        session.ai_turn()
