"""Firefox and WebKit, each behind the same small `Page` (Chromium too: chromium.py): what the
cross-browser scenarios do with a page (open a URL, run a function in it, click, press a key, read
the console's errors).

- Firefox ESR (Debian's firefox-esr) speaks WebDriver BiDi itself (`--remote-debugging-port`), so
  no geckodriver is needed: bidi.py.
- WebKitGTK: Debian's webkit2gtk-driver (WebKitWebDriver), under Xvfb, by classic W3C WebDriver
  over HTTP, driving webkit_browser.py (a window on the same engine, in place of its MiniBrowser),
  which puts console_hook.js in each document before the document's own scripts: the page's
  console errors, uncaught errors and rejections, from its first line. WebKitGTK 2.50.6 has no BiDi
  (a session asking for `webSocketUrl` is refused, "Failed to match capabilities"), classic
  WebDriver no script run before a document's own, MiniBrowser's views for an automation session
  take none of its settings (`--enable-write-console-messages-to-stdout=true` writes nothing), and
  its remote Web Inspector (WEBKIT_INSPECTOR_HTTP_SERVER) keeps WebKitWebDriver from starting a
  session at all.

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

import build

from .bidi import Bidi

START_TIMEOUT_S = 60
WINDOW = (1280, 900)  # the browser's window as each scene starts and goes back to after a phone's size
SYSTEM_PYTHON = "/usr/bin/python3"  # Debian's, with build.WEBKIT_BINDINGS: webkit_browser.py runs on it
WEBKIT_BROWSER = Path(__file__).with_name("webkit_browser.py")
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
SHOWN = """() => ({ url: location.href, root: { ...document.documentElement.dataset },
  board: { ...document.querySelector("#board, #table-screen")?.dataset },
  engine: document.getElementById("engine-text")?.textContent,
  message: document.querySelector(".game .message")?.textContent, dialog: document.querySelector("dialog[open]")?.id,
  buttons: [...document.querySelectorAll("button:not([disabled])")].filter((b) => b.offsetParent)
    .map((b) => b.dataset.action ?? b.id ?? b.textContent).slice(0, 30) })"""
# The middle of the element `css` finds, once a click there would press it: shown and enabled, in
# the same place for two frames (not moving: a line of text drawn above it, say, would push it from
# under the pointer between here and the click), and what is found at that point.
CENTER = """async (css) => {
  const element = document.querySelector(css);
  // not yet laid out (a resized window's new layout still to come in WebKit): not there to click
  if (!element || element.disabled || !element.getClientRects().length) return null;
  element.scrollIntoView({ block: "center", inline: "center" });
  const place = () => JSON.stringify(element.getBoundingClientRect());
  const before = place();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  if (!element.isConnected || place() !== before) return null;
  const box = element.getBoundingClientRect();
  const [x, y] = [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
  const there = document.elementFromPoint(x, y);
  return there && (there === element || element.contains(there)) ? [x, y] : null;
}"""


class PageError(AssertionError):
    """A function run in the page threw."""


# the programs and packages of each browser
NEEDS = {"firefox": [FIREFOX], "webkit": [WEBKIT_DRIVER, XVFB, *build.WEBKIT_BINDINGS]}


def missing(browser: str | None = None) -> list[str]:
    """The programs and packages `browser` (else Firefox and WebKit) needs that this system lacks."""
    found = {FIREFOX: shutil.which(FIREFOX), WEBKIT_DRIVER: shutil.which(WEBKIT_DRIVER), XVFB: shutil.which(XVFB),
             **{name: Path(file).exists() for name, file in build.WEBKIT_BINDINGS.items()}}
    wanted = NEEDS[browser] if browser else [name for names in NEEDS.values() for name in names]
    return [name for name in wanted if not found[name]]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _take(buffer: list[str]) -> list[str]:
    """What `buffer` holds, leaving it empty (the same list: a driver's callbacks go on adding to it)."""
    taken = buffer[:]
    buffer.clear()
    return taken


class Page:
    """One tab of a browser: the operations the scenarios use, on either protocol. A driver keeps the
    console's errors and warnings not yet taken in `errors` and `warnings`."""

    name = ""
    errors: list[str]
    warnings: list[str]

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
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

    def _gather(self) -> None:
        """Bring what the console logged since the last call into `errors` and `warnings` (a driver
        told of each entry as it comes has nothing to do)."""

    def console_errors(self) -> list[str]:
        """The console errors logged since the last call."""
        self._gather()
        return _take(self.errors)

    def console_warnings(self) -> list[str]:
        """The console warnings logged since the last call (the engine's "Boneyard: ..." restarts,
        say): conftest.py puts them in a failing test's message."""
        self._gather()
        return _take(self.warnings)

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
        it is there, shown, enabled, still and uncovered (CENTER)."""
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

# Firefox's own background work off (none of it is the page's): the first run's pages and checks,
# updates, telemetry and studies, Safe Browsing's and remote settings' downloads, the new tab page,
# a content process started ahead, the network's probes and guesses, form autofill, translations.
# Each start of a new profile took about 3.2 s of CPU and one on the same profile 2.3 s; with these
# 2.5-2.8 s and 1.5-1.9 s (docs/benchmarks.md, "The test suite's time").
QUIET_PREFS: dict[str, str | int | bool] = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.page": 0,
    "browser.startup.homepage": "about:blank",
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.newtabpage.enabled": False,
    "browser.newtab.preload": False,
    "browser.newtabpage.activity-stream.feeds.system.topstories": False,
    "browser.newtabpage.activity-stream.feeds.section.topstories": False,
    "browser.newtabpage.activity-stream.default.sites": "",
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.blockedURIs.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.update.enabled": False,
    "browser.search.update": False,
    "browser.region.network.url": "",
    "browser.region.update.enabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.server": "",
    "toolkit.telemetry.unified": False,
    "toolkit.telemetry.archive.enabled": False,
    "app.normandy.enabled": False,
    "app.shield.optoutstudies.enabled": False,
    "app.update.auto": False,
    "app.update.checkInstallTime": False,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "extensions.blocklist.enabled": False,
    "extensions.formautofill.addresses.enabled": False,
    "extensions.formautofill.creditCards.enabled": False,
    "extensions.pocket.enabled": False,
    "extensions.screenshots.disabled": True,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "network.dns.disablePrefetch": True,
    "network.prefetch-next": False,
    "network.http.speculative-parallel-limit": 0,
    "services.settings.server": "data:,#remote-settings-dummy/v1",
    "security.remote_settings.crlite_filters.enabled": False,
    "security.remote_settings.intermediates.enabled": False,
    "browser.ping-centre.telemetry": False,
    "dom.ipc.processPrelaunch.enabled": False,
    "browser.sessionstore.resume_from_crash": False,
    "toolkit.startup.max_resumed_crashes": -1,
    "media.gmp-manager.url": "",
    "media.gmp-gmpopenh264.enabled": False,
    "browser.discovery.enabled": False,
    "browser.pagethumbnails.capturing_disabled": True,
    "browser.uitour.enabled": False,
    "browser.translations.enable": False,
    "browser.ml.enable": False,
    "signon.rememberSignons": False,
    "privacy.trackingprotection.enabled": False,
}

class FirefoxPage(Page):
    """Firefox ESR, headless, its own profile, driven over WebDriver BiDi."""

    name = "firefox"

    def __init__(self, prefs: dict[str, str | int | bool] | None = None) -> None:
        """`prefs`: Firefox's preferences by name, written in the profile's user.js (read at each
        start, the first one included)."""
        self.profile = tempfile.TemporaryDirectory(prefix="boneyard-firefox-")
        if prefs:
            Path(self.profile.name, "user.js").write_text(
                "".join(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n" for name, value in prefs.items()))
        self._launch()

    def _launch(self) -> None:
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--remote-debugging-port=0", "--profile", self.profile.name, "--no-remote",
             "--width", str(WINDOW[0]), "--height", str(WINDOW[1])],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        url = self._listening()
        self.bidi = Bidi(url + "/session")
        self.bidi.command("session.new", {"capabilities": {}})
        self.bidi.command("session.subscribe", {"events": ["log.entryAdded"]})
        self.context = self._own_tab()
        self.resize(*WINDOW)
        self.seen = 0
        self.errors: list[str] = []
        self.warnings: list[str] = []

    def _own_tab(self) -> str:
        """A tab opened over BiDi, in place of the one Firefox starts with: that first tab never
        has the focus (ESR 153.8, headless: `document.hasFocus()` stays false, after
        `browsingContext.activate` too), and a key reaches its focused element without its
        default action (Enter on a focused button: keydown, keypress and keyup, trusted, but no
        click). A tab opened by `browsingContext.create` has the focus, and Enter presses a button."""
        first = self.bidi.command("browsingContext.getTree", {})["contexts"][0]["context"]
        tab = str(self.bidi.command("browsingContext.create", {"type": "tab"})["context"])
        self.bidi.command("browsingContext.close", {"context": first})
        return tab

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

    def _gather(self) -> None:
        """Sort the log entries come since the last read into errors and warnings."""
        events = self.bidi.events[self.seen:]
        self.seen = len(self.bidi.events)
        for event in events:
            if event.get("method") != "log.entryAdded":
                continue
            level, text = event["params"].get("level"), event["params"].get("text")
            if level == "error":
                self.errors.append(f"console: {text}")
            elif level == "warn":
                self.warnings.append(f"warning: {text}")

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
    """WebKitGTK (webkit_browser.py) under its own Xvfb, driven by WebKitWebDriver."""

    name = "webkit"

    def __init__(self, jsc_options: dict[str, str] | None = None) -> None:
        """`jsc_options`: JavaScriptCore's options by name, given to WebKit as its `JSC_` variables
        (WebKitWebDriver's environment: its browser's web processes inherit them)."""
        jsc = {f"JSC_{name}": value for name, value in (jsc_options or {}).items()}
        self.display = f":{free_port() % 400 + 100}"
        self.xvfb = subprocess.Popen([XVFB, self.display, "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port = free_port()
        self.driver = subprocess.Popen([WEBKIT_DRIVER, f"--port={port}"],
                                       env={**os.environ, **jsc, "DISPLAY": self.display},
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                answer = self._send("POST", "/session", {"capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": {
                    "binary": SYSTEM_PYTHON, "args": [str(WEBKIT_BROWSER)]}}}})
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        self.session = f"/session/{answer['sessionId']}"
        self.resize(*WINDOW)
        self._send("POST", f"{self.session}/timeouts", {"script": 120_000})
        self.errors: list[str] = []
        self.warnings: list[str] = []

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
        self._gather()
        self._send("POST", f"{self.session}/url", {"url": url})

    def reload(self) -> None:
        self._gather()
        self._send("POST", f"{self.session}/refresh")

    def resize(self, width: int, height: int) -> None:
        self._send("POST", f"{self.session}/window/rect", {"width": width, "height": height})

    def come_back(self, url: str) -> None:
        """A reload: a WebDriver session of WebKitGTK keeps its data in memory only (an ephemeral
        profile), so the browser cannot be started again on what it stored."""
        self.goto(url)

    def _gather(self) -> None:
        """Keep what the document's hook caught (before it goes)."""
        try:
            errors, warnings = self.run(
                "() => [(window.__consoleErrors ?? []).splice(0), (window.__consoleWarnings ?? []).splice(0)]")
        except PageError:
            return  # (no document yet)
        self.errors += errors
        self.warnings += warnings

    def _call(self, wrapped: str, json_args: str) -> str:
        script = f"const done = arguments[arguments.length - 1]; ({wrapped})(arguments[0]).then(done);"
        return str(self._send("POST", f"{self.session}/execute/async", {"script": script, "args": [json_args]}))

    def actions(self, actions: list[dict[str, Any]]) -> None:
        self._send("POST", f"{self.session}/actions", {"actions": actions})

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
