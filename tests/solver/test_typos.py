"""find_typos: the slip that explains a hand-typed grid, and the fix that restores the puzzle."""
from __future__ import annotations

import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import load_lines
from solver import Grid, count_solutions, find_solutions, solve
from solver.search import Cancelled, Position
from solver.isomorph import isomorph
from bench.typos import inject
from solver.grid import cell_of, index
from solver.typos.search import Edit, confusable, describe_explanation, find_typos

# magictour top1465 #1: minimal, one solution
PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
CELLS = tuple(int(c) if c != "." else 0 for c in PUZZLE)
# norvig top95 #10 (sparse, hard): see test_a_left_out_given_whose_puzzle_is_long_to_search_comes_first
TOP95 = ".923.........8.1...........1.7.4...........658.........6.5.2...4.....7.....9....."


def typed(**changes) -> Grid:
    """PUZZLE with cells changed: ``r1c1=9`` sets a digit, ``r1c1=0`` blanks it."""
    cells = list(CELLS)
    for name, d in changes.items():
        r, c = int(name[1]) - 1, int(name[3]) - 1
        cells[9 * r + c] = d
    return Grid(cells)


def test_a_wrong_digit_that_breaks_a_rule_is_named_with_its_fix():
    t = find_typos(typed(r1c1=9))  # 4 typed as 9: a 9 twice in row 1? no: 9 clashes in its box
    assert t.status == "invalid"
    best = t.best
    assert best.rank == 1 and best.unique and t.confident
    assert best.edits == (Edit("wrong_digit", ((0, 0),), (9,), (4,)),)
    assert best.fixed == Grid(CELLS)
    assert best.message == ("r1c1: you typed 9, the puzzle works with 4 there; 4 and 9 look alike. "
                            "With that fix the puzzle has exactly one solution.")


def test_a_wrong_digit_that_makes_several_solutions_is_a_wrong_given_not_a_missing_clue():
    t = find_typos(typed(r1c5=9))  # 3 typed as 9
    assert t.status == "multiple"
    assert t.best.edits == (Edit("wrong_digit", ((0, 4),), (9,), (3,)),)
    assert t.best.fixed == Grid(CELLS)


def test_a_given_left_out_is_put_back():
    t = find_typos(typed(r1c1=0))
    assert t.status == "multiple"
    assert t.best.edits == (Edit("left_out", ((0, 0),), (0,), (4,)),)
    assert t.best.fixed == Grid(CELLS) and t.confident
    assert "left out" in t.best.message


def test_an_extra_digit_is_taken_out():
    t = find_typos(typed(r1c2=1))
    assert t.status == "no_solution"
    assert t.best.edits == (Edit("extra", ((0, 1),), (1,), (0,)),)
    assert t.best.fixed == Grid(CELLS)


def test_a_given_one_cell_off_is_moved_back():
    t = find_typos(typed(r1c5=0, r1c4=3))  # the 3 of r1c5 typed one cell to the left
    assert t.best.edits == (Edit("shifted", ((0, 3), (0, 4)), (3, 0), (0, 3)),)
    assert t.best.fixed == Grid(CELLS)
    assert "one cell to the right, in r1c5" in t.best.message


def test_two_swapped_neighbours_are_swapped_back():
    t = find_typos(typed(r6c4=1, r7c4=2))  # r6c4 = 2 and r7c4 = 1 typed the other way round
    assert t.status == "invalid"
    assert t.best.edits == (Edit("swapped", ((5, 3), (6, 3)), (1, 2), (2, 1)),)
    assert t.best.fixed == Grid(CELLS)


def test_two_wrong_digits_are_found_as_a_pair_when_no_single_slip_explains_the_grid():
    t = find_typos(typed(r2c4=8, r6c2=8))  # 6 and 7 typed as 8
    assert t.status == "invalid"
    assert t.best.kind == "pair"
    assert (1, 3) in t.best.cells[:1]  # the given that clashes in two units comes first
    assert any(x.fixed == Grid(CELLS) for x in t.explanations)


def test_a_unique_grid_has_nothing_to_explain():
    t = find_typos(Grid(CELLS))
    assert t.status == "unique" and t.explanations == [] and t.best is None


def test_edits_apply_and_explanations_are_ranked():
    t = find_typos(typed(r1c1=0))
    assert [x.rank for x in t.explanations] == list(range(1, len(t.explanations) + 1))
    assert all(a.score >= b.score for a, b in zip(t.explanations, t.explanations[1:]))
    for x in t.explanations:
        g = typed(r1c1=0)
        for e in x.edits:
            g = e.apply(g)
        assert g == x.fixed
        assert count_solutions(x.fixed, 2) == x.solutions
        assert describe_explanation(x) == x.message


def test_confusable_digits():
    assert confusable(1, 7) == "look_alike" and confusable(6, 9) == "look_alike"
    assert confusable(1, 2) == "keypad" and confusable(5, 8) == "keypad"
    assert confusable(1, 9) is None


def test_cancel_stops_the_search():
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        find_typos(typed(r1c1=9), cancel=cancel)


# Two independent contradictions (r1c9 and r9c1 have no digit left): only pairs explain it,
# and the pair search runs until its work budget is spent.
TWO_PLACES = Grid(int(c) if c != "." else 0 for c in
                  "12345678." + "........9" + "." * 18 + "9........" + "." * 18 + ".1......." + ".3456782.")


def test_the_pair_search_gives_the_same_answer_on_a_busy_machine(monkeypatch):
    quiet = find_typos(TWO_PLACES)
    assert quiet.status == "no_solution" and quiet.best.kind == "pair"
    assert {r for r, _ in quiet.best.cells} == {0, 8}  # one wrong given in each place
    # a machine so busy that a second of wall-clock time passes between two looks at the
    # clock (a wall-clock budget gave {0, 4} or nothing here): the work budget is unmoved
    import solver.cancel

    clock = iter(range(10**9))
    monkeypatch.setattr(solver.cancel.time, "monotonic", lambda: float(next(clock)))
    busy = find_typos(TWO_PLACES)
    assert [(x.edits, x.solutions) for x in busy.explanations] == \
        [(x.edits, x.solutions) for x in quiet.explanations]
    assert busy.complete == quiet.complete


def test_a_smaller_work_budget_cuts_the_pairs_at_the_same_place_every_time():
    runs = [find_typos(TWO_PLACES, nodes=800) for _ in range(2)]
    assert not runs[0].complete and not runs[1].complete
    assert [x.edits for x in runs[0].explanations] == [x.edits for x in runs[1].explanations]
    full = find_typos(TWO_PLACES, nodes=10**7)
    assert full.complete and len(full.explanations) >= len(runs[0].explanations)


_PUBLISHED = [p for name in ("top1465_sample200", "17_clue_sample200") for p in load_lines(name)[:40]]


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["wrong_digit", "left_out", "extra", "shifted", "swapped"])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_the_true_slip_is_among_the_explanations(kind, seed):
    rng = random.Random(seed)
    line = rng.choice(_PUBLISHED)
    original = isomorph(tuple(int(c) if c not in ".0" else 0 for c in line), rng)
    slip = inject(kind, original, rng)
    if slip is None:
        return
    cells, true = slip
    g = Grid(cells)
    t = find_typos(g, seconds=30)  # about correctness, not time: no budget cuts the search
    if t.status == "unique":
        return  # the slip kept the puzzle unique: nothing can tell
    solution = solve(Grid(original))
    true_cells = {divmod(i, 9) for i in true}
    assert any(
        x.unique and true_cells & set(x.cells) and find_solutions(x.fixed, 1)[0] == solution
        for x in t.explanations
    ), (kind, g.to_line(), [x.message for x in t.explanations])


@pytest.mark.slow
def test_a_left_out_given_that_was_its_digits_only_one_is_still_found():
    # a 17-clue puzzle whose only 4 was left out: two digits missing, yet one given back fixes it
    typed_line = ".3......2...8.5.9......1............2........96.....1....3....61...9......5...3.."
    g = Grid(int(c) if c != "." else 0 for c in typed_line)
    t = find_typos(g, seconds=30)
    assert t.status == "multiple" and t.explanations
    assert any(x.kind == "left_out" and x.edits[0].new == (4,) and x.unique for x in t.explanations)


# -- ranking by how likely the fixed grid is as a published puzzle ---------------------
# Cases of the typo benchmark (random isomorphs of tests/data puzzles, one slip each) where
# the ranking by slip likelihood alone named another cell first.

def _line(text: str) -> Grid:
    return Grid(int(c) for c in text)


@pytest.mark.slow
def test_a_given_one_cell_off_comes_before_the_givens_that_could_be_missing():
    # the 7 of r8c9 typed in r9c9: 18 single added givens also give one solution each
    g = _line("000002001200800300007003000005600000900008600060900040300080900004000030050000017")
    t = find_typos(g)
    # (far ahead, but not called *the* fix: that takes 99.9 % of the likelihood, issue 27)
    assert t.status == "multiple" and t.shares()[0][0] > 0.9 and not t.confident
    assert t.best.edits == (Edit("shifted", ((8, 8), (7, 8)), (7, 0), (0, 7)),)
    assert sum(x.kind == "left_out" and x.unique for x in t.explanations) >= 10
    assert count_solutions(t.best.fixed, 2) == 1


def test_a_wrong_digit_that_leaves_several_solutions_comes_before_added_givens():
    g = _line("000000700000000060900800001030000000806000040200140005150600008000208900000030000")
    t = find_typos(g)
    assert t.status == "multiple"
    assert t.best.edits == (Edit("wrong_digit", ((1, 7),), (6,), (5,)),)
    assert t.best.unique and t.shares()[0][0] > 0.9


def test_an_extra_digit_comes_before_moving_it():
    g = _line("000000020090100750400804000000070090308600000000000000000300006010000004020050000")
    t = find_typos(g)
    assert t.status == "invalid"
    assert t.best.edits == (Edit("extra", ((2, 0),), (4,), (0,)),)
    assert t.shares()[0][0] > 0.9


def test_a_fix_that_adds_a_given_ranks_below_an_equally_likely_change():
    # PUZZLE (24 givens) with r1c1 left out: putting the 4 back is the only unique fix, and
    # it still comes first; its score carries the cost of one more given
    t = find_typos(typed(r1c1=0))
    lo = t.best
    assert lo.kind == "left_out"
    n = sum(1 for d in CELLS if d) - 1
    import math
    from solver.search import open_candidates
    from solver.typos.prior import HARD

    hard = HARD * open_candidates(lo.fixed.cells)  # the bonus of every fix singles do not solve
    assert lo.score - hard < math.log(0.2 / (n + 1))  # the slip's own likelihood, less the prior


def _turned(cells, turn: int) -> tuple:
    """``cells`` transposed, then its rows reversed ``turn & 1`` and its columns ``turn & 2``:
    moves that keep every pair of neighbouring cells neighbours (as shifts and swaps need)."""
    out = [0] * 81
    for r in range(9):
        for c in range(9):
            rr = 8 - c if turn & 1 else c
            cc = 8 - r if turn & 2 else r
            out[9 * rr + cc] = cells[9 * r + c]
    return tuple(out)


@pytest.mark.slow  # six typo searches: about 4 s
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), turn=st.integers(0, 3),
       kind=st.sampled_from(["wrong_digit", "left_out", "extra", "shifted", "swapped"]))
def test_the_ranking_does_not_depend_on_how_the_grid_is_turned(seed, turn, kind):
    # transposed, mirrored: the same puzzle and the same slip, so the same best score and the
    # same best fixes (turned alike); single slips are searched to the end, so this is exact
    rng = random.Random(seed)
    original = tuple(int(c) if c not in ".0" else 0 for c in rng.choice(_PUBLISHED))
    slip = inject(kind, original, rng)
    if slip is None:
        return
    cells, _true = slip
    a = find_typos(Grid(cells), seconds=30, pairs=False)
    b = find_typos(Grid(_turned(cells, turn)), seconds=30, pairs=False)
    assert a.status == b.status
    assert bool(a.explanations) == bool(b.explanations)
    if not a.explanations:
        return
    assert abs(a.best.score - b.best.score) < 1e-9
    top_a = {_turned(x.fixed.cells, turn) for x in a.explanations if abs(x.score - a.best.score) < 1e-9}
    top_b = {x.fixed.cells for x in b.explanations if abs(x.score - b.best.score) < 1e-9}
    assert top_a == top_b


def test_solution_digits_can_leave_out_one_digit_of_a_cell():
    from solver.search import solution_digits

    solution = solve(Grid(CELLS)).cells
    g = Grid(0 if d in (1, 2) else d for d in solution)  # every 1 and 2 blank: several solutions
    every = solution_digits(g, 1000)
    cell = divmod(solution.index(1), 9)
    without = solution_digits(g, 1000, exclude=(cell, 1))
    assert 2 <= len(every) < 1000 and without
    assert sorted(without) == sorted(s for s in every if s[index(*cell)] != 1)


def test_a_fix_whose_grid_has_a_given_too_many_ranks_below_a_minimal_one():
    # an isomorph of a public puzzle with its given r3c1 = 2 left out; adding 3 in r6c6
    # also gives one solution, with fewer givens crowded, but then a given of the grid can
    # go (published puzzles are minimal: none can)
    g = Grid(int(c) for c in
             "000070080000500200000068005700600050030000002004000100300700020500830970000009003")
    t = find_typos(g)
    assert t.best.edits == (Edit("left_out", ((2, 0),), (0,), (2,)),) and t.shares()[0][0] > 0.9
    other = next(x for x in t.explanations if x.edits == (Edit("left_out", ((5, 5),), (0,), (3,)),))
    assert other.unique and other.rank > 1

    def removable(fixed: Grid) -> bool:
        return any(count_solutions(fixed.with_digit(c, 0), 2) == 1
                   for c in ((r, k) for r in range(9) for k in range(9)) if fixed[c])

    assert removable(other.fixed) and not removable(t.best.fixed)


# Project Euler 96 grid 1 (tests/data/norvig_easy50.txt): a newspaper-style puzzle of 32 givens,
# the same pattern turned half round
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def test_a_symmetric_pattern_points_to_the_left_out_given():
    from solver.typos.prior import near_symmetries, symmetric

    cells = tuple(int(c) if c != "." else 0 for c in EASY)
    pattern = [bool(d) for d in cells]
    assert symmetric(pattern, near_symmetries(pattern))
    assert not symmetric([bool(d) for d in CELLS], near_symmetries([bool(d) for d in CELLS]))
    # r1c7 = 6 left out: other added givens also give one solution, but only r1c7 makes the
    # pattern symmetric again (without that signal r2c7 = 6 came first); 6 or 8 there both
    # give one solution, so the check names the cell and offers both
    g = Grid(cells).with_digit((0, 6), 0)
    t = find_typos(g)
    assert t.best.cells == ((0, 6),) and not t.confident
    assert Edit("left_out", ((0, 6),), (0,), (6,)) in (t.explanations[0].edits + t.explanations[1].edits)
    assert any(x.unique and x.cells == ((1, 6),) for x in t.explanations[2:])
    # in another picture of the same puzzle (rows and columns permuted, bands kept) the
    # symmetry is another map, and it is found as well
    rng = random.Random(5)
    moved = isomorph(cells, rng)
    rng = random.Random(5)
    marked = [0] * 81
    marked[index(0, 6)] = 1
    where = next(i for i, d in enumerate(isomorph(marked, rng)) if d)  # r1c7 in that picture
    t = find_typos(Grid(moved[:where] + (0,) + moved[where + 1:]))
    assert t.best.cells == (divmod(where, 9),) and t.best.kind == "left_out"


def test_the_pairs_core_search_stops_when_the_budget_is_spent(monkeypatch):
    # the givens that can pair with each suspect come from a core search per suspect (one
    # count per given); with the budget spent after its first count, it stops there
    import solver.typos.search

    calls = []
    real = solver.typos.search.count_solutions

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(solver.typos.search, "count_solutions", counted)
    find_typos(TWO_PLACES, pairs=False)
    singles = len(calls)
    del calls[:]
    t = find_typos(TWO_PLACES, nodes=1)
    assert not t.complete and len(calls) - singles <= 3


# a random picture of a 17-given puzzle of tests/data with two wrong digits: r2c4 typed 8 for 5
# and r1c9 typed 5 for 7; it has several solutions and no single slip gives one
TWO_WRONG_SEVERAL = "000000005040800000090006003702008000000100490000000500000000100006080000200003000"


def test_with_two_wrong_digits_and_several_solutions_wrong_digits_come_before_other_slips(monkeypatch):
    import solver.typos.search

    cells = tuple(map(int, TWO_WRONG_SEVERAL))
    t = find_typos(Grid(cells))
    assert t.status == "multiple" and not any(x.unique for x in t.explanations)
    # a wrong digit that leaves several solutions can be half of a pair of wrong digits; a
    # swap or a move that leaves several cannot: without that, a swap came first (a grid of
    # 18 givens has few neighbouring pairs, so each one is likelier than a given's digit)
    kinds = [x.kind for x in t.explanations]
    last_wrong = max(k for k, kind in enumerate(kinds) if kind == "wrong_digit")
    assert all(kind == "wrong_digit" for kind in kinds[:last_wrong + 1])
    monkeypatch.setattr(solver.typos.search, "SEVERAL_NOT_HALF_PAIR", 0.0)
    assert find_typos(Grid(cells)).best.kind in ("swapped", "shifted")
    monkeypatch.undo()
    named = []
    for x in t.explanations:
        named.extend(c for c in x.cells if c not in named)
    assert {(1, 3), (0, 8)} & set(named[:3])


def test_a_fix_shown_to_have_several_solutions_by_a_trade_has_several():
    # where two solutions of the typed grid differ, their digits can be traded in any grid
    # holding one side: every fix that shortcut calls "several" has two solutions or more
    from solver.typos.search import _Search

    cells = tuple(map(int, TWO_WRONG_SEVERAL))
    s = _Search(cells, None)
    s.find_swappable()
    assert s.swappable
    shown = 0
    for i in s.givens:
        blanked = list(cells)
        blanked[i] = 0
        base = Position(Grid(blanked), exclude=(cell_of(i), cells[i]))  # as edits_of_given
        for d in range(1, 10):
            fixed = list(cells)
            fixed[i] = d
            if d != cells[i] and s.several_by_swap(fixed, base, ((cell_of(i), d),)):
                shown += 1
                assert count_solutions(Grid(fixed), 2) == 2
    assert shown >= 10


def test_a_left_out_given_whose_puzzle_singles_do_not_solve_comes_first(monkeypatch):
    # r6c4 = 2 left out of a hard published puzzle: several added givens give a minimal puzzle
    # with one solution; the true one leaves the most open after the singles (sparse published
    # puzzles are rarely solved by singles), the one that came first before left fewer
    import solver.typos.search
    from solver.search import open_candidates

    t = find_typos(typed(r6c4=0))
    assert t.best.edits == (Edit("left_out", ((5, 3),), (0,), (2,)),)
    assert t.best.fixed == Grid(CELLS)
    monkeypatch.setattr(solver.typos.search, "HARD", 0.0)
    monkeypatch.setattr(solver.typos.search, "HARD_SEARCH", 0.0)  # the other sign of a hard puzzle
    before = find_typos(typed(r6c4=0)).best
    assert before.cells != ((5, 3),) and before.unique and before.kind == "left_out"
    assert open_candidates(before.fixed.cells) < open_candidates(CELLS)


def test_a_left_out_given_whose_puzzle_is_long_to_search_comes_first(monkeypatch):
    # a top95 puzzle with r7c2 = 6 left out: several added givens give one solution; the true
    # one's puzzle takes the search the most positions to show it (published sparse puzzles
    # are hard); without that, r9c2 came first, and its fix leads to another solution
    import solver.typos.search
    from solver.search import SearchStats
    from solver.typos.prior import upright

    puzzle = Grid(int(c) if c != "." else 0 for c in TOP95)
    g = puzzle.with_digit((6, 1), 0)
    t = find_typos(g, pairs=False)
    assert t.best.edits == (Edit("left_out", ((6, 1),), (0,), (6,)),)
    assert t.best.fixed == puzzle
    monkeypatch.setattr(solver.typos.search, "HARD_SEARCH", 0.0)
    before = find_typos(g, pairs=False).best
    assert before.kind == "left_out" and before.unique and before.cells != ((6, 1),)

    order = upright(g.cells)  # read as the ranking reads it

    def positions(fixed):
        work = SearchStats()
        count_solutions(Grid(fixed.cells[i] for i in order), 2, stats=work)
        return work.nodes

    assert positions(puzzle) > positions(before.fixed) + 10


def test_upright_reads_every_turned_picture_of_a_grid_alike():
    from solver.typos.prior import upright

    pictures = {_turned(CELLS, turn) for turn in range(4)} | {_turned(_turned(CELLS, 3), turn) for turn in range(4)}
    assert len(pictures) == 8
    read = {tuple(p[i] for i in upright(p)) for p in pictures}
    assert len(read) == 1


def test_open_candidates_counts_what_singles_leave():
    from solver.search import open_candidates

    solved = solve(Grid(CELLS))
    assert open_candidates(solved.cells) == 0
    assert open_candidates(tuple(int(c) if c != "." else 0 for c in EASY)) == 0  # singles solve it
    assert open_candidates(CELLS) > 100
    assert open_candidates(typed(r1c2=4).cells) == -1  # two 4s in row 1


def test_with_several_solutions_left_the_fix_closest_to_one_names_the_cell_first(monkeypatch):
    # PUZZLE with r8c8 = 4 typed as 1 and r4c8 = 9 typed as 2: several solutions, and no single
    # slip gives one.  The fixes that leave several are ranked by the candidates the singles
    # leave open in their grid (and the digits' likelihood): r4c8 is named first
    import solver.typos.search
    from solver.search import open_candidates

    g = typed(r8c8=1, r4c8=2)
    t = find_typos(g)
    assert t.status == "multiple" and not any(x.unique for x in t.explanations)
    assert t.best.cells == ((3, 7),) and t.best.kind == "wrong_digit"
    monkeypatch.setattr(solver.typos.search, "OPEN_SEVERAL", 0.0)
    before = find_typos(g).best
    assert before.cells == ((0, 0),)  # without it: the first given in reading order
    assert open_candidates(t.best.fixed.cells) < open_candidates(before.fixed.cells)


def test_givens_held_by_a_rectangle_cannot_go():
    # the check for a minimal puzzle skips the givens that are the only given of a tradable
    # rectangle of the solution: each named must really be needed (without it, two solutions)
    from solver.typos.prior import needed_by_rectangle

    named = 0
    for line in load_lines("17_clue_sample200")[:6] + load_lines("norvig_easy50")[:3]:
        g = Grid(0 if ch in ".0" else int(ch) for ch in line)
        solution = solve(g).cells
        needed = needed_by_rectangle(solution, g.cells)
        for i in needed:
            assert g.cells[i]
            assert count_solutions(Grid(0 if k == i else d for k, d in enumerate(g.cells)), 2) == 2
        named += len(needed)
    assert named >= 20


def test_the_benchmark_measures_another_checkout_case_by_case_in_turn():
    # --before DIR: the other checkout's diagnose runs in a subprocess fed one case at a time;
    # measured against this very checkout, both rows must agree on every column but the time
    import io
    from pathlib import Path

    from bench.typos import run_typo_bench

    out = io.StringIO()
    run_typo_bench(per_kind=1, seed=11, before=str(Path(__file__).resolve().parents[2]), out=out)
    rows = [line.split("|")[1:-1] for line in out.getvalue().splitlines() if line.startswith("| ")]
    rows = [[c.strip() for c in r] for r in rows[1:]]  # past the header
    assert len(rows) == 14  # 6 kinds and "all single", before and after
    for old, new in zip(rows[0::2], rows[1::2]):
        assert (old[0], old[1], new[1]) == (new[0], "before", "after")
        assert old[2:7] == new[2:7]  # cases, first, top 3, fix restores, wrong fix
