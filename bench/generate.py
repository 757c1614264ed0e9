"""``python -m bench.generate``: the generator per level, before and after.

    python -m bench.generate [--level all|L1,L2] [--count N] [--seed S] [--symmetry none]
                             [--before DIR]

Per level: median and p95 CPU seconds per puzzle (the generating process's own time, steadier
than the wall clock on a busy machine; each generate call starts from nothing: no stock), how
many of the N puzzles are essentially different (canonical forms), how many are isomorphs of
a puzzle in the app's own files (every 81-character puzzle line in solver/ and app/), and the
SE ratings of the puzzles (min / median / max, by this checkout's rater).  Each puzzle is
checked to have one solution.  ``--before DIR`` runs the same seeds with another checkout's
``solver`` (``git archive main | tar -x -C DIR``) in a subprocess, at that checkout's own
levels, and prints its rows first.

Targets (issue 28): >= 97 of 100 distinct, no stored isomorph, median <= 2 s at every level
but the hardest, <= 5 s (p95 <= 20 s) at the hardest.  Exit status 1 when a target is missed.
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_LINE = re.compile(r"(?<![0-9.])[0-9.]{81}(?![0-9.])")

# Runs in the checkout under test: one JSON line (level, puzzle line, CPU seconds) per puzzle.
_RUN = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import solver
levels = solver.LEVELS if sys.argv[2] == "all" else sys.argv[2].split(",")
if not set(levels) <= set(solver.LEVELS):  # a checkout with other level names: all of its levels
    levels = solver.LEVELS
count, seed, sym = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
print(json.dumps(list(solver.LEVELS)), flush=True)
for level in levels:
    for k in range(count):
        t = time.process_time()
        g = solver.generate(level, None if sym == "none" else sym, seed + k)
        print(json.dumps([level, g.to_line(), time.process_time() - t]), flush=True)
"""


def stored_lines(root: Path = ROOT) -> list[str]:
    """Every 81-character puzzle line (17 givens or more) in the app's own source files."""
    out = set()
    for folder in ("solver", "app"):
        for path in (root / folder).rglob("*.py"):
            out.update(m for m in _LINE.findall(path.read_text(encoding="utf-8"))
                       if sum(ch not in ".0" for ch in m) >= 17)
    return sorted(out)


def _run(root: Path, levels: str, count: int, seed: int, sym: str):
    proc = subprocess.Popen([sys.executable, "-c", _RUN, str(root), levels, str(count), str(seed), sym],
                            stdout=subprocess.PIPE, text=True, cwd=str(root))
    lines = iter(proc.stdout)
    order = json.loads(next(lines))
    rows: dict[str, list] = {}
    for ln in lines:
        level, line, secs = json.loads(ln)
        rows.setdefault(level, []).append((line, secs))
    if proc.wait():
        raise SystemExit(f"the generator in {root} failed (exit status {proc.returncode})")
    return order, rows


def _p95(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def _check_seeds() -> int:
    """Rate every seed of the hardest level's walk: each must be of that level (exit 1 if not)."""
    from solver import LEVELS
    from solver.generate import WALK_SEEDS
    from solver.rating import rate_cells

    wrong = 0
    for sym, lines in WALK_SEEDS.items():
        for line in lines:
            level = rate_cells([int(ch) if ch in "123456789" else 0 for ch in line])[0]
            if level != LEVELS[-1]:
                wrong += 1
                print(f"{sym}: {line} is {level}, not {LEVELS[-1]}")
    print(f"{sum(map(len, WALK_SEEDS.values()))} seeds rated, {wrong} not of the hardest level")
    return 1 if wrong else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.generate", description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="all", help="'all' or comma-separated levels")
    ap.add_argument("--count", type=int, default=10, help="puzzles per level (seeds S..S+N-1)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--symmetry", default="none")
    ap.add_argument("--before", metavar="DIR", help="another checkout, run on the same seeds first")
    ap.add_argument("--check-seeds", action="store_true",
                    help="rate every seed of the hardest level's walk instead (the test rates a sample)")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    import solver
    from solver.rating import rate_se

    if args.check_seeds:
        return _check_seeds()

    stored = {solver.canonical(solver.parse(x)) for x in stored_lines()}
    print(f"{args.count} puzzles a level, seeds {args.seed}..{args.seed + args.count - 1}, symmetry "
          f"{args.symmetry}; {len(stored)} stored puzzles; CPU seconds of the generating process")
    print(f"{'run':<7}{'level':<12}{'median s':>9}{'p95 s':>8}{'max s':>8}{'distinct':>9}"
          f"{'stored':>7}{'SE min/med/max':>17}")
    missed = False
    runs = ([("before", Path(args.before))] if args.before else []) + [("after", ROOT)]
    for name, root in runs:
        order, rows = _run(root, args.level, args.count, args.seed, args.symmetry)
        for level in (lv for lv in order if lv in rows):
            got = rows[level]
            secs = [s for _, s in got]
            grids = [solver.parse(line) for line, _ in got]
            assert all(solver.count_solutions(g, 2) == 1 for g in grids), level
            keys = [solver.canonical(g) for g in grids]
            distinct, hits = len(set(keys)), sum(k in stored for k in keys)
            ses = sorted(rate_se(g.cells)[0] or 0.0 for g in grids)
            med, p95 = statistics.median(secs), _p95(secs)
            print(f"{name:<7}{level:<12}{med:>9.2f}{p95:>8.2f}{max(secs):>8.2f}{distinct:>5}/{len(got):<3}"
                  f"{hits:>7}{ses[0]:>7.1f}/{statistics.median(ses):.1f}/{ses[-1]:.1f}", flush=True)
            if name == "after":
                hardest = level == order[-1]
                missed |= (distinct < 0.97 * len(got) or hits > 0 or med > (5 if hardest else 2)
                           or (hardest and p95 > 20))
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
