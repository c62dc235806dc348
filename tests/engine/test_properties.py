"""Property tests (hypothesis) over every game: any options, any seed, any legal-move sequence.

- a record round-trips: saved, sent through JSON and loaded, it gives the same state and views;
- a legal-move sequence replays: the same moves from the same deal give the same states;
- no view of any seat (the game's and the session's, with labels and analysis) shows a tile
  hidden from that seat;
- an illegal move is refused with a typed error and changes nothing.
Bounded (few examples, short sequences) so the suite stays fast; the conformance suite plays
whole games.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.games import all_games, get_game
from engine.protocol import BadOption, EngineError, Game, IllegalMove
from engine.session import Session
from tests.engine.helpers import tokens

GAME_IDS = sorted(g.spec.id for g in all_games())
MAX_MOVES = 40
BOUNDED = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> tuple[Game[Any], dict[str, Any], int]:
    """A game, options drawn from its choices (a combination the game refuses is skipped), a seed."""
    game = get_game(draw(st.sampled_from(GAME_IDS)))
    options = {opt.key: draw(st.sampled_from(opt.choices)) for opt in game.spec.options}
    seed = draw(st.integers(min_value=0, max_value=2**31 - 1))
    try:
        game.new_state(game.spec.resolve_options(options), seed)
    except BadOption:
        assume(False)
    return game, options, seed


@st.composite
def sequences(draw: st.DrawFn, game: Game[Any], options: dict[str, Any], seed: int) -> tuple[list[Any], list[str]]:
    """The states and moves of a drawn legal-move sequence from the deal."""
    state = game.new_state(game.spec.resolve_options(options), seed)
    states, moves = [state], []
    for _ in range(draw(st.integers(min_value=0, max_value=MAX_MOVES))):
        legal = game.legal_moves(state)
        if not legal:
            break
        move = legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))]
        state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    return states, moves


@BOUNDED
@given(st.data(), games())
def test_a_legal_move_sequence_replays_to_the_same_states(data: st.DataObject, case: Any) -> None:
    game, options, seed = case
    states, moves = data.draw(sequences(game, options, seed))
    replayed = game.new_state(game.spec.resolve_options(options), seed)
    assert replayed == states[0]
    for move, expected in zip(moves, states[1:], strict=True):
        replayed = game.apply(replayed, move)
        assert replayed == expected
        assert game.view(replayed, None) == game.view(expected, None)


@BOUNDED
@given(st.data(), games())
def test_a_record_round_trips_through_json(data: st.DataObject, case: Any) -> None:
    game, options, seed = case
    _, moves = data.draw(sequences(game, options, seed))
    seats = ["human"] * game.num_seats(game.spec.resolve_options(options))
    session = Session.new(game.spec.id, options, seed, seats)
    for move in moves:
        session.play(move)
    record = json.loads(json.dumps(session.record()))
    loaded = Session.load(record)
    assert loaded.state == session.state
    assert loaded.record() == record
    for seat in range(len(seats)):
        assert loaded.view(seat) == session.view(seat)


@BOUNDED
@given(st.data(), games())
def test_no_view_shows_a_tile_hidden_from_its_seat(data: st.DataObject, case: Any) -> None:
    game, options, seed = case
    states, _ = data.draw(sequences(game, options, seed))
    resolved = game.spec.resolve_options(options)
    seats = ["human"] * game.num_seats(resolved)
    for state in states:
        session = Session(game, resolved, seed, seats, [state])
        for seat in range(len(seats)):
            hidden = game.hidden_from(state, seat)
            for view in (game.view(state, seat), session.view(seat)):
                assert not tokens(view) & hidden, f"seat {seat} sees {tokens(view) & hidden}"


MOVE_TEXT = st.one_of(
    st.text(max_size=24),
    st.from_regex(r"(play|draw|pass|discard|move|place|shift|refill|exchange|turn|next-round)[:a-z0-9+>\-]{0,16}",
                  fullmatch=True),
)


@BOUNDED
@given(st.data(), games(), MOVE_TEXT)
def test_an_illegal_move_is_refused_and_changes_nothing(data: st.DataObject, case: Any, move: str) -> None:
    game, options, seed = case
    states, _ = data.draw(sequences(game, options, seed))
    state = states[-1]
    assume(game.to_move(state) is not None and move not in game.legal_moves(state) and move != "resign")
    before = (game.view(state, None), game.legal_moves(state))
    try:
        game.check_move(state, move)
        raise AssertionError(f"{move!r} was accepted")
    except IllegalMove:
        pass
    try:
        game.apply(state, move)
        raise AssertionError(f"{move!r} was applied")
    except EngineError:
        pass
    assert (game.view(state, None), game.legal_moves(state)) == before
    resolved = game.spec.resolve_options(options)
    session = Session(game, resolved, seed, ["human"] * game.num_seats(resolved), [state])
    record = session.record()
    try:
        session.play(move)
        raise AssertionError(f"the session played {move!r}")
    except EngineError:
        pass
    assert session.record() == record and session.state is state
