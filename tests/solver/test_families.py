"""The technique families strong players use: finned/sashimi fish, single-digit patterns,
uniqueness, wings, Almost Locked Sets.  Each from a position where it is the next step, each
checked against the unique solution; then every finder on many positions of the corpus (no Tk)."""
from __future__ import annotations

import random

import pytest

import solver
from solver import Candidates, Grid, find_step
from solver.candidates import mask
from solver.techniques.registry import FINDERS
from tests.conftest import crafted, elims, load_lines, without_digit

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
    assert solver.technique(step.technique).lesson == solver.technique(name).summary
    return step


# -- finned and sashimi fish ---------------------------------------------------------------
def test_finned_x_wing_from_a_position():
    step = assert_next_step(
        "Finned X-Wing",
        "...9231..697...283231.8.9...5....4......6..2..1.......8...7.......3..5.....4....9",
        "45 48 458 67 67 15 45 145 67 67 45 45 379 26 1278 39 1279 13679 1678 3479 478 389 157 "
        "14579 37 157 3479 26 2578 3459 24579 3678 35679 5678 246 3459 256 2569 36 134 1246 "
        "1479 26 49 19 268 47 268 1357 267 35 15 2568 3678 367",
        [((4, 8), 7)])
    assert "fin r6c7 in box 6" in step.message and "box 6" in step.unit_hint


def test_sashimi_x_wing_from_a_position():
    assert_next_step(
        "Sashimi X-Wing",
        "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6.2",
        "168 59 5689 19 569 456 26 2456 2569 235679 3456 345679 1268 124568 2357 2568 235678 "
        "1347 13456 34567 1678 12678 1268 47 157 147 4568 167 39 1249 1279 12347 1346 3467 178 "
        "39 1259 12579 1237 1358 3578 4678 36789 468 2349 24689 23689 3478 1368 14568 345 "
        "13568 349 348 3489 14578 13789 1458 3459 14589 13589 3478",
        [((1, 5), 5), ((2, 5), 5)])


def test_finned_swordfish_from_a_position():
    assert_next_step(
        "Finned Swordfish",
        "2...4.5...1.....3............6.7.812.7.3.94.....1...7.4...5.6.....7...9...8......",
        "368 379 89 13678 68 16789 5679 4579 25689 2689 25678 279 46789 35679 345689 34579 "
        "25689 123689 1235678 1279 2468 146789 39 39 45 45 18 12 28 56 56 58 245 245 268 268 39 "
        "39 239 12379 289 13 28 137 1356 256 1235 12368 123468 123 13458 135679 23569 246 12369 "
        "12346 1237 245 13457",
        [((0, 5), 8), ((2, 4), 8), ((2, 5), 8)])


def test_sashimi_swordfish_from_a_position():
    assert_next_step(
        "Sashimi Swordfish",
        ".47.8..61.6..........6..7..62..1357......5.16.1..6....28..4.13..9.1...4.....2.69.",
        "59 2359 29 239 13589 123589 34579 3579 12479 23489 258 23489 13589 35 123589 359 1249 "
        "258 23489 489 489 489 34789 37 3489 24789 79 23489 345789 34589 24789 24789 23489 28 "
        "23489 56 579 679 57 37 356 357 678 28 2578 14 357 14 378 78 578",
        [((7, 2), 5)])


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


# -- uniqueness ----------------------------------------------------------------------------
def test_unique_rectangle_type_2_from_a_position():
    step = assert_next_step(
        "Unique Rectangle Type 2",
        "857...4139..3..5..3...5.....48..7...7......52.1....7..6..2....5.7....8......9....",
        "69 26 269 26 14 1478 148 2678 678 26 14 1478 148 269 2689 6789 25 1569 1236 1369 369 "
        "169 39 369 14689 13468 134689 1369 25 369 569 236 23569 48 48 389 39 13478 1348 13 347 "
        "14 25 1456 1346 13456 23469 1469 14 38 25 145678 134568 1236 23467 1467",
        [((1, 4), 8), ((2, 3), 8), ((4, 5), 8), ((6, 5), 8), ((8, 5), 8)])
    assert "r2c6 and r3c6 hold 1, 4 and 8" in step.message


def test_unique_rectangle_type_3_from_a_position():
    step = assert_next_step(
        "Unique Rectangle Type 3",
        "4.1.62...3.....26..6....8..15.2.6...6......1....9.16...2.7.81.6816529743.7.61....",
        "89 38 359 3579 579 89 57 148 45789 457 14 27 257 134 34579 3457 39 14 789 3478 349 "
        "3789 789 34 2789 348 4578 3457 3459 25789 27 34 278 34578 23578 2578 59 34 34 59 59 "
        "34 34 59 28 28",
        [((4, 3), 3), ((4, 3), 8)])
    assert "must be 3 or 8" in step.message and "with r1c4" in step.message


def test_unique_rectangle_type_4_from_a_position():
    assert_next_step(
        "Unique Rectangle Type 4",
        "819...3.....751...5.7.3.....7..4..263...9.......1...43.6.2....4....8.5...........",
        "46 26 246 57 57 246 234 2346 24 89 89 24 89 89 246 16 12 19 18 35 35 189 248 12468 68 "
        "2678 178 1578 1578 269 2589 2568 267 2678 789 179 1358 17 3579 178 13789 12479 2349 "
        "1234 3469 34679 13679 1279 12479 234589 123458 34569 167 345679 26 136789 12789",
        [((4, 7), 7), ((4, 8), 7)])


def test_unique_rectangle_type_5_from_a_position():
    assert_next_step(
        "Unique Rectangle Type 5",
        "......458.56...72.84..7...3.....1.....9.2.1.....6.9...5...8...2..7...8..238...54.",
        "79 79 123 123 136 236 13 348 1349 48 19 12 1259 25 69 169 3467 2678 345 34578 345 "
        "2369 36789 45679 3467 678 34578 34578 3678 4567 1347 1278 35 345 23 378 457 169 14 "
        "1347 367 369 13679 1469 169 2345 3456 2345 1369 169 179 19 67 167",
        [((3, 3), 4)])


def test_unique_rectangle_types_2_and_5_crafted():
    # floors r1c1, r2c4 hold 1 2; roofs r1c4, r2c1 (diagonal) hold 1 2 7: type 5, not type 2
    marks = {(0, 0): {1, 2}, (1, 3): {1, 2}, (0, 3): {1, 2, 7}, (1, 0): {1, 2, 7}}
    assert find_step(EMPTY, "Unique Rectangle Type 2", crafted(marks)) is None
    step = find_step(EMPTY, "Unique Rectangle Type 5", crafted(marks))
    # the cells seeing both roofs: r1c2, r1c3 (row 1, box 1) and r2c5, r2c6 (row 2, box 2)
    assert elims(step) == {((0, 1), 7), ((0, 2), 7), ((1, 4), 7), ((1, 5), 7)}
    # roofs on one row with the same extra: type 2, removing 7 from the rest of row 2
    marks = {(0, 0): {1, 2}, (0, 3): {1, 2}, (1, 0): {1, 2, 7}, (1, 3): {1, 2, 7}}
    step = find_step(EMPTY, "Unique Rectangle Type 2", crafted(marks))
    assert elims(step) == {((1, c), 7) for c in range(9) if c not in (0, 3)}
    marks[(1, 3)] = {1, 2, 8}  # different extras: not type 2
    assert find_step(EMPTY, "Unique Rectangle Type 2", crafted(marks)) is None


def test_unique_rectangle_type_6_from_a_position():
    assert_next_step(
        "Unique Rectangle Type 6",
        ".4..1.2.......9.7..1..........43.6..8......5....28....7.5..8......6..39.9........",
        "356 79 3578 36 368 35689 2356 2568 28 35 246 145 136 2356 79 3578 24567 2346 589 3468 "
        "345689 125 59 12 57 28 12789 2367 12346 19 69 167 147 12347 46 35679 346 1567 179 13 "
        "13479 36 139 249 14 1246 1246 124 28 1248 57 24 57 236 2346 1357 2457 1234 1578 12468 "
        "1245678",
        [((1, 1), 8), ((7, 2), 8)])


def test_hidden_rectangle_from_a_position():
    assert_next_step(
        "Hidden Rectangle",
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..513...942927.4.1..",
        "569 1268 5789 15789 25 2567 5679 1237 359 12 127 14579 2357 34579 23678 3569 268 45789 "
        "278 45789 2345 23567 1236 346 1246 378 13678 23 378 123 59 3479 17 13479 12357 357 136 "
        "59 168 13689 345 1358 3458 68 46 468 35 35 78 678 678 35 35 68 68",
        [((3, 2), 6)])


def test_hidden_rectangle_needs_both_strong_links():
    # r1c1 holds 1 2; r2c5's row and column have 1 only in the rectangle: r2c5 is not 2
    marks = {(0, 0): {1, 2}, (0, 4): {1, 2, 3}, (1, 0): {1, 2, 3}, (1, 4): {1, 2, 3}}
    marks.update(without_digit(1, [(1, c) for c in range(9) if c not in (0, 4)]))
    marks.update(without_digit(1, [(r, 4) for r in range(9) if r not in (0, 1)]))
    cands = crafted(marks)
    assert elims(find_step(EMPTY, "Hidden Rectangle", cands)) == {((1, 4), 2)}
    marks[(5, 4)] = ALL  # a third 1 in column 5
    assert find_step(EMPTY, "Hidden Rectangle", crafted(marks)) is None


BUG_LINE = "152946837.6.5.7421.4.2.1695..486.91228.41.7636.172.548..61.238441.3982.63286.41.9"
BUG_MARKS = "89 39 38 78 37 38 57 37 35 59 59 39 39 579 79 57 57 57 57 57"


def test_bug_plus_1_places_the_digit_seen_three_times():
    g, cands = position(BUG_LINE, BUG_MARKS)
    step = find_step(g, "BUG+1", cands)
    assert step.placements == (((6, 0), 7),) and not step.eliminations
    assert solver.solve(g)[6, 0] == 7 and solver.technique(step.technique).lesson.endswith("assumes the puzzle has exactly one solution.")
    # a second cell with three candidates: no BUG+1
    from solver.techniques.uniqueness import bug_plus_1
    masks = list(cands.masks)
    assert bug_plus_1(list(g.cells), masks) == step
    masks[9 * 1 + 0] |= 1 << 0  # r2c1 holds 1 too (wrongly, but a finder must not care)
    assert bug_plus_1(list(g.cells), masks) is None


def test_uniqueness_techniques_say_they_assume_one_solution():
    from solver.techniques import uniqueness
    for t in uniqueness.TECHNIQUES[1:]:
        assert "exactly one solution" in t.summary
    names = {n for n, _ in solver.techniques.registry.finders(assume_unique=False)}
    assert not names & {t.name for t in uniqueness.TECHNIQUES}


# -- WXYZ-Wing and Almost Locked Sets ----------------------------------------------------------
def test_wxyz_wing_from_a_position():
    step = assert_next_step(
        "WXYZ-Wing",
        "8194..375.3.751.895.7839....78543.263..69..58.5.1.8.43763215894.9.38.5...859...3.",
        "26 26 46 246 24 24 246 16 12 19 19 24 124 27 17 269 26 27 79 124 124 467 16 127 124 "
        "67 467 26 127",
        [((7, 8), 2), ((8, 0), 2)])
    assert "r8c3 (1, 2 and 4) and r9c7 (2 and 6), hold only 1, 2, 4 and 6" in step.message


def test_wxyz_wing_needs_one_loose_digit():
    # pivot r1c1 (1 2 3 4) sees r1c5 (1 4), r1c8 (2 4), r2c2 (3 4): 1, 2, 3 each sit in one
    # unit, so they fill at most three of the four cells; 4 fills one: r1c2, r1c3 lose 4
    marks = {(0, 0): {1, 2, 3, 4}, (0, 4): {1, 4}, (0, 7): {2, 4}, (1, 1): {3, 4}}
    step = find_step(EMPTY, "WXYZ-Wing", crafted(marks))
    assert elims(step) == {((0, 1), 4), ((0, 2), 4)}
    # 1 loose as well (r2c2 holds 1 too, and does not see r1c5): nothing is proved
    marks[(1, 1)] = {1, 3, 4}
    assert find_step(EMPTY, "WXYZ-Wing", crafted(marks)) is None


def test_vwxyz_wing_is_four_cells_of_a_unit_and_a_two_candidate_cell():
    # r1c1-r1c4 (1 2, 2 3, 3 4, 4 5) hold five digits in row 1; r2c1 (1 5) sees the only 1 of
    # them: the five cells hold five digits and only 5 is loose, so 5 fills r1c4 or r2c1 and
    # the cells seeing both lose it
    marks = {(0, 0): {1, 2}, (0, 1): {2, 3}, (0, 2): {3, 4}, (0, 3): {4, 5}, (1, 0): {1, 5}}
    step = find_step(EMPTY, "VWXYZ-Wing", crafted(marks))
    assert elims(step) == {((1, 3), 5), ((1, 4), 5), ((1, 5), 5)}
    assert "fills at most one of the five cells" in step.message
    # the two-candidate cell sees none of the four: nothing is proved
    del marks[(1, 0)]
    marks[(4, 4)] = {1, 5}
    assert find_step(EMPTY, "VWXYZ-Wing", crafted(marks)) is None


def test_unique_loop_of_six_cells():
    # r1c1 r1c2 r7c2 r7c5 r8c5 r8c1: each unit holds two of them, one on each side of the loop;
    # were r8c5 just 1 or 2, 1 and 2 could swap along the loop: it loses both (type 1)
    marks = {(0, 0): {1, 2}, (0, 1): {1, 2}, (6, 1): {1, 2}, (6, 4): {1, 2}, (7, 4): {1, 2, 3},
             (7, 0): {1, 2}}
    step = find_step(EMPTY, "Unique Loop", crafted(marks))
    assert elims(step) == {((7, 4), 1), ((7, 4), 2)}
    assert len(step.cells) == 6 and "form a loop on 1 and 2" in step.message
    # r8c5 and r7c5 both hold 1, 2 and 3: one of them is 3 (type 2), so r9c5... lose 3
    marks[(6, 4)] = {1, 2, 3}
    step = find_step(EMPTY, "Unique Loop", crafted(marks))
    assert {d for _, d in elims(step)} == {3} and ((8, 4), 3) in elims(step)
    # a unit holding three of the cells (row 7) is no loop: no swap keeps it right
    from solver.techniques.uniqueness import _loop_step
    masks = [mask({1, 2})] * 81
    masks[67] = mask({1, 2, 3})  # r8c5
    assert _loop_step(masks, mask({1, 2}), [0, 1, 55, 58, 67, 63]) is not None  # ... r8c1
    assert _loop_step(masks, mask({1, 2}), [0, 1, 55, 58, 67, 54]) is None  # ... r7c1


def test_sue_de_coq_from_a_position():
    step = assert_next_step(
        "Sue de Coq",
        "6.9.....82.37.1...4.1.......98.6...4.2.....3..3....5..9125...7.8...9....3.....2..",
        "57 234 2345 2345 1347 1245 58 458 469 4569 569 578 69 238 69 37 25 2357 157 123 2357 "
        "17 12 157 46 1489 1457 45789 16789 1679 17 46 12489 1247 2479 12689 12679 34 3468 3468 "
        "36 46 57 12346 23467 1346 1456 1356 46 57 1468 147 4678 145689 1569",
        [((0, 6), 4), ((2, 8), 5), ((5, 7), 1), ((5, 7), 2), ((7, 7), 1), ((8, 7), 1)])
    assert [u.name for u in step.units] == ["column 8", "box 3"]


def test_als_xz_from_a_position():
    step = assert_next_step(
        "ALS-XZ",
        "7.8...3.....2.1...5.........4.....263...8.......1...93.9.6....4....7.5...........",
        "126 459 4569 4569 1456 1259 469 36 3469 34569 4679 45678 5789 1236 123469 78 3469 78 "
        "12469 146 129 189 1579 3579 59 3579 178 1267 12679 479 24679 147 1457 157 268 25678 "
        "2567 2456 24567 478 128 12357 125 2358 127 1378 12468 12368 12346 3489 23489 1368 "
        "1289 12468 1235678 1234567 34589 12459 234589 12679 13678 12789",
        [((4, 5), 7)])
    assert "9 is restricted between them" in step.message


def test_als_xz_crafted():
    # A = r1c1 (1 2); B = r5c1, r5c2 (1 2 3) in row 5; every 1 of A sees every 1 of B (column 1),
    # so one of them is locked: 2 is in r1c1 or r5c2, and the cells seeing both lose it
    marks = {(0, 0): {1, 2}, (4, 0): {1, 3}, (4, 1): {2, 3}}
    step = find_step(EMPTY, "ALS-XZ", crafted(marks))
    assert elims(step) == {((r, c), 2) for r, c in ((0, 1), (1, 1), (2, 1), (3, 0), (5, 0))}
    # without the shared 1 there is no restricted digit to join them
    marks[(4, 0)] = {3, 5}
    assert find_step(EMPTY, "ALS-XZ", crafted(marks)) is None


def test_als_xy_wing_from_a_position():
    step = assert_next_step(
        "ALS-XY-Wing",
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..513...942927.4.1..",
        "569 1268 5789 15789 25 2567 5679 1237 359 12 127 14579 2357 34579 23678 3569 268 45789 "
        "278 45789 2345 23567 1236 346 124 378 13678 23 378 123 59 3479 17 13479 12357 357 136 "
        "59 168 13689 345 1358 3458 68 46 468 35 35 78 678 678 35 35 68 68",
        [((1, 8), 7)])
    assert "r1c7 (2 and 5)" in step.message


def test_death_blossom_from_a_position():
    step = assert_next_step(
        "Death Blossom",
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..513...942927.4.1..",
        "569 1268 5789 15789 25 2567 5679 1237 359 12 127 14579 2357 3459 23678 3569 268 45789 "
        "278 45789 345 23567 1236 346 124 378 13678 23 378 123 59 3479 17 13479 12357 357 136 "
        "59 168 13689 345 1358 3458 68 46 468 35 35 78 678 678 35 35 68 68",
        [((0, 5), 9)])
    assert "the stem r3c7 holds 3, 4 and 5" in step.message


def test_almost_locked_sets_are_found_in_each_unit_once():
    from solver.techniques.als import find_als
    cands = crafted({(0, 0): {1, 2}, (0, 1): {1, 3}, (0, 2): {2, 3, 4}})
    sets = find_als(list(cands.masks))
    cells = [tuple(s.cells) for s in sets]
    assert len(cells) == len(set(cells))
    assert (0,) in cells and (0, 1, 2) in cells  # a bivalue cell; three cells holding 1-4
    assert all(len(s.cells) + 1 == bin(s.mask).count("1") for s in sets)


# -- every finder of these families against the unique solution ------------------------------
FAMILY_MODULES = {"fish", "single_digit", "uniqueness", "wings", "als"}
FAMILY_FINDERS = [(n, f) for n, f in FINDERS if f.__module__.rsplit(".", 1)[1] in FAMILY_MODULES]
KNOWN_FINDERS = [(n, f) for n, f in FINDERS if f.__module__.rsplit(".", 1)[1] in KNOWN_MODULES]


def _path_positions(name: str, puzzles: int, per_puzzle: int, seed: int):
    """(cells, masks, solution) at sampled positions of each sampled puzzle's logical path
    (these families and the simpler ones, no chains; where it ends none of them applies)."""
    from solver.candidates import basic_masks
    from solver.path import run_path
    rng = random.Random(seed)
    lines = load_lines(name)
    for line in rng.sample(lines, min(puzzles, len(lines))):
        g = grid(line)
        sol = solver.solve(g)
        cells = list(g.cells)
        masks = basic_masks(cells)
        _, positions = run_path(cells, masks, KNOWN_FINDERS)
        for c, m in rng.sample(positions, min(per_puzzle, len(positions))):
            yield list(c), list(m), sol


def _check_finders(positions) -> dict:
    hits: dict[str, int] = {}
    for cells, masks, sol in positions:
        for name, f in FAMILY_FINDERS:
            step = f(list(cells), list(masks))
            if step is None:
                continue
            hits[name] = hits.get(name, 0) + 1
            assert step.placements or step.eliminations, step.message
            for cell, d in step.placements:
                assert sol[cell] == d, step.message
            for cell, d in step.eliminations:
                assert sol[cell] != d, step.message
                assert masks[9 * cell[0] + cell[1]] >> (d - 1) & 1, step.message
    return hits


@pytest.mark.slow
def test_family_finders_agree_with_the_solution_on_a_small_set():
    hits = _check_finders(_path_positions("norvig_hardest11", 6, 2, seed=11))
    assert sum(hits.values()) > 10


@pytest.mark.slow
def test_family_finders_agree_with_the_solution_across_the_corpus():
    hits: dict[str, int] = {}
    for name, puzzles, per, seed in (("top1465_sample200", 40, 4, 1465),
                                     ("norvig_top95", 25, 4, 95),
                                     ("17_clue_sample200", 15, 3, 17),
                                     ("forum_hardest_1106_sample100", 10, 1, 1106)):
        for k, v in _check_finders(_path_positions(name, puzzles, per, seed)).items():
            hits[k] = hits.get(k, 0) + v
    # the sample exercises nearly every family (BUG+1 and the jellyfish are rarer)
    missing = {n for n, _ in FAMILY_FINDERS} - set(hits)
    assert len(missing) <= 6, missing


# -- Avoidable Rectangle: solved cells that are not givens --------------------------------------
AR_PUZZLE = "98.7..6..7..5..94.....6....47...3....2...5.....96..4..2...5..1..9.8..2....8.....6"
AR_LINE = "9847316..7..528943..2.6....47...3....2...5.....96..4..2...5..1..9.8..2....8.....6"
AR_MARKS = ("25 25 16 16 35 35 49 49 178 78 178 156 129 189 158 25689 12589 1368 136 149 14789 "
            "1378 36789 1789 1358 135 178 27 23578 12578 346 367 39 4679 378 4789 1356 3567 147 "
            "467 37 47 13 134 12349 1479 2479 357 3579")


def test_avoidable_rectangle_from_a_position():
    """On the path of a forum-hardest puzzle: r1c5 = 3, r2c5 = 2, r2c9 = 3 were solved (none a
    given), so r1c9 cannot be 2.  Only cells that are not givens count."""
    from solver.techniques.registry import find_first
    puzzle = grid(AR_PUZZLE)
    g, cands = position(AR_LINE, AR_MARKS)
    sol = solver.solve(puzzle)
    assert solver.count_solutions(puzzle, limit=2) == 1
    step = find_first(list(g.cells), list(cands.masks), memo={"givens": puzzle.cells})
    assert step.technique == "Avoidable Rectangle", step.message
    assert elims(step) == {((0, 8), 2)} and sol[0, 8] != 2
    assert step.message.startswith("Avoidable Rectangle:") and "none of them a given" in step.message
    assert set(step.cells) == {(0, 4), (0, 8), (1, 4), (1, 8)} and (0, 8) in step.highlight
    assert solver.technique(step.technique).lesson.endswith("assumes the puzzle has exactly one solution.")
    # were the solved digits givens, they could not swap: no Avoidable Rectangle
    other = find_first(list(g.cells), list(cands.masks), memo={"givens": g.cells})
    assert other is None or other.technique != "Avoidable Rectangle"
    assert find_step(g, "Avoidable Rectangle", cands) is None  # no givens known: nothing
    assert find_step(g, "Avoidable Rectangle", cands, givens=puzzle) == step
    # the hint knows the puzzle's givens
    h = solver.hint(g, cands, givens=puzzle)
    assert h.ok and h.step.technique == "Avoidable Rectangle"


def test_avoidable_rectangle_type_2_crafted():
    from solver.techniques.uniqueness import avoidable_rectangle
    cells = [0] * 81
    cells[0], cells[3] = 1, 2                      # r1c1 = 1, r1c4 = 2, solved (not givens)
    masks = [0 if d else mask(range(1, 10)) for d in cells]
    masks[9], masks[12] = mask((2, 7)), mask((1, 7))  # r2c1: 2 or 7, r2c4: 1 or 7
    step = avoidable_rectangle(cells, masks, memo={"givens": (0,) * 81})
    assert step.technique == "Avoidable Rectangle"
    # r2c1 = 2 and r2c4 = 1 would complete a swappable rectangle: one of them is 7
    assert elims(step) == {((1, c), 7) for c in range(9) if c not in (0, 3)}
    givens = [0] * 81
    givens[0] = 1  # r1c1 is a given: it cannot swap
    assert avoidable_rectangle(cells, masks, memo={"givens": tuple(givens)}) is None
    masks[12] = mask((1, 8))  # different extras: no conclusion
    assert avoidable_rectangle(cells, masks, memo={"givens": (0,) * 81}) is None


def test_avoidable_rectangle_type_4_crafted():
    """r1c1 = 1 and r1c4 = 2 were solved (not givens); across from them r2c1 could be 2 and r2c4
    could be 1, which would let the four corners swap 1 and 2.  In row 2, 2 fits only at r2c1
    and r2c4: one of them is 2, so r2c4 cannot be 1 (it would force r2c1 = 2)."""
    from solver.techniques.uniqueness import avoidable_rectangle, avoidable_rectangle_type_4
    cells = [0] * 81
    cells[0], cells[3] = 1, 2                      # r1c1 = 1, r1c4 = 2, solved (not givens)
    masks = [0 if d else mask(range(1, 10)) for d in cells]
    for c in range(9):
        if c not in (0, 3):
            masks[9 + c] &= ~mask((2,))             # row 2: 2 only at r2c1 and r2c4
    step = avoidable_rectangle_type_4(cells, masks, memo={"givens": (0,) * 81})
    assert step.technique == "Avoidable Rectangle Type 4"
    assert elims(step) == {((1, 3), 1)}
    assert step.message.startswith("Avoidable Rectangle Type 4:") and "neither a given" in step.message
    assert "In row 2, 2 fits only at r2c1 and r2c4" in step.message
    assert set(step.cells) == {(0, 0), (0, 3), (1, 0), (1, 3)}
    assert solver.technique(step.technique).lesson.endswith("assumes the puzzle has exactly one solution.")
    assert avoidable_rectangle(cells, masks, memo={"givens": (0,) * 81}) is None  # not type 1 or 2
    # the other digit: 1 only at r2c1 and r2c4 in row 2, so r2c1 cannot be 2
    masks = [0 if d else mask(range(1, 10)) for d in cells]
    for c in range(9):
        if c not in (0, 3):
            masks[9 + c] &= ~mask((1,))
    step = avoidable_rectangle_type_4(cells, masks, memo={"givens": (0,) * 81})
    assert elims(step) == {((1, 0), 2)}
    givens = [0] * 81
    givens[3] = 2  # r1c4 is a given: it cannot swap
    assert avoidable_rectangle_type_4(cells, masks, memo={"givens": tuple(givens)}) is None
    assert avoidable_rectangle_type_4(cells, masks) is None  # no givens known: nothing
    masks[9 + 5] |= mask((1,))  # a third place of 1 in row 2: no conclusion
    assert avoidable_rectangle_type_4(cells, masks, memo={"givens": (0,) * 81}) is None


def test_avoidable_rectangle_type_4_on_a_real_path():
    """On the logical path of a top1465 puzzle: r3c5 = 3 and r3c8 = 4 were solved (not givens),
    and in row 1, 4 fits only at r1c5 and r1c8; so r1c8 cannot be 3.  (Found on 78 positions of
    150 top1465 paths, but never the next step there: simpler steps come first.)"""
    puzzle = grid("9..7..1...2..1...7...5..6........56......32..1...5...824..813...1542...6..9.....2")
    cells = [0 if ch == "." else int(ch) for ch in
             "9567.81..4239168578715326497.2.9456.....6327.1..2579.8247681395315429786..9375412"]
    masks = [0, 0, 0, 0, 8, 0, 0, 6, 4] + [0] * 19 + [132, 0, 129, 0, 0, 0, 0, 5, 16, 256, 136,
             129, 0, 0, 0, 0, 9, 0, 36, 8, 0, 0, 0, 0, 4] + [0] * 19 + [32, 160] + [0] * 7
    g, cands = Grid(cells), Candidates(masks)
    sol = solver.solve(puzzle)
    assert solver.count_solutions(puzzle, limit=2) == 1
    step = find_step(g, "Avoidable Rectangle Type 4", cands, givens=puzzle)
    assert step is not None and elims(step) == {((0, 7), 3)} and sol[0, 7] != 3
    assert "In row 1, 4 fits only at r1c5 and r1c8" in step.message
    assert find_step(g, "Avoidable Rectangle Type 4", cands) is None  # every digit a given
    assert solver.technique(step.technique).lesson == solver.technique("Avoidable Rectangle Type 4").summary


# -- Franken and Mutant fish ----------------------------------------------------------------
def _fish_masks(d: int, places) -> list[int]:
    """Empty-grid masks where digit ``d`` is a candidate only in ``places`` ((row, col) cells)."""
    every = mask(range(1, 10))
    bit = 1 << (d - 1)
    out = [every & ~bit] * 81
    for r, c in places:
        out[9 * r + c] = every
    return out


def test_franken_x_wing_crafted():
    """5 in row 1 only at r1c1 and r1c5; in box 5 only at r4c5 and r6c5.  Row 1 and box 5 (the
    base) share no place and all of them lie in columns 1 and 5 (the cover): each column takes
    one 5 of the base, so the rest of both columns lose 5."""
    from solver.techniques.fish import franken_fish, x_wing
    places = {(0, 0), (0, 4), (3, 4), (5, 4), (6, 0), (7, 4)}
    masks = _fish_masks(5, places)
    step = franken_fish([0] * 81, masks)
    assert step is not None and step.technique == "Franken Fish"
    assert "Franken X-Wing" in step.message and "In row 1 and box 5" in step.message
    assert "column 1 and column 5" in step.message
    assert elims(step) == {((6, 0), 5), ((7, 4), 5)}
    assert x_wing([0] * 81, masks) is None  # no plain X-Wing: box 5 is a base unit
    assert solver.technique(step.technique).lesson == solver.technique("Franken Fish").summary


def test_mutant_x_wing_crafted():
    """7 in row 2 only at r2c1 and r2c4, in column 5 only at r1c5 and r3c5: row 2 and column 5
    (the base) share no place, and all four lie in column 1 and box 2 (the cover), so the rest
    of box 2 loses 7."""
    from solver.techniques.fish import _kind, mutant_fish
    base = {(1, 0), (1, 3), (0, 4), (2, 4)}
    others = {(0, 5), (2, 5)}
    masks = _fish_masks(7, base | others)
    step = mutant_fish([0] * 81, masks)
    assert step is not None and step.technique == "Mutant Fish" and "Mutant X-Wing" in step.message
    assert "row 2 and column 5" in step.message and "column 1 and box 2" in step.message
    assert elims(step) == {((0, 5), 7), ((2, 5), 7)}
    # rows against columns is a basic fish, boxes with lines of one kind a Franken one
    assert _kind((1, 13), (18, 19)) == "Mutant" and _kind((0, 22), (9, 13)) == "Franken"
    assert _kind((0, 1), (9, 10)) == "basic" and _kind((9, 22), (0, 19)) == "Franken"


def test_franken_swordfish_from_a_position():
    """Where every fixed pattern, ALS and ALS chain is stuck on a top1465 puzzle: 9 in row 4,
    row 7 and box 1 lies only in columns 2, 3 and 5."""
    step = assert_next_step(
        "Franken Fish",
        "...389.718..4.1...1........2..5..61..31....4.....1....5..1..8......2.1...1.7....9",
        "46 2456 2456 245 2579 23579 567 2359 23569 2356 4579 34579 26 567 2567 3459 3589 34568 "
        "4789 4789 3479 3478 38 679 2689 679 2678 2579 258 4679 456789 456789 2689 234678 2379 "
        "2389 238 24679 24679 3469 346 236 23467 34679 46789 46789 689 34568 356 34567 346 2468 "
        "3456 34568 2345 2356",
        [((4, 4), 9), ((5, 1), 9), ((5, 2), 9), ((7, 1), 9), ((7, 2), 9)])
    assert "Franken Swordfish" in step.message and "In row 4, row 7 and box 1" in step.message
