"""Small helpers that word results for people (lists, capitals).

One home for them so every message is built the same way (and, later,
translated in one place).  Cell names (``r3c7``) live in ``grid.py``.
"""
from __future__ import annotations

from typing import Iterable

__all__ = ["join", "capitalized"]


def join(words: Iterable[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def capitalized(text: str) -> str:
    """``text`` with its first letter upper-case (the rest untouched)."""
    return text[:1].upper() + text[1:]
