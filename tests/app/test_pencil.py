"""The player's pencil marks (notes), highlighting, hints that read the notes, formats with candidates.

Everything runs in the whole window (``whole_window``: every feature installed) on a real
Tk root under the virtual display, with keys sent as key events.
"""
from __future__ import annotations

import json

import solver
from tests.conftest import wait_until

TUTORIAL = solver.parse(solver.example("tutorial").line)
SOLUTION = solver.solve(TUTORIAL)
CONTROL = 0x0004
NUM_LOCK = 0x0010  # Mod2: the numpad gives digits (KP_7), not moves (KP_Home)
ALL_CELLS = [(r, c) for r in range(9) for c in range(9)]


def key(win, cell, keysym, state=None):
    """Focus ``cell`` and press ``keysym`` there (with ``state``: Control = 4)."""
    w = win.form.cells[9 * cell[0] + cell[1]]
    w.focus_force()
    win.root.update()
    if state is None:
        w.event_generate("<KeyPress>", keysym=keysym)
    else:
        w.event_generate("<KeyPress>", keysym=keysym, state=state)
    win.root.update()


def load(win, grid=TUTORIAL):
    win.controller.files.load_puzzle(grid, "test puzzle")
    win.root.update()


def blank_cells(grid=TUTORIAL):
    return [c for c in ALL_CELLS if not grid[c]]


def marked(win, name):
    return {c for c in ALL_CELLS if name in win.form.cell_grid.cell_marks(c)}


# ======================================================================
# 1. notes are part of the board
# ======================================================================
def test_ctrl_digit_and_ctrl_numpad_toggle_a_note_drawn_small(whole_window):
    win = whole_window
    load(win)
    cell = blank_cells()[0]
    key(win, cell, "3", CONTROL)
    key(win, cell, "KP_7", CONTROL | NUM_LOCK)
    assert win.controller.board.notes_of(cell) == (3, 7)
    assert win.form.pencil.shown(cell) == (3, 7)  # drawn in the cell's 3x3 layout
    assert win.form.cell_grid.cell_text(cell) == ""  # a note is not a digit
    key(win, cell, "3", CONTROL)
    assert win.controller.board.notes_of(cell) == (7,)
    assert win.form.pencil.shown(cell) == (7,)
    given = next(c for c in ALL_CELLS if TUTORIAL[c])
    key(win, given, "5", CONTROL)  # a note never goes into a cell that shows a digit
    assert win.controller.board.notes_of(given) == ()
    assert "holds a digit" in win.form.status_text()


def test_notes_mode_makes_plain_digits_write_notes(whole_window):
    win = whole_window
    load(win)
    cell = blank_cells()[1]
    win.form.var_auto_advance.set(False)
    key(win, cell, "n")
    assert win.controller.features["notes"].var_mode.get()
    key(win, cell, "4")
    key(win, cell, "KP_6", NUM_LOCK)
    assert win.form.cell_grid.cell_text(cell) == "" and win.controller.board.notes_of(cell) == (4, 6)
    key(win, cell, "BackSpace")  # Backspace in a blank cell clears its notes
    assert win.controller.board.notes_of(cell) == ()
    win.controller.features["notes"].button.invoke()  # the toolbar toggle, for mouse and touch users
    win.root.update()
    assert not win.controller.features["notes"].var_mode.get()
    key(win, cell, "4")
    assert win.form.cell_grid.cell_text(cell) == "4"
    key(win, cell, "Delete")  # a digit first, then (Delete again) the notes under it are gone too
    key(win, cell, "3", CONTROL)
    key(win, cell, "Delete")
    assert win.form.cell_grid.cell_text(cell) == "" and win.controller.board.notes_of(cell) == ()
    win.form.var_auto_advance.set(True)  # Backspace in a noted cell clears its notes, not the cell before
    before = blank_cells()[0]
    key(win, before, "5", CONTROL)
    key(win, cell, "3", CONTROL)
    key(win, cell, "BackSpace")
    assert win.controller.board.notes_of(cell) == () and win.controller.board.notes_of(before) == (5,)


def test_in_notes_mode_the_cursor_stays_in_the_cell_though_auto_advance_is_on(whole_window):
    win = whole_window
    load(win)
    cell, after = (0, 4), (0, 5)  # r1c5 and r1c6: two blank cells side by side
    assert not TUTORIAL[cell] and not TUTORIAL[after]
    assert win.form.var_auto_advance.get()  # on by default: typing a puzzle in from paper
    key(win, cell, "n")
    w = win.form.cells[9 * cell[0] + cell[1]]
    for digit in ("4", "9"):  # one key after the other, as a person types them
        w.event_generate("<KeyPress>", keysym=digit)
        win.root.update()
    assert win.controller.board.notes_of(cell) == (4, 9) and win.controller.board.notes_of(after) == ()
    assert win.form.cell_grid.focused_cell() == cell
    w.event_generate("<KeyPress>", keysym="BackSpace")  # clears this cell's notes, and stays
    w.event_generate("<KeyPress>", keysym="BackSpace")  # an empty cell: nothing before it is cleared
    win.root.update()
    assert win.form.cell_grid.focused_cell() == cell and win.controller.board.grid() == TUTORIAL
    key(win, cell, "n")  # digits again: auto-advance moves on as before
    w.event_generate("<KeyPress>", keysym=str(SOLUTION[cell]))
    win.root.update()
    assert win.form.cell_grid.cell_text(cell) == str(SOLUTION[cell]) and win.form.cell_grid.focused_cell() == after


def test_right_click_menu_offers_the_nine_digits_as_toggles(whole_window):
    win = whole_window
    load(win)
    cell = blank_cells()[2]
    menu = win.controller.features["notes"].context_menu(cell, None, None)
    labels = [menu.entrycget(i, "label") for i in range(menu.index("end") + 1) if menu.type(i) == "checkbutton"]
    assert labels == [str(d) for d in range(1, 10)]
    menu.invoke(labels.index("2") + 1)  # entry 0 is the title
    menu.invoke(labels.index("8") + 1)
    win.root.update()
    assert win.controller.board.notes_of(cell) == (2, 8)
    menu = win.controller.features["notes"].context_menu(cell, None, None)
    checked = [menu.entrycget(i, "label") for i in range(1, 10)
               if win.controller.features["notes"]._menu_vars[i - 1].get()]
    assert checked == ["2", "8"]  # the menu shows what is noted


def test_fill_all_candidates_then_placing_a_digit_tidies_its_peers(whole_window):
    win = whole_window
    load(win)
    win.form.action_map.fire("fill_notes")
    win.root.update()
    basic = solver.candidates(TUTORIAL)
    for cell in blank_cells():
        assert win.controller.board.notes_of(cell) == tuple(sorted(basic[cell]))
        assert win.form.pencil.shown(cell) == tuple(sorted(basic[cell]))
    cell = blank_cells()[0]
    d = SOLUTION[cell]
    peers_with_d = [p for p in blank_cells() if p != cell and d in basic[p]
                    and (p[0] == cell[0] or p[1] == cell[1] or (p[0] // 3, p[1] // 3) == (cell[0] // 3, cell[1] // 3))]
    assert peers_with_d  # the test means something
    win.form.var_auto_advance.set(False)
    key(win, cell, str(d))
    b = win.controller.board
    assert b.notes_of(cell) == ()
    assert all(d not in b.notes_of(p) for p in peers_with_d)
    # one undo step brings the digit's notes back; the option off leaves peers alone
    win.form.action_map.fire("undo")
    win.root.update()
    assert all(d in win.controller.board.notes_of(p) for p in peers_with_d)
    win.controller.features["notes"].var_tidy.set(False)
    key(win, cell, str(d))
    assert all(d in win.controller.board.notes_of(p) for p in peers_with_d)


def test_undo_redo_and_clear_entries_cover_notes(whole_window):
    win = whole_window
    load(win)
    cell = blank_cells()[3]
    key(win, cell, "1", CONTROL)
    key(win, cell, "9", CONTROL)
    win.form.action_map.fire("undo")
    win.root.update()
    assert win.controller.board.notes_of(cell) == (1,) and win.form.pencil.shown(cell) == (1,)
    win.form.action_map.fire("redo")
    win.root.update()
    assert win.controller.board.notes_of(cell) == (1, 9)
    win.form.action_map.fire("clear_entries")  # notes only: Clear entries clears them
    win.root.update()
    assert not win.controller.board.has_notes and win.form.pencil.shown(cell) is None
    win.form.action_map.fire("undo")
    win.root.update()
    assert win.controller.board.notes_of(cell) == (1, 9)


def test_notes_are_saved_as_pencil_and_survive_a_restart(whole_window, monkeypatch):
    from test_storage import run_app_once  # tests/app, on sys.path as the test files' folder

    win = whole_window
    load(win)
    a, b = blank_cells()[0], blank_cells()[5]
    key(win, a, "3", CONTROL)
    key(win, a, "7", CONTROL)
    key(win, b, "5", CONTROL)
    key(win, b, "n")  # Notes mode is a setting kept too
    assert win.controller.session.save_state()
    state = json.loads(win.controller.state_path.read_text())
    name = lambda c: f"r{c[0] + 1}c{c[1] + 1}"  # noqa: E731
    assert state["board"]["pencil"] == {name(a): "37", name(b): "5"}
    assert state["notes_mode"] is True
    win.controller.close()

    seen = run_app_once(monkeypatch, lambda c: {
        "notes": (c.board.notes_of(a), c.board.notes_of(b)),
        "shown": (c.form.pencil.shown(a), c.form.pencil.shown(b)),
        "mode": c.features["notes"].var_mode.get(), "status": c.form.status_text()})
    assert seen["notes"] == ((3, 7), (5,)) and seen["shown"] == ((3, 7), (5,))
    assert seen["mode"] is True
    assert "notes of 2 cells" in seen["status"]


def test_notes_follow_the_grid_size_and_show_in_the_presentation_view(whole_window):
    win = whole_window
    load(win)
    cell = blank_cells()[0]
    key(win, cell, "5", CONTROL)
    note_px = lambda: abs(int(win.form.pencil.fonts["plain"].cget("size")))  # noqa: E731
    # readable at the zoom in use: a note is about a quarter of the cell's side, whatever the cell's size
    follows = lambda: abs(note_px() - 0.27 * win.form.cell_grid.cell_px()) <= 1.5  # noqa: E731
    assert follows()
    side = win.form.cell_grid.cell_px()
    win.root.geometry(f"{win.root.winfo_width() - 200}x{win.root.winfo_height() - 200}")  # a smaller window
    assert wait_until(win.root, lambda: win.form.cell_grid.cell_px() < side and follows())
    win.presentation.enter()
    win.root.update()
    assert wait_until(win.root, lambda: follows() and note_px() >= 14)  # a projector's grid: larger notes
    assert win.form.pencil.shown(cell) == (5,)
    assert win.form.pencil.canvases[9 * cell[0] + cell[1]].winfo_ismapped()
    win.presentation.leave()
    win.root.update()


# ======================================================================
# 2. highlighting
# ======================================================================
def test_focusing_a_digit_shines_its_cells_and_notes_and_tints_the_units(whole_window):
    win = whole_window
    load(win)
    win.form.action_map.fire("fill_notes")
    win.root.update()
    given = next(c for c in ALL_CELLS if TUTORIAL[c])
    d = TUTORIAL[given]
    win.form.cell_grid.focus_cell(given)
    win.root.update()
    assert wait_until(win.root, lambda: marked(win, "same_digit"))
    same = {c for c in ALL_CELLS if TUTORIAL[c] == d and c != given}
    assert marked(win, "same_digit") == same
    r, c = given
    house = {x for x in ALL_CELLS if x != given and (x[0] == r or x[1] == c or
                                                    (x[0] // 3, x[1] // 3) == (r // 3, c // 3))}
    assert marked(win, "house") == house
    noted = [x for x in blank_cells() if d in win.controller.board.notes_of(x)]
    assert noted and all(win.form.pencil.shining(x) for x in noted)
    assert not any(win.form.pencil.shining(x) for x in blank_cells() if x not in noted)
    # a blank cell: no digit shines, its own units are tinted
    blank = blank_cells()[10]
    win.form.cell_grid.focus_cell(blank)
    win.root.update()
    assert wait_until(win.root, lambda: not marked(win, "same_digit"))
    assert blank not in marked(win, "house") and len(marked(win, "house")) == 20


def test_highlight_digit_keys_and_looks_stay_distinct(whole_window):
    from app.window import looks

    win = whole_window
    load(win)
    win.form.cell_grid.focus_cell(blank_cells()[0])
    win.root.update()
    win.form.cells[0].event_generate("<KeyPress>", keysym="4", state=0x0008)  # Alt+4
    win.root.update()
    assert marked(win, "same_digit") == {c for c in ALL_CELLS if TUTORIAL[c] == 4}
    win.form.cells[0].event_generate("<KeyPress>", keysym="0", state=0x0008)  # Alt+0: follow the focus again
    win.root.update()
    assert not marked(win, "same_digit")
    checks = {looks.MARKS[m].bg for m in looks.FORM_MARKS + looks.HINT_MARKS}
    for name in looks.HIGHLIGHT_MARKS:
        mark = looks.MARKS[name]
        assert mark.bg not in checks
        r, g, b = (int(mark.bg[k:k + 2], 16) for k in (1, 3, 5))
        assert r == g == b  # a neutral grey: it never reads as a check's colour, for any colour vision
        assert mark.priority < min(looks.MARKS[m].priority for m in ("finding", "conflict", "wrong", "suspect"))


def test_a_hints_marks_stand_out_from_the_highlight_and_win_where_a_cell_is_both(whole_window):
    from app.window import looks

    hint, shine = looks.PENCIL_LOOKS["emphasis"], looks.PENCIL_LOOKS["shine"]
    # issue 29: the highlighted 8s were drawn in the hint's bold blue, so the eye went to them
    assert hint.fg != shine.fg and hint.weight != shine.weight
    assert (hint.underline, hint.disc) != (shine.underline, shine.disc)  # a shape too, not colour alone
    same = looks.MARKS["same_digit"]
    for name in looks.HINT_MARKS:
        assert looks.MARKS[name].bg != same.bg and looks.MARKS[name].priority > same.priority
    win = whole_window
    load(win)
    both, shining = blank_cells()[:2]
    pencil = win.form.pencil
    pencil.show(both, (2, 5, 8), emphasis={5})  # a hint's pattern digit ...
    pencil.show(shining, (5, 7))
    pencil.set_shine(5)  # ... that is also the highlighted digit
    win.root.update()
    assert pencil.digit_look(both, 5) == "emphasis" and pencil.digit_look(shining, 5) == "shine"
    assert pencil.digit_look(both, 2) == "plain" and pencil.digit_look(both, 4) is None

    def drawn(cell, digit):
        canvas = pencil.canvases[9 * cell[0] + cell[1]]
        text = next(i for i in canvas.find_all()
                    if canvas.type(i) == "text" and canvas.itemcget(i, "text") == str(digit))
        x, y = canvas.coords(text)
        behind = {canvas.type(i) for i in canvas.find_all() if i != text
                  and canvas.bbox(i)[0] <= x <= canvas.bbox(i)[2] and canvas.bbox(i)[1] <= y <= canvas.bbox(i)[3]}
        return canvas.itemcget(text, "fill").upper(), behind

    assert drawn(both, 5) == (hint.fg, set())  # the hint's look, no grey disc
    assert drawn(shining, 5) == (shine.fg, {"oval"})
    # the cells: a hint's mark wins over the highlight's grey
    grid = win.form.cell_grid
    grid.set_marks("same_digit", [both, shining])
    for name in looks.HINT_MARKS:
        grid.set_marks(name, [both])
        assert win.form.cells[9 * both[0] + both[1]].cget("bg") == looks.MARKS[name].bg
        grid.set_marks(name, [])
    assert win.form.cells[9 * shining[0] + shining[1]].cget("bg") == same.bg


# ======================================================================
# 3. hints and checks read the notes
# ======================================================================
def _noted_without_solution(win):
    """Fill all candidates, then take the solution's digit out of one cell's notes (by key)."""
    load(win)
    win.form.action_map.fire("fill_notes")
    win.root.update()
    cell = next(c for c in blank_cells() if len(solver.candidates(TUTORIAL)[c]) > 1)
    key(win, cell, str(SOLUTION[cell]), CONTROL)
    assert SOLUTION[cell] not in win.controller.board.notes_of(cell)
    return cell


def test_the_first_rung_says_which_note_removed_the_solution(whole_window):
    win = whole_window
    cell = _noted_without_solution(win)
    hints = win.controller.features["teach"].hints
    hints.key()
    assert wait_until(win.root, lambda: hints.hint is not None, timeout=60)
    d = SOLUTION[cell]
    want = f"Your notes removed {d} from {solver.cell_name(cell)}, but {d} goes there."
    assert hints.hint.status == "wrong_notes" and hints.hint.message == want
    assert want in hints.text.cget("text")
    # after a colon the sentence goes on in lower case (issue 29: "No hint yet: Your notes…")
    assert win.form.status_text().endswith("No hint yet: " + want[0].lower() + want[1:])
    assert "wrong" in win.form.cell_grid.cell_marks(cell)
    # the note put back: the ladder starts, from the notes
    key(win, cell, str(d), CONTROL)
    hints.key()
    assert wait_until(win.root, lambda: hints.hint is not None and hints.level == 1, timeout=60)
    assert hints.hint.ok


def test_hint_starts_from_the_notes():
    """A cell whose notes hold one digit is a naked single for the hint, before any basic one."""
    sol = SOLUTION
    cell = blank_cells()[0]
    assert len(solver.candidates(TUTORIAL)[cell]) > 1
    assert solver.hint(TUTORIAL).step.placements != ((cell, sol[cell]),)  # without the notes: elsewhere
    h = solver.hint(TUTORIAL, notes={cell: (sol[cell],)})
    assert h.ok and h.step.technique == "Naked Single" and h.step.placements == ((cell, sol[cell]),)
    other = next(d for d in solver.candidates(TUTORIAL)[cell] if d != sol[cell])
    h = solver.hint(TUTORIAL, notes={cell: (other,)})
    assert h.status == "wrong_notes" and h.lost == ((cell, sol[cell]),) and h.cells == (cell,)
    wrong = TUTORIAL.with_digit(cell, other)
    assert solver.hint(wrong, givens=TUTORIAL, notes={cell: (other,)}).status == "wrong"  # a wrong digit first


def test_check_my_entries_checks_the_notes(whole_window):
    win = whole_window
    cell = _noted_without_solution(win)
    win.form.action_map.fire("check_entries")
    notes = win.controller.features["notes"]
    assert wait_until(win.root, lambda: notes.wrong_notes, timeout=60)
    assert notes.wrong_notes == [(cell, SOLUTION[cell])]
    assert "notes in 1 cell leave out the digit" in win.form.status_text()
    assert "wrong" not in win.form.cell_grid.cell_marks(cell)  # opt-in, like the entries: Show which marks it
    win.form.action_map.fire("show_wrong")
    win.root.update()
    assert marked(win, "wrong") == {cell}
    key(win, cell, str(SOLUTION[cell]), CONTROL)
    win.form.action_map.fire("check_entries")
    assert wait_until(win.root, lambda: "Your notes are right" in win.form.status_text(), timeout=60)


# ======================================================================
# 4. formats with candidates: Ctrl+C and Ctrl+V
# ======================================================================
def test_copy_with_notes_pastes_back_as_the_same_board(whole_window):
    win = whole_window
    load(win)
    win.form.action_map.fire("fill_notes")
    win.root.update()
    cell = blank_cells()[4]
    win.form.var_auto_advance.set(False)
    key(win, cell, str(SOLUTION[cell]))  # an entry, kept apart from the givens by the link
    key(win, blank_cells()[7], "1" if 1 in win.controller.board.notes_of(blank_cells()[7]) else "2", CONTROL)
    before = win.controller.board
    win.form.action_map.fire("copy")
    text = win.root.clipboard_get()
    assert text.startswith(".---") and "sudokuwiki.org/sudoku.htm?bd=S9B" in text
    win.form.action_map.fire("clear_all")
    win.root.update()
    win.form.action_map.fire("paste")
    win.root.update()
    after = win.controller.board
    assert (after.givens, after.entries, after.notes) == (before.givens, before.entries, before.notes)
    assert "pencil marks" in win.form.status_text()


def test_unreadable_marks_change_nothing_and_say_why(whole_window):
    win = whole_window
    load(win)
    key(win, blank_cells()[0], "3", CONTROL)
    before = win.controller.board
    win.root.clipboard_clear()
    win.root.clipboard_append("https://www.sudokuwiki.org/sudoku.htm?bd=S9B0102")
    win.form.action_map.fire("paste")
    win.root.update()
    assert win.controller.board == before
    assert "Nothing pasted" in win.form.status_text() and "162" in win.form.status_text()
    grid = solver.pencil_grid(SOLUTION.with_digit((0, 0), 0), {(0, 0): (1, 2)}).replace("12", "1x", 1)
    win.root.clipboard_clear()
    win.root.clipboard_append(grid)
    win.form.action_map.fire("paste")
    win.root.update()
    assert win.controller.board == before and "'1x'" in win.form.status_text()


def test_the_explained_solution_starts_from_the_notes(whole_window):
    win = whole_window
    load(win)
    cell = blank_cells()[0]
    key(win, cell, str(SOLUTION[cell]), CONTROL)  # one note: the solution's digit, a naked single
    explanation = win.controller.features["teach"].explanation
    win.form.action_map.fire("explain")
    assert wait_until(win.root, lambda: explanation.path is not None, timeout=60)
    first = explanation.path[0]
    assert first.technique == "Naked Single" and first.placements == ((cell, SOLUTION[cell]),)
    assert explanation.path.grid_at(0) == win.controller.board.grid()  # from the grid as it stands
    key(win, blank_cells()[5], "1", CONTROL)  # the grid changed: that path is not shown for it
    assert explanation.path is None and explanation.steps_list.size() == 0


def test_locking_the_givens_keeps_the_solution_explained_from_the_notes(whole_window):
    # Lock givens (Ctrl+L) changes only the mode: the path from this grid and these notes still holds
    from app.model import Board

    win = whole_window
    win.controller.apply(Board(givens=TUTORIAL), "typed in givens mode")  # not locked yet
    win.root.update()
    cell = blank_cells()[0]
    key(win, cell, str(SOLUTION[cell]), CONTROL)  # a note
    assert win.controller.board.has_notes and win.form.var_givens_mode.get()
    explanation = win.controller.features["teach"].explanation
    win.form.action_map.fire("explain")
    assert wait_until(win.root, lambda: explanation.path is not None, timeout=60)
    path, rows = explanation.path, explanation.steps_list.size()
    key(win, cell, "l", CONTROL)  # Ctrl+L
    assert not win.form.var_givens_mode.get()
    assert explanation.path is path and explanation.steps_list.size() == rows
    key(win, blank_cells()[5], "1", CONTROL)  # a note changed: now the path goes
    assert explanation.path is None and explanation.steps_list.size() == 0


def test_applying_a_hint_works_on_the_notes(whole_window):
    win = whole_window
    load(win)
    win.form.action_map.fire("fill_notes")
    win.root.update()
    hints = win.controller.features["teach"].hints
    hints.key()
    assert wait_until(win.root, lambda: hints.level == 1, timeout=60)
    step = hints.hint.step
    for rung in (2, 3, 4):
        hints.key()
        assert hints.level == rung
    before = win.controller.board
    hints.key()  # rung 5: applied, one undo step
    win.root.update()
    after = win.controller.board
    for cell, d in step.eliminations:
        assert d not in after.notes_of(cell)
    for cell, d in step.placements:
        assert after.grid()[cell] == d
        peers = [p for p in blank_cells() if p != cell and (p[0] == cell[0] or p[1] == cell[1])]
        assert all(d not in after.notes_of(p) for p in peers)  # the placed digit left its peers' notes
    win.form.action_map.fire("undo")
    win.root.update()
    assert win.controller.board.notes == before.notes
