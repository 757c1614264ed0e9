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
``"no solution: ..."``.  ``message`` is ``text`` (a :class:`solver.Msg`, code and data,
templates in ``solver/words/messages/search.py``) worded in the chosen language; ``deduced`` tells
the undo of a deduced digit from the undo of a guess without reading the words.

Input with conflicting givens (two equal digits in one unit) is not searched:
the classic code would happily fill the blanks around the conflict, which
teaches nothing.  The generator yields a single ``"exhausted"`` event naming
the conflict (``cell``/``peer``/``unit``/``digit``) with all counters 0 except
``steps == 1``.  Callers should run ``solver.validate`` first and show the
conflicts instead.

:func:`solver.count_backtrack_work` (``work.py``) gives the final counters
of the same walks without building events, and
:func:`solver.estimate_backtrack_work` estimates them when counting would take
too long.  :func:`backtrack_steps` checks the ``cancel`` token (anything with
``is_set()``) about every thousand steps and raises :class:`solver.Cancelled`.

Candidate masks follow ``candidates.py`` (bit ``d - 1`` for digit ``d``).

Roads not taken: a recursive generator (``yield from`` per level) would read
closer to the tutorials, but the pathological puzzle goes 60 levels deep and
hundreds of millions of steps; an explicit stack keeps memory flat and every
``next()`` O(1).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

from .cancel import check
from .candidates import ALL, BIT, DIGITS_IN, unit_masks
from .grid import BOX_OF, COL_OF, ROW_OF, UNITS, Grid, Unit, first_conflict
from .words.i18n import Msg, describe, msg

__all__ = ["SearchEvent", "ORDERS", "backtrack_steps", "check_order", "MaskGrid", "walk"]

ORDERS = ("row-major", "fewest-candidates", "propagation")

CANCEL_EVERY = 1024  # steps between looks at the cancel token
CANCELLED = "backtracking search cancelled"

# The classic valid() scans the row, then the column, then the box; these are
# the (peer, unit number) pairs in exactly that order for every cell.
_SCAN = tuple(
    tuple((p, u) for u in (i // 9, 9 + i % 9, 18 + 3 * (i // 27) + (i % 9) // 3)
          for p in UNITS[u] if p != i)
    for i in range(81)
)


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
    why: Optional[Msg] = None  # deduce: which single; undo: the dead end (first undo); exhausted: why
    deduced: bool = False  # undo: the digit taken back was deduced, not guessed

    @property
    def text(self) -> Msg:
        """The event as a message (code and data; see ``solver/words/messages/search.py``)."""
        kind, cell, d = self.kind, self.cell, self.digit
        if kind == "try":
            return msg("search_try", digit=d, cell=cell)
        if kind == "reject":
            return msg("search_reject", digit=d, cell=cell, unit=self.unit, peer=self.peer)
        if kind == "place":
            return msg("search_place", cell=cell, digit=d)
        if kind == "deduce":
            return msg("search_deduce", cell=cell, digit=d, why=self.why)
        if kind == "undo":
            code = "search_undo_deduced" if self.deduced else "search_undo"
            if self.why is not None:
                return msg(code + "_why", cell=cell, digit=d, why=self.why)
            return msg(code, cell=cell, digit=d)
        if kind == "solved":
            return msg("search_solved", placements=self.placements, backtracks=self.backtracks)
        if self.peer is not None:  # exhausted before the start: conflicting givens
            return msg("search_not_searched", unit=self.unit, digit=d, cell=cell, peer=self.peer)
        if self.why is not None:
            return msg("search_exhausted_why", why=self.why)
        return msg("search_exhausted", placements=self.placements, backtracks=self.backtracks)

    @property
    def message(self) -> str:
        """The event in words, in the chosen language (e.g. "try 5 at r3c2")."""
        return describe(self.text)


def check_order(order: str) -> None:
    """ValueError naming the valid orders unless ``order`` is one of :data:`ORDERS`."""
    if order not in ORDERS:
        raise ValueError(f"unknown order {order!r}; choose one of {', '.join(ORDERS)}")


# -- the walks: raw moves as small tuples ----------------------------------
# Each walk yields (kind, i, d, peer, unit, note); the counters are added by
# backtrack_steps / count_backtrack_work so both count in one place.
#   note: undo -> (True for a guess / False for a deduced digit, why or None);
#         deduce -> the single, as MaskGrid.single() returns it;
#         exhausted -> why or None.  A "why" is a dead end as plain data:
#         ("out", cell) ran out of digits, or ("dead", cell) / ("nowhere", unit, digit)
#         as MaskGrid.single() returns them; _reason() makes the message.

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
        yield ("undo", j, dj, None, None, (True, ("out", i)))


class MaskGrid:
    """Bitmask board for the candidate-driven orders."""

    __slots__ = ("cells", "rows", "cols", "boxes")

    def __init__(self, cells):
        self.cells = list(cells)
        self.rows, self.cols, self.boxes = unit_masks(cells)

    def free(self, i: int) -> int:
        return ALL & ~(self.rows[ROW_OF[i]] | self.cols[COL_OF[i]] | self.boxes[BOX_OF[i]])

    def put(self, i: int, d: int) -> None:
        bit = BIT[d]
        self.cells[i] = d
        self.rows[ROW_OF[i]] |= bit
        self.cols[COL_OF[i]] |= bit
        self.boxes[BOX_OF[i]] |= bit

    def take(self, i: int) -> int:
        d = self.cells[i]
        bit = ~BIT[d]
        self.cells[i] = 0
        self.rows[ROW_OF[i]] &= bit
        self.cols[COL_OF[i]] &= bit
        self.boxes[BOX_OF[i]] &= bit
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
                return ("naked", i, m.bit_length())
        for u, unit in enumerate(UNITS):
            placed = 0
            for i in unit:
                if cells[i]:
                    placed |= BIT[cells[i]]
            missing = ALL & ~placed
            if not missing:
                continue
            once = twice = 0
            for i in unit:
                m = frees[i]
                twice |= once & m
                once |= m
            if missing & ~once:
                low = missing & ~once
                return ("nowhere", u, (low & -low).bit_length())
            hidden = once & ~twice
            if hidden:
                bit = hidden & -hidden
                d = bit.bit_length()
                for i in unit:
                    if frees[i] & bit:
                        return ("hidden", i, d, u)
        return None


def _reason(note) -> Msg:
    """The message of a walk's note: a dead end or a single (see the comment above ``_walk_row_major``)."""
    kind = note[0]
    if kind == "out":
        return msg("search_out_of_digits", cell=divmod(note[1], 9))
    if kind == "dead":
        return msg("search_no_candidates", cell=divmod(note[1], 9))
    if kind == "nowhere":
        return msg("search_no_place", digit=note[2], unit=Unit.from_number(note[1]))
    if kind == "naked":
        return msg("search_naked_single", digit=note[2])
    return msg("search_hidden_single", digit=note[2], unit=Unit.from_number(note[3]))


def _walk_candidates(cells, propagate: bool):
    """Fewest-candidates search; with ``propagate`` also naked/hidden singles after each placement."""
    b = MaskGrid(cells)
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
            yield ("deduce", i, d, None, None, s)

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
            yield from undo_to(0, dead)
            yield ("exhausted", None, None, None, None, dead)
            return
    while True:
        pick = b.fewest()
        if pick is None:
            yield ("solved", None, None, None, None, None)
            return
        i, mask = pick
        frames.append([i, DIGITS_IN[mask], 0, len(trail)])
        why = ("dead", i) if not mask else None
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
                yield from undo_to(f[3], dead)
                continue
            frames.pop()
            if not frames:
                yield from undo_to(0, why)  # propagation: the deductions made from the givens
                yield ("exhausted", None, None, None, None, None)
                return
            if why is None:
                why = ("out", f[0])
            yield from undo_to(frames[-1][3], why)
            why = None


def walk(cells, order):
    """The raw moves of the search of ``cells`` in ``order`` (see the comment above ``_walk_row_major``)."""
    if order == "row-major":
        return _walk_row_major(cells)
    return _walk_candidates(cells, propagate=(order == "propagation"))


# -- public ---------------------------------------------------------------

def _conflict_event(conflict) -> SearchEvent:
    u, d, a, p = conflict
    unit = Unit.from_number(u)
    return SearchEvent("exhausted", divmod(a, 9), d, divmod(p, 9), unit, 0, 0, 0, 1)


def backtrack_steps(g: Grid, order: str = "row-major", *, cancel=None) -> Iterator[SearchEvent]:
    """Lazily yield the search's events for ``g`` (ValueError for an unknown order; see the module docstring)."""
    check_order(order)
    cells = tuple(g.cells)  # snapshot: the grid is immutable anyway
    return _events(cells, order, cancel)


def _events(cells, order, cancel):
    conflict = first_conflict(cells)
    if conflict is not None:
        yield _conflict_event(conflict)
        return
    placements = backtracks = depth = steps = 0
    for kind, i, d, p, u, note in walk(cells, order):
        steps += 1
        if cancel is not None and steps % CANCEL_EVERY == 0:
            check(cancel, CANCELLED)
        cell = None if i is None else divmod(i, 9)
        if kind == "try":
            yield SearchEvent(kind, cell, d, None, None, placements, backtracks, depth, steps)
        elif kind == "reject":
            yield SearchEvent(kind, cell, d, divmod(p, 9), Unit.from_number(u), placements, backtracks,
                              depth, steps)
        elif kind == "place" or kind == "deduce":
            placements += 1
            depth += 1
            yield SearchEvent(kind, cell, d, None, None, placements, backtracks, depth, steps,
                              _reason(note) if kind == "deduce" else None)
        elif kind == "undo":
            guess, why = note
            depth -= 1
            if guess:
                backtracks += 1
            yield SearchEvent(kind, cell, d, None, None, placements, backtracks, depth, steps,
                              None if why is None else _reason(why), not guess)
        else:  # solved, exhausted
            yield SearchEvent(kind, None, None, None, None, placements, backtracks, depth, steps,
                              None if note is None else _reason(note))
