"""The search demo's background work: Skip to the end, Compare and Count the whole run.

All three run on the demo's own :class:`~app.worker.Worker` (so a count never cancels a
check of the controller's), with progress above the table and Cancel (Esc).  Skip to the
end runs the watched search on (at most :data:`app.features.demo.run.SKIP_CAP` events).  Compare
counts every search order on the puzzle (capped at :data:`app.features.demo.run.TABLE_CAP`
placements; a capped order also gets an estimate of its whole run from random probes); a
watched run that ends adds its exact counters; "Count the whole run" counts a capped order
to its end.  The numbers and sentences come from :mod:`app.features.demo.run`, the widgets from
:class:`app.features.demo.panel.DemoPanel`.
"""
from __future__ import annotations

import logging
from typing import Callable

import solver

from . import run as demo_run
from .run import ORDER_LABELS, SKIP_CAP, run_state
from app.wording import N_, _, describe_elapsed, say
from app.worker import Worker

logger = logging.getLogger(__name__)

__all__ = ["DemoCounts"]

EMPTY_TABLE_NOTE = N_("Compare counts every strategy on the puzzle shown and fills this table.")


class DemoCounts:
    """The demo's jobs and the rows of the comparison table (``results``: order -> row)."""

    def __init__(self, demo):
        self.demo = demo
        self.results: dict[str, dict] = {}
        # the demo's own worker (a count never cancels a check); Cancel (Esc) is enabled while it works
        self.worker = Worker(demo.root, poll_ms=50, on_busy=lambda busy, name: demo.controller.update_cancel())
        self.cancelled = False  # Cancel was asked for the running job
        self.skip_updates = 0  # how often a skip showed its counters (for the tests)

    # ======================================================================
    # the worker
    # ======================================================================
    @property
    def job(self):
        """The running count or skip (a :class:`~app.worker.Job`), or None."""
        return self.worker.job

    def start(self, name: str, fn: Callable, done: Callable, describe: Callable[[float], str]) -> None:
        """``fn(token)`` on the worker; ``done(result, error, seconds)`` on the Tk thread (not after a Cancel
        that raised :class:`solver.Cancelled`: the table keeps its rows and the status line says so)."""
        panel = self.demo.panel
        self.cancelled = False

        def progress(seconds: float) -> None:
            panel.show_job(describe(seconds))
            if name == "skip" and self.demo.run is not None:
                self.show_skip_counters(seconds)

        def finished(result, seconds: float) -> None:
            panel.show_job("")
            panel.set_job_ui(False)
            done(result, None, seconds)

        def failed(error: BaseException) -> None:
            if isinstance(error, solver.Cancelled):
                panel.show_job(_("Cancelled: the table keeps its earlier rows."))
                panel.set_job_ui(False)
                self.demo.form.set_status(_("Cancelled."))
                return
            panel.show_job("")
            panel.set_job_ui(False)
            done(None, error, job.seconds)

        # The widgets change, and the tab is laid out and drawn, before the job's thread starts:
        # once it computes, every Tcl call of the Tk thread waits for the GIL (Compare held
        # the window this way: docs/benchmarks.md, Responsiveness and Esc).
        panel.set_job_ui(True)
        panel.show_job(describe(0.0))
        self.demo.root.update_idletasks()
        # pause_gc: see Worker.start (these jobs allocate millions of small objects)
        job = self.worker.start(name, fn, finished, failed, on_progress=progress, pause_gc=True)

    def show_skip_counters(self, seconds: float) -> None:
        """Every counter of a skip running on the worker (not only "steps"): its latest event's placements,
        backtracks, depth and steps, and the seconds played plus those skipped so far."""
        demo = self.demo
        run = demo.run
        history = run.history
        if not history:
            return
        # the worker only appends to the history: its last event is always whole, whatever the worker does next
        event = history[-1]
        self.skip_updates += 1
        demo.panel.show_counters(event, event.steps, demo.playback.seconds() + seconds, run.order,
                                 run_state(run, False, True))

    def cancel(self, wait: bool = False) -> bool:
        """Ask the running job to stop; False when idle.

        Normally the Tk thread picks up the outcome at its next poll.  With ``wait`` the job is
        finished here (the worker looks at its token every thousand steps or so, so the join is
        short), for actions that need the run back at once (Reset, Stop).
        """
        if self.job is None:
            return False
        self.cancelled = True
        self.demo.panel.show_job(_("Cancelling…"))
        self.worker.cancel(deliver=True, wait=wait)
        return True

    def puzzle_changed(self) -> None:
        """Another puzzle is shown: a count or skip of the old one stops and its late result is dropped;
        the table keeps the rows of the puzzle shown only (none yet: Compare fills them)."""
        if self.job is not None:
            self.cancelled = True
            self.worker.cancel()  # forgotten at once: neither its rows nor its message ever arrive
            self.demo.panel.show_job("")
            self.demo.panel.set_job_ui(False)
        g = self.demo.controller.puzzle()
        self.results = {order: row for order, row in self.results.items() if row["puzzle"] == g}

    def wait(self, timeout: float = 30.0) -> bool:
        """Pump Tk until the running job has been handled (for tools and tests; never from a callback)."""
        return self.worker.wait_done(timeout)

    def shutdown(self) -> None:
        """The window is closing: stop the job and the polling."""
        self.worker.shutdown()

    # ======================================================================
    # skip to the end
    # ======================================================================
    def skip_to_end(self) -> None:
        """Run the rest of the search on the worker (at most SKIP_CAP events), then show where it got."""
        demo = self.demo
        if not demo.ready():
            return
        demo.playback.pause()
        run = demo.run
        if run.at_end:
            demo.form.set_status(_("The search has already ended."))
            return
        start = run.head

        def work(token):
            while not run.at_end and run.head - start < SKIP_CAP and not token.cancelled:
                run.forward(1024)
            return run.head - start

        def describe(seconds: float) -> str:
            return say("Skipping ahead… {n:n} steps ({time})", n=run.head - start, time=describe_elapsed(seconds))

        def done(result, error, seconds):
            if demo.run is not run:
                return  # the search skipped belongs to a puzzle no longer shown
            demo.elapsed += seconds
            demo.redraw()
            if error is not None:
                raise error
            if run.at_end:
                demo.after_move()
                demo.form.set_status(say("Skipped {n:n} steps to the end: {event}.", n=result, event=run.event.message),
                         "ok" if run.solved else "warn")
            elif self.cancelled:
                demo.form.set_status(say("Stopped skipping at step {n:n} (Cancel).", n=run.pos))
            else:
                demo.form.set_status(say("Skipped {n:n} steps; the search is not over (it stopped at the skip limit of "
                             "{cap:n} steps). Skip again to go on, or Compare to count the whole run.",
                             n=result, cap=SKIP_CAP), "warn")

        self.start("skip", work, done, describe)

    # ======================================================================
    # the comparison table
    # ======================================================================

    def show_table(self) -> None:
        """Show the rows that belong to the demo's puzzle, with their notes (none: how to fill them)."""
        rows, notes, any_capped = demo_run.table_rows(self.results, self.demo.puzzle())
        if not any(values for _, values, _ in rows):
            notes = [_(EMPTY_TABLE_NOTE)]
        self.demo.panel.show_table(rows, notes, any_capped)

    def record(self, run: demo_run.DemoRun) -> None:
        """A watched run that ended goes into the table (its counters are exact)."""
        self.results[run.order] = demo_run.watched_row(run)
        self.show_table()

    def compare(self) -> None:
        """Count every order on the puzzle (capped at TABLE_CAP placements) for the table, off the Tk thread."""
        demo = self.demo
        if self.job is not None:
            demo.form.set_status(_("A count is already running."), "warn")
            return
        g = demo.puzzle()
        if not g.filled_count or solver.validate(g):
            demo.form.set_status(_("Compare needs a puzzle without rule conflicts (pick one from Examples)."), "warn")
            return
        demo.playback.pause()
        demo.form.side_panel.select(demo.tab)  # the table is in the demo's tab
        progress = {"order": None, "index": 0}

        def describe(seconds: float) -> str:
            order = progress["order"] or "row-major"
            data = dict(name=_(ORDER_LABELS[order].short), k=progress["index"] + 1, n=len(ORDER_LABELS),
                        time=describe_elapsed(seconds))
            if progress.get("estimating"):
                return say("Estimating {name} ({k} of {n})… {time}", **data)
            return say("Counting {name} ({k} of {n})… {time}", **data)

        def done(rows, error, seconds):
            if error is not None:
                raise error
            if demo.puzzle() != g:
                return  # counted a puzzle no longer shown
            self.results.update(rows)
            self.show_table()
            demo.form.set_status(demo_run.lesson(self.results), "ok")

        self.start("compare", lambda token: demo_run.count_orders(g, token, progress), done, describe)

    def count_whole_run(self) -> None:
        """Count a capped order to its end (it may take minutes: progress and Cancel show)."""
        demo = self.demo
        if self.job is not None:
            return
        shown = demo.puzzle()
        capped = [o for o, r in self.results.items() if r["counts"].capped and r["puzzle"] == shown]
        if not capped:
            return
        order = capped[0]
        g = self.results[order]["puzzle"]
        per_look = 1 << 14 if order == "row-major" else 1024  # placements / steps between cancel checks
        short = _(ORDER_LABELS[order].short)

        def describe(seconds: float) -> str:
            looked = self.job.token.looks * per_look if self.job else 0
            if order == "row-major":
                return say("Counting {name} to the end… at least {n:n} placements so far ({time})",
                           name=short, n=looked, time=describe_elapsed(seconds, 0))
            return say("Counting {name} to the end… at least {n:n} steps so far ({time})",
                       name=short, n=looked, time=describe_elapsed(seconds, 0))

        def done(row, error, seconds):
            if error is not None:
                raise error
            if demo.puzzle() != g:
                return  # counted a puzzle no longer shown
            self.results[order] = row
            self.show_table()
            demo.form.set_status(say("{name} counted to the end: {n:n} placements in {time}.",
                         name=short, n=row["counts"].placements, time=describe_elapsed(row["seconds"])), "ok")

        self.start("count", lambda token: demo_run.count_to_end(g, order, token), done, describe)
