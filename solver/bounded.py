"""Reading a file that may be hostile: regular files only, never more than a bound, never a hang.

:func:`read_bounded` is the one reader for the small files a program reads at start and
trusts least: the app's state and settings, the message catalogues, a puzzle file.  A
name can be a named pipe (opening it would wait for a writer forever), a device
(``/dev/zero`` never ends), a folder, or a file far larger than any the program writes;
each is refused with :class:`FileRefused` (an ``OSError``) before anything is read:

* the file is opened with ``O_NONBLOCK`` (a pipe opens at once, with no writer), then
  ``fstat`` on the open descriptor decides -- the file checked is the file read, even when
  the name is swapped between the two;
* anything but a regular file is refused (``reason``: ``"folder"`` or ``"not_regular"``);
* a file over ``limit`` bytes is refused by its size, and at most ``limit + 1`` bytes are
  ever read, so a file that grows while it is read is refused too (``"too_large"``).

Standard library only; no Tk.
"""
from __future__ import annotations

import errno
import os
import stat

__all__ = ["read_bounded", "FileRefused"]

_CHUNK = 1 << 20
# O_NONBLOCK: a pipe opens without waiting for a writer (Windows has no pipes by name);
# O_NOCTTY: a terminal never becomes ours
_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
          | getattr(os, "O_CLOEXEC", 0))


class FileRefused(OSError):
    """``path`` is not a regular file of at most the limit: ``reason`` is ``"folder"``,
    ``"not_regular"`` (a pipe, a device, a socket) or ``"too_large"`` (``size``: its size in
    bytes when known, else None; ``limit``: the bound)."""

    def __init__(self, path, reason: str, size: int | None = None, limit: int | None = None):
        code, text = {"folder": (errno.EISDIR, "is a folder"),
                      "not_regular": (errno.EINVAL, "not a regular file"),
                      "too_large": (errno.EFBIG, "file too large")}[reason]
        super().__init__(code, text, os.fspath(path))
        self.reason, self.size, self.limit = reason, size, limit


def read_bounded(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    :class:`FileRefused` for a folder, a pipe, a device or a file over ``limit`` (checked on
    the open file before reading, and while reading); any other ``OSError`` (missing,
    no permission) as ``os.open`` raises it.  Never blocks on a pipe or a device.
    """
    fd = os.open(path, _FLAGS)
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileRefused(path, "folder")
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(path, "not_regular")
        if st.st_size > limit:
            raise FileRefused(path, "too_large", st.st_size, limit)
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:  # it grew past the limit while it was read
            raise FileRefused(path, "too_large", None, limit)
        return b"".join(chunks)
    finally:
        os.close(fd)
