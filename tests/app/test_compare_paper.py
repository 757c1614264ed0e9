"""Comparing the typed grid with the paper, in the whole window: the check code field, Read back
the givens, and Compare with your paper (app/features/compare/)."""
from __future__ import annotations

import random
import re

import pytest

import solver
from conftest import wait_until
from solver.isomorph import isomorph_line

TUTORIAL = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
SLIP = TUTORIAL[:13] + "3" + TUTORIAL[14:]  # r2c5 typed 3 instead of 9


def paste(win, text):
    win.root.clipboard_clear()
    win.root.clipboard_append(text)
    win.form.action_map.fire("paste")
    win.root.update()


def idle(win):
    assert wait_until(win.root, lambda: not win.controller.worker.busy, 30)
    win.root.update()


def puzzle_line(win) -> str:
    return "".join(str(d) for d in win.controller.puzzle().cells)


def type_code(win, code: str):
    panel = win.form.findings_panel
    panel.code_var.set(code)
    panel.code_entry.focus_force()
    win.root.update()
    panel.code_entry.event_generate("<Return>")
    win.root.update()


# -- the check code field -------------------------------------------------------------------
def test_the_printed_code_typed_in_the_findings_matches_or_names_the_row(whole_window):
    win = whole_window
    html = solver.make_sheet([solver.parse(TUTORIAL)], 1).html
    code = re.search(r'<div class="code">Check code: ([A-Z2-9-]+)</div>', html).group(1)
    paste(win, TUTORIAL)
    type_code(win, code.lower())
    assert "The givens match the check code on your paper" in win.form.status_text()
    paste(win, SLIP)
    type_code(win, code)
    status = win.form.status_text()
    assert "do not match the check code on your paper in row 2" in status, status
    assert all("paper_row" in win.form.cell_grid.cell_marks((1, c)) for c in range(9))
    assert not any("paper_row" in win.form.cell_grid.cell_marks((0, c)) for c in range(9))
    type_code(win, "M4G-W3J-DKN")  # unreadable: said, and the text typed stays
    assert "it has ten characters, and 9 were typed" in win.form.status_text()
    assert win.form.findings_panel.code_var.get() == "M4G-W3J-DKN"


def test_the_code_picks_the_fix_among_several_and_ctrl_k_applies_it(whole_window):
    win = whole_window
    code = solver.check_code(solver.parse(TUTORIAL))
    paste(win, SLIP)
    win.form.action_map.fire("check")
    idle(win)
    assert len(win.controller.checking.diagnosis.explanations) >= 2
    type_code(win, code)
    assert "The check code settles it: r2c5 3 → 9" in win.form.status_text()
    win.form.action_map.fire("add_given")
    idle(win)
    assert puzzle_line(win) == TUTORIAL
    assert win.controller.checking.guessed_fix() is None  # the paper's code picked it: no "if it matches"
    assert "Unique solution if it matches your paper" not in win.form.status_text()


# -- read back the givens ------------------------------------------------------------------
def read_back(win, paper: str, retype_all: bool = False):
    """Walk the rows as a person holding ``paper`` would: Enter when the row is the same, else type it."""
    rb = win.controller.features["compare"].read_back
    win.form.action_map.fire("read_back")
    win.root.update()
    assert rb.active
    for r in range(9):
        assert rb.row == r
        shown = "".join(str(d) for d in rb._digits())
        want = paper[9 * r:9 * r + 9]
        if shown != want or retype_all:
            rb.var.set(want.replace("0", "."))
        rb.entry.focus_force()
        win.root.update()
        rb.entry.event_generate("<Return>")
        win.root.update()
    assert not rb.active
    idle(win)


def test_read_back_walks_the_rows_fixes_a_typed_row_and_undo_restores_it(whole_window):
    win = whole_window
    rb = win.controller.features["compare"].read_back
    paste(win, SLIP)
    win.form.action_map.fire("read_back")
    win.root.update()
    assert rb.row == 0 and win.form.findings_panel.panel is rb.frame
    assert all("paper_row" in win.form.cell_grid.cell_marks((0, c)) for c in range(9))
    rb.entry.focus_force()
    rb.entry.event_generate("<Return>")  # row 1 is the same
    win.root.update()
    assert rb.row == 1
    rb.var.set("6 0 0 1 9 x 0 0 0")  # a character that is no digit: said, kept, the row stays
    rb.entry.event_generate("<Return>")
    win.root.update()
    assert rb.row == 1 and "'x' (character 6) is not a digit" in rb.problem.cget("text")
    assert rb.var.get() == "6 0 0 1 9 x 0 0 0"
    rb.var.set("6..19")
    rb.entry.event_generate("<Return>")
    win.root.update()
    assert rb.row == 1 and "you typed 5" in rb.problem.cget("text")
    rb.var.set("600195000")
    rb.entry.event_generate("<Return>")
    win.root.update()
    assert rb.row == 2 and puzzle_line(win) == TUTORIAL
    assert "Row 2 changed to match your paper: r2c5 3 → 9" in win.form.status_text()
    rb.stop()
    win.form.action_map.fire("undo")
    win.root.update()
    assert puzzle_line(win) == SLIP
    win.form.action_map.fire("redo")
    win.root.update()
    assert puzzle_line(win) == TUTORIAL


def single_slips_that_leave_one_solution(count: int, seed: int) -> list[tuple[str, str]]:
    """(published, typed) pairs: one wrong, left-out or extra digit that still leaves one solution."""
    rnd = random.Random(seed)
    sources = [TUTORIAL] + [x.line for x in solver.EXAMPLES if solver.count_solutions(solver.parse(x.line), 2) == 1]
    out = []
    while len(out) < count:
        g = solver.parse(isomorph_line(rnd.choice(sources), rnd))
        cell = divmod(rnd.randrange(81), 9)
        was = g[cell]
        now = rnd.choice([d for d in range(10) if d != was])
        typed = g.with_digit(cell, now)
        if solver.validate(typed) or solver.count_solutions(typed, 2) != 1:
            continue
        out.append((g.to_line().replace(".", "0"), typed.to_line().replace(".", "0")))
    return out


def test_read_back_finds_every_single_slip_that_leaves_one_solution(whole_window):
    """The simulated person types the paper's row wherever it differs: 100 % restored."""
    win = whole_window
    cases = single_slips_that_leave_one_solution(12, seed=27)
    found = 0
    for published, typed in cases:
        assert solver.diagnose(solver.parse(typed)).status == "unique"  # no check of the grid can see it
        paste(win, typed)
        read_back(win, published)
        found += puzzle_line(win) == published
    assert found == len(cases)


def test_a_guessed_fix_is_unique_only_if_it_matches_the_paper_until_the_paper_says_so(whole_window):
    """The tutorial case: the check cannot tell r2c6 5 → 8 from r2c5 3 → 9; the first one applied
    is a guess, and every check says so until the read-back puts the paper's row in."""
    win = whole_window
    paste(win, SLIP)
    win.form.action_map.fire("check")
    idle(win)
    d = win.controller.checking.diagnosis
    first = d.explanations[0]
    assert solver.short_fix(first) != "r2c5 3 → 9" and not getattr(d, "settled", d.fix_confident)
    win.form.action_map.fire("add_given")  # Ctrl+K: the first fix
    idle(win)
    for _ in range(2):  # after the fix, and on F5 again
        status = win.form.status_text()
        assert "Unique solution if it matches your paper" in status and "Compare with your paper" in status, status
        assert status.strip() != "Unique solution ✓"
        assert "Unique solution if it matches your paper" in win.form.findings_panel.shown_text()
        win.form.action_map.fire("check")
        idle(win)
    read_back(win, TUTORIAL)
    assert puzzle_line(win) == TUTORIAL
    status = win.form.status_text()
    assert "Unique solution ✓" in status and "if it matches" not in status, status
