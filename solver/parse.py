"""Reading puzzles: accept everything a user will paste or open, explain everything else.

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
blanks only when the drawing needs it to make up whole sets of 9 rows.  A text
is read line by line (a collection) when a line holds more than 20 cells,
otherwise as a drawing.

Limits, each checked before the work it bounds, each named in its message:
a file (``load``) of at most ``MAX_FILE_BYTES`` (checked with ``stat`` before
reading), a text (``parse``, ``parse_many``) of at most ``MAX_TEXT_CHARS``, a
line of a stream (``iter_puzzles``) of at most ``MAX_LINE_BYTES`` (a longer line
is refused, and when reading a file it is skipped without being held whole).

Digits that break the rules (two 5s in a row) are *not* a parse error:
parsing only reads; ``validate``/``diagnose`` judge.  Every failure is a
:class:`ParseError` whose message says what was found and where.
"""
from __future__ import annotations

import io
import os
import re
import stat
from typing import Iterable, Iterator

from .grid import Grid

__all__ = ["ParseError", "parse", "parse_many", "load", "iter_puzzles", "MAX_FILE_BYTES",
           "MAX_TEXT_CHARS", "MAX_LINE_BYTES"]

# load() reads the whole file and keeps every Grid (~750 bytes each); 16 MiB is
# about 200,000 one-line puzzles or 100,000 Kaggle rows.  Bigger files go
# through iter_puzzles, which streams in constant memory.
MAX_FILE_BYTES = 16 * 1024 * 1024
# parse/parse_many take text already in memory; the same bound keeps their work bounded
# (about 1 s for 16 MB of the worst text we know).
MAX_TEXT_CHARS = MAX_FILE_BYTES
# A puzzle line, even a Kaggle row with id, solution and rating, is under 300 bytes.
# A streamed line longer than this is refused, and skipped without being held whole.
MAX_LINE_BYTES = 64 * 1024
_READ_CHUNK = 64 * 1024

BLANKS = "0.-*_xX"
_CELL_CHARS = frozenset("123456789" + BLANKS)
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
_PUZZLE_COLUMNS = ("quizzes", "quiz", "puzzle", "puzzles", "sudoku", "question",
                   "problem", "givens", "grid", "board")
_SECTION = re.compile(r"\s*\[\s*([A-Za-z][\w ]*)\]\s*$")
_BOARD = re.compile(r"\s*(?:[A-Za-z_]\w*\s*(?::[^=\n]{0,80})?=\s*)?[\[(]\s*[\[(\d'\"]")
_BD = re.compile(r"(?:^|[?&#;\s])bd=([^&#\s]*)")
_GROUP = re.compile(r"[\[(]([^\[\]()]*)[\])]")


class ParseError(ValueError):
    """A text or file that holds no readable puzzle; ``str(e)`` is the message for people.

    ``line`` and ``column`` are 1-based ints when the position is known, else None.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        super().__init__(message)
        self.line = line
        self.column = column

    def __reduce__(self):  # keeps line/column across pickling (multiprocessing)
        return (type(self), (str(self), self.line, self.column))


def _error(why: str, line: int | None = None, column: int | None = None,
           show_line: bool = True) -> ParseError:
    """A ParseError whose message starts with 'line N, column C: ' when known."""
    where = []
    if line is not None and show_line:
        where.append(f"line {line}")
    if column is not None:
        where.append(f"column {column}")
    text = f"{', '.join(where)}: {why}" if where else why
    return ParseError(text, line, column)


def _describe(ch: str) -> str:
    """A character as people can read it in a message: 'a', tab, U+0000."""
    if ch == "\t":
        return "a tab"
    if ch.isprintable() and not ch.isspace():
        return repr(ch)
    return f"the character U+{ord(ch):04X}"


def _grid(cells: str) -> Grid:
    """81 cell characters (known good) -> Grid."""
    return Grid(cells.translate(_TO_ZERO).encode("ascii").translate(_TO_INT))


def _quick(s: str) -> Grid | None:
    """The fast path: exactly 81 cell characters -> Grid, else None."""
    if len(s) == 81 and not s.isspace():
        t = s.translate(_TO_ZERO)
        if t.isdigit() and t.isascii():
            return Grid(t.encode("ascii").translate(_TO_INT))
    return None


def _read_cells(field: str, line: int | None, offset: int, show_line: bool = True) -> Grid:
    """One puzzle written as 81 cells plus optional whitespace-separated text; ParseError otherwise.

    ``offset`` is the 0-based column of ``field[0]`` in its line, for messages.
    """
    g = _quick(field)
    if g is not None:
        return g
    stripped = field.strip()
    if not stripped:
        raise _error("no cells here, a puzzle has 81", line, None, show_line)
    lead = len(field) - len(field.lstrip())
    token = stripped.split(None, 1)[0]
    # 81 single characters separated by spaces: "4 . . . . . 8 . 5 ..."
    if len(token) == 1 and len(stripped) < 1000:
        parts = stripped.split()
        if len(parts) == 81 and all(len(p) == 1 for p in parts):
            g = _quick("".join(parts))
            if g is not None:
                return g
            col = next(k for k, ch in enumerate(field) if not ch.isspace() and ch not in _CELL_CHARS)
            raise _error(f"{_describe(field[col])} is not a digit or a blank "
                         f"(blanks: {' '.join(BLANKS)})", line, offset + col + 1, show_line)
    # a quoted line: "4.....8.5..." or '4.....8.5...'
    if len(token) >= 2 and token[0] in "'\"" and token[0] in token[1:]:
        end = token.index(token[0], 1)
        inner = token[1:end]
        if len(inner) == 81 and _quick(inner):
            return _quick(inner)
    n = 0
    for ch in token:
        if ch not in _CELL_CHARS:
            break
        n += 1
    if n == 81:
        g = _quick(token[:81])
        if n == len(token):
            return g
        raise _error(f"{_describe(token[81])} follows the 81 cells; separate other text "
                     f"with a space", line, offset + lead + 82, show_line)
    if n < len(token) and n < 81:
        raise _error(f"{_describe(token[n])} is not a digit or a blank "
                     f"(blanks: {' '.join(BLANKS)})", line, offset + lead + n + 1, show_line)
    why = f"found {n} {'cell' if n == 1 else 'cells'}, a puzzle has 81"
    if " " in stripped and 60 <= len(field.rstrip("\r\n")) < 81:
        why += " (a space counts as a blank only in a line of exactly 81 characters)"
    raise _error(why, line, None, show_line)


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
    return len(f) >= 17 and all(c in _CELL_CHARS for c in f)


def _tries_to_be_cells(f: str) -> bool:
    """Mostly cells (a puzzle with a slip in it), not a name or a note."""
    n = len(f) - len(f.translate(_DROP_CELLS))
    return n >= 17 and n >= 0.8 * len(f)


class _LineReader:
    """Reads a collection line by line: one puzzle per line, or CSV (header detected on the first line)."""

    def __init__(self, show_line: bool = True):
        self.show_line = show_line
        self.started = False
        self.delim: str | None = None
        self.column: int | None = None  # index of the puzzle column in CSV, None = first puzzle field
        self.column_name = ""

    def read(self, n: int, line: str) -> Grid | ParseError | None:
        """One line -> Grid, ParseError, or None for a line to skip (blank, comment, header)."""
        g = _quick(line.rstrip("\r\n"))
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
            return _read_cells(line.rstrip("\r\n"), n, 0, self.show_line)
        except ParseError as e:
            return e.with_traceback(None)  # a stream of errors must not keep every frame alive

    def _detect(self, line: str) -> None:
        head = line.strip().split(None, 1)[0]
        for d in (",", ";"):
            if d in line and not _quick(head):
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

    def _read_csv(self, n: int, line: str) -> Grid:
        fields = _split_fields(line.rstrip("\r\n"), self.delim)
        if self.column is not None:
            if self.column >= len(fields):
                raise _error(f"the row has {len(fields)} fields, the '{self.column_name}' "
                             f"column is field {self.column + 1}", n, None, self.show_line)
            start, f = fields[self.column]
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
        raise _error("no field holds a puzzle of 81 cells", n, None, self.show_line)


def _too_long(n: int, unit: str = "bytes") -> ParseError:
    return _error(f"the line is longer than {MAX_LINE_BYTES:,} {unit}, the limit for one line; "
                  f"it was skipped", n)


def _binary(n: int) -> ParseError:
    return _error("the input holds binary data (a NUL byte), not text; reading stopped here", n)


def _decode_line(raw: bytes, n: int) -> str | ParseError:
    """One line of a byte stream -> text: UTF-8, else Latin-1 when it is clearly text."""
    try:
        return raw.decode("utf-8-sig" if n == 1 else "utf-8")
    except UnicodeDecodeError as e:
        text = raw.decode("latin-1")
        if not re.search(r"[\x00-\x08\x0e-\x1f\x7f]", text):
            return text  # old Windows/Latin-1 text, as load() reads it
        return _error(f"the line is not text: byte 0x{raw[e.start]:02X} at column "
                      f"{e.start + 1} is not UTF-8", n)


def read_lines(f) -> Iterator[str | ParseError]:
    """The lines of an open file (binary or text) in bounded memory: one item per line.

    Each item is the line's text, or a ParseError for a line that cannot be used: longer
    than ``MAX_LINE_BYTES`` (skipped without being held whole), not text.  A NUL byte
    (``/dev/zero``, an image) ends the stream with a ParseError.  Bytes are decoded like
    :func:`load` does: UTF-16 with a byte-order mark, UTF-8 (with or without BOM), and
    Latin-1 for lines that are clearly text.
    """
    if hasattr(f, "read1") and not isinstance(f, io.TextIOBase):
        yield from _chunk_lines(f)
        return
    readline = f.readline
    limit = MAX_LINE_BYTES
    first = readline(limit + 1)
    if isinstance(first, bytes) and first.startswith((b"\xff\xfe", b"\xfe\xff")):
        yield from _utf16_lines(first, f)
        return
    binary = isinstance(first, bytes)
    nul, newline = (b"\x00", b"\n") if binary else ("\x00", "\n")
    n, line = 0, first
    while line:
        n += 1
        if nul in line:
            yield _binary(n)
            return
        if len(line) > limit:  # no newline within the limit: skip to the end of the line
            tail = line
            while tail and not tail.endswith(newline):
                tail = readline(limit + 1)
                if nul in tail:
                    yield _binary(n)
                    return
            yield _too_long(n, "bytes" if binary else "characters")
        elif not binary:
            yield line
        elif n > 1 and line.isascii():  # the common case, without a try per line
            yield line.decode("ascii")
        else:
            yield _decode_line(line, n)
        line = readline(limit + 1)


def _chunk_lines(f) -> Iterator[str | ParseError]:
    """read_lines for a buffered binary file: split chunks in C, not a readline per line.

    ``read1`` returns what is there (a typed line on a terminal, a pipe's last write), so
    an interactive input is answered line by line."""
    limit = MAX_LINE_BYTES
    first = f.read1(_READ_CHUNK)
    if first.startswith((b"\xff\xfe", b"\xfe\xff")):
        yield from _utf16_lines(first, f)
        return
    if first.startswith(b"\xef\xbb\xbf"):
        first = first[3:]
    n, pending, skipping, chunk = 0, b"", False, first
    while chunk:
        nul = chunk.find(b"\x00")
        if nul >= 0:
            chunk = chunk[:nul]
        elif skipping and b"\n" not in chunk:  # still inside a line that is too long
            chunk = f.read1(_READ_CHUNK)
            continue
        data = pending + chunk
        ascii_ = data.isascii()
        parts = (data.decode("ascii") if ascii_ else data).split("\n" if ascii_ else b"\n")
        pending = parts.pop()
        if ascii_:
            pending = pending.encode("ascii")
        for line in parts:
            n += 1
            if skipping or len(line) > limit:
                skipping = False
                yield _too_long(n)
            elif ascii_:
                yield line + "\n"
            else:
                text = _decode_line(line, n)
                yield text + "\n" if isinstance(text, str) else text
        if len(pending) > limit:
            pending, skipping = b"", True
        if nul >= 0:
            yield _binary(n + 1)
            return
        chunk = f.read1(_READ_CHUNK)
    if skipping:
        yield _too_long(n + 1)
    elif pending:
        yield _decode_line(pending, n + 1)


def _utf16_lines(first: bytes, f) -> Iterator[str | ParseError]:
    """read_lines for a UTF-16 stream (its byte-order mark is in ``first``)."""
    import codecs

    decoder = codecs.getincrementaldecoder("utf-16")(errors="strict")
    limit = MAX_LINE_BYTES // 2  # characters
    n, pending, skipping = 1, "", False
    data = first
    while True:
        try:
            text = decoder.decode(data, final=not data)
        except UnicodeDecodeError:
            yield _error("the input starts like UTF-16 text but cannot be read as it", n)
            return
        if "\x00" in text:
            yield _binary(n + pending.count("\n") + text[:text.index("\x00")].count("\n"))
            return
        pending += text
        parts = pending.split("\n")
        pending = parts.pop()
        for part in parts:
            if skipping or len(part) > limit:
                skipping = False
                yield _too_long(n)
            else:
                yield part.lstrip("\ufeff") + "\n" if n == 1 else part + "\n"
            n += 1
        if len(pending) > limit:
            pending, skipping = "", True
        if not data:
            break
        data = f.read(_READ_CHUNK)
    if skipping:
        yield _too_long(n)
    elif pending:
        yield pending.lstrip("\ufeff") if n == 1 else pending


def iter_puzzles(lines) -> Iterator[tuple[int, Grid | ParseError]]:
    """Stream a line-oriented input: yields (1-based line number, Grid or ParseError) per puzzle line.

    ``lines`` is an iterable of lines (str or bytes), or an open file (binary or text),
    read with :func:`read_lines` in bounded memory.  One puzzle per line, or CSV with an
    optional header on the first line (its puzzle column is found by name).  Blank and
    ``#`` lines are skipped.  A line longer than ``MAX_LINE_BYTES`` is refused with a
    ParseError; bytes lines are decoded as UTF-8 (a bad line yields a ParseError).
    """
    if hasattr(lines, "readline"):
        lines = read_lines(lines)
    reader = _LineReader()
    read = reader.read
    for n, line in enumerate(lines, 1):
        if type(line) is str and len(line) <= MAX_LINE_BYTES:
            item = read(n, line)
            if item is not None:
                yield n, item
            continue
        if isinstance(line, ParseError):  # from read_lines: a line that could not be read
            yield n, line
            continue
        if not isinstance(line, str):
            try:
                line = bytes(line).decode("utf-8")
            except (UnicodeDecodeError, TypeError, ValueError) as e:
                yield n, _error(f"the line is not UTF-8 text ({e.__class__.__name__})", n)
                continue
        if len(line) > MAX_LINE_BYTES:
            yield n, _too_long(n, "characters")
            continue
        item = reader.read(n, line)
        if item is not None:
            yield n, item


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
                raise _error(f"{item[:20]!r} in the board is not a digit 0-9", line, col,
                             not one_line)
        rows.append((line, items))
    if not rows:
        raise _error("the board holds no rows of digits")
    if all(len(items) == 81 for _, items in rows):
        return [_grid("".join(items)) for _, items in rows]
    for line, items in rows:
        if len(items) != 9:
            word = "number" if len(items) == 1 else "numbers"
            raise _error(f"a row of the board has {len(items)} {word}, a row has 9",
                         line, None, not one_line)
    if len(rows) % 9:
        raise _error(f"the board has {len(rows)} rows, a puzzle has 9")
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
            raise _error(f"{_describe(ch)} is not a digit or a blank "
                         f"(blanks: {' '.join(BLANKS)})", n, col + 1)
        if len(cells) == 9:
            rows.append(("row", cells))
        elif len(u) == 9 and "\t" not in u:  # spaces stand for blanks: "78 4  12 "
            rows.append(("row", u))
        else:
            raise _error(f"found {len(cells)} cells, a row has 9", n)
    sure = [r for k, r in rows if k == "row"]
    if sure and len(sure) % 9 == 0 and _separators_fit(rows, len(sure) // 9):
        picked = sure
    else:
        picked = [r for _, r in rows]
    if not picked:
        raise _error("found no cells, only frame lines")
    if len(picked) % 9:
        many = " (or a multiple of 9 for several puzzles)" if len(picked) > 9 else ""
        word = "row" if len(picked) == 1 else "rows"
        raise _error(f"found {len(picked)} {word} of cells, a puzzle has 9{many}")
    return [_grid("".join(picked[k:k + 9])) for k in range(0, len(picked), 9)]


def _read_text(text: str) -> list[Grid]:
    """Every puzzle in ``text`` (at least one); ParseError otherwise."""
    if not isinstance(text, str):
        raise ParseError(f"expected text, got {type(text).__name__}")
    g = _quick(text.strip("\r\n"))
    if g is not None:
        return [g]
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise ParseError("the text is empty")
    if "\x00" in text:
        n = text.count("\n", 0, text.index("\x00")) + 1
        raise _error("the text holds binary data (a NUL character), not a puzzle", n)
    lines = _content_lines(text)
    if not lines:
        raise ParseError("the text holds no puzzle, only comments")
    m = _BD.search(lines[0][1]) if len(lines) == 1 else None
    if m:  # a pasted link: https://www.sudokuwiki.org/sudoku.htm?bd=7804...
        try:
            return [_read_cells(m.group(1), None, 0)]
        except ParseError as e:
            raise ParseError(f"the link's bd= value: {e}") from None
    one_line = len(lines) == 1
    if _BOARD.match("\n".join(ln for _, ln in lines[:3])):
        # blank out comment lines (they may hold brackets) but keep the line numbers
        body = "\n".join("" if ln.lstrip().startswith("#") else ln for ln in text.splitlines())
        return _read_board(body, one_line)
    first = lines[0][1]
    csv = "," in first or ";" in first
    if csv or len(lines) == 1 or any(_cell_count(s) > _LONG and not _is_frame(s) for _, s in lines):
        reader = _LineReader(show_line=not one_line)
        out = []
        for n, line in lines:
            item = reader.read(n, line)
            if isinstance(item, ParseError):
                joined = "".join("".join(s.split()) for _, s in lines)
                if not csv and len(lines) > 1 and len(joined) == 81 and _quick(joined):
                    return [_quick(joined)]  # one puzzle wrapped over several lines
                raise item
            if item is not None:
                out.append(item)
        if not out:
            raise ParseError("the text holds a CSV header but no puzzle rows")
        return out
    return _read_drawing(lines)


def _text_of(text) -> str:
    """The text to read: str as is, bytes decoded like a file; ParseError for anything else or too long."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text)
        if len(data) > MAX_TEXT_CHARS:
            raise ParseError(f"the data is too long to read ({_size(len(data))}; the limit is "
                             f"{_size(MAX_TEXT_CHARS)})")
        return _decode(data, "the data")
    if not isinstance(text, str):
        raise ParseError(f"expected text, got {type(text).__name__}")
    if len(text) > MAX_TEXT_CHARS:
        raise ParseError(f"the text is too long to read ({len(text):,} characters; the limit is "
                         f"{MAX_TEXT_CHARS:,})")
    return text


def parse(text: str | bytes) -> Grid:
    """Exactly one puzzle in any supported format -> Grid; ParseError otherwise (also for several).

    Bytes are decoded as a file's are (UTF-8, UTF-16 with BOM, Latin-1)."""
    g = _quick(text) if type(text) is str else None
    if g is not None:
        return g
    text = _text_of(text)
    try:
        grids = _read_text(text)
    except ParseError:
        same = _one_puzzle_shown_twice(text)
        if same is None:
            raise
        return same
    if len(grids) != 1:
        same = _one_puzzle_shown_twice(text)
        if same is not None:
            return same
        raise ParseError(f"the text holds {len(grids)} puzzles, not one; "
                         f"open it as a collection to browse them")
    return grids[0]


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
            grids = _read_text(block)
        except ParseError:
            return None
        if len(grids) != 1 or (first is not None and grids[0] != first):
            return None
        first = grids[0]
    return first


def parse_many(text: str | bytes) -> list[Grid]:
    """Every puzzle in a collection (one per line, CSV, .sdm) or a single puzzle; ParseError otherwise."""
    text = _text_of(text)
    try:
        return _read_text(text)
    except ParseError:
        same = _one_puzzle_shown_twice(text)
        if same is None:
            raise
        return [same]


def _decode(data: bytes, name: str) -> str:
    """File bytes -> text (UTF-8 with or without BOM, UTF-16 with BOM, clearly-text Latin-1)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise ParseError(f"{name} starts like UTF-16 text but cannot be read as it") from None
    nul = data.find(b"\x00")
    if nul >= 0:
        raise ParseError(f"{name} is not a text file (it holds binary data: "
                         f"a NUL byte at offset {nul})")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        text = data.decode("latin-1")
        if not re.search(r"[\x00-\x08\x0e-\x1f\x7f]", text):
            return text  # old Windows/Latin-1 text, e.g. an author's name in a comment
        line = data.count(b"\n", 0, e.start) + 1
        raise ParseError(f"{name} does not look like a text file: byte 0x{data[e.start]:02X} "
                         f"at line {line} (offset {e.start}) is not UTF-8", line) from None


def load(path: str | os.PathLike) -> list[Grid]:
    """Every puzzle in a file (one or many, any supported format); ParseError naming the file otherwise."""
    name = repr(os.fspath(path)) if isinstance(path, (str, bytes, os.PathLike)) else repr(path)
    try:
        fspath = os.fspath(path)
        st = os.stat(fspath)
        if stat.S_ISDIR(st.st_mode):
            raise ParseError(f"{name} is a folder, not a puzzle file")
        if not stat.S_ISREG(st.st_mode):
            raise ParseError(f"{name} is not a regular file")
        if st.st_size > MAX_FILE_BYTES:
            raise ParseError(f"{name} is too large to open ({_size(st.st_size)}; the limit "
                             f"is {_size(MAX_FILE_BYTES)}); the command line streams big files")
        with open(fspath, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except ParseError:
        raise
    except FileNotFoundError:
        raise ParseError(f"there is no file {name}") from None
    except IsADirectoryError:
        raise ParseError(f"{name} is a folder, not a puzzle file") from None
    except PermissionError:
        raise ParseError(f"cannot read {name}: permission denied") from None
    except (OSError, ValueError, TypeError) as e:
        why = getattr(e, "strerror", None) or str(e) or e.__class__.__name__
        raise ParseError(f"cannot read {name}: {why}") from None
    except MemoryError:
        raise ParseError(f"{name} is too large to open") from None
    if len(data) > MAX_FILE_BYTES:
        raise ParseError(f"{name} is too large to open (over {_size(MAX_FILE_BYTES)})")
    if not data.strip():
        raise ParseError(f"{name} is empty")
    text = _decode(data, name)
    try:
        return _read_text(text)
    except ParseError as e:
        why = str(e)
        if why == "the text is empty":
            why = "it is empty"
        raise ParseError(f"{name}, {why}" if e.line else f"{name}: {why.replace('the text', 'the file')}",
                         e.line, e.column) from None
    except MemoryError:
        raise ParseError(f"{name} holds too many puzzles to open at once") from None


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):.0f} MB" if n >= 1024 * 1024 else f"{n} bytes"
