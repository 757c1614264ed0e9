"""Two windows on one user folder: each keeps its own state file, so no close overwrites the
other's grid.

The first window keeps its grid in ``state.json``; a second one started while the first is
open keeps its own in ``state-2.json`` (a third in ``state-3.json``, up to
:data:`MAX_WINDOWS`), and says so in its status line at once.  Without this, the window closed
last wrote its grid over the other's, silently (issue 25).

A window owns its state file while it holds an exclusive lock on ``<state file>.lock``
(``flock`` on POSIX, ``msvcrt.locking`` on Windows), taken without waiting at start and held
until the process ends.  The system drops the lock when the process ends in any way (a
normal close, a crash, kill -9), so a killed window's file is taken over by the next window
at once: no stale lock to judge.  The lock file holds the owner's process id for people
reading the folder; it is never trusted, since a pid is reused and a lock file can outlive
its process.  A file system that cannot lock (some network shares) keeps the old behaviour:
one ``state.json``, logged.  A read-only folder never gets here (app/__main__.py shows its
saved grid and writes nothing).
"""
from __future__ import annotations

import errno
import logging
import os
from pathlib import Path

from .wording import say

logger = logging.getLogger(__name__)

__all__ = ["claim_state_file", "later_grids", "state_file_name", "MAX_WINDOWS"]

#: windows on one folder that each keep a grid; a window after these keeps none (and says so)
MAX_WINDOWS = 9
# the file system cannot lock at all: waiting for another window would never end
_NO_LOCKING = {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL}
_held: list[int] = []  # the lock files' descriptors: open, so locked, until the process ends


def state_file_name(n: int) -> str:
    """The state file of the ``n``-th window on a folder: ``state.json``, ``state-2.json``, ..."""
    return "state.json" if n == 1 else f"state-{n}.json"


def claim_state_file(folder: Path) -> tuple[Path | None, str | None]:
    """(the state file this process keeps its grid in, a status line for a window that is not
    the first on ``folder``: None for the first).  (None, why) when :data:`MAX_WINDOWS` windows
    already keep theirs there."""
    folder = Path(folder)
    for n in range(1, MAX_WINDOWS + 1):
        path = folder / state_file_name(n)
        got = _lock(path.with_name(path.name + ".lock"))
        if got is None:  # cannot lock here: one state file, as before
            return folder / state_file_name(1), None
        if got:
            if n == 1:
                return path, None
            return path, say("Another window keeps its grid in {first}: this window keeps its own, in {path}.",
                             first=state_file_name(1), path=str(path))
    return None, say("Your grid will not be saved: {n:n} windows already keep their grids in {folder}.",
                     n=MAX_WINDOWS, folder=str(folder))


def later_grids(folder: Path) -> list[str]:
    """The names of the other windows' state files (``state-2.json`` ...) saved after
    ``state.json`` by windows no longer open: the work of a second window closed last, which
    a window started alone does not show (app/__main__.py points to it)."""
    folder = Path(folder)
    try:
        first = os.stat(folder / state_file_name(1)).st_mtime
    except OSError:
        first = 0.0
    names = []
    for n in range(2, MAX_WINDOWS + 1):
        path = folder / state_file_name(n)
        try:
            if os.stat(path).st_mtime <= first:
                continue
        except OSError:
            continue
        if _has_work(path) and _lock(path.with_name(path.name + ".lock"), keep=False):  # and no window has it open
            names.append(path.name)
    return names


def _has_work(path: Path) -> bool:
    """Whether the state file ``path`` holds a digit or a note (read bounded, never set aside)."""
    from .model import Board
    from .storage import peek_state

    data = peek_state(path)
    try:
        board = Board.from_dict((data or {}).get("board") or {})
    except (ValueError, TypeError, AttributeError):
        return False
    return bool(board.grid().filled_count or any(board.notes))


def _lock(lock: Path, keep: bool = True) -> bool | None:
    """Lock ``lock`` for this process, without waiting: True when done, False when another
    process holds it (or it cannot be opened: a link, another user's file), None when the file
    system cannot lock."""
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | nofollow, 0o644)
    except PermissionError:
        try:  # a lock file made read-only: a lock needs no write access (the pid is then not written)
            fd = os.open(lock, os.O_RDONLY | nofollow)
        except OSError as exc:
            logger.warning("cannot open the lock file %s: %s", lock, exc)
            return False
    except OSError as exc:
        logger.warning("cannot open the lock file %s: %s", lock, exc)
        return False
    try:
        _lock_fd(fd)
    except BlockingIOError:
        os.close(fd)
        return False
    except OSError as exc:
        os.close(fd)
        if exc.errno in _NO_LOCKING:
            logger.warning("cannot lock %s (%s): a second window on this folder may overwrite this one's grid",
                           lock, exc)
            return None
        logger.warning("cannot lock %s: %s", lock, exc)
        return False
    if not keep:
        os.close(fd)  # unlocks it
        return True
    try:  # for people only: who holds it
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass
    _held.append(fd)
    return True


if os.name == "nt":
    import msvcrt

    def _lock_fd(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as exc:  # "Resource deadlock avoided" / permission denied: it is held
            raise BlockingIOError(*exc.args) from None
else:
    import fcntl

    def _lock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
