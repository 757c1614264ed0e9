"""Run slow work (solve, diagnose, check entries, load a file) off the Tk thread.

The worker thread never touches widgets.  It puts its outcome on a queue; the Tk
thread polls that queue with ``after`` and calls the job's callback on the main loop
(the pattern of Thonny's ``queue_event`` + ``after`` drain, and Porcupine's
``run_in_thread``).  One job runs at a time: starting a new one cancels the old one
and its late result is dropped.
"""
from __future__ import annotations

import logging
import queue
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

logger = logging.getLogger(__name__)

__all__ = ["Worker", "Job"]


@dataclass
class Job:
    """One piece of background work; ``cancel`` is the token passed to solver calls."""

    name: str
    cancel: threading.Event = field(default_factory=threading.Event)
    started: float = field(default_factory=time.perf_counter)
    thread: threading.Thread | None = None


class Worker:
    """Starts jobs on threads and delivers their results on the Tk thread.

    ``start(name, fn, on_done, on_error)`` runs ``fn(cancel_event)`` on a daemon thread;
    when it returns, ``on_done(result, seconds)`` is called from the Tk main loop; when
    it raises, ``on_error(exc)``.  ``on_busy(bool)`` is told when work starts and stops.
    """

    def __init__(self, widget, *, poll_ms: int = 25, on_busy: Callable[[bool, str], None] | None = None):
        self._widget = widget
        self._poll_ms = poll_ms
        self._on_busy = on_busy or (lambda busy, name: None)
        self._queue: queue.Queue = queue.Queue()
        self._job: Job | None = None
        self._after_id: str | None = None
        self._closing = False

    @property
    def busy(self) -> bool:
        """True while a job is running."""
        return self._job is not None

    @property
    def job_name(self) -> str | None:
        return self._job.name if self._job else None

    def start(self, name: str, fn: Callable[[threading.Event], Any],
              on_done: Callable[[Any, float], None],
              on_error: Callable[[BaseException], None]) -> Job:
        """Run ``fn(cancel)`` in the background (cancelling any running job first)."""
        if self._closing:
            raise RuntimeError("the worker is shut down")
        if self._job is not None:
            self._job.cancel.set()
        job = Job(name)
        self._job = job

        def run() -> None:
            try:
                result = fn(job.cancel)
            except BaseException as exc:  # delivered to the Tk thread, never lost
                self._queue.put((job, "error", exc, time.perf_counter() - job.started))
            else:
                self._queue.put((job, "done", result, time.perf_counter() - job.started))

        job.callbacks = (on_done, on_error)  # type: ignore[attr-defined]
        job.thread = threading.Thread(target=run, name=f"sudoku-{name}", daemon=True)
        job.thread.start()
        self._on_busy(True, name)
        self._schedule()
        return job

    def cancel(self) -> bool:
        """Ask the running job to stop (its result is then dropped); False when idle."""
        job = self._job
        if job is None:
            return False
        job.cancel.set()
        self._job = None
        self._on_busy(False, job.name)
        return True

    def shutdown(self) -> None:
        """Cancel the job and stop polling (call before destroying the root)."""
        self._closing = True
        if self._job is not None:
            self._job.cancel.set()
            self._job = None
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

    # -- polling on the Tk thread -------------------------------------------
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
            self._on_busy(False, job.name)
            on_done, on_error = job.callbacks
            if kind == "done":
                on_done(value, seconds)
            else:
                on_error(value)
        if self._job is not None:
            self._schedule()
