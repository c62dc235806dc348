"""The target score: an option of every table game, the rules' default, validated, in the record,
and the end of the game; the option's help says what a blocked round can score."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.helpers import call

# the rule sheets' targets (shared/RULES.md): these defaults never change
RULE_TARGETS = {"draw": 100, "matador": 100, "tiddle-a-wink": 200, "round-the-clock": 100}



def target_option(game_id: str) -> dict[str, Any]:
    game = next(g for g in call(op="catalog")["games"] if g["id"] == game_id)
    return next(o for o in game["options"] if o["key"] == "target")


def test_every_table_game_and_only_those_offer_a_target() -> None:
    games = call(op="catalog")["games"]
    with_target = {g["id"] for g in games if any(o["key"] == "target" for o in g["options"])}
    assert with_target == {g["id"] for g in games if g["screen"] == "table"} == set(RULE_TARGETS)


@pytest.mark.parametrize("game_id", sorted(RULE_TARGETS))
def test_the_default_is_the_sheet_s_and_the_help_says_what_a_blocked_round_scores(game_id: str) -> None:
    option = target_option(game_id)
    assert option["default"] == RULE_TARGETS[game_id]
    assert RULE_TARGETS[game_id] in option["choices"] and len(option["choices"]) > 1
    assert "blocked round" in option["help"] and "in one round" in option["help"]
    view = call(op="new", game=game_id, seed=3)["view"]
    assert view["target"] == RULE_TARGETS[game_id] and view["options"]["target"] == RULE_TARGETS[game_id]


@pytest.mark.parametrize("game_id", sorted(RULE_TARGETS))
def test_a_chosen_target_is_in_the_view_and_the_record_and_survives_a_load(game_id: str) -> None:
    option = target_option(game_id)
    other = max(option["choices"])
    answer = call(op="new", game=game_id, seed=3, options={"target": other})
    assert answer["ok"], answer
    assert answer["view"]["target"] == other and answer["record"]["options"]["target"] == other
    loaded = call(op="load", record=answer["record"])
    assert loaded["ok"] and loaded["view"]["target"] == other


@pytest.mark.parametrize("bad", [7, -100, "lots", None, 100.5])
def test_a_target_not_offered_is_a_typed_error(bad: Any) -> None:
    answer = call(op="new", game="matador", seed=3, options={"target": bad})
    assert answer["ok"] is False and answer["error"]["code"] == "bad_option"


def test_a_record_from_before_the_option_loads_with_the_sheet_s_target() -> None:
    record = call(op="new", game="matador", seed=3)["record"]
    old = {**record, "options": {k: v for k, v in record["options"].items() if k != "target"}}
    loaded = call(op="load", record=old)
    assert loaded["ok"] and loaded["view"]["target"] == 100


def test_a_game_ends_when_a_seat_reaches_the_target_chosen() -> None:
    """Matador to 500 goes on past rounds that end a game to 100: the score decides."""
    answer = call(op="new", game="matador", seed=11, options={"target": 500}, seats=["ai:easy"] * 3)
    sid = answer["session"]
    view = answer["view"]
    for _ in range(5000):
        if view["outcome"]:
            break
        answer = call(op="ai", session=sid)
        assert answer["ok"], answer
        view = answer["view"]
    assert view["outcome"], "the game did not end"
    scores = view["scores"]
    assert max(scores) >= 500
    finished = [r["scores"] for r in view["rounds"]]
    assert all(max(s) < 500 for s in finished[:-1]) and len(finished) > 1
