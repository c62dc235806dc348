"""Matador's guided deal: three players (the person, Ada and Ben, the page's default names),
deal 688. The person meets the lead, making ten, a blank end only a matador can open, having
to take a tile from the pile, that tile a matador put on the blank, a double's open half, and goes out on the ninth
turn, scoring the pips left in the other hands (tests/engine/test_lessons_table.py checks each
of these at its step)."""

from __future__ import annotations

from engine.lessons import Lesson, Step, register

LESSON = register(Lesson(
    game="matador",
    title="Learn Matador",
    teaches=(
        "the highest double leads",
        "a tile fits when it makes ten with the end",
        "a blank end takes only a matador",
        "no tile to play: draw",
        "matadors go on any end",
        "an open double counts its number",
        "going out scores the others' pips",
    ),
    intro=("You play against Ada and Ben, seven tiles each; the rest lie face down in the pile. In Matador "
           "tiles do not match number to number: a tile fits when its touching half and the open "
           "end add up to ten."),
    seed=688,
    options={"players": 3},
    seats=("human", "ai:medium", "ai:medium"),
    steps=(
        Step(
            at=0,
            note=("Ben held the highest double, 8-8, so he set it to start, and you play next. "
                  "Your 1-2 fits: its 2 and the 8 make ten, leaving the 1 open."),
            moves=("play:1-2:right:1",),
            point_at=("8-8", "seat:2", "1-2", "end:right"),
            wrong="Either end of the 8-8 takes your 1-2; in this guided deal put it on the right.",
        ),
        Step(
            at=4,
            note="The ends now show 4 and 8. Only one of your tiles makes ten: the 6 of your 6-7 with the 4.",
            moves=("play:6-7:left:7",),
            point_at=("6-7", "end:left", "2-4"),
        ),
        Step(
            at=7,
            note=("Ben left a blank at one end: no number makes ten with a blank, so only a matador "
                  "goes there, and you hold none. That end is blocked for you: play your 1-5 on the 9."),
            moves=("play:1-5:right:5",),
            point_at=("0-3", "1-5", "end:right"),
        ),
        Step(
            at=22,
            note=("Ada and Ben had to take many tiles from the pile. Now nothing of yours makes ten with "
                  "the 1 and the other end is a blank again: with no tile to play, take one from the pile."),
            moves=("draw",),
            point_at=("stock", "1-9", "0-5"),
        ),
        Step(
            at=23,
            note=("The tile you took, 3-7, has halves adding up to ten: it is a matador. A matador goes "
                  "on any end either way round, even a blank: put it on the blank of the 0-5."),
            moves=("play:3-7:right:3",),
            point_at=("3-7", "end:right", "0-5"),
            wrong="A matador fits anywhere, but only a matador can open the blank: put the 3-7 there, the 3 left open.",
        ),
        Step(
            at=26,
            note="An open double counts its number: Ada's 7-7 shows a 7, and your 3-4 makes ten with it.",
            moves=("play:3-4:right:4",),
            point_at=("7-7", "3-4", "end:right"),
        ),
        Step(
            at=29,
            note=("Two tiles fit: the 8 of your 5-8 with the 2, or the 4 of your 4-5 with the 6. "
                  "Play the heavier 5-8: pips left in your hand count for whoever goes out."),
            moves=("play:5-8:left:5",),
            point_at=("5-8", "end:left", "4-5"),
            wrong="The 4-5 fits too, but the 5-8 is heavier: get rid of heavy tiles first.",
        ),
        Step(
            at=32,
            note=("Ben played 4-6 on your 5: a matador goes anywhere, so it can spoil an end. "
                  "Your 4-5 still makes ten with the 6 it left."),
            moves=("play:4-5:left:5",),
            point_at=("4-6", "4-5", "end:left"),
        ),
        Step(
            at=35,
            note="Your last tile: its 5 makes ten with either 5. Play it to go out and win the round.",
            moves=("play:5-7:right:7", "play:5-7:left:7"),
            point_at=("5-7", "end:right", "end:left"),
        ),
    ),
    ending=("You went out: you score every pip left in the others' hands, Ada's 24 and Ben's 70, "
            "94 points. The first to 100 wins; deal the next round to play on."),
))
