"""The page's storage as tests handle it: made full for the keys of a prefix (FULL, a function of the
prefix for `page.evaluate`; its real setItem kept in window.__setItem), given its space again
(SPACE_AGAIN), and emptied in place, the page left where it is (`clean`)."""

from __future__ import annotations

from .conftest import App

FULL = """(prefix) => {
  window.__setItem ??= Storage.prototype.setItem;
  const real = window.__setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key.startsWith(prefix)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return real.call(this, key, value);
  };
}"""
SPACE_AGAIN = "() => { if (window.__setItem) Storage.prototype.setItem = window.__setItem; }"


def clean(app: App) -> None:
    """Remove every key of the page's local storage, the page left open."""
    app.page.evaluate("() => { for (const k of Object.keys(localStorage)) localStorage.removeItem(k); }")
