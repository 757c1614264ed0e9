"""The controller, the hub: user action -> solver call -> view update.

It owns the model (a :class:`~app.model.Board` plus undo history, the open collection
and the current file), makes every change through :meth:`Controller.apply` (one undo
step, rendered, live-checked, saved), runs slow solver work through
:class:`~app.worker.Worker` (never on the Tk thread), and handles the editing actions
(typing, undo, clear, givens mode, zoom, Cancel).  Three helpers handle the rest, each
registering its own ``_cmd_<action>`` methods:

* ``files`` (app/files.py): Open, Save, Copy, Paste, the Examples, Previous/Next;
* ``checking`` (app/checking.py): Check, the diagnosis shown, Apply fix, Check my entries, Solve;
* ``session`` (app/session.py): the state file, saved after every change and restored at start.

Starting background work from a feature::

    self.run_job("solve", lambda cancel: solver.solve(g, cancel=cancel), on_done)

``on_done(result, seconds)`` runs on the Tk thread; the job is cancelled when the grid
changes, when another job starts, or on Escape.

Every side panel belongs to the puzzle it was computed for.  A panel about the puzzle (the
difficulty card, the hint, the explained solution, the search demo and its table) subscribes to
``puzzle_listeners``: ``fn()`` runs whenever the puzzle shown changes (loaded, pasted, generated,
undone, redone, a given edited), and clears the panel or ends the mode.  A rating under way is
stopped then.  The findings describe the whole grid, your digits too: they are cleared on every
change of the grid (``checking.forget``), as is a check, solve or hint under way; locking the
givens (or Ctrl+G) changes only the mode, so the findings stay.
"""
from __future__ import annotations

import gc

import logging
from pathlib import Path
from typing import Any, Callable

import solver
from solver import Grid, cell_of

from .checking import Checking
from .files import MAX_PASTE_CHARS, PuzzleFiles
from .model import GIVENS, Board, Cell, History
from .session import SAVE_DELAY_MS, Session
from .wording import N_, _, say, say_n
from .worker import Worker

logger = logging.getLogger(__name__)

__all__ = ["Controller", "UserError", "MAX_PASTE_CHARS", "SAVE_DELAY_MS", "GRID_JOBS", "PUZZLE_JOBS"]

#: The worker's jobs whose result describes the grid shown, your digits too (job name -> what the
#: status line says when one is stopped because the grid changed).
GRID_JOBS = {"check": N_("The grid changed, so the check was stopped."),
             "solve": N_("The grid changed, so the solve was stopped."),
             "check_entries": N_("The grid changed, so the check of your entries was stopped."),
             "hint": N_("The grid changed, so the search for a hint was stopped.")}
#: Those whose result describes the puzzle (not your digits): stopped when the puzzle changes.
PUZZLE_JOBS = {"rate": N_("The puzzle changed, so the rating was stopped.")}


class UserError(Exception):
    """A problem the user should read (shown as a plain message, not logged as a bug)."""


class Controller:
    """Connects a :class:`~app.window.view.SudokuForm` to the solver and the model.

    Responsibilities: apply each user action to the Board (with undo), show the Board in
    the form, check the rules live, run background jobs on the worker, tell the listeners,
    and turn any callback exception into a plain message in the status line.  Loading and
    saving puzzles is ``files``, checking and solving ``checking``, the state file ``session``.
    """

    def __init__(self, form, *, state_path: Path | None = None, save_delay_ms: int = SAVE_DELAY_MS,
                 poll_ms: int = 25):
        self.form = form
        self.root = form.root
        self.board = Board()
        self.history = History()
        self.features: dict[str, Any] = {}  # installed by app.__main__.build_window, by name
        self.collection: list[Grid] | None = None
        self.collection_index = 0
        self.collection_name: str | None = None
        self.collection_file: str | None = None
        self.current_file: str | None = None
        self.closing = False
        self._conflict_shown = False
        self._last_error: str | None = None
        self.worker = Worker(self.root, poll_ms=poll_ms, on_busy=self._on_busy)
        # Features follow the grid and the checks here: fn() after every render, fn(diagnosis) after
        # every diagnosis shown (app/features/teach/: the candidates and the difficulty card).
        self.render_listeners: list[Callable[[], None]] = []
        self.diagnosis_listeners: list[Callable[[Any], None]] = []
        # fn() when the puzzle shown changes (another one loaded, pasted or generated, Undo/Redo across
        # puzzles, a given edited), before the render listeners: every panel that shows a result about
        # a puzzle clears it here (the card, hint, explanation, the demo and its table).  See render().
        self.puzzle_listeners: list[Callable[[], None]] = []
        # fn(busy, name) when the worker starts a job or one ends (done, failed, cancelled); a job that
        # another one replaces gets no call of its own: the new job's start is the sign.
        self.busy_listeners: list[Callable[[bool, str], None]] = []
        self._puzzle_shown: Grid | None = None
        # Background work of a feature's own (its own worker, an ``after`` loop) that Esc and Cancel
        # stop too: (is_running, stop) pairs; ``is_running()`` says whether it runs, ``stop()`` stops
        # it at once, and the feature calls update_cancel() when its work starts or stops.
        self.stoppers: list[tuple[Callable[[], bool], Callable[[], None]]] = []
        self.root.report_callback_exception = self.report_exception
        self.root.protocol("WM_DELETE_WINDOW", self.close)
        self._register()
        self.files = PuzzleFiles(self)
        self.checking = Checking(self)
        self.session = Session(self, state_path, save_delay_ms)

    # ======================================================================
    # wiring
    # ======================================================================
    def _register(self) -> None:
        f = self.form
        for name in ("quit", "undo", "redo", "clear_entries", "clear_all", "givens_mode", "lock_givens",
                     "zoom_in", "zoom_out", "zoom_reset", "auto_advance", "live_check", "cancel", "help_keys",
                     "about"):
            f.action_map.on(name, getattr(self, f"_cmd_{name}"))
        f.action_map.on("cell_input", self.cell_input)

    def start(self, path: str | None = None) -> None:
        """Restore the saved grid, show it, then (after the window shows) open ``path``."""
        self.session.restore_state()
        self.render()
        # The window's objects (widgets, tables, the restored grid) live as long as the
        # window: collect once and freeze them, so that a full collection during a long job
        # walks only what the job made; it would otherwise hold the interpreter long enough
        # on a big heap to freeze the window (tests/app/test_responsive.py; docs/benchmarks.md,
        # Responsiveness and Esc).
        gc.collect()
        gc.freeze()
        if path:
            self.root.after_idle(lambda: self.files.open_path(path))

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
        same_grid = board.same_grid(self.board)  # Lock givens, Ctrl+G: the mode only
        if not same_grid:
            self._stop_job(GRID_JOBS)  # the running job answers a grid that no longer exists
        self.board = board
        if not same_grid:
            self.checking.forget()  # the findings describe the digits and notes, which are as they were
        self.render()
        self.session.schedule_save()

    def render(self) -> None:
        """Show the Board in the form (digits, styles, mode, undo state)."""
        b = self.board
        for i in range(81):
            cell = cell_of(i)
            d = b.givens.cells[i] or b.entries.cells[i] or b.solved.cells[i]
            self.form.cell_grid.show_cell(cell, d, b.style_of(cell))
        self.form.set_mode(b.mode == GIVENS)
        self.form.action_map.enable("undo", self.history.can_undo)
        self.form.action_map.enable("redo", self.history.can_redo)
        self.form.action_map.enable("lock_givens", b.mode == GIVENS)
        self.files.show_collection()
        if not self.closing:
            self._live_check(announce_fix=False, quiet=True)
            if self.puzzle() != self._puzzle_shown:
                self._puzzle_changed()
            for fn in self.render_listeners:
                fn()

    def _puzzle_changed(self) -> None:
        """Another puzzle is shown: stop the work about the old one, then tell every panel."""
        self._puzzle_shown = self.puzzle()
        self._stop_job(PUZZLE_JOBS)  # its result would describe a puzzle no longer shown
        for fn in self.puzzle_listeners:
            fn()

    def _stop_job(self, jobs: dict[str, str]) -> None:
        """Cancel the worker's job when it is one of ``jobs`` (its late result is dropped), and say so:
        the status line never keeps "Rating the puzzle…" or "Checking…" for work that was stopped."""
        name = self.worker.job_name
        if name in jobs:
            self.worker.cancel()
            self.form.set_status(_(jobs[name]))

    def _live_check(self, announce_fix: bool = True, quiet: bool = False) -> None:
        """Mark every rule conflict at once (cheap, synchronous) and name it in the status line."""
        if not self.form.var_live_check.get():
            self.form.cell_grid.set_marks("conflict", ())
            return
        conflicts = solver.validate(self.board.grid())
        self.form.cell_grid.set_marks("conflict", [c for k in conflicts for c in k.cells])
        if quiet:
            return
        if conflicts:
            more = len(conflicts) - 1
            self.form.set_status(say_n("{conflict} (and {n:n} more conflict)", "{conflict} (and {n:n} more conflicts)",
                                       more, conflict=conflicts[0].message) if more else conflicts[0].message, "warn")
            self._conflict_shown = True
        elif self._conflict_shown:
            self._conflict_shown = False
            if announce_fix:
                self.form.set_status(_("No digit repeats in any row, column or box now."), "ok")
        if not conflicts and self.board.grid().is_solution() and self.board.entries.filled_count:
            if not self.board.solved.filled_count:
                self.form.set_status(_("Solved! Every row, column and box holds 1–9."), "ok")

    # ======================================================================
    # typing
    # ======================================================================
    def cell_input(self, cell: Cell, digit: int) -> None:
        """The person typed ``digit`` (0 = clear) into ``cell``."""
        b = self.board
        if b.is_locked(cell):
            if digit != b.givens[cell]:
                self.form.set_status(say(
                    "{cell:cell} is a given (locked). To change the puzzle, turn on "
                    "Edit ▸ Enter givens mode (Ctrl+G).", cell=cell), "warn")
            return
        self.apply(b.with_digit(cell, digit))

    def puzzle(self) -> Grid:
        """The puzzle to check or solve: the givens (the whole grid when there are none)."""
        return self.board.givens if self.board.givens.filled_count else self.board.grid()

    # -- the helpers' main entry points, for features, tools and tests ---------
    @property
    def findings(self) -> list[tuple[str, tuple]]:
        """(message, cells) of each line in the Findings tab (app/checking.py)."""
        return self.checking.findings

    @property
    def state_path(self) -> Path | None:
        """Where the state file is kept (None: memory only; app/session.py)."""
        return self.session.state_path

    # ======================================================================
    # background jobs
    # ======================================================================
    def run_job(self, name: str, fn: Callable[[Any], Any], on_done: Callable[[Any, float], None],
                on_error: Callable[[BaseException], None] | None = None, status: str | None = None,
                on_progress: Callable[[float], None] | None = None) -> None:
        """Run ``fn(cancel_event)`` on the worker thread; ``on_done(result, seconds)`` on the Tk thread;
        ``on_progress(seconds)``, on the Tk thread too, every few milliseconds while it runs."""
        if self.closing:
            return
        if status:
            self.form.set_status(status)
        self.worker.start(name, fn, on_done, on_error or self._job_failed, on_progress=on_progress)

    def _job_failed(self, exc: BaseException) -> None:
        if isinstance(exc, solver.Cancelled):
            return
        self.report_exception(type(exc), exc, exc.__traceback__)

    def _on_busy(self, busy: bool, name: str) -> None:
        if not self.closing:
            self.form.set_busy(busy, name)
            self.update_cancel()
            for fn in self.busy_listeners:
                fn(busy, name)

    def is_running(self) -> bool:
        """True while any background work runs (the worker's job or a feature's own)."""
        return self.worker.busy or any(running() for running, _stop in self.stoppers)

    def update_cancel(self) -> None:
        """Cancel (Esc) is enabled exactly while something runs."""
        if not self.closing:
            self.form.action_map.enable("cancel", self.is_running())

    def stop_all(self) -> bool:
        """Stop every background job (Esc); False when nothing ran."""
        stopped = self.worker.cancel()
        if stopped:
            self.form.set_status(_("Cancelled."))
        for running, stop in self.stoppers:
            if running():
                stop()
                stopped = True
        self.update_cancel()
        return stopped

    # ======================================================================
    # commands (one per menu item)
    # ======================================================================
    def _cmd_quit(self) -> None:
        self.close()

    def _cmd_undo(self) -> None:
        b = self.history.undo(self.board)
        if b is None:
            self.form.set_status(_("Nothing to undo."))
            return
        self._set_board(b)
        self.form.set_status(_("Undone (Ctrl+Y redoes it)."))
        self._live_check()

    def _cmd_redo(self) -> None:
        b = self.history.redo(self.board)
        if b is None:
            self.form.set_status(_("Nothing to redo."))
            return
        self._set_board(b)
        self.form.set_status(_("Redone."))
        self._live_check()

    def _cmd_clear_entries(self) -> None:
        if not (self.board.entries.filled_count or self.board.solved.filled_count):
            self.form.set_status(_("There are no entries to clear; the givens stay (Clear all removes them)."))
            return
        self.apply(self.board.cleared_entries(), _("Cleared your entries and the solver's digits (Ctrl+Z undoes it)."))

    def _cmd_clear_all(self) -> None:
        self.collection = None
        self.collection_file = None
        self.current_file = None
        self.apply(Board(), _("Cleared the whole grid (Ctrl+Z undoes it). Type the givens, then Lock givens (Ctrl+L)."))

    def _cmd_givens_mode(self) -> None:
        on = self.form.var_givens_mode.get()
        if on:
            self.apply(self.board.unlocked(), _("Entering givens: the digits you type now are part of the puzzle."))
        else:
            self._cmd_lock_givens()

    def _cmd_lock_givens(self) -> None:
        if not self.board.givens.filled_count:
            self.form.set_mode(self.board.mode == GIVENS)
            self.form.set_status(_("Type the puzzle's givens first, then lock them."), "warn")
            return
        self.apply(self.board.locked(),
                   say_n("Locked {n:n} given. Your digits now show in blue.",
                         "Locked {n:n} givens. Your digits now show in blue.", self.board.givens.filled_count))

    def _cmd_zoom_in(self) -> None:
        z = self.form.zoom(1.15)
        self.form.set_status(say("Zoom {percent:0} %", percent=z * 100))
        self.session.schedule_save()

    def _cmd_zoom_out(self) -> None:
        z = self.form.zoom(1 / 1.15)
        self.form.set_status(say("Zoom {percent:0} %", percent=z * 100))
        self.session.schedule_save()

    def _cmd_zoom_reset(self) -> None:
        self.form.zoom(None)
        self.form.set_status(say("Zoom {percent:0} %", percent=100))
        self.session.schedule_save()

    def _cmd_auto_advance(self) -> None:
        on = self.form.var_auto_advance.get()
        self.form.set_status(_("After a digit the cursor moves to the next cell.") if on
                             else _("The cursor stays in the cell after a digit."))
        self.session.schedule_save()

    def _cmd_live_check(self) -> None:
        on = self.form.var_live_check.get()
        self._conflict_shown = False
        self._live_check()
        if on and not self._conflict_shown:
            self.form.set_status(_("Live rule check is on: repeated digits are marked as you type."))
        elif not on:
            self.form.set_status(_("Live rule check is off (F6 turns it on)."))
        self.session.schedule_save()

    def _cmd_cancel(self) -> None:
        self.stop_all()

    # -- help ----------------------------------------------------------------
    def _cmd_help_keys(self) -> None:
        self.form.dialogs.show_text(_("Keyboard shortcuts"), self.form.action_map.shortcut_text())

    def _cmd_about(self) -> None:
        self.form.dialogs.info(
            _("About Sudoku Solver"),
            say("Sudoku Solver {version}\n\nType a puzzle from paper and find out whether it is "
                "right, and if not, exactly where it is wrong.\n\nGivens: black bold. Your digits: blue. "
                "Solver digits: orange italic. Conflicts: yellow, underlined.\n\n"
                "Your grid is kept in {where}.", version=solver.__version__,
                where=self.state_path or _("memory only")))

    # ======================================================================
    # nothing lost
    # ======================================================================
    def close(self) -> None:
        """Save the grid, stop background work and timers, destroy the window (safe to call twice)."""
        if self.closing:
            return
        self.session.save_state()
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
            self.form.set_status(say(
                "Something went wrong ({error}). Your grid is safe; the details are in app.log.",
                error=f"{exc_type.__name__}: {exc}"), "error")
        except Exception:  # the window is being destroyed
            pass
