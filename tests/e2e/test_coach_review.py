"""The coach's review as a player reads it, at a laptop's 1280x800 and a phone's 360x740: the key
moments first (each one click to its position), both moves of a decision drawn on the board with a
toggle between the move made and the better one, a graph with labelled axes and clickable marks,
the board as large as in play (a table game's whole line in view, held either way), and the results as they
come (the first key moments while the review goes on, and Cancel); a finished game's replay opened at its end
(what the last move did, forward and back) and the better move of the decision the engine marks, legal there,
one click away in every decision's list."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from .coach_records import (
    TIMEOUT,
    counted,
    finished_record,
    load_with_record,
    luzon_blunder,
    native,
    native_beside,
    open_coach_from_result,
)
from .conftest import App, box_of, settled
from .lesson_play import VISIBLE_JS
from .screen_sizes import SIZES as EVERY_SIZE
from .screen_sizes import resize

SIZES = [(1280, 800), (360, 740)]
MARKED = ("inaccuracy", "mistake", "blunder")
REVIEW_TIMEOUT = 180_000


# the cases whose game is over: its result dialog opens over the screen, and the coach opens from it
FROM_DIALOG = {"clock", "big-clock", "matador"}


def open_coach(app: App, game: str) -> None:
    if game in FROM_DIALOG:
        open_coach_from_result(app)
    else:
        app.page.click("button[data-action=coach]")


def cases() -> dict[str, tuple[dict[str, Any], str, str]]:
    return {
        "luzon": (luzon_blunder()[0], "", "#board"),
        "clock": (finished_record("clock", {}, 1, ["human"]), "", "#board"),
        "big-clock": (finished_record("big-clock", {"set": "double-6"}, 100, ["human"]), "?set=double-6", "#board"),
        "matador": (finished_record("matador", {"players": 3}, 8, ["human", "ai:easy", "ai:easy"]),
                    "?deal=8&players=3&seats=human,ai:easy,ai:easy", "#table-screen"),
    }


def largest_tile(app: App, root: str, size: tuple[int, int]) -> float:
    """The widest tile drawn in `root` (a tile's long side: its pips' size); on a phone held upright
    the board's alone, not a table game's hand: the coach's board is the room under its controls
    there, less than the play screen's, and its hand, not played from, may take smaller tiles to
    stay in view (test_screen_look checks that it does) or to give the table's line its room
    (assert_table_whole)."""
    hand = ":not(.hand-tile)" if size[0] < size[1] else ""
    answer: float = app.page.eval_on_selector_all(
        f"{root} [data-tile]{hand}, {root} [data-placed]",
        "els => Math.max(0, ...els.map(e => { const r = e.getBoundingClientRect(); "
        "return Math.max(r.width, r.height); }))")
    return answer


LINE_JS = """() => {
  const box = document.querySelector('#coach-board .layout-box');
  const rect = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const hand = [...document.querySelectorAll('#coach-board .hand-tile')].map(rect);
  return {client: [box.clientWidth, box.clientHeight], content: [box.scrollWidth, box.scrollHeight], box: rect(box),
          last: rect(box.querySelector('.last-played')), hand: hand.length, view: [innerWidth, innerHeight],
          handBottom: Math.max(...hand.map((r) => r[3])),
          cut: [...document.querySelectorAll('#coach-board .seat')].filter((e) => e.scrollWidth > e.clientWidth + 0.5)
            .map((e) => e.textContent)};
}"""


def assert_table_whole(app: App, size: tuple[int, int]) -> None:
    """The table's whole line in view in the coach, nothing to pan (its box holds all of it, so no
    shade is drawn over an edge), the last tile played (the move the coach speaks of) whole inside
    the box and the screen, the person's whole hand in view, and every seat's card whole (its name,
    tiles and points: "126 pts" was cut to "126 pt" held sideways)."""
    seen = app.page.evaluate(LINE_JS)
    (width, height), (wide, tall), last = seen["client"], seen["content"], seen["last"]

    def within(outer: list[float]) -> bool:
        return all(outer[i] - 1 <= last[i] for i in (0, 1)) and all(last[i] <= outer[i] + 1 for i in (2, 3))

    assert wide <= width + 1 and tall <= height + 1, (size, seen)  # the line fits its box: nothing scrolls
    assert within(seen["box"]) and within([0, 0, *seen["view"]]), (size, seen)
    assert seen["hand"] and seen["handBottom"] <= seen["view"][1] + 0.5, (size, seen)
    assert not seen["cut"], (size, seen["cut"])


def marked_keys(app: App, which: str) -> set[str]:
    return set(app.page.eval_on_selector_all(f"#coach-board .coach-mark-{which}", "els => els.map(e => e.dataset.key)"))


def assert_dots_inside(app: App) -> None:
    """Every dot of the graph is drawn whole inside it (none clipped at an edge)."""
    frame, dots = app.page.evaluate("""() => {
      const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
      const dots = [...document.querySelectorAll('#coach-graph circle')].map(box);
      return [box(document.querySelector('#coach-graph svg')), dots];
    }""")
    for dot in dots:
        assert frame[0] <= dot[0] and frame[1] <= dot[1] and dot[2] <= frame[2] and dot[3] <= frame[3], (frame, dot)


def assert_two_pins(app: App, d: dict[str, Any]) -> None:
    """Both moves of a decision pinned on the board where they go: "Yours" and "Better", two
    markers apart (never one drawn over the other), each on a place of its own move."""
    pins = app.page.locator("#coach-board .coach-pin")
    expect(pins).to_have_count(2)
    found = pins.evaluate_all("""els => els.map(e => { const r = e.getBoundingClientRect();
      return {which: e.dataset.pin, text: e.textContent, target: e.dataset.target,
              box: [r.left, r.top, r.right, r.bottom]}; })""")
    by = {p["which"]: p for p in found}
    assert set(by) == {"played", "better"}, found
    assert "Yours" in by["played"]["text"] and "Better" in by["better"]["text"], found
    a, b = by["played"]["box"], by["better"]["box"]
    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], found  # the two do not overlap
    for which, move in (("played", d["played_move"]), ("better", d["best_move"])):
        assert by[which]["target"] in places_of(move), (which, by[which], move)
    if places_of(d["played_move"]) != places_of(d["best_move"]):  # each on a place of its own move only
        assert by["played"]["target"] != by["better"]["target"], found


def places_of(move: dict[str, Any]) -> set[str]:
    """Every key a move's places and tiles carry on the board."""
    return {move.get("tile"), move.get("to"), *move.get("tiles", []),
            *([move["from"]] if isinstance(move.get("from"), str) else move.get("from", []))} - {None}


def check_replay_at_the_end(app: App, record: dict[str, Any], at: Callable[[int], str]) -> None:
    """A finished game's replay opened at its end: its line says what the last move did (Clock: the
    tile it turned up), never what is next; keys go forward and back; the position is drawn, not
    squashed. Left at the end again."""
    page, total = app.page, len(record["moves"])
    last = native({"op": "replay", "record": record, "at": total})["view"]["events"][0]
    expect(page.locator("#coach-move")).to_contain_text(last["you"] if last["seat"] == 0 else last["label"])
    expect(page.locator("#coach-move")).not_to_contain_text("next")
    for key, index in (("Home", 0), ("ArrowRight", 1), ("End", total), ("ArrowLeft", total - 1)):
        page.locator("#coach").press(key)
        expect(page.locator("#coach-where")).to_have_text(at(index), timeout=TIMEOUT)
    assert box_of(page.locator("#coach-board"))["height"] > 300
    page.locator("#coach").press("End")
    expect(page.locator("#coach-where")).to_have_text(at(total), timeout=TIMEOUT)


def check_key_moments_while_reviewing(app: App, decisions: list[dict[str, Any]]) -> None:
    """A review of many slices (a table game's, its decisions played out by search) lists its key
    moments as its slices come back, before it ends (this game's first blunder is its second
    decision of eight, in the first of four slices); Cancel stops it and says so."""
    page = app.page
    first_marked = next(n for n, d in enumerate(decisions) if d["grade"] in MARKED)
    assert first_marked < len(decisions) // 2
    page.click("button[data-action=coach-review]")
    # the first key moment shown, and at that very moment the review still going on (read in the
    # page as the key moment shows, within 50 ms: an expect's polls come up to 1 s apart, and the
    # review's slices after its first key moment take about as long)
    seen = page.wait_for_function(f"""() => {{
      const visible = (e) => Boolean(e) && ({VISIBLE_JS})(e) === true;
      if (!visible(document.querySelector('#coach-key li[data-grade]'))) return null;
      return {{cancel: visible(document.querySelector('button[data-action=coach-cancel]')),
              text: document.querySelector('#coach-review-text').innerText}};
    }}""", polling=50, timeout=REVIEW_TIMEOUT).json_value()
    assert seen["cancel"], seen  # still reviewing
    assert "Reviewing" in seen["text"], seen
    page.click("button[data-action=coach-cancel]")
    expect(page.locator("#coach-review-text")).to_contain_text("Review stopped", timeout=REVIEW_TIMEOUT)


def check_better_move_in_every_decision(app: App, record: dict[str, Any], decisions: list[dict[str, Any]],
                                        board: str, at: Callable[[int], str]) -> None:
    """The exchange of Clock (exact chances) and a table game (the search's play-outs): the page's
    review marks the decision the engine marks, and the better move it shows is legal there, one
    click away in every decision's list (opened)."""
    page = app.page
    marked = next(d for d in decisions if d["grade"] in MARKED)
    position = native({"op": "replay", "record": record, "at": marked["index"], "seat": 0})["view"]
    assert marked["best"] in {m["id"] for m in position["legal"]}  # the better move is legal there
    jump = page.locator(f"#coach-decisions button[data-action=coach-jump-any][data-index='{marked['index']}']")
    expect(jump).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(f"#coach-decisions li[data-index='{marked['index']}']")).to_have_attribute(
        "data-grade", marked["grade"])
    expect(jump).to_contain_text(at(marked["index"] + 1).split(" of ")[0] + ":")  # the review counts as the replay
    jump.click()
    expect(page.locator("#coach-where")).to_have_text(at(marked["index"]), timeout=TIMEOUT)
    expect(page.locator("#coach-move")).to_contain_text(f"Better: {marked['best_move']['you']}")
    hinted = page.locator("#coach-board .hinted")
    expect(hinted.first).to_be_visible(timeout=TIMEOUT)
    if board == "#table-screen":  # the coach's marks cover the renderer's hint: its legend names the better move
        expect(page.locator("#coach-legend .coach-key-better")).to_be_visible()
        expect(page.locator("#coach-board #table-legend li[data-mark=last]")).to_have_text("last played")
        expect(page.locator("#coach-board #table-legend li[data-mark=hint]")).to_have_count(0)
        # the place the moves go is drawn with the coach's outline (not the dimmed place of a drag)
        assert page.eval_on_selector("#coach-board .end-marker.coach-mark", "m => getComputedStyle(m).opacity") == "1"
    shown = set(hinted.evaluate_all("els => els.flatMap(e => [e.dataset.tile, e.dataset.slot, e.dataset.key])"))
    best = marked["best_move"]
    assert shown & {best.get("tile"), best.get("to"), best.get("from")}, (shown, best)  # the better move's place


@pytest.mark.parametrize("game", ["luzon", "clock", "big-clock", "matador"])
def test_the_review_opens_on_the_key_moments_and_draws_both_moves_on_the_board(app: App, game: str) -> None:
    """Reviewed once, then read at each size (the screen turned or resized keeps the review). The
    finished Clock and Matador games also check
    their replay at the end and the better move in every decision's list; Matador, a review of many
    slices, first shows its key moments while it goes on, is cancelled, then reviewed again to its end.

    Matador's line, at its end, is whole in view in the coach at 360x740, 390x844, 844x390 and 1280x800
    with a mouse (assert_table_whole). This record's is long (37 tiles): it would not fit beside the hand's
    usual tiles at 360x740 and 844x390 (the coach's controls above the table, held upright, or its banner and
    seats, held sideways, leave it less room than the play screen's: it panned, the last tile played off to
    the right or under the shade), so the hand, not played from, takes its least tiles and the line is drawn
    whole (at 360x740 as large as in play, 42.3 px)."""
    record, link, board = cases()[game]
    total = len(record["moves"])
    review = native_beside({"op": "review", "record": record})  # every slice, beside the page's work
    page = app.page
    resize(app, SIZES[0])
    load_with_record(app, game, record, link, board)
    decisions = review()["review"]["decisions"]
    serious = {d["index"] for d in decisions if d["grade"] in ("mistake", "blunder")}
    if game != "luzon":  # a finished game: once settled, its dialog is open over the screen; closed by Esc
        settled(page)
        expect(page.locator("dialog[open]")).to_have_count(1)
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)
    in_play = {}
    for size in SIZES:
        resize(app, size)
        in_play[size] = largest_tile(app, board, size)
    page.click("button[data-action=coach]")  # the result dialog closed above: the coach from the toolbar
    at = counted(record)  # "Move N of M": the record's moves and the table rounds' leads
    expect(page.locator("#coach-where")).to_have_text(at(total), timeout=TIMEOUT)
    if game in ("clock", "matador"):
        resize(app, SIZES[0])
        check_replay_at_the_end(app, record, at)
    for size in SIZES:
        resize(app, size)
        in_coach = largest_tile(app, "#coach-board", size)
        assert in_coach >= in_play[size] - 1, (size, in_coach, in_play[size])  # as large as the play screen's
    if board == "#table-screen":  # a table game's line: whole at each size (the last, 360x740, first)
        for size in sorted(EVERY_SIZE, key=lambda s: s != SIZES[-1]):  # a phone's, either way, and a laptop's
            resize(app, size)
            assert_table_whole(app, size)

    if game == "matador":
        resize(app, SIZES[0])
        check_key_moments_while_reviewing(app, decisions)
        resize(app, SIZES[-1])
    page.click("button[data-action=coach-review]")
    expect(page.locator("#coach-review-text")).to_contain_text("computed", timeout=REVIEW_TIMEOUT)
    key = page.locator("#coach-key li[data-index]")
    shown = [int(i) for i in key.evaluate_all("els => els.map(e => e.dataset.index)")]
    loss = {d["index"]: d["loss"] for d in decisions}
    # every blunder and mistake, the biggest drop first
    assert serious <= set(shown) and [loss[i] for i in shown] == sorted((loss[i] for i in shown), reverse=True)
    assert all(g in MARKED for g in key.evaluate_all("els => els.map(e => e.dataset.grade)"))
    expect(page.locator("#coach-all")).not_to_have_attribute("open", "")  # every decision: below, folded
    page.click("#coach-all summary")
    expect(page.locator("#coach-decisions li[data-index]")).to_have_count(len(decisions))
    unit = decisions[0]["unit"]
    rounds = [d["round"] for d in decisions]
    changes = sum(1 for a, b in itertools.pairwise(rounds) if a is not None and b is not None and a != b)
    marked = [d for d in decisions if d["grade"] in MARKED]
    d = next(x for x in decisions if x["index"] == shown[0])

    def places(move: dict[str, Any]) -> set[Any]:
        return {move.get("tile"), move.get("to"), *move.get("tiles", []),
                *([move["from"]] if isinstance(move.get("from"), str) else move.get("from", []))}

    after = native({"op": "replay", "record": record, "at": d["index"] + 1, "seat": 0, "instead": d["best"]})["view"]
    assert after["events"][0]["id"] == d["best"]

    for size in SIZES:
        resize(app, size)
        # the results show without scrolling past the board (above it on a phone, beside it on a
        # laptop); the list's numbers are not cut at the left
        first = key.first
        expect(first).to_be_visible()
        box, board_box = box_of(first), box_of(page.locator("#coach-board"))
        assert box["y"] < board_box["y"] if size[0] < 900 else box["x"] >= board_box["x"] + board_box["width"]
        assert box_of(page.locator("#coach-key"))["x"] >= 0
        assert box_of(first)["x"] >= 20  # room for "10." before the item

        # the graph: labelled axes and units, readable at 360 px, its marks clickable
        texts = page.locator("#coach-graph text").evaluate_all("els => els.map(e => e.textContent)")
        assert "Move" in texts and ("Chance to win (%)" if unit == "win" else "Round points") in texts
        numbers = [t for t in texts if t.rstrip("%").lstrip("-").isdigit()]
        assert len(numbers) >= 5 and (unit != "win" or sum(t.endswith("%") for t in numbers) >= 3), numbers
        heights = page.locator("#coach-graph text").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().height)")
        assert min(heights) >= 12, (size, min(heights))  # the style sheet's size, never scaled down
        chart = box_of(page.locator("#coach-graph svg"))
        if size[0] >= 900:  # large on a laptop: under the board and the side panel, across both
            assert chart["width"] >= 700 and chart["height"] >= 200, chart
        assert_dots_inside(app)
        said = "chance to win before each of your decisions" if unit == "win" else "Round points: what the round"
        expect(page.locator("#coach-graph-text")).to_contain_text(said)
        expect(page.locator("#coach-graph .coach-round")).to_have_count(changes)
        expect(page.locator("#coach-graph circle.coach-dot")).to_have_count(len(marked))
        valued = [x for x in decisions if x["value_best"] is not None]  # a point for each, a lost game's at 0 too
        expect(page.locator("#coach-graph circle")).to_have_count(len(valued))

        # one click to a key moment: both moves marked where they are, then each after it is made
        first.locator("button").click()
        expect(page.locator("#coach-where")).to_have_text(at(d["index"]), timeout=TIMEOUT)
        expect(page.locator("button[data-action=coach-show-before]")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#coach-legend")).to_contain_text("your move")
        expect(page.locator("#coach-legend")).to_contain_text("the better move")
        expect(page.locator("#coach-board .coach-mark-better").first).to_be_visible(timeout=TIMEOUT)
        assert marked_keys(app, "played") & places(d["played_move"]), d["played_move"]
        assert marked_keys(app, "better") & places(d["best_move"]), d["best_move"]
        assert_two_pins(app, d)

        page.click("button[data-action=coach-show-played]")
        expect(page.locator("#coach-where")).to_have_text(at(d["index"] + 1), timeout=TIMEOUT)
        played_board = page.locator("#coach-board").inner_html()
        page.click("button[data-action=coach-show-better]")
        expect(page.locator("#coach-where")).to_contain_text("with the better move instead of yours",
                                                             timeout=TIMEOUT)
        expect(page.locator("button[data-action=coach-show-better]")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#coach-board")).not_to_have_attribute("data-showing", "played")
        assert page.locator("#coach-board").inner_html() != played_board  # the other move, drawn
        expect(page.locator("#coach-move")).to_contain_text(d["best_move"]["you"])

        # a mark on the graph goes to its decision too
        other = marked[-1]
        page.locator(f"#coach-graph circle[data-index='{other['index']}']").dispatch_event("click")
        expect(page.locator("#coach-where")).to_have_text(at(other["index"]), timeout=TIMEOUT)
    if game in ("clock", "matador"):
        resize(app, SIZES[0])
        check_better_move_in_every_decision(app, record, decisions, board, at)
    page.click("button[data-action=coach-close]")
    assert not app.errors, app.errors
    app.errors.clear()


def test_moves_of_show_solution_are_not_graded_as_the_persons(app: App) -> None:
    from tests.engine.test_review import _solution_record

    record, by_hand = _solution_record()
    page = app.page
    page.set_viewport_size({"width": 360, "height": 740})
    # over a Luzon game in progress (imported: the screen also asked about its first position), as
    # after this module's other tests: the import asks, and replaces it
    load_with_record(app, "luzon", luzon_blunder()[0])
    load_with_record(app, "luzon", record)
    outcome = page.locator("#outcome[open]")  # the imported game is won: its result shows first
    expect(outcome).to_be_visible()
    page.keyboard.press("Escape")
    expect(outcome).to_have_count(0)
    page.click("button[data-action=coach]")
    page.click("button[data-action=coach-review]")
    expect(page.locator("#coach-review-text")).to_contain_text("Not graded as yours", timeout=REVIEW_TIMEOUT)
    expect(page.locator("#coach-review-text")).to_contain_text("Show solution")
    indices = page.locator("#coach-decisions li[data-index]").evaluate_all(
        "els => els.map(e => Number(e.dataset.index))")
    assert all(i < by_hand for i in indices), indices
    page.click("button[data-action=coach-close]")
    # opened again on the same game: its review shown at once, not asked for again (it was thrown away)
    page.click("button[data-action=coach]")
    expect(page.locator("#coach-review-text")).to_contain_text("Not graded as yours")
    expect(page.locator("#coach-decisions li[data-index]")).to_have_count(len(indices))
    page.click("button[data-action=coach-close]")
    assert not app.errors, app.errors


def test_a_review_without_marks_says_how_many_decisions_were_uncertain(app: App) -> None:
    """With nothing marked, the key moments never read a plain "no mistakes" beside decisions
    whose loss the play-outs could not tell from nothing (graded uncertain)."""
    page = app.page
    page.set_viewport_size({"width": 360, "height": 740})
    seats = ["human", "ai:easy", "ai:easy"]
    for seed, said in ((2, "No clear mistakes. 1 uncertain: the play-outs could not tell it from a good move"),
                       (11, "No mistakes: nothing stood out.")):
        record = finished_record("matador", {"players": 3}, seed, seats)
        review = native_beside({"op": "review", "record": record})  # beside the import
        load_with_record(app, "matador", record, f"?deal={seed}&players=3&seats={','.join(seats)}", "#table-screen")
        grades = [d["grade"] for d in review()["review"]["decisions"]]
        assert not set(grades) & set(MARKED) and grades.count("uncertain") == (1 if seed == 2 else 0), grades
        open_coach(app, "matador")
        page.click("button[data-action=coach-review]")
        expect(page.locator("#coach-review-text")).to_contain_text("computed", timeout=REVIEW_TIMEOUT)
        expect(page.locator("#coach-key li.coach-none")).to_have_text(
            said + ("" if seed == 11 else " (every decision: below)."))
        page.click("button[data-action=coach-close]")
    assert not app.errors, app.errors
