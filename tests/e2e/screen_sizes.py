"""A screen looked at as its players hold it: a phone upright (360x740, 390x844) and sideways
(844x390), and a desktop (1280x800), each in turn (`each_size`) or one (`resize`); a table at a round's end, its
summary put away as a player does to look at the table (`round_over`, `close_round_summary`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import SCREEN_TIMEOUT_MS, App, until_still

SIZES = [(360, 740), (390, 844), (844, 390), (1280, 800)]


def each_size(page: Page, sizes: list[tuple[int, int]] = SIZES) -> Iterator[str]:
    """The page at each size in turn, settled there (`until_still`): yields the size's name
    ("360x740"). The caller puts the page back at the size it wants after."""
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        until_still(page)
        yield f"{width}x{height}"


def resize(app: App, size: tuple[int, int]) -> None:
    """The page at `size` (width, height), settled there (`until_still`)."""
    app.page.set_viewport_size({"width": size[0], "height": size[1]})
    until_still(app.page)


def round_over(view: dict[str, Any]) -> bool:
    """A view of a table game at its round's end (a stop of `native_record`)."""
    return bool((view.get("round") or {}).get("over"))


def close_round_summary(page: Page) -> None:
    """The round's summary, open at its end, closed by Esc."""
    summary = page.locator("#round-summary")
    expect(summary).to_have_attribute("open", "", timeout=SCREEN_TIMEOUT_MS)
    page.keyboard.press("Escape")
    expect(summary).not_to_have_attribute("open", "")
