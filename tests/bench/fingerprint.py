"""Fingerprints of behaviour that a refactoring must keep: the computer players' picks and the
JSON API's answers.

    python3 -m tests.bench.fingerprint            # compare with tests/bench/fingerprint.json
    python3 -m tests.bench.fingerprint --record   # write the file anew (only when a change is meant)

- picks: every game, every option set of the conformance suite, positions from seeded random
  playouts; at each position the pick of every computer level (easy, medium, hard, advisor),
  each from a determinization for the seat to move as a session makes it, and the hint's
  move, reason and chance (the game's own, else the hard player's, as `Session.hint`).
- api: the catalog, and a fixed corpus of requests (new, play, ai at every level, hint, undo, redo,
  view, record, load, close, malformed and illegal requests) through `engine.api.handle` in a
  fresh process; every answer's bytes.

Each part is one sha256 over its lines; the file also keeps the hash of every line group, so a
mismatch names the games/requests that differ. Not a test (hard's full budget takes a
while): run it before and after a change that touches anything a player or solver runs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from engine.api import handle
from engine.games import all_games
from engine.players import get_player
from engine.protocol import Game
from engine.rng import deal_rng
from engine.session import Session

FILE = Path(__file__).with_name("fingerprint.json")
LEVELS = ("easy", "medium", "hard", "advisor")
SEEDS = (0, 1)
POSITIONS = 3  # per playout: at its start, a third and two thirds of the way


def option_sets(game: Game[Any]) -> list[dict[str, Any]]:
    """Defaults, then each non-default choice of each option on its own (as the conformance suite)."""
    sets: list[dict[str, Any]] = [{}]
    for opt in game.spec.options:
        sets += [{opt.key: c} for c in opt.choices if c != opt.default]
    return sets


def playout_positions(game: Game[Any], options: dict[str, Any], seed: int) -> list[Any]:
    """POSITIONS states along a seeded random playout where someone is to move."""
    state = game.new_state(options, seed)
    rng = random.Random(seed)
    states: list[Any] = []
    while game.to_move(state) is not None and len(states) < 400:
        states.append(state)
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return [states[len(states) * k // POSITIONS] for k in range(POSITIONS)] if states else []


def picks_lines(game: Game[Any]) -> list[str]:
    lines = []
    for opts in option_sets(game):
        options = game.spec.resolve_options(opts)
        for seed in SEEDS:
            for i, state in enumerate(playout_positions(game, options, seed)):
                seat = game.to_move(state)
                assert seat is not None
                picks = []
                for level in LEVELS:
                    rng = deal_rng(seed, "ai", i, level)
                    picks.append(get_player(level).choose(game, game.determinize(state, seat, rng), seat, rng))
                session = Session(game, options, seed, ["human"] * game.num_seats(options), [state])
                hint = {k: v for k, v in session.hint().items() if k in ("move", "reason", "chance")}
                lines.append(json.dumps([game.spec.id, opts, seed, i, picks, hint], sort_keys=True))
    return lines


def corpus() -> list[str]:
    """The request corpus: built from the answers as it goes, so it is the same every run."""
    out: list[str] = []

    def ask(req: dict[str, Any] | str) -> dict[str, Any]:
        text = req if isinstance(req, str) else json.dumps(req)
        answer = handle(text)
        out.append(text + "\n" + answer)
        return json.loads(answer)  # type: ignore[no-any-return]

    for bad in ["", "[]", "{", json.dumps({"op": "nope"}), json.dumps({"op": "new", "game": "chess"}),
                json.dumps({"op": "play", "session": "s999", "move": "draw"})]:
        ask(bad)
    for game in games():
        for opts in option_sets(game)[:3]:
            options = game.spec.resolve_options(opts)
            n = game.num_seats(options)
            seats = ["human"] + [f"ai:{LEVELS[(k % 3)]}" for k in range(n - 1)] if n > 1 else ["human"]
            ask({"op": "new", "game": game.spec.id, "options": opts, "seed": 42, "seats": seats + ["human"]})
            answer = ask({"op": "new", "game": game.spec.id, "options": opts, "seed": 11, "seats": seats})
            sid = answer["session"]
            rng = random.Random(7)
            ask({"op": "play", "session": sid, "move": "not-a-move"})
            for step in range(40):
                view = answer.get("view") or ask({"op": "view", "session": sid})["view"]
                if view["to_move"] is None:
                    break
                if view["legal"]:
                    ask({"op": "hint", "session": sid})
                    move = rng.choice(view["legal"])["id"]
                    answer = ask({"op": "play", "session": sid, "move": move})
                    if step % 7 == 3:
                        ask({"op": "undo", "session": sid})
                        answer = ask({"op": "redo", "session": sid})
                else:
                    level = LEVELS[step % 4] if n == 1 else None
                    req: dict[str, Any] = {"op": "ai", "session": sid}
                    if level:
                        req["level"] = level
                    answer = ask(req)
                    if not answer["ok"]:
                        answer = ask({"op": "ai", "session": sid, "level": "medium"})
            ask({"op": "view", "session": sid, "seat": n - 1})
            record = ask({"op": "record", "session": sid})["record"]
            ask({"op": "load", "record": record})
            ask({"op": "load", "record": {**record, "moves": record["moves"] + ["bogus"]}})
            ask({"op": "close", "session": sid})
    return out


def games() -> list[Game[Any]]:
    """Every game, by id (the catalog's order is part of the catalog answer, checked there)."""
    return sorted(all_games(), key=lambda g: g.spec.id)


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def measure() -> dict[str, Any]:
    parts: dict[str, dict[str, str]] = {"picks": {}, "api": {}}
    for game in games():
        t = time.process_time()
        parts["picks"][game.spec.id] = digest(picks_lines(game))
        print(f"  picks {game.spec.id}: {time.process_time() - t:.1f} s", file=sys.stderr)
    parts["api"]["catalog"] = digest([handle(json.dumps({"op": "catalog"}))])
    lines = corpus()
    for k in range(0, len(lines), 50):
        parts["api"][f"requests {k}-{min(k + 50, len(lines)) - 1}"] = digest(lines[k:k + 50])
    return {name: {"sha256": digest(list(groups.values())), "groups": groups} for name, groups in parts.items()}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", action="store_true", help="write the fingerprints to " + FILE.name)
    args = parser.parse_args(argv)
    found = measure()
    for name, part in found.items():
        print(f"{name}: {part['sha256']}")
    if args.record:
        FILE.write_text(json.dumps(found, indent=1) + "\n")
        print(f"recorded in {FILE}")
        return 0
    expected = json.loads(FILE.read_text())
    status = 0
    for name, part in found.items():
        if part["sha256"] == expected[name]["sha256"]:
            print(f"{name}: unchanged")
            continue
        status = 1
        changed = [g for g, v in part["groups"].items() if expected[name]["groups"].get(g) != v]
        print(f"{name}: CHANGED in {', '.join(changed)}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
