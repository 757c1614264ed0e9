"""File ▸ Print worksheet… (Ctrl+Shift+P): many puzzles on paper.

The current puzzle, puzzles of the open collection, or freshly generated ones at a level;
1 to 6 to a page on A4 or Letter, optionally with solution pages; *Print…* opens the pages in
the web browser with its print dialog, *Save as…* writes them to an HTML file
(``solver.worksheet_sheet``).  The file name comes from the form's ``Dialogs`` (so tests
record it), the work runs on the worker.

The page count announced is ``solver.plan_pages`` of the numbers used, and the status line
reports the written document's own plan.
"""
from __future__ import annotations

import os
import time
import tkinter as tk
from tkinter import ttk

import solver

from app.storage import atomic_write_text
from app.wording import _, level_name, say, say_n

from . import pages
from .pages import PaperDialog

__all__ = ["WorksheetDialog", "MAX_WORKSHEET_PUZZLES"]

MAX_WORKSHEET_PUZZLES = 24


class WorksheetDialog(PaperDialog):
    """File ▸ Print worksheet…: which puzzles, how many, how many to a page, paper, solutions;
    Print… (opens the browser's print dialog) or Save as… (an HTML file)."""

    def __init__(self, form, controller):
        super().__init__(form, controller, _("Print worksheet"))
        b = self.body
        c = self.controller
        has_collection = bool(c.collection and len(c.collection) > 1)
        has_puzzle = bool(c.board.givens.filled_count or c.board.grid().filled_count)
        default = "collection" if has_collection else "current" if has_puzzle else "generate"
        self.var_source = tk.StringVar(self.win, value=default)
        self.var_count = tk.StringVar(self.win, value="4")
        self.var_level = tk.StringVar(self.win, value=level_name("medium"))
        self.var_per_page = tk.IntVar(self.win, value=2)
        self.var_paper = tk.StringVar(self.win, value=pages.default_paper())
        self.var_solutions = tk.BooleanVar(self.win, value=True)
        self.var_title = tk.StringVar(self.win, value=_("Sudoku worksheet"))

        ttk.Label(b, text=_("Puzzles")).grid(row=0, column=0, sticky="nw", padx=(0, 12))
        src = ttk.Frame(b)
        src.grid(row=0, column=1, sticky="w")
        self.source_buttons = {}
        for k, (value, text) in enumerate((("current", _("This puzzle (its givens)")),
                                           ("collection", _("From the open collection (from this puzzle on)")),
                                           ("generate", _("New puzzles at a level")))):
            rb = ttk.Radiobutton(src, text=text, value=value, variable=self.var_source, command=self._on_source)
            rb.grid(row=k, column=0, sticky="w")
            self.source_buttons[value] = rb
        if not has_collection:
            self.source_buttons["collection"].state(["disabled"])
        if not has_puzzle:
            self.source_buttons["current"].state(["disabled"])
        ttk.Label(b, text=_("How many")).grid(row=1, column=0, sticky="w", padx=(0, 12), pady=(6, 0))
        self.count_box = ttk.Spinbox(b, from_=1, to=MAX_WORKSHEET_PUZZLES, textvariable=self.var_count, width=5,
                                     command=self._update)
        self.count_box.grid(row=1, column=1, sticky="w", pady=(6, 0))
        ttk.Label(b, text=_("Level")).grid(row=2, column=0, sticky="w", padx=(0, 12), pady=(6, 0))
        self.level_box = ttk.Combobox(b, textvariable=self.var_level, state="readonly", width=16,
                                      values=[level_name(x) for x in solver.LEVELS])
        self.level_box.grid(row=2, column=1, sticky="w", pady=(6, 0))
        self._page_rows(3, _("Add solution pages"))
        buttons = ttk.Frame(b)
        buttons.grid(row=8, column=0, columnspan=2, sticky="e", pady=(12, 0))
        self.print_button = ttk.Button(buttons, text=_("Print…"), command=self.print_, default="active")
        self.print_button.pack(side="left", padx=(0, 6))
        self.go_button = ttk.Button(buttons, text=_("Save as…"), command=self.export)
        self.go_button.pack(side="left", padx=(0, 6))
        self.cancel_button = ttk.Button(buttons, text=_("Close"), command=self.cancel)
        self.cancel_button.pack(side="left")
        self._status_row(9)
        for seq in ("<FocusOut>", "<Return>", "<KP_Enter>"):
            self.count_box.bind(seq, lambda e: (self._count(), self._update()))
        for var in (self.var_count, self.var_source, self.var_per_page, self.var_solutions, self.var_paper):
            var.trace_add("write", lambda *a: self._update())
        self._on_source()
        self._follow_grid()

    def grid_changed(self) -> None:
        """Another grid or collection: offer only the sources there are (a chosen one that went away moves on)."""
        c = self.controller
        has = {"collection": bool(c.collection and len(c.collection) > 1),
               "current": bool(c.board.givens.filled_count or c.board.grid().filled_count)}
        for key, ok in has.items():
            self.source_buttons[key].state(["!disabled"] if ok else ["disabled"])
        if not has.get(self.var_source.get(), True):
            self.var_source.set("current" if has["current"] else "generate")
        self._on_source()

    def _buttons(self) -> list:
        return [self.go_button, self.print_button]

    def _on_source(self) -> None:
        src = self.var_source.get()
        self.count_box.state(["disabled"] if src == "current" else ["!disabled"])
        self.level_box.state(["disabled"] if src != "generate" else ["!disabled"])
        self._update()

    def _level(self) -> str:
        text = self.var_level.get()
        for key, label in solver.LEVEL_LABELS.items():
            if text in (key, label, level_name(key)):
                return key
        return text  # unknown: solver.generate names the valid ones

    def _count(self) -> int | None:
        """How many puzzles: the field's number when it is allowed (else None, the field corrected, a message)."""
        if self.var_source.get() == "current":
            return 1
        n = self._read_count(self.var_count, 1, MAX_WORKSHEET_PUZZLES, _("How many"), fallback=4)
        c = self.controller
        if n is not None and self.var_source.get() == "collection" and c.collection:
            left = len(c.collection) - c.collection_index
            if n > left:
                self.var_count.set(left)
                self.message.configure(text=say_n(
                    "How many: the collection has {n:n} puzzle from this one on, so it is now {n:n}. "
                    "Press the button again to go on with {n:n}.",
                    "How many: the collection has {n:n} puzzles from this one on, so it is now {n:n}. "
                    "Press the button again to go on with {n:n}.", left))
                return None
        return n

    def _puzzles(self, count: int):
        """(fixed puzzles or None, level): what to put on the sheet."""
        src = self.var_source.get()
        c = self.controller
        if src == "current":
            g = c.puzzle()
            return ([g] if g.filled_count else []), None
        if src == "collection" and c.collection:
            start = c.collection_index
            return list(c.collection[start:start + count]), None
        return None, self._level()

    def _numbers_now(self):
        """(count, per page) as the fields stand, without correcting them (None while not a number)."""
        if self.var_source.get() == "current":
            count = 1
        else:
            try:
                count = int(str(self.var_count.get()).strip())
            except ValueError:
                return None
            if not 1 <= count <= MAX_WORKSHEET_PUZZLES:
                return None
        try:
            per_page = int(self.var_per_page.get())
        except (tk.TclError, ValueError):
            return None
        return count, per_page

    def _update(self) -> None:
        """The announced page count, from the numbers as they stand."""
        if not hasattr(self, "summary"):
            return
        numbers = self._numbers_now()
        if numbers is None or numbers[1] not in solver.PER_PAGE:
            self.summary.configure(text="")
            return
        count, per_page = numbers
        plan = solver.plan_pages(count, per_page, count if self.var_solutions.get() else 0)
        paper = pages.PAPER_LABELS.get(self.var_paper.get(), self.var_paper.get())
        self.summary.configure(text=say_n("{n:n} puzzle: {pages} on {paper}.", "{n:n} puzzles: {pages} on {paper}.",
                                          count, pages=pages.pages_text(plan), paper=paper))

    def print_(self) -> None:
        """Make the worksheet and open it in the web browser, which shows its print dialog."""
        self.export(to_browser=True)

    def export(self, to_browser: bool = False) -> None:
        """Ask for a file name (unless printing), then make (and, if asked, generate) the worksheet on the worker."""
        if self.running:
            return
        count = self._count()
        self._update()
        if count is None:
            return
        fixed, level = self._puzzles(count)
        if fixed is not None and not fixed:
            self._busy(False, _("The grid is empty: there is no puzzle to put on a worksheet."))
            return
        if to_browser:
            path = None
        else:
            dialogs = self.form.dialogs
            ask = getattr(dialogs, "ask_save_worksheet", None) or dialogs.ask_save
            path = ask(_("worksheet") + ".html")
            if not path:
                self.message.configure(text=_("Not exported (no file chosen)."))
                return
        per_page, solutions, title = self.var_per_page.get(), self.var_solutions.get(), self.var_title.get()
        paper = self.var_paper.get()
        title = title.strip() or _("Sudoku worksheet")

        made = [0]  # puzzles generated so far: written by the worker, read by progress() on the Tk thread

        def work(cancel):
            if fixed is None:
                grids, keys = [], set()
                # Symmetric hardest puzzles take the walk twice as long (docs/benchmarks.md).
                symmetry = None if level == solver.LEVELS[-1] else "rotational"
                while len(grids) < count:  # generate raises Cancelled at once when cancel is set
                    g = solver.generate(level, symmetry, cancel=cancel)
                    key = solver.canonical(g)
                    if key not in keys:  # students notice a puzzle they have seen in another picture
                        keys.add(key)
                        grids.append(g)
                    made[0] = len(grids)
                labels = [level_name(level)] * count
            else:
                grids, labels = fixed, None
            sheet = solver.worksheet_sheet(grids, per_page, solutions, title, labels=labels, paper=paper,
                                           auto_print=to_browser, cancel=cancel)
            target = path or str(pages.print_folder() / time.strftime("sudoku-worksheet-%Y%m%d-%H%M%S.html"))
            atomic_write_text(target, sheet.html)
            # opened on the worker: the first webbrowser call may take a while (app/features/paper/)
            opened = path is None and pages.open_page(target)
            return sheet, target, len(grids), opened

        def done(result, seconds):
            sheet, target, n, opened = result
            plan = sheet.plan
            if plan.solution_pages == 1:
                pages = say_n("{n:n} page and a solutions page", "{n:n} pages and a solutions page",
                              plan.puzzle_pages)
            elif plan.solution_pages:
                pages = say_n("{n:n} page and {solutions:n} solution pages, {total:n} in all",
                              "{n:n} pages and {solutions:n} solution pages, {total:n} in all", plan.puzzle_pages,
                              solutions=plan.solution_pages, total=plan.pages)
            else:
                pages = say_n("{n:n} page", "{n:n} pages", plan.puzzle_pages)
            what = say_n("a worksheet of {n:n} puzzle ({pages}) on {paper}",
                         "a worksheet of {n:n} puzzles ({pages}) on {paper}", n, pages=pages, paper=sheet.paper.label)
            kind = "ok"
            if path is not None:
                text = say("Saved {what} to {name} in {t:seconds}.", what=what, name=os.path.basename(target),
                           t=seconds)
            elif opened:
                text = say("Sent {what} to the web browser: its print dialog opens (the page is {path}).",
                           what=what, path=target)
            else:
                text = say("No web browser could be started to print. The page with {what} is saved as "
                           "{path}: open it and print it from there.", what=what, path=target)
                kind = "warn"
            self.form.set_status(text, kind)
            if self.alive:
                self._busy(False, text)
                if kind == "ok":
                    self.close()
                else:
                    self._not_opened(target)

        def failed(exc):
            self._job_failed(exc, "printed" if to_browser else "saved")

        shown = [-1]

        def progress(seconds):
            """How far the making is: "Making puzzle 3 of 24", in the dialog and the status line."""
            k = made[0]
            if k == shown[0] or not self.alive:
                return
            shown[0] = k
            if k < count:
                data = dict(k=k + 1, n=count, level=level)
                self._show_progress(k, count, say("Making puzzle {k:n} of {n:n} ({level:level}) for the worksheet… "
                                                  "(Cancel stops it)", **data))
                self.form.set_status(say("Making puzzle {k:n} of {n:n} ({level:level}) for the worksheet…", **data))
            else:
                self._show_progress(k, count, _("Writing for the worksheet… (Cancel stops it)"))
                self.form.set_status(_("Writing for the worksheet…"))

        if fixed is None:
            busy = say_n("Making {n:n} puzzle ({level:level}) for the worksheet… (Cancel stops it)",
                         "Making {n:n} puzzles ({level:level}) for the worksheet… (Cancel stops it)", count, level=level)
            status = say_n("Making {n:n} puzzle ({level:level}) for the worksheet…",
                           "Making {n:n} puzzles ({level:level}) for the worksheet…", count, level=level)
        else:
            busy, status = _("Writing for the worksheet… (Cancel stops it)"), _("Writing for the worksheet…")
        self._busy(True, busy)
        self._run("worksheet", work, done, failed, status, on_progress=progress if fixed is None else None)
