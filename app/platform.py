"""Where the app keeps its files, and start-up tweaks that depend on the platform.

User data (the state file, preferences, the log) goes to the platform's per-user
folder, never next to the executable or into PyInstaller's temporary folder:

* Windows: ``%APPDATA%\\SudokuSolver``
* macOS: ``~/Library/Application Support/SudokuSolver``
* elsewhere: ``$XDG_DATA_HOME/sudoku-solver`` (default ``~/.local/share/sudoku-solver``)

``SUDOKU_SOLVER_HOME`` overrides all of them (the tests use it).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["user_data_dir", "enable_dpi_awareness"]


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
