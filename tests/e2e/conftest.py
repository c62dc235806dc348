"""End-to-end fixtures: dist/ served on 127.0.0.1 (build.py's own server), headless Chromium
(Playwright's own if installed, else the system's), one shared page load per test module."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repository's build.py: server, paths, Chromium lookup)

READY_TIMEOUT_MS = 120_000


def chromium_executable(playwright: object) -> str | None:
    """None to use Playwright's own Chromium, else the path of a system Chromium."""
    chosen = os.environ.get("BONEYARD_CHROMIUM")
    if chosen == "playwright":
        return None
    if chosen and Path(chosen).exists():
        return chosen
    own = playwright.chromium.executable_path  # type: ignore[attr-defined]
    if own and Path(own).exists():
        return None
    system = build.system_chromium()
    if system:
        return system
    pytest.fail("No Chromium for the e2e tests. Install one: `apt-get install chromium` (Debian/Ubuntu) "
                "or `python -m playwright install chromium`; `python build.py test` does this for you.",
                pytrace=False)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, playwright: object) -> dict:
    """Launch the Chromium found above, headless unless --headed, with quiet flags."""
    args = {**browser_type_launch_args, "args": build.CHROMIUM_ARGS}
    executable = chromium_executable(playwright)
    if executable:
        args["executable_path"] = executable
    return args


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """dist/, built now unless `python build.py test` already did."""
    if not os.environ.get("BONEYARD_PREBUILT"):
        build.build()
    return build.DIST


@pytest.fixture(scope="session")
def server_url(dist_dir: Path) -> Iterator[str]:
    """The URL of dist/ served on a free port of 127.0.0.1."""
    server, url = build.serve_in_thread(dist_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def base_url(server_url: str) -> str:
    return server_url


def solve(seed: int, variant: str = "twelve") -> dict:
    """The native solver's answer for a Luzon deal (python -m engine solve ... --json)."""
    result = subprocess.run(
        [sys.executable, "-m", "engine", "solve", "luzon", "--seed", str(seed), "--set", f"variant={variant}",
         "--json"],
        cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


@dataclass
class App:
    """A page of the app and what it logged: console errors and requests off the origin."""

    page: object
    url: str
    errors: list[str] = field(default_factory=list)
    off_origin: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def wait_ready(self) -> None:
        self.page.wait_for_selector("html[data-engine=ready]", state="attached",  # type: ignore[attr-defined]
                                    timeout=READY_TIMEOUT_MS)

    def open(self, fragment: str = "") -> None:
        """Load the page at url#fragment and wait for the engine."""
        self.page.goto(self.url + fragment)  # type: ignore[attr-defined]
        self.wait_ready()


SCREEN_TIMEOUT_MS = 30_000  # a game screen's answer after a click or a navigation


def follow_link(app: App, fragment: str) -> None:
    """Open a game link with no saved game in progress (the page would first ask whether to
    leave it, which a test of something else does not want): from the home page, saved games
    forgotten."""
    page = app.page
    page.goto(f"{app.url}#/")  # type: ignore[attr-defined]
    page.evaluate("""() => Object.keys(localStorage).filter((k) => k.startsWith('boneyard.game.'))
      .forEach((k) => localStorage.removeItem(k))""")  # type: ignore[attr-defined]
    page.goto(app.url + fragment)  # type: ignore[attr-defined]


def open_deal(app: App, game: str, seed: int, **options: str) -> None:
    """Open a solitaire's deal by its game link (#/play/GAME?deal=N&KEY=VALUE...) and wait for
    its first view (a new session when another game was on screen)."""
    board = app.page.locator("#board")  # type: ignore[attr-defined]
    old = board.get_attribute("data-session") if board.count() else None
    query = "".join(f"&{key}={value}" for key, value in options.items())
    follow_link(app, f"#/play/{game}?deal={seed}{query}")
    if old:
        expect(board).not_to_have_attribute("data-session", old, timeout=SCREEN_TIMEOUT_MS)
    expect(board).to_have_attribute("data-seed", str(seed), timeout=SCREEN_TIMEOUT_MS)
    expect(board).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)


def expect_moves(app: App, count: int) -> None:
    """The board shows `count` moves and the screen is idle (the game is saved)."""
    page = app.page
    expect(page.locator("#board")).to_have_attribute(  # type: ignore[attr-defined]
        "data-moves", str(count), timeout=SCREEN_TIMEOUT_MS)
    expect(page.locator(".game.busy")).to_have_count(0, timeout=SCREEN_TIMEOUT_MS)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def app(browser: object, server_url: str) -> Iterator[App]:
    """One browser context and page for a test module; every request off 127.0.0.1 is failed."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    state = App(page, server_url)
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(server_url))

    def on_route(route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        state.requests.append(url)
        if url.startswith((origin + "/", "data:", "blob:")):
            route.continue_()  # type: ignore[attr-defined]
        else:
            state.off_origin.append(url)
            route.abort()  # type: ignore[attr-defined]

    def on_console(message: object) -> None:
        if message.type == "error":  # type: ignore[attr-defined]
            state.errors.append(f"console: {message.text}")  # type: ignore[attr-defined]

    context.route("**/*", on_route)
    page.on("console", on_console)
    page.on("pageerror", lambda error: state.errors.append(f"pageerror: {error}"))
    page.on("worker", lambda worker: worker.on("console", on_console) if hasattr(worker, "on") else None)
    # net::ERR_ABORTED is a request cancelled by a navigation or reload, not a failure
    page.on("requestfailed", lambda request: None
            if request.url in state.off_origin or "ERR_ABORTED" in (request.failure or "")
            else state.errors.append(f"request failed: {request.url} {request.failure}"))
    state.open()
    yield state
    context.close()


@contextmanager
def touch_app(browser: object, server_url: str, width: int, height: int, scale: float = 1) -> Iterator[App]:
    """A touch screen (has_touch, is_mobile) of width x height with the app loaded, for a phone fixture."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,  # type: ignore[attr-defined]
                                  is_mobile=True, device_scale_factor=scale)
    page = context.new_page()
    state = App(page, server_url)
    page.on("pageerror", lambda error: state.errors.append(f"pageerror: {error}"))
    page.on("console", lambda m: state.errors.append(f"console: {m.text}") if m.type == "error" else None)
    state.open()
    try:
        yield state
    finally:
        context.close()


@pytest.fixture(scope="module")
def phone(browser: object, server_url: str) -> Iterator[App]:
    """A touch screen (has_touch, is_mobile) at 390 x 844: the phone sizes."""
    with touch_app(browser, server_url, 390, 844, 2) as state:
        yield state
