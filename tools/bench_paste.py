"""How long the window waits while a large paste is read: ``python tools/bench_paste.py [RUNS]``.

The real form and controller (a private Xvfb when no display is set); each text is put on
the clipboard and pasted with the Paste action, while a 1 ms timer on the Tk thread notes
when it runs.  Printed for each text, over RUNS runs (3 by default): the longest gap between
two timer ticks (the window's longest freeze) and the Tk thread's CPU in the paste callback.
Texts (3.9 MB each): one line of ``x``; short lines of junk words; ``"x\\n"`` lines;
``"junkjunk\\n"`` lines (as many as a text may have: as short as a puzzle's row); a
collection of one-line puzzles.  The wall-clock figures depend on the machine's load: run it
alone (docs/benchmarks.md, Responsiveness and Esc).
"""
from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xdisplay import start_xvfb, stop_xvfb  # noqa: E402


def texts() -> dict[str, str]:
    import solver

    rng = random.Random(25)
    words = ["junk", "xx", "hello world", "a b c", "1 2", "foo,bar", "..", "| |", "abc def ghi"]
    junk, n = [], 0
    while n < 3_900_000:
        w = rng.choice(words)
        junk.append(w)
        n += len(w) + 1
    line = solver.example("tutorial").line
    return {"one line of x": "x" * 3_900_000, "short junk lines": "\n".join(junk),
            "x lines": "x\n" * 1_950_000, "junk rows of 9": "junkjunk\n" * 433_000,
            "collection": (line + "\n") * (3_900_000 // 82)}


def longest_wait(root, controller, form, text: str) -> tuple[float, float]:
    root.clipboard_clear()
    root.clipboard_append(text)
    root.update()
    ticks: list[float] = []

    def done() -> bool:
        return not controller.worker.busy

    def tick() -> None:
        ticks.append(time.perf_counter())
        if not done():
            root.after(1, tick)

    start = time.thread_time()
    form.action_map.fire("paste")
    cpu = time.thread_time() - start
    ticks.append(time.perf_counter())
    root.after(1, tick)
    while not done():
        root.update()
    root.update()
    return max((b - a for a, b in zip(ticks, ticks[1:])), default=0.0), cpu


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    xvfb = start_xvfb(who="bench_paste")
    try:
        import os
        import tkinter as tk

        os.environ["SUDOKU_SOLVER_HOME"] = tempfile.mkdtemp(prefix="bench-paste-")
        from app.controller import Controller
        from app.window.view import SudokuForm

        root = tk.Tk()
        form = SudokuForm(root)
        controller = Controller(form, state_path=None)
        controller.start()
        root.update()
        for name, text in texts().items():
            results = [longest_wait(root, controller, form, text) for _ in range(runs)]
            waits = ", ".join(f"{w * 1000:.0f}" for w, _ in results)
            cpus = ", ".join(f"{c * 1000:.0f}" for _, c in results)
            print(f"{name:17} longest wait {waits} ms; paste callback CPU {cpus} ms; "
                  f"{form.status_text()[:70]}")
        controller.close()
    finally:
        stop_xvfb(xvfb)


if __name__ == "__main__":
    main()
