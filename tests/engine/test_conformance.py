"""One suite every registered game joins: seeded random playouts that check the protocol."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any, cast

import pytest

from engine.games import all_games
from engine.protocol import EngineError, Game, GameOver, IllegalMove
from engine.session import Session
from tests.engine.helpers import ViewTokens, tokens

MAX_STEPS = 20_000
SEEDS = range(4)


def option_sets(game: Game[Any]) -> list[dict[str, Any]]:
    """Defaults, then each non-default choice of each option on its own."""
    sets: list[dict[str, Any]] = [{}]
    for opt in game.spec.options:
        sets += [{opt.key: c} for c in opt.choices if c != opt.default]
    return sets


CASES = [
    pytest.param(game, opts, id=f"{game.spec.id}-{json.dumps(opts, sort_keys=True)}")
    for game in all_games()
    for opts in option_sets(game)
]
TARGET = "target"  # the score that ends a match: it changes when the match ends, nothing else


def protocol_sets(game: Game[Any]) -> list[tuple[dict[str, Any], range]]:
    """The option sets the protocol playouts check, each with its seeds: the defaults over SEEDS;
    each other choice of an option that changes the deal or the board over SEEDS too, in matches
    to the game's lowest target (they end sooner, and the checks at every move cost more as the
    view's history of rounds grows); each other target in one whole match (it ends there)."""
    lowest = {opt.key: min(opt.choices) for opt in game.spec.options if opt.key == TARGET}
    sets: list[tuple[dict[str, Any], range]] = [({}, SEEDS)]
    for opts in option_sets(game)[1:]:
        sets.append((opts, SEEDS[:1]) if TARGET in opts else ({**opts, **lowest}, SEEDS))
    return sets


PROTOCOL_CASES = [
    pytest.param(game, opts, seeds, id=f"{game.spec.id}-{json.dumps(opts, sort_keys=True)}")
    for game in all_games()
    for opts, seeds in protocol_sets(game)
]


def playout(game: Game[Any], options: dict[str, Any], seed: int) -> Iterator[tuple[Any, str, Any]]:
    """Yield (state, move, next_state) along a seeded random playout, checking as it goes."""
    state = game.new_state(options, seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        seat = game.to_move(state)
        moves = game.legal_moves(state)
        if seat is None:
            assert moves == [], "no moves once the game is over"
            assert game.outcome(state) is not None
            return
        assert moves, "the seat to move has a move"
        assert game.outcome(state) is None
        move = rng.choice(moves)
        nxt = game.apply(state, move)
        yield state, move, nxt
        state = nxt
    pytest.fail(f"{game.spec.id} did not end within {MAX_STEPS} moves")


def board_places(screen: str, view: dict[str, Any]) -> set[str]:
    """The place keys a view's board offers, by screen kind (what move fields may name)."""
    board = view["board"]
    if screen == "table":
        return {"hand", "stock"} | {f"end:{e['name']}" for e in board["ends"]}
    if screen == "columns":
        return set(board["keys"]["columns"]) | set(board["keys"]["reserve"]) | {"discard"}
    if screen == "dial":
        return {"stock", "drawn"} | {s["key"] for s in board["slots"]}
    assert screen == "card-dial", f"unknown screen kind {screen!r}"
    return {s["key"] for s in board["slots"]}


def tile_at(screen: str, view: dict[str, Any], place: str) -> str | None:
    """The tile a move would take from `place` as the mover sees it."""
    board = view["board"]
    if screen == "columns":
        if place.startswith("r"):
            return cast("str | None", board["reserve"][int(place[1:]) - 1])
        return cast("str | None", board["columns"][int(place[1:]) - 1][-1])
    if screen == "dial":
        if place == "drawn":
            return cast("str | None", board["drawn"])
        return cast("str | None", next(s["top"] for s in board["slots"] if s["key"] == place))
    return None


def check_move_fields(game: Game[Any], state: Any, move: str, view: dict[str, Any]) -> dict[str, Any]:
    """The structured fields of a legal move agree with its id and the mover's view."""
    fields = game.move_fields(state, move)
    screen = game.spec.screen
    assert fields["kind"] == move.partition(":")[0], (move, fields)
    assert fields["kind"] in game.spec.move_kinds, f"{move}: kind {fields['kind']!r} is not in the spec's move_kinds"
    assert isinstance(fields["you"], str) and fields["you"], (move, fields)
    assert ":" not in move or move not in fields["you"], "a raw move id is never shown"
    assert not fields["you"].endswith("passes"), "the second person never reads 'passes'"
    places = board_places(screen, view)
    for key in ("from", "to"):
        where = fields.get(key)
        for place in where if isinstance(where, list) else [where] if where else []:
            assert place in places, f"{move}: {key} {place!r} is not a place of the board {sorted(places)}"
    if "tiles" in fields:
        assert fields["tiles"] == [tile_at(screen, view, p) for p in fields["from"]], (move, fields)
    if "tile" in fields:
        if fields.get("from") == "hand":
            assert fields["tile"] in view["hand"], (move, fields)
        else:
            assert fields["tile"] == tile_at(screen, view, fields["from"]), (move, fields)
    if fields["kind"] == "play" and screen == "table":
        assert fields["to"] == f"end:{fields['end']}" and fields["tile"] in move
        end = next(e for e in view["board"]["ends"] if e["name"] == fields["end"])
        assert fields["need"] == end["need"]
    if "button" in fields:
        assert isinstance(fields["button"], str) and fields["button"]
    return fields


@pytest.mark.parametrize("game,options,seeds", PROTOCOL_CASES)
def test_random_playouts_keep_the_protocol(game: Game[Any], options: dict[str, Any], seeds: range) -> None:
    resolved = game.spec.resolve_options(options)
    seats = game.num_seats(resolved)
    view_tokens = ViewTokens()
    for seed in seeds:
        first = game.new_state(resolved, seed)
        assert game.new_state(resolved, seed) == first, "same seed, same deal"
        all_pieces = game.pieces(first)
        for state, move, nxt in playout(game, resolved, seed):
            moves = game.legal_moves(state)
            assert moves == sorted(moves) and len(set(moves)) == len(moves)
            assert game.pieces(nxt) == all_pieces, "tiles are conserved"
            mover = game.to_move(state)
            mover_view = game.view(state, mover)
            for legal in moves:
                check_move_fields(game, state, legal, mover_view)
            fields = game.move_fields(state, move)
            if fields.get("open") is not None:  # the tile's far half faces out where it was placed
                placed = game.view(nxt, None)["board"]["tiles"][-1]
                assert placed["tile"] == fields["tile"] and placed["far"] == fields["open"], (move, fields)
            label = game.move_label(state, move)
            label_tokens, field_tokens = tokens(label), tokens(fields)  # the same for every seat
            for seat in range(seats):
                view = game.view(nxt, seat)
                seen = view_tokens(view)  # its JSON's (`tokens`): a view that is not JSON raises here
                hidden = game.hidden_from(nxt, seat)
                assert not (seen & hidden), f"view of seat {seat} leaks {seen & hidden}"
                if seat != mover:
                    assert not (label_tokens & hidden), f"label {label!r} leaks to seat {seat}"
                    assert not (field_tokens & hidden), f"fields {fields!r} leak to seat {seat}"
            if mover is not None and game.hidden_from(state, mover):
                det = game.determinize(state, mover, random.Random(seed))
                assert game.pieces(det) == game.pieces(state)
                assert game.view(det, mover) == game.view(state, mover), "determinize keeps the seat's view"
                assert game.legal_moves(det) == game.legal_moves(state)


@pytest.mark.parametrize("game", [pytest.param(g, id=g.spec.id) for g in all_games()])
def test_move_kinds_are_the_moves_the_game_has(game: Game[Any]) -> None:
    """The spec's `move_kinds` (the page's keys follow them) are exactly the kinds of the moves met
    in random playouts of every option set: none missing, none declared that never comes."""
    met: set[str] = set()
    for options in option_sets(game):
        resolved = game.spec.resolve_options(options)
        for seed in SEEDS:
            for state, _, _ in playout(game, resolved, seed):
                for move in game.legal_moves(state) + game.extra_moves(state):
                    met.add(game.move_fields(state, move)["kind"])
    assert met == set(game.spec.move_kinds)


@pytest.mark.parametrize("game,options", CASES)
def test_record_replays_to_the_same_state(game: Game[Any], options: dict[str, Any]) -> None:
    resolved = game.spec.resolve_options(options)
    seats = ["ai:easy"] * game.num_seats(resolved)
    session = Session.new(game.spec.id, options, 7, seats)
    steps = 0
    while game.to_move(session.state) is not None and steps < 400:
        session.ai_move()
        steps += 1
    replayed = Session.load(json.loads(json.dumps(session.record())))
    assert replayed.state == session.state
    assert replayed.moves == session.moves


@pytest.mark.parametrize("game", [pytest.param(g, id=g.spec.id) for g in all_games()])
def test_illegal_and_malformed_moves_change_nothing(game: Game[Any]) -> None:
    options = game.spec.resolve_options({})
    state = game.new_state(options, 3)
    before = game.view(state, None)
    for bad in ["", "nonsense", "discard:c9+r9", "play:99-99:left", "move:c1>c1", "pass:x", "draw:"]:
        if bad in game.legal_moves(state):
            continue
        with pytest.raises(IllegalMove):
            game.check_move(state, bad)
        with pytest.raises(EngineError):
            game.apply(state, bad)
        assert game.view(state, None) == before


@pytest.mark.parametrize("game", [pytest.param(g, id=g.spec.id) for g in all_games()])
def test_finished_game_refuses_moves(game: Game[Any]) -> None:
    options = game.spec.resolve_options({})
    *_, (_, last_move, final) = playout(game, options, 5)
    assert game.to_move(final) is None
    with pytest.raises(GameOver):
        game.check_move(final, last_move)


@pytest.mark.parametrize("game", [pytest.param(g, id=g.spec.id) for g in all_games()])
def test_spec_is_complete(game: Game[Any]) -> None:
    spec = game.spec
    assert spec.rules, "every game has a rules page"
    json.dumps(spec.to_json())
    for opt in spec.options:
        assert opt.default in opt.choices
