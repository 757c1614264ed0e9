"""New puzzles by level and printable worksheets: the small dialogs of the Teach and File menus.

* **New puzzle…** (Ctrl+N): a level (Easy ... Needs guessing) and a symmetry; Generate runs
  ``solver.generate`` on the worker (Cancel or Esc stops it) and loads the puzzle as givens
  (one undo step); the status line says its level and how long it took.
* **Print worksheet…** (File menu, Ctrl+Shift+P): the current puzzle, puzzles of the open
  collection, or freshly generated ones at a level; 1 to 6 to a page on A4 or Letter,
  optionally with solution pages; *Print…* opens the pages in the web browser with its
  print dialog (app/features/paper/), *Save as…* writes them to an HTML file
  (``solver.worksheet_sheet``).  The file name comes from the form's ``Dialogs`` (so tests
  record it), the work runs on the worker.  Ctrl+P prints the grid as it stands
  (app/features/paper/'s dialog, which shares this module's helpers).

Number fields never change silently: a value out of range is set to the nearest one
allowed, a value that is not a number back to the last good one, and the message under
the buttons says so; nothing is made until the field shows the value that will be used.
The page count announced is ``solver.plan_pages`` of the numbers used, and the status line
reports the written document's own plan.

All are plain, non-modal ``Toplevel`` windows: the main window's letter keys are bound on
its own widgets, so typing here never triggers them.
"""
from __future__ import annotations

import logging
import os
import time
import tkinter as tk
from tkinter import ttk

import solver

from app.storage import atomic_write_text
from app.wording import _, pgettext, say, say_n

logger = logging.getLogger(__name__)

__all__ = ["SmallDialog", "NewPuzzleDialog", "WorksheetDialog", "MAX_WORKSHEET_PUZZLES", "pages_text", "PAPER_LABELS"]

MAX_WORKSHEET_PUZZLES = 24
PAPER_LABELS = {key: paper.label for key, paper in solver.PAPERS.items()}


def pages_text(plan) -> str:
    """``'3 pages (2 of puzzles and 1 of solutions)'``: a ``solver.PagePlan`` in words."""
    if not plan.solution_pages:
        return say_n("{n:n} page", "{n:n} pages", plan.pages)
    return say_n("{n:n} page ({puzzles:n} of puzzles and {solutions:n} of solutions)",
                 "{n:n} pages ({puzzles:n} of puzzles and {solutions:n} of solutions)", plan.pages,
                 puzzles=plan.puzzle_pages, solutions=plan.solution_pages)


def symmetry_label(symmetry: str) -> str:
    """A symmetry's name in the chosen language ("mirror", "Spiegel"); the data keeps the English key."""
    from . import SYMMETRY_WORDS

    if symmetry == "none":
        return pgettext("symmetry", "none")
    return _(SYMMETRY_WORDS.get(symmetry, symmetry))


def level_label(level: str) -> str:
    """A level's name in the chosen language ("Medium", "Mittel")."""
    return solver.fill("{level:level}", level=level)


class SmallDialog:
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
        # Esc in the main window, its Cancel button and Solve ▸ Cancel stop this dialog's job too:
        # the dialog then says so and offers its buttons again (it kept "Making…" before)
        self._stopper = (lambda: self.running, self._stopped_elsewhere)
        self.controller.add_stopper(*self._stopper)
        self.win.bind("<Destroy>", lambda e: self._forget_stopper() if e.widget is self.win else None, add="+")

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
            for b in self._buttons():
                b.state(["disabled"])
            self.cancel_button.configure(text=_("Cancel"))
        else:
            self.progress.stop()
            self.progress.grid_remove()
            for b in self._buttons():
                b.state(["!disabled"])
            self.cancel_button.configure(text=_("Close"))
        self.controller.update_cancel()  # Cancel (Esc) is enabled while this dialog's job runs

    def _buttons(self) -> list:
        return [b for b in (self.go_button, getattr(self, "save_button", None)) if b is not None]

    def _read_count(self, var, low: int, high: int, what: str, fallback: int | None = None) -> int | None:
        """The whole number in ``var`` if it lies in ``low..high``; else None, with the field set to
        the value that will be used (the nearest allowed, or the last good one) and a message saying so."""
        text = str(var.get()).strip()
        last = self.__dict__.setdefault("_last_good", {})
        good = last.get(str(var), fallback if fallback is not None else low)
        try:
            n = int(text)
        except ValueError:
            var.set(good)
            self.message.configure(text=say("{what}: \u201c{value}\u201d is not a whole number from {low} to {high}; "
                                            "it is back to {good}.", what=what, value=text, low=low, high=high,
                                            good=good))
            return None
        if n < low or n > high:
            used = min(high, max(low, n))
            var.set(used)
            last[str(var)] = used
            self.message.configure(text=say(
                "{what}: {n} is not allowed (at most {high}), so it is now {used}. "
                "Press the button again to go on with {used}.", what=what, n=n, high=high, used=used) if n > high
                else say("{what}: {n} is not allowed (at least {low}), so it is now {used}. "
                         "Press the button again to go on with {used}.", what=what, n=n, low=low, used=used))
            return None
        last[str(var)] = n
        return n

    def _paper_row(self, row: int, variable) -> None:
        ttk.Label(self.body, text=_("Paper")).grid(row=row, column=0, sticky="w", padx=(0, 12), pady=(6, 0))
        frame = ttk.Frame(self.body)
        frame.grid(row=row, column=1, sticky="w", pady=(6, 0))
        for key, label in PAPER_LABELS.items():
            ttk.Radiobutton(frame, text=label, value=key, variable=variable,
                            command=getattr(self, "_update", None)).pack(side="left", padx=(0, 10))

    def _page_rows(self, row: int, solutions_text: str) -> int:
        """Per page, Paper, the solutions box, Title and the summary line from ``row`` on (the
        dialog's ``var_per_page``, ``var_paper``, ``var_solutions``, ``var_title``); the next free row."""
        b = self.body
        ttk.Label(b, text=_("Per page")).grid(row=row, column=0, sticky="w", padx=(0, 12), pady=(6, 0))
        pp = ttk.Frame(b)
        pp.grid(row=row, column=1, sticky="w", pady=(6, 0))
        for n in solver.PER_PAGE:
            ttk.Radiobutton(pp, text=str(n), value=n, variable=self.var_per_page,
                            command=self._update).pack(side="left", padx=(0, 10))
        self._paper_row(row + 1, self.var_paper)
        ttk.Checkbutton(b, text=solutions_text, variable=self.var_solutions, command=self._update).grid(
            row=row + 2, column=1, sticky="w", pady=(6, 0))
        ttk.Label(b, text=_("Title")).grid(row=row + 3, column=0, sticky="w", padx=(0, 12), pady=(6, 0))
        ttk.Entry(b, textvariable=self.var_title, width=30).grid(row=row + 3, column=1, sticky="w", pady=(6, 0))
        self.summary = ttk.Label(b, text="", wraplength=320, justify="left")
        self.summary.grid(row=row + 4, column=0, columnspan=2, sticky="w", pady=(10, 0))
        return row + 5

    def _job_failed(self, exc, verb: str) -> None:
        """A print or save job failed: say why (in the dialog and the status line), or report a bug."""
        if self.alive:
            self._busy(False, "")
        if isinstance(exc, solver.Cancelled):
            return
        if isinstance(exc, (ValueError, OSError)):
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            printed = verb == "printed"
            self.form.set_status(say("The pages were not printed: {why}", why=why) if printed
                                 else say("The pages were not saved: {why}", why=why), "error")
            if self.alive:
                self.message.configure(text=say("Not printed: {why}", why=why) if printed
                                       else say("Not saved: {why}", why=why))
            return
        self.controller.report_exception(type(exc), exc, exc.__traceback__)

    def cancel(self) -> None:
        """Cancel the running job, else close the window."""
        if self.running:
            if self.controller.worker.cancel():
                self.form.set_status(_("Cancelled."))
            self._busy(False, _("Cancelled."))
            return
        self.close()

    def _run(self, name: str, work, done, failed, status: str) -> None:
        """Run the dialog's job on the controller's worker; if another job replaces it (F8 in the
        main window, say), the dialog says Cancelled and offers its buttons again."""
        self.controller.run_job(name, work, done, failed, status=status)
        self._watch_job()

    def _watch_job(self) -> None:
        job = self.controller.worker.job
        if job is not None:
            job.on_superseded = self._stopped_elsewhere

    def _stopped_elsewhere(self) -> None:
        """The controller stopped the job (Esc or Cancel in the main window)."""
        if self.alive:
            self._busy(False, _("Cancelled."))
        self.running = False

    def _forget_stopper(self) -> None:
        if self._stopper in self.controller.stoppers:
            self.controller.stoppers.remove(self._stopper)

    def close(self) -> None:
        self._forget_stopper()
        self._follow_grid(False)
        try:
            self.win.destroy()
        except tk.TclError:
            pass

    def _follow_grid(self, on: bool = True) -> None:
        """Call :meth:`grid_changed` whenever the main window shows another grid (while open)."""
        listeners = self.controller.render_listeners
        if on and self._on_render not in listeners:
            listeners.append(self._on_render)
            self.win.bind("<Destroy>", lambda e: self._follow_grid(False) if e.widget is self.win else None, add="+")
        elif not on and self._on_render in listeners:
            listeners.remove(self._on_render)

    def _on_render(self) -> None:
        if self.alive:  # (a closed dialog leaves the list in close() or on <Destroy>, never while it is walked)
            self.grid_changed()

    def grid_changed(self) -> None:
        """The main window shows another grid: bring what the dialog says up to date."""

    @property
    def alive(self) -> bool:
        try:
            return bool(self.win.winfo_exists())
        except tk.TclError:
            return False


class NewPuzzleDialog(SmallDialog):
    """Teach ▸ New puzzle…: level + symmetry, Generate (on the worker), Cancel."""

    def __init__(self, teach):
        super().__init__(teach, _("New puzzle"))
        b = self.body
        self.var_level = tk.StringVar(self.win, value="medium")
        self.var_symmetry = tk.StringVar(self.win, value=symmetry_label("rotational"))
        ttk.Label(b, text=_("Level")).grid(row=0, column=0, sticky="nw", padx=(0, 12))
        levels = ttk.Frame(b)
        levels.grid(row=0, column=1, sticky="w")
        for k, level in enumerate(solver.LEVELS):
            ttk.Radiobutton(levels, text=level_label(level), value=level,
                            variable=self.var_level).grid(row=k, column=0, sticky="w")
        ttk.Label(b, text=_("Symmetry")).grid(row=1, column=0, sticky="w", padx=(0, 12), pady=(8, 0))
        self.symmetry_box = ttk.Combobox(b, textvariable=self.var_symmetry, values=[symmetry_label(x) for x in solver.SYMMETRIES],
                                         state="readonly", width=16)
        self.symmetry_box.grid(row=1, column=1, sticky="w", pady=(8, 0))
        buttons = ttk.Frame(b)
        buttons.grid(row=2, column=0, columnspan=2, sticky="e", pady=(12, 0))
        self.go_button = ttk.Button(buttons, text=_("Generate"), command=self.generate, default="active")
        self.go_button.pack(side="left", padx=(0, 6))
        self.cancel_button = ttk.Button(buttons, text=_("Close"), command=self.cancel)
        self.cancel_button.pack(side="left")
        self._status_row(3)
        self.message.configure(text=_("Each puzzle has one solution and is rated by the difficulty card's "
                                      "own rater, so its level is honest."))
        self.win.bind("<Return>", lambda e: self.generate())
        self.go_button.focus_set()

    def generate(self) -> None:
        """Make a puzzle of the chosen level on the worker; the dialog closes when it is loaded."""
        if self.running:
            return
        level, symmetry = self.var_level.get(), self.var_symmetry.get()
        symmetry = next((x for x in solver.SYMMETRIES if symmetry in (x, symmetry_label(x))), symmetry)
        self._busy(True, say("Making a {level:level} puzzle… (Cancel stops it)", level=level))

        def done(g, seconds):
            if not self.alive:
                return
            if g is None:
                self._busy(False, self.form.status_text())
                return
            self._busy(False)
            self.close()

        self.teach.new_puzzle(level, symmetry, on_done=done)
        self._watch_job()


class WorksheetDialog(SmallDialog):
    """File ▸ Print worksheet…: which puzzles, how many, how many to a page, paper, solutions;
    Print… (opens the browser's print dialog) or Save as… (an HTML file)."""

    def __init__(self, teach):
        super().__init__(teach, _("Print worksheet"))
        b = self.body
        c = self.controller
        has_collection = bool(c.collection and len(c.collection) > 1)
        has_puzzle = bool(c.board.givens.clue_count or c.board.grid().clue_count)
        default = "collection" if has_collection else "current" if has_puzzle else "generate"
        self.var_source = tk.StringVar(self.win, value=default)
        self.var_count = tk.StringVar(self.win, value="4")
        self.var_level = tk.StringVar(self.win, value=level_label("medium"))
        self.var_per_page = tk.IntVar(self.win, value=2)
        self.var_paper = tk.StringVar(self.win, value=_default_paper())
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
                                      values=[level_label(x) for x in solver.LEVELS])
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
               "current": bool(c.board.givens.clue_count or c.board.grid().clue_count)}
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
            if text in (key, label, level_label(key)):
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
            return ([g] if g.clue_count else []), None
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
        paper = PAPER_LABELS.get(self.var_paper.get(), self.var_paper.get())
        self.summary.configure(text=say_n("{n:n} puzzle: {pages} on {paper}.", "{n:n} puzzles: {pages} on {paper}.",
                                          count, pages=pages_text(plan), paper=paper))

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

        def work(cancel):
            if fixed is None:
                grids = []
                for n in range(count):  # generate raises Cancelled at once when cancel is set
                    grids.append(solver.generate(level, "rotational", cancel=cancel))
                labels = [level_label(level)] * count
            else:
                grids, labels = fixed, None
            sheet = solver.worksheet_sheet(grids, per_page, solutions, title, labels=labels, paper=paper,
                                           auto_print=to_browser, cancel=cancel)
            from .. import paper as printing

            target = path or str(printing.print_folder() / time.strftime("sudoku-worksheet-%Y%m%d-%H%M%S.html"))
            atomic_write_text(target, sheet.html)
            # opened on the worker: the first webbrowser call may take a while (app/features/paper/)
            opened = path is None and printing.open_page(target)
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

        def failed(exc):
            self._job_failed(exc, "printed" if to_browser else "saved")

        if fixed is None:
            busy = say_n("Making {n:n} puzzle ({level:level}) for the worksheet… (Cancel stops it)",
                         "Making {n:n} puzzles ({level:level}) for the worksheet… (Cancel stops it)", count, level=level)
            status = say_n("Making {n:n} puzzle ({level:level}) for the worksheet…",
                           "Making {n:n} puzzles ({level:level}) for the worksheet…", count, level=level)
        else:
            busy, status = _("Writing for the worksheet… (Cancel stops it)"), _("Writing for the worksheet…")
        self._busy(True, busy)
        self._run("worksheet", work, done, failed, status)


def _default_paper() -> str:
    from ..paper import default_paper

    return default_paper()
