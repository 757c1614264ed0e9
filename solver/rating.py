"""Difficulty rating: how a person would solve it, next to how a computer does.

The rater runs the logical path (the simplest technique each time, see
``path.py``).  The **level** is the level of the hardest technique the
path needed, or ``"guessing"`` when logic gets stuck before the grid is full:

========== =================================================================
easy       singles only: Full House, Naked Single, Hidden Single
medium     + locked candidates (Pointing, Claiming), Naked/Hidden Pair
hard       + Naked/Hidden Triple, X-Wing, Skyscraper, Two-String Kite, ...
expert     + the other fixed patterns (fish, wings, uniqueness and Avoidable
           Rectangle, ALS), then colouring and chains (X-Chain, XY-Chain, AIC,
           grouped AIC, ALS Chain), Franken and Mutant fish
extreme    + forcing chains (digit, cell, unit, nested): the last resort
guessing   the path stopped before the end (cancelled, or beyond the
           forcing chains' bound: never seen on a puzzle with one solution)
========== =================================================================

The **score** is the sum of the technique weights over every step of the path
(``Technique.weight``: 1 for a Full House up to 44 for a Jellyfish), plus,
when logic gets stuck, ``GUESS_PENALTY`` and ``PER_CELL_LEFT`` for each blank
cell at that point.  So more steps, harder steps and an earlier dead end all
raise it.  The level never depends on the score.

Next to it the card shows the classic row-major backtracker's work
(placements and backtracks, capped at ``BACKTRACK_CAP`` placements so a rating
stays well under a second) and the fast solver's (propagation + search) nodes
and guesses: both side by side are the lesson.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .grid import Grid
from .words.i18n import Msg, describe, msg, translate
from .words.levels import LEVEL_LABELS, LEVELS
from .path import LogicalPath, logical_path, solve_logically
from .techniques import technique

__all__ = ["LEVELS", "LEVEL_LABELS", "Rating", "rate", "level_of", "BACKTRACK_CAP"]

GUESS_PENALTY = 200
PER_CELL_LEFT = 10
BACKTRACK_CAP = 500_000  # classic placements the card counts: a rating stays well under a second

_RANK = {name: k for k, name in enumerate(LEVELS)}


@dataclass(frozen=True)
class Rating:
    """The difficulty card of a puzzle.

    ``status`` is the diagnosis status ("unique", "multiple", "no_solution",
    "invalid"); only a unique puzzle is rated: otherwise ``level`` and
    ``hardest`` are None, ``path`` is None and ``diagnosis.summary`` says why.
    ``counts`` maps technique name -> uses (technique order); ``path`` is the
    :class:`LogicalPath`; ``cells_left`` the blanks where logic got stuck (0
    when solved); ``backtrack`` the classic backtracker's
    ``BacktrackCounts`` (placements, backtracks, steps, solved, capped);
    ``search`` the fast solver's ``SearchStats`` (nodes, guesses, backtracks).
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
        if self.hardest:
            out.append(msg("rating_hardest", name=self.hardest, level=technique(self.hardest).level))
        if self.level == "guessing":
            out.append(msg("rating_stuck", left=self.cells_left))
        for name, n in self.counts.items():
            out.append(msg("rating_count", name=name, n=n))
        if self.backtrack is not None:
            b = self.backtrack
            if b.capped:
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


def level_of(steps, solved: bool) -> tuple[str, Optional[str]]:
    """(level, hardest technique name or None) of a list of steps; 'guessing' if not solved."""
    hardest = None
    best = (-1, -1)
    for s in steps:
        t = technique(s.technique)
        key = (_RANK[t.level], t.weight)
        if key > best:
            best, hardest = key, t.name
    if not solved:
        return "guessing", hardest
    return (LEVELS[best[0]] if hardest else "easy"), hardest


def score_of(steps, cells_left: int) -> int:
    """The score: technique weights summed, plus the guessing penalty when stuck (see module doc)."""
    s = sum(technique(st.technique).weight for st in steps)
    if cells_left:
        s += GUESS_PENALTY + PER_CELL_LEFT * cells_left
    return s


def rate_cells(cells, cancel=None) -> tuple[str, int, Optional[str]]:
    """(level, score, hardest) of a puzzle known to be unique: the same rater as :func:`rate`.

    ``cancel`` (``.is_set()``) raises ``solver.Cancelled``."""
    steps, final = solve_logically(cells, cancel=cancel)
    left = sum(1 for d in final if not d)
    level, hardest = level_of(steps, not left)
    return level, score_of(steps, left), hardest


def rate(g: Grid, *, cancel=None, backtrack_cap: int = BACKTRACK_CAP) -> Rating:
    """The :class:`Rating` of ``g``; a grid without exactly one solution gets ``level=None`` and its diagnosis.

    Takes well under a second (the classic backtracker stops at
    ``backtrack_cap`` placements); ``cancel`` raises ``solver.Cancelled``.
    """
    from .work import count_backtrack_work
    from .diagnose import diagnose
    from .search import SearchStats, solve

    dg = diagnose(g, cancel=cancel)
    givens = g.filled_count
    if dg.status != "unique":
        return Rating(dg.status, dg, givens)
    path = logical_path(g, cancel=cancel)
    left = path.cells_left
    level, hardest = level_of(path, path.solved)
    stats = SearchStats()
    solve(g, cancel=cancel, stats=stats)
    work = count_backtrack_work(g, "row-major", cap=backtrack_cap, cancel=cancel)
    return Rating("unique", dg, givens, level, score_of(path, left), hardest, path.counts(),
                  path, left, work, stats)
