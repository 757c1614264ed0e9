"""Files the app writes: the state file (the grid survives every close), the settings file
and saved puzzles.

**State and settings.**  ``state.json`` keeps what you were doing (the board with your notes,
Notes mode, the open collection and file); ``settings.json`` keeps how you like the app
(:data:`SETTINGS`: live check, auto-advance, tidy notes, zoom, window size).  They live in
different folders on Linux (app/platform.py: state under ``$XDG_STATE_HOME``, settings under
``$XDG_CONFIG_HOME``), so a user can copy or reset one without the other.  Up to version 1.0.0
every setting was kept in ``state.json``: :func:`move_settings_out` moves them into the
settings file once (app/session.py also reads them from there while no settings file exists).

**Adding a setting** (e.g. the interface language): add one :class:`Setting` to
:data:`SETTINGS` below (its default, its type, one line saying what it is), and give the
feature that owns it ``settings()`` / ``restore_settings(data)`` methods (app/session.py
collects and hands them over; see app/features/notes.py).  A key that is not in :data:`SETTINGS`
stays in the state file.  :func:`read_settings` drops a value of the wrong type or out of
its range (``Setting.valid``: a zoom of ``1e400``, a window ``Infinity`` wide), so the
feature gets its default instead, and app/session.py names the key in the status line.

Every write is atomic: the text goes to a temporary file in the same folder
(``.<name>.<random>.tmp``), which then replaces the target with ``os.replace``, so a
crash mid-write leaves the old file intact.  A new file gets the user's umask, like any
program's (0644 or 0664, not 0600), so a worksheet saved into a shared folder can be
shared; a file written over keeps its mode.  A temporary file left behind by a killed
save is removed the next time the state is read (at start), once it is a minute old,
so a second window that is saving at that moment is never disturbed.

The state and settings files are read with ``solver.read_bounded`` (regular files only,
opened without blocking, a size limit checked before reading: ``MAX_STATE_BYTES``); a
file over it, one that is not JSON, nested too deeply to read, or not a regular file (a
pipe, a link to /dev/zero), is renamed aside (``state.json.corrupt-<timestamp>``) and
reported, never fatal.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import solver

from .wording import N_, _, say, say_n

__all__ = ["atomic_write_text", "read_state", "peek_state", "write_state", "set_aside", "remove_leftovers",
           "StateError", "STATE_VERSION", "MAX_STATE_BYTES", "Setting", "SETTINGS",
           "split_settings", "check_settings", "within", "ZOOM_RANGE", "MAX_WINDOW_PX", "MAX_COLLECTION_INDEX",
           "read_settings", "write_settings", "move_settings_out"]

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
    return say("{x:1} GB", x=n / 1e9) if n >= 1e9 else say("{x:1} MB", x=n / 1e6) if n >= 1e6 \
        else say_n("{n:n} byte", "{n:n} bytes", n)


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


def read_state(path: Path, what: str = N_("the saved grid"), aside: bool = True) -> dict | None:
    """The saved state dict, None when there is no state file, StateError when it is unreadable.

    Read with ``solver.read_bounded`` (the one reader of the app's own files): a pipe or a
    device named state.json (a link to /dev/zero) is refused without blocking, a file over
    ``MAX_STATE_BYTES`` by its size, before reading.  A damaged file (too big, not JSON,
    nested too deeply, not a JSON object, not a regular file) is renamed aside
    (``state.json.corrupt-<timestamp>``) so it is never read again and never overwritten;
    ``aside=False`` leaves it where it is (a folder the app may not write to).
    Leftover temporary files of killed saves are removed first.
    """
    path = Path(path)
    if aside:
        remove_leftovers(path)
    damaged = _damaged if aside else _unreadable
    try:
        raw = solver.read_bounded(path, MAX_STATE_BYTES)
    except FileNotFoundError:
        return None
    except solver.FileRefused as exc:
        if exc.reason == "folder":
            why = say("{name} is a folder", name=path.name)
        elif exc.reason == "not_regular":  # a pipe would hang the start, /dev/zero never ends
            why = say("{name} is not a regular file", name=path.name)
        elif exc.size is not None:
            why = say("the file is {size}; a state file is at most {most}", size=_size(exc.size),
                      most=_size(MAX_STATE_BYTES))
        else:  # it grew while it was read
            why = say("the file is over {most}", most=_size(MAX_STATE_BYTES))
        raise damaged(path, why, what) from None
    except OSError as exc:
        raise StateError(say("{what} could not be read from {path} ({why})", what=_(what), path=str(path),
                             why=exc.strerror or exc)) from exc
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise damaged(path, _("it is nested too deeply to read"), what) from None
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
        raise damaged(path, str(exc), what) from None
    if not isinstance(data, dict):
        raise damaged(path, _("not a JSON object"), what)
    return data


def peek_state(path: Path | None) -> dict | None:
    """The JSON object in ``path`` (a state or settings file), or None: only reads, never sets
    aside, never raises, never blocks (app/features/language.py reads the language with it
    before the window is built; :func:`read_state` reports a damaged file later)."""
    if path is None:
        return None
    try:
        data = json.loads(solver.read_bounded(path, MAX_STATE_BYTES).decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # a decoding error is a ValueError
        return None
    return data if isinstance(data, dict) else None


def _damaged(path: Path, why: str, what: str = N_("the saved grid")) -> StateError:
    return StateError(say("{what} was damaged ({why})", what=_(what), why=why), set_aside(path))


def _unreadable(path: Path, why: str, what: str = N_("the saved grid")) -> StateError:
    return StateError(say("{what} was damaged ({why})", what=_(what), why=why))


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


# -- settings ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Setting:
    """One key of the settings file: its ``default``, the JSON ``kind`` it must have, what it
    is, and (``valid``) what else its value must be: a number within its range, say."""

    default: Any
    kind: type | tuple[type, ...]
    doc: str
    valid: Callable[[Any], bool] | None = None

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` has this setting's type (a JSON ``true`` is no number) and is valid."""
        if isinstance(value, bool) and bool not in (self.kind if isinstance(self.kind, tuple) else (self.kind,)):
            return False
        return isinstance(value, self.kind) and (self.valid is None or bool(self.valid(value)))


#: the grid's zoom factor: the range Ctrl+plus / Ctrl+minus allow (app/window/cells.py)
ZOOM_RANGE = (0.5, 3.0)
#: a window's saved width or height (pixels) at most: no screen is 100,000 pixels wide
MAX_WINDOW_PX = 100_000
#: the open collection's puzzle number at most (a 16 MB file holds about 200,000)
MAX_COLLECTION_INDEX = 10_000_000


def within(value: Any, low: float, high: float) -> bool:
    """Whether ``value`` is a number (not a bool) from ``low`` to ``high``: never NaN or an
    infinity, never an integer too large to be a float (JSON allows ``1`` and 400 zeros,
    ``Infinity`` and ``NaN``, and ``float()`` of such a number raises OverflowError).  The
    comparisons alone decide: they never convert."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high


def _window_size_ok(value: dict) -> bool:
    return all(key not in value or within(value[key], 0, MAX_WINDOW_PX) for key in ("width", "height"))


#: Every key of ``settings.json`` (the rest of what app/session.py saves is state).
SETTINGS: dict[str, Setting] = {
    "live_check": Setting(True, bool, "View ▸ Live rule check"),
    "auto_advance": Setting(True, bool, "View ▸ Move to the next cell after a digit"),
    "tidy_notes": Setting(True, bool, "Edit ▸ A placed digit leaves its peers' notes"),
    "zoom": Setting(1.0, (int, float), "the grid's zoom factor (Ctrl+plus / Ctrl+minus)",
                    lambda v: within(v, *ZOOM_RANGE)),
    "window": Setting(None, dict, "the window's size, app/window/layout.py WindowSize", _window_size_ok),
    "language": Setting("system", str, "View ▸ Language: \"system\" or en, de, fr, es (app/features/language.py)"),
}


def split_settings(data: dict) -> tuple[dict, dict]:
    """(state, settings): ``data``'s keys that are not in :data:`SETTINGS`, and those that are."""
    state = {k: v for k, v in data.items() if k not in SETTINGS}
    settings = {k: v for k, v in data.items() if k in SETTINGS}
    return state, settings


def check_settings(data: dict) -> tuple[dict, list[str]]:
    """(the :data:`SETTINGS` keys of ``data`` whose values can be used, the sorted keys of
    those whose values cannot: the wrong type, out of range, not finite)."""
    good = {k: v for k, v in data.items() if k in SETTINGS and SETTINGS[k].accepts(v)}
    return good, sorted(k for k in data if k in SETTINGS and k not in good)


def read_settings(path: Path) -> dict | None:
    """The settings file's known keys with values that can be used; None when there is no file.

    A damaged file is set aside as :func:`read_state` does (StateError); a key not in
    :data:`SETTINGS` (a newer version's) or a value of the wrong type or out of range
    (:func:`check_settings`) is left out, so its default applies.
    """
    data = read_state(path, N_("the settings file"))
    if data is None:
        return None
    return check_settings(data)[0]


def write_settings(path: Path, settings: dict) -> None:
    """Save the :data:`SETTINGS` keys of ``settings`` atomically (OSError on failure)."""
    write_state(path, split_settings(settings)[1])


def move_settings_out(state_path: Path, settings_path: Path) -> list[str]:
    """Move the settings an older version kept in the state file into the settings file, once.

    Only when there is no settings file yet: the settings file is written first, then the
    state file without them, so a crash in between loses nothing (the state file's copy is
    ignored once the settings file exists).  The keys moved (sorted); never raises: an
    unreadable or unwritable file is left as it is, and app/session.py still reads the
    settings from the state file then.
    """
    try:
        if os.path.lexists(settings_path):
            return []
        # bounded, never a pipe or a device: read_state sets those aside, with its message, at start
        data = json.loads(solver.read_bounded(state_path, MAX_STATE_BYTES).decode("utf-8"))
        if not isinstance(data, dict):
            return []
        state, settings = split_settings(data)
        if not settings:
            return []
        write_settings(settings_path, settings)
        state.pop("version", None)
        write_state(state_path, state)
    except (OSError, ValueError, RecursionError):  # a damaged file is app/session.py's to report
        return []
    return sorted(settings)
