"""New puzzles by level and printable worksheets: the two small dialogs of the Teach menu.

* **New puzzle…** (Ctrl+N): a level (Easy ... Needs guessing) and a symmetry; Generate runs
  ``solver.generate`` on the worker (Cancel or Esc stops it) and loads the puzzle as givens
  (one undo step); the status line says its level and how long it took.
* **Export worksheet…** (Ctrl+P): the current puzzle, puzzles of the open collection, or
  freshly generated ones at a level; 1, 2 or 4 to a page, optionally with a solutions page;
  saved as one HTML file (``solver.make_worksheet``) that a browser prints well.  The file
  name comes from the form's ``Dialogs`` (so tests record it), the work runs on the worker.

Both are plain, non-modal ``Toplevel`` windows: the main window's letter keys are bound on
its own widgets, so typing here never triggers them.
"""
from __future__ import annotations

import logging
import os
import tkinter as tk
from tkinter import ttk

import solver

from .storage import atomic_write_text
from .wording import format_seconds

logger = logging.getLogger(__name__)

__all__ = ["NewPuzzleDialog", "WorksheetDialog", "MAX_WORKSHEET_PUZZLES"]

MAX_WORKSHEET_PUZZLES = 24


class _Dialog:
    """A small non-modal window over the main one (Escape closes it when nothing runs)."""

    def __init__(self, teach, title: str):
        self.teach = teach
        self.controller = teach.controller
        self.form = teach.form
        self.win = tk.Toplevel(self.form.root)
        self.win.title(title)
        self.win.transient(self.form.root)
        self.win.resizable(False, False)
        self.body = ttk.Frame(self.win, padding=12)
        self.body.pack(fill="both", expand=True)
        self.running = False
        self.win.bind("<Escape>", lambda e: self.cancel())
        self.win.protocol("WM_DELETE_WINDOW", self.cancel)

    def _status_row(self, row: int) -> None:
        self.progress = ttk.Progressbar(self.body, mode="indeterminate", length=220)
        self.progress.grid(row=row, column=0, columnspan=2, sticky="ew", pady=(10, 0))
        self.progress.grid_remove()  # shown only while a job runs
        self.message = ttk.Label(self.body, text="", wraplength=320, justify="left")
        self.message.grid(row=row + 1, column=0, columnspan=2, sticky="ew", pady=(4, 0))

    def _busy(self, on: bool, text: str = "") -> None:
        self.running = on
        self.message.configure(text=text)
        if on:
            self.progress.grid()
            self.progress.start(15)
            self.go_button.state(["disabled"])
            self.cancel_button.configure(text="Cancel")
        else:
            self.progress.stop()
            self.progress.grid_remove()
            self.go_button.state(["!disabled"])
            self.cancel_button.configure(text="Close")

    def cancel(self) -> None:
        """Cancel the running job, else close the window."""
        if self.running:
            if self.controller.worker.cancel():
                self.form.set_status("Cancelled.")
            self._busy(False, "Cancelled.")
            return
        self.close()

    def close(self) -> None:
        try:
            self.win.destroy()
        except tk.TclError:
            pass

    @property
    def alive(self) -> bool:
        try:
            return bool(self.win.winfo_exists())
        except tk.TclError:
            return False


class NewPuzzleDialog(_Dialog):
    """Teach ▸ New puzzle…: level + symmetry, Generate (on the worker), Cancel."""

    def __init__(self, teach):
        super().__init__(teach, "New puzzle")
        b = self.body
        self.var_level = tk.StringVar(self.win, value="medium")
        self.var_symmetry = tk.StringVar(self.win, value="rotational")
        ttk.Label(b, text="Level").grid(row=0, column=0, sticky="nw", padx=(0, 12))
        levels = ttk.Frame(b)
        levels.grid(row=0, column=1, sticky="w")
        for k, level in enumerate(solver.LEVELS):
            ttk.Radiobutton(levels, text=solver.LEVEL_LABELS[level], value=level,
                            variable=self.var_level).grid(row=k, column=0, sticky="w")
        ttk.Label(b, text="Symmetry").grid(row=1, column=0, sticky="w", padx=(0, 12), pady=(8, 0))
        self.symmetry_box = ttk.Combobox(b, textvariable=self.var_symmetry, values=solver.SYMMETRIES,
                                         state="readonly", width=16)
        self.symmetry_box.grid(row=1, column=1, sticky="w", pady=(8, 0))
        buttons = ttk.Frame(b)
        buttons.grid(row=2, column=0, columnspan=2, sticky="e", pady=(12, 0))
        self.go_button = ttk.Button(buttons, text="Generate", command=self.generate, default="active")
        self.go_button.pack(side="left", padx=(0, 6))
        self.cancel_button = ttk.Button(buttons, text="Close", command=self.cancel)
        self.cancel_button.pack(side="left")
        self._status_row(3)
        self.message.configure(text="Each puzzle has one solution and is rated by the difficulty card's "
                                    "own rater, so its level is honest.")
        self.win.bind("<Return>", lambda e: self.generate())
        self.go_button.focus_set()

    def generate(self) -> None:
        """Make a puzzle of the chosen level on the worker; the dialog closes when it is loaded."""
        if self.running:
            return
        level, symmetry = self.var_level.get(), self.var_symmetry.get()
        label = solver.LEVEL_LABELS.get(level, level)
        self._busy(True, f"Making a {label} puzzle… (Cancel stops it)")

        def done(g, seconds):
            if not self.alive:
                return
            if g is None:
                self._busy(False, self.form.status_text())
                return
            self._busy(False)
            self.close()

        self.teach.new_puzzle(level, symmetry, on_done=done)


class WorksheetDialog(_Dialog):
    """Teach ▸ Export worksheet…: which puzzles, how many to a page, solutions; saved as HTML."""

    def __init__(self, teach):
        super().__init__(teach, "Export worksheet")
        b = self.body
        c = self.controller
        has_collection = bool(c.collection and len(c.collection) > 1)
        self.var_source = tk.StringVar(self.win, value="collection" if has_collection else "generate")
        self.var_count = tk.IntVar(self.win, value=4)
        self.var_level = tk.StringVar(self.win, value=solver.LEVEL_LABELS["medium"])
        self.var_per_page = tk.IntVar(self.win, value=2)
        self.var_solutions = tk.BooleanVar(self.win, value=True)
        self.var_title = tk.StringVar(self.win, value="Sudoku worksheet")

        ttk.Label(b, text="Puzzles").grid(row=0, column=0, sticky="nw", padx=(0, 12))
        src = ttk.Frame(b)
        src.grid(row=0, column=1, sticky="w")
        self.source_buttons = {}
        for k, (value, text) in enumerate((("current", "This puzzle"),
                                           ("collection", "From the open collection (from this puzzle on)"),
                                           ("generate", "New puzzles at a level"))):
            rb = ttk.Radiobutton(src, text=text, value=value, variable=self.var_source, command=self._on_source)
            rb.grid(row=k, column=0, sticky="w")
            self.source_buttons[value] = rb
        if not has_collection:
            self.source_buttons["collection"].state(["disabled"])
        ttk.Label(b, text="How many").grid(row=1, column=0, sticky="w", padx=(0, 12), pady=(6, 0))
        self.count_box = ttk.Spinbox(b, from_=1, to=MAX_WORKSHEET_PUZZLES, textvariable=self.var_count, width=5)
        self.count_box.grid(row=1, column=1, sticky="w", pady=(6, 0))
        ttk.Label(b, text="Level").grid(row=2, column=0, sticky="w", padx=(0, 12), pady=(6, 0))
        self.level_box = ttk.Combobox(b, textvariable=self.var_level, state="readonly", width=16,
                                      values=[solver.LEVEL_LABELS[x] for x in solver.LEVELS])
        self.level_box.grid(row=2, column=1, sticky="w", pady=(6, 0))
        ttk.Label(b, text="Per page").grid(row=3, column=0, sticky="w", padx=(0, 12), pady=(6, 0))
        pp = ttk.Frame(b)
        pp.grid(row=3, column=1, sticky="w", pady=(6, 0))
        for n in (1, 2, 4):
            ttk.Radiobutton(pp, text=str(n), value=n, variable=self.var_per_page).pack(side="left", padx=(0, 10))
        ttk.Checkbutton(b, text="Add a solutions page", variable=self.var_solutions).grid(
            row=4, column=1, sticky="w", pady=(6, 0))
        ttk.Label(b, text="Title").grid(row=5, column=0, sticky="w", padx=(0, 12), pady=(6, 0))
        ttk.Entry(b, textvariable=self.var_title, width=30).grid(row=5, column=1, sticky="w", pady=(6, 0))
        buttons = ttk.Frame(b)
        buttons.grid(row=6, column=0, columnspan=2, sticky="e", pady=(12, 0))
        self.go_button = ttk.Button(buttons, text="Export…", command=self.export, default="active")
        self.go_button.pack(side="left", padx=(0, 6))
        self.cancel_button = ttk.Button(buttons, text="Close", command=self.cancel)
        self.cancel_button.pack(side="left")
        self._status_row(7)
        self._on_source()

    def _on_source(self) -> None:
        src = self.var_source.get()
        self.count_box.state(["disabled"] if src == "current" else ["!disabled"])
        self.level_box.state(["disabled"] if src != "generate" else ["!disabled"])

    def _level(self) -> str:
        text = self.var_level.get()
        for key, label in solver.LEVEL_LABELS.items():
            if text in (key, label):
                return key
        return text  # unknown: solver.generate names the valid ones

    def _puzzles(self):
        """(fixed puzzles or None, count, level): what to put on the sheet."""
        src = self.var_source.get()
        try:
            count = max(1, min(MAX_WORKSHEET_PUZZLES, int(self.var_count.get())))
        except (tk.TclError, ValueError):
            count = 4
        c = self.controller
        if src == "current":
            g = c.puzzle()
            return ([g] if g.clue_count else []), 1, None
        if src == "collection" and c.collection:
            start = c.collection_index
            return list(c.collection[start:start + count]), count, None
        return None, count, self._level()

    def export(self) -> None:
        """Ask for a file name, then make (and, if asked, generate) the worksheet on the worker."""
        if self.running:
            return
        fixed, count, level = self._puzzles()
        if fixed is not None and not fixed:
            self._busy(False, "The grid is empty: there is no puzzle to put on a worksheet.")
            return
        dialogs = self.form.dialogs
        ask = getattr(dialogs, "ask_save_worksheet", None) or dialogs.ask_save
        path = ask("worksheet.html")
        if not path:
            self.message.configure(text="Not exported (no file chosen).")
            return
        per_page, solutions, title = self.var_per_page.get(), self.var_solutions.get(), self.var_title.get()
        title = title.strip() or "Sudoku worksheet"

        def work(cancel):
            if fixed is None:
                grids = []
                for n in range(count):
                    if cancel.is_set():
                        raise solver.Cancelled()
                    grids.append(solver.generate(level, "rotational", cancel=cancel))
                labels = [solver.LEVEL_LABELS[level]] * count
            else:
                grids, labels = fixed, None
            html = solver.make_worksheet(grids, per_page, solutions, title, labels=labels)
            atomic_write_text(path, html)
            return len(grids)

        def done(n, seconds):
            pages = -(-n // per_page)
            sol = " and a solutions page" if solutions else ""
            text = (f"Saved a worksheet of {n} puzzle{'s' if n != 1 else ''} ({pages} page"
                    f"{'s' if pages != 1 else ''}{sol}) to {os.path.basename(path)} in {format_seconds(seconds)}.")
            self.form.set_status(text, "ok")
            if self.alive:
                self._busy(False, text)
                self.close()

        def failed(exc):
            if self.alive:
                self._busy(False, "")
            if isinstance(exc, solver.Cancelled):
                return
            if isinstance(exc, (ValueError, OSError)):
                why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                self.form.set_status(f"The worksheet was not saved: {why}", "error")
                if self.alive:
                    self.message.configure(text=f"Not saved: {why}")
                return
            self.controller.report_exception(type(exc), exc, exc.__traceback__)

        what = f"Making {count} {solver.LEVEL_LABELS.get(level, level)} puzzles" if fixed is None else "Writing"
        self._busy(True, f"{what} for the worksheet… (Cancel stops it)")
        self.controller.run_job("worksheet", work, done, failed, status=f"{what} for the worksheet…")
