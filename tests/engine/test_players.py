"""The medium (greedy) and hard (ISMCTS) players, and run_match."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from engine.games import all_games, get_game
from engine.games.table import TableState, sort_tiles
from engine.games.table.determinize import CompactPlayout
from engine.layout import Layout
from engine.match import run_match
from engine.players import LEVELS
from engine.players.greedy import GreedyPlayer
from engine.players.ismcts import IsmctsPlayer
from engine.players.playout import EnginePlayout, rollout
from engine.rng import deal_rng
from engine.tiles import Tile
from tests.engine.helpers import table_game
from tests.engine.test_draw import position
from tests.typed import known

T = Tile.parse
TABLE_GAMES = [g.spec.id for g in all_games() if not g.spec.solitaire]
FAST_HARD = IsmctsPlayer(iterations=60)


def test_levels_are_registered() -> None:
    assert isinstance(LEVELS["medium"], GreedyPlayer)
    assert isinstance(LEVELS["hard"], IsmctsPlayer)


def reshuffled(state: Any, seat: int, rng: random.Random) -> Any:
    """The same position for `seat` with every hidden tile moved elsewhere."""
    unknown = [t for s, h in enumerate(state.hands) if s != seat for t in h] + list(state.stock)
    rng.shuffle(unknown)
    hands, k = [], 0
    for s, h in enumerate(state.hands):
        if s == seat:
            hands.append(h)
        else:
            hands.append(sort_tiles(unknown[k:k + len(h)]))
            k += len(h)
    return state._replace(hands=tuple(hands), stock=tuple(unknown[k:]), seed=rng.randrange(10**6))


def positions(game_id: str, count: int) -> list[Any]:
    """Positions with a real choice, from seeded random play."""
    game = get_game(game_id)
    found: list[TableState] = []
    for seed in range(50):
        state = game.new_state(game.spec.resolve_options({}), seed)
        rng = random.Random(seed)
        while game.to_move(state) is not None and len(found) < count:
            if len(game.legal_moves(state)) > 1 and not state.between:
                found.append(state)
                break
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if len(found) >= count:
            break
    return found


@pytest.mark.parametrize("game_id", TABLE_GAMES)
@pytest.mark.parametrize("player", [GreedyPlayer(), FAST_HARD], ids=["medium", "hard"])
def test_choice_does_not_change_when_hidden_tiles_are_reshuffled(game_id: str, player: Any) -> None:
    game = get_game(game_id)
    for i, state in enumerate(positions(game_id, 3)):
        seat = state.turn
        other = reshuffled(state, seat, random.Random(i))
        assert other != state
        choices = set()
        for s in (state, other):
            rng = deal_rng(5, "ai", i)
            choices.add(player.choose(game, game.determinize(s, seat, rng), seat, rng))
        assert len(choices) == 1
        assert choices.pop() in game.legal_moves(state)


def test_greedy_plays_the_heavy_tile_first() -> None:
    game = get_game("draw")
    state = position(game, ["5-0 5-6 1-2 3-4", "0-0 1-1"], Layout.tree(T("5-5")), stock="2-2")
    assert GreedyPlayer().choose(game, state, 0, random.Random(1)) == "play:5-6:e0"


def test_greedy_blocks_when_it_can() -> None:
    # Round The Clock, tile phase, only arm3 (at 6) open. Playing 0-6 turns the table to the
    # double phase needing 1-1, 2-2, 3-3 and 0-0, all in our hand: nobody else can play.
    # 5-6 is heavier but would leave the unseen 5-5 a place.
    game = table_game("round-the-clock")
    layout = game.start_layout(T("6-6"))
    for arm, tile in [("arm0", "1-6"), ("arm1", "2-6"), ("arm2", "3-6")]:
        layout = game.place(layout, arm, T(tile), 6)
    state = position(game, ["0-6 5-6 1-1 2-2 3-3 0-0", "4-5"], layout, stock="4-4 5-5 0-1", top=6)
    assert GreedyPlayer().choose(game, state, 0, random.Random(1)) == "play:0-6:arm3"


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_hard_stopping_early_makes_the_same_choice_as_the_full_budget(game_id: str) -> None:
    game = get_game(game_id)
    early, full = IsmctsPlayer(iterations=120), IsmctsPlayer(iterations=120, early_stop=False)
    for i, state in enumerate(positions(game_id, 4)):
        seat = state.turn
        picks = [p.choose(game, game.determinize(state, seat, deal_rng(9, "ai", i)), seat, deal_rng(9, "ai", i))
                 for p in (early, full)]
        assert picks[0] == picks[1]


def test_hard_is_deterministic_and_skips_forced_moves() -> None:
    game = get_game("draw")
    state = positions("draw", 1)[0]
    seat = state.turn
    picks = {FAST_HARD.choose(game, game.determinize(state, seat, deal_rng(1, "x")), seat, deal_rng(1, "x"))
             for _ in range(2)}
    assert len(picks) == 1
    forced = position(game, ["0-1", "2-2"], Layout.tree(T("5-5")), stock="3-3")
    assert FAST_HARD.choose(game, forced, 0, random.Random(0)) == "draw"


def test_run_match_rotates_seats_and_counts_wins() -> None:
    result = run_match("draw", ["easy", "easy"], 4, 3, {"set": "double-6", "target": "50"})
    assert result["game"] == "draw" and result["games"] == 4 and result["seats"] == ["easy", "easy"]
    assert result["options"] == {"set": "double-6", "players": 2, "target": 50}
    assert sum(result["wins"]) == 4 and len(result["mean_points"]) == 2
    assert run_match("draw", ["easy", "easy"], 4, 3, {"set": "double-6", "target": "50"}) == result


def test_run_match_medium_beats_easy_in_a_small_sample() -> None:
    result = run_match("draw", ["medium", "easy"], 20, 1, {"set": "double-6", "target": "50"})
    assert result["wins"][0] > result["wins"][1]


@pytest.mark.parametrize(("game_id", "scale"), [("draw", 1), ("round-the-clock", 9)])
def test_hard_searches_round_the_clock_with_nine_times_the_budget(game_id: str, scale: int,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    game = table_game(game_id)
    state = positions(game_id, 1)[0]
    monkeypatch.setattr(game, "ai", dataclasses.replace(game.ai, fast_dealer=None))  # deal through game.determinize
    deals = []
    real = game.determinize

    def determinize(*args: Any) -> Any:
        deals.append(1)
        return real(*args)

    monkeypatch.setattr(game, "determinize", determinize)
    IsmctsPlayer(iterations=20, max_steps=0, early_stop=False).choose(game, state, state.turn, random.Random(2))
    assert len(deals) == 20 * scale


def test_hard_plays_every_matador_move_over_the_same_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Matador's hard player is paired (TableAi.paired): each deal is dealt once and played once
    per legal move (on copies), the budget (20 iterations times the game's budget scale) rounded up
    to whole deals, and the choice is the move of the best mean."""
    game = table_game("matador")
    state = next(s for s in positions("matador", 6) if len(game.legal_moves(s)) > 1)
    moves = game.legal_moves(state)
    monkeypatch.setattr(game, "ai", dataclasses.replace(game.ai, fast_dealer=None))  # deal through game.determinize
    deals: list[Any] = []
    real = game.determinize

    def determinize(*args: Any) -> Any:
        deals.append(real(*args))
        return deals[-1]

    monkeypatch.setattr(game, "determinize", determinize)
    copied: list[Any] = []
    copy = EnginePlayout.copy

    def copy_kept(self: EnginePlayout) -> EnginePlayout:
        copied.append(self.state)
        return copy(self)

    monkeypatch.setattr(EnginePlayout, "copy", copy_kept)
    player = IsmctsPlayer(iterations=20, max_steps=0)
    search = player.search(game, state, state.turn, random.Random(2), early_stop=True)
    rounds = -(-20 * game.ai.budget_scale // len(moves))
    assert len(deals) == rounds and len({(d.hands, d.stock) for d in deals}) > 1
    assert [id(s) for s in copied] == [id(d) for d in deals for _ in moves]  # every move on each deal
    assert all(search.root.children[m].visits == rounds for m in moves)
    means = {m: known(search.mean_points(m)) for m in moves}
    choice = player.choose(game, state, state.turn, random.Random(2))
    assert means[choice] == max(means.values())


@pytest.mark.parametrize("game_id", ["matador", "round-the-clock"])
def test_a_compact_rounds_copy_is_the_same_position_played_apart(game_id: str) -> None:
    game = table_game(game_id)
    state = positions(game_id, 1)[0]
    assert game.ai.fast_dealer is not None
    deal = game.ai.fast_dealer(game, state, state.turn).deal(random.Random(1))
    assert isinstance(deal, CompactPlayout)  # a compact round: its hands and stock in the open
    before = (deal.legal(), [h[:] for h in deal.hands], deal.stock[:], deal.mover())
    copy = deal.copy()
    assert (copy.legal(), copy.hands, copy.stock, copy.mover()) == before
    rollout(copy, random.Random(3), 0.1)  # the copy played to the end of its round ...
    assert copy.points is not None
    assert (deal.legal(), deal.hands, deal.stock, deal.mover()) == before and deal.points is None  # ... not the deal
