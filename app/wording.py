"""Numbers, times and plurals in the words the app shows people (no Tk, no solving).

Every feature phrases counts and durations through these, so "1 guess" / "3 guesses",
"4 ms" / "2.50 s" and "≈ 70 million" read the same everywhere.  User-facing sentences
themselves stay with the feature that says them.
"""
from __future__ import annotations

import math
from pathlib import Path

import solver

# -- the app's words in the chosen language (catalogues in app/locale/, see tools/i18n.py) --
# Call _() where the text is shown, never at import time: a module constant would keep the
# language of the first import.  Mark such constants with N_() and translate them on use.
solver.add_domain("app", Path(__file__).resolve().parent / "locale")


def _(text: str) -> str:
    """``text`` (English) in the chosen language."""
    return solver.translate(text, domain="app")


def N_(text: str) -> str:
    """Marks ``text`` for the catalogue where it is defined; ``_(text)`` translates it where shown."""
    return text


def pgettext(context: str, text: str) -> str:
    """``text`` in the chosen language; ``context`` tells apart equal English texts."""
    return solver.translate(text, context, domain="app")


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a message with a count, in the chosen language."""
    return solver.translate_plural(singular, plural, n, domain="app")


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return solver.translate_plural(singular, plural, n, context, domain="app")


def say(text: str, **data) -> str:
    """``text`` translated, its ``{name:kind}`` fields worded the language's way (solver.i18n.SPECS).

    ``say("Place {digit} in {cell:cell}.", digit=7, cell=(3, 4))`` -> "Place 7 in r4c5."
    """
    return solver.fill(solver.translate(text, domain="app"), **data)


def say_n(singular: str, plural: str, n: int, **data) -> str:
    """:func:`say` for a message with a count ``n`` (given to the text as ``{n:n}``)."""
    return solver.fill(solver.translate_plural(singular, plural, n, domain="app"), n=n, **data)

__all__ = ["_", "N_", "pgettext", "ngettext", "npgettext", "say", "say_n", "format_seconds", "format_count", "format_estimate", "plural", "article", "cells_text",
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
