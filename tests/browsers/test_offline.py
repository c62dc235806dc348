"""Offline after one visit, in Firefox and WebKit: the server stopped (not an offline switch of the
browser's), the page reloads from the service worker (and Firefox, started again on its profile,
opens it: a player back later), the engine starts from its start-up snapshot and a game plays.
Firefox once failed there ("The engine worker could not start."): the imports of a worker started
from a blob: URL bypass the service worker in Firefox and went to the server, answered by the
browser's memory of them on a reload, by nothing once it was started again."""

from __future__ import annotations

from pathlib import Path

import build

from .drivers import Page
from .scenes import ENGINE, open_link, solitaire_move

ONE_VISIT_S = 240  # a cold start in WebKit on a loaded 2-core machine takes over a minute




def test_offline_after_one_visit(browser_page: Page, dist_dir: Path) -> None:
    page = browser_page
    server, url = build.serve_in_thread(dist_dir)  # an origin of its own: a first visit there
    stopped = False
    try:
        page.goto(url)
        page.wait(f"() => {ENGINE}.engine === 'ready' && {ENGINE}.snapshot === 'saved'"
                  " && Boolean(navigator.serviceWorker?.controller)", timeout_s=ONE_VISIT_S,
                  what="a first start that stored its snapshot, the page controlled by the service worker")
        server.shutdown()
        server.server_close()
        stopped = True
        for visit in (page.reload, lambda: page.come_back(url)):
            visit()
            page.wait(f"() => ['ready', 'failed'].includes({ENGINE}.engine)", timeout_s=120, what="the engine's start")
            started = page.run(f"() => [{ENGINE}.engine, {ENGINE}.engineStart,"
                               " document.getElementById('engine-text')?.textContent]")
            assert started[:2] == ["ready", "snapshot"], started
        open_link(page, url, "#/play/luzon?deal=12&variant=twelve")
        solitaire_move(page, "luzon", "click")
    finally:
        if not stopped:
            server.shutdown()
            server.server_close()
        page.goto("about:blank")
