"""Offline play through the service worker, with dist/ served under a sub-path (/boneyard/):
first visit precaches every file of the build; with the server stopped a reload still reaches
engine-ready and a Luzon deal is played to its end; a new build offers "a new version is
ready — reload"; no request leaves the origin.

One site and one page for the file, its tests in a chain, each the continuation of the one before:
the first visit installs the service worker the later tests are served by; the offline reload
stops the site, which stays down for the next test (a tab the worker controls) and is started
again, on the same origin, by the last (the new build)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from .conftest import READY_TIMEOUT_MS, SCREEN_TIMEOUT_MS, build, solve
from .offline_site import Site, cache_state, served_copy, wait_ready

WON_SEED = 7


@dataclass
class Visit:
    page: Page
    site: Site
    off_origin: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def site(dist_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with served_copy(dist_dir, tmp_path_factory, "site") as site:
        yield site


@pytest.fixture(scope="module")
def visit(browser: Browser, site: Site) -> Iterator[Visit]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    state = Visit(page, site)
    origin = f"http://127.0.0.1:{site.port}/"

    def on_request(request: Request) -> None:
        url = request.url
        if not url.startswith((origin, "data:", "blob:")):
            state.off_origin.append(url)

    context.on("request", on_request)
    page.on("pageerror", lambda error: state.errors.append(f"pageerror: {error}"))
    yield state
    context.close()


def test_first_visit_precaches_every_file(visit: Visit) -> None:
    page, site = visit.page, visit.site
    page.goto(site.url)
    wait_ready(page)
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    manifest = json.loads((site.folder / "build-manifest.json").read_text())
    caches = cache_state(page)
    assert list(caches) == [f"boneyard:{site.url}:{manifest['version']}"]
    cached = sorted(url[len(site.url):] for url in next(iter(caches.values())))
    assert cached == sorted([*manifest["files"], "build-manifest.json"]) == sorted(
        p.relative_to(site.folder).as_posix() for p in site.folder.rglob("*")
        if p.is_file() and p.name not in build.HOST_FILES)
    scope = page.evaluate("navigator.serviceWorker.controller && navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == site.url  # scoped to its folder, under the sub-path


def play_won_deal(page: Page, url: str) -> None:
    answer = solve(WON_SEED)
    page.goto(f"{url}#/play/luzon?deal={WON_SEED}&variant=twelve")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-seed", str(WON_SEED), timeout=SCREEN_TIMEOUT_MS)
    expect(board).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)
    for done, move in enumerate(answer["solution"], start=1):
        first, second = move.split(":")[1].replace(">", "+").split("+")
        page.click(f"#board [data-slot={first}]")
        page.click(f"#board [data-slot={second}]")
        expect(board).to_have_attribute("data-moves", str(done), timeout=SCREEN_TIMEOUT_MS)
    dialog = page.locator("#outcome")
    expect(dialog).to_have_attribute("data-result", "won")
    dialog.locator("button", has_text="Close").click()


def test_offline_reload_plays_a_deal_to_its_end(visit: Visit) -> None:
    page, site = visit.page, visit.site
    site.stop()
    page.reload()
    wait_ready(page)
    # from the cache, unchanged: the wasm keeps its MIME type
    kind = page.evaluate("fetch('pyodide/pyodide.asm.wasm').then(r => r.headers.get('content-type'))")
    assert kind == "application/wasm"
    play_won_deal(page, site.url)
    page.reload()  # and the game record survives the offline reload
    wait_ready(page)
    expect(page.locator("#board")).to_have_attribute("data-seed", str(WON_SEED), timeout=SCREEN_TIMEOUT_MS)


def test_another_tabs_update_does_not_reload_a_tab_with_unsaved_moves(visit: Visit) -> None:
    """Another tab's "Reload" makes the new version take over every tab (controllerchange): a tab
    whose moves storage could not keep asks first instead of reloading them away."""
    page, site = visit.page, visit.site
    line = solve(WON_SEED)["solution"]
    page.goto(f"{site.url}#/play/luzon?deal={WON_SEED}&variant=twelve")
    board = page.locator("#board")
    expect(board).to_have_attribute("data-moves", "0", timeout=SCREEN_TIMEOUT_MS)

    def play(move: str, done: int) -> None:
        first, second = move.split(":")[1].replace(">", "+").split("+")
        page.click(f"#board [data-slot={first}]")
        page.click(f"#board [data-slot={second}]")
        expect(board).to_have_attribute("data-moves", str(done), timeout=SCREEN_TIMEOUT_MS)

    page.evaluate("""() => {
      window.__setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key.startsWith('boneyard.game.')) throw new DOMException('full', 'QuotaExceededError');
        return window.__setItem.call(this, key, value);
      };
      window.__sameDocument = true;
    }""")
    play(line[0], 1)  # kept in memory only
    page.evaluate("navigator.serviceWorker.dispatchEvent(new Event('controllerchange'))")
    expect(page.locator("#takeover-banner")).to_be_visible(timeout=SCREEN_TIMEOUT_MS)
    assert page.evaluate("window.__sameDocument === true")  # not reloaded
    page.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")
    play(line[1], 2)  # space again: saved, nothing left to lose
    page.evaluate("document.getElementById('takeover-banner').remove()")


def test_new_build_offers_update(visit: Visit, dist_dir: Path) -> None:
    page, site = visit.page, visit.site
    old = json.loads((site.folder / "build-manifest.json").read_text())
    with (site.folder / "style.css").open("a") as handle:
        handle.write("\n/* a new build */\n")
    named = {key: value for key, value in old.items() if key not in ("version", "files")}
    version, _ = build.seal(site.folder, named)
    assert version != old["version"]
    site.start()  # same port: same origin
    page.reload()  # the navigation makes the browser check sw.js
    wait_ready(page)
    banner = page.locator("#update-banner")
    expect(banner).to_be_visible(timeout=60_000)
    expect(banner).to_contain_text("A new version is ready")
    # until the reload, this page keeps its own build
    assert "a new build" not in page.evaluate("fetch('style.css').then(r => r.text())")
    if page.locator("#outcome[open]").count():  # the resumed won deal: its dialog is modal
        page.locator("#outcome button", has_text="Close").click()
    page.click("#update-reload")
    page.wait_for_function("() => !document.getElementById('update-banner')", timeout=60_000)
    wait_ready(page)
    page.wait_for_function(
        "v => caches.keys().then(k => k.length === 1 && k[0].endsWith(':' + v))", arg=version, timeout=30_000)
    assert "a new build" in page.evaluate("fetch('style.css').then(r => r.text())")
