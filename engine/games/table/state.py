"""The values a table game's round is made of: the state, how the round started, a round's
score and its summary, each with its JSON (and text where the page shows it)."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.cache import LRU
from engine.layout import Layout
from engine.protocol import JSON
from engine.tiles import Tile

MAX_ROUNDS = 200  # a safety stop: every game ends (see the rules page)
NEXT_ROUND = "next-round"
DRAW = "draw"
DEALER = 0  # the seat offered "next-round"


class RoundInfo(NamedTuple):
    """Public facts about how the current round started."""

    number: int
    leader: int
    lead_tile: Tile
    redeals: int = 0
    lead_draws: tuple[int, ...] = ()  # round-the-clock: tiles each seat drew looking for 6-6


class Term(NamedTuple):
    """One seat's part of a round's score: its pips, less the winner's (`minus`) or not."""

    seat: int
    pips: int
    minus: int | None = None

    @property
    def value(self) -> int:
        return self.pips - (self.minus or 0)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "pips": self.pips, "minus": self.minus, "value": self.value}


class Score(NamedTuple):
    """A round's score as numbers: the terms summed, then (Tiddle-A-Wink's block) the
    winner's own pips taken off (`less`). `text()` writes it out, the total once."""

    terms: tuple[Term, ...]
    less: int | None = None

    @property
    def sum(self) -> int:
        return sum(t.value for t in self.terms)

    @property
    def total(self) -> int:
        return self.sum - (self.less or 0)

    def text(self) -> str:
        """"92"; "19 + 12 = 31"; "19 - 5 = 14, 12 - 5 = 7, 21"; "... = 31, 31 - 5 = 26"."""
        if any(t.minus is not None for t in self.terms):
            parts = [str(t.pips) if t.minus is None else f"{t.pips} - {t.minus} = {t.value}" for t in self.terms]
            text = ", ".join(parts) + (f", {self.sum}" if len(parts) > 1 else "")
        elif len(self.terms) == 1:
            text = str(self.sum)
        else:
            text = f"{' + '.join(str(t.pips) for t in self.terms)} = {self.sum}"
        if self.less is not None:
            text += f", {self.sum} - {self.less} = {self.total}"
        return text

    def to_json(self) -> JSON:
        return {"terms": [t.to_json() for t in self.terms], "sum": self.sum, "less": self.less,
                "total": self.total, "text": self.text()}


class RoundSummary(NamedTuple):
    """A finished round, everything revealed. winner None: a tie for lowest in a block."""

    number: int
    reason: str  # "out" | "blocked"
    winner: int | None
    hands: tuple[tuple[Tile, ...], ...]
    pips: tuple[int, ...]
    points: tuple[int, ...]
    arithmetic: str  # score.text(), or "" for a tie
    scores: tuple[int, ...]  # after the round
    score: Score | None = None  # None for a tie

    def to_json(self) -> JSON:
        # Revealed tiles are [a, b] pairs: they belong to the previous deal, and must not be
        # confused with tile ids ("3-5") that may lie hidden in the current deal.
        return {
            **self.history_json(),
            "hands": [[[t.a, t.b] for t in h] for h in self.hands],
        }

    def history_json(self) -> JSON:
        """The round as numbers and text, without the hands (the view's "rounds" list):
        "round", "reason", "winner", "pips", "points", "arithmetic", "score", "scores", "text" (a
        sentence naming seats by number) and "headline" (see `headline`)."""
        return {
            "round": self.number,
            "reason": self.reason,
            "winner": self.winner,
            "pips": list(self.pips),
            "points": list(self.points),
            "arithmetic": self.arithmetic,
            "score": self.score.to_json() if self.score else None,
            "scores": list(self.scores),
            "text": self.text(),
            "headline": self.headline(),
        }

    def headline(self) -> JSON:
        """How the round ended, as the round's summary opens: {"seat": the winner, "label": the
        words after its name, "you": after "You"}; a tie names no seat and its label is the
        whole sentence."""
        if self.winner is None:
            tie = "The round is blocked and the lowest hands tie: nobody scores."
            return {"seat": None, "label": tie, "you": tie}
        if self.reason == "out":
            return {"seat": self.winner, "label": "went out.", "you": "went out."}
        return {"seat": self.winner, "label": "has the lowest hand: the round is blocked.",
                "you": "have the lowest hand: the round is blocked."}

    def text(self) -> str:
        if self.winner is None:
            low = min(self.pips)
            return f"Round {self.number} is blocked with a tie for the lowest hand ({low}): nobody scores."
        how = "goes out" if self.reason == "out" else f"has the lowest hand ({self.pips[self.winner]})"
        scored = self.points[self.winner]
        return f"Round {self.number}: seat {self.winner} {how} and scores {scored} ({self.arithmetic})."


# a view's whole "rounds" list by its rounds tuple's identity (the tuple kept with it, so the id is not
# another's while it is kept): a state passes its tuple on unchanged until a round ends, so views of one
# match's states find it without hashing each of its rounds again
_ROUND_LISTS: LRU[int, tuple[tuple[RoundSummary, ...], list[JSON]]] = LRU(8)


def rounds_history(rounds: tuple[RoundSummary, ...]) -> list[JSON]:
    """`[r.history_json() for r in rounds]`, kept: a round's JSON does not change once it is over (a
    view reads it and never changes it); a new list each time (of the same kept dicts)."""
    kept = _ROUND_LISTS.get(id(rounds))
    if kept is None or kept[0] is not rounds:
        kept = _ROUND_LISTS.put(id(rounds), (rounds, [r.history_json() for r in rounds]))
    return list(kept[1])


class _TableFields(NamedTuple):
    n: int
    top: int
    target: int
    seed: int
    hands: tuple[tuple[Tile, ...], ...]  # each sorted
    stock: tuple[Tile, ...]  # draw pile, next tile first (tiddle-a-wink: set aside, never drawn)
    layout: Layout
    turn: int  # seat to move; -1 once the game is over
    scores: tuple[int, ...]
    info: RoundInfo
    drawn: Tile | None = None  # the tile the seat to move drew last in this turn
    drawing: bool = False  # matador: this turn has started drawing
    last: RoundSummary | None = None
    between: bool = False  # the round is over; seat 0 deals the next one ("next-round")
    winners: tuple[int, ...] = ()
    reason: str = ""
    # Public inferences: per seat, open ends (value, need) that none of its tiles fits,
    # learnt when it had to draw or pass (what every player at the table sees).
    voids: tuple[tuple[tuple[int, str], ...], ...] = ()
    rounds: tuple[RoundSummary, ...] = ()  # every finished round, oldest first (last is `last`)


class TableState(_TableFields):
    """Immutable (a named tuple; `_replace` gives a changed copy)."""

    @property
    def round_no(self) -> int:
        return self.info.number


def tile_key(tile: Tile) -> tuple[int, int]:
    return (tile.a, tile.b)


def sort_tiles(tiles: Any) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=tile_key))


def pips(hand: tuple[Tile, ...]) -> int:
    return sum(t.a + t.b for t in hand)

