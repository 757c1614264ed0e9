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

__all__ = ["Cancelled", "check"]


class Cancelled(Exception):
    """Raised when the cancel token passed to a search is set mid-search."""


def check(cancel, message: str = "") -> None:
    """Raise :class:`Cancelled` (with ``message``) when ``cancel`` is given and set."""
    if cancel is not None and cancel.is_set():
        raise Cancelled(message) if message else Cancelled()
