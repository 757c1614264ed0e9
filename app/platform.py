"""Where the app keeps its files, and start-up tweaks that depend on the platform.

The app's files are its state (``state.json``: the grid, your notes, the open collection;
the log ``app.log``), in :func:`user_data_dir`, and its settings (``settings.json``: live
check, auto-advance, zoom, window size, ...; app/storage.py ``SETTINGS``), in
:func:`user_config_dir`.  They go to the platform's per-user folders for such files, never
next to the executable or into PyInstaller's temporary folder:

* Windows: both in ``%APPDATA%\\SudokuSolver`` (roaming: a student's grid and settings follow
  them to another school computer)
* macOS: both in ``~/Library/Application Support/SudokuSolver``
* elsewhere: state in ``$XDG_STATE_HOME/sudoku-solver`` (default ``~/.local/state/sudoku-solver``),
  the XDG spec's place for state that persists between runs but is not a document; settings in
  ``$XDG_CONFIG_HOME/sudoku-solver`` (default ``~/.config/sudoku-solver``).  A relative
  XDG_STATE_HOME or XDG_CONFIG_HOME is ignored, as the spec says.

``SUDOKU_SOLVER_HOME`` overrides all of them: state and settings both go there (the tests use it).

Up to version 1.0.0 the Linux folder was ``$XDG_DATA_HOME/sudoku-solver`` (default
``~/.local/share/sudoku-solver``).  :func:`migrate_old_files` moves its files once, at
start, into the new folder when they are not there yet; the old folder is removed when
that leaves it empty.

A folder that cannot be used (the name is a file, it cannot be created, it is read-only)
never stops the app: :func:`usable_data_dir` says why in one line, and the app runs
without saving its state.
"""
from __future__ import annotations

import os
import secrets
import shutil
import sys
from pathlib import Path

from .wording import N_, _, say

__all__ = ["user_data_dir", "usable_data_dir", "user_config_dir", "usable_config_dir", "old_data_dirs", "migrate_old_files",
           "MIGRATED_FILES", "enable_dpi_awareness", "windows_work_area"]

#: the files moved from an old folder, in this order (the state first: it matters most)
MIGRATED_FILES = ("state.json", "app.log", "app.log.1")


def _xdg(variable: str, *default: str) -> Path:
    """An XDG base folder: the variable when it is an absolute path, else ``~/<default>``."""
    value = os.environ.get(variable, "")
    return Path(value) if os.path.isabs(value) else Path.home().joinpath(*default)


def user_data_dir(create: bool = True) -> Path:
    """The per-user folder for the app's files: its state and log (created on demand)."""
    override = os.environ.get("SUDOKU_SOLVER_HOME")
    if override:
        path = Path(override)
    elif sys.platform == "win32":
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        path = Path(base) / "SudokuSolver"
    elif sys.platform == "darwin":
        path = Path.home() / "Library" / "Application Support" / "SudokuSolver"
    else:
        path = _xdg("XDG_STATE_HOME", ".local", "state") / "sudoku-solver"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def user_config_dir(create: bool = True) -> Path:
    """The per-user folder for the settings file (created on demand); on Windows and macOS,
    and under ``SUDOKU_SOLVER_HOME``, the same folder as :func:`user_data_dir`."""
    if os.environ.get("SUDOKU_SOLVER_HOME") or sys.platform in ("win32", "darwin"):
        return user_data_dir(create)
    path = _xdg("XDG_CONFIG_HOME", ".config") / "sudoku-solver"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def usable_data_dir() -> tuple[Path | None, str | None]:
    """(folder, None) when the per-user folder exists or was created and is writable, else
    (None, a one-line message saying what is wrong, where, and that the grid is not saved)."""
    return _usable(user_data_dir(create=False), N_("Your grid will not be saved"))


def usable_config_dir() -> tuple[Path | None, str | None]:
    """As :func:`usable_data_dir`, for the settings folder (app/__main__.py then keeps the
    settings in the state file)."""
    return _usable(user_config_dir(create=False), N_("Your settings are kept with the grid"))


def _usable(path: Path, what: str) -> tuple[Path | None, str | None]:
    where = say("{path} (set by SUDOKU_SOLVER_HOME)", path=str(path)) if os.environ.get("SUDOKU_SOLVER_HOME") \
        else str(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # exist_ok covers folders only: the name is taken by a file
        return None, say("{what}: {where} is a file, not a folder.", what=_(what), where=where)
    except OSError as exc:
        why = exc.strerror or str(exc)
        if isinstance(exc, NotADirectoryError):
            why = _("a part of the path is a file")
        return None, say("{what}: cannot create the folder {where}: {why}.", what=_(what), where=where, why=why)
    if not os.access(path, os.W_OK | os.X_OK):
        return None, say("{what}: the folder {where} is read-only.", what=_(what), where=where)
    return path, None


def old_data_dirs() -> list[Path]:
    """Folders where older versions kept the files of :func:`user_data_dir` (none when
    ``SUDOKU_SOLVER_HOME`` is set: that folder never moved)."""
    if os.environ.get("SUDOKU_SOLVER_HOME") or sys.platform in ("win32", "darwin"):
        return []
    return [_xdg("XDG_DATA_HOME", ".local", "share") / "sudoku-solver"]


def migrate_old_files(folder: Path) -> list[Path]:
    """Move the files of :func:`old_data_dirs` into ``folder`` once; the new paths moved.

    A file is moved only when ``folder`` has none of that name, so a newer state is never
    replaced and nothing is moved twice.  Each move is atomic: a hard link then the old
    name removed (the link fails, rather than overwrite, when a second window moved it
    first); on another file system, a copy under a temporary name renamed into place.
    The old folder is removed when that leaves it empty.  Never raises: a file that cannot
    be moved stays where it was."""
    moved = []
    for old_dir in old_data_dirs():
        if not old_dir.is_dir() or old_dir.resolve() == Path(folder).resolve():
            continue
        for name in MIGRATED_FILES:
            old, new = old_dir / name, Path(folder) / name
            try:
                if old.is_file() and not new.exists() and _move(old, new):
                    moved.append(new)
            except OSError:
                pass
        try:
            old_dir.rmdir()  # only when empty
        except OSError:
            pass
    return moved


def _move(old: Path, new: Path) -> bool:
    """Move ``old`` to ``new`` atomically unless ``new`` exists; False when it did."""
    try:
        os.link(old, new)
    except FileExistsError:
        return False
    except OSError:  # another file system, or one without hard links
        # the name storage.remove_leftovers cleans up after a crash
        tmp = new.with_name(f".{new.name}.{secrets.token_hex(8)}.tmp")
        try:
            shutil.copy2(old, tmp)
            if new.exists():
                os.unlink(tmp)
                return False
            os.replace(tmp, new)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    os.unlink(old)
    return True


def enable_dpi_awareness() -> None:
    """On Windows, declare DPI awareness before the first window (no-op elsewhere).

    Without it Windows bitmap-stretches the window on scaled displays and the grid is blurry.
    Once aware, Tk reads the real DPI at start-up, so ``tk scaling`` and every font sized in
    points follow the display's scaling.  System-aware (1), not per-monitor (2): Tk 8.6 does
    not handle WM_DPICHANGED, so on a second monitor with another scaling Windows should
    still stretch the window; IDLE makes the same call (Lib/idlelib/pyshell.py).
    """
    if sys.platform != "win32":
        return
    try:
        import ctypes

        try:
            ctypes.windll.shcore.SetProcessDpiAwareness(1)  # system DPI aware (Windows 8.1+)
        except (AttributeError, OSError):
            ctypes.windll.user32.SetProcessDPIAware()  # system aware (Vista+)
    except Exception:  # never stop the app from starting over a cosmetic setting
        pass


def windows_work_area() -> tuple[int, int, int, int] | None:
    """(x, y, width, height) of the Windows work area (the screen less the task bar), None elsewhere
    or when the system does not say."""
    if sys.platform != "win32":
        return None
    try:
        import ctypes
        from ctypes import wintypes

        rect = wintypes.RECT()
        if ctypes.windll.user32.SystemParametersInfoW(0x0030, 0, ctypes.byref(rect), 0):  # SPI_GETWORKAREA
            return rect.left, rect.top, rect.right - rect.left, rect.bottom - rect.top
    except Exception:  # noqa: BLE001 - any failure: fall back to the screen
        return None
    return None
