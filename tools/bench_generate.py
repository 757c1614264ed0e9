"""Time the generator per level: median and max seconds per puzzle over several seeds.

    python tools/bench_generate.py [--seeds 10] [--symmetry none,rotational] [--levels easy,...]
                                   [--before DIR]

Every puzzle is re-checked: exactly one solution (counted) and rated at the asked level.
Times are CPU seconds of this process (steadier than the wall clock on a busy machine).
``--before DIR`` generates the same levels and seeds with another checkout's ``solver``
(``git archive <commit> | tar -x -C DIR``) in a subprocess and prints its times alongside.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver import LEVELS, SYMMETRIES, count_solutions, generate, rate  # noqa: E402

_BEFORE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from solver import generate
for line in sys.stdin:
    level, sym, seed = line.split()
    t = time.process_time()
    g = generate(level, sym, int(seed))
    print(json.dumps(time.process_time() - t), flush=True)
"""


def _before(root: str, jobs: list[tuple[str, str, int]]) -> list[float]:
    text = "".join(f"{lv} {sym} {seed}\n" for lv, sym, seed in jobs)
    proc = subprocess.run([sys.executable, "-c", _BEFORE, root], input=text, capture_output=True,
                          text=True, check=True, cwd=root)
    return [json.loads(ln) for ln in proc.stdout.splitlines() if ln.strip()]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=10, help="puzzles per level (seeds 0..N-1)")
    ap.add_argument("--symmetry", default="none,rotational",
                    help=f"comma-separated, from: {', '.join(SYMMETRIES)}, or 'all'")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--before", help="root of another checkout to time on the same seeds")
    args = ap.parse_args(argv)
    syms = SYMMETRIES if args.symmetry == "all" else args.symmetry.split(",")
    print(f"{'symmetry':<14}{'level':<10}{'median s':>10}{'max s':>8}{'mean givens':>13}"
          + (f"{'before: median s':>18}{'max s':>8}" if args.before else ""))
    worst = 0.0
    for sym in syms:
        for level in args.levels.split(","):
            times, givens = [], []
            for seed in range(args.seeds):
                t = time.process_time()
                g = generate(level, sym, seed)
                times.append(time.process_time() - t)
                assert count_solutions(g, 2) == 1, (level, sym, seed)
                assert rate(g).level == level, (level, sym, seed)
                givens.append(g.filled_count)
            worst = max(worst, max(times))
            line = (f"{sym:<14}{level:<10}{statistics.median(times):>10.3f}{max(times):>8.3f}"
                    f"{statistics.mean(givens):>13.1f}")
            if args.before:
                old = _before(args.before, [(level, sym, s) for s in range(args.seeds)])
                line += f"{statistics.median(old):>18.3f}{max(old):>8.3f}"
            print(line, flush=True)
    print(f"slowest puzzle: {worst:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
