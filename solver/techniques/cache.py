"""Structures several finders build from the same position, built once per position.

The hint order tries up to fifty finders on one position; many of them start
from the same structure (every Almost Locked Set, every rectangle, a link
graph).  :func:`per_position` keeps such structures for the position it was
last asked about (its candidate masks), per thread, so the next finder on the
same position reuses them and a new position starts afresh.  Cached values
are shared: finders only read them.
"""
from __future__ import annotations

import threading
from typing import Callable, TypeVar

__all__ = ["per_position"]

T = TypeVar("T")

_local = threading.local()


def per_position(masks, name: str, build: Callable[[], T]) -> T:
    """``build()`` for this position (``masks``), computed once while the position stays the same."""
    key = tuple(masks)
    store = getattr(_local, "store", None)
    if store is None or _local.key != key:
        store = _local.store = {}
        _local.key = key
    try:
        return store[name]
    except KeyError:
        value = store[name] = build()
        return value
