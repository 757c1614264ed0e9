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


def test_round_trip_file_print_then_type_the_code_from_the_page(whole_window, tmp_path):
    """File ▸ Print…, saved as a page; its code read off the page, typed into the Findings."""
    win = whole_window
    paste(win, TUTORIAL)
    out = tmp_path / "page.html"
    win.form.dialogs.save_path = str(out)
    dialog = win.controller.features["paper"].print_dialog()
    dialog.save_button.invoke()
    assert wait_until(win.root, lambda: "Saved" in win.form.status_text(), timeout=60)
    codes = re.findall(r'<div class="code">Check code: ([A-Z2-9-]+)</div>', out.read_text(encoding="utf-8"))
    assert codes == [solver.check_code(solver.parse(TUTORIAL))]
    type_code(win, codes[0].replace("-", " ").lower())
    assert "The givens match the check code on your paper" in win.form.status_text()
    paste(win, TUTORIAL[:80] + "0")  # typed again with r9c9's 9 left out
    type_code(win, codes[0])
    assert "in row 9: compare that row" in win.form.status_text()


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
    assert solver.short_fix(first) != "r2c5 3 → 9" and not d.settled
    win.form.action_map.fire("add_given")  # Ctrl+K: the first fix
    idle(win)
    for _ in range(2):  # after the fix, and on F5 again
        status = win.form.status_text()
        assert "solution if it matches your paper" in status.lower() and "Compare with your paper" in status, status
        assert status.startswith("⚠") and "✓" not in status, status
        assert "Unique solution if it matches your paper" in win.form.findings_panel.shown_text()
        win.form.action_map.fire("check")
        idle(win)
    read_back(win, TUTORIAL)
    assert puzzle_line(win) == TUTORIAL
    status = win.form.status_text()
    assert "Unique solution ✓" in status and "if it matches" not in status, status


# -- compare with your paper ------------------------------------------------------------------
def ask_panel(win):
    return win.controller.features["compare"].ask


def wait_question(win):
    ask = ask_panel(win)
    assert wait_until(win.root, lambda: not ask.waiting and not win.controller.worker.busy, 30)
    win.root.update()
    return ask


def start_compare(win):
    win.form.findings_panel.compare_button.invoke()
    return wait_question(win)


NUM_LOCK = 0x0010  # Mod2: the numpad gives digits (KP_5), not moves (KP_Begin)


def press(win, widget, keysym, state: int = 0):
    widget.focus_force()
    win.root.update()
    widget.event_generate(f"<KeyPress-{keysym}>", keysym=keysym, state=state)
    return wait_question(win)


def marked(win, mark: str) -> set:
    return {divmod(i, 9) for i in range(81) if mark in win.form.cell_grid.cell_marks(divmod(i, 9))}


def click_cell(win, cell):
    """A real click on a cell of the big grid (where its digit is drawn)."""
    e = win.form.cells[cell[0] * 9 + cell[1]]
    e.event_generate("<Button-1>", x=e.winfo_width() // 2, y=e.winfo_height() // 2)
    win.root.update()


# the tutorial slip's look: r2c5, r2c6 and r3c6, where the fixes lie, and five givens where a
# second slip would leave one solution
LOOK = [(1, 4), (1, 5), (2, 5), (2, 7), (3, 4), (5, 4), (6, 6), (8, 7)]
SAME = {(1, 4): 3, (1, 5): 5, (2, 5): 0, (2, 7): 6, (3, 4): 6, (5, 4): 2, (6, 6): 2, (8, 7): 7}  # as typed


def assert_look(win, ask, differs=None):
    """The look at LOOK is shown, with the digits in ``differs`` noted."""
    differs = differs or {}
    assert ask.question.region and list(ask.question.cells) == LOOK and ask.chosen is None
    assert ask.differs == differs
    assert ask.question_label.cget("text") == ("Compare the 8 tinted cells with your paper. Click each one that "
                                               "shows something else.")
    assert marked(win, "paper_look") == set(LOOK) - set(differs) and not marked(win, "paper_row")
    assert marked(win, "paper_cell") == set(differs)
    assert [b.cget("text") for c, b in ask.cell_buttons.items() if c not in differs] == [
        solver.cell_text(c) for c in LOOK if c not in differs]
    assert ask.same_button.cget("text") == ("The others are the same" if differs else "All the same")
    assert ask.same_button.winfo_ismapped() and not ask.pad.winfo_ismapped()


def test_the_tutorial_slip_is_found_by_a_look_a_click_a_digit_and_enter_and_undo_restores(whole_window):
    win = whole_window
    paste(win, SLIP)
    win.form.action_map.fire("check")
    idle(win)
    assert "Compare with your paper asks what your paper shows" in win.form.findings_panel.shown_text()
    ask = start_compare(win)
    assert win.form.findings_panel.panel is ask.frame
    assert_look(win, ask)
    assert "r2c6 5 → 8" in ask.list_label.cget("text") and "r2c5 3 → 9" in ask.list_label.cget("text")
    click_cell(win, (1, 4))  # r2c5 shows something else on this paper: clicked on the grid
    assert ask.chosen == (1, 4) and not ask.waiting and ask.answers == {}
    assert win.root.focus_get() not in win.form.cells  # the click chose; it did not go into the cell
    assert ask.question_label.cget("text") == "What does your paper show in r2c5?"
    assert "The grid has 3 there" in ask.typed_label.cget("text")
    assert marked(win, "paper_cell") == {(1, 4)} and marked(win, "paper_look") == set(LOOK) - {(1, 4)}
    emphasised = {d for d, b in ask.digit_buttons.items() if str(b.cget("style")) == "PaperOption.TButton"}
    assert emphasised == set(ask.question.options_at((1, 4))) == {9, 0}
    assert "r2c5 3 → 9 (then r2c5 is 9)" in ask.list_label.cget("text")
    ask.digit_buttons[9].invoke()  # and it holds a 9: clicked, noted, and the look again
    win.root.update()
    assert not ask.waiting and ask.answers == {}
    assert_look(win, ask, {(1, 4): 9})
    assert ask.cell_buttons[(1, 4)].cget("text") == "r2c5 → 9"
    assert ask.typed_label.cget("text") == ("Differs on your paper: r2c5 → 9. Click another tinted cell that "
                                            "differs, or press Enter if the others are the same.")
    ask = press(win, ask.same_button, "Return")  # the others are the same
    assert ask.answers == {**SAME, (1, 4): 9}
    assert ask.question is None and solver.short_fix(ask.settled) == "r2c5 3 → 9"
    assert ask.result_label.cget("text") == "On your paper r2c5 is 9: that is the slip."
    assert ask.apply_button.cget("text") == "Apply fix: r2c5 3 → 9"
    assert not marked(win, "paper_look")
    ask.apply_button.invoke()
    idle(win)
    assert puzzle_line(win) == TUTORIAL and win.form.findings_panel.panel is None
    status = win.form.status_text()
    assert "Applied the fix r2c5 3 → 9: the puzzle now has exactly one solution ✓" in status, status
    assert "if it matches" not in status
    win.form.action_map.fire("undo")  # the fix was one step
    win.root.update()
    assert puzzle_line(win) == SLIP
    win.form.action_map.fire("redo")
    win.root.update()
    assert puzzle_line(win) == TUTORIAL


def test_a_look_answered_from_the_keyboard_arrows_enter_and_a_typed_digit(whole_window):
    win = whole_window
    paste(win, SLIP)
    ask = start_compare(win)
    assert win.root.focus_get() is ask.same_button  # Enter: All the same
    order = [*(ask.cell_buttons[c] for c in LOOK), ask.same_button]  # Tab goes the reading way
    assert [w.tk_focusNext() for w in order[:-1]] == order[1:]
    ask = press(win, ask.same_button, "Left")  # the arrows go round the look's buttons
    assert win.root.focus_get() is ask.cell_buttons[(8, 7)]
    assert marked(win, "paper_cell") == {(8, 7)}  # the focused button's cell is marked on the grid
    ask = press(win, ask.cell_buttons[(8, 7)], "Right")
    ask = press(win, ask.same_button, "Down")
    assert win.root.focus_get() is ask.cell_buttons[(1, 4)]
    ask = press(win, ask.cell_buttons[(1, 4)], "Return")  # Enter on a cell's button chooses that cell
    assert ask.chosen == (1, 4) and ask.answers == {} and win.root.focus_get() is ask.canvas
    ask = press(win, ask.canvas, "KP_9", NUM_LOCK)
    assert ask.differs == {(1, 4): 9} and win.root.focus_get() is ask.same_button
    ask = press(win, ask.same_button, "Left")
    ask = press(win, ask.cell_buttons[(8, 7)], "period")  # a digit typed on a cell's button: that cell's
    assert ask.differs == {(1, 4): 9, (8, 7): 0} and win.root.focus_get() is ask.same_button
    ask = press(win, ask.same_button, "BackSpace")
    assert ask.differs == {(1, 4): 9}
    ask = press(win, ask.same_button, "KP_Enter")
    assert ask.answers == {**SAME, (1, 4): 9} and solver.short_fix(ask.settled) == "r2c5 3 → 9"
    ask = press(win, ask.apply_button, "Return")
    idle(win)
    assert puzzle_line(win) == TUTORIAL


def test_two_cells_of_a_look_that_differ_are_one_answer(whole_window):
    """Cells that differ are noted one after another and go in as one answer with Enter; a noted cell
    answered again with its typed digit is no longer noted."""
    win = whole_window
    paste(win, SLIP)
    ask = start_compare(win)
    click_cell(win, (1, 4))
    ask = press(win, ask.canvas, "period")  # r2c5 is blank on this paper
    click_cell(win, (1, 5))
    ask = press(win, ask.canvas, "8")
    assert_look(win, ask, {(1, 4): 0, (1, 5): 8})
    assert ask.cell_buttons[(1, 4)].cget("text") == "r2c5 → blank"
    assert "r2c5 → blank and r2c6 → 8" in ask.typed_label.cget("text")
    click_cell(win, (1, 4))  # a noted cell again: the same as typed after all
    ask = press(win, ask.canvas, "3")
    assert_look(win, ask, {(1, 5): 8})
    ask = press(win, ask.same_button, "Return")
    assert ask.answers == {**SAME, (1, 5): 8}
    assert solver.short_fix(ask.settled) == "r2c6 5 → 8"


def test_all_the_same_by_button_and_by_enter_is_one_answer_taken_back_at_once(whole_window):
    win = whole_window
    paste(win, SLIP)
    ask = start_compare(win)
    assert dict(ask.question.same) == SAME
    ask.same_button.invoke()
    ask = wait_question(win)
    assert ask.answers == SAME and ask.question is not None
    assert not set(LOOK) & set(ask.question.cells)
    assert all(x.fixed[(1, 4)] == 3 and x.fixed[(1, 5)] == 5 for x in ask.diagnosis.explanations)
    ask = press(win, ask.same_button if ask.looking else ask.canvas, "BackSpace")  # all three taken back
    assert ask.answers == {} and not ask.history
    assert_look(win, ask)
    ask = press(win, ask.same_button, "Return")  # Enter: All the same
    assert ask.answers == SAME
    ask.back_button.invoke()  # Change my last answer
    ask = wait_question(win)
    assert ask.answers == {}
    assert_look(win, ask)


def test_a_click_outside_the_look_says_where_to_look_and_changes_nothing(whole_window, monkeypatch):
    win = whole_window
    paste(win, SLIP)
    win.controller.features["teach"].var_candidates.set(True)  # blank cells are covered by their candidates
    win.form.action_map.fire("candidates")
    win.root.update()
    pencil = win.form.pencil.canvases[4 * 9 + 4]
    assert pencil.winfo_ismapped()
    ask = start_compare(win)
    pencil.event_generate("<Button-1>", x=5, y=5)  # r5c5, blank: the click lands on its candidates
    win.root.update()
    assert win.form.status_text() == ("⚠ r5c5 is not one of the tinted cells: compare r2c5, r2c6, r3c6, r3c8, "
                                      "r4c5, r6c5, r7c7 and r9c8 with your paper."), win.form.status_text()
    assert ask.chosen is None and ask.answers == {} and not ask.waiting
    assert win.form.cell_grid.focused_cell() is None  # the click did not go into the cell
    assert_look(win, ask)
    win.form.pencil.canvases[2 * 9 + 5].event_generate("<Button-1>", x=5, y=5)  # r3c6, blank and tinted
    win.root.update()
    assert ask.chosen == (2, 5) and win.form.cell_grid.focused_cell() is None
    click_cell(win, (1, 4))
    click_cell(win, (1, 4))  # a double click on a tinted cell chooses it, and selects nothing in it
    assert ask.chosen == (1, 4) and win.form.cell_grid.focused_cell() is None
    assert puzzle_line(win) == SLIP
    menus = []  # the notes menu a right-click opens (recorded, not shown)
    monkeypatch.setattr(win.controller.features["notes"], "context_menu", lambda *args: menus.append(args))
    win.form.cells[4 * 9 + 4].event_generate("<Button-3>", x=5, y=5)  # none while the look is open
    win.root.update()
    assert not menus and win.form.cell_grid.focused_cell() is None
    press(win, ask.canvas, "Escape")
    assert not ask.active and not marked(win, "paper_look")
    click_cell(win, (4, 4))  # closed: a click focuses the cell again, a right-click opens the menu
    assert win.form.cell_grid.focused_cell() == (4, 4)
    win.form.cells[4 * 9 + 4].event_generate("<Button-3>", x=5, y=5)
    win.root.update()
    assert len(menus) == 1


def test_candidates_drawn_while_a_look_is_open_take_no_click_either(whole_window):
    win = whole_window
    paste(win, SLIP)
    ask = start_compare(win)
    win.controller.features["teach"].var_candidates.set(True)  # candidates switched on during the look
    win.form.action_map.fire("candidates")
    win.root.update()
    pencil = win.form.pencil.canvases[4 * 9 + 4]
    assert pencil.winfo_ismapped()
    pencil.event_generate("<Button-1>", x=5, y=5)  # r5c5: not tinted, drawn since the look opened
    win.root.update()
    assert win.form.status_text().startswith("⚠ r5c5 is not one of the tinted cells"), win.form.status_text()
    assert win.form.cell_grid.focused_cell() is None and ask.chosen is None
    win.form.pencil.canvases[2 * 9 + 5].event_generate("<Button-1>", x=5, y=5)  # r3c6, tinted
    win.root.update()
    assert ask.chosen == (2, 5) and win.form.cell_grid.focused_cell() is None
    assert puzzle_line(win) == SLIP


def test_change_my_last_answer_takes_back_a_chosen_cell_a_noted_digit_then_a_look(whole_window):
    win = whole_window
    paste(win, SLIP)
    ask = start_compare(win)
    ask.cell_buttons[(1, 5)].invoke()  # r2c6 chosen by its button
    assert ask.chosen == (1, 5) and ask.back_button.instate(["!disabled"])
    ask = press(win, ask.canvas, "BackSpace")  # its digit not given yet: the look again, nothing to compute
    assert_look(win, ask)
    assert not ask.history and ask.back_button.instate(["disabled"])
    click_cell(win, (1, 5))
    click_cell(win, (1, 4))  # another cell of the look, while the digit is asked: that one instead
    assert ask.chosen == (1, 4) and marked(win, "paper_cell") == {(1, 4)}
    ask = press(win, ask.canvas, "9")
    assert_look(win, ask, {(1, 4): 9})
    ask = press(win, ask.same_button, "BackSpace")  # the digit noted taken back
    assert_look(win, ask)
    click_cell(win, (1, 4))
    ask = press(win, ask.canvas, "9")
    ask = press(win, ask.same_button, "Return")
    assert ask.settled is not None and ask.answers == {**SAME, (1, 4): 9}
    ask = press(win, ask.apply_button, "BackSpace")  # the look's answer taken back: the look again
    assert ask.answers == {} and ask.settled is None
    assert_look(win, ask)
    assert puzzle_line(win) == SLIP


def test_space_presses_the_focused_button_and_0_or_period_answer_blank(whole_window):
    win = whole_window
    paste(win, SLIP)
    ask = start_compare(win)
    ask = press(win, ask.cell_buttons[(1, 5)], "space")  # Space on r2c6's button: chosen, not "blank"
    assert ask.chosen == (1, 5) and ask.differs == {}
    ask = press(win, ask.digit_buttons[8], "space")  # Space on the 8: the paper shows 8
    assert ask.differs == {(1, 5): 8}
    ask = press(win, ask.same_button, "space")  # Space on The others are the same presses it
    assert ask.answers == {**SAME, (1, 5): 8}
    ask = press(win, ask.apply_button, "BackSpace")
    for key in ("period", "0", "space"):  # . and 0 answer blank on any button; space on the small grid
        ask.cell_buttons[(1, 4)].invoke()
        ask = press(win, ask.digit_buttons[7] if key != "space" else ask.canvas, key)
        assert ask.differs == {(1, 4): 0}, key
        ask = press(win, ask.same_button, "BackSpace")
        assert ask.differs == {}


def test_after_a_guessed_fix_the_paper_replaces_it_in_one_undo_step(whole_window):
    win = whole_window
    paste(win, SLIP)
    win.form.action_map.fire("check")
    idle(win)
    win.form.action_map.fire("add_given")  # Ctrl+K: r2c6 5 → 8, a guess
    idle(win)
    guessed = puzzle_line(win)
    assert guessed != TUTORIAL and win.controller.checking.guessed_fix() is not None
    ask = start_compare(win)
    assert ask.base == solver.parse(SLIP) and list(ask.question.cells) == LOOK  # asked about the grid before the guess
    click_cell(win, (1, 4))
    ask = press(win, ask.canvas, "KP_9", NUM_LOCK)
    ask = press(win, ask.same_button, "Return")  # r2c6 is 5 on paper after all, as typed
    ask = press(win, ask.apply_button, "Return")
    idle(win)
    assert puzzle_line(win) == TUTORIAL
    assert "if it matches" not in win.form.status_text()
    win.form.action_map.fire("undo")  # one step: back to the guessed grid
    win.root.update()
    assert puzzle_line(win) == guessed


def test_the_paper_can_confirm_a_guessed_fix(whole_window):
    win = whole_window
    paste(win, SLIP)
    win.form.action_map.fire("check")
    idle(win)
    win.form.action_map.fire("add_given")
    idle(win)
    guessed = puzzle_line(win)
    ask = start_compare(win)
    ask.cell_buttons[(1, 5)].invoke()
    ask.digit_buttons[8].invoke()  # this paper does show 8 in r2c6
    ask.same_button.invoke()
    ask = wait_question(win)
    assert ask.result_label.cget("text") == "Your paper confirms the fix r2c6 5 → 8 ✓"
    ask.apply_button.invoke()
    win.root.update()
    assert puzzle_line(win) == guessed and win.controller.checking.guessed_fix() is None
    win.form.action_map.fire("check")
    idle(win)
    assert "if it matches" not in win.form.status_text()


def test_an_answer_no_explanation_expects_is_a_second_slip_and_the_questions_go_on(whole_window):
    win = whole_window
    paste(win, SLIP)
    ask = start_compare(win)  # without a check first: the comparison diagnoses itself
    ask.cell_buttons[(1, 5)].invoke()
    assert 1 not in ask.question.options_at((1, 5))
    ask = press(win, ask.canvas, "1")
    ask = press(win, ask.same_button, "Return")
    assert ask.answers == {**SAME, (1, 5): 1}
    assert ask.question is not None and not set(LOOK) & set(ask.question.cells)
    assert all((1, 5) in x.cells for x in ask.diagnosis.explanations)  # r2c6 → 1 is part of every fix now
    ask = press(win, ask.same_button if ask.looking else ask.canvas, "BackSpace")  # change my last answer
    assert ask.answers == {}
    assert_look(win, ask)
    ask = press(win, ask.same_button, "Escape")
    assert not ask.active and win.form.findings_panel.panel is None
    assert not marked(win, "paper_cell") | marked(win, "paper_look")
    assert puzzle_line(win) == SLIP


def test_nothing_to_compare_on_a_unique_grid_offers_the_read_back(whole_window):
    win = whole_window
    paste(win, TUTORIAL)
    ask = start_compare(win)
    assert ask.question is None and ask.settled is None
    assert "Nothing to compare" in ask.result_label.cget("text")
    assert ask.read_back_button.winfo_ismapped()
    ask.read_back_button.invoke()
    win.root.update()
    assert win.controller.features["compare"].read_back.active


def test_the_questions_are_computed_off_the_tk_thread(whole_window, monkeypatch):
    import threading

    win = whole_window
    threads = []
    real_question, real_diagnose = solver.paper_question, solver.diagnose

    def question(*args, **kwargs):
        threads.append(threading.current_thread())
        return real_question(*args, **kwargs)

    def diagnose(*args, **kwargs):
        if kwargs.get("answers") is not None:
            threads.append(threading.current_thread())
        return real_diagnose(*args, **kwargs)

    monkeypatch.setattr(solver, "paper_question", question)
    monkeypatch.setattr(solver, "diagnose", diagnose)
    paste(win, SLIP)
    ask = start_compare(win)
    ask.same_button.invoke()
    wait_question(win)
    assert len(threads) == 4 and threading.main_thread() not in threads


def test_esc_while_a_question_is_computed_ends_the_comparison(whole_window, monkeypatch):
    import threading

    win = whole_window
    release = threading.Event()
    real_question = solver.paper_question

    def slow_question(grid, answers, cancel=None):
        while not release.wait(0.01):
            if cancel is not None and cancel.is_set():
                raise solver.Cancelled()
        return real_question(grid, answers, cancel=cancel)

    monkeypatch.setattr(solver, "paper_question", slow_question)
    paste(win, SLIP)
    ask = ask_panel(win)
    win.form.findings_panel.compare_button.invoke()
    assert wait_until(win.root, lambda: win.controller.worker.busy, 10) and ask.waiting
    win.form.action_map.fire("cancel")  # Esc
    assert wait_until(win.root, lambda: not win.controller.worker.busy and not ask.active, 10)
    release.set()
    assert win.form.findings_panel.panel is None and puzzle_line(win) == SLIP


def test_a_language_switch_during_a_look_lets_the_old_window_go(tk_root, sudoku_home):
    """The comparison's bind tags (keys on the panel, clicks on the grid) are unbound by a switch,
    so the old window's objects can be collected."""
    import gc
    import weakref

    from app.__main__ import build_window
    from app.features.language import switch_language

    form, controller = build_window(tk_root, sudoku_home / "state.json")
    controller.start()
    tk_root.clipboard_clear()
    tk_root.clipboard_append(SLIP)
    form.action_map.fire("paste")
    form.action_map.fire("compare_paper")
    assert wait_until(tk_root, lambda: not controller.worker.busy, 30)
    assert controller.features["compare"].ask.looking
    first = weakref.ref(controller)
    for lang in ("de", "en", "de"):  # (the first switch may still hold the first start's idle work)
        form, controller = switch_language(controller, lang, build_window)
        tk_root.update()
    gc.collect()
    assert first() is None, "the first window's controller is still referenced"
    controller.close()


def test_a_look_at_fifteen_cells_shows_every_button_whole_on_a_narrow_panel(whole_window):
    """A given left out of an easy puzzle: the fixes lie in 15 cells, each with its button, in rows
    as wide as the panel (five did not fit beside the grid at 800x600)."""
    win = whole_window
    paste(win, "003020600900305001001806400008102900700000008006708200002609500800203000005010300")
    ask = start_compare(win)
    assert ask.looking and len(ask.question.cells) == 15 and len(ask.cell_buttons) == 15
    assert marked(win, "paper_look") == set(ask.question.cells)
    for size in ("800x600", "1366x768"):
        win.root.geometry(size)
        win.root.update()
        frame = ask.frame
        right = frame.winfo_rootx() + frame.winfo_width()
        for b in ask.cell_buttons.values():
            assert b.winfo_ismapped() and b.winfo_rootx() + b.winfo_width() <= right, (size, b.cget("text"))


def test_a_look_ends_when_the_grid_changes_under_it(whole_window):
    """Every panel shows the puzzle on the grid: Ctrl+Z during a look (the paste taken back) closes it,
    its marks and the digits noted go, and the grid's cells take clicks again."""
    win = whole_window
    paste(win, SLIP)
    ask = start_compare(win)
    click_cell(win, (1, 4))
    ask = press(win, ask.canvas, "9")
    assert ask.differs == {(1, 4): 9}
    win.form.action_map.fire("undo")
    win.root.update()
    assert not ask.active and win.form.findings_panel.panel is None and not ask.differs
    assert not marked(win, "paper_look") | marked(win, "paper_cell")
    click_cell(win, (1, 4))
    assert win.form.cell_grid.focused_cell() == (1, 4)
