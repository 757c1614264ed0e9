"""Numbers, times and plurals in the words the app shows people (no Tk, no solving).

Every feature phrases counts and durations through these, so "1 guess" / "3 guesses",
"4 ms" / "2.50 s" and "≈ 70 million" read the same everywhere.  User-facing sentences
themselves stay with the feature that says them.
"""
from __future__ import annotations

import math

import solver

__all__ = ["format_seconds", "format_count", "format_estimate", "plural", "article", "cells_text",
           "describe_seconds", "describe_duration", "describe_speed"]


def format_seconds(seconds: float) -> str:
    """``0.0042`` -> ``'4 ms'``; ``2.5`` -> ``'2.50 s'``."""
    if seconds < 0.001:
        return "under 1 ms"
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.2f} s"


def format_count(n: int) -> str:
    """``1234567`` -> ``'1,234,567'``."""
    return f"{n:,}"


def format_estimate(n: float) -> str:
    """An estimate to two significant digits, in words past a million: "≈ 70 million", "≈ 1.3 billion", "≈ 450,000"."""
    if n <= 0:
        return "≈ 0"
    digits = max(0, math.floor(math.log10(n)) - 1)
    n = round(n / 10 ** digits) * 10 ** digits
    for size, word in ((10 ** 9, "billion"), (10 ** 6, "million")):
        if n >= size:
            return f"≈ {n / size:.2g} {word}" if n < 100 * size else f"≈ {n // size:,} {word}"
    return f"≈ {n:,}"


def plural(n: int, word: str) -> str:
    """``(3, 'guess')`` -> ``'3 guesses'``; ``(1, 'given')`` -> ``'1 given'``."""
    if n == 1:
        return f"1 {word}"
    return f"{n:,} {word}" + ("es" if word.endswith(("s", "x", "sh", "ch")) else "s")


def article(name: str) -> str:
    """The indefinite article for ``name``: "an X-Wing", "a Naked Pair"."""
    return "an" if name[:1].upper() in "AEIOUX" else "a"


def cells_text(cells) -> str:
    """``[(0, 0), (4, 5)]`` -> ``'r1c1, r5c6'``."""
    return ", ".join(solver.cell_name(c) for c in cells)


def describe_seconds(secs: float | None) -> str:
    """A time in a table column: "480 ms", "3.2 s"; None (a watched run) -> "watched"."""
    if secs is None:
        return "watched"
    return f"{secs * 1000:.0f} ms" if secs < 1 else f"{secs:.1f} s"


def describe_duration(secs: float) -> str:
    """A rough duration for people: "40 seconds", "3 minutes", "2 hours", "5 days"."""
    for size, word in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if secs >= 2 * size:
            n = round(secs / size)
            return f"{n:,} {word}s"
    n = max(1, round(secs))
    return f"{n} second{'s' if n != 1 else ''}"


def describe_speed(sps: float | None) -> str:
    """Steps per second as the speed slider's label; None -> "full speed"."""
    if sps is None:
        return "full speed"
    if sps < 1.5:
        return "1 step/s"
    return f"{sps:,.0f} steps/s" if sps < 100 else f"{round(sps, -1):,.0f} steps/s"
