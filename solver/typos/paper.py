"""Compare with your paper: when the typed grid cannot tell which fix is right, ask about
the cells that decide it.

Several fixes of a typed grid can each give a puzzle with one solution; only the paper
knows which was printed.  ``answers`` maps cells ``(row, col)`` to the digit the paper
shows there (0 for blank).  Each answer is evidence: the explanations whose fixed grid
puts another digit there are dropped.  When no explanation giving one solution is left,
the answers themselves are fixes (a slip the list did not hold): they are made on the
typed grid and the search runs again from there, with the answered cells kept as the
paper shows them (:func:`solver.typos.search.find_typos`, ``keep``); the explanations
found then start with those edits.

The likelihoods of the explanations left, and of "none of them", are shared out
(:func:`solver.typos.prior.shares`).  With no answer, a fix holding at least ``SETTLED`` of it
is settled; once the paper has been asked, a fix is settled only when the paper confirmed
each of its edits (a cell where the paper differs from the typed grid and agrees with the
fix) and it holds ``CONFIRMED`` (or no listed rival is left): answers that rule out every
rival may have ruled out the truth too.  Otherwise :func:`paper_question` asks the paper.

A question is about one cell ("What does your paper show in r2c6?") or about a few cells at
once ("Which of the tinted cells shows something else on your paper?").  One-cell questions
alone cannot settle most slips in two: on a grid with several solutions the fixes lie in a
median of 12-14 cells and one answer tells apart only the fixes of its cell.  A look over the
cells that hold the likeliest fixes (at most ``REGION_CELLS``) finds the slip in one answer:
the user compares those cells with the paper and says which differ and what the paper shows
there; the others are answered with their typed digit.  Both kinds go into ``answers`` the
same way; one cell is asked when the likeliest fixes all lie in it.

Searches are remembered (a few, by grid and kept cells), so asking again after each
answer costs a search only when the answers send it somewhere new.
"""
from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Optional

from ..grid import PEERS, Grid, cell_of, index
from ..search import count_solutions
from ..words.i18n import Msg, msg
from .prior import SETTLED, SLIP_AT, other_score, settle_other, shares
from .results import Edit, Explanation, TypoSearch
from .search import PAIR_NODES, find_typos

__all__ = ["PaperQuestion", "PaperState", "paper_state", "paper_question", "typos_of", "forget"]

# a fix the paper confirmed is settled from this share on (at 0.9, a removed digit confirmed
# by a blank was settled while the same digit moved one cell, 1 % of the likelihood, was the
# truth; the rest is a further slip elsewhere, which only reading the givens back can find)
CONFIRMED = 0.99
RETRY_NODES = 8  # times the pairs' budget when the first search found nothing to ask about
_REMEMBERED = 16  # searches kept (a session of questions needs two or three)
_memory: "OrderedDict[tuple, TypoSearch]" = OrderedDict()
_hidden_memory: "OrderedDict[tuple, tuple]" = OrderedDict()  # hidden_cells, by grid
_lock = threading.Lock()  # the app asks from a worker thread


def forget() -> None:
    """Forget the searches remembered (a benchmark times the first question with its search)."""
    with _lock:
        _memory.clear()
        _hidden_memory.clear()


def typos_of(g: Grid, keep=None, cancel=None) -> TypoSearch:
    """:func:`find_typos` of ``g`` with ``keep``, remembered (the search is deterministic)."""
    key = (g.cells, tuple(sorted((keep or {}).items())))
    with _lock:
        found = _memory.get(key)
        if found is not None:
            _memory.move_to_end(key)
            return found
    found = find_typos(g, cancel=cancel, keep=keep)
    if not found.explanations and not found.complete:
        # the pairs' budget ran out before any fix was found: with nothing listed there is
        # nothing to ask, so search on with a larger one (a few easy grids in 100 need it)
        found = find_typos(g, cancel=cancel, keep=keep, nodes=PAIR_NODES * RETRY_NODES)
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
    keeps it); ``typed``: the digit typed there; ``explanations``: those left, likeliest first.

    ``cells``: the cells to compare with the paper, in reading order (``cell`` is the likeliest);
    more than one (``region``) asks the user to compare them all with the paper and say
    where it shows something else.  Its answer is the paper's digit in every one of them:
    ``answers.update(q.same)`` (``same``: the typed digit of each, as (cell, digit) pairs),
    then ``answers[cell] = digit`` for each cell that differs (``options_at`` lists the digits
    the explanations put there).  ``hidden``: those of ``cells`` that no fix changes, asked
    because a further slip there would leave one solution (:func:`hidden_cells`)."""

    cell: tuple
    options: tuple
    shares: tuple
    typed: int
    explanations: tuple
    cells: tuple = ()
    same: tuple = ()
    hidden: tuple = ()

    @property
    def region(self) -> bool:
        return len(self.cells) > 1

    @property
    def text(self) -> Msg:
        """"What does your paper show in r2c6?" (or, for several cells, "Which of r2c5 and
        r2c6 shows something else on your paper?") as a message."""
        if self.region:
            return msg("paper_region", cells=self.cells)
        return msg("paper_question", cell=self.cell)

    def options_at(self, cell: tuple) -> tuple:
        """The digits the explanations left put in ``cell`` where they change it (0 for
        blank), likeliest first: the likely answers once the user points at ``cell``."""
        cell = tuple(cell)
        typed = dict(self.same).get(cell, self.typed if cell == tuple(self.cell) else None)
        out: list = []
        for x in self.explanations:
            d = x.fixed[cell]
            if d != typed and d not in out:
                out.append(d)
        return tuple(out)


@dataclass(frozen=True)
class PaperState:
    """What the answers so far leave: ``explanations`` that agree with them, likeliest first
    (their edits are from the typed grid, the answers' own first when the answers had to be
    made), ``shares`` of the likelihood of each and ``other`` of "none of them";
    ``settled``: the first is the fix (it gives one solution and, with no answer, holds at
    least SETTLED, or the answers confirmed it and it holds CONFIRMED); ``confirmed``: each
    edit of the first fix has a cell where the paper differs from the typed grid and agrees
    with the fix; ``applied``: the edits the
    answers made because no explanation agreed with them; ``status`` of the grid searched."""

    explanations: tuple
    shares: tuple
    other: float
    settled: bool
    confirmed: bool
    applied: tuple
    status: str
    other_log: float = 0.0  # "none of them" as a log-likelihood on the explanations' scale
    base: Optional[Grid] = None  # the grid the explanations were searched on

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
        found, other = [Explanation((), 1, 0.0, g)], other_score(g.filled_count)
    else:
        found, other = typos.explanations, typos.other_log
    xs = [x for x in found if _agrees(x, answers)]
    scores = [x.score for x in xs]
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
        if len(cell) != 2 or not all(0 <= k < 9 for k in cell):
            raise ValueError(f"no cell {cell!r} on the grid (row and col are 0 to 8)")
        if not 0 <= d <= 9:
            raise ValueError(f"the paper's digit in {cell} must be 0 to 9, not {d}")
    typos = typos_of(grid, cancel=cancel)
    xs, scores, other = _hypotheses(grid, typos, answers, ())
    base, applied = grid, ()
    if answers and not any(x.unique for x in xs):
        # no fix with one solution agrees: the answers are fixes themselves; search on from there
        made = tuple(_answer_edit(cell, grid[cell], d) for cell, d in sorted(answers.items())
                     if grid[cell] != d)
        here = Grid(answers.get(cell_of(i), d) for i, d in enumerate(grid.cells))
        again = typos_of(here, keep=answers, cancel=cancel)
        ys, yscores, yother = _hypotheses(here, again, answers, made)
        if ys or not xs:
            xs, scores, other, typos, base, applied = ys, yscores, yother, again, here, made
    return _judge(grid.cells, base, xs, scores, other, answers, applied, typos.status)


def _judge(typed: tuple, base: Grid, xs: list, scores: list, other: float, answers: dict,
           applied: tuple = (), status: str = "") -> PaperState:
    """The PaperState of explanations ``xs`` (searched on ``base``) with their ``scores`` and
    ``other`` (log-likelihoods) once the ``answers`` are in (``xs`` agree with them)."""
    parts, rest = shares(scores, other) if scores else ((), 1.0)
    order = sorted(range(len(xs)), key=lambda k: (-parts[k], xs[k].cells))
    xs = tuple(Explanation(xs[k].edits, xs[k].solutions, xs[k].score, xs[k].fixed, r + 1,
                           xs[k].solution_key) for r, k in enumerate(order))
    parts = tuple(parts[k] for k in order)
    best = xs[0] if xs else None
    # every edit of the first fix shown by the paper: an answered cell of it where the paper
    # differs from the typed grid and agrees with the fix (for "none of those" a slip there)
    confirmed = best is not None and best.unique and all(
        any(c in answers and answers[c] == best.fixed[c] != typed[index(*c)] for c in e.cells)
        for e in best.edits)
    # with no answer, a fix is settled by its share alone; once the paper has been asked, only
    # when it confirmed the fix (the answers may have ruled out every rival but the truth too)
    # (a confirmed fix with no listed rival left: only "none of them" doubts it, and no cell
    # of the grid can be asked about that)
    settled = best is not None and best.unique and (
        (parts[0] >= CONFIRMED or len(xs) == 1) if confirmed
        else not answers and _alone(scores, order, other, status) >= SETTLED)
    return PaperState(xs, parts, rest, settled, confirmed, applied, status, other, base)


def _alone(scores: list, order: list, other: float, status: str) -> float:
    """The first fix's share when settling it with no question (prior.settle_other)."""
    return shares([scores[k] for k in order], settle_other(other, status))[0][0]


def _options(grid: Grid, state: PaperState, answers: dict, i: int) -> dict:
    """Digit -> share of the likelihood that the paper shows it in cell index ``i``."""
    weights: dict = {}
    for x, w in zip(state.explanations, state.shares):
        d = x.fixed.cells[i]
        weights[d] = weights.get(d, 0.0) + w
    cell = cell_of(i)
    here = answers.get(cell, grid.cells[i])
    weights[here] = weights.get(here, 0.0) + state.other  # "none of them" keeps the typed digit
    return weights


# cells compared at once at most (a look at fifteen cells is quick; the likeliest fixes of the
# shared sets' slips lie in a median of 12-14 cells, and at 9 a left-out given was missed more)
REGION_CELLS = 15
REGION_SHARE = 0.999  # the look stops adding cells once their fixes hold this much


def _region(state: PaperState, answers: dict) -> list:
    """Cell indexes to compare at once, likeliest first: the cells of the likeliest fixes, until
    the fixes whose every cell is taken hold REGION_SHARE of the explanations' likelihood, or
    REGION_CELLS are taken (a fix is told apart only when all its cells are compared: a digit
    moved one cell needs both)."""
    weight: dict = {}
    todo = []
    for x, w in zip(state.explanations, state.shares):
        cells = {index(*c) for c in x.cells if c not in answers}
        todo.append((cells, w))
        for i in cells:
            weight[i] = weight.get(i, 0.0) + w
    order = sorted(weight, key=lambda i: (-weight[i], i))
    total = sum(state.shares)
    taken: set = set()
    for i in order[:REGION_CELLS]:
        taken.add(i)
        if sum(w for cells, w in todo if cells <= taken) >= REGION_SHARE * total:
            break
    return sorted(taken, key=lambda i: (-weight[i], i))


def hidden_cells(g: Grid, cancel=None) -> tuple:
    """Cell indexes of the givens of ``g`` that could be typed wrong and still leave exactly
    one solution: a slip there cannot be seen in the grid, only on the paper.  A given whose
    removal leaves one solution is not one of them (any other digit there breaks the puzzle),
    so on a minimal puzzle there are few or none; an easy puzzle has a handful."""
    with _lock:
        if g.cells in _hidden_memory:
            return _hidden_memory[g.cells]
    out = []
    for i, d in enumerate(g.cells):
        if not d or count_solutions(g.with_digit(cell_of(i), 0), 2, cancel=cancel) < 2:
            continue
        seen = {g.cells[j] for j in PEERS[i]}
        if any(count_solutions(g.with_digit(cell_of(i), e), 2, cancel=cancel) == 1
               for e in range(1, 10) if e != d and e not in seen):
            out.append(i)
    with _lock:
        _hidden_memory[g.cells] = tuple(out)
        while len(_hidden_memory) > _REMEMBERED:
            _hidden_memory.popitem(last=False)
    return tuple(out)


def question_for(grid: Grid, state: PaperState, answers=None, cancel=None) -> Optional[PaperQuestion]:
    """The question that ``state`` (of ``grid`` and ``answers``) leaves, or None when settled
    or when no cell would tell the explanations apart: a look at the cells of the likeliest
    fixes (``_region``) and, while there is room, the givens where a further slip would leave
    one solution once the likeliest fix is made (:func:`hidden_cells`); one cell when that is all.

    (Asking one cell when its answer settled a fix as likely as the look did restored two
    wrong digits of the hardest puzzles within four questions in 72 % of cases instead of 96 %:
    the look also compares the cells of the second slip.)"""
    if state.settled or not state.explanations:
        return None
    answers = {tuple(c): int(d) for c, d in (answers or {}).items()}
    cells = _region(state, answers)
    if not cells:
        return None
    i = cells[0]
    fixes = len(cells)
    best = state.explanations[0]
    if best.unique:
        # with the likeliest fix made, a further slip in these givens would leave one solution:
        # compare them too while the paper is out (two wrong digits of easy puzzles were
        # restored in 94 % of cases without them)
        room = REGION_CELLS - len(cells)
        cells += [j for j in hidden_cells(best.fixed, cancel)
                  if cell_of(j) not in answers and j not in cells][:max(room, 0)]
    weights = _options(grid, state, answers, i)
    total = sum(weights.values())
    options = sorted(weights, key=lambda d: (-weights[d], d))
    hidden = tuple(cell_of(j) for j in sorted(cells[fixes:]))
    cells.sort()
    return PaperQuestion(cell_of(i), tuple(options), tuple(weights[d] / total for d in options),
                         grid.cells[i], state.explanations, tuple(cell_of(j) for j in cells),
                         tuple((cell_of(j), grid.cells[j]) for j in cells), hidden)


def paper_question(grid: Grid, answers=None, *, cancel=None) -> Optional[PaperQuestion]:
    """The next question for the paper (see module doc): the cell whose answer best tells the
    explanations left apart, or None when one is settled (or nothing is left to ask)."""
    answers = answers or {}
    return question_for(grid, paper_state(grid, answers, cancel=cancel), answers, cancel)
