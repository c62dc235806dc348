"""Play-screen figures (printed, not asserted):

- the page's JavaScript lines for the play screens (routing, the controller, the renderers, input,
  layout, setup, game tools) in this working tree next to a git revision's (BONEYARD_BENCH_BASELINE,
  default: the commit before the one-controller rewrite), lines with code only (no blank or
  comment-only lines);
- worker round trips per move: every request the page sends through `window.boneyard.engine`
  while a person plays moves by clicks, per game kind (goal: 1).

Run with `python build.py bench play_screen` (or `python -m tests.bench.play_screen` after a build).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from tests.bench.page import launch  # noqa: E402
from tests.e2e.conftest import settled  # noqa: E402
from tests.typed import known  # noqa: E402

BASELINE = os.environ.get("BONEYARD_BENCH_BASELINE", "3b69a7c")
PLAY_FILES = ["app.js", "input.js", "play/", "render/shell.js", "render/table.js", "render/luzon.js",
              "render/big_clock.js", "render/clock.js", "render/layout.js", "render/setup.js",
              "render/rules.js", "render/menu.js", "render/dom.js", "render/motion.js"]
MOVES = 6
TIMEOUT_MS = 120_000


def code_lines(text: str) -> int:
    """Lines with code: not blank, not only a // comment."""
    return sum(1 for line in text.splitlines() if line.strip() and not line.strip().startswith("//"))


def files_at(revision: str | None) -> dict[str, str]:
    """The play-screen files of web/ at a git revision (None: the working tree)."""
    if revision is None:
        paths = [p for f in PLAY_FILES for p in ((ROOT / "web" / f).rglob("*.js") if f.endswith("/")
                                                 else [ROOT / "web" / f]) if p.exists()]
        return {str(p.relative_to(ROOT / "web")): p.read_text() for p in paths}
    listing = subprocess.run(["git", "ls-tree", "-r", "--name-only", revision, "web/"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    chosen = [p for p in listing if any(p.removeprefix("web/") == f or (f.endswith("/") and p.startswith("web/" + f))
                                        for f in PLAY_FILES)]
    return {p.removeprefix("web/"): subprocess.run(["git", "show", f"{revision}:{p}"], cwd=ROOT, capture_output=True,
                                                   text=True, check=True).stdout for p in chosen}


COUNT = """() => {
  const engine = window.boneyard.engine;
  if (!engine.__counted) {
    const request = engine.request.bind(engine);
    engine.__counted = [];
    engine.request = (r) => { engine.__counted.push(r.op); return request(r); };
  }
  engine.__counted.length = 0;
}"""


def round_trips(page: Page, url: str) -> dict[str, float]:
    """Requests per move while a person plays by clicks: Luzon (the hint's pair) and The Big Clock (the stock)."""
    out: dict[str, list[float]] = {}
    page.goto(url + "#/play/luzon?deal=7&variant=twelve")
    page.wait_for_selector("#board[data-moves='0']", timeout=TIMEOUT_MS)
    page.evaluate(COUNT)
    moves = 0
    for _ in range(MOVES):
        page.click("button[data-action=hint]")
        page.wait_for_selector("#board .hinted", timeout=TIMEOUT_MS)
        page.evaluate("window.boneyard.engine.__counted.length = 0")
        for slot in page.eval_on_selector_all("#board .hinted", "els => els.map(e => e.dataset.slot)"):
            page.click(f"#board [data-slot='{slot}']")
        moves += 1
        page.wait_for_selector(f"#board[data-moves='{moves}']:not([data-busy=true])", timeout=TIMEOUT_MS)
        page.wait_for_timeout(50)
        out.setdefault("luzon", []).append(len(page.evaluate("window.boneyard.engine.__counted")))
        if page.locator("#outcome[open]").count():
            break
    # a table game: requests per move made (the person's by clicks, the computers' own), instant pace
    page.evaluate("localStorage.setItem('boneyard.table.speed.v1', JSON.stringify('instant'))")
    page.goto(url + "#/play/draw?deal=3&set=double-6&players=3&target=100&seats=human,ai:easy,ai:easy")
    page.wait_for_selector("#turn[data-whose=you]", timeout=TIMEOUT_MS)
    page.evaluate(COUNT)
    start = int(known(page.get_attribute("#table-screen", "data-moves")))
    for _ in range(MOVES):
        if not page.locator("#turn[data-whose=you]").count():
            break
        before = int(known(page.get_attribute("#table-screen", "data-moves")))
        if page.locator(".hand-tile.playable").count():
            page.locator(".hand-tile.playable").first.click()
            page.locator(".end-marker.active").first.click()
        else:
            page.locator("#actions [data-move]").first.click()
        page.wait_for_function("""before => { const s = document.querySelector('#table-screen');
          return Number(s.dataset.moves) > before && s.dataset.busy === 'false' &&
            (document.querySelector('#turn').dataset.whose !== 'computer'); }""", arg=before, timeout=TIMEOUT_MS)
    settled(page)
    made = int(known(page.get_attribute("#table-screen", "data-moves"))) - start
    ops = page.evaluate("window.boneyard.engine.__counted")
    moving = sum(op in ("play", "ai") for op in ops)
    out["draw"] = [len(ops) / moving] if moving else []
    print(f"  draw: {made} moves, {len(ops)} requests ({', '.join(sorted(set(ops)))})")
    return {game: sum(counts) / len(counts) for game, counts in out.items() if counts}


def main() -> int:
    before, after = files_at(BASELINE), files_at(None)
    lines_before = {name: code_lines(text) for name, text in before.items()}
    lines_after = {name: code_lines(text) for name, text in after.items()}
    print(f"play-screen JavaScript, lines with code: {sum(lines_before.values())} at {BASELINE} -> "
          f"{sum(lines_after.values())} now")
    for name in sorted(set(lines_before) | set(lines_after)):
        print(f"  {name:24} {lines_before.get(name, '-'):>5} -> {lines_after.get(name, '-'):>5}")
    build.build()
    server, url = build.serve_in_thread(build.DIST)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            page = browser.new_page()
            for game, trips in round_trips(page, url).items():
                print(f"worker round trips per move ({game}, by clicks): {trips:.2f} (goal 1)")
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
