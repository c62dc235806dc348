"""The gallery: screenshots of every screen for people to look at (`python build.py gallery`).

Every game at its start, mid-game, at a round's end (the table games) and at the game's end, the
coach, and the menu, settings, setup, More panel and keys help, at 360x740, 390x844, 844x390 and
1280x800 (the phones by touch), light and dark, from fixed deals: written to .cache/gallery/ as
PNGs beside one index.html. A tool, not a test: it checks nothing and is not in the test command.
The games' positions are played natively (the easy computer for every seat) and imported into the
page as a player imports a record, so the page shows them as it shows any game."""

from __future__ import annotations

import html
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import FilePayload, Locator, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from engine.api import handle_request  # noqa: E402

OUT = ROOT / ".cache" / "gallery"
SIZES = [(360, 740), (390, 844), (844, 390), (1280, 800)]
TIMEOUT = 20_000
View = dict[str, Any]

# game -> (options, players, deal): the biggest tables, the solitaires' usual deals
GAMES: dict[str, tuple[dict[str, Any], int, int]] = {
    "luzon": ({"variant": "twelve"}, 1, 7),
    "big-clock": ({"set": "double-12"}, 1, 1),
    "clock": ({"exchange": True}, 1, 1),
    "draw": ({"set": "double-9", "players": 4}, 4, 3),
    "matador": ({"set": "double-9", "players": 8}, 8, 3),
    "tiddle-a-wink": ({"set": "double-9", "players": 10}, 10, 3),
    "round-the-clock": ({"set": "double-6", "players": 4}, 4, 3),
}


def played(game: str, stop: Callable[[View], bool], max_moves: int = 5000) -> dict[str, Any]:
    """The record of a game played natively (seat 0 its first legal move, the others the easy
    computer), stopped at the first view where `stop` holds, or at the game's end."""
    options, players, seed = GAMES[game]
    seats = ["human"] + ["ai:easy"] * (players - 1)
    answer = handle_request({"op": "new", "game": game, "options": options, "seed": seed, "seats": seats, "seat": 0})
    session = answer["session"]
    for _ in range(max_moves):
        if not answer.get("ok", True):
            raise RuntimeError(f"{game}: {answer['error']}")
        view = answer["view"]
        if stop(view) or view.get("outcome"):
            break
        round_over = (view.get("round") or {}).get("over")
        if view["to_move"] == 0 or round_over:
            answer = handle_request({"op": "play", "session": session, "move": view["legal"][0]["id"], "seat": 0})
        else:
            answer = handle_request({"op": "ai", "session": session, "seat": 0})  # a computer at its own level
    record: dict[str, Any] = handle_request({"op": "record", "session": session})["record"]
    handle_request({"op": "close", "session": session})
    return record


def link(game: str) -> str:
    options, players, seed = GAMES[game]
    query = "&".join(f"{k}={str(v).lower()}" for k, v in options.items())
    seats = f"&seats={','.join(['human'] + ['ai:easy'] * (players - 1))}" if players > 1 else ""
    winnable = "&winnable=0" if game == "luzon" else ""
    return f"#/play/{game}?deal={seed}&{query}{seats}{winnable}"


def board_of(game: str) -> str:
    return "#table-screen" if GAMES[game][1] > 1 else "#board"


def open_fresh(page: Page, url: str, fragment: str) -> None:
    """Open a screen with no saved game (no question about leaving one), computers at full speed."""
    page.goto(f"{url}#/")
    page.evaluate("""() => { Object.keys(localStorage).filter((k) => k.startsWith('boneyard.game.'))
      .forEach((k) => localStorage.removeItem(k));
      localStorage.setItem('boneyard.table.speed.v1', JSON.stringify('instant'));
      localStorage.setItem('boneyard.lessons.v1', JSON.stringify({offered: ['luzon', 'big-clock', 'clock', 'draw',
        'matador', 'tiddle-a-wink', 'round-the-clock']})); }""")
    page.goto(url + fragment)


def import_record(page: Page, game: str, record: dict[str, Any]) -> None:
    board = board_of(game)
    before = page.locator(f"{board}[data-session]").first.get_attribute("data-session")
    data = json.dumps({"boneyard": "game-record", "format": 1, "record": record}).encode()
    page.set_input_files(
        "#import-record", files=[FilePayload(name="game.json", mimeType="application/json", buffer=data)]
    )
    target = page.locator(f"{board}[data-session]:not([data-session='{before}'])")
    confirm = page.locator("#confirm[open]")
    expect(target.or_(confirm).first).to_be_attached(timeout=TIMEOUT)
    if confirm.count():
        page.click("#confirm-yes")
    expect(target).to_be_attached(timeout=TIMEOUT)
    expect(page.locator(".game.busy")).to_have_count(0, timeout=TIMEOUT)


def still(page: Page) -> None:
    """Nothing moving on the page (no flight, no transition)."""
    page.evaluate("""async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const start = performance.now();
      while (performance.now() - start < 5000) {
        await frame(); await frame();
        const moving = document.getAnimations().some((a) => a.playState === "running");
        if (!moving && !document.querySelector(".motion-ghost")) return;
      }
    }""")


class Shooter:
    """Takes the screenshots of one size and scheme into OUT, named scene-WxH-scheme.png."""

    def __init__(self, page: Page, url: str, size: tuple[int, int], scheme: str, shots: list[dict[str, str]]):
        self.page, self.url, self.size, self.scheme, self.shots = page, url, size, scheme, shots

    def shoot(self, scene: str) -> None:
        still(self.page)
        name = f"{scene}-{self.size[0]}x{self.size[1]}-{self.scheme}.png"
        self.page.screenshot(path=str(OUT / name))
        self.shots.append(
            {"scene": scene, "size": f"{self.size[0]}x{self.size[1]}", "scheme": self.scheme, "file": name}
        )
        print(f"  {name}", flush=True)

    def attempt(self, scene: str, steps: Callable[[], None]) -> None:
        """One scene; a scene that cannot be reached is said, and the others go on."""
        try:
            steps()
            self.shoot(scene)
        except Exception as error:  # a tool: say it and go on
            print(f"  {scene}: not taken ({str(error).splitlines()[0]})", flush=True)


def scenes(s: Shooter, records: dict[str, dict[str, dict[str, Any]]]) -> None:
    page, url = s.page, s.url

    def menu() -> None:
        page.goto(f"{url}#/")
        expect(page.locator("a[href='#/play/luzon']").first).to_be_visible()

    def settings() -> None:
        page.goto(f"{url}#/settings")
        expect(page.locator("h1")).to_be_visible()

    def setup_matador() -> None:
        open_fresh(page, url, "#/play/matador")
        expect(page.locator("#setup")).to_be_visible(timeout=TIMEOUT)

    s.attempt("menu", menu)
    s.attempt("settings", settings)
    s.attempt("setup-matador", setup_matador)
    for game in GAMES:
        board = board_of(game)

        def start(game: str = game, board: str = board) -> None:
            open_fresh(page, url, link(game))
            expect(page.locator(f"{board}[data-session]")).to_be_attached(timeout=TIMEOUT)
            expect(page.locator(".game.busy")).to_have_count(0, timeout=TIMEOUT)

        s.attempt(f"{game}-start", start)
        stages = records[game]

        def mid(game: str = game, kept: dict[str, dict[str, Any]] = stages) -> None:
            import_record(page, game, kept["mid"])

        s.attempt(f"{game}-mid", mid)
        more = page.locator("button.more-button")
        if more.is_visible():  # the side panel is a "More" panel on a small screen

            def more_open(more: Locator = more) -> None:
                more.click()
                expect(page.locator(".play-area.more-open")).to_be_attached()

            s.attempt(f"{game}-more", more_open)
            page.keyboard.press("Escape")

        def keys() -> None:
            page.keyboard.press("?")
            expect(page.locator("dialog[open]").first).to_be_visible()

        s.attempt(f"{game}-keys", keys)
        page.keyboard.press("Escape")
        for stage in ("round-end", "end"):
            if stage in stages:

                def at_stage(game: str = game, stage: str = stage, kept: dict[str, dict[str, Any]] = stages) -> None:
                    import_record(page, game, kept[stage])

                s.attempt(f"{game}-{stage}", at_stage)

        def coach() -> None:  # from the game-over dialog, as a player opens it
            review = page.locator("dialog[open] [data-action=review-game]")  # a modal dialog covers the toolbar
            (review if review.count() else page.locator("button[data-action=coach]")).first.click()
            expect(page.locator("#coach")).to_be_visible(timeout=TIMEOUT)
            # the coach fetches its last position from the engine, then draws it: the board's
            # position named (data-at), something drawn on it, and the page settled (web/settled.js)
            expect(page.locator("#coach-board[data-at] > *").first).to_be_visible(timeout=TIMEOUT)
            expect(page.locator("html")).to_have_attribute("data-settled", "yes", timeout=TIMEOUT)

        s.attempt(f"{game}-coach", coach)


def stages(game: str) -> dict[str, dict[str, Any]]:
    """The records of a game's mid-game, a round's end (the table games) and its end."""
    out = {"mid": played(game, lambda v: v["moves"] >= 12)}
    if GAMES[game][1] > 1:
        out["round-end"] = played(game, lambda v: bool((v.get("round") or {}).get("over")))
    out["end"] = played(game, lambda v: False)
    return out


def page_html(shots: list[dict[str, str]]) -> str:
    rows = []
    for scene in dict.fromkeys(s["scene"] for s in shots):
        cells = "".join(
            f'<figure><a href="{html.escape(s["file"])}"><img loading="lazy" src="{html.escape(s["file"])}" '
            f'alt="{html.escape(scene)} at {s["size"]}, {s["scheme"]}"></a>'
            f"<figcaption>{s['size']} {s['scheme']}</figcaption></figure>"
            for s in shots
            if s["scene"] == scene
        )
        rows.append(
            f'<section><h2 id="{html.escape(scene)}">{html.escape(scene)}</h2><div class="row">{cells}</div></section>'
        )
    style = (
        "body{font:14px system-ui;margin:1rem;background:#eee}"
        ".row{display:flex;gap:8px;overflow-x:auto;align-items:flex-start}"
        "figure{margin:0}img{max-height:360px;border:1px solid #999;background:#fff}figcaption{font-size:12px}"
    )
    return (
        f"<!doctype html><meta charset=utf-8><title>Boneyard gallery</title><style>{style}</style>"
        f"<h1>Boneyard gallery</h1><p>{len(shots)} screenshots, {time.strftime('%Y-%m-%d %H:%M')}</p>{''.join(rows)}"
    )


def main(argv: list[str]) -> int:
    wanted = set(argv) & set(GAMES)
    if wanted:
        for game in list(GAMES):
            if game not in wanted:
                del GAMES[game]
    OUT.mkdir(parents=True, exist_ok=True)
    print("[gallery] playing the fixed games natively", flush=True)
    records = {game: stages(game) for game in GAMES}
    server, url = build.serve_in_thread(build.DIST)
    shots: list[dict[str, str]] = []
    chosen = os.environ.get("BONEYARD_CHROMIUM")
    executable = chosen if chosen and chosen != "playwright" and Path(chosen).exists() else None
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(args=build.CHROMIUM_ARGS, executable_path=executable)
            for size in SIZES:
                phone = size[0] < 1000
                context = browser.new_context(
                    viewport={"width": size[0], "height": size[1]},
                    has_touch=phone,
                    is_mobile=phone,
                    device_scale_factor=1,
                )
                page = context.new_page()
                page.goto(url)
                page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=180_000)
                for scheme in ("light", "dark"):
                    print(f"[gallery] {size[0]}x{size[1]} {scheme}", flush=True)
                    page.emulate_media(color_scheme=scheme)
                    scenes(Shooter(page, url, size, scheme, shots), records)
                context.close()
                (OUT / "index.html").write_text(page_html(shots))  # what is taken so far, size by size
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    (OUT / "index.html").write_text(page_html(shots))
    print(f"[gallery] {len(shots)} screenshots: {OUT / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
