"""A review's slice yields within its deadline even inside the costliest decision (issue 33,
item 11): a table game's decision (the hard player's search, then the play-outs of its candidates)
goes a step at a time, so a slice stops between two steps and the next slice goes on from there,
with the same marks as one long run. The slices are timed on a clock that counts work (each search
iteration and each play-out of a round one unit), never on the wall clock."""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

import pytest

import engine.review as review_module
import engine.review_table as table_mod
from engine import api
from engine.players.ismcts import IsmctsPlayer
from engine.review import SLICE_SECONDS, review
from engine.review_table import CANDIDATES
from engine.session import Session
from tests.engine.helpers import call

UNITS_PER_SLICE = 40  # the slice's 2 s, on the work clock


class WorkClock:
    """Reads the work done so far, each unit SLICE_SECONDS / UNITS_PER_SLICE seconds."""

    def __init__(self) -> None:
        self.units = 0

    def __call__(self) -> float:
        return self.units * SLICE_SECONDS / UNITS_PER_SLICE


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> WorkClock:
    """The review's slices on a work clock: every play-out of a round and every iteration of the
    search counts one unit."""
    clock = WorkClock()
    monkeypatch.setattr(review_module, "clock", clock)
    margin = table_mod.medium_margin

    def counted_margin(*args: Any) -> float:
        clock.units += 1
        return margin(*args)

    search_steps = IsmctsPlayer.search_steps

    def counted_steps(self: IsmctsPlayer, *args: Any, **kwargs: Any) -> Generator[int, None, Any]:
        steps = search_steps(self, *args, **kwargs)
        while True:
            try:
                value = next(steps)
            except StopIteration as done:
                return done.value
            clock.units += 1
            yield value

    monkeypatch.setattr(table_mod, "medium_margin", counted_margin)
    monkeypatch.setattr(IsmctsPlayer, "search_steps", counted_steps)
    return clock


def at_a_decision(game: str, options: dict[str, Any], seed: int, decisions: int = 1) -> Session:
    """A person's game played (the person at random, the computers easy) on past `decisions` of
    the person's moves with two or more choices."""
    rules = Session.new(game, options, seed).game
    seats = ["human"] + ["ai:easy"] * (rules.num_seats(rules.spec.resolve_options(options)) - 1)
    session = Session.new(game, options, seed, seats)
    made, rng = 0, random.Random(seed)
    while made < decisions:
        seat = session.to_move()
        assert seat is not None
        if seat == 0:
            legal = session.game.legal_moves(session.state)
            made += len(legal) >= 2
            session.play(rng.choice(legal))
        else:
            session.ai_move()
    return session


def test_a_slice_of_the_costliest_decision_ends_within_its_limit(work: WorkClock) -> None:
    session = at_a_decision("draw", {"set": "double-12", "players": 6}, 3)
    answer = review(session, limit=1)
    assert answer["decisions"] == [] and answer["working"] is not None, answer  # cut inside the decision
    # the slice ends at its limit or one step past it: a step is one search iteration or one
    # determinization's play-outs (the candidates and the move played)
    assert UNITS_PER_SLICE <= work.units <= UNITS_PER_SLICE + CANDIDATES + 1, work.units


@pytest.mark.parametrize(("game", "options"), [("draw", {"set": "double-6"}), ("matador", {})])
def test_resumed_slices_give_the_marks_of_one_long_run(work: WorkClock, game: str, options: dict[str, Any]) -> None:
    session = at_a_decision(game, options, 4, decisions=2)
    whole = review(Session.load(session.record(), keep_states=True))  # no limit: one run, no clock read
    assert whole["total"] >= 1
    decisions: list[dict[str, Any]] = []
    start: int | None = 0
    slices = 0
    while start is not None:
        answer = review(session, start=start, limit=1)
        decisions += answer["decisions"]
        start, slices = answer["next"], slices + 1
    assert slices > whole["total"], "no decision was cut by a slice's end"
    assert decisions == whole["decisions"]


def test_a_review_by_record_opens_when_the_registry_is_full() -> None:
    """The third review by record closes the oldest of the two kept; with the registry full,
    opening its session also drops the least recently used one, that same review: one close, no
    unknown_session (the review answered before the fix, then failed on its own bookkeeping)."""
    api.SESSIONS.clear()
    records = [call(op="new", game="luzon", seed=seed)["record"] for seed in (1, 2, 3)]
    api.SESSIONS.clear()
    for record in records[:2]:
        assert call(op="review", record=record, limit=1)["ok"]
    while len(api.SESSIONS) < api.MAX_SESSIONS:
        call(op="new", game="luzon", seed=9)
    answer = call(op="review", record=records[2], limit=1)
    assert answer["ok"], answer
    reviews = [s for _, s in api.SESSIONS.items() if s.review_work is not None]
    assert len(reviews) == review_module.REVIEWS_KEPT
    api.SESSIONS.clear()


def test_a_table_review_through_the_api_in_the_smallest_slices_grades_as_in_one_go(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the API, by record: slices that each end after one step (a search iteration or one
    determinization's play-outs) give the decisions of one slice that runs to the end."""
    record = at_a_decision("draw", {"set": "double-6"}, 4, decisions=2).record()
    monkeypatch.setattr(review_module, "SLICE_SECONDS", 1e9)
    whole = call(op="review", record=record)["review"]
    assert whole["next"] is None and len(whole["decisions"]) == whole["total"] >= 2
    api.SESSIONS.clear()
    monkeypatch.setattr(review_module, "SLICE_SECONDS", 0.0)
    decisions: list[dict[str, Any]] = []
    start: int | None = 0
    slices = 0
    while start is not None:
        answer = call(op="review", record=record, start=start)["review"]
        decisions += answer["decisions"]
        start, slices = answer["next"], slices + 1
    assert slices > 100, slices  # every step a slice of its own
    assert decisions == whole["decisions"]
    api.SESSIONS.clear()
