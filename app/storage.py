"""Files the app writes: the state file (the grid survives every close) and saved puzzles.

Every write is atomic: the text goes to a temporary file in the same folder, which then
replaces the target with ``os.replace``, so a crash mid-write leaves the old file intact.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

__all__ = ["atomic_write_text", "read_state", "write_state", "StateError", "STATE_VERSION"]

STATE_VERSION = 1
MAX_STATE_BYTES = 1_000_000


class StateError(Exception):
    """The state file could not be read; ``str(e)`` says why for people, ``.aside`` where it went."""

    def __init__(self, message: str, aside: Path | None = None):
        super().__init__(message)
        self.aside = aside


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file and ``os.replace`` (OSError on failure)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
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


def read_state(path: Path) -> dict | None:
    """The saved state dict, None when there is no state file, StateError when it is corrupt.

    A corrupt file is renamed aside (``state.json.corrupt-<timestamp>``) so it is never
    read again and never overwritten.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StateError(f"the saved grid could not be read ({exc.strerror or exc})") from exc
    try:
        if len(raw) > MAX_STATE_BYTES:
            raise ValueError("the file is too large")
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        return data
    except (ValueError, UnicodeDecodeError) as exc:
        aside = set_aside(path)
        raise StateError(f"the saved grid was damaged ({exc})", aside) from exc


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
