"""Tiddle-A-Wink's guided deal: six players, as the game needs (the person and five computers,
named as the page names them by default: Ada, Ben, Cleo, Dev and Eve), deal 489. The person
meets the lead, matching, saying "Go" when nothing fits (there is no drawing), an end nobody
plays on (as the table shows it: two players said "Go" with it open), a double's extra turn,
and goes out ("Tiddle-A-Wink!") on the seventh turn, scoring the pips left in the other hands
(tests/engine/test_lessons_table.py checks each of these at its step). The notes say only what
the person can see or work out from the table, never what the others hold."""

from __future__ import annotations

from engine.lessons import Lesson, Step, register

LESSON = register(Lesson(
    game="tiddle-a-wink",
    title="Learn Tiddle-A-Wink",
    teaches=(
        "the highest double leads",
        "tiles match number to number",
        "nothing fits: say Go",
        "a blocked end",
        "a double plays again",
        "going out: Tiddle-A-Wink!",
    ),
    intro=("A game for a big table: you and five computer players, five tiles each. The tiles "
           "left over are set aside unseen, and nobody ever takes one."),
    seed=489,
    options={"players": 6},
    seats=("human",) + ("ai:medium",) * 5,
    steps=(
        Step(
            at=5,
            note=("Ada held the highest double, 9-9, so she led with it. Tiles match number to "
                  "number: your 5-9 goes with its 9 against the 9 of the 3-9."),
            moves=("play:5-9:left",),
            point_at=("9-9", "seat:1", "5-9", "end:left"),
        ),
        Step(
            at=11,
            note=('Nothing of yours matches the 9 or the 5, and there is no pile to take from: '
                  'say "Go" and the turn moves on.'),
            moves=("pass",),
            point_at=("6-9", "2-5"),
        ),
        Step(
            at=17,
            note=("Nobody has played on the 9 since Cleo's 6-9 left it, and Ada and Cleo said \"Go\" with it "
                  'open: that end looks blocked, the 9s still missing perhaps set aside. Nothing fits the '
                  'blank either: "Go" again.'),
            moves=("pass",),
            point_at=("6-9", "0-6"),
        ),
        Step(
            at=23,
            note=("Two tiles match Ada's 1. Play the double, 1-1: whoever plays a double, the lead "
                  "included, takes another turn at once."),
            moves=("play:1-1:right",),
            point_at=("1-1", "1-6", "end:right"),
            wrong="The 1-6 fits too, but the double 1-1 gives you another turn straight away.",
        ),
        Step(
            at=24,
            note="Your extra turn. The double lies across the line but does not branch: your 1-6 matches its 1.",
            moves=("play:1-6:right",),
            point_at=("1-1", "1-6", "end:right"),
        ),
        Step(
            at=30,
            note="Ada, Ben and Eve are down to one tile each: keep going. Your 4-8 matches Eve's 8.",
            moves=("play:4-8:right",),
            point_at=("seat:1", "seat:2", "seat:5", "4-8", "5-8"),
        ),
        Step(
            at=36,
            note="Everyone else said Go. Your last tile matches the 4: play it to go out, Tiddle-A-Wink!",
            moves=("play:3-4:right",),
            point_at=("3-4", "end:right"),
        ),
    ),
    ending=("Tiddle-A-Wink! You went out, so you score every pip left in the others' hands: "
            "4 + 5 + 18 + 22 + 14 = 63. The first to 200 wins; deal the next round to play on."),
))
