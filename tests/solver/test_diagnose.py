"""Checks of a hand-entered puzzle: conflicts, findings in order, suspects, clue, entries."""
from __future__ import annotations

import threading

import pytest

from conftest import load_lines
from solver.diagnose import (
    Conflict, Diagnosis, EntryCheck, Finding, check_entries, diagnose, validate,
)
from solver.examples import example
from solver.grid import Grid, Unit
from solver.words.i18n import msg
from solver.search import Cancelled, count_solutions, solve
from solver.typos.paper import paper_question
from solver.typos.search import find_typos

TUTORIAL = example("tutorial").line


def grid(line: str) -> Grid:
    return Grid(0 if ch in ".0" else int(ch) for ch in line)


def kinds(d: Diagnosis) -> list[str]:
    return [f.kind for f in d.findings]


# -- validate -------------------------------------------------------------------------

def test_two_equal_digits_in_a_row_make_one_conflict_with_a_message():
    g = grid("." * 18 + ".5....5.." + "." * 54)  # row 3: r3c2 and r3c7
    (c,) = validate(g)
    assert c == Conflict(5, Unit("row", 2), ((2, 1), (2, 6)))
    assert c.message == "Row 3 has two 5s: r3c2 and r3c7"


def test_three_equal_digits_make_one_conflict_naming_all_cells():
    g = grid("5...5...5" + "." * 72)
    conflicts = validate(g)
    assert [c.message for c in conflicts] == ["Row 1 has three 5s: r1c1, r1c5 and r1c9"]


def test_conflicts_come_rows_then_columns_then_boxes():
    g = grid("77" + "." * 7 + "7" + "." * 71)  # r1c1, r1c2, r2c1 are all 7
    msgs = [c.message for c in validate(g)]
    assert msgs == [
        "Row 1 has two 7s: r1c1 and r1c2",
        "Column 1 has two 7s: r1c1 and r2c1",
        "Box 1 has three 7s: r1c1, r1c2 and r2c1",
    ]


def test_valid_puzzles_have_no_conflicts():
    assert validate(grid(TUTORIAL)) == []
    assert validate(Grid.empty()) == []


# -- diagnose: each finding -----------------------------------------------------------

def test_duplicates_make_the_puzzle_invalid_and_stop_there():
    g = grid(TUTORIAL).with_digit((0, 2), 7)  # a second 7 in row 1 and box 1
    d = diagnose(g)
    assert d.status == "invalid"
    assert kinds(d)[:3] == ["duplicate"] * 3  # row 1, column 3 (r4c3) and box 1
    assert set(kinds(d)[3:]) == {"typo"}  # then the slips that explain it: an extra 7 in r1c3
    assert d.best_fix.edits[0].cells == ((0, 2),) and d.suspects[0] == (0, 2)
    assert d.findings[0].message == "Row 1 has two 7s: r1c1 and r1c3"
    assert set(d.findings[0].cells) == {(0, 0), (0, 2)}
    assert d.solutions == [] and d.solution is None and len(d.conflicts) == 3
    assert "rule conflict" in d.summary


def test_unique_puzzle_has_its_solution():
    g = grid(TUTORIAL)
    d = diagnose(g)
    assert d.status == "unique" and kinds(d) == ["unique"]
    assert d.solution is not None and d.solution.is_solution() and g.agrees_with(d.solution)
    assert "✓" in d.findings[0].message


def test_mistyped_given_is_named_first_with_its_fix():
    g = grid(example("mistyped").line)
    d = diagnose(g)
    assert d.status == "no_solution"
    assert d.suspects[0] == (0, 0)  # likeliest first
    k = kinds(d)
    assert k[:2] == ["no_place", "no_solution"] and k[2:] == ["typo"] * (len(k) - 2)
    typo = d.findings[2]
    assert typo.message.startswith("r1c1: you typed 3, the puzzle works with 7 there.")
    assert typo.cells == ((0, 0),)
    assert "7 has no place left in row 1" in d.findings[0].message
    # 7 or a blank in r1c1: the same solution, but only the paper tells which grid was printed,
    # and the share of "a slip elsewhere" keeps either from being called *the* fix
    assert d.best_fix.fixed == g.with_digit((0, 0), 7) and not d.fix_confident and not d.settled
    assert d.summary == "No solution; possible fixes: r1c1 3 → 7 or remove the 3 in r1c1"
    assert paper_question(g).cell == (0, 0)
    # Every explanation's fix really makes the puzzle solvable.
    for x in d.explanations:
        assert count_solutions(x.fixed, 2) == x.solutions


def test_two_solutions_give_differing_cells_and_a_verified_clue():
    g = grid(example("two_solutions").line)
    d = diagnose(g)
    assert d.status == "multiple" and kinds(d)[0] == "multiple"
    assert set(kinds(d)[1:]) == {"typo"}
    a, b = d.solutions
    assert a != b and a.is_solution() and b.is_solution()
    assert g.agrees_with(a) and g.agrees_with(b)
    assert d.differing == [c for c in g.blanks() if a[c] != b[c]] and d.differing
    assert d.suggested_given is not None
    cell, digit = d.suggested_given
    assert g[cell] == 0
    assert count_solutions(g.with_digit(cell, digit), 2) == 1


def test_dead_cell_is_named_with_row_and_column():
    # r1c9 sees 1-8 in its row and 9 in its column.
    g = grid("12345678." + "........9" + "." * 63)
    d = diagnose(g)
    assert d.status == "no_solution"
    dead = [f for f in d.findings if f.kind == "dead_cell"]
    assert dead and dead[0].message.startswith("r1c9 (row 1, column 9) has no possible digit")
    assert dead[0].cells[0] == (0, 8)
    assert d.suspects  # removing the 9 (or one of 1-8) makes it solvable
    assert kinds(d).index("dead_cell") < kinds(d).index("no_solution")


def test_too_few_clues_and_missing_digits_come_first():
    g = grid("12" + "." * 79)
    d = diagnose(g)
    assert kinds(d)[:2] == ["too_few_givens", "missing_digits"]
    assert "cannot be unique" in d.findings[0].message
    assert d.findings[1].message.startswith("Digits 3, 4, 5, 6, 7, 8 and 9 never appear")
    assert d.status == "multiple" and len(d.solutions) == 2
    assert d.suggested_given is None  # 3 clues cannot be made unique by one more


def test_two_missing_digits_message():
    # The tutorial solution without its 3s and 8s: 18 blanks, 63 clues.
    s = solve(grid(TUTORIAL))
    g = Grid(0 if d in (3, 8) else d for d in s.cells)
    d = diagnose(g)
    f = [f for f in d.findings if f.kind == "missing_digits"][0]
    assert f.message == ("Digits 3 and 8 never appear: they could be swapped in any "
                         "solution, so the puzzle cannot have a unique solution.")
    assert d.status == "multiple"
    # One clue (a 3 or an 8) fixes the swap here, and it is verified.
    cell, digit = d.suggested_given
    assert digit in (3, 8) and count_solutions(g.with_digit(cell, digit), 2) == 1


@pytest.mark.slow
def test_removed_given_from_a_hard_puzzle_gives_multiple_or_unique_never_wrong():
    for line in load_lines("norvig_top95")[:5]:
        g = grid(line)
        filled = g.filled()
        h = g.with_digit(filled[len(filled) // 2], 0)
        d = diagnose(h)
        n = count_solutions(h, 2)
        assert d.status == ("unique" if n == 1 else "multiple")
        if d.suggested_given is not None:
            cell, digit = d.suggested_given
            assert count_solutions(h.with_digit(cell, digit), 2) == 1


@pytest.mark.slow
def test_more_than_one_wrong_given_is_said_so():
    # Two independent contradictions in different places: no single removal helps.
    # r1c9 is dead (row 1 holds 1-8, r2c9 holds 9); r9c1 is dead too (row 9
    # holds 2-8, r5c1 holds 9, r8c2 holds 1): disjoint sets of givens.
    g = grid("12345678." + "........9" + "." * 18 + "9........" + "." * 18
             + ".1......." + ".3456782.")
    assert validate(g) == []
    d = diagnose(g)
    assert d.status == "no_solution"
    # no single slip explains it; pairs of wrong digits (one in each place) make it solvable
    assert d.explanations and all(x.kind == "pair" and not x.unique for x in d.explanations)
    assert {r for r, _ in d.explanations[0].cells} == {0, 8}
    text = [f for f in d.findings if f.kind == "no_solution"][0].message
    assert "no single slip gives it exactly one" in text


@pytest.mark.parametrize("g", [
    Grid.empty(),
    grid("." * 80 + "5"),
    pytest.param(grid(load_lines("17_clue_sample200")[0]).with_digit(
        grid(load_lines("17_clue_sample200")[0]).filled()[0], 0), marks=pytest.mark.slow),  # 16 clues
], ids=["empty", "80_blanks", "16_clues"])
def test_sparse_grids_answer_with_several_solutions(g):
    d = diagnose(g)
    assert d.status == "multiple" and len(d.solutions) == 2
    assert kinds(d)[0] == "too_few_givens"
    first = d.findings[0].message
    assert first.startswith("The grid is empty" if not g.filled_count else f"Only {g.filled_count} given")
    if g.filled_count < 16:
        assert d.suggested_given is None  # one more clue still leaves < 17
    if d.suggested_given is not None:
        cell, digit = d.suggested_given
        assert count_solutions(g.with_digit(cell, digit), 2) == 1


@pytest.mark.slow
def test_no_clue_is_proved_by_the_slip_search():
    # Two unavoidable rectangles blanked: 4 solutions, each digit of each blank cell in two
    # of them, so no added given makes it unique; the slip search tried them all and the
    # diagnosis says so without a second search.
    g = grid("4.3921.57..7345..1.518764.3548132976729564138136798245372689514814253769695417382")
    assert count_solutions(g, 10) == 4
    assert all(count_solutions(g.with_digit(c, d), 2) != 1 for c in g.blanks() for d in range(1, 10))
    typos = find_typos(g)
    assert typos.no_given == 4 and typos.no_given_all
    d = diagnose(g)
    assert d.status == "multiple" and d.suggested_given is None
    assert d.findings[0].text["note"] == msg("given_none", n=4)
    # a grid where a clue exists is not said to have none
    assert find_typos(grid(example("two_solutions").line)).no_given == 0


def test_a_17_clue_puzzle_missing_one_given_gets_a_clue_back():
    # Thousands of solutions: the clue is found by enumerating them.
    p = grid(load_lines("17_clue_sample200")[1])
    g = p.with_digit(p.filled()[5], 0)
    d = diagnose(g)
    assert d.status == "multiple" and d.suggested_given is not None
    cell, digit = d.suggested_given
    assert g[cell] == 0 and count_solutions(g.with_digit(cell, digit), 2) == 1


@pytest.mark.slow
def test_every_puzzle_of_a_sample_diagnoses_unique():
    for line in load_lines("forum_hardest_1106_sample100")[:10] + load_lines("norvig_easy50")[:10]:
        d = diagnose(grid(line))
        assert d.status == "unique", line


@pytest.mark.slow
def test_multi_solution_samples_diagnose_multiple():
    for line in load_lines("multi_solution_sample200")[:10]:
        d = diagnose(grid(line))
        assert d.status == "multiple" and len(d.differing) >= 2, line


# -- cancel ------------------------------------------------------------------------------

def test_set_cancel_token_stops_diagnose():
    ev = threading.Event()
    ev.set()
    with pytest.raises(Cancelled):
        diagnose(Grid.empty(), cancel=ev)
    with pytest.raises(Cancelled):
        diagnose(grid(example("mistyped").line), cancel=ev)
    with pytest.raises(Cancelled):
        check_entries(grid(TUTORIAL), Grid.empty(), cancel=ev)


# -- check_entries ---------------------------------------------------------------------

def test_correct_entries_are_ok():
    givens = grid(TUTORIAL)
    s = solve(givens)
    blanks = givens.blanks()[:12]
    entries = Grid.empty()
    for c in blanks:
        entries = entries.with_digit(c, s[c])
    r = check_entries(givens, entries)
    assert isinstance(r, EntryCheck)
    assert r.status == "ok" and r.wrong == [] and r.wrong_count == 0
    assert r.message == "All 12 of your entries are correct so far"


def test_wrong_entries_are_listed():
    givens = grid(TUTORIAL)
    s = solve(givens)
    blanks = givens.blanks()
    entries = Grid.empty()
    wrong = []
    for k, c in enumerate(blanks[:10]):
        d = s[c]
        if k in (1, 4, 7):
            # a wrong digit that still breaks no rule: pick one not in its peers
            for alt in range(1, 10):
                trial = Grid(givens.cells).with_digit(c, alt)
                if alt != d and not validate(trial):
                    d = alt
                    break
            wrong.append(c)
        entries = entries.with_digit(c, d)
    r = check_entries(givens, entries)
    if r.status == "conflicts":  # two wrong entries could collide; then conflicts come first
        assert r.conflicts
        return
    assert r.status == "wrong" and r.wrong == wrong and r.wrong_count == 3
    assert r.message == "3 of your entries are wrong"


def test_conflicting_entry_is_reported_before_correctness():
    givens = grid(TUTORIAL)
    entries = Grid.empty().with_digit((0, 2), 7)  # row 1 already has a 7 given
    r = check_entries(givens, entries)
    assert r.status == "conflicts"
    assert r.conflicts[0].cells == ((0, 0), (0, 2)) and r.conflicts[0].digit == 7
    assert "Row 1 has two 7s" in r.message


def test_entries_on_given_cells_are_ignored():
    givens = grid(TUTORIAL)
    entries = Grid.empty().with_digit((0, 0), 1)  # r1c1 is a given 7
    r = check_entries(givens, entries)
    assert r.status == "ok" and r.conflicts == []


def test_givens_without_a_unique_solution_are_unsolvable():
    r = check_entries(grid(example("two_solutions").line), Grid.empty())
    assert r.status == "unsolvable" and r.diagnosis.status == "multiple"
    r = check_entries(grid(example("mistyped").line), Grid.empty())
    assert r.status == "unsolvable" and r.diagnosis.status == "no_solution"


def test_finding_is_plain_data():
    f = Finding("unique", "Unique solution ✓")
    assert f.cells == () and f == Finding("unique", "Unique solution ✓")


def test_a_completely_correct_fill_says_solved():
    givens = grid(TUTORIAL)
    s = solve(givens)
    entries = Grid(0 if g else d for g, d in zip(givens.cells, s.cells))
    r = check_entries(givens, entries)
    assert r.status == "ok" and r.message.startswith("Solved!")
    assert check_entries(givens, Grid.empty()).message == "You have not entered any digits yet"


def test_summaries_are_one_line_per_status():
    assert diagnose(grid(TUTORIAL)).summary == "Unique solution ✓"
    assert diagnose(grid(example("mistyped").line)).summary == "No solution; possible fixes: r1c1 3 → 7 or remove the 3 in r1c1"
    multi = diagnose(grid(example("two_solutions").line))
    cell, digit = multi.suggested_given
    assert f"r{cell[0] + 1}c{cell[1] + 1} = {digit}" in multi.summary
    assert f"r{cell[0] + 1}c{cell[1] + 1} = {digit} makes it unique" in multi.findings[0].message
    for d in (multi, diagnose(grid(TUTORIAL).with_digit((0, 2), 7))):
        assert "\n" not in d.summary
