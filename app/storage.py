"""Files the app writes: the state file (the grid survives every close) and saved puzzles.

Every write is atomic: the text goes to a temporary file in the same folder
(``.<name>.<random>.tmp``), which then replaces the target with ``os.replace``, so a
crash mid-write leaves the old file intact.  A new file gets the user's umask, like any
program's (0644 or 0664, not 0600), so a worksheet saved into a shared folder can be
shared; a file written over keeps its mode.  A temporary file left behind by a killed
save is removed the next time the state is read (at start), once it is a minute old,
so a second window that is saving at that moment is never disturbed.

The state file is read with a size limit checked before reading (``MAX_STATE_BYTES``);
a file over it, one that is not JSON, nested too deeply to read, or not a regular file,
is renamed aside (``state.json.corrupt-<timestamp>``) and reported, never fatal.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import stat
import time
from pathlib import Path

__all__ = ["atomic_write_text", "read_state", "write_state", "set_aside", "remove_leftovers",
           "StateError", "STATE_VERSION", "MAX_STATE_BYTES"]

STATE_VERSION = 1
# A state file holds one board and a few settings (about 1 KB); 1 MB is plenty.
MAX_STATE_BYTES = 1_000_000
# A temporary file of ours older than this is a leftover of a killed save.
LEFTOVER_AGE_S = 60.0
_TMP_NAME = re.compile(r"\.(?P<target>.+)\.[0-9a-f]{16}\.tmp\Z|\.(?P<old>.+)\.[a-z0-9_]{8}\.tmp\Z")


class StateError(Exception):
    """The state file could not be read; ``str(e)`` says why for people, ``.aside`` where it went."""

    def __init__(self, message: str, aside: Path | None = None):
        super().__init__(message)
        self.aside = aside


def _size(n: int) -> str:
    return f"{n / 1e9:.1f} GB" if n >= 1e9 else f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n:,} bytes"


def _old_mode(path: Path) -> int | None:
    """The permission bits of the regular file at ``path``, None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return stat.S_IMODE(st.st_mode) if stat.S_ISREG(st.st_mode) else None


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file and ``os.replace`` (OSError on failure)."""
    path = Path(path)
    keep = _old_mode(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = path.with_name(f".{path.name}.{secrets.token_hex(8)}.tmp")
        try:
            # 0o666: the umask decides, as for any new file (mkstemp would force 0o600)
            fd = os.open(tmp, flags, 0o666 if keep is None else 0o600)
            break
        except FileExistsError:
            continue
    else:
        raise FileExistsError(f"no free temporary name next to {path}")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            if keep is not None and hasattr(os, "fchmod"):
                os.fchmod(f.fileno(), keep)  # a file written over keeps its mode
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def remove_leftovers(path: Path, age: float = LEFTOVER_AGE_S) -> list[Path]:
    """Delete our temporary files for ``path`` older than ``age`` seconds; the ones removed."""
    removed = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        m = _TMP_NAME.match(entry.name)
        if not m or (m.group("target") or m.group("old")) != path.name:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime >= age:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            pass
    return removed


def read_state(path: Path) -> dict | None:
    """The saved state dict, None when there is no state file, StateError when it is unreadable.

    The size is checked before reading (``MAX_STATE_BYTES``).  A damaged file (too big,
    not JSON, nested too deeply, not a JSON object, not a regular file) is renamed aside
    (``state.json.corrupt-<timestamp>``) so it is never read again and never overwritten.
    Leftover temporary files of killed saves are removed first.
    """
    path = Path(path)
    remove_leftovers(path)
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            # a folder or a pipe named state.json: opening a pipe would hang the start
            why = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
            raise _damaged(path, f"{path.name} is {why}")
        if st.st_size > MAX_STATE_BYTES:
            raise _damaged(path, f"the file is {_size(st.st_size)}; a state file is at most "
                                 f"{_size(MAX_STATE_BYTES)}")
        with open(path, "rb") as f:
            raw = f.read(MAX_STATE_BYTES + 1)
    except FileNotFoundError:
        return None
    except StateError:
        raise
    except OSError as exc:
        raise StateError(f"the saved grid could not be read from {path} "
                         f"({exc.strerror or exc})") from exc
    if len(raw) > MAX_STATE_BYTES:  # it grew between stat and read
        raise _damaged(path, f"the file is over {_size(MAX_STATE_BYTES)}")
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise _damaged(path, "it is nested too deeply to read") from None
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
        raise _damaged(path, str(exc)) from None
    if not isinstance(data, dict):
        raise _damaged(path, "not a JSON object")
    return data


def _damaged(path: Path, why: str) -> StateError:
    return StateError(f"the saved grid was damaged ({why})", set_aside(path))


def set_aside(path: Path) -> Path | None:
    """Rename a bad state file to ``<name>.corrupt-<timestamp>``; the new path, or None."""
    aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
    try:
        os.replace(path, aside)
    except OSError:
        return None
    return aside


def write_state(path: Path, data: dict) -> None:
    """Save ``data`` as JSON atomically (OSError on failure)."""
    payload = dict(data, version=STATE_VERSION)
    atomic_write_text(path, json.dumps(payload, indent=1, sort_keys=True) + "\n")
