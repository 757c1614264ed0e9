"""The tutorials' backtracking search made visible, one event at a time.

:func:`backtrack_steps` walks a search and yields a :class:`SearchEvent` for
every move, so the app can animate it and show counters.  Three orders:

``"row-major"``
    A faithful rendering of the classic recursive code found in the tutorials::

        def solve(bo):
            find = find_empty(bo)              # first blank in reading order
            if not find:
                return True
            row, col = find
            for i in range(1, 10):
                if valid(bo, i, (row, col)):   # checks row, then column, then box
                    bo[row][col] = i           # a "place"
                    if solve(bo):
                        return True
                    bo[row][col] = 0           # an "undo" (a backtrack)
            return False

    Every digit tried is a ``"try"`` event followed by either a ``"reject"``
    (naming the peer that already holds the digit: the first one ``valid``
    finds scanning the row left to right, then the column top to bottom, then
    the box in reading order) or a ``"place"``.  ``placements`` and
    ``backtracks`` equal the number of times the classic code runs
    ``bo[row][col] = i`` and ``bo[row][col] = 0``.

``"fewest-candidates"``
    Same search, but it branches on the blank with the fewest legal digits
    (ties: reading order) and tries only those digits, in increasing order, so
    the events are ``"try"`` then ``"place"`` (no rejects).  A blank with no
    legal digit ends the branch: the next event undoes the last guess.

``"propagation"``
    Fewest candidates plus naked and hidden singles after every placement (and
    once before the first guess).  Each forced digit is a ``"deduce"`` event
    saying why.  On a dead end every digit written since the failed guess is
    taken back, newest first, one ``"undo"`` event each (so "clear the cell of
    every undo event" keeps a picture of the board right), then the guess.

Counters carried by every event (the same meaning for all orders):

* ``placements`` -- digits written by the search so far, guesses and
  deductions alike (``"place"`` and ``"deduce"`` events).
* ``backtracks`` -- guesses taken back.  For ``"row-major"`` and
  ``"fewest-candidates"`` that is every ``"undo"``; for ``"propagation"`` the
  undo events of deduced digits do not count (they go with their guess).
* ``depth`` -- digits placed by the search that are on the board now.
* ``steps`` -- events so far, this one included.

Messages are for people (1-based cells): ``"try 5 at r3c2"``, ``"5 ✗ at r3c2:
already in row 3 at r3c8"``, ``"r3c2 = 4"``, ``"r4c5 = 7: naked single (only 7
fits)"``, ``"r4c5 = 7: hidden single: 7 has no other place in box 5"``,
``"undo r3c2 = 4"`` (``"undo r4c5 = 7 (deduced)"``; the first undo after a dead
end adds why, e.g. ``": r3c3 ran out of digits"``), ``"solved: ..."``,
``"no solution: ..."``.

Input with conflicting givens (two equal digits in one unit) is not searched:
the classic code would happily fill the blanks around the conflict, which
teaches nothing.  The generator yields a single ``"exhausted"`` event naming
the conflict (``cell``/``peer``/``unit``/``digit``) with all counters 0 except
``steps == 1``.  Callers should run ``solver.validate`` first and show the
conflicts instead.

:func:`count_backtrack_work` gives the final counters without building event
objects (a tight bitmask loop for ``"row-major"``), so the app can say "the
classic backtracker needs 1,234,567 placements" and the benchmark can run it
with a cap.  Both functions check the ``cancel`` token (anything with
``is_set()``) about every thousand steps and raise
:class:`solver.search.Cancelled`.

:func:`estimate_backtrack_work` estimates those counters when counting would
take too long (the pathological puzzle's 69 million classic placements take
over a minute to count; the estimate takes well under a second): the path to
the first solution is walked exactly, the subtrees the search explores in vain
on the way are counted when small and sampled with random probes (Knuth 1975,
Chen 1992) when big.

Roads not taken: a recursive generator (``yield from`` per level) would read
closer to the tutorials, but the pathological puzzle goes 60 levels deep and
hundreds of millions of steps; an explicit stack keeps memory flat and every
``next()`` O(1).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Iterator, Optional

from .grid import UNITS, Grid, Unit, cell_name

__all__ = ["SearchEvent", "BacktrackCounts", "ORDERS", "WorkEstimate", "backtrack_steps", "count_backtrack_work",
           "estimate_backtrack_work"]

ORDERS = ("row-major", "fewest-candidates", "propagation")

_CANCEL_EVERY = 1024  # steps between looks at the cancel token
_ALL = 0x3FE  # digits 1..9 as bits 1..9 (bit d set: digit d)

# The classic valid() scans the row, then the column, then the box; these are
# the (peer, unit number) pairs in exactly that order for every cell.
_SCAN = tuple(
    tuple((p, u) for u in (i // 9, 9 + i % 9, 18 + 3 * (i // 27) + (i % 9) // 3)
          for p in UNITS[u] if p != i)
    for i in range(81)
)
_ROW = tuple(i // 9 for i in range(81))
_COL = tuple(i % 9 for i in range(81))
_BOX = tuple(3 * (i // 27) + (i % 9) // 3 for i in range(81))


@dataclass(frozen=True)
class SearchEvent:
    """One move of the search, with the running counters after it (see module docstring)."""

    kind: str  # "try" | "reject" | "place" | "deduce" | "undo" | "solved" | "exhausted"
    cell: Optional[tuple]  # (row, col) 0-based, or None
    digit: Optional[int]
    peer: Optional[tuple]  # reject: the peer cell that already holds the digit
    unit: Optional[Unit]  # reject: the unit shared with that peer
    placements: int
    backtracks: int
    depth: int
    steps: int
    message: str


@dataclass(frozen=True)
class BacktrackCounts:
    """Final counters of a search; ``capped`` when it stopped at the placement cap."""

    placements: int
    backtracks: int
    steps: int
    solved: bool
    capped: bool


def _check_order(order: str) -> None:
    if order not in ORDERS:
        raise ValueError(f"unknown order {order!r}; choose one of {', '.join(ORDERS)}")


def _raise_if_cancelled(cancel) -> None:
    if cancel is not None and cancel.is_set():
        # Imported here: search.py is written alongside this module and
        # importing it lazily keeps the two free of an import cycle.
        from .search import Cancelled
        raise Cancelled("backtracking search cancelled")


def _first_conflict(cells) -> Optional[tuple]:
    """(cell, peer, unit number, digit) of the first pair of equal givens in a unit, else None."""
    for u, unit in enumerate(UNITS):
        seen = {}
        for i in unit:
            d = cells[i]
            if d:
                if d in seen:
                    return seen[d], i, u, d
                seen[d] = i
    return None


def _masks(cells):
    """Used-digit bitmasks of the 9 rows, 9 columns, 9 boxes."""
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for i, d in enumerate(cells):
        if d:
            bit = 1 << d
            rows[_ROW[i]] |= bit
            cols[_COL[i]] |= bit
            boxes[_BOX[i]] |= bit
    return rows, cols, boxes


# -- the walks: raw moves as small tuples ----------------------------------
# Each walk yields (kind, i, d, peer, unit, note); the counters are added by
# backtrack_steps / count_backtrack_work so both count in one place.
#   note: undo -> True for a guess, False for a deduced digit;
#         deduce -> the reason text; undo of a dead end -> also carries why.

def _walk_row_major(cells):
    board = list(cells)
    empties = [i for i in range(81) if not board[i]]
    n = len(empties)
    last = [0] * n  # last digit tried at each level (0: none yet)
    k = 0
    while True:
        if k == n:
            yield ("solved", None, None, None, None, None)
            return
        i = empties[k]
        d = last[k] + 1
        placed = False
        scan = _SCAN[i]
        while d <= 9:
            yield ("try", i, d, None, None, None)
            for p, u in scan:
                if board[p] == d:
                    yield ("reject", i, d, p, u, None)
                    break
            else:
                board[i] = d
                last[k] = d
                yield ("place", i, d, None, None, None)
                placed = True
                break
            d += 1
        if placed:
            k += 1
            continue
        last[k] = 0
        k -= 1
        if k < 0:
            yield ("exhausted", None, None, None, None, None)
            return
        j = empties[k]
        dj = board[j]
        board[j] = 0
        yield ("undo", j, dj, None, None, (True, f"{cell_name(divmod(i, 9))} ran out of digits"))


class _Board:
    """Bitmask board for the candidate-driven orders."""

    __slots__ = ("cells", "rows", "cols", "boxes")

    def __init__(self, cells):
        self.cells = list(cells)
        self.rows, self.cols, self.boxes = _masks(cells)

    def free(self, i: int) -> int:
        return _ALL & ~(self.rows[_ROW[i]] | self.cols[_COL[i]] | self.boxes[_BOX[i]])

    def put(self, i: int, d: int) -> None:
        bit = 1 << d
        self.cells[i] = d
        self.rows[_ROW[i]] |= bit
        self.cols[_COL[i]] |= bit
        self.boxes[_BOX[i]] |= bit

    def take(self, i: int) -> int:
        d = self.cells[i]
        bit = ~(1 << d)
        self.cells[i] = 0
        self.rows[_ROW[i]] &= bit
        self.cols[_COL[i]] &= bit
        self.boxes[_BOX[i]] &= bit
        return d

    def fewest(self):
        """(cell, candidate mask) of the blank with the fewest candidates (first in reading order), or None."""
        best, best_mask, best_n = None, 0, 10
        cells = self.cells
        for i in range(81):
            if not cells[i]:
                m = self.free(i)
                c = m.bit_count()
                if c < best_n:
                    best, best_mask, best_n = i, m, c
                    if not c:
                        break
        return None if best is None else (best, best_mask)

    def single(self):
        """The next forced move: ("dead", i) / ("nowhere", unit, d) / ("naked", i, d) / ("hidden", i, d, unit) / None.

        Checks, in this order: a blank with no candidate, a naked single (first
        in reading order), a digit with no place in a unit, a hidden single
        (units: rows, columns, boxes; digits 1..9).
        """
        cells = self.cells
        frees = [0] * 81
        for i in range(81):
            if not cells[i]:
                m = self.free(i)
                if not m:
                    return ("dead", i)
                frees[i] = m
        for i in range(81):
            m = frees[i]
            if m and not m & (m - 1):
                return ("naked", i, m.bit_length() - 1)
        for u, unit in enumerate(UNITS):
            placed = 0
            for i in unit:
                if cells[i]:
                    placed |= 1 << cells[i]
            missing = _ALL & ~placed
            if not missing:
                continue
            once = twice = 0
            for i in unit:
                m = frees[i]
                twice |= once & m
                once |= m
            if missing & ~once:
                low = missing & ~once
                return ("nowhere", u, (low & -low).bit_length() - 1)
            hidden = once & ~twice
            if hidden:
                d = (hidden & -hidden).bit_length() - 1
                bit = 1 << d
                for i in unit:
                    if frees[i] & bit:
                        return ("hidden", i, d, u)
        return None


def _digits(mask: int) -> list:
    return [d for d in range(1, 10) if mask >> d & 1]


def _why(dead) -> str:
    if dead[0] == "dead":
        return f"{cell_name(divmod(dead[1], 9))} has no candidates left"
    return f"{dead[2]} has no place left in {Unit.from_number(dead[1]).name}"


def _walk_candidates(cells, propagate: bool):
    """Fewest-candidates search; with ``propagate`` also naked/hidden singles after each placement."""
    b = _Board(cells)
    trail = []  # (cell, is_guess) of every digit the search wrote, oldest first

    def run_singles():
        # Place forced digits until none is left; the dead end (a tuple) or None.
        while True:
            s = b.single()
            if s is None:
                return None
            if s[0] in ("dead", "nowhere"):
                return s
            i, d = s[1], s[2]
            b.put(i, d)
            trail.append((i, False))
            if s[0] == "naked":
                why = f"naked single (only {d} fits)"
            else:
                why = f"hidden single: {d} has no other place in {Unit.from_number(s[3]).name}"
            yield ("deduce", i, d, None, None, why)

    def undo_to(n, why):
        # Take back trail[n:], newest first; ``why`` goes with the first undo.
        while len(trail) > n:
            i, guess = trail.pop()
            d = b.take(i)
            yield ("undo", i, d, None, None, (guess, why))
            why = None

    frames = []  # [cell, candidate digits, next position, trail length before the guess]
    if propagate:
        dead = yield from run_singles()
        if dead is not None:
            yield from undo_to(0, _why(dead))
            yield ("exhausted", None, None, None, None, _why(dead))
            return
    while True:
        pick = b.fewest()
        if pick is None:
            yield ("solved", None, None, None, None, None)
            return
        i, mask = pick
        frames.append([i, _digits(mask), 0, len(trail)])
        why = f"{cell_name(divmod(i, 9))} has no candidates left" if not mask else None
        while True:
            f = frames[-1]
            if f[2] < len(f[1]):
                d = f[1][f[2]]
                f[2] += 1
                i = f[0]
                yield ("try", i, d, None, None, None)
                b.put(i, d)
                trail.append((i, True))
                yield ("place", i, d, None, None, None)
                if not propagate:
                    break
                dead = yield from run_singles()
                if dead is None:
                    break
                yield from undo_to(f[3], _why(dead))
                continue
            frames.pop()
            if not frames:
                yield from undo_to(0, why)  # propagation: the deductions made from the givens
                yield ("exhausted", None, None, None, None, None)
                return
            if why is None:
                why = f"{cell_name(divmod(f[0], 9))} ran out of digits"
            yield from undo_to(frames[-1][3], why)
            why = None


def _walk(cells, order):
    if order == "row-major":
        return _walk_row_major(cells)
    return _walk_candidates(cells, propagate=(order == "propagation"))


# -- public ---------------------------------------------------------------

def _conflict_event(conflict) -> SearchEvent:
    a, p, u, d = conflict
    unit = Unit.from_number(u)
    return SearchEvent(
        "exhausted", divmod(a, 9), d, divmod(p, 9), unit, 0, 0, 0, 1,
        f"not searched: {unit.name} already has two {d}s "
        f"({cell_name(divmod(a, 9))} and {cell_name(divmod(p, 9))}); fix the givens first",
    )


def backtrack_steps(g: Grid, order: str = "row-major", *, cancel=None) -> Iterator[SearchEvent]:
    """Lazily yield the search's events for ``g`` (ValueError for an unknown order; see the module docstring)."""
    _check_order(order)
    cells = tuple(g.cells)  # snapshot: the grid is immutable anyway
    return _events(cells, order, cancel)


def _events(cells, order, cancel):
    conflict = _first_conflict(cells)
    if conflict is not None:
        yield _conflict_event(conflict)
        return
    placements = backtracks = depth = steps = 0
    for kind, i, d, p, u, note in _walk(cells, order):
        steps += 1
        if cancel is not None and steps % _CANCEL_EVERY == 0:
            _raise_if_cancelled(cancel)
        cell = None if i is None else divmod(i, 9)
        peer = unit = None
        if kind == "try":
            msg = f"try {d} at {cell_name(cell)}"
        elif kind == "reject":
            peer = divmod(p, 9)
            unit = Unit.from_number(u)
            msg = f"{d} \u2717 at {cell_name(cell)}: already in {unit.name} at {cell_name(peer)}"
        elif kind == "place":
            placements += 1
            depth += 1
            msg = f"{cell_name(cell)} = {d}"
        elif kind == "deduce":
            placements += 1
            depth += 1
            msg = f"{cell_name(cell)} = {d}: {note}"
        elif kind == "undo":
            guess, why = note
            depth -= 1
            if guess:
                backtracks += 1
                msg = f"undo {cell_name(cell)} = {d}"
            else:
                msg = f"undo {cell_name(cell)} = {d} (deduced)"
            if why:
                msg += f": {why}"
        elif kind == "solved":
            msg = f"solved: {placements:,} placements, {backtracks:,} backtracks"
        else:  # exhausted
            msg = (f"no solution: every possibility tried "
                   f"({placements:,} placements, {backtracks:,} backtracks)")
            if note:
                msg = f"no solution: {note}"
        yield SearchEvent(kind, cell, d, peer, unit, placements, backtracks, depth, steps, msg)


def count_backtrack_work(g: Grid, order: str = "row-major", *, cap: int = 10_000_000,
                         cancel=None) -> BacktrackCounts:
    """The final counters of ``backtrack_steps(g, order)`` without building events.

    Stops at the ``cap``-th placement with ``capped=True`` (the counters are
    then those of that placement's event).  ValueError for an unknown order;
    Cancelled when ``cancel.is_set()``.
    """
    _check_order(order)
    cells = tuple(g.cells)
    if _first_conflict(cells) is not None:
        return BacktrackCounts(0, 0, 1, False, False)
    return _count(cells, order, cap, cancel)


def _count(cells, order, cap, cancel) -> BacktrackCounts:
    # count_backtrack_work on a conflict-free cells tuple
    if order == "row-major":
        return _count_row_major(cells, cap, cancel)
    placements = backtracks = steps = 0
    for kind, _i, _d, _p, _u, note in _walk(cells, order):
        steps += 1
        if kind == "place" or kind == "deduce":
            placements += 1
            if placements >= cap:
                return BacktrackCounts(placements, backtracks, steps, False, True)
        elif kind == "undo":
            if note[0]:
                backtracks += 1
        elif kind == "solved":
            return BacktrackCounts(placements, backtracks, steps, True, False)
        elif kind == "exhausted":
            return BacktrackCounts(placements, backtracks, steps, False, False)
        if cancel is not None and steps % _CANCEL_EVERY == 0:
            _raise_if_cancelled(cancel)
    raise AssertionError("a walk always ends with solved or exhausted")  # pragma: no cover


def _count_row_major(cells, cap, cancel) -> BacktrackCounts:
    # The classic search on bitmasks.  Events per visit of a level: one "try"
    # per digit examined, each followed by a "reject" or the "place"; so
    # steps = 2 * tries + undos (+1 for the final event).
    rows, cols, boxes = _masks(cells)
    empties = [i for i in range(81) if not cells[i]]
    n = len(empties)
    rs = [_ROW[i] for i in empties]
    cs = [_COL[i] for i in empties]
    bs = [_BOX[i] for i in empties]
    above = [_ALL & ~((2 << d) - 1) for d in range(10)]  # digits greater than d
    last = [0] * n
    placements = backtracks = tries = 0
    check_every = 1 << 14  # placements between cancel checks (~10 ms of work)
    k = 0
    while True:
        if k == n:
            return BacktrackCounts(placements, backtracks, 2 * tries + backtracks + 1, True, False)
        r = rs[k]
        c = cs[k]
        b = bs[k]
        prev = last[k]
        free = above[prev] & ~(rows[r] | cols[c] | boxes[b])
        if free:
            bit = free & -free
            d = bit.bit_length() - 1
            tries += d - prev
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            last[k] = d
            placements += 1
            if placements >= cap:
                # the cap-th "place" event: its try counted, the final event not yet
                return BacktrackCounts(placements, backtracks, 2 * tries + backtracks, False, True)
            if cancel is not None and not placements % check_every:
                _raise_if_cancelled(cancel)
            k += 1
        else:
            tries += 9 - prev
            last[k] = 0
            k -= 1
            if k < 0:
                return BacktrackCounts(placements, backtracks, 2 * tries + backtracks + 1, False, False)
            bit = ~(1 << last[k])
            rows[rs[k]] &= bit
            cols[cs[k]] &= bit
            boxes[bs[k]] &= bit
            backtracks += 1


# -- estimating the work of a search too long to count ----------------------

@dataclass(frozen=True)
class WorkEstimate:
    """Estimated final counters of ``count_backtrack_work(g, order)`` without a cap (see :func:`estimate_backtrack_work`).

    ``exact`` is True when nothing had to be sampled (then the numbers are the
    exact counts and ``relative_error`` is 0).  ``relative_error`` is the
    estimated relative standard error of ``placements``; ``low``/``high`` are
    ``placements`` minus/plus two standard errors, never below the part that
    was counted exactly.
    """

    placements: int
    backtracks: int
    steps: int
    solved: bool  # the search ends with a solution (known, not estimated)
    exact: bool
    samples: int  # random probes used
    relative_error: float
    low: int
    high: int


_EXACT_FIRST = {"row-major": 20_000, "fewest-candidates": 5_000, "propagation": 2_000}  # whole-run count first
_EXACT_PART = {"row-major": 300, "fewest-candidates": 100, "propagation": 40}  # per subtree before sampling
_SAMPLES = {"row-major": 10_000, "fewest-candidates": 2_000, "propagation": 2_000}  # default probes
_SPLIT_LIMIT = 50  # subtrees split into their children (counted exactly when small) before sampling


def _singles(b: "_Board") -> tuple:
    """Place forced digits on ``b`` as the propagation walk does: (digits placed, dead end?)."""
    n = 0
    while True:
        s = b.single()
        if s is None:
            return n, False
        if s[0] in ("dead", "nowhere"):
            return n, True
        b.put(s[1], s[2])
        n += 1


def _own(order: str, w: int = 1) -> tuple:
    """(placements, backtracks, steps) of one node below the path: its guess, ``w - 1`` deductions, their undos.

    row-major: the place, 9 tries each with its reject/place event, the undo;
    fewest-candidates: try, place, undo; propagation: try, place, the
    deductions, an undo for every digit, one backtrack.
    """
    if order == "row-major":
        return (1, 1, 19)
    if order == "fewest-candidates":
        return (1, 1, 3)
    return (w, 1, 2 * w + 1)


def _expand(cells, order):
    """A node below the path (cells right after its guess): its own counters and its children's cells."""
    if order == "row-major":
        i = cells.index(0) if 0 in cells else None
        if i is None:
            return _own(order), []
        rows, cols, boxes = _masks(cells)
        free = _ALL & ~(rows[_ROW[i]] | cols[_COL[i]] | boxes[_BOX[i]])
        return _own(order), [cells[:i] + (d,) + cells[i + 1:] for d in _digits(free)]
    b = _Board(cells)
    w = 1
    if order == "propagation":
        n, dead = _singles(b)
        w += n
        if dead:
            return _own(order, w), []
    pick = b.fewest()
    if pick is None:
        return _own(order, w), []
    i, mask = pick
    base = tuple(b.cells)
    return _own(order, w), [base[:i] + (d,) + base[i + 1:] for d in _digits(mask)]


def _exact_part(cells, order, cap, cancel):
    """Counters of the subtree below a guess (cells right after it), guess included; None past ``cap``."""
    c = _count(cells, order, cap, cancel)
    if c.capped:
        return None
    # the sub-walk ends with "exhausted" (no solution below a left turn); in the
    # whole run its final event is replaced by the undo of the guess, and the
    # candidate orders also count the guess's try and place here.
    extra = 0 if order == "row-major" else 2
    return (c.placements + 1, c.backtracks + 1, c.steps + extra)


class _RowMajorProbe:
    """One probe of Chen's stratified sampling below one guess of the classic order (bitmasks).

    Knuth's probe follows one random path and multiplies the branching
    factors; on Sudoku trees, where a few deep branches hold most of the
    nodes, it mostly underestimates.  Chen's refinement (P. C. Chen,
    "Heuristic sampling: a method for predicting the performance of tree
    searching programs", SIAM J. Comput. 21, 1992) goes down level by level
    keeping one node per *type* -- here the number of legal digits of the
    next blank -- with the summed weight of the nodes it stands for (the
    survivor is drawn in proportion to weight).  Still unbiased; the spread
    drops by an order of magnitude for a few times the work of one path.
    """

    __slots__ = ("masks", "rs", "cs", "bs")

    def __init__(self, cells):
        self.masks = _masks(cells)
        empties = [i for i in range(81) if not cells[i]]
        self.rs = [_ROW[i] for i in empties]
        self.cs = [9 + _COL[i] for i in empties]
        self.bs = [18 + _BOX[i] for i in empties]

    def __call__(self, rand) -> tuple:
        rows, cols, boxes = self.masks
        rs, cs, bs = self.rs, self.cs, self.bs
        level = [(rows + cols + boxes, 1)]  # 27 unit masks (rows, columns, boxes), weight
        nodes = 1
        last = len(rs) - 1
        for k in range(last + 1):
            if not level:
                break
            r, c, b = rs[k], cs[k], bs[k]
            if k < last:
                r2, c2, b2 = rs[k + 1], cs[k + 1], bs[k + 1]
            nxt = {}
            for used, w in level:
                free = _ALL & ~(used[r] | used[c] | used[b])
                while free:
                    bit = free & -free
                    free ^= bit
                    nodes += w
                    if k == last:
                        continue  # pragma: no cover - a solution: never below a left turn
                    u = used[:]
                    u[r] |= bit
                    u[c] |= bit
                    u[b] |= bit
                    f = _ALL & ~(u[r2] | u[c2] | u[b2])
                    if not f:
                        continue  # a dead end: counted, no children
                    t = f.bit_count()
                    old = nxt.get(t)
                    if old is None:
                        nxt[t] = (u, w)
                    else:
                        total = old[1] + w
                        nxt[t] = (u if rand() * total < w else old[0], total)
            level = list(nxt.values())
        return (nodes, nodes, 19 * nodes)


class _CandidateProbe:
    """Knuth's random probe below one guess of the candidate orders (slower: a fewest-candidates scan per level)."""

    __slots__ = ("cells", "order")

    def __init__(self, cells, order):
        self.cells = cells
        self.order = order

    def __call__(self, rand) -> tuple:
        b = _Board(self.cells)
        propagate = self.order == "propagation"
        weight = 1
        p = k = s = 0
        while True:
            w = 1
            dead = False
            if propagate:
                n, dead = _singles(b)
                w += n
            own = _own(self.order, w)
            p += weight * own[0]
            k += weight * own[1]
            s += weight * own[2]
            if dead:
                break
            pick = b.fewest()
            if pick is None or not pick[1]:
                break
            i, mask = pick
            digits = _digits(mask)
            weight *= len(digits)
            b.put(i, digits[int(rand() * len(digits))])
        return (p, k, s)


def _first_path(cells, order, solution, unique, cancel):
    """Follow the search to its first solution: (counters of the path itself, left subtrees' cells).

    At every node on the way the digits tried before the one leading to the
    first solution are "left turns": their whole subtrees are searched and
    fail.  For a puzzle with several solutions a digit leads to a solution
    when the fast solver finds one after it (the first such digit is taken).
    """
    from .search import solve

    def leads(board, i, d):
        nonlocal solution
        if unique:
            return d == solution[i]
        if d == solution[i]:
            return True
        found = solve(Grid(board[:i] + (d,) + board[i + 1:]), cancel=cancel)
        if found is None:
            return False
        solution = found.cells
        return True

    left = []
    placements = steps = 0
    if order == "row-major":
        board = tuple(cells)
        rows, cols, boxes = _masks(board)
        for i in range(81):
            if board[i]:
                continue
            free = _ALL & ~(rows[_ROW[i]] | cols[_COL[i]] | boxes[_BOX[i]])
            for d in _digits(free):
                if leads(board, i, d):
                    break
                left.append(board[:i] + (d,) + board[i + 1:])
            else:  # pragma: no cover - the solution's digit is always legal
                raise AssertionError("the first solution left the classic path")
            steps += 2 * d  # tries 1..d, each with its reject or place event
            placements += 1
            bit = 1 << d
            rows[_ROW[i]] |= bit
            cols[_COL[i]] |= bit
            boxes[_BOX[i]] |= bit
            board = board[:i] + (d,) + board[i + 1:]
        return (placements, 0, steps + 1), left
    b = _Board(cells)
    if order == "propagation":
        n, _dead = _singles(b)
        placements += n
        steps += n
    while True:
        pick = b.fewest()
        if pick is None:
            return (placements, 0, steps + 1), left
        i, mask = pick
        board = tuple(b.cells)
        for d in _digits(mask):
            if leads(board, i, d):
                break
            left.append(board[:i] + (d,) + board[i + 1:])
        else:  # pragma: no cover
            raise AssertionError("the first solution left the search path")
        b.put(i, d)
        placements += 1
        steps += 2  # try, place
        if order == "propagation":
            n, _dead = _singles(b)
            placements += n
            steps += n


def _root_children(cells, order):
    """No solution: the root's own counters (final event included) and its children (the whole tree is searched)."""
    if order == "row-major":
        i = cells.index(0)
        rows, cols, boxes = _masks(cells)
        free = _ALL & ~(rows[_ROW[i]] | cols[_COL[i]] | boxes[_BOX[i]])
        return (0, 0, 19), [cells[:i] + (d,) + cells[i + 1:] for d in _digits(free)]
    b = _Board(cells)
    w = 0
    if order == "propagation":
        w, dead = _singles(b)
        if dead:
            return (w, 0, 2 * w + 1), []
    pick = b.fewest()
    i, mask = pick  # not None: a complete conflict-free grid is a solution
    base = tuple(b.cells)
    return (w, 0, 2 * w + 1), [base[:i] + (d,) + base[i + 1:] for d in _digits(mask)]


def estimate_backtrack_work(g: Grid, order: str = "row-major", *, samples: Optional[int] = None, seed=None,
                            cancel=None, seconds: Optional[float] = None) -> WorkEstimate:
    """Estimate the final counters of ``count_backtrack_work(g, order)`` with no cap, in about a second.

    Knuth's random probes ("Estimating the efficiency of backtrack programs",
    Math. Comp. 29, 1975), adapted to "work until the first solution": the
    fast solver gives the solution, the path to it is walked exactly, and
    every digit tried before the right one on that path (a "left turn") opens
    a subtree that the search explores completely and in vain.  Each such
    subtree is counted exactly when it is small; a few big ones are split into
    their children first, and what is still big is sampled: random
    root-to-leaf probes whose products of branching factors estimate its size
    without bias (the classic order uses Chen's stratified refinement of the
    probe, see :class:`_RowMajorProbe`).  At most ``samples`` probes in all
    (default: 10,000 for the classic order, 2,000 for the slower candidate
    orders), spread over the subtrees by their measured spread.

    The counters follow ``count_backtrack_work`` exactly (same tree, same
    events), so the estimate equals the count whenever nothing is sampled
    (``exact=True``; any run under a few thousand placements is simply
    counted).  A grid with several solutions: the search stops at the first
    one in its own order (a digit leads to a solution when the fast solver
    finds one after it).  No solution: the search tries everything, so the
    whole tree is estimated from the root (``solved=False``).  Conflicting
    givens: the exact (0, 0, 1) of the count.

    ``seed`` makes it repeatable; ``seconds`` stops sampling early (then
    fewer samples, and the result depends on the machine's speed).
    ValueError for an unknown order or ``samples < 1``; Cancelled when
    ``cancel.is_set()`` (checked every 64 probes and inside exact counts).
    """
    from .search import count_solutions, solve

    _check_order(order)
    if samples is None:
        samples = _SAMPLES[order]
    if samples < 1:
        raise ValueError("samples must be at least 1")
    cells = tuple(g.cells)
    if _first_conflict(cells) is not None:
        return WorkEstimate(0, 0, 1, False, True, 0, 0.0, 0, 0)
    whole = _count(cells, order, _EXACT_FIRST[order], cancel)
    if not whole.capped:
        return WorkEstimate(whole.placements, whole.backtracks, whole.steps, whole.solved, True, 0, 0.0,
                            whole.placements, whole.placements)
    found = solve(g, cancel=cancel)
    if found is None:
        known, queue = _root_children(cells, order)
        solved = False
    else:
        unique = count_solutions(g, 2, cancel=cancel) == 1
        known, queue = _first_path(cells, order, found.cells, unique, cancel)
        solved = True
    known = list(known)

    # Count small subtrees exactly; split big ones (their own node is exact) while the budget lasts.
    part = _EXACT_PART[order]
    sampled = []
    splits = 0
    while queue:
        sub = queue.pop()
        exact = _exact_part(sub, order, part, cancel)
        if exact is not None:
            for j in range(3):
                known[j] += exact[j]
        elif splits < _SPLIT_LIMIT:
            splits += 1
            own, children = _expand(sub, order)
            for j in range(3):
                known[j] += own[j]
            queue.extend(children)
        else:
            sampled.append(sub)

    if not sampled:
        p, k, s = known
        return WorkEstimate(p, k, s, solved, True, 0, 0.0, p, p)

    # Stratified sampling: a pilot round for every subtree, then probes where the spread is.
    rng = random.Random(seed)
    rand = rng.random
    probes = [_RowMajorProbe(c) if order == "row-major" else _CandidateProbe(c, order) for c in sampled]
    m = len(probes)
    n = [0] * m
    sums = [[0, 0, 0] for _ in range(m)]
    sq = [0.0] * m  # sum of squared placements estimates
    deadline = None if seconds is None else time.perf_counter() + seconds
    used = 0

    def run(idx: int, times: int) -> bool:
        nonlocal used
        probe, acc = probes[idx], sums[idx]
        for _ in range(times):
            v = probe(rand)
            acc[0] += v[0]
            acc[1] += v[1]
            acc[2] += v[2]
            sq[idx] += float(v[0]) * v[0]
            n[idx] += 1
            used += 1
            if not used % 64:
                _raise_if_cancelled(cancel)
                if deadline is not None and time.perf_counter() > deadline:
                    return False
        return True

    def spread(idx: int) -> float:
        mean = sums[idx][0] / n[idx]
        var = max(0.0, sq[idx] / n[idx] - mean * mean) * n[idx] / max(1, n[idx] - 1)
        return math.sqrt(var)

    budget = max(samples, 2 * m)
    pilot = max(2, min(32, budget // (4 * m)))
    going = all([run(i, 2) for i in range(m)])  # every subtree gets two probes, whatever the clock says
    going = going and all(run(i, pilot - 2) for i in range(m))
    for share in (0.5, 1.0):  # two rounds of Neyman allocation of what is left
        if not going:
            break
        left = int((budget - used) * share)
        if left <= 0:
            break
        # n_i proportional to the spread; a floor keeps a lucky low spread from starving a subtree
        weights = [max(spread(i), 0.2 * sums[i][0] / n[i]) for i in range(m)]
        total_w = sum(weights) or 1.0
        for i in range(m):
            extra = int(left * weights[i] / total_w)
            if extra and not run(i, extra):
                going = False
                break

    est = list(known)
    var = 0.0
    for i in range(m):
        for j in range(3):
            est[j] += sums[i][j] / n[i]
        var += spread(i) ** 2 / n[i]
    p = est[0]
    rel = math.sqrt(var) / p if p else 0.0
    low = max(known[0], int(p - 2 * math.sqrt(var)))
    return WorkEstimate(round(p), round(est[1]), round(est[2]), solved, False, used, rel, low,
                        round(p + 2 * math.sqrt(var)))
