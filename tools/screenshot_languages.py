"""The README's screenshots per language: ``python tools/screenshot_languages.py [LANG ...]``.

For German, French and Spanish (or the languages given) the real window is built at
1366x768 in that language, the "mistyped given" example is checked (the likeliest slip
selected, its fix offered) -> ``docs/lang-<lang>-check.png``; then the tutorial puzzle gets
three hint rungs -> ``docs/lang-<lang>-hint.png``.  Starts a private Xvfb when ``DISPLAY`` is
not set.  Needs Xvfb (or a display) and ImageMagick's ``import``.
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

import solver  # noqa: E402


def grab(root, form, out: Path) -> None:
    x, y = root.winfo_rootx(), root.winfo_rooty()
    w, h = root.winfo_width(), root.winfo_height()
    top = max(0, y - form.menubar.winfo_reqheight()) if y > 0 else 0
    subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h + y - top}+{x}+{top}", "+repage",
                    str(out)], check=True)
    print(f"saved {out.relative_to(ROOT)}; status: {form.status_text()}")


def select_tab(form, title: str) -> None:
    nb = form.side_panel
    for tab in nb.tabs():
        if nb.tab(tab, "text") == title:
            nb.select(tab)
            return


def shoot(lang: str, docs: Path) -> None:
    import tkinter as tk

    import solver
    from app.__main__ import build_window
    from app.wording import _

    solver.set_language(lang)
    os.environ["SUDOKU_SOLVER_HOME"] = tempfile.mkdtemp(prefix=f"sudoku-lang-{lang}-")
    root = tk.Tk(className="SudokuSolver")
    root.geometry("1366x700+0+0")
    form, controller = build_window(root, None)
    controller.start()
    try:
        controller.files.load_example("mistyped")
        form.action_map.fire("check")
        pump(root, 15, until=lambda: not controller.worker.busy and controller.findings)
        # the likeliest slip: the first finding that starts with its cell's name ("Z1S1: Du hast 3 getippt")
        typo = next((i for i, (m, cells) in enumerate(controller.findings)
                     if cells and m.startswith(solver.cell_text(cells[0]))), 0)
        form.findings_panel.select(typo)
        pump(root, 0.5)
        grab(root, form, docs / f"lang-{lang}-check.png")

        teach = controller.features["teach"]
        controller.files.load_example("tutorial")
        for level in (1, 2, 3):
            form.action_map.fire("hint")
            pump(root, 10, until=lambda: teach.hints.level >= level)
        select_tab(form, _("Hint"))
        pump(root, 0.5)
        grab(root, form, docs / f"lang-{lang}-hint.png")
    finally:
        controller.close()  # closes the window too


def main(argv: list[str]) -> int:
    langs = argv or list(solver.TRANSLATED)
    if not shutil.which("import"):
        raise SystemExit("screenshot: ImageMagick's `import` is needed")
    docs = ROOT / "docs"
    xvfb = start_xvfb("1366x768x24", "languages")
    try:
        for lang in langs:
            shoot(lang, docs)
    finally:
        stop_xvfb(xvfb)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
