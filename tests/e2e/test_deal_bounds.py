"""Deal numbers of 2^53 or more (issue 33): refused where they enter the page — the table's setup
field, a solitaire's deal field, a game link, an imported record — with a plain message, never
dealt as another number, so no saved game is ever removed as unreadable for one."""

from __future__ import annotations

import json

from playwright.sync_api import FilePayload, expect

from engine.session import Session

from .conftest import SCREEN_TIMEOUT_MS, App, follow_link, open_deal

TOO_LARGE = "9007199254740993"  # 2^53 + 1: as a JavaScript number, 2^53 (another deal)
RANGE = "A deal number is a whole number from 0 to 9,007,199,254,740,991"


def saved(app: App, game: str) -> str | None:
    answer: str | None = app.page.evaluate("key => localStorage.getItem(key)", f"boneyard.game.{game}")
    return answer


def test_the_setup_refuses_a_deal_number_past_the_largest(app: App) -> None:
    page = app.page
    follow_link(app, "#/play/draw")
    expect(page.locator("#setup")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    page.fill("#setup-seed", TOO_LARGE)
    page.click("#setup-start")
    error = page.locator("#setup .message[data-kind=error]")
    expect(error).to_contain_text(f"{TOO_LARGE} is too large. {RANGE}")
    expect(page.locator("#setup")).to_be_visible()
    assert saved(app, "draw") is None  # nothing dealt, nothing saved
    page.fill("#setup-seed", "9007199254740991")  # the largest is dealt as itself
    page.click("#setup-start")
    expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    page.wait_for_function("() => localStorage.getItem('boneyard.game.draw') !== null", timeout=SCREEN_TIMEOUT_MS)
    record = json.loads(saved(app, "draw") or "{}")["record"]  # in progress: the deal sealed, which the engine opens
    assert "seed" not in record and Session.load(record).seed == 9007199254740991
    page.reload()
    app.wait_ready()
    expect(page.locator("#table-screen[data-session]")).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#notice")).not_to_contain_text("could not be read")
    assert saved(app, "draw") is not None  # resumed, never removed as unreadable


def test_a_solitaire_deal_field_and_a_link_refuse_it(app: App) -> None:
    page = app.page
    open_deal(app, "luzon", 3)
    page.fill("#deal-number", TOO_LARGE)
    page.click("button[data-action=deal]")
    message = page.locator(".game .message")
    expect(message).to_contain_text(f"{TOO_LARGE} is too large. {RANGE}")
    expect(page.locator("#board")).to_have_attribute("data-seed", "3")
    follow_link(app, f"#/play/luzon?deal={TOO_LARGE}")
    expect(page.locator("#notice")).to_contain_text(f"{TOO_LARGE} is too large", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#board")).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    assert page.locator("#board").get_attribute("data-seed") != "9007199254740992"


def test_an_import_refuses_it(app: App) -> None:
    page = app.page
    open_deal(app, "luzon", 3)
    record = {"version": 1, "game": "luzon", "options": {"variant": "twelve"}, "seed": 1, "moves": []}
    text = json.dumps({"boneyard": "game-record", "format": 1, "record": record})
    text = text.replace('"seed": 1', f'"seed": {TOO_LARGE}')
    page.set_input_files("#import-record", files=[
        FilePayload(name="big.json", mimeType="application/json", buffer=text.encode())])
    message = page.locator(".game .message")
    expect(message).to_contain_text(f"big.json could not be imported: The file's deal number is too large. {RANGE}")
    expect(page.locator("#board")).to_have_attribute("data-seed", "3")
