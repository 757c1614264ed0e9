"""Example puzzles shipped with the app (data only).

Each example is an :class:`Example` with a short key, the 81-character line, and a
title for menus and a note saying what it shows: both messages (``text`` and
``about``, templates in ``solver/words/messages/teaching.py``), worded in the chosen
language by :attr:`Example.title` and :attr:`Example.note`.
"""
from __future__ import annotations

from dataclasses import dataclass

from .words.i18n import Msg, describe, msg

__all__ = ["Example", "EXAMPLES", "example"]


@dataclass(frozen=True)
class Example:
    key: str
    text: Msg  # the title
    line: str
    about: Msg  # the note

    @property
    def title(self) -> str:
        """The title for menus, in the chosen language."""
        return describe(self.text)

    @property
    def note(self) -> str:
        """What the example shows, in the chosen language."""
        return describe(self.about)


def _example(key: str, line: str, **data) -> Example:
    return Example(key, msg(f"example_{key}"), line, msg(f"example_{key}_note", **data))


EXAMPLES: tuple[Example, ...] = (
    _example("tutorial",
             "78.4..12.6...75..9...6.1.78..7.4.26...1.5.93.9.4.6...5.7.3...1212...74...492.6..7"),
    _example("kaggle",
             "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."),
    _example("easy",
             "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."),
    _example("hard",
             "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."),
    _example("mistyped",
             "38.4..12.6...75..9...6.1.78..7.4.26...1.5.93.9.4.6...5.7.3...1212...74...492.6..7",
             cell=(0, 0), typed=3, right=7),
    _example("two_solutions",
             "7..4..12.6...75..9...6.1.78..7.4.26...1.5.93.9.4.6...5.7.3...1212...74...492.6..7",
             cell=(0, 1), digit=8),
    _example("pathological",
             "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"),
)


def example(key: str) -> Example:
    """The example named ``key`` (KeyError naming the valid keys otherwise)."""
    for ex in EXAMPLES:
        if ex.key == key:
            return ex
    raise KeyError(f"no example {key!r}; choose one of {', '.join(e.key for e in EXAMPLES)}")
