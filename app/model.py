"""The form's model: what is in the 81 cells, and the undo history (no Tk, no solving).

A :class:`Board` is an immutable snapshot of three layers of digits plus the mode:

* ``givens`` -- the puzzle as printed (typed in "enter givens" mode, pasted or opened);
* ``entries`` -- the digits the person typed while solving (0 elsewhere);
* ``solved`` -- digits filled in by the solver (0 elsewhere).

At most one layer holds a digit in any cell.  ``mode`` is ``"givens"`` (typing sets
givens) or ``"solving"`` (givens are locked; typing sets entries).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from solver import Grid

__all__ = ["Cell", "Board", "History", "GIVENS", "SOLVING", "STYLE_GIVEN", "STYLE_ENTRY", "STYLE_SOLVER"]

Cell = tuple[int, int]  # (row, col), 0-based, as in solver; solver.index / solver.cell_of convert

GIVENS = "givens"
SOLVING = "solving"

STYLE_GIVEN = "given"
STYLE_ENTRY = "entry"
STYLE_SOLVER = "solver"

_EMPTY = Grid.empty()


@dataclass(frozen=True)
class Board:
    """One snapshot of the form's cells (immutable; every change makes a new Board)."""

    givens: Grid = _EMPTY
    entries: Grid = _EMPTY
    solved: Grid = _EMPTY
    mode: str = GIVENS

    @classmethod
    def from_puzzle(cls, puzzle: Grid) -> "Board":
        """A freshly loaded puzzle: its digits become locked givens."""
        return cls(givens=puzzle, mode=SOLVING)

    def grid(self) -> Grid:
        """All three layers as one grid (what the person sees)."""
        return Grid(g or e or s for g, e, s in zip(self.givens.cells, self.entries.cells, self.solved.cells))

    def style_of(self, cell: Cell) -> str | None:
        """The layer that holds the digit of ``cell`` (``STYLE_*``), or None for a blank."""
        if self.givens[cell]:
            return STYLE_GIVEN
        if self.entries[cell]:
            return STYLE_ENTRY
        if self.solved[cell]:
            return STYLE_SOLVER
        return None

    def is_locked(self, cell: Cell) -> bool:
        """True when ``cell`` is a given and the givens are locked (typing there is refused)."""
        return self.mode == SOLVING and bool(self.givens[cell])

    def with_digit(self, cell: Cell, digit: int) -> "Board":
        """Type ``digit`` (0 clears) into ``cell``: a given in givens mode, else an entry."""
        givens = self.givens.with_digit(cell, 0)
        entries = self.entries.with_digit(cell, 0)
        solved = self.solved.with_digit(cell, 0)
        if self.mode == GIVENS:
            givens = givens.with_digit(cell, digit)
        else:
            entries = entries.with_digit(cell, digit)
        return replace(self, givens=givens, entries=entries, solved=solved)

    def with_given(self, cell: Cell, digit: int) -> "Board":
        """Add a given (e.g. the suggested clue), whatever the mode."""
        return replace(
            self,
            givens=self.givens.with_digit(cell, digit),
            entries=self.entries.with_digit(cell, 0),
            solved=self.solved.with_digit(cell, 0),
        )

    def with_solution(self, solution: Grid) -> "Board":
        """Fill every blank cell from ``solution`` in the solver layer (entries stay)."""
        solved = Grid(
            0 if (g or e) else s
            for g, e, s in zip(self.givens.cells, self.entries.cells, solution.cells)
        )
        return replace(self, solved=solved)

    def cleared_entries(self) -> "Board":
        """Entries and solver digits removed; givens kept."""
        return replace(self, entries=_EMPTY, solved=_EMPTY)

    def locked(self) -> "Board":
        """Givens locked: from now on typing sets entries."""
        return replace(self, mode=SOLVING)

    def unlocked(self) -> "Board":
        """Back to givens mode: typing sets givens."""
        return replace(self, mode=GIVENS)

    # -- persistence (plain data) -------------------------------------------
    def to_dict(self) -> dict:
        return {
            "givens": self.givens.to_line("."),
            "entries": self.entries.to_line("."),
            "solved": self.solved.to_line("."),
            "mode": self.mode,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Board":
        """Rebuild a Board saved by :meth:`to_dict` (ValueError/KeyError/TypeError when malformed)."""

        def grid(key: str) -> Grid:
            line = data.get(key, "." * 81)
            if not isinstance(line, str) or len(line) != 81:
                raise ValueError(f"{key}: expected an 81-character line")
            return Grid(0 if ch == "." else int(ch) for ch in line)

        mode = data.get("mode", GIVENS)
        if mode not in (GIVENS, SOLVING):
            raise ValueError(f"unknown mode {mode!r}")
        board = cls(grid("givens"), grid("entries"), grid("solved"), mode)
        for a, b, c in zip(board.givens.cells, board.entries.cells, board.solved.cells):
            if (a > 0) + (b > 0) + (c > 0) > 1:
                raise ValueError("two layers fill the same cell")
        return board


class History:
    """Undo/redo stacks of Boards (bounded)."""

    def __init__(self, limit: int = 500):
        self.limit = limit
        self._undo: list[Board] = []
        self._redo: list[Board] = []

    def record(self, before: Board) -> None:
        """Remember ``before`` as the state to return to; forgets the redo stack."""
        self._undo.append(before)
        if len(self._undo) > self.limit:
            del self._undo[0]
        self._redo.clear()

    def undo(self, current: Board) -> Board | None:
        """The previous Board (``current`` goes onto the redo stack), or None when there is none."""
        if not self._undo:
            return None
        self._redo.append(current)
        return self._undo.pop()

    def redo(self, current: Board) -> Board | None:
        """The Board undone last, or None when there is none."""
        if not self._redo:
            return None
        self._undo.append(current)
        return self._redo.pop()

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)
