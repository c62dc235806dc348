"""Are the screens the same? Screenshots of fixed positions taken with this build's dist/ and with a
git revision's web/ (default: where this branch left main, in a copy of this build:
tests/bench/page.py baseline_dist), compared pixel for pixel. A tool for a change meant to leave
what is drawn alone (a faster redraw): it prints every screenshot that differs, with how many
pixels, and exits 1 if any does.

The positions are the gallery's (tests/gallery.py: fixed deals played natively, imported as a
player imports a record): each game at its start, mid-game, mid-game with a hint shown, at a
round's end (the table games) and at its end; at 360x740, 390x844, 844x390 (by touch) and
1280x800, light and dark. Both sites are shot in the same browser, one after the other; what
depends on when a shot is taken is put at its end first (a message faded as it is once old,
transitions and animations finished). Even so a build shot against itself differs a little on a
loaded machine (antialiasing at edges; a table's plan behind a dialog: docs/benchmarks.md, "The
page's redraw"): run it with BONEYARD_SCREENS_BASELINE=HEAD too and read the differences against
that one's.

    .venv/bin/python tools/screens_same.py [GAME...]     (after `python build.py`; env
    BONEYARD_SCREENS_BASELINE=REV, BONEYARD_SCREENS_SIZES=360x740,1280x800 pick others)

The screenshots are kept in .cache/screens/{this,baseline}/ to look at.
"""

from __future__ import annotations

import base64
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.bench.page import baseline_dist, branch_point, launch  # noqa: E402
from tests.gallery import GAMES, SIZES, TIMEOUT, board_of, import_record, link, open_fresh, stages, still  # noqa: E402

OUT = ROOT / ".cache" / "screens"
# default: where this branch left main (main itself may have moved on with other changes since)
BASELINE = os.environ.get("BONEYARD_SCREENS_BASELINE") or branch_point()

# Both PNGs drawn on canvases in the page, their RGBA compared: how many pixels differ (-1: sizes differ).
DIFFER = """async ([a, b]) => {
  const load = (src) => new Promise((resolve, reject) => {
    const img = new Image(); img.onload = () => resolve(img); img.onerror = reject; img.src = src; });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.width !== y.width || x.height !== y.height) return -1;
  const pixels = (img) => { const c = document.createElement("canvas"); [c.width, c.height] = [img.width, img.height];
    const g = c.getContext("2d"); g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height).data; };
  const [p, q] = [pixels(x), pixels(y)];
  let n = 0;
  for (let i = 0; i < p.length; i += 4)
    if (p[i] !== q[i] || p[i + 1] !== q[i + 1] || p[i + 2] !== q[i + 2] || p[i + 3] !== q[i + 3]) n += 1;
  return n;
}"""


def shots(browser: Browser, url: str, folder: Path, records: dict[str, dict[str, dict[str, Any]]],
          sizes: list[tuple[int, int]]) -> None:
    """Every scene of every game at every size and scheme, into folder."""
    folder.mkdir(parents=True, exist_ok=True)
    for size in sizes:
        phone = size[0] < 1000
        context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone,
                                      is_mobile=phone, device_scale_factor=1)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=180_000)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            for game in records:
                try:
                    game_scenes(page, url, game, records[game], folder, f"{size[0]}x{size[1]}-{scheme}")
                except Exception as error:  # a tool: the scenes not taken are said in the comparison
                    print(f"  {game} {size[0]}x{size[1]} {scheme}: stopped ({str(error).splitlines()[0]})", flush=True)
        context.close()


def game_scenes(page: Page, url: str, game: str, kept: dict[str, dict[str, Any]], folder: Path, at: str) -> None:
    """A game at its start, mid-game, mid-game with a hint shown, at a round's end and at its end,
    into folder as SCENE-AT.png (AT: the size and scheme)."""

    def take(scene: str) -> None:
        # what changes with the time a shot takes is put at its end: a message at the top of a phone's
        # screen faded as it is once old (frame_messages.js: after some seconds), transitions and
        # animations finished (Playwright's "disabled")
        page.evaluate("() => document.querySelectorAll('#message').forEach((m) => { m.dataset.stale = ''; })")
        still(page)
        page.screenshot(path=str(folder / f"{scene}-{at}.png"), animations="disabled")

    board = board_of(game)
    open_fresh(page, url, link(game))
    expect(page.locator(f"{board}[data-session]")).to_be_attached(timeout=TIMEOUT)
    expect(page.locator(".game.busy")).to_have_count(0, timeout=TIMEOUT)
    take(f"{game}-start")
    import_record(page, game, kept["mid"])
    take(f"{game}-mid")
    hint = page.locator("button[data-action=hint]")
    if hint.is_visible() and hint.is_enabled():
        hint.click()
        expect(page.locator("#hint-text")).to_be_visible(timeout=TIMEOUT)
        expect(page.locator("html")).to_have_attribute("data-settled", "yes", timeout=TIMEOUT)
        take(f"{game}-hint")
    for stage in ("round-end", "end"):
        if stage in kept:
            import_record(page, game, kept[stage])
            take(f"{game}-{stage}")


def compare(browser: Browser, this: Path, base: Path) -> list[str]:
    """The screenshots that differ (or are missing on one side), each with why."""
    page = browser.new_page()
    out = []
    names = sorted({p.name for p in this.glob("*.png")} | {p.name for p in base.glob("*.png")})
    for name in names:
        a, b = this / name, base / name
        if not (a.exists() and b.exists()):
            out.append(f"{name}: only {'this build' if a.exists() else 'the baseline'} has it")
            continue
        if a.read_bytes() == b.read_bytes():
            continue
        urls = [f"data:image/png;base64,{base64.b64encode(p.read_bytes()).decode()}" for p in (a, b)]
        n = page.evaluate(DIFFER, urls)
        if n:
            out.append(f"{name}: {'sizes differ' if n < 0 else f'{n} pixels differ'}")
    page.close()
    print(f"[screens] {len(names)} screenshots compared", flush=True)
    return out


def main(argv: list[str]) -> int:
    for game in [g for g in GAMES if argv and g not in argv]:
        del GAMES[game]
    wanted = os.environ.get("BONEYARD_SCREENS_SIZES")
    sizes = [tuple(map(int, s.split("x"))) for s in wanted.split(",")] if wanted else SIZES
    print("[screens] playing the fixed games natively", flush=True)
    records = {game: stages(game) for game in GAMES}
    folder = baseline_dist(BASELINE)
    shutil.rmtree(OUT, ignore_errors=True)
    sites = {"this": build.serve_in_thread(build.DIST), "baseline": build.serve_in_thread(folder)}
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for name, (_, url) in sites.items():
                print(f"[screens] {name} ({'dist/' if name == 'this' else f'web/ of {BASELINE}'})", flush=True)
                shots(browser, url, OUT / name, records, sizes)  # type: ignore[arg-type]
            differ = compare(browser, OUT / "this", OUT / "baseline")
            browser.close()
    finally:
        for server, _ in sites.values():
            server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    for line in differ:
        print(f"  differs: {line}")
    print(f"[screens] {'all the same' if not differ else f'{len(differ)} differ'}: {OUT}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
