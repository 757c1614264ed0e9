"""The logical path: the simplest technique each time, until the grid is solved or logic is stuck.

:func:`logical_path` records every step with the position before it (for
the GUI's step list and the rating card); :func:`run_path` is the same loop
on plain lists without records, for the rater and the generator.
"""
from __future__ import annotations

from typing import Mapping, Optional, Sequence

from .cancel import check
from .candidates import Candidates, basic_masks, candidates, effective_masks
from .grid import Grid
from .techniques.registry import FINDERS, TECHNIQUES, check_grid, find_first
from .techniques.step import Step, apply_in_place

__all__ = ["LogicalPath", "logical_path", "run_path", "solve_logically"]

MAX_STEPS = 2000  # far above any real path (about 81 placements plus eliminations)


class LogicalPath(list):
    """The logical solution path: a list of :class:`Step`, plus how it ended.

    ``solved`` is True when the steps fill the grid; otherwise the puzzle
    needs guessing from ``final_grid`` / ``final_candidates`` (``stuck`` is
    True).  ``grid_at(k)`` and ``candidates_at(k)`` give the position *before*
    step ``k`` (``k == len(path)`` gives the final position).
    """

    def __init__(self, start: Grid, steps=(), positions=(), final=None):
        super().__init__(steps)
        self.start = start
        self._positions = list(positions)  # (cells tuple, masks tuple) before each step
        self.final_grid: Grid = final[0] if final else start
        self.final_candidates: Candidates = final[1] if final else candidates(start)

    @property
    def solved(self) -> bool:
        return self.final_grid.is_complete()

    @property
    def stuck(self) -> bool:
        """True when logic ran out before the grid was full: guessing is needed from here."""
        return not self.solved

    @property
    def cells_left(self) -> int:
        """How many cells are still blank at the end of the path."""
        return 81 - self.final_grid.filled_count

    def grid_at(self, k: int) -> Grid:
        """The grid before step ``k`` (0-based); ``k == len(self)`` gives the final grid."""
        if k == len(self):
            return self.final_grid
        return Grid(self._positions[k][0])

    def candidates_at(self, k: int) -> Candidates:
        """The candidates before step ``k``; ``k == len(self)`` gives the final ones."""
        if k == len(self):
            return self.final_candidates
        return Candidates(self._positions[k][1])

    def counts(self) -> dict[str, int]:
        """How many times each technique was used, in technique order."""
        return technique_counts(self)


def technique_counts(steps) -> dict[str, int]:
    """How many times each technique is used in ``steps``, in technique order."""
    out: dict[str, int] = {}
    for t in TECHNIQUES:
        n = sum(1 for s in steps if s.technique == t.name)
        if n:
            out[t.name] = n
    return out




def run_path(cells: list[int], masks: list[int], finders=FINDERS, cancel=None,
             record: bool = True, max_steps: int = MAX_STEPS):
    """Apply steps until none applies; returns (steps, positions). Mutates ``cells`` and ``masks``.

    ``positions`` holds ``(cells tuple, masks tuple)`` before each step when
    ``record`` (else it stays empty); ``cancel`` raises ``solver.Cancelled``.
    """
    steps: list[Step] = []
    positions = []
    # what the long searches learn along this path (each position follows the last); the
    # digits at the start count as givens (Avoidable Rectangle uses only cells solved since)
    memo: dict = {"givens": tuple(cells)}
    while len(steps) < max_steps:
        check(cancel)
        if all(cells):
            break
        step = find_first(cells, masks, finders, cancel, memo)
        if step is None:
            break
        if record:
            positions.append((tuple(cells), tuple(masks)))
        steps.append(step)
        apply_in_place(step, cells, masks)
    return steps, positions


def logical_path(g: Grid, candidates: Optional[Mapping] = None, *, cancel=None,
                 finders=None) -> LogicalPath:
    """The simplest step each time until solved or stuck, as a :class:`LogicalPath`.

    ValueError when ``g`` breaks the rules; ``cancel`` (``.is_set()``) raises
    ``solver.Cancelled``.  Assumes a puzzle with one solution (see :func:`hint`).  ``finders``
    sets the order (the hint order; the rater passes Sudoku Explainer's, easiest rating first).
    """
    check_grid(g)
    cells = list(g.cells)
    masks = effective_masks(g, candidates)
    if finders is None:  # the hint order (run_path's own default)
        steps, positions = run_path(cells, masks, cancel=cancel)
    else:
        steps, positions = run_path(cells, masks, finders, cancel=cancel)
    return LogicalPath(g, steps, positions, (Grid(cells), Candidates(masks)))


def solve_logically(cells: Sequence[int], finders=FINDERS, cancel=None) -> tuple[list[Step], list[int]]:
    """(steps, final cells) of the path from ``cells``, without recording positions (rater, generator).

    ``cancel`` (``.is_set()``) raises ``solver.Cancelled``."""
    c = list(cells)
    steps, _ = run_path(c, basic_masks(c), finders, cancel, record=False)
    return steps, c
