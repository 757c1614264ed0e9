"""Compare with your paper: when the typed grid cannot tell which fix is right, ask about
the one cell that decides it.

Several fixes of a typed grid can each give a puzzle with one solution; only the paper
knows which was printed.  ``answers`` maps cells ``(row, col)`` to the digit the paper
shows there (0 for blank).  Each answer is evidence: the explanations whose fixed grid
puts another digit there are dropped.  When no explanation giving one solution is left,
the answers themselves are fixes (a slip the list did not hold): they are made on the
typed grid and the search runs again from there, with the answered cells kept as the
paper shows them (:func:`solver.typos.search.find_typos`, ``keep``); the explanations
found then start with those edits.

The likelihoods of the explanations left, and of "none of them", are shared out
(:func:`solver.typos.prior.shares`); a fix holding at least ``SETTLED`` of it is settled.
Otherwise :func:`paper_question` names the cell whose answer tells the most about which
explanation is right (the most expected information: the entropy of the answer over the
explanations, weighted by their likelihood), with the digit each puts there.

Searches are remembered (a few, by grid and kept cells), so asking again after each
answer costs a search only when the answers send it somewhere new.
"""
from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Optional

from ..grid import Grid, cell_of, index
from ..words.i18n import Msg, msg
from .prior import SETTLED, SLIP_AT, other_score, shares
from .results import Edit, Explanation, TypoSearch
from .search import find_typos

__all__ = ["PaperQuestion", "PaperState", "paper_state", "paper_question", "typos_of"]

# a fix whose every changed cell the paper confirmed is settled from this share on (the rest
# is a further slip elsewhere, which only reading the givens back can find)
CONFIRMED = 0.9
_REMEMBERED = 16  # searches kept (a session of questions needs two or three)
_memory: "OrderedDict[tuple, TypoSearch]" = OrderedDict()
_lock = threading.Lock()  # the app asks from a worker thread


def typos_of(g: Grid, keep=None, cancel=None) -> TypoSearch:
    """:func:`find_typos` of ``g`` with ``keep``, remembered (the search is deterministic)."""
    key = (g.cells, tuple(sorted((keep or {}).items())))
    with _lock:
        found = _memory.get(key)
        if found is not None:
            _memory.move_to_end(key)
            return found
    found = find_typos(g, cancel=cancel, keep=keep)
    with _lock:
        _memory[key] = found
        while len(_memory) > _REMEMBERED:
            _memory.popitem(last=False)
    return found


@dataclass(frozen=True)
class PaperQuestion:
    """The next question: what does the paper show in ``cell`` (row, col)?  ``options``: the
    digits the explanations left put there (0 for blank), likeliest first, with ``shares`` of
    the likelihood each (the typed digit among them when "none of them" or an explanation
    keeps it); ``typed``: the digit typed there; ``explanations``: those left, likeliest first."""

    cell: tuple
    options: tuple
    shares: tuple
    typed: int
    explanations: tuple

    @property
    def text(self) -> Msg:
        """"What does your paper show in r2c6?" as a message."""
        return msg("paper_question", cell=self.cell)


@dataclass(frozen=True)
class PaperState:
    """What the answers so far leave: ``explanations`` that agree with them, likeliest first
    (their edits are from the typed grid, the answers' own first when the answers had to be
    made), ``shares`` of the likelihood of each and ``other`` of "none of them";
    ``settled``: the first is the fix (it gives one solution and holds at least SETTLED);
    ``confirmed``: every cell the first fix changes was answered; ``applied``: the edits the
    answers made because no explanation agreed with them."""

    explanations: tuple
    shares: tuple
    other: float
    settled: bool
    confirmed: bool
    applied: tuple
    status: str

    @property
    def best(self) -> Optional[Explanation]:
        return self.explanations[0] if self.explanations else None


def _answer_edit(cell: tuple, typed: int, paper: int) -> Edit:
    kind = "left_out" if not typed else "extra" if not paper else "wrong_digit"
    return Edit(kind, (cell,), (typed,), (paper,))


def _agrees(x: Explanation, answers: dict) -> bool:
    return all(x.fixed[cell] == d for cell, d in answers.items())


def _hypotheses(g: Grid, typos: TypoSearch, answers: dict, applied: tuple) -> tuple:
    """(explanations of ``g`` that agree with ``answers``, with ``applied`` edits first; their
    scores; the log-likelihood of "none of them")."""
    if typos.status == "unique":  # no slip left to find: the grid itself is the explanation
        xs, scores = [Explanation((), 1, 0.0, g)], [0.0]
        other = other_score(g.filled_count)
    else:
        xs = [x for x in typos.explanations if _agrees(x, answers)]
        scores = [x.score for x in xs]
        other = typos.other_log
    # an answer that differs from the grid, where no listed fix is contradicted: for "none of
    # them" a slip exactly there
    differing = sum(1 for cell, d in answers.items() if g[cell] != d)
    other += differing * math.log(SLIP_AT)
    if applied:
        xs = [Explanation(applied + x.edits, x.solutions, x.score, x.fixed) for x in xs]
    return xs, scores, other


def paper_state(grid: Grid, answers=None, *, cancel=None) -> PaperState:
    """The explanations of ``grid`` that the ``answers`` (cell -> digit on paper, 0 for blank)
    leave, their shares and whether one is settled (see module doc)."""
    answers = {tuple(c): int(d) for c, d in (answers or {}).items()}
    for cell, d in answers.items():
        index(*cell)  # a cell off the grid raises here
        if not 0 <= d <= 9:
            raise ValueError(f"the paper's digit in {cell} must be 0 to 9, not {d}")
    typos = typos_of(grid, cancel=cancel)
    xs, scores, other = _hypotheses(grid, typos, answers, ())
    applied = ()
    if answers and not any(x.unique for x in xs):
        # no fix with one solution agrees: the answers are fixes themselves; search on from there
        applied = tuple(_answer_edit(cell, grid[cell], d) for cell, d in sorted(answers.items())
                        if grid[cell] != d)
        here = Grid(answers.get(cell_of(i), d) for i, d in enumerate(grid.cells))
        again = typos_of(here, keep=answers, cancel=cancel)
        ys, yscores, yother = _hypotheses(here, again, answers, applied)
        if ys or not xs:
            xs, scores, other, typos = ys, yscores, yother, again
    parts, rest = shares(scores, other) if scores else ((), 1.0)
    order = sorted(range(len(xs)), key=lambda k: (-parts[k], xs[k].cells))
    xs = tuple(Explanation(xs[k].edits, xs[k].solutions, xs[k].score, xs[k].fixed, r + 1,
                           xs[k].solution_key) for r, k in enumerate(order))
    parts = tuple(parts[k] for k in order)
    settled = bool(xs) and xs[0].unique and parts[0] >= SETTLED
    confirmed = bool(xs) and xs[0].unique and all(
        c in answers for e in xs[0].edits for c in e.cells)
    return PaperState(xs, parts, rest, settled or confirmed and parts[0] >= CONFIRMED, confirmed,
                      applied, typos.status)


def question_for(grid: Grid, state: PaperState, answers=None) -> Optional[PaperQuestion]:
    """The question that ``state`` (of ``grid`` and ``answers``) leaves, or None when settled
    or when no cell would tell the explanations apart."""
    if state.settled or not state.explanations:
        return None
    answers = {tuple(c): int(d) for c, d in (answers or {}).items()}
    here = list(grid.cells)
    for cell, d in answers.items():
        here[index(*cell)] = d
    cells = sorted({index(*c) for x in state.explanations for c in x.cells}
                   - {index(*c) for c in answers})
    best, best_info = None, 0.0
    for i in cells:
        weights: dict = {}
        for x, w in zip(state.explanations, state.shares):
            d = x.fixed.cells[i]
            weights[d] = weights.get(d, 0.0) + w
        weights[here[i]] = weights.get(here[i], 0.0) + state.other  # "none of them" keeps it
        total = sum(weights.values())
        info = -sum(w / total * math.log(w / total) for w in weights.values() if w > 0)
        if info > best_info + 1e-12:
            best, best_info = (i, weights, total), info
    if best is None:
        return None
    i, weights, total = best
    options = sorted(weights, key=lambda d: (-weights[d], d))
    return PaperQuestion(cell_of(i), tuple(options), tuple(weights[d] / total for d in options),
                         grid.cells[i], state.explanations)


def paper_question(grid: Grid, answers=None, *, cancel=None) -> Optional[PaperQuestion]:
    """The next question for the paper (see module doc): the cell whose answer best tells the
    explanations left apart, or None when one is settled (or nothing is left to ask)."""
    answers = answers or {}
    return question_for(grid, paper_state(grid, answers, cancel=cancel), answers)
