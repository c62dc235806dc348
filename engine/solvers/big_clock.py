"""The Big Clock advisor: plans placements and shift sequences for the best chance to win.

What the seat knows: every face-up tile, hence the stock's content by elimination (never its
order; `knowledge` rebuilds it from the face-up tiles only, so the advice is the same for
every arrangement of the stock). The advisor searches the moves that involve no chance —
placing the drawn tile, shifts, bringing a double into its emptied slot — with a beam search
over whole sequences (with a larger beam when a drawn double is stuck, since the game is lost
unless shifts make room), and scores every position where the next stock tile would be taken
(a draw or a refill). The score estimates, from the stock's content with every order equally
likely, how well each slot's double will get home:

- a double home is worth most;
- a slot is "ready" when its top tile shows its own number: its double, drawn, goes straight
  home. A ready slot stays ready only if its double comes before every "forced cover" (a
  stock tile that fits only ready slots, none of them its own), so it counts 1 / (1 + k)
  with k such covers sharing it;
- an unready slot gets ready if one of its "fixers" (stock tiles showing its number that fit
  its top) comes before its double: f / (f + 1) with f fixers;
- a double in trouble counts its slot's readiness and fixers the same way;
- an unready slot whose double would find no pile to park on loses points;
- a slot refilled from the stock counts its expected readiness.
The weights were tuned by simulation (tests/bench/bench_clocks.py prints the win rates). The
search is bounded (`Search.budget`: positions scored, never time), so a decision takes a bounded
amount of work; tests/bench/bench_clocks.py measures its time.
"""

from __future__ import annotations

import gc
import random
from dataclasses import dataclass
from typing import Any

from engine.cache import LRU, remembered
from engine.games.big_clock import DRAW, GAME, HAND, NO_HELD, SETS, BigClockGame, BigClockState, code, held_byte
from engine.protocol import JSON, Hint
from engine.solvers import register_advisor
from engine.tiles import Tile, domino_set

# A slot's top as a byte: a tile's code (at most 204), or one of these (so tops are bytes, cheap keys)
EMPTY = 255  # an empty slot (it takes only its own double)
UNKNOWN = 254  # a slot about to be refilled from the stock

# evaluation weights (tuned by simulation, see tests/bench/bench_clocks.py)
W_HOME = 100.0  # a double home
W_SAFE = 6.0  # a ready slot, scaled by the chance its double comes before a forced cover
W_READY = 6.0  # a ready slot
W_FIX = 6.0  # an unready slot, by the chance a fixer comes before its double
W_PARK = 3.0  # (penalty) an unready slot whose double would find nowhere to park
W_TROUBLE = 6.0  # (penalty) a double in trouble on a wrong slot
W_READY_TROUBLE = 12.0  # the slot of a double in trouble is ready
W_TFIX = 6.0  # a double in trouble, by the chance a fixer readies its slot


@dataclass(frozen=True)
class Search:
    """The bounds of one plan's beam search."""

    beam: int
    depth: int
    stuck_beam: int  # a drawn double with nowhere to go: the game is lost unless shifts find room
    stuck_depth: int
    budget: int  # positions scored per decision at most


ADVICE = Search(beam=25, depth=8, stuck_beam=60, stuck_depth=14, budget=5000)  # hints and the advisor player
# the review's play-outs: the same planner with a narrower search, several times cheaper; the marks
# it gives are measured against ADVICE's play-outs (tests/bench/bench_review.py)
PLAYOUT = Search(beam=4, depth=6, stuck_beam=10, stuck_depth=10, budget=300)
# per set size: the Dirichlet prior of the review's pairs (only the advisor's move won, both alike,
# only the move played won), fitted on double-9's pairs by `python -m tests.bench.bench_review --only
# settle` and checked there on double-12's; double-6's pairs differ more from one decision to the
# next (real slips are common), so it keeps the uniform prior
PAIR_PRIORS = {6: (1.0, 1.0, 1.0), 9: (12.607, 129.181, 12.286), 12: (12.607, 129.181, 12.286)}


@dataclass(frozen=True)
class Knowledge:
    """What the seat knows of the stock: its content (by elimination), never its order."""

    size: int
    count: int  # tiles in the stock
    doubles: frozenset[int]  # numbers whose double is still in the stock
    tiles: tuple[int, ...]  # codes of the stock's tiles, sorted
    with_number: tuple[int, ...]  # with_number[x]: stock non-doubles showing x


@remembered(len(SETS))
def set_codes(size: int) -> tuple[int, ...]:
    """The codes of every tile of a double-`size` set, sorted (made once per size)."""
    return tuple(sorted(code(t) for t in domino_set(size)))


def knowledge(state: BigClockState) -> Knowledge:
    seen = set(b"".join(state.pile_keys))  # the piles' tile codes
    seen.update(code(t) for t in state.set_aside)
    if state.drawn is not None:
        seen.add(code(state.drawn))
    seen.add(code(HAND))
    stock = tuple(c for c in set_codes(state.size) if c not in seen)
    with_number = [0] * (state.size + 1)
    doubles = set()
    for c in stock:
        a, b = c >> 4, c & 15
        if a == b:
            doubles.add(a)
        else:
            with_number[a] += 1
            with_number[b] += 1
    return Knowledge(state.size, len(stock), frozenset(doubles), stock, tuple(with_number))


PLACES = [f"place:slot{k}" for k in range(13)]
SHIFTS = [[f"shift:slot{a}>slot{b}" for b in range(13)] for a in range(13)]


class Static:
    """What stays fixed during one search: the set size and the stock's content."""

    __slots__ = ("count", "fixers", "n", "partners", "stocked", "unknown_ready")

    def __init__(self, know: Knowledge):
        self.n = n = know.size
        self.count = know.count
        self.partners: list[list[int]] = [[] for _ in range(n + 1)]
        self.fixers = [0] * (n + 1)  # fixers[x]: bit y set for every stock non-double x-y
        for c in know.tiles:  # partners[x]: y for every stock non-double x-y
            a, b = c >> 4, c & 15
            if a != b:
                self.partners[a].append(b)
                self.partners[b].append(a)
                self.fixers[a] |= 1 << b
                self.fixers[b] |= 1 << a
        # unknown_ready[k]: the chance a refill readies slot k; stocked[k]: k-k is in the stock
        self.unknown_ready = [know.with_number[k] / know.count if know.count else 0.0 for k in range(n + 1)]
        self.stocked = [k in know.doubles for k in range(n + 1)]


# a fixer's chance to come before the double, (1 - r) * f / (f + 1) with r = 0, by the fixers f (0-2)
FIX_CHANCE = tuple((1.0 - 0.0) * f / (f + 1.0) for f in range(3))


def tops_value(tops: bytes, st: Static) -> float:
    """The score of the slots' top tiles: the weighted sum of the doubles home, the safe readiness,
    the readiness, the fixers' chances, the unparkable doubles, the doubles in trouble, the
    troubled doubles' slots ready and their fixers' chances (one function: it runs for every
    position a search scores).

    Each stock tile is equally likely to come next, so a ready slot whose double competes
    with k "forced covers" (stock tiles that fit only ready slots, none their own, shared
    among them) stays ready with chance about 1 / (1 + k); an unready slot with f "fixers"
    (stock tiles showing its number that fit its top) gets ready first with chance f / (f + 1).
    Slots are sets of bits (bit k: slot k); every sum runs in slot order (its zero terms left
    out), so equal tops always score exactly equal.
    """
    mask = [0] * (st.n + 1)  # mask[x]: the slots whose top is a non-double showing x
    shown = 0  # bit x: some slot shows x
    unready = 0  # bit x: an unready slot shows x
    ready = 0  # bit k: slot k is ready (or empty, or about to be refilled) and its double is in the stock
    needy = 0  # bit k: slot k's double is in the stock and slot k is not surely ready for it
    troubles = 0
    homes = readiness = fix = tready = tfix = 0.0
    stocked, fixers, unknown_ready = st.stocked, st.fixers, st.unknown_ready
    k = 0
    for t in tops:  # one pass for everything but the forced covers' threat
        k += 1
        if t == 17 * k:
            homes += 1
            continue
        if t == EMPTY:
            r = 1.0
        elif t == UNKNOWN:
            r = unknown_ready[k]  # (a refill: no fixers)
        else:
            u, v = t >> 4, t & 15
            if u == v:  # a double in trouble: not ready, no fixers
                troubles += 1
                if stocked[k]:
                    needy |= 1 << k
                continue
            bit = 1 << k
            mask[u] |= bit
            mask[v] |= bit
            numbers = (1 << u) | (1 << v)
            shown |= numbers
            if u != k and v != k:  # unready: its fixers' chance
                unready |= numbers
                b = fixers[k]
                f = ((b >> u) & 1) + ((b >> v) & 1)
                if stocked[k]:
                    needy |= 1 << k
                    if f:
                        fix += FIX_CHANCE[f]
                elif f:
                    tfix += FIX_CHANCE[f]
                continue
            r = 1.0
        if stocked[k]:
            readiness += r
            if r:
                ready |= 1 << k
            if r < 1.0:
                needy |= 1 << k
        else:
            tready += r
    safe = readiness
    threat = _threats(mask, shown & ~unready, unready, st)
    if threat is not None:
        safe = 0.0
        while ready:
            low = ready & -ready
            ready ^= low
            k = low.bit_length() - 1
            safe += (unknown_ready[k] if tops[k - 1] == UNKNOWN else 1.0) / (1.0 + threat[k])
    unparked = 0
    while needy:
        low = needy & -needy
        needy ^= low
        if not mask[low.bit_length() - 1]:
            unparked += 1
    return (
        W_HOME * homes
        + W_SAFE * safe
        + W_READY * readiness
        + W_FIX * fix
        - W_PARK * unparked
        - W_TROUBLE * troubles
        + W_READY_TROUBLE * tready
        + W_TFIX * tfix
    )


def _threats(mask: list[int], numbers: int, unready: int, st: Static) -> list[float] | None:
    """threat[k]: the forced covers shared by ready slot k (None: none at all). A stock a-b is a
    forced cover when it fits only ready slots showing a or b, none their own."""
    threat = None
    partners = st.partners
    while numbers:
        low = numbers & -numbers
        numbers ^= low
        a = low.bit_length() - 1
        ma = mask[a]
        if (ma >> a) & 1:  # slot a showing a would take every a-b
            continue
        for b in partners[a]:
            if (unready >> b) & 1:
                continue
            mb = mask[b]
            if mb:
                if b < a or (mb >> a) & 1:  # counted from b; or slot a takes it
                    continue
                m = ma | mb
                if (m >> b) & 1:  # slot b takes it
                    continue
            else:
                m = ma
                if (m >> b) & 1:
                    continue
            if threat is None:
                threat = [0.0] * (st.n + 1)
            share = 1.0 / m.bit_count()
            while m:
                low = m & -m
                threat[low.bit_length() - 1] += share
                m ^= low
    return threat


Trail = tuple[Any, ...]  # (parent trail, moves of this step) — a linked list of the moves from the root
# a search's position: its key (as `engine.games.big_clock.position_key` makes it: the piles, then the
# held tile), the slots' tops (a byte each: a top's code, or EMPTY), the held tile's code (-1: none)
Child = tuple[bytes, bytes, int, bool, tuple[str, ...], bool]  # (key, tops, held, stuck, moves, leaf)
Node = tuple[bytes, bytes, int, bool, Trail]  # (key, tops, held, stuck, trail)
SEPARATOR = b"\xff"  # between two piles in a position key


def children(
    key: bytes, tops: bytes, held: int, stuck: bool, n: int, stock_left: int, visited: set[bytes]
) -> list[Child]:
    """The positions one chance-free step away from the position `key` that are not in
    `visited` (they are added to it), slots in ascending order. Macro: an emptied slot takes its
    double at once when the double is at hand. `leaf`: the next thing is a refill from the stock.
    The piles of each child are those of `key` with a few changed, made and joined in place."""
    join = SEPARATOR.join
    piles = key[:-1].split(SEPARATOR)  # changed in place for each child, then put back
    work = bytearray(tops)  # the tops, the same way
    out: list[Child] = []
    showing = [0] * 16  # showing[x]: bit k set when slot k's top is a non-double showing x
    empty = 0  # bit k: slot k is empty
    trouble = False  # a double on a wrong slot
    k = 0
    for t in tops:
        k += 1
        if t == EMPTY:
            empty |= 1 << k
        else:
            u, v = t >> 4, t & 15
            if u != v:
                showing[u] |= 1 << k
                showing[v] |= 1 << k
            elif u != k:
                trouble = True
    if held >= 0:
        u, v = held >> 4, held & 15
        slots = showing[u] | showing[v]
        if u == v and (empty >> u) & 1:
            slots |= 1 << u
        placed = bytes((held,))
        while slots:
            low = slots & -slots
            slots ^= low
            k = low.bit_length() - 1
            pile = piles[k - 1]
            piles[k - 1] = pile + placed
            child = join(piles) + NO_HELD
            piles[k - 1] = pile
            if child in visited:
                continue
            visited.add(child)
            work[k - 1] = held
            out.append((child, bytes(work), -1, False, (PLACES[k],), False))
            work[k - 1] = tops[k - 1]
        if not stuck:
            return out
    elif not trouble:
        return out
    held_key = held_byte(held)
    for a in range(1, n + 1):
        t = tops[a - 1]
        if t == EMPTY or t == 17 * a:
            continue
        u, v = t >> 4, t & 15
        slots = (showing[u] | showing[v]) & ~(1 << a)
        if u == v and (empty >> u) & 1:
            slots |= 1 << u
        if not slots:
            continue
        shifts = SHIFTS[a]
        source_pile = piles[a - 1]
        rest = source_pile[:-1]
        moved = source_pile[-1:]
        piles[a - 1] = rest
        work[a - 1] = rest[-1] if rest else EMPTY
        while slots:
            low = slots & -slots
            slots ^= low
            b = low.bit_length() - 1
            target = piles[b - 1]
            piles[b - 1] = target + moved
            work[b - 1] = t
            if rest or not stock_left:
                child = join(piles) + held_key
                piles[b - 1] = target
                if child not in visited:
                    visited.add(child)
                    out.append((child, bytes(work), held, stuck, (shifts[b],), False))
                work[b - 1] = tops[b - 1]
                continue
            child, child_tops, new_held, moves, leaf = _emptied(piles, work, tops, a, held, (shifts[b],))
            piles[b - 1] = target
            if child not in visited:
                visited.add(child)
                out.append((child, child_tops, new_held, stuck and new_held >= 0, moves, leaf))
            work[b - 1] = tops[b - 1]
        piles[a - 1] = source_pile
        work[a - 1] = t
    return out


def _emptied(piles: list[bytes], work: bytearray, tops: bytes, a: int, held: int,
             moves: tuple[str, ...]) -> tuple[bytes, bytes, int, tuple[str, ...], bool]:
    """After `moves` emptied slot a with stock left (`piles` and `work` as the shift leaves them;
    as they are again on return): its double now, held or from a pile's top (the first), or a
    refill from the stock (`leaf`). (key, tops, held, moves, leaf) of the position then."""
    double = 17 * a
    if held == double:
        piles[a - 1] = bytes((double,))
        work[a - 1] = double
        child, child_tops = SEPARATOR.join(piles) + NO_HELD, bytes(work)
        piles[a - 1], work[a - 1] = b"", EMPTY
        return child, child_tops, -1, (*moves, PLACES[a]), False
    source = tops.find(double) + 1  # (neither slot a nor the shift's target shows a-a)
    if not source:
        return SEPARATOR.join(piles) + held_byte(held), bytes(work), held, moves, True
    pile = piles[source - 1]
    left = pile[:-1]
    piles[a - 1], piles[source - 1] = bytes((double,)), left
    work[a - 1], work[source - 1] = double, left[-1] if left else EMPTY
    child, child_tops = SEPARATOR.join(piles) + held_byte(held), bytes(work)
    piles[a - 1], piles[source - 1] = b"", pile
    work[a - 1], work[source - 1] = EMPTY, tops[source - 1]
    return child, child_tops, held, (*moves, SHIFTS[source][a]), not left


class Evaluator:
    """Scores positions by their top tiles for one search, with a cache."""

    def __init__(self, know: Knowledge):
        self.static = Static(know)
        self.cache: dict[bytes, float] = {}

    def tops(self, tops: bytes, leaf: bool) -> float:
        """The score of slots' tops; `leaf`: the empty slots are about to be refilled (plan()
        inlines this)."""
        key = tops.replace(b"\xff", b"\xfe") if leaf else tops  # EMPTY -> UNKNOWN
        value = self.cache.get(key)
        if value is None:
            value = self.cache[key] = tops_value(key, self.static)
        return value


EVALUATORS_KEPT = 32  # the stock's content changes only when a tile is drawn: few are live at once
CACHE_LIMIT = 200_000  # scored tops per evaluator at most (a bound on memory in long play-outs)
_evaluators: LRU[Knowledge, Evaluator] = LRU(EVALUATORS_KEPT)


def evaluator_for(know: Knowledge) -> Evaluator:
    """The Evaluator of a stock's content, shared by every search with that content: a position's
    score depends only on its top tiles and the stock's content, so the cache stays exact across
    searches (the review's play-outs search the same stocks again and again)."""
    ev = _evaluators.get(know)
    if ev is None or len(ev.cache) > CACHE_LIMIT:
        ev = _evaluators.put(know, Evaluator(know))
    return ev


PLANS_KEPT = 4096  # plans remembered (a review's play-outs meet the same positions again and again)
_plans: LRU[tuple[Any, ...], tuple[float, tuple[str, ...], int]] = LRU(PLANS_KEPT)


def planned(state: BigClockState, search: Search = ADVICE) -> tuple[float, tuple[str, ...], int]:
    """`plan(state)`, remembered: a plan depends only on what its key holds (the face-up tiles
    and the drawn one, the stock's size, the positions seen since the last stock tile, a stuck
    double), never on the stock's order, so two play-outs that reach the same position from
    different stock orders share it. Every one of the review's paired play-outs starts from the
    same position, and the two moves' play-outs often meet again."""
    key = (state.position, state.seen, state.stuck, state.set_aside, len(state.stock), state.size, search)
    found = _plans.get(key)
    if found is None:
        found = _plans.put(key, plan(state, search=search))
    return found


def _path(trail: Trail) -> tuple[str, ...]:
    parts: list[tuple[str, ...]] = []
    while trail:
        trail, moves = trail
        parts.append(moves)
    return tuple(m for moves in reversed(parts) for m in moves)


def plan(state: BigClockState, know: Knowledge | None = None,
         search: Search = ADVICE) -> tuple[float, tuple[str, ...], int]:
    """The best chance-free move sequence from `state`, its score and how many doubles it
    brings home; an empty sequence means draw."""
    know = know or knowledge(state)
    n = state.size
    ev = evaluator_for(know)
    cache, static = ev.cache, ev.static
    tops = bytes(p[-1] if p else EMPTY for p in state.pile_keys)
    held = code(state.drawn) if state.drawn is not None else -1
    stock_left = len(state.stock)
    best_trail: Trail = ()
    best_value = float("-inf")
    best_tops = tops
    if held < 0:
        best_value = ev.tops(tops, False)
    visited = set(state.seen)
    visited.add(state.position)
    frontier: list[Node] = [(state.position, tops, held, state.stuck, ())]
    beam, depth = (search.stuck_beam, search.stuck_depth) if state.stuck else (search.beam, search.depth)
    budget = search.budget
    was_enabled = gc.isenabled()
    gc.disable()  # the search makes many short-lived acyclic objects: reference counting frees them
    try:
        for _ in range(depth):
            scored: list[tuple[float, int, Node]] = []  # (-score, order found, node): best first when sorted
            for p, t, h, st, trail in frontier:
                if budget <= 0:
                    break
                found = children(p, t, h, st, n, stock_left, visited)
                budget -= len(found)
                for cp, ct, ch, cs, moves, leaf in found:
                    key = ct.replace(b"\xff", b"\xfe") if leaf else ct  # ev.tops(ct, leaf), inlined
                    value = cache.get(key)
                    if value is None:
                        value = cache[key] = tops_value(key, static)
                    child_trail = (trail, moves)
                    if (ch < 0 or leaf) and value > best_value:
                        best_value, best_trail, best_tops = value, child_trail, ct
                    if not leaf:
                        scored.append((-value, len(scored), (cp, ct, ch, cs, child_trail)))
            if not scored:
                break
            scored.sort()  # the order found breaks ties, so nodes are never compared
            frontier = [c for _, _, c in scored[:beam]]
    finally:
        if was_enabled:
            gc.enable()
    return best_value, _path(best_trail), _homes(best_tops) - _homes(tops)


def _homes(tops: bytes) -> int:
    """The doubles home among the slots' tops."""
    return sum(1 for k, t in enumerate(tops, 1) if t == 17 * k)


def choose(state: BigClockState, search: Search = ADVICE) -> tuple[str, str, float]:
    """(move, reason, score) for the seat to move."""
    move, reason, value, _ = decide(state, search)
    return move, reason, value


def decide(state: BigClockState, search: Search = ADVICE) -> tuple[str, str, float, tuple[str, ...]]:
    """(move, reason, score, plan) for the seat to move: `plan` is the chance-free sequence of
    moves the move starts (the move alone when it starts none), the last of them the only one
    that may show a stock tile."""
    moves = GAME.legal_moves(state)
    if not moves:
        raise ValueError("the game is over")
    if state.pending:
        k = state.pending
        home = next((m for m in moves if m.endswith(f">slot{k}") or m == f"place:slot{k}"), None)
        if home:
            return home, f"Bring {k}-{k} home into its empty slot.", 0.0, (home,)
    if moves == [DRAW]:
        return DRAW, "Nothing to plan: draw the next tile.", 0.0, (DRAW,)
    if len(moves) == 1:
        return moves[0], "The only legal move.", 0.0, (moves[0],)
    value, path, gain = planned(state, search)
    if not path:
        if DRAW in moves:
            return DRAW, "No shift improves the position: draw the next tile.", value, (DRAW,)
        return moves[0], "No way to make room was found; every move loses.", value, (moves[0],)
    move = path[0]
    return move, _reason(state, move, path, gain), value, path


def _reason(state: BigClockState, move: str, path: tuple[str, ...], gain: int) -> str:
    then = ""
    if len(path) > 1:
        then = f" It starts a plan of {len(path)} moves"
        then += (f" that brings {gain} double{'s' if gain != 1 else ''} home." if gain
                 else " that readies slots for their doubles.")
    if move.startswith("place:"):
        k = int(move[len("place:slot"):])
        tile = state.drawn
        if tile == Tile(k, k):
            return f"{tile} goes home."
        if tile is not None and tile.is_double:
            return f"A double parked there can be shifted home later.{then}"
        return f"Of the piles it fits, this one leaves the clock readiest for the doubles to come.{then}"
    if len(path) == 1:
        return "It brings a double home." if gain else "It readies a slot for its double."
    return then.strip()


def hint(state: BigClockState, rng: random.Random) -> Hint | None:
    """The advisor's move (the rng is not needed: the advice is deterministic)."""
    if GAME.to_move(state) is None:
        return None
    move, reason, _ = choose(state)
    return Hint(move, reason, None)


class BigClockAdvisor:
    """The planner's move as the hint; no analysis beside the board."""

    def hint(self, state: BigClockState, rng: random.Random) -> Hint | None:
        return hint(state, rng)

    def analysis(self, state: BigClockState) -> JSON:
        return None

    def playout_moves(self, state: BigClockState) -> tuple[str, ...]:
        """The planner's whole plan with the PLAYOUT search (the review's play-outs): played to
        its end without planning again, as nothing shows before its last move (the advisor
        itself plans again after every move, looking deeper from each)."""
        return decide(state, PLAYOUT)[3]

    def pair_prior(self, state: BigClockState) -> tuple[float, float, float]:
        return PAIR_PRIORS[state.size]


register_advisor(BigClockGame, BigClockAdvisor())
