"""Game review: replay a record and rate every real decision (two or more choices, a resign among
them: `choices`) of the seats a person played, as a chess program's game review does.

How a decision is valued depends on what is known of the game, never on its name:
- a game whose advisor values every legal move exactly (`engine.solvers.MoveRater`: Luzon,
  winnable or not; Clock, the exact c/n of each exchange) is rated by it;
- another solitaire: the move played and the advisor's choice are each played out to the end
  by the advisor over the same determinizations, in pairs until the mark is settled; their win
  rates are the estimate. Where the advisor's play after the move played asks at a position its
  play after its own choice asks at, before anything hidden shows, the two are equal and
  nothing is played out; a play-out that asks at a position its pair asked at ends as it did;
  a move played that loses the game outright (a resign) is worth 0, exactly;
- a table game: the hard player's search from the seat's own information at that moment
  (determinizations of its view, never the hidden tiles) names its few best candidates; they
  and the move played are played out to the end of the round by the medium player over the
  same determinizations: their mean round-point margins.

The grades compare the move played with the best move by the loss in that unit: win chance lost
(0..1), or round points lost (table games); a sampled loss is graded by its lower bound (two
standard errors below), so a label is not a coin toss; a decision whose interval is too wide to
grade gets more play-outs (up to MORE times SAMPLES) before it is called "uncertain". The thresholds
are in GRADES (engine/review_marks.py); the labels
are checked against independent play-outs by `tests/bench/bench_review.py`.

This module walks a game's decisions, slice by slice, and words each one; the raters live beside it:
engine/review_ratings.py (what a rater returns), engine/review_solitaire.py (the solitaires' pairs
of play-outs) with engine/review_stopping.py (when those pairs stop), engine/review_table.py (the
table games' search and play-outs).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine import review_ratings as sizes  # SAMPLES, MORE, BATCH: read there, so set in one place
from engine.cache import LRU
from engine.forced import finish_line
from engine.games.table import TableGame
from engine.protocol import JSON, BadRequest, Game
from engine.review_marks import grade, key_moments, summary, verdict
from engine.review_ratings import Pairs, Rater, Ratings, best_and_loss, rate_exact
from engine.review_solitaire import advisor_pairs
from engine.review_table import search_pairs
from engine.rng import deal_rng
from engine.session import Registry, Session
from engine.solvers import MoveRater, advisor_for

SLICE_SECONDS = 2.0  # a slice (`limit` given) ends inside a decision whose play-outs run past this
clock = time.monotonic  # what a slice's deadline is read on (a test counts work on a clock of its own)
UNFINISHED_KEPT = 8  # decisions cut short by a slice's end, kept for the next slice (per reviewed game)
REVIEWS_KEPT = 2  # reviews by record whose sessions stay open between slices (each holds its game's states)


def rater_for(game: Game[Any]) -> Rater:
    advisor = advisor_for(game)
    if isinstance(advisor, MoveRater):
        return rate_exact(advisor)
    return search_pairs if isinstance(game, TableGame) else advisor_pairs


@dataclass
class ReviewWork:
    """What a review keeps between its slices, on the session whose game it reviews (so it lives
    in the API's session registry, and goes when the session goes): the game's decisions, found
    in one walk over its states, and the decisions a slice's end cut short with their pairs so
    far."""

    moves: list[str]  # the session's moves when it was made: made again after any other move
    positions: list[tuple[int, Any, int]]  # (move index, the state before it, the seat to move), 2+ legal moves
    # the decisions not graded as a person's: (move index, the state before it, the seat, why)
    not_graded: list[tuple[int, Any, int, str]]
    record: str | None = None  # a review by record: that record as JSON text, how its next slice finds it
    unfinished: LRU[tuple[tuple[int, ...], int], Pairs] = field(default_factory=lambda: LRU(UNFINISHED_KEPT))
    graded: dict[tuple[tuple[int, ...], int], JSON] = field(default_factory=dict)  # (seats, index) -> decision


def open_record(record: Any) -> Session:
    """A record loaded for a review: every state kept, since the review walks them all (the
    record is replayed once). Raises BadRecord for a record that does not replay."""
    return Session.load(record, keep_states=True)


def review_record(record: Any, registry: Registry, seats: list[int] | None = None, start: int = 0,
                  limit: int | None = None) -> JSON:
    """`review` of a record, a slice at a time: the work is kept between slices on a session
    opened in `registry` (the session a slice before opened for the same record, else the record
    loaded with `open_record`; the least recently used reviews beyond REVIEWS_KEPT are closed).
    A refused request opens nothing. Raises BadRecord for a record that does not replay."""
    text = json.dumps(record, sort_keys=True)
    reviews = [(sid, session) for sid, session in registry.items()
               if isinstance(session.review_work, ReviewWork) and session.review_work.record is not None]
    for sid, session in reviews:
        if session.review_work.record == text and session.review_work.moves == session.moves:
            return review(registry.get(sid), seats, start, limit)
    session = open_record(record)
    session.review_work = _walk(session, text)
    answer = review(session, seats, start, limit)
    for sid, _ in reviews[: max(0, len(reviews) + 1 - REVIEWS_KEPT)]:  # (before opening one: opening
        registry.close(sid)  # may drop the least recently used session, one of these)
    registry.open(session)
    return answer


def choices(game: Game[Any], state: Any, played: str) -> list[str]:
    """What the seat chose `played` from: the legal moves, and `played` where the game accepts it
    beside them (`Game.extra_moves`: a resign, which the rules allow). One choice: a forced move."""
    legal = game.legal_moves(state)
    return legal if played in legal else [*legal, played]


def _walk(session: Session, record: str | None = None) -> ReviewWork:
    """The review's work on `session`'s game as it stands: its decisions, from one walk."""
    game = session.game
    positions, not_graded = [], []
    for i, state in enumerate(states(session)):
        if i >= len(session.moves) or (seat := game.to_move(state)) is None:
            continue
        played, legal = session.moves[i], game.legal_moves(state)
        if len(choices(game, state, played)) < 2:
            continue  # forced: no decision
        wins = played in legal and finish_line(game, state, seat) is not None  # (a resign there loses)
        why = ("played by the computer (Show solution)" if i in session.computer_moves
               else "nothing left to decide: every move wins" if wins else None)
        if why:
            not_graded.append((i, state, seat, why))
        else:
            positions.append((i, state, seat))
    return ReviewWork(list(session.moves), positions, not_graded, record)


def review(session: Session, seats: list[int] | None = None, start: int = 0, limit: int | None = None,
           progress: Callable[[int, int], None] | None = None) -> JSON:
    """Rate the real decisions of `seats` (default: the person seats; every seat when no person
    played) in a session's game, but those the computer made for a person (Show solution: the
    record's "computer_moves") and those where every move wins (Finish), which "not_graded" lists:
    all of them, or `limit` of them from the `start`-th, so a
    caller can show progress and stop between slices ("next" is where the following slice
    starts, None at the end). A slice also ends inside a decision rated by pairs of play-outs
    once it has run SLICE_SECONDS: "working" then says which decision and how many pairs it has
    (None when the slice ended between decisions), "next" points at it, and the next slice on
    the same session goes on with its pairs (kept in the session's `ReviewWork`; played again,
    the same pairs, if they were forgotten). The ratings never depend on where slices end.
    "key_moments" lists the key moments (`key_moments`: the biggest drops, biggest first) of every
    decision this review has graded so far, this slice's and the slices' before it on the same
    session."""
    game = session.game
    if seats is None:
        seats = [i for i, kind in enumerate(session.seats) if kind == "human"] or list(range(len(session.seats)))
    if not isinstance(seats, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(session.seats) for s in seats):
        raise BadRequest("seats must be a list of seat numbers of this game")
    for asked in seats:
        session.check_may_see(asked)
    for name, value, optional in (("start", start, False), ("limit", limit, True)):
        if (value is not None or not optional) and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise BadRequest(f"{name} must be a non-negative integer")
    rate = rater_for(game)
    work = session.review_work
    if not isinstance(work, ReviewWork) or work.moves != session.moves:
        work = session.review_work = _walk(session)
    positions = [p for p in work.positions if p[2] in seats]
    not_graded = [{"index": i, "seat": seat, "played_move": session.move_entry(state, session.moves[i]), "why": why}
                  for i, state, seat, why in work.not_graded if seat in seats]
    end = len(positions) if limit is None else min(len(positions), start + limit)
    deadline = None if limit is None else clock() + SLICE_SECONDS
    decisions = []
    working = None
    for done, (i, state, seat) in enumerate(positions[start:end], start):
        if deadline is not None and done > start and clock() >= deadline:
            end = done  # the slice's time is up between two decisions: the next slice starts here
            break
        if progress:
            progress(done, len(positions))
        played = session.moves[i]
        rated = rate(game, state, seat, played, deal_rng(session.seed, "review", i))
        if isinstance(rated, Ratings):
            ratings = rated
        else:
            key = (tuple(seats), i)
            pairs = work.unfinished.pop(key) or rated
            finished, samples = _play(pairs, deadline)
            if finished is None:
                work.unfinished.put(key, pairs)
                working, end = {"index": i, "samples": samples, "most": sizes.MORE * sizes.SAMPLES}, done
                break
            ratings = finished
        decisions.append(_decision(session, state, i, seat, played, ratings))
        work.graded[(tuple(seats), i)] = decisions[-1]
    return {"game": game.spec.id, "seats": seats, "moves": len(session.moves), "total": len(positions),
            "start": start, "next": end if end < len(positions) else None, "decisions": decisions,
            "working": working, "not_graded": not_graded, "summary": summary(decisions),
            "key_moments": key_moments([d for (who, _), d in sorted(work.graded.items()) if who == tuple(seats)])}


def _play(pairs: Pairs, deadline: float | None) -> tuple[Ratings | None, int]:
    """Play `pairs` on to its ratings, or until `deadline` (`clock`) has passed: (None,
    the pairs so far) then."""
    samples = 0
    while True:
        try:
            samples = next(pairs)
        except StopIteration as finished:
            ratings: Ratings = finished.value
            return ratings, samples
        if deadline is not None and clock() >= deadline:
            return None, samples


def states(session: Session) -> Iterator[Any]:
    """The positions of a session's game from the deal on: before each move, then the last (a
    state the session let go made again from the one before it)."""
    state = None
    for i, kept in enumerate(session.history):
        state = kept if kept is not None else session.game.apply(state, session.moves[i - 1])
        yield state


def _decision(session: Session, state: Any, index: int, seat: int, played: str, ratings: Ratings) -> JSON:
    game = session.game
    values = ratings.values
    if values:
        best, loss = best_and_loss(values, played)
    else:  # the rater only confirmed that the move played is its best
        best, loss = played, 0.0
    uncertainty = ratings.uncertainty(best, played)
    name = grade(ratings.unit, loss, uncertainty)
    return {
        "index": index,
        "seat": seat,
        "played": played,
        "played_label": game.move_label(state, played),
        "played_move": session.move_entry(state, played),
        "best": best,
        "best_label": game.move_label(state, best),
        "best_move": session.move_entry(state, best),
        "value_played": values.get(played),
        "value_best": values.get(best),
        "loss": loss,
        "uncertainty": uncertainty,
        "grade": name,
        "verdict": verdict(ratings.unit, name, uncertainty),
        "unit": ratings.unit,
        "exact": ratings.exact,
        "samples": ratings.samples,
        "choices": len(choices(game, state, played)),
        "round": _round_number(game, state, seat),
        "detail": ratings.detail,
    }


def _round_number(game: Game[Any], state: Any, seat: int) -> int | None:
    """The round a decision was made in, as the seat's view numbers it (None: a game not played
    in rounds), so the coach's graph marks where each round starts."""
    number = (game.view(state, seat).get("round") or {}).get("number")
    return number if isinstance(number, int) else None
