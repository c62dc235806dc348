"""The statistics page: per game and options a chart of results over time and of the
win rate by month beside the table, with data and with none; the assisted, daily-deal and
winnable-only columns; a reset per game; entries read back validated and as data (a bad dated
result drops its entry, said; entries named like an object's built-ins are names like any
other); axe clean; with --screenshots, screenshots at 1280x800 and 360x740 in
test-results/screens/."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.typed import known

from .conftest import ROOT, App, screenshot, serious, stats, until_still

SCREENS = ROOT / "test-results" / "screens"

HISTORY = [{"d": f"2026-{m:02d}-{d:02d}", "w": w} for m, d, w in
           [(9, 3, 1), (9, 20, 0), (10, 1, 0), (10, 2, 1), (10, 15, 1), (11, 1, 0), (11, 22, 1), (11, 23, 1)]]
ENTRIES = {
    "luzon|variant=twelve": {
        "game": "luzon", "options": {"variant": "twelve"}, "played": 8, "won": 5, "streak": 2, "bestStreak": 2,
        "winnable": {"deals": 6, "won": 5}, "assisted": {"played": 2, "won": 1},
        "daily": {"played": 2, "won": 2, "streak": 2, "bestStreak": 2, "lastWon": "2026-11-23"},
        "history": [*HISTORY[:-2], {"d": "2026-11-22", "w": 1, "y": 1, "a": 1}, {"d": "2026-11-23", "w": 1, "y": 1}],
    },
    "luzon|variant=sixes|winnable-only": {
        "game": "luzon", "options": {"variant": "sixes"}, "winnableOnly": True, "played": 1, "won": 0, "streak": 0,
        "bestStreak": 0, "history": [{"d": "2026-11-23", "w": 0, "q": 1}],
    },
    "draw|players=2|set=double-6|target=100": {
        "game": "draw", "options": {"players": 2, "set": "double-6", "target": 100}, "played": 3, "won": 1,
        "streak": 0, "bestStreak": 1, "scores": {"count": 3, "sum": 190, "best": 104, "lowerIsBetter": False},
        "history": [{"d": "2026-11-20", "w": 1, "s": 104}, {"d": "2026-11-21", "w": 0, "s": 40},
                    {"d": "2026-11-22", "w": 0, "s": 46}],
    },
    # counted before the charts existed: no dated result
    "clock|exchange=true": {"game": "clock", "options": {"exchange": True}, "played": 2, "won": 1, "streak": 1,
                            "bestStreak": 1},
}


def put_stats(app: App, entries: dict[str, Any]) -> None:
    app.page.evaluate("(text) => localStorage.setItem('boneyard.stats.v1', text)",
                      json.dumps({"format": 1, "recent": [], "entries": entries}))


def open_stats(app: App) -> None:
    app.page.goto(f"{app.url}#/")
    app.page.goto(f"{app.url}#/stats")
    expect(app.page.locator(".stats-page h1")).to_be_visible()


@pytest.mark.screenshots
def test_charts_with_data_and_without(app: App) -> None:
    app.page.set_viewport_size({"width": 1280, "height": 800})
    put_stats(app, ENTRIES)
    open_stats(app)
    page = app.page
    luzon = page.locator("figure[data-chart='luzon|variant=twelve']")
    results, months = luzon.locator("svg.stats-chart").all()
    assert results.locator("rect.won").count() == 5 and results.locator("rect.lost").count() == 3
    assert results.locator("rect.assisted").count() == 1
    assert "Last 8 results" in known(results.get_attribute("aria-label"))
    assert months.locator("rect.rate").count() == 3  # September, October, November
    label = known(months.get_attribute("aria-label"))
    assert "Sep 2026: 50% of 2" in label and "Oct 2026: 67% of 3" in label and "Nov 2026: 67% of 3" in label
    # a table game's bars are as long as its scores
    draw = page.locator("figure[data-chart='draw|players=2|set=double-6|target=100'] svg.stats-chart").first
    heights = [float(h) for h in draw.locator("rect").evaluate_all("rs => rs.map(r => r.getAttribute('height'))")]
    assert heights[0] > heights[2] > heights[1] and "final score" in known(draw.get_attribute("aria-label"))
    # no dated result: said in words, no chart
    clock = page.locator("figure[data-chart='clock|exchange=true']")
    expect(clock.locator(".chart-empty")).to_be_visible()
    assert clock.locator("svg").count() == 0
    # the table: assisted, the daily deal and the winnable-only row
    row = page.locator("tr[data-stats='luzon|variant=twelve']")
    expect(row.locator("td[data-col=assisted]")).to_have_text("2 (1 won)")
    expect(row.locator("td[data-col=daily]")).to_have_text("2 of 2, streak 2 (best 2)")
    expect(page.locator("tr[data-stats='luzon|variant=sixes|winnable-only'] .stats-options")).to_contain_text(
        "winnable deals only")
    assert serious(app.page) == []
    screenshot(page, SCREENS / "stats-charts-1280x800.png", full_page=True)
    page.set_viewport_size({"width": 360, "height": 740})
    until_still(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, SCREENS / "stats-charts-360x740.png", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def test_no_statistics_yet(app: App) -> None:
    app.page.evaluate("localStorage.removeItem('boneyard.stats.v1')")
    open_stats(app)
    expect(app.page.locator(".stats-page .empty")).to_be_visible()
    assert app.page.locator(".stats-charts").count() == 0
    assert serious(app.page) == []


def test_reset_one_game_keeps_the_others(app: App) -> None:
    put_stats(app, ENTRIES)
    open_stats(app)
    page = app.page
    page.click("button[data-reset-game='luzon']")
    page.click("button[data-reset-game-confirm='luzon']")
    expect(page.locator("#notice, .stats-page")).not_to_have_count(0)
    expect(page.locator("figure[data-chart^='luzon|']")).to_have_count(0)
    expect(page.locator("figure[data-chart^='draw|']")).to_have_count(1)
    assert sorted(stats(app)) == ["clock|exchange=true", "draw|players=2|set=double-6|target=100"]


def test_a_bad_dated_result_drops_its_entry(app: App) -> None:
    for bad in ({"d": "yesterday", "w": 1}, {"d": "2026-11-23", "w": 2}, {"d": "2026-11-23", "w": 1, "x": 1},
                {"d": "2026-11-23", "w": 1, "s": "9"}):
        entry = {**ENTRIES["clock|exchange=true"], "history": [bad]}
        put_stats(app, {"clock|exchange=true": entry})
        open_stats(app)
        expect(app.page.locator(".stats-page .empty")).to_be_visible()
        expect(app.page.locator("#notice")).to_contain_text("A statistics entry could not be read")
        assert stats(app) == {}, bad
    # an inherited property is not an own one: a "__proto__" key in the text is refused
    app.page.evaluate("""() => localStorage.setItem('boneyard.stats.v1', '{"format": 1, "recent": [], "entries": ' +
      '{"x": {"game": "clock", "options": {}, "played": 1, "won": 0, "streak": 0, "bestStreak": 0, ' +
      '"history": [{"__proto__": {"d": "2026-11-23", "w": 0}}]}}}')""")
    open_stats(app)
    expect(app.page.locator(".stats-page .empty")).to_be_visible()


BUILT_IN_NAMES = ("constructor", "toString", "__proto__", "hasOwnProperty")


def test_entries_named_like_built_ins_are_data_and_the_resets_stay(app: App) -> None:
    page = app.page
    tally = {"options": {}, "played": 1, "won": 1, "streak": 1, "bestStreak": 1,
             "history": [{"d": "2026-11-23", "w": 1}]}
    entries = {name: {**tally, "game": name} for name in BUILT_IN_NAMES}
    entries["luzon|variant=twelve"] = ENTRIES["luzon|variant=twelve"]
    entries["valueOf"] = {**tally, "game": "luzon", "played": "many"}  # cannot be read: dropped, said
    put_stats(app, entries)  # JSON text: "__proto__" is an own key, as JSON.parse gives it
    open_stats(app)
    expect(page.locator("#notice")).to_contain_text("A statistics entry could not be read and was removed")
    for name in BUILT_IN_NAMES:
        expect(page.locator(f"tr[data-stats='{name}'] .stats-game")).to_have_text(name)
        expect(page.locator(f"button[data-reset-game='{name}']")).to_be_visible()
    expect(page.locator("tr[data-stats='luzon|variant=twelve']")).to_be_visible()
    assert sorted(stats(app)) == sorted([*BUILT_IN_NAMES, "luzon|variant=twelve"])
    page.click("button[data-reset-game='constructor']")
    page.click("button[data-reset-game-confirm='constructor']")
    expect(page.locator("tr[data-stats='constructor']")).to_have_count(0)
    assert "constructor" not in stats(app) and "__proto__" in stats(app)
    page.click("#stats-reset")
    page.click("#stats-reset-confirm")
    expect(page.locator(".stats-page .empty")).to_be_visible()
    assert not [e for e in app.errors if e.startswith("pageerror")], app.errors
