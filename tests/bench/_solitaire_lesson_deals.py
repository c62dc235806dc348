"""Candidate deals for the solitaires' guided deals (engine/lessons): the search behind
`python -m tests.bench.lesson_seeds --search luzon|big-clock|clock [--seeds A-B]`, its seeds
searched in parallel (engine/runs: --workers, --cluster, --results), each on its own.

- luzon: winnable deals with a winning line that starts with two pairs of column tiles, then a
  pair with the reserve; the line printed has as few column moves as possible (one is best: it
  teaches the new column), and the steps where a legal move would lose (a `wrong` to explain).
- big-clock (double-6): deals with no double on a wrong slot at the start, and their cheapest
  win with the stock's order known (a shift costs 3, any other move 1, at most --moves moves),
  so the player meets a short rescue rather than long shift chains; printed with where the first
  double goes home and where the first double is in trouble. A lesson wants home before trouble.
  Slow: minutes per hundred deals.
- clock: deals where the fourth king comes up within --turns turns and the exchange the advisor
  ranks first wins; printed with the turns of the kings and of a tile turned at its own hour.

The deal's seed fixes the stock and face-down order, so a lesson may follow a line found here
knowing it wins; the notes must still never say what a hidden tile is.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.games.big_clock import GAME as BIG_CLOCK
from engine.games.big_clock import BigClockState
from engine.games.clock import GAME as CLOCK
from engine.games.clock import ClockState
from engine.games.luzon import GAME as LUZON
from engine.games.luzon import LuzonState
from engine.runs import Deal, Runner
from engine.solvers.clock import exchange_chances
from engine.solvers.luzon import solve_state
from engine.tiles import Tile

sys.setrecursionlimit(20_000)


# Luzon


def luzon_winning(state: LuzonState) -> list[str]:
    return [m for m in LUZON.legal_moves(state) if solve_state(LUZON.apply(state, m)).winnable]


def luzon_kind(move: str) -> str:
    return "M" if move.startswith("move") else "R" if "+r" in move else "C"


def luzon_lines(state: LuzonState, prefix: list[str], out: list[list[str]], limit: int) -> None:
    """Winning lines from `state` (at most `limit`), depth first."""
    if len(out) >= limit:
        return
    if not state.tiles_left:
        out.append(list(prefix))
        return
    for move in luzon_winning(state):
        prefix.append(move)
        luzon_lines(LUZON.apply(state, move), prefix, out, limit)
        prefix.pop()


def luzon(seed: int, args: argparse.Namespace) -> str | None:
    state = LUZON.new_state({"variant": "twelve"}, seed)
    if not solve_state(state).winnable:
        return None
    lines: list[list[str]] = []
    luzon_lines(state, [], lines, 3000)
    taught = [line for line in lines if "".join(map(luzon_kind, line)).startswith("CCR")]
    if not taught:
        return None
    line = min(taught, key=lambda ln: (abs("".join(map(luzon_kind, ln)).count("M") - 1), len(ln)))
    losing = []
    for i, move in enumerate(line):
        legal, winning = LUZON.legal_moves(state), luzon_winning(state)
        if len(winning) < len(legal):
            losing.append(i)
        state = LUZON.apply(state, move)
    return f"{''.join(map(luzon_kind, line))} losing alternatives at steps {losing}\n  {' '.join(line)}"


# The Big Clock


def lower_bound(state: BigClockState) -> int:
    """Moves still needed at least: one per double not home, and the draws to reach the last."""
    missing = [Tile(k, k) for k in range(1, state.size + 1) if not state.home(k)]
    last = max((state.stock.index(d) for d in missing if d in state.stock), default=-1)
    return len(missing) + last + 1


def cheapest(state: BigClockState, budget: int, moves: int, failed: dict[BigClockState, tuple[int, int]]
             ) -> list[str] | None:
    if state.homes == state.size:
        return []
    if lower_bound(state) > min(budget, moves) or failed.get(state, (-1, -1)) >= (budget, moves):
        return None
    for move in BIG_CLOCK.legal_moves(state):
        cost = 3 if move.startswith("shift") else 1
        if cost <= budget:
            rest = cheapest(BIG_CLOCK.apply(state, move), budget - cost, moves - 1, failed)
            if rest is not None:
                return [move, *rest]
    failed[state] = max(failed.get(state, (-1, -1)), (budget, moves))
    return None


def big_clock(seed: int, args: argparse.Namespace) -> str | None:
    state = BIG_CLOCK.new_state({"set": "double-6"}, seed)
    if state.trouble or state.homes:
        return None
    failed: dict[BigClockState, tuple[int, int]] = {}
    line = next((found for budget in range(lower_bound(state), args.moves + 10)
                 if (found := cheapest(state, budget, args.moves, failed)) is not None), None)
    if line is None:
        return None
    home = trouble = None
    for i, move in enumerate(line):
        before = state.homes
        state = BIG_CLOCK.apply(state, move)
        home = i if home is None and state.homes > before else home
        trouble = i if trouble is None and state.trouble else trouble
    shifts = sum(m.startswith("shift") for m in line)
    return f"{len(line)} moves, {shifts} shifts, first home at {home}, first trouble at {trouble}\n  {' '.join(line)}"


# Clock


def clock_out(state: ClockState) -> ClockState:
    while state.phase == "turn":
        state = CLOCK.apply(state, "turn")
    return state


def clock(seed: int, args: argparse.Namespace) -> str | None:
    state = CLOCK.new_state({"exchange": True}, seed)
    kings, own = [], []
    turns = 0
    while state.phase == "turn" and turns < args.turns:
        source = state.next_slot
        state = CLOCK.apply(state, "turn")
        if state.last is not None and state.last.rank == 13:
            kings.append(turns)
        elif state.last is not None and state.last.rank == source:
            own.append(turns)
        turns += 1
    if state.phase != "exchange":
        return None
    choices = exchange_chances(state)
    wins = [c.move for c in choices if clock_out(CLOCK.apply(state, c.move)).phase == "won"]
    if not wins or wins[0] != choices[0].move:
        return None
    return f"{turns} turns, kings at {kings}, own hour at {own}; winning exchanges {wins}"


SEARCHES: dict[str, Any] = {"luzon": luzon, "big-clock": big_clock, "clock": clock}


def found(game: str, seed: int, moves: int, turns: int) -> str | None:
    """What `game`'s search finds in deal `seed` (a deal of the search's run), None if it does not suit."""
    text: str | None = SEARCHES[game](seed, argparse.Namespace(moves=moves, turns=turns))
    return text


def search(runner: Runner, game: str, seeds: range, moves: int = 28, turns: int = 16) -> list[tuple[int, str]]:
    """Print each seed of `seeds` that suits `game`'s lesson, with what it found, the seeds
    searched by `runner`, in order. moves: big-clock, the most moves of a line; turns: clock, the
    most turns before the exchange."""
    deals = [Deal(f"deal {seed}", seed, (game, seed, moves, turns)) for seed in seeds]
    run = {"bench": "lesson_seeds", "game": game, "moves": moves, "turns": turns}
    suits = [(seed, text) for seed, text in zip(seeds, runner.run(found, deals, run, label="seeds"), strict=True)
             if text]
    for seed, text in suits:
        print(seed, text, flush=True)
    return suits
