"""End-to-end fixtures: dist/ served on 127.0.0.1 (build.py's own server), headless Chromium
(Playwright's own if installed, else the system's).

One browser context per kind of screen for the whole session (`app`: a desktop, `phone`: a touch
screen, `clocked`: a desktop whose clock the test drives), so the engine starts cold once per
context and every later start is from its start-up snapshot (in a run over several browsers, the
files that use the clocked screen go to one browser: ONE_BROWSER_FILES). Each test
module gets that page fresh: storage cleared, viewport and media as new, the page made a new
visitor's in place by its own hook (or loaded again: start_fresh), with the animation setting off
unless the module is marked `motion` (with_motion). A test that needs a first visit (no
snapshot, no service worker) makes its own context (`fresh_app`, or the browser).

Every test's console errors and requests off 127.0.0.1 are checked after it (pytest_runtest_call
below); a test that provokes console errors on purpose is marked `console_errors` (uncaught page
errors still fail it). Screenshots for people to look at are taken by `screenshot()` only when
the run asks for them (`--screenshots`, tests/conftest.py); the tests that take them are marked
`screenshots`."""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    FilePayload,
    FloatRect,
    Locator,
    Page,
    Playwright,
    Request,
    Route,
    ViewportSize,
    Worker,
    expect,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build as build  # noqa: E402  (the repository's build.py: server, paths, Chromium lookup; re-exported)

READY_TIMEOUT_MS = 120_000
APP_UP_TIMEOUT_MS = 30_000  # the page's modules, once the engine is ready
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
BLANK = "build-manifest.json"  # a document of the origin that runs none of the app's code


SCREENSHOTS = {"on": False}
STARTS: Counter[str] = Counter()  # the engine's starts this process waited for, by file and kind (count_start)
DOCUMENTS: dict[int, float] = {}  # each page's document last counted (its performance.timeOrigin), by id(page)


@pytest.fixture(scope="session", autouse=True)
def _screenshots_wanted(pytestconfig: pytest.Config) -> None:
    SCREENSHOTS["on"] = bool(pytestconfig.getoption("--screenshots"))


def screenshots_wanted() -> bool:
    """Whether this run takes the screenshots for people to look at (`--screenshots`)."""
    return SCREENSHOTS["on"]


def screenshot(target: Page | Locator, path: Path, **options: Any) -> None:
    """Save a screenshot of a page or locator for people to look at, when the run asks for them
    (`--screenshots`); it checks nothing, so a normal run skips it."""
    if SCREENSHOTS["on"]:
        path.parent.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(path), **options)


def shoot(page: Page, stem: Path) -> None:
    """Screenshots light and dark (STEM-light.png, STEM-dark.png) for people to look at, when the
    run asks for them (`screenshot`)."""
    if not SCREENSHOTS["on"]:
        return
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        screenshot(page, stem.with_name(f"{stem.name}-{scheme}.png"))
    page.emulate_media(color_scheme="light")


def chromium_executable(playwright: Playwright) -> str | None:
    """None to use Playwright's own Chromium, else the path of a system Chromium."""
    chosen = os.environ.get("BONEYARD_CHROMIUM")
    if chosen == "playwright":
        return None
    if chosen and Path(chosen).exists():
        return chosen
    own = playwright.chromium.executable_path
    if own and Path(own).exists():
        return None
    system = build.system_chromium()
    if system:
        return system
    pytest.fail("No Chromium for the e2e tests. Install one: `apt-get install chromium` (Debian/Ubuntu) "
                "or `python -m playwright install chromium`; `python build.py test` does this for you.",
                pytrace=False)


# Chromium's flags in the tests (the e2e, and the cross-browser suite's Chromium): build.CHROMIUM_ARGS,
# and V8 without deopts of optimized WebAssembly. With them, every engine start had TurboFan compile
# large functions of Pyodide's again and again (5-9 compiles of some 120 ms each a start: a deopt undoes
# speculative inlining when a call meets a new target), the code cache or not; without them, once. The
# page does the same, and the engine's worker is no slower: the whole e2e 453 s and 470 s of CPU -> 420 s
# and 429 s (docs/benchmarks.md, "The test suite's time"). The start-up bench keeps V8's defaults.
CHROMIUM_TEST_ARGS = [*build.CHROMIUM_ARGS, "--js-flags=--no-wasm-deopt"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], playwright: Playwright) -> dict[str, Any]:
    """Launch the Chromium found above, headless unless --headed, with the tests' flags."""
    args = {**browser_type_launch_args, "args": CHROMIUM_TEST_ARGS}
    executable = chromium_executable(playwright)
    if executable:
        args["executable_path"] = executable
    return args




@pytest.fixture(scope="session")
def base_url(server_url: str) -> str:
    return server_url


def solve(seed: int, variant: str = "twelve") -> dict[str, Any]:
    """The native solver's answer for a Luzon deal (what python -m engine solve ... --json prints)."""
    answer: dict[str, Any] = json.loads(solved(seed, variant))
    return answer


@functools.cache
def solved(seed: int, variant: str) -> str:
    """The solver's JSON answer, solved once per run, by the command line's own `solve` in this
    process (a process a deal cost some 0.13 s of CPU to start, for a solve of a few ms)."""
    from argparse import Namespace

    from engine.cli import cmd_solve
    return json.dumps(cmd_solve(Namespace(game="luzon", set=[f"variant={variant}"], seed=seed)))


@dataclass
class App:
    """A page of the app and what it logged: console errors and requests off the origin."""

    page: Page
    url: str
    errors: list[str] = field(default_factory=list)
    off_origin: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)  # what the route saw: off the origin, and the engine's wasm
    aborted: list[str] = field(default_factory=list)  # cancelled requests (net::ERR_ABORTED): not errors
    pending: dict[Request, str] = field(default_factory=dict)  # the page's requests not yet answered

    def stalled(self) -> str:
        """What the page shows of a load whose app never came up: for the failure message."""
        state = self.page.evaluate("""() => ({url: location.href, readyState: document.readyState,
          controlled: Boolean(navigator.serviceWorker?.controller), engine: document.documentElement.dataset.engine,
          scripts: performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script'
            || e.name.endsWith('.js')).map((e) => `${new URL(e.name).pathname} ${Math.round(e.duration)} ms`)})""")
        return (f"the page's modules never ran (window.boneyard): {json.dumps(state)}; "
                f"requests cancelled: {self.aborted[-20:]}; requests unanswered: {list(self.pending.values())}")

    def wait_ready(self) -> None:
        """The engine is ready and the page's own modules ran (app.js: `window.boneyard`; the engine
        starts from boot.js, before them, so it can be ready on a page whose app never came up).
        A load left incomplete (a module's request cancelled, net::ERR_ABORTED: Chromium does so now
        and then to a load the service worker answers, with or without Playwright's routing) is
        loaded again by the page itself once (web/boot.js, tested in test_shell.py); a second in a
        row, which the page says, fails the test with what was cancelled, so a load that keeps
        failing is seen, not hidden."""
        try:
            self.page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)
        except PlaywrightTimeoutError:  # (boot.js's own modules never ran: the engine never started)
            raise AssertionError(f"the engine never became ready: {self.stalled()}") from None
        try:
            came = self.page.wait_for_function("""() => typeof window.boneyard?.request === 'function' ? 'up'
              : document.documentElement.dataset.app === 'incomplete' && 'incomplete'""",
                                               timeout=APP_UP_TIMEOUT_MS).json_value()
        except PlaywrightTimeoutError:
            raise AssertionError(self.stalled()) from None
        if came == "incomplete":  # web/boot.js: a file of the page failed to download, twice in a row
            raise AssertionError(f"the page did not load completely, after its own second load: {self.stalled()}")
        count_start(self.page)

    def open(self, fragment: str = "") -> None:
        """Load the page at url#fragment and wait for the engine."""
        self.pending.clear()
        self.aborted.clear()
        self.page.goto(self.url + fragment)
        self.wait_ready()


def count_start(page: Page) -> None:
    """Note what a test waited for, under its file: a page load (a new document: its engine started
    cold, "normal", or from the start-up snapshot), or a wait on a document already counted (a
    navigation within the page: "no load"). STARTS; written out with BONEYARD_COUNT_STARTS."""
    kind, origin = page.evaluate("[document.documentElement.dataset.engineStart, performance.timeOrigin]")
    if DOCUMENTS.get(id(page)) == origin:
        kind = "no load"
    DOCUMENTS[id(page)] = origin
    test = os.environ.get("PYTEST_CURRENT_TEST", "?::").split("::")[0]
    STARTS[f"{Path(test).name}: {kind or 'unknown'}"] += 1


def pytest_sessionfinish(session: pytest.Session) -> None:
    """With BONEYARD_COUNT_STARTS=FILE, add this process's engine starts (STARTS) to FILE, one JSON
    line per process (each pytest-xdist worker its own): the page loads a run paid for
    (docs/benchmarks.md, "The test suite's time")."""
    out = os.environ.get("BONEYARD_COUNT_STARTS")
    if out and STARTS:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with open(out, "a") as handle:
            handle.write(json.dumps({"worker": worker, "starts": dict(sorted(STARTS.items()))}) + "\n")


SCREEN_TIMEOUT_MS = 30_000  # a game screen's answer after a click or a navigation


def frames(page: Page, count: int = 2) -> None:
    """Let `count` animation frames of the page pass (what it does each frame, it has done that often)."""
    page.evaluate("""async (count) => {
      for (let i = 0; i < count; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    }""", count)


def settled(page: Page, timeout: float = SCREEN_TIMEOUT_MS) -> None:
    """Wait until the page has settled (web/settled.js: the engine neither starting nor answering
    a request, no motion playing, no timer of the turn sequencer pending), two frames after now, so that what the last
    input put off to a frame has begun. Then what the page does next waits for the person: a test
    that something stays as it was checks it after this. (A page whose clock the test holds still
    settles only as the test moves time on: page.clock.run_for.)"""
    frames(page)
    root = page.locator("html")
    try:
        expect(root).to_have_attribute("data-settled", "yes", timeout=timeout)
    except AssertionError:
        raise AssertionError(f"the page did not settle within {timeout / 1000:g} s; still under way: "
                             f"{root.get_attribute('data-settled')}") from None


def record_file(record: dict[str, Any], name: str = "game.json") -> FilePayload:
    """A game record as the page's Export saves it, as a file to give the page."""
    data = json.dumps({"boneyard": "game-record", "format": 1, "record": record}).encode()
    return {"name": name, "mimeType": "application/json", "buffer": data}


def import_answered(page: Page, file: FilePayload, done: str, timeout: int = 30_000) -> None:
    """Give the page a record file (`file`: name, mimeType, buffer) as a player would, and answer
    the question an import over a game in progress asks first (as a new deal does, the game left
    counting as lost); then wait for `done`, a selector of the screen's element that carries its
    session, in the imported game (a new session: never the screen as it was before the import)."""
    before = page.locator("[data-session]").first
    old = before.get_attribute("data-session") if before.count() else None
    page.set_input_files("#import-record", files=[file])
    imported = page.locator(f"{done}[data-session]" + (f":not([data-session='{old}'])" if old else ""))
    confirm = page.locator("#confirm[open]")
    expect(imported.or_(confirm).first).to_be_visible(timeout=timeout)
    if confirm.is_visible():
        page.click("#confirm-yes")
    expect(imported.first).to_be_visible(timeout=timeout)


def centre(box: FloatRect) -> tuple[float, float]:
    """The centre of an element's box (box_of)."""
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def box_of(locator: Locator, timeout: float = SCREEN_TIMEOUT_MS) -> FloatRect:
    """The element's box once it is in view: a screen drawn again between finding the element
    and measuring it (a game's next view) gives no box for that instant, so measure again."""
    page = locator.page
    waited = 0
    while True:
        expect(locator).to_be_visible(timeout=timeout)
        box = locator.bounding_box()
        if box is not None:
            return box
        assert waited < timeout, f"{locator} never had a box"
        page.wait_for_timeout(50)
        waited += 50


def follow_link(app: App, fragment: str) -> None:
    """Open a game link with no saved game in progress (the page would first ask whether to
    leave it, which a test of something else does not want): from the home page, saved games
    forgotten once the game screen before is gone (a screen left saves nothing after: until it is
    gone, an answer it awaits could save its game again)."""
    page = app.page
    page.goto(f"{app.url}#/")
    expect(page.locator("[data-session]")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)
    page.evaluate("""() => Object.keys(localStorage).filter((k) => k.startsWith('boneyard.game.'))
      .forEach((k) => localStorage.removeItem(k))""")
    page.goto(app.url + fragment)


def open_deal(app: App, game: str, seed: int, **options: str) -> None:
    """Open a solitaire's deal by its game link (#/play/GAME?deal=N&KEY=VALUE...) and wait for
    its first view (a new session when another game was on screen)."""
    board = app.page.locator("#board")
    old = board.get_attribute("data-session") if board.count() else None
    query = "".join(f"&{key}={value}" for key, value in options.items())
    follow_link(app, f"#/play/{game}?deal={seed}{query}")
    if old:
        expect(board).not_to_have_attribute("data-session", old, timeout=SCREEN_TIMEOUT_MS)
    expect(board).to_have_attribute("data-seed", str(seed), timeout=SCREEN_TIMEOUT_MS)
    expect(board).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)


def every_deal(app: App) -> None:
    """The setting as a player who turned winnable-only deals off has it (from the next screen on)."""
    app.page.evaluate("""() => localStorage.setItem('boneyard.settings.v1', JSON.stringify({
      ...JSON.parse(localStorage.getItem('boneyard.settings.v1') || '{}'), winnableOnly: false }))""")


def next_deal_numbers(app: App, *numbers: int) -> None:
    """The page's next new deals (a random number each: web/render/dom.js randomSeed) get these
    numbers, then random ones again; for this document only. A test of something else must not
    meet a deal that is over before it begins (a solitaire's deal can have no move at all)."""
    app.page.evaluate("""(numbers) => {
      const random = crypto.getRandomValues.bind(crypto);
      const left = [...numbers];
      crypto.getRandomValues = (a) => {
        if (!(a instanceof Uint32Array && a.length === 1)) return random(a);
        a[0] = left.shift();
        if (!left.length) crypto.getRandomValues = random;
        return a;
      };
    }""", list(numbers))


@contextmanager
def styled(page: Page, css: str) -> Iterator[None]:
    """`css` put on the page for what is done within (a constructed style sheet: the page's CSP refuses a
    <style> element), then taken away: a browser's way of laying out that Chromium has not, imitated."""
    page.evaluate("""css => { const sheet = new CSSStyleSheet(); sheet.replaceSync(css); window.__styled = sheet;
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; }""", css)
    try:
        yield
    finally:
        page.evaluate("""() => {
          document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== window.__styled); }""")


def until_still(page: Page, scroller: str | None = None, timeout_ms: int = 5000) -> None:
    """Wait until nothing on the page moves (no tile in flight, no transition running, and the
    `scroller` element's scroll position the same for a few frames: a snap comes to rest): a
    loaded machine can still be drawing the resized board when the measure would run. The page
    has settled first (`settled`: no request, no slide, nothing due)."""
    settled(page)
    still = page.evaluate("""async ([scroller, timeout]) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const at = () => {
        const s = scroller && document.querySelector(scroller);
        return s ? `${s.scrollLeft},${s.scrollTop}` : "";
      };
      const start = performance.now();
      let held = 0;
      let last = at();
      while (performance.now() - start < timeout) {
        await frame();
        await frame();
        const moving = document.getAnimations().filter((a) => a.playState === "running").length;
        const now = at();
        held = now === last ? held + 1 : 0;
        last = now;
        if (!moving && !document.querySelector(".motion-ghost") && held >= (scroller ? 3 : 0)) return true;
      }
      return false;
    }""", [scroller, timeout_ms])
    assert still, "the page was still moving"


def stats(app: App) -> dict[str, Any]:
    """The statistics the page keeps (boneyard.stats.v1), by game and options; {} when none."""
    text = app.page.evaluate("localStorage.getItem('boneyard.stats.v1')")
    return json.loads(text)["entries"] if text else {}


def resign(page: Page) -> None:
    """Resign the game on screen from the side panel (under More on a small screen), saying yes."""
    button = page.locator("[data-action=resign]")
    if not button.is_visible():
        page.click(".more-button")
    button.click()
    page.click("#confirm-yes")


AXE_SCRIPT = Axe().axe_script  # axe-core's source, put in a document once (serious)


def serious(page: Page) -> list[str]:
    """The page's serious and critical axe-core violations, each with the first few places. axe-core
    is put in the document once (its half-megabyte source parsed again at each check cost about a
    second of the browser's CPU each time), and only the violations come back to the test. The
    rules whose impact is set below serious are not run: axe gives every violation of a rule with
    an impact that impact (its finalizeRuleResult), so none of theirs could be kept (a quarter of
    a run's CPU)."""
    if not page.evaluate("() => typeof window.axe?.run === 'function'"):
        page.evaluate(AXE_SCRIPT)
    violations = page.evaluate("""async () => (await window.axe.run(document, {resultTypes: ['violations'],
      rules: Object.fromEntries((window.axe._audit?.rules ?? []).filter((r) => ['minor', 'moderate'].includes(r.impact))
        .map((r) => [r.id, {enabled: false}]))}))
      .violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({id: v.id, impact: v.impact, help: v.help, places: v.nodes.slice(0, 4).map((n) => n.target)}))""")
    return [f"{v['id']} ({v['impact']}): {v['help']} — {v['places']}" for v in violations]


def play_a_move(page: Page) -> None:
    """The person's move by clicks: their first playable tile picked, then put at its first place
    (two taps, even where it fits one place only), else the first move button (a draw, a pass)."""
    tiles = page.locator(".hand-tile.playable")
    if tiles.count():
        two_taps(page)
        tiles.first.click()
        page.locator(".end-marker.active").first.click()
    else:
        page.locator("#actions [data-move]").first.click()


def computer_speed(page: Page, speed: str | None = "instant") -> None:
    """The computers' pace the page keeps for the next table game opened ("instant", "fast",
    "normal", "slow"; None: the default), as the person would choose it."""
    page.evaluate("""speed => speed === null ? localStorage.removeItem('boneyard.table.speed.v1')
      : localStorage.setItem('boneyard.table.speed.v1', JSON.stringify(speed))""", speed)


def open_table(app: App, fragment: str, speed: str | None = "instant") -> None:
    """Open a table game by its link (no saved game asked about), the computers at `speed`, and
    wait for its screen (a new session when a table was on screen before)."""
    page = app.page
    screen = page.locator("#table-screen[data-session]")
    old = screen.get_attribute("data-session") if screen.count() else None
    page.goto(f"{app.url}#/")
    computer_speed(page, speed)
    follow_link(app, fragment)
    expect(screen).to_be_attached(timeout=SCREEN_TIMEOUT_MS)
    if old:
        expect(screen).not_to_have_attribute("data-session", old, timeout=SCREEN_TIMEOUT_MS)


def two_taps(page: Page) -> None:
    """A table game's tile picked and then placed, even where it fits one place only (the setting
    "one tap plays it" off, the rest of the settings kept): for tests of the pick-then-place flow."""
    page.evaluate("""() => {
      const key = 'boneyard.settings.v1';
      localStorage.setItem(key, JSON.stringify({...JSON.parse(localStorage.getItem(key) || '{}'), oneTap: false}));
    }""")


def expect_moves(app: App, count: int) -> None:
    """The board shows `count` moves and the screen is idle (the game is saved)."""
    page = app.page
    expect(page.locator("#board")).to_have_attribute(
        "data-moves", str(count), timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(".game.busy")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)


def check_undo_redo(app: App, play: Callable[[], None], position: Callable[[], object]) -> None:
    """A solitaire's Undo, Redo and Ctrl+Z from a fresh deal: Undo disabled; one move (`play`)
    changes the board's `position`; Undo brings it back; Redo plays it again; Ctrl+Z undoes it."""
    before = position()
    undo = app.page.locator("button[data-action=undo]")
    redo = app.page.locator("button[data-action=redo]")
    expect(undo).to_be_disabled()
    play()
    expect_moves(app, 1)
    assert position() != before
    undo.click()
    expect_moves(app, 0)
    assert position() == before
    expect(redo).to_be_enabled()
    redo.click()
    expect_moves(app, 1)
    app.page.keyboard.press("Control+z")
    expect_moves(app, 0)


@dataclass
class Checked:
    """How much of an App's log the per-test check has already seen."""

    errors: int = 0
    off_origin: int = 0



def attach(context: BrowserContext, page: Page, server_url: str) -> App:
    """An App on `page`: every request of the context off 127.0.0.1 is failed and noted, console
    errors (of the page and its workers), page errors and failed requests are noted."""
    state = App(page, server_url)
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(server_url))

    def on_route(route: Route) -> None:
        url = route.request.url
        state.requests.append(url)
        if url.startswith((origin + "/", "data:", "blob:")):
            route.continue_()
        else:
            state.off_origin.append(url)
            route.abort()

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and not message.location.get("url", "").endswith(
                "/favicon.ico"):  # Chromium's own look for an icon of the blank page (`leave`)
            state.errors.append(f"console: {message.text}")

    # only what is off the origin, and the engine's wasm (new_app: the worker's requests are routed too),
    # comes to this process: Playwright's driver matches the pattern, so the origin's other requests
    # (some 30 a load) are not each sent here and back (docs/benchmarks.md, "The test suite's time")
    context.route(re.compile(rf"^(?!{re.escape(origin)}/|data:|blob:)|/pyodide\.asm\.wasm$"), on_route)
    page.on("console", on_console)
    page.on("pageerror", lambda error: state.errors.append(f"pageerror: {error}"))

    def on_worker(worker: Worker) -> None:
        worker.on("console", on_console)
    page.on("worker", on_worker)
    page.on("request", lambda request: state.pending.__setitem__(request, request.url))

    def on_finished(request: Request) -> None:
        state.pending.pop(request, None)
    page.on("requestfinished", on_finished)

    def on_failed(request: Request) -> None:
        state.pending.pop(request, None)
        url, failure = request.url, request.failure or ""
        if url in state.off_origin:
            return
        if "ERR_ABORTED" in failure:  # a request cancelled by a navigation or reload, not a failure
            state.aborted.append(url)
        else:
            state.errors.append(f"request failed: {url} {failure}")
    page.on("requestfailed", on_failed)
    return state


@contextmanager
def new_app(browser: Browser, server_url: str, clock: bool = False, **context_options: Any) -> Iterator[App]:
    """A new browser context (a first visit: the engine starts cold) with the app loaded. With
    `clock`, Playwright's clock is installed first (time flows until the test moves it)."""
    context = browser.new_context(**{"viewport": DESKTOP, **context_options})
    if clock:
        context.clock.install()
    page = context.new_page()
    state = attach(context, page, server_url)
    state.open()
    # the route sees the worker's requests too (so "nothing off the origin" covers them)
    assert any(url.endswith("pyodide.asm.wasm") for url in state.requests), "worker requests not observed"
    # the start-up snapshot is stored (or said not to be) before anything reloads the page
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=READY_TIMEOUT_MS)
    try:
        yield state
    finally:
        context.close()


def leave(app: App) -> None:
    """Take the page off the app (to a file of the origin that runs no code): nothing it does
    on the way out, or later, touches the storage."""
    app.page.goto(app.url + BLANK)


def clear_storage(app: App) -> None:
    """Take the page off the app and clear this origin's local and session storage (what a new
    visitor has not got); the engine's start-up snapshot and the service worker's cache stay."""
    leave(app)
    app.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")


def start_fresh(app: App, viewport: ViewportSize, motion: bool) -> App:
    """The app as a new visitor sees it, without a cold start: other pages of its context closed,
    the viewport and media as new, storage cleared (the engine's start-up snapshot and the service
    worker's cache kept). On a page that is the app, without a load: the page's own
    `boneyard.startAsNewVisitor` (web/app.js; test_new_visitor.py compares it with a load) forgets
    the visitor; a page the module before took off the app (`patches_page`) is loaded again.
    Without `motion`, the animation setting is off, as a person may choose, from that start on:
    for tests of a game's play, not of its motion, so that playing to the end does not wait on
    each flight."""
    page = app.page
    for other in page.context.pages:
        if other is not page:
            other.close()
    page.set_viewport_size(viewport)
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    stored = {} if motion else {"boneyard.settings.v1": json.dumps({"animation": "off"})}
    if page.url.startswith(app.url) and not page.url.startswith(app.url + BLANK) and page.evaluate(
            "() => typeof window.boneyard?.startAsNewVisitor === 'function'"):  # (not a load that never came up)
        page.evaluate("stored => window.boneyard.startAsNewVisitor(stored)", stored)
    else:
        clear_storage(app)
        page.evaluate("stored => Object.entries(stored).forEach(([k, v]) => localStorage.setItem(k, v))", stored)
        app.open()  # (a load left incomplete is loaded again once by the page itself: web/boot.js)
    app.errors.clear()  # a module of its own: what went wrong before it was the earlier module's to report
    assert page.evaluate("document.documentElement.dataset.motion") == ("normal" if motion else "off")
    return app


def patched_after(request: pytest.FixtureRequest, app: App) -> None:
    """After a module marked `patches_page` (it replaces what the page's own code calls: a timer, the
    storage, the engine's request): with the marker's `undo` (a JS function that puts back what the
    module replaced and removes what it added: `pytest.mark.patches_page(undo=...)`), that is run on
    the page, still the app, so the next module starts in place (start_fresh: a load costs some 2 s
    of CPU); without it, or with the page off the app, the page is taken off the app, so the next
    module's start is a load."""
    marker = request.node.get_closest_marker("patches_page")
    if marker is None:
        return
    undo = marker.kwargs.get("undo")
    page = app.page
    if undo and not page.is_closed() and page.url.startswith(app.url) and not page.url.startswith(app.url + BLANK):
        page.evaluate(undo)
    else:
        leave(app)


@contextmanager
def another_browser(app: App) -> Iterator[Page]:
    """The app's page as another browser with nothing stored would be (a link opened there): the
    storage put aside and cleared; afterwards put back, and the page made that visitor's again: in
    place on the app's own document (its `boneyard.startAsNewVisitor`, as start_fresh does),
    else by a load."""
    page = app.page
    leave(app)
    kept = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    clear_storage(app)
    try:
        yield page
    finally:
        if page.url.startswith(app.url) and not page.url.startswith(app.url + BLANK):
            page.evaluate("kept => window.boneyard.startAsNewVisitor(kept)", kept)
        else:
            page.evaluate("""kept => { localStorage.clear();
              for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value); }""", kept)
            app.open()


def started_again(page: Page, at: str | None = None) -> None:
    """The app's page started again from what is stored, as a load starts it, without one (a load
    costs some 1.5 s of CPU): its own `boneyard.startAsNewVisitor` (web/app.js) given the local
    storage as it is: the screen left, the engine's sessions closed, every module's memory of the
    game and of what it asked forgotten, the settings read again, the home page shown; then, with
    `at`, that address opened (a game's screen: its save resumed)."""
    page.evaluate("() => window.boneyard.startAsNewVisitor(Object.fromEntries(Object.entries(localStorage)))")
    if at is not None:
        page.goto(at)


@contextmanager
def another_visitor(app: App) -> Iterator[Page]:
    """The app's page as another browser with nothing stored would be (a link opened there), made so
    in place, without a load (another_browser loads the page): the screen left, the storage put
    aside, the page made a new visitor's by its own `boneyard.startAsNewVisitor` (as start_fresh
    does: no address, the menu); afterwards the storage put back the same way."""
    page = app.page
    page.goto(f"{app.url}#/")
    expect(page.locator("[data-session]")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)  # nothing saves after
    kept = page.evaluate("""async () => { const kept = Object.fromEntries(Object.entries(localStorage));
      await window.boneyard.startAsNewVisitor({}); return kept; }""")
    try:
        yield page
    finally:
        page.evaluate("kept => window.boneyard.startAsNewVisitor(kept)", kept)


@pytest.fixture(scope="session")
def desktop_session(browser: Browser, server_url: str) -> Iterator[App]:
    with new_app(browser, server_url) as state:
        yield state


@pytest.fixture(scope="session")
def phone_session(browser: Browser, server_url: str) -> Iterator[App]:
    with new_app(browser, server_url, viewport=PHONE, has_touch=True, is_mobile=True,
                 device_scale_factor=2) as state:
        yield state


@pytest.fixture(scope="session")
def clocked_session(browser: Browser, server_url: str) -> Iterator[App]:
    with new_app(browser, server_url, clock=True) as state:
        yield state


def with_motion(request: pytest.FixtureRequest) -> bool:
    """Whether a module's page keeps the animation setting at its default ("normal"): only in a
    module marked `motion` (`pytestmark = pytest.mark.motion`), where the tiles' flights, the
    turns' pacing and what follows them are tested. Elsewhere the setting is off, as a person may
    choose: those modules test a game's rules, layout and dialogs once the page has settled, and a
    flight drawn frame by frame in each of them cost the suite's wall time (the same four files
    took 87 s against 156 s, docs/benchmarks.md). A test that needs a flight in another module
    turns motion on itself (`dataset.motion`)."""
    return request.node.get_closest_marker("motion") is not None


@pytest.fixture(scope="module")
def app(request: pytest.FixtureRequest, desktop_session: App) -> Iterator[App]:
    """A desktop page (1280 x 900) of the app, fresh for the test module (motion: with_motion)."""
    yield start_fresh(desktop_session, DESKTOP, motion=with_motion(request))
    patched_after(request, desktop_session)


@pytest.fixture(scope="module")
def phone(request: pytest.FixtureRequest, phone_session: App) -> Iterator[App]:
    """A touch screen (has_touch, is_mobile) at 390 x 844, fresh for the test module (motion: with_motion)."""
    yield start_fresh(phone_session, PHONE, motion=with_motion(request))
    patched_after(request, phone_session)


@pytest.fixture(scope="module")
def clocked(request: pytest.FixtureRequest, clocked_session: App) -> App:
    """A desktop page whose timers and Date run on Playwright's clock (page.clock): a test moves
    time on (fast_forward, run_for, set_system_time) rather than waiting it out. Made new for each
    module in place, as `app` is (start_fresh: a load costs some 2 s of CPU): a load would not undo
    what a module did to the clock either (Playwright replays the clock's log in each new document of
    the context: a time set stays set). Motion: with_motion."""
    return start_fresh(clocked_session, DESKTOP, motion=with_motion(request))


@pytest.fixture(scope="module")
def fresh_app(browser: Browser, server_url: str) -> Iterator[App]:
    """A page in a new browser context of its own: a first visit, the engine started cold."""
    with new_app(browser, server_url) as state:
        yield state


# the files that take some 5 s or more, longest first, as measured in a run of the whole e2e with its three
# browsers (`--durations=0`, benchmarks.md "The test suite's time"): the clocked screen's two files (one unit:
# ONE_BROWSER_FILES) first, the longest unit together; the shorter files after them, by their number of tests
# (pytest_collection_modifyitems), so that the run ends on short files in every browser
LONGEST_FILES = ("test_solitaire_extras.py", "test_reliability.py", "test_snapshot.py", "test_coach_review.py",
                 "test_phone.py", "test_shell.py", "test_page_doors.py", "test_tables.py", "test_lessons_phone.py",
                 "test_lessons.py", "test_screen_look.py", "test_offline.py", "test_dial.py", "test_keys.py",
                 "test_pan_zoom.py", "test_fit.py", "test_clock.py", "test_fit_more.py", "test_coach.py",
                 "test_a11y.py", "test_luzon.py", "test_home.py", "test_motion_refit.py", "test_offline_update.py",
                 "test_home_games.py", "test_big_clock.py", "test_play.py", "test_pace.py", "test_new_visitor.py",
                 "test_two_tabs.py", "test_seat_strip.py", "test_offline_failed.py", "test_missing_features.py",
                 "test_extras_isolated.py", "test_table_room.py", "test_score_sheet.py", "test_hidden_and_kept.py",
                 "test_settled.py", "test_motion.py", "test_dialogs.py", "test_one_tap.py")


# the files that use a kind of screen one browser opens for them all (build.py runs the e2e with
# `--dist loadfile`: these files are one unit each, pytest_xdist_make_scheduler), so the other browsers
# never start that context's engine cold; checked against the files' fixtures at collection
# (not the phone's files: as one unit, 17 files in one browser, the e2e of a clean clone took 661 s
# on an idle machine against 566 s with three browsers and no units, 2026-11-29)
ONE_BROWSER_FILES = {
    "clocked_session": ("test_solitaire_extras.py", "test_reliability.py"),
}


def screen_of(file_name: str) -> str | None:
    """The screen of ONE_BROWSER_FILES a test file goes with, if any."""
    return next((screen for screen, names in ONE_BROWSER_FILES.items() if file_name in names), None)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist's `--dist loadfile`, the files of each screen of ONE_BROWSER_FILES one unit
    (pytest-xdist's own `--dist loadgroup` does not group under pytest 9: the group it writes
    into a test's id is not read back)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class ScreenFiles(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::")[0]
            screen = screen_of(Path(path).name) if Path(path).parent.name == "e2e" else None
            return screen or super()._split_scope(nodeid)

    return ScreenFiles(config, log)


UNLISTED = pytest.StashKey[str]()  # why a test's file is misplaced in ONE_BROWSER_FILES


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test of a file misplaced in ONE_BROWSER_FILES fails, saying so."""
    if why := item.stash.get(UNLISTED, None):
        pytest.fail(why, pytrace=False)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser's test files longest first: pytest-xdist's `--dist loadfile --no-loadscope-reorder`
    (build.py browser_workers) hands whole files (or the files of a screen of ONE_BROWSER_FILES)
    to the browsers in collection order, so a long file collected late would run on alone at the
    end while the other browsers idle. LONGEST_FILES first, then the files with more tests; each
    file's tests keep their order (some build on the one before). Other directories' tests keep
    their place ahead of them. A file that uses a screen of ONE_BROWSER_FILES and is not listed
    under it fails each of its tests, saying so (UNLISTED: an error raised here would end a
    pytest-xdist worker with no word of why)."""
    here = Path(__file__).parent
    mine = [item for item in items if item.path.parent == here]
    files: dict[str, list[pytest.Item]] = {}
    for item in mine:
        files.setdefault(item.path.name, []).append(item)
    for name, file_items in files.items():
        used = {fixture for item in file_items for fixture in getattr(item, "fixturenames", ())}
        uses = next((screen for screen in ONE_BROWSER_FILES if screen in used), None)
        if uses and uses != screen_of(name):  # (a run of some of a file's tests may use none)
            for item in file_items:
                item.stash[UNLISTED] = (f"tests/e2e/conftest.py ONE_BROWSER_FILES: {name} uses {uses}, "
                                        f"listed under {screen_of(name) or 'none'}")

    def rank(item: pytest.Item) -> tuple[int, int]:
        name = item.path.name
        return (LONGEST_FILES.index(name) if name in LONGEST_FILES else len(LONGEST_FILES), -len(files[name]))
    items[:] = [item for item in items if item.path.parent != here] + sorted(mine, key=rank)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """After each test: no console error (unless marked console_errors), no page error and no
    request off 127.0.0.1 on the pages it used, since the test before."""
    apps: dict[int, tuple[str, Any]] = {}  # an App, or what a test module logs the same way
    for name, value in sorted(getattr(item, "funcargs", {}).items(), key=lambda pair: pair[0].endswith("_session")):
        if all(isinstance(getattr(value, log, None), list) for log in ("errors", "off_origin")):
            apps.setdefault(id(value), (name, value))  # a module's `app` is named so, not by its session
    try:
        result = yield
    finally:
        allowed = item.get_closest_marker("console_errors") is not None
        problems = []
        for name, value in apps.values():
            seen = value.__dict__.setdefault("_checked", Checked())
            errors, off = value.errors[seen.errors:], value.off_origin[seen.off_origin:]
            seen.errors, seen.off_origin = len(value.errors), len(value.off_origin)
            if allowed:
                errors = [e for e in errors if e.startswith("pageerror")]
            problems += [f"{name}: {e}" for e in errors] + [f"{name}: off the origin: {url}" for url in off]
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
    return result
