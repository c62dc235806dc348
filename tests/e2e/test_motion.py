"""Motion: a tile travels from where it was to where it is (sampled frame by frame),
"off" turns motion off, prefers-reduced-motion turns the slide into a fade, and a refused move
shakes. Measured on The Big Clock's first draw (the tile flies from the stock to the drawn place)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import App, box_of, centre, open_deal
from .page_measures import DRAWN_TILE_FLIGHT

pytestmark = pytest.mark.motion  # the tiles' flights (conftest.with_motion)

def draw_and_sample(app: App) -> list[dict[str, Any]]:
    page = app.page
    page.evaluate(f"ms => {{ window.__frames = ({DRAWN_TILE_FLIGHT})(ms); }}", 900)  # sampling runs while we click
    page.click("#board [data-slot=stock]")
    frames: list[dict[str, Any]] = page.evaluate("() => window.__frames")
    expect(page.locator("#board")).to_have_attribute("data-moves", "1")
    return frames


def test_a_drawn_tile_flies_from_the_stock(app: App) -> None:
    page = app.page
    open_deal(app, "big-clock", 11, set="double-12")
    page.evaluate("() => { document.documentElement.dataset.motion = 'normal'; }")
    stock = centre(box_of(page.locator("#board [data-slot=stock]")))
    frames = draw_and_sample(app)
    drawn = centre(box_of(page.locator("#board [data-slot=drawn]")))
    path = [f["ghost"] for f in frames if f["ghost"]]
    assert len(path) >= 4, frames  # several frames of flight
    assert len({(round(x), round(y)) for x, y in path}) >= 3  # it moved between frames
    # it starts near the stock and ends near the drawn place, getting closer on the way
    dist = [abs(x - drawn[0]) + abs(y - drawn[1]) for x, y in path]
    assert abs(path[0][0] - stock[0]) + abs(path[0][1] - stock[1]) < dist[0] + 1
    assert dist[-1] < dist[0] and dist[-1] < 12
    expect(page.locator(".motion-ghost")).to_have_count(0)  # gone when it lands
    assert not app.errors


def test_motion_off_and_reduced_motion(app: App) -> None:
    page = app.page
    open_deal(app, "big-clock", 12, set="double-12")
    page.evaluate("() => { document.documentElement.dataset.motion = 'off'; }")
    frames = draw_and_sample(app)
    assert not any(f["ghosts"] for f in frames)  # off: the tile is simply there
    assert all(f["opacity"] in (None, 1) for f in frames)

    open_deal(app, "big-clock", 13, set="double-12")
    page.evaluate("() => { document.documentElement.dataset.motion = 'normal'; }")
    page.emulate_media(reduced_motion="reduce")
    try:
        frames = draw_and_sample(app)
    finally:
        page.emulate_media(reduced_motion="no-preference")
    assert not any(f["ghosts"] for f in frames)  # no slide...
    opacities = [f["opacity"] for f in frames if f["opacity"] is not None]
    assert min(opacities) < 0.6 and opacities[-1] == 1  # ...a fade in
    assert not app.errors


def test_a_refused_move_shakes(app: App) -> None:
    page = app.page
    open_deal(app, "luzon", 7, variant="twelve")
    page.evaluate("() => { document.documentElement.dataset.motion = 'normal'; }")
    # two exposed tiles that do not make a pair: the game refuses, the message says why and shakes
    pairs = page.evaluate("""() => [...document.querySelectorAll('#board .tile.exposed')].map(t => t.dataset.tile)""")
    first, second = None, None
    for i, a in enumerate(pairs):
        for b in pairs[i + 1:]:
            if sum(map(int, a.split("-"))) + sum(map(int, b.split("-"))) != 12:
                first, second = a, b
                break
        if first:
            break
    assert first and second
    page.click(f'#board .tile.exposed[data-tile="{first}"]')
    page.click(f'#board .tile.exposed[data-tile="{second}"]')
    expect(page.locator("#message[data-kind=error]")).to_be_visible()
    shaking = page.evaluate("""() => [...document.querySelectorAll('#board .selected, #message')]
      .some(e => e.getAnimations().some(a => JSON.stringify(a.effect.getKeyframes()).includes('translateX')))""")
    assert shaking
    assert not app.errors
