"""The engine's side of the play screen: structured moves, the catalog's screen facts,
round history as numbers, one request per move, hints only for a person, honest undo,
player-worded refusals and texts that fit the position."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from typing import Any

import pytest

from engine.games import all_games, get_game
from engine.games.big_clock import lost_reason
from engine.games.clock import CENTRE, ClockState
from engine.games.table import Score, Term
from engine.layout import Layout
from engine.session import Session
from engine.tiles import Card, Tile
from tests.engine.helpers import call, table_game
from tests.engine.test_clock import first_stop
from tests.engine.test_draw import position
from tests.typed import known

T = Tile.parse


def strings(value: Any) -> list[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def person_plays_first(session: Session) -> str:
    """The person's first legal move (computers move through ai); returns the move."""
    move = session.game.legal_moves(session.state)[0]
    session.play(move)
    return move


def run_until(session: Session, want: Any, limit: int = 2000) -> bool:
    """Move (person: first legal move; computers: their own) until want(session) holds."""
    for _ in range(limit):
        if want(session):
            return True
        seat = session.game.to_move(session.state)
        if seat is None:
            return False
        if session.is_human(seat):
            person_plays_first(session)
        else:
            session.ai_move()
    return False


# ---- 1. structured moves --------------------------------------------------------------------


def test_table_moves_carry_you_button_and_the_end_they_go_to() -> None:
    game = get_game("draw")
    state = position(game, ["1-5 2-3", "0-0"], Layout.tree(T("5-5")), stock="4-4")
    play = game.move_fields(state, "play:1-5:e0")
    assert play == {"kind": "play", "you": "play 1-5 on the 5-5, leaving 1 open", "tile": "1-5", "from": "hand",
                    "to": "end:e0", "end": "e0", "need": "match", "needs": 5, "open": 1}
    assert game.move_label(state, "play:1-5:e0") == "plays 1-5 on the 5-5"
    assert game.move_fields(state, "draw") == {"kind": "draw", "you": "draw a tile", "button": "Draw",
                                               "from": "stock", "to": "hand"}
    assert game.move_fields(state, "pass")["button"] == "Pass"
    between = game.apply(position(game, ["1-5", "2-3"], Layout.tree(T("5-5"))), "play:1-5:e0")
    assert game.move_fields(between, "next-round") == {"kind": "next-round", "you": "deal round 2",
                                                        "button": "Deal round 2"}


def test_go_reads_right_after_a_name_and_for_you() -> None:
    game = get_game("tiddle-a-wink")
    state = game.new_state(game.spec.resolve_options({}), 1)
    assert game.move_label(state, "pass") == 'says "Go" and passes'
    fields = game.move_fields(state, "pass")
    assert fields["you"] == 'say "Go" and pass' and fields["button"] == '"Go"'
    assert "passes" not in fields["you"]


def test_matador_needs_the_number_that_makes_ten() -> None:
    game = get_game("matador")
    state = position(game, ["3-7 5-5 0-0", "1-2", "2-2"], Layout.line(T("3-4"), crosswise_doubles=False))
    fields = game.move_fields(state, "play:3-7:left:7")  # left end 3: a 7 makes ten
    assert (fields["needs"], fields["open"], fields["end"]) == (7, 7, "left")
    assert fields["you"] == "play 3-7 on the 3 of 3-4, leaving 7 open"  # the end by what it shows
    blank = position(game, ["5-5 1-2", "1-3", "2-2"], Layout.line(T("0-6"), crosswise_doubles=False))
    assert game.move_fields(blank, "play:5-5:left:5")["needs"] is None  # only a matador on a blank


def test_round_the_clock_double_phase_says_what_an_arm_needs() -> None:
    game = table_game("round-the-clock")
    layout = game.start_layout(T("6-6"))
    for arm, tile in enumerate(["1-6", "2-6", "3-6", "4-6"]):
        layout = game.place(layout, f"arm{arm}", T(tile), 6)
    state = position(game, ["1-1 0-5", "3-3"], layout, top=6)
    fields = game.move_fields(state, "play:1-1:arm0")
    assert (fields["need"], fields["needs"], fields["open"], fields["to"]) == ("double", 1, 1, "end:arm0")
    assert fields["you"] == "play 1-1 on arm 1 (north)"


def test_events_carry_the_same_fields_as_the_legal_moves() -> None:
    answer = call(op="new", game="luzon", seed=3)
    entry = answer["view"]["legal"][0]
    played = call(op="play", session=answer["session"], move=entry["id"])
    event = played["view"]["events"][0]
    assert event["id"] == event["move"] == entry["id"] and event["seat"] == 0
    assert {k: v for k, v in event.items() if k not in ("seat", "move")} == entry
    assert set(entry) >= {"id", "label", "kind", "you", "tiles", "from", "to"}


def test_big_clock_offers_resign_as_an_extra_move_with_a_button() -> None:
    view = call(op="new", game="big-clock", seed=2)["view"]
    assert [m["id"] for m in view["extra_moves"]] == ["resign"]
    assert view["extra_moves"][0]["button"] == "Resign"
    assert next(m for m in view["legal"] if m["id"] == "draw")["button"] == "Draw"


# ---- 2. the catalog -------------------------------------------------------------------------


def test_catalog_names_screen_kinds_hidden_hands_labels_and_player_limits() -> None:
    games = {g["id"]: g for g in call(op="catalog")["games"]}
    assert {gid: g["screen"] for gid, g in games.items()} == {
        "luzon": "columns", "big-clock": "dial", "clock": "card-dial", "draw": "table", "matador": "table",
        "tiddle-a-wink": "table", "round-the-clock": "table"}
    assert {gid for gid, g in games.items() if g["hidden_hands"]} == {
        "draw", "matador", "tiddle-a-wink", "round-the-clock"}
    exchange = games["clock"]["options"][0]
    assert exchange["choices"] == [True, False] and exchange["choice_labels"] == ["on", "off"]
    assert games["luzon"]["aliases"] == ["pairs-to-twelve"] and games["luzon"]["alias_names"] == ["Pairs to Twelve"]
    for g in games.values():
        assert len(g["alias_names"]) <= len(g["aliases"])
        assert all(not re.fullmatch(r"[a-z0-9_-]+", name) for name in g["alias_names"]), "names, not ids"
        for option in g["options"]:
            assert len(option["choice_labels"]) == len(option["choices"])
    assert games["draw"]["player_limits"] == {
        "option": "set", "by_value": {"double-6": [2, 4], "double-9": [2, 6], "double-12": [2, 6]}}
    assert games["luzon"]["player_limits"] is None
    levels = [{"id": "easy", "label": "Easy"}, {"id": "medium", "label": "Medium"}, {"id": "hard", "label": "Hard"}]
    assert {gid: g["levels"] for gid, g in games.items()} == {
        gid: levels if g["players"]["max"] > 1 else [] for gid, g in games.items()}
    for level in levels:  # every level the catalog offers is one a seat may be given
        assert call(op="new", game="draw", seed=1, seats=["human", f"ai:{level['id']}"])["ok"]


def test_player_limits_come_from_each_game_s_own_rule() -> None:
    for game in all_games():
        limits = game.player_limits()
        if limits is None:
            continue
        players = next(o for o in game.spec.options if o.key == "players")
        for value, (lo, hi) in limits["by_value"].items():
            for n in players.choices:
                options = {limits["option"]: value, "players": n}
                ok = call(op="new", game=game.spec.id, options=options, seed=1,
                          seats=["human"] + ["ai:easy"] * (n - 1))["ok"]
                assert ok == (lo <= n <= hi), (game.spec.id, options)


# ---- 3. round history as numbers ------------------------------------------------------------


def test_score_text_names_the_total_once() -> None:
    assert Score((Term(1, 92),)).text() == "92"
    assert Score((Term(1, 19), Term(2, 12))).text() == "19 + 12 = 31"
    assert Score((Term(1, 19, 5), Term(2, 12, 5))).text() == "19 - 5 = 14, 12 - 5 = 7, 21"
    assert Score((Term(1, 97, 5),)).text() == "97 - 5 = 92"
    assert Score((Term(1, 19), Term(2, 12)), less=5).text() == "19 + 12 = 31, 31 - 5 = 26"
    assert Score((Term(1, 19, 5), Term(2, 12, 5))).to_json() == {
        "terms": [{"seat": 1, "pips": 19, "minus": 5, "value": 14}, {"seat": 2, "pips": 12, "minus": 5, "value": 7}],
        "sum": 21, "less": None, "total": 21, "text": "19 - 5 = 14, 12 - 5 = 7, 21"}


REPEATED_TOTAL = re.compile(r"(?:^|, )(\d+) = \1(?!\d)")  # "92 = 92", not "0 + 92 = 92"


@pytest.mark.parametrize("game_id,options,seats", [
    ("draw", {"players": 3}, 3), ("matador", {}, 3), ("tiddle-a-wink", {}, 6), ("round-the-clock", {}, 2),
    ("draw", {"set": "double-6"}, 2),
])
def test_round_history_holds_every_round_with_its_arithmetic(game_id: str, options: dict[str, Any], seats: int) -> None:
    for seed in range(3):
        session = Session.new(game_id, options, seed, ["ai:easy"] * seats)
        run_until(session, lambda s: len(s.state.rounds) >= 4)
        view = session.view(0)
        rounds = view["rounds"]
        assert len(rounds) == len(session.state.rounds) >= 1
        running = [0] * seats
        for number, r in enumerate(rounds, 1):
            assert r["round"] == number and "hands" not in r
            running = [a + b for a, b in zip(running, r["points"], strict=True)]
            assert r["scores"] == running
            assert not any("null" in s or "None" in s for s in strings(r))
            assert r["headline"]["seat"] == r["winner"]
            if r["winner"] is None:
                assert r["score"] is None and r["points"] == [0] * seats and "nobody scores" in r["text"]
                assert r["headline"]["label"] == r["headline"]["you"] == (
                    "The round is blocked and the lowest hands tie: nobody scores.")
                continue
            assert (r["headline"]["label"], r["headline"]["you"]) == (
                ("went out.", "went out.") if r["reason"] == "out"
                else ("has the lowest hand: the round is blocked.", "have the lowest hand: the round is blocked."))
            score = r["score"]
            assert score["total"] == r["points"][r["winner"]] == sum(r["points"])
            assert [t["seat"] for t in score["terms"]] == [s for s in range(seats) if s != r["winner"]]
            assert all(t["pips"] == r["pips"][t["seat"]] for t in score["terms"])
            assert score["text"] == r["arithmetic"] and not REPEATED_TOTAL.search(score["text"]), score["text"]
            assert score["text"].endswith(str(score["total"]))
        assert {k: v for k, v in view["last_round"].items() if k != "hands"} == rounds[-1]
        assert (view["phase"] is None) == (game_id != "round-the-clock")


def test_a_tied_block_prints_no_null_and_scores_nothing() -> None:
    game = get_game("draw")
    state = position(game, ["1-4", "2-3", "3-3"], Layout.tree(T("9-9")), turn=2, scores=(10, 20, 30))
    state = game.apply(state, "pass")
    (entry,) = game.view(state, 0)["rounds"]
    assert entry["winner"] is None and entry["score"] is None and entry["points"] == [0, 0, 0]
    assert not any("null" in s or "None" in s for s in strings(game.view(state, 0)))


# ---- 4. one request per move ----------------------------------------------------------------


def test_every_answer_that_changes_the_game_carries_its_record() -> None:
    def same_record(answer: dict[str, Any]) -> None:
        assert answer["ok"], answer
        assert answer["record"] == call(op="record", session=answer["session"])["record"]

    new = call(op="new", game="draw", seed=4, seats=["human", "ai:easy"])
    same_record(new)
    sid = new["session"]
    for _ in range(30):
        view = call(op="view", session=sid)["view"]
        if view["to_move"] == 0:
            same_record(call(op="play", session=sid, move=view["legal"][0]["id"]))
        else:
            same_record(call(op="ai", session=sid))
    same_record(call(op="undo", session=sid))
    same_record(call(op="redo", session=sid))
    loaded = call(op="load", record=call(op="record", session=sid)["record"])
    same_record(loaded)
    assert loaded["record"]["moves"] == call(op="record", session=sid)["record"]["moves"]


# ---- 5. hints only for a person, from that seat's knowledge ---------------------------------


def test_hint_is_refused_on_a_computer_turn() -> None:
    answer = call(op="new", game="draw", seed=5)  # a person and a medium computer
    sid, view = answer["session"], answer["view"]
    while view["to_move"] == 0:
        view = call(op="play", session=sid, move=view["legal"][0]["id"])["view"]
    assert view["seats"][view["to_move"]].startswith("ai:")
    hint = call(op="hint", session=sid)
    assert not hint["ok"] and hint["error"]["code"] == "not_your_turn", hint
    assert "play:" not in hint["error"]["message"]


def test_a_hint_carries_the_move_s_fields() -> None:
    answer = call(op="new", game="draw", seed=5, seats=["human", "ai:easy"])
    sid, view = answer["session"], answer["view"]
    while view["to_move"] != 0:
        view = call(op="ai", session=sid)["view"]
    hint = call(op="hint", session=sid)
    entry = next(m for m in view["legal"] if m["id"] == hint["move"])
    assert {k: hint[k] for k in entry} == entry and hint["reason"]


def test_hint_is_refused_at_a_table_of_computers_only() -> None:
    sid = call(op="new", game="matador", seed=2, seats=["ai:easy"] * 3)["session"]
    assert call(op="hint", session=sid)["error"]["code"] == "not_your_turn"


@pytest.mark.parametrize("game_id,options", [("draw", {"players": 3}), ("matador", {}), ("big-clock", {}),
                                             ("clock", {}), ("round-the-clock", {})])
def test_a_hint_depends_only_on_what_the_person_may_know(game_id: str, options: dict[str, Any]) -> None:
    """Reshuffling everything hidden from the person (keeping their view) keeps the hint."""
    game = get_game(game_id)
    seats = ["human"] + ["ai:easy"] * (game.num_seats(game.spec.resolve_options(options)) - 1)
    for seed in range(3):
        session = Session.new(game_id, options, seed, seats)
        run_until(session, lambda s: len(s.moves) >= 6 and s.is_human(s.game.to_move(s.state)))
        if not session.is_human(game.to_move(session.state)):
            continue
        hint = session.hint()
        for salt in range(3):
            other = Session(session.game, session.options, session.seed, session.seats,
                            session.history[:-1] + [game.determinize(session.state, 0, random.Random(salt))],
                            list(session.moves))
            assert other.view(0).get("hand") == session.view(0).get("hand")
            assert other.hint() == hint


# ---- 6. honest undo ---------------------------------------------------------------------------


def test_a_drawn_tile_stays_drawn() -> None:
    game = get_game("draw")
    for seed in range(40):
        session = Session.new("draw", {}, seed, ["human", "ai:easy"])
        if run_until(session, lambda s: bool(s.moves) and s.moves[-1] == "draw" and s.game.to_move(s.history[-2]) == 0):
            break
    else:
        pytest.fail("no deal where the person draws")
    drawn_at = len(session.moves)
    hand = session.view(0)["hand"]
    assert session.undo_floor == drawn_at and not session.view(0)["can_undo"]
    assert session.undo() == 0 and session.view(0)["hand"] == hand
    while session.game.to_move(session.state) == 0 and session.moves[-1] == "draw":
        person_plays_first(session)
    run_until(session, lambda s: s.is_human(s.game.to_move(s.state)) or s.game.to_move(s.state) is None)
    if session.view(0)["can_undo"]:
        session.undo()
        assert len(session.moves) >= drawn_at and session.moves[drawn_at - 1] == "draw"
        assert game.to_move(session.state) == 0


def test_a_computer_s_draw_is_undone_with_the_person_s_move() -> None:
    for seed in range(60):
        session = Session.new("draw", {}, seed, ["human", "ai:easy"])
        found = run_until(session, lambda s: len(s.moves) >= 2 and s.moves[-1] == "draw"
                          and s.game.to_move(s.history[-2]) == 1 and s.undo_floor < len(s.moves) - 1
                          and any(s.game.to_move(h) == 0 for h in s.history[s.undo_floor:-1]))
        if found:
            break
    else:
        pytest.fail("no deal where the computer draws after the person moved")
    assert session.undo_floor < len(session.moves)  # a computer's draw shows the person nothing
    before = len(session.moves)
    run_until(session, lambda s: s.is_human(s.game.to_move(s.state)) or s.game.to_move(s.state) is None)
    if session.game.to_move(session.state) is None or session.state.between:
        return
    assert session.view(0)["can_undo"]
    session.undo()
    assert len(session.moves) < before and session.game.to_move(session.state) == 0


def test_undo_never_crosses_a_round_end() -> None:
    session = Session.new("draw", {"set": "double-6"}, 1, ["human", "ai:easy"])
    assert run_until(session, lambda s: s.state.between)
    assert not session.view(0)["can_undo"] and session.undo() == 0 and session.state.between
    session.play("next-round")
    assert not session.view(0)["can_undo"]  # the new deal is shown too


def test_hot_seat_a_second_person_s_draw_stays_drawn() -> None:
    for seed in range(60):
        session = Session.new("draw", {}, seed, ["human", "human"])
        if run_until(session, lambda s: bool(s.moves) and s.moves[-1] == "draw" and s.game.to_move(s.history[-2]) == 1):
            break
    else:
        pytest.fail("no deal where seat 1 draws")
    assert session.undo_floor == len(session.moves) and session.undo() == 0


def test_big_clock_stock_tiles_stay_turned_up() -> None:
    session = Session.new("big-clock", {"set": "double-6"}, 3, ["human"])
    session.play("draw")
    assert not session.view()["can_undo"] and session.undo() == 0
    game = session.game
    # a shift whose emptied slot is refilled at once takes a stock tile too
    for seed in range(200):
        state = game.new_state({"set": "double-9"}, seed)
        rng = random.Random(seed)
        while game.to_move(state) is not None:
            for move in game.legal_moves(state):
                after = game.apply(state, move)
                if move.startswith("shift:") and len(after.stock) < len(state.stock):
                    assert game.revealed_to(state, move, after) == {0}
                    return
                if move.startswith(("place:", "shift:")) and len(after.stock) == len(state.stock):
                    assert game.revealed_to(state, move, after) == set()
            state = game.apply(state, rng.choice(game.legal_moves(state)))
    pytest.fail("no refilling shift found")


def test_big_clock_undo_takes_back_placing_but_not_drawing_and_redo_agrees() -> None:
    session = Session.new("big-clock", {"set": "double-12"}, 1, ["human"])
    while True:
        session.play("draw")
        if session.state.drawn is not None and not session.state.stuck:
            break
    floor = len(session.moves)
    place = next(m for m in session.game.legal_moves(session.state) if m.startswith("place:"))
    session.play(place)
    assert session.view()["can_undo"] and session.undo() == 1 and len(session.moves) == floor
    assert session.state.drawn is not None and not session.view()["can_undo"]
    assert session.view()["can_redo"] and session.redo() == 1 and session.moves[-1] == place
    assert session.undo_floor == floor and session.view()["can_undo"]


def test_clock_turns_and_exchanges_are_never_undone() -> None:
    session = Session.new("clock", {}, 0, ["human"])
    session.play("turn")
    assert not session.view()["can_undo"] and session.undo() == 0
    _, stop = first_stop(True, range(200), "exchange")
    game = get_game("clock")
    move = game.legal_moves(stop)[0]
    assert game.revealed_to(stop, move, game.apply(stop, move)) == {0}


def test_luzon_keeps_full_undo_and_redo() -> None:
    session = Session.new("luzon", {}, 3, ["human"])
    for _ in range(3):
        session.play(session.game.legal_moves(session.state)[0])
    assert session.undo_floor == 0
    assert [session.undo() for _ in range(4)] == [1, 1, 1, 0] and not session.view()["can_undo"]
    assert [session.redo() for _ in range(3)] == [1, 1, 1] and len(session.moves) == 3


def test_a_loaded_record_keeps_its_undo_floor() -> None:
    session = Session.new("big-clock", {"set": "double-6"}, 3, ["human"])
    session.play("draw")
    loaded = Session.load(session.record())
    assert loaded.undo_floor == 1 and not loaded.view()["can_undo"]


# ---- 7. refusals worded for a player ----------------------------------------------------------

BAD_MOVES = ["nonsense", "discard:r1+c2", "discard:r1+r2", "discard:c1+c1", "move:c1>c2", "play:9-9:left",
             "play:0-1:e0", "place:slot99", "place:slot2", "shift:slot1>slot2", "refill:slot1", "exchange:slot1:1",
             "draw", "pass", "next-round", "turn", "draw:", ""]


@pytest.mark.parametrize("game", [pytest.param(g, id=g.spec.id) for g in all_games()])
def test_refusals_are_worded_for_a_player(game: Any) -> None:
    for seed in range(3):
        answer = call(op="new", game=game.spec.id, seed=seed)
        sid, view = answer["session"], answer["view"]
        while view["to_move"] not in (0, None) or (view["to_move"] == 0 and not view["legal"]):
            view = call(op="ai", session=sid)["view"]
        legal = {m["id"] for m in view["legal"]} | {"resign"}
        for bad in BAD_MOVES:
            if bad in legal:
                continue
            refused = call(op="play", session=sid, move=bad)
            assert not refused["ok"] and refused["error"]["code"] == "illegal_move", (bad, refused)
            message = refused["error"]["message"]
            assert (message[0].isupper() or message[0].isdigit()) and message.endswith("."), message
            assert not (":" in bad and bad in message) and "'" not in message and "bad " not in message, message
        assert call(op="view", session=sid)["view"]["moves"] == view["moves"]


def test_luzon_says_why_two_tiles_do_not_pair() -> None:
    game = get_game("luzon")
    state = game.new_state({"variant": "twelve"}, 3)
    columns = [c[-1] for c in state.columns]
    bad = next(f"discard:c{i + 1}+c{j + 1}" for i in range(5) for j in range(i + 1, 5)
               if columns[i].pips + columns[j].pips != 12)
    i, j = int(bad[9]) - 1, int(bad[12]) - 1
    answer = call(op="new", game="luzon", seed=3)
    message = call(op="play", session=answer["session"], move=bad)["error"]["message"]
    assert message == f"{columns[i]} and {columns[j]} do not total 12."
    reversed_id = f"discard:c{j + 1}+c{i + 1}".replace(f"c{j + 1}+c{i + 1}", f"r1+c{i + 1}")
    message = call(op="play", session=answer["session"], move=reversed_id)["error"]["message"]
    assert "position" not in message and "r1" not in message


# ---- 8. texts that fit the position -----------------------------------------------------------

# Deal 11, double-12, as the advisor plays it: after these 118 moves the drawn 10-10, which fitted
# nowhere when drawn, fits on slot 8 because shifts made room.
BIG_CLOCK_DEAL_11 = json.loads(
    '["shift:slot4>slot9", "shift:slot11>slot4", "shift:slot7>slot9", "shift:slot5>slot7", "shift:slot3>slot5", '
    '"draw", "place:slot3", "draw", "place:slot7", "draw", "place:slot7", "draw", "place:slot11", "draw", '
    '"place:slot2", "draw", "place:slot1", "draw", "place:slot1", "draw", "place:slot6", "draw", "place:slot3", '
    '"draw", "place:slot6", "draw", "place:slot12", "draw", "place:slot6", "draw", "place:slot8", "draw", '
    '"place:slot12", "draw", "place:slot6", "draw", "place:slot12", "draw", "place:slot11", "draw", "place:slot8", '
    '"shift:slot7>slot10", "shift:slot7>slot10", "shift:slot7>slot10", "shift:slot11>slot7", "shift:slot6>slot7", '
    '"shift:slot11>slot1", "shift:slot11>slot1", "shift:slot8>slot11", "draw", "place:slot7", "draw", '
    '"place:slot12", "draw", "place:slot7", "draw", "place:slot6", "draw", "place:slot1", "draw", "place:slot3", '
    '"draw", "place:slot3", "draw", "place:slot8", "draw", "place:slot1", "draw", "draw", "place:slot2", '
    '"shift:slot12>slot8", "shift:slot7>slot10", "shift:slot7>slot12", "shift:slot7>slot12", "shift:slot7>slot12", '
    '"shift:slot10>slot12", "shift:slot10>slot7", "shift:slot12>slot7", "shift:slot1>slot12", "shift:slot1>slot12", '
    '"shift:slot10>slot12", "shift:slot8>slot10", "shift:slot1>slot8", "shift:slot1>slot8", "shift:slot7>slot8", '
    '"shift:slot7>slot12", "shift:slot8>slot7", "shift:slot2>slot7", "draw", "place:slot12", "draw", '
    '"place:slot10", "draw", "place:slot1", "draw", "draw", "place:slot12", "draw", "place:slot8", "draw", '
    '"place:slot1", "draw", "draw", "place:slot8", "draw", "place:slot12", "draw", "place:slot10", "draw", "draw", '
    '"place:slot2", "draw", "place:slot2", "draw", "place:slot8", "draw", "draw", "shift:slot8>slot12"]'
)


def test_big_clock_a_stuck_double_that_now_fits_says_so() -> None:
    record = {"game": "big-clock", "options": {"set": "double-12"}, "seed": 11, "seats": ["human"],
              "moves": BIG_CLOCK_DEAL_11}
    view = call(op="load", record=record)["view"]
    board = view["board"]
    assert board["drawn"] == "10-10" and board["drawn_stuck"]
    assert board["drawn_targets"] == ["slot8"]
    assert "fits now" in view["status"] and "nowhere" not in view["status"]
    place = next(m for m in view["legal"] if m["id"] == "place:slot8")
    assert (place["kind"], place["tile"], place["from"], place["to"]) == ("place", "10-10", "drawn", "slot8")


def test_big_clock_texts_count_correctly_and_a_lost_game_offers_no_shift() -> None:
    game = get_game("big-clock")
    seen_lost = 0
    for seed in range(30):
        state = game.new_state({"set": "double-6"}, seed)
        rng = random.Random(seed)
        while game.to_move(state) is not None:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        view = game.view(state, 0)
        texts = [view["status"], view["board"]["summary"], known(game.outcome(state)).reason]
        if not known(game.outcome(state)).winners:
            seen_lost += 1
            assert not any("shift tiles" in t.lower() or "make room" in t for t in texts), texts
        assert not any(re.search(r"\b1 (tiles|doubles)\b", t) for t in texts), texts
    assert seen_lost
    assert lost_reason(replace(game.new_state({"set": "double-6"}, 0), stock=())).startswith("the stock is used up")
    almost = replace(game.new_state({"set": "double-6"}, 0), stock=(),
                     piles=tuple((T(f"{k}-{k}"),) for k in range(1, 6)) + ((T("1-2"),),))
    assert "1 double is not home" in lost_reason(almost)


def test_a_table_game_won_by_two_seats_names_both() -> None:
    game = get_game("draw")
    state = position(game, ["1-5", "2-3", "5-6"], Layout.tree(T("5-5")), scores=(95, 99, 80), target=100)
    state = game.apply(state, "play:1-5:e0")  # seat 0 goes out with 16: 111
    assert known(game.outcome(state)).reason == "seat 0 reached 100"
    tied = position(game, ["1-4", "2-3", "3-3"], Layout.tree(T("9-9")), turn=2, scores=(100, 0, 100))
    assert known(game.outcome(game.apply(tied, "pass"))).reason == "seats 0 and 2 reached 100"


def clock_over(face_down: int, exchanged: bool) -> ClockState:
    """A finished Clock position with `face_down` tiles face down (texts only)."""
    down: list[tuple[Card, ...]] = [()] * CENTRE
    down[0] = tuple(Card(1, s) for s in "SHDC"[:face_down])
    swapped = (3, Card(13, "S")) if exchanged else None
    taken = Card(11, "S") if exchanged else None
    return ClockState(True, tuple(down), ((),) * CENTRE, CENTRE, "lost" if face_down else "won", swapped, taken)


def test_clock_texts_fit_the_end_of_the_game() -> None:
    game = get_game("clock")
    won = game.view(clock_over(0, False), 0)
    assert "available" not in won["board"]["summary"] and "not used" in won["board"]["summary"]
    lost = game.view(clock_over(1, False), 0)
    assert "with 1 tile still face down" in lost["status"]
    assert "1 tile still face down" in known(game.outcome(clock_over(1, False))).reason
    used = game.view(clock_over(2, True), 0)["board"]["summary"]
    assert "you took the jack of spades and put the king face down at 3 o'clock" in used and "JS" not in used
    assert "again" in game.view(clock_over(2, True), 0)["status"]
    fresh = game.view(game.new_state({"exchange": True}, 1), 0)["board"]["summary"]
    assert fresh.endswith("exchange available once")
    off = game.view(game.new_state({"exchange": False}, 1), 0)["board"]["summary"]
    assert "exchange off" in off


def test_table_refusals_say_why() -> None:
    rtc = table_game("round-the-clock")
    state = position(rtc, ["0-1 2-2", "3-3"], rtc.start_layout(T("6-6")), stock="0-0 1-1", top=6)
    assert rtc.legal_moves(state) == ["pass"]
    assert rtc.refusal(state, "draw") == "The last tiles stay in the boneyard: you may not draw."
    assert rtc.refusal(state, "play:0-1:arm0") == "0-1 does not fit there: that end needs a 6."
    assert rtc.refusal(state, "play:4-5:arm0") == "You do not hold 4-5."
    draw = table_game("draw")
    state = position(draw, ["1-5 2-3", "0-0"], Layout.tree(T("5-5")), stock="4-4")
    assert draw.refusal(state, "draw") == "You can play, so you may not draw."
    assert draw.refusal(state, "play:1-5:e3") == "That end is not open."
