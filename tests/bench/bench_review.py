"""Is the game review honest? Calibration and speed (a benchmark that prints, not a test).

Run: python -m tests.bench.bench_review [--decisions N] [--playouts M] [--only TEXT] [--case GAME]
                                       [--workers N | --cluster ADDRESS] [--results FOLDER]

The calibrations (table games, The Big Clock, big-clock-games, settle) rate their decisions, or
play their deals, over --workers processes (default: the machine's cores) or a Dask cluster
(--cluster; engine/runs): each decision or deal is seeded by itself alone, so the figures are
those of one process, number for number (the CPU times aside). --results FOLDER keeps each run's
finished ones, one file per run: the same command again resumes. The speed and beginner-review
parts time one review at a time in this process.

Beginner reviews (--only beginner-review --sets double-9,double-12 --seeds N): a whole Big Clock
deal played at random, reviewed in the page's slices, its CPU time beside the page's goal.

Calibration, table games: seat 0 is played by the random player ("easy", so there are mistakes
to find) against medium; at N of its real decisions the review's loss (the best move's mean
round-point margin minus the played move's, from its SAMPLES paired play-outs with the search's
rollout policy) is compared with the loss measured independently: both moves played out M times
to the end of the round from other determinizations of seat 0's view, every seat then played by
the medium player (common random numbers: the same deal and the same players after each move).
Printed: the correlation of the two losses, the mean measured loss per grade, and for each label
how often the measured loss reaches that label's threshold.

Calibration, The Big Clock (--sets): positions along games the advisor plays, the move rated a
random one of the others (a slip). The review's pairs of play-outs (its advisor's cheaper
PlayoutPolicy) stop once the mark is settled (at most SAMPLES); its loss and label are compared
with the loss measured again from --reference pairs (default ten times SAMPLES) of the advisor's
own play-outs on other determinizations, and so are those of the review played out by the
advisor itself (the same deals; the marks of both printed side by side).

Speed: a whole game's review natively (each table game to its end, seat 0 easy against medium;
each solitaire, a whole deal played by the random player), with the pairs of play-outs per
sampled decision and the slowest decision.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time
from typing import Any

import engine.review as review_mod
import engine.review_ratings as ratings_mod
import engine.review_stopping as stopping_mod
from engine.games import get_game
from engine.players import get_player
from engine.players.ismcts import IsmctsPlayer
from engine.players.playout import EnginePlayout, rollout_move
from engine.protocol import Game
from engine.review import open_record, review
from engine.review_marks import GRADES, POINTS, WIN, grade, summary
from engine.review_solitaire import rate_by_advisor_playouts
from engine.review_table import rate_by_search, round_margin
from engine.rng import deal_rng
from engine.runs import Deal, Runner, runner_from_args
from engine.session import Session
from tests.bench._runs import add_bench_run_arguments, for_run, run_bench
from tests.engine.helpers import persons_record, table_game

TABLE_CASES: list[tuple[str, dict[str, Any]]] = [
    ("draw", {"set": "double-6", "players": 2}),
    ("draw", {"set": "double-9", "players": 3}),
    ("round-the-clock", {}),
    ("matador", {}),
    ("tiddle-a-wink", {}),
]


def _table_positions(game_id: str, options: dict[str, Any], wanted: int) -> list[tuple[Game[Any], Any]]:
    """Seat 0's real decisions in games of easy (seat 0) against medium, first rounds only."""
    game = get_game(game_id)
    found: list[tuple[Game[Any], Any]] = []
    seed = 50_000
    while len(found) < wanted:
        n = game.num_seats(game.spec.resolve_options(options))
        session = Session.new(game_id, options, seed, ["human"] + ["ai:medium"] * (n - 1))
        while len(found) < wanted and not (session.state.turn < 0 or session.state.between):
            state = session.state
            seat = game.to_move(state)
            if seat == 0 and len(game.legal_moves(state)) >= 2:
                found.append((game, state))
            session.ai_move("easy" if seat == 0 else None)
        seed += 1
    return found


def rate_table_decision(game_id: str, state: Any, k: int, playouts: int) -> tuple[float, float, str, float]:
    """Decision k (a deal of the run, seeded by k alone): the review's loss of the easy player's
    move, the loss measured again with the medium player and with the search's rollout policy
    playing on (`playouts` pairs each), and the review's grade."""
    game = table_game(game_id)
    medium, rollout = get_player("medium"), RolloutPlayer()
    rng = deal_rng(k, "bench-review")
    played = get_player("easy").choose(game, state, 0, rng)
    ratings = rate_by_search(game, state, 0, played, deal_rng(k, "review"))
    best = max(ratings.values, key=lambda m: ratings.values[m])
    said = ratings.values[best] - ratings.values.get(played, ratings.values[best])
    if best == played:
        return said, 0.0, grade(POINTS, said, ratings.uncertainty(best, played)), 0.0
    diffs = []
    rollouts = []
    for _ in range(playouts):
        deal = game.determinize(state, 0, rng)
        seed = rng.getrandbits(32)
        diffs.append(round_margin(game, game.apply(deal, best), 0, medium, random.Random(seed))
                     - round_margin(game, game.apply(deal, played), 0, medium, random.Random(seed)))
        rollouts.append(round_margin(game, game.apply(deal, best), 0, rollout, random.Random(seed))
                        - round_margin(game, game.apply(deal, played), 0, rollout, random.Random(seed)))
    return (said, statistics.fmean(diffs), grade(POINTS, said, ratings.uncertainty(best, played)),
            statistics.fmean(rollouts))


def table_rows(runner: Runner, game_id: str, options: dict[str, Any], decisions: int,
               playouts: int) -> list[tuple[float, float, str, float]]:
    """`rate_table_decision` at the first `decisions` decisions, played by `runner` (each decision
    is a deal of the run), in order."""
    positions = _table_positions(game_id, options, decisions)
    deals = [Deal(f"decision {k}", k, (game_id, state, k, playouts)) for k, (_, state) in enumerate(positions)]
    run = {"bench": "review-calibration", "game": game_id, "options": options, "playouts": playouts}
    rows = for_run(runner, f"calibration {game_id} {options}").run(rate_table_decision, deals, run, label="decisions")
    return [(said, measured, name, other) for said, measured, name, other in rows]


def calibrate_table(runner: Runner, game_id: str, options: dict[str, Any], decisions: int, playouts: int) -> None:
    started = time.perf_counter()
    rows = table_rows(runner, game_id, options, decisions, playouts)
    wall = time.perf_counter() - started
    said, measured, other = [r[0] for r in rows], [r[1] for r in rows], [r[3] for r in rows]
    print(f"{game_id} {options}: {len(rows)} decisions, {playouts} play-outs each, {wall:.0f} s wall; "
          f"correlation of the review's loss with the loss measured again: {_corr(said, measured):.2f}; "
          f"with the search's rollout policy playing on: {_corr(said, other):.2f}")
    for name, least in GRADES[POINTS]:
        labelled = [m for s, m, g, _ in rows if g == name]
        if labelled:
            holds = sum(m >= least for m in labelled)
            print(f"  {name:10} (review loss >= {least:g}): {len(labelled):3} decisions, measured loss "
                  f"mean {statistics.fmean(labelled):5.1f}, reaches {least:g} in {holds}/{len(labelled)}")
    for name in ("good", "best"):
        labelled = [m for s, m, g, _ in rows if g == name]
        if labelled:
            print(f"  {name:10}: {len(labelled):3} decisions, measured loss mean {statistics.fmean(labelled):5.1f}")


def _corr(xs: list[float], ys: list[float]) -> float:
    return statistics.correlation(xs, ys) if len(xs) > 2 and len(set(xs)) > 1 and len(set(ys)) > 1 else float("nan")


class RolloutPlayer:
    """The hard player's rollout policy as a player: heaviest tile first, a random move now and then."""

    def choose(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
        weight = EnginePlayout(game, state).weight  # type: ignore[arg-type]  # table games only
        return rollout_move(game.legal_moves(state), weight, rng, IsmctsPlayer().epsilon)


def rated_again(state: Any, played: str, rng: random.Random, reference: int) -> Any:
    """The Big Clock move `played` rated by all `reference` pairs of the advisor's own play-outs
    (never stopped early): a loss measured again, to check the review's."""
    cap, settled = ratings_mod.SAMPLES, stopping_mod.SETTLED
    ratings_mod.SAMPLES, stopping_mod.SETTLED = reference, 0.0
    try:
        return rate_by_advisor_playouts(get_game("big-clock"), state, 0, played, rng, cheap=False)
    finally:
        ratings_mod.SAMPLES, stopping_mod.SETTLED = cap, settled


Slip = tuple[tuple[float, str], tuple[float, str], float, int, int, float, float]


def rate_slip(state: Any, played: str, advised: str, seed: int, k: int, reference: int) -> Slip:
    """A slip (`played` instead of the advisor's move) at decision k of deal `seed`, a deal of the
    run seeded by (seed, k) alone: (loss and grade by the review's cheaper play-outs, the same by
    the advisor's own, the loss measured again from `reference` pairs, the pairs of each, the CPU
    seconds of each)."""
    game = get_game("big-clock")
    t0 = time.process_time()
    said = rate_by_advisor_playouts(game, state, 0, played, deal_rng(seed, "a", k))
    t1 = time.process_time()
    full = rate_by_advisor_playouts(game, state, 0, played, deal_rng(seed, "a", k), cheap=False)
    t2 = time.process_time()
    again = rated_again(state, played, deal_rng(seed, "b", k), reference)
    measured = again.values[advised] - again.values[played] if again.values else 0.0
    return (_loss_and_grade(said, advised, played), _loss_and_grade(full, advised, played), measured,
            said.samples, full.samples, t1 - t0, t2 - t1)


def slips(size: str, decisions: int, reference: int) -> list[Deal]:
    """The first `decisions` slips along the advisor's games of deals 0, 1, ...: every third real
    decision, the move played a random one of the others."""
    game = get_game("big-clock")
    found: list[Deal] = []
    seed = 0
    while len(found) < decisions:
        session = Session.new("big-clock", {"set": size}, seed, ["human"])
        k = 0
        while len(found) < decisions and game.to_move(session.state) is not None:
            state = session.state
            moves = game.legal_moves(state)
            advised = get_player("advisor").choose(game, state, 0, random.Random(0))
            k += len(moves) >= 2
            if len(moves) >= 2 and k % 3 == 1:
                played = random.Random(f"{seed}/{k}").choice([m for m in moves if m != advised])
                found.append(Deal(f"deal {seed} decision {k}", seed, (state, played, advised, seed, k, reference)))
            session.play(advised)
        seed += 1
    return found


def big_clock_rows(runner: Runner, size: str, decisions: int, reference: int) -> list[Slip]:
    """`rate_slip` at the first `decisions` slips, played by `runner` (each slip a deal of the run), in order."""
    run = {"bench": "review-calibration", "game": "big-clock", "set": size, "reference": reference,
           "samples": ratings_mod.SAMPLES}
    rows = for_run(runner, f"calibration big-clock {size} {reference}").run(
        rate_slip, slips(size, decisions, reference), run, label="slips")
    return [((a[0], a[1]), (b[0], b[1]), measured, said, full, cheap, own)
            for a, b, measured, said, full, cheap, own in rows]


def calibrate_big_clock(runner: Runner, size: str, decisions: int, reference: int) -> None:
    """The review's sampled losses and labels against losses measured with `reference` pairs of
    the advisor's own play-outs, at slips (a random move other than the advisor's) along the
    advisor's own games; beside them the review with the advisor's own play-outs (no
    PlayoutPolicy: the review before its cheaper play-outs), on the same first deals."""
    rows = big_clock_rows(runner, size, decisions, reference)
    cheap_cpu, full_cpu = sum(r[5] for r in rows), sum(r[6] for r in rows)
    measured = [r[2] for r in rows]
    same = sum(_marked(r[0][1]) == _marked(r[1][1]) and (r[0][1] == r[1][1] or not _marked(r[0][1])) for r in rows)
    print(f"big-clock {size}: {len(rows)} slips along the advisor's games; the review's play-outs "
          f"{cheap_cpu:.0f} s CPU ({statistics.fmean(r[3] for r in rows):.1f} pairs per slip), the advisor's own "
          f"{full_cpu:.0f} s ({statistics.fmean(r[4] for r in rows):.1f}); the same mark in {same}/{len(rows)}",
          flush=True)
    for name, marks in (("review (cheaper play-outs)", [r[0] for r in rows]),
                        ("the advisor's own play-outs", [r[1] for r in rows])):
        print(f"  {name}: correlation of the loss with the loss at {reference} pairs: "
              f"{_corr([loss for loss, _ in marks], measured):.2f}")
        for grade_name, least in GRADES[WIN]:
            labelled = [m for (_, said), m in zip(marks, measured, strict=True) if said == grade_name]
            if labelled:
                holds = sum(m >= least for m in labelled)
                print(f"    {grade_name:10} (loss >= {least:g}): {len(labelled):3} decisions, measured loss mean "
                      f"{statistics.fmean(labelled):.3f} (least {min(labelled):.3f}), reaches {least:g} in "
                      f"{holds}/{len(labelled)}")
        unmarked = [m for (_, said), m in zip(marks, measured, strict=True) if not _marked(said)]
        if unmarked:
            print(f"    unmarked  : {len(unmarked):3} decisions, measured loss mean {statistics.fmean(unmarked):.3f}, "
                  f"at least 0.15 (a mistake's) in {sum(m >= 0.15 for m in unmarked)}")


def _loss_and_grade(ratings: Any, best: str, played: str) -> tuple[float, str]:
    if not ratings.values:  # the moves transpose: no loss
        return 0.0, "best"
    loss = ratings.values[best] - ratings.values[played]
    return loss, grade(WIN, max(0.0, loss), ratings.uncertainty(best, played) if loss > 0 else 0.0)


def _marked(name: str) -> bool:
    return name in ("inaccuracy", "mistake", "blunder")


def speed(only: str = "") -> None:
    cases = [(gid, opts) for gid, opts in TABLE_CASES] + [
        ("luzon", {}), ("clock", {"exchange": True}), ("big-clock", {"set": "double-6"}),
        ("big-clock", {"set": "double-9"}), ("big-clock", {"set": "double-12"})]
    for game_id, options in cases:
        if only and only not in f"{game_id} {options}":
            continue
        game = get_game(game_id)
        n = game.num_seats(game.spec.resolve_options(options))
        session = Session.new(game_id, options, 7, ["human"] + ["ai:medium"] * (n - 1))
        while game.to_move(session.state) is not None:
            seat = game.to_move(session.state)
            session.ai_move("easy" if seat == 0 else None)
        times: list[float] = []
        started = time.process_time()
        record = persons_record(session.record())
        result = review(open_record(record), progress=lambda done, total: times.append(time.process_time()))  # noqa: B023
        cpu = time.process_time() - started
        times.append(time.process_time())
        slowest = max((b - a for a, b in itertools.pairwise(times)), default=0.0)
        pairs = [d["samples"] for d in result["decisions"] if d["samples"]]
        sampled = (f"; {len(pairs)} sampled, {statistics.fmean(pairs):.1f} pairs of play-outs each (at most "
                   f"{ratings_mod.SAMPLES})" if pairs else "")
        print(f"review {game_id} {options}: {result['total']} decisions in {len(session.moves)} moves, "
              f"{cpu:.2f} s CPU natively ({cpu / max(1, result['total']):.3f} s per decision, slowest "
              f"{slowest:.2f} s){sampled}; {result['summary']}", flush=True)


def big_clock_game(size: str, seed: int, random_share: float) -> dict[str, Any]:
    """A whole Big Clock deal as a person plays it: each real decision random with chance
    `random_share` (1: a beginner, every decision random), else the advisor's move."""
    game = get_game("big-clock")
    session = Session.new("big-clock", {"set": size}, seed, ["human"])
    rng = random.Random(f"bench-review/{seed}")
    advisor = get_player("advisor")
    while game.to_move(session.state) is not None:
        moves = game.legal_moves(session.state)
        if len(moves) >= 2 and rng.random() < random_share:
            session.play(rng.choice(moves))
        else:
            session.play(advisor.choose(game, session.state, 0, rng))
    record: dict[str, Any] = session.record()
    return record


KINDS = {"beginner": 1.0, "advisor": 0.25}  # the share of random decisions in each kind of game
PAGE_GOALS = {"double-9": 30.0, "double-12": 60.0}  # seconds in the page for a beginner's whole deal (issue 34)


def review_in_slices(session: Session) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The review asked for as the page asks for it (slices of two decisions, each from where the
    last ended): every decision, and the last slice."""
    decisions: list[dict[str, Any]] = []
    start: int | None = 0
    while start is not None:
        part = review(session, start=start, limit=2)
        decisions += part["decisions"]
        start = part["next"]
    return decisions, part


def beginner_reviews(sizes: list[str], seeds: int) -> None:
    """A beginner's whole Big Clock deal (every decision random, deals 0..seeds-1) reviewed
    natively as the page asks for it (slices of two decisions, each slice from where the last
    ended): the CPU time against the page's goal, the pairs of play-outs, the decisions graded
    uncertain and those that got more than SAMPLES pairs."""
    for size in sizes:
        for seed in range(seeds):
            record = big_clock_game(size, seed, 1.0)
            session = open_record(record)
            started = time.process_time()
            decisions, part = review_in_slices(session)
            cpu = time.process_time() - started
            pairs = [d["samples"] for d in decisions]
            print(f"big-clock {size} beginner, deal {seed}: {len(record['moves'])} moves, {len(decisions)} decisions, "
                  f"{cpu:.1f} s CPU natively (page goal {PAGE_GOALS.get(size, 0):g} s); {sum(pairs)} pairs, "
                  f"{sum(p > 0 for p in pairs)} sampled, {sum(p > ratings_mod.SAMPLES for p in pairs)} past "
                  f"{ratings_mod.SAMPLES} pairs; {summary(decisions)}; key moments {part['key_moments']}", flush=True)


def big_clock_games(runner: Runner, sizes: list[str], kinds: list[str], seeds: int, reference: int) -> None:
    """Per game, natively: the review's time whole and in the page's slices (two decisions a
    request, the CPU time until the first slice that brings a marked decision: the first key
    moment), and its calibration: every marked decision's loss measured again from `reference`
    pairs of the advisor's play-outs on other determinizations (the label holds when the loss
    measured again reaches its threshold), and so are up to three unmarked sampled
    decisions (how often a mistake's loss, 0.15, hides there). Transposed: decisions rated
    without play-outs (the two moves reach the same position before a stock tile shows)."""
    games = [Deal(f"{size} {kind} deal {seed}", seed, (size, kind, seed, reference))
             for size in sizes for kind in kinds for seed in range(seeds)]
    run = {"bench": "review-games", "reference": reference, "samples": ratings_mod.SAMPLES}
    for lines in for_run(runner, f"games {reference}").run(review_game, games, run, label="deals"):
        print("\n".join(lines), flush=True)


def review_game(size: str, kind: str, seed: int, reference: int) -> list[str]:
    """What big_clock_games prints of one deal (a deal of its run)."""
    share = KINDS[kind]
    lines = []
    record = big_clock_game(size, seed, share)
    started = time.process_time()
    whole = review(open_record(record))
    cpu = time.process_time() - started
    first_key, start, started = None, 0, time.process_time()
    sliced = open_record(record)
    while start is not None and first_key is None:
        part = review(sliced, start=start, limit=2)
        if any(_marked(d["grade"]) for d in part["decisions"]):
            first_key = time.process_time() - started
        start = part["next"]
    decisions = whole["decisions"]
    marked = [d for d in decisions if _marked(d["grade"])]
    unmarked = [d for d in decisions if not _marked(d["grade"]) and d["best"] != d["played"]][:3]
    session = Session.load(record)
    positions = list(review_mod.states(session))
    holds, pairs_said, pairs_again = 0, [], []
    for d in marked + unmarked:
        again = rated_again(positions[d["index"]], d["played"], deal_rng(seed, "again", d["index"]), reference)
        measured = again.values[d["best"]] - again.values[d["played"]] if again.values else 0.0
        pairs_said.append(d["loss"])
        pairs_again.append(measured)
        if d in marked:
            holds += measured >= dict(GRADES[WIN])[d["grade"]] - 1e-9
    hidden = sum(m >= 0.15 for m in pairs_again[len(marked):])
    for d, measured in zip(marked + unmarked, pairs_again, strict=True):
        lines.append(f"  move {d['index']}: {d['grade']}, loss {d['loss']:.3f} ±{d['uncertainty']:.3f} from "
                     f"{d['samples']} pairs; at {reference} pairs {measured:.3f}")
    transposed = sum(bool(d["detail"].get("transposes")) for d in decisions)
    lines.append(f"big-clock {size} {kind} ({share:.0%} random), deal {seed}: {whole['total']} decisions "
                 f"({transposed} transposed, "
                 f"{sum(d['samples'] > 0 for d in decisions)} sampled), review {cpu:.1f} s CPU, first key moment "
                 f"{'none' if first_key is None else f'{first_key:.1f} s'}; {whole['summary']}; labels that "
                 f"hold at {reference} pairs: {holds}/{len(marked)}; unmarked with a mistake's loss: "
                 f"{hidden}/{len(unmarked)}; correlation {_corr(pairs_said, pairs_again):.2f}")
    return lines


def pair_rows(size: str, share: float, seed: int) -> list[tuple[int, int, int]]:
    """Deal `seed` played with a `share` of random decisions (a deal of settle's runs, seeded by
    it alone): at each decision where the move played is not the advisor's, (only the best move
    won, both the same, only the move played won) over SAMPLES pairs of the review's play-outs
    (never stopped early), the i-th of the deal from deal_rng(seed, "pairs", i)."""
    game = get_game("big-clock")
    advisor = get_player("advisor")
    settled, stopping_mod.SETTLED = stopping_mod.SETTLED, 0.0
    rows: list[tuple[int, int, int]] = []
    rng = random.Random(f"pairs/{size}/{share}/{seed}")
    state = game.new_state({"set": size}, seed)
    try:
        while game.to_move(state) is not None:
            moves = game.legal_moves(state)
            best = advisor.choose(game, state, 0, rng)
            played = rng.choice(moves) if len(moves) >= 2 and rng.random() < share else best
            if played != best:
                ratings = rate_by_advisor_playouts(game, state, 0, played, deal_rng(seed, "pairs", len(rows)))
                if ratings.outcomes:
                    b, p = ratings.outcomes[best], ratings.outcomes[played]
                    wins = sum(x > y for x, y in zip(b, p, strict=True))
                    losses = sum(x < y for x, y in zip(b, p, strict=True))
                    rows.append((wins, len(b) - wins - losses, losses))
            state = game.apply(state, played)
    finally:
        stopping_mod.SETTLED = settled
    return rows


def pair_counts(runner: Runner, size: str, share: float, decisions: int, seed0: int) -> list[tuple[int, int, int]]:
    """`pair_rows` of deals seed0, seed0 + 1, ... until `decisions` rows, in order (the first
    `decisions` of them). The deals are played by `runner` a batch at a time: at first as many as
    it plays at once, then as many as the rows still wanted take at the rate so far."""
    rows: list[tuple[int, int, int]] = []
    seed, batch = seed0, runner.workers if runner.cluster is None else 8
    run = {"bench": "review-settle", "set": size, "share": share, "samples": ratings_mod.SAMPLES}
    while len(rows) < decisions:
        deals = [Deal(f"deal {s}", s, (size, share, s)) for s in range(seed, seed + batch)]
        for found in for_run(runner, f"settle {size} {share}").run(pair_rows, deals, run, label="deals"):
            rows += [(wins, same, losses) for wins, same, losses in found]
        seed += batch
        per_deal = len(rows) / (seed - seed0)
        batch = max(1, math.ceil((decisions - len(rows)) / per_deal)) if per_deal else 2 * batch
    return rows[:decisions]


def fit_prior(rows: list[tuple[int, int, int]]) -> tuple[float, float, float]:
    """The Dirichlet prior c * m of the three kinds of pair that makes `rows` likeliest (the
    Dirichlet-multinomial likelihood), m the pooled shares, c from a grid."""
    total = [sum(r[i] for r in rows) + 0.5 for i in range(3)]
    m = [t / sum(total) for t in total]
    lg = math.lgamma

    def loglik(c: float) -> float:
        a = [c * x for x in m]
        return sum(lg(c) - lg(c + sum(r)) + sum(lg(a[i] + r[i]) - lg(a[i]) for i in range(3)) for r in rows)

    c = max((0.05 * 1.25 ** k for k in range(40)), key=loglik)
    return (c * m[0], c * m[1], c * m[2])


def simulate_rule(rows: list[tuple[int, int, int]], prior: tuple[float, float, float], first: int, batch: int,
                  runs: int, rng: random.Random) -> tuple[float, float, int]:
    """The stopping rule against always SAMPLES pairs, on decisions whose rates are drawn from each
    row's posterior (a Jeffreys prior over its counts): the share of runs with the same mark, the
    mean pairs played, and the runs where the rule marked worse than SAMPLES pairs would."""
    cap = ratings_mod.SAMPLES
    same = pairs = worse = 0
    order = {name: i for i, name in enumerate(("none", "inaccuracy", "mistake", "blunder"))}
    for row in rows:
        for _ in range(runs):
            g = [rng.gammavariate(x + 0.5, 1.0) for x in row]
            rates = [x / sum(g) for x in g]
            kinds = rng.choices((0, 1, 2), weights=rates, k=cap)
            counts = [0, 0, 0]
            stop = cap
            for n, kind in enumerate(kinds, 1):
                counts[kind] += 1
                if (n == first or (n > first and n % batch == 0)) and stopping_mod.settled_counts(
                        counts[0], counts[1], counts[2], cap, prior):
                    stop = n
                    break
            said = stopping_mod.pairs_mark(counts[0], counts[2], stop)
            full = stopping_mod.pairs_mark(kinds.count(0), kinds.count(2), cap)
            same += said == full
            worse += order[said] > order[full]
            pairs += stop
    return same / (len(rows) * runs), pairs / (len(rows) * runs), worse


def settle_rule(runner: Runner, sizes: list[str], decisions: int, runs: int,
                priors: list[tuple[float, float, float]]) -> None:
    """The stopping rule's prior, fitted and checked: per set, the review's pairs at `decisions`
    decisions of beginners' deals and as many of slips in the advisor's deals (the move played not
    the advisor's), SAMPLES pairs each; a prior is fitted on the first half of the deals and the
    rule is simulated on the second half's rates, with the uniform prior and with the fitted one."""
    for size in sizes:
        started = time.perf_counter()
        rows = {kind: pair_counts(runner, size, share, decisions, 70_000) for kind, share in KINDS.items()}
        fit_rows = [r for kind in rows for r in rows[kind][: decisions // 2]]
        check = [r for kind in rows for r in rows[kind][decisions // 2:]]
        prior = fit_prior(fit_rows)
        print(f"big-clock {size}: {2 * decisions} decisions, {time.perf_counter() - started:.0f} s wall; kinds of pair "
              f"(best only, same, played only) {[sum(r[i] for r in fit_rows + check) for i in range(3)]}; fitted prior "
              f"{tuple(round(a, 3) for a in prior)}", flush=True)
        print(f"  counts: {rows}")
        weak = (prior[0] * 30 / sum(prior), prior[1] * 30 / sum(prior), prior[2] * 30 / sum(prior))
        settled = stopping_mod.SETTLED
        for name, pri, first, batch, chance in (
                ("uniform, looks from 20 every 10", (1.0, 1.0, 1.0), 20, 10, settled),
                ("fitted, looks from 10 every 5", prior, 10, 5, settled),
                (f"fitted, the review's looks (from {stopping_mod.FIRST_LOOK} every {ratings_mod.BATCH})", prior,
                 stopping_mod.FIRST_LOOK, ratings_mod.BATCH, settled),
                (f"fitted, looks from 10 every 5, chance {settled / 2:g}", prior, 10, 5, settled / 2),
                ("fitted, looks from 10 every 10", prior, 10, 10, settled),
                ("fitted weakened to 30 pairs' weight, looks from 10 every 5", weak, 10, 5, settled),
                *((f"given {given}, looks from 10 every 5, chance {settled / 2:g}", given, 10, 5, settled / 2)
                  for given in priors),
                *((f"given {given}, the review's looks", given, stopping_mod.FIRST_LOOK, ratings_mod.BATCH, settled)
                  for given in priors)):
            stopping_mod.SETTLED = chance
            agree, mean, worse = simulate_rule(check, pri, first, batch, runs, random.Random(1))
            stopping_mod.SETTLED = settled
            print(f"  {name}: the same mark as {ratings_mod.SAMPLES} pairs in {agree:.1%} of {len(check) * runs} runs, "
                  f"{mean:.1f} pairs on average, a worse mark than {ratings_mod.SAMPLES} pairs in {worse}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--playouts", type=int, default=60)
    parser.add_argument("--only", default="",
                        help="calibration, big-clock, big-clock-games, beginner-review, settle or speed")
    parser.add_argument("--seeds", type=int, default=1, help="big-clock-games: deals per size and kind")
    parser.add_argument("--kinds", default="beginner,advisor",
                        help="big-clock-games: beginner (every decision random), advisor (one in four random)")
    parser.add_argument("--sets", default="double-6,double-9", help="The Big Clock's sets to calibrate")
    parser.add_argument("--reference", type=int, default=0,
                        help="The Big Clock: pairs of play-outs to measure a loss again (default ten times SAMPLES)")
    parser.add_argument("--prior", action="append", default=[],
                        help="settle: also simulate the rule with this prior (a,b,c), from 10 pairs every 5")
    parser.add_argument("--sizes", default="", help="speed: only the cases whose options mention this (e.g. double-12)")
    parser.add_argument("--case", default="", help="calibration: only the table games whose id or options mention this")
    add_bench_run_arguments(parser)
    args = parser.parse_args()
    runner = runner_from_args(args)
    if args.only == "settle":
        priors = [tuple(float(x) for x in p.split(",")) for p in args.prior]
        settle_rule(runner, args.sets.split(","), args.decisions, args.playouts, priors)  # type: ignore[arg-type]
    if args.only == "beginner-review":
        beginner_reviews(args.sets.split(","), args.seeds)
    if args.only == "big-clock-games":
        reference = args.reference or 5 * ratings_mod.SAMPLES
        big_clock_games(runner, args.sets.split(","), args.kinds.split(","), args.seeds, reference)
    if args.only in ("", "speed"):
        speed(args.sizes)
    if args.only in ("", "calibration"):
        for game_id, options in TABLE_CASES:
            if args.case not in f"{game_id} {options}":
                continue
            calibrate_table(runner, game_id, options, args.decisions, args.playouts)
    if args.only in ("", "big-clock"):
        for size in args.sets.split(","):
            calibrate_big_clock(runner, size, max(5, args.decisions // 4), args.reference or 10 * ratings_mod.SAMPLES)


if __name__ == "__main__":
    run_bench(main)
