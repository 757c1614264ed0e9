"""The window on the screens classrooms have: ``python tools/screenshot_screens.py [OUT_DIR]``.

For each size (1024x768 projector, 1366x768 laptop, 1920x1080, 800x600, and 3840x2160 at
200 % scaling) a private Xvfb of exactly that size is started, the real window
(``build_window``, every feature installed) opens fitted to it with a temporary state
folder, loads the "Hard" example, fills the difficulty card (Rate, on the worker), compares
the three strategies (Compare, on the worker) and steps the classic search to a rejected
digit.  Saved, as the README shows them:

* ``docs/screen-<W>x<H>.png`` -- the whole screen: the normal window with the search demo's tab;
* ``docs/screen-<W>x<H>-card.png`` -- the same window with the difficulty card;
* ``docs/screen-<W>x<H>-presentation.png`` -- the presentation view (F11), candidates on (C).

Needs: Xvfb, ImageMagick's ``import``.  Each size runs in its own process (one Tk per display).
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

SIZES = (("1024x768", 1.0), ("1366x768", 1.0), ("1920x1080", 1.0), ("800x600", 1.0), ("3840x2160", 2.0))


def shoot(size: str, scaling: float, out_dir: Path) -> None:
    """One size, in this process (DISPLAY is a screen of that size)."""
    import tkinter as tk

    from app.__main__ import build_window

    root = tk.Tk(className="SudokuSolver")
    root.tk.call("tk", "scaling", scaling * 96 / 72)
    form, controller = build_window(root, None)
    form.fit_to_screen()
    controller.start()
    controller.files.load_example("hard")
    demo, teach = controller.features["demo"], controller.features["teach"]
    teach.card.rate()
    pump(root, 30, until=lambda: bool(teach.card.fields["score"].cget("text")))
    demo.counts.compare()
    pump(root, 60, until=lambda: demo.counts.job is None and not controller.worker.busy)
    demo.start("row-major")
    for _ in range(400):
        demo.step()
        e = demo.run.event
        if e.kind == "reject" and e.unit.kind != "row" and demo.run.pos > 40:
            break
    form.side_panel.select(teach.card.tab)
    pump(root, 0.8)
    name = f"screen-{size}" + ("" if scaling == 1.0 else f"@{int(scaling * 100)}")
    grab_screen(out_dir / f"{name}-card.png")
    form.side_panel.select(demo.tab)
    pump(root, 0.8)
    grab_screen(out_dir / f"{name}.png")
    print(f"{size}: window {root.winfo_width()}x{root.winfo_height()}, layout {form.layout}, "
          f"grid {form.board.winfo_width()} px, status: {form.status_text()[:60]}")
    presentation = controller.features["presentation"]
    presentation.enter()
    pump(root, 0.5)
    teach.toggle_candidates()
    demo.refresh()
    pump(root, 0.8)
    grab_screen(out_dir / f"{name}-presentation.png")
    print(f"{size} presentation: grid {form.board.winfo_height()} px of {root.winfo_screenheight()}, "
          f"digits {form.cell_grid.digit_font_px()} px, panel text {presentation.text_px()} px, "
          f"candidates {-int(form.pencil.fonts['plain'].cget('size'))} px")
    controller.close()


def grab_screen(out: Path) -> None:
    """The whole screen (Xvfb has no window manager, so this is what a person would see)."""
    big = out.with_suffix(".full.png")
    subprocess.run(["import", "-window", "root", str(big)], check=True)
    # the README shows them at most 1280 px wide; a 4K screen is scaled down
    subprocess.run(["convert", str(big), "-resize", "1280x1280>", "-strip", str(out)], check=True)
    big.unlink()
    print(f"saved {out}")


def main(argv: list[str]) -> int:
    if len(argv) >= 3 and argv[0] == "--one":
        shoot(argv[1], float(argv[2]), Path(argv[3]))
        return 0
    out_dir = Path(argv[0]) if argv else ROOT / "docs"
    if not shutil.which("import"):
        raise SystemExit("screenshot_screens: ImageMagick's `import` is needed")
    out_dir.mkdir(parents=True, exist_ok=True)
    for size, scaling in SIZES:
        env = dict(os.environ)
        env.pop("DISPLAY", None)
        os.environ.pop("DISPLAY", None)
        xvfb = start_xvfb(f"{size}x24", "screenshot_screens")
        env["DISPLAY"] = os.environ["DISPLAY"]
        env["SUDOKU_SOLVER_HOME"] = tempfile.mkdtemp(prefix="sudoku-shot-")
        try:
            subprocess.run([sys.executable, __file__, "--one", size, str(scaling), str(out_dir)], env=env, check=True)
        finally:
            stop_xvfb(xvfb)
            os.environ.pop("DISPLAY", None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
