"""The table games' shared machinery (draw, matador, tiddle-a-wink, round-the-clock), which
differ only in the hooks they override. A game subclasses `TableGame`:

  state.py        the values: `TableState`, `RoundInfo`, `Score`, `RoundSummary`
  rules.py        `TableRules`: dealing, turns, drawing, blocks, scoring, and the rule hooks
  determinize.py  what a seat cannot see, dealt again consistently with what it knows
  words.py        `TableGame`: the rules with their words (labels, refusals, views) and the
                  word hooks

Move ids (every list sorted):
  "play:<tile>:<end>"   put a tile from the hand on an open end of the layout (engine.layout
                        names the ends: "left"/"right", "arm0".."arm3", "e<K>"); Matador adds
                        ":<n>", the number the tile leaves open ("play:1-9:left:9").
  "draw"                take one tile from the draw pile / boneyard.
  "pass"                nothing to play and nothing to draw (Tiddle-A-Wink's "Go").
  "next-round"          between rounds: deal the next round.

Rounds: the move that ends a round (someone goes out, or the round is blocked) scores it and
leaves the state "between rounds": the final board stays, every hand is revealed in the summary
(`TableState.last`, the view's "last_round", with the score arithmetic), and the only legal
move is "next-round", offered to seat 0 (the dealer; in the default table that is the person,
who reads the summary and deals on). It deals the next round from the seed. The game ends,
with no further move, when a seat reaches the target score.

view(state, seat) keys:
  "board"       the layout (engine.layout.Layout.to_json)
  "hand"        the viewer's tiles, sorted ("3-5"); None for seat None
  "hand_counts" tiles per seat; "stock": tiles in the pile / boneyard (tiddle: set aside)
  "scores", "target", "status" (a sentence)
  "round"       {"number", "leader", "lead_tile", "redeals", "drew_this_turn", "over",
                 "lead_draws" (round-the-clock, when seats drew for the 6-6),
                 "set_aside" (tiddle-a-wink)}
  "phase"       None, or for a game whose play goes in phases (round-the-clock) {"name",
                 "text"}: the phase and what it asks of the table ("tile phase: one matching
                 tile per arm")
  "last_round"  None, or the last finished round: {"round", "reason": "out"|"blocked",
                 "winner" (None: tie for lowest in a block), "hands": per seat [[a, b], ...],
                 "pips", "points", "arithmetic" ("19 - 5 = 14, 12 - 5 = 7, 21"), "score" (the
                 arithmetic as numbers), "scores" (after it), "text", "headline" ({"seat",
                 "label", "you"}: how the round ended, in words after a seat's name)}; revealed
                 tiles are [a, b] pairs because they belong to the previous deal and must not
                 be confused with tiles of the current one
  "rounds"      every finished round, oldest first, as "last_round" without the hands
  "drawn"       only for the seat to move, after it drew this turn: the tile drawn last
  seat None (debugging) adds "hands" and "stock_tiles".
"""

from engine.games.table.determinize import (
    CompactDealer,
    CompactPlayout,
    CompactRules,
    deal_unseen,
    determinized,
    unseen_draw,
    void_seats,
)
from engine.games.table.rules import MEDIUM_OUT, TableAi, TableRules, differences, seat_list, total_of_others
from engine.games.table.state import (
    DEALER,
    DRAW,
    MAX_ROUNDS,
    NEXT_ROUND,
    RoundInfo,
    RoundSummary,
    Score,
    TableState,
    Term,
    pips,
    sort_tiles,
    tile_key,
)
from engine.games.table.words import PROGRAM_RULES, TableGame

__all__ = [
    "DEALER",
    "DRAW",
    "MAX_ROUNDS",
    "MEDIUM_OUT",
    "NEXT_ROUND",
    "PROGRAM_RULES",
    "CompactDealer",
    "CompactPlayout",
    "CompactRules",
    "RoundInfo",
    "RoundSummary",
    "Score",
    "TableAi",
    "TableGame",
    "TableRules",
    "TableState",
    "Term",
    "deal_unseen",
    "determinized",
    "differences",
    "pips",
    "seat_list",
    "sort_tiles",
    "tile_key",
    "total_of_others",
    "unseen_draw",
    "void_seats",
]
