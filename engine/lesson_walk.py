"""Play a guided deal (engine.lessons) through by its suggested moves, checking that its steps fit
its deal: the tests run it for every lesson."""

from __future__ import annotations

from collections.abc import Iterator

from engine.lessons import Lesson, LessonBroken, Step
from engine.session import Session


def walk(lesson: Lesson) -> Iterator[tuple[Step, Session]]:
    """Play `lesson` through by its suggested moves, yielding each step with the session as the
    step comes (before its move), and check it on the way: every step comes at one of the
    person's turns, in order, with its moves legal; no person's turn is left without a step
    until the last one; after it the computers play on to the person's next turn or the end.
    Raises LessonBroken, saying where."""
    session = Session.new(lesson.game, dict(lesson.options), lesson.seed, list(lesson.seats))
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
