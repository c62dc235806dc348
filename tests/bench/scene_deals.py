"""The cross-browser suite's table deals (tests/browsers/scenes.py TABLE_DEALS): each table game's
scene played natively (engine.api.handle: the same deals and the same computers' choices as in
the page, every computer decision seeded by the deal and the move number; the options and seats of
its link in TABLE_DEALS, other deals of them searched), the person's moves
chosen exactly as the scene's page steps choose them, and the deals searched for the cheapest
scene that keeps every property the scene asserts.

    python -m tests.bench.scene_deals                    # each TABLE_DEALS scene: fits, moves, review CPU
    python -m tests.bench.scene_deals --show GAME DEAL   # another deal's, with its moves' ids
    python -m tests.bench.scene_deals --search [--games draw,matador,...] [--deals 0-2000] [--review 12]

The person's policy (scenes.py, with the page's table.js and its default settings: one tap plays
a tile that fits one place only): the first two moves (table_move: TABLE_STEP, then NEXT_PRESS)
press the hand's first playable tile, then the first active end marker (the board's ends in
order), then the first of the ways round; without a playable tile, the first move button (a draw
or a pass; a draw that is the only move draws on until a tile plays). The rest of the round
(PLAY_ROUND) presses, with a tile picked, the move buttons' first (the ways round, else a draw or
a pass the rules allow beside the tile) before an end marker.

A deal fits the scene when the person's first two moves are made in its first round and the
person is to move again in it after them, with a hint, an undo that takes something back and a
redo that plays it again (test_games.py); when the first round's end ends the game for Round the
Clock only (its scene closes the game's last summary; the others close a round's summary and open
the replay by its key); and when the review rates at least one decision (the page's "computed":
a review of forced moves only says so without it). The deals that fit, fewest moves first: the
shortest --review of them have their review timed (the page's slices, CPU of this process).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any
from urllib.parse import parse_qs

from engine.api import handle
from tests.browsers.scenes import TABLE_DEALS

# the scenes whose first round ends the game (test_games.py closes the game's last summary, the
# others a round's summary): Matador's winner takes the others' pips, over 100 at once in most deals
GAME_OVER_IN_ROUND_ONE = {"matador", "round-the-clock"}
REVIEW_SLICE = 2  # web/play/coach_review.js SLICE: decisions rated per request


def call(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    if not answer["ok"]:
        raise RuntimeError(f"{request.get('op')}: {answer['error']}")
    return answer


def scene_setup(game: str) -> tuple[dict[str, Any], list[str]]:
    """The options and seats of `game`'s link in TABLE_DEALS, as the page reads them (links.js
    readGameLink: every option's default, then the link's value among its choices)."""
    link = {key: values[0] for key, values in parse_qs(TABLE_DEALS[game]).items()}
    spec = next(g for g in call(op="catalog")["games"] if g["id"] == game)
    options = {o["key"]: next((c for c in o["choices"] if str(c) == link[o["key"]]), o["default"])
               if o["key"] in link else o["default"] for o in spec["options"]}
    return options, link["seats"].split(",")


class Scene:
    """One table game's scene, played natively: the session, its view and the person's pick (the
    tile selected, the ways round offered: table.js Pick)."""

    def __init__(self, game: str, deal: int) -> None:
        options, seats = scene_setup(game)
        answer = call(op="new", game=game, options=options, seed=deal, seats=seats, seat=0)
        self.session = answer["session"]
        self.view: dict[str, Any] = answer["view"]
        self.selected: str | None = None
        self.choice: list[dict[str, Any]] | None = None
        self.person_moves: list[str] = []

    # ---- what the page shows
    def round_over(self) -> bool:
        return bool(self.view["outcome"] or (self.view.get("round") or {}).get("over"))

    def my_turn(self) -> bool:
        return self.view["to_move"] == 0 and not self.round_over()

    def plays_of(self, tile: str) -> list[dict[str, Any]]:
        return [m for m in self.view["legal"] if m["kind"] == "play" and m["tile"] == tile]

    def first_playable(self) -> str | None:
        return next((t for t in self.view["hand"] if self.plays_of(t)), None)

    def buttons(self) -> list[dict[str, Any]]:
        """#actions [data-move]: the ways round offered, else the moves that are no tile's play."""
        if self.choice:
            return self.choice
        return [m for m in self.view["legal"] if m["kind"] not in ("play", "next-round")]

    def active_end(self) -> str | None:
        """The first .end-marker.active: the board's ends in order, one the picked tile goes to."""
        places = {m["to"] for m in self.plays_of(self.selected or "")}
        return next((f"end:{e['name']}" for e in self.view["board"]["ends"] if f"end:{e['name']}" in places), None)

    # ---- what the person and the computers do
    def computers(self) -> None:
        while not self.round_over() and self.view["to_move"] != 0:
            self.view = call(op="ai", session=self.session, until_playable=True)["view"]

    def play(self, move: dict[str, Any]) -> None:
        until = move["kind"] == "draw" and len(self.view["legal"]) == 1
        self.view = call(op="play", session=self.session, move=move["id"], until_playable=until)["view"]
        self.person_moves.append(move["id"])
        self.selected, self.choice = None, None
        self.computers()

    def place_at(self, tile: str, place: str) -> None:
        moves = [m for m in self.plays_of(tile) if m["to"] == place]
        if len(moves) == 1:
            self.play(moves[0])
        else:
            self.choice = moves

    def press_tile(self, tile: str) -> None:
        """table.js activate on a hand tile, nothing picked (one tap: a tile of one place plays there)."""
        places = {m["to"] for m in self.plays_of(tile)}
        if len(places) == 1:
            self.selected = tile
            self.place_at(tile, places.pop())
        else:
            self.selected, self.choice = tile, None

    def table_move(self) -> None:
        """scenes.table_move: the first playable tile, then its place, then its first way round."""
        assert self.my_turn() and self.selected is None, "table_move starts on the person's turn, nothing picked"
        tile = self.first_playable()
        if tile is None:
            self.play(self.buttons()[0])
            return
        before = len(self.person_moves)
        self.press_tile(tile)
        while len(self.person_moves) == before:
            if self.choice is None:
                end = self.active_end()
                assert end is not None, "a picked tile with no place"
                self.place_at(tile, end)
            else:  # (NEXT_PRESS presses the end marker again, which offers the same ways round)
                self.play(self.choice[0])

    def play_round_step(self) -> None:
        """One press of scenes.PLAY_ROUND on the person's turn."""
        if self.selected and self.buttons():
            self.play(self.buttons()[0])
        elif self.selected and self.active_end():
            self.place_at(self.selected, str(self.active_end()))
        elif (tile := self.first_playable()) is not None:
            self.press_tile(tile)
        else:
            self.play(self.buttons()[0])


def play_scene(game: str, deal: int) -> dict[str, Any]:
    """The scene natively: what it needs (`fits`, else `why`) and its cost (moves, the person's)."""
    scene = Scene(game, deal)
    scene.computers()
    for _ in range(2):
        if not scene.my_turn():
            return {"fits": False, "why": "the first round ended before the person's two moves"}
        scene.table_move()
    if not scene.my_turn():
        return {"fits": False, "why": "no turn of the person's after the two moves in the first round"}
    call(op="hint", session=scene.session)  # (refused: raises)
    before = scene.view["moves"]
    undone = call(op="undo", session=scene.session)
    if not undone.get("undone"):
        return {"fits": False, "why": "the undo takes nothing back"}
    redone = call(op="redo", session=scene.session)
    if redone["view"]["moves"] != before:
        return {"fits": False, "why": "the redo does not play the moves again"}
    scene.view = redone["view"]
    while not scene.round_over():
        scene.play_round_step()
    over = bool(scene.view["outcome"])
    if over != (game in GAME_OVER_IN_ROUND_ONE):
        return {"fits": False, "why": "the game ends in round one" if over else "the game goes on after round one"}
    return {"fits": True, "moves": scene.view["moves"], "person": scene.person_moves,
            "record": call(op="record", session=scene.session)["record"]}


def review_cost(record: dict[str, Any]) -> tuple[int, float]:
    """The page's review of `record` (coach_review.js: slices of REVIEW_SLICE decisions): the
    decisions rated and the CPU seconds of this process."""
    start: int | None = 0
    rated = 0
    t0 = time.process_time()
    while start is not None:
        slice_ = call(op="review", record=record, start=start, limit=REVIEW_SLICE)["review"]
        rated += len(slice_["decisions"])
        start = slice_["next"]
    return rated, time.process_time() - t0


def search(game: str, deals: range, timed: int) -> None:
    found = []
    for deal in deals:
        scene = play_scene(game, deal)
        if scene["fits"]:
            found.append((scene["moves"], len(scene["person"]), deal, scene["record"]))
    found.sort(key=lambda f: (f[0], f[2]))
    print(f"{game}: {len(found)} of {len(deals)} deals ({deals.start}-{deals.stop - 1}) fit the scene; "
          f"the {timed} shortest, their review timed:", flush=True)
    for moves, person, deal, record in found[:timed]:
        rated, cpu = review_cost(record)
        print(f"  deal {deal}: {moves} moves ({person} the person's), review {rated} decisions "
              f"{cpu:.2f} s CPU{'' if rated else ' (none: does not fit)'}", flush=True)


def show(game: str, deal: int, moves: bool) -> None:
    scene = play_scene(game, deal)
    if not scene["fits"]:
        print(f"{game} deal {deal}: does not fit the scene: {scene['why']}")
        return
    rated, cpu = review_cost(scene["record"])
    print(f"{game} deal {deal}: {scene['moves']} moves ({len(scene['person'])} the person's), "
          f"review {rated} decisions {cpu:.2f} s CPU", flush=True)
    if moves:
        print(json.dumps(scene["record"]["moves"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--show", nargs=2, metavar=("GAME", "DEAL"))
    parser.add_argument("--search", action="store_true")
    parser.add_argument("--games", default=",".join(TABLE_DEALS))
    parser.add_argument("--deals", default="0-2000", help="A-B, both included")
    parser.add_argument("--review", type=int, default=12, help="how many of the shortest to review")
    args = parser.parse_args()
    if args.show:
        show(args.show[0], int(args.show[1]), moves=True)
    elif args.search:
        first, last = (int(n) for n in args.deals.split("-"))
        for game in args.games.split(","):
            search(game, range(first, last + 1), args.review)
    else:
        for game in args.games.split(","):
            show(game, int(parse_qs(TABLE_DEALS[game])["deal"][0]), moves=False)


if __name__ == "__main__":
    main()
