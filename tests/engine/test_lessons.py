"""Every guided deal (engine.lessons) fits its deal: walked through by its suggested moves, each
step comes at the person's turn it names with its moves legal, and the lesson ends where it says."""

from __future__ import annotations

import pytest

from engine.games import get_game
from engine.lesson_walk import walk
from engine.lessons import Lesson, LessonBroken, Step, all_lessons

LESSONS = [pytest.param(lesson, id=lesson.game) for lesson in all_lessons()]


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lesson_walks_through_its_deal(lesson: Lesson) -> None:
    steps = list(walk(lesson))
    assert len(steps) == len(lesson.steps) >= 3
    get_game(lesson.game)  # a registered game's id


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lessons_words_are_a_players(lesson: Lesson) -> None:
    """Notes are sentences, never a move id (an id that is a plain word, "draw" or "pass", is the
    player's word too)."""
    texts = [lesson.intro, lesson.ending, *(s.note for s in lesson.steps), *(s.wrong for s in lesson.steps)]
    ids = {m for s in lesson.steps for m in s.moves if not m.isalpha()}
    for text in texts:
        assert all(move not in text for move in ids), text
    assert all(s.note.strip() for s in lesson.steps) and lesson.intro.strip() and lesson.ending.strip()


def test_a_step_at_the_wrong_turn_is_found() -> None:
    lesson = all_lessons()[0]
    broken = Lesson(**{**lesson.__dict__, "steps": (Step(at=lesson.steps[0].at + 1, note="x"),)})
    with pytest.raises(LessonBroken):
        list(walk(broken))


def test_an_illegal_suggested_move_is_found() -> None:
    lesson = all_lessons()[0]
    first = lesson.steps[0]
    broken = Lesson(**{**lesson.__dict__, "steps": (Step(at=first.at, note="x", moves=("no-such-move",)),)})
    with pytest.raises(LessonBroken):
        list(walk(broken))
