"""What engine sessions hold in memory: python -m tests.bench.bench_sessions [--games N]

Plays N long games (Draw, double-12, four computers, to its end) through the API, as a page that
never closes a session would, and prints the Python memory held (tracemalloc) with every state
kept (as before) and with the bounded history (KEEP_RECENT states plus checkpoints), then after
the page closes them.
"""

from __future__ import annotations

import argparse
import json
import tracemalloc

from engine import api, session


def play(games: int) -> list[str]:
    sids = []
    for seed in range(games):
        request = {"op": "new", "game": "draw", "seed": seed, "seats": ["ai:easy"] * 4,
                   "options": {"players": 4, "set": "double-12", "target": 250}}
        sid = json.loads(api.handle(json.dumps(request)))["session"]
        while json.loads(api.handle(json.dumps({"op": "ai", "session": sid})))["ok"]:
            pass
        sids.append(sid)
    return sids


def measure(games: int, keep_recent: int) -> tuple[float, float, int]:
    session.KEEP_RECENT = keep_recent
    api.SESSIONS.clear()
    tracemalloc.start()
    sids = play(games)
    moves = sum(len(api.SESSIONS.get(s).moves) for s in sids if s in api.SESSIONS)
    held = tracemalloc.get_traced_memory()[0] / 2**20
    for sid in sids:
        api.handle(json.dumps({"op": "close", "session": sid}))
    closed = tracemalloc.get_traced_memory()[0] / 2**20
    tracemalloc.stop()
    return held, closed, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=api.MAX_SESSIONS)
    args = parser.parse_args()
    bounded = session.KEEP_RECENT
    for label, keep in [("every state kept", 10**9), (f"last {bounded} + checkpoints", bounded)]:
        held, closed, moves = measure(args.games, keep)
        print(f"{args.games} Draw games ({moves} moves), {label}: {held:.1f} MB held, {closed:.1f} MB after close")


if __name__ == "__main__":
    main()
