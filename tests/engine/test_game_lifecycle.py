"""What solitaire players expect of a game's life: winnable-only deals, resign for
every game, games marked assisted, and "Finish" when nothing is left to decide."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import session_core as session_module
from engine.forced import finish_line
from engine.games import all_games, get_game
from engine.protocol import Outcome
from engine.session import Session
from engine.solvers import deal_prover
from engine.solvers.luzon import solve
from tests.engine.helpers import call
from tests.typed import known

# ---- winnable-only deals -------------------------------------------------------------------

def test_catalog_says_which_games_offer_winnable_deals_as_their_advisors_do() -> None:
    offers = {g["id"]: g["winnable_deals"] for g in call(op="catalog")["games"]}
    assert offers == {g.spec.id: deal_prover(g) is not None for g in all_games()}
    assert offers["luzon"] and sum(offers.values()) == 1


@pytest.mark.parametrize("variant", ["twelve", "sixes"])
def test_a_winnable_deal_is_the_first_seed_the_solver_proves_winnable(variant: str) -> None:
    for asked in (0, 17, 400, 123456):
        answer = call(op="new", game="luzon", options={"variant": variant}, seed=asked, winnable=True)
        dealt = answer["view"]["seed"]
        assert dealt >= asked and solve(dealt, variant).winnable
        assert not any(solve(s, variant).winnable for s in range(asked, dealt))
        assert answer["view"]["winnable"] is True and answer["view"]["analysis"]["winnable"] is True
        assert answer["record"]["seed"] == dealt and answer["record"]["winnable"] is True
        again = call(op="new", game="luzon", options={"variant": variant}, seed=asked, winnable=True)
        assert again["view"]["seed"] == dealt and again["view"]["board"] == answer["view"]["board"]
        # the link ?deal=N&winnable=1 asks for N itself: the same deal
        link = call(op="new", game="luzon", options={"variant": variant}, seed=dealt, winnable=True)
        assert link["view"]["board"] == answer["view"]["board"]


def test_sixes_skips_unwinnable_deals() -> None:
    unwinnable = next(s for s in range(100) if not solve(s, "sixes").winnable)
    answer = call(op="new", game="luzon", options={"variant": "sixes"}, seed=unwinnable, winnable=True)
    assert answer["view"]["seed"] > unwinnable
    plain = call(op="new", game="luzon", options={"variant": "sixes"}, seed=unwinnable)
    assert plain["view"]["seed"] == unwinnable and plain["view"]["winnable"] is False
    assert "winnable" not in plain["record"]


def test_the_search_is_bounded_with_a_typed_error(monkeypatch: pytest.MonkeyPatch) -> None:
    unwinnable = next(s for s in range(100) if not solve(s, "sixes").winnable)
    monkeypatch.setattr(session_module, "WINNABLE_SEARCH", 1)
    answer = call(op="new", game="luzon", options={"variant": "sixes"}, seed=unwinnable, winnable=True)
    assert answer["error"]["code"] == "no_winnable_deal"
    assert str(unwinnable) in answer["error"]["message"]


@pytest.mark.parametrize("request_fields,code", [
    ({"game": "clock", "winnable": True}, "bad_option"),
    ({"game": "draw", "winnable": True}, "bad_option"),
    ({"game": "luzon", "winnable": "yes"}, "bad_request"),
    ({"game": "luzon", "winnable": 1}, "bad_request"),
])
def test_winnable_is_refused_where_it_does_not_apply(request_fields: dict[str, Any], code: str) -> None:
    assert call(op="new", seed=3, **request_fields)["error"]["code"] == code


def test_a_winnable_record_reloads_and_a_false_claim_is_refused() -> None:
    answer = call(op="new", game="luzon", options={"variant": "sixes"}, seed=0, winnable=True)
    sid = answer["session"]
    first = answer["view"]["analysis"]["solution"][0]
    record = call(op="play", session=sid, move=first)["record"]
    loaded = call(op="load", record=record)
    assert loaded["ok"] and loaded["view"]["winnable"] is True and loaded["record"] == record
    unwinnable = next(s for s in range(100) if not solve(s, "sixes").winnable)
    claim = {**record, "seed": unwinnable, "moves": []}
    assert call(op="load", record=claim)["error"]["code"] == "bad_record"


# ---- resign --------------------------------------------------------------------------------

def person_seat_game(game_id: str) -> dict[str, Any]:
    """A game of `game_id` with its defaults, still running a few moves in (computers move
    in turn)."""
    for seed in range(5, 50):
        answer = call(op="new", game=game_id, seed=seed)
        sid = answer["session"]
        rng = random.Random(seed)
        for _ in range(3):
            view = answer["view"]
            if view["outcome"]:
                break
            if view["seats"][view["to_move"]] == "human":
                answer = call(op="play", session=sid, move=rng.choice(view["legal"])["id"])
            else:
                answer = call(op="ai", session=sid)
        if not answer["view"]["outcome"]:
            return answer
    raise AssertionError(f"no running {game_id} game found")


@pytest.mark.parametrize("game", [pytest.param(g, id=g.spec.id) for g in all_games()])
def test_every_game_can_be_resigned_and_it_is_lost_for_the_person(game: Any) -> None:
    sid = person_seat_game(game.spec.id)["session"]
    answer = call(op="resign", session=sid)
    assert answer["ok"], answer
    view = answer["view"]
    outcome = view["outcome"]
    assert outcome["detail"] == {"resigned": 0} and 0 not in outcome["winners"]
    assert view["to_move"] is None and view["legal"] == [] and view["extra_moves"] == []
    assert not view["can_undo"] and not view["can_redo"] and view["finish"] is None
    assert view["events"][0]["kind"] == "resign" and view["events"][0]["seat"] == 0
    assert answer["record"]["resigned"] == 0
    if len(view["seats"]) == 1:
        assert outcome["winners"] == [] and outcome["reason"] == "You resigned."
        assert view["status"] == "You resigned."  # the status line says so, not the move that was next
    else:
        scores = outcome["scores"]
        best = max(scores[1:])
        assert outcome["winners"] == [s for s in range(1, len(scores)) if scores[s] == best]
        assert outcome["reason"] == "seat 0 resigned"
    # final: nothing more is accepted, undo takes nothing back, a reload reads the same
    for op in ("resign", "hint", "ai"):
        assert call(op=op, session=sid)["error"]["code"] == "game_over"
    assert call(op="undo", session=sid)["undone"] == 0
    assert call(op="play", session=sid, move="draw")["error"]["code"] == "game_over"
    loaded = call(op="load", record=answer["record"])
    assert loaded["view"]["outcome"] == outcome and loaded["record"] == answer["record"]


def test_a_computer_seat_cannot_resign_and_a_bad_record_resign_is_refused() -> None:
    answer = call(op="new", game="draw", seed=2)
    sid = answer["session"]
    assert call(op="resign", session=sid, seat=1)["error"]["code"] == "not_your_turn"
    assert call(op="resign", session=sid, seat=7)["error"]["code"] == "bad_request"
    assert call(op="view", session=sid)["view"]["outcome"] is None
    for bad in (1, 5, "0", True):
        record = {**answer["record"], "resigned": bad}
        assert call(op="load", record=record)["error"]["code"] == "bad_record", bad


def test_resign_at_a_table_on_a_computer_turn_and_in_hot_seat() -> None:
    session = next(s for seed in range(50)
                   if not (s := Session.new("draw", {"players": 3}, seed, ["ai:easy", "human", "human"]))
                   .is_human(s.to_move()))
    session.resign(2)
    outcome = session.outcome()
    assert outcome is not None and 2 not in outcome.winners and outcome.detail == {"resigned": 2}
    assert session.record()["resigned"] == 2


def test_big_clock_s_own_resign_move_still_ends_the_game() -> None:
    sid = call(op="new", game="big-clock", seed=3)["session"]
    view = call(op="play", session=sid, move="resign")["view"]
    assert view["outcome"]["winners"] == [] and "resigned" in view["outcome"]["reason"]


# ---- assisted ------------------------------------------------------------------------------

def test_hints_undo_and_autoplay_mark_a_game_assisted_and_the_record_keeps_it() -> None:
    answer = call(op="new", game="luzon", seed=3)
    sid = answer["session"]
    assert answer["view"]["assisted"] is False and "assisted" not in answer["record"]
    move = answer["view"]["legal"][0]["id"]
    played = call(op="play", session=sid, move=move)
    assert played["view"]["assisted"] is False
    undone = call(op="undo", session=sid)
    assert undone["view"]["assisted"] is True and undone["record"]["assisted"] is True
    assert call(op="load", record=undone["record"])["view"]["assisted"] is True

    for op in ("hint", "ai"):
        sid = call(op="new", game="luzon", seed=3)["session"]
        call(op=op, session=sid, level="advisor")
        assert call(op="view", session=sid)["view"]["assisted"] is True, op


def test_an_undo_that_takes_nothing_back_and_computer_moves_do_not_assist() -> None:
    answer = call(op="new", game="draw", seed=2, seats=["ai:easy", "human"])
    sid = answer["session"]
    call(op="undo", session=sid)
    call(op="ai", session=sid)
    assert call(op="view", session=sid)["view"]["assisted"] is False


def test_a_bad_assisted_flag_is_refused() -> None:
    record = call(op="new", game="luzon", seed=3)["record"]
    assert call(op="load", record={**record, "assisted": "yes"})["error"]["code"] == "bad_record"


# ---- finish --------------------------------------------------------------------------------

def test_finish_is_offered_only_when_every_line_wins_and_plays_to_the_win() -> None:
    game = get_game("luzon")
    offered = 0
    for seed in range(40):
        state = game.new_state({"variant": "twelve"}, seed)
        rng = random.Random(seed)
        while game.to_move(state) is not None:
            line = finish_line(game, state, 0)
            if line is not None:
                offered += 1
                end = state
                for move in line:
                    end = game.apply(end, move)
                assert known(game.outcome(end)).winners == (0,)
                for _ in range(5):  # any other line wins too
                    other = state
                    while game.to_move(other) is not None:
                        other = game.apply(other, rng.choice(game.legal_moves(other)))
                    assert known(game.outcome(other)).winners == (0,)
            elif game.hidden_from(state, 0) == set():
                # not offered: some line loses, or the search ran past its bound
                assert _positions(game, state, 100) > 100 or not _all_lines_win(game, state)
            state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert offered > 0


def _all_lines_win(game: Any, state: Any) -> bool:
    outcome: Outcome | None = game.outcome(state)
    if outcome is not None:
        return outcome.winners == (0,)
    return all(_all_lines_win(game, game.apply(state, m)) for m in game.legal_moves(state))


def _positions(game: Any, state: Any, most: int) -> int:
    """How many positions can follow `state` (counting stops past `most`)."""
    seen: set[Any] = set()
    todo = [state]
    while todo and len(seen) <= most:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        if game.outcome(s) is None:
            todo.extend(game.apply(s, m) for m in game.legal_moves(s))
    return len(seen)


def test_the_view_offers_finish_near_a_win_but_never_where_tiles_are_hidden() -> None:
    answer = call(op="new", game="luzon", seed=0, winnable=True)
    sid = answer["session"]
    solution = answer["view"]["analysis"]["solution"]
    assert answer["view"]["finish"] is None
    for move in solution[:-1]:
        answer = call(op="play", session=sid, move=move)
    assert answer["view"]["finish"] == [solution[-1]]
    for game_id in ("big-clock", "clock", "draw"):
        assert call(op="new", game=game_id, seed=1)["view"]["finish"] is None


def test_the_replay_of_a_resigned_game_shows_its_moves_as_they_were_and_every_hand_at_the_end() -> None:
    answer = person_seat_game("draw")
    record = call(op="resign", session=answer["session"])["record"]
    assert record["resigned"] == 0 and record["moves"]
    first = call(op="replay", record=record, at=0)
    assert first["ok"] and first["view"]["outcome"] is None
    # the last position is the game's end: it says who resigned (the positions before it do not)
    assert call(op="replay", record=record, at=len(record["moves"]))["view"]["outcome"]["detail"] == {"resigned": 0}
    assert call(op="replay", record=record, at=len(record["moves"]) - 1)["view"]["outcome"] is None
    shown = call(op="replay", record=record, at=len(record["moves"]), reveal=True)
    assert shown["ok"], shown
    assert all(hand is not None for hand in shown["view"]["all_hands"])


def test_the_replay_says_where_the_deals_made_moves_a_table_round_s_lead_each() -> None:
    """A table round's lead is set by its deal, not by a move of the record: the replay says where
    each was set (the start, and after each move that dealt a round), so that the page counts the
    moves a player saw made on the table; a game whose deal sets nothing says none."""
    game = get_game("tiddle-a-wink")
    options = game.spec.resolve_options({})
    session = Session(game, options, 4, ["ai:easy"] * game.num_seats(options),
                      [game.new_state(options, 4)])
    rng = random.Random(4)
    while game.to_move(session.state) is not None and session.state.info.number < 3:
        session.apply_move(rng.choice(game.legal_moves(session.state)))
    record = session.record()
    dealt = [at + 1 for at, move in enumerate(record["moves"]) if move == "next-round"]
    assert len(dealt) == 2
    for at in (0, len(record["moves"])):
        assert call(op="replay", record=record, at=at)["deal_moves"] == [0, *dealt]
    luzon = call(op="record", session=call(op="new", game="luzon", seed=3)["session"])["record"]
    assert call(op="replay", record=luzon, at=0)["deal_moves"] == []


def test_assisted_is_derived_from_the_aids_a_record_keeps() -> None:
    sid = call(op="new", game="luzon", seed=3)["session"]
    hinted = call(op="hint", session=sid)
    assert hinted["record"]["assisted"] is True  # the hint's answer carries the record to save
    record = call(op="record", session=sid)["record"]
    dropped = {key: value for key, value in record.items() if key != "assisted"}
    assert call(op="load", record=dropped)["view"]["assisted"] is True  # dropping the flag clears nothing
    assert call(op="load", record={**record, "assisted": False})["view"]["assisted"] is True
    for bad in ("hint", [{"at": 0}], [{"at": -1, "kind": "hint"}], [{"at": 0, "kind": "magic"}]):
        assert call(op="load", record={**record, "aids": bad})["error"]["code"] == "bad_record", bad


def test_an_import_or_an_export_of_a_game_in_progress_makes_it_assisted() -> None:
    answer = call(op="new", game="big-clock", seed=4)
    sid, record = answer["session"], answer["record"]
    plain = call(op="load", record=record)  # a resumed game (the page's own save) stays as it was
    assert plain["view"]["assisted"] is False
    imported = call(op="load", record=record, imported=True)
    assert imported["view"]["assisted"] is True and imported["record"]["aids"] == [{"at": 0, "kind": "import"}]
    assert call(op="record", session=sid)["record"].get("assisted") is None
    exported = call(op="record", session=sid, export=True)["record"]
    assert exported["aids"] == [{"at": 0, "kind": "export"}]
    assert call(op="view", session=sid)["view"]["assisted"] is True
    over = call(op="resign", session=sid)["record"]  # over: a file of it shows nothing to come
    assert call(op="load", record={**over, "aids": None, "assisted": None}, imported=True)["view"]["assisted"] is False


def test_a_bad_record_is_explained_in_a_players_words() -> None:
    """The page shows these to the player who chose the file: no move ids, no field names."""
    draw = call(op="new", game="draw", seed=2, seats=["human", "ai:easy"])["record"]
    luzon = call(op="new", game="luzon", seed=3)["record"]
    bad = {
        "move": {**luzon, "moves": ["discard:c1+r1"]},
        "seats": {**luzon, "seats": ["human", "human"]},
        "kind": {**draw, "seats": ["human", "robot"]},
        "resigned": {**luzon, "resigned": 3},
        "game": {**luzon, "game": "chess"},
        "seed": {**luzon, "seed": -4},
        "version": {**luzon, "version": 7},
    }
    for what, record in bad.items():
        error = call(op="load", record=record)["error"]
        assert error["code"] == "bad_record", what
        message = error["message"]
        assert message[0].isupper() and message.endswith("."), message
        for engine_word in ("discard:", "seat must", "ai:LEVEL", "'human'", "needs 1 seats", "bad record", "0..0"):
            assert engine_word not in message, (what, message)
    moved = call(op="load", record={**luzon, "moves": ["discard:c1+r1"]})["error"]["message"]
    assert "Move 1 of the 1 in the record cannot be played" in moved
