"""What a browser lacks is met with a fallback or a plain sentence, never a raw error (issue 36):
a window without <dialog> (Safari before 15.4: no showModal, no `open`, no "close"), Web Audio,
structuredClone and navigator.storage.persist plays a Luzon deal through its dialogs (opened,
closed by Esc, the game's end), says once that the dialogs are the page's own, and its Settings
say that sound cannot be turned on and that the browser does not say whether it keeps the data.
(A window without service workers: test_page_doors.py.)"""

from __future__ import annotations

from playwright.sync_api import ConsoleMessage, expect

from .conftest import SCREEN_TIMEOUT_MS, App, expect_moves, open_deal, solve
from .solitaire_play import LUZON_WON_SEED, click_move

WITHOUT = """(() => {
  const dialog = HTMLDialogElement.prototype;
  const members = ["showModal", "show", "close", "requestClose", "open", "returnValue", "closedBy"];
  for (const name of members) delete dialog[name];
  delete window.HTMLDialogElement;
  delete window.structuredClone;
  delete window.AudioContext;
  delete window.webkitAudioContext;
  delete StorageManager.prototype.persist;
  delete StorageManager.prototype.persisted;
})();"""


def test_a_browser_without_dialog_audio_clone_or_persist_plays_and_says_so(app: App) -> None:
    page = app.page.context.new_page()  # the same storage (and start-up snapshot), its own init script
    page.add_init_script(WITHOUT)
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"pageerror: {error}"))

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console: {message.text}")

    page.on("console", on_console)
    tab = App(page, app.url)
    try:
        tab.open("#/")  # a new tab: its session storage new (nothing said in it yet)
        assert page.evaluate("typeof HTMLDialogElement + typeof structuredClone + typeof AudioContext") == \
            "undefinedundefinedundefined"
        expect(page.locator("#notice")).to_contain_text("no built-in dialogs", timeout=SCREEN_TIMEOUT_MS)
        line = solve(LUZON_WON_SEED)["solution"]
        open_deal(tab, "luzon", LUZON_WON_SEED)
        click_move(tab, line[0])
        expect_moves(tab, 1)
        page.keyboard.press("?")  # the keys' help: the page's own dialog, closed by Esc
        helper = page.locator("#keys-help")
        expect(helper).to_have_attribute("data-fallback", "true")
        expect(helper).to_be_visible()
        page.keyboard.press("Escape")
        expect(helper).to_be_hidden()
        page.click("button[data-action=resign]")  # a question, closed by Esc, then answered
        confirm = page.locator("#confirm")
        expect(confirm).to_be_visible()
        page.keyboard.press("Escape")
        expect(confirm).to_be_hidden()
        expect_moves(tab, 1)
        page.click("button[data-action=resign]")
        page.click("#confirm-yes")
        outcome = page.locator("#outcome")
        expect(outcome).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
        page.click("#outcome [data-action=review-game]")  # the end's dialog leads on
        expect(page.locator("#coach-where")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
        expect(outcome).to_be_hidden()
        page.goto(f"{app.url}#/settings")
        expect(page.locator("#sound-unavailable")).to_contain_text("cannot play sounds")
        expect(page.locator("#setting-sound-on")).to_be_disabled()
        expect(page.locator("#storage-kept")).to_contain_text("does not say whether it keeps")
        page.reload()
        tab.wait_ready()
        expect(page.locator("#notice")).not_to_contain_text("no built-in dialogs")  # said once in this window
        assert problems == []
    finally:
        page.close()

