"""The fast solver: bitmask candidates, singles propagation, fewest-candidates search.

Representation (see ``grid.py`` for the vocabulary): the search state is a
plain list of 81 ints, one 9-bit **candidate mask** per cell (bit ``d - 1`` set
means digit ``d`` is still possible), and a list of 243 digit counts (below).
A cell whose mask has a single bit is solved.  Branching copies both lists
(``cand[:]`` is one fast C call), so no undo log is needed.

Propagation, after each placement:

* **naked singles** -- a placed digit is removed from the masks of the cell's
  20 peers; a peer left with one bit is queued as placed in turn;
* **hidden singles** -- the state also keeps, per unit and digit, how many
  cells of the unit still hold the digit (``_COUNT_AT``).  Removing a digit
  from a cell lowers three counts; one that falls to 1 names a hidden single
  (its cell gets the digit), to 0 a contradiction.  So only the counts that
  fell are looked at, not every unit.  (Before, each unit where a mask had
  lost digits was recounted at C speed.  The counts give identical answers
  and node counts; they pay off on puzzles that need a search and most in
  the typo search, which runs tens of thousands of short searches on sparse
  grids, and cost a little on easy puzzles, solved by the start's
  propagation alone: docs/benchmarks.md, Hidden singles from counts.)

A cell with an empty mask, or a unit where some digit has no place left, is a
contradiction.  The search branches on a blank cell with the fewest
candidates (MRV); among tied cells (up to 20, see ``_TIE_CAP``) it takes the
one whose guess forces the most: peers that are unsolved, that share its
digits, and above all two-candidate peers that share a digit (in one branch
they become singles) or both digits (singles in both branches).  A guess
that forces more leaves a smaller tree below it, which matters most for an
exhaustive ``count_solutions``, because a count has to visit the whole tree
(against the earlier rules: docs/benchmarks.md, Search engine).  The search
is iterative with an explicit stack (depth <= 81: no recursion limit concerns).

``python -m bench`` measures it against a Norvig-style solver and the classic
backtracker, and ``count_solutions(limit=2)`` against one ``solve``
(docs/benchmarks.md, The solver).  That ratio is close to its floor: a unique
puzzle's count visits the whole tree, a solve on the hard sets about half of
it, so only pruning that costs less than the nodes it saves can lower it
further.

Roads not taken (each was measured and lost; the figures are in
docs/benchmarks.md, Search engine): Norvig's dict of digit strings reads
beautifully but is several times slower; locked candidates (pointing and
claiming) in the propagation cut nodes but cost more per node than they save
-- also for the exhaustive count alone, and applied only near the root or only
where a sibling's subtree was big; so do naked pairs in the count, even when
each pair is looked at only once; filtering peers with ``itertools.compress``
and coarser "dirty unit" tracking were slower.  Dancing links is elegant but
its pointer juggling is slow in Python.

Public: :class:`SearchStats`, :func:`solve`, :func:`count_solutions`,
:func:`find_solutions` (and :class:`Cancelled`, from ``cancel.py``).  For
``diagnose`` (module level, not re-exported by the package): :class:`Position`,
:class:`Contradiction`, :func:`find_contradiction`, :func:`solve_excluding`,
:func:`solution_digits`.  The mask tables come from ``candidates.py``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import gt, itemgetter
from typing import Optional

from .cancel import Cancelled, check
from .candidates import ALL, BIT, DIGIT_OF, DIGITS_IN, POP, candidate_masks
from .grid import PEERS, UNITS, UNITS_OF, Grid, Unit, cell_of

__all__ = [
    "Cancelled", "SearchStats", "solve", "count_solutions", "find_solutions",
    "Contradiction", "find_contradiction", "solve_excluding", "solution_digits", "Position",
]

# Tables for this search, from the shared ones: "is a single bit"; for
# choosing the branching cell popcount with solved/dead cells as 10 (never
# chosen), and per cell a C-level getter of its 20 peers' masks.
_SINGLE = [n == 1 for n in POP]
_BRANCH_POP = [n if n > 1 else 10 for n in POP]
_PEER_MASKS = tuple(itemgetter(*p) for p in PEERS)
_UNITS = tuple(UNITS)
_PEERS = tuple(PEERS)
# Hidden singles by counting: besides its 81 masks a search state keeps, per unit u and
# digit d, how many cells of u still hold d (solved or not), at ``9 * u + d - 1``.  Taking
# a digit from a cell lowers its row's, column's and box's count: per (digit - 1) and
# cell, those three indexes.  A count that falls to 1 is a hidden single (when that cell
# is not solved yet), to 0 a contradiction.
_COUNT_AT = tuple(tuple((9 * r + d, 9 * c + d, 9 * b + d) for r, c, b in UNITS_OF)
                  for d in range(9))
_DIGIT0 = tuple(DIGIT_OF[m] - 1 for m in range(512))  # single bit -> digit - 1


def _peer_units(i: int) -> tuple:
    """Cell ``i``'s peers, split by how many of their units are not ``i``'s: ((p, 9 * u,
    9 * v), ...) for the 16 with two such units, ((p, 9 * u), ...) for the 4 with one."""
    two, one = [], []
    for p in PEERS[i]:
        other = [9 * u for u in UNITS_OF[p] if u not in UNITS_OF[i]]
        (two if len(other) == 2 else one).append((p, *other))
    return tuple(two), tuple(one)


_PEER_UNITS = tuple(_peer_units(i) for i in range(81))
_OWN_UNITS = tuple(tuple(9 * u for u in us) for us in UNITS_OF)
_DIGITS0 = tuple(tuple(d - 1 for d in DIGITS_IN[m]) for m in range(512))
# Counting a unit's digits at C speed (for a start): a mask "spread" to nine 4-bit
# counters, bit d - 1 -> 1 << 4 * (d - 1).
_SPREAD = tuple(sum(1 << (4 * d) for d in range(9) if m >> d & 1) for m in range(512))
_UNIT_MASKS = tuple(itemgetter(*u) for u in UNITS)
_CHUNK = tuple((x & 15, x >> 4 & 15, x >> 8) for x in range(4096))  # three counters of a sum


class _TieScores(dict):
    """Per candidate mask ``m`` of a tied cell: a C-level getter of each peer mask's score.

    An unsolved peer scores 4 plus 1 per digit it shares with ``m``; a peer
    with two candidates that shares a digit with ``m`` scores 13 (a guess at
    the tied cell leaves it a single in one branch), one holding exactly
    ``m``'s two digits 18 (a single in both).  Built on first use (a few
    dozen masks ever come up).
    """

    def __missing__(self, m: int):
        table = []
        for p in range(512):
            n, k = POP[p], POP[p & m]
            w = 0 if n < 2 else (4 if k == 2 else 3) if n == 2 and k else 1
            table.append(4 * w + k if n > 1 else 0)
        get = self[m] = table.__getitem__
        return get


_TIE_SCORES = _TieScores()
# Look at most at this many tied cells (scoring all costs more than it
# saves); until the first guess has failed, at fewer: a search that never
# backtracks (easy and many-solution puzzles, whose open grids have dozens of
# tied cells) gains nothing from a better choice, and scoring _TIE_CAP cells per
# node only slows it down (docs/benchmarks.md, Search engine).
_TIE_CAP = 20
_EASY_TIE_CAP = 6
_CANCEL_EVERY = 1024  # nodes between two looks at the cancel token (a power of two)
_CANCELLED = "search cancelled"


@dataclass
class SearchStats:
    """Work counters, added to by every search that is given this object.

    ``nodes``: positions propagated (the start plus one per digit tried);
    ``guesses``: digits tried at a branching cell; ``backtracks``: tries that
    ended in a contradiction.
    """

    nodes: int = 0
    guesses: int = 0
    backtracks: int = 0


def _propagate(cand, count, queue, low, peer_units=_PEER_UNITS, own=_OWN_UNITS,
               single=_SINGLE, digit0=_DIGIT0, units=_UNITS):
    """Place the queued cells and every single they force; False on a contradiction.

    ``cand``: the 81 masks; ``count``: the digit counts per unit (see ``_COUNT_AT``);
    ``queue``: cells whose masks already are single bits and whose digit has not yet been
    removed from their peers; ``low``: indexes of counts that fell below 2 and have not
    been looked at.  Both lists are used up.
    """
    pop = queue.pop
    push = queue.append
    note = low.append
    while True:
        # Naked singles: a placed digit leaves its 20 peers.  In the placed cell's own
        # units it is left once (there), elsewhere each peer that held it lowers a count.
        # (The two loops differ only in the second count; written out, because this is the
        # hottest loop of the engine and a call per digit taken would cost more than it does.)
        while queue:
            i = pop()
            b = cand[i]
            d = digit0[b]
            two, one = peer_units[i]
            for p, u, v in two:
                m = cand[p]
                if m & b:
                    m ^= b
                    cand[p] = m
                    u += d
                    n = count[u] - 1
                    count[u] = n
                    if n < 2:
                        note(u)
                    v += d
                    n = count[v] - 1
                    count[v] = n
                    if n < 2:
                        note(v)
                    if single[m]:
                        push(p)
                    elif not m:
                        return False
            for p, u in one:
                m = cand[p]
                if m & b:
                    m ^= b
                    cand[p] = m
                    u += d
                    n = count[u] - 1
                    count[u] = n
                    if n < 2:
                        note(u)
                    if single[m]:
                        push(p)
                    elif not m:
                        return False
            r, c, x = own[i]
            count[r + d] = count[c + d] = count[x + d] = 1
        # Hidden singles: a digit left in one cell of a unit goes there; in none, a contradiction.
        while low:
            k = low.pop()
            n = count[k]
            if n == 1:
                b = 1 << k % 9
                for i in units[k // 9]:
                    m = cand[i]
                    if m & b:
                        break
                if m != b:
                    cand[i] = b
                    _taken(count, i, m ^ b, note)
                    push(i)
            elif not n:
                return False
        if not queue:
            return True


def _taken(count, i, gone, note, at=_COUNT_AT, digits0=_DIGITS0):
    """Lower the counts of the digits ``gone`` (a mask) in cell ``i``'s three units."""
    for d in digits0[gone]:
        for k in at[d][i]:
            n = count[k] - 1
            count[k] = n
            if n < 2:
                note(k)


def _start(cells, exclude=None) -> Optional[tuple]:
    """(masks, counts) for a grid's digits, propagated; None when that already contradicts.

    ``exclude``: optional ``(index, digit)``, a digit that blank cell may not hold.  The
    givens' digits are taken from their peers at once (the masks no peer rules out), then
    only the singles that leaves are propagated.
    """
    seen = [0] * 27  # digits given per unit
    for i, d in enumerate(cells):
        if d:
            b = BIT[d]
            r, c, x = UNITS_OF[i]
            if (seen[r] | seen[c] | seen[x]) & b:
                return None  # the same digit twice in a unit
            seen[r] |= b
            seen[c] |= b
            seen[x] |= b
    cand = [BIT[d] if d else ALL & ~(seen[r] | seen[c] | seen[x])
            for d, (r, c, x) in zip(cells, UNITS_OF)]
    if exclude is not None:
        i, d = exclude
        if not cells[i]:
            cand[i] &= ~BIT[d]
    if not all(cand):
        return None  # a blank cell with no digit left
    count = []
    spread, chunk = _SPREAD.__getitem__, _CHUNK
    for get in _UNIT_MASKS:
        total = sum(map(spread, get(cand)))
        count += chunk[total & 4095]
        count += chunk[total >> 12 & 4095]
        count += chunk[total >> 24]
    queue = [i for i, (d, m) in enumerate(zip(cells, cand)) if not d and _SINGLE[m]]
    low = list(compress(range(243), map(gt, repeat(2), count)))
    if not _propagate(cand, count, queue, low):
        return None
    return cand, count


def open_candidates(cells) -> int:
    """How many candidates are left beyond one per cell once every naked and hidden single of
    the grid ``cells`` is placed (0: singles solve it; -1: it breaks a rule on the way)."""
    state = _start(cells)
    return -1 if state is None else sum(map(POP.__getitem__, state[0])) - 81


def _search(cells, limit, cancel, stats, exclude=None) -> list:
    """Up to ``limit`` solutions (as mask lists) of the grid ``cells``."""
    return _search_from(_start(cells, exclude), limit, cancel, stats)


def _search_from(state, limit, cancel, stats) -> list:
    """Up to ``limit`` solutions (as mask lists) below the propagated ``state`` (masks and
    counts, as from ``_start``; None: a contradiction already).  The lists are used up."""
    out = []
    nodes = guesses = backtracks = 0
    nodes += 1
    branch_pop = _BRANCH_POP.__getitem__
    tie_scores = _TIE_SCORES
    peer_masks = _PEER_MASKS
    stack = []
    propagate = _propagate
    taken = _taken
    try:
        if state is None:
            backtracks += 1
            return out
        cand, count = state
        while True:
            if cand is not None:
                # Branch on a cell with the fewest candidates; among those, the
                # one whose guess forces the most (see _TieScores).
                popl = list(map(branch_pop, cand))
                best = min(popl)
                if best == 10:
                    out.append(cand)
                    if len(out) >= limit:
                        return out
                else:
                    i = bi = popl.index(best)
                    ties = popl.count(best)
                    if ties > 1:
                        cap = _TIE_CAP if backtracks else _EASY_TIE_CAP
                        if ties > cap:
                            ties = cap
                        top_score = -1
                        while True:
                            score = sum(map(tie_scores[cand[i]], peer_masks[i](cand)))
                            if score > top_score:
                                top_score = score
                                bi = i
                            ties -= 1
                            if not ties:
                                break
                            i = popl.index(best, i + 1)
                    stack.append([cand, count, bi, cand[bi]])
            # Try the next digit of the deepest open branch.
            cand = None
            while stack:
                top = stack[-1]
                bits = top[3]
                b = bits & -bits
                bits ^= b
                i = top[2]
                if bits:
                    top[3] = bits
                    c = top[0][:]
                    k = top[1][:]
                else:
                    stack.pop()
                    c = top[0]  # last digit: reuse the parent's lists
                    k = top[1]
                low = []
                taken(k, i, c[i] ^ b, low.append)
                c[i] = b
                nodes += 1
                guesses += 1
                if cancel is not None and not nodes & (_CANCEL_EVERY - 1) and cancel.is_set():
                    raise Cancelled(_CANCELLED)
                if propagate(c, k, [i], low):
                    cand = c
                    count = k
                    break
                backtracks += 1
            if cand is None:
                return out  # tree exhausted
    finally:
        if stats is not None:
            stats.nodes += nodes
            stats.guesses += guesses
            stats.backtracks += backtracks


def _to_grid(cand) -> Grid:
    return Grid([DIGIT_OF[m] for m in cand])


def solve(g: Grid, *, cancel=None, stats: SearchStats | None = None) -> Grid | None:
    """One solution of ``g`` (any one if several); None if none or ``g`` breaks a rule.

    Raises :class:`Cancelled` when ``cancel.is_set()`` becomes true.
    """
    check(cancel, _CANCELLED)
    sols = _search(g.cells, 1, cancel, stats)
    return _to_grid(sols[0]) if sols else None


def solve_excluding(g: Grid, cell, digit: int, *, cancel=None,
                    stats: SearchStats | None = None) -> Grid | None:
    """A solution of ``g`` with ``cell`` blanked and not holding ``digit``; None if none.

    For ``diagnose``: "is the puzzle solvable if this given were different?"
    Leaving out the solutions with the old digit there spares the search the
    whole subtree of the original (unsolvable) puzzle.
    """
    check(cancel, _CANCELLED)
    r, c = cell
    cells = list(g.cells)
    cells[9 * r + c] = 0
    sols = _search(cells, 1, cancel, stats, (9 * r + c, digit))
    return _to_grid(sols[0]) if sols else None


def solution_digits(g: Grid, limit: int, *, cancel=None,
                    stats: SearchStats | None = None,
                    exclude: Optional[tuple] = None) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions as 81-digit tuples ([] if none).

    For ``diagnose``, which enumerates thousands of solutions to find a clue
    that singles one out: plain tuples are much cheaper than ``Grid`` objects.
    ``exclude``: optional ``(cell, digit)``, a digit that blank cell may not hold
    (the typo search asks "which other digits work here?").
    """
    if limit <= 0:
        return []
    check(cancel, _CANCELLED)
    digit = DIGIT_OF.__getitem__
    if exclude is not None:
        (r, c), d = exclude
        exclude = (9 * r + c, d)
    return [tuple(map(digit, c)) for c in _search(g.cells, limit, cancel, stats, exclude)]


class Position:
    """A grid's candidate masks once every single is placed, to search again and again with a
    few more digits placed: for the typo search, which tries many one-digit changes of one
    grid.  Starting from here spares each search propagating the grid's own givens (a fifth
    of a short search's time); the solutions, their order and the work counted are the same
    as a search of the changed grid from scratch (singles propagation reaches one fixpoint,
    whatever the order).

    ``Position(g, exclude=None)``: ``exclude`` as in :func:`solution_digits`.
    """

    __slots__ = ("state",)

    def __init__(self, g: Grid, exclude: Optional[tuple] = None):
        if exclude is not None:
            (r, c), d = exclude
            exclude = (9 * r + c, d)
        self.state = _start(g.cells, exclude)  # None: the grid already contradicts

    def solution_digits(self, placed=(), limit: int = 1, *, cancel=None,
                        stats: SearchStats | None = None) -> list[tuple[int, ...]]:
        """Up to ``limit`` solutions (81-digit tuples) of the grid with ``placed`` added:
        ``((row, col), digit)`` pairs, each cell blank in the grid or holding that digit.
        Any excluded digit stays excluded: place only digits whose grid rules it out too
        (a digit in the same row, column or box), or the answer is that of a smaller grid."""
        if limit <= 0:
            return []
        check(cancel, _CANCELLED)
        state = self.state
        if state is not None:
            cand, count = state[0][:], state[1][:]
            queue, low = [], []
            for (r, c), d in placed:
                i = 9 * r + c
                b = BIT[d]
                if not cand[i] & b:
                    state = None
                    break
                if cand[i] != b:
                    _taken(count, i, cand[i] ^ b, low.append)
                    cand[i] = b
                    queue.append(i)
            else:
                state = (cand, count) if _propagate(cand, count, queue, low) else None
        digit = DIGIT_OF.__getitem__
        return [tuple(map(digit, c)) for c in _search_from(state, limit, cancel, stats)]


def count_solutions(g: Grid, limit: int = 2, *, cancel=None,
                    stats: SearchStats | None = None) -> int:
    """How many solutions ``g`` has, counting stops at ``limit`` (0 if it breaks a rule)."""
    if limit <= 0:
        return 0
    check(cancel, _CANCELLED)
    return len(_search(g.cells, limit, cancel, stats))


def find_solutions(g: Grid, limit: int = 2, *, cancel=None,
                   stats: SearchStats | None = None) -> list[Grid]:
    """Up to ``limit`` distinct solutions of ``g`` in search order ([] if none)."""
    if limit <= 0:
        return []
    check(cancel, _CANCELLED)
    return [_to_grid(c) for c in _search(g.cells, limit, cancel, stats)]


# -- for diagnose: explain the first contradiction ---------------------------

@dataclass(frozen=True)
class Contradiction:
    """The first contradiction that singles propagation runs into, as plain data.

    ``kind`` is ``"dead_cell"`` (``cell`` has no possible digit) or
    ``"no_place"`` (``digit`` has no place left in ``unit``).  ``placed`` lists
    the ``((row, col), digit)`` placements forced by singles before the
    contradiction appeared, in order (empty: the grid's own digits already
    contradict).  ``grid`` is the grid with those placements filled in.
    """

    kind: str
    cell: Optional[tuple] = None
    unit: Optional[Unit] = None
    digit: Optional[int] = None
    placed: tuple = ()
    grid: Optional[Grid] = field(default=None, compare=False)

    @property
    def cells(self) -> tuple:
        """The cells to highlight: the dead cell, or the cells of the unit."""
        if self.kind == "dead_cell":
            return (self.cell,)
        return self.unit.cells


def _first_problem(cells, cand):
    """The first dead cell (reading order), else the first unit/digit with no place."""
    for i in range(81):
        if not cells[i] and not cand[i]:
            return ("dead_cell", i, None, None)
    for u, unit in enumerate(_UNITS):
        have = 0
        for i in unit:
            have |= cand[i]
        if have != ALL:
            missing = ALL & ~have
            d = DIGIT_OF[missing & -missing]
            return ("no_place", None, u, d)
    return None


def find_contradiction(g: Grid, *, cancel=None) -> Optional[Contradiction]:
    """The first contradiction found by singles propagation, or None when there is none.

    Deterministic and explainable, so it works one placement at a time: after
    each placement it looks for a dead cell (reading order), then a row,
    column or box where a digit has no place (rows, columns, boxes; digits
    ascending); otherwise it places the first naked single in reading order,
    else the first hidden single (units in order, digits ascending).  It stops
    at the first contradiction or when no single is left (then None: the grid
    may still have no solution, which only search can tell).  A grid with a
    duplicate digit in a unit is reported as a contradiction too (its digits
    are not checked against each other: use ``diagnose.validate`` for that).
    """
    if _start(g.cells) is not None:
        # The fast propagation reaches the same fixpoint (singles only remove
        # candidates, so the order does not matter): no contradiction.
        return None
    cells = list(g.cells)
    cand = candidate_masks(cells)
    placed = []
    while True:
        check(cancel, _CANCELLED)
        problem = _first_problem(cells, cand)
        if problem is not None:
            kind, i, u, d = problem
            return Contradiction(
                kind,
                cell=cell_of(i) if i is not None else None,
                unit=Unit.from_number(u) if u is not None else None,
                digit=d,
                placed=tuple(placed),
                grid=Grid(cells),
            )
        target = -1
        for i in range(81):
            if not cells[i] and _SINGLE[cand[i]]:
                target, bit = i, cand[i]
                break
        if target < 0:
            for unit in _UNITS:
                once = twice = 0
                for i in unit:
                    if not cells[i]:
                        m = cand[i]
                        twice |= once & m
                        once |= m
                    else:
                        twice |= BIT[cells[i]]
                once &= ~twice
                if once:
                    bit = once & -once
                    for i in unit:
                        if not cells[i] and cand[i] & bit:
                            target = i
                            break
                    break
        if target < 0:
            return None
        d = DIGIT_OF[bit]
        cells[target] = d
        cand[target] = bit
        placed.append((cell_of(target), d))
        nb = ~bit
        for p in _PEERS[target]:
            if not cells[p]:
                cand[p] &= nb
