"""How fast the search demo draws at full speed: ``python tools/bench_demo.py [--seconds 5] [--order ORDER] [--example KEY]``.

Opens the real window (a private Xvfb when ``DISPLAY`` is unset), loads an example
(default: the pathological puzzle, whose classic search never ends within the run, so
the figure is a steady state), sets the speed slider to "full speed" and plays inside
the real ``mainloop`` for a few seconds.  Every batch repaints the changed cells, the
current step's marks, the counters and the status line and then lets Tk draw
(``update_idletasks``).  A sampler reads the steps counter on screen every 50 ms to show
the counters really update.  Reports steps drawn per second (target: >= 2,000).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

TARGET = 2_000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--order", default="row-major", choices=("row-major", "fewest-candidates", "propagation"))
    parser.add_argument("--example", default="pathological")
    args = parser.parse_args(argv)

    from xdisplay import start_xvfb

    xvfb = start_xvfb("1600x900x24")
    os.environ["SUDOKU_SOLVER_HOME"] = tempfile.mkdtemp(prefix="sudoku-bench-")
    try:
        import tkinter as tk

        from app.__main__ import build_window

        root = tk.Tk(className="SudokuSolver")
        root.geometry("+0+0")
        form, controller = build_window(root, None)  # the real window, every feature installed
        demo = controller.features["demo"]
        controller.start()
        controller.files.load_example(args.example)
        root.update()
        demo.start(args.order)
        demo.playback.set_speed(None)
        root.update()

        seen: list[str] = []

        finished: list[float] = []

        def sample() -> None:
            text = demo.panel.counter_values["steps"].cget("text")
            if not seen or seen[-1] != text:
                seen.append(text)
            if demo.run.at_end:  # a short search: measure up to its end, not the idle time after
                finished.append(time.perf_counter())
                root.quit()
                return
            root.after(50, sample)

        batches0 = demo.batches
        t0 = time.perf_counter()
        demo.playback.play()
        root.after(50, sample)
        root.after(int(args.seconds * 1000), root.quit)
        root.mainloop()
        seconds = (finished[0] if finished else time.perf_counter()) - t0
        demo.playback.pause()
        steps = demo.run.pos
        batches = demo.batches - batches0
        ended = " (the search ended early)" if demo.run.at_end else ""
        rate = steps / seconds
        print(f"demo at full speed: {args.example}, {args.order}{ended}")
        print(f"  {steps:,} steps drawn in {seconds:.2f} s = {rate:,.0f} steps/s (target >= {TARGET:,})")
        print(f"  {batches:,} batches ({batches / seconds:.0f} per second, {steps / max(1, batches):,.0f} steps "
              f"each on average, at most {demo.max_batch:,})")
        print(f"  the steps counter on screen changed {len(seen) - 1} times "
              f"(sampled every 50 ms); it shows {demo.panel.counter_values['steps'].cget('text')}")
        controller.close()
        return 0 if rate >= TARGET and len(seen) > 2 else 1
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)


if __name__ == "__main__":
    sys.exit(main())
