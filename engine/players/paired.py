"""The hard player's paired sampling: every legal move played out over the same deals.

Each round of sampling deals the unseen tiles once (`Dealer.deal`, from the player's own view,
so it never reads hidden tiles) and plays every legal move on a copy of that deal (`Playout.copy`), the rest of
the round then played out by the rollout policy with one shared generator (common random
numbers). A move's value is its mean round-point margin over the deals, and the choice is the
move of the highest mean.

Why, beside the tree search (engine.players.ismcts): where a round turns on the hands the other
seats hold and on the draw pile's order rather than on long lines of play (Matador: most rounds
end blocked, the lowest hand winning), the tree search compares moves over different deals and
its verdict drowns in the deals' spread. Paired, two moves meet the same hands and the same pile,
so their difference is measured with far less noise for the same work (docs/benchmarks.md,
"Matador"). A game asks for it with `TableAi.paired`.

Budget: `rollouts` play-outs in all (split evenly among the moves), and no more deals once
`max_steps` moves were simulated (after at least one deal): moves counted, never time, so the
choice is a pure function of the view and the generator.
"""

from __future__ import annotations

import random
from collections.abc import Generator

from engine.players.playout import rollout, round_rewards
from engine.protocol import Dealer

Means = dict[str, tuple[int, float]]


def paired_steps(dealer: Dealer, moves: list[str], seat: int, rollouts: int, max_steps: int, epsilon: float,
                 rng: random.Random, scale: float) -> Generator[int, None, Means]:
    """{move: (deals, total reward)}: each of `moves` played over the same deals, a reward being
    the seat's round points minus the others' mean, in units of `scale` points. A deal at a time
    (engine.stepwise): yields the deals played so far, returns the means."""
    totals = dict.fromkeys(moves, 0.0)
    deals = steps = 0
    while deals * len(moves) < rollouts and (not max_steps or steps < max_steps or not deals):
        deal_seed, roll_seed = rng.getrandbits(32), rng.getrandbits(32)
        deal = dealer.deal(random.Random(deal_seed))
        for move in moves:
            playout = deal.copy()
            playout.play(move)
            steps += 1 + rollout(playout, random.Random(roll_seed), epsilon)
            points = playout.points
            assert points is not None
            totals[move] += round_rewards(points, scale)[seat]
        deals += 1
        yield deals
    return {move: (deals, total) for move, total in totals.items()}
