"""The computers' turns, and the advice they give a person: a computer seat's move (its level's
player, from what the seat may know only: `Game.determinize`), its whole turn of draws, the
computer playing a person's move (Show solution; a guided deal's step overrides its choice), and
a hint. Every decision is seeded by the deal and the move number (`ai_rng`), so a game replays the
same way natively and in the browser.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.players import get_player
from engine.protocol import JSON, NotYourTurn
from engine.rng import deal_rng
from engine.solvers import advisor_for

if TYPE_CHECKING:
    from engine.session_core import SessionCore


def ai_rng(session: SessionCore) -> random.Random:
    """Computer decisions are seeded by the game seed and the move number, so a game
    replays the same way natively and in the browser."""
    return deal_rng(session.seed, "ai", len(session.moves))


def ai_move(session: SessionCore, level: str | None = None) -> JSON:
    """The computer seat to move plays once (a person's seat too when `level` is
    given: autoplay of a solitaire)."""
    state = session.state
    seat = session.seat_to_move()
    if level is None:
        if session.is_human(seat):
            raise NotYourTurn("It is a person's turn.")
        level = session.seats[seat][3:]
    elif not session.is_human(seat):
        raise NotYourTurn("A computer plays at its own level: a level is only for a person's turn "
                          "(the computer playing for you).")
    rng = ai_rng(session)
    player = get_player(level)
    move = player.choose(session.game, session.game.determinize(state, seat, rng), seat, rng)
    step = session.lesson_step()
    if step is not None and step.moves and move not in step.moves:
        move = step.moves[0]  # the computer playing for the person follows the guide
    index = len(session.moves)
    event = session.apply_move(move)
    session.redo_stack.clear()
    session.computer_moves.discard(index)
    if session.is_human(seat):
        session.aid("computer")
        session.computer_moves.add(index)
    return event


def hint(session: SessionCore) -> JSON:
    """Advice for a person whose turn it is, from what that seat may know only: the game's
    own advisor or a computer player, both given a determinized state."""
    state = session.state
    seat = session.seat_to_move()
    if not session.is_human(seat):
        raise NotYourTurn("Hints are for a person's turn: it is a computer player's turn.")
    rng = ai_rng(session)
    known = session.game.determinize(state, seat, rng)
    advisor = advisor_for(session.game)
    step = session.lesson_step()
    advice = advisor.hint(known, rng) if advisor and not (step and step.moves) else None
    if step is not None and step.moves:
        answer = {**session.move_entry(state, step.moves[0]), "move": step.moves[0],
                  "reason": "the guide shows this move", "chance": None}
    elif advice is None:
        level = "hard"
        move = get_player(level).choose(session.game, known, seat, rng)
        answer = {**session.move_entry(state, move), "move": move,
                  "reason": f"the {level} computer player would play this", "chance": None}
    else:
        answer = {**session.move_entry(state, advice.move), **advice.to_json()}
    session.aid("hint")
    return answer


def ai_turn(session: SessionCore, level: str | None = None) -> list[JSON]:
    """The computer's whole turn: its move and, as long as that was a draw and the same seat
    is still to move, its next one (the draws, then the play or pass they lead to). Each move
    is chosen exactly as by separate `ai_move` calls (the same seeds), so the picks and the
    record are the same."""
    with session.all_or_nothing():
        events = [ai_move(session, level)]
        seat = events[0]["seat"]
        while events[-1].get("kind") == "draw" and session.to_move() == seat:
            events.append(ai_move(session, level))
    return events
