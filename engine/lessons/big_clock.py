"""The Big Clock's guided deal, on the double-6 clock (six slots: a whole deal in 24 moves):
drawn tiles placed on matching piles, piles made ready for their doubles, doubles going home,
tiles set aside, then a drawn double in trouble rescued by shifts. Deal 21 is won by these
steps (the stock's order is fixed by the seed, so the guide knows the line wins;
tests/engine/test_lessons_solitaire.py checks each rule at its step). The notes never say what
the stock holds before it is drawn."""

from __future__ import annotations

from engine.lessons import Lesson, Step, register

TAKE = "Take the top tile of the stock: choose the stock."

LESSON = register(Lesson(
    game="big-clock",
    title="Learn The Big Clock",
    teaches=(
        "placing a drawn tile on a matching pile",
        "a pile ready for its double",
        "doubles going home",
        "tiles set aside",
        "a double in trouble",
        "shifting tiles to rescue it",
    ),
    intro=("Six piles stand on the clock face, one for each hour from 1 to 6; the 0-0 in the middle "
           "is the clock's hand and never plays. Bring every double home: 1-1 on slot 1, 2-2 on "
           "slot 2, and so on."),
    seed=21,
    steps=(
        Step(0, TAKE, moves=("draw",), point_at=("stock",)),
        Step(1, "The tile you take goes on a pile whose top shares a number with it. Put 1-5 on slot 5: "
                "slot 5 then shows a 5, ready for the 5-5.",
             moves=("place:slot5",), point_at=("1-5", "slot5", "1-6"),
             wrong="Put 1-5 on slot 5: a pile showing its own number is ready for its double."),
        Step(2, "Take the next tile from the stock.", moves=("draw",), point_at=("stock",)),
        Step(3, "0-3 on slot 3 makes slot 3 show a 3: ready for the 3-3.",
             moves=("place:slot3",), point_at=("0-3", "slot3", "0-5"),
             wrong="Put 0-3 on slot 3, so that slot 3 waits for its double."),
        Step(4, "Next tile: choose the stock.", moves=("draw",), point_at=("stock",)),
        Step(5, "Slots 3, 4 and 5 show their own numbers: don't cover them. 0-2 goes on slot 1.",
             moves=("place:slot1",), point_at=("0-2", "slot1", "slot3", "slot4", "slot5"),
             wrong="That covers a pile that is ready for its double: put 0-2 on slot 1."),
        Step(6, "Next tile: choose the stock.", moves=("draw",), point_at=("stock",)),
        Step(7, "3-5 fits on four piles. Put it on slot 2, which is not ready for anything yet.",
             moves=("place:slot2",), point_at=("3-5", "slot2", "3-4"),
             wrong="This guided deal goes on with the 3-5 on slot 2."),
        Step(8, TAKE, moves=("draw",), point_at=("stock",)),
        Step(9, "A double at last, and slot 4 shows a 4: put 4-4 there. A double on its own slot is "
                "home, and that pile is finished.",
             moves=("place:slot4",), point_at=("4-4", "slot4", "2-4")),
        Step(10, "Take the next tile from the stock.", moves=("draw",), point_at=("stock",)),
        Step(11, "3-3 goes home to slot 3, ready since you put the 0-3 there.",
             moves=("place:slot3",), point_at=("3-3", "slot3", "0-3"),
             wrong="A double belongs on its own slot: put 3-3 on slot 3, where it is home."),
        Step(12, "Next tile: choose the stock.", moves=("draw",), point_at=("stock",)),
        Step(13, "The 4-6 fitted nowhere (no pile top shows a 4 or a 6 without being a double), so "
                 "it was set aside for good. Take the next one.",
             moves=("draw",), point_at=("4-6", "stock")),
        Step(14, "0-1 on slot 1 makes slot 1 ready for the 1-1.",
             moves=("place:slot1",), point_at=("0-1", "slot1", "0-2"),
             wrong="Put 0-1 on slot 1: it makes slot 1 ready, and slot 5 stays ready."),
        Step(15, "Next tile: choose the stock.", moves=("draw",), point_at=("stock",)),
        Step(16, "2-2 fits nowhere (no pile top shows a 2): a double in trouble, so now you may shift "
                 "a pile's top tile onto another pile it matches. Move 1-3 from slot 6 onto slot 2; "
                 "the emptied slot 6 gets a new tile from the stock.",
             moves=("shift:slot6>slot2",), point_at=("2-2", "1-3", "slot6", "slot2", "3-5"),
             wrong="Shift the 1-3 from slot 6 onto the 3-5 on slot 2: slot 6 then gets a fresh tile."),
        Step(17, "The new 1-2 shows a 2, but 2-2 on slot 6 would sit on a wrong slot, still in "
                 "trouble. Shift the 1-2 onto the 1-3 on slot 2 instead: slot 2 then shows a 2.",
             moves=("shift:slot6>slot2",), point_at=("1-2", "slot6", "slot2", "1-3", "2-2"),
             wrong="2-2 on slot 6 would still be in trouble: shift the 1-2 onto slot 2 first."),
        Step(18, "Put 2-2 home on slot 2. Slot 6, emptied again, got the 6-6 from the stock: home "
                 "as well.",
             moves=("place:slot2",), point_at=("2-2", "slot2", "1-2", "6-6")),
        Step(19, "Next tile: choose the stock.", moves=("draw",), point_at=("stock",)),
        Step(20, "The 2-6 fitted nowhere and was set aside. Only 5-5 and 1-1 are still to come.",
             moves=("draw",), point_at=("2-6", "stock")),
        Step(21, "5-5 goes home on slot 5, ready since your first tile.",
             moves=("place:slot5",), point_at=("5-5", "slot5", "1-5")),
        Step(22, "Next tile: choose the stock.", moves=("draw",), point_at=("stock",)),
        Step(23, "The last double: put 1-1 home on slot 1.",
             moves=("place:slot1",), point_at=("1-1", "slot1", "0-1")),
    ),
    ending=("That is The Big Clock: make piles show their own number so that their doubles "
            "go straight home, don't cover a ready pile, and shift tiles to rescue a double in "
            "trouble. The full game has twelve slots."),
    options={"set": "double-6"},
))
