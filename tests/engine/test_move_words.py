"""The words a player reads: The Big Clock's moves name each place once, its hints say why
without saying the move again, every hint ends with a full stop, the guided deals say "choose"
(never "click", wrong on a touch screen), a blank end is "a blank", and the draw game's lesson
says what the menu promises."""

from __future__ import annotations

import random
import re
from typing import Any

from engine.games import get_game
from engine.layout import Layout
from engine.lessons import all_lessons, lesson_for
from engine.tiles import Tile
from tests.engine.helpers import call

SOLITAIRES = ["luzon", "big-clock", "clock"]



def hints_along(game_id: str, seed: int, moves: int = 40) -> list[dict[str, Any]]:
    """The hint at each of the person's turns along a random game."""
    answer = call(op="new", game=game_id, seed=seed)
    sid, view, rng, hints = answer["session"], answer["view"], random.Random(seed), []
    for _ in range(moves):
        if view["outcome"]:
            break
        hint = call(op="hint", session=sid)
        if hint["ok"] and hint.get("reason"):
            hints.append(hint)
        view = call(op="play", session=sid, move=rng.choice(view["legal"])["id"])["view"]
    return hints


def test_big_clock_moves_name_each_place_once() -> None:
    labels = set()
    for seed in range(4):
        answer = call(op="new", game="big-clock", seed=seed)
        sid, view, rng = answer["session"], answer["view"], random.Random(seed)
        for _ in range(60):
            if view["outcome"]:
                break
            labels |= {m["you"] for m in view["legal"] if m["kind"] in ("place", "shift")}
            view = call(op="play", session=sid, move=rng.choice(view["legal"])["id"])["view"]
    assert labels
    for label in labels:
        assert len(re.findall(r"\bon(to)?\b", label)) <= 1, label  # not "put 4-10 on slot 5 on 10-11"
        assert label.count("slot") <= 2, label


def test_hints_say_why_once_and_end_with_a_full_stop() -> None:
    for game_id in SOLITAIRES:
        hints = [h for seed in range(3) for h in hints_along(game_id, seed)]
        assert hints, game_id
        for hint in hints:
            reason = hint["reason"]
            assert reason.endswith("."), (game_id, reason)
            assert hint["you"].lower() not in reason.lower(), (game_id, hint["you"], reason)
            assert not re.match(r"(Shift|Put) \d|Exchange with", reason), (game_id, reason)  # the move again


def test_the_guided_deals_never_say_click() -> None:
    for lesson in all_lessons():
        texts = [lesson.intro, lesson.ending, *(s.note for s in lesson.steps), *(s.wrong for s in lesson.steps)]
        for text in texts:
            assert "click" not in text.lower(), (lesson.game, text)
            assert not text or text.rstrip().endswith((".", "!", "?", ")")), (lesson.game, text)


def test_the_draw_game_s_lesson_says_every_double_opens_four_ways() -> None:
    lesson = lesson_for("draw")
    assert lesson is not None
    assert any("every double opens four ways" in s.note.lower() for s in lesson.steps)
    assert "every double opens four ways" in lesson.teaches
    summary = next(g for g in call(op="catalog")["games"] if g["id"] == "draw")["summary"]
    assert "every double opens four ways" in summary


def test_a_blank_end_needs_a_blank_and_leaves_a_blank() -> None:
    game: Any = get_game("draw")
    end = next(e for e in Layout.line(Tile.parse("0-0"), crosswise_doubles=True).ends if e.value == 0)
    assert game.misfit(Tile.parse("3-4"), end).endswith("that end needs a blank.")
    labels: set[str] = set()
    for seed in range(6):
        answer = call(op="new", game="draw", seed=seed, options={"set": "double-6", "players": 2},
                      seats=["human", "human"])
        sid, view, rng = answer["session"], answer["view"], random.Random(seed)
        for _ in range(30):
            if view["outcome"] or view["round"].get("over"):
                break
            labels |= {m["you"] for m in view["legal"]}
            view = call(op="play", session=sid, move=rng.choice(view["legal"])["id"])["view"]
    assert any("leaving a blank open" in label for label in labels)
    assert not any(re.search(r"leaving 0 open|needs a 0", label) for label in labels)


def test_a_lines_ends_are_named_by_what_the_player_sees_there_never_by_a_side_it_may_not_keep() -> None:
    """A line turns at the table's edge, so its "left" end may lie on the right: a move names the
    end by the tile it grows from and the number open there ("the 5 of 2-5", "the 6-6"); only the
    lead's two ends, alike while nothing lies beside it, by their side, where they still lie.
    Two plays of one tile on two ends never read alike."""
    for game_id in ("matador", "tiddle-a-wink"):
        game = get_game(game_id)
        for seed in range(3):
            state = game.new_state(game.spec.resolve_options({}), seed)
            rng = random.Random(seed)
            for _ in range(120):
                if game.to_move(state) is None:
                    break
                legal = game.legal_moves(state)
                layout = state.layout
                labels: dict[str, set[str]] = {}
                for move in legal:
                    if not move.startswith("play:"):
                        continue
                    label = game.move_label(state, move)
                    end = layout.end(move.split(":")[2])
                    assert end is not None
                    lead_alike = end.tile == 0 and all(e.tile == 0 for e in layout.open_ends())
                    assert ("left" in label or "right" in label) == lead_alike, label
                    assert f"{layout.tiles[end.tile].tile}" in label, (label, end)
                    labels.setdefault(label, set()).add(move.split(":")[2])
                assert all(len(ends) == 1 for ends in labels.values()), labels
                state = game.apply(state, rng.choice(legal))


def test_a_move_made_says_what_it_did_never_what_comes_next() -> None:
    """The words of a move made (the last-move line, the coach's line under each position, the
    last move of a finished game among them) say what it did: Clock's turn names the tile turned
    up and its pile, never "the next tile"; the fourth king says so."""
    for game_id in SOLITAIRES:
        answer = call(op="new", game=game_id, seed=1)
        sid, view, rng = answer["session"], answer["view"], random.Random(1)
        for _ in range(300):
            if view["outcome"]:
                break
            view = call(op="play", session=sid, move=rng.choice(view["legal"])["id"])["view"]
            event = view["events"][0]
            for words in (event["label"], event["you"]):
                assert "next" not in words, (game_id, words)
        assert view["outcome"], game_id
    record = call(op="record", session=sid)["record"]  # the last game: Clock's, to its end
    last = call(op="replay", record=record, at=len(record["moves"]))["view"]["events"][0]
    turned = last["you"]
    said = r"turn up the [a-z0-9]+ of [a-z]+ from (the centre|\d+ o'clock)(: the fourth king)?"
    assert re.fullmatch(said, turned), turned
    assert "king of" in turned and turned.endswith(": the fourth king"), turned  # Clock ends on a king
