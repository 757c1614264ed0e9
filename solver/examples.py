"""Example puzzles shipped with the app (data only).

Each example is an :class:`Example` with a short key, a title for menus, the
81-character line and a note saying what it shows.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Example", "EXAMPLES", "example"]


@dataclass(frozen=True)
class Example:
    key: str
    title: str
    line: str
    note: str


EXAMPLES: tuple[Example, ...] = (
    Example(
        "tutorial",
        "Tutorial board (the classic backtracking lesson)",
        "78.4..12.6...75..9...6.1.78..7.4.26...1.5.93.9.4.6...5.7.3...1212...74...492.6..7",
        "The board from the well-known backtracking tutorials: 7,8,0,4,... row by row.",
    ),
    Example(
        "kaggle",
        "Tutorial board (Kaggle's first puzzle)",
        "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..",
        "The first puzzle of the Kaggle one-million set, used by many tutorials.",
    ),
    Example(
        "easy",
        "Easy (Project Euler #96, grid 01)",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        "Solvable with singles alone.",
    ),
    Example(
        "hard",
        "Hard (Arto Inkala's 'world's hardest')",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "Needs guessing or advanced techniques.",
    ),
    Example(
        "mistyped",
        "No solution: a mistyped given",
        "38.4..12.6...75..9...6.1.78..7.4.26...1.5.93.9.4.6...5.7.3...1212...74...492.6..7",
        "The tutorial board with r1c1 typed as 3 instead of 7: no rule is broken, "
        "yet there is no solution.",
    ),
    Example(
        "two_solutions",
        "Two solutions: a missing given",
        "7..4..12.6...75..9...6.1.78..7.4.26...1.5.93.9.4.6...5.7.3...1212...74...492.6..7",
        "The tutorial board without the 8 at r1c2: it has exactly two solutions.",
    ),
    Example(
        "pathological",
        "Pathological for the classic backtracker",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
        "Designed against 'first empty cell, try 1 to 9': the classic search needs "
        "hundreds of millions of steps, the fast solver a few milliseconds.",
    ),
)


def example(key: str) -> Example:
    """The example named ``key`` (KeyError naming the valid keys otherwise)."""
    for ex in EXAMPLES:
        if ex.key == key:
            return ex
    raise KeyError(f"no example {key!r}; choose one of {', '.join(e.key for e in EXAMPLES)}")
