"""The fast solver: correct on every sample set, counts like brute force, cancellable."""
from __future__ import annotations

import threading
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from conftest import load_lines
from solver import search
from solver.grid import PEERS, Grid
from solver.examples import example
from solver.search import (
    Cancelled, SearchStats, count_solutions, find_contradiction, find_solutions, solve,
)

BASE = Grid.from_rows([
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
    [4, 5, 6, 7, 8, 9, 1, 2, 3],
    [7, 8, 9, 1, 2, 3, 4, 5, 6],
    [2, 3, 1, 5, 6, 4, 8, 9, 7],
    [5, 6, 4, 8, 9, 7, 2, 3, 1],
    [8, 9, 7, 2, 3, 1, 5, 6, 4],
    [3, 1, 2, 6, 4, 5, 9, 7, 8],
    [6, 4, 5, 9, 7, 8, 3, 1, 2],
    [9, 7, 8, 3, 1, 2, 6, 4, 5],
])

TUTORIAL_LINE = example("tutorial").line

# The small sets run in the fast loop (-m "not slow"); the big ones are corpus-wide.
SETS = ["kaggle_sample69", "norvig_easy50", "norvig_hardest11"] + [
    pytest.param(name, marks=pytest.mark.slow)
    for name in ("norvig_top95", "17_clue_sample200", "top1465_sample200", "forum_hardest_sample200",
                 "forum_hardest_1106_sample100")]


def grid(line: str) -> Grid:
    return Grid(0 if ch in ".0" else int(ch) for ch in line)


@st.composite
def solved_grids(draw):
    """A random solution: BASE with digits relabelled, rows/cols shuffled within
    bands/stacks, bands/stacks shuffled, maybe transposed (all keep validity)."""
    digits = draw(st.permutations(range(1, 10)))
    bands = draw(st.permutations(range(3)))
    stacks = draw(st.permutations(range(3)))
    rows = [3 * b + r for b in bands for r in draw(st.permutations(range(3)))]
    cols = [3 * s + c for s in stacks for c in draw(st.permutations(range(3)))]
    transpose = draw(st.booleans())
    cells = []
    for r in range(9):
        for c in range(9):
            rr, cc = (cols[c], rows[r]) if transpose else (rows[r], cols[c])
            cells.append(digits[BASE.cells[9 * rr + cc] - 1])
    g = Grid(cells)
    assert g.is_solution()
    return g


def brute_force_count(g: Grid, cap: int = 1000) -> int:
    """Solutions by trying every digit in every blank (only for a few blanks)."""
    blanks = [i for i, d in enumerate(g.cells) if not d]
    count = 0
    for digits in product(range(1, 10), repeat=len(blanks)):
        cells = list(g.cells)
        for i, d in zip(blanks, digits):
            cells[i] = d
        if Grid(cells).is_solution():
            count += 1
            if count >= cap:
                break
    return count


def brute_force_count_small(g: Grid) -> int:
    """Brute force that prunes each blank to digits not already among its peers."""
    cells = list(g.cells)
    blanks = [i for i, d in enumerate(cells) if not d]

    def rec(k: int) -> int:
        if k == len(blanks):
            return 1 if Grid(cells).is_solution() else 0
        i = blanks[k]
        total = 0
        for d in range(1, 10):
            if all(cells[p] != d for p in PEERS[i]):
                cells[i] = d
                total += rec(k + 1)
                cells[i] = 0
        return total

    return rec(0)


# -- every sample puzzle, verified independently ------------------------------------

@pytest.mark.parametrize("name", SETS)
def test_solves_every_sample_puzzle_of(name):
    for line in load_lines(name):
        g = grid(line)
        s = solve(g)
        assert s is not None, line
        assert s.is_solution() and g.agrees_with(s), line


@pytest.mark.slow
def test_multi_solution_samples_have_at_least_two_solutions():
    for line in load_lines("multi_solution_sample200"):
        g = grid(line)
        assert count_solutions(g, 2) == 2, line
        s = solve(g)
        assert s is not None and s.is_solution() and g.agrees_with(s)


@pytest.mark.slow
def test_proper_samples_count_exactly_one_solution():
    for name in ("norvig_top95", "forum_hardest_1106_sample100"):
        for line in load_lines(name)[:15]:
            assert count_solutions(grid(line), 2) == 1, line


# -- behaviour --------------------------------------------------------------------

def test_empty_grid_is_solved_and_has_many_solutions():
    s = solve(Grid.empty())
    assert s is not None and s.is_solution()
    assert count_solutions(Grid.empty(), 50) == 50
    sols = find_solutions(Grid.empty(), 5)
    assert len(sols) == len(set(sols)) == 5 and all(x.is_solution() for x in sols)


def test_solved_grid_is_its_own_solution():
    assert solve(BASE) == BASE
    assert count_solutions(BASE, 5) == 1


def test_grid_with_rule_conflict_has_no_solution():
    g = grid("55" + "." * 79)
    assert solve(g) is None
    assert count_solutions(g) == 0
    assert find_solutions(g) == []


def test_complete_but_wrong_grid_has_no_solution():
    cells = list(BASE.cells)
    cells[0], cells[1] = cells[1], cells[0]
    assert solve(Grid(cells)) is None


def test_mistyped_example_has_no_solution_and_two_solutions_example_has_two():
    assert solve(grid(example("mistyped").line)) is None
    two = grid(example("two_solutions").line)
    assert count_solutions(two, 10) == 2
    a, b = find_solutions(two, 10)
    assert a != b and two.agrees_with(a) and two.agrees_with(b)


def test_count_respects_limit():
    assert count_solutions(Grid.empty(), 1) == 1
    assert count_solutions(Grid.empty(), 0) == 0
    assert find_solutions(Grid.empty(), 0) == []


def test_stats_count_work_and_accumulate():
    stats = SearchStats()
    solve(grid(example("hard").line), stats=stats)
    assert stats.nodes > 1 and stats.guesses >= 1 and stats.backtracks >= 1
    assert stats.nodes == stats.guesses + 1
    before = stats.nodes
    solve(grid(example("easy").line), stats=stats)
    assert stats.nodes == before + 1  # singles alone: no guess


def test_set_cancel_token_raises_cancelled():
    ev = threading.Event()
    ev.set()
    with pytest.raises(Cancelled):
        solve(Grid.empty(), cancel=ev)
    with pytest.raises(Cancelled):
        count_solutions(Grid.empty(), 10 ** 9, cancel=ev)


def test_cancel_mid_search_stops_a_huge_count():
    ev = threading.Event()
    timer = threading.Timer(0.05, ev.set)
    timer.start()
    try:
        with pytest.raises(Cancelled):
            count_solutions(Grid.empty(), 10 ** 9, cancel=ev)
    finally:
        timer.cancel()


# -- properties ---------------------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(solved_grids(), st.data())
def test_solution_is_valid_and_keeps_the_clues(solution, data):
    keep = data.draw(st.sets(st.integers(0, 80), min_size=0, max_size=40))
    puzzle = Grid(d if i in keep else 0 for i, d in enumerate(solution.cells))
    s = solve(puzzle)
    assert s is not None and s.is_solution() and puzzle.agrees_with(s)
    assert find_solutions(puzzle, 1) == [s]


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(solved_grids(), st.data())
def test_count_matches_brute_force_with_few_blanks(solution, data):
    blanks = data.draw(st.sets(st.integers(0, 80), min_size=3, max_size=8))
    puzzle = Grid(0 if i in blanks else d for i, d in enumerate(solution.cells))
    expected = brute_force_count_small(puzzle)
    assert expected >= 1
    assert count_solutions(puzzle, 100) == expected
    sols = find_solutions(puzzle, 100)
    assert len(set(sols)) == expected and all(puzzle.agrees_with(x) and x.is_solution() for x in sols)


@settings(max_examples=25, deadline=None)
@given(solved_grids(), st.data())
def test_count_matches_brute_force_with_many_blanks(solution, data):
    # Enough blanks for ties among two-candidate cells and real branching.
    blanks = data.draw(st.sets(st.integers(0, 80), min_size=18, max_size=26))
    puzzle = Grid(0 if i in blanks else d for i, d in enumerate(solution.cells))
    expected = brute_force_count_small(puzzle)
    assert count_solutions(puzzle, 10_000) == expected
    assert count_solutions(puzzle, 2) == min(expected, 2)
    sols = find_solutions(puzzle, 10_000)
    assert len(set(sols)) == expected and solution in sols


@pytest.mark.slow
def test_branching_keeps_the_hardest_sample_trees_small():
    # Node budgets (deterministic) for the tie-break among fewest-candidate
    # cells; the earlier "most unsolved peers" rule needed 16,900 and 33,684.
    solve_stats, count_stats = SearchStats(), SearchStats()
    for line in load_lines("forum_hardest_1106_sample100"):
        g = grid(line)
        solve(g, stats=solve_stats)
        assert count_solutions(g, 2, stats=count_stats) == 1, line
    assert solve_stats.nodes <= 14_000
    assert count_stats.nodes <= 26_000


def test_brute_force_helpers_agree_on_a_tiny_case():
    puzzle = Grid(0 if i in (0, 10, 20) else d for i, d in enumerate(BASE.cells))
    assert brute_force_count(puzzle) == brute_force_count_small(puzzle) == 1
    assert count_solutions(puzzle, 10) == 1


# -- find_contradiction (for diagnose) ---------------------------------------------------

def test_find_contradiction_names_the_digit_with_no_place():
    c = find_contradiction(grid(example("mistyped").line))
    assert c is not None and c.kind == "no_place"
    assert c.digit == 7 and c.unit.kind == "row" and c.unit.index == 0
    assert (0, 0) in c.cells


def test_find_contradiction_names_a_dead_cell():
    # r1c9 sees 1-8 in its row and 9 in its column.
    g = grid("12345678." + "........9" + "." * 63)
    c = find_contradiction(g)
    assert c is not None and c.kind == "dead_cell" and c.cell == (0, 8)
    assert c.placed == ()


def test_find_contradiction_is_none_for_a_good_puzzle():
    assert find_contradiction(grid(example("hard").line)) is None
    assert find_contradiction(Grid.empty()) is None


def test_find_contradiction_reports_forced_placements_before_it():
    # r1c9 must be 9 (naked single); r5c9 also could only be 9, so once
    # r1c9 = 9 is placed, r5c9 is left with no digit.
    g = grid("12345678." + "." * 27 + "23456781." + "." * 36)
    c = find_contradiction(g)
    assert c is not None and c.kind == "dead_cell" and c.cell == (4, 8)
    assert c.placed == (((0, 8), 9),)
    assert c.grid[0, 8] == 9


def test_solve_excluding_finds_the_other_digit_or_none():
    g = grid(example("mistyped").line)  # r1c1 typed 3 instead of 7
    s = search.solve_excluding(g, (0, 0), 3)
    assert s is not None and s[0, 0] == 7 and s.is_solution()
    assert g.with_digit((0, 0), 0).agrees_with(s)
    # A unique puzzle: excluding a given's own digit leaves no solution.
    t = grid(TUTORIAL_LINE)
    assert search.solve_excluding(t, (0, 0), t[0, 0]) is None


def test_solution_digits_enumerates_distinct_valid_solutions():
    g = grid(example("two_solutions").line)
    sols = search.solution_digits(g, 10)
    assert len(sols) == 2 and sols[0] != sols[1]
    assert [Grid(s) for s in sols] == find_solutions(g, 10)
    many = search.solution_digits(Grid.empty(), 300)
    assert len(set(many)) == 300 and all(Grid(s).is_solution() for s in many[:20])


@settings(max_examples=40, deadline=None)
@given(solved_grids(), st.data())
def test_a_position_searches_like_the_changed_grid_from_scratch(solution, data):
    # Position: a grid propagated once, then searched with a few digits placed (the typo
    # search's one-digit changes).  Same solutions, same order, same work counted.
    keep = data.draw(st.sets(st.integers(0, 80), min_size=18, max_size=30))
    puzzle = [d if i in keep else 0 for i, d in enumerate(solution.cells)]
    i = data.draw(st.sampled_from(sorted(keep)))
    typed = puzzle[i]
    puzzle[i] = 0
    exclude = data.draw(st.booleans())
    base = search.Position(Grid(puzzle), exclude=(divmod(i, 9), typed) if exclude else None)
    blanks = [j for j in range(81) if not puzzle[j] and (j == i or j not in keep)]
    placed = data.draw(st.lists(st.tuples(st.sampled_from(blanks), st.integers(1, 9)),
                                min_size=0, max_size=2, unique_by=lambda p: p[0]))
    if exclude:  # the digits placed must rule the excluded one out (see Position's doc)
        placed = [(j, d) for j, d in placed if j != i]
        if not any(j in PEERS[i] and d == typed for j, d in placed):
            placed.append((i, data.draw(st.sampled_from([d for d in range(1, 10) if d != typed]))))
    changed = list(puzzle)
    for j, d in placed:
        changed[j] = d
    limit = data.draw(st.sampled_from([1, 2, 5]))
    mine, theirs = SearchStats(), SearchStats()
    got = base.solution_digits(tuple((divmod(j, 9), d) for j, d in placed), limit, stats=mine)
    assert got == search.solution_digits(Grid(changed), limit, stats=theirs)
    assert (mine.nodes, mine.guesses, mine.backtracks) == (theirs.nodes, theirs.guesses, theirs.backtracks)
    assert len(got) >= 1 or count_solutions(Grid(changed), 1) == 0
