"""Firefox and WebKit, each behind the same small `Page` (Chromium too: chromium.py): what the
cross-browser scenarios do with a page (open a URL, run a function in it, click, press a key, read
the console's errors).

- Firefox ESR (Debian's firefox-esr) speaks WebDriver BiDi itself (`--remote-debugging-port`), so
  no geckodriver is needed: bidi.py.
- WebKitGTK: Debian's webkit2gtk-driver (WebKitWebDriver) drives its MiniBrowser, under Xvfb, by
  classic W3C WebDriver over HTTP (it has no BiDi, so no console log): the page's console errors,
  uncaught errors and rejections are caught by a hook put in each document once it has loaded
  (what a document logs before that is not seen in WebKit; Firefox sees everything). Tried and
  not possible with WebKitGTK 2.50.6: a session asking for `webSocketUrl` (BiDi) is refused
  ("Failed to match capabilities"), classic WebDriver has no script run before a document's own,
  and MiniBrowser's `--enable-write-console-messages-to-stdout=true` writes nothing for the pages
  of an automation session. Not done: the page keeping its early errors for the hook (no player
  would gain from such a list; what a player does see, a file of the page failed to download,
  boot.js marks on the page, `data-app="incomplete"`, and a scenario's wait then fails saying
  what the page shows); WebKitGTK's remote Web Inspector (WEBKIT_INSPECTOR_HTTP_SERVER) was not
  tried.

A function run in the page is JavaScript text of a function, called with JSON arguments, whose
(awaited) result comes back through JSON: the page's CSP does not apply to what a driver runs."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from .bidi import Bidi

START_TIMEOUT_S = 60
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
FIREFOX = "firefox-esr"
WEBKIT_DRIVER = "WebKitWebDriver"
XVFB = "Xvfb"
KEYS = {"Escape": "\ue00c", "Enter": "\ue007", "Tab": "\ue004", "ArrowLeft": "\ue012", "ArrowUp": "\ue013",
        "ArrowRight": "\ue014", "ArrowDown": "\ue015", "Space": " ", "Home": "\ue011", "End": "\ue010"}
# the function a page runs, its JSON result returned as text (a thrown error too, to be raised here)
WRAP = """async function (json) {
  try { return JSON.stringify({ value: (await (%s)(...JSON.parse(json))) ?? null }); }
  catch (error) { return JSON.stringify({ error: String(error && error.stack || error) }); }
}"""
POLL_S = 20  # the longest one call of POLL waits in the page (under the drivers' own time limits)
# `function` (its text) called until it returns something truthy (that value) or `ms` have passed (null)
POLL = """async (ms, args) => {
  const test = (%s);
  const until = performance.now() + ms;
  for (;;) {
    const value = await test(...args);
    if (value || performance.now() > until) return value || null;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}"""
HOOK = """() => {
  if (window.__consoleErrors) return;
  const caught = window.__consoleErrors = [];
  const error = console.error.bind(console);
  console.error = (...args) => { caught.push("console: " + args.map(String).join(" ")); error(...args); };
  addEventListener("error", (event) => caught.push("pageerror: " + event.message));
  addEventListener("unhandledrejection", (event) => caught.push("pageerror: " + String(event.reason)));
}"""
SHOWN = """() => ({ url: location.href, root: { ...document.documentElement.dataset },
  board: { ...document.querySelector("#board, #table-screen")?.dataset },
  message: document.querySelector(".game .message")?.textContent, dialog: document.querySelector("dialog[open]")?.id,
  buttons: [...document.querySelectorAll("button:not([disabled])")].filter((b) => b.offsetParent)
    .map((b) => b.dataset.action ?? b.id ?? b.textContent).slice(0, 30) })"""
CENTER = """(css) => {
  const element = document.querySelector(css);
  // not yet laid out (a resized window's new layout still to come in WebKit): not there to click
  if (!element || element.disabled || !element.getClientRects().length) return null;
  element.scrollIntoView({ block: "center", inline: "center" });
  const box = element.getBoundingClientRect();
  return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
}"""


class PageError(AssertionError):
    """A function run in the page threw."""


NEEDS = {"firefox": [FIREFOX], "webkit": [WEBKIT_DRIVER, XVFB, "MiniBrowser"]}  # the programs of each browser


def missing(browser: str | None = None) -> list[str]:
    """The programs `browser` (else Firefox and WebKit) needs that this system lacks."""
    found = {FIREFOX: shutil.which(FIREFOX), WEBKIT_DRIVER: shutil.which(WEBKIT_DRIVER), XVFB: shutil.which(XVFB),
             "MiniBrowser": MINIBROWSER if Path(MINIBROWSER).exists() else None}
    wanted = NEEDS[browser] if browser else [name for names in NEEDS.values() for name in names]
    return [name for name in wanted if not found[name]]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Page:
    """One tab of a browser: the operations the scenarios use, on either protocol."""

    name = ""
    # Enter (or Space) on a focused button clicks it. Not in Firefox driven over BiDi, headless or
    # under Xvfb (ESR 153.8): the key events reach the focused button, trusted, keyCode 13
    # (keydown, keypress, keyup; "\ue006" or "\ue007", Space too), but no click follows, nor does
    # Space tick a checkbox; Enter on a link does follow it, Enter in a form's field submits it, and
    # typed text reaches an input. The window never has the focus there (`document.hasFocus()` stays
    # false after `browsingContext.activate`, `window.focus()`, a click, or the pref
    # `focusmanager.testmode`), most likely why: Gecko's keyboard activation of a button or a
    # checkbox acts only for the element its focus manager holds as focused (as we read it; not
    # checked in Gecko's source here), which a window without the focus has none of.
    # So in Firefox a keyboard move is pressed by a click; Chromium and WebKit press Enter.
    enter_activates = True

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def run(self, function: str, *args: Any) -> Any:
        """Call the JavaScript `function` in the page with `args`; its result (awaited)."""
        text = self._call(WRAP % function, json.dumps(list(args)))
        answer = json.loads(text)
        if "error" in answer:
            raise PageError(f"{self.name}: {answer['error']}")
        return answer["value"]

    def _call(self, wrapped: str, json_args: str) -> str:
        raise NotImplementedError

    def actions(self, actions: list[dict[str, Any]]) -> None:
        raise NotImplementedError

    def console_errors(self) -> list[str]:
        """The console errors logged since the last call."""
        raise NotImplementedError

    def come_back(self, url: str) -> None:
        """A player back later at `url`: the browser started again where it can be."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # ---- built on the above, the same in every browser
    def wait(self, function: str, *args: Any, timeout_s: float = 60, what: str = "") -> Any:
        """Poll `function` in the page until it returns something truthy; that value. The polling
        runs in the page (a call of POLL_S at most each), not one driver call per poll."""
        deadline = time.monotonic() + timeout_s
        while True:
            left = deadline - time.monotonic()
            value = self.run(POLL % function, min(POLL_S, max(left, 0)) * 1000, list(args))
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: waited {timeout_s} s for {what or function}; {self.run(SHOWN)}")

    def resize(self, width: int, height: int) -> None:
        """The page's viewport (a phone's, a desktop's)."""
        raise NotImplementedError

    def click(self, css: str) -> None:
        """A real click (pointer down and up) in the middle of the first element `css` finds, once
        it is there, shown and enabled."""
        at = self.wait(CENTER, css, what=f"an element {css}", timeout_s=30)
        x, y = at
        self.actions([{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
            {"type": "pointerMove", "x": x, "y": y, "origin": "viewport"},
            {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}])

    def press(self, key: str) -> None:
        """One key pressed and let go (a name of KEYS, or a character)."""
        value = KEYS.get(key, key)
        self.actions([{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]}])


# ---------------------------------------------------------------- Firefox (WebDriver BiDi)

class FirefoxPage(Page):
    """Firefox ESR, headless, its own profile, driven over WebDriver BiDi."""

    name = "firefox"
    enter_activates = False

    def __init__(self) -> None:
        self.profile = tempfile.TemporaryDirectory(prefix="boneyard-firefox-")
        self._launch()

    def _launch(self) -> None:
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--remote-debugging-port=0", "--profile", self.profile.name, "--no-remote",
             "--width", "1280", "--height", "900"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        url = self._listening()
        self.bidi = Bidi(url + "/session")
        self.bidi.command("session.new", {"capabilities": {}})
        self.bidi.command("session.subscribe", {"events": ["log.entryAdded"]})
        self.context = self.bidi.command("browsingContext.getTree", {})["contexts"][0]["context"]
        self.resize(1280, 900)
        self.seen = 0

    def come_back(self, url: str) -> None:
        """A player back later: the browser closed and started again on its profile, at `url`
        (nothing of the last run is left in its memory: only what the profile keeps on disk)."""
        self._quit()
        self._launch()
        self.goto(url)

    def _listening(self) -> str:
        """The BiDi address Firefox prints on start (its other output read on, then dropped)."""
        assert self.process.stderr is not None
        deadline = time.monotonic() + START_TIMEOUT_S
        for line in self.process.stderr:
            found = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
            if found:
                threading.Thread(target=self.process.stderr.read, daemon=True).start()  # never a full pipe
                return found.group(1)
            if time.monotonic() > deadline:
                break
        raise RuntimeError("Firefox did not start its WebDriver BiDi server")

    def goto(self, url: str) -> None:
        self.bidi.command("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self.bidi.command("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def resize(self, width: int, height: int) -> None:
        self.bidi.command("browsingContext.setViewport", {"context": self.context,
                                                          "viewport": {"width": width, "height": height}})

    def _call(self, wrapped: str, json_args: str) -> str:
        result = self.bidi.command("script.callFunction", {
            "functionDeclaration": wrapped, "awaitPromise": True, "target": {"context": self.context},
            "arguments": [{"type": "string", "value": json_args}]})
        if result.get("type") == "exception":
            raise PageError(f"firefox: {result['exceptionDetails'].get('text')}")
        return str(result["result"]["value"])

    def actions(self, actions: list[dict[str, Any]]) -> None:
        self.bidi.command("input.performActions", {"context": self.context, "actions": actions})

    def console_errors(self) -> list[str]:
        events = self.bidi.events[self.seen:]
        self.seen = len(self.bidi.events)
        return [f"console: {e['params'].get('text')}" for e in events
                if e.get("method") == "log.entryAdded" and e["params"].get("level") == "error"]

    def _quit(self) -> None:
        try:
            self.bidi.command("browser.close", {}, timeout_s=10)
        except Exception:
            pass
        self.bidi.close()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()

    def close(self) -> None:
        self._quit()
        self.profile.cleanup()


# ---------------------------------------------------------------- WebKit (classic WebDriver)

class WebKitPage(Page):
    """WebKitGTK's MiniBrowser under its own Xvfb, driven by WebKitWebDriver."""

    name = "webkit"

    def __init__(self) -> None:
        self.display = f":{free_port() % 400 + 100}"
        self.xvfb = subprocess.Popen([XVFB, self.display, "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port = free_port()
        self.driver = subprocess.Popen([WEBKIT_DRIVER, f"--port={port}"], env={**os.environ, "DISPLAY": self.display},
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                answer = self._send("POST", "/session", {"capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": {
                    "binary": MINIBROWSER, "args": ["--automation"]}}}})
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        self.session = f"/session/{answer['sessionId']}"
        self.resize(1280, 900)
        self._send("POST", f"{self.session}/timeouts", {"script": 120_000})
        self.logged: list[str] = []

    def _send(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = json.dumps(body or {}).encode() if method == "POST" else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=180) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            raise PageError(f"webkit: {method} {path}: {error.read().decode(errors='replace')[:500]}") from None

    def goto(self, url: str) -> None:
        self._collect()
        self._send("POST", f"{self.session}/url", {"url": url})
        self.run(HOOK)

    def reload(self) -> None:
        self._collect()
        self._send("POST", f"{self.session}/refresh")
        self.run(HOOK)

    def resize(self, width: int, height: int) -> None:
        self._send("POST", f"{self.session}/window/rect", {"width": width, "height": height})

    def come_back(self, url: str) -> None:
        """A reload: a WebDriver session of WebKitGTK keeps its data in memory only (an ephemeral
        profile), so the browser cannot be started again on what it stored."""
        self.goto(url)

    def _collect(self) -> None:
        """Keep what the document's hook caught (before it goes)."""
        try:
            self.logged += self.run("() => (window.__consoleErrors ?? []).splice(0)")
        except PageError:
            pass  # (no document yet)

    def _call(self, wrapped: str, json_args: str) -> str:
        script = f"const done = arguments[arguments.length - 1]; ({wrapped})(arguments[0]).then(done);"
        return str(self._send("POST", f"{self.session}/execute/async", {"script": script, "args": [json_args]}))

    def actions(self, actions: list[dict[str, Any]]) -> None:
        self._send("POST", f"{self.session}/actions", {"actions": actions})

    def console_errors(self) -> list[str]:
        self._collect()
        caught, self.logged = self.logged, []
        return caught

    def close(self) -> None:
        try:
            self._send("DELETE", self.session)
        except Exception:
            pass
        for process in (self.driver, self.xvfb):
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


BROWSERS = {"firefox": FirefoxPage, "webkit": WebKitPage}
