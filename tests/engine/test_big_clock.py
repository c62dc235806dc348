"""The Big Clock: every ruling on scripted positions and fixed seeds, and the advisor."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import engine.solvers.big_clock as big_clock_solver
from engine import api
from engine.games import get_game
from engine.games.big_clock import HAND, BigClockState, slot_order
from engine.players import AdvisorPlayer, RandomPlayer
from engine.protocol import Game, GameOver, IllegalMove
from engine.rng import deal_rng
from engine.solvers.big_clock import choose, hint, knowledge
from engine.tiles import Tile, domino_set
from tests.engine.helpers import tokens
from tests.typed import known

T = Tile.parse
GAME: Game[BigClockState] = get_game("big-clock")
apply = GAME.apply


def deal(size: int, seed: int) -> BigClockState:
    return GAME.new_state({"set": f"double-{size}"}, seed)


def position(
    piles: dict[int, list[str]],
    stock: list[str] = (),  # type: ignore[assignment]
    size: int = 6,
    drawn: str | None = None,
    stuck: bool = False,
) -> BigClockState:
    """A scripted position: piles bottom -> top by slot, the stock top first."""
    layout: list[tuple[Tile, ...]] = [()] * size
    for slot, tiles in piles.items():
        layout[slot - 1] = tuple(T(t) for t in tiles)
    state = BigClockState(
        size, tuple(layout), tuple(T(t) for t in stock), T(drawn) if drawn else None, stuck
    )
    return replace(state, seen=frozenset({state.position}))


def tops(state: BigClockState) -> dict[int, str | None]:
    return {k: str(p[-1]) if p else None for k, p in enumerate(state.piles, 1)}


# --- the deal -----------------------------------------------------------------------------


@pytest.mark.parametrize("size,order", [(12, [12, *range(1, 12)]), (9, list(range(1, 10))), (6, list(range(1, 7)))])
def test_deal_one_tile_per_slot_in_slot_order_the_rest_is_the_stock(size: int, order: list[int]) -> None:
    state = deal(size, 17)
    tiles = [t for t in domino_set(size) if t != HAND]
    deal_rng(17).shuffle(tiles)
    assert list(slot_order(size)) == order
    for i, slot in enumerate(order):
        assert state.pile(slot) == (tiles[i],)
    assert state.stock == tuple(tiles[size:])
    assert HAND not in state.stock and all(HAND not in p for p in state.piles)
    assert len(state.stock) + size == len(domino_set(size)) - 1


def test_options_and_same_seed_same_deal() -> None:
    assert GAME.spec.resolve_options({}) == {"set": "double-12"}
    for choice in ("double-12", "double-9", "double-6"):
        options = GAME.spec.resolve_options({"set": choice})
        assert GAME.new_state(options, 3) == GAME.new_state(options, 3)
        assert GAME.new_state(options, 3) != GAME.new_state(options, 4)
    state = GAME.new_state({"set": "double-9"}, 3)
    assert state.size == 9 and len(state.piles) == 9


def test_view_shows_the_clock_in_clockwise_order_with_the_hand() -> None:
    state = deal(12, 8)
    view = GAME.view(state, 0)
    board = view["board"]
    assert [s["slot"] for s in board["slots"]] == [12, *range(1, 12)]
    assert board["clock_hand"] == "0-0" and view["hand"] == ["0-0"]
    assert board["stock"] == view["stock"] == 78
    assert board["slots"][0]["pile"] == [str(state.pile(12)[0])]
    assert board["drawn"] is None and board["set_aside"] == [] and board["pending"] is None
    assert not (tokens(view) & GAME.hidden_from(state, 0))
    json.dumps(view)


# --- drawing and placing ------------------------------------------------------------------


def test_drawn_tile_goes_on_a_pile_sharing_a_number_and_the_player_chooses() -> None:
    piles = {1: ["1-3"], 2: ["2-5"], 3: ["3-4"], 4: ["0-4"], 5: ["1-5"], 6: ["0-6"]}
    state = apply(position(piles, ["3-5", "2-6"]), "draw")
    assert state.drawn == T("3-5") and state.stock == (T("2-6"),)
    assert GAME.legal_moves(state) == ["place:slot1", "place:slot2", "place:slot3", "place:slot5"]
    placed = apply(state, "place:slot2")
    assert placed.pile(2) == (T("2-5"), T("3-5")) and placed.drawn is None
    assert GAME.legal_moves(placed) == ["draw"]
    with pytest.raises(IllegalMove):
        apply(state, "place:slot4")  # 0-4 shares no number with 3-5
    with pytest.raises(IllegalMove):
        apply(state, "draw")  # the drawn tile must be placed first


def test_a_non_double_that_fits_nowhere_is_set_aside_automatically() -> None:
    piles = {1: ["1-3"], 2: ["3-4"], 3: ["0-3"], 4: ["1-4"], 5: ["0-5"], 6: ["1-5"]}
    state = apply(position(piles, ["2-6", "0-1"]), "draw")
    assert state.set_aside == (T("2-6"),) and state.drawn is None
    assert GAME.legal_moves(state) == ["draw"]
    assert GAME.view(state, 0)["board"]["set_aside"] == ["2-6"]


def test_never_place_on_a_double_home_or_not() -> None:
    piles = {1: ["1-1"], 2: ["3-3"], 3: ["2-5"], 4: ["0-4"], 5: ["0-5"], 6: ["0-6"]}
    state = apply(position(piles, ["1-3", "1-2"]), "draw")
    assert state.drawn is None and state.set_aside == (T("1-3"),)  # 1-1 and 3-3 are no targets


def test_a_double_on_its_own_slot_is_home_and_that_pile_never_changes() -> None:
    piles = {1: ["1-3"], 2: ["2-5"], 3: ["3-6"], 4: ["2-4"], 5: ["0-5"], 6: ["5-5", "0-6"]}
    state = apply(position(piles, ["4-4", "2-6"]), "draw")
    assert GAME.legal_moves(state) == ["place:slot4"]
    home = apply(state, "place:slot4")
    assert home.home(4) and home.homes == 1
    assert GAME.view(home, 0)["board"]["slots"][3]["home"] is True
    # a double in trouble elsewhere allows shifts, but never from or onto the home pile
    trouble = position({**piles, 4: ["2-4", "4-4"], 5: ["0-5", "3-3"]}, ["2-6"])
    moves = GAME.legal_moves(trouble)
    assert moves and not any("slot4" in m for m in moves)


def test_a_drawn_double_on_a_wrong_slot_is_in_trouble() -> None:
    piles = {1: ["1-3"], 2: ["2-5"], 3: ["3-6"], 4: ["1-4"], 5: ["0-5"], 6: ["0-6"]}
    state = apply(position(piles, ["6-6", "2-4"]), "draw")
    assert GAME.legal_moves(state) == ["place:slot3", "place:slot6"]
    wrong = apply(state, "place:slot3")
    assert wrong.trouble == (T("6-6"),)
    assert GAME.view(wrong, 0)["board"]["troubled"] == ["6-6"]
    assert "shift:slot3>slot6" in GAME.legal_moves(wrong)  # 6-6 onto 0-6 at its own slot
    assert apply(wrong, "shift:slot3>slot6").home(6)


# --- doubles in trouble and shifts --------------------------------------------------------


def test_no_shift_without_a_double_in_trouble() -> None:
    piles = {1: ["1-3"], 2: ["2-5"], 3: ["3-6"], 4: ["1-4"], 5: ["0-5"], 6: ["0-6"]}
    assert GAME.legal_moves(position(piles, ["2-4"])) == ["draw"]
    with pytest.raises(IllegalMove):
        apply(position(piles, ["2-4"]), "shift:slot1>slot3")


def test_shift_moves_while_a_double_is_in_trouble() -> None:
    # 2-2 lies on slot 5 (a wrong slot): any unfinished pile's top may move onto a pile whose
    # top shares a number and is not a double.
    piles = {1: ["1-3"], 2: ["0-4"], 3: ["3-6"], 4: ["4-4"], 5: ["0-5", "2-2"], 6: ["1-6"]}
    state = position(piles, ["2-4"])
    moves = GAME.legal_moves(state)
    assert moves == sorted(
        ["draw", "shift:slot1>slot3", "shift:slot1>slot6", "shift:slot3>slot1", "shift:slot3>slot6",
         "shift:slot6>slot1", "shift:slot6>slot3"]
    )
    after = apply(state, "shift:slot6>slot3")
    assert after.pile(3) == (T("3-6"), T("1-6"))
    assert after.pile(6) == (T("2-4"),)  # emptied slot 6 refilled from the stock at once
    assert after.stock == ()


def test_a_drawn_double_that_fits_nowhere_allows_shifts_until_it_fits() -> None:
    piles = {1: ["1-3"], 2: ["0-2"], 3: ["0-3"], 4: ["1-4"], 5: ["2-5", "2-3"], 6: ["0-6"]}
    state = apply(position(piles, ["5-5", "1-2"]), "draw")
    assert state.drawn == T("5-5") and state.stuck
    assert GAME.view(state, 0)["board"]["drawn_stuck"] is True
    moves = GAME.legal_moves(state)
    assert "draw" not in moves and not any(m.startswith("place") for m in moves)
    assert "shift:slot5>slot1" in moves  # 2-3 onto 1-3 uncovers 2-5 at slot 5
    shifted = apply(state, "shift:slot5>slot1")
    assert "place:slot5" in GAME.legal_moves(shifted)
    home = apply(shifted, "place:slot5")
    assert home.home(5) and home.drawn is None and not home.stuck


def test_lost_when_a_drawn_double_cannot_be_placed_and_no_shift_is_left() -> None:
    # 1-3 can never leave slot 5 and no 5 is anywhere: the shifts among slots 4 and 6 are no use
    piles = {1: ["1-1"], 2: ["2-2"], 3: ["3-3"], 4: ["0-4", "0-2"], 5: ["1-3"], 6: ["0-6", "2-6"]}
    state = apply(position(piles, ["5-5"]), "draw")
    assert state.stuck
    shifts = GAME.legal_moves(state)
    assert shifts and all(m.startswith("shift") for m in shifts)
    # play every shift sequence out: none frees a place for 5-5, so the game ends lost
    seen = [state]
    while seen:
        s = seen.pop()
        if GAME.to_move(s) is None:
            outcome = GAME.outcome(s)
            assert outcome is not None and outcome.winners == ()
            assert "5-5 cannot be placed" in outcome.reason
            continue
        assert not any(m.startswith("place") for m in GAME.legal_moves(s))
        seen.extend(apply(s, m) for m in GAME.legal_moves(s))


def test_an_emptied_slot_waits_for_its_double_when_it_is_at_hand() -> None:
    piles = {1: ["1-3"], 2: ["2-4"], 3: ["3-6"], 4: ["0-4"], 5: ["0-5", "2-2"], 6: ["1-6"]}
    state = apply(position(piles, ["3-4", "0-1"]), "shift:slot2>slot4")
    assert state.pending == 2 and not state.pile(2)
    assert GAME.legal_moves(state) == ["refill:slot2", "shift:slot5>slot2"]
    assert GAME.view(state, 0)["board"]["pending"] == 2
    home = apply(state, "shift:slot5>slot2")
    assert home.home(2) and home.pending == 0 and home.pile(5) == (T("0-5"),)
    refilled = apply(state, "refill:slot2")
    assert refilled.pile(2) == (T("3-4"),) and refilled.stock == (T("0-1"),) and refilled.pending == 0


def test_an_emptied_slot_without_its_double_at_hand_is_refilled_at_once() -> None:
    piles = {1: ["1-3"], 2: ["0-2"], 3: ["3-6"], 4: ["0-4"], 5: ["0-5", "2-2"], 6: ["1-6"]}
    state = apply(position(piles, ["2-3", "0-1"]), "shift:slot3>slot6")
    assert state.pending == 0 and state.pile(3) == (T("2-3"),) and state.stock == (T("0-1"),)


def test_with_the_stock_used_up_an_emptied_slot_stays_empty_for_its_double() -> None:
    piles = {1: ["1-3"], 2: ["0-2"], 3: ["3-6"], 4: ["0-4"], 5: ["0-5", "3-3"], 6: ["1-6"]}
    state = apply(position(piles, []), "shift:slot3>slot6")
    assert not state.pile(3) and state.pending == 0
    moves = GAME.legal_moves(state)
    assert "shift:slot5>slot3" in moves  # only 3-3 may go into empty slot 3
    assert not any(m.endswith(">slot3") and m != "shift:slot5>slot3" for m in moves)
    assert apply(state, "shift:slot5>slot3").home(3)


def test_a_shift_may_not_recreate_a_position_seen_since_the_last_draw() -> None:
    piles = {1: ["1-2", "1-3"], 2: ["0-2"], 3: ["0-3", "3-4"], 4: ["0-4"], 5: ["0-5", "6-6"], 6: ["0-6"]}
    state = position(piles, ["2-5"])
    there = apply(state, "shift:slot1>slot3")  # 1-3 onto 3-4
    assert "shift:slot3>slot1" not in GAME.legal_moves(there)  # back would repeat the start
    with pytest.raises(IllegalMove):
        apply(there, "shift:slot3>slot1")
    drawn = apply(apply(there, "draw"), "place:slot2")  # 2-5 onto 0-2 ... a new tile in play
    assert state.position not in drawn.seen and len(drawn.seen) == 2


def test_lost_when_the_stock_is_used_up_with_a_double_not_home_and_no_shift() -> None:
    piles = {1: ["1-1"], 2: ["2-2"], 3: ["0-3", "4-4"], 4: ["0-1"], 5: ["5-5"], 6: ["6-6"]}
    state = position(piles, [])
    assert GAME.to_move(state) is None and GAME.legal_moves(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and "stock is used up" in outcome.reason
    assert outcome.scores == (2,)


def test_won_when_every_double_is_home() -> None:
    piles = {1: ["1-1"], 2: ["2-2"], 3: ["0-3", "3-3"], 4: ["0-4"], 5: ["5-5"], 6: ["6-6"]}
    state = apply(apply(position({**piles, 4: ["1-4"]}, ["4-4", "2-3"]), "draw"), "place:slot4")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert GAME.to_move(state) is None
    with pytest.raises(GameOver):
        apply(state, "draw")


def test_resign_is_accepted_but_not_listed() -> None:
    state = deal(6, 2)
    assert "resign" not in GAME.legal_moves(state)
    GAME.check_move(state, "resign")
    over = GAME.apply(state, "resign")
    assert GAME.to_move(over) is None and known(GAME.outcome(over)).winners == ()
    assert "resigned" in known(GAME.outcome(over)).reason
    with pytest.raises(GameOver):
        GAME.check_move(over, "resign")


def test_malformed_moves_are_refused() -> None:
    state = position({1: ["1-3"], 2: ["2-5"], 3: ["3-4"], 4: ["0-4"], 5: ["1-5"], 6: ["0-6"]}, ["3-5"])
    for bad in ["place:slot1", "place:slot01", "shift:slot1>slot1", "refill:slot1", "draw:", "place:slot9", 7]:
        with pytest.raises(IllegalMove):
            apply(state, bad)  # type: ignore[arg-type]


def test_every_seeded_game_ends_and_conserves_tiles() -> None:
    for size in (6, 9):
        for seed in range(6):
            state = deal(size, seed)
            pieces = GAME.pieces(state)
            rng = random.Random(seed)
            steps = 0
            while GAME.to_move(state) is not None:
                state = apply(state, rng.choice(GAME.legal_moves(state)))
                steps += 1
                assert GAME.pieces(state) == pieces
            assert GAME.outcome(state) is not None and steps < 20_000


# --- hidden information -------------------------------------------------------------------


def test_the_stock_is_hidden_and_determinize_reshuffles_only_it() -> None:
    state = apply(deal(12, 5), "draw")
    hidden = GAME.hidden_from(state, 0)
    assert hidden == {str(t) for t in state.stock}
    assert not (tokens(GAME.view(state, 0)) & hidden)
    det = GAME.determinize(state, 0, random.Random(1))
    assert det != state and sorted(det.stock) == sorted(state.stock)
    assert det.piles == state.piles and GAME.view(det, 0) == GAME.view(state, 0)
    # a pure function of what the seat knows: the real stock order changes nothing
    assert GAME.determinize(det, 0, random.Random(7)) == GAME.determinize(state, 0, random.Random(7))


# --- the advisor --------------------------------------------------------------------------


def test_advisor_plays_the_sheets_example_on_the_4_6_at_ten() -> None:
    """The sheet: 6-10 could go on 3-10, 6-1 or 4-6; best on the 4-6 at 10 o'clock."""
    piles = {
        12: ["3-12"], 1: ["1-6"], 2: ["2-9"], 3: ["3-10"], 4: ["4-11"], 5: ["5-8"],
        6: ["2-3"], 7: ["7-12"], 8: ["8-9"], 9: ["9-11"], 10: ["4-6"], 11: ["11-12"],
    }
    state = apply(position(piles, ["6-10", "0-1"], size=12), "draw")
    assert GAME.legal_moves(state) == ["place:slot1", "place:slot10", "place:slot3"]
    assert known(hint(state, random.Random(0))).move == "place:slot10"


def test_advisor_sends_a_drawn_double_home() -> None:
    piles = {1: ["1-3"], 2: ["2-5"], 3: ["3-6"], 4: ["1-4"], 5: ["0-5"], 6: ["0-6"]}
    state = apply(position(piles, ["3-3", "2-4"]), "draw")
    assert GAME.legal_moves(state) == ["place:slot1", "place:slot3"]
    assert known(hint(state, random.Random(0))).move == "place:slot3"


def test_advisor_brings_a_double_in_trouble_home_in_two_shifts() -> None:
    # 4-4 lies on slot 2; slot 4 shows 0-1. Shift 1-4 (slot 1) onto 0-1, then 4-4 onto it.
    piles = {1: ["1-6", "1-4"], 2: ["0-2", "4-4"], 3: ["3-5"], 4: ["0-1"], 5: ["0-5"], 6: ["3-6"]}
    state = position(piles, ["2-3", "2-6"])
    first = known(hint(state, random.Random(0))).move
    assert first == "shift:slot1>slot4"
    state = apply(state, first)
    assert known(hint(state, random.Random(0))).move == "shift:slot2>slot4"
    assert apply(state, "shift:slot2>slot4").home(4)


def test_advisor_takes_a_pending_double_home_and_draws_when_nothing_helps() -> None:
    piles = {1: ["1-3"], 2: ["2-4"], 3: ["3-6"], 4: ["0-4"], 5: ["0-5", "2-2"], 6: ["1-6"]}
    state = apply(position(piles, ["3-4", "0-1"]), "shift:slot2>slot4")
    assert known(hint(state, random.Random(0))).move == "shift:slot5>slot2"
    calm = position({1: ["1-3"], 2: ["2-5"], 3: ["3-6"], 4: ["1-4"], 5: ["0-5"], 6: ["0-6"]}, ["2-4"])
    assert known(hint(calm, random.Random(0))).move == "draw"


def test_advisor_ignores_the_stock_order() -> None:
    for seed in range(2):
        state = deal(9, seed)
        rng = random.Random(seed)
        for _ in range(40):
            if GAME.to_move(state) is None:
                break
            move = known(hint(state, random.Random(0))).move
            for k in range(2):
                det = GAME.determinize(state, 0, random.Random(k))
                assert known(hint(det, random.Random(0))).move == move
            assert knowledge(state) == knowledge(GAME.determinize(state, 0, random.Random(9)))
            state = apply(state, rng.choice(GAME.legal_moves(state)))


def test_advisor_moves_are_always_legal_and_it_beats_random_play() -> None:
    advisor = randomly = 0
    for seed in range(60):
        for policy in (AdvisorPlayer(), RandomPlayer()):
            state = deal(6, seed)
            rng = random.Random(seed)
            while GAME.to_move(state) is not None:
                move = policy.choose(GAME, GAME.determinize(state, 0, rng), 0, rng)
                assert move in GAME.legal_moves(state)
                state = apply(state, move)
            won = known(GAME.outcome(state)).winners == (0,)
            if isinstance(policy, AdvisorPlayer):
                advisor += won
            else:
                randomly += won
    assert advisor >= randomly + 8, (advisor, randomly)


def test_choose_explains_itself() -> None:
    state = apply(deal(12, 1), "draw")
    while len(GAME.legal_moves(state)) < 2:
        state = apply(state, GAME.legal_moves(state)[0])
    move, reason, _ = choose(state)
    assert move in GAME.legal_moves(state) and reason


# --- through the JSON API -----------------------------------------------------------------


def test_api_plays_big_clock_with_hint_and_resign() -> None:
    seed = next(s for s in range(100) if GAME.legal_moves(deal(6, s)) == ["draw"])
    new = json.loads(api.handle(json.dumps({"op": "new", "game": "big-clock", "options": {"set": "double-6"},
                                            "seed": seed, "seats": ["human"]})))
    assert new["ok"], new
    sid = new["session"]
    assert [m["id"] for m in new["view"]["legal"]] == ["draw"]
    answer = json.loads(api.handle(json.dumps({"op": "hint", "session": sid})))
    assert answer["ok"] and answer["move"] == "draw"
    played = json.loads(api.handle(json.dumps({"op": "play", "session": sid, "move": "draw"})))
    assert played["ok"] and played["view"]["board"]["stock"] == 20
    resigned = json.loads(api.handle(json.dumps({"op": "play", "session": sid, "move": "resign"})))
    assert resigned["ok"] and resigned["view"]["outcome"]["winners"] == []


def test_the_shared_caches_keep_the_advisors_choices() -> None:
    """Searches share scored positions per stock content, and plans per position (speed-ups for
    the review's play-outs): the choices along whole games are those of searches that start with
    every cache empty, and a plan remembered from another order of the stock is the same."""
    game = get_game("big-clock")
    for seed in range(3):
        state = game.new_state({"set": "double-6"}, seed)
        while game.to_move(state) is not None:
            warm = choose(state)
            big_clock_solver._evaluators.clear()
            big_clock_solver._plans.clear()
            assert choose(state) == warm
            reshuffled = game.determinize(state, 0, random.Random(seed))
            assert choose(reshuffled) == warm  # remembered under the same key
            big_clock_solver._plans.clear()
            assert choose(reshuffled) == warm  # and searched again
            state = game.apply(state, warm[0])


@pytest.mark.parametrize("size", [6, 9, 12])
def test_a_move_keeps_pile_keys_and_position_equal_to_those_made_from_its_piles(size: int) -> None:
    """apply() hands the new state the keys of its piles and its position, made from the old
    ones: they must equal what the state would make from its own piles; and the same moves
    played again from the same deal give an equal state that hashes the same."""
    for seed in range(8):
        state, rng, played = deal(size, seed), random.Random(seed), []
        while moves := GAME.legal_moves(state):
            played.append(rng.choice(moves))
            state = apply(state, played[-1])
            fresh = BigClockState(**{name: getattr(state, name) for name in state.__dataclass_fields__})
            assert state.pile_keys == fresh.pile_keys and state.position == fresh.position
        again = deal(size, seed)
        for move in played:
            again = apply(again, move)
        assert again == state and hash(again) == hash(state)


@pytest.mark.parametrize("size", [6, 9])
def test_the_playouts_play_a_whole_plan_before_anything_shows(size: int) -> None:
    """The review's play-out policy plays the PLAYOUT planner's whole plan in one go: legal move
    after legal move, the first the planner's choice, no stock tile shown before the last move;
    and the same plan from every order of the stock (it never reads the hidden order)."""
    advisor = big_clock_solver.BigClockAdvisor()
    longest = 0
    for seed in range(4):
        state = deal(size, seed)
        while GAME.to_move(state) is not None:
            moves = advisor.playout_moves(state)
            assert moves[0] == choose(state, big_clock_solver.PLAYOUT)[0]
            reshuffled = GAME.determinize(state, 0, random.Random(seed))
            big_clock_solver._plans.clear()
            assert advisor.playout_moves(reshuffled) == moves
            for i, move in enumerate(moves):
                after = apply(state, move)  # (raises on an illegal move)
                assert i == len(moves) - 1 or len(after.stock) == len(state.stock), (moves, i)
                state = after
            longest = max(longest, len(moves))
    assert longest >= 3  # plans of several moves were played whole
