"""The shared layout: lines, the draw game's four-way doubles, Round The Clock's spinner (its
phase rule is the game's: engine.games.round_the_clock)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.games.round_the_clock import phase_of
from engine.layout import Layout
from engine.tiles import Tile
from tests.engine.helpers import table_game

T = Tile.parse
RTC = table_game("round-the-clock")


def names(layout: Layout) -> list[tuple[str, int]]:
    return [(e.name, e.value) for e in layout.open_ends()]


def test_line_has_left_and_right_ends() -> None:
    line = Layout.line(T("3-5"), crosswise_doubles=False)
    assert names(line) == [("left", 3), ("right", 5)]
    line = line.place("left", T("1-3"), 3).place("right", T("5-5"), 5)
    assert names(line) == [("left", 1), ("right", 5)]
    board: dict[str, Any] = line.to_json()
    assert board["kind"] == "line"
    assert board["tiles"][2] == {
        "tile": "5-5", "near": 5, "far": 5, "orientation": "lengthwise",
        "parent": 0, "side": "east", "direction": "east",
    }
    assert board["branches"] == [
        {"parent": 0, "side": "west", "direction": "west", "tiles": [1]},
        {"parent": 0, "side": "east", "direction": "east", "tiles": [2]},
    ]


def test_line_doubles_crosswise_when_the_game_says_but_never_branch() -> None:
    line = Layout.line(T("4-4"), crosswise_doubles=True)
    assert line.tiles[0].crosswise
    line = line.place("right", T("4-6"), 4).place("right", T("6-6"), 6)
    assert line.tiles[2].crosswise
    assert names(line) == [("left", 4), ("right", 6)]  # still two ends


def test_tree_root_double_is_open_four_ways() -> None:
    tree = Layout.tree(T("5-5"))
    assert names(tree) == [("e0", 5)]
    assert tree.open_ends()[0].sides == ("east", "west", "north", "south")
    for i, tile in enumerate(["5-1", "5-2", "5-3", "5-4"]):
        tree = tree.place("e0", T(tile), 5)
        assert tree.tiles[-1].side == ("east", "west", "north", "south")[i]
    assert names(tree) == [("e1", 1), ("e2", 2), ("e3", 3), ("e4", 4)]  # the root is full


def test_tree_every_double_opens_three_more_sides() -> None:
    tree = Layout.tree(T("6-6")).place("e0", T("2-6"), 6)  # e1 travels east
    tree = tree.place("e1", T("2-2"), 2)  # tile 2: a double, open ahead, left and right
    assert names(tree) == [("e0", 6), ("e2", 2)]
    assert tree.open_ends()[1].sides == ("ahead", "left", "right")
    tree = tree.place("e2", T("2-3"), 2).place("e2", T("2-4"), 2).place("e2", T("1-2"), 2)
    assert [(p.side, p.direction) for p in tree.tiles[3:]] == [
        ("ahead", "east"), ("left", "north"), ("right", "south"),
    ]
    assert names(tree) == [("e0", 6), ("e3", 3), ("e4", 4), ("e5", 1)]
    board: dict[str, Any] = tree.to_json()
    assert board["tiles"][2]["orientation"] == "crosswise"
    assert {"parent": 0, "side": "east", "direction": "east", "tiles": [1, 2, 3]} in board["branches"]
    assert {"parent": 2, "side": "left", "direction": "north", "tiles": [4]} in board["branches"]
    json.dumps(board)


def test_spinner_alternates_tile_and_double_phases() -> None:
    place = RTC.place
    sp = RTC.start_layout(T("6-6"))
    assert [e.name for e in sp.open_ends()] == ["arm0", "arm1", "arm2", "arm3"]
    sp = place(sp, "arm2", T("3-6"), 6)
    assert [e.name for e in sp.open_ends()] == ["arm0", "arm1", "arm3"]  # arm2 closed this phase
    sp = place(place(place(sp, "arm0", T("1-6"), 6), "arm1", T("0-6"), 6), "arm3", T("5-6"), 6)
    assert phase_of(sp) == "double"
    assert [(e.name, e.value, e.need) for e in sp.open_ends()] == [
        ("arm0", 1, "double"), ("arm1", 0, "double"), ("arm2", 3, "double"), ("arm3", 5, "double"),
    ]
    for arm, d in [("arm0", "1-1"), ("arm1", "0-0"), ("arm2", "3-3")]:
        sp = place(sp, arm, T(d), int(d[0]))
    assert phase_of(sp) == "double" and [e.name for e in sp.open_ends()] == ["arm3"]
    sp = place(sp, "arm3", T("5-5"), 5)
    assert phase_of(sp) == "tile" and len(sp.open_ends()) == 4
    board: dict[str, Any] = sp.to_json()
    assert "phase" not in board  # the layout knows no game's phases: the view's "phase" says it
    assert [a["direction"] for a in board["arms"]] == ["north", "east", "south", "west"]
    assert board["tiles"][5]["orientation"] == "crosswise"


def test_place_refuses_a_closed_or_unknown_end() -> None:
    sp = RTC.place(RTC.start_layout(T("6-6")), "arm0", T("1-6"), 6)
    with pytest.raises(ValueError):
        sp.place("arm0", T("2-6"), 6)
    with pytest.raises(ValueError):
        Layout.tree(T("1-1")).place("e9", T("1-2"), 1)


def test_layouts_are_immutable_values() -> None:
    a = Layout.line(T("2-2"), True)
    b = a.place("left", T("2-3"), 2)
    assert a != b and a == Layout.line(T("2-2"), True)
    assert len(a.tiles) == 1
