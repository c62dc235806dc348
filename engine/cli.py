"""`python -m engine`: catalog, deal, solve, simulate, match and review from the command line.
simulate, match and review (a folder) play their deals over this machine's cores or a Dask
cluster (engine/runs: --workers, --cluster, --results)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from engine.games import all_games, get_game
from engine.protocol import BadRequest, EngineError
from engine.runs import Interrupted, add_run_arguments, runner_from_args


def parse_sets(pairs: list[str]) -> dict[str, Any]:
    """["variant=sixes", "exchange=false"] -> options (typed by GameSpec.resolve_options)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise BadRequest(f"--set expects KEY=VALUE, got {pair!r}")
        options[key] = value
    return options


def cmd_catalog(args: argparse.Namespace) -> Any:
    return [{"id": g.spec.id, "name": g.spec.name, "options": [o.to_json() for o in g.spec.options]}
            for g in all_games()]


def cmd_deal(args: argparse.Namespace) -> Any:
    game = get_game(args.game)
    options = game.spec.resolve_options(parse_sets(args.set))
    state = game.new_state(options, args.seed)
    return {"game": game.spec.id, "seed": args.seed, "options": options, **game.view(state, None)}


def cmd_solve(args: argparse.Namespace) -> Any:
    if get_game(args.game).spec.id != "luzon":
        raise BadRequest("solve supports luzon")
    from engine.games.luzon import GAME
    from engine.solvers.luzon import solve_state

    options = GAME.spec.resolve_options(parse_sets(args.set))
    state = GAME.new_state(options, args.seed)
    result = solve_state(state)
    return {
        "game": "luzon",
        "seed": args.seed,
        "options": options,
        "deal": {
            "columns": [[str(t) for t in col] for col in state.columns],
            "reserve": [str(t) for t in state.reserve if t is not None],
        },
        "winnable": result.winnable,
        "solution": result.solution,
    }


def cmd_simulate(args: argparse.Namespace) -> Any:
    from engine.simulate import simulate

    return simulate(args.game, parse_sets(args.set), args.deals, args.seed, args.policy, runner_from_args(args))


def cmd_match(args: argparse.Namespace) -> Any:
    from engine.match import run_match

    return run_match(args.game, args.seats.split(","), args.games, args.seed, parse_sets(args.set),
                     runner_from_args(args))


def cmd_review(args: argparse.Namespace) -> Any:
    from engine.review import open_record, review
    from engine.review_folder import read_record, review_folder

    seats = [int(s) for s in args.seats.split(",")] if args.seats else None
    if os.path.isdir(args.record):
        return review_folder(args.record, seats, runner_from_args(args))
    if args.workers or args.cluster or args.results:
        raise BadRequest("--workers, --cluster and --results review a folder of records, not one record")

    def progress(done: int, total: int) -> None:
        if args.progress:
            print(f"review: {done}/{total}", file=sys.stderr)

    return review(open_record(read_record(args.record)), seats, progress=progress)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    def command(name: str, func: Any, help: str, game: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help)
        if game:
            p.add_argument("game")
            p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="a game option")
        p.add_argument("--json", action="store_true", help="print JSON (the default output)")
        p.set_defaults(func=func)
        return p

    command("catalog", cmd_catalog, "list the games and their options", game=False)
    p = command("deal", cmd_deal, "print the initial position of a deal, everything visible")
    p.add_argument("--seed", type=int, required=True)
    p = command("solve", cmd_solve, "solve a Luzon deal exactly")
    p.add_argument("--seed", type=int, required=True)
    p = command("simulate", cmd_simulate, "play many deals of a solitaire with one policy")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--policy", default="advisor", help="random or advisor")
    add_run_arguments(p)
    p = command("match", cmd_match, "play whole games between computer levels")
    p.add_argument("--seats", required=True, help="levels, e.g. hard,medium")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    add_run_arguments(p)
    p = command("review", cmd_review, "rate every decision of a game record (an exported game), or of "
                "every record of a folder", game=False)
    p.add_argument("record", help="a record file (JSON), as the page exports it, or a folder of them (*.json)")
    p.add_argument("--seats", help="seat numbers to review, e.g. 0,2 (default: the person seats)")
    p.add_argument("--progress", action="store_true", help="one record: print its decisions' progress to stderr")
    add_run_arguments(p)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "seed", 0) is not None and getattr(args, "seed", 0) < 0:
        print("error: seed must be non-negative", file=sys.stderr)
        return 2
    try:
        result = args.func(args)
    except EngineError as exc:
        print(f"error ({exc.code}): {exc}", file=sys.stderr)
        return 130 if isinstance(exc, Interrupted) else 2
    except KeyboardInterrupt:  # outside a run (a run says what it kept: Interrupted)
        print("error (interrupted): stopped by Ctrl-C", file=sys.stderr)
        return 130
    print(json.dumps(result))
    return 0
