"""Packages whose modules register themselves (the games, the advisors, the guided deals) load them all here."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable

_loaded: set[str] = set()


def import_submodules(package: str, path: Iterable[str]) -> None:
    """Import every module of `package` (its `__path__`), in name order, once: the next call
    does nothing (after a failed import it tries again)."""
    if package in _loaded:
        return
    for info in sorted(pkgutil.iter_modules(path), key=lambda m: m.name):
        importlib.import_module(f"{package}.{info.name}")
    _loaded.add(package)
