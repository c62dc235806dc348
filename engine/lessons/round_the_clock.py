"""Round The Clock's guided deal: three players (the person, Ada and Ben, the page's default
names), deal 254. The person meets the 6-6 lead and its four arms, the tile phase, arms closed
until the phase changes, having to take a tile from the boneyard and playing it, the double
phase, a new tile phase, the last two tiles kept in the boneyard, and goes out on the eighth
turn, scoring the pips left in the other hands (tests/engine/test_lessons_table.py checks each
of these at its step)."""

from __future__ import annotations

from engine.lessons import Lesson, Step, register

LESSON = register(Lesson(
    game="round-the-clock",
    title="Learn Round The Clock",
    teaches=(
        "the 6-6 leads, with four arms",
        "tile phase: one matching tile per arm",
        "an arm that had its tile is closed",
        "nothing fits: take a tile from the boneyard",
        "double phase: each arm takes its double",
        "the phases take turns round the clock",
        "going out scores the others' pips",
    ),
    intro=("You play against Ada and Ben, six tiles each; the rest is the boneyard. Play goes "
           "round the 6-6 like a clock, in phases the whole table follows."),
    seed=254,
    options={"players": 3},
    seats=("human", "ai:medium", "ai:medium"),
    steps=(
        Step(
            at=1,
            note=("Ada held the 6-6, so she set it: it has four arms, north, east, south and west. "
                  "In the tile phase each arm takes one tile matching its end: put your 2-6 on the west arm."),
            moves=("play:2-6:arm3",),
            point_at=("6-6", "seat:1", "2-6", "end:arm3", "stock"),
            wrong="Any open arm takes your 2-6; in this guided deal put it on the west arm.",
        ),
        Step(
            at=5,
            note=("North, east and west have had their tile, so they are closed until south has one "
                  "too, though your 3-4 matches north's 4. No 6 for south: take a tile from the boneyard."),
            moves=("draw",),
            point_at=("4-6", "1-6", "2-6", "3-4", "stock"),
        ),
        Step(
            at=6,
            note=("The tile you took, 5-6, fits the south arm: play it. Every arm then has its tile, "
                  "and the double phase begins."),
            moves=("play:5-6:arm2",),
            point_at=("5-6", "end:arm2"),
        ),
        Step(
            at=10,
            note=("Double phase: each arm takes the double of its end, as Ben's 4-4 did north. Your "
                  "1-1 and 5-5 both fit: play the heavier 5-5 south, since pips left in your hand count against you."),
            moves=("play:5-5:arm2",),
            point_at=("4-4", "5-5", "1-1", "end:arm2", "stock"),
            wrong="The 1-1 fits too, but the 5-5 is heavier: get rid of heavy tiles first.",
        ),
        Step(
            at=15,
            note="Ada and Ben took tiles and still had no double to play. East still needs the 1-1: it is yours.",
            moves=("play:1-1:arm1",),
            point_at=("1-1", "end:arm1", "seat:1", "seat:2"),
        ),
        Step(
            at=20,
            note=("Every arm has its double, so a new tile phase begins. Put your 4-5 on south's 5: "
                  "then your 3-4 can still go on north's 4."),
            moves=("play:4-5:arm2",),
            point_at=("4-5", "end:arm2", "3-4", "stock"),
            wrong="That fits too, but in this guided deal put the 4-5 on south's 5, keeping north's 4 for your 3-4.",
        ),
        Step(
            at=23,
            note="East, south and west have their tiles of this phase. North is the open arm: your 3-4 fits its 4.",
            moves=("play:3-4:arm0",),
            point_at=("3-4", "end:arm0"),
        ),
        Step(
            at=27,
            note=("The last 2 tiles stay in the boneyard, so Ben, with nothing to play, could not take one. "
                  "Double phase again: your 3-3 fits any arm showing a 3, and it is your last tile."),
            moves=("play:3-3:arm0", "play:3-3:arm1", "play:3-3:arm3"),
            point_at=("3-3", "stock", "seat:2"),
        ),
    ),
    ending=("You went out: you score every pip left in the others' hands, Ada's 27 and Ben's 25, "
            "52 points. Most rounds end blocked instead, and then the lowest hand scores them. "
            "The first to 100 wins; deal the next round to play on."),
))
