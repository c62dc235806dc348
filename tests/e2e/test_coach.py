"""The coach through the page: replay an imported game move by move (buttons, keys, scrubber),
each position as the person's seat saw it then (other hands hidden), and the review of the
person's decisions with the mistakes clickable to their position and the better move shown
(a finished Clock and Matador game's review and its better move, legal there: test_coach_review,
which reviews the same records)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from engine.api import handle
from engine.session import Session
from tests.engine.helpers import persons_record

from .conftest import ROOT, App, box_of, centre, import_answered, record_file, serious, settled

pytestmark = pytest.mark.motion  # the replay's moves travelling (conftest.with_motion)

TIMEOUT = 30_000


def native(request: dict) -> dict:
    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"], answer
    return answer


# every slice of a review (one request rates a bounded slice), in a process of its own
NATIVE = """
import json, sys
from engine.api import handle
request, decisions, start = json.loads(sys.stdin.read()), [], 0
while start is not None:
    answer = json.loads(handle(json.dumps({**request, "start": start})))
    if not answer["ok"]:
        break
    decisions += answer["review"]["decisions"]
    start = answer["review"]["next"]
else:
    answer = {"ok": True, "review": {"decisions": decisions}}
sys.stdout.write(json.dumps(answer))
"""


def native_beside(request: dict) -> Callable[[], dict]:
    """Start a review in the native engine in a process of its own, so that it runs on the other
    core while the page works; the function returned waits for every decision of it."""
    process = subprocess.Popen([sys.executable, "-c", NATIVE], cwd=ROOT, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdin
    process.stdin.write(json.dumps(request))
    process.stdin.close()

    def answer() -> dict:
        assert process.stdout
        text = process.stdout.read()
        assert process.wait(timeout=TIMEOUT / 1000) == 0
        reply = json.loads(text)
        assert reply["ok"], reply
        return reply

    return answer


def import_record(app: App, game: str, record: dict, link: str = "", board: str = "#board") -> None:
    app.open(f"#/play/{game}{link}")
    # the screen has started (a game saved earlier resumed, or a new deal) before the file is given
    expect(app.page.locator(f"{board}[data-session]")).to_be_attached(timeout=TIMEOUT)
    expect(app.page.locator(".game.busy")).to_have_count(0, timeout=TIMEOUT)
    settled(app.page)  # the computers' opening moves made: the file comes on the person's turn
    if link and app.page.locator("#confirm[open]").is_visible():
        # the link's deal over a saved game of the same kind asks first ("Leave this game?"), a modal
        # question: a file given under it would never reach the page (a player cannot reach the button)
        app.page.click("#confirm-yes")
        expect(app.page.locator("#confirm[open]")).to_have_count(0, timeout=TIMEOUT)
        expect(app.page.locator(".game.busy")).to_have_count(0, timeout=TIMEOUT)
        settled(app.page)
    import_answered(app.page, record_file(record), f"{board}[data-moves='{len(record['moves'])}']", TIMEOUT)
    expect(app.page.locator(".game.busy")).to_have_count(0, timeout=TIMEOUT)


def luzon_blunder() -> tuple[dict, int, str]:
    """A Luzon record whose last move threw away a winnable deal (the engine test's helper)."""
    from tests.engine.test_review import _luzon_blunder

    record, index, lost, _ = _luzon_blunder()
    return record, index, lost


def open_coach_from_result(app: App) -> None:
    """A game that is over shows its result dialog over the screen: the coach opens from it."""
    app.page.locator("dialog[open][data-kind=game-over] button[data-action=review-game]").click(timeout=TIMEOUT)


def where(app: App) -> str:
    return app.page.locator("#coach-where").inner_text()


def counted(record: dict) -> Callable[[int], str]:
    """The replay's words at each position, counted as a player counts the moves on the table: the
    record's moves and the moves the deals made (a table round's lead), as the engine says where."""
    dealt = native({"op": "replay", "record": record, "at": 0})["deal_moves"]

    def number(at: int) -> int:
        return at + sum(1 for d in dealt if d <= at)

    return lambda at: f"Move {number(at)} of {number(len(record['moves']))}"


def test_replay_with_buttons_keys_and_scrubber_and_review_marks_the_blunder(app: App) -> None:
    record, index, _ = luzon_blunder()
    total = len(record["moves"])
    import_record(app, "luzon", record)
    page = app.page
    phase = page.locator("section.game")
    expect(phase).to_have_attribute("data-screen-phase", "person", timeout=TIMEOUT)  # the controller's state machine
    page.click("button[data-action=coach]")
    expect(page.locator("#coach")).to_be_visible(timeout=TIMEOUT)
    expect(phase).to_have_attribute("data-screen-phase", "replaying")
    expect(page.locator("#coach-where")).to_have_text(f"Move {total} of {total}", timeout=TIMEOUT)
    page.locator("#coach").press("Home")
    expect(page.locator("#coach-where")).to_have_text(f"Move 0 of {total}", timeout=TIMEOUT)
    expect(page.locator("button[data-action=coach-back]")).to_be_disabled()
    page.click("button[data-action=coach-forward]")
    expect(page.locator("#coach-where")).to_have_text(f"Move 1 of {total}", timeout=TIMEOUT)
    # the board shows the position after the first move, as the engine replays it
    view = native({"op": "replay", "record": record, "at": 1})["view"]
    shown = page.eval_on_selector_all("#coach-board .column", "cols => cols.map(c => "
                                      "[...c.querySelectorAll('[data-tile]')].map(t => t.dataset.tile))")
    assert shown == view["board"]["columns"]
    page.locator("#coach-scrubber").fill(str(total - 1))
    expect(page.locator("#coach-where")).to_have_text(f"Move {total - 1} of {total}", timeout=TIMEOUT)
    page.locator("#coach").press("End")
    expect(page.locator("#coach-where")).to_have_text(f"Move {total} of {total}", timeout=TIMEOUT)

    page.click("button[data-action=coach-review]")
    blunder = page.locator(f"#coach-key li[data-index='{index}']")  # a key moment
    expect(blunder).to_have_attribute("data-grade", "blunder", timeout=TIMEOUT)
    expect(page.locator("#coach-review-text")).to_contain_text("computed exactly")
    expect(page.locator(f"#coach-graph circle.blunder[data-index='{index}']")).to_have_count(1)
    best = native_beside({"op": "review", "record": record})()["review"]["decisions"][-1]["best_move"]
    blunder.locator("button").click()
    expect(page.locator("#coach-where")).to_have_text(f"Move {index} of {total}", timeout=TIMEOUT)
    expect(page.locator("#coach-move")).to_contain_text("Better:")
    hinted = page.eval_on_selector_all("#coach-board .hinted", "els => els.map(e => e.dataset.slot)")
    assert sorted(hinted) == sorted(best["from"])
    assert serious(page) == []
    page.click("button[data-action=coach-close]")
    expect(page.locator("#board")).to_have_attribute("data-moves", str(total), timeout=TIMEOUT)
    expect(phase).to_have_attribute("data-screen-phase", "person")
    assert not app.errors, app.errors


def test_a_table_game_replays_from_the_persons_seat_with_other_hands_hidden(app: App) -> None:
    session = Session.new("draw", {"players": 3}, 8, ["human", "ai:easy", "ai:easy"])
    for _ in range(24):
        seat = session.game.to_move(session.state)
        session.ai_move("easy" if session.is_human(seat) else None)
    while not session.is_human(session.game.to_move(session.state)):
        session.ai_move()
    record = session.record()
    import_record(app, "draw", record, "?deal=1&players=3&seats=human,ai:easy,ai:easy",
                  "#table-screen")
    page = app.page
    page.click("button[data-action=coach]")
    expect(page.locator("#coach")).to_be_visible(timeout=TIMEOUT)
    replayed = Session.new("draw", record["options"], Session.load(record).seed, record["seats"])  # (a sealed deal)
    said = counted(record)
    for at in (0, 7, 15, len(record["moves"])):
        page.locator("#coach-scrubber").fill(str(at))
        expect(page.locator("#coach-where")).to_have_text(said(at), timeout=TIMEOUT)
        while len(replayed.moves) < at:
            replayed.replay_move(record["moves"][len(replayed.moves)])
        hidden = replayed.game.hidden_from(replayed.state, 0)
        tiles = page.eval_on_selector_all("#coach-board [data-tile]", "els => els.map(e => e.dataset.tile)")
        assert not hidden & set(tiles), at
        hand = page.eval_on_selector_all("#coach-board #hand [data-tile]", "els => els.map(e => e.dataset.tile)")
        assert sorted(hand) == sorted(replayed.view(0)["hand"]), at
    expect(page.locator("#coach-reveal")).to_be_hidden()  # every hand only once the game is over
    page.click("button[data-action=coach-close]")
    expect(page.locator("#table-screen")).to_be_visible(timeout=TIMEOUT)
    assert not app.errors, app.errors


def test_the_replays_count_is_the_moves_on_the_table_the_lead_among_them(app: App) -> None:
    """A table round's lead is set by its deal: the replay counts it as the player saw it, the
    first tile on the table. While every move plays a tile, "Move N" is the tiles on the table, at
    the start as further on; the start says who led with what; a decision's number in the review
    is the same count."""
    session = Session.new("matador", {"players": 3}, 7, ["human", "ai:easy", "ai:easy"])
    while (seat := session.game.to_move(session.state)) is not None and session.state.info.number < 2:
        session.ai_move("easy" if session.is_human(seat) else None)
    while not session.is_human(session.game.to_move(session.state)):
        session.ai_move()
    record = session.record()
    plays = next(i for i, move in enumerate(record["moves"]) if not move.startswith("play:"))
    assert plays >= 3
    dealt_round_2 = record["moves"].index("next-round") + 1
    total = len(record["moves"]) + 2  # the two rounds' leads
    import_record(app, "matador", record, "?deal=7&players=3&seats=human,ai:easy,ai:easy", "#table-screen")
    page = app.page
    page.click("button[data-action=coach]")
    expect(page.locator("#coach-where")).to_have_text(f"Move {total} of {total}", timeout=TIMEOUT)
    page.locator("#coach").press("Home")
    lead = native({"op": "replay", "record": record, "at": 0})["view"]["round"]["lead_tile"]
    expect(page.locator("#coach-move")).to_contain_text(f"leads with {lead}", timeout=TIMEOUT)
    for at in range(plays + 1):
        if at:
            page.locator("#coach").press("ArrowRight")
        expect(page.locator("#coach-board")).to_have_attribute("data-at", str(at), timeout=TIMEOUT)
        on_table = page.locator("#coach-board [data-placed]").count()
        assert on_table == at + 1, at
        expect(page.locator("#coach-where")).to_have_text(f"Move {on_table} of {total}")
        expect(page.locator("#coach-scrubber")).to_have_attribute("aria-valuetext", f"Move {on_table} of {total}")
    # round 2's deal is a move, and so is its lead: one step shows both, counted both
    page.locator("#coach-scrubber").fill(str(dealt_round_2))
    expect(page.locator("#coach-where")).to_have_text(f"Move {dealt_round_2 + 2} of {total}", timeout=TIMEOUT)
    expect(page.locator("#coach-move")).to_contain_text("Round 2:")
    expect(page.locator("#coach-board [data-placed]")).to_have_count(1)
    assert not app.errors, app.errors


def test_the_replay_shows_each_move_travelling_and_plays_itself(app: App) -> None:
    """One step forward flies the tile from the stock to its place, as in play; a jump does not
    travel; the play button steps through the moves by itself and pauses."""
    from .test_motion import SAMPLE

    session = Session.new("big-clock", {"set": "double-12"}, 11, ["human"])
    session.play("draw")  # the first move draws: its tile flies from the stock
    for _ in range(5):
        session.ai_move("easy")
    record = session.record()
    import_record(app, "big-clock", record, "?set=double-12")
    page = app.page
    page.evaluate("() => { document.documentElement.dataset.motion = 'normal'; }")
    page.click("button[data-action=coach]")
    page.locator("#coach").press("Home")
    expect(page.locator("#coach-where")).to_have_text("Move 0 of 6", timeout=TIMEOUT)
    assert box_of(page.locator("#coach-board"))["height"] > 300  # the dial is drawn, not squashed
    expect(page.locator("#coach-board [data-slot=stock]")).to_be_in_viewport()
    stock = centre(box_of(page.locator("#coach-board [data-slot=stock]")))
    page.evaluate(f"ms => {{ window.__frames = ({SAMPLE.replace('#board', '#coach-board')})(ms); }}", 900)
    page.locator("#coach").press("ArrowRight")
    frames = page.evaluate("() => window.__frames")
    expect(page.locator("#coach-where")).to_have_text("Move 1 of 6", timeout=TIMEOUT)
    drawn = centre(box_of(page.locator("#coach-board [data-slot=drawn]")))
    path = [f["ghost"] for f in frames if f["ghost"]]
    assert len(path) >= 4, frames  # the drawn tile is seen flying...
    dist = [abs(x - drawn[0]) + abs(y - drawn[1]) for x, y in path]
    assert abs(path[0][0] - stock[0]) + abs(path[0][1] - stock[1]) < dist[0] + 1  # ...from the stock
    assert dist[-1] < dist[0]  # ...to its place
    expect(page.locator(".motion-ghost")).to_have_count(0)

    page.evaluate(f"ms => {{ window.__frames = ({SAMPLE})(ms, ms); }}", 600)  # 600 ms, whatever is shown
    page.locator("#coach-scrubber").fill("5")  # a jump is drawn in place
    assert not any(f["ghost"] for f in page.evaluate("() => window.__frames"))
    expect(page.locator("#coach-where")).to_have_text("Move 5 of 6", timeout=TIMEOUT)

    play = page.locator("button[data-action=coach-play]")
    page.locator("#coach").press("Home")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#coach-where")).to_have_text("Move 2 of 6", timeout=TIMEOUT)
    play.click()  # pause
    expect(play).to_have_attribute("aria-pressed", "false")
    paused_at = where(app)
    settled(page)  # nothing more is due: the replay's run has stopped
    assert where(app) == paused_at  # it stays where it was paused
    play.click()
    expect(page.locator("#coach-where")).to_have_text("Move 6 of 6", timeout=TIMEOUT)
    expect(play).to_have_attribute("aria-pressed", "false")  # it stops at the end
    assert not app.errors, app.errors


def finished_record(game: str, options: dict, seed: int, seats: list[str]) -> dict:
    """A finished game in which the person's moves were the easy player's (so it has mistakes)."""
    session = Session.new(game, options, seed, seats)
    while (seat := session.game.to_move(session.state)) is not None:
        session.ai_move("easy" if session.is_human(seat) else None)
    return persons_record(session.record())


def test_the_replay_of_a_resigned_game_ends_with_the_resignation_not_a_next_move(app: App) -> None:
    """At a resigned game's last position the replay says who resigned and that the game is over;
    a position before it still says whose move is next."""
    session = Session.new("draw", {"players": 2}, 4, ["human", "ai:easy"])
    for _ in range(6):
        session.ai_move("easy" if session.is_human(session.game.to_move(session.state)) else None)
    record = persons_record(session.record())
    total = len(record["moves"])
    import_record(app, "draw", record, "?deal=4&players=2&seats=human,ai:easy", "#table-screen")
    page = app.page
    page.click("button[data-action=resign]")  # the person resigns, as in play
    page.click("#confirm[open] #confirm-yes")
    open_coach_from_result(app)
    said = counted(record)
    expect(page.locator("#coach-where")).to_have_text(said(total), timeout=TIMEOUT)
    expect(page.locator("#coach-move")).to_contain_text("You resigned.")
    expect(page.locator("#coach-board #turn")).to_contain_text("Game over")
    expect(page.locator("#coach-board #turn")).not_to_contain_text("move next")
    page.locator("#coach").press("ArrowLeft")
    expect(page.locator("#coach-where")).to_have_text(said(total - 1), timeout=TIMEOUT)
    expect(page.locator("#coach-board #turn")).to_contain_text("move next")
    expect(page.locator("#coach-move")).not_to_contain_text("resigned")
    page.click("button[data-action=coach-close]")
    assert not app.errors, app.errors
