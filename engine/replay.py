"""Replay: a record's game shown position by position, as a seat saw it then (the coach's board),
and a better move drawn in place of the move played. The review (review.py) grades the moves;
this only shows them."""

from __future__ import annotations

from typing import Any

from engine.protocol import JSON, BadRequest, HiddenInformation
from engine.session import Session


def _first_moves(session: Session, count: int) -> Session:
    """The game of a loaded record after its first `count` moves (already checked by the load),
    not resigned (a resign ends the game after its last move, not the positions before it)."""
    shown = Session(session.game, dict(session.options), session.seed, list(session.seats),
                    [session.game.new_state(session.options, session.seed)], winnable=session.winnable,
                    aids=[dict(aid) for aid in session.aids], lesson=session.lesson)
    for move in session.moves[:count]:
        shown.replay_move(move)
    return shown


def deal_positions(session: Session) -> list[int]:
    """Where the deals made moves of their own (`Game.deal_moves`): for each such move, the
    number of the record's moves made before it, oldest first (a table game's [0, 17]: round 1's
    lead at the start, round 2's after the 17th move, which dealt it). The session keeps every
    state (loaded with keep_states)."""
    counts = [session.game.deal_moves(state) for state in session.history]
    return [at for at, count in enumerate(counts) for _ in range(count - (counts[at - 1] if at else 0))]


def replay(record: Any, at: Any, seat: Any = None, reveal: Any = False, instead: Any = None) -> JSON:
    """The view of a record's game after its first `at` moves, from `seat` (default: the first
    person's seat) as that seat saw it then, with the event of the move that led there.
    `reveal` adds every hand, for a finished game only. `instead`, a legal move of the position
    before move `at` (the review's better move), is made there in place of the move played: the
    view after it, the alternative the coach draws beside the move made (one that shows hidden
    information, a drawn tile or a round's hands, only once the game is over). The last
    position of a resigned game is the game's end: its outcome says who resigned. `deal_moves`:
    where the deals made moves a player saw made (`deal_positions`), for the page to count them."""
    session = Session.load(record, keep_states=True)
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= len(session.moves):
        raise BadRequest(f"at must be a move number from 0 to {len(session.moves)}")
    if reveal not in (True, False):
        raise BadRequest("reveal must be true or false")
    if reveal and session.to_move() is not None:  # over by the rules, or resigned
        raise BadRequest("every hand is shown once the game is over")
    if instead is not None and (not isinstance(instead, str) or at == 0):
        raise BadRequest("instead must be a move id, in place of a move (at 1 or more)")
    viewer = session.viewer(seat) if seat is not None else next(
        (i for i, kind in enumerate(session.seats) if kind == "human"), 0)
    game = session.game
    shown = _first_moves(session, max(0, at - 1))
    move = session.moves[at - 1] if at else None
    if instead is not None:
        state = shown.state
        decider = game.to_move(state)
        if decider is not None and decider != viewer:  # another seat's decision: one answer whatever it held
            try:
                session.check_may_see(decider)
            except HiddenInformation:
                raise HiddenInformation("Another move in place of a computer's is shown once the game is over."
                                        ) from None
        game.check_move(state, instead)
        if game.revealed_to(state, instead, game.apply(state, instead)) and session.to_move() is not None:
            raise HiddenInformation("that move shows hidden information: its position is shown once the game is over")
        move = instead
    events = [shown.replay_move(move)] if move is not None else []
    if at == len(session.moves) and instead is None:
        shown.resigned = session.resigned  # the game's end: resigned there, it says so (nobody's move next)
    view = shown.seat_view(viewer, events)  # the seat was checked against the whole game
    view["extra_moves"], view["can_undo"], view["can_redo"] = [], False, False  # a replay plays nothing
    view["seed"] = session.shown_seed()  # the whole game's: over, its deal may be shown
    if reveal:
        view["all_hands"] = game.view(shown.state, None).get("hands")
    return {"view": view, "at": at, "moves": len(session.moves), "deal_moves": deal_positions(session)}
