"""`LRU`: the engine's one bounded cache.

The engine runs for as long as a page stays open (in the browser's worker), so nothing it keeps
for later may grow without bound: an open session, a solved position, a plan, a parsed move id is
kept in an `LRU` of a fixed size, which forgets the least recently used entry first. A function
whose answers are worth keeping is decorated with `remembered(size)` (never functools' caches).
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, ParamSpec, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
P = ParamSpec("P")


class LRU(Generic[K, V]):
    """At most `size` entries; putting one more forgets the least recently used. `get` and `put`
    count as a use, `in`, `peek` and iteration do not. Values are never None (`get` answers None
    for a key it does not hold)."""

    __slots__ = ("_items", "size")

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("an LRU holds at least one entry")
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The value kept for `key`, now the most recently used; None when there is none."""
        items = self._items
        value = items.get(key)
        if value is not None:
            items.move_to_end(key)
        return value

    def peek(self, key: K) -> V | None:
        """The value kept for `key`, without counting as a use; None when there is none."""
        return self._items.get(key)

    def put(self, key: K, value: V) -> V:
        """Keep `value` for `key` as the most recently used entry (forgetting the least recently
        used one beyond `size`); returns `value`."""
        items = self._items
        items[key] = value
        items.move_to_end(key)
        if len(items) > self.size:
            items.popitem(last=False)
        return value

    def pop(self, key: K) -> V | None:
        """Forget `key`: the value that was kept for it, or None."""
        return self._items.pop(key, None)

    def clear(self) -> None:
        self._items.clear()

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[K]:
        """The keys, the least recently used first."""
        return iter(self._items)


def remembered(size: int) -> Callable[[Callable[P, V]], Callable[P, V]]:
    """A function's answers kept in an `LRU` of `size` entries, by its positional arguments (each
    hashable; an answer of None is not kept)."""
    def wrap(function: Callable[P, V]) -> Callable[P, V]:
        kept: LRU[tuple[object, ...], V] = LRU(size)

        @functools.wraps(function)
        def call(*args: P.args, **kwargs: P.kwargs) -> V:
            assert not kwargs, "a remembered function is called with positional arguments"
            answer = kept.get(args)
            return answer if answer is not None else kept.put(args, function(*args, **kwargs))
        return call
    return wrap
