"""Reference solvers the benchmark compares ours with (not used by the app).

* :func:`norvig_solve` -- the constraint-propagation baseline, the algorithm
  of Peter Norvig's essay "Solving Every Sudoku Puzzle" written out again:
  the grid is a dict from square names (``'A1'``..``'I9'``) to strings of the
  digits still possible; ``assign`` eliminates every other digit; ``eliminate``
  applies the two strategies (a square reduced to one digit removes it from its
  peers; a unit with one place left for a digit puts it there); the search
  branches on the square with the fewest digits (MRV), copying the dict.
* :func:`classic_solve` -- the tutorials' backtracker ("first blank in
  reading order, try 1 to 9") with a placement cap.  It is
  :func:`solver.work.count_backtrack_work`, which makes exactly the
  classic code's placements but checks digits with bitmasks, so it runs
  several times faster than the tutorials' list-of-lists code: ratios against
  it understate how slow the literal classic code is.
"""
from __future__ import annotations

from typing import Optional

from solver.work import BacktrackCounts, count_backtrack_work
from solver.grid import Grid

__all__ = ["norvig_solve", "classic_solve"]

_DIGITS = "123456789"
_ROWS = "ABCDEFGHI"


def _cross(a, b):
    return [x + y for x in a for y in b]


_SQUARES = _cross(_ROWS, _DIGITS)
_UNITLIST = ([_cross(_ROWS, c) for c in _DIGITS]
             + [_cross(r, _DIGITS) for r in _ROWS]
             + [_cross(rs, cs) for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")])
_UNITS = {s: [u for u in _UNITLIST if s in u] for s in _SQUARES}
_PEERS = {s: set(sum(_UNITS[s], [])) - {s} for s in _SQUARES}


def _assign(values: dict, s: str, d: str):
    """Eliminate every digit but d from square s; the values, or False on a contradiction."""
    others = values[s].replace(d, "")
    if all(_eliminate(values, s, d2) for d2 in others):
        return values
    return False


def _eliminate(values: dict, s: str, d: str):
    """Remove d from square s and propagate both strategies; the values, or False on a contradiction."""
    if d not in values[s]:
        return values
    values[s] = values[s].replace(d, "")
    if not values[s]:
        return False
    if len(values[s]) == 1:  # (1) a square with one digit left: remove it from the peers
        d2 = values[s]
        if not all(_eliminate(values, s2, d2) for s2 in _PEERS[s]):
            return False
    for u in _UNITS[s]:  # (2) a unit with one place left for d: put it there
        places = [sq for sq in u if d in values[sq]]
        if not places:
            return False
        if len(places) == 1 and not _assign(values, places[0], d):
            return False
    return values


def _parse_grid(line: str):
    values = {s: _DIGITS for s in _SQUARES}
    chars = [c for c in line if c in _DIGITS or c in "0."]
    for s, d in zip(_SQUARES, chars):
        if d in _DIGITS and not _assign(values, s, d):
            return False
    return values


def _search(values):
    if values is False:
        return False
    if all(len(values[s]) == 1 for s in _SQUARES):
        return values
    _n, s = min((len(values[s]), s) for s in _SQUARES if len(values[s]) > 1)
    for d in values[s]:
        result = _search(_assign(values.copy(), s, d))
        if result:
            return result
    return False


def norvig_solve(g: Grid) -> Optional[Grid]:
    """A solution by the Norvig-style propagate-and-search; None when there is none."""
    values = _search(_parse_grid(g.to_line()))
    if not values:
        return None
    return Grid(int(values[s]) for s in _SQUARES)


def classic_solve(g: Grid, cap: int = 200_000) -> BacktrackCounts:
    """Run the classic backtracker on ``g`` for at most ``cap`` placements; its counters."""
    return count_backtrack_work(g, "row-major", cap=cap)
