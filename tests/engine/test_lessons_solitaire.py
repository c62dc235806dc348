"""The solitaires' guided deals teach what they claim: each rule comes up at the step that
names it, every step's moves keep the deal winnable, the lesson ends in a won game, and every
step points at places and tiles the page shows at that moment (the data-keys the renderers in
web/render/ put on them, rebuilt here from the seat's view)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games.luzon import GAME as LUZON
from engine.games.luzon import places
from engine.lessons import Lesson, Step, lesson_for, walk
from engine.lessons.luzon import KEEP_THE_2_6
from engine.session import Session
from engine.solvers.luzon import solve_state


def lesson(game_id: str) -> Lesson:
    found = lesson_for(game_id)
    assert found is not None, game_id
    return found


def walked(game_id: str) -> list[tuple[Step, Any, dict[str, Any]]]:
    """Each step with the game's state and the person's view as the step comes (before its
    move): the walk plays on in one session, so both are taken on the way."""
    return [(step, session.state, session.view(0)) for step, session in walk(lesson(game_id))]


def finished(game_id: str) -> Session:
    """The session after the lesson's last step (and the computers' moves after it)."""
    steps = list(walk(lesson(game_id)))
    session = steps[-1][1]
    assert session.to_move() is None or session.is_human(session.to_move())
    return session


def luzon_keys(view: dict[str, Any]) -> set[str]:
    """web/render/luzon.js: every tile by its name; an empty column by its place ("c4")."""
    board = view["board"]
    keys = {t for column in board["columns"] for t in column} | {t for t in board["reserve"] if t}
    return keys | {f"c{i + 1}" for i, column in enumerate(board["columns"]) if not column}


@pytest.mark.parametrize(("game_id", "keys"), [("luzon", luzon_keys)])
def test_a_step_points_at_what_the_page_shows(game_id: str, keys: Any) -> None:
    for step, _, view in walked(game_id):
        assert step.point_at, step.note
        assert set(step.point_at) <= keys(view), (step.at, set(step.point_at) - keys(view))


# Luzon


def uses_reserve(move: str) -> bool:
    return move.startswith("discard:") and places(move)[1].startswith("r")


def test_luzon_lesson_ends_with_the_deal_won() -> None:
    outcome = finished("luzon").outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_luzon_every_step_keeps_the_deal_winnable() -> None:
    for step, state, _ in walked("luzon"):
        assert step.moves, step.note
        for move in step.moves:
            assert solve_state(LUZON.apply(state, move)).winnable, (step.at, move)


def test_luzon_teaches_pairs_then_the_reserve_then_a_new_column() -> None:
    steps = [step for step, _, _ in walked("luzon")]
    kinds = ["reserve" if uses_reserve(s.moves[0]) else s.moves[0].partition(":")[0] for s in steps]
    first_reserve, first_column = kinds.index("reserve"), kinds.index("move")
    assert first_reserve >= 2 and set(kinds[:first_reserve]) == {"discard"}, kinds
    assert "reserve" in steps[first_reserve].note
    assert first_column > first_reserve and "new column" in steps[first_column].note
    assert steps[first_column].point_at[1].startswith("c")  # the empty column it goes to


def test_luzon_the_reserve_tile_kept_for_later_really_had_to_be_kept() -> None:
    """At the steps whose wrong move is told to keep the reserve's 2-6, pairing it instead loses
    the deal; the last pair takes it."""
    kept = 0
    walk_steps = walked("luzon")
    for step, state, _ in walk_steps:
        if step.wrong != KEEP_THE_2_6:
            continue
        kept += 1
        with_it = [m for m in LUZON.legal_moves(state)
                   if uses_reserve(m) and str(LUZON.tile_at(state, places(m)[1])) == "2-6"]
        assert with_it and not any(solve_state(LUZON.apply(state, m)).winnable for m in with_it), step.at
    last, state, _ = walk_steps[-1]
    assert kept >= 2 and str(LUZON.tile_at(state, places(last.moves[0])[1])) == "2-6"
