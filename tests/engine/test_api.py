"""Every operation and error code of the JSON entry point; an error changes nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.api import SESSIONS, handle
from engine.games import all_games
from engine.solvers.luzon import solve
from tests.engine.helpers import call, tokens


def new_luzon(seed: int = 1, **extra: Any) -> dict[str, Any]:
    answer = call(**{"op": "new", "game": "luzon", "options": {}, "seed": seed, **extra})
    assert answer["ok"], answer
    return answer


def test_catalog_lists_games_with_options_and_rules() -> None:
    answer = call(op="catalog")
    assert answer["ok"]
    ids = [g["id"] for g in answer["games"]]
    assert set(ids) == {"luzon", "big-clock", "clock", "draw", "matador", "tiddle-a-wink", "round-the-clock"}
    luzon = next(g for g in answer["games"] if g["id"] == "luzon")
    assert luzon["options"][0]["choices"] == ["twelve", "sixes"]
    assert any("reserve" in p for section in luzon["rules"] for p in section["paragraphs"])


def test_catalog_order_is_the_specs_whatever_was_imported_first() -> None:
    # The catalog's order is the specs' `order`, never the order the modules were imported in.
    code = ("import engine.players, json; from engine.api import handle; "
            "print(json.dumps([g['id'] for g in json.loads(handle('{\"op\": \"catalog\"}'))['games']]))")
    ids = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                    cwd=Path(__file__).parents[2]).stdout)
    games = {g.spec.id: g.spec for g in all_games()}
    assert ids == sorted(games, key=lambda i: (games[i].order, games[i].name))
    assert ids[:3] == ["luzon", "big-clock", "clock"], "solitaires first"


def test_new_gives_the_same_deal_as_the_cli_solver() -> None:
    view = new_luzon(5)["view"]
    assert view["seed"] == 5 and view["to_move"] == 0 and view["seat"] == 0
    assert view["board"]["left"] == 28
    assert view["analysis"]["winnable"] == solve(5).winnable
    assert all({"id", "label"} <= set(m) for m in view["legal"])


def test_play_to_a_win_then_game_over() -> None:
    seed = next(s for s in range(50) if solve(s).winnable)
    sid = new_luzon(seed)["session"]
    for move in solve(seed).solution or []:
        answer = call(op="play", session=sid, move=move)
        assert answer["ok"], answer
        assert answer["view"]["events"][0]["move"] == move
    view = answer["view"]
    assert view["outcome"]["winners"] == [0] and view["to_move"] is None and view["legal"] == []
    assert call(op="play", session=sid, move=move)["error"]["code"] == "game_over"
    assert call(op="hint", session=sid)["error"]["code"] == "game_over"


def test_hint_undo_redo_record_load() -> None:
    sid = new_luzon(3)["session"]
    hint = call(op="hint", session=sid)
    assert hint["ok"] and hint["move"] and hint["reason"] and hint["label"]
    after = call(op="play", session=sid, move=hint["move"])["view"]
    assert after["can_undo"] and after["moves"] == 1
    undone = call(op="undo", session=sid)
    assert undone["undone"] == 1 and undone["view"]["moves"] == 0 and undone["view"]["can_redo"]
    redone = call(op="redo", session=sid)
    assert redone["redone"] == 1 and redone["view"]["board"] == after["board"]
    record = call(op="record", session=sid)["record"]
    assert record == {"version": 1, "game": "luzon", "options": {"variant": "twelve"}, "seed": 3,
                      "seats": ["human"], "moves": [hint["move"]], "assisted": True,
                      "aids": [{"at": 0, "kind": "hint"}, {"at": 0, "kind": "undo"}]}
    loaded = call(op="load", record=record)
    assert loaded["ok"] and loaded["session"] != sid and loaded["view"]["board"] == after["board"]
    assert call(op="view", session=sid)["view"]["board"] == after["board"]
    assert call(op="undo", session=loaded["session"])["view"]["moves"] == 0
    assert call(op="undo", session=loaded["session"])["undone"] == 0  # nothing left: no error, no change


def test_load_carries_the_last_moves_as_play_answers_gave_them() -> None:
    """A loaded game's view carries the events of its last moves back to every seat's last one:
    the very events the play and ai answers carried (so the page shows the last move and each
    seat's last action), with nothing hidden from the seat the view is for."""
    seats = ["human", "ai:easy", "ai:easy", "ai:easy"]
    answer = call(op="new", game="matador", options={"set": "double-12", "players": 4}, seed=5, seats=seats, seat=0)
    sid, given = answer["session"], []
    while answer["view"]["moves"] < 60 or answer["view"]["to_move"] != 0:
        view = answer["view"]
        if view["to_move"] == 0:
            answer = call(op="play", session=sid, move=view["legal"][0]["id"], seat=0)
        else:
            answer = call(op="ai", session=sid, seat=0)
        assert answer["ok"], answer
        given += answer["view"]["events"]
    record = call(op="record", session=sid)["record"]
    loaded = call(op="load", record=record, seat=0)
    events = loaded["view"]["events"]
    last = {event["seat"]: i for i, event in enumerate(given)}
    assert events == given[min(last.values()):] and len(last) == len(seats)
    assert {event["seat"] for event in events} == set(range(len(seats)))
    session = SESSIONS.get(loaded["session"])
    hidden = session.game.hidden_from(session.state, 0)
    assert hidden and not tokens(events) & hidden
    # a solitaire: its last move; no move yet: none
    sid = new_luzon(3)["session"]
    move = call(op="hint", session=sid)["move"]
    played = call(op="play", session=sid, move=move)["view"]["events"]
    assert call(op="load", record=call(op="record", session=sid)["record"])["view"]["events"] == played
    assert call(op="load", record={"game": "luzon", "seed": 3})["view"]["events"] == []


def test_ai_autoplay_of_a_solitaire_with_advisor() -> None:
    sid = new_luzon(3)["session"]
    assert call(op="ai", session=sid)["error"]["code"] == "not_your_turn"
    answer = call(op="ai", session=sid, level="advisor")
    assert answer["ok"] and answer["view"]["moves"] == 1


@pytest.mark.parametrize(
    "request_text,code",
    [
        ("not json", "bad_request"),
        ("[1, 2]", "bad_request"),
        ('{"op": "fly"}', "bad_request"),
        ('{"op": "new", "game": "chess", "seed": 1}', "unknown_game"),
        ('{"op": "new", "game": "luzon", "seed": -1}', "bad_seed"),
        ('{"op": "new", "game": "luzon", "seed": "1"}', "bad_seed"),
        ('{"op": "new", "game": "luzon", "seed": 1, "options": {"variant": "nine"}}', "bad_option"),
        ('{"op": "new", "game": "luzon", "seed": 1, "options": {"colour": "red"}}', "bad_option"),
        ('{"op": "new", "game": "luzon", "seed": 1, "options": []}', "bad_request"),
        ('{"op": "new", "game": "luzon", "seed": 1, "seats": ["human", "human"]}', "bad_request"),
        ('{"op": "new", "game": "luzon", "seed": 1, "seats": ["ai:genius"]}', "bad_request"),
        ('{"op": "play", "session": "nope", "move": "x"}', "unknown_session"),
        ('{"op": "load", "record": {"game": "luzon", "seed": 1, "moves": ["discard:c1+c1"]}}', "bad_record"),
        ('{"op": "load", "record": {"game": "chess", "seed": 1}}', "bad_record"),
        ('{"op": "load", "record": {"version": 99, "game": "luzon", "seed": 1}}', "bad_record"),
        ('{"op": "load", "record": "x"}', "bad_record"),
    ],
)
def test_errors_have_codes(request_text: str, code: str) -> None:
    answer = json.loads(handle(request_text))
    assert answer["ok"] is False and answer["error"]["code"] == code and answer["error"]["message"]


def test_illegal_and_malformed_moves_change_nothing() -> None:
    sid = new_luzon(2)["session"]
    before = call(op="view", session=sid)["view"]
    legal = {m["id"] for m in before["legal"]}
    unpaired = next(f"discard:c1+c{j}" for j in range(2, 6) if f"discard:c1+c{j}" not in legal)
    for move in ["discard:c1+c1", unpaired, "move:c1>c2", "", 5, None]:
        answer = call(op="play", session=sid, move=move)
        assert answer["ok"] is False and answer["error"]["code"] in {"illegal_move", "bad_request"}
    assert call(op="view", session=sid)["view"] == before
    assert call(op="view", session=sid, seat=3)["error"]["code"] == "bad_request"


def test_same_seed_same_deal_across_requests() -> None:
    a = new_luzon(11, options={"variant": "sixes"})["view"]["board"]
    b = call(op="new", game="pairs-to-twelve", options={"variant": "sixes"}, seed=11)["view"]["board"]
    assert a == b


LOADS_NOTHING_MORE = """
import json, sys
from engine.api import handle, load_everything
load_everything()
before = set(sys.modules)
def ask(**req):
    answer = json.loads(handle(json.dumps(req)))
    assert answer["ok"], (req, answer)
    return answer
for game in ask(op="catalog")["games"]:
    for lesson in (False, True) if game["lesson"] else (False,):
        answer = ask(op="new", game=game["id"], lesson=True) if lesson else ask(op="new", game=game["id"], seed=3)
        session = answer["session"]
        for _ in range(6):
            if answer["view"].get("outcome"):
                break
            if game["solitaire"] or answer["view"].get("to_move") == 0:  # the person's turn
                ask(op="hint", session=session)
                answer = ask(op="ai", session=session, level="hard" if game["levels"] else "advisor")
            else:
                answer = ask(op="ai", session=session)
        ask(op="undo", session=session)
        record = ask(op="record", session=session)["record"]
        ask(op="load", record=record)
        ask(op="replay", record=record, at=len(record["moves"]), seat=0)
        ask(op="review", record=record, limit=3)
        ask(op="review", session=session, limit=2)
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def test_after_load_everything_no_request_imports_a_module() -> None:
    """What the worker's start-up snapshot relies on (web/worker.js takeSnapshot): after
    `load_everything`, deals, hints, computer moves, undo, loads, replays and reviews of every
    game and guided deal import nothing more, so a start from the snapshot needs no module file."""
    out = subprocess.run([sys.executable, "-c", LOADS_NOTHING_MORE], cwd=Path(__file__).resolve().parents[2],
                         capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == []
