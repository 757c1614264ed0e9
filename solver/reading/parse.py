"""Reading puzzles: accept everything a user will paste or open, explain everything else.

:func:`parse` reads exactly one puzzle, :func:`parse_many` every puzzle of a text; both
take text or bytes.  Files and streams (:func:`load`, :func:`iter_puzzles`,
:func:`read_lines`) and the limits are imported here from ``sources.py``, so every reading
name is found in this module.  The work is split by idea::

    formats.py   the formats: one line, collections, CSV, drawings, boards, links;
                 ParseError and its messages
    marks.py     the formats with pencil marks: the pencil-mark grid, the S9B link
    whole.py     the one reader of a whole text (every format; what could be read two ways)
    sources.py   files and streams: bounded reading, decoding, the size limits
    parse.py     this front: text or bytes -> one Grid or a list of them

See ``formats.py`` for every format and how ambiguous text is read.  Digits that break
the rules (two 5s in a row) are *not* a parse error: parsing only reads;
``validate``/``diagnose`` judge.  Every failure is a :class:`ParseError` whose message
says what was found and where.
"""
from __future__ import annotations

from .formats import ParseError, quick_grid
from ..grid import Grid
from ..words.i18n import msg
from .marks import Marked
from .whole import read_marked, read_one, read_whole, reads_by_line  # noqa: F401  (reads_by_line: the CLI)
from .sources import (  # noqa: F401  (re-exported: every reading name is found here)
    MAX_FILE_BYTES, MAX_LINE_BYTES, decode_bytes, iter_puzzles, load, read_lines, size_msg, size_text,
)

__all__ = ["ParseError", "parse", "parse_many", "parse_marks", "Marked", "load", "iter_puzzles", "read_lines",
           "MAX_FILE_BYTES", "MAX_TEXT_CHARS", "MAX_LINE_BYTES"]

# parse/parse_many take text already in memory; the same bound keeps their work bounded
# (docs/benchmarks.md, Readers on hostile input).
MAX_TEXT_CHARS = MAX_FILE_BYTES


def _text_of(text) -> str:
    """The text to read: str as is, bytes decoded like a file; ParseError for anything else or too long."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text)
        if len(data) > MAX_TEXT_CHARS:
            raise ParseError(msg("parse_data_too_long", size=size_msg(len(data), MAX_TEXT_CHARS),
                                 limit=size_msg(MAX_TEXT_CHARS, len(data))))
        return decode_bytes(data, None)
    if not isinstance(text, str):
        raise ParseError(msg("parse_not_text", type=type(text).__name__))
    if len(text) > MAX_TEXT_CHARS:
        raise ParseError(msg("parse_text_too_long", n=len(text), limit=MAX_TEXT_CHARS))
    return text


def parse(text: str | bytes) -> Grid:
    """Exactly one puzzle in any supported format -> Grid; ParseError otherwise (also for several).

    Bytes are decoded as a file's are (UTF-8, UTF-16 with BOM, Latin-1)."""
    g = quick_grid(text) if type(text) is str else None
    if g is not None:
        return g
    return read_one(_text_of(text))


def parse_marks(text: str | bytes) -> Marked:
    """A position with pencil marks (a pencil-mark grid or an S9B link; see ``marks.py``) -> Marked.

    Any other puzzle :func:`parse` reads comes back with no marks; ParseError otherwise."""
    return read_marked(_text_of(text))


def parse_many(text: str | bytes) -> list[Grid]:
    """Every puzzle in a collection (one per line, CSV, .sdm) or a single puzzle; ParseError otherwise."""
    return read_whole(_text_of(text))
