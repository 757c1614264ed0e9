"""Shared helpers for the tools that drive the real window: a private Xvfb, pumping Tk, grabbing the screen.

Used by screenshot*.py, bench_demo.py and measure_startup.py (run them as
``python tools/NAME.py``; the tools folder is then on ``sys.path``).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path


def start_xvfb(size: str = "1600x900x24", who: str = "tools") -> subprocess.Popen | None:
    """Start a private Xvfb and export DISPLAY; None when a display is already set."""
    if os.environ.get("DISPLAY"):
        return None
    if not shutil.which("Xvfb"):
        raise SystemExit(f"{who}: no DISPLAY and no Xvfb (apt-get install xvfb)")
    for n in range(150, 200):
        if Path(f"/tmp/.X{n}-lock").exists() or Path(f"/tmp/.X11-unix/X{n}").exists():
            continue
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", size, "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists() or proc.poll() is not None:
                break
            time.sleep(0.05)
        if proc.poll() is None:
            os.environ["DISPLAY"] = f":{n}"
            return proc
    raise SystemExit(f"{who}: could not start Xvfb")


def stop_xvfb(proc: subprocess.Popen | None) -> None:
    if proc is not None:
        proc.terminate()
        proc.wait(5)


def pump(root, seconds: float, until=None) -> None:
    """Run Tk's event loop for ``seconds`` (or until ``until()`` is true)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        root.update()
        if until is not None and until():
            return
        time.sleep(0.01)


def grab(root, form, out: Path, with_menu: bool = True) -> None:
    """Save the window (plus its menu bar) by cropping the screen: Xvfb has no window manager."""
    root.update_idletasks()
    x, y = root.winfo_rootx(), root.winfo_rooty()
    w, h = root.winfo_width(), root.winfo_height()
    top = max(0, y - form.menubar.winfo_reqheight()) if (with_menu and y > 0) else y
    subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h + y - top}+{x}+{top}", "+repage", str(out)],
                   check=True)
    print(f"saved {out} ({w}x{h + y - top})")
