"""The coach through the page: replay an imported game move by move (buttons, keys, scrubber),
each position as the person's seat saw it then (other hands hidden), and the review of the
person's decisions with the mistakes clickable to their position and the better move shown
(a finished Clock and Matador game's review and its better move, legal there: test_coach_review,
which reviews the same records)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine.session import Session
from tests.engine.helpers import persons_record

from .coach_records import (
    TIMEOUT,
    counted,
    load_with_record,
    luzon_blunder,
    native,
    native_beside,
    open_coach_from_result,
)
from .conftest import App, box_of, centre, serious, settled
from .page_measures import DRAWN_TILE_FLIGHT

pytestmark = pytest.mark.motion  # the replay's moves travelling (conftest.with_motion)


def where(app: App) -> str:
    return app.page.locator("#coach-where").inner_text()


def test_replay_with_buttons_keys_and_scrubber_and_review_marks_the_blunder(app: App) -> None:
    record, index, _ = luzon_blunder()
    total = len(record["moves"])
    load_with_record(app, "luzon", record)
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
    load_with_record(app, "draw", record, "?deal=1&players=3&seats=human,ai:easy,ai:easy",
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
    load_with_record(app, "matador", record, "?deal=7&players=3&seats=human,ai:easy,ai:easy", "#table-screen")
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
    session = Session.new("big-clock", {"set": "double-12"}, 11, ["human"])
    session.play("draw")  # the first move draws: its tile flies from the stock
    for _ in range(5):
        session.ai_move("easy")
    record = session.record()
    load_with_record(app, "big-clock", record, "?set=double-12")
    page = app.page
    page.evaluate("() => { document.documentElement.dataset.motion = 'normal'; }")
    page.click("button[data-action=coach]")
    page.locator("#coach").press("Home")
    expect(page.locator("#coach-where")).to_have_text("Move 0 of 6", timeout=TIMEOUT)
    assert box_of(page.locator("#coach-board"))["height"] > 300  # the dial is drawn, not squashed
    expect(page.locator("#coach-board [data-slot=stock]")).to_be_in_viewport()
    stock = centre(box_of(page.locator("#coach-board [data-slot=stock]")))
    page.evaluate(f"ms => {{ window.__frames = ({DRAWN_TILE_FLIGHT.replace('#board', '#coach-board')})(ms); }}", 900)
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

    page.evaluate(f"ms => {{ window.__frames = ({DRAWN_TILE_FLIGHT})(ms, ms); }}", 600)  # 600 ms, whatever is shown
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


def test_the_replay_of_a_resigned_game_ends_with_the_resignation_not_a_next_move(app: App) -> None:
    """At a resigned game's last position the replay says who resigned and that the game is over;
    a position before it still says whose move is next."""
    session = Session.new("draw", {"players": 2}, 4, ["human", "ai:easy"])
    for _ in range(6):
        session.ai_move("easy" if session.is_human(session.game.to_move(session.state)) else None)
    record = persons_record(session.record())
    total = len(record["moves"])
    load_with_record(app, "draw", record, "?deal=4&players=2&seats=human,ai:easy", "#table-screen")
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
