"""Packages whose modules register themselves (the games, the advisors) load them all here."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable


def import_submodules(package: str, path: Iterable[str]) -> None:
    """Import every module of `package` (its `__path__`), in name order."""
    for info in sorted(pkgutil.iter_modules(path), key=lambda m: m.name):
        importlib.import_module(f"{package}.{info.name}")
