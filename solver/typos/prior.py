"""How likely a slip is: the ranking model behind :func:`solver.typos.search.find_typos`.

An explanation of a typed grid is scored by its log-likelihood: the log of the slip's
own likelihood (its kind's prior over the number of ways that kind has, and for a wrong
digit how easily the two digits are confused) plus :func:`puzzle_prior`, the fixed
grid's likelihood as a published puzzle relative to the typed grid, less
``SEVERAL_PENALTY`` when the fixed grid still has several solutions.
"""
from __future__ import annotations

import math
from itertools import permutations
from typing import Optional

from ..grid import UNITS_OF

__all__ = ["KIND_PRIOR", "PAIR_PRIOR", "SEVERAL_PENALTY", "SEVERAL_NOT_HALF_PAIR", "OPEN_SEVERAL", "ADD_GIVEN", "REMOVE_GIVEN",
           "CROWDING", "HARD", "HARD_SEARCH", "HARD_CHECKED", "NOT_MINIMAL", "REDUNDANT_GIVEN", "REDUNDANCY_CHECKED", "REDUNDANCY_MARGIN",
           "SYMMETRIC", "confusable", "confusion", "puzzle_prior", "minimal_weight",
           "near_symmetries", "symmetric", "needed_by_rectangle", "upright",
           "OTHER_GAP", "SLIP_AT", "SETTLED", "other_score", "shares"]

# How often each kind of slip happens when a person copies a grid.  No survey of copying
# slips is known to us: a wrong digit is taken as the commonest, a swap and an extra digit
# as the rarest, and the ranking hardly depends on these guesses (docs/benchmarks.md, How
# the weights were chosen).  What sets hypotheses apart is how many ways each kind has
# (n givens x 8 digits for a wrong digit, n x 4 moves, 81 - n cells x 9 digits for an
# extra digit, ...) and the priors on the fixed puzzle below.
KIND_PRIOR = {"wrong_digit": 0.3, "left_out": 0.2, "extra": 0.15, "shifted": 0.2, "swapped": 0.15}
PAIR_PRIOR = 0.05  # two independent slips, relative to one
SEVERAL_PENALTY = 9.0  # log-likelihood lost when the fixed grid still has several solutions
# A fix that leaves several solutions explains the grid only with a second slip, and the
# pairs of slips the search knows are two wrong digits: a wrong digit that leaves several
# solutions can be half of such a pair, a fix of another kind cannot, so it ranks below them
# by this much (the order of such fixes matters only for grids that need two slips;
# docs/benchmarks.md, How the weights were chosen).
SEVERAL_NOT_HALF_PAIR = 6.0
# And of the fixes that leave several solutions, one that leaves fewer candidates open once
# the naked and hidden singles are placed comes closer to a puzzle with one solution, so it is
# likelier to be one of the slips: OPEN_SEVERAL per open candidate (on a grid with several
# solutions where no fix gives one: elsewhere the pairs or the fixes that give one come first,
# and a grid without a solution has too many such fixes to look at each).  It names a true
# cell of two wrong digits far more often on such grids (docs/benchmarks.md, How the weights
# were chosen).
OPEN_SEVERAL = 0.02
# The fixed puzzle's own likelihood.  Puzzles with one given more are many times more
# numerous (the count of minimal puzzles grows several-fold per given from 17 to about 24
# givens), so any one of them is that much less likely to be the published one: a fix that
# adds a given loses ADD_GIVEN, one that removes a given gains REMOVE_GIVEN.  And setters
# spread the givens over rows, columns and boxes: a fix loses CROWDING per unit of the
# change in the sum over the 27 units of (givens in the unit) squared (a given added to
# crowded units costs more than one added to sparse ones).  The three weights were fitted
# on the typo benchmark's development cases (random isomorphs of the public sets,
# bench/typos.py) and checked on cases they had not seen (docs/benchmarks.md, How the
# weights were chosen).
ADD_GIVEN = 3.0
REMOVE_GIVEN = 4.0
CROWDING = 0.08
NOT_MINIMAL = 32  # givens from which a puzzle is taken as not minimal (the weights above fade from 28)
# Published puzzles are minimal: no given can go without a second solution appearing.  A fix
# whose grid has a given that can go is that much less likely (REDUNDANT_GIVEN is the log of
# the ratio seen on the development cases: docs/benchmarks.md, How the weights were chosen).
# The check costs one search per given, so only the best REDUNDANCY_CHECKED unique fixes
# within REDUNDANCY_MARGIN of the best are checked; the cost fades like the rest.
REDUNDANT_GIVEN = 2.0
# Sparse published puzzles are rarely solved by singles alone.  HARD per candidate left once
# every naked and hidden single of the fixed grid is placed (solution.open_candidates).
HARD = 0.05
# And they are hard for the computer's search too: the true fix's grid usually takes the
# search more positions to show it has one solution than the other fixes that give one, a
# sign that tells them apart more often than the open candidates above.  Each of the best
# HARD_CHECKED fixes with one solution gains HARD_SEARCH per unit of the log of those
# positions, fading like the rest; it costs a search per fix, so only the best few are
# checked, and checking more changed next to nothing (docs/benchmarks.md, How the weights
# were chosen).
HARD_SEARCH = 0.6
HARD_CHECKED = 6  # and any fix scoring the same as the last of them (ties are cut in reading order)
REDUNDANCY_CHECKED = 4
REDUNDANCY_MARGIN = 3.0

# Digits that look alike (handwriting, small print) and digits next to each other on a
# numeric keypad or phone pad (both have rows 123, 456, 789, so the same neighbours).
_LOOK_ALIKE = {frozenset(p) for p in ((1, 7), (3, 8), (5, 6), (6, 9), (4, 9), (6, 8), (8, 9),
                                      (2, 7), (3, 5))}
_PAD = {d: divmod(d - 1, 3) for d in range(1, 10)}
_CONFUSABLE_WEIGHT = 2.0  # a confusable wrong digit is this many times likelier than another


def confusable(a: int, b: int) -> Optional[str]:
    """Why digits ``a`` and ``b`` are easy to confuse: ``"look_alike"``, ``"keypad"`` or None."""
    if frozenset((a, b)) in _LOOK_ALIKE:
        return "look_alike"
    (ra, ca), (rb, cb) = _PAD[a], _PAD[b]
    if abs(ra - rb) + abs(ca - cb) == 1:
        return "keypad"
    return None


def _weights(meant: int) -> dict:
    return {d: (_CONFUSABLE_WEIGHT if confusable(meant, d) else 1.0) for d in range(1, 10) if d != meant}


_CONFUSION = {(t, m): w / sum(_weights(m).values())
              for m in range(1, 10) for t, w in _weights(m).items()}


def confusion(typed: int, meant: int) -> float:
    """P(typing ``typed`` | meaning ``meant``) among the eight wrong digits."""
    return _CONFUSION[(typed, meant)]


def puzzle_prior(unit_givens: list, n: int, added, removed) -> float:
    """Log-likelihood of a fixed grid as a published puzzle, relative to the typed grid
    (``n`` givens, ``unit_givens`` per unit) it comes from by adding the givens at the
    indexes ``added`` and removing those at ``removed``: fewer givens and givens spread
    evenly are likelier (see ADD_GIVEN, CROWDING)."""
    if not added and not removed:
        return 0.0
    counts = list(unit_givens)
    before = sum(k * k for k in counts)
    for i, step in [(i, 1) for i in added] + [(i, -1) for i in removed]:
        for u in UNITS_OF[i]:
            counts[u] += step
    change = len(added) - len(removed)
    prior = -ADD_GIVEN * change if change > 0 else REMOVE_GIVEN * -change
    prior -= CROWDING * (sum(k * k for k in counts) - before)
    return prior * minimal_weight(n)


# Two rows of a band, or two columns of a stack, holding the same two digits crosswise
# (a b / b a) in four cells: trading them keeps every row, column and box whole, so a grid
# whose only given among the four is one of them has a second solution without it.
_LINE_PAIRS = tuple((tuple(range(9 * x, 9 * x + 9)), tuple(range(9 * y, 9 * y + 9)))
                    for k in (0, 3, 6) for x in range(k, k + 3) for y in range(x + 1, k + 3)) + tuple(
    (tuple(range(x, 81, 9)), tuple(range(y, 81, 9)))
    for k in (0, 3, 6) for x in range(k, k + 3) for y in range(x + 1, k + 3))


def needed_by_rectangle(solution, cells) -> set:
    """Givens of ``cells`` (a grid whose one solution is ``solution``) that cannot go: each
    is the only given among the four cells of a rectangle of ``solution`` whose digits can
    be traded (see ``_LINE_PAIRS``).  The check for a minimal puzzle skips their searches,
    a good share of its work (docs/benchmarks.md, How it stays fast)."""
    out = set()
    for xs, ys in _LINE_PAIRS:
        where: dict = {}
        for i, j in zip(xs, ys):
            where.setdefault((solution[i], solution[j]), []).append((i, j))
        for (a, b), here in where.items():
            if a < b and (b, a) in where:
                for i1, j1 in here:
                    for i2, j2 in where[(b, a)]:
                        given = [z for z in (i1, j1, i2, j2) if cells[z]]
                        if len(given) == 1:
                            out.add(given[0])
    return out


def minimal_weight(n: int) -> float:
    """How much the arguments about minimal puzzles count for a typed grid of ``n`` givens:
    fully up to NOT_MINIMAL - 4 givens, fading to nothing at NOT_MINIMAL (a grid with many
    givens comes from a puzzle that is not minimal: easy ones often have 30 or more)."""
    return min(1.0, max(0.0, (NOT_MINIMAL - n) / 4))


# Published puzzles often have a symmetric pattern of givens: most newspaper-style puzzles
# are the same turned half round, some also mirrored.  The maps checked are
# turning half round and mirroring in every picture of the grid (rows permuted within and
# between bands, columns within and between stacks: the pictures the benchmark's isomorphs
# and a transposed copy show): on each axis the identity or a reversal that keeps one line.
# A wider class, every band-keeping map that is its own inverse, fits many grids that are
# not symmetric as printed by chance, and led to more wrong fixes (the counts are in
# docs/benchmarks.md, How the weights were chosen).  A fix whose grid has a symmetric pattern
# when the typed grid's has not gains SYMMETRIC (one that breaks the symmetry loses it).
SYMMETRIC = 3.0
SYMMETRY_SLACK = 4  # cells off the symmetry in the typed grid (a fix moves at most 2 givens)


def _line_involutions() -> list:
    """Orders of 9 lines that keep the three groups of three (bands or stacks), are their own
    inverse and keep one line or all in place: the identity first, then the reversal (as
    turning half round or mirroring does) in every picture of the grid, 54 of them."""
    out = []
    for groups in permutations(range(3)):
        for p0 in permutations(range(3)):
            for p1 in permutations(range(3)):
                for p2 in permutations(range(3)):
                    inner = (p0, p1, p2)
                    perm = tuple(3 * groups[g] + inner[g][k] for g in range(3) for k in range(3))
                    kept = sum(1 for i in range(9) if perm[i] == i)
                    if all(perm[perm[i]] == i for i in range(9)) and kept in (1, 9):
                        out.append(perm)
    return sorted(out, key=lambda p: p != tuple(range(9)))


_INVOLUTIONS = _line_involutions()
_MOVED: dict = {}  # column involution -> the 512 row masks it gives (made when first needed)


def _moved(t: tuple) -> list:
    table = _MOVED.get(t)
    if table is None:
        table = [sum(1 << t[c] for c in range(9) if m >> c & 1) for m in range(512)]
        _MOVED[t] = table
    return table


def _row_masks(pattern) -> list:
    return [sum(1 << c for c in range(9) if pattern[9 * r + c]) for r in range(9)]


def near_symmetries(pattern) -> list:
    """The maps (row involution, column involution; not both the identity) under which the
    pattern of givens (81 truth values) is symmetric but for at most SYMMETRY_SLACK cells."""
    rows = _row_masks(pattern)
    row_counts = [bin(m).count("1") for m in rows]
    col_counts = [sum(1 for m in rows if m >> c & 1) for c in range(9)]

    def close(perm, counts):
        return sum(abs(counts[perm[k]] - counts[k]) for k in range(9)) <= SYMMETRY_SLACK

    sigmas = [p for p in _INVOLUTIONS if close(p, row_counts)]
    taus = [p for p in _INVOLUTIONS if close(p, col_counts)]
    out = []
    for s in sigmas:
        for t in taus:
            if s is _INVOLUTIONS[0] and t is _INVOLUTIONS[0]:
                continue
            moved = _moved(t)
            off = 0
            for r in range(9):
                off += bin(rows[s[r]] ^ moved[rows[r]]).count("1")
                if off > SYMMETRY_SLACK:
                    break
            else:
                out.append((s, t))
    return out


def symmetric(pattern, maps) -> bool:
    """True when the pattern (81 truth values) is symmetric under one of ``maps``."""
    rows = _row_masks(pattern)
    for s, t in maps:
        moved = _moved(t)
        if all(rows[s[r]] == moved[rows[r]] for r in range(9)):
            return True
    return False


def _turns() -> list:
    """The 8 ways to turn or mirror the grid on the page (transposed or not, then rows and
    columns each reversed or not), each as the 81 indexes read in its reading order."""
    out = []
    for t in range(8):
        order = []
        for r in range(9):
            for c in range(9):
                rr, cc = (c, r) if t & 4 else (r, c)
                order.append(9 * (8 - rr if t & 1 else rr) + (8 - cc if t & 2 else cc))
        out.append(tuple(order))
    return out


_TURNS = _turns()


def upright(cells) -> tuple:
    """The reading order (81 indexes) that turns ``cells`` to the first, in digit order, of
    its 8 turned and mirrored pictures.  The search picks the first cell of fewest candidates,
    so how many positions it takes depends on how the grid is turned; read in this order, the
    same grid typed turned gives the same count (the 8 form a group: the same 8 pictures)."""
    return min(_TURNS, key=lambda order: [cells[i] for i in order])


# -- how sure: the shares of the likelihood (solver.typos.paper) ---------------------------
# The scores above rank explanations; to say a fix is *the* fix, or that the paper settled
# it, they are read as likelihoods and shared out, with one more hypothesis: "none of those
# listed" (two slips the search did not reach, or a fix cut off the list).  It weighs as a
# single wrong digit OTHER_GAP less likely than usual, and never more than OTHER_GAP below
# the best explanation (when only pairs explain a grid, it is one more pair).  An answer
# from the paper that differs from the grid where no listed explanation is contradicted
# costs "none of those" SLIP_AT (a slip exactly there).  A fix is settled with no question
# when its share is at least SETTLED.  The scores were fitted on hard, sparse puzzles and
# are overconfident on easy ones (a fix that makes a pattern symmetric gains 3 whether or not
# the puzzle was symmetric), so the two were chosen on the paper benchmark's development
# cases (seeds 1 and 2, 719 cases over four sets, easy ones included) as the pair that
# called no wrong fix settled on any set: a gap of 4 with 0.99 had 1 wrong in 180 on three
# of the four sets, all two wrong digits with a likely single fix (docs/benchmarks.md,
# Compare with your paper).
OTHER_GAP = 2.0
SLIP_AT = 0.02
SETTLED = 0.999
# On a grid with several solutions the pairs of wrong digits are not searched, and a pair's
# fixed grid can earn the same puzzle priors as the best single fix: for settling a fix with
# no question, "none of those" weighs e^PAIRS_UNSEARCHED more there.  Chosen on seeds 1 and 2
# of the paper benchmark (960 cases): the two fixes settled wrong with no question (hardest,
# two wrong digits, an added given) led "none of those" by 9.0 and 9.5, the 86 right ones on
# such grids by 7.6 to 25 (docs/benchmarks.md, Compare with your paper).
PAIRS_UNSEARCHED = 3.0


def settle_other(other: float, status: str) -> float:
    """``other`` as weighed for settling a fix with no question on a grid of ``status``."""
    return other + (PAIRS_UNSEARCHED if status == "multiple" else 0.0)


def other_score(n: int) -> float:
    """The log-likelihood of "none of the explanations listed" for a typed grid of ``n``
    givens, on the scale of the explanations' scores (see OTHER_GAP)."""
    return math.log(KIND_PRIOR["wrong_digit"] / max(n, 1) / 8) - OTHER_GAP


def shares(scores, other: float) -> tuple:
    """(share of each score, share of ``other``): the log-likelihoods made into parts of one."""
    top = max(list(scores) + [other])
    weights = [math.exp(s - top) for s in scores]
    rest = math.exp(other - top)
    total = sum(weights) + rest
    return tuple(w / total for w in weights), rest / total
