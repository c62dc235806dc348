"""dist/ built and served on 127.0.0.1 for the browser suites (tests/e2e in Chromium, tests/browsers
in Firefox and WebKit): the two session fixtures, defined once, imported by both conftests."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the repository's build.py: build, server, paths)


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
