"""Take the README's screenshot of the real window: ``python tools/screenshot.py [OUT.png]``.

Starts a private Xvfb when ``DISPLAY`` is not set, opens the app with a temporary
state folder, loads the "mistyped given" example, types three entries (one repeats a digit),
runs Check puzzle (the real ``solver.diagnose`` on the worker thread), selects the
likeliest slip ("R1c1: you typed 3, the puzzle works with 7 there"), and
saves the window (with its menu bar) to ``docs/screenshot.png`` using ImageMagick's
``import``.  Needs: Xvfb (or a display), ImageMagick.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xdisplay import pump, start_xvfb, stop_xvfb  # noqa: E402



def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshot.png"
    if not shutil.which("import"):
        raise SystemExit("screenshot: ImageMagick's `import` is needed")
    xvfb = start_xvfb("1400x1000x24", "screenshot")
    os.environ["SUDOKU_SOLVER_HOME"] = tempfile.mkdtemp(prefix="sudoku-shot-")
    try:
        import tkinter as tk

        from app.__main__ import build_window

        root = tk.Tk(className="SudokuSolver")
        root.geometry("+0+0")
        form, controller = build_window(root, None)
        controller.start()
        controller.files.load_example("mistyped")
        controller.cell_input((1, 1), 1)  # three of "your" digits, in the entry style;
        controller.cell_input((4, 3), 7)
        controller.cell_input((4, 5), 9)  # this one repeats the 9 of r5c7 (live rule check)
        form.action_map.fire("check")
        pump(root, 10, until=lambda: not controller.worker.busy)
        slip = next(i for i, (msg, cells) in enumerate(controller.findings) if "you typed" in msg)
        form.findings_panel.select(slip)
        form.cell_grid.focus_cell((4, 4))
        pump(root, 0.5)
        out.parent.mkdir(parents=True, exist_ok=True)
        # No window manager under Xvfb: grab the screen and crop to the window plus its menu bar.
        x, y = root.winfo_rootx(), root.winfo_rooty()
        w, h = root.winfo_width(), root.winfo_height()
        top = max(0, y - form.menubar.winfo_reqheight()) if y > 0 else 0
        subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h + y - top}+{x}+{top}", "+repage",
                        str(out)], check=True)
        print(f"saved {out} ({root.winfo_width()}x{root.winfo_height()}); status: {form.status_text()}")
        controller.close()
    finally:
        stop_xvfb(xvfb)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
