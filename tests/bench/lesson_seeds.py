"""Find and read the deals of the guided deals (engine.lessons).

    python3 -m tests.bench.lesson_seeds                       # each table lesson: its deal, turns, rules met
    python3 -m tests.bench.lesson_seeds --search luzon|big-clock|clock [--seeds 0-200]  # a solitaire's
                                                              # (tests/bench/_solitaire_lesson_deals.py)
    python3 -m tests.bench.lesson_seeds --trace GAME          # the lesson's deal turn by turn (to write notes)
    python3 -m tests.bench.lesson_seeds --trace GAME --seed N --moves M1,M2,...   # another deal
    python3 -m tests.bench.lesson_seeds --search GAME [--seeds 0-700] [--tries 30]
        [--workers N | --cluster ADDRESS] [--results FILE]   # a search's seeds in parallel (engine/runs)

A lesson's deal depends on the computers' picks: when they change on purpose (the fingerprint
recorded again), `walk` finds the lessons broken and another deal has to be found. --search plays
the first round of each seed many times, the person's moves picked at random and the computers
as in the lesson (same seats and options), and lists the deals where the person meets the
game's rules (`RULES` below) one after another and goes out, best first, with the person's
moves; --trace shows one of them with the computers' moves between, by the page's default names.
A search's seeds are searched over --workers processes (default: the machine's cores) or a Dask
cluster (--cluster), each seed on its own (its tries seeded by it alone), so the list is that of
one process; --results FILE keeps the seeds searched, and the same command resumes.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.games.matador import is_matador
from engine.lessons import Lesson, lesson_for
from engine.runs import Deal, Runner, add_run_arguments, runner_from_args
from engine.session import Session
from engine.tiles import Tile
from tests.bench import _solitaire_lesson_deals as solitaire_lesson_deals
from tests.bench._runs import run_bench

NAMES = Lesson.names  # the seats' names the guide uses (and the page then shows)
GAMES = ("matador", "tiddle-a-wink", "round-the-clock")


@dataclass(frozen=True)
class Turn:
    """One of the person's turns: the state, the legal moves, the move made."""

    at: int
    state: Any
    legal: tuple[str, ...]
    move: str


def play_round(lesson: Lesson, seed: int, pick: Callable[[Turn], str]) -> tuple[list[Turn], Session]:
    """The first round of `seed` at the lesson's table, the person's moves by `pick` (given the
    turn with move ""), the computers' as in any game."""
    session = Session.new(lesson.game, dict(lesson.options), seed, list(lesson.seats))
    session.keep_states = True
    turns: list[Turn] = []
    while True:
        while session.to_move() is not None and not session.is_human(session.to_move()):
            session.ai_turn()
        if session.to_move() is None or session.state.between or len(turns) > 40:
            return turns, session
        turn = Turn(len(session.moves), session.state, tuple(session.game.legal_moves(session.state)), "")
        move = pick(turn)
        turns.append(Turn(turn.at, turn.state, turn.legal, move))
        session.play(move)


def at_random(rng: random.Random) -> Callable[[Turn], str]:
    return lambda turn: rng.choice(turn.legal)


def following(moves: list[str]) -> Callable[[Turn], str]:
    chosen = iter(moves)
    return lambda turn: next(chosen)


def tile(move: str) -> Tile | None:
    return Tile.parse(move.split(":")[1]) if move.startswith("play:") else None


# ---- what each game's lesson needs the person to meet: tags per turn, and a deal's score ----

def matador_tags(t: Turn) -> set[str]:
    s, out = t.state, set()
    if any(e.value == 0 for e in s.layout.open_ends()):
        out.add("blank end")
    played = tile(t.move)
    if t.move == "draw":
        out.add("draw again" if s.drawing else "draw by choice" if len(t.legal) > 1 else "draw")
    elif played is not None:
        plain = [m for m in t.legal if m.startswith("play:") and not is_matador(tile(m) or played)]
        if is_matador(played):
            out.add("matador" if not plain else "matador by choice")
        else:
            out.add("ten")
    return out


def tiddle_tags(t: Turn) -> set[str]:
    played = tile(t.move)
    if played is None:
        return {"go"}
    return {"double" if played.is_double else "match"}


def rtc_tags(t: Turn) -> set[str]:
    s, out = t.state, set()
    phase = "double" if s.layout.ends[0].need == "double" else "tile"
    shut = [e for e, c in zip(s.layout.ends, s.layout.closed, strict=True) if c]
    if any(any(x.has(e.value) for x in s.hands[0]) for e in shut) and phase == "tile":
        out.add("closed arm")
    if t.move == "draw":
        out.add("draw")
    elif t.move == "pass":
        out.add("pass")
    else:
        out.add(f"{phase} phase")
    return out


RULES: dict[str, tuple[Callable[[Turn], set[str]], tuple[str, ...], frozenset[str]]] = {
    # game: (tags of a turn, the tags a lesson needs in the order the person should meet them,
    # each at a turn of its own; the tags it needs at any turn)
    "matador": (matador_tags, ("ten", "blank end", "draw", "matador"), frozenset()),
    "tiddle-a-wink": (tiddle_tags, ("match", "go", "double"), frozenset()),
    "round-the-clock": (rtc_tags, ("tile phase", "closed arm", "double phase"), frozenset({"draw"})),
}
AVOID = {"draw again", "draw by choice", "matador by choice"}  # turns a lesson would have to explain away


def score(game: str, turns: list[Turn], session: Session) -> float | None:
    """How well a round teaches: None when it misses a rule, ends unfinished or runs too long;
    else higher for fewer choices without a lesson in them and about ten turns."""
    last = session.state.last
    if last is None or not 6 <= len(turns) <= 14 or last.reason != "out" or last.winner != 0:
        return None
    tags_of, needed, anywhere = RULES[game]
    tags = [tags_of(t) for t in turns]
    if not anywhere <= set().union(*tags):
        return None
    if any(tag & AVOID for tag in tags) or (game == "tiddle-a-wink" and turns[0].at == 0):  # the person led
        return None
    found = 0
    for tag in tags:  # the needed rules in order, each met at a turn of its own
        if found < len(needed) and needed[found] in tag:
            found += 1
    if found < len(needed):
        return None
    choices = sum(1 for t in turns if len(t.legal) > 1)
    return 10 - 0.5 * choices - 0.3 * abs(len(turns) - 10)


def search_seed(game: str, seed: int, tries: int) -> list[tuple[float, tuple[str, ...]]]:
    """The rounds of deal `seed` that teach (their score, the person's moves) among `tries`
    rounds played at random (try k from random.Random(seed * 1000 + k): the seed's alone)."""
    lesson = lesson_for(game)
    assert lesson is not None
    found: list[tuple[float, tuple[str, ...]]] = []
    seen: set[tuple[str, ...]] = set()
    for k in range(tries):
        rng = random.Random(seed * 1000 + k)
        turns, session = play_round(lesson, seed, at_random(rng))
        moves = tuple(t.move for t in turns)
        if moves in seen:
            continue
        seen.add(moves)
        value = score(game, turns, session)
        if value is not None:
            found.append((value, moves))
    return found


def search(runner: Runner, game: str, seeds: range, tries: int) -> list[tuple[float, int, tuple[str, ...]]]:
    """`search_seed` of every seed, played by `runner` (a seed is a deal of the run): the rounds
    found, best first (the higher seed first among equals, as the search always listed them)."""
    deals = [Deal(f"deal {seed}", seed, (game, seed, tries)) for seed in seeds]
    start = time.perf_counter()
    per_seed = runner.run(search_seed, deals, {"bench": "lesson_seeds", "game": game, "tries": tries}, label="seeds")
    found = [(value, seed, tuple(moves))
             for seed, rounds in zip(seeds, per_seed, strict=True) for value, moves in rounds]
    found.sort(reverse=True)
    print(f"{game}: {len(found)} rounds found in {len(seeds)} seeds x {tries} tries "
          f"({time.perf_counter() - start:.1f} s wall)")
    for value, seed, moves in found[:15]:
        print(f"  {value:5.1f}  --seed {seed} --moves {','.join(moves)}")
    return found


def trace(game: str, seed: int | None, moves: list[str] | None) -> None:
    """The round turn by turn: before each of the person's turns the computers' moves by name,
    then the hand, the open ends, the legal moves, the move made and its tags."""
    lesson = lesson_for(game)
    assert lesson is not None
    suggested = [s.moves[0] for s in lesson.steps]
    turns, session = play_round(lesson, lesson.seed if seed is None else seed, following(moves or suggested))
    tags_of = RULES[game][0]
    info = session.history[0].info
    print(f"{game} deal {session.seed}: {NAMES[info.leader]} leads {info.lead_tile}")
    done = 0
    for t in turns + [Turn(len(session.moves), session.state, (), "")]:
        for i in range(done, t.at):
            seat = session.game.to_move(session.history[i])
            print(f"    {i:3} {NAMES[seat] if seat is not None else '?':5} {session.moves[i]}")
        if not t.move:
            break
        ends = ", ".join(f"{e.name} {e.value}{' (double)' if e.need == 'double' else ''}"
                         for e in t.state.layout.open_ends())
        print(f"at={t.at}  hand {' '.join(str(x) for x in t.state.hands[0])}  ends: {ends}  "
              f"stock {len(t.state.stock)}  drawn {t.state.drawn}")
        print(f"      legal {', '.join(t.legal)}\n   -> {t.move}   [{', '.join(sorted(tags_of(t)))}]")
        done = t.at + 1
    print(session.state.last.text() if session.state.last else "the round is not over")


def summary() -> None:
    """Each table lesson: its deal, the person's turns and the rules met at them."""
    for game in GAMES:
        lesson = lesson_for(game)
        if lesson is None:
            continue
        start = time.process_time()
        turns, session = play_round(lesson, lesson.seed, following([s.moves[0] for s in lesson.steps]))
        tags = [sorted(RULES[game][0](t)) for t in turns]
        spent = (time.process_time() - start) * 1000
        print(f"{game}: deal {lesson.seed}, {len(turns)} turns ({spent:.0f} ms CPU), "
              f"{session.state.last.text() if session.state.last else 'round not over'}")
        print("   " + " | ".join(", ".join(t) for t in tags))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--search", choices=[*GAMES, *solitaire_lesson_deals.SEARCHES])
    parser.add_argument("--trace", choices=GAMES)
    parser.add_argument("--seeds", default="0-700", help="A-B: the seeds searched (B excluded)")
    parser.add_argument("--tries", type=int, default=30, help="rounds played per seed")
    parser.add_argument("--seed", type=int, help="with --trace: another deal than the lesson's")
    parser.add_argument("--moves", help="with --trace --seed: the person's moves, comma-separated")
    add_run_arguments(parser)
    args = parser.parse_args()
    if args.search:
        lo, hi = (int(x) for x in args.seeds.split("-"))
        if args.search in solitaire_lesson_deals.SEARCHES:
            solitaire_lesson_deals.search(runner_from_args(args), args.search, range(lo, hi))
        else:
            search(runner_from_args(args), args.search, range(lo, hi), args.tries)
    elif args.trace:
        trace(args.trace, args.seed, args.moves.split(",") if args.moves else None)
    else:
        summary()


if __name__ == "__main__":
    run_bench(main)
