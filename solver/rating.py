"""Difficulty rating: how a person would solve it, next to how a computer does.

The rater runs the logical path the way Sudoku Explainer (SE) does: at each step the
technique with the easiest SE rating that applies (``registry.SE_FINDERS``); the path the card
counts and Explain shows stays the hint order's (``Rating.path``).  Each step gets
its SE rating (:func:`step_se`: the technique's ``se``, plus what SE adds for size: a hidden
single in a row or column 1.5 instead of 1.2 in a box, a bigger subset in a Unique Rectangle
type 3, and for every chain and forcing chain SE's length increment, +0.1 each time its
length passes 4, 6, 8, 12, 16, 24, ...).  The puzzle's **SE rating** (``Rating.se``) is its
hardest step, and its **level** the band that rating falls in (``words/levels.py``:
easy < 2.5, medium < 3.5, hard < 4.5, fiendish < 6.8, diabolical < 8.5, extreme), or
``"guessing"`` when logic gets stuck before the grid is full (cancelled, or beyond the
forcing chains' bound: never seen on a puzzle with one solution).

The **score** is the sum of the technique weights over every step of the path
(``Technique.weight``: 1 for a Full House up to 110 for a nested forcing chain), plus,
when logic gets stuck, ``GUESS_PENALTY`` and ``PER_CELL_LEFT`` for each blank
cell at that point.  So more steps, harder steps and an earlier dead end all
raise it.  The level never depends on the score.

Next to it the card shows the classic row-major backtracker's work (placements and
backtracks), counted exactly up to ``BACKTRACK_CAP`` placements and estimated beyond
(:func:`backtrack_figure`): the card, the demo's Compare and ``sudoku-solve rate`` give the
same figure for a puzzle, and the fast solver's (propagation + search) nodes and guesses:
both side by side are the lesson.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .grid import Grid
from .words.i18n import Msg, describe, msg, translate
from .words.levels import LEVEL_LABELS, LEVELS, level_for_se
from .path import LogicalPath, logical_path, solve_logically, technique_counts
from .techniques import technique
from .techniques.registry import SE_FINDERS
from .work import BACKTRACK_CAP  # one cap: the card, the demo's Compare and the CLI

__all__ = ["LEVELS", "LEVEL_LABELS", "Rating", "rate", "level_of", "step_se", "se_of",
           "BACKTRACK_CAP"]

GUESS_PENALTY = 200
PER_CELL_LEFT = 10

_RANK = {name: k for k, name in enumerate(LEVELS)}


@dataclass(frozen=True)
class Rating:
    """The difficulty card of a puzzle.

    ``status`` is the diagnosis status ("unique", "multiple", "no_solution",
    "invalid"); only a unique puzzle is rated: otherwise ``level`` and
    ``hardest`` are None, ``path`` is None and ``diagnosis.summary`` says why.
    ``counts`` maps technique name -> uses in the rating's steps (technique order); ``path`` is the
    :class:`LogicalPath` (the hint order's); ``level`` and ``hardest`` come from SE's order; ``cells_left`` the blanks where logic got stuck (0
    when solved); ``backtrack`` the classic backtracker's
    ``BacktrackCounts`` (placements, backtracks, steps, solved, capped) and ``backtrack_estimate``
    the estimate of the whole run when it is capped (``solver.backtrack_figure``: the same figure
    the demo's Compare and ``sudoku-solve rate`` give);
    ``search`` the fast solver's ``SearchStats`` (nodes, guesses, backtracks); ``se`` the
    rating on Sudoku Explainer's scale (the hardest step's, one decimal; None when not rated).
    """

    status: str
    diagnosis: object
    givens: int
    level: Optional[str] = None
    score: int = 0
    hardest: Optional[str] = None
    counts: dict = field(default_factory=dict)
    path: Optional[LogicalPath] = None
    cells_left: int = 0
    backtrack: object = None
    search: object = None
    se: Optional[float] = None
    backtrack_estimate: object = None

    @property
    def unique(self) -> bool:
        return self.status == "unique"

    @property
    def label(self) -> str:
        """'Easy' ... 'Needs guessing', or 'Not rated' for a puzzle without one solution (chosen language)."""
        if self.level:
            return translate(LEVEL_LABELS[self.level], "level")
        return describe(msg("rating_not_rated"))

    @property
    def summary_msg(self) -> Msg:
        """:attr:`summary` as a message."""
        if not self.unique:
            return msg("rating_summary_not_rated", why=getattr(self.diagnosis, "summary", self.status))
        if self.level == "guessing":
            return msg("rating_summary_stuck", level=self.level, score=self.score, left=self.cells_left,
                       givens=self.givens)
        if self.hardest:
            return msg("rating_summary", level=self.level, score=self.score, name=self.hardest,
                       givens=self.givens)
        return msg("rating_summary_solved", level=self.level, score=self.score, givens=self.givens)

    @property
    def summary(self) -> str:
        """One line, e.g. "Hard (score 412): hardest technique X-Wing; 26 givens" (chosen language)."""
        return describe(self.summary_msg)

    def card_msgs(self) -> list[Msg]:
        """The difficulty card as messages, one per line (see :meth:`card_lines`)."""
        if not self.unique:
            return [self.summary_msg]
        out = [msg("rating_unique"), msg("rating_givens", givens=self.givens),
               msg("rating_level", level=self.level, score=self.score)]
        if self.se is not None:
            out.append(msg("rating_se", se=self.se))
        if self.hardest:
            out.append(msg("rating_hardest", name=self.hardest, level=technique(self.hardest).level))
        if self.level == "guessing":
            out.append(msg("rating_stuck", left=self.cells_left))
        for name, n in self.counts.items():
            out.append(msg("rating_count", name=name, n=n))
        if self.backtrack is not None:
            b = self.backtrack
            if b.capped and self.backtrack_estimate is not None:
                out.append(msg("rating_backtracker_estimated", cap=b.placements,
                               about=self.backtrack_estimate.placements))
            elif b.capped:
                out.append(msg("rating_backtracker_capped", placements=b.placements, backtracks=b.backtracks,
                               cap=BACKTRACK_CAP))
            else:
                out.append(msg("rating_backtracker", placements=b.placements, backtracks=b.backtracks))
        if self.search is not None:
            out.append(msg("rating_fast_solver", nodes=self.search.nodes, guesses=self.search.guesses))
        return out

    def card_lines(self) -> list[str]:
        """The difficulty card as lines of plain text in the chosen language (the GUI may lay them out itself)."""
        return [describe(m) for m in self.card_msgs()]


def length_increment(size: int) -> float:
    """What SE adds to a chain of ``size`` nodes: 0.1 each time ``size - 2`` passes 4, 6, 8, 12,
    16, 24, 32, ... (the ceiling grows by 3/2 and 4/3 in turn)."""
    added, ceil, odd, length = 0.0, 4, False, size - 2
    while length > ceil:
        added += 0.1
        ceil = ceil * 4 // 3 if odd else ceil * 3 // 2
        odd = not odd
    return round(added, 1)


def _branch_size(branch) -> int:
    """Nodes of a forcing chain's branch: its premise and each implication, nested ones too."""
    n = 1
    for _, _, nested in branch.facts:
        n += 1 + sum(_branch_size(b) for b in nested)
    return n


def _depth(branches) -> int:
    """How deep forcing chains nest inside these branches (0: none)."""
    d = 0
    for b in branches:
        for _, _, nested in b.facts:
            if nested:
                d = max(d, 1 + _depth(nested))
    return d


# chains SE finds as a Forcing Chain from the eliminated candidate: on, along ours, then off
_AIC = ("Alternating Inference Chain", "Grouped AIC", "XY-Chain", "Remote Pairs")
_X_CHAIN_SE = {3: 5.4, 4: 5.8, 5: 6.2, 6: 6.6, 7: 7.0}


def step_se(step) -> float:
    """The SE rating of one step: its technique's ``se`` plus what SE adds for its size."""
    t = technique(step.technique)
    se = t.se
    name = t.name
    if name == "Hidden Single" and step.units and step.units[0].kind != "box":
        se = 1.5
    elif name == "Unique Rectangle Type 3":
        se += 0.1 * max(0, len(step.cells) - 5)  # SE: +0.1 a digit past a pair
    elif name == "X-Chain" and step.chain is not None:
        # Sukaku Explainer's n strong links: 3 -> 5.4, 4 -> 5.8, 5 -> 6.2, 6 -> 6.6, 7 -> 7.0
        links = len(step.chain.nodes) // 2
        return round(_X_CHAIN_SE[min(links, 7)], 1) if links >= 3 else se
    elif name == "Unique Loop":
        return round(se + (0.1 if len(step.cells) <= 6 else 0.2), 1)  # SE: by the loop's length
    elif name == "W-Wing":
        # SE finds it as a Forcing Chain: the W-Wing is an AIC of 6 nodes, so 7.0 + length(8)
        return round(se + length_increment(6 + 2), 1)
    ch = step.chain
    if ch is not None:
        if ch.branches:
            if name == "Nested Forcing Chain":
                se += 0.5 * max(0, _depth(ch.branches) - 1)
            size = sum(_branch_size(b) for b in ch.branches)
        else:
            size = len(ch.nodes)
            if name in _AIC:
                # SE's own chain for an AIC is two nodes longer than ours (the eliminated
                # candidate on, then off): an AIC of 6, 8, 10 nodes rates 7.1, 7.2, 7.3 on the
                # SE-rated puzzles; an XY-Chain of 4 cells (8 nodes) 7.2
                size += 2
        se += length_increment(size)
    return round(se, 1)


def se_of(steps) -> float:
    """The SE rating of a path: its hardest step's (1.0 for a grid that needs no step)."""
    return max((step_se(s) for s in steps), default=1.0)


def level_of(steps, solved: bool) -> tuple[str, Optional[str]]:
    """(level, hardest technique name or None) of a list of steps; 'guessing' if not solved.

    The level is the band of the path's SE rating; the hardest technique the step that rates it."""
    hardest, best = None, -1.0
    for s in steps:
        v = step_se(s)
        if v > best:
            best, hardest = v, s.technique
    if not solved:
        return "guessing", hardest
    return level_for_se(max(best, 1.0)), hardest


def score_of(steps, cells_left: int) -> int:
    """The score: technique weights summed, plus the guessing penalty when stuck (see module doc)."""
    s = sum(technique(st.technique).weight for st in steps)
    if cells_left:
        s += GUESS_PENALTY + PER_CELL_LEFT * cells_left
    return s


def rate_cells(cells, cancel=None) -> tuple[str, int, Optional[str]]:
    """(level, score, hardest) of a puzzle known to be unique: the same rater as :func:`rate`.

    ``cancel`` (``.is_set()``) raises ``solver.Cancelled``."""
    steps, final = solve_logically(cells, SE_FINDERS, cancel=cancel)
    left = sum(1 for d in final if not d)
    level, hardest = level_of(steps, not left)
    return level, score_of(steps, left), hardest


def rate_se(cells, cancel=None) -> tuple[Optional[float], str]:
    """(SE rating or None when logic gets stuck, level) of a puzzle known to be unique: quick,
    without the card's counts (benchmarks, the generator)."""
    steps, final = solve_logically(cells, SE_FINDERS, cancel=cancel)
    solved = all(final)
    return (se_of(steps) if solved else None), level_of(steps, solved)[0]


def rate(g: Grid, *, cancel=None, backtrack_cap: Optional[int] = None) -> Rating:
    """The :class:`Rating` of ``g``; a grid without exactly one solution gets ``level=None`` and its diagnosis.

    The classic backtracker is counted to ``BACKTRACK_CAP`` placements and estimated past it
    (``solver.backtrack_figure``, reused when the demo has counted this puzzle); another
    ``backtrack_cap`` counts to it instead, without an estimate; ``cancel`` raises
    ``solver.Cancelled``.
    """
    from .work import BacktrackFigure, backtrack_figure, count_backtrack_work
    from .diagnose import diagnose
    from .search import SearchStats, solve

    dg = diagnose(g, cancel=cancel)
    givens = g.filled_count
    if dg.status != "unique":
        return Rating(dg.status, dg, givens)
    # the path the card lists and Explain shows is the hint order's (the lesson); the rating is
    # Sudoku Explainer's order's, easiest rating first (the two differ only in order, not in power)
    path = logical_path(g, cancel=cancel)
    left = path.cells_left
    se_steps, final = solve_logically(g.cells, SE_FINDERS, cancel=cancel)
    solved = all(final)
    level, hardest = level_of(se_steps, solved)
    stats = SearchStats()
    solve(g, cancel=cancel, stats=stats)
    if backtrack_cap is None or backtrack_cap == BACKTRACK_CAP:
        fig = backtrack_figure(g, cancel=cancel)
    else:
        fig = BacktrackFigure(count_backtrack_work(g, "row-major", cap=backtrack_cap, cancel=cancel))
    # the uses listed are the rating's own steps, so the card's table agrees with its level and
    # hardest technique (the hint order may take a harder technique where SE's has an easier one)
    return Rating("unique", dg, givens, level, score_of(path, left), hardest, technique_counts(se_steps),
                  path, left, fig.counts, stats, se_of(se_steps) if solved else None, fig.estimate)
