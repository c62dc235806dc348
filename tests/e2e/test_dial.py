"""The solitaires' screens: The Big Clock's hand is a needle (not a
tile) pointing at the hour it concerns, double-9 slots sit at their hours, a double going home turns
(its flight sampled at even points of its own time) and stands upright under its hour, readable;
Clock's exchange choices sit on the dial and are at least 44 x 44 px on a touch screen; Luzon fits
every listed screen with every tile in view. With --screenshots, screenshots (light and dark, start
and mid-game) go to test-results/dial/."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import FloatRect, expect

from tests.engine.helpers import call

from .conftest import App, box_of, expect_moves, open_deal, screenshot, until_still
from .solitaire_play import CLOCK_EXCHANGE_SEED, first_moves, import_moves

pytestmark = pytest.mark.motion  # a double's flight home (conftest.with_motion)

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "dial"
LUZON_SIZES = [(1280, 800), (1366, 768), (390, 844), (360, 740), (844, 390)]
SHOT_SIZES = [(1280, 800), (390, 844), (360, 740)]


@pytest.fixture(scope="module")
def phone(phone: App) -> App:
    """The touch screen at 360 x 740."""
    phone.page.set_viewport_size({"width": 360, "height": 740})
    return phone


# ---- The Big Clock

# Where the hand points and where each slot is, as angles in degrees clockwise from 12 o'clock (screen y down).
ANGLES = """() => {
  const centre = (e) => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const angle = ([x0, y0], [x1, y1]) => (Math.atan2(x1 - x0, -(y1 - y0)) * 180 / Math.PI + 360) % 360;
  const hand = document.querySelector('#board .bc-hand');
  const hub = centre(hand.querySelector('.hand-hub'));
  const dial = document.querySelector('#board .bc-dial');
  const slots = Object.fromEntries([...document.querySelectorAll('#board .bc-slot')].map((s) =>
    [s.dataset.slot, angle(hub, centre(s))]));
  const needle = hand.querySelector('.hand-needle').getBBox();
  return { hand: angle(hub, centre(hand.querySelector('.hand-tip'))), hour: hand.dataset.hour, slots,
    label: hand.getAttribute('aria-label'), role: hand.getAttribute('role'),
    tiles: hand.querySelectorAll('.domino').length, needle: [needle.width, needle.height],
    dialCentre: centre(dial), hub };
}"""


def off(a: float, b: float) -> float:
    """The angle between two directions, in degrees."""
    return abs((a - b + 180) % 360 - 180)


def test_the_hand_is_a_needle_pointing_at_its_hour(app: App) -> None:
    page = app.page
    open_deal(app, "big-clock", 11, set="double-12")
    seen = page.evaluate(ANGLES)
    # a hand, not a tile: a needle many times longer than wide, no domino in it; named as the 0-0 for a screen reader
    assert seen["tiles"] == 0
    assert seen["needle"][1] > 5 * seen["needle"][0]
    assert seen["role"] == "img" and "0-0" in seen["label"]
    assert math.dist(seen["hub"], seen["dialCentre"]) < 3  # it turns about the dial's centre
    # at the start of double-12 it points at 12 o'clock, which is up
    assert seen["hour"] == "12" and off(seen["hand"], 0) < 3 and off(seen["slots"]["slot12"], 0) < 3
    # a move to a slot: the hand points at that slot
    shift = next(m for m in call(op="new", game="big-clock", seed=11, options={"set": "double-12"},
                                 seats=["human"])["view"]["legal"] if m["kind"] == "shift")
    page.click(f"#board [data-slot={shift['from']}]")
    page.click(f"#board [data-slot={shift['to']}]")
    expect_moves(app, 1)
    until_still(app.page)  # the hand's turn to its new hour too
    seen = page.evaluate(ANGLES)
    assert seen["hour"] == shift["to"].removeprefix("slot")
    assert off(seen["hand"], seen["slots"][shift["to"]]) < 3, seen
    assert not app.errors


def test_double_nine_slots_sit_at_their_hours(app: App) -> None:
    page = app.page
    open_deal(app, "big-clock", 11, set="double-9")
    seen = page.evaluate(ANGLES)
    assert sorted(seen["slots"]) == sorted(f"slot{k}" for k in range(1, 10))
    for k in range(1, 10):
        assert off(seen["slots"][f"slot{k}"], 30 * k) < 3, (k, seen["slots"])  # slot 1 at 1 o'clock ... 9 at 9
    assert seen["hour"] == "1" and off(seen["hand"], 30) < 3  # the hand at slot 1 before any move


def test_the_half_dial_rim_ends_under_its_hours(phone: App) -> None:
    """A phone held upright: the double-6 dial stands as a clock's right half, its rim an arc from
    hour 1 to hour 6, each end under that hour's tile (no stray line from 12 o'clock)."""
    page = phone.page
    open_deal(phone, "big-clock", 1, set="double-6")
    expect(page.locator("#board .bc-dial.bc-tall")).to_be_attached()
    until_still(page)
    seen = page.evaluate("""() => {
      const rim = document.querySelector('#board .bc-dial .bc-rim path');
      if (!rim) return null;
      const ctm = rim.getScreenCTM();
      const at = (length) => {
        const p = rim.getPointAtLength(length);
        return new DOMPoint(p.x, p.y).matrixTransform(ctm);
      };
      const under = (point) => [...document.querySelectorAll('#board .bc-slot')].find((s) => {
        const r = s.querySelector('.bc-stack').getBoundingClientRect();
        return point.x >= r.left && point.x <= r.right && point.y >= r.top && point.y <= r.bottom;
      })?.dataset.slot ?? null;
      return [under(at(0)), under(at(rim.getTotalLength()))];
    }""")
    assert seen == ["slot1", "slot6"], f"the rim's ends lie under {seen} (None: out in the open)"
    assert not phone.errors


# The ghost of the tile in flight, once it shows (however long the engine took to answer the move;
# at most `limit` ms): its turn and centre at `steps` + 1 even points of its flight's own time, start
# to end. Read from its animation, set to each point and back in one task (nothing is drawn
# meanwhile, the flight goes on as it was), not from the frames a loaded machine happens to draw:
# one of those, late, saw the start and then the flight all but landed (no angle between).
SAMPLE = """(steps, limit = 10_000) => new Promise((resolve) => {
  const start = performance.now();
  const tick = () => {
    const ghost = document.querySelector('.motion-ghost');
    const flight = ghost?.getAnimations()[0];
    if (!flight) {
      if (performance.now() - start < limit) requestAnimationFrame(tick); else resolve([]);
      return;
    }
    const { delay, activeDuration } = flight.effect.getComputedTiming();
    const now = flight.currentTime;
    const frames = [];
    for (let i = 0; i <= steps; i += 1) {
      flight.currentTime = delay + (activeDuration - 1) * i / steps;  // its last point 1 ms before it lands
      const m = new DOMMatrix(getComputedStyle(ghost).transform);
      const r = ghost.getBoundingClientRect();
      frames.push({ turn: Math.atan2(m.b, m.a) * 180 / Math.PI, centre: [r.left + r.width / 2, r.top + r.height / 2] });
    }
    flight.currentTime = now;
    resolve(frames);
  };
  requestAnimationFrame(tick);
})"""


def home_move(seed: int, size: str) -> dict[str, Any]:
    """A first move of a deal that brings a double home (a shift)."""
    view = call(op="new", game="big-clock", seed=seed, options={"set": size}, seats=["human"])["view"]
    return next(m for m in view["legal"] if m.get("home"))


@pytest.mark.parametrize("size", ["double-12", "double-9"])
def test_a_double_going_home_turns(app: App, size: str) -> None:
    page = app.page
    move = home_move(11, size)
    open_deal(app, "big-clock", 11, set=size)
    page.evaluate("() => { document.documentElement.dataset.motion = 'normal'; }")
    target = page.locator(f"#board [data-slot={move['to']}]")
    page.click(f"#board [data-slot={move['from']}]")
    page.evaluate(f"steps => {{ window.__frames = ({SAMPLE})(steps); }}", 8)
    target.click()
    frames = page.evaluate("() => window.__frames")
    expect_moves(app, 1)
    until_still(app.page)
    # it flew home turning: from lying (a quarter turn) to upright, through the angles between
    turns = [abs(f["turn"]) for f in frames]
    assert len(turns) >= 4, frames
    assert turns[0] > 60 and turns[-1] < 15, turns
    assert any(20 < t < 70 for t in turns), turns
    assert turns == sorted(turns, reverse=True), turns  # turning one way only
    # at home: upright, readable, under its hour, not covered and covering nothing
    report = page.evaluate("""key => {
      const slot = document.querySelector(`#board [data-slot=${key}]`);
      const tile = slot.querySelector('.bc-upright').getBoundingClientRect();
      const hour = slot.querySelector('.bc-hour').getBoundingClientRect();
      const hits = [...document.querySelectorAll('#board .bc-stack svg, #board .bc-hour, #board .bc-depth')]
        .filter((e) => !slot.contains(e) && getComputedStyle(e).visibility !== 'hidden').filter((e) => {
          const r = e.getBoundingClientRect();
          return Math.min(r.right, tile.right) - Math.max(r.left, tile.left) > 1 &&
            Math.min(r.bottom, tile.bottom) - Math.max(r.top, tile.top) > 1; }).length;
      const top = document.elementFromPoint(tile.left + tile.width / 2, tile.top + tile.height / 4);
      return { home: slot.classList.contains('home'), size: [tile.width, tile.height], gap: tile.top - hour.bottom,
        hits, onTop: Boolean(top?.closest('.bc-upright')) };
    }""", move["to"])
    assert report["home"] and report["size"][1] > 1.8 * report["size"][0] >= 24, report
    assert report["gap"] >= -0.5 and report["hits"] == 0 and report["onTop"], report
    assert not app.errors


# ---- Clock (CARDominoes)

def inside(inner: FloatRect, outer: FloatRect) -> bool:
    return (inner["x"] >= outer["x"] - 0.5 and inner["y"] >= outer["y"] - 0.5 and
            inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5 and
            inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5)


CLOCK_CARDS = """() => {
  const cards = [...document.querySelectorAll('#board .ck-card:not(.ck-none)')].map((c) => c.getBoundingClientRect());
  const labels = [...document.querySelectorAll('#board .ck-foot, #board .ck-hour')];
  const covered = labels.filter((f) => { const a = f.getBoundingClientRect();
    return cards.some((b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1); }).map((f) => f.textContent);
  return {width: Math.min(...cards.map((c) => c.width)), height: Math.min(...cards.map((c) => c.height)), covered};
}"""


def test_clock_cards_are_readable_on_a_phone(phone: App) -> None:
    """At 360x740, mid-game (the exchange on, as by default): every card at least 22 x 44 px, and no
    pile's label ("4 down", its hour) lies over a card."""
    page = phone.page
    moves = first_moves("clock", {"exchange": True}, 1, 12, pick="turn")
    open_deal(phone, "clock", 1, exchange="true")
    import_moves(phone, "clock", {"exchange": True}, 1, moves)
    seen = page.evaluate(CLOCK_CARDS)
    assert seen["width"] >= 22 and seen["height"] >= 44 and not seen["covered"], seen
    assert not phone.errors


EXCHANGE_PANEL = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height}; };
  // shown as Playwright's to_be_visible has it: a box that is not empty, and not visibility: hidden
  const shown = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const element = document.querySelector('#board .ck-exchange'), panel = element.getBoundingClientRect();
  const overlaps = [...document.querySelectorAll('#board .ck-pile:not(.centre)')].filter((p) => {
    const r = p.getBoundingClientRect();
    return Math.min(r.right, panel.right) - Math.max(r.left, panel.left) > 1 &&
      Math.min(r.bottom, panel.bottom) - Math.max(r.top, panel.top) > 1; }).map((p) => p.dataset.pile);
  const offered = [...document.querySelectorAll('#board .ck-dial .ck-exchange .ck-choice')]
    .map((c) => [box(c), shown(c), c.dataset.slot, c.innerText]);
  return [[box(element), shown(element)], offered, overlaps];
}"""


def test_clock_exchange_choices_sit_on_the_dial(phone: App) -> None:
    page = phone.page
    moves = first_moves("clock", {"exchange": True}, CLOCK_EXCHANGE_SEED, 60, pick="turn")
    open_deal(phone, "clock", CLOCK_EXCHANGE_SEED, exchange="true")
    import_moves(phone, "clock", {"exchange": True}, CLOCK_EXCHANGE_SEED, moves)
    expect(page.locator("#board")).to_have_attribute("data-phase", "exchange")
    view = call(op="new", game="clock", seed=CLOCK_EXCHANGE_SEED, options={"exchange": True}, seats=["human"])
    for move in moves:
        view = call(op="play", session=view["session"], move=move)
    chances = view["view"]["analysis"]["exchange_chances"]
    piles = sorted({c["slot"] for c in chances})
    assert len(piles) > 1
    dial = box_of(page.locator("#board .ck-dial"))
    seen: dict[str, str] = {}
    for slot in piles:  # every pile's face-down tiles, offered on the dial when the pile is chosen
        page.click(f"#board .ck-pile[data-pile='{slot}']")
        expect(page.locator(f"#board .ck-pile[data-pile='{slot}']")).to_have_class(re.compile(r"\bopen\b"))
        choices = page.locator("#board .ck-dial .ck-exchange .ck-choice")
        expect(choices).to_have_count(sum(c["slot"] == slot for c in chances))
        # the panel's box and each choice's (each shown), its place and words, and the piles the panel
        # covers, read at once
        (panel, panel_shown), offered, overlaps = page.evaluate(EXCHANGE_PANEL)
        assert panel_shown and inside(panel, dial), panel
        for box, shown, place, words in offered:
            assert shown and inside(box, dial) and box["width"] >= 44 and box["height"] >= 44, box
            seen[place] = words
        # the choices cover no other pile than the kings' in the centre
        assert overlaps == [], overlaps
    # every face-down tile was offered once, with its chance
    assert sorted(seen) == sorted(f"ex:{c['slot']}:{c['depth']}" for c in chances)
    for c in chances:
        assert f"{round(c['chance'] * 100)}%" in seen[f"ex:{c['slot']}:{c['depth']}"]
    best = chances[0]
    page.click(f"#board .ck-pile[data-pile='{best['slot']}']")
    page.click(f"#board [data-slot='ex:{best['slot']}:{best['depth']}']")
    expect_moves(phone, len(moves) + 1)
    expect(page.locator("#board")).to_have_attribute("data-phase", "turn")
    expect(page.locator("#board .ck-exchange")).to_have_count(0)
    assert not phone.errors


# ---- Luzon

LUZON_FIT = """() => {
  const board = document.querySelector('#board').getBoundingClientRect();
  const tiles = [...document.querySelectorAll('#board .tile, #board .slot-empty')];
  const out = tiles.filter((t) => { const r = t.getBoundingClientRect();
    return r.top < Math.max(0, board.top) - 0.5 || r.left < Math.max(0, board.left) - 0.5 ||
      r.bottom > Math.min(innerHeight, board.bottom) + 0.5 || r.right > Math.min(innerWidth, board.right) + 0.5; })
    .map((t) => t.dataset.tile ?? t.dataset.slot ?? 'empty');
  // a tile's long side (two halves), lying across or standing up (an upright phone's board)
  const widths = [...document.querySelectorAll('#board .tile svg')].map((s) => {
    const r = s.getBoundingClientRect(); return Math.max(r.width, r.height); });
  const se = document.scrollingElement;
  return { scroll: [se.scrollHeight, se.scrollWidth, innerHeight, innerWidth], out, count: tiles.length,
    smallest: Math.min(...widths), largest: Math.max(...widths) };
}"""


def luzon_problems(app: App, label: str, shots: list[tuple[int, int]], stage: str) -> list[str]:
    """What does not fit at each of LUZON_SIZES; at the screen's `shots` sizes the page also
    scrolls in neither colour scheme (test_screenshots' check, with its screenshots)."""
    problems = []
    for width, height in LUZON_SIZES:
        app.page.set_viewport_size({"width": width, "height": height})
        until_still(app.page)  # the resize observer redraws the board in the next frame
        fit = app.page.evaluate(LUZON_FIT)
        where = f"{label} at {width}x{height}"
        scroll_height, scroll_width, inner_height, inner_width = fit["scroll"]
        if scroll_height > inner_height or scroll_width > inner_width:
            problems.append(f"{where}: the page scrolls {fit['scroll']}")
        if fit["out"]:
            problems.append(f"{where}: tiles out of view {fit['out']}")
        if fit["smallest"] < 56 or fit["largest"] - fit["smallest"] > 1:  # readable, reserve as large as the columns
            problems.append(f"{where}: tiles {fit['smallest']:.0f} to {fit['largest']:.0f} px long")
        if (width, height) in shots:
            problems += scroll_problems(app, "luzon", stage, width, height)
    return problems


@pytest.mark.screenshots
def test_luzon_fits_every_screen(app: App, phone: App) -> None:
    """Every listed screen, at the start and mid-game, the desktop's page and the touch screen's
    (the screenshots of Luzon: its states of test_screenshots, the same positions)."""
    moves = first_moves("luzon", {"variant": "twelve"}, 7, 8)
    problems = []
    for screen, label, shots in ((app, "desktop", SHOT_SIZES[:1]), (phone, "touch", SHOT_SIZES[1:])):
        open_deal(screen, "luzon", 7, variant="twelve")
        problems += luzon_problems(screen, f"luzon start {label}", shots, "start")
        import_moves(screen, "luzon", {"variant": "twelve"}, 7, moves)
        problems += luzon_problems(screen, f"luzon mid-game {label}", shots, "mid")
    app.page.set_viewport_size({"width": 1280, "height": 900})
    phone.page.set_viewport_size({"width": 360, "height": 740})
    assert not problems, "\n".join(problems)
    assert not app.errors and not phone.errors


# ---- screenshots to look at

STATES: dict[str, tuple[str, dict[str, Any], int, int, str]] = {  # name: (game, options, seed, moves natively, how)
    "big-clock-9": ("big-clock", {"set": "double-9"}, 11, 40, "advisor"),
    "big-clock-12": ("big-clock", {"set": "double-12"}, 11, 60, "advisor"),
    "clock-exchange": ("clock", {"exchange": True}, CLOCK_EXCHANGE_SEED, 60, "turn"),
}  # (Luzon's, seed 7 at the start and after 8 moves: test_luzon_fits_every_screen)


def scroll_problems(app: App, name: str, stage: str, width: int, height: int) -> list[str]:
    """The page at this size in light and dark (screenshots of both with --screenshots): any scroll."""
    page, problems = app.page, []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        until_still(page)
        screenshot(page, SHOTS / f"{name}-{stage}-{width}x{height}-{scheme}.png")
        scroll = page.evaluate("() => document.scrollingElement.scrollHeight - innerHeight")
        if scroll > 0:
            problems.append(f"{name} {stage} {width}x{height}: the page scrolls by {scroll} px")
    page.emulate_media(color_scheme="light")
    return problems


@pytest.mark.screenshots
@pytest.mark.parametrize("name", STATES)
def test_screenshots(app: App, phone: App, name: str) -> None:
    """Start and mid-game (Clock: the exchange pending) in light and dark at each size; none scrolls."""
    game, options, seed, count, how = STATES[name]
    moves = first_moves(game, options, seed, count, how)
    query = {key: str(value).lower() for key, value in options.items()}
    problems = []
    for screen, sizes in ((app, SHOT_SIZES[:1]), (phone, SHOT_SIZES[1:])):
        page = screen.page
        for stage in ("start", "mid"):
            if stage == "start":
                open_deal(screen, game, seed, **query)
            else:
                import_moves(screen, game, options, seed, moves)
            for width, height in sizes:
                page.set_viewport_size({"width": width, "height": height})
                problems += scroll_problems(screen, name, stage, width, height)
    app.page.set_viewport_size({"width": 1280, "height": 900})
    assert not problems, "\n".join(problems)
    assert not app.errors and not phone.errors
