"""The neighbourhood walk: new hard puzzles made from a hard one, as the forum's lists are.

Puzzles that need the hardest techniques are far too rare among dug puzzles (well under 1 in
400) for digging to find them in seconds.  But the puzzles next to a hard one are often hard
too.  So, from a start puzzle (one solution, minimal), each move:

1. blanks one or two givens (one symmetry orbit at a time), so the puzzle has several
   solutions, and maybe gives one more cell of one of them;
2. gives back, one at a time, a cell where two of its solutions differ (the digit of the
   one kept) until one solution is left: the puzzle is unique again, with a solution that
   may be new;
3. blanks every given it can spare, in random order, while the solution stays unique: the
   puzzle is minimal again.

The result is kept (and the walk goes on from it) when ``keep`` says it is still hard
enough (the generator lets it be one level easier than asked); once the walk is ``moves`` kept
moves from its start, the first kept puzzle that ``done`` accepts is the answer.  At a dead end
(``tries`` moves in a row not kept) the walk steps back to the puzzle before.  After a few
moves the givens and the solution have changed enough that the puzzle is essentially new
(:func:`solver.isomorph.canonical` tells; the generator checks it).
"""
from __future__ import annotations

import random
from typing import Callable, Optional

from .cancel import check
from .grid import Grid
from .search import count_solutions, find_solutions

__all__ = ["walk", "minimal", "is_minimal"]

MAX_REPAIRS = 8  # cells given back per move before the move is dropped (rarely reached)
_CANCELLED = "generation cancelled"


def _unique(cells, cancel) -> bool:
    return count_solutions(Grid(cells), 2, cancel=cancel) == 1


def minimal(cells: list[int], orbits, rng: random.Random, cancel=None) -> list[int]:
    """``cells`` (one solution) with givens blanked, orbit by orbit in random order, while the
    solution stays unique: no orbit of givens is left that it can spare."""
    cells = list(cells)
    order = [o for o in orbits if cells[o[0]]]
    rng.shuffle(order)
    for orb in order:
        check(cancel, _CANCELLED)
        kept = [cells[i] for i in orb]
        for i in orb:
            cells[i] = 0
        if not _unique(cells, cancel):
            for i, d in zip(orb, kept):
                cells[i] = d
    return cells


def is_minimal(cells, orbits=None) -> bool:
    """True when blanking any given (any orbit of givens) leaves more than one solution."""
    orbits = orbits or [(i,) for i in range(81)]
    for orb in orbits:
        if cells[orb[0]]:
            less = list(cells)
            for i in orb:
                less[i] = 0
            if count_solutions(Grid(less), 2) == 1:
                return False
    return True


def _move(cells: list[int], orbits, rng: random.Random, cancel) -> Optional[list[int]]:
    """One move of the walk (see the module doc): a unique minimal puzzle, or None."""
    out = list(cells)
    given = [o for o in orbits if out[o[0]]]
    for orb in rng.sample(given, min(len(given), rng.choice((1, 1, 2)))):
        for i in orb:
            out[i] = 0
    sols = find_solutions(Grid(out), 2, cancel=cancel)
    keep = rng.choice(sols).cells
    if rng.random() < 0.5:  # one more cell of the kept solution: the forum's "-n +m" moves
        empty = [o for o in orbits if not out[o[0]]]
        for i in rng.choice(empty):
            out[i] = keep[i]
    for _ in range(MAX_REPAIRS):
        check(cancel, _CANCELLED)
        sols = find_solutions(Grid(out), 2, cancel=cancel)
        if len(sols) == 1:
            break
        other = sols[0].cells if sols[0].cells != keep else sols[1].cells
        differ = [o for o in orbits if any(keep[i] != other[i] for i in o)]
        for i in rng.choice(differ):
            out[i] = keep[i]
    else:
        return None
    return minimal(out, orbits, rng, cancel)


def walk(start: list[int], orbits, rng: random.Random, keep: Callable[[list[int]], bool],
         done: Callable[[list[int]], bool], *, moves: int, tries: int, length: int,
         cancel=None) -> Optional[list[int]]:
    """Walk from ``start`` (unique, minimal) through puzzles ``keep`` accepts; once a puzzle is
    ``moves`` kept moves from ``start``, return the first that ``done`` accepts.  After ``tries``
    moves in a row that were not kept (a dead end) the walk steps back to the puzzle before;
    None when it steps back past ``start``, or after ``length`` moves in all."""
    trail, stalled = [list(start)], 0
    for _ in range(length):
        check(cancel, _CANCELLED)
        cur = trail[-1]
        nxt = _move(cur, orbits, rng, cancel)
        if nxt is None or nxt == cur or not keep(nxt):
            stalled += 1
            if stalled >= tries:
                # a dead end: go on from the puzzle before, so the moves made so far still
                # count (starting again from a seed made most kept puzzles too near it to answer)
                trail.pop()
                if not trail:
                    return None
                stalled = 0
            continue
        trail.append(nxt)
        stalled = 0
        if len(trail) > moves and done(nxt):
            return nxt
    return None
