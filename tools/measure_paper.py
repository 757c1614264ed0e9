"""What Compare with your paper costs the Tk thread: ``python tools/measure_paper.py``.

Opens the real window on a private 1024x768 Xvfb, pastes the tutorial puzzle with r2c5
typed 3 instead of 9 and walks Compare with your paper ten times (r2c6: 5, r2c5: 9).
Prints the Tk-thread CPU time of each panel update (``time.thread_time``) and the worker
job's time (the question and the ranked diagnosis, off the Tk thread).
"""
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
from xdisplay import pump, start_xvfb, stop_xvfb  # noqa: E402

os.environ.pop("DISPLAY", None)
x = start_xvfb("1024x768x24", "measure_paper")
os.environ["SUDOKU_SOLVER_HOME"] = tempfile.mkdtemp(prefix="sudoku-measure-")
import tkinter as tk  # noqa: E402

from app.__main__ import build_window  # noqa: E402

root = tk.Tk()
form, c = build_window(root, None)
form.fit_to_screen()
c.start()
SLIP = "530070000600135000098000060800060003400803001700020006060000280000419005000080079"
root.clipboard_clear()
root.clipboard_append(SLIP)
form.action_map.fire("paste")
ask = c.features["compare"].ask
orig = ask._show
cpu, wall = [], []


def timed(result, seconds):
    t = time.thread_time()
    orig(result, seconds)
    cpu.append(time.thread_time() - t)
    wall.append(seconds)


ask._show = timed
for _ in range(10):
    form.action_map.fire("compare_paper")
    pump(root, 20, until=lambda: not ask.waiting and not c.worker.busy)
    for digit in (5, 9):
        ask.answer(digit)
        pump(root, 20, until=lambda: not ask.waiting and not c.worker.busy)
    ask.close()
cpu.sort()
wall.sort()
print(f"{len(cpu)} panel updates: Tk-thread CPU median {statistics.median(cpu)*1000:.1f} ms, max {cpu[-1]*1000:.1f} ms; "
      f"worker job (question + ranked diagnosis) median {statistics.median(wall)*1000:.0f} ms, max {wall[-1]*1000:.0f} ms")
c.close()
stop_xvfb(x)
