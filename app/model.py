"""The form's model: what is in the 81 cells, and the undo history (no Tk, no solving).

A :class:`Board` is an immutable snapshot of three layers of digits plus the mode:

* ``givens`` -- the puzzle as printed (typed in "enter givens" mode, pasted or opened);
* ``entries`` -- the digits the person typed while solving (0 elsewhere);
* ``solved`` -- digits filled in by the solver (0 elsewhere).

At most one layer holds a digit in any cell.  ``mode`` is ``"givens"`` (typing sets
givens) or ``"solving"`` (givens are locked; typing sets entries).

``notes`` are the person's pencil marks: per cell a 9-bit mask (bit ``d - 1`` set: digit
``d`` noted, as in ``solver.candidates``), only ever on a blank cell.  They are part of the
Board, so undo/redo cover them and the state file keeps them (``"pencil": {"r1c2": "37"}``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from solver import PEERS, Grid, cell_of, index

from .wording import _, say

__all__ = ["Cell", "Board", "History", "GIVENS", "SOLVING", "STYLE_GIVEN", "STYLE_ENTRY", "STYLE_SOLVER",
           "note_digits", "note_mask", "cell_key", "cell_from_key"]

Cell = tuple[int, int]  # (row, col), 0-based, as in solver; solver.index / solver.cell_of convert

GIVENS = "givens"
SOLVING = "solving"

STYLE_GIVEN = "given"
STYLE_ENTRY = "entry"
STYLE_SOLVER = "solver"

_EMPTY = Grid.empty()
NO_NOTES = (0,) * 81
_CELL_KEY = re.compile(r"r([1-9])c([1-9])\Z")


def note_mask(digits) -> int:
    """The mask of some digits (bit ``d - 1`` for digit ``d``)."""
    m = 0
    for d in digits:
        m |= 1 << (d - 1)
    return m


def note_digits(mask: int) -> tuple[int, ...]:
    """The digits of a note mask, ascending."""
    return tuple(d for d in range(1, 10) if mask >> (d - 1) & 1)


def cell_key(cell: Cell) -> str:
    """``(0, 1)`` -> ``"r1c2"`` (the state file's name for a cell)."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def cell_from_key(key: str) -> Cell:
    """``"r1c2"`` -> ``(0, 1)``; ValueError for anything else."""
    m = _CELL_KEY.match(key) if isinstance(key, str) else None
    if not m:
        raise ValueError(say("{key} is not a cell name like r1c2", key=repr(key)))
    return int(m.group(1)) - 1, int(m.group(2)) - 1


@dataclass(frozen=True)
class Board:
    """One snapshot of the form's cells (immutable; every change makes a new Board)."""

    givens: Grid = _EMPTY
    entries: Grid = _EMPTY
    solved: Grid = _EMPTY
    mode: str = GIVENS
    notes: tuple[int, ...] = NO_NOTES

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

    def with_digit(self, cell: Cell, digit: int, tidy_notes: bool = False) -> "Board":
        """Type ``digit`` (0 clears) into ``cell``: a given in givens mode, else an entry.

        A digit replaces the cell's notes; with ``tidy_notes`` it also leaves its peers' notes.
        """
        givens = self.givens.with_digit(cell, 0)
        entries = self.entries.with_digit(cell, 0)
        solved = self.solved.with_digit(cell, 0)
        if self.mode == GIVENS:
            givens = givens.with_digit(cell, digit)
        else:
            entries = entries.with_digit(cell, digit)
        return replace(self, givens=givens, entries=entries, solved=solved,
                       notes=self._notes_after(cell, digit, tidy_notes))

    def with_given(self, cell: Cell, digit: int) -> "Board":
        """Add a given (e.g. the suggested clue), whatever the mode."""
        return replace(
            self,
            givens=self.givens.with_digit(cell, digit),
            entries=self.entries.with_digit(cell, 0),
            solved=self.solved.with_digit(cell, 0),
            notes=self._notes_after(cell, digit, False),
        )

    def with_solution(self, solution: Grid) -> "Board":
        """Fill every blank cell from ``solution`` in the solver layer (entries stay; filled cells lose their notes)."""
        solved = Grid(
            0 if (g or e) else s
            for g, e, s in zip(self.givens.cells, self.entries.cells, solution.cells)
        )
        notes = tuple(0 if s else n for s, n in zip(solved.cells, self.notes))
        return replace(self, solved=solved, notes=notes if any(notes) else NO_NOTES)

    def cleared_entries(self) -> "Board":
        """Entries, solver digits and notes removed; givens kept."""
        return replace(self, entries=_EMPTY, solved=_EMPTY, notes=NO_NOTES)

    # -- notes (pencil marks) -----------------------------------------------------
    @property
    def has_notes(self) -> bool:
        return any(self.notes)

    def notes_of(self, cell: Cell) -> tuple[int, ...]:
        """The digits noted in ``cell``, ascending."""
        return note_digits(self.notes[index(*cell)])

    def can_note(self, cell: Cell) -> bool:
        """Notes go only into a cell that shows no digit."""
        i = index(*cell)
        return not (self.givens.cells[i] or self.entries.cells[i] or self.solved.cells[i])

    def with_note_toggled(self, cell: Cell, digit: int) -> "Board":
        """``digit`` noted in ``cell`` when it was not, removed when it was (unchanged on a filled cell)."""
        if not self.can_note(cell):
            return self
        return self.with_notes(cell, note_digits(self.notes[index(*cell)] ^ (1 << (digit - 1))))

    def with_notes(self, cell: Cell, digits) -> "Board":
        """The notes of ``cell`` set to ``digits`` (unchanged on a filled cell)."""
        if not self.can_note(cell):
            return self
        notes = list(self.notes)
        notes[index(*cell)] = note_mask(digits)
        return replace(self, notes=tuple(notes))

    def with_all_notes(self, masks) -> "Board":
        """Every blank cell's notes set from 81 masks (filled cells keep none)."""
        notes = tuple(int(m) & 0x1FF if self.can_note(cell_of(i)) else 0 for i, m in enumerate(masks))
        return replace(self, notes=notes)

    def without_notes(self, eliminations) -> "Board":
        """Each ``(cell, digit)`` of ``eliminations`` removed from the notes."""
        notes = list(self.notes)
        for cell, d in eliminations:
            notes[index(*cell)] &= ~(1 << (d - 1))
        return replace(self, notes=tuple(notes))

    def cleared_notes(self) -> "Board":
        return replace(self, notes=NO_NOTES)

    def _notes_after(self, cell: Cell, digit: int, tidy: bool) -> tuple[int, ...]:
        i = index(*cell)
        if not digit or not (self.notes[i] or tidy):
            return self.notes
        notes = list(self.notes)
        notes[i] = 0
        if tidy:
            bit = ~(1 << (digit - 1))
            for p in PEERS[i]:
                notes[p] &= bit
        return tuple(notes)

    def same_grid(self, other: "Board") -> bool:
        """True when ``other`` differs from this Board in its mode at most (Lock givens, Ctrl+G): the same
        digits in the same layers and the same notes, so whatever was found about the one holds for the other."""
        return replace(other, mode=self.mode) == self

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
            "pencil": {cell_key(cell_of(i)): "".join(map(str, note_digits(m)))
                       for i, m in enumerate(self.notes) if m},
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Board":
        """Rebuild a Board saved by :meth:`to_dict` (ValueError/KeyError/TypeError when malformed)."""

        def grid(key: str) -> Grid:
            line = data.get(key, "." * 81)
            if not isinstance(line, str) or len(line) != 81:
                raise ValueError(say("{key}: expected an 81-character line", key=key))
            return Grid(0 if ch == "." else int(ch) for ch in line)

        mode = data.get("mode", GIVENS)
        if mode not in (GIVENS, SOLVING):
            raise ValueError(say("unknown mode {mode}", mode=repr(mode)))
        board = cls(grid("givens"), grid("entries"), grid("solved"), mode)
        for a, b, c in zip(board.givens.cells, board.entries.cells, board.solved.cells):
            if (a > 0) + (b > 0) + (c > 0) > 1:
                raise ValueError(_("two layers fill the same cell"))
        pencil = data.get("pencil") or {}
        if not isinstance(pencil, dict):
            raise ValueError(say("pencil: expected cell names with their digits, like {{\"r1c2\": \"37\"}}"))
        notes = [0] * 81
        for key, digits in pencil.items():
            cell = cell_from_key(key)
            if not isinstance(digits, str) or not digits or not set(digits) <= set("123456789"):
                raise ValueError(say("pencil {key}: {digits} is not a string of digits 1-9", key=key, digits=repr(digits)))
            notes[index(*cell)] = note_mask(int(ch) for ch in digits)
        return board.with_all_notes(notes) if any(notes) else board


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
