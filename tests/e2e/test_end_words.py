"""Words on screen: Clock's end says why the game was lost once (not in the status line, the dialog
and the dial's footer at once)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App
from .test_coach import import_record
from .test_phone import record_until


def test_clock_s_end_says_the_fourth_king_once(app: App) -> None:
    record, view = record_until("clock", {"exchange": True}, 1, 1, lambda v: bool(v.get("outcome")))
    assert view["outcome"] and "fourth king" in view["outcome"]["reason"]
    import_record(app, "clock", record, "?deal=1&exchange=true")
    page = app.page
    expect(page.locator("#outcome[open]")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    text = page.evaluate("() => document.querySelector('.game').innerText")
    assert len(re.findall(r"fourth king", text, re.I)) == 1, text
