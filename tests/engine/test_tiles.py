from __future__ import annotations

import pytest

from engine.tiles import Card, Tile, card_deck, domino_set, set_option


@pytest.mark.parametrize("top,count", [(6, 28), (9, 55), (12, 91)])
def test_set_sizes(top: int, count: int) -> None:
    tiles = domino_set(top)
    assert len(tiles) == len(set(tiles)) == count
    assert all(0 <= t.a <= t.b <= top for t in tiles)


def test_notation_round_trips_and_normalises() -> None:
    assert str(Tile(3, 5)) == "3-5"
    assert Tile.parse("5-3") == Tile(3, 5) == Tile.of(5, 3)
    assert Tile.parse("12-12").is_double
    assert Tile(3, 5).pips == 8
    assert Tile(3, 5).other(3) == 5 and Tile(4, 4).other(4) == 4
    assert Tile(1, 2) < Tile(1, 3) < Tile(2, 2)


@pytest.mark.parametrize("bad", ["", "3", "3-", "a-b", "3-5-6", "-1-2"])
def test_bad_notation_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        Tile.parse(bad)


def test_tile_requires_ordered_ends() -> None:
    with pytest.raises(ValueError):
        Tile(5, 3)
    with pytest.raises(ValueError):
        Tile(3, 5).other(4)


def test_set_option() -> None:
    assert set_option("double-9") == 9
    with pytest.raises(ValueError):
        set_option("double-x")


def test_card_deck() -> None:
    deck = card_deck()
    assert len(deck) == len(set(deck)) == 52
    assert {c.rank for c in deck} == set(range(1, 14))
    assert str(Card(13, "S")) == "KS" and Card.parse("10h") == Card(10, "H")
    assert Card.parse("AD").name == "ace of diamonds"
    with pytest.raises(ValueError):
        Card.parse("1X")
