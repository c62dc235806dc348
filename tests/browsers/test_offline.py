"""Offline after one visit, in Chromium, Firefox and WebKit: the server stopped (not an offline
switch of the browser's), the page reloads from the service worker (and Chromium and Firefox,
started again on their profiles, open it: a player back later), the engine starts from its
start-up snapshot and a game plays.
Firefox once failed there ("The engine worker could not start."): the imports of a worker started
from a blob: URL bypass the service worker in Firefox and went to the server, answered by the
browser's memory of them on a reload, by nothing once it was started again. The origin is the
suite's own (conftest.Site: started again on the same port after): its first visit may have been
another test's, which is still one visit before the server goes."""

from __future__ import annotations

from .conftest import Site
from .drivers import Page
from .scenes import ENGINE, open_link, solitaire_move

ONE_VISIT_S = 240  # a cold start in WebKit on a loaded 2-core machine takes over a minute


def test_offline_after_one_visit(browser_page: Page, site: Site) -> None:
    page = browser_page
    # a load of its own, online, at the home page (not the game and review the test before left:
    # going on from there, WebKit's offline reload once found its engine loading again, in CI at load)
    page.goto(site.url)
    page.wait(f"() => {ENGINE}.engine === 'ready'"
              f" && ({ENGINE}.snapshot === 'saved' || {ENGINE}.engineStart === 'snapshot')"
              " && Boolean(navigator.serviceWorker?.controller)", timeout_s=ONE_VISIT_S,
              what="a start that stored its snapshot (or came from it), the page controlled by the service worker")
    site.stop()
    try:
        for visit in (page.reload, lambda: page.come_back(site.url)):
            visit()
            page.wait(f"() => ['ready', 'failed'].includes({ENGINE}.engine)", timeout_s=120, what="the engine's start")
            started = page.run(f"() => [{ENGINE}.engine, {ENGINE}.engineStart,"
                               " document.getElementById('engine-text')?.textContent]")
            assert started[:2] == ["ready", "snapshot"], started
        open_link(page, site.url, "#/play/luzon?deal=12&variant=twelve")
        solitaire_move(page, "luzon", "click")
    finally:
        site.start()
