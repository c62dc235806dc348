"""Luzon's guided deal: pairs from two columns first, then a pair with the reserve, a reserve
tile kept for the end, and an empty column used to uncover a tile. Deal 95 is winnable and
every step's move keeps it winnable (tests/engine/test_lessons_solitaire.py checks both with
the exact solver); the last step clears the board."""

from __future__ import annotations

from engine.lessons import Lesson, Step, register

KEEP_THE_2_6 = ("That pair makes 12 too, but after it this deal can no longer be won. "
                "Keep the reserve's 2-6 for later: it blocks nothing there.")

LESSON = register(Lesson(
    game="luzon",
    title="Learn Luzon",
    teaches=(
        "pairs that make 12",
        "the reserve",
        "keeping a reserve tile for later",
        "starting a new column",
    ),
    intro=("All 28 tiles lie face up. Discard them all, two at a time: a pair's pips must add up "
           "to 12, and only the bottom tile of each column and the reserve tiles can be taken."),
    seed=95,
    steps=(
        Step(0, "0-3 at the bottom of column 2 has 3 pips and 4-5 at the bottom of column 5 has 9: "
                "together 12. Select both to discard them.",
             moves=("discard:c2+c5",), point_at=("0-3", "4-5"),
             wrong="Start with two column tiles: the 0-3 at the bottom of column 2 and the 4-5 at the "
                   "bottom of column 5."),
        Step(1, "Taking a tile frees the one above it. 0-1 and 5-6 are at the bottom now: 1 + 11 = 12.",
             moves=("discard:c2+c5",), point_at=("0-1", "5-6")),
        Step(2, "The three reserve tiles are free too. Pair the reserve's 2-5 (7 pips) with 1-4 "
                "(5 pips) at the bottom of column 1.",
             moves=("discard:c1+r1",), point_at=("2-5", "1-4"),
             wrong="Use the reserve now: its 2-5 goes with the 1-4 at the bottom of column 1."),
        Step(3, "4-4 and 0-4 make 12. The 0-4 would also pair with the reserve's 2-6, but clear the "
                "4-4 first: it blocks column 4, while the 2-6 blocks nothing.",
             moves=("discard:c4+c5",), point_at=("4-4", "0-4", "2-6"), wrong=KEEP_THE_2_6),
        Step(4, "3-3 and 2-4: 6 + 6 = 12.",
             moves=("discard:c3+c5",), point_at=("3-3", "2-4")),
        Step(5, "1-3 (4 pips) pairs with 3-5 (8 pips). The 2-6 in the reserve would fit as well: "
                "keep it there, the 2-2 at the top of column 3 will need it at the end.",
             moves=("discard:c3+c4",), point_at=("1-3", "3-5", "2-6"), wrong=KEEP_THE_2_6),
        Step(6, "The reserve's 4-6 (10 pips) and 0-2 at the bottom of column 4.",
             moves=("discard:c4+r3",), point_at=("4-6", "0-2")),
        Step(7, "3-6 and 1-2: 9 + 3.",
             moves=("discard:c1+c4",), point_at=("3-6", "1-2")),
        Step(8, "1-5 and 0-6 make 12, and column 4 is left empty.",
             moves=("discard:c3+c4",), point_at=("1-5", "0-6")),
        Step(9, "While a column is empty, a bottom tile may move there to start a new column. "
                "Move the 2-3 there: the 3-4 above it pairs with the 0-5 in column 2.",
             moves=("move:c1>c4",), point_at=("2-3", "c4", "3-4", "0-5"),
             wrong="Move the 2-3 from column 1 into the empty column: that frees the 3-4 above it."),
        Step(10, "Now 3-4 and 0-5: 7 + 5 = 12.",
             moves=("discard:c1+c2",), point_at=("3-4", "0-5"),
             wrong="Pair the 3-4 with the 0-5 at the bottom of column 2; the 2-3 gets its partner next."),
        Step(11, "1-6 and the 2-3 you moved: 7 + 5.",
             moves=("discard:c1+c4",), point_at=("1-6", "2-3")),
        Step(12, "6-6 has one partner only, 0-0: it is at the bottom of column 5.",
             moves=("discard:c2+c5",), point_at=("6-6", "0-0")),
        Step(13, "1-1 and 5-5: 2 + 10.",
             moves=("discard:c2+c3",), point_at=("1-1", "5-5")),
        Step(14, "The last pair: the 2-2 and the 2-6 you kept in the reserve.",
             moves=("discard:c3+r2",), point_at=("2-2", "2-6")),
    ),
    ending=("That is Luzon: look for pairs among the column bottoms and the reserve, keep a "
            "reserve tile that a buried tile will need, and use an empty column to uncover a tile."),
    options={"variant": "twelve"},
))
