"""A guided deal through the API: {"op": "new", "lesson": true} deals a game's lesson, a move off
the step is refused (off_lesson) changing nothing, the view carries the guide, the record says
"lesson" and loads back into the lesson, the catalog names each game's lesson."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.api import SESSIONS, handle
from engine.guide import OFF_LESSON
from engine.lesson_walk import walk
from engine.lessons import LESSONS, Lesson, Step, all_lessons
from engine.session import Session

LESSON_PARAMS = [pytest.param(lesson, id=lesson.game) for lesson in all_lessons()]


def ask(**request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    return answer


def start(lesson: Lesson) -> tuple[str, dict[str, Any]]:
    """The lesson dealt through the API, played to the person's first turn."""
    answer = ask(op="new", game=lesson.game, lesson=True)
    assert answer["ok"], answer
    sid = answer["session"]
    while answer["view"]["to_move"] is not None and answer["view"]["seats"][answer["view"]["to_move"]] != "human":
        answer = ask(op="ai", session=sid, until_playable=True)
    return sid, answer


def off_move(lesson: Lesson, step: Step, session: Session) -> str | None:
    """A legal move the step does not accept, if the position has one."""
    return next((m for m in session.game.legal_moves(session.state) if step.moves and m not in step.moves), None)


@pytest.mark.parametrize("lesson", LESSON_PARAMS)
def test_the_lesson_is_its_games_deal_with_the_guide_in_the_view(lesson: Lesson) -> None:
    _, answer = start(lesson)
    view, first = answer["view"], lesson.steps[0]
    fresh = Session.for_lesson(lesson)
    hidden = fresh.game.spec.hidden_hands  # a table's deal number stays out of the view until the end
    assert (view["game"], view["seed"], view["options"], view["seats"]) == (
        lesson.game, None if hidden else lesson.seed, fresh.options, list(lesson.seats))
    assert SESSIONS.get(answer["session"]).seed == lesson.seed
    guide = view["guide"]
    assert guide["note"] == first.note and guide["point_at"] == list(first.point_at)
    assert guide["intro"] == lesson.intro and guide["title"] == lesson.title
    assert (guide["step"], guide["steps"], guide["done"], guide["ending"]) == (1, len(lesson.steps), False, None)
    assert guide["accepts"] == list(first.moves)
    if first.moves:
        assert guide["suggest"]["id"] == first.moves[0] and guide["suggest"]["id"] in [m["id"] for m in view["legal"]]
    assert answer["record"]["lesson"] is True


@pytest.mark.parametrize("lesson", LESSON_PARAMS)
def test_the_lesson_played_by_its_guide_through_the_api_ends_done_and_then_play_is_free(lesson: Lesson) -> None:
    sid, answer = start(lesson)
    for number, (step, _) in enumerate(walk(lesson), 1):
        guide = answer["view"]["guide"]
        assert (guide["step"], guide["note"], guide["done"]) == (number, step.note, False)
        move = guide["suggest"]["id"] if guide["suggest"] else answer["view"]["legal"][0]["id"]
        answer = ask(op="play", session=sid, move=move, until_playable=True)
        assert answer["ok"], answer
        view = answer["view"]
        while view["to_move"] is not None and view["seats"][view["to_move"]] != "human":
            answer = ask(op="ai", session=sid, until_playable=True)
            view = answer["view"]
        assert view["guide"]["intro"] is None
    guide = answer["view"]["guide"]
    assert guide["done"] and guide["ending"] == lesson.ending and guide["note"] is None
    assert guide["step"] == guide["steps"] == len(lesson.steps) and guide["suggest"] is None
    legal = answer["view"]["legal"]
    if legal:  # the person plays on, unguided: any legal move
        assert ask(op="play", session=sid, move=legal[-1]["id"])["ok"]


@pytest.mark.parametrize("lesson", LESSON_PARAMS)
def test_a_move_off_the_step_is_refused_in_the_guides_words_and_changes_nothing(lesson: Lesson) -> None:
    found = None
    for step, session in walk(lesson):
        move = off_move(lesson, step, session)
        if move is not None:
            found = step, move, len(session.moves)
            break
    if found is None:
        pytest.skip("every step of this lesson has a single legal move")
    step, move, made = found
    sid, answer = start(lesson)
    while answer["view"]["moves"] < made:  # to that step, by the guide
        view = answer["view"]
        if view["to_move"] is not None and view["seats"][view["to_move"]] == "human":
            answer = ask(op="play", session=sid, move=view["guide"]["suggest"]["id"]) if view["guide"]["suggest"] \
                else ask(op="play", session=sid, move=view["legal"][0]["id"])
        else:
            answer = ask(op="ai", session=sid)
    assert answer["view"]["moves"] == made
    before = ask(op="view", session=sid)
    record = ask(op="record", session=sid)["record"]
    refused = ask(op="play", session=sid, move=move)
    assert refused == {"ok": False, "error": {"code": "off_lesson", "message": step.wrong or OFF_LESSON}}
    assert ask(op="play", session=sid, move=move, until_playable=True)["error"]["code"] == "off_lesson"
    assert ask(op="view", session=sid) == before and ask(op="record", session=sid)["record"] == record
    assert ask(op="play", session=sid, move=step.moves[0])["ok"]  # the right move goes on


def test_a_lesson_is_asked_for_by_game_alone() -> None:
    fixed: dict[str, Any]
    for fixed in ({"seed": 3}, {"options": {}}, {"seats": ["human", "human"]}, {"winnable": False}):
        answer = ask(op="new", game="draw", lesson=True, **fixed)
        assert answer["error"]["code"] == "bad_request", answer
        assert next(iter(fixed)) in answer["error"]["message"]
    assert ask(op="new", game="draw", lesson="yes")["error"]["code"] == "bad_request"
    assert ask(op="new", game="no-such-game", lesson=True)["error"]["code"] == "unknown_game"
    assert ask(op="new", game="draw-game", lesson=True)["ok"]  # an alias names the game


def test_a_game_without_a_lesson_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    all_lessons()  # the registry filled first, then one taken out
    monkeypatch.delitem(LESSONS, "draw")
    answer = ask(op="new", game="draw", lesson=True)
    assert answer["error"]["code"] == "no_lesson" and "Color Dot draw game" in answer["error"]["message"]
    entry = next(g for g in ask(op="catalog")["games"] if g["id"] == "draw")
    assert entry["lesson"] is None


def test_the_catalog_names_each_games_lesson() -> None:
    games = ask(op="catalog")["games"]
    assert all("lesson" in g for g in games)
    by_game = {lesson.game: lesson for lesson in all_lessons()}
    for entry in games:
        lesson = by_game.get(entry["id"])
        assert entry["lesson"] == ({"title": lesson.title, "teaches": list(lesson.teaches)} if lesson else None)
    assert by_game["draw"] and next(g for g in games if g["id"] == "draw")["lesson"]["title"]


def test_a_game_that_is_not_a_lesson_has_no_guide_and_no_lesson_mark() -> None:
    answer = ask(op="new", game="draw", seed=77, options={"set": "double-6", "players": 2},
                 seats=["human", "ai:easy"])
    assert "guide" not in answer["view"] and "lesson" not in answer["record"]
    assert ask(op="play", session=answer["session"], move="play:0-5:e0")["error"]["code"] == "illegal_move"


def test_a_lesson_record_loads_back_into_the_lesson_and_a_changed_one_is_refused() -> None:
    lesson = LESSONS["draw"] if "draw" in LESSONS else all_lessons()[0]
    sid, answer = start(lesson)
    answer = ask(op="play", session=sid, move=answer["view"]["guide"]["suggest"]["id"])
    record = answer["record"]
    loaded = ask(op="load", record=record)
    assert loaded["ok"] and loaded["record"] == record
    view = ask(op="view", session=sid)["view"]
    assert loaded["view"]["guide"] == view["guide"]
    other_deal = {**{k: v for k, v in record.items() if k != "deal"}, "seed": lesson.seed + 1}
    for changed in (other_deal, {**record, "seats": ["human"] * len(record["seats"])},
                    {**record, "lesson": "yes"}):
        assert ask(op="load", record=changed)["error"]["code"] == "bad_record", changed
    plain = {k: v for k, v in record.items() if k != "lesson"}
    assert "guide" not in ask(op="load", record=plain)["view"]


def test_a_record_off_its_lesson_is_refused() -> None:
    lesson = LESSONS["draw"]
    for step, walked in walk(lesson):
        other = off_move(lesson, step, walked)
        if other is not None:
            moves = [*walked.moves, other]
            break
    # (the deal as a number: a sealed record's moves are sealed to it, so a move changed there is
    # refused as a changed file before the lesson is looked at; the guided deal's number is no secret)
    sealed = Session.for_lesson(lesson).record()
    record = {**{k: v for k, v in sealed.items() if k not in ("deal", "moves_seal")}, "seed": lesson.seed,
              "moves": moves, "lesson": True}
    answer = ask(op="load", record=record)
    assert answer["error"]["code"] == "bad_record" and "guided deal" in answer["error"]["message"]
    assert ask(op="load", record={k: v for k, v in record.items() if k != "lesson"})["ok"]


def test_a_draw_batch_stops_at_a_steps_turn() -> None:
    """Deal 2 of double-6 makes the person draw twice at their first turn: a lesson with a step
    at the second draw stops the batch there; the same deal unguided draws on."""
    options = {"set": "double-6", "players": 2}
    plain = Session.new("draw", options, 2, ["human", "ai:easy"])
    assert len(plain.play_until_playable("draw")) >= 2
    guided = Session.new("draw", options, 2, ["human", "ai:easy"])
    guided.lesson = Lesson("draw", "t", ("x",), "i", 2, (Step(0, "draw", ("draw",)), Step(1, "again", ("draw",))),
                           "e", options, ("human", "ai:easy"))
    assert len(guided.play_until_playable("draw")) == 1
    assert guided.view()["guide"]["note"] == "again"


def test_hints_undo_and_the_computers_move_for_the_person_follow_the_guide() -> None:
    lesson = LESSONS["draw"]
    step, choices = next((step, len(walked.game.legal_moves(walked.state))) for step, walked in walk(lesson)
                         if step.at > 0)
    sid, answer = start(lesson)
    answer = ask(op="play", session=sid, move=answer["view"]["guide"]["suggest"]["id"])
    while answer["view"]["moves"] < step.at:
        answer = ask(op="ai", session=sid)
    assert choices > 1  # the hint could pick another move
    hint = ask(op="hint", session=sid)
    assert hint["ok"] and hint["move"] == step.moves[0]
    done = ask(op="ai", session=sid, level="hard")  # the computer plays the person's move: the guide's
    assert done["view"]["events"][-1]["id"] == step.moves[0]
    undone = ask(op="undo", session=sid)
    assert undone["undone"] >= 1 and undone["view"]["guide"]["note"] == step.note
