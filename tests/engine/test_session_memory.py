"""A session's memory is bounded: it keeps few states of a long game (an undo rebuilds the
others), and the API keeps few sessions, dropping the least recently used."""

from __future__ import annotations

import json
from typing import Any

from engine import api
from engine.session import CHECKPOINT_EVERY, KEEP_RECENT, Session


def long_game() -> Session:
    """A table of computers only, played to its end (hundreds of moves)."""
    session = Session.new("draw", {"players": 4, "set": "double-12", "target": 250}, 7, ["ai:easy"] * 4)
    while session.game.to_move(session.state) is not None and len(session.moves) < 600:
        session.ai_move()
    assert len(session.moves) > 3 * CHECKPOINT_EVERY
    return session


def test_a_long_game_keeps_few_states_and_undo_rebuilds_them_exactly() -> None:
    session = long_game()
    kept = sum(state is not None for state in session.history)
    assert len(session.history) == len(session.moves) + 1
    assert kept <= KEEP_RECENT + len(session.moves) // CHECKPOINT_EVERY + 2
    record = session.record()
    for _ in range(len(record["moves"])):  # all the way back: each view as a fresh replay gives it
        assert session.undo() == 1
        # (an undo marks the game assisted: the replayed record says so too)
        replayed = Session.load({**record, "moves": record["moves"][: len(session.moves)], "assisted": True})
        assert {**session.view(0), "can_redo": False} == replayed.view(0)
    redone = session.redo()  # (a table of computers only: every move at once)
    assert session.view(0) == Session.load({**record, "moves": record["moves"][:redone], "assisted": True}).view(0)


def test_the_api_keeps_few_sessions_and_drops_the_least_recently_used() -> None:
    def call(**req: Any) -> Any:
        return json.loads(api.handle(json.dumps(req)))

    first = call(op="new", game="luzon", seed=1)["session"]
    for seed in range(api.MAX_SESSIONS * 2):
        call(op="new", game="luzon", seed=seed)
        assert call(op="view", session=first)["ok"]  # in use: never dropped
    assert len(api.SESSIONS) <= api.MAX_SESSIONS <= 16
    assert call(op="close", session=first) == {"ok": True}
    assert call(op="view", session=first)["error"]["code"] == "unknown_session"
