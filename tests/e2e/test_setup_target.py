"""The table games' setup shows the target score (the sheet's by default) and says what a blocked
round can score."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import SCREEN_TIMEOUT_MS, App

DEFAULTS = {"matador": "100", "tiddle-a-wink": "200", "draw": "100", "round-the-clock": "100"}


@pytest.mark.parametrize("game", list(DEFAULTS))
def test_the_setup_offers_the_target_and_says_what_a_blocked_round_scores(app: App, game: str) -> None:
    page = app.page
    page.goto(f"{app.url}#/")
    page.evaluate("game => localStorage.removeItem('boneyard.game.' + game)", game)
    page.goto(f"{app.url}#/play/{game}")
    expect(page.locator("#setup")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("label[for=setup-target]")).to_have_text("Target score")
    expect(page.locator("#setup-target")).to_have_value(DEFAULTS[game])
    expect(page.locator("#setup-target-help")).to_contain_text("A blocked round")
    expect(page.locator("#setup-target-help")).to_contain_text("in one round")
