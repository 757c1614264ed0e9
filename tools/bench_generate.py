"""Time the generator per level: median and max seconds per puzzle over several seeds.

    python tools/bench_generate.py [--seeds 10] [--symmetry none,rotational] [--levels easy,...]

Every puzzle is re-checked: exactly one solution (counted) and rated at the asked level.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver import LEVELS, SYMMETRIES, count_solutions, generate, rate  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=10, help="puzzles per level (seeds 0..N-1)")
    ap.add_argument("--symmetry", default="none,rotational",
                    help=f"comma-separated, from: {', '.join(SYMMETRIES)}, or 'all'")
    ap.add_argument("--levels", default=",".join(LEVELS))
    args = ap.parse_args(argv)
    syms = SYMMETRIES if args.symmetry == "all" else args.symmetry.split(",")
    print(f"{'symmetry':<14}{'level':<10}{'median s':>10}{'max s':>8}{'mean givens':>13}")
    worst = 0.0
    for sym in syms:
        for level in args.levels.split(","):
            times, givens = [], []
            for seed in range(args.seeds):
                t = time.perf_counter()
                g = generate(level, sym, seed)
                times.append(time.perf_counter() - t)
                assert count_solutions(g, 2) == 1, (level, sym, seed)
                assert rate(g).level == level, (level, sym, seed)
                givens.append(g.clue_count)
            worst = max(worst, max(times))
            print(f"{sym:<14}{level:<10}{statistics.median(times):>10.3f}{max(times):>8.3f}"
                  f"{statistics.mean(givens):>13.1f}")
    print(f"slowest puzzle: {worst:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
