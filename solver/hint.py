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
    * ``"bad_candidates"`` -- the candidate state removed a digit of the
      solution (``cells``); recompute the candidates.

    ``message`` is one sentence for people; ``cells`` are cells to mark.
    """

    status: str
    message: str
    step: Optional[Step] = None
    diagnosis: object = None
    cells: tuple[tuple[int, int], ...] = ()

    @property
    def ok(self) -> bool:
        return self.status == "step"


def hint(g: Grid, candidates: Optional[Mapping] = None, *, givens: Optional[Grid] = None,
         cancel=None) -> Hint:
    """Checked advice (a :class:`Hint`): the diagnosis first, then the simplest step.

    ``g`` is the current grid (givens plus the student's digits, or the
    student's digits alone: the givens are laid over it); pass the puzzle as
    ``givens`` when you have it so wrong entries are caught (without it ``g``
    itself is treated as the puzzle).  Never returns a step that
    contradicts the unique solution.  Bounded by ``diagnose`` (< 1 s).
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
    masks = effective_masks(cur, candidates)
    lost = tuple(cell_of(i) for i in range(81)
                 if not cur.cells[i] and not masks[i] & BIT[sol.cells[i]])
    if lost:
        return Hint("bad_candidates",
                    "The pencil marks rule out the right digit in "
                    f"{join([cell_name(c) for c in lost])}; recompute the candidates.",
                    None, dg, lost)
    step = find_first(list(cur.cells), masks)
    if step is None or not _agrees(step, sol):
        return Hint("stuck", "No technique this app teaches applies here: the puzzle needs "
                             "guessing (trial and error) from this position.", None, dg)
    return Hint("step", step.message, step, dg, step.highlight)


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
