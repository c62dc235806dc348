"""Every Luzon ruling, and the solver against a plain exhaustive search."""

from __future__ import annotations

import pytest

from engine.games import get_game
from engine.games.luzon import LuzonState, pairs
from engine.protocol import Game, GameOver, IllegalMove
from engine.solvers import advisor_for
from engine.solvers.luzon import hint, solve, solve_state
from engine.tiles import Tile, domino_set
from tests.typed import known

T = Tile.parse
GAME: Game[LuzonState] = get_game("luzon")
apply, legal_moves = GAME.apply, GAME.legal_moves


def deal(variant: str, seed: int) -> LuzonState:
    return GAME.new_state({"variant": variant}, seed)


def position(columns: list[list[str]], reserve: list[str | None], variant: str = "twelve") -> LuzonState:
    cols = tuple(tuple(T(t) for t in col) for col in columns) + ((),) * (5 - len(columns))
    return LuzonState(variant, cols, tuple(T(t) if t else None for t in reserve))


def test_deal_is_five_columns_of_five_and_three_in_reserve() -> None:
    state = deal("twelve", 42)
    assert [len(c) for c in state.columns] == [5] * 5
    assert len(state.reserve) == 3
    assert sorted([*sum(state.columns, ()), *(known(t) for t in state.reserve)]) == list(domino_set(6))
    assert deal("twelve", 42) == state and deal("twelve", 43) != state


def test_only_bottom_tiles_and_reserve_are_exposed() -> None:
    # 6-6 sits above 0-0's column bottom; 0-0 can only pair with the bottom 6-6.
    state = position([["6-6", "1-1"], ["0-0"], ["3-3"]], [None, None, None])
    assert legal_moves(state) == ["move:c1>c4", "move:c1>c5"]
    with pytest.raises(IllegalMove):
        apply(state, "discard:c1+c2")  # 1-1 + 0-0 is 2, and 6-6 is not exposed


def test_pair_must_total_twelve() -> None:
    state = position([["6-6"], ["0-0"], ["5-6"], ["0-1"], ["2-2"]], ["3-4", None, None])
    assert "discard:c1+c2" in legal_moves(state)
    assert "discard:c3+c4" in legal_moves(state)
    with pytest.raises(IllegalMove, match="do not total 12"):
        apply(state, "discard:c1+c3")


def test_two_lowest_tiles_of_one_column_never_pair() -> None:
    state = position([["6-6", "0-0"], ["2-2"]], [None, None, None])
    assert not any(m.startswith("discard") for m in legal_moves(state))
    with pytest.raises(IllegalMove):
        apply(state, "discard:c1+c1")


def test_two_reserve_tiles_never_pair() -> None:
    state = position([["1-1"]], ["6-6", "0-0", None])
    assert legal_moves(state) == []
    assert GAME.outcome(state) is not None and known(GAME.outcome(state)).winners == ()
    with pytest.raises(IllegalMove):
        apply(state, "discard:r1+r2")


def test_column_and_reserve_pair() -> None:
    state = position([["2-3", "6-6"]], ["0-0", None, None])
    after = apply(state, "discard:c1+r1")
    assert after.columns[0] == (T("2-3"),) and after.reserve == (None, None, None)
    assert after.discarded == ((T("6-6"), T("0-0")),)


def test_column_move_only_while_fewer_than_five_columns() -> None:
    full = position([["1-1", "2-2"], ["3-3"], ["4-4"], ["0-1"], ["0-2"]], [None, None, None])
    assert not any(m.startswith("move") for m in legal_moves(full))
    with pytest.raises(IllegalMove, match="fewer than 5"):
        apply(full, "move:c1>c2")
    four = position([["1-1", "2-2"], ["3-3"], ["4-4"], ["0-1"]], [None, None, None])
    assert [m for m in legal_moves(four) if m.startswith("move")] == ["move:c1>c5"]
    after = apply(four, "move:c1>c5")
    assert after.columns[0] == (T("1-1"),) and after.columns[4] == (T("2-2"),)


def test_column_move_needs_two_tiles_and_an_empty_target() -> None:
    state = position([["1-1"], ["2-2", "3-3"], ["0-1"]], [None, None, None])
    with pytest.raises(IllegalMove, match="at least 2"):
        apply(state, "move:c1>c4")
    with pytest.raises(IllegalMove, match="not empty"):
        apply(state, "move:c2>c3")


def test_won_when_all_tiles_discarded() -> None:
    state = position([["6-6"], ["0-0"]], [None, None, None])
    end = GAME.apply(state, "discard:c1+c2")
    assert end.tiles_left == 0 and GAME.to_move(end) is None
    assert known(GAME.outcome(end)).winners == (0,)
    with pytest.raises(GameOver):
        GAME.apply(end, "discard:c1+c2")


@pytest.mark.parametrize(
    "x,y,ok",
    [
        ("1-6", "1-4", False),  # totals 12, but 1+1 and 6+4 / 1+4 and 6+1 do not make six
        ("1-6", "0-5", True),  # 1+5 = 6 and 6+0 = 6
        ("0-0", "6-6", True),
        ("1-5", "3-3", True),  # two 6-pip tiles pair freely
        ("0-6", "2-4", True),
        ("2-6", "0-4", True),  # 2+4, 6+0
        ("2-6", "1-3", False),
    ],
)
def test_sixes_variant_pairs(x: str, y: str, ok: bool) -> None:
    assert pairs(T(x), T(y), "sixes") is ok
    assert pairs(T(x), T(y), "twelve") is (T(x).pips + T(y).pips == 12)


def test_sixes_variant_refuses_with_reason() -> None:
    state = position([["1-6"], ["1-4"]], [None, None, None], "sixes")
    with pytest.raises(IllegalMove, match="end to end"):
        apply(state, "discard:c1+c2")


def exhaustive_min_left(state: LuzonState, memo: dict[object, int]) -> int:
    """A plain reference: every legal move (every empty slot), memoised on the exact layout; it
    stops at a line that clears every tile (none leaves fewer than none)."""
    key = (state.columns, state.reserve)
    if key not in memo:
        best = state.tiles_left
        for move in legal_moves(state):
            if best == 0:
                break
            best = min(best, exhaustive_min_left(apply(state, move), memo))
        memo[key] = best
    return memo[key]


@pytest.mark.parametrize("variant", ["twelve", "sixes"])
def test_solver_agrees_with_exhaustive_search(variant: str) -> None:
    wins = 0
    for seed in range(200):
        result = solve(seed, variant)
        state = deal(variant, seed)
        assert result.best_left == exhaustive_min_left(state, {}), f"seed {seed}"
        assert result.winnable == (result.best_left == 0)
        for move in result.best_line:  # the line is legal and reaches what it claims
            assert move in legal_moves(state)
            state = apply(state, move)
        assert state.tiles_left == result.best_left
        wins += result.winnable
    assert 0 < wins < 200  # both outcomes occur, so both paths are exercised


def test_hint_on_a_winning_line_and_after_it_is_lost() -> None:
    state, lost = next(
        (deal("twelve", s), apply(deal("twelve", s), m))
        for s in range(100)
        if solve(s).winnable
        for m in legal_moves(deal("twelve", s))
        if not solve_state(apply(deal("twelve", s), m)).winnable
    )
    h = hint(state)
    assert h is not None and h.chance == 1.0 and solve_state(apply(state, h.move)).winnable
    h = hint(lost)
    assert h is not None and h.chance == 0.0 and "no longer be won" in h.reason
    best = solve_state(lost).best_left
    assert solve_state(apply(lost, h.move)).best_left == best


def test_analysis_reports_winnable() -> None:
    seed = next(s for s in range(100) if not solve(s).winnable)
    assert known(advisor_for(GAME)).analysis(deal("twelve", seed)) == {"winnable": False, "solution": None}
