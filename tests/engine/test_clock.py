"""Clock (CARDominoes): every ruling, the exchange, and the exact exchange advisor."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import pytest

from engine import api
from engine.games import get_game
from engine.games.clock import CENTRE, ClockState
from engine.protocol import Game, GameOver, IllegalMove
from engine.solvers import advisor_for
from engine.solvers.clock import exchange_chances, hint, sampled_chances
from engine.tiles import Card, card_deck
from tests.engine.helpers import tokens
from tests.typed import known

GAME: Game[ClockState] = get_game("clock")
apply = GAME.apply


def deal(exchange: bool, seed: int) -> ClockState:
    return GAME.new_state({"exchange": exchange}, seed)
C = Card.parse


def play_out(state: ClockState) -> ClockState:
    while state.phase == "turn":
        state = apply(state, "turn")
    return state


def first_stop(exchange: bool, seeds: range, want: str) -> tuple[int, ClockState]:
    """The first seed whose first round ends in phase `want`."""
    for seed in seeds:
        state = play_out(deal(exchange, seed))
        if state.phase == want:
            return seed, state
    raise AssertionError(f"no seed in {seeds} stops in {want}")


def crafted(sizes: dict[int, int], order: list[Card] | None = None) -> ClockState:
    """An exchange position: slot s holds sizes[s] face-down tiles, exactly the s-tiles not yet
    face up (as every real stop has it); everything else is face up at its slot."""
    hidden = order or [Card(s, suit) for s, c in sizes.items() for suit in "SHDC"[:c]]
    it = iter(hidden)
    down: list[tuple[Card, ...]] = [()] * CENTRE
    for s, c in sizes.items():
        down[s - 1] = tuple(next(it) for _ in range(c))
    face_down = set(hidden)
    up = tuple(tuple(c for c in card_deck() if c.rank == r and c not in face_down) for r in range(1, 14))
    return ClockState(True, tuple(down), up, CENTRE, "exchange")


# --- the deal -----------------------------------------------------------------------------


def test_deal_is_thirteen_face_down_piles_of_four() -> None:
    state = deal(True, 11)
    assert [len(p) for p in state.down] == [4] * 13
    assert sorted(c for p in state.down for c in p) == sorted(card_deck())
    assert all(not p for p in state.up)
    assert state.next_slot == CENTRE and GAME.legal_moves(state) == ["turn"]


def test_same_seed_same_deal_and_options_resolve() -> None:
    options = GAME.spec.resolve_options({})
    assert options == {"exchange": True}
    assert GAME.new_state(options, 5) == GAME.new_state(options, 5)
    assert GAME.new_state(options, 5) != GAME.new_state(options, 6)
    assert GAME.spec.resolve_options({"exchange": "off"}) == {"exchange": False}


# --- turning tiles ------------------------------------------------------------------------


def test_first_turn_takes_the_centre_top_and_play_continues_from_its_rank() -> None:
    state = deal(False, 3)
    top = state.down[CENTRE - 1][0]
    after = apply(state, "turn")
    assert after.up[top.rank - 1] == (top,)
    assert after.down[CENTRE - 1] == state.down[CENTRE - 1][1:]
    assert after.next_slot == top.rank
    assert after.last == top


def test_a_tile_turned_at_its_own_slot_stays_and_the_next_of_that_pile_turns() -> None:
    # centre: 5S first; pile 5 holds 5H on top, then 2C: after 5H stays at 5, 2C is turned.
    down: list[tuple[Card, ...]] = [()] * CENTRE
    down[CENTRE - 1] = (C("5S"),)
    down[5 - 1] = (C("5H"), C("2C"))
    down[2 - 1] = (C("KS"),)
    state = ClockState(False, tuple(down), ((),) * 13)
    state = apply(state, "turn")
    assert state.next_slot == 5 and state.up[4] == (C("5S"),)
    state = apply(state, "turn")
    assert state.up[4] == (C("5S"), C("5H")) and state.next_slot == 5
    state = apply(state, "turn")
    assert state.up[1] == (C("2C"),) and state.next_slot == 2


def test_fourth_king_with_all_face_up_wins() -> None:
    _, state = first_stop(False, range(300), "won")
    assert state.face_down == 0 and len(state.up[CENTRE - 1]) == 4
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert GAME.to_move(state) is None and GAME.legal_moves(state) == []


def test_without_exchange_an_early_fourth_king_loses() -> None:
    _, state = first_stop(False, range(50), "lost")
    assert state.face_down > 0 and len(state.up[CENTRE - 1]) == 4
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and outcome.scores == (state.face_down,)
    with pytest.raises(GameOver):
        GAME.check_move(state, "turn")


def test_win_iff_bottom_tiles_lead_to_the_centre() -> None:
    """The rules against the classic criterion: a deal wins without the exchange exactly when
    following "the rank of the bottom tile" from every dial pile reaches the kings' pile."""
    for seed in range(400):
        state = deal(False, seed)
        bottom = {s: state.down[s - 1][-1].rank for s in range(1, CENTRE)}

        def reaches_centre(s: int, bottom: dict[int, int] = bottom) -> bool:
            path = set()
            while s != CENTRE:
                if s in path:
                    return False
                path.add(s)
                s = bottom[s]
            return True

        expected = all(reaches_centre(s) for s in range(1, CENTRE))
        assert (play_out(state).phase == "won") == expected, seed


def test_every_game_ends_and_conserves_cards() -> None:
    for exchange in (True, False):
        for seed in range(30):
            state = deal(exchange, seed)
            for _ in range(200):
                if GAME.to_move(state) is None:
                    break
                state = apply(state, GAME.legal_moves(state)[-1])
                assert GAME.pieces(state) == GAME.pieces(deal(exchange, seed))
            assert GAME.to_move(state) is None


# --- the exchange -------------------------------------------------------------------------


def test_early_fourth_king_offers_every_face_down_tile_once() -> None:
    _, state = first_stop(True, range(50), "exchange")
    moves = GAME.legal_moves(state)
    expected = {f"exchange:slot{s}:{d}" for s in range(1, 14) for d in range(1, len(state.down[s - 1]) + 1)}
    assert set(moves) == expected and len(moves) == state.face_down
    assert moves == sorted(moves)
    assert "turn" not in moves


def test_exchange_swaps_the_king_in_face_down_and_plays_the_taken_tile() -> None:
    _, state = first_stop(True, range(50), "exchange")
    slot = next(s for s in range(1, 13) if len(state.down[s - 1]) >= 2)
    taken = state.down[slot - 1][1]
    king = state.up[CENTRE - 1][-1]
    after = apply(state, f"exchange:slot{slot}:2")
    assert after.down[slot - 1][1] == king
    assert len(after.up[CENTRE - 1]) == 3
    assert after.up[taken.rank - 1][-1] == taken
    assert after.next_slot == taken.rank and after.phase == "turn"
    assert after.swapped == (slot, king) and after.taken == taken
    view = GAME.view(after, 0)["board"]
    assert view["exchanged"] == {"slot": slot, "king": str(king), "depth": 2, "taken": str(taken)}
    assert view["slots"][slot - 1]["king_depth"] == 2


def test_exchange_is_once_per_game_and_a_second_early_king_loses() -> None:
    _, state = first_stop(True, range(50), "exchange")
    slot = next(s for s in range(1, 13) if len(state.down[s - 1]) >= 2)
    after = play_out(apply(state, f"exchange:slot{slot}:1"))  # a king above other tiles
    assert after.phase == "lost" and after.face_down > 0
    assert "again" in known(GAME.outcome(after)).reason
    assert GAME.legal_moves(after) == []


def test_exchange_can_win() -> None:
    for seed in range(200):
        state = play_out(deal(True, seed))
        if state.phase != "exchange":
            continue
        best = hint(state)
        assert best is not None
        end = play_out(apply(state, best.move))
        if end.phase == "won":
            assert end.face_down == 0 and known(GAME.outcome(end)).winners == (0,)
            return
    pytest.fail("no exchange won in 200 deals")


def test_exchange_moves_are_refused_while_turning_and_malformed_ones_always() -> None:
    state = deal(True, 1)
    for bad in ["exchange:slot1:1", "exchange:slot1", "exchange:slotx:1", "turn:", "Turn"]:
        with pytest.raises(IllegalMove):
            apply(state, bad)
    _, stop = first_stop(True, range(50), "exchange")
    for bad in ["turn", "exchange:slot13:1", "exchange:slot1:9", "exchange:slot01:1"]:
        with pytest.raises(IllegalMove):
            apply(stop, bad)


# --- hidden information -------------------------------------------------------------------


def test_view_hides_face_down_tiles_but_shows_the_known_king() -> None:
    _, state = first_stop(True, range(50), "exchange")
    slot = max(range(1, 13), key=lambda s: len(state.down[s - 1]))
    after = apply(state, f"exchange:slot{slot}:{len(state.down[slot - 1])}")
    hidden = GAME.hidden_from(after, 0)
    king = str(known(after.swapped)[1])
    assert king not in hidden
    assert len(hidden) == after.face_down - 1
    view = GAME.view(after, 0)
    json.dumps(view)
    assert not (tokens(view) & hidden)
    assert king in tokens(view)
    assert tokens(GAME.view(after, None)) >= hidden  # the debugging view shows everything


def test_determinize_depends_only_on_what_the_seat_knows() -> None:
    _, state = first_stop(True, range(50), "exchange")
    slot = max(range(1, 13), key=lambda s: len(state.down[s - 1]))
    state = apply(state, f"exchange:slot{slot}:{len(state.down[slot - 1])}")
    # the same view with the unknown tiles arranged differently
    other = GAME.determinize(state, 0, random.Random(99))
    assert other != state and GAME.view(other, 0) == GAME.view(state, 0)
    a = GAME.determinize(state, 0, random.Random(5))
    b = GAME.determinize(other, 0, random.Random(5))
    assert a == b
    assert a.down[slot - 1][-1] == known(state.swapped)[1]  # the known king stays put


# --- the exchange advisor -----------------------------------------------------------------


def exhaustive(state: ClockState) -> dict[str, Fraction]:
    """Each exchange's exact winning chance over every arrangement of the face-down tiles."""
    places = [(s, d) for s in range(1, 14) for d in range(len(state.down[s - 1]))]
    cards = [state.down[s - 1][d] for s, d in places]
    wins = dict.fromkeys(GAME.legal_moves(state), 0)
    total = 0
    for perm in itertools.permutations(cards):
        down = [list(p) for p in state.down]
        for (s, d), card in zip(places, perm, strict=True):
            down[s - 1][d] = card
        arranged = ClockState(True, tuple(map(tuple, down)), state.up, CENTRE, "exchange")
        total += 1
        for move in wins:
            wins[move] += play_out(apply(arranged, move)).phase == "won"
    return {m: Fraction(w, total) for m, w in wins.items()}


@pytest.mark.parametrize("sizes", [{1: 2, 2: 1, 3: 3}, {4: 1, 7: 2, 9: 1, 12: 2},
                                   {1: 1, 2: 1, 3: 1, 5: 1, 8: 1, 11: 1}])
def test_exact_chances_match_an_exhaustive_enumeration(sizes: dict[int, int]) -> None:
    state = crafted(sizes)
    exact = exhaustive(state)
    total = sum(sizes.values())
    for choice in exchange_chances(state):
        expected = Fraction(choice.pile_size, total) if choice.depth == choice.pile_size else Fraction(0)
        assert exact[choice.move] == expected, choice.move
        assert choice.chance == pytest.approx(float(expected))


SAMPLES = 500


def test_chances_match_sampling_on_a_real_deal() -> None:
    """Each choice's winning frequency over SAMPLES play-outs by the rules is within four standard
    errors of its exact chance p (sqrt(p(1-p)/SAMPLES): 0.06 at this deal's largest p, 4/30); a
    choice of chance 0 never wins."""
    _, state = first_stop(True, range(50), "exchange")
    sampled = sampled_chances(state, SAMPLES, random.Random(3))
    for choice in exchange_chances(state):
        p = choice.chance
        assert abs(sampled[choice.move] - p) <= 4 * (p * (1 - p) / SAMPLES) ** 0.5, (choice.move, p)
        if p == 0:
            assert sampled[choice.move] == 0


def test_hint_picks_the_fullest_pile_bottom_and_reports_its_chance() -> None:
    state = crafted({2: 1, 6: 3, 9: 2})
    best = hint(state)
    assert best is not None
    assert best.move == "exchange:slot6:3"
    assert best.chance == pytest.approx(0.5)
    assert "50%" in best.reason
    # the move's words name the pile ("Exchange the king with the bottom tile of 6 o'clock"): the
    # reason says why, not the move again (the page shows "Hint: <move>. <reason>")
    assert "o'clock" not in best.reason and not best.reason.startswith("Exchange"), best.reason
    ranking = exchange_chances(state)
    assert [c.move for c in ranking[:3]] == ["exchange:slot6:3", "exchange:slot9:2", "exchange:slot2:1"]
    assert [c.chance for c in ranking] == sorted((c.chance for c in ranking), reverse=True)
    assert known(advisor_for(GAME)).analysis(state)["exchange_chances"][0]["move"] == "exchange:slot6:3"


def test_ties_go_to_the_lower_slot_and_turning_has_no_decision() -> None:
    state = crafted({3: 2, 10: 2})
    assert known(hint(state)).move == "exchange:slot3:2"
    turning = deal(True, 4)
    assert known(hint(turning)).move == "turn" and known(hint(turning)).chance is None
    assert known(advisor_for(GAME)).analysis(turning) is None


def test_advisor_beats_random_exchange_choices() -> None:
    """Over the deals that need an exchange, the advisor wins clearly more than a random choice
    (whose exact chance is sum over piles of (1/n)(c/n) = 1/n), and as often as its chances say."""
    advisor = randomly = 0
    expected_advisor = expected_random = 0.0
    rng = random.Random(0)
    for seed in range(300):
        state = play_out(deal(True, seed))
        if state.phase != "exchange":
            continue
        best = known(hint(state))
        expected_advisor += known(best.chance)
        expected_random += 1 / state.face_down
        advisor += play_out(apply(state, best.move)).phase == "won"
        randomly += play_out(apply(state, rng.choice(GAME.legal_moves(state)))).phase == "won"
    assert expected_advisor > 1.2 * expected_random
    assert advisor > randomly + 10
    assert abs(advisor - expected_advisor) < 3 * expected_advisor**0.5 + 1


# --- through the JSON API -----------------------------------------------------------------


def test_api_plays_a_clock_game_with_hint_and_analysis() -> None:
    seed, _ = first_stop(True, range(50), "exchange")
    new = json.loads(api.handle(json.dumps({"op": "new", "game": "clock", "seed": seed, "seats": ["human"]})))
    assert new["ok"], new
    sid = new["session"]
    view = new["view"]
    while view["legal"] and view["legal"][0]["id"] == "turn":
        view = json.loads(api.handle(json.dumps({"op": "play", "session": sid, "move": "turn"})))["view"]
    assert view["board"]["exchange_pending"]
    assert view["analysis"]["exchange_chances"]
    answer = json.loads(api.handle(json.dumps({"op": "hint", "session": sid})))
    assert answer["ok"] and answer["move"].startswith("exchange:") and 0 < answer["chance"] <= 1
    assert answer["move"] == view["analysis"]["exchange_chances"][0]["move"]
    played = json.loads(api.handle(json.dumps({"op": "play", "session": sid, "move": answer["move"]})))
    assert played["ok"] and played["view"]["board"]["exchange_used"]
