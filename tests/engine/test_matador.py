"""Matador: sums to ten, matadors, the drawing rules, leads and scoring."""

from __future__ import annotations

from typing import Any

import pytest

from engine.games import get_game
from engine.games.matador import is_matador, lead_of
from engine.layout import Layout
from engine.protocol import IllegalMove
from engine.tiles import Tile, domino_set
from tests.engine.test_draw import position, tiles

T = Tile.parse
GAME: Any = get_game("matador")


def line(root: str, *plays: tuple[str, str, int]) -> Layout:
    layout = Layout.line(T(root), crosswise_doubles=False)
    for end, tile, near in plays:
        layout = layout.place(end, T(tile), near)
    return layout


def test_hand_sizes_and_sets() -> None:
    for players, size in [(3, 7), (6, 7), (7, 5), (8, 5)]:
        for top in (9, 12):
            opts = GAME.spec.resolve_options({"players": players, "set": f"double-{top}"})
            state = GAME.new_state(opts, 2)
            total = sum(len(h) for h in state.hands) + len(state.stock) + 1
            assert total == len(domino_set(top))
            assert sorted(len(h) for h in state.hands) == [size - 1] + [size] * (players - 1)


def test_matadors() -> None:
    assert sorted(str(t) for t in domino_set(9) if is_matador(t)) == ["0-0", "1-9", "2-8", "3-7", "4-6", "5-5"]
    assert "0-10" in [str(t) for t in domino_set(12) if is_matador(t)]


def test_lead_is_the_highest_double_else_the_most_pips() -> None:
    assert lead_of([tiles("1-1 8-9"), tiles("4-4 0-2"), tiles("3-5")]) == (1, T("4-4"))
    assert lead_of([tiles("1-2 8-9"), tiles("7-9"), tiles("3-5")]) == (0, T("8-9"))
    # 15 pips both: 6-9 has the higher half
    assert lead_of([tiles("7-8 0-1"), tiles("6-9 1-2"), tiles("3-5")]) == (1, T("6-9"))
    for seed in range(10):
        state = GAME.new_state(GAME.spec.resolve_options({}), seed)
        assert state.turn == (state.info.leader + 1) % 3


def test_exposed_double_counts_half_and_ten_is_made() -> None:
    state = position(GAME, ["1-3 2-4 8-8", "0-1", "0-2"], line("9-9"), stock="0-3")
    # 9-9 exposes 9 on both ends: only a 1 makes ten; 1-3 leaves its 3 open
    assert GAME.legal_moves(state) == ["play:1-3:left:3", "play:1-3:right:3"]
    state = GAME.apply(state, "play:1-3:right:3")
    assert [(e.name, e.value) for e in state.layout.open_ends()] == [("left", 9), ("right", 3)]
    assert state.layout.tiles[0].crosswise is False  # doubles lie in line


def test_a_matador_goes_anywhere_either_way_round() -> None:
    state = position(GAME, ["3-7 5-6"], line("5-6"), top=9)
    state = state._replace(hands=(tiles("3-7 0-1"), tiles("0-2"), tiles("0-3")), n=3, scores=(0, 0, 0))
    moves = GAME.legal_moves(state)
    assert moves == ["play:3-7:left:3", "play:3-7:left:7", "play:3-7:right:3", "play:3-7:right:7"]
    assert "leaving 7 open" in GAME.move_label(state, "play:3-7:left:7")


def test_only_a_matador_goes_on_a_blank() -> None:
    layout = line("0-0")
    state = position(GAME, ["1-9 0-5", "2-2", "3-3"], layout, stock="4-4")
    assert GAME.legal_moves(state) == [
        "draw", "play:1-9:left:1", "play:1-9:left:9", "play:1-9:right:1", "play:1-9:right:9",
    ]
    # double-12: 0-10 is a matador, 3-10 (10 + 0 = 10) is not allowed on a blank
    state = position(GAME, ["3-10 0-10", "2-2", "3-3"], layout, top=12)
    assert sorted({m.split(":")[1] for m in GAME.legal_moves(state) if m.startswith("play")}) == ["0-10"]


def test_a_legal_non_matador_play_must_be_made() -> None:
    state = position(GAME, ["1-2 4-6", "0-2", "0-3"], line("9-9"), stock="0-4")
    moves = GAME.legal_moves(state)
    assert "draw" not in moves and "play:1-2:left:2" in moves and "play:4-6:left:6" in moves


def test_only_matadors_may_play_or_draw() -> None:
    state = position(GAME, ["4-6 2-3", "0-2", "0-3"], line("9-9"), stock="0-5 8-9")
    assert "draw" in GAME.legal_moves(state)
    state = GAME.apply(state, "draw")  # 0-5 does not fit: he must go on drawing
    assert GAME.legal_moves(state) == ["draw"]
    state = GAME.apply(state, "draw")  # 8-9 does not fit either; the pile is out: the matador
    assert GAME.legal_moves(state) == ["play:4-6:left:4", "play:4-6:left:6", "play:4-6:right:4", "play:4-6:right:6"]
    with pytest.raises(IllegalMove):
        GAME.apply(state, "pass")


def test_drawing_stops_at_a_playable_tile_which_then_must_be_played() -> None:
    state = position(GAME, ["2-3", "0-2", "0-3"], line("9-9"), stock="0-5 1-5 0-6")
    assert GAME.legal_moves(state) == ["draw"]
    state = GAME.apply(state, "draw")
    assert GAME.legal_moves(state) == ["draw"]
    state = GAME.apply(state, "draw")  # 1-5 fits the 9s
    assert GAME.legal_moves(state) == ["play:1-5:left:5", "play:1-5:right:5"]
    state = GAME.apply(state, "play:1-5:left:5")
    assert state.turn == 1 and state.stock == (T("0-6"),) and not state.drawing


def test_pile_out_without_matador_passes() -> None:
    state = position(GAME, ["2-3", "0-2 5-5", "0-3"], line("9-9"))
    assert GAME.legal_moves(state) == ["pass"]
    state = GAME.apply(state, "pass")
    assert state.turn == 1  # seat 1 holds a matador: not blocked


def test_going_out_scores_all_other_hands_doubles_full() -> None:
    state = position(GAME, ["1-2", "8-8", "0-3 1-1"], line("9-9"))
    state = GAME.apply(state, "play:1-2:left:2")
    assert state.last.pips == (0, 16, 5) and state.last.points == (21, 0, 0)
    assert state.last.arithmetic == "16 + 5 = 21"


def test_blocked_round_scores_differences_and_ties_nothing() -> None:
    state = position(GAME, ["2-3", "0-2 3-3", "2-5"], line("9-9"), turn=2)
    state = GAME.apply(state, "pass")  # nobody can play, no pile: blocked
    assert state.last.reason == "blocked" and state.last.pips == (5, 8, 7)
    assert state.last.points == (5, 0, 0) and state.last.arithmetic == "8 - 5 = 3, 7 - 5 = 2, 5"
    state = position(GAME, ["2-3", "0-5", "2-5"], line("9-9"), turn=2)
    state = GAME.apply(state, "pass")
    assert state.last.winner is None and state.last.points == (0, 0, 0)


def test_game_to_one_hundred() -> None:
    assert [o.key for o in GAME.spec.options] == ["set", "players", "target"]
    assert GAME.spec.resolve_options({})["target"] == 100  # the sheet's "Game to 100"
    state = position(GAME, ["1-2", "8-8", "0-3"], line("9-9"), scores=(80, 0, 0))
    state = GAME.apply(state, "play:1-2:left:2")
    assert GAME.outcome(state) is None
    assert state.scores == (99, 0, 0) and GAME.to_move(state) == 0
    state = position(GAME, ["1-2", "8-8", "0-3"], line("9-9"), scores=(90, 0, 0))
    state = GAME.apply(state, "play:1-2:left:2")
    assert GAME.to_move(state) is None and GAME.outcome(state).winners == (0,)


@pytest.mark.parametrize("root", ["12-12", "11-11", "6-11", "0-0", "3-10", "1-2"])
def test_needs_stays_a_number_on_a_die_or_says_only_a_matador(root: str) -> None:
    """An end's `needs` is 0..12, or None with `only` in words where no number makes ten (a
    blank, an 11, a 12): never a negative number, on every play offered and in a refusal."""
    state = position(GAME, ["0-10 3-7 2-11", "2-2", "3-3"], line(root), top=12)
    plays = [m for m in GAME.legal_moves(state) if m.startswith("play")]
    assert plays
    for move in plays:
        fields = GAME.move_fields(state, move)
        needs = fields["needs"]
        assert needs is None or 0 <= needs <= 12, (move, fields)
        if needs is None:
            assert fields["only"] == "a matador", (move, fields)
        else:
            assert "only" not in fields
    end = state.layout.open_ends()[0]
    if GAME.end_needs(end.value, end.need) is None:
        refusal = GAME.refusal(state, f"play:2-11:{end.name}:2")
        assert refusal.startswith("2-11 does not fit there: only a matador goes on "), refusal
        assert "-" not in refusal.removeprefix("2-11"), refusal
