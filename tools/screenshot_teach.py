"""Take the README's "teach the logic" screenshots: ``python tools/screenshot_teach.py [OUT_DIR]``.

Starts a private Xvfb (1600x1000) when ``DISPLAY`` is not set, opens the real window
(``build_window``: every feature installed) with a temporary state folder and saves:

* ``docs/teach_hint.png`` -- a generated Medium puzzle solved with the hint ladder (H five
  times per step) up to its first Naked Pair, then H three times: rung 3, the pair's cells
  highlighted, candidates on;
* ``docs/teach_explain.png`` -- Explain the solution on the same puzzle, a Pointing step
  selected: the grid as it was then, the candidates of that moment, the crossed-out digits;
* ``docs/teach_card.png`` -- the difficulty card after Check (F5) on Norvig's top95 #1 (Fiendish:
  SE 5.5, a WXYZ-Wing; the classic backtracker needs 392,885 placements, the fast solver a few dozen nodes).

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
sys.path.insert(0, str(ROOT / "tools"))

from xdisplay import grab, pump, start_xvfb  # noqa: E402  (same Xvfb and cropping helpers)

PUZZLE = ("medium", "rotational", 7)  # its logical path: singles, two Pointings, then a Naked Pair
EXPERT = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."


def main(argv: list[str]) -> int:
    out_dir = Path(argv[0]) if argv else ROOT / "docs"
    if not shutil.which("import"):
        raise SystemExit("screenshot_teach: ImageMagick's `import` is needed")
    xvfb = start_xvfb("1600x1000x24")
    os.environ["SUDOKU_SOLVER_HOME"] = tempfile.mkdtemp(prefix="sudoku-shot-")
    try:
        import tkinter as tk

        import solver
        from app.__main__ import build_window

        root = tk.Tk(className="SudokuSolver")
        root.geometry("+0+0")
        form, controller = build_window(root, None)
        teach = controller.features["teach"]
        controller.start()
        out_dir.mkdir(parents=True, exist_ok=True)

        level, symmetry, seed = PUZZLE
        puzzle = solver.generate(level, symmetry, seed)
        controller.files.load_puzzle(puzzle, "New Medium puzzle.")
        pump(root, 0.3)

        def press_h(rung: int) -> None:
            teach.hints.key()
            pump(root, 3, until=lambda: teach.hints.level == rung or controller.worker.busy is False and rung == 0)

        for _ in range(200):  # apply steps with the ladder until the next one is a Naked Pair
            press_h(1)
            pump(root, 3, until=lambda: teach.hints.level == 1)
            if teach.hints.hint.step.technique == "Naked Pair":
                break
            for rung in (2, 3, 4):
                press_h(rung)
            teach.hints.key()  # rung 5: apply
            pump(root, 0.05)
        press_h(2)
        press_h(3)
        teach.var_candidates.set(True)
        teach.refresh_candidates()
        form.cell_grid.focus_cell((8, 8))
        pump(root, 0.6)
        grab(root, form, out_dir / "teach_hint.png")
        print("status:", form.status_text())

        teach.explanation.start()
        pump(root, 5, until=lambda: teach.explanation.path is not None)
        k = next(i for i, s in enumerate(teach.explanation.path) if s.technique == "Pointing")
        teach.explanation.steps_list.selection_set(k)
        teach.explanation.steps_list.see(k)
        teach.explanation.steps_list.activate(k)
        teach.explanation.show_step(k)
        pump(root, 0.6)
        grab(root, form, out_dir / "teach_explain.png")
        print("status:", form.status_text())
        teach.explanation.leave()

        teach.var_candidates.set(False)
        teach.refresh_candidates()
        controller.files.load_puzzle(solver.parse(EXPERT), "Norvig's top95, puzzle 1.")
        pump(root, 0.3)
        form.action_map.fire("check")
        pump(root, 10, until=lambda: bool(teach.card.fields["score"].cget("text")))
        pump(root, 0.6)
        grab(root, form, out_dir / "teach_card.png")
        print("status:", form.status_text())
        controller.close()
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
