"""The page's settled signal (web/settled.js, <html data-settled>), which every other test waits
on: it names what is under way (the engine answering, a slide, a pause of the turn sequencer)
while anything is, and says "yes" only once nothing is."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import App, computer_speed, frames, open_deal, settled, solve
from .solitaire_play import LUZON_WON_SEED, click_move

RECORD = """() => {
  window.__settled = [];
  window.__settledObserver?.disconnect();
  const root = document.documentElement;
  window.__settledObserver = new MutationObserver(() => window.__settled.push(root.dataset.settled));
  window.__settledObserver.observe(root, {attributes: true, attributeFilter: ["data-settled"]});
}"""
UNRECORD = "() => { window.__settledObserver?.disconnect(); delete window.__settledObserver; delete window.__settled; }"

pytestmark = [pytest.mark.patches_page(undo=UNRECORD),  # an observer of <html> (RECORD), disconnected after
              pytest.mark.motion]  # the settled signal while tiles slide (conftest.with_motion)


def recorded(page: Page) -> list[str]:
    """Every value <html data-settled> took since RECORD ran."""
    values: list[str] = page.evaluate("() => window.__settled")
    return values


def test_a_move_is_under_way_until_its_answer_and_its_slide_are_over(app: App) -> None:
    page = app.page
    computer_speed(page, None)  # the default pace; motion on (the default)
    open_deal(app, "luzon", LUZON_WON_SEED)
    settled(page)
    page.evaluate(RECORD)
    click_move(app, solve(LUZON_WON_SEED)["solution"][0])
    expect(page.locator("#board")).to_have_attribute("data-moves", "1")
    settled(page)
    seen = recorded(page)
    assert any("engine" in value for value in seen), seen  # the move's request
    assert any("motion" in value for value in seen), seen  # its tiles sliding
    assert seen[-1] == "yes", seen


def test_a_run_is_under_way_until_it_is_stopped_and_then_stays_settled(app: App) -> None:
    page = app.page
    computer_speed(page, "slow")  # the solution's steps a pause apart
    open_deal(app, "luzon", LUZON_WON_SEED)
    settled(page)
    page.evaluate(RECORD)
    button = page.locator("button[data-action=solution]")
    button.click()
    expect(page.locator("#board")).to_have_attribute("data-moves", "2")
    assert page.locator("html").get_attribute("data-settled") != "yes"  # more steps are due
    button.click()  # "Stop the solution"
    settled(page)
    assert any("timer" in value for value in recorded(page)), recorded(page)  # the pauses between steps
    moves = page.locator("#board").get_attribute("data-moves")
    frames(page, 30)
    assert page.locator("html").get_attribute("data-settled") == "yes"
    assert page.locator("#board").get_attribute("data-moves") == moves
    computer_speed(page)
