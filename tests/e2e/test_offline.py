"""Offline play through the service worker, with dist/ served under a sub-path (/boneyard/):
first visit precaches every file of the build; with the server stopped a reload still reaches
engine-ready and a Luzon deal is played to its end; a new build offers "a new version is
ready — reload"; no request leaves the origin. A first install whose file fails its checksum: the
page says offline play is not ready, the failed install leaves no partial cache, and a retry once
the file is right makes it ready. And the page's own checks for a newer build
(offline.js, registration.update()): not on every load but when online and the last check is
older than an hour (the browser checks on each navigation anyway); offline, a reload still starts
from the cache and asks nothing; a tab left open gets a new build once it is back online.

One site and one page for the file, its tests in a chain (each goes on from what the one before
left). The last two, a failed install and the update checks, each begin with a first install of its
own: the service worker unregistered and its caches and the local storage cleared first, the
engine's start-up snapshot kept (its start is not what they check)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from .conftest import READY_TIMEOUT_MS, SCREEN_TIMEOUT_MS, build, solve
from .offline_site import Site, cache_state, served_copy, wait_ready

WON_SEED = 7
HOUR_MS = 60 * 60_000
SAY_TIMEOUT_MS = 60_000  # (a failed install took 120 s and said nothing)
DAMAGED = "icon.svg"
# every registration.update() the page makes, counted per document (before the page's scripts run)
COUNT_UPDATES = """(() => {
  window.__updates = 0;
  const update = ServiceWorkerRegistration.prototype.update;
  ServiceWorkerRegistration.prototype.update = function () { window.__updates += 1; return update.call(this); };
})()"""


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
    context.add_init_script(COUNT_UPDATES)  # (for the update checks: it only counts them)
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


def load(page: Page, url: str | None = None) -> int:
    """(Re)load the page until the offline state is settled; the update checks it made."""
    if url:
        page.goto(url)
    else:
        page.reload()
    wait_ready(page)
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return int(page.evaluate("window.__updates"))  # (offline.js checks as it sets data-offline)


def age_last_check(page: Page, site: Site, ms: int) -> None:
    page.evaluate("([key, ms]) => localStorage.setItem(key, JSON.stringify(Date.now() - ms))",
                  [f"boneyard.update-checked:{site.url}", ms])


def first_install_again(visit: Visit) -> None:
    """The site as before its first visit but for the engine's start-up snapshot (stored once the
    start on the page is): the service worker unregistered (a new navigation is not its client),
    its caches and the local storage gone, from a file of the site that runs none of the app's code."""
    page, site = visit.page, visit.site
    if page.evaluate("document.documentElement.dataset.engineStart") == "normal":
        page.wait_for_selector("html[data-snapshot]", state="attached", timeout=READY_TIMEOUT_MS)
    page.goto(site.url + "build-manifest.json")
    page.evaluate("""async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
      for (const key of await caches.keys()) await caches.delete(key);
      localStorage.clear();
    }""")


def test_failed_checksum_is_said_partial_cache_removed_and_retried(visit: Visit, dist_dir: Path) -> None:
    page, site = visit.page, visit.site
    first_install_again(visit)
    target = site.folder / DAMAGED  # the host serves a file not as built
    target.write_bytes(target.read_bytes() + b"\n<!-- not as built -->\n")
    page.goto(site.url)
    wait_ready(page)
    banner = page.locator("#offline-banner")
    expect(banner).to_contain_text("Offline play is not ready", timeout=SAY_TIMEOUT_MS)
    expect(banner).to_contain_text(DAMAGED)
    assert page.evaluate("document.documentElement.dataset.offline") == "failed"
    assert cache_state(page) == {}  # the failed install's partial cache is gone
    shutil.copyfile(dist_dir / DAMAGED, target)  # the host is fixed
    banner.locator("button[data-action=retry-offline]").click()
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=SAY_TIMEOUT_MS * 2)
    expect(banner).to_have_count(0)
    assert len(cache_state(page)) == 1


def test_update_checks_only_when_online_and_stale(visit: Visit) -> None:
    page, site, context = visit.page, visit.site, visit.page.context
    first_install_again(visit)
    assert load(page, site.url) == 0  # a first install: sw.js was fetched just now
    assert load(page) == 0  # a reload within the hour
    age_last_check(page, site, 2 * HOUR_MS)
    assert load(page) == 1  # stale: asked once
    page.wait_for_function(  # and noted when it went through
        "key => Date.now() - JSON.parse(localStorage.getItem(key)) < 60000",
        arg=f"boneyard.update-checked:{site.url}", timeout=READY_TIMEOUT_MS)
    assert load(page) == 0

    age_last_check(page, site, 2 * HOUR_MS)
    site.stop()
    context.set_offline(True)
    assert load(page) == 0  # offline: the cache starts the engine, nothing is asked

    # a new build arrives while the tab is offline; back online, the tab asks (stale) and offers it
    old = json.loads((site.folder / build.MANIFEST).read_text())
    with (site.folder / "style.css").open("a") as handle:
        handle.write("\n/* a newer build */\n")
    version, _ = build.seal(site.folder, {k: v for k, v in old.items() if k not in ("version", "files")})
    assert version != old["version"]
    site.start()  # same port: same origin
    context.set_offline(False)  # the page gets "online"
    banner = page.locator("#update-banner")
    expect(banner).to_be_visible(timeout=READY_TIMEOUT_MS)
    expect(banner).to_contain_text("A new version is ready")
    assert page.evaluate("window.__updates") == 1
