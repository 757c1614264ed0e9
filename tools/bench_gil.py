"""How long the Tk thread waits for the interpreter while a job computes: ``python tools/bench_gil.py``.

No window: a thread counts the classic search on the pathological puzzle (the demo's
Compare), while the main thread does what a Tk callback does, 20 calls that let go of the
GIL and take it back (every Tcl call from Python does), 30 times.  Printed for Python's
default switch interval (5 ms) and for the app's (``app.worker.SWITCH_INTERVAL``): the
median and largest time of the 20 calls, and the job's own CPU time for 300,000
placements with nobody waiting (the interval costs nothing then).
"""
from __future__ import annotations

import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import solver  # noqa: E402
from solver.examples import example  # noqa: E402

APP_INTERVAL = 0.001  # app/worker.py SWITCH_INTERVAL (not imported: that pulls in tkinter)


def measure(interval: float) -> tuple[float, float, float]:
    sys.setswitchinterval(interval)
    g = solver.parse(example("pathological").line)
    stop = threading.Event()

    def job():
        while not stop.is_set():
            try:
                solver.count_backtrack_work(g, "row-major", cap=200_000, cancel=stop)
            except solver.Cancelled:
                return

    t = threading.Thread(target=job, daemon=True)
    t.start()
    time.sleep(0.2)
    rounds = []
    for _ in range(30):
        t0 = time.perf_counter()
        for _ in range(20):
            time.sleep(0.0001)  # lets go of the GIL, like a Tcl call
        rounds.append(time.perf_counter() - t0)
        time.sleep(0.01)
    stop.set()
    t.join()
    c0 = time.process_time()
    solver.count_backtrack_work(g, "row-major", cap=300_000)
    alone = time.process_time() - c0
    return statistics.median(rounds), max(rounds), alone


def main() -> int:
    default = sys.getswitchinterval()
    print("switch interval   20 GIL round trips: median   largest   job alone (CPU s)")
    for interval in (default, APP_INTERVAL):
        med, worst, alone = measure(interval)
        print(f"{interval * 1000:8.1f} ms       {med * 1000:26.1f} ms {worst * 1000:7.1f} ms {alone:11.2f}")
    sys.setswitchinterval(default)
    return 0


if __name__ == "__main__":
    sys.exit(main())
