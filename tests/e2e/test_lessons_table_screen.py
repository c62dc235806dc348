"""The table games' guided deals (engine.lessons: matador, tiddle_a_wink, round_the_clock) on the
ordinary play screen: the lesson's deal set up on the setup form, its suggested moves made by
click. In the browser the computers play as natively (each step comes after the moves it names),
every place a note points at is on the screen at its step, and the round ends with the score the
lesson's ending says."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine.lessons import lesson_for

from .conftest import App
from .test_tables import fresh, set_up

TIMEOUT = 20_000


@pytest.mark.parametrize("game", ["matador", "tiddle-a-wink", "round-the-clock"])
def test_a_table_lesson_plays_on_the_screen_as_it_says(app: App, game: str) -> None:
    lesson = lesson_for(game)
    assert lesson is not None
    page = app.page
    screen = page.locator("#table-screen")
    fresh(app, game)
    set_up(app, {key: str(value) for key, value in lesson.options.items()}, list(lesson.seats), lesson.seed)
    for i, step in enumerate(lesson.steps):
        expect(screen).to_have_attribute("data-moves", str(step.at), timeout=TIMEOUT)
        expect(screen).not_to_have_attribute("data-busy", "true", timeout=TIMEOUT)
        expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=TIMEOUT)
        missing = [key for key in step.point_at if not page.locator(f'[data-key="{key}"]').count()]
        assert not missing, f"{game} step {i}: {missing} not on the screen"
        move = step.moves[0]
        if move.startswith("play:"):
            _, tile, end = move.split(":")[:3]
            page.click(f'.hand-tile[data-key="{tile}"]')
            page.click(f'.end-marker[data-end="{end}"]')
            way = page.locator(f'#actions [data-move="{move}"]')  # a matador's two ways round: which
            if way.count():
                way.click()
        else:
            page.click(f'#actions [data-move="{move}"]')
    expect(page.locator("#round-summary[open]")).to_have_count(1, timeout=TIMEOUT)
    score = page.locator("#summary-arithmetic").inner_text()
    total = score.split("=")[-1].split()[0]
    assert total in lesson.ending, (score, lesson.ending)
