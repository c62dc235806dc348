"""The computers' pace: at a draw game with two computers (a fixed deal), a computer's
turn of draws and a play is one worker round trip, its drawn tiles fly from the boneyard together,
then its tile slides to the table; the next computer move starts only once those slides have
ended; the tiles played since your last turn are marked (and lose the mark once you play); the
"instant" pace shows no motion at all.

Deal 98 (double-6, three players, seats: you, two easy computers): you hold the highest double and
lead; computer 1 then draws 7 tiles and plays, computer 2 plays, and it is your turn with a tile to
play. Deal 26 (the same table): you move first and must draw 7 tiles, one click. (Both found
natively with engine.session; the engine tests check the batch itself.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import (
    SCREEN_TIMEOUT_MS,
    App,
    box_of,
    centre,
    open_table,
    screenshot,
    screenshots_wanted,
    two_taps,
)

# the engine's own request put back, the sampling stopped (INSTRUMENT undone): the next module starts in place
UNINSTRUMENT = """() => {
  const engine = window.boneyard.engine;
  if (engine.__plain) { delete engine.request; delete engine.__plain; }
  if (window.__pace) window.__pace.stop = true;
  delete window.__pace;
}"""
pytestmark = [pytest.mark.patches_page(undo=UNINSTRUMENT),  # the engine's request is wrapped (INSTRUMENT)
              pytest.mark.motion]  # the computers' pace and flights (conftest.with_motion)

LINK = "#/play/draw?deal=98&set=double-6&players=3&target=50&seats=human,ai:easy,ai:easy"
FIRST_DRAWS = 7  # computer 1's draws on its first turn
PERSON_DRAWS_LINK = "#/play/draw?deal=26&set=double-6&players=3&target=50&seats=human,ai:easy,ai:easy"
PERSON_DRAWS = 7  # your draws on your first turn of that deal
NORMAL_DELAY_MS = 800  # the "normal" computer speed's pause after the slides (store/table.js SPEEDS)
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "pace"

# Every animation frame: the ghosts in flight (face-down draws, tiles), and each ghost's centre;
# every request through the worker: its op, flag, send and answer times and the answer's events.
INSTRUMENT = """() => {
  const pace = window.__pace = { frames: [], requests: [], stop: false };
  const engine = window.boneyard.engine;
  if (!engine.__plain) engine.__plain = engine.request.bind(engine);
  engine.request = async (request) => {
    const entry = { op: request.op, until: request.until_playable ?? null, sent: performance.now() };
    pace.requests.push(entry);
    const answer = await engine.__plain(request);
    entry.answered = performance.now();
    entry.events = answer.view?.events?.map((e) => ({ seat: e.seat, kind: e.kind, tile: e.tile ?? null })) ?? [];
    return answer;
  };
  const tick = () => {
    const ghosts = [...document.querySelectorAll(".motion-ghost")].map((g) => {
      const r = g.getBoundingClientRect();
      return { key: g.dataset.ghost ?? null, back: g.classList.contains("motion-back"), x: r.left + r.width / 2,
        y: r.top + r.height / 2 };
    });
    pace.frames.push({ t: performance.now(), ghosts });
    if (!pace.stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def open_recorded(app: App, speed: str, link: str = LINK) -> None:
    """The deal at the given computer speed, with the frames and requests recorded from its start
    (the page's document stays: the link is followed from the home screen)."""
    app.page.goto(f"{app.url}#/")
    app.page.evaluate(INSTRUMENT)
    open_table(app, link, speed)


def wait_my_turn(app: App) -> None:
    page = app.page
    expect(page.locator("#turn")).to_have_attribute("data-whose", "you", timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator("#table-screen")).to_have_attribute("data-busy", "false")


def recorded(app: App) -> dict[str, Any]:
    """Stop sampling; the frames and requests so far."""
    value: dict[str, Any] = app.page.evaluate("() => { window.__pace.stop = true; return window.__pace; }")
    return value


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return float(abs(a[0] - b[0]) + abs(a[1] - b[1]))


def marked(app: App) -> list[str]:
    value: list[str] = app.page.eval_on_selector_all("#layout [data-placed].since-turn",
                                                     "els => els.map(e => e.dataset.placed)")
    return value


def test_a_computers_turn_is_one_request_its_draws_fly_together_then_its_tile(app: App) -> None:
    open_recorded(app, "normal")
    wait_my_turn(app)
    app.page.wait_for_timeout(100)
    pace = recorded(app)
    ai = [r for r in pace["requests"] if r["op"] == "ai"]
    assert len(ai) == 2, pace["requests"]  # one request per computer turn
    first, second = ai
    assert first["until"] is True and second["until"] is True
    kinds = [e["kind"] for e in first["events"]]
    assert kinds == ["draw"] * FIRST_DRAWS + ["play"], first["events"]  # the draws and the play: one round trip
    assert all(e["tile"] is None for e in first["events"][:-1])  # a computer's drawn tiles are not shown
    played = first["events"][-1]["tile"]

    during = [f for f in pace["frames"] if first["answered"] <= f["t"] < second["sent"]]
    backs = [sum(g["back"] for g in f["ghosts"]) for f in during]
    assert max(backs) >= 3, backs  # several drawn tiles in flight at once
    # each face-down tile goes from the boneyard line towards computer 1's seat
    stock = box_of(app.page.locator("#table-info"))
    seat = box_of(app.page.locator('.seat[data-seat="1"]'))
    assert stock and seat
    backs_path = [(g["x"], g["y"]) for f in during for g in f["ghosts"] if g["back"]]
    assert distance(backs_path[0], centre(stock)) < distance(backs_path[0], centre(seat))
    assert distance(backs_path[-1], centre(seat)) < distance(backs_path[-1], centre(stock))

    # the played tile waits at the seat while the draws fly, then slides to its place
    path = [(f["t"], g["x"], g["y"]) for f in during for g in f["ghosts"] if g["key"] == played]
    assert len(path) >= 4, path
    start = path[0]
    moving = [t for t, x, y in path if abs(x - start[1]) + abs(y - start[2]) > 4]
    assert moving, path
    last_back = max(f["t"] for f, n in zip(during, backs, strict=True) if n)
    assert min(moving) >= last_back - 50, (min(moving), last_back)

    # the next computer move waits for every slide to end, then the speed's pause
    slid = [f["t"] for f in during if f["ghosts"]]
    assert slid and second["sent"] - max(slid) >= NORMAL_DELAY_MS - 100, (second["sent"], max(slid))
    assert not app.errors


@pytest.mark.screenshots
def test_the_tiles_played_since_your_turn_are_marked_until_you_play(app: App) -> None:
    page = app.page
    open_recorded(app, "normal")
    wait_my_turn(app)
    pace = recorded(app)
    theirs = {r["events"][-1]["tile"]: r["events"][-1]["seat"] for r in pace["requests"] if r["op"] == "ai"}
    assert len(theirs) == 2 and set(theirs.values()) == {1, 2}
    assert sorted(marked(app)) == sorted(theirs)
    for tile, seat in theirs.items():
        name = page.locator(f'.seat[data-seat="{seat}"] .seat-name').inner_text().strip()
        title = page.locator(f'#layout [data-placed="{tile}"] > title').text_content()
        assert title == f"{tile}: played by {name} since your last turn", title
    label = page.locator("#layout .layout-stage").get_attribute("aria-label") or ""
    assert "played since your last turn" in label and all(t in label for t in theirs), label
    # how it reads, light and dark, once the last slide has landed
    expect(page.locator(".motion-ghost")).to_have_count(0)
    for scheme in ("light", "dark") if screenshots_wanted() else ():
        page.emulate_media(color_scheme=scheme)
        page.wait_for_timeout(100)
        screenshot(page, SHOTS / f"since-turn-{scheme}.png")
        screenshot(page.locator("#layout"), SHOTS / f"since-turn-{scheme}-table.png")
    page.emulate_media(color_scheme="light")

    moves = int(page.get_attribute("#table-screen", "data-moves") or 0)
    two_taps(page)
    page.locator(".hand-tile.playable").first.click()
    page.locator(".end-marker.active").first.click()
    # at once after your move (the computers wait for its slide): nothing is marked any more
    page.wait_for_function("n => Number(document.querySelector('#table-screen').dataset.moves) >= n", arg=moves + 1,
                           timeout=SCREEN_TIMEOUT_MS)
    assert page.get_attribute("#table-screen", "data-moves") == str(moves + 1)
    assert marked(app) == []
    # the computers' next plays are marked in their turn; the old ones stay unmarked
    wait_my_turn(app)
    now = marked(app)
    assert not set(now) & set(theirs)
    assert not app.errors


def test_your_forced_draws_are_one_click_one_request_and_fly_in_together(app: App) -> None:
    """Deal 26: you move first, nothing fits, and you draw 7 tiles before one does."""
    page = app.page
    open_recorded(app, "normal", PERSON_DRAWS_LINK)
    wait_my_turn(app)
    hand = set(page.eval_on_selector_all("#hand [data-tile]", "els => els.map(e => e.dataset.tile)"))
    assert page.locator(".hand-tile.playable").count() == 0
    moves = int(page.get_attribute("#table-screen", "data-moves") or 0)
    page.evaluate("() => { window.__pace.frames.length = 0; window.__pace.requests.length = 0; }")
    page.locator("#actions [data-move]").click()  # the only move: Draw
    expect(page.locator("#table-screen")).to_have_attribute("data-moves", str(moves + PERSON_DRAWS))
    expect(page.locator(".motion-ghost")).to_have_count(0)
    pace = recorded(app)
    assert [(r["op"], r["until"]) for r in pace["requests"]] == [("play", True)]  # one click, one request
    assert [e["kind"] for e in pace["requests"][0]["events"]] == ["draw"] * PERSON_DRAWS
    drawn = set(page.eval_on_selector_all("#hand [data-tile]", "els => els.map(e => e.dataset.tile)")) - hand
    assert len(drawn) == PERSON_DRAWS
    flying = [{g["key"] for g in f["ghosts"]} & drawn for f in pace["frames"]]
    assert max(map(len, flying)) >= 3, flying  # several of the drawn tiles in flight at once
    assert set().union(*flying) == drawn  # every drawn tile flew in
    assert page.locator(".hand-tile.playable").count() > 0  # the last one drawn can be played
    assert not app.errors


def test_instant_shows_no_motion_and_keeps_one_request_a_turn(app: App) -> None:
    open_recorded(app, "instant")
    wait_my_turn(app)
    pace = recorded(app)
    assert not any(f["ghosts"] for f in pace["frames"])
    ai = [r for r in pace["requests"] if r["op"] == "ai"]
    assert len(ai) == 2 and len(ai[0]["events"]) == FIRST_DRAWS + 1
    assert sorted(marked(app)) == sorted(r["events"][-1]["tile"] for r in ai)
    assert not app.errors
