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
from .grid import Grid, cell_of
from .words.i18n import Msg, describe, msg
from .techniques.registry import find_first
from .techniques.step import Step

__all__ = ["Hint", "hint", "names_the_answer"]


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

    ``message`` is one sentence for people, in the chosen language: ``text`` worded
    (a :class:`~solver.words.i18n.Msg`; the step's own ``text`` for ``"step"``, the diagnosis'
    summary for a broken puzzle); ``cells`` are cells to mark.
    """

    status: str
    own: Optional[Msg] = None  # the hint's own message; None: the step's or the diagnosis' words
    step: Optional[Step] = None
    diagnosis: object = None
    cells: tuple[tuple[int, int], ...] = ()
    lost: tuple[tuple[tuple[int, int], int], ...] = ()

    @property
    def text(self):
        """The message as a :class:`~solver.words.i18n.Msg` (or the diagnosis' summary text)."""
        if self.own is not None:
            return self.own
        if self.step is not None:
            return self.step.text
        return getattr(self.diagnosis, "summary", "")

    @property
    def message(self) -> str:
        """The hint in one sentence, in the chosen language."""
        return describe(self.text)

    @property
    def rungs(self) -> tuple[Msg, ...]:
        """The hint ladder of a step, one message per rung (show ``rungs[:k]`` at rung ``k``).

        1 the technique and its level, 2 where to look (the step's unit hint), 3 the cells to
        highlight and the digits, 4 what was seen and what follows.  () unless ``status == "step"``.
        Each rung says only what its name promises: rung 3 leaves out the digit when with the cells
        it would be the answer (a Naked Single's cell and digit), which only rung 4 gives.
        """
        s = self.step
        if s is None:
            return ()
        from .techniques.registry import technique  # registry imports every family: only when asked
        if names_the_answer(s):
            cells = msg("hint_rung_cells_only", cells=s.highlight)
        else:
            cells = msg("hint_rung_cells", cells=s.highlight, digits=s.digits, n=len(s.digits))
        return (msg("hint_rung_technique", name=s.technique, level=technique(s.technique).level),
                msg("hint_rung_look", look=s.hint), cells,
                msg("hint_rung_step", step=s.text, so=s.conclusion_msg))

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
    contradicts the unique solution.  Bounded by ``diagnose`` (work budgets).
    ``notes`` are the student's own pencil marks, ``{(r, c): digits}`` for the
    cells they wrote in: they are checked against the solution (``"wrong_notes"``)
    before any technique, and the step is looked for from them.
    """
    cur = _overlay(givens, g) if givens is not None else g
    dg = diagnose(givens if givens is not None else g, cancel=cancel)
    if dg.status != "unique":
        return Hint(dg.status, None, None, dg, tuple(_diag_cells(dg)))
    sol = dg.solution
    wrong = tuple(cell_of(i) for i in range(81) if cur.cells[i] and cur.cells[i] != sol.cells[i])
    if wrong:
        return Hint("wrong", msg("hint_wrong", n=len(wrong), cells=wrong), None, dg, wrong)
    if cur.is_complete():
        return Hint("solved", msg("hint_solved"), None, dg)
    noted = _note_masks(notes, cur)
    lost = tuple((cell_of(i), sol.cells[i]) for i in range(81) if noted[i] and not noted[i] & BIT[sol.cells[i]])
    if lost:
        digits = {d for _, d in lost}
        code = "hint_wrong_note" if len(lost) == 1 else (
            "hint_wrong_notes_same" if len(digits) == 1 else "hint_wrong_notes")
        removed = tuple(msg("hint_digit_from", digit=d, cell=c) for c, d in lost)
        return Hint("wrong_notes", msg(code, removed=removed, digit=lost[0][1]), None, dg,
                    tuple(c for c, _ in lost), lost)
    masks = [m & n if n else m for m, n in zip(effective_masks(cur, candidates), noted)]
    lost = tuple(cell_of(i) for i in range(81)
                 if not cur.cells[i] and not masks[i] & BIT[sol.cells[i]])
    if lost:
        return Hint("bad_candidates", msg("hint_bad_candidates", cells=lost), None, dg, lost)
    puzzle = givens if givens is not None else g
    step = find_first(list(cur.cells), masks, memo={"givens": tuple(puzzle.cells)})
    if step is None or not _agrees(step, sol):
        return Hint("stuck", msg("hint_stuck"), None, dg)
    return Hint("step", None, step, dg, step.highlight)


def names_the_answer(step: Step) -> bool:
    """True when ``step``'s highlighted cells are only the cells it fills (a Naked Single, a Full House):
    its digits beside them, or the lone candidate drawn in them, would give the answer away.

    A Hidden Single highlights its whole unit: its digit is what to look for, not yet where it goes.
    """
    filled = {c for c, _ in step.placements}
    return bool(filled) and set(step.highlight) <= filled


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
