"""The person's hand, read as a player reads it: on a 360x740 phone the "new" badge of a tile just
drawn sits above that tile, over at most its edge (4 px; it sat over the corner of its top half),
and on a 1280x800 desktop the hand's tiles are as large as a mouse allows (at least 44 px wide)
and every tile, playable or not, keeps its pips dark on its face (contrast at least 4.5:1, as
composited on screen)."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import App, until_still
from .native_records import drawer, native_record, open_record

GAME, OPTIONS, PLAYERS, SEED = "draw", {"set": "double-6", "players": 2}, 2, 5

# the badge is the drawn tile's ::after: its box from its computed place, against the tile's
BADGE = """() => {
  const tile = document.querySelector('#hand .hand-tile.drawn');
  const style = getComputedStyle(tile, '::after');
  if (!tile || style.content === 'none') return null;
  const r = tile.getBoundingClientRect();
  const [top, left, width, height] = ['top', 'left', 'width', 'height'].map((k) => parseFloat(style[k]));
  const across = Math.max(0, Math.min(r.width, left + width) - Math.max(0, left));
  const deep = across > 0 ? Math.max(0, Math.min(r.height, top + height) - Math.max(0, top)) : 0;
  return {deep, across, text: style.content, tile: [r.width, r.height]};
}"""

# every hand tile's pips against its face, each colour as the screen shows it: the element's fill
# blended by the opacities of the tile and its ancestors over the face, a grayscale filter applied
CONTRAST = """() => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const grey = ([r, g, b], amount) => { const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    return [r, g, b].map((v) => v + (y - v) * amount); };
  const lum = (c) => {
    const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const back = rgb(getComputedStyle(document.querySelector('.hand-area')).backgroundColor);
  return [...document.querySelectorAll('#hand .hand-tile')].filter((tile) => tile.querySelector('.pip')).map((tile) => {
    const style = getComputedStyle(tile);
    const opacity = Number(style.opacity);
    const amount = Number((style.filter.match(/grayscale\\(([\\d.]+)\\)/) || [0, 0])[1]);
    const seen = (c) => grey(c, amount).map((v, i) => v * opacity + back[i] * (1 - opacity));
    const face = seen(rgb(getComputedStyle(tile.querySelector('.face')).fill));
    const pip = tile.querySelector('.pip');
    const dot = seen(rgb(getComputedStyle(pip).fill));
    return {tile: tile.dataset.tile ?? tile.getAttribute('aria-label'), playable: tile.classList.contains('playable'),
      width: tile.getBoundingClientRect().width, contrast: ratio(face, dot)};
  });
}"""


def open_drawn(app: App) -> None:
    record, _ = native_record(GAME, OPTIONS, PLAYERS, SEED, lambda v: bool(v.get("drawn")) and v["to_move"] == 0,
                              person=drawer)
    app.page.evaluate("() => localStorage.setItem('boneyard.table.speed.v1', JSON.stringify('instant'))")
    open_record(app, GAME, OPTIONS, PLAYERS, SEED, record)
    expect(app.page.locator("#hand .hand-tile.drawn")).to_have_count(1)
    until_still(app.page)


def test_the_new_badge_leaves_the_drawn_tile_in_view(phone: App) -> None:
    phone.page.set_viewport_size({"width": 360, "height": 740})
    open_drawn(phone)
    seen = phone.page.evaluate(BADGE)
    assert seen and seen["deep"] <= 4, seen
    assert not phone.errors


def test_desktop_hand_tiles_are_large_and_their_pips_dark(app: App) -> None:
    app.page.set_viewport_size({"width": 1280, "height": 800})
    open_drawn(app)
    tiles = app.page.evaluate(CONTRAST)
    assert any(not t["playable"] for t in tiles), tiles  # the case in question: a tile that cannot be played
    poor = [t for t in tiles if t["width"] < 44 or t["contrast"] < 4.5]
    assert poor == [], poor
    assert not app.errors
