"""The table games' guided deals (engine.lessons matador, tiddle_a_wink, round_the_clock) teach
what their notes say: at each step the rule a note names really applies (the lead, a fit, a
forced draw, a blocked end, a matador, ...), every place a note points at is on the play screen
then, and the lesson ends with the first round over, scored as its ending says."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from engine.games import get_game
from engine.games.matador import is_matador
from engine.games.table import TableState
from engine.lesson_walk import walk
from engine.lessons import Lesson, Step, lesson_for
from engine.tiles import Tile
from tests.engine.helpers import table_game

TABLE_LESSONS = ("matador", "tiddle-a-wink", "round-the-clock")
T = Tile.parse


@dataclass(frozen=True)
class Seen:
    """A step as the person meets it."""

    step: Step
    state: TableState
    legal: tuple[str, ...]
    record: tuple[str, ...]  # the moves made before it

    @property
    def move(self) -> str:
        """The suggested move."""
        return self.step.moves[0]


def walked(game_id: str) -> tuple[Lesson, list[Seen], TableState]:
    """The lesson, each step with the state and legal moves it comes with, and the state once
    the lesson is done."""
    lesson = lesson_for(game_id)
    assert lesson is not None
    seen: list[Seen] = []
    session: Any = None
    for step, session in walk(lesson):
        legal = tuple(session.game.legal_moves(session.state))
        seen.append(Seen(step, session.state, legal, tuple(session.moves)))
    assert session is not None
    return lesson, seen, session.state


def page_keys(game: Any, seen: Seen) -> set[str]:
    """The data-keys the play screen shows at the person's turn (web/render/table.js and
    layout.js): the hand's tiles, the placed tiles, a marker on each end the person can play
    on ("end:<name>"), the info line ("stock") and the seats ("seat:<i>")."""
    state = seen.state
    keys = {str(t) for t in state.hands[0]} | {str(p.tile) for p in state.layout.tiles}
    keys |= {game.move_fields(state, m)["to"] for m in seen.legal if m.startswith("play:")}
    return keys | {"stock"} | {f"seat:{i}" for i in range(state.n)}


def goes_out(game: Any, seen: Seen) -> bool:
    """Every move the step accepts ends the round with the person gone out, scored alike."""
    ends = set()
    for move in seen.step.moves:
        last = game.apply(seen.state, move).last
        ends.add((last.reason, last.winner, last.points))
    return len(ends) == 1 and ends.pop()[:2] == ("out", 0)


def seats_of(game: Any, lesson: Lesson, record: tuple[str, ...]) -> list[int]:
    """The seat that made each move of a lesson's record."""
    state = game.new_state(game.spec.resolve_options(dict(lesson.options)), lesson.seed)
    seats = []
    for move in record:
        seats.append(state.turn)
        state = game.apply(state, move)
    return seats


def tile_at(state: TableState, end: str) -> Tile:
    """The placed tile whose half an open end shows."""
    e = state.layout.end(end)
    assert e is not None
    return state.layout.tiles[e.tile].tile


def tile_at_arm(state: TableState, arm: int) -> Tile:
    """The placed tile at the end of a Round The Clock arm (open or closed)."""
    return state.layout.tiles[state.layout.ends[arm].tile].tile


@pytest.mark.parametrize("game_id", TABLE_LESSONS)
def test_what_a_note_points_at_is_on_the_screen(game_id: str) -> None:
    _, seen, _ = walked(game_id)
    game = get_game(game_id)
    for i, s in enumerate(seen):
        assert s.step.point_at, f"step {i} points at nothing"
        missing = set(s.step.point_at) - page_keys(game, s)
        assert not missing, f"{game_id} step {i} points at {missing}, not on the screen then"
        if s.move.startswith("play:"):
            assert game.move_fields(s.state, s.move)["tile"] in s.step.point_at, f"step {i}: the tile to play"


@pytest.mark.parametrize("game_id", TABLE_LESSONS)
def test_the_lesson_is_the_first_round_and_ends_scored_as_it_says(game_id: str) -> None:
    lesson, seen, end = walked(game_id)
    assert 6 <= len(seen) <= 14
    assert end.between and end.last is not None and end.last.number == 1, "the lesson ends with round 1"
    assert end.last.score is not None
    assert str(end.last.score.total) in lesson.ending
    assert all(s.state.round_no == 1 for s in seen)


def test_matador_teaches_its_rules_at_their_steps() -> None:
    _, seen, end = walked("matador")
    game = table_game("matador")

    def makes_ten(s: Seen) -> bool:
        tile, name, far = game.parse_play(s.move)
        e = s.state.layout.end(name)
        assert e is not None and far is not None
        return not is_matador(tile) and tile.other(far) + e.value == 10

    lead, fit, blank, draw, matador, double, heavier, spoiled, out = seen
    # the lead: Ben (seat 2) set the highest double dealt, 8-8, and the person plays next
    assert lead.state.info.leader == 2 and lead.state.info.lead_tile == T("8-8") and lead.step.at == 0
    assert not any(t.is_double and t.a > 8 for h in lead.state.hands for t in h)
    assert makes_ten(lead)
    # making ten: the one tile that fits
    assert fit.legal == (fit.move,) and makes_ten(fit)
    # a blank end, blocked for a hand without a matador
    assert blank.state.layout.end("left").value == 0  # type: ignore[union-attr]
    assert not any(is_matador(t) for t in blank.state.hands[0])
    assert blank.legal == (blank.move,) and makes_ten(blank)
    # having to draw: nothing fits (and the computers had to draw many tiles before)
    assert draw.legal == ("draw",)
    assert draw.record[blank.step.at + 1:].count("draw") >= 10
    # the drawn tile is a matador, played on a blank end, where nothing else could go
    tile, name, _ = game.parse_play(matador.move)
    assert matador.state.drawn == tile and is_matador(tile)
    assert matador.state.layout.end(name).value == 0  # type: ignore[union-attr]
    assert game.end_needs(0, "match") is None
    assert all(is_matador(game.parse_play(m)[0]) for m in matador.legal)
    # an open double counts its number
    assert tile_at(double.state, "right") == T("7-7") and makes_ten(double)
    # two tiles fit; the suggested one is the heavier
    fitting = {game.parse_play(m)[0] for m in heavier.legal}
    assert len(fitting) == 2 and game.parse_play(heavier.move)[0] == max(fitting, key=lambda t: t.pips)
    # Ben's matador on the person's end, and a tile still making ten with what it left
    assert is_matador(tile_at(spoiled.state, "left")) and makes_ten(spoiled)
    # going out with the last tile; the round scores the others' pips
    assert len(out.state.hands[0]) == 1
    assert goes_out(game, out)
    assert end.last is not None and end.last.reason == "out" and end.last.winner == 0
    assert end.last.pips == (0, 24, 70) and end.last.points[0] == 94


def test_tiddle_a_wink_teaches_its_rules_at_their_steps() -> None:
    lesson, seen, end = walked("tiddle-a-wink")
    game = table_game("tiddle-a-wink")

    def matches(s: Seen) -> bool:
        tile, name, _ = game.parse_play(s.move)
        e = s.state.layout.end(name)
        return e is not None and tile.has(e.value)

    lead, go, blocked, double, again, fewer, out = seen
    # the lead: Ada (seat 1) set the highest double, and it gave her the next turn too
    dealt = game.new_state(game.spec.resolve_options(dict(lesson.options)), lesson.seed)
    assert dealt.info.leader == 1 and dealt.info.lead_tile == T("9-9") and dealt.turn == 1
    assert lead.legal == (lead.move,) and matches(lead)
    # nothing fits and nobody draws: "Go"
    assert go.legal == ("pass",) and "draw" not in game.legal_moves(go.state)
    # the 9 on the left, left by Cleo (seat 3): Ada and Cleo said Go with it open; as the note
    # guesses, no hand holds a 9 (every 9 off the table is set aside) and it stays to the end
    assert blocked.legal == ("pass",)
    opened = blocked.record.index("play:6-9:left")
    assert seats_of(game, lesson, blocked.record)[opened] == 3
    since = zip(seats_of(game, lesson, blocked.record)[opened + 1:], blocked.record[opened + 1:], strict=True)
    assert {seat for seat, move in since if move == "pass"} == {0, 1, 3}
    left = blocked.state.layout.end("left")
    assert left is not None and left.value == 9
    assert not any(t.has(9) for h in blocked.state.hands for t in h)
    on_table = {p.tile for p in blocked.state.layout.tiles}
    assert {Tile.of(9, k) for k in range(10)} - on_table <= set(blocked.state.stock)
    assert end.layout.ends[0] == left
    # a double, chosen over a plain tile, gives another turn at once
    tile = game.parse_play(double.move)[0]
    assert tile.is_double and any(not game.parse_play(m)[0].is_double for m in double.legal)
    assert game.apply(double.state, double.move).turn == 0 and again.step.at == double.step.at + 1
    assert matches(again) and again.legal == (again.move,)
    # three computers are down to one tile
    assert [s for s, h in enumerate(fewer.state.hands) if len(h) == 1] == [1, 2, 5] and matches(fewer)
    # going out with the last tile after everyone else said Go; it scores the others' pips
    assert len(out.state.hands[0]) == 1 and matches(out) and goes_out(game, out)
    assert set(out.record[fewer.step.at + 1:]) == {"pass"}
    assert end.last is not None and end.last.reason == "out" and end.last.winner == 0
    assert end.last.points[0] == 63 == sum(end.last.pips)


def test_round_the_clock_teaches_its_rules_at_their_steps() -> None:
    lesson, seen, end = walked("round-the-clock")
    game = table_game("round-the-clock")

    def phase(state: TableState) -> str:
        return str(game.phase_json(state)["name"])

    def closed(state: TableState) -> list[str]:
        return [e.name for e, shut in zip(state.layout.ends, state.layout.closed, strict=True) if shut]

    lead, closed_arms, drawn, double, last_double, new_phase, open_arm, out = seen
    # the lead: Ada (seat 1) held the 6-6, the spinner; the tile phase puts a 6 on an open arm
    dealt = game.new_state(game.spec.resolve_options(dict(lesson.options)), lesson.seed)
    assert dealt.info.leader == 1 and dealt.info.lead_tile == T("6-6") and dealt.info.lead_draws == ()
    assert dealt.layout.kind == "spinner" and phase(lead.state) == "tile"
    assert game.parse_play(lead.move)[0].has(6) and closed(lead.state) == ["arm0"]
    # three arms closed (north's 4 matched by a tile in hand), none of the hand fits the open one
    assert closed(closed_arms.state) == ["arm0", "arm1", "arm3"]
    assert closed_arms.state.layout.ends[0].value == 4 and T("3-4") in closed_arms.state.hands[0]
    assert closed_arms.legal == ("draw",)
    # the drawn tile fits the open arm; playing it ends the tile phase
    assert drawn.state.drawn == game.parse_play(drawn.move)[0] and drawn.legal == (drawn.move,)
    assert phase(game.apply(drawn.state, drawn.move)) == "double"
    # the double phase: Ben's 4-4 north; of two doubles that fit, the heavier is suggested
    assert phase(double.state) == "double" and tile_at_arm(double.state, 0) == T("4-4")
    fitting = {game.parse_play(m)[0] for m in double.legal}
    assert len(fitting) == 2 and all(t.is_double for t in fitting)
    assert game.parse_play(double.move)[0] == max(fitting, key=lambda t: t.pips)
    assert last_double.record[double.step.at + 1:] == ("draw", "pass", "draw", "pass")
    assert last_double.legal == (last_double.move,) and game.parse_play(last_double.move)[0].is_double
    # a new tile phase, every arm open; the suggested move leaves north's 4 for the 3-4
    assert phase(new_phase.state) == "tile" and closed(new_phase.state) == []
    north = game.apply(new_phase.state, new_phase.move).layout.end("arm0")
    assert north is not None and north.value == 4 and T("3-4") in new_phase.state.hands[0]
    assert closed(open_arm.state) == ["arm1", "arm2", "arm3"] and open_arm.legal == (open_arm.move,)
    # the boneyard keeps its last 2 tiles: Ben could not take one; the last tile goes out
    assert len(out.state.stock) == 2 and not game.can_draw(out.state) and out.record[-1] == "pass"
    assert phase(out.state) == "double" and len(out.state.hands[0]) == 1
    assert goes_out(game, out)
    assert end.last is not None and end.last.reason == "out" and end.last.winner == 0
    assert end.last.pips == (0, 27, 25) and end.last.points[0] == 52
