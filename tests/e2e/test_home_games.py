"""At home on every game screen, not only Luzon's: a game link opens the same deal (a clock and a
table game, compared with the link opened again by a visitor with nothing stored and with the
engine run natively), a bad link gives a notice and a playable page, a record exported and
imported again (a table game and a clock game; a bad file, another game's record and an illegal
move refused without change), a finished game offers a replay, and a table game played to its
end counted in the statistics once."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import FilePayload, Locator, Page, expect

from engine.session import Session
from tests.engine.helpers import call
from tests.typed import known

from .conftest import App, another_visitor, expect_moves, open_table, started_again, stats
from .solitaire_play import advisor_line, click_move, start_big_clock_deal, tops
from .table_play import my_move, play_to_game_over

TIMEOUT = 30_000
CLOCK_LINK = "#/play/big-clock?deal=12&set=double-9"
TABLE = {"set": "double-6", "players": "3", "target": "100"}
TABLE_LINK = "#/play/draw?deal=3&set=double-6&players=3&target=100"


def open_at_my_turn(app: App, fragment: str) -> None:
    """Open a table game by its link (the computers at once) and wait for the person's turn."""
    open_table(app, fragment)
    expect(app.page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=TIMEOUT)


def expect_saved_deal(app: App, game: str, seed: int) -> None:
    """The deal of the game saved in progress (a table game in progress shows its deal nowhere on
    the page, it would show every hand: its saved record holds the deal sealed, which the engine
    opens)."""
    read = "game => JSON.parse(localStorage.getItem(`boneyard.game.${game}`) ?? 'null')?.record ?? null"
    deadline = time.monotonic() + TIMEOUT / 1000
    while True:
        record = app.page.evaluate(read, game)
        if record is not None and Session.load(record).seed == seed:
            break
        assert time.monotonic() < deadline, f"the saved {game} game is not deal {seed}: {record}"
        app.page.wait_for_timeout(100)
    # (the game left before it, given up, is over and shows its deal until the screen is drawn
    # again, the next frame after the save)
    expect(app.page.locator("[data-seed]")).to_have_count(0, timeout=TIMEOUT)


def hand(page: Page) -> list[str]:
    """The person's tiles on screen."""
    answer: list[str] = page.eval_on_selector_all("#hand [data-tile]", "els => els.map(e => e.dataset.tile)")
    return answer


def placed(page: Page) -> list[str]:
    """The tiles of the layout, in the order drawn."""
    answer: list[str] = page.eval_on_selector_all("#layout [data-placed]", "els => els.map(e => e.dataset.placed)")
    return answer


def import_file(app: App, name: str, data: bytes) -> None:
    app.page.set_input_files("#import-record",
                             files=[FilePayload(name=name, mimeType="application/json", buffer=data)])


def export_record(app: App) -> dict[str, Any]:
    with app.page.expect_download() as info:
        app.page.click("button[data-action=export]")
    assert info.value.suggested_filename.startswith("boneyard-")
    saved: dict[str, Any] = json.loads(Path(info.value.path()).read_text())
    assert saved["boneyard"] == "game-record"
    return saved


def refuse_bad_files(app: App, message: Locator, saved: dict[str, Any], other: dict[str, Any], illegal: str) -> None:
    """Import a file that is not JSON, a record of another game, and the saved record with an
    illegal move added: each refused with a message naming the file."""
    import_file(app, "broken.json", b"{oops")
    expect(message).to_contain_text("broken.json could not be imported: The file is not JSON.")
    wrong = {"boneyard": "game-record", "format": 1, "record": {**saved["record"], **other, "moves": []}}
    import_file(app, "other.json", json.dumps(wrong).encode())
    names = {"luzon": "Luzon", "clock": "Clock (CARDominoes)"}  # the game as players know it, never its id
    expect(message).to_contain_text(
        f"other.json could not be imported: The file is a record of {names[other['game']]}, not of ")
    bad = {**saved, "record": {**saved["record"], "moves": [*saved["record"]["moves"], illegal]}}
    import_file(app, "illegal.json", json.dumps(bad).encode())
    expect(message).to_contain_text("illegal.json could not be imported")
    expect(message).to_have_attribute("data-kind", "error")


def test_clock_game_link_opens_the_same_deal(app: App) -> None:
    page = app.page
    page.goto(app.url + CLOCK_LINK)
    board = page.locator("#board")
    expect(board).to_have_attribute("data-seed", "12", timeout=TIMEOUT)
    expect(board).to_have_attribute("data-set", "double-9")
    link = page.locator("#deal-link")
    expect(link).to_have_attribute("href", CLOCK_LINK)
    expect(page).to_have_url(re.compile(r"#/play/big-clock$"))  # a reload resumes the game, not the link
    shown = tops(app)
    native = call(op="new", game="big-clock", seed=12, options={"set": "double-9"}, seats=["human"])["view"]
    assert shown == {f"slot{s['slot']}": s["top"] for s in native["board"]["slots"]}
    # "Copy game link": copied, or (no clipboard) shown to be copied by hand
    page.click("button[data-action=copy-link]")
    expect(page.locator(".game .message")).to_contain_text(app.url + CLOCK_LINK)
    with another_visitor(app) as other:
        other.goto(app.url + CLOCK_LINK)
        expect(other.locator("#board")).to_have_attribute("data-seed", "12", timeout=120_000)
        assert other.eval_on_selector_all(
            "#board .bc-slot", "slots => Object.fromEntries(slots.map(s => [s.dataset.slot, s.dataset.top]))") == shown


def test_table_game_link_opens_the_same_deal(app: App) -> None:
    open_at_my_turn(app, TABLE_LINK)
    page = app.page
    expect_saved_deal(app, "draw", 3)
    assert page.locator(".seat").count() == 3
    # no seats in the link: the settings page's defaults (one person, computers of the default level)
    seats = ["human", "ai:medium", "ai:medium"]
    # hidden hands: while the game is on, its link gives these settings, not this deal
    options_link = TABLE_LINK.replace("deal=3&", "")
    expect(page.locator("#deal-link")).to_have_attribute("href", f"{options_link}&seats={','.join(seats)}")
    native = call(op="new", game="draw", seed=3, options={k: v if k == "set" else int(v) for k, v in TABLE.items()},
                  seats=seats)["view"]
    tiles = hand(page)
    layout = placed(page)
    assert sorted(tiles) == sorted(native["hand"])
    with another_visitor(app) as other:
        other.goto(app.url + TABLE_LINK)  # the computers at their normal speed here
        expect(other.locator("#turn")).to_have_attribute("data-whose", "you", timeout=120_000)
        assert hand(other) == tiles
        assert placed(other) == layout


def test_bad_link_gives_a_notice_and_a_playable_page(app: App) -> None:
    """A link with values the game does not know opens the game with a notice saying what was
    dropped; a table game link whose deal number is dropped resumes the draw game in progress
    (opened here first, not left by an earlier test)."""
    open_at_my_turn(app, TABLE_LINK)  # the draw game in progress that the bad deal number resumes below
    expect_saved_deal(app, "draw", 3)
    page = app.page
    notice = page.locator("#notice")
    page.goto(app.url + "#/play/clock?deal=5&exchange=maybe&colour=red")
    expect(page.locator("#board")).to_have_attribute("data-seed", "5", timeout=TIMEOUT)
    expect(notice).to_contain_text("not fully understood")
    expect(notice).to_contain_text("“maybe” is not one of true, false")
    expect(notice).to_contain_text("“colour” is not a setting of Clock (CARDominoes)")
    expect(page.locator("#option-exchange")).to_have_value("true")  # the default
    page.goto(app.url + "#/play/draw?deal=three&players=9")
    expect(notice).to_contain_text("“three” is not a whole number")
    expect(notice).to_contain_text("“9” is not one of 2, 3, 4, 5, 6")
    # the bad deal number is dropped: the draw game in progress (opened at the start) is resumed
    expect(page.locator("#table-screen[data-session]")).to_be_visible(timeout=TIMEOUT)
    page.goto(app.url + "#/play/draw?deal=4&players=2&seats=human,robot")
    expect(notice).to_contain_text("the seats “human,robot” are not 2 of")
    expect(page.locator("#table-screen[data-session]")).to_be_visible(timeout=TIMEOUT)
    expect_saved_deal(app, "draw", 4)


def test_clock_record_export_import_and_replay(app: App) -> None:
    moves, _ = advisor_line(5)
    start_big_clock_deal(app, 5)
    for done, move in enumerate(moves[:4], start=1):
        click_move(app, move)
        expect_moves(app, done)
    before = tops(app)
    saved = export_record(app)
    assert saved["record"]["game"] == "big-clock" and saved["record"]["moves"] == moves[:4]
    start_big_clock_deal(app, 6)
    import_file(app, "clock.json", json.dumps(saved).encode())
    expect_moves(app, 4)
    assert tops(app) == before
    message = app.page.locator(".game .message")
    expect(message).to_contain_text("Imported deal 5 (4 moves)")
    # a bad file, another game's record, an illegal move: refused with a message, nothing changes
    refuse_bad_files(app, message, saved, {"game": "luzon", "options": {"variant": "twelve"}}, "shift:slot1>slot1")
    expect_moves(app, 4)
    assert tops(app) == before
    # a finished game offers a new deal and a replay of the same deal
    start_big_clock_deal(app, 6)  # the advisor loses this one in a few moves
    app.page.click("button[data-action=autoplay]")
    dialog = app.page.locator("#outcome")
    expect(dialog).to_have_attribute("data-result", "lost", timeout=TIMEOUT)
    expect(dialog.locator("button", has_text="New deal")).to_be_visible()
    dialog.locator("button[data-action=replay]").click()
    expect(dialog).to_be_hidden()
    expect_moves(app, 0)
    expect(app.page.locator("#board")).to_have_attribute("data-seed", "6")


def test_table_record_export_then_import(app: App) -> None:
    page = app.page
    open_at_my_turn(app, TABLE_LINK)
    for _ in range(2):  # two of the person's moves, the computers answering
        before = int(page.get_attribute("#table-screen", "data-moves") or 0)
        assert my_move(app)
        page.wait_for_function("""before => { const s = document.querySelector('#table-screen');
          return Number(s.dataset.moves) > before && s.dataset.busy === 'false' &&
            document.querySelector('#turn').dataset.whose === 'you'; }""", arg=before, timeout=TIMEOUT)
    moves = page.get_attribute("#table-screen", "data-moves")
    tiles, layout = hand(page), placed(page)
    assert page.locator("[data-seed]").count() == 0  # the deal would show every hand
    # the export of a game with hidden hands in progress asks first; waiting writes nothing
    page.click("button[data-action=export]")
    expect(page.locator("#export-ask")).to_be_visible()
    expect(page.locator("#export-ask")).to_contain_text("counts in the statistics as given up (lost) or as assisted")
    page.click("#export-wait")
    expect(page.locator("#message")).to_contain_text("Not exported")
    with page.expect_download() as info:
        page.click("button[data-action=export]")
        page.click("#export-assisted")
    saved = json.loads(Path(info.value.path()).read_text())
    expect(page.locator("#message")).to_contain_text("This game counts as assisted.")
    assert saved["record"]["game"] == "draw" and len(saved["record"]["moves"]) == int(known(moves))
    assert saved["record"]["aids"] == [{"at": int(known(moves)), "kind": "export"}]
    page.wait_for_function("() => JSON.parse(localStorage.getItem('boneyard.game.draw')).record.assisted === true",
                           timeout=TIMEOUT)  # saved with the game
    page.click("#deal-link")  # followed here it would start the deal again: it says so instead
    expect(page.locator("#message")).to_contain_text("starts a new deal with these settings")
    expect(page.locator("#table-screen")).to_have_attribute("data-moves", moves)
    open_at_my_turn(app, "#/play/draw?deal=8&set=double-6&players=2&target=50&seats=human,ai:easy")
    assert my_move(app)  # a game in progress: an import over it asks, as a new deal does
    expect(page.locator(".game.busy")).to_have_count(0, timeout=TIMEOUT)
    key = "draw|players=2|set=double-6|target=50"
    played = stats(app).get(key, {}).get("played", 0)
    import_file(app, "draw.json", json.dumps(saved).encode())
    expect(page.locator("#confirm")).to_be_visible(timeout=TIMEOUT)
    page.click("#confirm-yes")
    message = page.locator("#message")
    expect(message).to_contain_text(f"Imported deal 3 ({moves} moves)")
    assert stats(app)[key]["played"] == played + 1  # the game left counts, lost
    screen = page.locator("#table-screen")
    expect_saved_deal(app, "draw", 3)
    expect(screen).to_have_attribute("data-moves", moves)
    assert page.locator(".seat").count() == 3
    assert hand(page) == tiles and placed(page) == layout
    expect(page.locator("#log")).to_contain_text("Imported deal 3")
    # refused: not JSON, a clock record, an illegal move; the game on the table is unchanged
    refuse_bad_files(app, message, saved, {"game": "clock", "options": {"exchange": True}, "seats": ["human"]},
                     "next-round")  # the round is not over
    expect(screen).to_have_attribute("data-moves", moves)
    assert hand(page) == tiles and placed(page) == layout


def test_table_game_counted_in_the_statistics_once(app: App) -> None:
    page = app.page
    page.evaluate("localStorage.removeItem('boneyard.stats.v1')")
    open_at_my_turn(app, "#/play/draw?deal=3&set=double-6&players=2&target=50&seats=human,ai:easy")
    play_to_game_over(app)
    title = page.locator("#summary-title").inner_text()
    won = title.startswith("Game over: You win")
    score = int(page.locator(".seat-score").first.inner_text().split()[0])
    key = "draw|players=2|set=double-6|target=50"
    entry = stats(app)[key]
    assert (entry["played"], entry["won"]) == (1, int(won))
    assert entry["scores"]["best"] == score and entry["scores"]["count"] == 1
    # the page started again from what it stored, as a load starts it (conftest.started_again, without a
    # load), on the finished game's address: it shows it again (with a replay) and does not count it again
    url = page.url
    started_again(page, url)
    summary = page.locator("#round-summary")
    expect(summary).to_have_attribute("data-kind", "game-over", timeout=TIMEOUT)
    expect(summary.locator("#replay")).to_be_visible()
    expect(summary.locator("#play-again")).to_be_visible()
    page.goto(f"{app.url}#/stats")
    row = page.locator(f"tr[data-stats='{key}']")
    expected = {"played": "1", "won": str(int(won)), "rate": "100%" if won else "0%", "streak": str(int(won)),
                "best-score": str(score), "mean-score": f"{score:.1f}", "winnable": "—"}
    for col, value in expected.items():
        expect(row.locator(f"td[data-col={col}]")).to_have_text(value)
    expect(row.locator(".stats-options")).to_have_text("Domino set: double-6, Players: 2, Target score: 50")
    # the replay: the same deal again from its start
    page.go_back()
    expect(summary.locator("#replay")).to_be_visible(timeout=TIMEOUT)
    summary.locator("#replay").click()
    expect(page.locator("#table-screen")).to_have_attribute("data-over", "", timeout=TIMEOUT)
    expect_saved_deal(app, "draw", 3)
    assert stats(app)[key]["played"] == 1
