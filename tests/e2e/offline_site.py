"""A copy of dist/ served under a sub-path (/boneyard/) by a server that can be stopped and started
again on the same origin, for the offline tests (test_offline*.py): the site (`Site`, `served_copy`),
the engine ready on a page of it (`wait_ready`) and the service worker's caches (`cache_state`)."""

from __future__ import annotations

import http.server
import shutil
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page

import build

from .conftest import READY_TIMEOUT_MS

SUB = "boneyard"


@dataclass
class Site:
    """A copy of dist/ served at http://127.0.0.1:PORT/boneyard/ by a server that can be stopped
    and started again on the same port (the same origin: the service worker's and storage's)."""

    root: Path
    port: int = 0
    server: http.server.ThreadingHTTPServer | None = None
    held: socket.socket | None = None  # the port, kept while the site is stopped (stop)

    @property
    def folder(self) -> Path:
        return self.root / SUB

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/{SUB}/"

    def start(self) -> None:
        """Serve the folder: on a free port the first time, then on the port it had. The server
        binds beside the socket that held the port (both SO_REUSEADDR, that one not listening),
        which is closed only then: no moment in which another program could take the port."""
        server = self.server = build.make_server(self.root, self.port)
        self.port = server.server_address[1]
        self.release()
        threading.Thread(target=server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        """The site down: its port refuses every connection. A socket bound to the port, not
        listening, holds it until the next start: a port left free while a test runs offline was
        taken now and then, on a busy machine, by another program's server or connection (the
        kernel hands out no port a socket is bound to)."""
        assert self.server, "the site is not being served"
        self.server.shutdown()
        self.server.server_close()
        self.server = None
        held = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        held.bind(("127.0.0.1", self.port))
        self.held = held

    def release(self) -> None:
        """Let go of the port held since `stop`, if it is."""
        if self.held:
            self.held.close()
            self.held = None


@contextmanager
def served_copy(dist_dir: Path, tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[Site]:
    """A copy of dist/ of its own (free to damage), served at /boneyard/; stopped after, unless
    a test stopped it."""
    root = tmp_path_factory.mktemp(name)
    shutil.copytree(dist_dir, root / SUB)
    site = Site(root)
    site.start()
    try:
        yield site
    finally:
        if site.server:
            site.stop()
        site.release()


def wait_ready(page: Page) -> None:
    """The engine is ready on `page` (the app's own wait, App.wait_ready, needs an App)."""
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT_MS)


def cache_state(page: Page) -> dict[str, list[str]]:
    """The page's caches: each cache's name and the URLs it holds."""
    state: dict[str, list[str]] = page.evaluate("""async () => {
      const names = await caches.keys();
      const out = {};
      for (const name of names) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
      return out;
    }""")
    return state
