"""Clock's guided deal: how tiles are turned up pile by pile (a tile at its own hour, the kings
going to the centre), then the fourth king too early and the exchange. The guide stops at the
exchange: after it the game has no decision left, and in deal 49883 the exchange the advisor
ranks best (the bottom tile of 3 o'clock) wins, as do the two others the step accepts
(tests/engine/test_lessons_solitaire.py plays each to the end). The notes never say what a
face-down tile is."""

from __future__ import annotations

from engine.lessons import Lesson, Step, register


def went(tile: str, hour: str) -> str:
    return f"The {tile} went to {hour}: go on from there."


LESSON = register(Lesson(
    game="clock",
    title="Learn Clock",
    teaches=(
        "turning tiles pile by pile",
        "a tile at its own hour",
        "kings in the centre",
        "the exchange",
    ),
    intro=("Thirteen piles of four face-down tiles: one for each hour (ace is 1, jack 11, queen 12) "
           "and the kings' pile in the centre. Bring every tile face up onto its own hour before "
           "the fourth king comes up."),
    seed=49883,
    steps=(
        Step(0, "Play starts in the centre: choose the centre pile (or Turn) to bring its top tile face up.",
             moves=("turn",), point_at=("slot13",)),
        Step(1, "The 9 of spades went to 9 o'clock, its hour. You always go on from the pile where the "
                "last tile went: choose 9 o'clock.",
             moves=("turn",), point_at=("9S", "slot9")),
        Step(2, "The ace of diamonds went to 1 o'clock (an ace is 1): go on from 1 o'clock.",
             moves=("turn",), point_at=("AD", "slot1")),
        Step(3, "The ace of spades came up at its own hour: it stays there face up, and you go on from "
                "the same pile.",
             moves=("turn",), point_at=("AS", "slot1")),
        Step(4, "A king goes to the centre, and play goes on from the centre. When the fourth king "
                "comes up, the round stops: every other tile should be face up by then.",
             moves=("turn",), point_at=("KC", "slot13")),
        Step(5, went("9 of hearts", "9 o'clock"), moves=("turn",), point_at=("9H", "slot9")),
        Step(6, went("7 of clubs", "7 o'clock"), moves=("turn",), point_at=("7C", "slot7")),
        Step(7, went("2 of spades", "2 o'clock"), moves=("turn",), point_at=("2S", "slot2")),
        Step(8, "The second king: back to the centre.", moves=("turn",), point_at=("KD", "slot13")),
        Step(9, went("6 of hearts", "6 o'clock"), moves=("turn",), point_at=("6H", "slot6")),
        Step(10, went("2 of hearts", "2 o'clock"), moves=("turn",), point_at=("2H", "slot2")),
        Step(11, "The third king, and the centre has one face-down tile left: if it is the last king, "
                 "the round stops early.",
             moves=("turn",), point_at=("KS", "slot13")),
        Step(12, "The fourth king came up too early. Once per game you may swap it for a face-down "
                 "tile: only a pile's bottom tile can win, and the fuller the pile the better, so take "
                 "the bottom tile of 3 o'clock.",
             moves=("exchange:slot3:4", "exchange:slot5:4", "exchange:slot11:4"),
             # (not the king itself: the exchange's choices are offered over the kings' pile, so it lies under them)
             point_at=("slot3", "ex:3:4"),
             wrong=("Take the bottom tile of 3 o'clock, the first pile of four: a king put above other "
                    "face-down tiles would come up again before them.")),
    ),
    ending=("The king now lies at the bottom of the pile you chose, under its other face-down tiles. "
            "No choice is left: press Play to the end and watch this deal come out. In your own "
            "games the exchange is a long shot: the page shows each pile's chance."),
    options={"exchange": True},
))
