"""The paper comparisons on a 1024x768 projector: ``python tools/screenshot_paper.py [OUT_DIR]``.

Starts a private Xvfb of 1024x768 with openbox (when installed, so the window has its frame
as on a desktop), opens the real window (``build_window``) fitted to the screen with a temporary
state folder, pastes the tutorial puzzle with r2c5 typed 3 instead of 9, runs Check puzzle,
then *Compare with your paper*, points at r2c5 in its first question, answers 9 and Enter (the
others are the same), and saves:

* ``docs/paper-look.png`` -- the first question, a look at r2c5, r2c6, r3c6 and five givens:
  "Compare the 8 tinted cells with your paper. Click each one that shows something else";
* ``docs/paper-compare.png`` -- r2c5 clicked: "What does your paper show in r2c5?";
* ``docs/paper-settled.png`` -- after 9 and Enter: "On your paper r2c5 is 9: that is the slip";
* ``docs/paper-readback.png`` -- Read back the givens at row 2.

Needs: Xvfb, ImageMagick's ``import``; openbox is optional.
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
sys.path.insert(0, str(ROOT / "tools"))

from xdisplay import pump, start_xvfb, stop_xvfb  # noqa: E402

SLIP = "530070000600135000098000060800060003400803001700020006060000280000419005000080079"


def grab(out: Path) -> None:
    subprocess.run(["import", "-window", "root", str(out)], check=True)
    print(f"saved {out}")


def shoot(out_dir: Path) -> None:
    import tkinter as tk

    from app.__main__ import build_window

    root = tk.Tk(className="SudokuSolver")
    form, controller = build_window(root, None)
    form.fit_to_screen()
    controller.start()
    pump(root, 0.5)
    root.clipboard_clear()
    root.clipboard_append(SLIP)
    form.action_map.fire("paste")
    form.action_map.fire("check")
    pump(root, 20, until=lambda: not controller.worker.busy)
    ask = controller.features["compare"].ask
    form.action_map.fire("compare_paper")
    pump(root, 20, until=lambda: not ask.waiting and not controller.worker.busy)
    pump(root, 0.8)
    grab(out_dir / "paper-look.png")
    ask.choose((1, 4))
    pump(root, 0.8)
    grab(out_dir / "paper-compare.png")
    print(f"window {root.winfo_width()}x{root.winfo_height()}, layout {form.layout}; "
          f"status: {form.status_text()[:80]}")
    ask.answer(9)
    ask.answer_look()
    pump(root, 20, until=lambda: not ask.waiting and not controller.worker.busy)
    pump(root, 0.8)
    grab(out_dir / "paper-settled.png")
    ask.close()
    read_back = controller.features["compare"].read_back
    read_back.start()
    read_back.enter()
    pump(root, 0.8)
    grab(out_dir / "paper-readback.png")
    controller.close()


def main(argv: list[str]) -> int:
    if argv[:1] == ["--one"]:
        shoot(Path(argv[1]))
        return 0
    out_dir = Path(argv[0]) if argv else ROOT / "docs"
    if not shutil.which("import"):
        raise SystemExit("screenshot_paper: ImageMagick's `import` is needed")
    out_dir.mkdir(parents=True, exist_ok=True)
    os.environ.pop("DISPLAY", None)
    xvfb = start_xvfb("1024x768x24", "screenshot_paper")
    wm = subprocess.Popen(["openbox"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) \
        if shutil.which("openbox") else None
    env = dict(os.environ, SUDOKU_SOLVER_HOME=tempfile.mkdtemp(prefix="sudoku-shot-"))
    try:
        subprocess.run([sys.executable, __file__, "--one", str(out_dir)], env=env, check=True)
    finally:
        if wm is not None:
            wm.terminate()
            wm.wait(5)
        stop_xvfb(xvfb)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
