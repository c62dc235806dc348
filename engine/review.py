"""Game review: replay a record and rate every real decision (two or more legal moves) of the
seats a person played, as a chess program's game review does.

How a decision is valued depends on what is known of the game, never on its name:
- a solver module that declares `rate_moves(state)` for the game (`GAME_ID`) values every
  legal move exactly (Luzon: winnable or not; Clock: the exact c/n of each exchange);
- another solitaire: the move played and the advisor's choice are each played out to the end
  by the advisor over the same determinizations; their win rates are the estimate;
- a table game: the hard player's search from the seat's own information at that moment
  (a determinization of its view, never the hidden tiles), without its early stop, gives each
  move's mean round-point margin.

The grades compare the move played with the best move by the loss in that unit:
win chance lost (0..1), or round points lost (table games). The thresholds are in GRADES and
are checked against play-outs by `tests/bench/bench_review.py`.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import engine.solvers
from engine.players import get_player
from engine.players.ismcts import IsmctsPlayer
from engine.protocol import JSON, BadRequest, Game
from engine.rng import deal_rng
from engine.session import Session

WIN = "win"  # values are chances of winning, 0..1
POINTS = "points"  # values are the expected round points of the seat minus the others' mean

# (grade, smallest loss) in each unit, worst first; a smaller loss is "good", none is "best".
GRADES: dict[str, tuple[tuple[str, float], ...]] = {
    WIN: (("blunder", 0.30), ("mistake", 0.15), ("inaccuracy", 0.05)),
    POINTS: (("blunder", 8.0), ("mistake", 4.0), ("inaccuracy", 2.0)),
}
SAMPLES = 60  # advisor play-outs per compared move in a solitaire without an exact rater
TABLE_ITERATIONS = 600  # the review's search budget per decision (the hard player: 300)


@dataclass(frozen=True)
class Ratings:
    """The values of a position's moves, from the mover's information. `values` holds at
    least the move played and the best move; `detail` adds per-move facts."""

    values: dict[str, float]
    unit: str
    exact: bool
    samples: int = 0  # determinizations or play-outs behind each value; 0 when exact
    detail: dict[str, JSON] = field(default_factory=dict)


Rater = Callable[[Game[Any], Any, int, str, random.Random], Ratings]


def _exact_raters() -> dict[str, Callable[[Any], tuple[dict[str, float], dict[str, JSON]]]]:
    """`GAME_ID -> rate_moves` of every solver module that declares both."""
    found = {}
    for info in pkgutil.iter_modules(engine.solvers.__path__):
        module = importlib.import_module(f"engine.solvers.{info.name}")
        game_id, rate = getattr(module, "GAME_ID", None), getattr(module, "rate_moves", None)
        if isinstance(game_id, str) and callable(rate):
            found[game_id] = rate
    return found


def rate_exact(rate: Callable[[Any], tuple[dict[str, float], dict[str, JSON]]]) -> Rater:
    def rater(game: Game[Any], state: Any, seat: int, played: str, rng: random.Random) -> Ratings:
        values, detail = rate(state)
        return Ratings(values, WIN, exact=True, detail=detail)

    return rater


def rate_by_advisor_playouts(game: Game[Any], state: Any, seat: int, played: str, rng: random.Random) -> Ratings:
    """The move played against the advisor's choice. When they differ each is played out to
    the end by the advisor over the same SAMPLES determinizations (common random numbers make
    the difference fair); when they agree the move is the advisor's best and nothing is sampled."""
    advisor = get_player("advisor")
    best = advisor.choose(game, game.determinize(state, seat, rng), seat, rng)
    if best == played:
        return Ratings({}, WIN, exact=False, detail={"agrees": True})
    wins = dict.fromkeys((best, played), 0)
    for _ in range(SAMPLES):
        deal = game.determinize(state, seat, rng)
        seed = rng.getrandbits(32)
        for move in wins:
            wins[move] += _advisor_wins(game, game.apply(deal, move), seat, random.Random(seed))
    return Ratings({m: w / SAMPLES for m, w in wins.items()}, WIN, exact=False, samples=SAMPLES,
                   detail={"agrees": False})


def _advisor_wins(game: Game[Any], state: Any, seat: int, rng: random.Random) -> bool:
    advisor = get_player("advisor")
    while (mover := game.to_move(state)) is not None:
        state = game.apply(state, advisor.choose(game, state, mover, rng))
    outcome = game.outcome(state)
    return bool(outcome and seat in outcome.winners)


def rate_by_search(game: Game[Any], state: Any, seat: int, played: str, rng: random.Random) -> Ratings:
    """The hard player's search from the seat's information, every move explored (no early
    stop, twice the budget): each move's mean round-point margin."""
    player = IsmctsPlayer(iterations=TABLE_ITERATIONS, max_steps=0)
    search = player.search(game, game.determinize(state, seat, rng), seat, rng, early_stop=False)
    values = {m: v for m in game.legal_moves(state) if (v := search.mean_points(m)) is not None}
    visits = {m: child.visits for m, child in search.root.children.items()}
    return Ratings(values, POINTS, exact=False, samples=sum(visits.values()), detail={"visits": visits})


def rater_for(game: Game[Any]) -> Rater:
    exact = _exact_raters().get(game.spec.id)
    if exact is not None:
        return rate_exact(exact)
    return rate_by_advisor_playouts if game.spec.solitaire else rate_by_search


def grade(unit: str, loss: float) -> str:
    for name, least in GRADES[unit]:
        if loss >= least - 1e-9:
            return name
    return "best" if loss <= 1e-9 else "good"


def review(record: Any, seats: list[int] | None = None, start: int = 0, limit: int | None = None,
           progress: Callable[[int, int], None] | None = None) -> JSON:
    """Rate the real decisions of `seats` (default: the person seats; every seat when no person
    played) in a record: all of them, or `limit` of them from the `start`-th, so a caller can
    show progress and stop between slices ("next" is where the following slice starts, None at
    the end). Raises BadRecord for a record that does not replay."""
    session = Session.load(record)
    game = session.game
    if seats is None:
        seats = [i for i, kind in enumerate(session.seats) if kind == "human"] or list(range(len(session.seats)))
    if not isinstance(seats, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(session.seats) for s in seats):
        raise BadRequest("seats must be a list of seat numbers of this game")
    for name, value in (("start", start), ("limit", limit)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise BadRequest(f"{name} must be a non-negative integer")
    rate = rater_for(game)
    positions = [
        (i, state, seat)
        for i, state in enumerate(session.history[:-1])
        if (seat := game.to_move(state)) in seats and len(game.legal_moves(state)) >= 2
    ]
    end = len(positions) if limit is None else min(len(positions), start + limit)
    decisions = []
    for done, (i, state, seat) in enumerate(positions[start:end], start):
        if progress:
            progress(done, len(positions))
        played = session.moves[i]
        ratings = rate(game, state, seat, played, deal_rng(session.seed, "review", i))
        decisions.append(_decision(game, state, i, seat, played, ratings))
    return {"game": game.spec.id, "seats": seats, "moves": len(session.moves), "total": len(positions),
            "start": start, "next": end if end < len(positions) else None, "decisions": decisions,
            "summary": summary(decisions)}


def summary(decisions: list[JSON]) -> dict[str, int]:
    """How many decisions got each grade."""
    return {name: sum(d["grade"] == name for d in decisions)
            for name in ("best", "good", "inaccuracy", "mistake", "blunder")}


def _decision(game: Game[Any], state: Any, index: int, seat: int, played: str, ratings: Ratings) -> JSON:
    values = ratings.values
    if values:
        best = max(values, key=lambda m: (values[m], m == played))
        loss = max(0.0, values[best] - values.get(played, values[best]))
    else:  # the rater only confirmed that the move played is its best
        best, loss = played, 0.0
    return {
        "index": index,
        "seat": seat,
        "played": played,
        "played_label": game.move_label(state, played),
        "best": best,
        "best_label": game.move_label(state, best),
        "value_played": values.get(played),
        "value_best": values.get(best),
        "loss": loss,
        "grade": grade(ratings.unit, loss),
        "unit": ratings.unit,
        "exact": ratings.exact,
        "samples": ratings.samples,
        "choices": len(game.legal_moves(state)),
        "detail": ratings.detail,
    }
