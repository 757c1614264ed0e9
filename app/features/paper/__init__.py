"""Print the puzzle on the grid as it stands (File ▸ Print…, Ctrl+P).

The dialog prints the givens and, by choice, the person's digits, the solver's digits and
the person's pencil notes, one to six copies to a page, on A4 or Letter, optionally with a
solutions page.  ``solver.make_sheet`` draws the pages (HTML with SVG grids); the page is
written to a file and opened in the system's web browser, which shows its print dialog
(``window.print()`` when the page has loaded).  No system print command prints HTML
(``lp``/CUPS needs PDF or PostScript, Windows' ``print`` verb prints without asking), so
the browser is the one way that works the same on Windows, macOS and Linux.  *Save as…*
writes the same pages to a file of the person's choice instead.

The dialog announces the page count from ``solver.plan_pages`` with the numbers it prints,
and the result's plan (the document's own) is what the status line reports.

File ▸ Print worksheet… (worksheet.py) puts many puzzles on paper; pages.py holds what the
two dialogs share (where pages are written, how they reach the browser, the paper).
"""
from __future__ import annotations

import logging
import os
import time
import tkinter as tk
import weakref
from tkinter import ttk

import solver

from app.storage import atomic_write_text
from app.wording import _, pgettext, say, say_n

from . import pages
from .pages import PAPER_LABELS, PaperDialog, pages_text
from .worksheet import WorksheetDialog

logger = logging.getLogger(__name__)

__all__ = ["install_paper", "Paper", "PrintDialog", "dialog_of", "MAX_COPIES"]

MAX_COPIES = 60

_remembered: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # controller -> last choices
_open: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # controller -> its open PrintDialog


def dialog_of(controller) -> "PrintDialog | None":
    """The open print dialog of ``controller``'s window, or None."""
    dialog = _open.get(controller)
    return dialog if dialog is not None and dialog.alive else None


class PrintDialog(PaperDialog):
    """File ▸ Print…: what of the grid to print, copies, per page, paper, solutions; Print or Save as."""

    def __init__(self, form, controller):
        super().__init__(form, controller, pgettext("dialog", "Print"))
        b = self.body
        c = self.controller
        board = c.board
        self.board = board  # printed as it stood when the dialog opened; refreshed on Print
        last = _remembered.get(c, {})
        self.var_entries = tk.BooleanVar(self.win, value=last.get("entries", True))
        self.var_solver = tk.BooleanVar(self.win, value=last.get("solver", False))
        self.var_notes = tk.BooleanVar(self.win, value=last.get("notes", True))
        self.var_copies = tk.StringVar(self.win, value=str(last.get("copies", 1)))
        self.var_per_page = tk.IntVar(self.win, value=last.get("per_page", 1))
        self.var_paper = tk.StringVar(self.win, value=last.get("paper", pages.default_paper()))
        self.var_solutions = tk.BooleanVar(self.win, value=last.get("solutions", False))
        self.var_title = tk.StringVar(self.win, value=last.get("title", _("Sudoku")))

        ttk.Label(b, text=pgettext("field", "Print")).grid(row=0, column=0, sticky="nw", padx=(0, 12))
        what = ttk.Frame(b)
        what.grid(row=0, column=1, sticky="w")
        self.what_label = ttk.Label(what, text="")
        self.what_label.grid(row=0, column=0, sticky="w")
        self.entries_check = ttk.Checkbutton(what, text="", variable=self.var_entries, command=self._update)
        self.entries_check.grid(row=1, column=0, sticky="w")
        self.solver_check = ttk.Checkbutton(what, text="", variable=self.var_solver, command=self._update)
        self.solver_check.grid(row=2, column=0, sticky="w")
        self.notes_check = ttk.Checkbutton(what, text="", variable=self.var_notes, command=self._update)
        self.notes_check.grid(row=3, column=0, sticky="w")

        ttk.Label(b, text=_("Copies")).grid(row=1, column=0, sticky="w", padx=(0, 12), pady=(8, 0))
        self.copies_box = ttk.Spinbox(b, from_=1, to=MAX_COPIES, textvariable=self.var_copies, width=5,
                                      command=self._update)
        self.copies_box.grid(row=1, column=1, sticky="w", pady=(8, 0))
        self._page_rows(2, _("Add a solutions page"))
        buttons = ttk.Frame(b)
        buttons.grid(row=7, column=0, columnspan=2, sticky="e", pady=(12, 0))
        self.go_button = ttk.Button(buttons, text=_("Print…"), command=self.print_, default="active")
        self.go_button.pack(side="left", padx=(0, 6))
        self.save_button = ttk.Button(buttons, text=_("Save as…"), command=self.save)
        self.save_button.pack(side="left", padx=(0, 6))
        self.cancel_button = ttk.Button(buttons, text=_("Close"), command=self.cancel)
        self.cancel_button.pack(side="left")
        self._status_row(8)
        for seq in ("<FocusOut>", "<Return>", "<KP_Enter>"):
            self.copies_box.bind(seq, lambda e: (self._read_count(self.var_copies, 1, MAX_COPIES, _("Copies")),
                                                 self._update()))
        self.win.bind("<Return>", lambda e: self.print_() if e.widget is not self.copies_box else None)
        self.var_copies.trace_add("write", lambda *a: self._update())
        self._describe_board()
        self._update()
        self._follow_grid()
        self.go_button.focus_set()

    def grid_changed(self) -> None:
        """Another grid on the main window (a digit typed, Undo, another puzzle): say what prints now."""
        self.board = self.controller.board
        self._describe_board()
        self._update()

    # -- what is on the grid ---------------------------------------------------------
    def _describe_board(self) -> None:
        b = self.board
        n_given = b.givens.filled_count or b.grid().filled_count
        self.what_label.configure(text=say_n("The puzzle as it stands: {n:n} given",
                                             "The puzzle as it stands: {n:n} givens", n_given) if n_given
                                  else _("The grid is empty: there is nothing to print."))
        if not self.running:
            for button in self._buttons():
                button.state(["!disabled"] if n_given else ["disabled"])
        n_entries = b.entries.filled_count if b.givens.filled_count else 0
        n_solver = b.solved.filled_count if b.givens.filled_count else 0
        notes = pages.board_notes(b)
        n_notes = sum(1 for s in notes if s) if notes is not None else 0
        self.entries_check.configure(text=say("and your digits ({n:n})", n=n_entries) if n_entries
                                     else _("and your digits (none on the grid)"))
        self.solver_check.configure(text=say("and the solver's digits ({n:n})", n=n_solver) if n_solver
                                    else _("and the solver's digits (none on the grid)"))
        for check, n in ((self.entries_check, n_entries), (self.solver_check, n_solver)):
            check.state(["!disabled"] if n else ["disabled"])
        if notes is None:
            self.notes_check.configure(text=_("and your pencil notes (this version keeps none)"))
            self.notes_check.state(["disabled"])
        else:
            self.notes_check.configure(text=say_n("and your pencil notes ({n:n} cell)",
                                                  "and your pencil notes ({n:n} cells)", n_notes) if n_notes
                                       else _("and your pencil notes (none on the grid)"))
            self.notes_check.state(["!disabled"] if n_notes else ["disabled"])

    def _item(self) -> solver.PrintGrid:
        return pages.print_grid_of(self.board, entries=self.var_entries.get() and self.entries_check.instate(["!disabled"]),
                             solver_digits=self.var_solver.get() and self.solver_check.instate(["!disabled"]),
                             notes=self.var_notes.get() and self.notes_check.instate(["!disabled"]))

    def _numbers(self):
        """(copies, per page) as they stand, or None while copies is not a number in range."""
        try:
            copies = int(self.var_copies.get().strip())
            per_page = int(self.var_per_page.get())
        except (ValueError, tk.TclError):
            return None
        if not 1 <= copies <= MAX_COPIES or per_page not in solver.PER_PAGE:
            return None
        return copies, per_page

    def _update(self) -> None:
        """The announced page count, from the numbers as they stand."""
        numbers = self._numbers()
        if numbers is None:
            self.summary.configure(text="")
            return
        copies, per_page = numbers
        plan = solver.plan_pages(copies, per_page, 1 if self.var_solutions.get() else 0)
        paper = PAPER_LABELS.get(self.var_paper.get(), self.var_paper.get())
        self.summary.configure(text=say_n("{n:n} copy of the puzzle: {pages} on {paper}.",
                                          "{n:n} copies of the puzzle: {pages} on {paper}.", copies,
                                          pages=pages_text(plan), paper=paper))

    # -- print or save -----------------------------------------------------------------
    def print_(self) -> None:
        """Write the pages and open them in the browser, which shows its print dialog."""
        self._start(to_file=None)

    def save(self) -> None:
        """Ask for a file name and write the pages there (nothing opens)."""
        if self.running or not self._checked():
            return
        dialogs = self.form.dialogs
        ask = getattr(dialogs, "ask_save_worksheet", None) or dialogs.ask_save
        path = ask("sudoku-print.html")
        if not path:
            self.message.configure(text=_("Not saved (no file chosen)."))
            return
        self._start(to_file=path)

    def _checked(self) -> bool:
        ok = self._read_count(self.var_copies, 1, MAX_COPIES, _("Copies")) is not None
        self._update()
        return ok

    def _start(self, to_file: str | None) -> None:
        if self.running:
            return
        if to_file is None and not self._checked():
            return
        self.board = self.controller.board  # the grid as it stands now
        self._describe_board()
        if not (self.board.givens.filled_count or self.board.grid().filled_count):
            self.message.configure(text=_("The grid is empty: there is nothing to print."))
            return
        copies, per_page = self._numbers()
        paper, solutions = self.var_paper.get(), self.var_solutions.get()
        title = self.var_title.get().strip() or _("Sudoku")
        item = self._item()
        _remembered[self.controller] = dict(
            entries=self.var_entries.get(), solver=self.var_solver.get(), notes=self.var_notes.get(),
            copies=copies, per_page=per_page, paper=paper, solutions=solutions, title=title)

        def work(cancel):
            sheet = solver.make_sheet([item] * copies, per_page, paper=paper, solutions=solutions,
                                      title=title, auto_print=to_file is None, cancel=cancel)
            path = to_file or str(pages.print_folder() / time.strftime("sudoku-%Y%m%d-%H%M%S.html"))
            atomic_write_text(path, sheet.html)
            # here, not on the Tk thread: the first webbrowser call looks for browsers (it may
            # run xdg-settings), and a terminal browser named in $BROWSER runs until it ends
            opened = to_file is None and pages.open_page(path)
            return sheet, path, opened

        def done(result, seconds):
            sheet, path, opened = result
            where = say("{pages} on {paper}", pages=pages_text(sheet.plan), paper=sheet.paper.label)
            if to_file is not None:
                text = say("Saved {what} to {name}.", what=where, name=os.path.basename(path))
                kind = "ok"
            elif opened:
                text = say("Sent {what} to the web browser: its print dialog opens (the page is {path}).",
                           what=where, path=path)
                kind = "ok"
            else:
                text = say("No web browser could be started to print. The page ({what}) is saved as {path}: "
                           "open it and print it from there.", what=where, path=path)
                kind = "warn"
            self.form.set_status(text, kind)
            if self.alive:
                self._busy(False, text)
                if kind == "ok":
                    self.close()
                elif not opened and to_file is None:
                    self._not_opened(path)

        def failed(exc):
            self._job_failed(exc, "printed")

        self._busy(True, _("Making the pages… (Cancel stops it)"))
        self._run("print", work, done, failed, _("Making the pages to print…"))


class Paper:
    """The paper feature: File ▸ Print… and File ▸ Print worksheet…, after File ▸ Save."""

    def __init__(self, form, controller):
        self.form, self.controller = form, controller
        amap = form.action_map
        at = amap.items["save"][1] + 1 if "save" in amap.items else None
        amap.add_command("file", _("Print…"), "print", "Ctrl+P", ("<Control-p>",), before=at)
        amap.add_command("file", _("Print worksheet…"), "worksheet", "Ctrl+Shift+P",
                         ("<Control-Shift-P>", "<Control-Shift-p>"), before=None if at is None else at + 1)
        amap.on("print", self.print_dialog)
        amap.on("worksheet", self.worksheet_dialog)

    def print_dialog(self) -> PrintDialog | None:
        """File ▸ Print… (Ctrl+P): print the grid as it stands; the open dialog is brought to the
        front.  None on an empty grid."""
        b = self.controller.board
        if not (b.givens.filled_count or b.grid().filled_count):
            self.form.set_status(_("Nothing to print: the grid is empty. Type, paste or open a puzzle first "
                                   "(File ▸ Print worksheet… makes new ones)."), "warn")
            return None
        dialog = dialog_of(self.controller)
        if dialog is not None:
            dialog.win.deiconify()
            dialog.win.lift()
            dialog.go_button.focus_set()
            return dialog
        dialog = _open[self.controller] = PrintDialog(self.form, self.controller)
        return dialog

    def worksheet_dialog(self) -> WorksheetDialog:
        """File ▸ Print worksheet… (Ctrl+Shift+P)."""
        return WorksheetDialog(self.form, self.controller)


def install_paper(form, controller) -> Paper:
    """Add File ▸ Print… and File ▸ Print worksheet… to ``form``."""
    return Paper(form, controller)
