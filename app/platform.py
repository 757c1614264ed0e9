"""Where the app keeps its files, and start-up tweaks that depend on the platform.

User data (the state file, preferences, the log) goes to the platform's per-user
folder, never next to the executable or into PyInstaller's temporary folder:

* Windows: ``%APPDATA%\\SudokuSolver``
* macOS: ``~/Library/Application Support/SudokuSolver``
* elsewhere: ``$XDG_DATA_HOME/sudoku-solver`` (default ``~/.local/share/sudoku-solver``)

``SUDOKU_SOLVER_HOME`` overrides all of them (the tests use it).

A folder that cannot be used (the name is a file, it cannot be created, it is read-only)
never stops the app: :func:`usable_data_dir` says why in one line, and the app runs
without saving its state.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["user_data_dir", "usable_data_dir", "enable_dpi_awareness"]


def user_data_dir(create: bool = True) -> Path:
    """The per-user folder for the app's files (created on demand)."""
    override = os.environ.get("SUDOKU_SOLVER_HOME")
    if override:
        path = Path(override)
    elif sys.platform == "win32":
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        path = Path(base) / "SudokuSolver"
    elif sys.platform == "darwin":
        path = Path.home() / "Library" / "Application Support" / "SudokuSolver"
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        path = Path(base) / "sudoku-solver"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def usable_data_dir() -> tuple[Path | None, str | None]:
    """(folder, None) when the per-user folder exists or was created and is writable, else
    (None, a one-line message saying what is wrong, where, and that the grid is not saved)."""
    path = user_data_dir(create=False)
    where = f"{path} (set by SUDOKU_SOLVER_HOME)" if os.environ.get("SUDOKU_SOLVER_HOME") else str(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # exist_ok covers folders only: the name is taken by a file
        return None, f"Your grid will not be saved: {where} is a file, not a folder."
    except OSError as exc:
        why = exc.strerror or str(exc)
        if isinstance(exc, NotADirectoryError):
            why = "a part of the path is a file"
        return None, f"Your grid will not be saved: cannot create the folder {where}: {why}."
    if not os.access(path, os.W_OK | os.X_OK):
        return None, f"Your grid will not be saved: the folder {where} is read-only."
    return path, None


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
