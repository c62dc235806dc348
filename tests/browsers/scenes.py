"""What a player does with each game, as steps on a drivers.Page (the same in every browser): open
a fixed deal, move by click and by keyboard, undo, reload, play to the end, replay and review."""

from __future__ import annotations

import time

from .drivers import POLL_S, SHOWN, Page

ENGINE = "document.documentElement.dataset"
READY_S = 360  # a cold start in WebKit at a load of 40 on 2 cores: minutes (the page waits while it goes on)
GAME_S = 150  # a table game at instant pace, to its end
SCREEN_S = 30
REVIEW_S = 300  # a table game's review in WebKit: over 120 s at a load average near 35 on 2 cores
# The Big Clock's game is two moves and its own resign move, the resign rated by the cheaper
# play-outs (docs/benchmarks.md, "A resign"); deal 9's review is the cheaper (natively 0.12 s of CPU
# against deal 12's 0.24 s, 2026-11-29). Clock's deal 96719 is the shortest game of deals 0-150,000
# (the best exchange always taken) that turns twice before Play all, needs Play all before its
# exchange and after it: 20 moves (the exchange the 10th), lost, where deal 12 took 53
SOLITAIRE_DEALS = {"luzon": "deal=12&variant=twelve", "big-clock": "deal=9&set=double-6",
                   "clock": "deal=96719&exchange=true"}
# The table deals, found natively by `python -m tests.bench.scene_deals --search` (the person's
# moves chosen as TABLE_STEP and PLAY_ROUND choose them: the page's own, checked on the deals before
# and these) among deals 0-1000 (draw 0-2000) that keep what the scene asserts: the person's two
# moves and a third turn in round one (the hint, an undo that takes something back, the redo), a
# review that rates a decision, and the first round's end ending the game for Matador and Round the
# Clock only; of the shortest rounds, the one with the cheapest review. Round one in moves and the
# page's review natively (CPU, 2026-11-29), against the deals before: draw 106, 8 moves, 1 decision
# 0.03 s (deal 4: 21 moves, 0.13 s); Matador 190, 29 moves, 2 decisions 0.32 s (deal 4: 54 moves,
# 0.87 s); Tiddle-A-Wink 225, 16 moves, 1 decision 0.15 s (deal 4: 33 moves, 0.22 s); Round the
# Clock 394, 7 moves, 1 decision 0.42 s (deal 2: 15 moves, 1.46 s). docs/benchmarks.md, session 8.
TABLE_DEALS = {"draw": "deal=106&set=double-6&players=2&target=50&seats=human,ai:easy",
               "matador": "deal=190&set=double-9&players=3&seats=human,ai:easy,ai:easy",  # over in its first round
               "tiddle-a-wink": "deal=225&set=double-9&players=6&seats=human" + ",ai:easy" * 5,
               "round-the-clock": "deal=394&players=2&target=50&seats=human,ai:easy"}  # over in its first round


def exists(css: str) -> str:
    return f"() => Boolean(document.querySelector({css!r}))"


def wait_ready(page: Page) -> None:
    """The engine is ready and the page's own modules ran (an engine that failed fails the test at
    once, with the page's reason)."""
    page.wait(f"() => {ENGINE}.engine === 'failed' || ({ENGINE}.engine === 'ready'"
              " && typeof window.boneyard?.request === 'function')",
              timeout_s=READY_S, what="the engine and the page's modules")
    engine, status = page.run(f"() => [{ENGINE}.engine, document.getElementById('engine-text')?.textContent]")
    assert engine == "ready", f"{page.name}: the engine failed: {status}"


def open_app(page: Page, url: str) -> None:
    """The app at `url`, its engine ready: the page a test before left there is kept (no load of
    its own: a load costs seconds of CPU, WebKit's over ten under load), unless its engine failed
    (that failure was that test's: the app is loaded again)."""
    if not page.run(f"(url) => location.href.startsWith(url) && location.pathname.endsWith('/')"
                    f" && {ENGINE}.engine !== 'failed'", url):
        page.goto(url)
    wait_ready(page)


def open_link(page: Page, url: str, fragment: str) -> None:
    """Open a game link with no saved game (forgotten first), the computers at instant pace, on a
    page whose engine works (open_app)."""
    open_app(page, url)
    page.run("() => { location.hash = '#/'; }")  # the screen on show saves its game and goes
    page.wait("() => !document.querySelector('[data-session]')", timeout_s=SCREEN_S, what="the home page")
    page.run("""(fragment) => {
      for (const key of Object.keys(localStorage)) if (key.startsWith("boneyard.game.")) localStorage.removeItem(key);
      localStorage.setItem("boneyard.table.speed.v1", JSON.stringify("instant"));
      localStorage.setItem("boneyard.settings.v1", JSON.stringify({animation: "off"}));
      location.hash = fragment;
    }""", fragment)
    # (a first game after a cold start waits for the snapshot the worker writes then: slow in WebKit under load)
    page.wait(exists("[data-session]"), timeout_s=READY_S, what=f"the game of {fragment}")


def moves(page: Page, board: str) -> int:
    return int(page.run(f"() => document.querySelector({board!r})?.dataset.moves ?? -1"))


def wait_moves(page: Page, board: str, count: int) -> None:
    page.wait(f"() => document.querySelector({board!r})?.dataset.moves === {str(count)!r}"
              " && !document.querySelector('.game.busy')", timeout_s=SCREEN_S, what=f"{count} moves")


def act(page: Page, css: str, style: str) -> None:
    """Press an element: clicked, or focused (by script) and Enter pressed: a real key press, the
    browser's own Enter on a focused button (in every browser)."""
    if style == "click":
        page.click(css)
    else:
        page.wait(f"() => {{ const e = document.querySelector({css!r}); if (!e || e.disabled) return false; e.focus();"
                  " return document.activeElement === e; }", timeout_s=SCREEN_S, what=f"focus on {css}")
        page.press("Enter")


# ---------------------------------------------------------------- solitaires

def solitaire_move(page: Page, game: str, style: str) -> None:
    """One move of a solitaire, by `style` ("click" or "keyboard"); waits for it."""
    before = moves(page, "#board")
    if game == "luzon":
        if style == "click":
            page.click("button[data-action=hint]")
        else:
            page.press("h")
        # the hint asked is in (its request ends the page's settled state at once): a tile picked before
        # it lands is let go by it (the renderer's `hinted`), as the first hint's marks are still shown
        slots = page.wait("() => { if (document.documentElement.dataset.settled !== 'yes') return null;"
                          " const slots = [...document.querySelectorAll('#board .hinted')].map((e) => e.dataset.slot);"
                          " return slots.length ? slots : null; }", timeout_s=SCREEN_S, what="the hint's tiles")
        for number, slot in enumerate(slots, 1):
            act(page, f"#board [data-slot='{slot}']", style)
            if number < len(slots):  # the next tile pressed once this one shows picked and the page is still
                page.wait(f"() => document.querySelector(\"#board [data-slot='{slot}']\")?.getAttribute('aria-pressed')"
                          " === 'true' && document.documentElement.dataset.settled === 'yes'",
                          timeout_s=SCREEN_S, what=f"the tile at {slot} picked")
    elif game == "big-clock":
        stock = page.run(exists("#board [data-slot=stock]:not([disabled])"))
        act(page, "#board [data-slot=stock]" if stock else "#board .bc-slot.target", style)
    else:
        if page.run("() => document.querySelector('#board')?.dataset.phase === 'exchange'"):
            act(page, "#board .ck-choice.best", style)
        else:
            act(page, "button[data-action=turn]", style)
    wait_moves(page, "#board", before + 1)


def solitaire_to_the_end(page: Page, game: str) -> None:
    """On to the outcome: Clock by playing all, The Big Clock by its own resign move, Luzon by the
    Resign button (its question first closed by Esc, then answered)."""
    deadline = time.monotonic() + GAME_S
    while not page.run(exists("#outcome[open]")):
        assert time.monotonic() < deadline, f"{game}: no outcome within {GAME_S} s"
        if game == "luzon":
            page.click("button[data-action=resign]")
            page.wait(exists("#confirm[open]"), timeout_s=SCREEN_S, what="the question")
            page.press("Escape")
            page.wait("() => !document.querySelector('#confirm[open]')", timeout_s=SCREEN_S, what="Esc to close it")
            page.click("button[data-action=resign]")
            page.click("#confirm[open] #confirm-yes")
        elif game == "big-clock":
            page.click("button[data-move=resign]")
            page.wait("() => /sure/i.test(document.querySelector('button[data-move=resign]')?.textContent ?? '')",
                      timeout_s=SCREEN_S, what="resign asking again")
            page.click("button[data-move=resign]")
        elif page.run("() => document.querySelector('#board')?.dataset.phase === 'exchange'"):
            page.click("#board .ck-choice.best")
            page.wait("() => document.querySelector('#board')?.dataset.phase !== 'exchange'", timeout_s=SCREEN_S)
            continue
        else:
            page.click("button[data-action=play-all]")
        page.wait("() => Boolean(document.querySelector('#outcome[open]'))"
                  " || document.querySelector('#board')?.dataset.phase === 'exchange'", timeout_s=SCREEN_S,
                  what="the end or the exchange")


# ---------------------------------------------------------------- table games

TABLE_STEP = """() => {
  const q = (css) => document.querySelector(css);
  if (q("#round-summary[open]")) return q("#round-summary").dataset.kind === "game-over" ? "over" : "#next-round";
  if (q("#pass-screen[open]")) return "#pass-ready";
  if (q("#turn")?.dataset.whose !== "you" || q("#table-screen")?.dataset.busy === "true") return "wait";
  if (q(".hand-tile.selected") && q("#actions [data-move]")) return "#actions [data-move]";
  const tile = q(".hand-tile.playable");
  if (tile) return `.hand-tile.playable[data-slot="${tile.dataset.slot}"]`;
  return q("#actions [data-move]") ? "#actions [data-move]" : "wait";
}"""


DIALOG_STEPS = ("#next-round", "#pass-ready")  # TABLE_STEP's buttons that are no move
# after `pressed`, what to press next for the person's move (a picked tile's place, then the way it
# goes there when there are more than one), or "moved" once the table counts more than `before` moves
NEXT_PRESS = """(before, pressed) => {
  const q = (css) => document.querySelector(css);
  if (Number(q("#table-screen")?.dataset.moves) > before) return "moved";
  const choice = q(".hand-tile.selected") && q("#actions [data-move]") ? "#actions [data-move]" : null;
  const place = q(".end-marker.active") ? ".end-marker.active" : null;
  if (pressed.startsWith(".hand-tile")) return place ?? choice;
  return pressed === ".end-marker.active" ? choice : null;
}"""


def table_move(page: Page, style: str) -> None:
    """The person's next move at a table, by `style`: a tile, its place and the way it goes there
    pressed, as many as the move asks (a dialog before it, a pass screen or the next round's,
    clicked). The move is waited for: the table's count of moves grows (by the person's move,
    whatever the computers play after it), so a key that pressed nothing fails here."""
    while True:
        step = page.wait(f"() => {{ const step = ({TABLE_STEP})(); return step === 'wait' ? null : step; }}",
                         timeout_s=GAME_S, what="the person's turn or a dialog")
        assert step != "over", f"{page.name}: the game ended before the person's move by {style}"
        if step not in DIALOG_STEPS:
            break
        page.click(step)
    before = moves(page, "#table-screen")
    pressed = step
    while pressed != "moved":
        act(page, pressed, style)
        pressed = page.wait(NEXT_PRESS, before, pressed, timeout_s=SCREEN_S,
                            what=f"the person's move by {style}, after {pressed} (more than {before} moves)")


# The rest of a round played in the page: the person's turns by the page's own buttons, each
# pressed once the page has settled (web/settled.js) after the last, in one driver call (not
# three round trips a turn). The moves by real clicks and keys are the scenario's first two.
PLAY_ROUND = """async (ms) => {
  const q = (css) => document.querySelector(css);
  const until = performance.now() + ms;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  while (performance.now() < until) {
    await frame();
    await frame();
    if (document.documentElement.dataset.settled !== "yes") continue;
    const summary = q("#round-summary[open]");
    if (summary) return summary.dataset.kind || "round";
    if (q("#pass-screen[open]")) { q("#pass-ready").click(); continue; }
    if (q("#turn")?.dataset.whose !== "you") continue;
    const press = (q(".hand-tile.selected") && (q("#actions [data-move]") ?? q(".end-marker.active")))
      ?? q(".hand-tile.playable") ?? q("#actions [data-move]");
    press?.click();
  }
  return null;
}"""


def table_round_to_its_end(page: Page) -> str:
    """Play on to the round's end (its summary open): "game-over" when the round ended the game."""
    deadline = time.monotonic() + GAME_S
    while not (kind := page.run(PLAY_ROUND, POLL_S * 1000)):
        assert time.monotonic() < deadline, f"{page.name}: the round did not end within {GAME_S} s; {page.run(SHOWN)}"
    return str(kind)


# ---------------------------------------------------------------- every game

def replay_and_review(page: Page) -> None:
    """The replay (opened from the end's dialog or by its key) goes back to its start by a key, and
    the review of the person's moves is computed."""
    page.wait(exists("#coach-where"), timeout_s=SCREEN_S, what="the replay")
    page.press("Home")
    page.wait("() => document.querySelector('#coach-board')?.dataset.at === '0'",
              timeout_s=SCREEN_S, what="the replay at its start")
    page.click("button[data-action=coach-review]")
    page.wait("() => /computed/.test(document.querySelector('#coach-review-text')?.textContent ?? '')",
              timeout_s=REVIEW_S, what="the review")
