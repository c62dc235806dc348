"""The "hard" computer player: single-observer Information-Set Monte Carlo Tree Search.

Each iteration deals the unseen tiles afresh (`Game.determinize` from the player's own view,
so it never reads hidden tiles), walks one shared tree of move ids with UCB1 (availability
counts: a child's chances are counted only when its move was legal), adds one node, plays the
rest of the round out with the playout's policy (`Playout.weight`: heavy tile first, or what a
game's compact round offers, Matador's the medium player's evaluation) and backs up each seat's
share of the round's points. Each deal is a `Playout` (engine.protocol) the search changes in place:
through the engine's rules (`engine.players.playout`), or the compact copy of its round a game
may offer (`TableAi.fast_dealer`). The budget is a fixed number of iterations, never a time,
so a choice is a pure function of the view and the generator.

Rewards: (seat's round points - mean points of the others) / a scale (the pips in play), so a
round won big counts more than a round won small — the games are races to a target score.
Games other than the table games fall back to the greedy player. A table game may ask for
paired sampling instead of the tree (`TableAi.paired`, engine.players.paired): every move played
over the same deals, the same budget, the move of the best mean chosen.

Budget: at most `iterations` (300) iterations, and no more once `max_steps` (6000) moves have
been simulated (at least `min_iterations`): a fixed amount of work, which keeps long rounds
(double-12, Matador's drawing) near the same time per move as short ones. Both limits count
moves, never time, so the choice does not depend on the machine. The search also stops as
soon as the most visited move leads the next by more than the iterations left: the choice
is then the one the full budget would make, for less work.

A game may scale the budget (`TableAi.budget_scale`): where nearly every round ends blocked
with the lowest hand winning, the outcome turns on the other hands and the boneyard, which
only more determinizations sample well (README.md, "Figures", has the measured ladder).

Determinizations respect what the table learnt from draws and passes (`TableState.voids`):
a seat that had to draw on a 5 is never dealt a 5.
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.games.table import TableGame
from engine.players.greedy import GreedyPlayer
from engine.players.paired import paired_steps
from engine.players.playout import EngineDealer, rollout, round_rewards
from engine.protocol import Dealer, Game
from engine.stepwise import to_end


class Node:
    __slots__ = ("avail", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat that made the move leading here
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[str, Node] = {}


def settled(root: Node, remaining: int) -> bool:
    """True when the most visited move leads every other by more than the iterations left:
    the final choice (most visits) can no longer change, so the rest would be wasted work."""
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > remaining


@dataclass(frozen=True)
class Search:
    """A finished search: the root's children hold each move's visits and total reward, in
    units of `scale` points (a reward is the seat's round points minus the others' mean)."""

    root: Node
    scale: float
    paired: bool = False  # every move played over the same deals (engine.players.paired)

    def ranked(self, moves: Sequence[str]) -> list[str]:
        """`moves`, the search's choice first: by visits (the tree's verdict), or by mean when
        paired (every move then has as many deals); a move never tried comes last."""
        def key(move: str) -> float:
            child = self.root.children.get(move)
            if child is None or not child.visits:
                return -math.inf
            return child.total / child.visits if self.paired else child.visits
        return sorted(moves, key=key, reverse=True)

    def mean_points(self, move: str) -> float | None:
        """The move's mean reward in points, None when the search never tried it."""
        child = self.root.children.get(move)
        return None if child is None or not child.visits else child.total / child.visits * self.scale


class IsmctsPlayer:
    def __init__(self, iterations: int = 300, exploration: float = 0.7, epsilon: float = 0.1,
                 max_steps: int = 6000, min_iterations: int = 60, early_stop: bool = True) -> None:
        self.early_stop = early_stop  # stop once the choice cannot change (False: for tests)
        self.iterations = iterations
        self.max_steps = max_steps  # 0: no cap; else stop once this many moves were simulated
        self.min_iterations = min_iterations
        self.exploration = exploration
        self.epsilon = epsilon  # rollout: chance of a random move instead of the heaviest
        self.fallback = GreedyPlayer()

    def choose(self, game: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
        moves = game.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        if not isinstance(game, TableGame):
            return self.fallback.choose(game, state, seat, rng)
        return self.search(game, state, seat, rng, self.early_stop).ranked(moves)[0]

    def search(self, game: TableGame, state: Any, seat: int, rng: random.Random, early_stop: bool) -> Search:
        """The search from `seat`'s information only (a table state with two or more moves):
        the root after the budget, or after an early stop when `early_stop`."""
        return to_end(self.search_steps(game, state, seat, rng, early_stop))

    def search_steps(self, game: TableGame, state: Any, seat: int, rng: random.Random,
                     early_stop: bool) -> Generator[int, None, Search]:
        """`search` an iteration (paired: a deal) at a time (engine.stepwise): the same search,
        which a review's slice may stop between two iterations and go on with later."""
        in_play = sum(t.a + t.b for h in state.hands for t in h)
        scale = max(10.0, in_play / 2)
        ai = game.ai
        iterations, max_steps = self.iterations * ai.budget_scale, self.max_steps * ai.budget_scale
        dealer: Dealer = ai.fast_dealer(game, state, seat) if ai.fast_dealer else EngineDealer(game, state, seat)
        root = Node(-1)
        if ai.paired:
            means = yield from paired_steps(dealer, game.legal_moves(state), seat, iterations, max_steps,
                                            self.epsilon, rng, scale)
            for move, (deals, total) in means.items():
                played = root.children[move] = Node(seat)
                played.visits = played.avail = deals
                played.total = total
            return Search(root, scale, paired=True)
        c = self.exploration
        steps = 0
        for it in range(iterations):
            if max_steps and steps >= max_steps and it >= self.min_iterations:
                break
            if early_stop and settled(root, iterations - it):
                break
            s = dealer.deal(rng)
            node = root
            path = [root]
            # selection and expansion
            while not s.over():
                legal = s.legal()
                mover = s.mover()
                children = node.children
                untried = [m for m in legal if m not in children]
                for m in legal:
                    child = children.get(m)
                    if child is not None:
                        child.avail += 1
                if untried:
                    move = untried[0] if len(untried) == 1 else rng.choice(untried)
                    child = Node(mover)
                    child.avail = 1
                    children[move] = child
                    s.play(move)
                    path.append(child)
                    break
                best_value = -math.inf
                best_move = legal[0]
                for m in legal:
                    ch = children[m]
                    value = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if value > best_value:
                        best_value, best_move = value, m
                node = children[best_move]
                s.play(best_move)
                path.append(node)
            steps += rollout(s, rng, self.epsilon) + len(path)
            assert s.points is not None
            rewards = round_rewards(s.points, scale)
            for nd in path:
                nd.visits += 1
                if nd.mover >= 0:
                    nd.total += rewards[nd.mover]
            yield it + 1
        return Search(root, scale)
