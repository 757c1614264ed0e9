"""The controller: user action -> solver call -> view update.

It owns the model (a :class:`~app.model.Board` plus undo history, the open collection
and the current file), registers one ``_cmd_*`` method per named view action, runs slow
solver work through :class:`~app.worker.Worker` (never on the Tk thread), and keeps the
grid safe: every change is saved (debounced, atomically) to the per-user state file.

Starting background work from a feature::

    self.run_job("solve", lambda cancel: solver.solve(g, cancel=cancel), on_done)

``on_done(result, seconds)`` runs on the Tk thread; the job is cancelled when the grid
changes, when another job starts, or on Escape.
"""
from __future__ import annotations

import logging
import os
import time
from pathlib import Path
from typing import Any, Callable

import solver
from solver import Grid, cell_of

from .model import GIVENS, Board, Cell, History
from .storage import StateError, atomic_write_text, read_state, set_aside, write_state
from .wording import cells_text, format_seconds, plural
from .worker import Worker

logger = logging.getLogger(__name__)

__all__ = ["Controller", "UserError"]

MAX_PASTE_CHARS = 4_000_000
SAVE_DELAY_MS = 500


class UserError(Exception):
    """A problem the user should read (shown as a plain message, not logged as a bug)."""


class Controller:
    """Connects a :class:`~app.view.SudokuForm` to the solver and the model.

    Responsibilities: apply each user action to the Board (with undo), show the Board in
    the form, check the rules live, run check/solve/check-entries/open on the worker,
    show findings and marks, load and save puzzles and collections, save the state file,
    and turn any callback exception into a plain message in the status line.
    """

    def __init__(self, form, *, state_path: Path | None = None, save_delay_ms: int = SAVE_DELAY_MS,
                 poll_ms: int = 25):
        self.form = form
        self.root = form.root
        self.state_path = Path(state_path) if state_path else None
        self.save_delay_ms = save_delay_ms
        self.board = Board()
        self.history = History()
        self.features: dict[str, Any] = {}  # installed by app.__main__.build_window, by name
        self.collection: list[Grid] | None = None
        self.collection_index = 0
        self.collection_name: str | None = None
        self.collection_file: str | None = None
        self.current_file: str | None = None
        self.diagnosis = None
        self.entry_check = None
        self.findings: list[tuple[str, tuple]] = []  # (message, cells) shown in the Findings tab
        self.fixes: dict = {}  # finding row -> the solver.Explanation it shows
        self.chosen_fix = None  # the fix Ctrl+K applies: the likeliest, or the one clicked
        self.closing = False
        self._save_after: str | None = None
        self._conflict_shown = False
        self._last_error: str | None = None
        self.worker = Worker(self.root, poll_ms=poll_ms, on_busy=self._on_busy)
        # Features follow the grid and the checks here: fn() after every render, fn(diagnosis) after
        # every diagnosis shown (app/teach.py: the candidates and the difficulty card).
        self.render_listeners: list[Callable[[], None]] = []
        self.diagnosis_listeners: list[Callable[[Any], None]] = []
        self.root.report_callback_exception = self.report_exception
        self.root.protocol("WM_DELETE_WINDOW", self.close)
        self._register()

    # ======================================================================
    # wiring
    # ======================================================================
    def _register(self) -> None:
        f = self.form
        for name in ("open", "save", "prev", "next", "copy", "copy_framed", "paste", "quit", "undo", "redo",
                     "clear_entries", "clear_all", "givens_mode", "lock_givens", "zoom_in", "zoom_out",
                     "zoom_reset", "auto_advance", "check", "check_entries", "show_wrong", "live_check",
                     "solve", "cancel", "add_clue", "help_keys", "about"):
            f.on(name, getattr(self, f"_cmd_{name}"))
        f.on("cell_input", self.cell_input)
        f.on("finding_selected", self._on_finding_selected)
        for ex in solver.EXAMPLES:
            f.add_command("examples", ex.title, f"example:{ex.key}")
            f.on(f"example:{ex.key}", lambda key=ex.key: self.load_example(key))

    def start(self, path: str | None = None) -> None:
        """Restore the saved grid, show it, then (after the window shows) open ``path``."""
        self.restore_state()
        self.render()
        if path:
            self.root.after_idle(lambda: self.open_path(path))

    # ======================================================================
    # the model
    # ======================================================================
    def apply(self, board: Board, status: str | None = None, kind: str = "info", record: bool = True) -> bool:
        """Make ``board`` current (one undo step), show it, check it, save it; False when unchanged."""
        if board == self.board:
            if status:
                self.form.set_status(status, kind)
            return False
        if record:
            self.history.record(self.board)
        self._set_board(board)
        if status:
            self.form.set_status(status, kind)
        self._live_check(announce_fix=status is None)
        return True

    def _set_board(self, board: Board) -> None:
        if self.worker.busy and self.worker.job_name in ("check", "solve", "check_entries"):
            self.worker.cancel()  # the running job answers a grid that no longer exists
        self.board = board
        self._forget_results()
        self.render()
        self.schedule_save()

    def render(self) -> None:
        """Show the Board in the form (digits, styles, mode, undo state)."""
        b = self.board
        for i in range(81):
            cell = cell_of(i)
            d = b.givens.cells[i] or b.entries.cells[i] or b.solved.cells[i]
            self.form.show_cell(cell, d, b.style_of(cell))
        self.form.set_mode(b.mode == GIVENS)
        self.form.enable("undo", self.history.can_undo)
        self.form.enable("redo", self.history.can_redo)
        self.form.enable("lock_givens", b.mode == GIVENS)
        self._show_collection()
        if not self.closing:
            self._live_check(announce_fix=False, quiet=True)
            for fn in self.render_listeners:
                fn()

    def _forget_results(self) -> None:
        """Findings and marks describe an older grid: clear them."""
        had = bool(self.findings)
        self.diagnosis = None
        self.entry_check = None
        self.findings = []
        self.fixes = {}
        self.chosen_fix = None
        self.form.clear_marks("finding", "selected", "suspect", "differ", "wrong", "replaced")
        self.form.set_suggestion(None)
        self.form.enable("show_wrong", False)
        if had:
            self.form.show_findings([], hint="The grid changed. Press F5 to check it again.")

    def _live_check(self, announce_fix: bool = True, quiet: bool = False) -> None:
        """Mark every rule conflict at once (cheap, synchronous) and name it in the status line."""
        if not self.form.var_live_check.get():
            self.form.set_marks("conflict", ())
            return
        conflicts = solver.validate(self.board.grid())
        self.form.set_marks("conflict", [c for k in conflicts for c in k.cells])
        if quiet:
            return
        if conflicts:
            more = f" (and {plural(len(conflicts) - 1, 'more conflict')})" if len(conflicts) > 1 else ""
            self.form.set_status(conflicts[0].message + more, "warn")
            self._conflict_shown = True
        elif self._conflict_shown:
            self._conflict_shown = False
            if announce_fix:
                self.form.set_status("No digit repeats in any row, column or box now.", "ok")
        if not conflicts and self.board.grid().is_solution() and self.board.entries.clue_count:
            if not self.board.solved.clue_count:
                self.form.set_status("Solved! Every row, column and box holds 1–9.", "ok")

    # ======================================================================
    # typing
    # ======================================================================
    def cell_input(self, cell: Cell, digit: int) -> None:
        """The person typed ``digit`` (0 = clear) into ``cell``."""
        b = self.board
        if b.is_locked(cell):
            if digit != b.givens[cell]:
                self.form.set_status(
                    f"{solver.cell_name(cell)} is a given (locked). To change the puzzle, turn on "
                    "Edit ▸ Enter givens mode (Ctrl+G).", "warn")
            return
        self.apply(b.with_digit(cell, digit))

    # ======================================================================
    # loading puzzles
    # ======================================================================
    def load_puzzle(self, grid: Grid, status: str, keep_collection: bool = False) -> None:
        """Show a new puzzle: its digits become locked givens (one undo step)."""
        if not keep_collection:
            self.collection = None
            self.collection_file = None
        self.apply(Board.from_puzzle(grid), status)
        self.form.show_findings([], hint="Press F5 to check this puzzle.")

    def load_collection(self, grids: list[Grid], name: str, path: str | None = None, index: int = 0) -> None:
        """Open several puzzles; show puzzle ``index``."""
        self.collection = list(grids)
        self.collection_name = name
        self.collection_file = path
        self.go_to(index)

    def go_to(self, index: int) -> None:
        """Show puzzle ``index`` of the open collection."""
        if not self.collection:
            self.form.set_status("No collection is open (File ▸ Open a file with several puzzles).", "warn")
            return
        index = max(0, min(len(self.collection) - 1, index))
        self.collection_index = index
        self.load_puzzle(self.collection[index], f"{self.collection_name}: {self._position()}",
                         keep_collection=True)

    def _position(self) -> str:
        return f"puzzle {self.collection_index + 1:,} of {len(self.collection):,}"

    def _show_collection(self) -> None:
        if self.collection and len(self.collection) > 1:
            self.form.set_collection(self._position(), self.collection_index > 0,
                                     self.collection_index < len(self.collection) - 1)
        else:
            self.form.set_collection(None)

    def load_example(self, key: str) -> None:
        """Show one of solver.EXAMPLES."""
        ex = solver.example(key)
        self.current_file = None
        self.load_puzzle(solver.parse(ex.line), f"Example: {ex.title}. {ex.note}")

    def open_path(self, path: str) -> None:
        """Open a puzzle file (single or collection) on the worker; the grid is untouched on failure."""
        name = os.path.basename(path) or path

        def done(grids: list[Grid], seconds: float) -> None:
            if not grids:
                self.form.set_status(f"Could not open {name}: it holds no puzzle.", "error")
                return
            self.current_file = path
            if len(grids) == 1:
                self.load_puzzle(grids[0], f"Opened {name}.")
            else:
                self.load_collection(grids, name, path)

        def failed(exc: BaseException) -> None:
            self.form.set_status(f"Could not open {name}: {exc}", "error")
            if not isinstance(exc, (solver.ParseError, OSError)):
                logger.error("open %s failed", path, exc_info=(type(exc), exc, exc.__traceback__))

        self.run_job("open", lambda cancel: solver.load(path), done, failed, status=f"Opening {name}…")

    # ======================================================================
    # background jobs
    # ======================================================================
    def run_job(self, name: str, fn: Callable[[Any], Any], on_done: Callable[[Any, float], None],
                on_error: Callable[[BaseException], None] | None = None, status: str | None = None) -> None:
        """Run ``fn(cancel_event)`` on the worker thread; ``on_done(result, seconds)`` on the Tk thread."""
        if self.closing:
            return
        if status:
            self.form.set_status(status)
        self.worker.start(name, fn, on_done, on_error or self._job_failed)

    def _job_failed(self, exc: BaseException) -> None:
        if isinstance(exc, solver.Cancelled):
            return
        self.report_exception(type(exc), exc, exc.__traceback__)

    def _on_busy(self, busy: bool, name: str) -> None:
        if not self.closing:
            self.form.set_busy(busy, name)

    # ======================================================================
    # commands (one per menu item)
    # ======================================================================
    def _cmd_open(self) -> None:
        path = self.form.dialogs.ask_open()
        if path:
            self.open_path(path)

    def _cmd_save(self) -> None:
        initial = None
        if self.current_file:
            initial = Path(self.current_file).with_suffix(".sdk").name
        path = self.form.dialogs.ask_save(initial)
        if path:
            self.save_puzzle(path)

    def save_puzzle(self, path: str) -> bool:
        """Write the puzzle (the givens; the whole grid when there are none) as .txt or .sdk."""
        g = self.board.givens if self.board.givens.clue_count else self.board.grid()
        if path.lower().endswith(".txt"):
            text = g.to_line(".") + "\n"
        else:
            text = "\n".join(g.to_line(".")[9 * r:9 * r + 9] for r in range(9)) + "\n"
        try:
            atomic_write_text(path, text)
        except OSError as exc:
            self.form.set_status(f"Could not save {os.path.basename(path)}: {exc.strerror or exc}", "error")
            return False
        self.current_file = path
        self.form.set_status(f"Saved the puzzle ({plural(g.clue_count, 'given')}) to {os.path.basename(path)}.", "ok")
        return True

    def _cmd_prev(self) -> None:
        if self.collection:
            if self.collection_index == 0:
                self.form.set_status("This is the first puzzle of the collection.")
            else:
                self.go_to(self.collection_index - 1)

    def _cmd_next(self) -> None:
        if self.collection:
            if self.collection_index >= len(self.collection) - 1:
                self.form.set_status("This is the last puzzle of the collection.")
            else:
                self.go_to(self.collection_index + 1)

    def _cmd_copy(self) -> None:
        if self.form.has_text_selection():
            self.form.copy_selection()  # Ctrl+C in the findings copies the selected words
            return
        g = self.board.grid()
        # The line for other programs and the framed block for people; Paste reads it back as one puzzle.
        self.form.set_clipboard(f"{g.to_line('.')}\n\n{g.to_ss()}\n")
        self.form.set_status("Copied the grid as an 81-character line and a framed block "
                             "(Ctrl+Shift+C copies the framed block alone).")

    def _cmd_copy_framed(self) -> None:
        self.form.set_clipboard(self.board.grid().to_ss() + "\n")
        self.form.set_status("Copied the grid as a framed block.")

    def _cmd_paste(self) -> None:
        text = self.form.get_clipboard()
        if text is None or not text.strip():
            self.form.set_status("The clipboard holds no text to paste.", "warn")
            return
        if len(text) > MAX_PASTE_CHARS:
            self.form.set_status("The clipboard text is too large to be a puzzle; use File ▸ Open.", "error")
            return
        s = text.strip()
        cell = self.form.focused_cell()
        if cell is not None and len(s) == 1 and s in "0123456789.":
            self.cell_input(cell, 0 if s == "." else int(s))
            return
        try:
            grid = solver.parse(text)
        except solver.ParseError as exc:
            try:
                grids = solver.parse_many(text)
            except solver.ParseError:
                grids = []
            if len(grids) > 1:
                self.current_file = None
                self.load_collection(grids, f"Pasted {plural(len(grids), 'puzzle')}")
            else:
                self.form.set_status(f"Nothing pasted: {exc}", "error")
            return
        self.current_file = None
        self.load_puzzle(grid, f"Pasted a puzzle with {plural(grid.clue_count, 'given')}. "
                               "Press F5 to check it, Ctrl+Enter to solve it.")

    def _cmd_quit(self) -> None:
        self.close()

    def _cmd_undo(self) -> None:
        b = self.history.undo(self.board)
        if b is None:
            self.form.set_status("Nothing to undo.")
            return
        self._set_board(b)
        self.form.set_status("Undone (Ctrl+Y redoes it).")
        self._live_check()

    def _cmd_redo(self) -> None:
        b = self.history.redo(self.board)
        if b is None:
            self.form.set_status("Nothing to redo.")
            return
        self._set_board(b)
        self.form.set_status("Redone.")
        self._live_check()

    def _cmd_clear_entries(self) -> None:
        if not (self.board.entries.clue_count or self.board.solved.clue_count):
            self.form.set_status("There are no entries to clear; the givens stay (Clear all removes them).")
            return
        self.apply(self.board.cleared_entries(), "Cleared your entries and the solver's digits (Ctrl+Z undoes it).")

    def _cmd_clear_all(self) -> None:
        self.collection = None
        self.collection_file = None
        self.current_file = None
        self.apply(Board(), "Cleared the whole grid (Ctrl+Z undoes it). Type the givens, then Lock givens (Ctrl+L).")

    def _cmd_givens_mode(self) -> None:
        on = self.form.var_givens_mode.get()
        if on:
            self.apply(self.board.unlocked(), "Entering givens: the digits you type now are part of the puzzle.")
        else:
            self._cmd_lock_givens()

    def _cmd_lock_givens(self) -> None:
        if not self.board.givens.clue_count:
            self.form.set_mode(self.board.mode == GIVENS)
            self.form.set_status("Type the puzzle's givens first, then lock them.", "warn")
            return
        self.apply(self.board.locked(),
                   f"Locked {plural(self.board.givens.clue_count, 'given')}. Your digits now show in blue.")

    def _cmd_zoom_in(self) -> None:
        z = self.form.zoom(1.15)
        self.form.set_status(f"Zoom {z * 100:.0f} %")
        self.schedule_save()

    def _cmd_zoom_out(self) -> None:
        z = self.form.zoom(1 / 1.15)
        self.form.set_status(f"Zoom {z * 100:.0f} %")
        self.schedule_save()

    def _cmd_zoom_reset(self) -> None:
        self.form.zoom(None)
        self.form.set_status("Zoom 100 %")
        self.schedule_save()

    def _cmd_auto_advance(self) -> None:
        on = self.form.var_auto_advance.get()
        self.form.set_status("After a digit the cursor moves to the next cell." if on
                             else "The cursor stays in the cell after a digit.")
        self.schedule_save()

    def _cmd_live_check(self) -> None:
        on = self.form.var_live_check.get()
        self._conflict_shown = False
        self._live_check()
        if on and not self._conflict_shown:
            self.form.set_status("Live rule check is on: repeated digits are marked as you type.")
        elif not on:
            self.form.set_status("Live rule check is off (F6 turns it on).")
        self.schedule_save()

    # -- checking ------------------------------------------------------------
    def _cmd_check(self) -> None:
        g = self.puzzle()
        if not g.clue_count:
            self.form.set_status("The grid is empty: type, paste (Ctrl+V) or open a puzzle first.", "warn")
            return
        self.run_job("check", lambda cancel: solver.diagnose(g, cancel=cancel),
                     lambda diagnosis, s: self.show_diagnosis(diagnosis, s), status="Checking the puzzle…")

    def puzzle(self) -> Grid:
        """The puzzle to check or solve: the givens (the whole grid when there are none)."""
        return self.board.givens if self.board.givens.clue_count else self.board.grid()

    def show_diagnosis(self, d, seconds: float | None = None, prefix: str = "") -> None:
        """Show every finding of a Diagnosis with its cells marked, and offer the likeliest fix."""
        self.diagnosis = d
        self.findings = [(f.message, tuple(f.cells)) for f in d.findings]
        # the "typo" findings are the best explanations, in order: finding k -> its fix
        typo_rows = [k for k, f in enumerate(d.findings) if f.kind == "typo"]
        self.fixes = {k: x for k, x in zip(typo_rows, d.explanations)}
        self.form.set_marks("suspect", d.suspects)
        self.form.set_marks("differ", d.differing)
        self.form.set_marks("finding", [c for f in d.findings for c in f.cells])
        if d.conflicts:
            self.form.set_marks("conflict", [c for k in d.conflicts for c in k.cells])
        hint = ""
        best = d.best_fix
        self.chosen_fix = None
        if best is not None and best.unique and (d.status != "multiple" or d.fix_confident):
            self.chosen_fix = best
            self.form.set_suggestion(f"Apply fix: {solver.short_fix(best)}")
            self.form.set_marks("selected", best.cells)
            hint = ("The likeliest slip comes first. Ctrl+K applies its fix; click another "
                    "explanation to apply that one instead.")
        elif d.suggested_clue:
            (cell, digit) = d.suggested_clue
            self.form.set_suggestion(f"Add clue {solver.cell_name(cell)} = {digit}")
            hint = (f"Shaded cells differ between the solutions. Adding {solver.cell_name(cell)} = {digit} "
                    "(Ctrl+K) makes the solution unique.")
        else:
            self.form.set_suggestion(None)
            if d.status in ("no_solution", "invalid") and not d.explanations:
                hint = ("No single slip explains this grid; the marked cells show where the rules "
                        "or the search break down.")
        if any(cells for _, cells in self.findings):
            hint = hint or "Click a finding (or use ↑/↓ here) to highlight its cells."
        self.form.show_findings([m for m, _ in self.findings], hint=hint)
        took = f" (checked in {format_seconds(seconds)})" if seconds is not None else ""
        self.form.set_status(prefix + d.summary + took, "ok" if d.status == "unique" else "warn")
        for fn in self.diagnosis_listeners:
            fn(d)

    def _on_finding_selected(self, k: int | None) -> None:
        if k is None or k >= len(self.findings):
            self.form.set_marks("selected", ())
            return
        message, cells = self.findings[k]
        self.form.set_marks("selected", cells)
        self.form.set_status(message, "info")
        fix = self.fixes.get(k)
        if fix is not None:
            self.chosen_fix = fix
            self.form.set_suggestion(f"Apply this fix: {solver.short_fix(fix)}")

    def _cmd_add_clue(self) -> None:
        """Ctrl+K: apply the chosen fix (the likeliest slip, or the one clicked), else add the
        suggested clue; either is one undo step, and the puzzle is checked again."""
        d = self.diagnosis
        fix = getattr(self, "chosen_fix", None)
        if d is not None and fix is not None:
            self.apply_fix(fix)
            return
        if not d or not d.suggested_clue:
            self.form.set_status("No fix to apply: check a puzzle first (F5).")
            return
        cell, digit = d.suggested_clue
        self.apply(self.board.with_given(cell, digit), f"Added the clue {solver.cell_name(cell)} = {digit}.")
        self._cmd_check()

    def apply_fix(self, fix) -> None:
        """Make the edits of a :class:`solver.Explanation` on the puzzle (one undo step), then
        check it again and say whether it now has exactly one solution."""
        board = self.board
        as_givens = bool(board.givens.clue_count)
        for edit in fix.edits:
            for cell, digit in zip(edit.cells, edit.new):
                board = board.with_given(cell, digit) if as_givens else board.with_digit(cell, digit)
        words = solver.short_fix(fix)
        self.apply(board, f"Applied the fix {words}.")
        g = self.puzzle()

        def done(d, seconds):
            prefix = f"Applied the fix {words}: "
            if d.status == "unique":
                self.show_diagnosis(d, seconds)
                self.form.set_status(f"{prefix}the puzzle now has exactly one solution ✓ "
                                     f"(checked in {format_seconds(seconds)})", "ok")
            else:
                self.show_diagnosis(d, seconds, prefix=prefix)

        self.run_job("check", lambda cancel: solver.diagnose(g, cancel=cancel), done,
                     status="Checking the puzzle…")

    def _cmd_check_entries(self) -> None:
        b = self.board
        if not b.givens.clue_count:
            self.form.set_status("There is no puzzle yet: type the givens and lock them first.", "warn")
            return
        if not b.entries.clue_count:
            self.form.set_status("You have not typed any digits yet; nothing to check.", "warn")
            return
        givens, entries = b.givens, b.entries
        self.run_job("check_entries", lambda cancel: solver.check_entries(givens, entries, cancel=cancel),
                     self._show_entry_check, status="Checking your entries…")

    def _show_entry_check(self, ec, seconds: float) -> None:
        self.entry_check = ec
        if ec.status == "unsolvable" and ec.diagnosis is not None:
            self.show_diagnosis(ec.diagnosis, seconds, prefix="Your entries cannot be checked: ")
            return
        if ec.conflicts:
            self.form.set_marks("conflict", [c for k in ec.conflicts for c in k.cells])
        self.form.enable("show_wrong", bool(ec.wrong))
        findings = [k.message for k in ec.conflicts]
        hint = "Show which (Ctrl+Shift+E) marks them." if ec.wrong else ""
        self.findings = [(k.message, tuple(k.cells)) for k in ec.conflicts]
        self.form.show_findings(findings + [ec.message], hint=hint)
        self.form.set_status(ec.message, "ok" if ec.status == "ok" else "warn")

    def _cmd_show_wrong(self) -> None:
        ec = self.entry_check
        if not ec or not ec.wrong:
            self.form.set_status("Check your entries first (Ctrl+E).")
            return
        self.form.set_marks("wrong", ec.wrong)
        self.findings = [(f"{solver.cell_label(c)}: your {self.board.entries[c]} is not the solution's digit",
                          (c,)) for c in ec.wrong]
        self.form.show_findings([m for m, _ in self.findings], hint="Wrong entries are crossed out.")
        self.form.set_status(f"Wrong: {cells_text(ec.wrong)} (crossed out).", "warn")

    # -- solving -------------------------------------------------------------
    def _cmd_solve(self) -> None:
        g = self.puzzle()

        def work(cancel):
            stats = solver.SearchStats()
            t0 = time.perf_counter()
            solution = solver.solve(g, cancel=cancel, stats=stats)
            took = time.perf_counter() - t0
            if solution is not None and solver.count_solutions(g, 2, cancel=cancel) == 1:
                return solution, took, stats, None
            return None, took, stats, solver.diagnose(g, cancel=cancel)

        self.run_job("solve", work, self._show_solution, status="Solving…")

    def _show_solution(self, result, seconds: float) -> None:
        solution, took, stats, diagnosis = result
        if solution is None:
            self.show_diagnosis(diagnosis, prefix="Not solved: ")
            return
        b = self.board
        wrong = [c for c in b.entries.filled() if b.entries[c] != solution[c]]
        cleared = b
        for c in wrong:  # a wrong entry makes way for the solution's digit (Undo brings it back)
            cleared = cleared.with_digit(c, 0)
        changed = self.apply(cleared.with_solution(solution), record=True)
        msg = (f"Solved in {format_seconds(took)} ({plural(stats.nodes, 'search node')}, "
               f"{plural(stats.guesses, 'guess')}).")
        if wrong:
            self.form.set_marks("replaced", wrong)
            n = len(wrong)
            msg += (f" {n} of your entries {'was' if n == 1 else 'were'} wrong and replaced "
                    f"({cells_text(wrong)}, marked); Ctrl+Z brings {'it' if n == 1 else 'them'} back.")
        if not changed:
            msg = "Already solved. " + msg
        self.form.set_status(msg, "ok")

    def _cmd_cancel(self) -> None:
        if self.worker.cancel():
            self.form.set_status("Cancelled.")

    # -- help ----------------------------------------------------------------
    def _cmd_help_keys(self) -> None:
        self.form.dialogs.show_text("Keyboard shortcuts", self.form.shortcut_text())

    def _cmd_about(self) -> None:
        self.form.dialogs.info(
            "About Sudoku Solver",
            f"Sudoku Solver {solver.__version__}\n\nType a puzzle from paper and find out whether it is "
            "right, and if not, exactly where it is wrong.\n\nGivens: black bold. Your digits: blue. "
            "Solver digits: orange italic. Conflicts: yellow, underlined.\n\n"
            f"Your grid is kept in {self.state_path or 'memory only'}.")

    # ======================================================================
    # nothing lost
    # ======================================================================
    def state(self) -> dict:
        """Everything the state file keeps."""
        return {
            "board": self.board.to_dict(),
            "live_check": bool(self.form.var_live_check.get()),
            "auto_advance": bool(self.form.var_auto_advance.get()),
            "zoom": round(self.form.zoom_level, 3),
            "collection_file": self.collection_file,
            "collection_index": self.collection_index if self.collection_file else None,
            "current_file": self.current_file,
        }

    def schedule_save(self) -> None:
        """Save the state file soon (debounced: one write per burst of changes)."""
        if self.state_path is None or self.closing:
            return
        if self._save_after is not None:
            self.root.after_cancel(self._save_after)
        self._save_after = self.root.after(self.save_delay_ms, self.save_state)

    def save_state(self) -> bool:
        """Write the state file now (atomically); False when it could not be written."""
        if self._save_after is not None:
            try:
                self.root.after_cancel(self._save_after)
            except Exception:
                pass
            self._save_after = None
        if self.state_path is None:
            return False
        try:
            write_state(self.state_path, self.state())
        except OSError as exc:
            logger.warning("could not save the state file %s: %s", self.state_path, exc)
            if not self.closing:
                self.form.set_status(f"Could not save your grid to {self.state_path}: {exc.strerror or exc}", "error")
            return False
        return True

    def restore_state(self) -> None:
        """Load the state file; a corrupt one is set aside with a message (never a crash)."""
        if self.state_path is None:
            self._welcome()
            return
        try:
            data = read_state(self.state_path)
        except StateError as exc:
            where = f" It was kept as {exc.aside.name}." if exc.aside else ""
            self.form.set_status(f"Started with an empty grid: {exc}.{where}", "warn")
            return
        if data is None:
            self._welcome()
            return
        try:
            board = Board.from_dict(data.get("board") or {})
        except (ValueError, TypeError, AttributeError) as exc:
            aside = set_aside(self.state_path)
            where = f" It was kept as {aside.name}." if aside else ""
            self.form.set_status(f"Started with an empty grid: the saved grid was damaged ({exc}).{where}", "warn")
            return
        self.board = board
        self.form.var_live_check.set(bool(data.get("live_check", True)))
        self.form.var_auto_advance.set(bool(data.get("auto_advance", True)))
        try:
            self.form.set_zoom(float(data.get("zoom", 1.0)))
        except (TypeError, ValueError):
            pass
        cf = data.get("current_file")
        self.current_file = cf if isinstance(cf, str) else None
        coll, idx = data.get("collection_file"), data.get("collection_index")
        if isinstance(coll, str) and isinstance(idx, int):
            self.root.after_idle(lambda: self._reopen_collection(coll, idx))
        n = board.grid().clue_count
        self.form.set_status(f"Welcome back: your grid is as you left it ({plural(n, 'digit')})." if n
                             else "Type a puzzle (Ctrl+G for givens mode), paste one (Ctrl+V) or pick an Example.")

    def _welcome(self) -> None:
        self.form.set_status("Type the puzzle's givens, paste a puzzle (Ctrl+V), open a file (Ctrl+O) "
                             "or pick one from the Examples menu.")

    def _reopen_collection(self, path: str, index: int) -> None:
        """Bring back Previous/Next for the collection open last time (the grid stays as saved)."""
        def done(grids, seconds):
            if len(grids) > 1:
                self.collection = grids
                self.collection_file = path
                self.collection_name = os.path.basename(path)
                self.collection_index = max(0, min(len(grids) - 1, index))
                self._show_collection()

        if not self.closing:
            self.run_job("open", lambda cancel: solver.load(path), done, lambda exc: None)

    def close(self) -> None:
        """Save the grid, stop background work and timers, destroy the window (safe to call twice)."""
        if self.closing:
            return
        self.save_state()
        self.closing = True
        self.worker.shutdown()
        try:
            self.root.destroy()
        except Exception:  # already destroyed
            pass

    # ======================================================================
    # errors
    # ======================================================================
    def report_exception(self, exc_type, exc, tb) -> None:
        """Any exception in a Tk callback: a plain message in the status line, details in the log."""
        if isinstance(exc, UserError):
            self.form.set_status(str(exc), "error")
            return
        logger.error("internal error in a callback", exc_info=(exc_type, exc, tb))
        self._last_error = f"{exc_type.__name__}: {exc}"
        try:
            self.form.set_status(
                f"Something went wrong ({exc_type.__name__}: {exc}). Your grid is safe; "
                "the details are in app.log.", "error")
        except Exception:  # the window is being destroyed
            pass
