"""Run slow work (solve, diagnose, check entries, load a file, the demo's counts) off the Tk thread.

The worker thread never touches widgets.  It puts its outcome on a queue; the Tk
thread polls that queue with ``after`` and calls the job's callback on the main loop
(the pattern of Thonny's ``queue_event`` + ``after`` drain, and Porcupine's
``run_in_thread``).  One job runs at a time: starting a new one cancels the old one
and its late result is dropped.

Two kinds of cancel: :meth:`Worker.cancel` forgets the job at once (its late result is
dropped); ``cancel(deliver=True)`` only asks it to stop, and its outcome -- what it had
done so far, or :class:`solver.Cancelled` -- still reaches its callbacks (the search
demo needs that: a cancelled skip shows where it got).

Each job gets a :class:`CancelToken`: a ``threading.Event`` for the solver's ``cancel=``
that also counts how often the job looked at it, a cheap progress measure.
"""
from __future__ import annotations

import gc
import logging
import queue
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

logger = logging.getLogger(__name__)

__all__ = ["Worker", "Job", "CancelToken", "SWITCH_INTERVAL"]

# How long a running job may keep the interpreter (the GIL) when the Tk thread asks for it.
# Every Tcl call from Python lets go of the GIL and must take it back: with Python's default
# of 5 ms, a callback that makes 20 Tcl calls while a job computes waited 180-330 ms (median,
# on a busy 2-core machine; with 1 ms: 25 ms).  The interval only counts while another
# thread waits, so a job alone runs as fast as before (tools/bench_gil.py measures both).
SWITCH_INTERVAL = 0.001


class CancelToken(threading.Event):
    """A cancel event that counts the looks (``is_set`` calls): the job's progress."""

    def __init__(self):
        super().__init__()
        self.looks = 0

    def is_set(self) -> bool:
        self.looks += 1
        return super().is_set()

    @property
    def cancelled(self) -> bool:
        """True once cancel was asked for (without counting a look)."""
        return super().is_set()


@dataclass
class Job:
    """One piece of background work; ``token`` is the cancel event passed to the work and the solver."""

    name: str
    on_done: Callable[[Any, float], None]
    on_error: Callable[[BaseException], None]
    on_progress: Callable[[float], None] | None = None
    pause_gc: bool = False
    token: CancelToken = field(default_factory=CancelToken)
    started: float = field(default_factory=time.perf_counter)
    thread: threading.Thread | None = None
    #: called on the Tk thread when another job takes this one's place (its result is dropped):
    #: a dialog waiting for it says Cancelled and offers its buttons again
    on_superseded: Callable[[], None] | None = None

    @property
    def seconds(self) -> float:
        """Seconds since the job started."""
        return time.perf_counter() - self.started


class Worker:
    """Starts jobs on threads and delivers their results on the Tk thread.

    ``start(name, fn, on_done, on_error)`` runs ``fn(token)`` on a daemon thread;
    when it returns, ``on_done(result, seconds)`` is called from the Tk main loop; when
    it raises, ``on_error(exc)``.  ``on_progress(seconds)`` (optional) is called on every
    poll while the job runs.  ``on_busy(bool, name)`` is told when work starts and stops.
    """

    def __init__(self, widget, *, poll_ms: int = 25, on_busy: Callable[[bool, str], None] | None = None):
        self._widget = widget
        self._poll_ms = poll_ms
        self._on_busy = on_busy or (lambda busy, name: None)
        self._queue: queue.Queue = queue.Queue()
        self._job: Job | None = None
        self._after_id: str | None = None
        self._closing = False
        self._gc_paused = False
        if sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)

    @property
    def busy(self) -> bool:
        """True while a job is running."""
        return self._job is not None

    @property
    def job(self) -> Job | None:
        """The running job (None when idle)."""
        return self._job

    @property
    def job_name(self) -> str | None:
        return self._job.name if self._job else None

    def start(self, name: str, fn: Callable[[CancelToken], Any],
              on_done: Callable[[Any, float], None],
              on_error: Callable[[BaseException], None], *,
              on_progress: Callable[[float], None] | None = None, pause_gc: bool = False) -> Job:
        """Run ``fn(token)`` in the background (cancelling any running job first).

        ``pause_gc``: collect garbage now and keep the cyclic collector off until the job is
        over.  A job that allocates millions of small objects would otherwise let the
        collector run on *its* thread and finalize tkinter objects there (a Tcl call from the
        wrong thread: an error, or a wait for a main loop that may never come).
        """
        if self._closing:
            raise RuntimeError("the worker is shut down")
        old = self._job
        if old is not None:
            old.token.set()
        job = Job(name, on_done, on_error, on_progress, pause_gc)
        self._job = job
        if old is not None and old.on_superseded is not None:
            old.on_superseded()
        self._set_gc(pause_gc)

        def run() -> None:
            try:
                result = fn(job.token)
            except BaseException as exc:  # delivered to the Tk thread, never lost
                self._queue.put((job, "error", exc, job.seconds))
            else:
                self._queue.put((job, "done", result, job.seconds))

        job.thread = threading.Thread(target=run, name=f"sudoku-{name}", daemon=True)
        self._on_busy(True, name)  # widgets first: each Tcl call waits for the GIL once the job runs
        self._schedule()
        job.thread.start()
        return job

    def cancel(self, *, deliver: bool = False, wait: bool = False) -> bool:
        """Ask the running job to stop; False when idle.

        By default the job is forgotten at once (its late result is dropped).  With
        ``deliver`` it stays current and its outcome reaches its callbacks as usual; with
        ``wait`` as well, its thread is joined and the outcome delivered before returning
        (the job looks at its token often, so the join is short).
        """
        job = self._job
        if job is None:
            return False
        job.token.set()
        if not deliver:
            self._job = None
            self._set_gc(False)
            self._on_busy(False, job.name)
            return True
        if wait and job.thread is not None:
            job.thread.join(5.0)
            if self._after_id is not None:
                self._widget.after_cancel(self._after_id)
                self._after_id = None
            self._poll()
        return True

    def shutdown(self) -> None:
        """Cancel the job and stop polling (call before destroying the root)."""
        self._closing = True
        if self._job is not None:
            self._job.token.set()
            self._job = None
        self._set_gc(False)
        if self._after_id is not None:
            try:
                self._widget.after_cancel(self._after_id)
            except Exception:  # the widget may already be gone
                pass
            self._after_id = None

    def wait_idle(self, timeout: float = 5.0) -> None:
        """Join the running job's thread (for tools and tests; never from a callback)."""
        job = self._job
        if job and job.thread:
            job.thread.join(timeout)

    def wait_done(self, timeout: float = 30.0) -> bool:
        """Pump Tk until the running job has been handled; False on timeout (tools and tests only)."""
        end = time.monotonic() + timeout
        while self._job is not None and time.monotonic() < end:
            self._widget.update()
            time.sleep(0.005)
        self._widget.update()
        return self._job is None

    # -- polling on the Tk thread -------------------------------------------
    def _set_gc(self, paused: bool) -> None:
        if paused and not self._gc_paused:
            # now, on the Tk thread: the young objects, where the window's recent garbage is;
            # a full collection of a big heap held the window 30-170 ms as Compare started
            gc.collect(1)
            self._gc_paused = gc.isenabled()
            gc.disable()
        elif not paused and self._gc_paused:
            self._gc_paused = False
            gc.enable()

    def _schedule(self) -> None:
        if self._after_id is None and not self._closing:
            self._after_id = self._widget.after(self._poll_ms, self._poll)

    def _poll(self) -> None:
        self._after_id = None
        if self._closing:
            return
        for _ in range(20):  # a bounded batch per tick
            try:
                job, kind, value, seconds = self._queue.get_nowait()
            except queue.Empty:
                break
            if job is not self._job:  # cancelled or superseded: drop the late result
                continue
            self._job = None
            self._set_gc(False)
            self._on_busy(False, job.name)
            if kind == "done":
                job.on_done(value, seconds)
            else:
                job.on_error(value)
        job = self._job
        if job is not None:
            if job.on_progress is not None:
                job.on_progress(job.seconds)
            self._schedule()
