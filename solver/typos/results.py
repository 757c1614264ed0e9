"""The results of :func:`solver.typos.search.find_typos`, as plain data: :class:`Edit` (one fix),
:class:`Explanation` (one way the typed grid came from a published puzzle) and
:class:`TypoSearch` (the ranked explanations and how the search went).  The sentences for
people are made from them in :mod:`solver.typos.words`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Optional

from ..grid import Grid, index
from ..words.i18n import Msg
from .prior import OTHER_GAP, SETTLED, other_score, settle_other, shares
from .words import describe_explanation, explanation_msg

__all__ = ["Edit", "Explanation", "TypoSearch", "SEVERAL"]

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
    rest: float = 0.0  # likelihood of the explanations left off the list, relative to the first
    givens: int = 0  # givens of the typed grid

    @property
    def other_log(self) -> float:
        """The log-likelihood of "none of the explanations listed" (solver.typos.prior.other_score,
        at most OTHER_GAP below the best, with the explanations cut off the list added)."""
        other = other_score(self.givens)
        if self.explanations:  # when only pairs explain it, "none of those" is one more pair
            other = min(other, self.explanations[0].score - OTHER_GAP)
        if self.rest and self.explanations:
            other = math.log(math.exp(other) + self.rest * math.exp(self.explanations[0].score))
        return other

    def shares(self, scores=None) -> tuple:
        """(share of each explanation, share of "none of them") of the likelihood; ``scores``
        instead of the explanations' own when given (see solver.typos.prior.shares)."""
        if scores is None:
            scores = [x.score for x in self.explanations]
        return shares(scores, self.other_log)

    @property
    def best(self) -> Optional[Explanation]:
        return self.explanations[0] if self.explanations else None

    @property
    def confident(self) -> bool:
        """True when the best explanation gives exactly one solution and the explanations
        leading to that solution hold at least ``SETTLED`` of the likelihood (solver.typos.prior):
        then its fix is *the* fix; otherwise the fixes are offered as a choice, or the paper is
        asked (solver.typos.paper, which wants the very grid, not only its solution)."""
        best = self.best
        if best is None or not best.unique:
            return False
        parts, _other = shares([x.score for x in self.explanations], settle_other(self.other_log, self.status))
        key = best.solution_key
        return sum(p for x, p in zip(self.explanations, parts)
                   if x is best or key and x.solution_key == key) >= SETTLED

    @property
    def settled(self) -> bool:
        """True when the best explanation gives exactly one solution and holds at least
        ``SETTLED`` of the likelihood by itself: its fixed grid is the published puzzle."""
        best = self.best
        if best is None or not best.unique:
            return False
        scores = [x.score for x in self.explanations]
        return shares(scores, settle_other(self.other_log, self.status))[0][0] >= SETTLED
