"""Take the README's classroom-mode screenshots: ``python tools/screenshot_demo.py [OUT_DIR]``.

Starts a private Xvfb (1600x900, a projector's 16:9) when ``DISPLAY`` is not set, opens
the real window with a temporary state folder, loads the "Hard" example, counts the three
strategies (Compare, on the worker thread), plays the classic search at full speed for a
moment, then steps on to a rejected digit, and saves:

* ``docs/demo.png`` -- the normal window mid-run: a reject with its reason, the peer
  marked, the counters and the comparison table;
* ``docs/presentation.png`` -- the same moment in the presentation view (F11).

Needs: Xvfb (or a display), ImageMagick's ``import``.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xdisplay import grab, pump, start_xvfb, stop_xvfb  # noqa: E402



def main(argv: list[str]) -> int:
    out_dir = Path(argv[0]) if argv else ROOT / "docs"
    if not shutil.which("import"):
        raise SystemExit("screenshot_demo: ImageMagick's `import` is needed")
    xvfb = start_xvfb("1600x900x24", "screenshot_demo")
    os.environ["SUDOKU_SOLVER_HOME"] = tempfile.mkdtemp(prefix="sudoku-shot-")
    try:
        import tkinter as tk

        from app.__main__ import build_window

        root = tk.Tk(className="SudokuSolver")
        root.geometry("+0+0")
        form, controller = build_window(root, None)  # the real window, every feature installed
        demo = controller.features["demo"]
        controller.start()
        controller.files.load_example("hard")
        pump(root, 0.3)
        demo.counts.compare()
        demo.counts.wait(60)
        demo.start("row-major")
        demo.playback.set_speed(None)
        demo.playback.play()
        pump(root, 10, until=lambda: demo.run.pos >= 12_000)
        demo.playback.pause()
        demo.playback.set_speed(20)
        # on to a rejected digit whose blocking peer sits in the column or box (the more telling case)
        for _ in range(5000):
            demo.step()
            e = demo.run.event
            if e.kind == "reject" and e.unit.kind != "row" and e.cell[0] >= 3:
                break
        out_dir.mkdir(parents=True, exist_ok=True)
        pump(root, 0.5)
        grab(root, form, out_dir / "demo.png")
        print("status:", form.status_text())

        controller.features["presentation"].enter()
        pump(root, 1.0)
        grab(root, form, out_dir / "presentation.png", with_menu=False)
        controller.features["presentation"].leave()
        pump(root, 0.3)
        controller.close()
    finally:
        stop_xvfb(xvfb)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
