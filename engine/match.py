"""Whole games between computer levels: `run_match` (used by `python -m engine match`).

Seat order rotates from game to game (game g puts level i in seat (i + g) mod n), so no
level keeps the lead or the dealer's seat. Every decision is seeded: the game seed is
`seed + g` and each move's generator comes from deal_rng(game seed, "ai", move number), as
in a session, so a match replays exactly, whatever plays its games (engine/runs).
"""

from __future__ import annotations

from typing import Any

from engine.games import get_game
from engine.players import get_player
from engine.protocol import BadOption, Game
from engine.rng import deal_rng
from engine.runs import Deal, Deals, Runner


def play_game(game: Game[Any], options: dict[str, Any], seed: int, seat_levels: list[str],
              max_moves: int = 100_000) -> tuple[list[int], list[int]]:
    """One whole game; returns (winner seats, final scores)."""
    players = [get_player(level) for level in seat_levels]
    state = game.new_state(options, seed)
    moves = 0
    while (seat := game.to_move(state)) is not None:
        rng = deal_rng(seed, "ai", moves)
        move = players[seat].choose(game, game.determinize(state, seat, rng), seat, rng)
        state = game.apply(state, move)
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"{game.spec.id} seed {seed} did not end in {max_moves} moves")
    outcome = game.outcome(state)
    assert outcome is not None
    return list(outcome.winners), list(outcome.scores)


def play_match_game(game_id: str, options: dict[str, Any], seed: int, seat_levels: list[str]) -> list[list[int]]:
    """`play_game` by the game's id, as a run's worker plays it: [winner seats, final scores]."""
    return list(play_game(get_game(game_id), options, seed, seat_levels))


def run_match(game_id: str, levels: list[str], games: int, seed: int, options: dict[str, Any] | None = None,
              runner: Runner | None = None) -> dict[str, Any]:
    """N whole games between `levels` (one per seat), played by `runner` (default: in this
    process). "wins" counts games won per level (a shared win counts for each winner);
    "mean_points" is each level's mean final score."""
    game = get_game(game_id)
    given = dict(options or {})
    if "players" not in given and any(o.key == "players" for o in game.spec.options):
        given["players"] = len(levels)
    resolved = game.spec.resolve_options(given)
    n = game.num_seats(resolved)
    if len(levels) != n:
        raise BadOption(f"{game.spec.id} with these options needs {n} seats, got {len(levels)}")
    for level in levels:
        get_player(level)

    def deal(g: int) -> Deal:
        order = [levels[(s - g) % n] for s in range(n)]  # seat s plays level (s - g) mod n
        return Deal(f"game {g}", seed + g, (game.spec.id, resolved, seed + g, order))

    run = {"command": "match", "game": game.spec.id, "options": resolved, "seats": list(levels), "seed": seed}
    played = (runner or Runner()).run(play_match_game, Deals(games, deal), run, label="games")
    wins = [0] * n
    points = [0] * n
    for g, (winners, scores) in enumerate(played):
        for s in range(n):
            lvl = (s - g) % n
            points[lvl] += scores[s]
            if s in winners:
                wins[lvl] += 1
    return {
        "game": game.spec.id,
        "options": resolved,
        "games": games,
        "seats": list(levels),
        "wins": wins,
        "mean_points": [round(p / games, 2) if games else 0.0 for p in points],
    }
