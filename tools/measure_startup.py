"""Measure start-up: from launching the app to its window being mapped on the screen.

Watches the X server from outside (``xev -root -event substructure`` reports every
top-level window the moment it is mapped), so the app needs no hook and the figure
includes everything a user waits for: interpreter start, one-file unpacking, imports,
building the form.  Several runs; prints the median (and min/max) for each program::

    python tools/measure_startup.py                 # python -m app, and dist/sudoku-solver if built
    python tools/measure_startup.py --runs 9 --exe dist/sudoku-solver --check

Needs X: uses $DISPLAY, or starts a private Xvfb when it is unset.  Needs ``xev`` and
``xprop`` (Debian package x11-utils).  ``--check`` exits 1 when a median misses its
target (0.5 s from source, 1.0 s for the executable).
"""
from __future__ import annotations

import argparse
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from xdisplay import start_xvfb  # noqa: E402

TARGETS = {"source": 0.5, "exe": 1.0}
DEFAULT_EXE = ROOT / "dist" / ("sudoku-solver.exe" if sys.platform == "win32" else "sudoku-solver")
MAP_LINE = re.compile(r"window (0x[0-9a-f]+), override (YES|NO)")


def window_name(window: str) -> str:
    """The WM_NAME of an X window ('' when it has none)."""
    out = subprocess.run(["xprop", "-id", window, "WM_NAME"], capture_output=True, text=True).stdout
    match = re.search(r'= "(.*)"', out)
    return match.group(1) if match else ""


def _read_lines(stream, lines: queue.Queue) -> None:
    """Put (arrival time, line) for each line of ``stream`` on ``lines``; None at the end."""
    for line in stream:
        lines.put((time.perf_counter(), line))
    lines.put(None)


def time_one_start(command: list[str], title: str, env: dict[str, str], timeout: float = 20.0) -> float:
    """Seconds from launching ``command`` to the mapping of a top-level window whose title holds ``title``."""
    watcher = subprocess.Popen(["xev", "-root", "-event", "substructure"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, bufsize=1)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=_read_lines, args=(watcher.stdout, lines), daemon=True).start()
    app = None
    try:
        time.sleep(0.3)  # let xev select its events on the root window before the app starts
        start = time.perf_counter()
        app = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        pending, seen = False, []
        while time.perf_counter() - start < timeout:
            try:
                item = lines.get(timeout=0.5)
            except queue.Empty:
                if app.poll() is not None:
                    break
                continue
            if item is None:
                break
            arrived, line = item
            if line.startswith("MapNotify"):
                pending = True  # the window id follows on the next line
                continue
            match = MAP_LINE.search(line) if pending else None
            pending = False
            if match and match.group(2) == "NO":
                name = window_name(match.group(1))
                if title.lower() in name.lower():
                    return arrived - start
                seen.append(name)
        err = app.stderr.read().decode(errors="replace").strip() if app.poll() is not None else "(still running)"
        raise RuntimeError(f"no window titled {title!r} from {' '.join(command)} within {timeout} s "
                           f"(mapped: {seen}): {err}")
    finally:
        if app is not None:
            app.terminate()
            try:
                app.wait(10)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()
        watcher.kill()
        watcher.wait()


def measure(label: str, command: list[str], runs: int, title: str) -> list[float]:
    """Start ``command`` ``runs`` times (each with a fresh user folder); print and return the times."""
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="sudoku-startup-") as home:
            env = dict(os.environ, SUDOKU_SOLVER_HOME=home)
            times.append(time_one_start(command, title, env))
    print(f"{label}: median {statistics.median(times):.3f} s (min {min(times):.3f}, max {max(times):.3f}, "
          f"{runs} runs)", flush=True)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="starts per program (default 7)")
    parser.add_argument("--exe", type=Path, default=DEFAULT_EXE, help="the built executable (default %(default)s)")
    parser.add_argument("--python", default=sys.executable, help="interpreter for `python -m app`")
    parser.add_argument("--title", default="Sudoku", help="text in the window title to wait for")
    parser.add_argument("--only", choices=("source", "exe"), help="measure just one of the two")
    parser.add_argument("--check", action="store_true", help="exit 1 when a median misses its target")
    args = parser.parse_args(argv)

    for tool in ("xev", "xprop"):
        if not shutil.which(tool):
            raise SystemExit(f"measure_startup: {tool} not found (apt-get install x11-utils)")
    xvfb = start_xvfb("1600x1000x24", "measure_startup")
    try:
        medians = {}
        if args.only in (None, "source"):
            medians["source"] = statistics.median(
                measure("python -m app", [args.python, "-m", "app"], args.runs, args.title))
        if args.only in (None, "exe"):
            if args.exe.exists():
                medians["exe"] = statistics.median(measure(str(args.exe), [str(args.exe)], args.runs, args.title))
            elif args.only == "exe":
                raise SystemExit(f"measure_startup: {args.exe} does not exist (pyinstaller build_exe.spec)")
            else:
                print(f"{args.exe}: not built, skipped (pyinstaller build_exe.spec)")
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait()
    missed = [k for k, v in medians.items() if v > TARGETS[k]]
    for key in missed:
        print(f"target missed: {key} median {medians[key]:.3f} s > {TARGETS[key]} s")
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
