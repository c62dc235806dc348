"""A first visit whose file fails its checksum: the page says offline play is not ready,
the failed install leaves no partial cache, and a retry once the file is right makes it ready."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .offline_site import Site, cache_state, served_copy, wait_ready

SAY_TIMEOUT_MS = 60_000  # (it took 120 s and said nothing)
DAMAGED = "icon.svg"


@pytest.fixture(scope="module")
def damaged_site(dist_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    with served_copy(dist_dir, tmp_path_factory, "damaged-site") as site:
        target = site.folder / DAMAGED  # (before anything asked for it)
        target.write_bytes(target.read_bytes() + b"\n<!-- not as built -->\n")
        yield site


def test_failed_checksum_is_said_partial_cache_removed_and_retried(browser: Browser, damaged_site: Site,
                                                                     dist_dir: Path) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(damaged_site.url)
    wait_ready(page)
    banner = page.locator("#offline-banner")
    expect(banner).to_contain_text("Offline play is not ready", timeout=SAY_TIMEOUT_MS)
    expect(banner).to_contain_text(DAMAGED)
    assert page.evaluate("document.documentElement.dataset.offline") == "failed"
    assert cache_state(page) == {}  # the failed install's partial cache is gone
    shutil.copyfile(dist_dir / DAMAGED, damaged_site.folder / DAMAGED)  # the host is fixed
    banner.locator("button[data-action=retry-offline]").click()
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=SAY_TIMEOUT_MS * 2)
    expect(banner).to_have_count(0)
    assert len(cache_state(page)) == 1
    context.close()
