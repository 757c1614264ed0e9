"""The technique families strong players use: finned/sashimi fish, single-digit patterns,
uniqueness, wings, Almost Locked Sets.  Each from a position where it is the next step, each
checked against the unique solution; then every finder on many positions of the corpus (no Tk)."""
from __future__ import annotations

import random

import pytest

import solver
from solver import Candidates, Grid, find_step, logical_path
from solver.candidates import mask
from solver.techniques.registry import FINDERS
from tests.conftest import load_lines

ALL = frozenset(range(1, 10))
EMPTY = Grid.empty()
# the families whose order these tests know (others add chains and colouring to the table)
KNOWN_MODULES = {"singles", "intersections", "subsets", "fish", "single_digit", "wings",
                 "uniqueness", "als"}


def grid(line: str) -> Grid:
    return Grid(0 if ch == "." else int(ch) for ch in line)


def position(line: str, marks: str) -> tuple[Grid, Candidates]:
    """A grid and its candidates: ``marks`` lists the candidates of each blank, in reading order."""
    g = grid(line)
    toks = iter(marks.split())
    return g, Candidates([0 if d else mask(int(ch) for ch in next(toks)) for d in g.cells])


def crafted(marks: dict, default=ALL) -> Candidates:
    """Candidates on the empty grid: every cell holds ``default`` unless given in ``marks``."""
    data = {(r, c): default for r in range(9) for c in range(9)}
    data.update({cell: frozenset(ds) for cell, ds in marks.items()})
    return Candidates.from_dict(data)


def without_digit(d: int, cells) -> dict:
    return {cell: ALL - {d} for cell in cells}


def elims(step) -> set:
    return set(step.eliminations)


def next_known_step(g: Grid, cands: Candidates):
    """The first step of the known families (the hint order without the other families)."""
    cells, masks = list(g.cells), list(cands.masks)
    for _, f in FINDERS:
        if f.__module__.rsplit(".", 1)[1] in KNOWN_MODULES:
            step = f(cells, masks)
            if step is not None:
                return step
    return None


def assert_next_step(name: str, line: str, marks: str, expect_elims=(), expect_places=()):
    """``name`` is the next step of the position, it concludes as expected and agrees with the
    unique solution; the step's data serves the hint ladder."""
    g, cands = position(line, marks)
    sol = solver.solve(g)
    assert sol is not None and solver.count_solutions(g, limit=2) == 1
    step = next_known_step(g, cands)
    assert step is not None and step.technique == name, step and step.message
    assert elims(step) == set(expect_elims) and set(step.placements) == set(expect_places)
    for cell, d in step.eliminations:
        assert sol[cell] != d
    for cell, d in step.placements:
        assert sol[cell] == d
    assert step.message.startswith(name + ":") and step.unit_hint.startswith("Look at")
    assert set(step.targets) <= set(step.highlight) and step.cells and step.digits
    assert step.lesson == solver.technique(name).summary
    return step


# -- finned and sashimi fish ---------------------------------------------------------------
def test_finned_x_wing_from_a_position():
    step = assert_next_step(
        "Finned X-Wing",
        "5..613....2....9833...2.165.1..9.......3....67.......4....8.25.4..7...3.....3....",
        "89 89 47 247 27 16 16 45 47 457 47 47 89 89 68 34568 458 45678 3578 27 278 289 4589 "
        "24589 47 14578 578 19 35689 35689 1258 56 12568 358 19 169 3679 13679 149 1469 179 "
        "5689 125689 56 12569 68 189 12689 56789 1256789 1259 12569 4678 47 1789",
        [((7, 2), 6)])
    assert "fins r7c2 and r9c2 in box 7" in step.message and "box 7" in step.unit_hint


def test_sashimi_x_wing_from_a_position():
    assert_next_step(
        "Sashimi X-Wing",
        "6.83.25...4.....82.2.......7.26.....8......543.4....2728.15........8.2.5......7.8",
        "179 1479 479 19 159 13579 579 1679 15679 139 159 13579 45789 1479 14589 1349 34679 "
        "1369 159 1349 134589 1389 39 139 169 169 279 12379 1379 1369 1569 589 19 1589 1689 "
        "679 34679 349 3469 369 149 13679 1679 479 34679 13469 1459 1369 1569 249 23469 3469 "
        "13469",
        [((6, 5), 4)])


def test_finned_swordfish_from_a_position():
    assert_next_step(
        "Finned Swordfish",
        "5.8.....76.29.1...4.9.......87.5...4.6.....3..9....6...263...1.7...8..........2..",
        "13 246 2346 2346 1349 2469 37 347 3458 458 358 137 58 2367 58 13 26 1236 123 126 2369 "
        "19 29 12 45 12478 1249 24789 15789 12589 123 45 12478 1234 2348 2578 1258 89 49 4579 "
        "45789 589 45 13 12456 24569 3459 4569 3569 89 45 13 14567 1469 45679 456789 35689",
        [((6, 6), 9), ((8, 7), 9)])


def test_sashimi_swordfish_from_a_position():
    assert_next_step(
        "Sashimi Swordfish",
        "5....1........5..11.26.35.4.613.945292..54163453216789..549.21621956.34.64.132..5",
        "3789 46 789 24 689 23 78 37 3789 46 789 24 689 23 789 78 79 78 78 78 78 378 37 78 78 "
        "78 78 89 79",
        [((2, 4), 7)])


@pytest.mark.parametrize("n,fish", [(2, "X-Wing"), (3, "Swordfish"), (4, "Jellyfish")])
@pytest.mark.parametrize("sashimi", [False, True])
def test_finned_fish_of_every_size_both_ways(n, fish, sashimi):
    # 5 in rows 1, (3, 5,) 8 only in columns 2, 6 (, 7, 9), plus a fin r8c4 in box 8;
    # sashimi: row 8 keeps only column 6 of the cover columns
    rows, cols = (0, 2, 4)[:n - 1] + (7,), (1, 5, 6, 8)[:n]
    keep = {(r, c) for r in rows for c in cols} | {(7, 3)}
    if sashimi:
        keep -= {(7, c) for c in cols if c != 5}
    off = [(r, c) for r in rows for c in range(9) if (r, c) not in keep]
    name = ("Sashimi " if sashimi else "Finned ") + fish
    step = find_step(EMPTY, name, crafted(without_digit(5, off)))
    # the cover column inside box 8 (column 6), in the rows of box 8 outside the base rows
    assert elims(step) == {((r, 5), 5) for r in (6, 8)}
    assert step.digits == (5,) and "fin r8c4 in box 8" in step.message
    # the same fish turned over (columns as base lines) is found too
    turned = [(c, r) for r, c in off]
    step = find_step(EMPTY, name, crafted(without_digit(5, turned)))
    assert elims(step) == {((5, r), 5) for r in (6, 8)}
    # a second fin in another box (r1c1): no finned fish
    off.remove((0, 0))
    assert find_step(EMPTY, name, crafted(without_digit(5, off))) is None


def test_finned_and_sashimi_are_told_apart():
    # rows 1 and 5: 5 at c2/c6 and at c6 plus the fin r5c4: a sashimi X-Wing, not a finned one
    off = [(0, c) for c in range(9) if c not in (1, 5)] + [(4, c) for c in range(9) if c not in (3, 5)]
    cands = crafted(without_digit(5, off))
    assert find_step(EMPTY, "Finned X-Wing", cands) is None
    step = find_step(EMPTY, "Sashimi X-Wing", cands)
    assert elims(step) == {((r, 5), 5) for r in (3, 5)}
    # with r5c2 back it is finned, and no longer sashimi
    cands = crafted(without_digit(5, [cell for cell in off if cell != (4, 1)]))
    assert elims(find_step(EMPTY, "Finned X-Wing", cands)) == {((r, 5), 5) for r in (3, 5)}
    assert find_step(EMPTY, "Sashimi X-Wing", cands) is None
    # a plain X-Wing has no fin
    off = [(r, c) for r in (0, 4) for c in range(9) if c not in (1, 5)]
    assert find_step(EMPTY, "Finned X-Wing", crafted(without_digit(5, off))) is None


# -- single-digit patterns -----------------------------------------------------------------
def test_turbot_fish_from_a_position():
    step = assert_next_step(
        "Turbot Fish",
        ".47.8..61.6..........6..7..62..1357......5..6.1..6....28..4.....9.1...4.....2.69.",
        "359 2359 29 239 13589 123589 234579 3579 12479 23489 2358 234589 13589 35 123589 359 "
        "1249 2358 234589 489 489 489 34789 37 3489 24789 79 123489 1238 345789 34589 24789 "
        "24789 23489 238 23489 356 3579 679 13 135 357 357 356 357 678 238 23578 14 357 14 378 "
        "78 3578",
        [((7, 0), 5)])
    assert [u.name for u in step.units] == ["row 1", "box 8"]


def test_turbot_fish_crafted():
    # 4 in column 1 only at r1/r7, in box 9 only at r7c8/r9c9: r1c1 or r9c9 is 4
    off = [(r, 0) for r in range(9) if r not in (0, 6)]
    off += [(r, c) for r in range(6, 9) for c in range(6, 9) if (r, c) not in ((6, 7), (8, 8))]
    step = find_step(EMPTY, "Turbot Fish", crafted(without_digit(4, off)))
    assert elims(step) == {((0, 8), 4)}  # r9c1 lost its 4 already
    # the second link broken (a third 4 in box 9): nothing
    off.remove((7, 7))
    step = find_step(EMPTY, "Turbot Fish", crafted(without_digit(4, off)))
    assert step is None or ((0, 8), 4) not in elims(step)


def test_empty_rectangle_from_a_position():
    step = assert_next_step(
        "Empty Rectangle",
        "....3..715.74.2......7.....2..6..4.7.38.7....7.........7..8..1.6..5.72........7..",
        "489 24689 2469 89 5689 5689 1689 169 3689 3689 3689 1389 1689 1369 1569 15689 5689 24 "
        "24 159 159 159 38 38 149 129 1459 169 2569 2569 14569 14569 12389 12459 134589 1389 "
        "23589 23589 349 23459 239 3469 369 34569 1489 1349 149 3489 3489 13489 124589 123459 "
        "1239 12469 13469 345689 345689",
        [((8, 1), 1)])
    assert "box 8" in step.message and "row 2" in step.message


def test_empty_rectangle_crafted():
    # box 5: 6 only on the cross of row 5 and column 6; row 2: 6 only at r2c6 and r2c9.
    # r2c6 is 6: box 5's 6 is in row 5, not at r5c9; r2c6 is not: r2c9 is, and sees r5c9
    box5 = [(r, c) for r in range(3, 6) for c in range(3, 6)]
    off = [cell for cell in box5 if cell[0] != 4 and cell[1] != 5]
    off += [(1, c) for c in range(9) if c not in (5, 8)]
    step = find_step(EMPTY, "Empty Rectangle", crafted(without_digit(6, off)))
    assert elims(step) == {((4, 8), 6)}
    # the box's 6s in a full 2x2 block: no cross, no Empty Rectangle
    off = [cell for cell in box5 if cell[0] == 3 or cell[1] == 3]
    off += [(1, c) for c in range(9) if c not in (5, 8)]
    assert find_step(EMPTY, "Empty Rectangle", crafted(without_digit(6, off))) is None
