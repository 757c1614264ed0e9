"""The one reader of a whole text: every format, read the same way wherever the text came from.

``parse``, ``parse_many`` and ``load`` (so the app's paste and File ▸ Open, and every
command of ``python -m solver``) read a text through :func:`read_whole`; the command line's
streams read line by line only when :func:`reads_by_line` says the whole text would be read
so too, so a text gives the same grids, or the same refusal, whichever way it comes in.

A text that could be read two ways is read as the kind it is or refused with the reason:
a pencil-mark grid (``marks.py``) is taken only when its rows cannot be a drawn grid with a
slip in it; a frame line is never an empty puzzle (``formats.py``).
"""
from __future__ import annotations

import re

from ..candidates import Candidates
from ..grid import Grid
from ..words.i18n import msg
from . import formats
from .formats import ParseError, read_text
from .marks import Marked, is_marked, read_marks

__all__ = ["read_whole", "read_one", "read_marked", "reads_by_line"]


def read_whole(text: str) -> list[Grid]:
    """Every puzzle of ``text`` (at least one): a pencil-mark grid or S9B link, or any format of
    ``formats.py``, or one puzzle shown twice (the app's Copy); ParseError otherwise."""
    text = text.lstrip("\ufeff")
    if is_marked(text):  # a pencil-mark grid or an S9B link: its digits (read_marked keeps the marks)
        return [read_marks(text).grid()]
    try:
        return read_text(text)
    except ParseError:
        same = _one_puzzle_shown_twice(text)
        if same is None:
            raise
        return [same]


def read_one(text: str) -> Grid:
    """Exactly one puzzle of ``text``; ParseError otherwise, also for several."""
    grids = read_whole(text)
    if len(grids) != 1:
        same = _one_puzzle_shown_twice(text.lstrip("\ufeff"))
        if same is not None:
            return same
        raise ParseError(msg("parse_several", n=len(grids)))
    return grids[0]


def read_marked(text: str) -> Marked:
    """The position of ``text`` with its pencil marks (none for formats without them)."""
    text = text.lstrip("\ufeff")
    if is_marked(text):
        return read_marks(text)
    return Marked(read_one(text), Grid.empty(), Candidates([0] * 81))


def reads_by_line(text: str) -> bool:
    """Whether ``text`` is read one puzzle per line (a collection: each line a puzzle or its
    own error) rather than as one drawing, board or pencil-mark grid, right or wrong whole."""
    text = text.lstrip("\ufeff")
    return not is_marked(text) and formats.reads_by_line(text)


def _one_puzzle_shown_twice(text: str) -> Grid | None:
    """The one grid of a text whose blank-line-separated blocks all show the same puzzle, else None.

    That is what the app's Ctrl+C puts on the clipboard (the 81-character line, a blank line,
    the framed block), so it must paste back as one puzzle, not as two.
    """
    blocks = [b for b in re.split(r"\n[ \t]*\r?\n", text) if b.strip()]
    if not 2 <= len(blocks) <= 4:
        return None
    first = None
    for block in blocks:
        try:
            grids = read_text(block)
        except ParseError:
            return None
        if len(grids) != 1 or (first is not None and grids[0] != first):
            return None
        first = grids[0]
    return first
