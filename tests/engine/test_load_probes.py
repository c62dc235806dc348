"""`load` of a crafted record tells nothing of a computer's hand (issue 33, item 1): the probe a
caller with the API only could try on a game in progress, given its sealed record (no deal
number): edit a move, append a computer's move, cut the moves short, change the deal, and read
whether each load is accepted and what the refusal says.

The twin worlds: one deal number, dealt two ways that differ only in what a computer holds
(two hidden tiles swapped between a computer's hand and the stock or another computer's hand,
tiles the moves so far never showed), with the same moves legal in both and the person seeing
the same at every move. Every crafted request is sent in both worlds: the answers must be the
same byte for byte (session ids aside). Before the moves were sealed to the deal, a computer's
play appended to the record loaded exactly when the computer held the tile."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from engine.api import SESSIONS, handle
from engine.games import get_game
from engine.games.table.state import TableState, sort_tiles
from engine.session import Session

TABLE_GAMES = [("draw", {}), ("draw", {"players": 3}), ("matador", {}), ("tiddle-a-wink", {}),
               ("round-the-clock", {})]
SESSION_ID = re.compile(r'"s[0-9]+"')


def played(game: str, options: dict[str, Any], seed: int, moves: int) -> Session:
    """A person (at random) against easy computers, `moves` moves on and then on to a computer's
    turn (the game's end: a failed test)."""
    rules = get_game(game)
    seats = ["human"] + ["ai:easy"] * (rules.num_seats(rules.spec.resolve_options(options)) - 1)
    session = Session.new(game, options, seed, seats)
    rng = random.Random(seed)
    while (seat := session.to_move()) is not None and (len(session.moves) < moves or seat == 0):
        if seat == 0:
            session.play(rng.choice(session.game.legal_moves(session.state)))
        else:
            session.ai_move()
    assert session.to_move() not in (None, 0), "the game ended before a computer's turn"
    return session


def swapped(deal: TableState, x: Any, y: Any) -> TableState:
    """The deal with tiles x and y trading places (hands stay sorted, the stock keeps its order)."""
    def trade(tile: Any) -> Any:
        return y if tile == x else x if tile == y else tile
    return deal._replace(hands=tuple(sort_tiles(trade(t) for t in hand) for hand in deal.hands),
                         stock=tuple(trade(t) for t in deal.stock))


def twin_deal(session: Session) -> TableState | None:
    """The session's deal with two tiles swapped that no move so far showed, a computer's tile
    with the stock's or another computer's, such that every move stays legal and the person sees
    the same at every move."""
    game, deal = session.game, session.history[0]
    end = session.state
    held = [(seat, t) for seat in range(1, end.n) for t in end.hands[seat] if t in deal.hands[seat] and t.a != t.b]
    others = [t for t in end.stock if t in deal.stock and t.a != t.b]
    for seat, x in held:
        for y in others + [t for s, t in held if s != seat]:
            twin = swapped(deal, x, y)
            state, same = twin, True
            for i, move in enumerate(session.moves):
                legal = game.legal_moves(state)
                if move not in legal or game.view(state, 0) != game.view(session._state_at(i), 0):
                    same = False
                    break
                state = game.apply(state, move)
            if same and game.view(state, 0) == game.view(end, 0) and game.view(state, None) != game.view(end, None):
                return twin
    return None


def twins(game: str, options: dict[str, Any], seed: int) -> tuple[Session, TableState]:
    """A game in progress at a computer's turn, as far on as up to 6 + seed moves, and its twin deal."""
    for moves in range(6 + seed, -1, -1):
        session = played(game, options, seed, moves)
        if (twin := twin_deal(session)) is not None:
            return session, twin
    raise AssertionError("no twin deal")


@contextmanager
def dealt_as(session: Session, deal: TableState) -> Iterator[None]:
    """The session's deal number deals `deal` while inside (the twin world)."""
    game = session.game
    new_state = game.new_state
    game.new_state = lambda options, seed: deal if seed == session.seed else new_state(options, seed)  # type: ignore[method-assign]
    try:
        yield
    finally:
        del game.new_state


def probes(session: Session, twin: TableState) -> list[dict[str, Any]]:
    """The crafted requests: what a caller could send knowing the record and its own view (the
    candidate moves are every move either world allows a computer there, and plays of every tile
    a computer holds in either world, at every end)."""
    record = json.loads(json.dumps(session.record()))
    moves, game = record["moves"], session.game
    worlds = [session.state, twin]
    for move in moves:
        worlds[1] = game.apply(worlds[1], move)
    legal = sorted({m for state in worlds for m in game.legal_moves(state)} | {"draw", "pass"})
    hidden = sorted({str(t) for state in worlds for hand in state.hands[1:] for t in hand})
    shapes = {m.split(":", 2)[2] for m in legal if m.startswith("play:")}
    candidates = legal + [f"play:{tile}:{shape}" for tile in hidden for shape in sorted(shapes)]
    computer_turns = [i for i in range(len(moves)) if session.game.to_move(session._state_at(i)) not in (0, None)]
    person_turns = [i for i in range(len(moves)) if session.game.to_move(session._state_at(i)) == 0]
    records = [record, {**record, "moves": moves[:-1]}, {**record, "moves": []},
               {k: v for k, v in record.items() if k != "moves_seal"},
               {**{k: v for k, v in record.items() if k not in ("deal", "moves_seal")}, "seed": session.seed},
               {**record, "deal": Session.new(game.spec.id, record["options"], 77, record["seats"]).record()["deal"]}]
    records += [{**record, "moves": [*moves, move]} for move in candidates]
    for i in computer_turns[-3:]:  # a computer's move replaced, or the moves cut there and one appended
        records += [{**record, "moves": [*moves[:i], move, *moves[i + 1:]]} for move in candidates]
        records += [{**record, "moves": [*moves[:i], move]} for move in candidates]
    for i in person_turns[-3:]:  # the person's move replaced: what the computers did after it is tried again
        others = [m for m in game.legal_moves(session._state_at(i)) if m != moves[i]]
        records += [{**record, "moves": [*moves[:i], move, *moves[i + 1:]]} for move in others]
    requests: list[dict[str, Any]] = [{"op": "load", "record": r} for r in records]
    requests += [{"op": "load", "record": record, "seat": seat} for seat in range(len(record["seats"]))]
    requests += [{"op": "load", "record": record, "imported": True}]
    requests += [{"op": "replay", "record": r, "at": len(r["moves"])} for r in records[:8]]
    return requests


def answers(requests: list[dict[str, Any]]) -> list[str]:
    """Each request's answer, session ids left out (the sessions it opened closed)."""
    texts = []
    for request in requests:
        answer = json.loads(handle(json.dumps(request)))
        if isinstance(answer.get("session"), str) and answer["session"] in SESSIONS:
            SESSIONS.close(answer["session"])
        texts.append(SESSION_ID.sub('"S"', json.dumps(answer)))
    return texts


@pytest.mark.parametrize(("game", "options"), TABLE_GAMES)
@pytest.mark.parametrize("seed", [3, 8])
def test_a_crafted_load_answers_the_same_whatever_a_computer_holds(game: str, options: dict[str, Any],
                                                                   seed: int) -> None:
    session, twin = twins(game, options, seed)
    requests = probes(session, twin)
    first = answers(requests)
    with dealt_as(session, twin):
        second = answers(requests)
    differ = [(r, a, b) for r, a, b in zip(requests, first, second, strict=True) if a != b]
    assert not differ, f"{len(differ)} of {len(requests)} answers tell the deals apart, e.g. {differ[0]!r:.900}"
    loaded = [json.loads(text) for text in first]
    assert loaded[0]["ok"], loaded[0]  # the record as saved resumes
    refused = {a["error"]["message"] for a, r in zip(loaded, requests, strict=True)
               if r["op"] == "load" and r["record"]["moves"] != requests[0]["record"]["moves"]}
    assert len(refused) == 1, refused  # every changed move list: one refusal


def test_the_twin_world_is_another_deal_the_person_cannot_tell_apart() -> None:
    """The probe's premise: in the twin world the computer to move may play other tiles."""
    session, twin = twins("draw", {"players": 3}, 3)
    with dealt_as(session, twin):
        other = Session.load(session.record())
    assert other.view(0) == session.view(0)
    assert other.game.view(other.state, None) != session.game.view(session.state, None)


def legacy_record(session: Session) -> dict[str, Any]:
    """The session's record as the page saved it before the keyed seal and the moves' seal (the
    deal under a fixed mask of its game, options and seats; no `moves_seal`)."""
    import hashlib

    record = {k: v for k, v in session.record().items() if k != "moves_seal"}
    key = hashlib.sha256(json.dumps([session.game.spec.id, session.options, session.seats], sort_keys=True)
                         .encode()).digest()
    check = hashlib.sha256(key + str(session.seed).encode()).hexdigest()[:8]
    return {**record, "deal": f"{session.seed ^ int.from_bytes(key[:8], 'big'):016x}{check}"}


def test_a_game_saved_before_the_moves_were_sealed_resumes_and_is_saved_sealed() -> None:
    """Nothing lost: a page's game saved with the old seal resumes where it was; saved again, it
    carries today's seal and moves' seal; today's record with its moves' seal taken off is refused."""
    session = played("draw", {"players": 3}, 3, 9)
    old = legacy_record(session)
    assert old["deal"] != session.record()["deal"]
    resumed = Session.load(old)
    assert resumed.view(0) == session.view(0) and resumed.moves == session.moves
    assert resumed.record() == session.record()  # saved again: sealed as today
    stripped = {k: v for k, v in session.record().items() if k != "moves_seal"}
    answer = json.loads(handle(json.dumps({"op": "load", "record": stripped})))
    assert answer["error"]["message"] == ("The record's moves are not the ones saved with its deal: "
                                          "the file was changed.")
