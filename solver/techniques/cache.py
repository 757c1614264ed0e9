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

__all__ = ["per_position", "digit_places", "ByPattern"]

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


def digit_places(masks) -> list[int]:
    """digit -> 81-bit set of the cells where it is a candidate (index 0 unused), per position."""
    def build():
        out = [0] * 10
        for i in range(81):
            m = masks[i]
            while m:
                low = m & -m
                out[low.bit_length()] |= 1 << i
                m ^= low
        return out
    return per_position(masks, "digit places", build)


_MISSING = object()


class ByPattern:
    """Results of a search that depends on one digit's places only, kept across positions.

    A single-digit pattern (a fish, a chain of one digit) found or not found
    for digit ``d`` with places ``P`` is found or not found again wherever
    ``d`` has the same places, later on the same path or in another puzzle:
    the key is ``(d, P, ...)``.  Bounded: cleared when it holds ``limit`` results.
    """

    def __init__(self, limit: int = 20000):
        self.limit = limit
        self.data: dict = {}

    def get(self, key, build: Callable[[], T]) -> T:
        value = self.data.get(key, _MISSING)
        if value is _MISSING:
            if len(self.data) >= self.limit:
                self.data.clear()
            value = self.data[key] = build()
        return value
