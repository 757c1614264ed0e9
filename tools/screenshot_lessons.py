"""Take the lessons' screenshots: ``python tools/screenshot_lessons.py [OUT_DIR]``.

Starts a private Xvfb at 1024x768 (a classroom projector) when ``DISPLAY`` is not set, opens
the real window (``build_window``) with a temporary state folder, and saves the first step
of each built-in lesson as ``docs/lesson-NAME.png`` (the lesson runs in the presentation view,
full screen).  Needs: Xvfb (or a display), ImageMagick's ``import``.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from xdisplay import grab, pump, start_xvfb, stop_xvfb  # noqa: E402


def main(argv: list[str]) -> int:
    out_dir = Path(argv[0]) if argv else ROOT / "docs"
    if not shutil.which("import"):
        raise SystemExit("screenshot_lessons: ImageMagick's `import` is needed")
    xvfb = start_xvfb("1024x768x24")
    os.environ["SUDOKU_SOLVER_HOME"] = tempfile.mkdtemp(prefix="sudoku-shot-")
    try:
        import tkinter as tk

        from app.__main__ import build_window
        from app.features.lessons.format import builtin_lessons

        root = tk.Tk(className="SudokuSolver")
        form, controller = build_window(root, None)
        controller.start()
        lessons = controller.features["lessons"]
        out_dir.mkdir(parents=True, exist_ok=True)
        for lesson in builtin_lessons():
            lessons.start(lesson)
            pump(root, 0.8)
            grab(root, form, out_dir / f"lesson-{lesson.name}.png", with_menu=False)
            lessons.leave()
            pump(root, 0.3)
        root.destroy()
    finally:
        stop_xvfb(xvfb)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
