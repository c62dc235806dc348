"""The solitaires' decisions without an exact rater (The Big Clock): the move played against the
advisor's choice, each played out to the end by the advisor over the same determinizations, in
pairs until their mark is settled (engine/review_stopping.py)."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

from engine import review_ratings as sizes  # SAMPLES, MORE, BATCH: read there, so set in one place
from engine.players import get_player
from engine.protocol import Game
from engine.review_marks import WIN
from engine.review_ratings import Pairs, Ratings, in_doubt
from engine.review_stopping import UNIFORM, differing, looks_at, pairs_mark, settled
from engine.solvers import PlayoutPolicy, advisor_for
from engine.stepwise import to_end


def rate_by_advisor_playouts(game: Game[Any], state: Any, seat: int, played: str, rng: random.Random,
                             fast: bool = True, cheap: bool = True) -> Ratings:
    """`advisor_pairs` at once."""
    return to_end(advisor_pairs(game, state, seat, played, rng, fast, cheap))


def advisor_pairs(game: Game[Any], state: Any, seat: int, played: str, rng: random.Random,
                  fast: bool = True, cheap: bool = True) -> Pairs:
    """The move played against the advisor's choice. When they differ each is played out to
    the end by the advisor over the same determinizations (common random numbers make the
    difference fair), one pair after another (yielding how many so far), until the mark is settled
    (`settled`, looked at after FIRST_LOOK pairs, then every BATCH: `looks_at`) or SAMPLES pairs
    are in, then BATCH more at a time while the grade is "uncertain" (`in_doubt`), up to MORE
    times SAMPLES; `samples` says how many. When they agree nothing is sampled. `fast` (the same ratings,
    sooner): nothing is sampled either when the two moves transpose (`transposes`: every pair
    would tie), and the move played's play-out ends where it asks its policy at a position the
    advisor's choice's play-out of the same deal asked at. `cheap`: the play-outs are played by the
    advisor's PlayoutPolicy where it has one, and a decision they mark (inaccuracy or worse) is
    then rated by the advisor's own play-outs: the cheaper ones only screen out the decisions
    without a mark, uncertain ones included (their agreement is measured by
    tests/bench/bench_review.py). A move played that loses outright (`loses_outright`: a resign)
    is no slip as the advisor's prior knows them: its pairs weigh every rate equally likely. Worth
    0 exactly, its loss by the cheaper play-outs is the advisor's choice's chance under a policy
    that wins less than the advisor's own (docs/benchmarks.md): the other way round then, a mark
    they give it stands (the advisor's own would find at least that loss), and one they leave
    unmarked is rated by the advisor's own play-outs."""
    best = get_player("advisor").choose(game, game.determinize(state, seat, rng), seat, rng)
    if best == played:
        return Ratings({}, WIN, exact=False, detail={"agrees": True})
    policy = playout_policy(game, cheap)
    advisor = advisor_for(game)
    lost = loses_outright(game, state, seat, played)
    prior = advisor.pair_prior(state) if cheap and not lost and isinstance(advisor, PlayoutPolicy) else UNIFORM
    if fast and transposes(game, state, seat, best, played, policy):
        return Ratings({}, WIN, exact=False, detail={"agrees": False, "transposes": True})
    outcomes: dict[str, list[float]] = {best: [], played: []}

    def pair() -> None:
        deal = game.determinize(state, seat, rng)
        seed = rng.getrandbits(32)
        passed: dict[Any, bool] | None = {} if fast else None  # the positions of the best move's play-out
        outcomes[best].append(float(_wins(game, game.apply(deal, best), seat, policy, random.Random(seed), passed)))
        outcomes[played].append(float(_wins(game, game.apply(deal, played), seat, policy, random.Random(seed),
                                            known=passed)))

    while (done := len(outcomes[best])) < sizes.SAMPLES:
        if looks_at(done) and settled(outcomes[best], outcomes[played], sizes.SAMPLES, prior):
            break
        pair()
        yield done + 1
    while (done := len(outcomes[best])) < sizes.MORE * sizes.SAMPLES and in_doubt(outcomes, WIN, played):
        for _ in range(min(sizes.BATCH, sizes.MORE * sizes.SAMPLES - done)):
            pair()
            yield len(outcomes[best])
    marked = pairs_mark(*differing(outcomes[best], outcomes[played]), len(outcomes[best])) != "none"
    if policy is not advisor_choice and (not marked if lost else marked):
        # the cheaper play-outs' result stands only where it cannot favour the move played
        return (yield from advisor_pairs(game, state, seat, played, rng, fast, cheap=False))
    return Ratings({m: statistics.fmean(r) for m, r in outcomes.items()}, WIN, exact=False,
                   samples=len(outcomes[best]), detail={"agrees": False}, outcomes=outcomes)


def loses_outright(game: Game[Any], state: Any, seat: int, move: str) -> bool:
    """Whether `move` ends the game lost for the seat whatever it cannot see: over, not won, after
    it in a determinization of the seat's view, the move showing the seat nothing."""
    deal = game.determinize(state, seat, random.Random(0))  # (the review's own rng is kept)
    after = game.apply(deal, move)
    if game.to_move(after) is not None or seat in game.revealed_to(deal, move, after):
        return False
    outcome = game.outcome(after)
    return not (outcome and seat in outcome.winners)


# a play-out's moves for the seat to move, played in one go (one move, or a plan nothing hidden shows
# inside: only its last move may take a stock tile) before the policy is asked again
Policy = Callable[[Game[Any], Any, int, random.Random], tuple[str, ...]]


def playout_policy(game: Game[Any], cheap: bool = True) -> Policy:
    """What plays the solitaires' play-outs: the advisor's PlayoutPolicy when `cheap` and it has
    one, else the advisor's own choice."""
    advisor = advisor_for(game)
    if cheap and isinstance(advisor, PlayoutPolicy):
        return lambda game, state, seat, rng: advisor.playout_moves(state)
    return advisor_choice


def advisor_choice(game: Game[Any], state: Any, seat: int, rng: random.Random) -> tuple[str, ...]:
    """The advisor's own move (the "advisor" computer player's), alone."""
    return (get_player("advisor").choose(game, state, seat, rng),)


def _wins(game: Game[Any], state: Any, seat: int, policy: Policy, rng: random.Random,
          passed: dict[Any, bool] | None = None, known: dict[Any, bool] | None = None) -> bool:
    """Whether `policy`, playing every move from `state`, wins. `passed` collects the positions
    it asks the policy at, each with the play-out's end. A play-out that asks at a position of
    `known` (another play-out of the same deal) ends as that one did: the policy's play is a
    function of the position, so from the same position, the same deal, the rest is the same."""
    trail = []
    won = None
    while (mover := game.to_move(state)) is not None:
        if known is not None and state in known:
            won = known[state]
            break
        if passed is not None:
            trail.append(state)
        for move in policy(game, state, mover, rng):
            state = game.apply(state, move)
    if won is None:
        outcome = game.outcome(state)
        won = bool(outcome and seat in outcome.winners)
    if passed is not None:
        passed.update(dict.fromkeys(trail, won))
    return won


TRANSPOSE_STEPS = 64  # times the policy is asked after each move, at most, before something hidden shows


def transposes(game: Game[Any], state: Any, seat: int, best: str, played: str, policy: Policy) -> bool:
    """Whether the play-outs' play after `played` asks the policy at a position their play
    after `best` asks it at, before anything hidden shows to the seat (a tile taken from the
    stock): their moves until then depend only on what the seat sees, and the tile shown next is
    the same after both, so every play-out of every deal then ends the same after both moves: no
    loss."""
    rng = random.Random(0)  # the advisor's play is a function of the position; the review's own rng is kept
    deal = game.determinize(state, seat, rng)
    reached = []
    for move in (best, played):
        now = game.apply(deal, move)
        line, shown = {now}, seat in game.revealed_to(deal, move, now)
        for _ in range(TRANSPOSE_STEPS):
            if shown or game.to_move(now) != seat:
                break
            moves = policy(game, now, seat, rng)
            for i, move in enumerate(moves):
                before, now = now, game.apply(now, move)
                shown = seat in game.revealed_to(before, move, now)
                if shown and i < len(moves) - 1:
                    break  # (shown before the plan's end: not a position the policy is asked at)
            else:
                line.add(now)
        reached.append(line)
    return not reached[0].isdisjoint(reached[1])

