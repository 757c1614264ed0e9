"""Cancelling long work: the :class:`Cancelled` exception and the one token check.

Every function that may run long (search, diagnose, the backtracking walks,
techniques' logical path, the generator) takes an optional ``cancel`` token:
any object with ``is_set()`` (a ``threading.Event`` in the app).  When it is
set they raise :class:`Cancelled`; :func:`check` is that test, written once.

Hot loops look at the token only every so many steps and may inline the
test (``cancel is not None and cancel.is_set()``) to save a call; they raise
the same :class:`Cancelled`.
"""
from __future__ import annotations

import time

__all__ = ["Cancelled", "Deadline", "WorkBudget", "Looks", "check"]


class Cancelled(Exception):
    """Raised when the cancel token passed to a search is set mid-search."""


def check(cancel, message: str = "") -> None:
    """Raise :class:`Cancelled` (with ``message``) when ``cancel`` is given and set."""
    if cancel is not None and cancel.is_set():
        raise Cancelled(message) if message else Cancelled()


class Deadline:
    """A cancel token for a search with a time budget: set when the caller's ``cancel`` is,
    or when ``seconds`` have passed.  A search run under it that raises :class:`Cancelled`
    ran out of time unless :meth:`reraise_if_cancelled` says the caller cancelled."""

    def __init__(self, cancel, seconds: float):
        self.cancel = cancel
        self.end = time.monotonic() + seconds

    def is_set(self) -> bool:
        if self.cancel is not None and self.cancel.is_set():
            return True
        return time.monotonic() > self.end

    def expired(self) -> bool:
        """True when the time is up (whatever the caller's token says)."""
        return time.monotonic() > self.end

    def reraise_if_cancelled(self, message: str = "") -> None:
        """Inside ``except Cancelled``: raise again when the caller cancelled (not just time)."""
        check(self.cancel, message)


class WorkBudget:
    """A cancel token for a search with a budget of work rather than of time, so that what
    it finds does not depend on how busy the machine is: set when the caller's ``cancel``
    is, or when the searches given ``stats`` (a ``solver.search.SearchStats``) have
    counted ``nodes`` more positions than when the budget began.  The count grows when a
    search ends, so a search cut short is cut at the same place on every run.  ``seconds``
    of CPU time of the calling thread are a safety net that normal work never reaches."""

    def __init__(self, cancel, nodes: int, stats, seconds: float):
        self.cancel = cancel
        self.stats = stats
        self.end = stats.nodes + nodes
        self.cpu_end = time.thread_time() + seconds

    def is_set(self) -> bool:
        if self.cancel is not None and self.cancel.is_set():
            return True
        return self.expired()

    def expired(self) -> bool:
        """True when the work is used up (whatever the caller's token says)."""
        return self.stats.nodes >= self.end or time.thread_time() > self.cpu_end

    def reraise_if_cancelled(self, message: str = "") -> None:
        """Inside ``except Cancelled``: raise again when the caller cancelled (not the budget)."""
        check(self.cancel, message)


class Looks:
    """A cancel token that is set after ``limit`` looks (a search looks once at the start
    and then every 1,024 positions): a cap on one search's work, the same on every run."""

    def __init__(self, cancel, limit: int):
        self.cancel = cancel
        self.left = limit

    def is_set(self) -> bool:
        if self.cancel is not None and self.cancel.is_set():
            return True
        self.left -= 1
        return self.left < 0
