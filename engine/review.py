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
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.cache import LRU, remembered
from engine.forced import finish_line
from engine.games.table import TableGame
from engine.players import Player, get_player
from engine.players.ismcts import IsmctsPlayer, Search
from engine.players.playout import EnginePlayout, rollout, round_rewards
from engine.protocol import JSON, BadRequest, Game
from engine.review_marks import POINTS, WIN, grade, key_moments, summary, verdict
from engine.rng import deal_rng
from engine.session import Registry, Session
from engine.solvers import MoveRater, PlayoutPolicy, advisor_for
from engine.stepwise import to_end

SAMPLES = 60  # paired play-outs per compared move (table games; solitaires without an exact rater: at most)
BATCH = 5  # solitaires: pairs of play-outs between two looks at whether the mark is settled
FIRST_LOOK = 2  # solitaires: pairs of play-outs before the first look, then every BATCH (a prior that settles few
# pairs, as the Big Clock's at double-9 and double-12, stops there when they all tie; the uniform prior needs 25)
MORE = 3  # a decision whose grade the pairs leave "uncertain" gets more, up to MORE times SAMPLES in all
SETTLED = 0.005  # solitaires: stop once finishing SAMPLES pairs would change the mark with less than this chance
SLICE_SECONDS = 2.0  # a slice (`limit` given) ends inside a decision whose play-outs run past this
clock = time.monotonic  # what a slice's deadline is read on (a test counts work on a clock of its own)
UNFINISHED_KEPT = 8  # decisions cut short by a slice's end, kept for the next slice (per reviewed game)
REVIEWS_KEPT = 2  # reviews by record whose sessions stay open between slices (each holds its game's states)
# solitaires: the Dirichlet prior of the rates of the three kinds of pair (only the best move won, both
# the same, only the move played won) that `settled` weighs where the advisor gives none: every rate
# equally likely
UNIFORM = (1.0, 1.0, 1.0)
CANDIDATES = 3  # table games: the search's best moves compared with the move played


@dataclass(frozen=True)
class Ratings:
    """The values of a position's moves, from the mover's information. `values` holds at
    least the move played and the best move; `detail` adds per-move facts."""

    values: dict[str, float]
    unit: str
    exact: bool
    samples: int = 0  # determinizations or play-outs behind each value; 0 when exact
    detail: dict[str, JSON] = field(default_factory=dict)
    outcomes: dict[str, list[float]] = field(default_factory=dict)  # per move, play-out by play-out

    def uncertainty(self, best: str, played: str) -> float:
        """Two standard errors of the sampled loss (best minus played, play-out by play-out over
        the same determinizations); 0 when exact or when nothing was sampled."""
        a, b = self.outcomes.get(best), self.outcomes.get(played)
        if not a or not b or best == played:
            return 0.0
        diffs = [x - y for x, y in zip(a, b, strict=True)]
        return 2 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0


Pairs = Generator[int, None, Ratings]  # yields the pairs played so far, returns the ratings
Rater = Callable[[Game[Any], Any, int, str, random.Random], Ratings | Pairs]


def rate_exact(rater: MoveRater) -> Rater:
    def rate(game: Game[Any], state: Any, seat: int, played: str, rng: random.Random) -> Ratings:
        values, detail = rater.rate_moves(state)
        return Ratings(values, WIN, exact=True, detail=detail)

    return rate


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

    while (done := len(outcomes[best])) < SAMPLES:
        if looks_at(done) and settled(outcomes[best], outcomes[played], SAMPLES, prior):
            break
        pair()
        yield done + 1
    while (done := len(outcomes[best])) < MORE * SAMPLES and in_doubt(outcomes, WIN, played):
        for _ in range(min(BATCH, MORE * SAMPLES - done)):
            pair()
            yield len(outcomes[best])
    marked = _mark(*_differing(outcomes[best], outcomes[played]), len(outcomes[best])) != "none"
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


def looks_at(done: int) -> bool:
    """Whether the pairs look at whether the mark is settled after `done` pairs: at FIRST_LOOK,
    then at every multiple of BATCH."""
    return done == FIRST_LOOK or (done > FIRST_LOOK and done % BATCH == 0)


def _differing(best: list[float], played: list[float]) -> tuple[int, int]:
    """(pairs only the best move won, pairs only the move played won)."""
    return (sum(1 for b, p in zip(best, played, strict=True) if b > p),
            sum(1 for b, p in zip(best, played, strict=True) if b < p))


def settled(best: list[float], played: list[float], cap: int, prior: tuple[float, float, float] = UNIFORM) -> bool:
    """Whether the pairs of wins (1) and losses (0) so far settle the mark (blunder, mistake,
    inaccuracy, or none): finishing `cap` pairs would change it with less than SETTLED chance.
    The chance is the posterior predictive one: the rates of the three kinds of pair (only the
    best move won, both the same, only the move played won) drawn beforehand from a Dirichlet
    `prior`, the remaining pairs are drawn from what the pairs so far say of them, and the mark of
    every way they can fall (the grade on the loss less two standard errors, as the review
    grades) is weighed by its chance."""
    wins, losses = _differing(best, played)
    return settled_counts(wins, len(best) - wins - losses, losses, cap, prior)


def settled_counts(wins: int, ties: int, losses: int, cap: int,
                   prior: tuple[float, float, float] = UNIFORM) -> bool:
    """`settled` from the counts of the three kinds of pair."""
    return cap <= wins + ties + losses or change_chance(wins, ties, losses, cap, prior) < SETTLED


@remembered(4096)
def change_chance(wins: int, ties: int, losses: int, cap: int, prior: tuple[float, float, float]) -> float:
    """The chance that finishing `cap` pairs changes the mark of these counts (as `settled`
    weighs it), remembered: the same counts come back decision after decision."""
    n = wins + ties + losses
    now = _mark(wins, losses, n)
    rest = cap - n
    alpha = (prior[0] + wins, prior[1] + ties, prior[2] + losses)  # the Dirichlet posterior
    lg = math.lgamma
    base = lg(rest + 1) + lg(sum(alpha)) - lg(sum(alpha) + rest) - sum(lg(x) for x in alpha)
    changed = 0.0
    for more_wins in range(rest + 1):
        for more_losses in range(rest - more_wins + 1):
            if _mark(wins + more_wins, losses + more_losses, cap) != now:
                ties = rest - more_wins - more_losses
                changed += math.exp(base + lg(alpha[0] + more_wins) + lg(alpha[1] + ties) + lg(alpha[2] + more_losses)
                                    - lg(more_wins + 1) - lg(ties + 1) - lg(more_losses + 1))
    return changed


def _mark(wins: int, losses: int, n: int) -> str:
    """The mark of n pairs of play-outs, `wins` won by the best move only, `losses` by the move
    played only: the grade the review gives them ("best", "good" and "uncertain", no claim of a
    loss, all none)."""
    loss = (wins - losses) / n
    if loss <= 0:
        return "none"
    var = (wins + losses - n * loss * loss) / max(1, n - 1)
    name = grade(WIN, loss, 2 * math.sqrt(max(0.0, var) / n))
    return "none" if name in ("best", "good", "uncertain") else name


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

    for _ in range(SAMPLES):
        sample()
        yield len(outcomes[played])
    while len(outcomes[played]) < MORE * SAMPLES and (doubt := in_doubt(outcomes, POINTS, played)):
        outcomes = {doubt: outcomes[doubt], played: outcomes[played]}  # the two moves whose loss is in doubt
        for _ in range(min(BATCH, MORE * SAMPLES - len(outcomes[played]))):
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


def best_and_loss(values: dict[str, float], played: str) -> tuple[str, float]:
    """The best move of `values` (the move played where it ties) and the move played's loss."""
    best = max(values, key=lambda m: (values[m], m == played))
    return best, max(0.0, values[best] - values.get(played, values[best]))


def in_doubt(outcomes: dict[str, list[float]], unit: str, played: str) -> str | None:
    """The best move when these paired play-outs leave the decision's grade "uncertain" (its
    loss reaches a mark that its interval's lower bound does not): more pairs are worth playing
    there. None when the grade is settled."""
    values = {m: statistics.fmean(r) for m, r in outcomes.items()}
    best, loss = best_and_loss(values, played)
    uncertainty = Ratings(values, unit, exact=False, outcomes=outcomes).uncertainty(best, played)
    return best if grade(unit, loss, uncertainty) == "uncertain" else None


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
                working, end = {"index": i, "samples": samples, "most": MORE * SAMPLES}, done
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
