"""The games' renderers (web/render/) draw and play through their context: none writes the
settings (the settings page's module does, web/render/settings.js) nor opens or closes an engine
session of its own (the screen keeps one session, its game's)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RENDER = Path(__file__).resolve().parent.parent / "web" / "render"
RENDERERS = ["table.js", "luzon.js", "big_clock.js", "clock.js"]


@pytest.mark.parametrize("name", RENDERERS)
def test_a_renderer_neither_writes_settings_nor_opens_sessions(name: str) -> None:
    text = (RENDER / name).read_text()
    assert "saveSettings" not in text and "localStorage" not in text
    assert not re.search(r"""op:\s*["'](new|load|close)["']""", text)
