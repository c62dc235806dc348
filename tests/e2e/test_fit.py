"""Every game screen fits the viewport: at each listed size, each game at its start and
with a large mid-game layout (fixed seeds, moves played natively, once for a desktop and a phone,
and the game imported over its start), the page does not scroll, the board, the hand and the turn
banner are inside the viewport, a table that fits its box shows every tile whole, no two tiles
overlap, and on a touch screen every tap target is at least 44 x 44 CSS px (the tiles of a hand at
least 24 px: they shrink so that the whole hand is in view).
With --screenshots, screenshots of every state go to test-results/fit/ (git-ignored), light and dark."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import (
    App,
    computer_speed,
    screenshot,
    until_still,
)
from .native_records import SOLITAIRES, TABLES, import_record, midgame_record, open_game

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-results" / "fit"

DESKTOP = [(1280, 800), (1366, 768), (1920, 1080)]
PHONES = [(390, 844), (360, 740), (844, 390), (740, 360)]  # portrait and landscape

# Everything measured in one pass over the page: returns a list of problems (empty when it fits).
MEASURE = """touch => {
  const problems = [];
  const vw = innerWidth, vh = innerHeight;
  const se = document.scrollingElement;
  if (se.scrollHeight > vh) problems.push(`page scrolls: scrollHeight ${se.scrollHeight} > ${vh}`);
  if (se.scrollWidth > vw) problems.push(`page scrolls sideways: scrollWidth ${se.scrollWidth} > ${vw}`);
  const inside = (sel) => {
    const el = document.querySelector(sel);
    if (!el || getComputedStyle(el).display === "contents") return; // its children are measured
    const r = el.getBoundingClientRect();
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > vh + 0.5 || r.right > vw + 0.5 || r.height < 1)
      problems.push(`${sel} outside the viewport: ${Math.round(r.left)},${Math.round(r.top)} ` +
        `${Math.round(r.width)}x${Math.round(r.height)}`);
  };
  const parts = ["#table-screen", "#board", "#turn", "#hand", ".hand-area", "#layout", ".toolbar",
    "#message:not(:empty)"];
  for (const sel of parts) inside(sel);
  // a table that fits its box (it does not pan) shows every tile whole
  const box = document.querySelector("#layout");
  if (box && box.scrollHeight <= box.clientHeight + 1 && box.scrollWidth <= box.clientWidth + 1) {
    const b = box.getBoundingClientRect();
    for (const tile of box.querySelectorAll(".layout-svg [data-key]")) {
      const r = tile.getBoundingClientRect();
      if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5 || r.left < b.left - 0.5 || r.right > b.right + 0.5)
        problems.push(`tile ${tile.dataset.key} cut by the table's box: ` +
          `${Math.round(r.top)}-${Math.round(r.bottom)} in ${Math.round(b.top)}-${Math.round(b.bottom)}`);
    }
  }
  // no two tiles overlap (the layout's tiles, the hand, Luzon's columns, the Big Clock's tiles -- a home double
  // is turned, its bounding box is not its outline --, Clock's piles)
  const groups = [".layout-svg [data-key]", ".hand-tile", ".columns .tile, .reserve .tile",
    ".bc-slot:not(.home) .bc-stack svg", ".ck-pile"];
  for (const sel of groups) {
    const rects = [...document.querySelectorAll(sel)].map((e) => [e, e.getBoundingClientRect()])
      .filter(([, r]) => r.width > 0);
    for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) {
      const [a, b] = [rects[i][1], rects[j][1]];
      const ox = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const oy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      const [ka, kb] = [rects[i][0].dataset.key ?? i, rects[j][0].dataset.key ?? j];
      if (ox > 1.5 && oy > 1.5) problems.push(`${sel}: ${ka} overlaps ${kb}`);
    }
  }
  if (touch) {
    const targets = document.querySelectorAll(
      "header a, header button, .game button, .game select, .game input, .game a, .game summary");
    for (const el of targets) {
      const box = el.matches("input[type=checkbox], input[type=radio], input[type=file]") ? el.closest("label") : el;
      if (!box || el.closest("[hidden], dialog:not([open])")) continue;
      const r = box.getBoundingClientRect();
      const style = getComputedStyle(box);
      if (!r.width || !r.height || style.visibility === "hidden" || style.opacity === "0") continue;
      // a hand's tiles shrink (to 24 px, WCAG 2.2's least target) so that a long hand is in view at once
      const least = el.matches(".hand-tile") ? 23.5 : 43.5;
      if (r.width < least || r.height < least)
        problems.push(`tap target ${el.tagName.toLowerCase()}.${el.className} ` +
          `"${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 20)}" ` +
          `${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return problems;
}"""


def check(app: App, label: str, size: tuple[int, int], touch: bool) -> list[str]:
    page = app.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    until_still(page)  # the resize observer redraws the board in the next frame
    problems = page.evaluate(MEASURE, touch)
    screenshot(page, SHOTS / f"{label}-{size[0]}x{size[1]}.png")
    return [f"{label} at {size[0]}x{size[1]}: {p}" for p in problems]


GAMES = [*TABLES, *SOLITAIRES]


def fit_problems(app: App, game: str, sizes: list[tuple[int, int]], touch: bool, dark_size: tuple[int, int],
                 tag: str) -> list[str]:
    """What does not fit of a game at the start and mid-game at every size, and mid-game dark. (The
    computers play at once: the start is measured on the person's first turn, once they have played.)"""
    computer_speed(app.page, "instant")
    open_game(app, game)
    problems = [p for size in sizes for p in check(app, f"{game}-start{tag}", size, touch)]
    import_record(app, midgame_record(game))  # over the start just measured: the same game
    problems += [p for size in sizes for p in check(app, f"{game}-mid{tag}", size, touch)]
    app.page.emulate_media(color_scheme="dark")
    problems += check(app, f"{game}-mid{tag}-dark", dark_size, touch)
    app.page.emulate_media(color_scheme="light")
    return problems


@pytest.mark.screenshots
@pytest.mark.parametrize("game", GAMES)
def test_fits_desktop(app: App, game: str) -> None:
    problems = fit_problems(app, game, DESKTOP, False, DESKTOP[0], "")
    app.page.set_viewport_size({"width": 1280, "height": 900})
    assert not problems, "\n".join(problems)
    assert not app.errors


@pytest.mark.screenshots
@pytest.mark.parametrize("game", GAMES)
def test_fits_phone(phone: App, game: str) -> None:
    problems = fit_problems(phone, game, PHONES, True, PHONES[1], "-touch")
    assert not problems, "\n".join(problems)
    assert not phone.errors
