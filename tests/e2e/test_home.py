"""At home: statistics after a won and a lost game (and their reset), "replay" of a finished
deal, settings applied and kept, corrupt storage dropped with a notice, a game link that opens
the same deal, and a record exported to a file and imported again (and a bad file refused)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import FilePayload, expect

from tests.typed import known

from .conftest import App, another_visitor, expect_moves, solve, started_again, stats
from .solitaire_play import LUZON_WON_SEED, click_move, columns_on_page, losing_line, start_luzon_deal

TIMEOUT = 20_000


def test_statistics_after_a_won_and_a_lost_game(app: App) -> None:
    app.page.evaluate("localStorage.removeItem('boneyard.stats.v1')")
    start_luzon_deal(app, LUZON_WON_SEED)
    solution = solve(LUZON_WON_SEED)["solution"]
    for done, move in enumerate(solution, start=1):
        click_move(app, move)
        expect_moves(app, done)
    dialog = app.page.locator("#outcome")
    expect(dialog).to_have_attribute("data-result", "won")
    entry = stats(app)["luzon|variant=twelve"]
    assert (entry["played"], entry["won"], entry["streak"], entry["bestStreak"]) == (1, 1, 1, 1)
    assert entry["winnable"] == {"deals": 1, "won": 1}
    # undo the last move and finish again: still one game
    dialog.locator("button", has_text="Close").click()
    app.page.click("button[data-action=undo]")
    expect_moves(app, len(solution) - 1)
    click_move(app, solution[-1])
    expect(dialog).to_have_attribute("data-result", "won")
    assert stats(app)["luzon|variant=twelve"]["played"] == 1
    dialog.locator("button", has_text="Close").click()

    seed = next(s for s in range(1, 200) if not solve(s)["winnable"])
    start_luzon_deal(app, seed)
    moves = losing_line(seed)
    for done, move in enumerate(moves, start=1):
        click_move(app, move)
        expect_moves(app, done)
    expect(dialog).to_have_attribute("data-result", "lost")
    entry = stats(app)["luzon|variant=twelve"]
    assert (entry["played"], entry["won"], entry["streak"], entry["bestStreak"]) == (2, 1, 0, 1)
    assert entry["winnable"] == {"deals": 1, "won": 1}  # the lost deal was not winnable

    # a finished game offers a replay of the same deal
    dialog.locator("button[data-action=replay]").click()
    expect(dialog).to_be_hidden()
    expect_moves(app, 0)
    expect(app.page.locator("#board")).to_have_attribute("data-seed", str(seed))

    app.page.goto(f"{app.url}#/stats")
    row = app.page.locator("tr[data-stats='luzon|variant=twelve']")
    for col, value in {"played": "2", "won": "1", "rate": "50%", "streak": "0", "best-streak": "1",
                       "winnable": "1 of 1 (100%)"}.items():
        expect(row.locator(f"td[data-col={col}]")).to_have_text(value)
    app.page.click("#stats-reset")
    app.page.click("#stats-reset-confirm")
    expect(app.page.locator(".stats-page .empty")).to_be_visible()
    assert stats(app) == {}


def test_settings_apply_and_stay(app: App) -> None:
    """Settings apply at once and stay: the page started again from what it stored (conftest.started_again,
    as a load starts it: the settings read again, without a load) shows and applies them."""
    app.page.goto(f"{app.url}#/settings")
    app.page.check("#setting-tileStyle-color")
    app.page.check("#setting-hints-false")
    html = app.page.locator("html")
    expect(html).to_have_attribute("data-tiles", "color")
    started_again(app.page, f"{app.url}#/settings")
    expect(app.page.locator("#setting-tileStyle-color")).to_be_checked()
    start_luzon_deal(app, LUZON_WON_SEED)
    expect(html).to_have_attribute("data-tiles", "color")
    expect(app.page.locator("button[data-action=hint]")).to_be_hidden()
    fill = app.page.eval_on_selector("#board .pip-6", "e => getComputedStyle(e).fill")
    assert fill not in ("rgb(27, 27, 27)", "")  # a colour, not black; the pips themselves stay
    app.page.goto(f"{app.url}#/settings")
    app.page.check("#setting-tileStyle-classic")
    app.page.check("#setting-hints-true")
    expect(html).to_have_attribute("data-hints", "on")


def test_corrupt_storage_dropped_with_a_notice(app: App) -> None:
    app.page.evaluate("""() => {
      localStorage.setItem('boneyard.settings.v1', JSON.stringify({tileStyle: 'neon'}));
      localStorage.setItem('boneyard.stats.v1', JSON.stringify({format: 99, entries: {}}));
    }""")
    app.page.goto(f"{app.url}#/")
    app.page.reload()
    app.wait_ready()
    notice = app.page.locator("#notice")
    expect(notice).to_contain_text("could not be read")
    expect(notice).to_contain_text("settings")
    expect(notice).to_contain_text("statistics")
    expect(app.page.locator(".game-card").first).to_be_visible()
    assert app.page.evaluate("localStorage.getItem('boneyard.stats.v1')") is None
    assert app.page.evaluate("JSON.parse(localStorage.getItem('boneyard.settings.v1')).tileStyle") == "classic"


def test_game_link_opens_the_same_deal(app: App) -> None:
    """The deal's link opened by a visitor with nothing stored (conftest.another_visitor: made so in
    place, without a load, as test_home_games does for a clock and a table game) shows the same deal."""
    start_luzon_deal(app, 4242, "sixes")
    link = app.page.locator("#deal-link")
    expect(link).to_have_attribute("href", "#/play/luzon?deal=4242&variant=sixes")
    columns = columns_on_page(app)
    href = known(link.get_attribute("href"))
    with another_visitor(app) as page:
        page.goto(app.url + href)
        board = page.locator("#board")
        expect(board).to_have_attribute("data-seed", "4242", timeout=120_000)
        expect(board).to_have_attribute("data-variant", "sixes")
        assert page.eval_on_selector_all(
            "#board .column", "cols => cols.map(c => [...c.querySelectorAll('[data-tile]')].map(t => t.dataset.tile))"
        ) == columns


def test_record_export_then_import(app: App) -> None:
    page = app.page
    start_luzon_deal(app, LUZON_WON_SEED)
    for done, move in enumerate(solve(LUZON_WON_SEED)["solution"][:3], start=1):
        click_move(app, move)
        expect_moves(app, done)
    columns = columns_on_page(app)
    with page.expect_download() as info:
        page.click("button[data-action=export]")
    record_text = Path(info.value.path()).read_text()
    saved = json.loads(record_text)
    assert saved["boneyard"] == "game-record" and len(saved["record"]["moves"]) == 3
    start_luzon_deal(app, 11)
    page.set_input_files("#import-record", files=[
        FilePayload(name="deal.json", mimeType="application/json", buffer=record_text.encode())])
    expect_moves(app, 3)
    assert columns_on_page(app) == columns
    message = page.locator(".game .message")
    expect(message).to_contain_text(f"Imported deal {LUZON_WON_SEED}")
    # a bad file: not JSON; then a record whose moves the engine refuses
    page.set_input_files("#import-record", files=[
        FilePayload(name="broken.json", mimeType="application/json", buffer=b"{oops")])
    expect(message).to_contain_text("broken.json could not be imported: The file is not JSON.")
    saved["record"]["moves"].append("discard:r1+r2")
    page.set_input_files("#import-record", files=[
        FilePayload(name="illegal.json", mimeType="application/json", buffer=json.dumps(saved).encode())])
    expect(message).to_contain_text("illegal.json could not be imported")
    expect(message).to_have_attribute("data-kind", "error")
    expect_moves(app, 3)  # the game in progress is untouched


def test_a_link_to_an_unknown_game_opens_the_menu_with_a_notice(app: App) -> None:
    app.open("#/play/no-such-game")
    expect(app.page.locator("#notice")).to_contain_text('no game called "no-such-game"', timeout=TIMEOUT)
    expect(app.page.locator("a[href='#/play/luzon']").first).to_be_visible()
    assert app.page.evaluate("location.hash") == "#/"
