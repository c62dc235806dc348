"""The Color Dot draw game: every ruling, the sheet's scoring example, and the shared round
machinery (TableGame) the other three table games reuse."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.games import get_game
from engine.games.table import RoundInfo, TableState, differences, sort_tiles
from engine.layout import Layout
from engine.protocol import BadOption, GameOver, IllegalMove
from engine.rng import deal_rng
from engine.tiles import Tile, domino_set

T = Tile.parse
GAME: Any = get_game("draw")


def tiles(text: str) -> tuple[Tile, ...]:
    return sort_tiles(T(t) for t in text.split()) if text else ()


def position(game: Any, hands: list[str], layout: Layout, stock: str = "", turn: int = 0, top: int = 9,
             scores: tuple[int, ...] | None = None, target: int = 100, **changes: Any) -> TableState:
    """A scripted position: hands as "3-5 2-2 ...", the layout, the stock (next tile first)."""
    n = len(hands)
    info = RoundInfo(1, 0, layout.tiles[0].tile)
    stock_tiles = tuple(T(t) for t in stock.split()) if stock else ()
    state = TableState(n, top, target, 1, tuple(tiles(h) for h in hands), stock_tiles, layout, turn,
                       scores or (0,) * n, info)
    return state._replace(**changes)


def test_hand_sizes_by_set() -> None:
    for top, size, players in [(6, 5, 4), (9, 7, 6), (12, 9, 6)]:
        opts = GAME.spec.resolve_options({"set": f"double-{top}", "players": players})
        state = GAME.new_state(opts, 11)
        counts = [len(h) for h in state.hands]
        leader = state.info.leader
        assert counts == [size - (s == leader) for s in range(players)]
        assert sum(counts) + len(state.stock) + 1 == len(domino_set(top))


def test_double_six_is_for_two_to_four_players() -> None:
    opts = GAME.spec.resolve_options({"set": "double-6", "players": 5})
    with pytest.raises(BadOption):
        GAME.new_state(opts, 1)


def test_highest_double_leads_and_play_goes_left() -> None:
    for seed in range(20):
        state = GAME.new_state(GAME.spec.resolve_options({"players": 3}), seed)
        lead = state.info.lead_tile
        assert lead.is_double and state.layout.tiles[0].tile == lead
        held = [t for h in state.hands for t in h if t.is_double]
        assert all(t.a < lead.a for t in held)
        assert state.turn == (state.info.leader + 1) % 3


def test_no_double_means_a_redeal_from_the_same_generator() -> None:
    opts = GAME.spec.resolve_options({"set": "double-6"})
    seed = next(s for s in range(2000) if GAME.new_state(opts, s).info.redeals > 0)
    state = GAME.new_state(opts, seed)
    rng = deal_rng(seed)
    for _ in range(state.info.redeals + 1):
        deck = list(domino_set(6))
        rng.shuffle(deck)
    hands = [sort_tiles(deck[0:5]), sort_tiles(deck[5:10])]
    leader = state.info.leader
    assert state.hands[1 - leader] == hands[1 - leader]
    assert set(state.hands[leader]) | {state.info.lead_tile} == set(hands[leader])
    assert GAME.new_state(opts, seed) == state


def test_every_double_is_open_on_all_sides() -> None:
    layout = Layout.tree(T("4-4"))
    state = position(GAME, ["4-1 4-2", "0-0"], layout, stock="6-6")
    assert GAME.legal_moves(state) == ["play:1-4:e0", "play:2-4:e0"]
    state = GAME.apply(state, "play:1-4:e0")  # east
    state = GAME.apply(state, "draw")  # seat 1 cannot play: draws 6-6, still cannot
    assert GAME.legal_moves(state) == ["pass"]  # the pile is empty now
    state = GAME.apply(state, "pass")
    state = GAME.apply(state, "play:2-4:e0")  # west: seat 0 goes out
    assert state.last.reason == "out" and state.last.winner == 0


def test_attached_double_takes_three_more_tiles() -> None:
    layout = Layout.tree(T("6-6")).place("e0", T("3-6"), 6).place("e1", T("3-3"), 3)
    state = position(GAME, ["3-0 3-1 3-2 5-5", "1-1"], layout)
    assert GAME.legal_moves(state) == ["play:0-3:e2", "play:1-3:e2", "play:2-3:e2"]
    for tile in ["0-3", "1-3", "2-3"]:
        state = GAME.apply(state._replace(turn=0), f"play:{tile}:e2")
    assert [p.side for p in state.layout.tiles[3:]] == ["ahead", "left", "right"]
    assert "e2" not in [e.name for e in state.layout.open_ends()]


def test_draw_until_playable_then_must_play() -> None:
    layout = Layout.tree(T("5-5"))
    state = position(GAME, ["0-1 2-3", "0-0"], layout, stock="1-2 4-4 3-5 0-2")
    assert GAME.legal_moves(state) == ["draw"]
    state = GAME.apply(state, "draw")
    assert state.turn == 0 and GAME.legal_moves(state) == ["draw"]  # 1-2 does not fit
    with pytest.raises(IllegalMove):
        GAME.apply(state, "pass")
    state = GAME.apply(state, "draw")  # 4-4 does not fit
    state = GAME.apply(state, "draw")  # 3-5 fits: he must play it now
    assert GAME.legal_moves(state) == ["play:3-5:e0"]
    assert GAME.view(state, 0)["drawn"] == "3-5" and "drawn" not in GAME.view(state, 1)
    state = GAME.apply(state, "play:3-5:e0")
    assert state.turn == 1 and state.hands[0] == tiles("0-1 1-2 2-3 4-4")


def test_a_player_who_can_play_may_not_draw() -> None:
    state = position(GAME, ["5-1 0-0", "0-1"], Layout.tree(T("5-5")), stock="2-2")
    assert GAME.legal_moves(state) == ["play:1-5:e0"]
    for bad in ("draw", "pass"):
        with pytest.raises(IllegalMove):
            GAME.apply(state, bad)


def test_sheet_scoring_example() -> None:
    # the winner has 5, the others 19 and 12: 19 - 5 = 14, 12 - 5 = 7, he scores 21
    score = differences((5, 19, 12), 0)
    assert (score.total, score.text()) == (21, "19 - 5 = 14, 12 - 5 = 7, 21")
    # the same through a blocked round: 9-9 root, nothing matches 9 and the pile is empty
    state = position(GAME, ["1-4", "3-7 4-5", "3-3 2-4"], Layout.tree(T("9-9")), turn=1)
    state = GAME.apply(state, "pass")  # seat 1 passes; nobody can play: blocked
    assert state.between and state.last.reason == "blocked"
    assert state.last.pips == (5, 19, 12) and state.last.points == (21, 0, 0)
    assert state.last.arithmetic == "19 - 5 = 14, 12 - 5 = 7, 21"
    summary = GAME.view(state, 2)["last_round"]
    assert summary["winner"] == 0 and summary["hands"][1] == [[3, 7], [4, 5]]
    assert "19 - 5 = 14" in summary["text"]


def test_tie_for_lowest_in_a_block_scores_nothing() -> None:
    state = position(GAME, ["1-4", "2-3", "3-3"], Layout.tree(T("9-9")), turn=2, scores=(10, 20, 30))
    state = GAME.apply(state, "pass")
    assert state.last.winner is None and state.last.points == (0, 0, 0)
    assert state.scores == (10, 20, 30)
    assert "nobody scores" in GAME.view(state, 0)["last_round"]["text"]


def test_going_out_scores_every_opponent_hand() -> None:
    state = position(GAME, ["9-1", "2-3 4-4", "0-5"], Layout.tree(T("9-9")))
    state = GAME.apply(state, "play:1-9:e0")
    assert state.last.reason == "out" and state.last.points == (18, 0, 0)
    assert state.last.arithmetic == "13 + 5 = 18"


def test_next_round_is_dealt_by_seat_zero_from_the_seed() -> None:
    state = position(GAME, ["9-1", "2-3"], Layout.tree(T("9-9")), turn=1)
    state = state._replace(turn=0)
    state = GAME.apply(state, "play:1-9:e0")
    assert GAME.to_move(state) == 0 and GAME.legal_moves(state) == ["next-round"]
    assert GAME.move_label(state, "next-round") == "deals round 2"
    nxt = GAME.apply(state, "next-round")
    assert nxt.round_no == 2 and not nxt.between and nxt.scores == (5, 0)
    expected = GAME.deal_round(2, 9, 1, 2)
    assert nxt.hands == expected[0] and nxt.stock == expected[1]


def test_reaching_the_target_ends_the_game() -> None:
    state = position(GAME, ["9-1", "2-3"], Layout.tree(T("9-9")), scores=(96, 50))
    state = GAME.apply(state, "play:1-9:e0")
    assert GAME.to_move(state) is None and GAME.legal_moves(state) == []
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.scores == (101, 50)
    with pytest.raises(GameOver):
        GAME.apply(state, "next-round")


def test_target_is_an_option() -> None:
    state = GAME.new_state(GAME.spec.resolve_options({"target": 50}), 3)
    assert state.target == 50 and GAME.view(state, 0)["target"] == 50


def test_view_shows_own_hand_and_counts_only() -> None:
    state = GAME.new_state(GAME.spec.resolve_options({"players": 3}), 5)
    for seat in range(3):
        view = GAME.view(state, seat)
        assert view["hand"] == [str(t) for t in state.hands[seat]]
        assert view["hand_counts"] == [len(h) for h in state.hands]
        assert view["stock"] == len(state.stock)
        text = str(view)
        for other in range(3):
            if other != seat:
                assert not any(f"'{t}'" in text for t in state.hands[other])
        assert not any(f"'{t}'" in text for t in state.stock)


def test_determinize_depends_only_on_the_seats_knowledge() -> None:
    state = GAME.new_state(GAME.spec.resolve_options({"players": 3}), 8)
    unknown = [*state.hands[1], *state.hands[2], *state.stock]
    random.Random(4).shuffle(unknown)
    h1, h2 = len(state.hands[1]), len(state.hands[2])
    other = state._replace(hands=(state.hands[0], sort_tiles(unknown[:h1]), sort_tiles(unknown[h1:h1 + h2])),
                           stock=tuple(unknown[h1 + h2:]))
    assert other != state
    a = GAME.determinize(state, 0, random.Random(9))
    b = GAME.determinize(other, 0, random.Random(9))
    assert a == b and a.hands[0] == state.hands[0]
    assert GAME.pieces(a) == GAME.pieces(state)


def test_labels_never_name_a_drawn_tile() -> None:
    state = position(GAME, ["0-1", "0-0"], Layout.tree(T("5-5")), stock="3-5")
    assert GAME.move_label(state, "draw") == "draws a tile"
    assert GAME.move_label(state, "pass") == "passes"
    assert GAME.move_label(state, "play:1-5:e0") == "plays 1-5 on the 5-5"


def test_a_forced_draw_tells_the_table_what_the_seat_lacks() -> None:
    # seat 1 cannot match the 5s: it draws, and from then on no deal gives it a 5
    layout = Layout.tree(T("5-5"))
    state = position(GAME, ["5-1 2-2", "0-1 2-3", "0-0 1-1"], layout, stock="3-4 0-5 6-6 1-2 0-2", turn=1)
    state = GAME.apply(state, "draw")  # 3-4: no
    state = GAME.apply(state, "draw")  # 0-5: plays it
    state = GAME.apply(state, "play:0-5:e0")
    assert state.voids[1] == ((5, "match"),)
    for k in range(30):
        det = GAME.determinize(state, 2, random.Random(k))
        assert not any(t.has(5) for t in det.hands[1])
        assert GAME.pieces(det) == GAME.pieces(state)


def test_voids_are_reset_each_round_and_dropped_when_matador_draws_by_choice() -> None:
    state = GAME.new_state(GAME.spec.resolve_options({}), 1)
    assert state.voids == ((), ())
    matador = get_game("matador")
    line = Layout.line(T("9-9"), crosswise_doubles=False)
    state = position(matador, ["4-6 2-3", "0-2", "0-3"], line, stock="0-5 8-9",
                     voids=(((9, "match"),), (), ()))
    state = matador.apply(state, "draw")  # by choice: it held a matador
    assert state.voids[0] == ()


def test_a_game_that_overrides_fits_is_never_served_by_the_matching_fast_path() -> None:
    class NoBlanks(type(GAME)):  # type: ignore[misc]
        """The draw game, where a tile with a blank half fits nowhere."""

        def fits(self, tile: Tile, value: int, need: str) -> tuple[int, ...]:
            return () if 0 in (tile.a, tile.b) else super().fits(tile, value, need)

    game = NoBlanks()
    state = position(game, ["0-5 5-6", "1-1"], Layout.tree(T("5-5")), stock="2-2")
    assert game.legal_moves(state) == ["play:5-6:e0"]
    blank_only = position(game, ["0-5", "1-1"], Layout.tree(T("5-5")), stock="2-2")
    assert not game.can_play(blank_only, 0) and game.legal_moves(blank_only) == ["draw"]
    assert GAME.legal_moves(blank_only) == ["play:0-5:e0"]
