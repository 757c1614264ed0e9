"""The person's own pencil marks (notes): keys, Notes mode, the right-click menu, Fill all candidates.

What the person gets (the notes themselves are part of the Board, app/model.py, so undo,
redo, the state file and *Clear entries* cover them):

* **Ctrl+digit** (main keys or numpad) toggles that note in the focused blank cell, as in
  GNOME Sudoku and HoDoKu;
* **Notes mode** (N, Edit ▸ Notes mode, or the *Notes* toggle under the grid): plain
  digits write notes instead of digits, and the cursor stays in the cell (auto-advance is
  for typing digits in);
* Backspace/Delete in a blank cell clears its notes;
* **right-click** on a cell: the nine digits as toggles, *Clear notes here*, *Fill all
  candidates*;
* **Fill all candidates** (Edit menu): every blank cell's notes set to the digits no peer
  holds, one undo step, as a starting point to edit;
* placing a digit removes it from its peers' notes (Edit ▸ *A placed digit leaves its
  peers' notes*, on by default).

The notes are drawn by app/features/teach/'s ``refresh_candidates`` through the form's pencil
layer (app/window/pencil.py), small in a 3x3 layout.

Wiring: ``install_notes(form, controller)`` (from ``app.__main__.build_window``, before the
Teach feature, so its guard while a solution step is shown covers notes too).
"""
from __future__ import annotations

import logging
import tkinter as tk
from tkinter import ttk

import solver

from ..model import Board, Cell
from ..wording import _, say, say_n

logger = logging.getLogger(__name__)

__all__ = ["Notes", "install_notes", "NOTE_KEYS"]

#: (Tk event sequence, digit) of every key that toggles a note with Ctrl
NOTE_KEYS = tuple((f"<Control-Key-{d}>", d) for d in range(1, 10)) + tuple(
    (f"<Control-KP_{d}>", d) for d in range(1, 10))
_MODIFIERS = 0x0004 | 0x0008 | 0x0080  # Control, Alt, AltGr


class Notes:
    """The notes commands on ``form`` for ``controller``'s Board.

    ``var_mode``: Notes mode (plain digits write notes); ``var_tidy``: a placed digit
    leaves its peers' notes.  Both are saved with the state file (:meth:`settings`).
    """

    def __init__(self, form, controller):
        self.form = form
        self.controller = controller
        self.root = form.root
        self.var_mode = tk.BooleanVar(self.root, value=False)
        self.var_tidy = tk.BooleanVar(self.root, value=True)
        self.menu: tk.Menu | None = None  # the right-click menu while it is open
        self._init_menu()
        self._init_keys()
        self._init_button()
        self._cell_input = form.action_map.handler_for("cell_input")
        form.action_map.on("cell_input", self.cell_input)
        form.pencil.on_context = self.context_menu
        form.cell_grid.has_notes = lambda cell: bool(self.controller.board.notes_of(cell))  # Backspace clears them
        form.cell_grid.writes_notes = self.var_mode.get  # in Notes mode the cursor stays in the cell
        self._clear_entries = form.action_map.handler_for("clear_entries")
        form.action_map.on("clear_entries", self.clear_entries)
        self._check_entries = form.action_map.handler_for("check_entries")
        self._show_wrong = form.action_map.handler_for("show_wrong")
        form.action_map.on("check_entries", self.check_entries)
        form.action_map.on("show_wrong", self.show_wrong)
        self.wrong_notes: list = []  # ((cell, digit), ...) of the last Check my entries: the digit the notes lack
        self._checked = None  # the Board that check was for

    # -- building ----------------------------------------------------------------
    def _init_menu(self) -> None:
        f = self.form
        f.menus["edit"].add_separator()
        f.action_map.add_check("edit", _("Notes mode (digits write pencil marks)"), "notes_mode", self.var_mode, "N")
        f.action_map.add_command("edit", _("Toggle a note in the cell"), "note_key", "Ctrl+1…9")
        f.action_map.add_command("edit", _("Fill all candidates as notes"), "fill_notes")
        f.action_map.add_command("edit", _("Clear all notes"), "clear_notes")
        f.action_map.add_check("edit", _("A placed digit leaves its peers' notes"), "tidy_notes", self.var_tidy)
        f.action_map.add_command("edit", _("Copy with pencil marks (grid and SudokuWiki link)"), "copy_marks")
        f.action_map.add_command("edit", _("Copy SudokuWiki link with pencil marks"), "copy_link")
        for action, fn in (("notes_mode", self._on_mode_toggled), ("fill_notes", self.fill_all),
                           ("clear_notes", self.clear_all), ("tidy_notes", self._on_tidy_toggled),
                           ("note_key", self._explain_note_key)):
            f.action_map.on(action, fn)

    def _init_keys(self) -> None:
        for seq, d in NOTE_KEYS:
            self.root.bind(seq, lambda e, d=d: self._on_note_key(d))

        def mode_key(event):
            if event.state & _MODIFIERS:
                return None  # Ctrl+N (New puzzle) goes on to the window's bindings
            self.toggle_mode()
            return "break"

        for seq in ("<KeyPress-n>", "<KeyPress-N>"):
            self.root.bind_class("SudokuCell", seq, mode_key)
        self.root.bind_class("SudokuCell", "<Button-3>", self._on_right_click, add="+")
        if self.root.tk.call("tk", "windowingsystem") == "aqua":
            self.root.bind_class("SudokuCell", "<Button-2>", self._on_right_click, add="+")

    def _init_button(self) -> None:
        """The *Notes* toggle under the grid, for mouse and touch users."""
        bar = self.form.check_button.master
        self.button = ttk.Checkbutton(bar, text=_("✎ Notes (N)"), variable=self.var_mode, style="Toolbutton",
                                      command=self._on_mode_toggled, takefocus=0)
        self.button.pack(side="left", padx=(0, 6))

    # -- settings kept in the state file (app/session.py) ---------------------------
    def settings(self) -> dict:
        return {"notes_mode": bool(self.var_mode.get()), "tidy_notes": bool(self.var_tidy.get())}

    def restore_settings(self, data: dict) -> None:
        self.var_mode.set(bool(data.get("notes_mode", False)))
        self.var_tidy.set(bool(data.get("tidy_notes", True)))

    # -- typing ------------------------------------------------------------------
    def cell_input(self, cell: Cell, digit: int) -> None:
        """A digit typed into ``cell``: a note in Notes mode, else a digit (tidying its peers' notes)."""
        c = self.controller
        b = c.board
        if self.var_mode.get() and b.can_note(cell) and digit:
            self.toggle(cell, digit)
            return
        if not digit and b.can_note(cell) and b.notes_of(cell):  # Delete in a blank cell clears its notes
            c.apply(b.with_notes(cell, ()))
            return
        if digit and self.var_tidy.get() and not b.is_locked(cell):
            c.apply(b.with_digit(cell, digit, tidy_notes=True))
            return
        if self._cell_input is not None:
            self._cell_input(cell, digit)

    def toggle(self, cell: Cell, digit: int) -> bool:
        """Note ``digit`` in ``cell``, or take it out (one undo step); False (and why) on a filled cell."""
        c = self.controller
        b = c.board
        if not b.can_note(cell):
            self.form.set_status(say("{cell:cell} holds a digit; notes go into blank cells (clear it first).",
                                     cell=cell), "warn")
            return False
        c.apply(b.with_note_toggled(cell, digit))
        return True

    def _on_note_key(self, digit: int):
        cell = self.form.cell_grid.focused_cell()
        if cell is None:
            return None  # Ctrl+digit elsewhere (a text field) is not ours
        if self._blocked():
            return "break"
        self.toggle(cell, digit)
        return "break"

    def _blocked(self) -> bool:
        """True (and why, in the status line) while the grid shows something else than the person's Board."""
        teach = self.controller.features.get("teach")
        if teach is not None and teach.explanation.explaining is not None:
            self.form.set_status(_("The grid shows a step of the solution. Back to my grid (or Esc in the list "
                                   "of steps) lets you write notes again."), "warn")
            return True
        demo = self.controller.features.get("demo")
        if demo is not None and demo.active:
            self.form.set_status(_("The grid shows the search demo; stop it (Ctrl+D) to write notes."), "warn")
            return True
        return False

    def _explain_note_key(self) -> None:
        self.form.set_status(_("Hold Ctrl and press a digit (main keys or numpad) to note it in the focused "
                               "cell; press it again to take it out."))

    # -- Notes mode and the tidy option ----------------------------------------------
    def toggle_mode(self) -> None:
        self.var_mode.set(not self.var_mode.get())
        self._on_mode_toggled()

    def _on_mode_toggled(self) -> None:
        on = self.var_mode.get()
        self.form.set_status(_("Notes mode: digits you type are pencil marks (N or the Notes button: back to digits).")
                             if on else _("Digits mode: digits you type go into the cells (N: notes)."))
        self.controller.session.schedule_save()

    def _on_tidy_toggled(self) -> None:
        self.form.set_status(_("A digit you place is taken out of its row's, column's and box's notes.")
                             if self.var_tidy.get() else _("Placing a digit leaves the other cells' notes alone."))
        self.controller.session.schedule_save()

    # -- whole-grid commands ------------------------------------------------------------
    def fill_all(self) -> None:
        """Every blank cell's notes: the digits no peer holds (one undo step)."""
        if self._blocked():
            return
        c = self.controller
        b = c.board
        g = b.grid()
        if not g.blanks():
            self.form.set_status(_("There is no blank cell to write candidates into."), "warn")
            return
        cands = solver.candidates(g)
        board = b.with_all_notes(cands.masks)
        n = cands.count()
        cells = say_n("{n:n} blank cell", "{n:n} blank cells", len(g.blanks()))
        c.apply(board, say_n("Filled in {n:n} candidate in {cells}: the digits no peer holds. Now cross them out as "
                             "you reason (Ctrl+digit; Ctrl+Z undoes the fill).",
                             "Filled in {n:n} candidates in {cells}: the digits no peer holds. Now cross them out as "
                             "you reason (Ctrl+digit; Ctrl+Z undoes the fill).", n, cells=cells), "ok")

    def clear_entries(self) -> None:
        """Clear entries: the notes go with the entries (the controller's command, when there are notes only)."""
        b = self.controller.board
        if b.has_notes and not (b.entries.filled_count or b.solved.filled_count):
            self.controller.apply(b.cleared_entries(), _("Cleared your notes (Ctrl+Z undoes it)."))
        elif self._clear_entries is not None:
            self._clear_entries()

    # -- Check my entries: the notes too ---------------------------------------------------
    def check_entries(self) -> None:
        """Check my entries: the digits (app/checking.py) and then the notes, against the solution.

        Like the digits, it first only counts the cells whose notes leave out the digit that goes
        there; *Show which* marks them."""
        c = self.controller
        b = c.board
        self.wrong_notes = []
        if not b.has_notes or not b.givens.filled_count:
            if self._check_entries is not None:
                self._check_entries()
            return
        givens = b.givens
        notes = {solver.cell_of(i): b.notes_of(solver.cell_of(i)) for i in range(81) if b.notes[i]}

        def done(solution, seconds):
            if c.board is not b:
                return  # the grid changed meanwhile
            if b.entries.filled_count and self._check_entries is not None:
                self._check_entries()  # the digits, as always (its own job, after this one)
            if solution is None:
                self.form.set_status(_("Your notes cannot be checked: the puzzle does not have exactly one "
                                       "solution (Check puzzle, F5, says why)."), "warn")
                return
            self.wrong_notes = [(cell, solution[cell]) for cell, ds in notes.items() if solution[cell] not in ds]
            self._checked = b
            self.form.action_map.enable("show_wrong", bool(self.wrong_notes) or self.form.action_map.is_enabled("show_wrong"))
            if self.wrong_notes:
                n = len(self.wrong_notes)
                text = say_n("Your notes in {n:n} cell leave out the digit that goes there (Show which, Ctrl+Shift+E, "
                             "marks them).", "Your notes in {n:n} cells leave out the digit that goes there (Show "
                             "which, Ctrl+Shift+E, marks them).", n)
            else:
                text = say("Your notes are right: every noted cell ({n:n}) keeps the digit that goes there.",
                           n=len(notes))
            if b.entries.filled_count:
                self._after_entries(text)
            else:
                self.form.findings_panel.show([text])
                self.form.set_status(text, "warn" if self.wrong_notes else "ok")

        def work(cancel):
            d = solver.diagnose(givens, cancel=cancel)
            return d.solution if d.status == "unique" else None

        c.run_job("check_notes", work, done, status=_("Checking your notes…"))

    def _after_entries(self, text: str) -> None:
        """Add the notes' sentence once the entries' check (a job of its own) has shown its result."""
        c = self.controller
        if c.worker.busy:
            self.root.after(20, lambda: self._after_entries(text))
            return
        ec = getattr(c.checking, "entry_check", None)
        lines = [k.message for k in ec.conflicts] + [ec.message] if ec is not None else []
        self.form.findings_panel.show(lines + [text])
        self.form.set_status(f"{self.form.status_text()}  {text}".strip(), "warn" if self.wrong_notes else "ok")

    def show_wrong(self) -> None:
        """Show which: the wrong entries (app/checking.py) and the cells whose notes lack their digit."""
        if self._checked is not self.controller.board:
            self.wrong_notes = []  # a check of an older grid
        ec = getattr(self.controller.checking, "entry_check", None)
        if ec is not None and ec.wrong and self._show_wrong is not None:
            self._show_wrong()
        if not self.wrong_notes:
            if ec is None or not ec.wrong:
                self.form.set_status(_("Check your entries first (Ctrl+E)."))
            return
        cells = [cell for cell, _ in self.wrong_notes]
        self.form.cell_grid.set_marks("wrong", list(ec.wrong if ec is not None and ec.wrong else ()) + cells)
        text = say("Notes that leave out the digit that goes there: {cells:cellcomma}.", cells=cells)
        self.form.set_status(text, "warn")

    def clear_all(self) -> None:
        c = self.controller
        if not c.board.has_notes:
            self.form.set_status(_("There are no notes to clear."))
            return
        c.apply(c.board.cleared_notes(), _("Cleared all your notes (Ctrl+Z brings them back)."))

    # -- the right-click menu ------------------------------------------------------------
    def _on_right_click(self, event):
        cell = getattr(event.widget, "cell", None)
        if cell is not None:
            self.context_menu(cell, event.x_root, event.y_root)
        return "break"

    def context_menu(self, cell: Cell, x: int, y: int) -> tk.Menu:
        """The nine digits of ``cell`` as toggles, at screen point (x, y); the menu (tests invoke it)."""
        self.form.cell_grid.focus_cell(cell)
        b: Board = self.controller.board
        menu = tk.Menu(self.root, tearoff=False)
        noted = set(b.notes_of(cell))
        blank = b.can_note(cell)
        menu.add_command(label=say("Notes in {cell:cell}", cell=cell) if blank else
                         say("{cell:cell} holds a digit", cell=cell), state="disabled")
        self._menu_vars = []
        for d in range(1, 10):
            var = tk.BooleanVar(menu, value=d in noted)
            self._menu_vars.append(var)
            menu.add_checkbutton(label=str(d), variable=var, accelerator=f"Ctrl+{d}",
                                 state="normal" if blank else "disabled",
                                 command=lambda d=d: self._blocked() or self.toggle(cell, d))
        menu.add_separator()
        menu.add_command(label=_("Clear notes here"), state="normal" if noted else "disabled",
                         command=lambda: self._blocked() or self.controller.apply(
                             self.controller.board.with_notes(cell, ()), say("Cleared the notes of {cell:cell}.",
                                                                             cell=cell)))
        menu.add_command(label=_("Fill all candidates"), command=self.fill_all)
        self.menu = menu
        if x is not None and y is not None:
            try:
                menu.tk_popup(x, y)
            finally:
                menu.grab_release()
        return menu


def install_notes(form, controller) -> Notes:
    """The person's pencil marks: Ctrl+digit, Notes mode (N), the right-click menu, Fill all candidates."""
    return Notes(form, controller)
