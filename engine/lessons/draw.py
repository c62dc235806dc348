"""The Color Dot draw game's guided deal: one round of double-6 against one computer, in which
the person meets the lead, matching, having to draw, the computer drawing, and the round's score.
Deal 77 is chosen for that order (the computer's picks follow from the deal and the moves)."""

from __future__ import annotations

from engine.lessons import Lesson, Step, register

FOLLOW = "That is a fair move, but this guided deal has a plan: try the tile it shows."

LESSON = register(Lesson(
    game="draw",
    title="Learn the draw game",
    teaches=("who leads", "every double opens four ways", "matching an end", "drawing when nothing fits",
             "the round's score"),
    intro="One round against the computer: match your tiles to the open ends and empty your hand first.",
    options={"set": "double-6", "players": 2},
    seed=77,
    seats=("human", "ai:easy"),
    steps=(
        Step(0, "The computer held the 6-6, the highest double, so it led. Every double opens four "
                "ways: a tile can go on each of its four sides. Match it: your 1-6 goes on the double, "
                "six against six.",
             ("play:1-6:e0",), ("6-6", "1-6", "end:e0")),
        Step(2, "Each open end shows the number a tile must match there: 6 on the double, 1 and 5 "
                "on the tiles around it. Put your 0-5 on the 5.",
             ("play:0-5:e2",), ("0-5", "end:e2"), FOLLOW),
        Step(4, "The open ends want a 6 or a blank, and none of your tiles has one. When nothing "
                "fits, you draw from the pile.",
             ("draw",), ("stock",), "Nothing in your hand fits an open end: draw a tile from the pile."),
        Step(5, "The 0-2 you drew fits a blank end, so play it. Had it not fitted, you would draw again.",
             ("play:0-2:e3", "play:0-2:e4"), ("0-2",), "Play the 0-2 you drew: it fits a blank end."),
        Step(7, "Your 2-3 matches the 2 at the end of your 0-2. Play it there.",
             ("play:2-3:e5",), ("2-3", "end:e5"), FOLLOW),
        Step(10, "The computer had nothing for any end, so it had to draw before it could play. "
                 "Your 3-5 fits the 3 of the 3-6.",
             ("play:3-5:e6",), ("seat:1", "3-5", "end:e6"), FOLLOW),
        Step(13, "The computer drew again. Your last tile, the 1-5, fits the 5: play it to go out "
                 "and win the round.",
             ("play:1-5:e9",), ("1-5", "end:e9")),
        Step(14, "You went out, so you score the pips left in the computer's hand: its 4-4 makes 8. "
                 "Had nobody gone out, the lowest hand would score the difference.",
             ("next-round",), ("round-score",)),
    ),
    ending="That is the draw game: match an end, draw when nothing fits, go out first. Rounds go on "
           "until someone reaches 100 points.",
))
