"""The Big Clock's rule sheet as the page shows it (SPEC.rules): text only, kept apart from the
game's logic in engine/games/big_clock.py."""

RULES = (
    (
        "The layout",
        (
            "Sets: double-12 (the default) has slots 12, 1, 2, ... 11 clockwise like a clock "
            "face; double-9 has slots 1 to 9 and double-6 slots 1 to 6.",
            "The 0-0 is taken out before the deal. It is the clock's hand: it is only shown in "
            "the middle of the clock and never plays.",
            "One tile is dealt face up to each slot in slot order (with double-12 the first "
            "tile goes to 12 o'clock, then 1, 2, ... 11). The rest is the face-down stock.",
            "Goal: every double n-n on top of slot n.",
        ),
    ),
    (
        "A turn",
        (
            "Draw the top stock tile. It must be placed on a pile whose top tile shares at "
            "least one number with it and is not a double. When several piles fit, you choose.",
            "A non-double that fits nowhere is set aside for good; the program does this for you.",
            "Never place any tile on a double, home or not.",
            "A double placed on its own slot is home: that pile is finished and never changes.",
            "The drawn tile must be placed before you do anything else, except a drawn double "
            "that fitted nowhere (see below).",
        ),
    ),
    (
        "Doubles in trouble and shifts",
        (
            "A double is in trouble when it was drawn and fits nowhere, or when it lies on a "
            "wrong slot. A drawn double that fitted nowhere stays in trouble until you place it.",
            "While any double is in trouble you may shift: move the top tile of any unfinished "
            "pile onto another pile whose top shares a number with it and is not a double, or "
            "into an empty slot when the tile is that slot's double. A shift may empty a slot.",
            "An emptied slot must take its own double at once. When that double is at hand (on "
            "top of a pile, or the drawn double) you may bring it there, or refill the slot; "
            "when it is not, the program refills the slot with the top stock tile at once. "
            "With the stock used up the slot stays empty and takes only its own double.",
            "A shift that recreates a position seen since the last tile was taken from the "
            "stock is not allowed; this keeps every game finite.",
            "You may draw instead of shifting whenever no drawn tile is waiting.",
        ),
    ),
    (
        "Won and lost",
        (
            "You win when every double is home.",
            "You lose when a drawn double cannot be placed and no shift is left; when the stock "
            "is used up, a double is not home and no shift is left; or when you resign.",
        ),
    ),
    (
        "What the program does",
        (
            "The hint comes from an advisor that plans placements and shifts for the best "
            "chance to win; it knows which tiles are still in the stock (by elimination) but "
            "never their order.",
            "The same deal number always gives the same deal.",
        ),
    ),
)
