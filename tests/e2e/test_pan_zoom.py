"""The table's pan and zoom: the zoom buttons, the + and - keys, Ctrl+wheel and a
pinch (two touch points through the DevTools protocol) change the size of the tiles and Fit brings
the layout back to its fitted size; a play off screen is scrolled into view (the box follows the
latest play); a tile dragged towards an end that is off screen pans the box when held near its
edge and drops on that end, with a mouse at 1280x800 zoomed in and with a finger on a 360x740
phone, several times in a row (the issue saw 2 drags of 7 to such ends fail)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import CDPSession, Page, expect

from .conftest import SCREEN_TIMEOUT_MS, App, box_of, frames, settled, two_taps
from .native_records import open_large

pytestmark = pytest.mark.motion  # the table following each flight (conftest.with_motion)

DRAG_TIMEOUT_S = 12  # to pan a box to an end and drop on it


def unit(app: App) -> float:
    return float(app.page.get_attribute("#layout", "data-unit") or 0)


def tile_size(app: App) -> float:
    """The long side of the root tile on screen, in CSS px."""
    box = box_of(app.page.locator(".layout-svg .root-tile"))
    return max(box["width"], box["height"])


def changes(app: App, action: Callable[[], None]) -> tuple[float, float]:
    """(ratio of the unit, ratio of the tile's size on screen) across `action`."""
    before = (unit(app), tile_size(app))
    action()
    app.page.wait_for_function("before => Number(document.querySelector('#layout').dataset.unit) !== before",
                               arg=before[0], timeout=SCREEN_TIMEOUT_MS)
    return unit(app) / before[0], tile_size(app) / before[1]


def test_buttons_keys_and_ctrl_wheel_zoom(app: App) -> None:
    page = app.page
    # a desktop wide enough for this table at its smallest tiles (20 px a half) to fit before zooming
    open_large(app, "draw", size=(1600, 1000))
    expect(page.locator("#layout")).to_have_attribute("data-fits", "true")
    fitted = unit(app)
    bar = page.locator(".zoom-bar")
    zoom_in, zoom_out, fit = (bar.locator(f'[aria-label="{z}"]') for z in ("Zoom in", "Zoom out", "Fit the table"))

    unit_ratio, size_ratio = changes(app, zoom_in.click)
    assert abs(unit_ratio - 1.25) < 0.01 and abs(size_ratio - 1.25) < 0.03, (unit_ratio, size_ratio)
    assert page.get_attribute("#layout", "data-fits") == "false"  # zoomed in, the box pans
    unit_ratio, _ = changes(app, zoom_out.click)
    assert abs(unit_ratio - 0.8) < 0.01

    page.locator("#layout").focus()
    unit_ratio, size_ratio = changes(app, lambda: page.keyboard.press("+"))
    assert abs(unit_ratio - 1.25) < 0.01 and abs(size_ratio - 1.25) < 0.03
    unit_ratio, _ = changes(app, lambda: page.keyboard.press("-"))
    assert abs(unit_ratio - 0.8) < 0.01

    box = box_of(page.locator("#layout"))
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.down("Control")
    try:
        unit_ratio, _ = changes(app, lambda: page.mouse.wheel(0, -100))
        assert abs(unit_ratio - 1.1) < 0.01
        unit_ratio, _ = changes(app, lambda: page.mouse.wheel(0, -100))
    finally:
        page.keyboard.up("Control")
    # the page itself never zoomed or scrolled
    assert page.evaluate("() => [visualViewport.scale, scrollY]") == [1, 0]

    changes(app, fit.click)
    assert unit(app) == fitted
    assert page.get_attribute("#layout", "data-fits") == "true"
    assert not app.errors


SESSIONS: dict[int, CDPSession] = {}  # a DevTools session per page


def touch_event(page: Page, kind: str, points: list[tuple[float, float]]) -> None:
    """One touch event through the DevTools protocol: the browser's own touch input (gestures,
    touch-action, pointer events)."""
    if id(page) not in SESSIONS:
        SESSIONS[id(page)] = page.context.new_cdp_session(page)
    SESSIONS[id(page)].send("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": i + 1} for i, (x, y) in enumerate(points)]})


def pinch(page: Page, centre: tuple[float, float], start: float, end: float, steps: int = 10) -> None:
    """Two fingers either side of `centre`, `start` px apart, moved to `end` px apart."""
    cx, cy = centre

    def fingers(spread: float) -> list[tuple[float, float]]:
        return [(cx - spread / 2, cy), (cx + spread / 2, cy)]
    touch_event(page, "touchStart", fingers(start))
    for i in range(1, steps + 1):
        touch_event(page, "touchMove", fingers(start + (end - start) * i / steps))
        page.wait_for_timeout(20)
    touch_event(page, "touchEnd", [])


def test_pinch_zooms_about_the_fingers(phone: App) -> None:
    page = phone.page
    open_large(phone, "draw", size=(360, 740))
    fitted = page.get_attribute("#layout", "data-unit")
    box = box_of(page.locator("#layout"))
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    # the table's point between the fingers, in the stage's proportions, stays between them
    where = """([x, y]) => { const box = document.querySelector('#layout'), stage = box.firstElementChild;
      const r = stage.getBoundingClientRect(); return [(x - r.left) / r.width, (y - r.top) / r.height]; }"""
    before = page.evaluate(where, centre)
    unit_ratio, size_ratio = changes(phone, lambda: pinch(page, centre, 60, 150))
    assert unit_ratio > 1.8 and size_ratio > 1.8, (unit_ratio, size_ratio)
    after = page.evaluate(where, centre)
    stage = box_of(page.locator(".layout-stage"))
    assert abs(after[0] - before[0]) * stage["width"] < 12 and abs(after[1] - before[1]) * stage["height"] < 12, \
        (before, after)
    unit_ratio, _ = changes(phone, lambda: pinch(page, centre, 150, 75))
    assert unit_ratio < 0.7
    assert page.evaluate("() => visualViewport.scale") == 1  # the page did not zoom
    page.locator('.zoom-bar [data-zoom="Fit"]').click()
    expect(page.locator("#layout")).to_have_attribute("data-unit", fitted or "")
    assert not phone.errors


VISIBLE = """sel => { const box = document.querySelector('#layout').getBoundingClientRect();
  const el = document.querySelector(sel); if (!el) return null; const r = el.getBoundingClientRect();
  return r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }"""


SCROLL_AWAY = """end => { const box = document.querySelector('#layout'), stage = box.firstElementChild;
  const m = document.querySelector(`[data-slot="${end}"]`);
  box.scrollLeft = m.offsetLeft + m.offsetWidth / 2 > stage.offsetWidth / 2 ? 0 : box.scrollWidth;
  box.scrollTop = m.offsetTop + m.offsetHeight / 2 > stage.offsetHeight / 2 ? 0 : box.scrollHeight;
  const r = m.getBoundingClientRect(), b = box.getBoundingClientRect();
  return r.right <= b.left || r.left >= b.right || r.bottom <= b.top || r.top >= b.bottom; }"""


def pick_off_screen_play(app: App) -> tuple[str, str]:
    """A playable hand tile and an end it takes, with the box scrolled so that end is wholly out of view."""
    page = app.page
    two_taps(page)
    for tile in page.locator(".hand-tile.playable").all():
        slot = tile.get_attribute("data-slot") or ""
        tile.dispatch_event("click")  # select it, to see where it goes
        ends = page.locator(".end-marker.active")
        expect(ends.first).to_be_attached()
        for end in [e.get_attribute("data-slot") or "" for e in ends.all()]:
            page.keyboard.press("Escape")
            expect(page.locator(".end-marker.active")).to_have_count(0)
            if page.evaluate(SCROLL_AWAY, end):  # as far from that end as the box scrolls
                return slot, end
            tile.dispatch_event("click")
        page.keyboard.press("Escape")
    raise AssertionError("no playable tile with an end that the box can scroll out of view")


OVER = """([end, [x, y]]) => { const m = document.querySelector(`[data-slot="${end}"]`), r = m.getBoundingClientRect();
  return m.classList.contains('drop-over') && r.left <= x && x <= r.right && r.top <= y && y <= r.bottom; }"""


# The spot nearest [x, y] along the box's edge (x from `lo` to `hi`) with no place to drop on under it.
FREE_EDGE_SPOT = """([x, y, [lo, hi]]) => {
  for (let d = 0; d <= hi - lo; d += 8) {
    for (const at of [x - d, x + d]) {
      if (at >= lo && at <= hi && !document.elementFromPoint(at, y)?.closest('.drop-target')) return [at, y];
    }
  }
  return [x, y];
}"""


def drag_to_off_screen_end(app: App, down: Callable[[float, float], None], move: Callable[[float, float], None],
                           up: Callable[[float, float], None]) -> None:
    """Like a person: take the tile, hold it at the box's edge towards the end until the end is in
    view, then drop it on the end. The tile is played."""
    page = app.page
    slot, end = pick_off_screen_play(app)
    tile = slot.removeprefix("hand:")
    moves = int(page.get_attribute("#table-screen", "data-moves") or 0)
    source = box_of(page.locator(f'[data-slot="{slot}"]'))
    assert source
    x, y = source["x"] + source["width"] / 2, source["y"] + source["height"] / 2
    down(x, y)
    for k in range(1, 4):  # out of the hand: the drag starts
        move(x, y - 8 * k)
    where = f"""() => {{ const box = document.querySelector('#layout').getBoundingClientRect();
      const r = document.querySelector('[data-slot="{end}"]').getBoundingClientRect();
      return {{box: [box.left, box.top, box.right, box.bottom], end: [r.left, r.top, r.right, r.bottom]}}; }}"""
    spot = (x, y)
    for _ in range(DRAG_TIMEOUT_S * 10):
        at = page.evaluate(where)
        (bl, bt, br, bb), (el, et, er, eb) = at["box"], at["end"]
        seen = (max(bl, el), max(bt, et), min(br, er), min(bb, eb))  # the part of the end in view
        if seen[2] - seen[0] >= min(20, er - el - 1) and seen[3] - seen[1] >= min(20, eb - et - 1):
            break
        # towards the end, as far as the box's edge (5 px inside it), beside any other place the tile
        # may go there (held over one, the box pans only as far as shows that one: input.js)
        target = page.evaluate(FREE_EDGE_SPOT, [min(max((el + er) / 2, bl + 5), br - 5),
                                                min(max((et + eb) / 2, bt + 5), bb - 5), [bl + 5, br - 5]])
        for k in range(1, 4):
            move(spot[0] + (target[0] - spot[0]) * k / 3, spot[1] + (target[1] - spot[1]) * k / 3)
        spot = target
        page.wait_for_timeout(100)
    else:
        up(*spot)
        raise AssertionError(f"the box did not pan {end} into view: {at}")
    # the end is in view: onto the middle of what is seen of it, looked at afresh before each step (the box
    # pans on until the tile is over the end, and on a slow machine a step takes frames), until the page
    # marks the end as the drop's place; from then on the box holds still while the tile is over it
    for _ in range(DRAG_TIMEOUT_S * 10):
        at = page.evaluate(where)
        (bl, bt, br, bb), (el, et, er, eb) = at["box"], at["end"]
        seen = (max(bl, el), max(bt, et), min(br, er), min(bb, eb))
        target = ((seen[0] + seen[2]) / 2, (seen[1] + seen[3]) / 2)
        move(*target)
        if page.evaluate(OVER, [end, target]):
            break
    else:
        up(*target)
        raise AssertionError(f"the tile never came over {end}")
    frames(page, 20)  # frames enough for the box's edge pan to move it on, if it did not hold still
    el, et, er, eb = page.evaluate(where)["end"]
    assert el <= target[0] <= er and et <= target[1] <= eb, "the end moved away from under the tile"
    expect(page.locator(f'[data-slot="{end}"]')).to_have_class(re.compile(r"\bdrop-over\b"))
    up(*target)
    # played: the tile left the hand for the table
    expect(page.locator(f'.layout-svg [data-placed="{tile}"]')).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(f'#hand [data-tile="{tile}"]')).to_have_count(0)
    assert int(page.get_attribute("#table-screen", "data-moves") or 0) > moves
    assert not page.locator(".drag-ghost").count()


def next_turn(app: App) -> bool:
    """Wait for the person's next turn: True when they have a tile to play (False: the round is over, or
    they can only draw or pass)."""
    page = app.page
    page.wait_for_function("""() => { const s = document.querySelector('#table-screen');
      return s.dataset.roundOver === 'true' || s.dataset.over === 'game' ||
        (document.querySelector('#turn').dataset.whose === 'you' && !document.querySelector('.game.busy')); }""",
                           timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(".motion-ghost")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)
    if page.get_attribute("#table-screen", "data-round-over") == "true":
        return False
    return page.locator(".hand-tile.playable").count() > 0


# Set up before a move: resolves with what the drawing of move `n` did to the box once its motion
# has ended (the table glides as one piece from where it was to where the box scrolled, so a tile is
# where it stays only then; the computers' next move waits for that motion): the box's scroll when
# the move was drawn and when its motion ended, and whether the tile `sel` was then wholly in view.
LANDED = f"""([n, sel]) => new Promise((resolve) => {{
  const screen = document.querySelector('#table-screen'), box = document.querySelector('#layout');
  const motion = (a) => Boolean(a.effect?.target?.matches?.('[data-stage], .motion-ghost'));
  const seen = new MutationObserver(() => {{
    if (screen.dataset.moves !== String(n)) return;
    seen.disconnect();
    const drawn = [box.scrollLeft, box.scrollTop];
    Promise.allSettled(document.getAnimations().filter(motion).map((a) => a.finished)).then(() =>
      resolve({{ drawn, landed: [box.scrollLeft, box.scrollTop], visible: ({VISIBLE})(sel) }}));
  }});
  seen.observe(screen, {{ attributes: true, attributeFilter: ['data-moves'] }});
}})"""


def test_follow_the_latest_play(app: App) -> None:
    """Zoomed in, with the box scrolled away from where the person's tile goes: the box scrolls to it
    as the move is drawn (from the final layout, not the table's glide), and once the move's motion
    has ended the tile played is in view."""
    page = app.page
    # the computers' opening at once (at the slow pace, with motion, it took some 7 s), then the slow pace
    # chosen on the screen, as a person does, before the person's move
    open_large(app, "draw", speed="instant", size=(1280, 800))
    page.select_option("#speed", "slow")
    for _ in range(3):
        page.locator('.zoom-bar [data-zoom="+"]').click()
    expect(page.locator("#layout")).to_have_attribute("data-fits", "false")
    slot, end = pick_off_screen_play(app)
    tile = slot.removeprefix("hand:")
    moves = int(page.get_attribute("#table-screen", "data-moves") or 0)
    page.locator(f'[data-slot="{slot}"]').dispatch_event("click")  # selected: the keyboard's focus goes to the end
    assert page.evaluate(SCROLL_AWAY, end)
    placed = f'.layout-svg [data-placed="{tile}"]'
    page.evaluate(f"args => {{ window.__landed = ({LANDED})(args); }}", [moves + 1, placed])
    page.locator(f'[data-slot="{end}"]').dispatch_event("click")  # played there, out of view
    expect(page.locator("#table-screen")).to_have_attribute("data-moves", str(moves + 1), timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(placed)).to_have_class(re.compile(r"\blast-played\b"))
    landed = page.evaluate("() => window.__landed")
    assert landed["drawn"] == landed["landed"], landed  # scrolled once, as the move was drawn
    assert landed["visible"], "the tile just played is out of the box's view"
    # and each computer's play after it (at the fast pace from now: the slow one kept the computers'
    # first move back while the person's was looked at)
    page.select_option("#speed", "fast")
    page.wait_for_function("n => Number(document.querySelector('#table-screen').dataset.moves) > n", arg=moves + 1,
                           timeout=SCREEN_TIMEOUT_MS)
    settled(page)
    assert page.evaluate(VISIBLE, ".layout-svg .last-played"), "a computer's play is out of the box's view"
    assert not app.errors


def test_drag_to_an_off_screen_end_with_a_mouse(app: App) -> None:
    """1280x800 zoomed in: three drags in a row, each to an end scrolled out of view first."""
    page = app.page
    open_large(app, "draw", size=(1280, 800), moves=24)  # five tiles in hand
    for _ in range(3):
        page.locator('.zoom-bar [data-zoom="+"]').click()
    expect(page.locator("#layout")).to_have_attribute("data-fits", "false")
    mouse = page.mouse

    def down(x: float, y: float) -> None:
        mouse.move(x, y)
        mouse.down()
    dragged = 0
    while dragged < 3:
        drag_to_off_screen_end(app, down, mouse.move, lambda x, y: mouse.up())
        dragged += 1
        if not next_turn(app):
            break
    assert dragged >= 2, "the round ended before two drags"
    assert not app.errors


def test_drag_to_an_off_screen_end_with_a_finger(phone: App) -> None:
    """A small phone (360x640), double-12 with six seats: the layout is larger than its box at its least size."""
    page = phone.page
    open_large(phone, "draw", size=(360, 640), moves=30)
    expect(page.locator("#layout")).to_have_attribute("data-fits", "false")
    finger: list[tuple[float, float]] = []

    def down(x: float, y: float) -> None:
        finger[:] = [(x, y)]
        touch_event(page, "touchStart", finger)

    def move(x: float, y: float) -> None:
        finger[:] = [(x, y)]
        touch_event(page, "touchMove", finger)
        page.wait_for_timeout(16)
    dragged = 0
    while dragged < 3:
        drag_to_off_screen_end(phone, down, move, lambda x, y: touch_event(page, "touchEnd", []))
        dragged += 1
        if not next_turn(phone):
            break
    assert dragged >= 2, "the round ended before two drags"
    assert page.evaluate("() => [visualViewport.scale, scrollY]") == [1, 0]
    assert not phone.errors
