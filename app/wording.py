"""Numbers, times and plurals in the words the app shows people (no Tk, no solving).

Every feature phrases counts and durations through these, so "1 guess" / "3 guesses",
"4 ms" / "2.50 s" and "≈ 70 million" read the same everywhere, in the chosen language
(its separators and plural forms).  User-facing sentences themselves stay with the feature
that says them, each a whole sentence through :func:`_`, :func:`say` or :func:`say_n`.
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
    """``text`` translated, its ``{name:kind}`` fields worded the language's way (solver.words.i18n.SPECS).

    ``say("Place {digit} in {cell:cell}.", digit=7, cell=(3, 4))`` -> "Place 7 in r4c5."
    """
    return solver.fill(solver.translate(text, domain="app"), **data)


def say_n(singular: str, plural: str, n: int, **data) -> str:
    """:func:`say` for a message with a count ``n`` (given to the text as ``{n:n}``)."""
    return solver.fill(solver.translate_plural(singular, plural, n, domain="app"), n=n, **data)

__all__ = ["_", "N_", "pgettext", "ngettext", "npgettext", "say", "say_n", "format_seconds", "format_count", "format_estimate", "estimate_words", "article", "cells_text",
           "describe_seconds", "describe_elapsed", "describe_duration", "describe_speed",
           "technique_name", "technique_summary", "level_name", "what_is"]


def format_seconds(seconds: float) -> str:
    """``0.0042`` -> ``'4 ms'``; ``2.5`` -> ``'2.50 s'`` (in the chosen language: ``'2,50 s'``)."""
    return solver.seconds(seconds)


def format_count(n: int) -> str:
    """``1234567`` -> ``'1,234,567'`` (``'1.234.567'`` in German, ``'1 234 567'`` in French)."""
    return solver.number(n)


def estimate_words(n: float) -> str:
    """An estimate to two significant digits, in words past a million: "70 million", "1.3 billion", "450,000"."""
    if n <= 0:
        return solver.number(0)
    digits = max(0, math.floor(math.log10(n)) - 1)
    n = round(n / 10 ** digits) * 10 ** digits
    for size, big in ((10 ** 9, True), (10 ** 6, False)):
        if n >= size:
            if n < 100 * size:
                v = n / size
                whole = round(v * 10) % 10 == 0 or v >= 10
                text = solver.number(round(v)) if whole else solver.decimal(v, 1)
                count = round(v) if whole else 2
            else:
                count = n // size
                text = solver.number(count)
            if big:
                return say_n("{x} billion", "{x} billion", count, x=text)
            return say_n("{x} million", "{x} million", count, x=text)
    return solver.number(n)


def format_estimate(n: float) -> str:
    """An estimate to two significant digits, in words past a million: "≈ 70 million", "≈ 1.3 billion", "≈ 450,000"."""
    return say("≈ {x}", x=estimate_words(n))


def article(name: str) -> str:
    """The English indefinite article for ``name``: "an X-Wing", "a Naked Pair".

    Only to choose between two English source texts (``N_("What is an {name:technique}?")`` or
    ``N_("What is a ...")``); each language translates both its own way.
    """
    return "an" if name[:1].upper() in "AEIOUX" else "a"


def cells_text(cells) -> str:
    """``[(0, 0), (4, 5)]`` -> ``'r1c1, r5c6'`` (in the language's cell notation)."""
    return solver.fill("{cells:cellcomma}", cells=list(cells))


# Every time and speed below joins its number to its unit with a non-breaking space
# (solver.keep_together): a wrapped line never leaves "15" at its end and "ms" on the next.

def describe_seconds(secs: float | None) -> str:
    """A time in a table column: "480 ms", "3.2 s"; None (a watched run) -> "watched"."""
    if secs is None:
        return _("watched")
    return solver.keep_together(say("{ms:0} ms", ms=secs * 1000) if secs < 1 else say("{s:1} s", s=secs))


def describe_elapsed(secs: float, places: int = 1) -> str:
    """Seconds as a counter or a progress line shows them, always in seconds: "0.4 s", "12.5 s" ("12 s"
    with ``places=0``)."""
    return solver.keep_together(say("{s:1} s", s=secs) if places else say("{s:0} s", s=secs))


def describe_duration(secs: float) -> str:
    """A rough duration for people: "40 seconds", "3 minutes", "2 hours", "5 days"."""
    if secs >= 2 * 86400:
        text = say_n("{n:n} day", "{n:n} days", round(secs / 86400))
    elif secs >= 2 * 3600:
        text = say_n("{n:n} hour", "{n:n} hours", round(secs / 3600))
    elif secs >= 2 * 60:
        text = say_n("{n:n} minute", "{n:n} minutes", round(secs / 60))
    else:
        text = say_n("{n:n} second", "{n:n} seconds", max(1, round(secs)))
    return solver.keep_together(text)


def describe_speed(sps: float | None) -> str:
    """Steps per second as the speed slider's label; None -> "full speed"."""
    if sps is None:
        return _("full speed")
    if sps < 1.5:
        return solver.keep_together(say_n("{n:n} step/s", "{n:n} steps/s", 1))
    n = round(sps) if sps < 100 else int(round(sps, -1))
    return solver.keep_together(say_n("{n:n} step/s", "{n:n} steps/s", n))


# -- the engine's names for people (their catalogue is the solver's: solver/locale) ------------

def technique_name(name: str) -> str:
    """A technique's name (``solver.TECHNIQUES`` spell them in English) in the chosen language."""
    return solver.translate(name, "technique")


def technique_summary(t) -> str:
    """A technique's one-paragraph summary (``t`` from ``solver.technique``) in the chosen language."""
    return solver.translate(t.summary, "technique summary")


def level_name(level: str) -> str:
    """A level code ("easy", ..., "guessing") as its label ("Easy", ...) in the chosen language."""
    return solver.fill("{level:level}", level=level)


#: solver.SYMMETRIES as people read them ("none" is never named)
SYMMETRY_WORDS = {"rotational": N_("rotational"), "quarter-turn": N_("quarter-turn"), "mirror": N_("mirror"),
                  "diagonal": N_("diagonal"), "anti-diagonal": N_("anti-diagonal")}


def symmetry_name(symmetry: str) -> str:
    """A symmetry's name in the chosen language ("mirror", "Spiegel"); the data keeps the English key."""
    if symmetry == "none":
        return pgettext("symmetry", "none")
    return _(SYMMETRY_WORDS.get(symmetry, symmetry))


def what_is(name: str) -> str:
    """The link to a technique's lesson: "What is an X-Wing?", "What is a Naked Pair?"."""
    text = N_("What is an {name:technique}?") if article(name) == "an" else N_("What is a {name:technique}?")
    return say(text, name=name)
