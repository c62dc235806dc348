"""The table games' decisions: the hard player's search names its best candidates, and they and
the move played are played out to the end of the round by the medium player over the same
determinizations of the seat's view: their mean round-point margins."""

from __future__ import annotations

import random
import statistics
from typing import Any

from engine import review_ratings as sizes  # SAMPLES, MORE, BATCH: read there, so set in one place
from engine.games.table import TableGame
from engine.players import Player, get_player
from engine.players.ismcts import IsmctsPlayer, Search
from engine.players.playout import EnginePlayout, rollout, round_rewards
from engine.protocol import Game
from engine.review_marks import POINTS
from engine.review_ratings import Pairs, Ratings, in_doubt
from engine.stepwise import to_end

CANDIDATES = 3  # table games: the search's best moves compared with the move played


def rate_by_search(game: Game[Any], state: Any, seat: int, played: str, rng: random.Random) -> Ratings:
    """`search_pairs` at once."""
    return to_end(search_pairs(game, state, seat, played, rng))


def search_pairs(game: Game[Any], state: Any, seat: int, played: str, rng: random.Random) -> Pairs:
    """The hard player's search, from the seat's information, names its CANDIDATES best
    moves (`Search.ranked`); they and the move played are each played out to the end of the round
    SAMPLES times over the same determinizations of the seat's view (common random numbers),
    every seat then played by the medium player: their mean round-point margins (the seat's
    points minus the others' mean), the best of them the best move. While that leaves the grade
    "uncertain" (`in_doubt`), the best move and the move played get BATCH more, up to MORE times
    SAMPLES. Play-outs rather than the
    tree's own means: a move the search visited rarely has a mean too noisy to grade, and the
    search's cheap rollouts misjudge Matador's held-back tiles (tests/bench/bench_review.py).
    A step at a time (engine.stepwise): each of the search's iterations (yielding 0: no play-out
    yet), then each determinization's play-outs (yielding how many so far), so a slice may end
    between any two; the ratings are the same as in one run."""
    assert isinstance(game, TableGame)
    steps = IsmctsPlayer().search_steps(game, game.determinize(state, seat, rng), seat, rng, early_stop=False)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            search: Search = done.value
            break
        yield 0
    visits = {m: child.visits for m, child in search.root.children.items()}
    ranked = search.ranked(game.legal_moves(state))
    moves = list(dict.fromkeys([*ranked[:CANDIDATES], played]))
    outcomes: dict[str, list[float]] = {m: [] for m in moves}

    def sample() -> None:
        deal = game.determinize(state, seat, rng)
        seed = rng.getrandbits(32)
        for move, results in outcomes.items():
            results.append(medium_margin(game, game.apply(deal, move), seat, random.Random(seed)))

    for _ in range(sizes.SAMPLES):
        sample()
        yield len(outcomes[played])
    while len(outcomes[played]) < sizes.MORE * sizes.SAMPLES and (doubt := in_doubt(outcomes, POINTS, played)):
        outcomes = {doubt: outcomes[doubt], played: outcomes[played]}  # the two moves whose loss is in doubt
        for _ in range(min(sizes.BATCH, sizes.MORE * sizes.SAMPLES - len(outcomes[played]))):
            sample()
            yield len(outcomes[played])
    values = {m: statistics.fmean(r) for m, r in outcomes.items()}
    return Ratings(values, POINTS, exact=False, samples=len(outcomes[played]), detail={"visits": visits},
                   outcomes=outcomes)


def medium_margin(game: TableGame, state: Any, seat: int, rng: random.Random) -> float:
    """`round_margin` with every seat played by the medium player: through the game's compact
    round when it offers one that plays as medium does (`TableAi.medium_round`, the same margins
    several times faster), else through the engine's rules."""
    if game.ai.medium_round is None:
        return round_margin(game, state, seat, get_player("medium"), rng)
    playout = game.ai.medium_round(game, state)
    rollout(playout, rng, 0.0)
    assert playout.points is not None
    return round_rewards(playout.points, 1.0)[seat]


def round_margin(game: TableGame, state: Any, seat: int, player: Player, rng: random.Random) -> float:
    """Every seat played by `player` to the end of the round: the seat's round points minus
    the mean of the others'."""
    playout = EnginePlayout(game, state)
    while not playout.over():
        mover = playout.mover()
        playout.play(player.choose(game, playout.state, mover, rng))
    assert playout.points is not None
    return round_rewards(playout.points, 1.0)[seat]

