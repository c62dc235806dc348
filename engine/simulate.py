"""Play many deals of a solitaire with one policy: win rates for the command line and benchmarks."""

from __future__ import annotations

from typing import Any

from engine.games import get_game
from engine.players import get_player
from engine.protocol import BadRequest
from engine.rng import deal_rng
from engine.runs import Deal, Deals, Runner

POLICIES = ("random", "advisor")


def play_deal(game_id: str, options: dict[str, Any], seed: int, policy: str) -> bool:
    """One deal (the given seed) played to its end; True when won."""
    game = get_game(game_id)
    player = get_player(policy)
    state = game.new_state(options, seed)
    rng = deal_rng(seed, "policy", policy)
    while (seat := game.to_move(state)) is not None:
        state = game.apply(state, player.choose(game, game.determinize(state, seat, rng), seat, rng))
    outcome = game.outcome(state)
    return bool(outcome and outcome.winners)


def simulate(game_id: str, options: dict[str, Any] | None, deals: int, seed: int, policy: str,
             runner: Runner | None = None) -> dict[str, Any]:
    """Deals seed, seed+1, ... seed+deals-1, so a run is repeatable; played by `runner` (default:
    in this process), the same wins whatever plays them. A deal is named by its seed alone in a
    results file, so a run may be extended by more deals either side."""
    game = get_game(game_id)
    if not game.spec.solitaire:
        raise BadRequest(f"{game_id} is not a solitaire; use match")
    if policy not in POLICIES:
        raise BadRequest(f"policy must be one of {', '.join(POLICIES)}")
    if deals < 1:
        raise BadRequest("deals must be at least 1")
    resolved = game.spec.resolve_options(options)
    run = {"command": "simulate", "game": game.spec.id, "options": resolved, "policy": policy}

    def deal(i: int) -> Deal:
        return Deal(f"deal {seed + i}", seed + i, (game.spec.id, resolved, seed + i, policy))

    won = (runner or Runner()).run(play_deal, Deals(deals, deal), run, label="deals")
    wins = sum(bool(w) for w in won)
    return {
        "game": game.spec.id,
        "options": resolved,
        "policy": policy,
        "deals": deals,
        "wins": wins,
        "win_rate": wins / deals,
    }
