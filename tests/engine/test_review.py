"""The game review (engine.review): exact ratings where a solver knows, sampled ones elsewhere,
only real decisions of the reviewed seats, nothing hidden read, and the API and CLI faces."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engine.review as review_mod
import engine.review_ratings as ratings_mod
import engine.review_solitaire as solitaire_mod
import engine.review_stopping as stopping_mod
import engine.review_table as table_mod
from engine import api
from engine.api import REVIEW_LIMIT, handle
from engine.games import get_game
from engine.games.matador import is_matador
from engine.players import get_player
from engine.replay import replay
from engine.review import open_record, review
from engine.review_marks import GRADE_NAMES, GRADES, grade, key_moments, verdict
from engine.review_table import rate_by_search
from engine.rng import deal_rng
from engine.session import Session
from engine.solvers.big_clock import PAIR_PRIORS
from engine.solvers.clock import exchange_chances
from engine.solvers.luzon import solve_state
from tests.engine.helpers import persons_record, table_game
from tests.typed import known


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ratings_mod, "SAMPLES", 12)


def _luzon_blunder() -> tuple[dict[str, Any], int, str, str]:
    """A Luzon record whose last move threw a winnable deal away: (record, index, lost, kept)."""
    game = get_game("luzon")
    for seed in range(200):
        state = game.new_state({"variant": "twelve"}, seed)
        if not solve_state(state).winnable:
            continue
        line = solve_state(state).solution or []
        moves: list[str] = []
        for move in line:
            for other in game.legal_moves(state):
                if not solve_state(game.apply(state, other)).winnable:
                    record = {"version": 1, "game": "luzon", "options": {"variant": "twelve"}, "seed": seed,
                              "seats": ["human"], "moves": moves + [other]}
                    return record, len(moves), other, move
            moves.append(move)
            state = game.apply(state, move)
    raise AssertionError("no Luzon deal with a losing move on its winning line")


def test_luzon_review_is_exact_and_marks_the_move_that_threw_the_win_away() -> None:
    record, index, lost, kept = _luzon_blunder()
    result = review(open_record(record))
    last = result["decisions"][-1]
    assert last["index"] == index and last["played"] == lost
    assert last["grade"] == "blunder" and last["exact"] and last["loss"] == 1.0
    assert last["value_best"] == 1.0 and last["value_played"] == 0.0
    assert solve_state(get_game("luzon").apply(Session.load({**record, "moves": record["moves"][:-1]}).state,
                                                 last["best"])).winnable
    assert last["detail"]["winning_moves"] >= 1
    assert all(d["grade"] == "best" for d in result["decisions"][:-1])  # the winning line
    assert kept  # the solver's own move was one that keeps the win


def test_clock_review_uses_the_exact_exchange_chances() -> None:
    game = get_game("clock")
    for seed in range(500):
        session = Session.new("clock", {"exchange": True}, seed, ["human"])
        while game.to_move(session.state) is not None and len(game.legal_moves(session.state)) == 1:
            session.play("turn")
        if game.to_move(session.state) is None:
            continue
        chances = {c.move: c.chance for c in exchange_chances(session.state)}
        worst = min(chances, key=lambda m: (chances[m], m))
        session.play(worst)
        decision = review(open_record(session.record()))["decisions"][0]
        assert decision["exact"] and decision["unit"] == "win"
        assert decision["value_played"] == chances[worst] == 0.0
        assert decision["value_best"] == max(chances.values()) > 0
        assert decision["grade"] == grade("win", max(chances.values()))
        return
    raise AssertionError("no Clock deal reached an exchange")


def test_only_real_decisions_of_the_reviewed_seats_are_rated() -> None:
    session = Session.new("draw", {}, 4, ["human", "ai:easy"])
    for _ in range(14):
        seat = session.game.to_move(session.state)
        if seat is None:
            break
        session.ai_move("easy" if session.is_human(seat) else None)
    record = persons_record(session.record())
    result = review(open_record(record))
    replay = Session.load(record)
    expected = [i for i, s in enumerate(replay.history[:-1])
                if replay.game.to_move(s) == 0 and len(replay.game.legal_moves(s)) >= 2]
    assert [d["index"] for d in result["decisions"]] == expected
    assert result["total"] == len(expected) and result["seats"] == [0]
    for d in result["decisions"]:
        assert d["unit"] == "points" and d["value_best"] >= d["value_played"]
        assert d["played"] == record["moves"][d["index"]]
    assert review(open_record(record)) == result  # deterministic


def test_the_table_rating_reads_only_the_seats_information() -> None:
    """Two states that look the same from seat 0 (the others' tiles dealt differently) get the
    same ratings from the same generator."""
    game = get_game("draw")
    session = Session.new("draw", {"players": 3}, 11, ["human", "ai:easy", "ai:easy"])
    while not (session.game.to_move(session.state) == 0 and len(game.legal_moves(session.state)) >= 2):
        session.ai_move("easy" if session.is_human(session.to_move()) else None)
    state = session.state
    other = game.determinize(state, 0, random.Random(99))
    assert other != state and game.view(other, 0) == game.view(state, 0)
    first = rate_by_search(game, state, 0, game.legal_moves(state)[0], deal_rng(1, "t"))
    second = rate_by_search(game, other, 0, game.legal_moves(state)[0], deal_rng(1, "t"))
    assert first == second


def _big_clock_record(seed: int, moves: int, level: str = "easy") -> dict[str, Any]:
    session = Session.new("big-clock", {"set": "double-6"}, seed, ["human"])
    for _ in range(moves):
        session.ai_move(level)
    return persons_record(session.record())


_WHOLE_REVIEWS: dict[tuple[Any, ...], dict[str, Any]] = {}


def _whole_review(record: dict[str, Any]) -> dict[str, Any]:
    """`review(open_record(record))` in one piece, made once for the tests that check it or compare
    their slices with it (a review is deterministic: test_only_real_decisions_of_the_reviewed_seats_are_rated),
    by record and by the budget and slice time it was made under; a copy each time."""
    key = (json.dumps(record, sort_keys=True), ratings_mod.SAMPLES, ratings_mod.MORE, ratings_mod.BATCH,
           review_mod.SLICE_SECONDS)
    if key not in _WHOLE_REVIEWS:
        _WHOLE_REVIEWS[key] = review(open_record(record))
    return copy.deepcopy(_WHOLE_REVIEWS[key])


def test_big_clock_samples_only_when_the_move_differs_from_the_advisor() -> None:
    result = _whole_review(_big_clock_record(2, 12))
    assert result["decisions"]
    for d in result["decisions"]:
        if d["detail"]["agrees"]:
            assert d["samples"] == 0 and d["grade"] == "best" and d["played"] == d["best"]
        else:
            assert stopping_mod.FIRST_LOOK <= d["samples"] <= ratings_mod.MORE * ratings_mod.SAMPLES  # 36 here
            assert 0 <= d["value_played"] <= 1 and 0 <= d["value_best"] <= 1


def test_big_clock_stops_where_every_pair_ties_and_says_how_many_it_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal 3, 12 random moves: at moves 7 and 9 the move played and the advisor's both lose
    every play-out, so the first look where no pair differing is settled stops them; another decision of the
    game needs more pairs."""
    monkeypatch.setattr(ratings_mod, "SAMPLES", 60)
    decisions = {d["index"]: d for d in review(open_record(_big_clock_record(3, 12)))["decisions"]}
    all_ties = next(n for n in range(1, 61)  # 25: the first look that settles them
                    if stopping_mod.looks_at(n) and stopping_mod.settled_counts(0, n, 0, 60))
    for index in (7, 9):
        d = decisions[index]
        assert d["samples"] == all_ties < ratings_mod.SAMPLES
        assert d["value_best"] == d["value_played"] == 0.0 and d["grade"] == "best"
    assert {d["samples"] for d in decisions.values()} > {0, all_ties}


def test_big_clock_still_labels_a_clearly_losing_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal 0 played by the advisor for 54 moves, then the shift it would not make: its play-outs
    always lose where the advisor's always win. The pairs settle the mark early, and it is a blunder."""
    monkeypatch.setattr(ratings_mod, "SAMPLES", 60)
    session = Session.load(_big_clock_record(0, 54, "advisor"))
    assert sorted(session.game.legal_moves(session.state)) == ["shift:slot2>slot5", "shift:slot5>slot2"]
    session.play("shift:slot2>slot5")
    last = review(open_record(persons_record(session.record())))["decisions"][-1]
    assert last["best"] == "shift:slot5>slot2" and last["value_best"] == 1.0 and last["value_played"] == 0.0
    assert last["grade"] == "blunder" and last["samples"] < ratings_mod.SAMPLES


def test_the_pairs_stop_once_the_mark_is_settled() -> None:
    """`settled`: the chance that finishing SAMPLES pairs changes the mark, under SETTLED, with
    every rate equally likely beforehand or with the prior fitted on double-9's pairs."""
    def pairs(best_only: int, played_only: int, ties: int) -> tuple[list[float], list[float]]:
        best = [1.0] * best_only + [0.0] * played_only + [0.0] * ties
        return best, [0.0] * best_only + [1.0] * played_only + [0.0] * ties

    assert stopping_mod.settled(*pairs(0, 0, 25), 60)  # no pair differs: no mark, and none to come
    assert not stopping_mod.settled(*pairs(0, 0, 20), 60)  # too few to tell
    assert not stopping_mod.settled(*pairs(4, 0, 16), 60)  # maybe an inaccuracy or a mistake
    assert stopping_mod.settled(*pairs(20, 0, 0), 60)  # a blunder, whatever comes
    assert not stopping_mod.settled(*pairs(9, 0, 11), 60)  # a blunder or a mistake
    assert stopping_mod.settled(*pairs(9, 0, 51), 60)  # all in: nothing left to change it
    fitted = PAIR_PRIORS[9]  # most slips at double-9 cost nothing: ten ties settle it
    assert stopping_mod.settled(*pairs(0, 0, 10), 60, fitted)
    assert not stopping_mod.settled(*pairs(2, 0, 8), 60, fitted)
    assert not stopping_mod.settled(*pairs(20, 0, 0), 60, fitted)  # it believes in a blunder only slowly


def test_a_review_in_slices_cut_inside_decisions_rates_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slice ends inside a decision once its play-outs run past SLICE_SECONDS (0 here: after
    every pair); the next slice goes on with that decision's pairs, or plays them again when they
    were forgotten. The decisions are those of the review in one piece."""
    record = _big_clock_record(2, 12)
    whole = _whole_review(record)
    monkeypatch.setattr(review_mod, "SLICE_SECONDS", 0.0)
    decisions: list[dict[str, Any]] = []
    start: int | None = 0
    cuts = []
    session = open_record(record)
    while start is not None:
        answer = review(session, start=start, limit=2)
        decisions += answer["decisions"]
        if answer["working"]:
            cuts.append(answer["working"])
            assert answer["next"] == start + len(answer["decisions"])
            assert whole["decisions"][answer["next"]]["index"] == answer["working"]["index"]
        if len(cuts) == 3:
            session.review_work.unfinished.clear()  # forgotten: the next slice plays them again
            monkeypatch.setattr(review_mod, "SLICE_SECONDS", 60.0)
        start = answer["next"]
    assert decisions == whole["decisions"]
    assert [c["samples"] for c in cuts[:2]] == [1, 2] and cuts[0]["index"] == cuts[1]["index"]


def test_grades_follow_the_thresholds() -> None:
    assert grade("win", 0.0) == "best"
    assert grade("win", 0.01) == "good"
    assert grade("win", 0.05) == "inaccuracy"
    assert grade("win", 0.2) == "mistake"
    assert grade("win", 1.0) == "blunder"
    assert grade("points", 3.0) == "inaccuracy"
    assert grade("points", 9.0) == "blunder"


def test_api_review_in_slices_and_refusals() -> None:
    session = Session.new("luzon", {}, 3, ["human"])
    while session.game.to_move(session.state) is not None:
        session.ai_move("easy")
    record = persons_record(session.record())
    whole = json.loads(handle(json.dumps({"op": "review", "record": record})))["review"]
    first = json.loads(handle(json.dumps({"op": "review", "record": record, "limit": 2})))["review"]
    assert first["decisions"] == whole["decisions"][:2] and first["next"] == 2
    assert whole["total"] > 2
    rest = json.loads(handle(json.dumps({"op": "review", "record": record, "start": 2})))["review"]
    assert first["decisions"] + rest["decisions"] == whole["decisions"] and rest["next"] is None
    for bad, code in (({"record": {"game": "nope"}}, "bad_record"), ({"record": record, "start": -1}, "bad_request"),
                      ({"record": record, "seats": [5]}, "bad_request"), ({"session": "s0"}, "unknown_session")):
        answer = json.loads(handle(json.dumps({"op": "review", **bad})))
        assert answer["ok"] is False and answer["error"]["code"] == code


def test_api_review_by_record_keeps_its_work_on_one_session_and_replays_the_record_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A review by record opens one session for it in the API's registry (a refused request opens
    none): each slice goes on with the decision the slice before cut short, and the record is
    replayed once, by the first slice."""
    record = _big_clock_record(2, 12)
    whole = _whole_review(record)
    monkeypatch.setattr(review_mod, "SLICE_SECONDS", 0.0)  # every slice ends after one pair
    replayed = []
    apply = Session.apply_move

    def apply_move(self: Session, move: str) -> Any:
        replayed.append(move)
        return apply(self, move)

    monkeypatch.setattr(Session, "apply_move", apply_move)

    def ask(**req: Any) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(handle(json.dumps({"op": "review", "record": record, **req})))
        return answer

    def reviewing() -> list[Session]:
        return [s for _, s in api.SESSIONS.items() if s.review_work and s.record() == record]

    assert ask(start=-1)["error"]["code"] == "bad_request" and not reviewing()
    replayed.clear()
    decisions: list[dict[str, Any]] = []
    samples = []
    start: int | None = 0
    for _ in range(1000):
        answer = ask(start=start, limit=2)["review"]
        decisions += answer["decisions"]
        samples += [answer["working"]["samples"]] if answer["working"] else []
        if (start := answer["next"]) is None:
            break
    assert decisions == whole["decisions"]
    assert samples[:3] == [1, 2, 3]  # each slice went on with the pairs of the one before
    assert replayed == record["moves"]  # once, by the first slice
    assert len(reviewing()) == 1


def test_api_reviews_by_record_keep_few_sessions() -> None:
    def reviewing() -> list[Session]:
        return [s for _, s in api.SESSIONS.items() if s.review_work and s.review_work.record]

    for seed in range(4):
        session = Session.new("luzon", {}, seed, ["human"])
        session.ai_move("easy")
        assert json.loads(handle(json.dumps({"op": "review", "record": session.record(), "limit": 1})))["ok"]
        assert session.record() in [s.record() for s in reviewing()]
    assert len(reviewing()) == review_mod.REVIEWS_KEPT


def test_a_review_walks_every_state_of_a_long_game_once_it_let_some_go() -> None:
    """A session lets the states of a long game go (engine.session.KEEP_RECENT); the review's walk
    makes each again from the one before, the same states a record loaded for review keeps."""
    session = Session.new("draw", {"set": "double-6"}, 4, ["ai:easy", "ai:easy"])
    while session.to_move() is not None and len(session.moves) < 150:
        session.ai_move()
    assert None in session.history
    walked = list(review_mod.states(session))
    assert walked == open_record(session.record()).history and len(walked) == len(session.moves) + 1


def test_cli_review_prints_the_same_review(tmp_path: Path) -> None:
    record, *_ = _luzon_blunder()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    out = subprocess.run([sys.executable, "-m", "engine", "review", str(path), "--json"], capture_output=True,
                         text=True, check=True)
    assert json.loads(out.stdout) == review(open_record(record))
    bad = subprocess.run([sys.executable, "-m", "engine", "review", str(tmp_path / "missing.json")],
                         check=False, capture_output=True, text=True)
    assert bad.returncode == 2 and "cannot read the record" in bad.stderr


def _draw_record(moves: int) -> dict[str, Any]:
    session = Session.new("draw", {"players": 3}, 8, ["human", "ai:easy", "ai:easy"])
    while len(session.moves) < moves and session.game.to_move(session.state) is not None:
        seat = session.game.to_move(session.state)
        session.ai_move("easy" if session.is_human(seat) else None)
    return persons_record(session.record())


def test_replay_shows_each_position_as_the_seat_saw_it_then() -> None:
    record = _draw_record(30)
    live = Session.new("draw", record["options"], Session.load(record).seed, record["seats"])  # (a sealed deal)
    game = live.game
    for at in range(len(record["moves"]) + 1):
        answer = json.loads(handle(json.dumps({"op": "replay", "record": record, "at": at})))
        assert answer["ok"] and answer["at"] == at and answer["moves"] == len(record["moves"])
        view = answer["view"]
        expected = live.view(0)
        for key in ("hand", "hand_counts", "board", "scores", "stock", "to_move", "status", "legal"):
            assert view[key] == expected[key], (at, key)
        hidden = game.hidden_from(live.state, 0)
        dump = json.dumps(view)
        assert not [tile for tile in hidden if f'"{tile}"' in dump], at
        assert view["can_undo"] is False and "all_hands" not in view
        if at:
            assert view["events"][0]["id"] == record["moves"][at - 1]
        if at < len(record["moves"]):
            live.replay_move(record["moves"][at])


def test_replay_reveals_every_hand_only_once_the_game_is_over() -> None:
    unfinished = _draw_record(10)
    refused = json.loads(handle(json.dumps({"op": "replay", "record": unfinished, "at": 3, "reveal": True})))
    assert refused["ok"] is False and refused["error"]["code"] == "bad_request"
    finished = _draw_record(100_000)
    answer = json.loads(handle(json.dumps({"op": "replay", "record": finished, "at": 3, "reveal": True})))
    assert answer["ok"] and len(answer["view"]["all_hands"]) == 3
    for bad in ({"at": -1}, {"at": True}, {"at": 10_000}, {"at": 1, "reveal": "yes"}, {"at": 1, "seat": 9}):
        answer = json.loads(handle(json.dumps({"op": "replay", "record": finished, **bad})))
        assert answer["ok"] is False and answer["error"]["code"] == "bad_request", bad


def test_review_decisions_carry_both_moves_fields() -> None:
    record, _, lost, _ = _luzon_blunder()
    last = review(open_record(record))["decisions"][-1]
    assert last["played_move"]["id"] == lost and last["played_move"]["kind"] == "discard"
    assert last["best_move"]["id"] == last["best"] and "from" in last["best_move"]


def tiles_of(state: Any) -> tuple[Any, ...]:
    """Every tile in the hands and the stock (the layout's are not moved by the crafting)."""
    return (*state.stock, *(t for h in state.hands for t in h))


def _positions_where_seat_0_may_draw_or_play(game: Any) -> Iterator[Any]:
    for seed in range(40):
        session = Session.new("matador", {"players": 3}, seed, ["human", "ai:easy", "ai:easy"])
        while game.to_move(session.state) is not None:
            if game.to_move(session.state) == 0 and set(game.legal_moves(session.state)) > {"draw"}:
                yield session.state
            session.ai_move("easy" if session.is_human(session.to_move()) else None)


def test_a_table_position_with_one_clearly_losing_play_is_a_blunder(monkeypatch: pytest.MonkeyPatch) -> None:
    """Matador, crafted: the person holds one tile, a matador that goes out (and scores every other
    hand), and may draw instead; the next seat holds one matador too. Drawing hands the round to
    the next seat: the review names the going-out play best and grades the draw a blunder (with
    the review's full pairs: a blunder's mark needs its interval's support, which this module's
    12 pairs are too few to give)."""
    monkeypatch.setattr(ratings_mod, "SAMPLES", 60)
    game = get_game("matador")
    state = next(_positions_where_seat_0_may_draw_or_play(game))
    going_out = next(m for m in game.legal_moves(state) if m != "draw")
    mine = next(t for t in state.hands[0] if going_out.startswith(f"play:{t}:"))
    theirs = next(t for t in (*state.hands[1], *state.hands[2], *state.stock) if is_matador(t) and t != mine)
    hands = [list(hand) for hand in state.hands]
    stock = [t for t in state.stock if t != theirs]
    for seat, keep in ((0, mine), (1, theirs)):
        stock += [t for t in hands[seat] if t != keep]
        hands[seat] = [keep]
    hands[2] = [t for t in hands[2] if t != theirs]
    crafted = state._replace(hands=tuple(tuple(h) for h in hands), stock=tuple(stock))
    assert sorted(map(str, tiles_of(crafted))) == sorted(map(str, tiles_of(state)))  # the same tiles, moved
    state = crafted
    assert set(game.legal_moves(state)) >= {"draw", going_out}
    ratings = rate_by_search(game, state, 0, "draw", deal_rng(1, "t"))
    best = max(ratings.values, key=ratings.values.__getitem__)
    assert best.startswith(f"play:{mine}:")
    loss = ratings.values[best] - ratings.values["draw"]
    assert grade("points", loss, ratings.uncertainty(best, "draw")) == "blunder", (loss, ratings.values)


def test_a_wide_interval_is_uncertain_never_good() -> None:
    """A mark needs its interval's support; an estimate that reaches a mark its lower bound does
    not is "uncertain", and "good" only ever stands beside a loss below every mark."""
    assert grade("points", 28.1, 37.9) == "uncertain"
    assert verdict("points", "uncertain", 37.9) == "Uncertain (±38 points)"
    assert verdict("win", "uncertain", 0.123) == "Uncertain (±12% chance to win)"
    assert grade("points", 8.0, 7.0) == "uncertain"
    assert grade("points", 8.0, 5.0) == "inaccuracy"  # at least an inaccuracy's loss, with confidence
    assert grade("points", 1.5, 9.0) == "good"
    assert grade("win", 0.2, 0.1) == "inaccuracy"
    assert verdict("win", "mistake", 0.01) == "Mistake"
    rng = random.Random(5)
    for unit, scale in (("points", 40.0), ("win", 1.0)):
        least = GRADES[unit][-1][1]
        for _ in range(2000):
            loss, spread = rng.uniform(0, scale), rng.uniform(0, scale)
            name = grade(unit, loss, spread)
            assert name in GRADE_NAMES
            if name in ("best", "good"):
                assert loss < least
            if name not in ("best", "good", "uncertain"):
                assert loss - spread >= least - 1e-9


def _solution_record() -> tuple[dict[str, Any], int]:
    """A winnable Luzon deal: the person's own moves, then the rest played by Show solution
    (the advisor for the person's seat). (record, moves made by hand)"""
    session = Session.new("luzon", {}, 1, ["human"], winnable=True)
    by_hand = 0
    while session.to_move() is not None and by_hand < 3:
        session.play(session.game.legal_moves(session.state)[0] if by_hand else session.hint()["move"])
        by_hand += 1
    while session.to_move() is not None:
        session.ai_move("advisor")
    return session.record(), by_hand


def test_the_record_says_which_moves_show_solution_made_and_the_review_leaves_them_out() -> None:
    record, by_hand = _solution_record()
    assert record["computer_moves"] == list(range(by_hand, len(record["moves"])))
    assert Session.load(record).record() == record
    result = review(open_record(record))
    assert all(d["index"] < by_hand for d in result["decisions"])
    skipped = [n for n in result["not_graded"] if n["why"].startswith("played by the computer")]
    assert skipped and all(n["index"] >= by_hand for n in skipped)
    plain = review(open_record({k: v for k, v in record.items() if k != "computer_moves"}))  # the same moves, by hand
    assert plain["total"] > result["total"]
    assert {d["index"] for d in plain["decisions"]} | {n["index"] for n in plain["not_graded"]} >= {
        n["index"] for n in skipped}


def test_a_move_made_again_by_hand_after_an_undo_is_the_persons() -> None:
    session = Session.new("big-clock", {"set": "double-6"}, 4, ["human"])
    for _ in range(3):
        session.ai_move("advisor")
    assert session.record()["computer_moves"] == [0, 1, 2]
    session.undo()
    session.play(session.game.legal_moves(session.state)[0])
    assert session.record()["computer_moves"] == [0, 1]
    session.undo()
    session.redo()
    assert session.record()["computer_moves"] == [0, 1]  # the redone move is still the person's


def test_a_record_with_bad_computer_moves_is_refused() -> None:
    record, _ = _solution_record()
    for bad in ([len(record["moves"])], [-1], [0, 0], "0", [True], [0.0]):
        answer = json.loads(handle(json.dumps({"op": "review", "record": {**record, "computer_moves": bad}})))
        assert answer["ok"] is False and answer["error"]["code"] == "bad_record", bad


def _pending(size: int = 6) -> Any:
    """Double-`size` (n), every double home but (n-1)-(n-1) and n-n: slot n-1 emptied with its
    double at hand on slot n (over (n-2)-n, which shows n), the stock only n-n, every other tile
    set aside. Bringing the double home wins (n-n then goes onto (n-2)-n); refilling slot n-1
    covers it with n-n and throws its double's way home away: nothing can move again."""
    from dataclasses import replace

    from engine.games.big_clock import BigClockState
    from engine.tiles import Tile, domino_set

    n = size
    home = tuple((Tile(k, k),) for k in range(1, n - 1))
    piles = (*home, (), (Tile(n - 2, n), Tile(n - 1, n - 1)))
    used = {Tile(0, 0), Tile(n - 2, n), Tile(n - 1, n - 1), Tile(n, n), *(p[0] for p in home)}
    state = BigClockState(n, piles, (Tile(n, n),), set_aside=tuple(t for t in domino_set(n) if t not in used),
                          pending=n - 1)
    return replace(state, seen=frozenset({state.position}))


@pytest.mark.parametrize("size", [6, 9, 12])
def test_big_clock_marks_the_move_that_throws_a_doubles_way_home_away(monkeypatch: pytest.MonkeyPatch,
                                                                     size: int) -> None:
    """At every set size, so with each set's prior of the pairs (double-9 and double-12 believe in a
    large loss only slowly): still a blunder, settled before SAMPLES pairs."""
    monkeypatch.setattr(ratings_mod, "SAMPLES", 60)
    game = get_game("big-clock")
    state = _pending(size)
    home, refill = f"shift:slot{size}>slot{size - 1}", f"refill:slot{size - 1}"
    assert sorted(game.legal_moves(state)) == [refill, home]
    ratings = solitaire_mod.rate_by_advisor_playouts(game, state, 0, refill, deal_rng(0, "t"))
    assert ratings.values == {home: 1.0, refill: 0.0}
    assert grade("win", 1.0, ratings.uncertainty(home, refill)) == "blunder"
    assert ratings.samples < ratings_mod.SAMPLES
    assert not solitaire_mod.transposes(game, state, 0, home, refill, solitaire_mod.playout_policy(game))


def test_a_playout_plays_each_plan_whole_and_keeps_only_the_positions_it_asked_at() -> None:
    """The Big Clock's play-outs play the policy's whole plan before asking again; the positions
    a play-out passes on to its pair are those it asked at (from inside a plan the play goes on
    as the plan began, not as a plan made there would), each with the play-out's end."""
    game = get_game("big-clock")
    playout = solitaire_mod.playout_policy(game)
    asked: list[Any] = []
    lengths: list[int] = []

    def policy(game: Any, state: Any, seat: int, rng: random.Random) -> tuple[str, ...]:
        asked.append(state)
        moves = playout(game, state, seat, rng)
        assert isinstance(moves, tuple)
        lengths.append(len(moves))
        return moves

    passed: dict[Any, bool] = {}
    won = solitaire_mod._wins(game, game.new_state({"set": "double-9"}, 3), 0, policy, random.Random(0), passed)
    assert list(passed) == asked and set(passed.values()) == {won}
    assert max(lengths) >= 3  # plans of several moves, played whole


def _big_clock_decisions(size: str, seed: int) -> Iterator[tuple[Any, str]]:
    """Every real decision of a beginner's deal (each move random) with the move played."""
    game = get_game("big-clock")
    state = game.new_state({"set": size}, seed)
    rng = random.Random(seed)
    while game.to_move(state) is not None:
        moves = game.legal_moves(state)
        move = rng.choice(moves)
        if len(moves) >= 2:
            yield state, move
        state = game.apply(state, move)


def test_the_fast_path_rates_the_big_clock_as_the_full_play_outs_do() -> None:
    """The fast path (moves that transpose are not played out; a play-out that reaches a position
    its pair's went through ends as that one did) gives the full play-outs' ratings: the same
    values where it plays out, and where the moves transpose every full pair ties."""
    game = get_game("big-clock")
    transposed = sampled = 0
    for k, (state, played) in enumerate(_big_clock_decisions("double-6", 5)):
        fast = solitaire_mod.rate_by_advisor_playouts(game, state, 0, played, deal_rng(k, "f"))
        full = solitaire_mod.rate_by_advisor_playouts(game, state, 0, played, deal_rng(k, "f"), fast=False)
        if fast.detail.get("transposes"):
            transposed += 1
            assert all(len(set(pair)) == 1 for pair in zip(*full.outcomes.values(), strict=True))
        else:
            sampled += bool(fast.samples)
            assert fast == full
    assert transposed and sampled


def test_a_record_with_moves_of_show_solution_replays_at_every_move() -> None:
    record, _ = _solution_record()
    for at in range(len(record["moves"]) + 1):
        assert replay(record, at)["at"] == at
    assert json.loads(handle(json.dumps({"op": "load", "record": {**record, "moves": [], "computer_moves": []}})))["ok"]


def _ask_replay(record: dict[str, Any], **fields: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps({"op": "replay", "record": record, **fields})))
    return answer


def test_replay_instead_shows_the_position_after_another_legal_move_in_place_of_the_one_played() -> None:
    record = _draw_record(100_000)
    replayed = Session.load(record)
    game = replayed.game
    states = list(review_mod.states(replayed))
    tried = 0
    for i, state in enumerate(states[:-1]):
        others = [m for m in game.legal_moves(state) if m != record["moves"][i]]
        if game.to_move(state) != 0 or not others:
            continue
        answer = _ask_replay(record, at=i + 1, instead=others[0])
        assert answer["ok"], answer
        live = Session.load({**record, "moves": record["moves"][:i]})
        live.replay_move(others[0])
        expected = live.view(0)
        for key in ("hand", "board", "scores", "stock", "status"):
            assert answer["view"][key] == expected[key], (i, key)
        assert answer["view"]["events"][0]["id"] == others[0]
        tried += 1
    assert tried >= 3
    for bad in ({"at": 0, "instead": "x"}, {"at": 1, "instead": 7}):
        assert _ask_replay(record, **bad)["error"]["code"] == "bad_request", bad
    illegal = _ask_replay(record, at=1, instead="no-such-move")
    assert illegal["ok"] is False


def test_replay_instead_never_shows_what_another_move_would_have_revealed_before_the_game_is_over() -> None:
    record = _draw_record(100_000)
    replayed = Session.load(record)
    game = replayed.game
    for i, state in enumerate(list(review_mod.states(replayed))[:-1]):
        revealing = [m for m in game.legal_moves(state) if game.revealed_to(state, m, game.apply(state, m))]
        if revealing:
            unfinished = {**record, "moves": record["moves"][: i + 1]}
            refused = _ask_replay(unfinished, at=i + 1, instead=revealing[0])
            assert refused["ok"] is False and refused["error"]["code"] == "hidden_information"
            assert _ask_replay(record, at=i + 1, instead=revealing[0])["ok"]
            return
    raise AssertionError("no move that reveals anything in the game")


def test_decisions_say_their_round_in_a_game_of_rounds_and_none_in_a_solitaire() -> None:
    record = _draw_record(100_000)
    decisions: list[dict[str, Any]]
    start: int | None
    session, decisions, start = open_record(record), [], 0
    while len(decisions) < 2 and start is not None:  # a slice may end inside a decision: the next goes on
        answer = review(session, start=start, limit=2 - len(decisions))
        decisions, start = decisions + answer["decisions"], answer["next"]
    rounds = [d["round"] for d in decisions]
    assert rounds and all(isinstance(r, int) and r >= 1 for r in rounds)
    solitaire, _, _, _ = _luzon_blunder()
    assert {d["round"] for d in review(open_record(solitaire))["decisions"]} == {None}


def test_review_through_the_api_is_bounded_and_refuses_a_null_start() -> None:
    session = Session.new("big-clock", {"set": "double-12"}, 2, ["human"])
    while session.to_move() is not None:
        session.ai_move("easy")
    record = persons_record(session.record())  # the easy player's moves as the person's own
    total = review(open_record(record), limit=0)["total"]
    assert total > REVIEW_LIMIT  # a game longer than one request may rate
    answer = json.loads(handle(json.dumps({"op": "review", "record": record})))["review"]
    assert len(answer["decisions"]) <= REVIEW_LIMIT and answer["next"] is not None
    too_many = json.loads(handle(json.dumps({"op": "review", "record": record, "limit": REVIEW_LIMIT + 1})))
    assert too_many["error"]["code"] == "bad_request"
    for start in (None, "0", -1, True):
        bad = json.loads(handle(json.dumps({"op": "review", "record": record, "start": start, "limit": 1})))
        assert bad["error"]["code"] == "bad_request", start


def _mark_of(ratings: ratings_mod.Ratings, best: str, played: str) -> str:
    """The review's mark of a rating: blunder, mistake, inaccuracy, or none."""
    if not ratings.outcomes:  # the advisor's move, or one that transposes to it: nothing sampled
        return "none"
    wins, losses = stopping_mod.differing(ratings.outcomes[best], ratings.outcomes[played])
    return stopping_mod.pairs_mark(wins, losses, ratings.samples)


def test_the_cheaper_play_outs_mark_the_big_clock_as_the_advisors_own_do(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's play-outs (the advisor's PlayoutPolicy, a narrower search) give the same marks
    as the advisor's own play-outs on a fixed set of slips along the advisor's games (the first
    move other than the advisor's, at every third decision) and on a move that throws a double's
    way home away, both at SAMPLES pairs at most (no more pairs where the grade is uncertain: with
    them the advisor's own find an inaccuracy at one of these slips that the cheaper ones screen
    out as good)."""
    monkeypatch.setattr(ratings_mod, "MORE", 1)
    game = get_game("big-clock")
    advisor = get_player("advisor")
    cases = [(_pending(), "refill:slot5")]
    for seed in (0, 1):
        state, k = game.new_state({"set": "double-6"}, seed), 0
        while game.to_move(state) is not None:
            moves = game.legal_moves(state)
            advised = advisor.choose(game, state, 0, random.Random(0))
            if len(moves) >= 2:
                k += 1
                if k % 3 == 1:
                    cases.append((state, next(m for m in moves if m != advised)))
            state = game.apply(state, advised)
    marks = []
    for k, (state, played) in enumerate(cases):
        cheap = solitaire_mod.rate_by_advisor_playouts(game, state, 0, played, deal_rng(k, "c"))
        full = solitaire_mod.rate_by_advisor_playouts(game, state, 0, played, deal_rng(k, "c"), cheap=False)
        best = advisor.choose(game, state, 0, random.Random(0))
        marks.append((_mark_of(cheap, best, played), _mark_of(full, best, played)))
    assert marks[0] == ("blunder", "blunder")
    assert [cheap for cheap, _ in marks] == [full for _, full in marks]
    assert sum(cheap == "none" for cheap, _ in marks) >= 3


def test_matadors_review_plays_out_through_its_compact_round_with_the_engines_results(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's medium play-outs go through Matador's compact round (`TableAi.medium_round`):
    at every decision rated here, the same mean margins as through the engine's rules."""
    game = table_game("matador")
    medium = get_player("medium")
    state = game.new_state(game.spec.resolve_options({"players": 3}), 5)
    rated = 0
    k = 0
    while rated < 4 and game.to_move(state) is not None:
        seat = known(game.to_move(state))
        moves = game.legal_moves(state)
        if len(moves) > 1 and k % 3 == 0:
            compact = rate_by_search(game, state, seat, moves[-1], deal_rng(3, "r", k))
            with monkeypatch.context() as m:
                m.setattr(game, "ai", dataclasses.replace(game.ai, medium_round=None))
                engine = rate_by_search(game, state, seat, moves[-1], deal_rng(3, "r", k))
            assert compact.outcomes == engine.outcomes and len(compact.outcomes) >= 2
            rated += 1
        state = game.apply(state, medium.choose(game, game.determinize(state, seat, deal_rng(3, "m", k)), seat,
                                                deal_rng(3, "m", k)))
        k += 1
    assert rated == 4


def test_key_moments_are_the_biggest_drops_biggest_first() -> None:
    """As a chess review lists them: the marked decisions by their drop (the loss), biggest
    first; every blunder and mistake, then inaccuracies up to KEY_MOMENTS; a tie to the earlier."""
    def d(index: int, name: str, loss: float) -> dict[str, Any]:
        return {"index": index, "grade": name, "loss": loss}

    decisions = [d(0, "inaccuracy", 0.40), d(1, "mistake", 0.18), d(2, "uncertain", 0.9), d(3, "blunder", 0.55),
                 d(4, "good", 0.02), d(5, "inaccuracy", 0.07), d(6, "mistake", 0.18)]
    assert key_moments(decisions) == [3, 0, 1, 6, 5]
    many = [d(i, "inaccuracy", 0.05 + i / 100) for i in range(8)] + [d(8, "mistake", 0.16), d(9, "mistake", 0.1)]
    assert key_moments(many) == [8, 7, 6, 5, 9]  # the mistakes always; three inaccuracies, the biggest
    assert key_moments([d(0, "good", 0.01), d(1, "uncertain", 0.3)]) == []


def _matador_record(seed: int) -> dict[str, Any]:
    """A finished three-player Matador game whose person's moves were the easy player's."""
    session = Session.new("matador", {"players": 3}, seed, ["human", "ai:easy", "ai:easy"])
    while (seat := session.game.to_move(session.state)) is not None:
        session.ai_move("easy" if session.is_human(seat) else None)
    return persons_record(session.record())


def test_the_reviews_key_moments_in_slices_are_the_whole_reviews() -> None:
    """Each slice's answer lists the key moments of every decision graded so far on its review:
    the last slice's are the whole review's, ordered by drop."""
    record = _matador_record(1)
    whole = review(open_record(record))
    marked = [d for d in whole["decisions"] if d["grade"] in ("inaccuracy", "mistake", "blunder")]
    assert len(marked) >= 2
    assert whole["key_moments"] == key_moments(whole["decisions"])
    losses = {d["index"]: d["loss"] for d in whole["decisions"]}
    assert [losses[i] for i in whole["key_moments"]] == sorted((losses[i] for i in whole["key_moments"]), reverse=True)
    registry = api.SESSIONS
    start: int | None = 0
    answer: dict[str, Any] = {}
    while start is not None:
        answer = review_mod.review_record(record, registry, start=start, limit=3)
        start = answer["next"]
    assert answer["key_moments"] == whole["key_moments"]


def test_a_decision_is_uncertain_only_after_more_play_outs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table decision whose SAMPLES play-outs leave its grade uncertain gets BATCH more of the
    best move's and the move played's at a time, until the grade settles or MORE times SAMPLES
    are in: "uncertain" only at that many, each counted where it is played out."""
    played_out = [0]
    margin = table_mod.medium_margin

    def counted(*args: Any) -> float:
        played_out[0] += 1
        return margin(*args)

    monkeypatch.setattr(table_mod, "medium_margin", counted)
    rated: dict[int, tuple[int, ratings_mod.Ratings]] = {}

    search_pairs = table_mod.search_pairs  # what engine.review imports

    def rate(game: Any, state: Any, seat: int, played: str, rng: random.Random) -> Any:
        """The review's own pairs (a step at a time), each decision's play-outs counted."""
        before = played_out[0]
        ratings = yield from search_pairs(game, state, seat, played, rng)
        rated[len(rated)] = (played_out[0] - before, ratings)
        return ratings

    monkeypatch.setattr(review_mod, "search_pairs", rate)
    cap = ratings_mod.MORE * ratings_mod.SAMPLES
    extended = 0
    for seed in (2, 3):
        decisions = review(open_record(_matador_record(seed)))["decisions"]
        for d, (count, ratings) in zip(decisions, list(rated.values())[-len(decisions):], strict=True):
            more = d["samples"] - ratings_mod.SAMPLES
            assert more >= 0 and (more % ratings_mod.BATCH == 0 or d["samples"] == cap) and d["samples"] <= cap
            assert count >= ratings_mod.SAMPLES * 2 + more * 2  # every pair counted where it was played out
            if d["grade"] == "uncertain":
                assert d["samples"] == cap, d
            if more:  # only where the first SAMPLES left it uncertain
                extended += 1
                first = {m: r[: ratings_mod.SAMPLES] for m, r in ratings.outcomes.items()}
                assert ratings_mod.in_doubt(first, "points", d["played"]) is not None
                assert len(ratings.values) == 2  # the two moves in doubt
    assert extended


WIDE = (1, 0, -1, 0, 1, 0, -1, 0, 1, 0)  # pair by pair: +1 only the advisor's move won, -1 only the move played


@pytest.mark.parametrize("pattern, uncertain", [(WIDE, True), ((1,), False)])
def test_the_solitaires_pairs_go_on_while_the_grade_is_uncertain(monkeypatch: pytest.MonkeyPatch,
                                                                  pattern: tuple[int, ...], uncertain: bool) -> None:
    """The Big Clock's pairs (here won pair by pair as `pattern` says, each play-out counted):
    a loss of about 0.1 whose interval stays wide goes on past SAMPLES pairs, 5 at a time, until
    MORE times SAMPLES: "uncertain" only there; a clear blunder is settled before SAMPLES pairs
    (and rated by the advisor's own play-outs)."""
    played_out: list[Any] = []
    pairs: dict[Any, int] = {}  # per policy (the cheaper play-outs, then the advisor's own): the pairs so far

    def wins(game: Any, state: Any, seat: int, policy: Any, rng: random.Random, passed: Any = None,
             known: Any = None) -> bool:
        played_out.append(policy)
        if passed is not None:  # the advisor's move's play-out, first of its pair
            pairs[policy] = pairs.get(policy, 0) + 1
        k = pairs[policy] - 1
        both = k % 4 == 1  # a tie: both won, or both lost
        return {1: passed is not None, -1: passed is None, 0: both}[pattern[k % len(pattern)]]

    monkeypatch.setattr(solitaire_mod, "_wins", wins)
    monkeypatch.setattr(solitaire_mod, "transposes", lambda *args: False)
    game = get_game("big-clock")
    ratings = solitaire_mod.rate_by_advisor_playouts(game, _pending(6), 0, "refill:slot5", deal_rng(0, "t"))
    last = sum(policy is played_out[-1] for policy in played_out)
    assert last == 2 * ratings.samples  # every pair of the rating counted (the last rating's play-outs)
    best, loss = ratings_mod.best_and_loss(ratings.values, "refill:slot5")
    name = grade("win", loss, ratings.uncertainty(best, "refill:slot5"))
    if uncertain:
        assert ratings.samples == ratings_mod.MORE * ratings_mod.SAMPLES and name == "uncertain", (ratings.values, name)
    else:
        assert ratings.samples <= ratings_mod.SAMPLES and name == "blunder", (ratings.samples, name)
        assert played_out[-1] is solitaire_mod.advisor_choice


def test_the_replay_of_a_resigned_game_ends_with_its_resignation() -> None:
    """The last position of a resigned game is its end (nobody's move next); the one before is not."""
    session = Session.new("draw", {"players": 2}, 4, ["human", "ai:easy"])
    for _ in range(6):
        session.ai_move("easy" if session.is_human(session.game.to_move(session.state)) else None)
    session.resign(0)
    record = session.record()
    total = len(record["moves"])
    last = _ask_replay(record, at=total)["view"]
    assert last["outcome"] and last["outcome"]["detail"]["resigned"] == 0 and last["to_move"] is None
    before = _ask_replay(record, at=total - 1)["view"]
    assert before["outcome"] is None


def _resigned(size: str, seed: int, moves: int) -> dict[str, Any]:
    """Big Clock deal `seed` of `size`: the advisor's first `moves` moves as the person's, then the
    game's own resign move."""
    session = Session.new("big-clock", {"set": size}, seed, ["human"])
    for _ in range(moves):
        session.ai_move("advisor")
    session.play("resign")
    return persons_record(session.record())


def test_a_resign_is_rated_against_the_positions_chance_with_no_prior_fitted_on_slips(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A resign ends the game lost whatever the stock holds: its value is exactly 0 and its loss
    the advisor's choice's chance to win. The prior fitted on double-9's slips (most cost nothing)
    does not hold for it: two lost play-outs of the advisor's choice do not settle it (they would
    call giving up a 0.3 chance "best"); it is weighed with every rate equally likely, and marked."""
    monkeypatch.setattr(ratings_mod, "SAMPLES", 60)
    last = review(open_record(_resigned("double-9", 3, 2)))["decisions"][-1]
    assert last["played"] == "resign" and last["value_played"] == 0.0
    assert last["loss"] == last["value_best"] > 0
    all_ties = next(n for n in range(1, 61) if stopping_mod.looks_at(n) and stopping_mod.settled_counts(0, n, 0, 60))
    assert last["samples"] >= all_ties
    assert last["grade"] in ("inaccuracy", "mistake", "blunder"), last


def test_a_resign_is_rated_by_the_cheaper_play_outs_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's scene's deal (double-6 deal 12), two moves, then resign: the cheaper play-outs play
    worse than the advisor, so the loss they give a move that loses outright (the advisor's
    choice's chance, against a sure result) is never above the advisor's own: their mark stands,
    and the advisor's own play-outs (its choice at every move of a play-out) are never asked for."""
    monkeypatch.setattr(ratings_mod, "SAMPLES", 60)
    asked = []
    own = solitaire_mod.advisor_choice

    def advisor_choice(*a: Any) -> Any:
        asked.append(1)
        return own(*a)

    monkeypatch.setattr(solitaire_mod, "advisor_choice", advisor_choice)
    last = review(open_record(_resigned("double-6", 12, 2)))["decisions"][-1]
    assert last["played"] == "resign" and last["grade"] in ("mistake", "blunder") and last["samples"] <= 60
    assert not asked


def test_a_resign_the_cheaper_play_outs_leave_unmarked_is_rated_by_the_advisors_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Their leaving it unmarked may be their weaker play (double-6 deal 0, 14 moves, then resign:
    theirs find no mark at 12 pairs): the advisor's own play-outs rate it, and give up 0.5."""
    asked = []
    own = solitaire_mod.advisor_choice

    def advisor_choice(*a: Any) -> Any:
        asked.append(1)
        return own(*a)

    monkeypatch.setattr(solitaire_mod, "advisor_choice", advisor_choice)
    last = review(open_record(_resigned("double-6", 0, 14)))["decisions"][-1]
    assert last["played"] == "resign" and asked
    assert last["grade"] == "mistake" and last["loss"] == last["value_best"] == 0.5


def test_resigning_where_every_move_wins_is_a_blunder_not_a_move_left_ungraded() -> None:
    """Double-6 deal 0 after the advisor's 58 moves: every line wins from here (Finish is
    offered; one legal move). Resigning there is the one choice that loses: graded, a blunder."""
    result = review(open_record(_resigned("double-6", 0, 58)))
    last = result["decisions"][-1]
    assert last["index"] == 58 and last["played"] == "resign" and last["choices"] == 2
    assert last["grade"] == "blunder" and last["loss"] == 1.0
    assert all(d["index"] != 58 for d in result["not_graded"])
