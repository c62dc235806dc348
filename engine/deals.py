"""Deal numbers: the ones the engine deals (whole numbers from 0 to MAX_SEED, the largest the
page's numbers carry exactly), and the sealed form a record keeps in place of the number while a
game hides hands from a person.

A deal number names every hand and the order of the stock, so while such a game is in progress
no answer carries it (docs/api.md, "Deal numbers"). The page still saves the game to resume it:
the record then holds `deal`, the number sealed to the game, its options and seats. `load` opens
it back into the same deal; with other seats or options (a table of computers, whose every view
may be asked for) it is refused as a changed file. Its moves are sealed to the deal as well
(`moves_seal`): a sealed record whose moves were changed (one edited, appended or taken off) is
refused before any move is played, so that whether `load` accepts a crafted record never depends
on what a hidden hand holds (a computer's move appended is accepted exactly when it held the tile,
were the moves checked only by playing them). The seal keeps the number out of the page and out of
every answer; it is no cipher against someone who runs the engine's own code on it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from typing import Any

from engine.protocol import BadRecord, BadSeed

MAX_SEED = 2**53 - 1  # 9,007,199,254,740,991: JavaScript's largest exact whole number
_SEALED = re.compile(r"[0-9a-f]{24}")
_SEALED_MOVES = re.compile(r"[0-9a-f]{16}")


def parse_seed(seed: Any) -> int:
    """A deal number as a request gives it: BadSeed unless a whole number from 0 to MAX_SEED
    (never another deal: a larger or fractional number is refused, not rounded)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise BadSeed(f"The deal number must be a whole number from 0 to {MAX_SEED:,}.")
    return seed


def _key(game: str, options: dict[str, Any], seats: list[str]) -> bytes:
    return hashlib.sha256(json.dumps([game, options, seats], sort_keys=True).encode()).digest()


ROUNDS = 4  # of the Feistel shuffle that hides the number in its seal


def _round(key: bytes, i: int, half: int) -> int:
    return int.from_bytes(hashlib.sha256(key + bytes((i,)) + half.to_bytes(4, "big")).digest()[:4], "big")


def _shuffle(number: int, key: bytes, backwards: bool = False) -> int:
    """A keyed shuffle of the 64-bit numbers (a Feistel network; `backwards` undoes it). Not a
    fixed mask: a deal number seen once beside its seal (a game over shows both) tells nothing of
    another game's seal."""
    left, right = number >> 32, number & 0xFFFFFFFF
    for i in reversed(range(ROUNDS)) if backwards else range(ROUNDS):
        if backwards:
            left, right = right ^ _round(key, i, left), left
        else:
            left, right = right, left ^ _round(key, i, right)
    return left << 32 | right


def _check(key: bytes, seed: int) -> str:
    """The 8 hex digits that tie a seal to its deal number (in today's seal and the older one)."""
    return hashlib.sha256(key + str(seed).encode()).hexdigest()[:8]


def seal(seed: int, game: str, options: dict[str, Any], seats: list[str]) -> str:
    """The deal `seed` sealed to this game, its (resolved) options and seats: 24 hex digits."""
    key = _key(game, options, seats)
    return f"{_shuffle(seed, key):016x}{_check(key, seed)}"


def unseal(sealed: Any, game: str, options: dict[str, Any], seats: list[str]) -> int:
    """The deal number `seal` sealed, for the same game, options and seats; BadRecord for
    anything else (a changed file)."""
    if isinstance(sealed, str) and _SEALED.fullmatch(sealed):
        key = _key(game, options, seats)
        seed = _shuffle(int(sealed[:16], 16), key, backwards=True)
        if seed <= MAX_SEED and seal(seed, game, options, seats) == sealed:
            return seed
    raise BadRecord("The record's deal cannot be read: the file was changed.")


def unseal_legacy(sealed: Any, game: str, options: dict[str, Any], seats: list[str]) -> int | None:
    """The deal number of a seal written before the keyed shuffle and the moves' seal (a fixed
    mask, 2026-11-28 morning): read still, so a game a page saved then resumes rather than being
    removed as unreadable. None for anything else. It opens no probe of a game sealed today: its
    seal, its moves' seal taken off, does not read as an old one (its check fails), and an old seal
    of today's game cannot be written without its deal number."""
    if isinstance(sealed, str) and _SEALED.fullmatch(sealed):
        key = _key(game, options, seats)
        seed = int(sealed[:16], 16) ^ int.from_bytes(key[:8], "big")
        if seed <= MAX_SEED and hmac.compare_digest(sealed[16:], _check(key, seed)):
            return seed
    return None


def seal_moves(seed: int, game: str, options: dict[str, Any], seats: list[str], moves: list[str]) -> str:
    """The moves of a sealed record sealed to its deal: 16 hex digits (any change to the moves
    changes them)."""
    text = json.dumps([str(seed), moves], separators=(",", ":")).encode()
    return hashlib.sha256(_key(game, options, seats) + b"moves" + text).hexdigest()[:16]


def check_moves(sealed: Any, seed: int, game: str, options: dict[str, Any], seats: list[str],
                moves: list[str]) -> None:
    """BadRecord unless `sealed` is `seal_moves` of these moves: one refusal for every change,
    given before any move is played (so it says nothing of what any hand holds)."""
    if not (isinstance(sealed, str) and _SEALED_MOVES.fullmatch(sealed)
            and hmac.compare_digest(sealed, seal_moves(seed, game, options, seats, moves))):
        raise BadRecord("The record's moves are not the ones saved with its deal: the file was changed.")
