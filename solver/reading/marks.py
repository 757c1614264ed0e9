"""Formats that carry pencil marks (candidates) as well as digits: read and write.

Two formats, as other programs copy them:

* the **pencil-mark grid** (HoDoKu's "PM grid", Sudoku Explainer's candidate grid):
  9 rows of 9 cells framed by ``.---.``, ``:---+---:`` and ``'---'`` lines and ``|``;
  a cell is its digit or its candidates written together (``2368``); ``.`` or ``0`` is a
  blank without candidates::

      .------------------.------------------.------------------.
      | 4     1679  12679| 139   2369  269  | 8     1239  5    |
      ...
      :------------------+------------------+------------------:

  The format cannot tell a given from a digit placed later, nor one candidate from a
  digit: a single digit is read as a digit (a given).  Without that frame, rows of 9 cells
  could also be a drawn grid with a slip in it: a cell of several digits among blank cells
  (``. . 25``) is refused, not read as candidates (that would drop the given), and so is a
  table of numbers with no single digit.
* the **SudokuWiki link** that carries candidates, ``sudoku.htm?bd=S9B`` + 162 characters:
  two base-36 characters per cell, row by row: ``1``-``9`` a given, ``10``-``18`` a placed
  digit (digit + 9), ``18 + mask`` a blank cell with the candidates of ``mask`` (bit
  ``d - 1`` for digit ``d``).  It keeps givens, placed digits and single candidates apart.

Writing needs candidates in every blank cell (that is what the readers expect): a blank
cell without pencil marks is written with its basic candidates (the digits no peer holds).

:func:`read_marks` reads either (``ParseError`` with the place for anything else);
:func:`pencil_grid` and :func:`wiki_link` write them.  Pure: plain data in and out.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Optional

from ..candidates import DIGITS_IN, Candidates, basic_masks, mask
from .formats import S9B as _S9B, ParseError, parse_error, read_s9b
from ..grid import Grid
from ..words.i18n import msg

__all__ = ["Marked", "read_marks", "is_marked", "pencil_grid", "wiki_link", "WIKI_URL"]

WIKI_URL = "https://www.sudokuwiki.org/sudoku.htm?bd="
_FRAME_LINE = frozenset(".-:'+*=|~ \t" "─━│┃┼╋┌┐└┘├┤┬┴═║╬╔╗╚╝╠╣╦╩")
_BARS = str.maketrans({ch: " " for ch in "|!│┃║"})
_RULE = frozenset("-=─━═")
_TOKEN = re.compile(r"\S+")


def _is_frame(line: str) -> bool:
    """A frame line: .---.---. :---+---: '---'---' (a row of blanks '. . .' is not one)."""
    return set(line) <= _FRAME_LINE and not _RULE.isdisjoint(line)


@dataclass(frozen=True)
class Marked:
    """A position with pencil marks.

    ``givens`` the puzzle's digits; ``placed`` the digits placed since (0 elsewhere; a
    pencil-mark grid cannot tell them apart, so there they are all givens);
    ``candidates`` the marks of each blank cell (a filled cell, or a blank one without
    marks, has none).
    """

    givens: Grid
    placed: Grid
    candidates: Candidates

    def grid(self) -> Grid:
        """Givens and placed digits together."""
        return Grid(g or p for g, p in zip(self.givens.cells, self.placed.cells))


def is_marked(text: str) -> bool:
    """True when ``text`` looks like one of these formats (an S9B link, or 9 rows with a cell of 2+ digits)."""
    if not isinstance(text, str) or len(text) > 20_000:
        return False
    text = text.lstrip("\ufeff")
    lines = [ln for ln in text.splitlines() if ln.strip()]
    links = _S9B.findall(text)
    if links:
        # one link, alone or under the pencil-mark grid it came with (the app's Copy puts
        # both); several links, or a link among other lines, are a collection: line by line
        return len(links) == 1 and all(_S9B.search(ln) or _is_frame(ln) or len(ln.translate(_BARS).split()) == 9
                                       for ln in lines)
    rows = [ln.translate(_BARS).split() for ln in lines if not _is_frame(ln)]
    if not 1 <= len(rows) <= 12 or not all(len(r) == 9 for r in rows):
        return False
    # rows of 9 cells, one of them more than one character long (a typo in one gets a precise
    # message), or the frame HoDoKu and Sudoku Explainer draw: .---.  :---+---:  '---'
    return any(len(tok) > 1 and any(ch.isdigit() for ch in tok) for r in rows for tok in r) or any(
        _is_frame(ln) and ln.lstrip()[:1] in (".", ":", "'") for ln in lines)


def read_marks(text: str) -> Marked:
    """A pencil-mark grid or an S9B link -> :class:`Marked`; ParseError saying what and where otherwise."""
    if not isinstance(text, str):
        raise ParseError(msg("parse_not_text", type=type(text).__name__))
    text = text.lstrip("\ufeff")
    m = _S9B.search(text)
    if m:
        return _read_link(m.group(1))
    return _read_grid(text)


def _read_link(value: str) -> Marked:
    givens, placed, masks = read_s9b(value)
    return Marked(givens, placed, Candidates(masks))


def _read_grid(text: str) -> Marked:
    rows: list[tuple[int, list[str]]] = []
    framed = False  # drawn in the frame HoDoKu and Sudoku Explainer draw: .---.  :---+---:  '---'
    blank = several = None  # the first blank cell, the first cell of several digits: (line, column, token)
    single = False
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if _is_frame(line):  # .---.---. :---+---: '---'---'
            framed = framed or line.lstrip()[:1] in (".", ":", "'")
            continue
        tokens = []
        for m in _TOKEN.finditer(line.translate(_BARS)):
            tok, col = m.group(), m.start() + 1
            tokens.append(tok)
            bad = next((ch for ch in tok if ch not in "123456789"), None)
            if bad is not None and tok not in (".", "0"):
                raise parse_error(msg("marks_bad_token", tok=repr(tok)), n, col)
            if len(set(tok)) != len(tok):
                raise parse_error(msg("marks_twice", tok=repr(tok)), n, col)
            if tok in (".", "0"):
                blank = blank or (n, col, tok)
            elif len(tok) > 1:
                several = several or (n, col, tok)
            else:
                single = True
        if len(tokens) != 9:
            raise parse_error(msg("marks_row_cells", n=len(tokens)), n)
        rows.append((n, tokens))
    if len(rows) != 9:
        raise ParseError(msg("marks_rows", n=len(rows)))
    if not framed and several is not None:
        # Without the pencil-mark frame the rows may be a drawn grid with a slip in it: a
        # cell of two digits among blank cells is that slip (a pencil-mark grid has
        # candidates in every blank cell), and a table of numbers with no single digit is
        # no puzzle at all.  Reading either as candidates would drop a given unsaid.
        if blank is not None:
            n, col, tok = several
            raise parse_error(msg("marks_mixed", tok=repr(tok)), n, col)
        if not single:
            raise ParseError(msg("marks_no_digit"))
    givens, masks = [0] * 81, [0] * 81
    for r, (_, tokens) in enumerate(rows):
        for c, tok in enumerate(tokens):
            i = 9 * r + c
            if tok in (".", "0"):
                continue
            if len(tok) == 1:
                givens[i] = int(tok)
            else:
                masks[i] = mask(int(ch) for ch in tok)
    return Marked(Grid(givens), Grid.empty(), Candidates(masks))


def _masks_to_write(grid: Grid, candidates: Optional[Mapping]) -> list[int]:
    """Per cell the candidates to write: the marks given, else the basic candidates (0 for a filled cell)."""
    basic = basic_masks(grid.cells)
    if candidates is None:
        return basic
    given = candidates.masks if isinstance(candidates, Candidates) else Candidates.from_dict(candidates).masks
    return [0 if grid.cells[i] else (given[i] or basic[i]) for i in range(81)]


def pencil_grid(grid: Grid, candidates: Optional[Mapping] = None) -> str:
    """The framed pencil-mark grid of ``grid`` (digits) with ``candidates`` in its blank cells."""
    masks = _masks_to_write(grid, candidates)
    tokens = [str(d) if d else ("".join(map(str, DIGITS_IN[masks[i]])) or ".") for i, d in enumerate(grid.cells)]
    return framed(tokens, [max(len(tokens[9 * r + c]) for r in range(9)) for c in range(9)])


def framed(tokens: list[str], widths: list[int]) -> str:
    """81 cell texts drawn in HoDoKu's frame, column ``c`` ``widths[c]`` characters wide."""
    stacks = [sum(widths[3 * s:3 * s + 3]) + 2 * 2 + 2 for s in range(3)]  # 2 spaces between, 1 at each side

    def rule(left: str, mid: str, right: str) -> str:
        return left + mid.join("-" * w for w in stacks) + right

    out = [rule(".", ".", ".")]
    for r in range(9):
        if r in (3, 6):
            out.append(rule(":", "+", ":"))
        parts = []
        for s in range(3):
            cells = [tokens[9 * r + c].ljust(widths[c]) for c in range(3 * s, 3 * s + 3)]
            parts.append(" " + "  ".join(cells) + " ")
        out.append("|" + "|".join(parts) + "|")
    out.append(rule("'", "'", "'"))
    return "\n".join(out)


def wiki_link(givens: Grid, placed: Optional[Grid] = None, candidates: Optional[Mapping] = None) -> str:
    """The SudokuWiki link (``bd=S9B…``) of a position: givens, placed digits, candidates of blank cells."""
    placed = placed or Grid.empty()
    grid = Grid(g or p for g, p in zip(givens.cells, placed.cells))
    masks = _masks_to_write(grid, candidates)
    out = []
    for i in range(81):
        g, p = givens.cells[i], placed.cells[i]
        v = g if g else (p + 9 if p else 18 + masks[i])
        out.append(_base36(v))
    return WIKI_URL + "S9B" + "".join(out)


def _base36(v: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return digits[v // 36] + digits[v % 36]
