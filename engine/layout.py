"""The layout of play shared by the table games: one immutable tree of placed tiles.

Three shapes, one structure:

- "line"    (matador, tiddle-a-wink): a root tile and two branches, west and east. Open ends
            are named "left" (the west end) and "right" (the east end). Doubles lie crosswise
            or in line as the game says; they never branch.
- "tree"    (draw): every double, the root included, lies crosswise and is open on all four
            sides. The open end(s) of placed tile number K are named "eK" (K counts from 0, the
            root, in the order tiles were placed). A non-double has one open side; a double
            has up to three (the root: four). Sides are taken in a fixed order, so "eK" is the
            whole address: root east, west, north, south; any other double ahead, then its
            left flank, then its right flank (seen along its branch's direction).
- "spinner" (round-the-clock): the 6-6 root with four arms named "arm0".."arm3" (north, east,
            south, west: clockwise like a clock). Doubles lie crosswise and do not branch.
            Which arms are closed and what each needs are the game's to say (its `place`).

Move ids are built by the games as "play:<tile>:<end>" with these end names, e.g.
"play:3-5:left", "play:4-4:arm2", "play:5-6:e7"; the names never change once given.

`to_json()` is what the page draws (see `Layout.to_json`).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.tiles import Tile

COMPASS = ("north", "east", "south", "west")  # clockwise
ARM_DIRECTIONS = COMPASS  # arm0..arm3
ROOT_TREE_SIDES = ("east", "west", "north", "south")
DOUBLE_SIDES = ("ahead", "left", "right")
SINGLE_SIDES = ("ahead",)


def turn(direction: str, side: str) -> str:
    """The compass direction of a branch leaving on `side` of a tile travelling `direction`."""
    i = COMPASS.index(direction)
    if side == "left":
        return COMPASS[(i - 1) % 4]
    if side == "right":
        return COMPASS[(i + 1) % 4]
    return direction


class Placed(NamedTuple):
    """A tile on the table. For the root, `near` is its west (or first) half and `far` its
    east half, parent is -1 and side/direction are ""."""

    tile: Tile
    near: int  # the half touching the parent
    far: int  # the half facing away (the open number while nothing is attached to it)
    crosswise: bool
    parent: int  # index of the tile it is attached to; -1 for the root
    side: str  # side of the parent it is attached to ("east".. for the root, else "ahead"/"left"/"right")
    direction: str  # compass direction of travel of its branch


class End(NamedTuple):
    """An open end: its name (used in move ids), the number it takes, the tile it belongs to,
    its free sides in the order they are taken, and what it needs ("match" or "double")."""

    name: str
    value: int
    tile: int
    sides: tuple[str, ...]
    need: str = "match"


class _LayoutFields(NamedTuple):
    kind: str  # "line" | "tree" | "spinner"
    tiles: tuple[Placed, ...]
    ends: tuple[End, ...]
    crosswise_doubles: bool
    closed: tuple[bool, ...] = ()  # per end, closed by the game's rule (empty: none)


class Layout(_LayoutFields):
    """Immutable; `place` returns a new layout. `ends` lists every end (spinner: all four
    arms, closed or not); `open_ends()` those that may take a tile now. The instance dict
    only caches the JSON, which takes no part in equality."""

    # ---- construction -------------------------------------------------------------------
    @staticmethod
    def line(root: Tile, crosswise_doubles: bool) -> Layout:
        cross = crosswise_doubles and root.is_double
        placed = Placed(root, root.a, root.b, cross, -1, "", "")
        ends = (End("left", root.a, 0, SINGLE_SIDES), End("right", root.b, 0, SINGLE_SIDES))
        return Layout("line", (placed,), ends, crosswise_doubles)

    @staticmethod
    def tree(root: Tile) -> Layout:
        if not root.is_double:
            raise ValueError("the draw game starts with a double")
        placed = Placed(root, root.a, root.b, True, -1, "", "")
        return Layout("tree", (placed,), (End("e0", root.a, 0, ROOT_TREE_SIDES),), True)

    @staticmethod
    def spinner(root: Tile) -> Layout:
        if not root.is_double:
            raise ValueError("a spinner is a double")
        placed = Placed(root, root.a, root.b, True, -1, "", "")
        ends = tuple(End(f"arm{i}", root.a, 0, SINGLE_SIDES) for i in range(4))
        return Layout("spinner", (placed,), ends, True, (False,) * 4)

    # ---- queries ------------------------------------------------------------------------
    def open_ends(self) -> tuple[End, ...]:
        if not any(self.closed):
            return self.ends
        return tuple(e for e, c in zip(self.ends, self.closed, strict=True) if not c)

    def end(self, name: str) -> End | None:
        for e in self.open_ends():
            if e.name == name:
                return e
        return None

    # ---- placing ------------------------------------------------------------------------
    def place(self, name: str, tile: Tile, near: int) -> Layout:
        """`tile` attached at open end `name` with its half `near` touching. The caller has
        checked that the game allows it; only the layout's own structure is checked here."""
        end = self.end(name)
        if end is None:
            raise ValueError(f"no open end {name!r}")
        far = tile.b if tile.a == near else tile.a
        if near not in (tile.a, tile.b):
            raise ValueError(f"{tile} has no half {near}")
        parent = self.tiles[end.tile]
        side = end.sides[0]
        if parent.parent == -1:
            # leaving the root: the side is a compass direction (line: west/east; spinner: arm)
            if self.kind == "line":
                side = "west" if name == "left" else "east"
            elif self.kind == "spinner":
                side = ARM_DIRECTIONS[int(name[3:])]
            direction = side
        else:
            direction = turn(parent.direction, side)
        cross = tile.is_double and self.crosswise_doubles
        index = len(self.tiles)
        tiles = self.tiles + (Placed(tile, near, far, cross, end.tile, side, direction),)
        if self.kind == "tree":
            grown: list[End] = []
            for e in self.ends:
                if e.name == name:
                    if len(e.sides) > 1:
                        grown.append(e._replace(sides=e.sides[1:]))
                else:
                    grown.append(e)
            grown.append(End(f"e{index}", far, index, DOUBLE_SIDES if tile.is_double else SINGLE_SIDES))
            return self._replace(tiles=tiles, ends=tuple(grown))
        new_end = End(name, far, index, SINGLE_SIDES, end.need)
        ends = tuple(new_end if e.name == name else e for e in self.ends)
        return self._replace(tiles=tiles, ends=ends)

    # ---- the page -----------------------------------------------------------------------
    def branches(self) -> list[dict[str, object]]:
        """Chains of tiles: each starts at a side of its parent and follows "ahead" links."""
        ahead: dict[int, int] = {}
        starts: list[int] = []
        for i, p in enumerate(self.tiles):
            if i == 0:
                continue
            if p.side == "ahead" and self.tiles[p.parent].parent != -1:
                ahead[p.parent] = i
            else:
                starts.append(i)
        out: list[dict[str, object]] = []
        for s in starts:
            chain = [s]
            while chain[-1] in ahead:
                chain.append(ahead[chain[-1]])
            p = self.tiles[s]
            out.append({"parent": p.parent, "side": p.side, "direction": p.direction, "tiles": chain})
        return out

    def to_json(self) -> dict[str, object]:
        """The JSON for the page, built once per layout and shared: read it, never change it."""
        cached = self.__dict__.get("json")
        if cached is None:
            cached = self.__dict__["json"] = self._json()
        return cached

    def _json(self) -> dict[str, object]:
        """{"kind", "root": 0, "tiles": [...], "branches": [...], "ends": [...]} and for the
        spinner "arms" (all four, closed or not: {"name", "direction", "value", "closed"}). Each
        tile: {"tile": "3-5", "near", "far", "orientation": "lengthwise"|"crosswise", "parent",
        "side", "direction"} (root: parent null; near/far its west/east halves). Each branch:
        {"parent": tile index, "side", "direction", "tiles": [indices outward]}. Each open end:
        {"name", "value", "tile", "sides", "need": "match"|"double"}."""
        tiles = [
            {
                "tile": str(p.tile),
                "near": p.near,
                "far": p.far,
                "orientation": "crosswise" if p.crosswise else "lengthwise",
                "parent": None if p.parent < 0 else p.parent,
                "side": p.side or None,
                "direction": p.direction or None,
            }
            for p in self.tiles
        ]
        out: dict[str, object] = {
            "kind": self.kind,
            "root": 0,
            "tiles": tiles,
            "branches": self.branches(),
            "ends": [
                {"name": e.name, "value": e.value, "tile": e.tile, "sides": list(e.sides), "need": e.need}
                for e in self.open_ends()
            ],
        }
        if self.kind == "spinner":
            out["arms"] = [
                {"name": e.name, "direction": ARM_DIRECTIONS[i], "value": e.value, "closed": self.closed[i]}
                for i, e in enumerate(self.ends)
            ]
        return out
