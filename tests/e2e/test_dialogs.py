"""Issue 34, items 1-3: the game-over screen of a resignation, and every dialog and panel through
one primitive (web/play/dialog.js): Back, Esc and a tap outside close it, the keyboard goes back to
what opened it, and a tap that dismisses presses nothing else. Each game is put on screen from a
record played natively (the engine from the working tree), so no test plays its way there."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.engine.helpers import call

from .conftest import App, follow_link
from .table_play import NAMES

TIMEOUT = 20_000
FOUR = ["human", "ai:easy", "ai:easy", "ai:easy"]


def draw_game_record(rounds_over: int, then_next: bool) -> dict[str, Any]:
    """A four-seat draw game played (first legal move, computers' own) until `rounds_over` rounds
    have ended; with `then_next` the next round is dealt too."""
    options = {"set": "double-6", "players": 4, "target": 250}
    answer = call(op="new", game="draw", seed=3, seats=FOUR, options=options, seat=0)
    session, view = answer["session"], answer["view"]
    moves: list[str] = []
    while True:
        over = view["round"]["over"]
        if over and (view["last_round"] or {}).get("round", 0) >= rounds_over and not then_next:
            break
        if view["to_move"] == 0 or over:
            move = view["legal"][0]["id"]
            answer = call(op="play", session=session, seat=0, move=move)
        else:
            answer = call(op="ai", session=session, seat=0)
        view = answer["view"]
        moves += [event["move"] for event in view["events"]]
        if then_next and view["round"]["number"] > rounds_over and not view["round"]["over"]:
            break
    return {"version": 1, "game": "draw", "options": options, "seed": 3, "seats": FOUR, "moves": moves}


def resume(app: App, record: dict[str, Any]) -> None:
    """The record as the game's saved game, resumed by opening the game."""
    page = app.page
    game = record["game"]
    follow_link(app, "#/")
    page.evaluate("localStorage.setItem('boneyard.table.speed.v1', JSON.stringify('instant'))")
    page.evaluate("([g, r]) => localStorage.setItem(`boneyard.game.${g}`, JSON.stringify({format: 1, record: r}))",
                  [game, record])
    page.goto(f"{app.url}#/play/{game}")
    board = page.locator("#table-screen" if game == "draw" else "#board")
    expect(board).to_have_attribute("data-moves", str(len(record["moves"])), timeout=TIMEOUT)


def test_resigning_in_round_two_says_so_with_the_standings(app: App) -> None:
    page = app.page
    resume(app, draw_game_record(1, then_next=True))
    expect(page.locator("#table-screen")).to_have_attribute("data-round", "2")
    page.click("button[data-action=resign]")
    page.click("#confirm-yes")
    dialog = page.locator("#round-summary[open][data-kind=game-over]")  # a table game's one dialog
    expect(dialog).to_be_visible(timeout=TIMEOUT)
    expect(dialog.locator("h2")).to_have_text("You resigned")
    record = app.page.evaluate("JSON.parse(localStorage.getItem('boneyard.game.draw')).record")
    outcome = call(op="load", record=record, seat=0)["view"]["outcome"]
    assert outcome["detail"] == {"resigned": 0}
    winners = [NAMES[seat] for seat in outcome["winners"]]
    listed = winners[0] if len(winners) == 1 else f"{', '.join(winners[:-1])} and {winners[-1]}"
    said = dialog.locator(".resigned-said")
    expect(said).to_have_text(f"You resigned in round 2: {listed} {'wins' if len(winners) == 1 else 'win'}.")
    text = dialog.inner_text()
    assert "Round 1" not in text and "went out" not in text and "First to" not in text, text
    rows = dialog.locator("table.standings tbody tr")
    expect(rows).to_have_count(4)
    totals = [int(t) for t in rows.locator("td").all_inner_texts()]
    assert totals == sorted(outcome["scores"], reverse=True), totals
    names = rows.locator("th").all_inner_texts()
    assert names == [NAMES[s] for s in sorted(range(4), key=lambda s: (-outcome["scores"][s], s))], names


def summary_open(app: App) -> None:
    resume(app, draw_game_record(1, then_next=False))
    expect(app.page.locator("#round-summary[open]")).to_be_visible(timeout=TIMEOUT)


def test_back_with_the_round_summary_open_stays_in_the_game(app: App) -> None:
    page = app.page
    summary_open(app)
    url = page.url
    page.go_back()
    expect(page.locator("#round-summary")).not_to_have_attribute("open", "")
    expect(page.locator("#table-screen")).to_be_visible()
    assert page.url == url
    expect(page.locator("[data-action=next-round]")).to_be_visible()  # the way on is offered


def test_a_tap_outside_closes_the_round_summary_and_presses_nothing(app: App) -> None:
    page = app.page
    summary_open(app)
    new = page.locator(".toolbar button[data-action=new-game]")
    box = new.bounding_box()
    assert box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # on the New button, under the backdrop
    expect(page.locator("#round-summary")).not_to_have_attribute("open", "")
    expect(page.locator(".setup-box")).to_have_count(0)
    expect(page.locator("#table-screen")).to_be_visible()


def test_focus_returns_after_esc_on_the_round_summary(app: App) -> None:
    page = app.page
    summary_open(app)
    page.keyboard.press("Escape")
    expect(page.locator("#round-summary")).not_to_have_attribute("open", "")
    expect(page.locator("[data-action=next-round]")).to_be_visible()  # the way on
    # the keyboard is back on the game (what had it when the summary opened, else the way on), never the page's body
    assert page.evaluate("""() => {
      const now = document.activeElement;
      return now !== document.body && Boolean(now.closest('section.game')) && now.getClientRects().length > 0;
    }""")


def test_leave_this_game_closes_by_back_and_by_a_tap_outside(app: App) -> None:
    page = app.page
    answer = call(op="new", game="big-clock", seed=6, options={"set": "double-6"}, seats=["human"])
    answer = call(op="ai", session=answer["session"], level="advisor")
    record = {"version": 1, "game": "big-clock", "options": {"set": "double-6"}, "seed": 6, "seats": ["human"],
              "moves": [answer["view"]["events"][-1]["move"]]}
    resume(app, record)
    url = page.url
    new = page.locator(".toolbar button[data-action=new]")
    new.click()
    expect(page.locator("#confirm[open]")).to_be_visible()
    page.go_back()
    expect(page.locator("#confirm")).not_to_have_attribute("open", "")
    assert page.url == url
    expect(page.locator("#board")).to_have_attribute("data-moves", "1")  # kept playing
    expect(new).to_be_focused()
    new.click()
    expect(page.locator("#confirm[open]")).to_be_visible()
    page.mouse.click(5, 5)
    expect(page.locator("#confirm")).not_to_have_attribute("open", "")
    expect(page.locator("#board")).to_have_attribute("data-moves", "1")


def test_a_tap_outside_the_more_panel_presses_nothing(phone: App) -> None:
    page = phone.page
    page.set_viewport_size({"width": 360, "height": 740})
    resume(phone, draw_game_record(1, then_next=True))
    page.click(".more-button")
    expect(page.locator("#side-panel")).to_be_visible()
    new = page.locator(".toolbar button[data-action=new-game]")
    box = new.bounding_box()
    assert box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # tapping New to dismiss the panel
    expect(page.locator("#side-panel")).to_be_hidden()
    expect(page.locator(".setup-box")).to_have_count(0)
    expect(page.locator("#table-screen")).to_be_visible()


def test_resigning_from_the_more_panel_closes_it(phone: App) -> None:
    """Resigned from the More panel on a phone: the game's dialog is on its own, and once it is
    closed the table and the way on are in view, not the panel over them."""
    page = phone.page
    page.set_viewport_size({"width": 390, "height": 844})
    resume(phone, draw_game_record(1, then_next=True))
    page.click(".more-button")
    expect(page.locator("#side-panel")).to_be_visible()
    page.click("#side-panel button[data-action=resign]")
    page.click("#confirm-yes")
    dialog = page.locator("#round-summary")
    expect(dialog.locator("h2")).to_have_text("You resigned", timeout=TIMEOUT)
    expect(page.locator("#side-panel")).to_be_hidden()
    expect(page.locator(".more-button")).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Escape")
    expect(dialog).not_to_have_attribute("open", "")
    expect(page.locator("#side-panel")).to_be_hidden()
    expect(page.locator("#table-screen")).to_be_visible()


def test_the_more_panel_held_sideways_opens_from_the_top_beside_more(phone: App) -> None:
    """A phone held sideways: the panel opens over the table beside the toolbar's column, from its
    top (it opened under More's row, a third of the screen down, half its controls cut), and
    covers nothing of the More button."""
    page = phone.page
    page.set_viewport_size({"width": 844, "height": 390})
    resume(phone, draw_game_record(1, then_next=True))
    page.click(".more-button")
    panel = page.locator("#side-panel")
    expect(panel).to_be_visible()
    box, more = panel.bounding_box(), page.locator(".more-button").bounding_box()
    assert box and more
    assert box["x"] >= more["x"] + more["width"], (box, more)  # beside More, not over it
    assert box["y"] < more["y"], (box, more)
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()


def test_the_coach_closes_by_esc_and_by_back_and_gives_the_keyboard_back(app: App) -> None:
    """Issue 34, item 2: the coach (Replay and review, shown in the game's place) closes as the
    dialogs and panels do: its own button, Esc, and Back, which stays in the game (the coach
    ignored Esc, and Back left the game for the page before it); the keyboard goes back to Replay."""
    page = app.page
    resume(app, draw_game_record(1, then_next=True))
    url = page.url
    replay, coach = page.locator("button[data-action=coach]"), page.locator("#coach")
    for how in ("Esc", "Back", "its button"):
        replay.click()
        expect(coach, how).to_be_visible(timeout=TIMEOUT)
        if how == "Esc":
            page.keyboard.press("Escape")
        elif how == "Back":
            page.go_back()
        else:
            page.click("button[data-action=coach-close]")
        expect(coach, how).to_have_count(0)
        expect(page.locator("#table-screen"), how).to_be_visible()
        assert page.url == url, how
        expect(replay, how).to_be_focused()
