"""The solitaires' guided deals teach what they claim: each rule comes up at the step that
names it, every step's moves keep the deal winnable, the lesson ends in a won game, and every
step points at places and tiles the page shows at that moment (the data-keys the renderers in
web/render/ put on them, rebuilt here from the seat's view)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.games.big_clock import GAME as BIG_CLOCK
from engine.games.clock import GAME as CLOCK
from engine.games.luzon import GAME as LUZON
from engine.games.luzon import places
from engine.lesson_walk import walk
from engine.lessons import Lesson, Step, lesson_for
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


def big_clock_keys(view: dict[str, Any]) -> set[str]:
    """web/render/big_clock.js: slots ("slot4"), each slot's top tile, the stock, the drawn
    tile and the tiles set aside, by their names."""
    board = view["board"]
    keys = {s["key"] for s in board["slots"]} | {s["top"] for s in board["slots"] if s["top"]}
    return keys | {"stock"} | ({board["drawn"]} if board["drawn"] else set()) | set(board["set_aside"])


def clock_keys(view: dict[str, Any]) -> set[str]:
    """web/render/clock.js: piles ("slot13" the centre), face-up tiles by name, and while an
    exchange is chosen the face-down tiles offered of the pile opened first (the best chance's)."""
    board = view["board"]
    keys = {s["key"] for s in board["slots"]} | {c for s in board["slots"] for c in s["face_up"]}
    if board["exchange_pending"]:
        best = view["analysis"]["exchange_chances"][0]["slot"]
        pile = next(s for s in board["slots"] if s["slot"] == best)
        keys |= {f"ex:{best}:{d}" for d in range(1, pile["face_down"] + 1)}
    return keys


@pytest.mark.parametrize(("game_id", "keys"), [("luzon", luzon_keys), ("big-clock", big_clock_keys),
                                                ("clock", clock_keys)])
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


# The Big Clock


def test_big_clock_lesson_ends_with_the_deal_won_by_the_guides_one_move_a_step() -> None:
    """One move a step and a won game at the end: every move the guide accepts is on a winning
    line (the stock's order is the seed's, so the line is the deal's)."""
    assert all(len(step.moves) == 1 for step in lesson("big-clock").steps)
    outcome = finished("big-clock").outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_big_clock_doubles_go_home_before_a_double_is_in_trouble() -> None:
    steps = walked("big-clock")
    home = [i for i, (step, state, _) in enumerate(steps) if BIG_CLOCK.move_fields(state, step.moves[0]).get("home")]
    trouble = [i for i, (_, state, _) in enumerate(steps) if state.trouble]
    assert home and trouble and home[0] < trouble[0]
    first = steps[home[0]][0]
    assert "home" in first.note


def test_big_clock_the_trouble_step_shows_a_drawn_double_in_trouble_and_shifts_it_free() -> None:
    steps = walked("big-clock")
    at = next(i for i, (step, _, _) in enumerate(steps) if "in trouble" in step.note)
    step, state, view = steps[at]
    assert state.stuck and state.drawn is not None and state.drawn.is_double
    assert view["board"]["drawn_stuck"] and view["board"]["troubled"] == [str(state.drawn)]
    assert step.moves[0].startswith("shift:") and step.point_at[0] == str(state.drawn)
    # the shifts go on until the double is placed home
    rescued = next(i for i in range(at, len(steps)) if steps[i][0].moves[0].startswith("place:"))
    step, state, _ = steps[rescued]
    assert all(s.moves[0].startswith("shift:") for s, _, _ in steps[at:rescued])
    assert BIG_CLOCK.move_fields(state, step.moves[0])["home"] and rescued > at + 1


def test_big_clock_the_wrong_slot_the_guide_warns_of_leaves_the_double_in_trouble() -> None:
    for step, state, _ in walked("big-clock"):
        if "wrong slot" not in step.note:
            continue
        assert state.drawn is not None
        wrong = [m for m in BIG_CLOCK.legal_moves(state) if m.startswith("place:")]
        assert wrong and all(state.drawn in BIG_CLOCK.apply(state, m).trouble for m in wrong)
        break
    else:
        pytest.fail("no step warns of a wrong slot")


def test_big_clock_a_set_aside_tile_is_named_when_it_went_aside() -> None:
    named = 0
    for step, state, _ in walked("big-clock"):
        if "fitted nowhere" in step.note:
            named += 1
            assert state.set_aside and str(state.set_aside[-1]) == step.point_at[0]
    assert named == 2


def test_big_clock_a_ready_pile_shows_its_own_number() -> None:
    """A step saying a pile is made ready for its double: after its move the pile's top shows
    the slot's number and is not a double; a step saying not to cover ready piles: every other place it
    refuses is on a ready pile."""
    checked = 0
    for step, state, _ in walked("big-clock"):
        move = step.moves[0]
        ready = re.search(r"ready for the (\d)-\1", step.note)
        if ready:
            k = int(move.removeprefix("place:slot"))
            top = BIG_CLOCK.apply(state, move).pile(k)[-1]
            assert k == int(ready[1]) and k in (top.a, top.b) and not top.is_double, step.at
            checked += 1
        if "don't cover" in step.note:
            for other in set(BIG_CLOCK.legal_moves(state)) - {move}:
                k = int(other.removeprefix("place:slot"))
                top = state.pile(k)[-1]
                assert k in (top.a, top.b) and not top.is_double, other
            checked += 1
    assert checked >= 4


# Clock


def play_out(state: Any) -> Any:
    while state.phase == "turn":
        state = CLOCK.apply(state, "turn")
    return state


def test_clock_lesson_ends_at_the_exchange_and_every_choice_it_accepts_wins() -> None:
    """The guide stops after the exchange: the game has no decision left, and each exchange
    the last step accepts wins when the tiles are turned to the end."""
    steps = walked("clock")
    last, state, view = steps[-1]
    assert state.phase == "exchange" and view["board"]["exchange_pending"]
    assert all(step.moves == ("turn",) for step, _, _ in steps[:-1])
    for move in last.moves:
        assert play_out(CLOCK.apply(state, move)).phase == "won", move
    session = finished("clock")
    assert CLOCK.legal_moves(session.state) == ["turn"]
    assert play_out(session.state).phase == "won"


def test_clock_the_exchange_suggested_is_a_bottom_tile_the_advisors_best() -> None:
    step, state, view = walked("clock")[-1]
    chances = view["analysis"]["exchange_chances"]
    assert step.moves[0] == chances[0]["move"]
    for move in step.moves:
        fields = CLOCK.move_fields(state, move)
        pile = next(s for s in view["board"]["slots"] if s["key"] == fields["from"])
        assert fields["depth"] == pile["face_down"] == 4, move
    assert "ex:3:4" in step.point_at and "bottom tile of 3 o'clock" in step.note


def test_clock_a_tile_at_its_own_hour_and_the_kings_come_where_the_notes_say() -> None:
    steps = walked("clock")
    own = [i for i, (step, _, _) in enumerate(steps) if "its own hour" in step.note]
    kings = [i for i, (step, _, _) in enumerate(steps) if "king" in step.note.lower() and step.moves == ("turn",)]
    assert own and kings
    for i in own:  # the tile just turned up came from its own hour's pile, and play stays there
        before, after = steps[i - 1][1], steps[i][1]
        assert after.last.rank == before.next_slot == after.next_slot != 13
    for i in kings:  # the tile just turned up is a king, and play goes on from the centre
        state = steps[i][1]
        assert state.last.rank == 13 and state.next_slot == 13
    assert own[0] < kings[0]
