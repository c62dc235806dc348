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
registry imports them all on first use. `engine.lesson_walk.walk` plays a lesson through, checking
every step; the tests run it for every lesson. (The session deals a lesson: `Session.for_lesson`;
this package imports no session, so the session may import it.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.plugins import import_submodules


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
    # the seats' names on the page during the lesson, whatever names the player gave: the notes say them
    names: tuple[str, ...] = ("You", "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo")

    def step_at(self, moves_made: int) -> Step | None:
        """The step of the turn that comes after `moves_made` moves, if it has one."""
        return next((s for s in self.steps if s.at == moves_made), None)


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
