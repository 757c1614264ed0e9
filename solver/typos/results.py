"""The results of :func:`solver.typos.search.find_typos`, as plain data: :class:`Edit` (one fix),
:class:`Explanation` (one way the typed grid came from a published puzzle) and
:class:`TypoSearch` (the ranked explanations and how the search went).  The sentences for
people are made from them in :mod:`solver.typos.words`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ..grid import Grid, index
from ..words.i18n import Msg
from .words import describe_explanation, explanation_msg

__all__ = ["Edit", "Explanation", "TypoSearch", "CONFIDENCE", "SEVERAL"]

CONFIDENCE = 1.0  # log-likelihood lead (e, about 2.7 times likelier) that makes a fix *the* fix
SEVERAL = 2  # "solutions" of an explanation whose fixed grid has more than one


@dataclass(frozen=True)
class Edit:
    """One fix, as data: ``kind`` of slip (see ``SLIP_KINDS``), the ``cells`` it changes,
    the digits there as typed (``old``) and after the fix (``new``); 0 is a blank."""

    kind: str
    cells: tuple
    old: tuple
    new: tuple

    def apply(self, g: Grid) -> Grid:
        """``g`` with this fix made."""
        cells = list(g.cells)
        for cell, d in zip(self.cells, self.new):
            cells[index(*cell)] = d
        return Grid(cells)


@dataclass(frozen=True)
class Explanation:
    """One way the typed grid came from a published puzzle: its ``edits`` (one, or two
    independent slips), ``rank`` (1 = likeliest), ``solutions`` after the fix (1, or 2 for
    "several"), ``score`` (log-likelihood, higher is likelier) and the ``fixed`` grid."""

    edits: tuple
    solutions: int
    score: float
    fixed: Grid
    rank: int = 0
    solution_key: str = ""  # the fixed grid's solution as a line, when it is unique

    @property
    def cells(self) -> tuple:
        """Every cell the fix changes, in the order of the edits."""
        return tuple(c for e in self.edits for c in e.cells)

    @property
    def kind(self) -> str:
        """The slip's kind, or ``"pair"`` for two slips."""
        return self.edits[0].kind if len(self.edits) == 1 else "pair"

    @property
    def unique(self) -> bool:
        return self.solutions == 1

    @property
    def text(self) -> Msg:
        """The sentence for people as a message (see :func:`explanation_msg`)."""
        return explanation_msg(self)

    @property
    def message(self) -> str:
        return describe_explanation(self)


@dataclass
class TypoSearch:
    """The outcome of :func:`find_typos`: ``explanations`` best first, ``status`` of the typed
    grid (``"invalid"``, ``"no_solution"``, ``"multiple"`` or ``"unique"``), and whether the
    search ran to the end (``complete``; False when the work budget cut the pairs short).
    ``no_given``: when more than 0, the search for a left-out given tried every digit in
    every blank and none singles out one solution (there is no clue to suggest); the grid
    has that many solutions, all of them when ``no_given_all``, else at least that many."""

    status: str
    explanations: list = field(default_factory=list)
    complete: bool = True
    no_given: int = 0
    no_given_all: bool = False

    @property
    def best(self) -> Optional[Explanation]:
        return self.explanations[0] if self.explanations else None

    @property
    def confident(self) -> bool:
        """True when the best explanation gives exactly one solution and is clearly likelier
        (by ``CONFIDENCE`` in log-likelihood) than every explanation leading to another
        solution: then its fix is *the* fix; otherwise the fixes are offered as a choice."""
        best = self.best
        if best is None or not best.unique:
            return False
        for x in self.explanations[1:]:
            if x.unique and x.solution_key != best.solution_key:  # "" = not worked out: other
                return best.score - x.score >= CONFIDENCE
        return True
