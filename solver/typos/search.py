"""Find the typo: which slip, made while copying a published puzzle, explains the grid.

A published puzzle has exactly one solution.  When a hand-typed grid breaks a
rule, has no solution or has several, the likeliest cause is a slip made while
copying it.  :func:`find_typos` searches the slips people make, undoes each
one on the typed grid and keeps those whose undoing gives a puzzle with a
solution, ranked by how likely the slip is:

* ``wrong_digit``: a given typed with another digit (digits next to each other
  on a keypad or phone pad, and digits that look alike, more likely);
* ``shifted``: a given typed one cell off, along its row or column;
* ``swapped``: two neighbouring givens typed the other way round;
* ``left_out``: a given not typed at all (the fix adds it);
* ``extra``: a digit typed into a cell that is empty in the puzzle (the fix
  removes it);

then pairs of wrong digits, while their work budget lasts (counted in search positions,
so the outcome is the same on a busy machine).

An explanation ranks high when the fixed grid has **exactly one solution**, the slip is a
likely one and the fixed grid looks like a published puzzle: minimal, with few givens,
spread and often symmetric, and (when sparse) hard: not solved by singles alone, and
long for the computer's search to show it has one solution.  Fixes that leave
several solutions come after, wrong digits (half of a pair) first, then those closest to one
solution.  The model and its weights: :mod:`solver.typos.prior`.  Each :class:`Explanation`
carries its rank, the edits as data (:class:`Edit`: kind, cells, old and new digits), the
number of solutions after the fix (1, or 2 meaning "several") and the fixed grid; the
sentence for people is made from that data by :func:`describe_explanation`.

How the search stays fast: every edit of a given at cell X is read off one
enumeration of the solutions of the grid with X blanked (the digit X holds in
each solution tells which changed digit, which move and whether the removal
give exactly one solution; the solutions with the typed digit at X are left out of
that enumeration, since every such edit takes it away); added givens are read off the
typed grid's own solutions.  Only swaps and pairs are counted one by one, and on a grid with
several solutions a trade often shows "several" sooner (:meth:`_Search.several_by_swap`).
The changes of one grid are searched from its :class:`~solver.search.Position`, propagated once.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Optional

from ..cancel import Cancelled, Looks, WorkBudget, check
from ..grid import MIN_GIVENS, PEERS, UNITS, Grid, cell_of, index
from ..search import Position, SearchStats, count_solutions, open_candidates, solution_digits
from .prior import (HARD, HARD_CHECKED, HARD_SEARCH, KIND_PRIOR, OPEN_SEVERAL, PAIR_PRIOR, REDUNDANCY_CHECKED, REDUNDANCY_MARGIN,
                         REDUNDANT_GIVEN, SEVERAL_NOT_HALF_PAIR, SEVERAL_PENALTY,
                         SYMMETRIC, confusable, confusion,
                         minimal_weight, near_symmetries, needed_by_rectangle, puzzle_prior,
                         symmetric, upright)
from .results import SEVERAL, Edit, Explanation, TypoSearch
from .words import describe_explanation, explanation_msg, short_fix, short_fix_msg

__all__ = [
    "Edit", "Explanation", "TypoSearch", "SLIP_KINDS", "TYPO_SECONDS", "PAIR_NODES",
    "find_typos", "describe_explanation", "explanation_msg", "short_fix", "short_fix_msg", "confusable",
]

SLIP_KINDS = ("wrong_digit", "shifted", "swapped", "left_out", "extra")
PAIR_NODES = 3_500  # work budget of the pairs, in search positions (singles always finish)
# (the pairs were the largest part of the slowest checks, and a bigger budget names hardly
# more true cells: docs/benchmarks.md, How it stays fast)
CORE_LOOKS = 3  # a search for a core gives up after this many looks at its token (1,024 positions each)
TYPO_SECONDS = 1.0  # CPU seconds after which the pairs stop anyway: a safety net, not reached normally
ENUMERATE = 8  # solutions enumerated per blanked given: enough to tell 0, 1 and "several"
ENUMERATE_PAIR = 16  # the same per blanked pair of givens
SWAP_SOLUTIONS = 40  # solutions of a grid with several looked at for cells that can be traded
SWAP_SETS = 3  # sets of such cells tried before counting a fix's solutions
ENUMERATE_SEVERAL = 4  # the same when the typed grid has several solutions
ENUMERATE_TYPED = 200  # solutions of the typed grid enumerated to find a left-out given (when it
# has more, each digit of each blank not seen twice is counted: fewer positions than enumerating on)
MAX_EXPLANATIONS = 40  # explanations kept
KEYED = 5  # explanations whose fixed grid's solution is worked out (to compare fixes)

# -- the search ------------------------------------------------------------------------

def _neighbours(i: int) -> list[int]:
    r, c = divmod(i, 9)
    out = []
    for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < 9 and 0 <= cc < 9:
            out.append(9 * rr + cc)
    return out


def _peers(i: int, j: int) -> bool:
    return j in PEERS[i]


def _clashes(cells, i: int) -> bool:
    """True when the digit at ``i`` is also in one of its peers."""
    d = cells[i]
    return bool(d) and any(cells[p] == d for p in PEERS[i])


class _Search:
    """One typo search over the typed grid ``cells``."""

    def __init__(self, cells: tuple, cancel, keep=None):
        self.cells = cells
        self.cancel = cancel
        self.keep = keep or {}  # index -> digit the paper shows there: no fix may change it
        self.stats = SearchStats()  # the work of every search below, for the pairs' budget
        self.budget = None  # the pairs' WorkBudget, set when they start
        self.givens = [i for i, d in enumerate(cells) if d]
        self.n = len(self.givens)
        self.found: dict[tuple, Explanation] = {}
        self.counts: dict[tuple, int] = {}
        self.unit_givens = [sum(1 for i in unit if cells[i]) for unit in UNITS]
        self.near = None  # maps under which the typed pattern is nearly symmetric (typo_prior)
        self.symmetric = False
        self.no_given = (0, False)  # set by left_out when no added given singles out a solution
        self.weight = minimal_weight(self.n)  # how much the priors of sparse puzzles count
        self.swappable = []  # (cells, digits, other digits) that can be traded (several_by_swap)
        self.typed = None  # (Position, solutions) of the typed grid, see typed_solutions
        self.solved: dict[tuple, tuple] = {}  # a fixed grid with one solution -> that solution

    # counting, with the caller's cancel honoured (the budget only cuts the pairs)
    def count(self, cells, base: Optional[Position] = None, placed=()) -> int:
        """Solutions of ``cells`` (up to 2); ``base``: a Position that gives ``cells`` with
        ``placed`` added (the same count, without propagating every given again)."""
        key = tuple(cells)
        n = self.counts.get(key)
        if n is None:
            if base is None:
                n = count_solutions(Grid(key), SEVERAL, cancel=self.cancel, stats=self.stats)
            else:
                n = len(base.solution_digits(placed, SEVERAL, cancel=self.cancel, stats=self.stats))
            self.counts[key] = n
        return n

    def solutions(self, cells, limit: int, cancel=None, exclude=None) -> list:
        return solution_digits(Grid(cells), limit, cancel=cancel or self.cancel, stats=self.stats,
                               exclude=exclude)

    def add(self, edits: tuple, solutions: int, likelihood: float) -> None:
        if solutions <= 0:
            return
        fixed = list(self.cells)
        for e in edits:
            for cell, d in zip(e.cells, e.new):
                fixed[index(*cell)] = d
        if any(fixed[i] != d for i, d in self.keep.items()):
            return  # the paper shows otherwise there
        score = math.log(likelihood) + self.puzzle_prior(fixed)
        if solutions > 1:
            score -= SEVERAL_PENALTY
            if any(e.kind != "wrong_digit" for e in edits):
                score -= SEVERAL_NOT_HALF_PAIR
        elif self.weight:  # a sparse puzzle that singles solve is less likely (typo_prior)
            score += HARD * self.weight * max(0, open_candidates(fixed))
        key = tuple(fixed)
        old = self.found.get(key)
        if old is None or old.score < score:
            self.found[key] = Explanation(edits, min(solutions, SEVERAL), score, Grid(key))

    def puzzle_prior(self, fixed) -> float:
        """Log-likelihood of ``fixed`` as a published puzzle, relative to the typed grid."""
        cells = self.cells
        added = [i for i in range(81) if fixed[i] and not cells[i]]
        removed = [i for i in range(81) if cells[i] and not fixed[i]]
        if not added and not removed:
            return 0.0
        if self.near is None:  # the typed pattern's near symmetries, once
            self.near = near_symmetries([bool(d) for d in cells])
            self.symmetric = symmetric([bool(d) for d in cells], self.near)
        turned = symmetric([bool(d) for d in fixed], self.near) - self.symmetric
        return puzzle_prior(self.unit_givens, self.n, added, removed) + SYMMETRIC * turned

    # -- single slips ------------------------------------------------------------
    def edits_of_given(self, i: int, status: str) -> None:
        """Wrong digit, extra digit and one-cell-off, all at given ``i``, from one enumeration."""
        cells = self.cells
        t = cells[i]
        blanked = list(cells)
        blanked[i] = 0
        cell = cell_of(i)
        # every edit here takes the typed digit away from i, so only the solutions without
        # it there count (for a grid with several solutions that skips all of its own; for
        # the others there is none with it: i clashes, or the typed grid has no solution)
        # (for a grid with several solutions, few: the fixes are shown to have several
        # solutions more cheaply by trades, see several_by_swap)
        limit = ENUMERATE if status != "multiple" else ENUMERATE_SEVERAL
        base = Position(Grid(blanked), exclude=(cell, t))
        sols = base.solution_digits((), limit, cancel=self.cancel, stats=self.stats)
        if not sols:
            return
        complete = len(sols) < limit
        n = self.n
        at = Counter(s[i] for s in sols)
        for d in self.free_digits(blanked, i):
            if d == t:
                continue
            k = self.verified(base, blanked, i, d, at[d], complete)
            edit = Edit("wrong_digit", (cell,), (t,), (d,))
            self.add((edit,), k, KIND_PRIOR["wrong_digit"] / n * confusion(t, d))
        if status != "multiple":  # removing a given never makes several solutions fewer
            edit = Edit("extra", (cell,), (t,), (0,))
            # the puzzle had n - 1 givens and 81 - (n - 1) empty cells, any digit typed
            self.add((edit,), len(sols), KIND_PRIOR["extra"] / ((82 - n) * 9))
        for j in _neighbours(i):
            if cells[j] or t not in self.free_digits(blanked, j):
                continue
            k = self.verified(base, blanked, j, t, sum(1 for s in sols if s[j] == t), complete)
            edit = Edit("shifted", (cell, cell_of(j)), (t, 0), (0, t))
            self.add((edit,), k, KIND_PRIOR["shifted"] / (n * 4))

    @staticmethod
    def free_digits(cells, i: int) -> list:
        """Digits that no peer of ``i`` holds."""
        taken = {cells[p] for p in PEERS[i]}
        return [d for d in range(1, 10) if d not in taken]

    def verified(self, base: Position, blanked, j: int, d: int, seen: int, complete: bool) -> int:
        """Solutions of ``blanked`` (``base`` is its Position) with ``d`` at ``j`` (up to 2):
        exact from a complete enumeration or when it saw two; else shown several by a trade,
        or counted.  (``base`` may exclude the typed digit from the blanked given: a digit
        placed there, or next to it in its row or column, rules it out as well.)"""
        if complete or seen >= SEVERAL:
            return min(seen, SEVERAL)
        fixed = list(blanked)
        fixed[j] = d
        placed = ((cell_of(j), d),)
        if self.several_by_swap(fixed, base, placed):
            return SEVERAL
        return self.count(fixed, base, placed)

    def find_swappable(self) -> None:
        """For a typed grid with several solutions: the cells where two of its solutions
        differ, for the few pairs of solutions that differ in the fewest cells."""
        sols = self.typed_solutions()[1][:SWAP_SOLUTIONS]
        pairs = sorted(((sum(1 for a, b in zip(x, y) if a != b), k) for k, (x, y)
                        in enumerate(zip(sols, sols[1:]))))
        for _n, k in pairs[:SWAP_SETS]:
            x, y = sols[k], sols[k + 1]
            where = [j for j in range(81) if x[j] != y[j]]
            self.swappable.append((where, [x[j] for j in where], [y[j] for j in where]))

    def typed_solutions(self) -> tuple:
        """The typed grid's Position and its first ENUMERATE_TYPED solutions (once)."""
        if self.typed is None:
            base = Position(Grid(self.cells))
            self.typed = base, base.solution_digits((), ENUMERATE_TYPED, cancel=self.cancel,
                                                    stats=self.stats)
        return self.typed

    def several_by_swap(self, fixed, base: Position, placed: tuple) -> bool:
        """True when ``fixed`` surely has several solutions: where two solutions of the typed
        grid differ (cells blank in ``fixed`` too), the digits of one can be traded for the
        other's in any grid holding them (each unit keeps its digits there), so a solution of
        ``fixed`` with one side gives a second.  A search with those cells filled is short
        (from ``base``, which gives ``fixed`` with ``placed`` added)."""
        for where, x, y in self.swappable:
            if any(fixed[j] for j in where):
                continue
            for pattern in (x, y):
                trial = placed + tuple((cell_of(j), d) for j, d in zip(where, pattern))
                if base.solution_digits(trial, 1, cancel=self.cancel, stats=self.stats):
                    return True
        return False

    def swaps(self, covers) -> None:
        cells = self.cells
        pairs = 0
        for i in self.givens:
            for j in _neighbours(i):
                if j > i and cells[j] and cells[j] != cells[i]:
                    pairs += 1
        for i in self.givens:
            for j in _neighbours(i):
                if not (j > i and cells[j] and cells[j] != cells[i]) or not covers(i, j):
                    continue
                swapped = list(cells)
                swapped[i], swapped[j] = cells[j], cells[i]
                if _clashes(swapped, i) or _clashes(swapped, j):
                    continue
                edit = Edit("swapped", (cell_of(i), cell_of(j)), (cells[i], cells[j]),
                            (cells[j], cells[i]))
                self.add((edit,), self.count(swapped), KIND_PRIOR["swapped"] / pairs)

    def left_out(self) -> None:
        """Added givens that single out one solution of a grid with several."""
        cells = self.cells
        # a single slip: searched to the end like the others (a wall-clock cut here lost the
        # true given on a busy machine), so only the caller's cancel stops it
        base, sols = self.typed_solutions()
        complete = len(sols) < ENUMERATE_TYPED
        blanks = [i for i in range(81) if not cells[i]]
        # each digit's count in each blank over the solutions known: the counts below add
        # those they find, so a digit seen twice needs no search of its own
        at = [[0] * 10 for _ in range(81)]
        for s in sols:
            for i in blanks:
                at[i][s[i]] += 1
        known = set(sols)
        n = self.n + 1
        singled = False
        for i in blanks:
            for d in (self.free_digits(cells, i) if not complete else
                      [d for d in range(1, 10) if at[i][d] == 1]):
                if at[i][d] >= SEVERAL:
                    continue
                if not complete:
                    found = base.solution_digits(((cell_of(i), d),), SEVERAL,
                                                 cancel=self.cancel, stats=self.stats)
                    k = len(found)
                    for s in found:
                        if s not in known:
                            known.add(s)
                            for j in blanks:
                                at[j][s[j]] += 1
                else:
                    k = 1
                singled = singled or k == 1
                edit = Edit("left_out", (cell_of(i),), (0,), (d,))
                self.add((edit,), k, KIND_PRIOR["left_out"] / n)
        if not singled:  # every digit of every blank was tried (only a cancel stops this)
            self.no_given = (len(known), complete)  # (all, or those the counts found too)

    def closer_first(self, found) -> list:
        """``found``, the fixes leaving several solutions scored by how close they come to one
        (OPEN_SEVERAL per candidate the singles leave open), when none gives one."""
        xs = list(found)
        if any(x.unique for x in xs):
            return xs
        out = []
        for x in xs:
            if not x.unique:
                check(self.cancel, "typo search cancelled")
                x = Explanation(x.edits, x.solutions,
                                x.score - OPEN_SEVERAL * max(0, open_candidates(x.fixed.cells)), x.fixed)
            out.append(x)
        return out

    # -- published puzzles are hard and minimal -------------------------------------------
    def hardest_first(self, ranked: list) -> list:
        """``ranked`` again after the best HARD_CHECKED fixes with one solution gained
        HARD_SEARCH per unit of the log of the positions a search takes to show it
        (see solver.typos.prior)."""
        if not ranked or not self.weight:
            return ranked
        order = upright(self.cells)  # the same count however the grid was typed turned
        last = ranked[min(HARD_CHECKED, len(ranked)) - 1].score
        out = list(ranked)
        for k, x in enumerate(ranked):
            if k >= HARD_CHECKED and x.score < last - 1e-9:
                break
            if x.unique:
                work = SearchStats()
                found = solution_digits(Grid(tuple(x.fixed.cells[i] for i in order)), SEVERAL,
                                        cancel=self.cancel, stats=work)
                if len(found) == 1:  # kept for the minimality check and the solution keys
                    solution = [0] * 81
                    for i, d in zip(order, found[0]):
                        solution[i] = d
                    self.solved[x.fixed.cells] = tuple(solution)
                out[k] = Explanation(x.edits, x.solutions,
                                     x.score + HARD_SEARCH * self.weight * math.log(work.nodes), x.fixed)
        return sorted(out, key=_order)

    def minimal_first(self, ranked: list) -> list:
        """``ranked`` again after the best few unique fixes lost REDUNDANT_GIVEN when a given
        of their grid can go (see solver.typos.prior)."""
        weight = minimal_weight(self.n)
        if not ranked or not weight:
            return ranked
        top = ranked[0].score
        out = list(ranked)
        for k, x in enumerate(ranked[:REDUNDANCY_CHECKED]):
            if x.unique and x.score >= top - REDUNDANCY_MARGIN and self.redundant(x.fixed):
                out[k] = Explanation(x.edits, x.solutions, x.score - REDUNDANT_GIVEN * weight, x.fixed)
        return sorted(out, key=_order)

    def solution(self, g: Grid) -> Optional[tuple]:
        """The first solution of ``g`` (a fixed grid with one), searched once."""
        solution = self.solved.get(g.cells)
        if solution is None:
            found = solution_digits(g, 1, cancel=self.cancel, stats=self.stats)
            solution = self.solved[g.cells] = found[0] if found else None
        return solution

    def redundant(self, g: Grid) -> bool:
        """True when a given of ``g`` (which has one solution) can go and one solution stays."""
        cells = list(g.cells)
        solution = self.solution(g)
        needed = needed_by_rectangle(solution, cells) if solution else set()
        for i, d in enumerate(g.cells):
            if not d or i in needed:
                continue
            cells[i] = 0
            other = solution_digits(Grid(cells), 1, cancel=self.cancel, stats=self.stats,
                                    exclude=(cell_of(i), d))
            cells[i] = d
            if not other:
                return True
        return False

    # -- two slips ------------------------------------------------------------------
    def core(self, cells, among, budget=None) -> list:
        """A minimal set of the givens ``among`` that ``cells`` cannot be solved with (the rest
        of ``among`` blanked one by one while the grid stays unsolvable).  A single wrong given
        is in every such set, and of two wrong givens one is.  When ``budget`` runs out, the
        givens not looked at yet stay in (a core with givens too many still holds them)."""
        work = list(cells)
        core = []
        for k, z in enumerate(among):
            if budget is not None and budget.expired():
                return core + list(among[k:])
            d = work[z]
            work[z] = 0
            if not self.unsolvable(work):  # solvable without z: z is part of the contradiction
                work[z] = d
                core.append(z)
        return core

    def unsolvable(self, cells) -> bool:
        """True when ``cells`` has no solution, as far as a short search can tell: a sparse
        grid can take seconds to prove unsolvable, so after CORE_LOOKS looks the given
        stays in the core (a core with a given too many still holds every wrong one)."""
        key = tuple(cells)
        n = self.counts.get(key)
        if n is not None:
            return n == 0
        try:
            found = count_solutions(Grid(key), 1, cancel=Looks(self.cancel, CORE_LOOKS),
                                    stats=self.stats)
        except Cancelled:
            check(self.cancel, "typo search cancelled")
            return False
        if not found:
            self.counts[key] = 0
        return not found

    def pair_candidates(self, core: list) -> list:
        """Pairs of givens that can hold two wrong digits of an unsolvable grid: one in
        ``core`` and the other in a core of the grid without it.  Taken in turns from each
        given of ``core`` (its first partner, then each one's second, ...), so that a budget
        cut short still tried every suspect."""
        partners = []
        for a in core:
            if self.budget.expired():
                break
            blanked = list(self.cells)
            blanked[a] = 0
            if self.count(blanked):
                continue  # a alone explains it: a single slip, searched already
            partners.append([(min(a, b), max(a, b))
                             for b in self.core(blanked, [i for i in self.givens if i != a],
                                                self.budget)])
        out, seen = [], set()
        for turn in range(max(map(len, partners), default=0)):
            for pairs in partners:
                if turn < len(pairs) and pairs[turn] not in seen:
                    seen.add(pairs[turn])
                    out.append(pairs[turn])
        return out

    def pairs(self, order: list, covers) -> bool:
        """Two wrong digits at each pair of ``order`` (those that ``covers`` accepts); False
        when the work budget ran out."""
        cells = self.cells
        n = self.n
        for a, b in order:
            if not covers(a, b) or a in self.keep or b in self.keep:
                continue
            if self.budget.expired():
                return False
            blanked = list(cells)
            blanked[a] = blanked[b] = 0
            base = Position(Grid(blanked))
            try:
                sols = base.solution_digits((), ENUMERATE_PAIR, cancel=self.budget, stats=self.stats)
            except Cancelled:
                self.budget.reraise_if_cancelled("typo search cancelled")
                return False
            if not sols:
                continue
            complete = len(sols) < ENUMERATE_PAIR
            ta, tb = cells[a], cells[b]
            ca, cb = cell_of(a), cell_of(b)
            combos = Counter((s[a], s[b]) for s in sols)
            if not complete:  # combinations not seen may still work: count them
                for da in self.free_digits(blanked, a):
                    for db in self.free_digits(blanked, b):
                        if (da, db) not in combos and (da != db or not _peers(a, b)):
                            combos[(da, db)] = 0
            for (da, db), k in combos.items():
                if da == ta or db == tb:
                    continue  # one of them right: a single slip, searched already
                if not complete and k <= 1:
                    if self.budget.expired():
                        return False
                    fixed = list(blanked)
                    fixed[a], fixed[b] = da, db
                    k = self.count(fixed, base, ((ca, da), (cb, db)))
                likelihood = (PAIR_PRIOR * (KIND_PRIOR["wrong_digit"] / n) ** 2
                              * confusion(ta, da) * confusion(tb, db))
                self.add((Edit("wrong_digit", (ca,), (ta,), (da,)),
                          Edit("wrong_digit", (cb,), (tb,), (db,))), k, likelihood)
        return True


def find_typos(g: Grid, *, cancel=None, seconds: float = TYPO_SECONDS,
               pairs: bool = True, nodes: int = PAIR_NODES, keep=None) -> TypoSearch:
    """The slips that explain a typed grid that breaks a rule, has no solution or has
    several (see module doc); ``status`` ``"unique"`` and nothing to explain otherwise.

    Single slips are always searched to the end; pairs of slips only when no single slip
    gives exactly one solution, within a budget of ``nodes`` search positions (so the
    outcome does not depend on the machine's load; ``seconds`` of CPU time are only a
    safety net).  ``keep`` maps cells ``(row, col)`` to the digit the paper shows there
    (0 for blank; the grid holds it): no explanation changes them (see solver.typos.paper).
    Raises :class:`solver.search.Cancelled` when ``cancel.is_set()``.
    """
    check(cancel, "typo search cancelled")
    cells = g.cells
    kept = {index(*c): d for c, d in (keep or {}).items()}
    s = _Search(cells, cancel, kept)
    conflicts = _conflict_sets(cells)
    if conflicts:
        status = "invalid"
        # a single slip must touch every duplicate: only cells in all of them can be it
        hit = set.intersection(*map(set, conflicts))
        suspects = sorted(hit)

        def covers(i, j):
            return all(i in c or j in c for c in conflicts)
    else:
        n = s.count(cells)
        if n == 1:
            return TypoSearch("unique")
        status = "no_solution" if n == 0 else "multiple"
        present = {d for d in cells if d}
        if n and (s.n + 1 < MIN_GIVENS or len(present) < 7):
            # too few givens or three digits missing: no single slip can make it unique
            return TypoSearch(status)
        if status == "no_solution":
            # a wrong given of a single slip is in every unsolvable core: search only one core
            suspects = s.core(cells, s.givens)
            inside = set(suspects)

            def covers(i, j):
                return i in inside or j in inside
        else:
            suspects = s.givens

            def covers(i, j):
                return True
    if status == "multiple":
        s.find_swappable()
    for i in suspects:
        if i not in kept:  # every edit there would change a cell the paper confirmed
            s.edits_of_given(i, status)
    s.swaps(covers)
    if status == "multiple":
        s.left_out()
    complete = True
    if pairs and status != "multiple" and not any(x.unique for x in s.found.values()):
        s.budget = WorkBudget(cancel, nodes, s.stats, seconds)
        if conflicts:
            givens = _pair_order(s.givens, conflicts)
            order = [(a, b) for k, a in enumerate(givens) for b in givens[k + 1:]]
        else:
            order = s.pair_candidates(suspects)
        complete = s.pairs(order, covers) and not s.budget.expired()
    found = s.closer_first(s.found.values()) if status == "multiple" else s.found.values()
    ranked = s.minimal_first(s.hardest_first(sorted(found, key=_order)))
    # the likelihood of the explanations left off, relative to the best one (solver.typos.paper)
    rest = sum(math.exp(x.score - ranked[0].score) for x in ranked[MAX_EXPLANATIONS:]) if ranked else 0.0
    ranked = [_with_rank(x, k + 1, s) for k, x in enumerate(ranked[:MAX_EXPLANATIONS])]
    return TypoSearch(status, ranked, complete, *s.no_given, rest=rest, givens=s.n)


def _pair_order(candidates: list, conflicts: list) -> list:
    """Candidates for pairs, conflict cells first (a duplicate needs one of its cells fixed)."""
    if not conflicts:
        return candidates
    inside = set().union(*map(set, conflicts))
    return sorted(candidates, key=lambda i: (i not in inside, i))


def _order(x: Explanation) -> tuple:
    return (-x.score, x.cells)


def _with_rank(x: Explanation, rank: int, search: "_Search") -> Explanation:
    key = ""
    if x.unique and rank <= KEYED:
        sol = search.solution(x.fixed)
        key = "".join(map(str, sol)) if sol else ""
    return Explanation(x.edits, x.solutions, x.score, x.fixed, rank, key)


def _conflict_sets(cells) -> list:
    """Each duplicate as the set of its cells' indexes (a digit twice in a unit)."""
    out = []
    for unit in UNITS:
        where: dict[int, list] = {}
        for i in unit:
            if cells[i]:
                where.setdefault(cells[i], []).append(i)
        out.extend(tuple(v) for v in where.values() if len(v) > 1)
    return out
