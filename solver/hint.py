"""Checked advice for the GUI's hint button: the diagnosis first, then the simplest step.

A hint is never wrong: the puzzle is diagnosed (unique solution?), the
student's digits and pencil marks are compared with that solution, and only
then is the next step looked for (and checked against the solution too).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional

from .candidates import BIT, effective_masks
from .diagnose import diagnose
from .grid import Grid, cell_name, cell_of
from .techniques.registry import find_first
from .techniques.step import Step
from .words import join

__all__ = ["Hint", "hint"]


@dataclass(frozen=True)
class Hint:
    """Checked advice for a position.

    ``status`` is one of:

    * ``"step"`` -- ``step`` is the simplest Step (verified against the solution);
    * ``"stuck"`` -- no technique applies: the puzzle needs guessing from here
      (offer the search demo);
    * ``"solved"`` -- the grid is already full and correct;
    * ``"invalid"``, ``"no_solution"``, ``"multiple"`` -- the puzzle itself is
      broken; ``diagnosis`` says why (its ``summary`` is in ``message``);
    * ``"wrong"`` -- some entries differ from the unique solution (``cells``);
    * ``"wrong_notes"`` -- the student's own notes left out the digit of the
      solution (``cells``; ``lost`` holds each ``(cell, digit)``): "Your notes
      removed 4 from r3c5, but 4 goes there.";
    * ``"bad_candidates"`` -- the candidate state removed a digit of the
      solution (``cells``); recompute the candidates.

    ``message`` is one sentence for people; ``cells`` are cells to mark.
    """

    status: str
    message: str
    step: Optional[Step] = None
    diagnosis: object = None
    cells: tuple[tuple[int, int], ...] = ()
    lost: tuple[tuple[tuple[int, int], int], ...] = ()

    @property
    def ok(self) -> bool:
        return self.status == "step"


def hint(g: Grid, candidates: Optional[Mapping] = None, *, givens: Optional[Grid] = None,
         notes: Optional[Mapping] = None, cancel=None) -> Hint:
    """Checked advice (a :class:`Hint`): the diagnosis first, then the simplest step.

    ``g`` is the current grid (givens plus the student's digits, or the
    student's digits alone: the givens are laid over it); pass the puzzle as
    ``givens`` when you have it so wrong entries are caught (without it ``g``
    itself is treated as the puzzle).  Never returns a step that
    contradicts the unique solution.  Bounded by ``diagnose`` (< 1 s).
    ``notes`` are the student's own pencil marks, ``{(r, c): digits}`` for the
    cells they wrote in: they are checked against the solution (``"wrong_notes"``)
    before any technique, and the step is looked for from them.
    """
    cur = _overlay(givens, g) if givens is not None else g
    dg = diagnose(givens if givens is not None else g, cancel=cancel)
    if dg.status != "unique":
        return Hint(dg.status, dg.summary, None, dg, tuple(_diag_cells(dg)))
    sol = dg.solution
    wrong = tuple(cell_of(i) for i in range(81) if cur.cells[i] and cur.cells[i] != sol.cells[i])
    if wrong:
        n = len(wrong)
        return Hint("wrong", f"{n} digit{'s' if n != 1 else ''} differ{'s' if n == 1 else ''} "
                             f"from the solution: {join([cell_name(c) for c in wrong])}.",
                    None, dg, wrong)
    if cur.is_complete():
        return Hint("solved", "The grid is complete and correct.", None, dg)
    noted = _note_masks(notes, cur)
    lost = tuple((cell_of(i), sol.cells[i]) for i in range(81) if noted[i] and not noted[i] & BIT[sol.cells[i]])
    if lost:
        digits = {d for _, d in lost}
        removed = join([f"{d} from {cell_name(c)}" for c, d in lost])
        goes = f"{lost[0][1]} goes there" if len(lost) == 1 else (
            f"{lost[0][1]} goes there in each" if len(digits) == 1 else "those digits go there")
        return Hint("wrong_notes", f"Your notes removed {removed}, but {goes}.", None, dg,
                    tuple(c for c, _ in lost), lost)
    masks = [m & n if n else m for m, n in zip(effective_masks(cur, candidates), noted)]
    lost = tuple(cell_of(i) for i in range(81)
                 if not cur.cells[i] and not masks[i] & BIT[sol.cells[i]])
    if lost:
        return Hint("bad_candidates",
                    "The pencil marks rule out the right digit in "
                    f"{join([cell_name(c) for c in lost])}; recompute the candidates.",
                    None, dg, lost)
    puzzle = givens if givens is not None else g
    step = find_first(list(cur.cells), masks, memo={"givens": tuple(puzzle.cells)})
    if step is None or not _agrees(step, sol):
        return Hint("stuck", "No technique this app teaches applies here: the puzzle needs "
                             "guessing (trial and error) from this position.", None, dg)
    return Hint("step", step.message, step, dg, step.highlight)


def _note_masks(notes: Optional[Mapping], cur: Grid) -> list[int]:
    """Per cell the mask of the student's notes; 0 for a cell without notes or with a digit."""
    out = [0] * 81
    for (r, c), digits in (notes or {}).items():
        i = 9 * r + c
        if not cur.cells[i]:
            for d in digits:
                out[i] |= BIT[d]
    return out


def _agrees(step: Step, sol: Grid) -> bool:
    return (all(sol[c] == d for c, d in step.placements)
            and all(sol[c] != d for c, d in step.eliminations))


def _overlay(givens: Grid, entries: Grid) -> Grid:
    return Grid(gv or e for gv, e in zip(givens.cells, entries.cells))


def _diag_cells(dg) -> list:
    out = []
    for f in getattr(dg, "findings", ()):
        for c in getattr(f, "cells", ()):
            if c not in out:
                out.append(tuple(c))
    return out
