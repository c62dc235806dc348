"""The driver of a guided deal (engine.lessons holds the data): which step the person's turn is
at, the moves it accepts, and what the page shows of it (the view's "guide"). Plain functions of
the lesson and where the game stands, so a session asks them and they know nothing of sessions.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.lessons import Lesson, Step
from engine.protocol import JSON, OffLesson

# What the guide says to a move off its lesson when the step has no word of its own.
OFF_LESSON = "Not this one yet: this guided deal has another move in mind. Try the one it shows."


def lesson_done(lesson: Lesson | None, made: int, person_or_end: bool) -> bool:
    """The lesson's last step is played (`made` moves) and the computers have moved on to the
    person's next turn or the end (`person_or_end`): from here the person plays on, unguided."""
    return lesson is not None and made > lesson.steps[-1].at and person_or_end


def lesson_step(lesson: Lesson | None, made: int, person_to_move: bool) -> Step | None:
    """The lesson's step of the person's turn now; None without a lesson, at a computer's turn
    or the end, and once the lesson is done."""
    if lesson is None or not person_to_move or lesson_done(lesson, made, True):
        return None
    return lesson.step_at(made)


def check_lesson(step: Step | None, move: str) -> None:
    """Refuse a move the lesson's step does not accept (OffLesson, in the guide's words)."""
    if step is not None and step.moves and move not in step.moves:
        raise OffLesson(step.wrong or OFF_LESSON)


def guide(lesson: Lesson, step: Step | None, done: bool, made: int, seats: int,
          entry: Callable[[str], JSON]) -> JSON:
    """What the page shows of the lesson now: the step's note, the places it points at, the
    suggested move's entry (`entry`: a move's entry in the position; null where any move will
    do), the moves it accepts ([]: any), the names of the `seats` seats the notes use, the step's
    number (else how many are played) of `steps`, the intro before the first step is played, and
    the ending once done."""
    return {
        "title": lesson.title,
        "names": list(lesson.names[:seats]),
        "note": step.note if step else None,
        "point_at": list(step.point_at) if step else [],
        "suggest": entry(step.moves[0]) if step and step.moves else None,
        "accepts": list(step.moves) if step else [],
        "step": lesson.steps.index(step) + 1 if step else sum(1 for s in lesson.steps if s.at < made),
        "steps": len(lesson.steps),
        "intro": lesson.intro if made <= lesson.steps[0].at else None,
        "done": done,
        "ending": lesson.ending if done else None,
    }
