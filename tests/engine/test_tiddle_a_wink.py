"""Tiddle-A-Wink: no drawing, a double plays again, "Go", scoring."""

from __future__ import annotations

from typing import Any

from engine.games import get_game
from engine.layout import Layout
from engine.protocol import BadOption
from engine.tiles import Tile, domino_set
from tests.engine.test_draw import position

T = Tile.parse
GAME: Any = get_game("tiddle-a-wink")

def hands(*first: str) -> list[str]:
    """Hands for six seats; seats not given hold one unplayable tile each."""
    rest = ["0-1", "0-2", "0-3", "0-4", "0-5", "1-2"]
    return list(first) + rest[len(first):]


def test_five_tiles_each_and_the_rest_set_aside() -> None:
    for players in (6, 10):
        for top in (9, 12):
            opts = GAME.spec.resolve_options({"players": players, "set": f"double-{top}"})
            state = GAME.new_state(opts, 4)
            counts = sorted(len(h) for h in state.hands)
            assert counts == [4] + [5] * (players - 1)
            assert len(state.stock) == len(domino_set(top)) - 5 * players
            view = GAME.view(state, 0)
            assert view["round"]["set_aside"] == len(state.stock)


def test_players_six_to_ten() -> None:
    assert GAME.spec.options[1].choices == (6, 7, 8, 9, 10)
    try:
        GAME.spec.resolve_options({"players": 5})
    except BadOption:
        pass
    else:
        raise AssertionError("5 players accepted")


def test_the_leader_plays_again_after_the_lead_double() -> None:
    for seed in range(10):
        state = GAME.new_state(GAME.spec.resolve_options({}), seed)
        assert state.layout.tiles[0].tile.is_double and state.layout.tiles[0].crosswise
        assert state.turn == state.info.leader


def test_a_double_earns_another_turn() -> None:
    layout = Layout.line(T("5-5"), crosswise_doubles=True).place("right", T("5-3"), 5)
    state = position(GAME, hands("3-3 3-4 2-2"), layout)
    state = GAME.apply(state, "play:3-3:right")
    assert state.turn == 0 and state.layout.tiles[-1].crosswise
    state = GAME.apply(state, "play:3-4:right")
    assert state.turn == 1


def test_go_when_you_cannot_play_and_no_drawing() -> None:
    layout = Layout.line(T("5-5"), crosswise_doubles=True)
    state = position(GAME, ["5-6 0-0", "0-6 1-1", "1-2", "1-3", "1-4", "2-3"], layout, stock="2-5 4-5")
    state = GAME.apply(state, "play:5-6:left")
    assert state.turn == 1 and GAME.legal_moves(state) == ["play:0-6:left"]
    state = GAME.apply(state, "play:0-6:left")
    assert GAME.legal_moves(state) == ["pass"]  # seat 2 holds 1-2 only: he says "Go"
    assert GAME.move_label(state, "pass") == 'says "Go" and passes'
    assert "draw" not in GAME.legal_moves(state)


def test_going_out_scores_all_other_hands() -> None:
    layout = Layout.line(T("5-5"), crosswise_doubles=True)
    state = position(GAME, hands("5-1"), layout)
    state = GAME.apply(state, "play:1-5:left")
    assert state.last.reason == "out" and state.last.points[0] == 2 + 3 + 4 + 5 + 3
    assert state.last.arithmetic == "2 + 3 + 4 + 5 + 3 = 17"


def test_blocked_round_scores_total_of_others_minus_own() -> None:
    layout = Layout.line(T("9-9"), crosswise_doubles=True)
    state = position(GAME, ["0-1", "0-2", "0-3", "0-4", "1-4", "2-4"], layout, turn=5)
    state = GAME.apply(state, "pass")
    assert state.last.reason == "blocked" and state.last.winner == 0
    # others 2 + 3 + 4 + 5 + 6 = 20, minus his own 1
    assert state.last.points[0] == 19
    assert state.last.arithmetic == "2 + 3 + 4 + 5 + 6 = 20, 20 - 1 = 19"


def test_blocked_tie_scores_nothing() -> None:
    layout = Layout.line(T("9-9"), crosswise_doubles=True)
    state = position(GAME, ["0-2", "1-1", "0-3", "0-4", "1-4", "1-3"], layout, turn=5)  # two hands of 2
    state = GAME.apply(state, "pass")
    assert state.last.winner is None and sum(state.last.points) == 0


def test_game_to_two_hundred() -> None:
    state = GAME.new_state(GAME.spec.resolve_options({}), 1)
    assert state.target == 200
