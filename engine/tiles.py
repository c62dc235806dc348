"""Domino tiles, domino sets and the CARDominoes deck."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Tile:
    """A domino a-b with a <= b; written "a-b"."""

    a: int
    b: int

    def __post_init__(self) -> None:
        if not (0 <= self.a <= self.b):
            raise ValueError(f"bad tile {self.a}-{self.b}: need 0 <= a <= b")

    @classmethod
    def of(cls, x: int, y: int) -> Tile:
        """The tile with ends x and y in either order."""
        return cls(min(x, y), max(x, y))

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse "3-5" (or "5-3") into Tile(3, 5)."""
        parts = text.strip().split("-")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise ValueError(f"bad tile notation {text!r}: expected a-b")
        return cls.of(int(parts[0]), int(parts[1]))

    def __str__(self) -> str:
        return f"{self.a}-{self.b}"

    @property
    def pips(self) -> int:
        return self.a + self.b

    @property
    def is_double(self) -> bool:
        return self.a == self.b

    def has(self, n: int) -> bool:
        return self.a == n or self.b == n

    def other(self, n: int) -> int:
        """The end opposite to n (n itself for a double)."""
        if self.a == n:
            return self.b
        if self.b == n:
            return self.a
        raise ValueError(f"tile {self} has no end {n}")

    def shares_number(self, other: Tile) -> bool:
        return bool({self.a, self.b} & {other.a, other.b})


def domino_set(top: int) -> tuple[Tile, ...]:
    """Every tile a-b with 0 <= a <= b <= top, in sorted order (double-6 has 28 tiles)."""
    if top < 0:
        raise ValueError("set size must be non-negative")
    return tuple(Tile(a, b) for a in range(top + 1) for b in range(a, top + 1))


def set_option(value: str) -> int:
    """'double-9' -> 9."""
    prefix = "double-"
    if not value.startswith(prefix) or not value[len(prefix) :].isdigit():
        raise ValueError(f"bad set {value!r}")
    return int(value[len(prefix) :])


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


@dataclass(frozen=True, order=True)
class Card:
    """A CARDomino: rank 1..13 (A=1, J=11, Q=12, K=13) and suit S/H/D/C; written "7H", "KS"."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not (1 <= self.rank <= 13) or self.suit not in SUITS:
            raise ValueError(f"bad card {self.rank}{self.suit}")

    @classmethod
    def parse(cls, text: str) -> Card:
        text = text.strip().upper()
        rank, suit = text[:-1], text[-1:]
        if rank not in RANKS or suit not in SUITS:
            raise ValueError(f"bad card notation {text!r}")
        return cls(RANKS.index(rank) + 1, suit)

    def __str__(self) -> str:
        return f"{RANKS[self.rank - 1]}{self.suit}"

    @property
    def name(self) -> str:
        """Spoken name, e.g. "7 of hearts", "king of spades"."""
        r = RANKS[self.rank - 1]
        return f"{RANK_NAMES.get(r, r)} of {SUIT_NAMES[self.suit]}"


def card_deck() -> tuple[Card, ...]:
    """The 52 CARDominoes (jokers removed), in a fixed order."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
