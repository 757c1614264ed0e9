"""The puzzle formats: text -> Grid, accepting everything a user will paste or open.

The front is ``parse.py`` (``parse``, ``parse_many``); files and streams are read by
``sources.py``.  This module knows the formats, and explains every text it cannot read.

Formats (detected by content, never only by a file's extension):

* **one line** of 81 cells, row by row; a blank is any of ``0 . - * _ x X``
  (or a space, when the line is exactly 81 characters long).  Text after the
  81 cells, separated by whitespace (a rating, an id), is ignored.  A line of
  81 single characters separated by spaces is accepted too.
* **collections** (``.txt``, ``.sdm``): one puzzle per line; blank lines and
  ``#`` comment lines are skipped, every other line must hold a puzzle.
* **drawings**: 9 rows of 9 cells with optional ``|`` frames, spaces between
  cells and separator lines made of ``- + * = |`` (Simple Sudoku ``.ss`` in
  both its plain and framed clipboard form, ``Grid.pretty()``, the tutorials'
  ``print_board``), or 9 bare rows of 9 characters; ``.sdk`` files with ``#A``
  metadata lines and a ``[Puzzle]`` section.  Several drawings in a row are
  read as several puzzles.
* **CSV** (Kaggle and friends): a header such as ``quizzes,solutions``,
  ``puzzle,solution`` or ``id,puzzle,solution,clues,difficulty`` names the
  puzzle column; without a header the first field holding 81 cells is the
  puzzle (so a pasted ``puzzle,solution`` row gives the puzzle).
* the tutorials' **board** as Python text: ``board = [[7,8,0,...],[6,...],...]``
  (quotes, tuples, newlines and spaces allowed).
* a **SudokuWiki link** with a ``bd=`` parameter (81 digits, ``0`` blank).

Disambiguation: ``-`` and ``*`` are blanks inside cells but also frame
characters.  A line holding only ``- + * = |`` and spaces is a separator,
except a line with exactly nine ``-``/``*`` and no ``+``/``=``, which is a row of
blanks only when the drawing needs it to make up whole sets of 9 rows.  A line
of 81 blanks with a ``-`` or ``*`` in it and no digit is a frame (a pencil-mark
grid's top line is often that long), never an empty puzzle.  A text is read line
by line (a collection) when a line holds more than 20 cells, otherwise as a
drawing.  A SudokuWiki link (``bd=`` or ``bd=S9B``, also in quotes or brackets)
is read on any line of a collection.

Digits that break the rules (two 5s in a row) are *not* a parse error:
parsing only reads; ``validate``/``diagnose`` judge.  Every failure is a
:class:`ParseError` whose message says what was found and where.
"""
from __future__ import annotations

import re

from ..candidates import ALL
from ..grid import Grid
from ..words.i18n import Msg, describe, msg as _checked_msg


_MADE: dict = {}  # the messages made so far (few distinct ones: a stream repeats them)


def msg(code: str, **data) -> Msg:
    """A message of plain scalars and messages (no lists to freeze), made once: a stream of
    bad lines makes one per line."""
    key = (code, tuple(data.items()))
    m = _MADE.get(key)
    if m is None:
        m = Msg(*key)
        if len(_MADE) < 4096:
            _MADE[key] = m
    return m


__all__ = ["ParseError", "parse_error", "quick_grid", "LineReader", "read_text", "read_s9b", "is_frame_line", "reads_by_line",
           "BLANKS", "S9B",
           "OPEN_EXTENSIONS", "OWN_EXTENSIONS", "SAVE_EXTENSIONS"]

# The one list of file extensions: File ▸ Open, File ▸ Save, the app's command line and the
# systems' file associations (tools/exe_meta.py reads OWN_EXTENSIONS from this file) derive
# theirs from here.  A new input format that has an extension of its own is added here.
#: what File ▸ Open offers (the contents decide how a file is read, never only its name)
OPEN_EXTENSIONS = ("txt", "sdm", "sdk", "ss", "csv")
#: the app's own puzzle formats, offered to the system as files it opens (never all plain text)
OWN_EXTENSIONS = ("sdk", "sdm", "ss")
#: what File ▸ Save writes, the default first
SAVE_EXTENSIONS = ("sdk", "txt")

BLANKS = "0.-*_xX"
_CELL_CHARS = frozenset("123456789" + BLANKS)
_BLANKS_TEXT = " ".join(BLANKS)
_TO_ZERO = str.maketrans({c: "0" for c in BLANKS[1:] + " "})
_TO_INT = bytes.maketrans(b"0123456789", bytes(range(10)))
_FRAME = frozenset("|+-*=:~ \t" "─━│┃┼╋┌┐└┘├┤┬┴═║╬╔╗╚╝╠╣╦╩")
_VERTICAL = str.maketrans("", "", "|!│┃║+┼╋╬")
_DROP_FRAME = str.maketrans("", "", "".join(_FRAME))
_DROP_FRAME_BUT_BLANKS = str.maketrans("", "", "".join(_FRAME - {"-", "*"}))
_DROP_ROW_MARKS = str.maketrans("", "", " \t|!│┃║+┼╋╬")
_DROP_CELLS = str.maketrans("", "", "".join(_CELL_CHARS))
_MAX_FIELDS = 64
_LONG = 20  # a line with more cells than this is a one-line puzzle, not a drawing row
_MIN_CELLS = 17  # a CSV field with fewer cells is not taken for a puzzle (the fewest givens)
_SHORT = 20  # a field shorter than this cannot hold a puzzle in any form (_short_cells_error)
_LEAD_CELLS = re.compile(r"(\s*)[0-9.\-*_xX]*")  # leading whitespace, then cells (BLANKS and digits)
_PUZZLE_COLUMNS = ("quizzes", "quiz", "puzzle", "puzzles", "sudoku", "question",
                   "problem", "givens", "grid", "board")
_SECTION = re.compile(r"\s*\[\s*([A-Za-z][\w ]*)\]\s*$")
_BOARD = re.compile(r"\s*(?:[A-Za-z_]\w*\s*(?::[^=\n]{0,80})?=\s*)?[\[(]\s*[\[(\d'\"]")
# a link's value ends at & # whitespace, or a quote or bracket around the link: "(…bd=…)"
_BD = re.compile(r"(?:^|[?&#;\s])bd=([^&#\s\"'()<>\[\]]*)")
S9B = re.compile(r"(?:^|[?&#;\s])bd=S9B([^&#\s\"'()<>\[\]]*)", re.IGNORECASE)
_GROUP = re.compile(r"[\[(]([^\[\]()]*)[\])]")


class ParseError(ValueError):
    """A text or file that holds no readable puzzle; ``str(e)`` is the message for people.

    ``text`` is that message as a :class:`solver.words.i18n.Msg` (``str(e)`` words it in the chosen
    language), ``why`` the reason without the place; ``line`` and ``column`` are 1-based ints
    when the position is known, else None.  A plain str message is kept as it is.
    """

    # Slots, not the instance dict: a stream makes one of these for every bad line, and slot
    # stores are cheaper than dict stores (docs/benchmarks.md, Readers on hostile input).
    __slots__ = ("_why", "_text", "line", "column")

    def __init__(self, message: Msg | str | None, line: int | None = None, column: int | None = None,
                 why: Msg | None = None):
        super().__init__(message)
        if message is None:  # the place and ``why``: the message is made when asked (a stream makes many)
            self._why = why
        else:
            if not isinstance(message, Msg):
                message = _checked_msg("parse_plain", text=str(message))
            self._why = why if why is not None else message
        self._text = message
        self.line = line
        self.column = column

    @property
    def why(self) -> Msg | None:
        w = self._why
        if type(w) is str:  # a character that is not a cell (_short_cells_error): worded when asked
            w = self._why = msg("parse_not_cell", ch=_describe(w), blanks=_BLANKS_TEXT)
        return w

    @property
    def text(self) -> Msg:
        if self._text is None:
            self._text = _placed(self.why, self.line, self.column)
        return self._text

    @property
    def at_line(self) -> bool:
        """True when the message is "line N…: why" (its line first, then :attr:`why`)."""
        if self.line is None:
            return False
        return self._text is None or self._text.code in ("parse_at_line", "parse_at_line_column")

    def __str__(self) -> str:
        return describe(self.text)

    def __reduce__(self):  # keeps the message and line/column across pickling (multiprocessing)
        return (type(self), (self.text, self.line, self.column, self.why))


def _placed(why: Msg, line: int | None, column: int | None) -> Msg:
    """``why`` after its place: 'line N, column C: why'."""
    if line is not None:
        if column is None:
            return Msg("parse_at_line", (("line", line), ("why", why)))
        return Msg("parse_at_line_column", (("line", line), ("column", column), ("why", why)))
    return why if column is None else Msg("parse_at_column", (("column", column), ("why", why)))


def parse_error(why: Msg | str, line: int | None = None, column: int | None = None,
                show_line: bool = True) -> ParseError:
    """A ParseError whose message starts with 'line N, column C: ' when known.

    ``why`` may be a character that is not a cell instead of its message (with ``show_line``
    or no line): :attr:`ParseError.why` words it when asked."""
    # A stream of bad lines makes one of these per line: no list of parts, and what
    # ParseError(None, line, column, why) makes, without the call to __init__.
    if line is None or show_line:
        e = _new_error(ParseError, None)
        e._why, e._text, e.line, e.column = why, None, line, column
        return e
    return ParseError(_placed(why, None, column), line, column, why)


_new_error = ValueError.__new__  # sets args = (None,), as ParseError.__init__ does


def _describe(ch: str) -> Msg | str:
    """A character as people can read it in a message: 'a', tab, U+0000."""
    if ch == "\t":
        return msg("char_tab")
    if ch.isprintable() and not ch.isspace():
        return repr(ch)
    return msg("char_code", hex=f"{ord(ch):04X}")


def _grid(cells: str) -> Grid:
    """81 cell characters (known good) -> Grid."""
    return Grid(cells.translate(_TO_ZERO).encode("ascii").translate(_TO_INT))


def quick_grid(s: str) -> Grid | None:
    """The fast path: exactly 81 cell characters -> Grid, else None (a frame line too)."""
    if len(s) == 81 and not s.isspace():
        t = s.translate(_TO_ZERO)
        if t.isdigit() and t.isascii():
            if t == _NO_DIGIT and is_frame_line(s):
                return None
            return Grid(t.encode("ascii").translate(_TO_INT))
    return None


_NO_DIGIT = "0" * 81


def is_frame_line(s: str) -> bool:
    """A line with no digit whose blanks draw a frame (``-`` or ``*``: ``.-----.``, ``*---*``).

    Such a line of 81 characters is the top of a drawing (a pencil-mark grid's frame is
    often that long), never a puzzle: an empty puzzle is written ``.`` or ``0``."""
    return ("-" in s or "*" in s) and not any(ch in s for ch in "123456789")


def _read_cells(field: str, line: int | None, offset: int, show_line: bool = True) -> Grid:
    """One puzzle written as 81 cells plus optional whitespace-separated text; ParseError otherwise.

    ``offset`` is the 0-based column of ``field[0]`` in its line, for messages.
    """
    if len(field) < _SHORT:
        raise _short_cells_error(field, line, offset, show_line)
    g = quick_grid(field)
    if g is not None:
        return g
    stripped = field.strip()
    if not stripped:
        raise parse_error(msg("parse_no_cells"), line, None, show_line)
    lead = len(field) - len(field.lstrip())
    token = stripped.split(None, 1)[0]
    # 81 single characters separated by spaces: "4 . . . . . 8 . 5 ..."
    if len(token) == 1 and len(stripped) < 1000:
        parts = stripped.split()
        if len(parts) == 81 and all(len(p) == 1 for p in parts):
            g = quick_grid("".join(parts))
            if g is not None:
                return g
            if is_frame_line(stripped):
                raise parse_error(msg("parse_frame_line"), line, None, show_line)
            col = next(k for k, ch in enumerate(field) if not ch.isspace() and ch not in _CELL_CHARS)
            raise parse_error(msg("parse_not_cell", ch=_describe(field[col]), blanks=_BLANKS_TEXT),
                              line, offset + col + 1, show_line)
    # a quoted line: "4.....8.5..." or '4.....8.5...'
    if len(token) >= 2 and token[0] in "'\"" and token[0] in token[1:]:
        end = token.index(token[0], 1)
        inner = token[1:end]
        if len(inner) == 81 and quick_grid(inner):
            return quick_grid(inner)
    n = 0
    for ch in token:
        if ch not in _CELL_CHARS:
            break
        n += 1
    if n == 81:
        g = quick_grid(token[:81])
        if g is None:  # 81 blanks drawn with '-' or '*': a frame
            raise parse_error(msg("parse_frame_line"), line, None, show_line)
        if n == len(token):
            return g
        raise parse_error(msg("parse_after_cells", ch=_describe(token[81])), line, offset + lead + 82,
                          show_line)
    if n < len(token) and n < 81:
        raise parse_error(msg("parse_not_cell", ch=_describe(token[n]), blanks=_BLANKS_TEXT),
                          line, offset + lead + n + 1, show_line)
    spaces = " " in stripped and 60 <= len(field.rstrip("\r\n")) < 81
    why = msg("parse_cell_count_spaces" if spaces else "parse_cell_count", n=n)
    raise parse_error(why, line, None, show_line)


def _short_cells_error(field: str, line: int | None, offset: int, show_line: bool) -> ParseError:
    """What :func:`_read_cells` says of a field shorter than ``_SHORT``, in one regex match.

    Such a field holds neither 81 cells nor 81 spaced ones, nor a quoted line, and is too
    short for "cells with spaces for blanks": the answer is the first character of its first
    word that is not a cell, else how many cells that word has (so that a stream of distinct
    short lines, one error each, keeps to the readers' 1 s per MB)."""
    m = _LEAD_CELLS.match(field)
    lead, end = m.end(1), m.end()
    if end < len(field) and not field[end].isspace():  # key: the character that is not a cell
        key, column = field[end], offset + end + 1
    elif lead == len(field):
        key, column = None, None
    else:  # key: how many cells
        key, column = end - lead, None
    why = _SHORT_WHY.get(key)
    if why is None and type(key) is str and key >= "\u0100" and (line is None or show_line):
        why = key  # ParseError.why words it when asked (distinct characters: no message per line)
    elif why is None:
        if key is None:
            why = msg("parse_no_cells")
        elif type(key) is str:
            why = msg("parse_not_cell", ch=_describe(key), blanks=_BLANKS_TEXT)
        else:
            why = msg("parse_cell_count", n=key)
        if type(key) is not str or key < "\u0100":  # counts and Latin-1: under 300 in all; a
            _SHORT_WHY[key] = why                   # stream of distinct others must not fill it
    return parse_error(why, line, column, show_line)


_SHORT_WHY: dict = {}  # _short_cells_error's reasons, by the Latin-1 character that is not a cell or the count


# -- links ------------------------------------------------------------------

def read_s9b(value: str) -> tuple[Grid, Grid, list[int]]:
    """The value of a ``bd=S9B`` link (after S9B) -> (givens, placed digits, candidate masks).

    Two base-36 characters per cell: 1-9 a given, 10-18 a placed digit, 18 + mask the
    candidates of a blank cell (see ``marks.py``)."""
    if len(value) != 162:
        raise ParseError(msg("marks_link_length", n=len(value)))
    givens, placed, masks = [0] * 81, [0] * 81, [0] * 81
    for i in range(81):
        pair = value[2 * i:2 * i + 2]
        if not (pair.isascii() and pair.isalnum()):  # int() would take "+1" or " 1"
            raise ParseError(msg("marks_link_pair", pair=repr(pair), cell=divmod(i, 9)))
        v = int(pair, 36)
        if 1 <= v <= 9:
            givens[i] = v
        elif 10 <= v <= 18:
            placed[i] = v - 9
        elif 18 < v <= 18 + ALL:
            masks[i] = v - 18
        else:
            raise ParseError(msg("marks_link_value", pair=repr(pair), cell=divmod(i, 9), value=v, top=18 + ALL))
    return Grid(givens), Grid(placed), masks


def _read_link(line: str) -> Grid | None:
    """The puzzle of a line holding a SudokuWiki link (``bd=`` digits or ``bd=S9B``: givens
    and placed digits), None when the line has no link; ParseError for a broken one."""
    m = S9B.search(line)
    if m:
        givens, placed, _ = read_s9b(m.group(1))
        return Grid(g or p for g, p in zip(givens.cells, placed.cells))
    m = _BD.search(line)
    if m is None:
        return None
    try:
        return _read_cells(m.group(1), None, 0)
    except ParseError as e:
        raise ParseError(msg("parse_link", why=e.text)) from None


# -- line-oriented reading (collections, CSV) -------------------------------

def _split_fields(line: str, delim: str) -> list[tuple[int, str]]:
    """CSV fields with their 0-based start columns (quotes stripped, no embedded delimiters)."""
    out = []
    pos = 0
    # Past _MAX_FIELDS the rest stays one field: a row of 100,000 ';' costs one split, not
    # 100,000 fields looked at three times (puzzle columns come early in real files).
    for raw in line.split(delim, _MAX_FIELDS):
        f = raw.strip()
        start = pos + (len(raw) - len(raw.lstrip()))
        if len(f) >= 2 and f[0] == f[-1] and f[0] in "'\"":
            f = f[1:-1]
            start += 1
        out.append((start, f))
        pos += len(raw) + 1
    return out


def _looks_like_cells(f: str) -> bool:
    return len(f) >= _MIN_CELLS and all(c in _CELL_CHARS for c in f)


def _tries_to_be_cells(f: str) -> bool:
    """Mostly cells (a puzzle with a slip in it), not a name or a note."""
    n = len(f) - len(f.translate(_DROP_CELLS))
    return n >= _MIN_CELLS and n >= 0.8 * len(f)


class LineReader:
    """Reads a collection line by line: one puzzle per line, or CSV (header detected on the first line)."""

    def __init__(self, show_line: bool = True):
        self.show_line = show_line
        self.started = False
        self.delim: str | None = None
        self.column: int | None = None  # index of the puzzle column in CSV, None = first puzzle field
        self.column_name = ""

    def read(self, n: int, line: str) -> Grid | ParseError | None:
        """One line -> Grid, ParseError, or None for a line to skip (blank, comment, header)."""
        if len(line) > 80:  # (a shorter line cannot be 81 cells)
            g = quick_grid(line.rstrip("\r\n"))
            if g is not None:
                self.started = True
                return g
        s = line.strip()
        if not s or s[0] == "#":
            return None
        if s[0] == "\ufeff":  # a byte-order mark left by a text stream
            s = s[1:].strip()
            line = line.replace("\ufeff", "", 1)
            if not s or s[0] == "#":
                return None
        # a SudokuWiki link, read the same on its own line or in a collection (in CSV rows the
        # header's puzzle column decides: a link there may be a source column)
        if "bd=" in s and self.delim is None:
            try:
                g = _read_link(s)
            except ParseError as e:
                return parse_error(e.text, n, None) if self.show_line else e
            if g is not None:
                return g
        first = not self.started
        self.started = True
        try:
            if first:
                self._detect(line)
                if self.delim is not None and self._is_header(line):
                    self._take_header(n, line)
                    return None
            if self.delim is not None:
                return self._read_csv(n, line)
            body = line.rstrip("\r\n")
            if len(body) < _SHORT:  # the error returned, not raised and caught (a stream of them)
                return _short_cells_error(body, n, 0, self.show_line)
            return _read_cells(body, n, 0, self.show_line)
        except ParseError as e:
            return e.with_traceback(None)  # a stream of errors must not keep every frame alive

    def _detect(self, line: str) -> None:
        head = line.strip().split(None, 1)[0]
        for d in (",", ";"):
            if d in line and not quick_grid(head):
                self.delim = d
                return

    def _is_header(self, line: str) -> bool:
        return not any(_looks_like_cells(f) for _, f in _split_fields(line, self.delim))

    def _take_header(self, n: int, line: str) -> None:
        names = [f.strip().lower() for _, f in _split_fields(line, self.delim)]
        for want in _PUZZLE_COLUMNS:
            if want in names:
                self.column = names.index(want)
                self.column_name = want
                return
        self.column = None  # unknown header: take the first field that holds a puzzle

    def _read_csv(self, n: int, line: str) -> Grid | ParseError:
        """A CSV row's puzzle; short rows' errors are returned (a stream of them), others raised."""
        body = line.rstrip("\r\n")
        if self.column is None and len(body) < _MIN_CELLS:  # no field can try to be a puzzle
            return parse_error(msg("parse_csv_no_field"), n, None, self.show_line)
        fields = _split_fields(body, self.delim)
        if self.column is not None:
            if self.column >= len(fields):
                return parse_error(msg("parse_csv_short_row", n=len(fields), name=self.column_name,
                                       k=self.column + 1), n, None, self.show_line)
            start, f = fields[self.column]
            if len(f) < _SHORT:
                return _short_cells_error(f, n, start, self.show_line)
            return _read_cells(f, n, start, self.show_line)
        # Without a header the puzzle is the first field that tries to be one.  Never skip
        # it for a later 81-cell field: in a "puzzle,solution" row whose puzzle lost a
        # character, that later field is the solution.
        for start, f in fields:
            if _tries_to_be_cells(f):
                return _read_cells(f, n, start, self.show_line)
        for start, f in fields:  # a puzzle with spaces for blanks, or explain the long field
            if len(f) > _LONG:
                return _read_cells(f, n, start, self.show_line)
        raise parse_error(msg("parse_csv_no_field"), n, None, self.show_line)


# -- whole-text reading -----------------------------------------------------

def _content_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) of lines that may hold cells: no blanks, no '#', only the [Puzzle] section."""
    out = []
    keep = True
    for n, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s[0] == "#":
            continue
        m = _SECTION.match(line) if "[" in s else None
        if m:
            keep = m.group(1).strip().lower() == "puzzle"
            continue
        if keep:
            out.append((n, line))
    return out


def _cell_count(line: str) -> int:
    return len(line.translate(_DROP_FRAME_BUT_BLANKS))


def _is_frame(line: str) -> bool:
    return not line.translate(_DROP_FRAME)


def _read_board(text: str, one_line: bool) -> list[Grid]:
    """The tutorials' ``board = [[7,8,0,...],...]`` -> grids (9 rows each, or flat lists of 81)."""
    rows = []
    line, seen = 1, 0  # line number of position `seen`, counted as we go (no quadratic recount)
    for m in _GROUP.finditer(text):
        line += text.count("\n", seen, m.start())
        seen = m.start()
        items = [x.strip("'\"") for x in re.split(r"[,\s]+", m.group(1).strip()) if x]
        for item in items:
            if len(item) != 1 or item not in _CELL_CHARS:
                col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
                raise parse_error(msg("parse_board_item", item=repr(item[:20])), line, col, not one_line)
        rows.append((line, items))
    if not rows:
        raise parse_error(msg("parse_board_empty"))
    if all(len(items) == 81 for _, items in rows):
        return [_grid("".join(items)) for _, items in rows]
    for line, items in rows:
        if len(items) != 9:
            raise parse_error(msg("parse_board_row", n=len(items)), line, None, not one_line)
    if len(rows) % 9:
        raise parse_error(msg("parse_board_rows", n=len(rows)))
    return [_grid("".join(x for _, items in rows[k:k + 9] for x in items))
            for k in range(0, len(rows), 9)]


def _separators_fit(rows: list[tuple[str, str]], puzzles: int) -> bool:
    """Whether every 'maybe' line sits where a separator goes, given the sure rows.

    A separator sits between bands (after row 3 and row 6 of a puzzle, both or neither)
    or frames the drawing (above row 1 and below row 9, both or neither).  Anywhere else
    the line is a row of blanks: a drawing with a row typed twice and a blank row then has
    10 rows and is refused, instead of losing the blank row and shifting the rest.
    """
    seen, where = 0, set()
    for kind, _ in rows:
        if kind == "row":
            seen += 1
        else:
            where.add(seen)
    if any(p % 3 for p in where):
        return False
    for k in range(puzzles):
        if (9 * k + 3 in where) != (9 * k + 6 in where):
            return False
    return (0 in where) == (9 * puzzles in where)


def _read_drawing(lines: list[tuple[int, str]]) -> list[Grid]:
    """9 rows of 9 cells per puzzle, frames and separator lines dropped."""
    rows: list[tuple[str, str]] = []  # (kind 'row' | 'maybe', nine cells)
    for n, line in lines:
        body = line.rstrip("\r\n")
        if _is_frame(body):
            # "---------" or "|---|---|---|" or "|   |   |   |": nine blanks, or a separator?
            framed = body.translate(_VERTICAL)
            inner = framed.replace(" ", "").replace("\t", "")
            if "+" not in body and (len(inner) == 9 and set(inner) <= set("-*")
                                    or "|" in body and len(framed) == 9 and set(framed) <= set(" -*")):
                rows.append(("maybe", "0" * 9))
            continue
        u = body.translate(_VERTICAL)
        cells = body.translate(_DROP_ROW_MARKS)
        if cells.translate(_DROP_CELLS):  # something that is not a cell: say where
            col, ch = next((k, c) for k, c in enumerate(body)
                           if c not in _CELL_CHARS and c not in " \t|!│┃║+┼╋╬")
            raise parse_error(msg("parse_not_cell", ch=_describe(ch), blanks=_BLANKS_TEXT), n, col + 1)
        if len(cells) == 9:
            rows.append(("row", cells))
        elif len(u) == 9 and "\t" not in u:  # spaces stand for blanks: "78 4  12 "
            rows.append(("row", u))
        else:
            raise parse_error(msg("parse_drawing_row", n=len(cells)), n)
    sure = [r for k, r in rows if k == "row"]
    if sure and len(sure) % 9 == 0 and _separators_fit(rows, len(sure) // 9):
        picked = sure
    else:
        picked = [r for _, r in rows]
    if not picked:
        raise parse_error(msg("parse_drawing_frames"))
    if len(picked) % 9:
        code = "parse_drawing_rows_many" if len(picked) > 9 else "parse_drawing_rows"
        raise parse_error(msg(code, n=len(picked)))
    return [_grid("".join(picked[k:k + 9])) for k in range(0, len(picked), 9)]


def _is_board(lines: list[tuple[int, str]]) -> bool:
    return bool(_BOARD.match("\n".join(ln for _, ln in lines[:3])))


def _by_line(lines: list[tuple[int, str]]) -> bool:
    """Whether content lines are read one puzzle per line (a collection, CSV, one line), not as a drawing."""
    first = lines[0][1]
    return ("," in first or ";" in first or len(lines) == 1
            or any(_cell_count(s) > _LONG and not _is_frame(s) for _, s in lines))


def reads_by_line(text: str) -> bool:
    """Whether :func:`read_text` reads ``text`` line by line, each line a puzzle or its own
    error (a collection, CSV), rather than as one drawing or board that is right or wrong whole."""
    lines = _content_lines(text.lstrip("\ufeff"))
    return not lines or (not _is_board(lines) and _by_line(lines))


def read_text(text: str) -> list[Grid]:
    """Every puzzle in ``text`` (at least one); ParseError otherwise."""
    if not isinstance(text, str):
        raise ParseError(msg("parse_not_text", type=type(text).__name__))
    g = quick_grid(text.strip("\r\n"))
    if g is not None:
        return [g]
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise ParseError(msg("parse_empty_text"))
    if "\x00" in text:
        n = text.count("\n", 0, text.index("\x00")) + 1
        raise parse_error(msg("parse_nul"), n)
    lines = _content_lines(text)
    if not lines:
        raise ParseError(msg("parse_only_comments"))
    one_line = len(lines) == 1
    if _is_board(lines):
        # blank out comment lines (they may hold brackets) but keep the line numbers
        body = "\n".join("" if ln.lstrip().startswith("#") else ln for ln in text.splitlines())
        return _read_board(body, one_line)
    first = lines[0][1]
    csv = "," in first or ";" in first
    if _by_line(lines):
        reader = LineReader(show_line=not one_line)
        out = []
        for n, line in lines:
            item = reader.read(n, line)
            if isinstance(item, ParseError):
                joined = "".join("".join(s.split()) for _, s in lines)
                if not csv and len(lines) > 1 and len(joined) == 81 and quick_grid(joined):
                    return [quick_grid(joined)]  # one puzzle wrapped over several lines
                raise item
            if item is not None:
                out.append(item)
        if not out:
            raise ParseError(msg("parse_header_only"))
        return out
    return _read_drawing(lines)
