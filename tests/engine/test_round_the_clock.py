"""Round The Clock: the 6-6 spinner, the phases, drawing while more than 2 remain, scoring."""

from __future__ import annotations

from engine.games.round_the_clock import phase_of
from engine.games.table import sort_tiles
from engine.layout import Layout
from engine.rng import deal_rng
from engine.tiles import Tile, domino_set
from tests.engine.helpers import table_game
from tests.engine.test_draw import position
from tests.typed import known

T = Tile.parse
GAME = table_game("round-the-clock")
SPIN = GAME.start_layout(T("6-6"))


def spinner(*plays: tuple[str, str, int]) -> Layout:
    layout = SPIN
    for arm, tile, near in plays:
        layout = GAME.place(layout, arm, T(tile), near)
    return layout


def test_hand_sizes() -> None:
    for players, size in [(2, 7), (3, 6), (4, 5), (5, 5)]:
        state = GAME.new_state(GAME.spec.resolve_options({"players": players}), 3)
        total = sum(len(h) for h in state.hands) + len(state.stock) + 1
        assert total == 28
        if not state.info.lead_draws:
            assert sorted(len(h) for h in state.hands) == [size - 1] + [size] * (players - 1)


def test_target_choices() -> None:
    target = next(o for o in GAME.spec.options if o.key == "target")
    assert target.choices == (50, 100, 150, 200, 250) and target.default == 100


def test_the_holder_of_six_six_sets_it() -> None:
    opts = GAME.spec.resolve_options({"players": 4})
    for seed in range(30):
        state = GAME.new_state(opts, seed)
        assert state.layout.tiles[0].tile == T("6-6")
        assert state.turn == (state.info.leader + 1) % 4


def test_nobody_holds_six_six_so_players_draw_for_it_from_seat_zero() -> None:
    opts = GAME.spec.resolve_options({"players": 3})
    seed = next(s for s in range(200) if GAME.new_state(opts, s).info.lead_draws)
    state = GAME.new_state(opts, seed)
    deck = list(domino_set(6))
    deal_rng(seed).shuffle(deck)
    boneyard = deck[18:]
    k = boneyard.index(T("6-6"))
    draws = [0, 0, 0]
    for i in range(k + 1):
        draws[i % 3] += 1
    assert state.info.lead_draws == tuple(draws)
    assert state.info.leader == k % 3
    assert state.stock == tuple(boneyard[k + 1:])
    for s in range(3):
        drawn = [boneyard[i] for i in range(k + 1) if i % 3 == s and boneyard[i] != T("6-6")]
        assert state.hands[s] == sort_tiles(deck[6 * s: 6 * s + 6] + drawn)
    assert GAME.view(state, 0)["round"]["lead_draws"] == list(draws)


def test_tile_phase_then_double_phase() -> None:
    layout = spinner(("arm0", "1-6", 6), ("arm1", "2-6", 6), ("arm2", "3-6", 6))
    state = position(GAME, ["4-6 1-1 0-6", "0-0"], layout, top=6, stock="2-3 3-4 1-3")
    assert GAME.view(state, 0)["phase"] == {"name": "tile", "text": "tile phase: one matching tile per arm"}
    assert GAME.legal_moves(state) == ["play:0-6:arm3", "play:4-6:arm3"]  # 1-1 not yet
    state = GAME.apply(state, "play:4-6:arm3")._replace(turn=0)
    assert phase_of(state.layout) == "double"
    assert GAME.view(state, 0)["phase"] == {"name": "double",
                                            "text": "double phase: each arm takes its double"}
    assert GAME.legal_moves(state) == ["play:1-1:arm0"]  # only doubles now; 0-6 must wait
    state = GAME.apply(state, "play:1-1:arm0")._replace(turn=0)
    assert GAME.legal_moves(state) == ["draw"]  # 0-6 fits no arm in the double phase


def test_draw_only_while_more_than_two_remain_then_play_it_or_pass() -> None:
    layout = spinner(("arm0", "1-6", 6), ("arm1", "2-6", 6), ("arm2", "3-6", 6), ("arm3", "4-6", 6))
    state = position(GAME, ["0-5 0-1", "5-5"], layout, stock="0-2 2-2 0-3 0-4", top=6)
    assert GAME.legal_moves(state) == ["draw"]
    state = GAME.apply(state, "draw")  # 0-2 does not fit: pass
    assert GAME.legal_moves(state) == ["pass"]
    state = GAME.apply(state, "pass")
    assert state.turn == 1 and GAME.legal_moves(state) == ["draw"]
    state = GAME.apply(state, "draw")  # 2-2 fits arm1: he may play only it
    assert GAME.legal_moves(state) == ["play:2-2:arm1"]
    state = GAME.apply(state, "play:2-2:arm1")
    assert len(state.stock) == 2 and state.between  # nobody can play or draw: blocked
    state = position(GAME, ["0-5 0-1", "1-1"], layout, stock="0-2 0-3", top=6)
    assert GAME.legal_moves(state) == ["pass"]  # 2 left: no drawing


def test_a_player_who_can_play_may_not_draw() -> None:
    state = position(GAME, ["0-6 3-4", "5-5"], SPIN, stock="0-1 0-2 0-3 0-4", top=6)
    assert GAME.legal_moves(state) == ["play:0-6:arm0", "play:0-6:arm1", "play:0-6:arm2", "play:0-6:arm3"]


def test_going_out_scores_the_pips_of_all_other_hands() -> None:
    state = position(GAME, ["0-6", "5-5", "1-2 0-4"], SPIN, top=6)
    state = GAME.apply(state, "play:0-6:arm0")
    assert known(state.last).points == (17, 0, 0) and known(state.last).arithmetic == "10 + 7 = 17"


def test_blocked_round_lowest_hand_scores_all_others_and_ties_score_nothing() -> None:
    layout = spinner(("arm0", "1-6", 6), ("arm1", "2-6", 6), ("arm2", "3-6", 6), ("arm3", "4-6", 6))
    state = position(GAME, ["0-5", "5-5", "0-2 0-4"], layout, stock="0-0 0-1", top=6, turn=2)
    state = GAME.apply(state, "pass")  # stock of 2: no drawing; nobody has 1-1, 2-2, 3-3 or 4-4
    assert known(state.last).reason == "blocked" and known(state.last).winner == 0
    assert known(state.last).points == (16, 0, 0) and known(state.last).arithmetic == "10 + 6 = 16"
    state = position(GAME, ["0-5", "1-4", "0-2 5-5"], layout, stock="0-0 0-1", top=6, turn=2)
    state = GAME.apply(state, "pass")
    assert known(state.last).winner is None and known(state.last).points == (0, 0, 0)


def test_label_names_the_arm() -> None:
    state = position(GAME, ["0-6", "5-5"], SPIN, top=6)
    assert GAME.move_label(state, "play:0-6:arm2") == "plays 0-6 on arm 3 (south)"
