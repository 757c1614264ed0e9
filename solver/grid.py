"""Fixed Sudoku geometry and the immutable :class:`Grid`.

Vocabulary: one word per concept, in ``solver`` and ``app`` alike (names, comments, docs).

* **cell** -- one of the 81 squares.  Inside the engine a cell is an *index*
  ``i`` in ``0..80`` read row by row (``i = 9 * row + col``).  In every public
  result a cell is a ``(row, col)`` pair, both 0-based.  In every message shown
  to people a cell is 1-based and written ``r3c7`` together with plain words
  ("row 3, column 7").
* **digit** -- ``1..9``; ``0`` stands for a blank cell.
* **row**, **col**, **box** -- the three kinds of **unit**; each unit holds nine
  cells that must contain the digits 1..9 once each.  Boxes are numbered
  0..8 left to right, top to bottom (box ``3 * (row // 3) + col // 3``).
  ("House", the word of some other tools, is not used.)
* **peers** -- the 20 other cells that share a unit with a cell.
* **grid** -- the 81 digits of a position (:class:`Grid`); a grid does not know
  which of its digits are givens (:attr:`Grid.filled_count` counts them all).
* **given** -- a digit of the puzzle as printed (never "clue" in a name; the
  English text people read may say "clue", and ``suggested_clue`` stays the name of
  that field in the command line's JSON).  A puzzle is the grid of its givens;
  :data:`MIN_GIVENS` is the fewest a puzzle with one solution can have.
* **entry** -- a digit the person typed into a blank cell; the **solution digit**
  of a cell is the digit the puzzle's one solution puts there, and the app's
  *solver digits* are those filled in by Solve.
* **conflict** -- the same digit twice in one unit (:func:`conflicts`).
* **candidate** -- a digit a blank cell may still hold, as the engine computes
  it: 9-bit masks (bit ``d - 1`` set means digit ``d`` is possible); see
  ``candidates.py``.  A *pencil-mark grid* is a file format that writes
  candidates (``reading/marks.py``).
* **note** -- a digit the person pencilled into a cell (the app's Notes mode); notes
  are the person's, candidates the engine's.
* **mark** -- how a cell is drawn to show something (a conflict, a hint's pattern,
  a possible typo): ``app/window/looks.py`` names them; to **highlight** is what the
  app does when it marks every cell holding the focused digit.
* **step** -- one deduction of a technique; a **path** -- the steps to a solution.
* **fix** -- an edit of the givens that explains a typing slip (``typos/``).

Roads not taken: the grid is a flat tuple of 81 small ints rather than a dict
keyed by names like Norvig's ``'A1'``; it hashes, compares and slices cheaply,
and the (row, col) view is computed at the boundary.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Optional, Sequence

__all__ = [
    "Cell", "Unit", "Grid", "DIGITS", "CELLS", "ROWS", "COLS", "BOXES", "UNITS",
    "UNITS_OF", "PEERS", "PEER_SETS", "ROW_OF", "COL_OF", "BOX_OF", "index", "cell_of",
    "row_of", "col_of", "box_of", "cell_name", "cell_words", "cell_label",
    "conflicts", "first_conflict", "MIN_GIVENS",
]

Cell = tuple  # (row, col), 0-based; kept as a plain tuple so results stay plain data

MIN_GIVENS = 17  # no puzzle with 16 givens has one solution (McGuire et al., 2012)

DIGITS = tuple(range(1, 10))
CELLS = tuple(range(81))


def index(row: int, col: int) -> int:
    """The flat index 0..80 of cell (row, col)."""
    return 9 * row + col


def cell_of(i: int) -> tuple[int, int]:
    """The (row, col) pair of flat index ``i``."""
    return divmod(i, 9)


def row_of(i: int) -> int:
    return i // 9


def col_of(i: int) -> int:
    return i % 9


def box_of(i: int) -> int:
    return 3 * (i // 27) + (i % 9) // 3


def cell_name(cell: Sequence[int]) -> str:
    """``(2, 6)`` -> ``'r3c7'`` (1-based): the data notation of files, formats and state keys.

    People read cells in their language's notation (German Z3S7): see ``i18n.cell_text``
    and the ``{c:cell}`` field of messages."""
    r, c = cell
    return f"r{r + 1}c{c + 1}"


def cell_words(cell: Sequence[int]) -> str:
    """``(2, 6)`` -> ``'row 3, column 7'``, in the chosen language ('Zeile 3, Spalte 7')."""
    from .words.i18n import fill  # i18n words cells; it never imports grid at load
    return fill("{cell:cellwords}", cell=tuple(cell))


def cell_label(cell: Sequence[int]) -> str:
    """``(2, 6)`` -> ``'r3c7 (row 3, column 7)'``: the form used in sentences, in the chosen language."""
    from .words.i18n import describe, msg
    return describe(msg("cell_label", cell=tuple(cell)))


ROWS = tuple(tuple(range(9 * r, 9 * r + 9)) for r in range(9))
COLS = tuple(tuple(range(c, 81, 9)) for c in range(9))
BOXES = tuple(
    tuple(index(3 * (b // 3) + dr, 3 * (b % 3) + dc) for dr in range(3) for dc in range(3))
    for b in range(9)
)
UNITS = ROWS + COLS + BOXES  # unit number u: 0..8 rows, 9..17 cols, 18..26 boxes
UNITS_OF = tuple((row_of(i), 9 + col_of(i), 18 + box_of(i)) for i in CELLS)
PEERS = tuple(
    tuple(sorted(set(ROWS[row_of(i)] + COLS[col_of(i)] + BOXES[box_of(i)]) - {i}))
    for i in CELLS
)
PEER_SETS = tuple(frozenset(p) for p in PEERS)  # for "does j see i" tests
# Per flat index: its row, column and box (0..8), as tables for inner loops.
ROW_OF = tuple(row_of(i) for i in CELLS)
COL_OF = tuple(col_of(i) for i in CELLS)
BOX_OF = tuple(box_of(i) for i in CELLS)


def conflicts(cells: Sequence[int]) -> list[tuple[int, int, tuple[int, ...]]]:
    """Every digit held more than once by one unit: ``(unit number, digit, flat indices)``.

    Units in ``UNITS`` order (rows, columns, boxes), digits ascending within
    a unit, cells in the unit's order; ``[]`` when ``cells`` (81 digits, 0 for
    a blank) break no rule.  ``diagnose.validate`` words these for people.
    """
    out = []
    for u, unit in enumerate(UNITS):
        ds = [cells[i] for i in unit if cells[i]]
        if len(ds) == len(set(ds)):
            continue  # the usual case, checked cheaply
        where: dict[int, list[int]] = {}
        for i in unit:
            d = cells[i]
            if d:
                where.setdefault(d, []).append(i)
        for d in sorted(where):
            if len(where[d]) > 1:
                out.append((u, d, tuple(where[d])))
    return out


def first_conflict(cells: Sequence[int]) -> Optional[tuple[int, int, int, int]]:
    """The first repeat met reading unit by unit, cell by cell: ``(unit, digit, i, j)``, or None.

    ``i`` is the first cell of the unit holding ``digit``, ``j`` the cell
    where it comes again (the searches and techniques name this one conflict).
    """
    found = conflicts(cells)
    if not found:
        return None
    first_unit = found[0][0]
    pos = UNITS[first_unit].index
    u, d, idx = min((c for c in found if c[0] == first_unit), key=lambda c: pos(c[2][1]))
    return u, d, idx[0], idx[1]



@dataclass(frozen=True)
class Unit:
    """A row, column or box: ``kind`` is ``'row' | 'col' | 'box'``, ``index`` 0..8."""

    kind: str
    index: int

    @classmethod
    def from_number(cls, u: int) -> "Unit":
        """Unit number 0..26 (as in ``UNITS``) -> Unit."""
        return cls(("row", "col", "box")[u // 9], u % 9)

    @property
    def number(self) -> int:
        return ("row", "col", "box").index(self.kind) * 9 + self.index

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        return tuple(cell_of(i) for i in UNITS[self.number])

    @property
    def name(self) -> str:
        """'row 3', 'column 7', 'box 5' (1-based, in the chosen language: 'Zeile 3' ...)."""
        from .words.i18n import unit_text  # i18n words units; it never imports grid at load
        return unit_text(self)

    def __str__(self) -> str:
        return self.name


class Grid:
    """An immutable 9x9 grid of digits, 0 for a blank.

    ``str(grid)`` is the 81-character line with ``.`` for blanks.  Index with a
    ``(row, col)`` pair: ``grid[2, 6]``.
    """

    __slots__ = ("_cells", "_hash")

    def __init__(self, cells: Iterable[int]):
        t = tuple(int(d) for d in cells)
        if len(t) != 81:
            raise ValueError(f"a grid has 81 cells, got {len(t)}")
        for d in t:
            if not 0 <= d <= 9:
                raise ValueError(f"a cell holds 0..9, got {d}")
        self._cells = t
        self._hash = None

    # -- construction -------------------------------------------------
    @classmethod
    def empty(cls) -> "Grid":
        return cls((0,) * 81)

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]]) -> "Grid":
        """From 9 lists of 9 digits (the tutorials' ``board``)."""
        if len(rows) != 9 or any(len(r) != 9 for r in rows):
            raise ValueError("a board has 9 rows of 9 digits")
        return cls(d for r in rows for d in r)

    # -- reading ------------------------------------------------------
    @property
    def cells(self) -> tuple[int, ...]:
        """The 81 digits, row by row (0 = blank)."""
        return self._cells

    def __getitem__(self, cell: Sequence[int]) -> int:
        r, c = cell
        if not (0 <= r < 9 and 0 <= c < 9):
            raise IndexError(f"no cell {cell!r}")
        return self._cells[9 * r + c]

    def __iter__(self) -> Iterator[int]:
        return iter(self._cells)

    def __len__(self) -> int:
        return 81

    def rows(self) -> list[list[int]]:
        return [list(self._cells[9 * r:9 * r + 9]) for r in range(9)]

    def filled(self) -> list[tuple[int, int]]:
        """Cells that hold a digit, in reading order."""
        return [cell_of(i) for i, d in enumerate(self._cells) if d]

    def blanks(self) -> list[tuple[int, int]]:
        """Blank cells, in reading order."""
        return [cell_of(i) for i, d in enumerate(self._cells) if not d]

    @property
    def filled_count(self) -> int:
        """How many cells hold a digit."""
        return sum(1 for d in self._cells if d)

    def is_complete(self) -> bool:
        """True when no cell is blank (says nothing about the rules)."""
        return all(self._cells)

    def is_solution(self) -> bool:
        """True when every cell is filled and every unit holds 1..9 once."""
        full = set(DIGITS)
        return all(set(self._cells[i] for i in u) == full for u in UNITS)

    def agrees_with(self, other: "Grid") -> bool:
        """True when every filled cell of self holds the same digit in ``other``."""
        return all(not a or a == b for a, b in zip(self._cells, other._cells))

    # -- changing (returns a new grid) --------------------------------
    def with_digit(self, cell: Sequence[int], digit: int) -> "Grid":
        r, c = cell
        t = list(self._cells)
        t[9 * r + c] = digit
        return Grid(t)

    # -- export -------------------------------------------------------
    def to_line(self, blank: str = ".") -> str:
        """The 81-character line, row by row, ``blank`` for blanks."""
        return "".join(str(d) if d else blank for d in self._cells)

    def pretty(self) -> str:
        """The tutorials' ``print_board`` look: spaces, ``|`` and ``- - -`` band rules."""
        out = []
        for r in range(9):
            if r and r % 3 == 0:
                out.append("- - - - - - - - - - - -")
            parts = []
            for c in range(9):
                if c and c % 3 == 0:
                    parts.append("|")
                d = self._cells[9 * r + c]
                parts.append(str(d) if d else ".")
            out.append(" ".join(parts))
        return "\n".join(out)

    def to_ss(self) -> str:
        """The framed Simple Sudoku (``.ss``) block, as it copies to the clipboard."""
        rule = "*-----------*"
        sep = "|---+---+---|"
        lines = [rule]
        for r in range(9):
            if r and r % 3 == 0:
                lines.append(sep)
            row = "".join(str(d) if d else "." for d in self._cells[9 * r:9 * r + 9])
            lines.append(f"|{row[0:3]}|{row[3:6]}|{row[6:9]}|")
        lines.append(rule)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_line()

    def __repr__(self) -> str:
        return f"Grid({self.to_line()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and self._cells == other._cells

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._cells)
        return self._hash
