"""Luzon through the page (and a smoke test of the other games): engine start, a seeded deal won by
clicks following the native solver, illegal pair, undo/redo, drag and drop, keyboard, hint, resume
after a start again (as a load starts the page, without one; of the deal played by drag and drop),
bad storage (no console error and no request off 127.0.0.1 in any test: conftest checks)."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import App, check_undo_redo, every_deal, expect_moves, settled, solve, started_again
from .native_records import CATALOG
from .solitaire_play import LUZON_WON_SEED, click_move, columns_on_page, losing_line, start_luzon_deal

TIMEOUT = 20_000


def reserve_on_page(app: App) -> list[str | None]:
    value: list[str | None] = app.page.eval_on_selector_all(
        "#board .reserve > *:not(.reserve-label)", "slots => slots.map(s => s.dataset.tile ?? null)")
    return value


def test_engine_ready_and_menu(app: App) -> None:
    page = app.page
    page.goto(f"{app.url}#/")  # the menu (where the module's fresh page starts; a test before may have left it)
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => m.name)")
    assert "shell-painted" in marks and "engine-ready" in marks
    for spec in CATALOG:
        expect(page.locator(f".game-card[data-game='{spec['id']}'] h2")).to_have_text(spec["name"])
    expect(page.locator(".game-card")).to_have_count(len(CATALOG))


def test_rules_page(app: App) -> None:
    app.page.goto(f"{app.url}#/")  # from the menu, wherever the test before left the page
    app.page.click(".game-card[data-game=luzon] a:has-text('Rules')")
    spec = next(g for g in CATALOG if g["id"] == "luzon")
    for section in spec["rules"]:
        expect(app.page.locator(".rules h2", has_text=section["heading"])).to_be_visible()


def test_seeded_deal_won_by_clicks(app: App) -> None:
    answer = solve(LUZON_WON_SEED)
    assert answer["winnable"] and answer["solution"]
    start_luzon_deal(app, LUZON_WON_SEED)
    assert columns_on_page(app) == answer["deal"]["columns"]
    assert reserve_on_page(app) == answer["deal"]["reserve"]
    expect(app.page.locator("#winnable")).to_have_text("✓ Still winnable")
    # the two winnable switches say which deal each is about: the deals to come, this one now
    expect(app.page.locator("label[for=winnable-only]")).to_have_text("New deals: winnable only", use_inner_text=True)
    expect(app.page.locator("label[for=winnable-only]")).to_have_attribute(
        "title", "From the next deal on, deal only deals a solver proves winnable")
    expect(app.page.locator("label[for=show-winnable]")).to_have_text("Say if this deal can still be won")
    for done, move in enumerate(answer["solution"], start=1):
        click_move(app, move)
        expect_moves(app, done)
    dialog = app.page.locator("#outcome")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-result", "won")
    expect(dialog.locator("h2")).to_have_text("You won!")
    dialog.locator("button", has_text="Close").click()
    expect(dialog).to_be_hidden()


def test_illegal_pair_refused(app: App) -> None:
    start_luzon_deal(app, LUZON_WON_SEED)
    before = columns_on_page(app), reserve_on_page(app)
    message = app.page.locator(".game .message")
    app.page.click("#board [data-slot=r1]")
    app.page.click("#board [data-slot=r2]")  # two reserve tiles never pair
    expect(message).to_be_visible()
    expect(message).to_contain_text("Not allowed")
    expect(message).to_have_attribute("data-kind", "error")
    app.page.click("#board [data-slot=c1]")
    app.page.click("#board [data-slot=c3]")  # 1-1 + 0-0: not twelve
    expect(message).to_contain_text("Not allowed: 1-1 and 0-0")
    expect_moves(app, 0)
    assert (columns_on_page(app), reserve_on_page(app)) == before


def test_lost_deal(app: App) -> None:
    seed = next(s for s in range(1, 200) if not solve(s)["winnable"])
    start_luzon_deal(app, seed)
    expect(app.page.locator("#winnable")).to_have_text("✗ Can no longer be won")
    app.page.click("button[data-action=hint]")
    expect(app.page.locator("#hint-text")).to_be_visible()
    moves = losing_line(seed)
    for done, move in enumerate(moves, start=1):
        click_move(app, move)
        expect_moves(app, done)
    dialog = app.page.locator("#outcome")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("data-result", "lost")
    expect(dialog.locator("h2")).to_have_text("No moves left")
    dialog.locator("button", has_text="Undo last move").click()
    expect_moves(app, len(moves) - 1)
    expect(dialog).to_be_hidden()


def test_undo_redo(app: App) -> None:
    start_luzon_deal(app, LUZON_WON_SEED)
    check_undo_redo(app, lambda: click_move(app, "discard:c1+c2"), lambda: columns_on_page(app))


def drag(app: App, source: str, target: str) -> None:
    """A real pointer drag from one slot to another."""
    app.page.locator(f"#board [data-slot={source}]").drag_to(app.page.locator(f"#board [data-slot={target}]"))


def test_drag_and_drop_then_resume_after_a_start_again(app: App) -> None:
    solution = solve(LUZON_WON_SEED)["solution"]
    column_move = next(i for i, move in enumerate(solution) if move.startswith("move:"))
    assert solution[0] == "discard:c1+c2" and column_move > 0
    start_luzon_deal(app, LUZON_WON_SEED)
    drag(app, "c2", "c1")
    expect_moves(app, 1)
    for done, move in enumerate(solution[1:column_move], start=2):
        click_move(app, move)
        expect_moves(app, done)
    source, target = solution[column_move].split(":")[1].split(">")
    tile = app.page.get_attribute(f"#board [data-slot={source}]", "data-tile")
    drag(app, source, target)
    expect_moves(app, column_move + 1)
    assert columns_on_page(app)[int(target[1:]) - 1] == [tile]
    # the page started again from what it stored, as a load starts it (conftest.started_again, without
    # a load), on the deal's address: the deal resumes as it was, the winnable line hidden as it was left
    app.page.uncheck("#show-winnable")
    expect(app.page.locator("#winnable")).to_be_hidden()
    columns = columns_on_page(app)
    url = app.page.url
    started_again(app.page, url)
    expect_moves(app, column_move + 1)
    assert columns_on_page(app) == columns
    expect(app.page.locator(".game .message")).to_contain_text(f"Resumed deal {LUZON_WON_SEED}")
    expect(app.page.locator("#show-winnable")).not_to_be_checked()
    expect(app.page.locator("#winnable")).to_be_hidden()
    app.page.check("#show-winnable")
    expect(app.page.locator("#winnable")).to_be_visible()


def test_keyboard_play(app: App) -> None:
    start_luzon_deal(app, LUZON_WON_SEED)
    page = app.page
    page.focus("#board [data-slot=c1]")
    page.keyboard.press("Enter")
    expect(page.locator("#board [data-slot=c1]")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.slot") == "c2"
    page.keyboard.press("Space")
    expect_moves(app, 1)
    page.focus("#board [data-slot=c1]")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    expect(page.locator("#board [data-slot=c1]")).to_have_attribute("aria-pressed", "false")


def test_hint(app: App) -> None:
    """The hint marks its tiles; a tile picked before it is let go, and the words that named the
    pick go with it (they stayed, "Selected 0-6 ...", with nothing picked)."""
    start_luzon_deal(app, LUZON_WON_SEED)
    first = solve(LUZON_WON_SEED)["solution"][0]
    picked = app.page.locator("#board .tile.exposed").first
    picked.click()
    expect(picked).to_have_attribute("aria-pressed", "true")
    expect(app.page.locator("#message")).to_contain_text("Selected")
    app.page.click("button[data-action=hint]")
    settled(app.page)
    expect(app.page.locator("#board [aria-pressed=true]")).to_have_count(0)
    expect(app.page.locator("#message")).not_to_contain_text("Selected")
    hint = app.page.locator("#hint-text")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("winning line")
    hinted = app.page.eval_on_selector_all("#board .hinted", "els => els.map(e => e.dataset.slot)")
    assert sorted(hinted) == sorted(first.split(":")[1].replace(">", "+").split("+"))


def test_bad_saved_game_dropped(app: App) -> None:
    start_luzon_deal(app, LUZON_WON_SEED)  # the game on screen whose save the reload reads
    expect_moves(app, 0)
    app.page.evaluate("localStorage.setItem('boneyard.game.luzon', '{not json')")
    app.page.reload()
    app.wait_ready()
    expect(app.page.locator("#notice")).to_contain_text("could not be read")
    expect(app.page.locator("#board")).to_have_attribute("data-moves", "0", timeout=TIMEOUT)
    stored = app.page.evaluate("JSON.parse(localStorage.getItem('boneyard.game.luzon'))")
    assert stored["record"]["game"] == "luzon" and stored["record"]["moves"] == []
    # well formed, but the engine refuses to replay it: dropped as well
    stored["record"]["moves"] = ["discard:r1+r2"]
    app.page.evaluate("record => localStorage.setItem('boneyard.game.luzon', JSON.stringify(record))", stored)
    # (said when the game screen opens its save, web/play/game_start.js: the page started again from what
    # it stored, as a load starts it, conftest.started_again, without a load, on the game's address)
    url = app.page.url
    started_again(app.page, url)
    expect(app.page.locator("#notice")).to_contain_text("could not be restored")
    expect(app.page.locator("#board")).to_have_attribute("data-moves", "0", timeout=TIMEOUT)


def test_variant_option(app: App) -> None:
    every_deal(app)  # the same deal number in the other variant (winnable-only deals would move on)
    start_luzon_deal(app, LUZON_WON_SEED)
    board = app.page.locator("#board")
    session = board.get_attribute("data-session")
    app.page.select_option("#option-variant", "sixes")
    expect(board).not_to_have_attribute("data-session", session or "", timeout=TIMEOUT)
    expect(board).to_have_attribute("data-variant", "sixes")
    expect(board).to_have_attribute("data-seed", str(LUZON_WON_SEED))
    assert columns_on_page(app) == solve(LUZON_WON_SEED, "sixes")["deal"]["columns"]
    app.page.select_option("#option-variant", "twelve")
    expect(board).to_have_attribute("data-variant", "twelve", timeout=TIMEOUT)
