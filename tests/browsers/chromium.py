"""Chromium behind drivers.Page: Playwright's sync API on the Chromium the e2e suite uses (env
BONEYARD_CHROMIUM, tests/e2e/conftest.py's `chromium_executable` and `CHROMIUM_TEST_ARGS`), so the
cross-browser scenarios run in Chromium too. Its console errors (and warnings) are Playwright's
console and pageerror events, the page's and its workers' (from the first line a document runs). The
profile is a directory of its own (a persistent context), so `come_back` starts the browser again
on what it stored, as Firefox's does."""

from __future__ import annotations

import tempfile
from typing import Any

from playwright.sync_api import ConsoleMessage, Error, sync_playwright

from tests.e2e.conftest import CHROMIUM_TEST_ARGS, chromium_executable

from .drivers import KEYS, WINDOW, Page, PageError

# a WebDriver key value (drivers.KEYS) as Playwright names the key
KEY_NAMES = {value: name for name, value in KEYS.items()}


class ChromiumPage(Page):
    """Chromium, headless, a profile of its own, driven by Playwright."""

    name = "chromium"

    def __init__(self) -> None:
        self.playwright = sync_playwright().start()
        self.profile = tempfile.TemporaryDirectory(prefix="boneyard-chromium-")
        self.executable = chromium_executable(self.playwright)
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self._launch()

    def _launch(self) -> None:
        self.context = self.playwright.chromium.launch_persistent_context(
            self.profile.name, headless=True, args=CHROMIUM_TEST_ARGS, executable_path=self.executable,
            viewport={"width": WINDOW[0], "height": WINDOW[1]})
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        self.page.on("worker", lambda worker: worker.on("console", self._console))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")
        elif message.type == "warning":
            self.warnings.append(f"warning: {message.text}")

    def goto(self, url: str) -> None:
        self.page.goto(url, wait_until="load")

    def reload(self) -> None:
        self.page.reload(wait_until="load")

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def come_back(self, url: str) -> None:
        """A player back later: the browser closed and started again on its profile, at `url`."""
        self.context.close()
        self._launch()
        self.goto(url)

    def _call(self, wrapped: str, json_args: str) -> str:
        try:
            return str(self.page.evaluate(wrapped, json_args))
        except Error as error:
            raise PageError(f"chromium: {error.message}") from None

    def actions(self, actions: list[dict[str, Any]]) -> None:
        """W3C WebDriver actions (the subset drivers.Page sends: a mouse's move, down and up; a
        key's down and up) by Playwright's mouse and keyboard."""
        mouse, keyboard = self.page.mouse, self.page.keyboard
        for source in actions:
            for action in source["actions"]:
                kind = action["type"]
                if kind == "pointerMove":
                    mouse.move(action["x"], action["y"])
                elif kind == "pointerDown":
                    mouse.down()
                elif kind == "pointerUp":
                    mouse.up()
                elif kind == "keyDown":
                    keyboard.down(KEY_NAMES.get(action["value"], action["value"]))
                elif kind == "keyUp":
                    keyboard.up(KEY_NAMES.get(action["value"], action["value"]))
                else:
                    raise ValueError(f"chromium: no such action here: {kind}")

    def close(self) -> None:
        try:
            self.context.close()
        finally:
            self.playwright.stop()
            self.profile.cleanup()

