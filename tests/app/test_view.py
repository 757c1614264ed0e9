"""The form's widgets alone (real Tk under the virtual display; the controller is a recorder)."""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont

import pytest

import solver

from app.window.view import SudokuForm
from conftest import wait_until

pytestmark = pytest.mark.gui


@pytest.fixture
def form(tk_root):
    f = SudokuForm(tk_root)
    f.fired = []
    for action in f.action_map.actions() + ["cell_input", "finding_selected"]:
        f.action_map.on(action, lambda *args, a=action: f.fired.append((a, *args)))
    tk_root.geometry("+0+0")
    tk_root.update()
    return f


def press(form, cell, keysym, **kw):
    e = form.cells[9 * cell[0] + cell[1]]
    e.focus_force()
    form.root.update()
    e.event_generate("<KeyPress>", keysym=keysym, **kw)
    form.root.update()


def test_grid_has_81_cells_tabbing_row_by_row(form):
    assert len(form.cells) == 81
    assert form.cells[8].tk_focusNext() is form.cells[9]  # r1c9 -> r2c1
    assert form.cells[9].tk_focusPrev() is form.cells[8]
    assert form.cells[0].cell == (0, 0) and form.cells[80].cell == (8, 8)


def test_box_borders_are_thicker_than_cell_lines(form):
    c = form.cells
    thin = c[1].winfo_rootx() - (c[0].winfo_rootx() + c[0].winfo_width())
    thick = c[3].winfo_rootx() - (c[2].winfo_rootx() + c[2].winfo_width())
    thin_v = c[9].winfo_rooty() - (c[0].winfo_rooty() + c[0].winfo_height())
    thick_v = c[27].winfo_rooty() - (c[18].winfo_rooty() + c[18].winfo_height())
    assert thin >= 1 and thick >= thin + 2
    assert thin_v >= 1 and thick_v >= thin_v + 2
    assert form.boxes[0].cget("bg") != form.board.cget("bg")


def test_cells_are_square_and_digits_scale_with_the_window(form):
    small = form.cell_grid.digit_font_px()
    form.root.geometry("1300x1000")
    assert wait_until(form.root, lambda: form.cell_grid.digit_font_px() > small * 1.2)
    form.cell_grid.show_cell((0, 0), 5, "given")
    form.root.update()
    font = tkfont.Font(font=form.cells[0].cget("font"))
    assert abs(font.actual("size")) >= small  # the cell's font really grew
    e = form.cells[40]
    assert abs(e.winfo_width() - e.winfo_height()) <= 2


def test_zoom_in_and_out_change_the_grid_size(form):
    before = form.board.winfo_width()
    form.zoom(1.15)
    assert wait_until(form.root, lambda: form.board.winfo_width() > before)
    form.zoom(None)
    assert wait_until(form.root, lambda: abs(form.board.winfo_width() - before) <= 2)


@pytest.mark.parametrize("keysym, digit", [("7", 7), ("KP_3", 3), ("BackSpace", 0), ("Delete", 0),
                                           ("0", 0), ("period", 0), ("space", 0), ("KP_Decimal", 0)])
def test_keys_become_cell_input(form, keysym, digit):
    form.var_auto_advance.set(False)
    press(form, (2, 4), keysym, state=0x10)  # NumLock on (Mod2), as when typing on the numpad
    assert form.fired == [("cell_input", (2, 4), digit)]


def test_letters_never_reach_a_cell(form):
    press(form, (0, 0), "a")
    assert form.fired == [] and form.cell_grid.cell_text((0, 0)) == ""


def test_arrow_keys_move_in_two_dimensions(form):
    press(form, (4, 4), "Right")
    assert form.cell_grid.focused_cell() == (4, 5)
    press(form, (4, 5), "Down")
    assert form.cell_grid.focused_cell() == (5, 5)
    press(form, (5, 5), "Up")
    press(form, (4, 5), "Left")
    assert form.cell_grid.focused_cell() == (4, 4)
    press(form, (0, 0), "Up")
    assert form.cell_grid.focused_cell() == (8, 0)  # wraps around


def test_auto_advance_moves_to_the_next_cell_and_backspace_goes_back(form):
    assert form.var_auto_advance.get()  # on by default: typing a puzzle from paper
    press(form, (0, 8), "4")
    assert form.cell_grid.focused_cell() == (1, 0)
    press(form, (1, 0), "period")
    assert form.cell_grid.focused_cell() == (1, 1)
    press(form, (1, 1), "BackSpace")  # an empty cell: clear the one before and stay there
    assert form.cell_grid.focused_cell() == (1, 0) and form.fired[-1] == ("cell_input", (1, 0), 0)
    form.var_auto_advance.set(False)
    press(form, (4, 4), "4")
    assert form.cell_grid.focused_cell() == (4, 4)


def test_validatecommand_keeps_one_digit_per_cell(form):
    e = form.cells[0]
    e.insert("end", "12")
    assert e.get() == ""
    e.insert("end", "x")
    assert e.get() == ""
    form.cell_grid.show_cell((0, 0), 9, "entry")
    e.insert("end", "3")
    assert e.get() == "9"


def _font_of(form, cell):
    return tkfont.Font(font=form.cells[9 * cell[0] + cell[1]].cget("font")).actual()


def test_givens_entries_and_solver_digits_differ_in_colour_and_font(form):
    form.cell_grid.show_cell((0, 0), 1, "given")
    form.cell_grid.show_cell((0, 1), 2, "entry")
    form.cell_grid.show_cell((0, 2), 3, "solver")
    fg = [form.cells[i].cget("fg") for i in range(3)]
    fonts = [_font_of(form, (0, i)) for i in range(3)]
    assert len(set(fg)) == 3
    looks = {(f["weight"], f["slant"]) for f in fonts}
    assert len(looks) == 3  # not colour alone: weight or slant differs too
    assert fonts[0]["weight"] == "bold" and fonts[2]["slant"] == "italic"


def test_conflict_marks_use_background_border_and_underline(form):
    form.cell_grid.show_cell((2, 1), 5, "entry")
    plain_bg = form.cells[19].cget("bg")
    form.cell_grid.set_marks("conflict", [(2, 1), (2, 6)])
    e = form.cells[19]
    assert e.cget("bg") != plain_bg
    assert e.cget("highlightbackground") != e.cget("bg")
    assert _font_of(form, (2, 1))["underline"] == 1
    form.cell_grid.set_marks("conflict", [])
    assert _font_of(form, (2, 1))["underline"] == 0 and form.cell_grid.cell_marks((2, 1)) == set()


def test_wrong_entries_are_crossed_out(form):
    form.cell_grid.show_cell((3, 3), 8, "entry")
    form.cell_grid.set_marks("wrong", [(3, 3)])
    assert _font_of(form, (3, 3))["overstrike"] == 1


def test_every_menu_command_shows_a_shortcut(form):
    without = []
    for key, menu in form.menus.items():
        if key in ("examples",):
            continue
        for i in range(menu.index("end") + 1):
            if menu.type(i) in ("command", "checkbutton") and not menu.entrycget(i, "accelerator"):
                without.append(menu.entrycget(i, "label"))
    assert without == ["About Sudoku Solver"]


def test_shortcut_keys_fire_their_actions(form):
    press(form, (0, 0), "Escape")  # Esc always reaches Cancel, which stops whatever runs (or nothing)
    assert form.fired == [("cancel",)]
    form.fired.clear()
    press(form, (0, 0), "F5")
    press(form, (0, 0), "Return", state=0x4)
    form.set_busy(True, "solve")
    press(form, (0, 0), "Return", state=0x4)  # Solve is disabled while it runs
    press(form, (0, 0), "Escape")
    form.set_busy(False)
    press(form, (0, 0), "z", state=0x4)
    press(form, (0, 0), "y", state=0x4)
    press(form, (0, 0), "Z", state=0x5)  # Ctrl+Shift+Z
    press(form, (0, 0), "v", state=0x4)
    press(form, (0, 0), "Next")  # Page Down: no collection, nothing happens
    form.set_collection("puzzle 1 of 2", has_prev=False, has_next=True)
    press(form, (0, 0), "Next")
    assert [f[0] for f in form.fired] == ["check", "solve", "cancel", "undo", "redo", "redo", "paste", "next"]


def test_busy_disables_solve_and_enables_cancel(form):
    assert not form.action_map.is_enabled("cancel")
    form.set_busy(True, "solve")
    assert form.action_map.is_enabled("cancel") and not form.action_map.is_enabled("solve")
    assert form.solve_button.instate(["disabled"]) and not form.cancel_button.instate(["disabled"])
    assert form.solve_button.cget("text") == "Solving…"
    form.set_busy(False)
    assert not form.action_map.is_enabled("cancel") and form.action_map.is_enabled("solve")


def test_clicking_a_finding_selects_it(form):
    form.findings_panel.show(["first finding", "second finding"])
    form.findings.update()
    bbox = form.findings.bbox("2.3")
    form.findings.event_generate("<Button-1>", x=bbox[0] + 2, y=bbox[1] + 2)
    form.root.update()
    assert form.selected_finding == 1 and form.fired[-1] == ("finding_selected", 1)
    assert "second finding" in form.findings_panel.shown_text()


def test_status_line_is_large_and_marks_errors_with_a_symbol(form):
    form.set_status("Could not open x.txt", "error")
    assert form.status_text().startswith("✗ ")
    assert tkfont.Font(font=form.status.cget("font")).actual("size") >= 12


def test_no_status_text_changes_the_grids_size(whole_window):
    # issue 29: a status line that wrapped to two lines took about 20 px from the grid
    win = whole_window
    win.root.geometry("1024x720+0+0")
    f = win.form

    def sizes(text):
        f.set_status(text)
        win.root.update()
        assert wait_until(win.root, lambda: f.status.winfo_reqheight() <= f.status.winfo_height())  # all of it shows
        return f.cell_grid.cell_px(), f.holder.winfo_height(), f.status.winfo_height()

    short = sizes("Ready.")
    width = f.status.winfo_width()
    font = tkfont.Font(font=f.status_font)

    def lines(n):
        """A message about ``n`` lines long at the status line's normal size."""
        words = "a long message that wraps "
        return words * round(n * width / font.measure(words))

    assert sizes(lines(1.5)) == short  # two lines
    assert sizes(lines(2.6)) == short  # more than two: set smaller, in the same room
    assert str(f.status.cget("font")) != str(f.status_font)
    assert sizes("") == short and str(f.status.cget("font")) == str(f.status_font)
    assert short[2] >= f.status_height()


def test_side_panel_takes_new_tabs(form):
    frame = tk.Frame(form.side_panel)
    form.side_panel.add(frame, text="Search")
    assert form.side_panel.tab(frame, "text") == "Search"
    assert form.side_panel.tab(0, "text") == "Findings"


def test_the_side_panel_scrolls_only_as_far_as_the_selected_tab_needs(form):
    """A notebook asks for its tallest tab's height; a short tab must not get a scroll bar
    that scrolls down to blank space (seen at 1366x768 on the Findings tab)."""
    tall = tk.Frame(form.side_panel, height=2000, width=100)
    short = tk.Frame(form.side_panel, height=50, width=100)
    form.side_panel.add(tall, text="Tall")
    form.side_panel.add(short, text="Short")
    form.root.geometry("1000x600")
    for tab, scrolls in ((short, False), (tall, True), (short, False), (form.findings_tab, False)):
        form.side_panel.select(tab)
        form.root.update()
        assert wait_until(form.root, lambda: form.side_area.scrolls == scrolls, timeout=30), (
            form.side_panel.tab(tab, "text"), scrolls)
    form.side_panel.select(tall)  # a tab that grows gets its scroll bar back
    short.configure(height=3000)
    form.side_panel.select(short)
    assert wait_until(form.root, lambda: form.side_area.scrolls, timeout=30)


def test_the_help_window_scrolls_and_closes_with_escape(form):
    form.dialogs.show_text("Keyboard shortcuts", form.action_map.shortcut_text())
    form.root.update()
    wins = [w for w in form.root.winfo_children() if isinstance(w, tk.Toplevel)]
    assert len(wins) == 1 and wins[0].title() == "Keyboard shortcuts"
    assert "Check puzzle\tF5" in form.action_map.shortcut_text()
    wins[0].event_generate("<Escape>")
    form.root.update()
    assert not wins[0].winfo_exists()


def test_the_open_dialog_offers_every_extension_the_readers_take(tk_root, monkeypatch):
    """File ▸ Open's filter is made from solver.OPEN_EXTENSIONS, the one list of extensions."""
    from tkinter import filedialog

    from app.window.dialogs import Dialogs

    seen = {}
    monkeypatch.setattr(filedialog, "askopenfilename", lambda **kw: seen.update(kw) or "")
    assert Dialogs(tk_root).ask_open() is None
    offered = seen["filetypes"][0][1].split()
    assert offered == [f"*.{e}" for e in solver.OPEN_EXTENSIONS]
    assert {"*.txt", "*.sdm", "*.sdk", "*.ss", "*.csv"} <= set(offered)


def test_a_long_findings_list_scrolls_and_its_note_is_read_whole(form):
    """At 1024x768 a check that lists a conflict and five explanations ran past the tab: no scroll
    bar, and the grey note under the list cut in half.  Now the list scrolls with a bar shown only
    when it is needed, and the note sits under it, whole."""
    form.root.geometry("1024x700+0+0")
    form.root.update()
    panel = form.findings_panel
    note = "The likeliest slip comes first. Ctrl+K applies its fix; click another explanation instead."
    panel.show([f"R2c{k}: you typed 5, the puzzle works with 8 there; 5 and 8 are next to each other on a "
                f"keypad. With that fix the puzzle has exactly one solution." for k in range(1, 10)], hint=note)
    form.root.update()
    assert panel.bar.winfo_ismapped(), "a list longer than the tab has a scroll bar"
    assert panel.note.winfo_ismapped() and panel.note.cget("text") == note
    top = panel.note.winfo_rooty() - panel.tab.winfo_rooty()
    assert top + panel.note.winfo_reqheight() <= panel.tab.winfo_height(), "the note is cut"
    assert note in panel.shown_text() and "R2c9" in panel.shown_text()
    panel.show(["Row 1 has two 5s: r1c1 and r1c2"], hint=note)
    form.root.update()
    assert not panel.bar.winfo_ismapped(), "a short list has no scroll bar"
    panel.show([], hint="Check puzzle (F5) lists here everything that is wrong with the puzzle.")
    form.root.update()
    assert not panel.note.winfo_ismapped() and "Check puzzle (F5)" in panel.shown_text()
