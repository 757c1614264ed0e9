"""How much work the visible search does: counted exactly, or estimated past a cap.

:func:`count_backtrack_work` gives the final counters of
``backtrack_steps(g, order)`` without building event objects (a tight
bitmask loop for ``"row-major"``), so the app can say "the classic
backtracker needs 1,234,567 placements" and the benchmark can run it with a
cap.  It checks the ``cancel`` token about every thousand steps and raises
:class:`solver.Cancelled`.

:func:`estimate_backtrack_work` estimates those counters when counting would
take too long (as for the pathological puzzle's 69 million classic placements;
both times are in docs/benchmarks.md, The search demo): the path to
the first solution is walked exactly, the subtrees the search explores in vain
on the way are counted when small and sampled with random probes (Knuth 1975,
Chen 1992) when big.

The searches themselves (orders, events, the board) are in ``backtrack.py``;
masks follow ``candidates.py`` (bit ``d - 1`` for digit ``d``).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Optional

from .backtrack import CANCEL_EVERY, CANCELLED, MaskGrid, check_order, walk
from .cancel import check
from .candidates import ALL, BIT, DIGITS_IN, unit_masks
from .grid import BOX_OF, COL_OF, ROW_OF, Grid, first_conflict
from .search import count_solutions, solve

__all__ = ["BacktrackCounts", "WorkEstimate", "BacktrackFigure", "count_backtrack_work", "estimate_backtrack_work",
           "backtrack_figure", "remember_backtrack_count", "BACKTRACK_CAP",
           "EXACT_FIRST", "EXACT_PART", "SAMPLES", "SPLIT_LIMIT"]


@dataclass(frozen=True)
class BacktrackCounts:
    """Final counters of a search; ``capped`` when it stopped at the placement cap."""

    placements: int
    backtracks: int
    steps: int
    solved: bool
    capped: bool



def count_backtrack_work(g: Grid, order: str = "row-major", *, cap: int = 10_000_000,
                         cancel=None) -> BacktrackCounts:
    """The final counters of ``backtrack_steps(g, order)`` without building events.

    Stops at the ``cap``-th placement with ``capped=True`` (the counters are
    then those of that placement's event).  ValueError for an unknown order;
    Cancelled when ``cancel.is_set()``.
    """
    check_order(order)
    cells = tuple(g.cells)
    if first_conflict(cells) is not None:
        return BacktrackCounts(0, 0, 1, False, False)
    counts = _count(cells, order, cap, cancel)
    if order == "row-major" and not counts.capped:
        _remember(cells, BacktrackFigure(counts))  # exact: the card and the CLI state this figure now
    return counts


def _count(cells, order, cap, cancel) -> BacktrackCounts:
    # count_backtrack_work on a conflict-free cells tuple
    if order == "row-major":
        return _count_row_major(cells, cap, cancel)
    placements = backtracks = steps = 0
    for kind, _i, _d, _p, _u, note in walk(cells, order):
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
        if cancel is not None and steps % CANCEL_EVERY == 0:
            check(cancel, CANCELLED)
    raise AssertionError("a walk always ends with solved or exhausted")  # pragma: no cover


def _count_row_major(cells, cap, cancel) -> BacktrackCounts:
    # The classic search on bitmasks.  Events per visit of a level: one "try"
    # per digit examined, each followed by a "reject" or the "place"; so
    # steps = 2 * tries + undos (+1 for the final event).
    rows, cols, boxes = unit_masks(cells)
    empties = [i for i in range(81) if not cells[i]]
    n = len(empties)
    rs = [ROW_OF[i] for i in empties]
    cs = [COL_OF[i] for i in empties]
    bs = [BOX_OF[i] for i in empties]
    above = [ALL & ~((1 << d) - 1) for d in range(10)]  # digits greater than d
    last = [0] * n
    bits = BIT
    placements = backtracks = tries = 0
    check_every = 1 << 14  # placements between cancel checks: often enough for Esc to stop at once
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
            d = bit.bit_length()
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
                check(cancel, CANCELLED)
            k += 1
        else:
            tries += 9 - prev
            last[k] = 0
            k -= 1
            if k < 0:
                return BacktrackCounts(placements, backtracks, 2 * tries + backtracks + 1, False, False)
            bit = ~bits[last[k]]
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


EXACT_FIRST = {"row-major": 20_000, "fewest-candidates": 5_000, "propagation": 2_000}  # whole-run count first
EXACT_PART = {"row-major": 300, "fewest-candidates": 100, "propagation": 40}  # per subtree before sampling
SAMPLES = {"row-major": 10_000, "fewest-candidates": 2_000, "propagation": 2_000}  # default probes
SPLIT_LIMIT = 50  # subtrees split into their children (counted exactly when small) before sampling


def _singles(b: "MaskGrid") -> tuple:
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
        rows, cols, boxes = unit_masks(cells)
        free = ALL & ~(rows[ROW_OF[i]] | cols[COL_OF[i]] | boxes[BOX_OF[i]])
        return _own(order), [cells[:i] + (d,) + cells[i + 1:] for d in DIGITS_IN[free]]
    b = MaskGrid(cells)
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
    return _own(order, w), [base[:i] + (d,) + base[i + 1:] for d in DIGITS_IN[mask]]


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
        self.masks = unit_masks(cells)
        empties = [i for i in range(81) if not cells[i]]
        self.rs = [ROW_OF[i] for i in empties]
        self.cs = [9 + COL_OF[i] for i in empties]
        self.bs = [18 + BOX_OF[i] for i in empties]

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
                free = ALL & ~(used[r] | used[c] | used[b])
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
                    f = ALL & ~(u[r2] | u[c2] | u[b2])
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
        b = MaskGrid(self.cells)
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
            digits = DIGITS_IN[mask]
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
        rows, cols, boxes = unit_masks(board)
        for i in range(81):
            if board[i]:
                continue
            free = ALL & ~(rows[ROW_OF[i]] | cols[COL_OF[i]] | boxes[BOX_OF[i]])
            for d in DIGITS_IN[free]:
                if leads(board, i, d):
                    break
                left.append(board[:i] + (d,) + board[i + 1:])
            else:  # pragma: no cover - the solution's digit is always legal
                raise AssertionError("the first solution left the classic path")
            steps += 2 * d  # tries 1..d, each with its reject or place event
            placements += 1
            bit = BIT[d]
            rows[ROW_OF[i]] |= bit
            cols[COL_OF[i]] |= bit
            boxes[BOX_OF[i]] |= bit
            board = board[:i] + (d,) + board[i + 1:]
        return (placements, 0, steps + 1), left
    b = MaskGrid(cells)
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
        for d in DIGITS_IN[mask]:
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
        rows, cols, boxes = unit_masks(cells)
        free = ALL & ~(rows[ROW_OF[i]] | cols[COL_OF[i]] | boxes[BOX_OF[i]])
        return (0, 0, 19), [cells[:i] + (d,) + cells[i + 1:] for d in DIGITS_IN[free]]
    b = MaskGrid(cells)
    w = 0
    if order == "propagation":
        w, dead = _singles(b)
        if dead:
            return (w, 0, 2 * w + 1), []
    pick = b.fewest()
    i, mask = pick  # not None: a complete conflict-free grid is a solution
    base = tuple(b.cells)
    return (w, 0, 2 * w + 1), [base[:i] + (d,) + base[i + 1:] for d in DIGITS_IN[mask]]


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
    check_order(order)
    if samples is None:
        samples = SAMPLES[order]
    if samples < 1:
        raise ValueError("samples must be at least 1")
    cells = tuple(g.cells)
    if first_conflict(cells) is not None:
        return WorkEstimate(0, 0, 1, False, True, 0, 0.0, 0, 0)
    whole = _count(cells, order, EXACT_FIRST[order], cancel)
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
    part = EXACT_PART[order]
    sampled = []
    splits = 0
    while queue:
        sub = queue.pop()
        exact = _exact_part(sub, order, part, cancel)
        if exact is not None:
            for j in range(3):
                known[j] += exact[j]
        elif splits < SPLIT_LIMIT:
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
                check(cancel, CANCELLED)
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


# -- one figure for the classic backtracker: the card, the demo's Compare and the CLI -----------
#: placements the classic (row-major) backtracker is counted to before it is estimated instead
BACKTRACK_CAP = 1_000_000
FIGURE_SAMPLES = 20_000  # the estimate's probes, seed and time bound: fixed, so one puzzle gets one figure
FIGURE_SEED = 0
FIGURE_SECONDS = 5.0
_FIGURES: dict = {}  # cells -> BacktrackFigure, the last few puzzles (the card reuses the demo's count)
_KEEP = 16


@dataclass(frozen=True)
class BacktrackFigure:
    """The classic backtracker's work on a puzzle, as every part of the app states it: ``counts``
    (exact when not ``counts.capped``) and, past :data:`BACKTRACK_CAP`, ``estimate`` of the whole run."""

    counts: BacktrackCounts
    estimate: Optional["WorkEstimate"] = None

    @property
    def exact(self) -> bool:
        return not self.counts.capped


def _remember(cells: tuple, fig: "BacktrackFigure") -> None:
    _FIGURES.pop(cells, None)
    _FIGURES[cells] = fig
    while len(_FIGURES) > _KEEP:
        _FIGURES.pop(next(iter(_FIGURES)))


def remember_backtrack_count(g: Grid, counts: BacktrackCounts) -> None:
    """Keep the exact classic (row-major) counters of a run watched to its end (the demo's), so
    the card and the CLI state them for this puzzle; a capped count is not kept."""
    if not counts.capped:
        _remember(tuple(g.cells), BacktrackFigure(counts))


def backtrack_figure(g: Grid, *, cancel=None) -> BacktrackFigure:
    """The classic row-major backtracker's work on ``g``: counted to :data:`BACKTRACK_CAP`
    placements, estimated past it (fixed probes and seed).  A count made earlier of the same
    puzzle (the demo's Compare or "Count the whole run", any cap) is reused when it is exact."""
    cells = tuple(g.cells)
    known = _FIGURES.get(cells)
    if known is not None:
        return known
    counts = count_backtrack_work(g, "row-major", cap=BACKTRACK_CAP, cancel=cancel)
    known = _FIGURES.get(cells)  # (a count to the end recorded meanwhile)
    if known is not None:
        return known
    est = None
    if counts.capped:
        est = estimate_backtrack_work(g, "row-major", samples=FIGURE_SAMPLES, seed=FIGURE_SEED,
                                      cancel=cancel, seconds=FIGURE_SECONDS)
    fig = BacktrackFigure(counts, est)
    _remember(cells, fig)
    return fig
