"""An extra that fails never touches the game (issue 33): with sound on and an AudioContext the
browser refuses (it throws), every move is saved and a won Luzon deal is counted; the failure is
logged once, as a warning, not as an uncaught error."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from .conftest import BLANK, SCREEN_TIMEOUT_MS, App, expect_moves, open_deal, solve, stats
from .solitaire_play import LUZON_WON_SEED, click_move

THROWING_AUDIO = """(() => {
  class RefusedAudio {
    constructor() { throw new DOMException('AudioContext refused by this browser', 'NotAllowedError'); }
  }
  window.AudioContext = RefusedAudio;
  window.webkitAudioContext = RefusedAudio;
})();"""


def saved_moves(app: App) -> int:
    text = app.page.evaluate("localStorage.getItem('boneyard.game.luzon')")
    return len(json.loads(text)["record"]["moves"]) if text else -1


def test_a_sound_that_throws_never_stops_saving_or_counting(app: App) -> None:
    line = solve(LUZON_WON_SEED)["solution"]
    page = app.page.context.new_page()  # the same storage (and start-up snapshot), its own init script
    page.add_init_script(THROWING_AUDIO)
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    uncaught: list[str] = []
    page.on("pageerror", lambda error: uncaught.append(str(error)))
    tab = App(page, app.url)
    page.goto(app.url + BLANK)  # the storage set before the page's start, on a document that runs no code
    page.evaluate("localStorage.setItem('boneyard.settings.v1', JSON.stringify({sound: 'on', animation: 'off'}))")
    page.evaluate("localStorage.removeItem('boneyard.stats.v1')")
    tab.open("#/")
    assert page.evaluate("document.documentElement.dataset.sound") == "on"
    open_deal(tab, "luzon", LUZON_WON_SEED)
    try:
        for done, move in enumerate(line, start=1):
            click_move(tab, move)
            expect_moves(tab, done)
            if done < len(line):
                assert saved_moves(tab) == done, f"move {done} not saved"
        expect(page.locator("#outcome")).to_have_attribute("data-result", "won", timeout=SCREEN_TIMEOUT_MS)
        entry = stats(tab).get("luzon|variant=twelve", {})
        assert (entry.get("played"), entry.get("won")) == (1, 1)  # the win is counted
        assert page.evaluate("document.documentElement.dataset.soundPlayed") == "won"  # its sound was asked for
        assert uncaught == []
        assert len([w for w in warnings if "the sound failed" in w]) == 1, warnings  # logged once
    finally:
        page.close()
