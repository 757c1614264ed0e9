"""How far logic alone gets: ``python -m bench.logic [--data DIR] [--per-set N]``.

For each public set (magictour top1465, forum hardest 11+, forum hardest
1106, 17-clue) it draws ``N`` puzzles and one random *isomorph* of each
(digits relabelled, rows and columns shuffled inside bands and stacks, bands
and stacks shuffled, maybe transposed: the same puzzle to a person, a new one
to a program), all from a fixed seed, and runs :func:`solver.logical_path` on
each: solved by logic or not, seconds to the full explanation, techniques
used.  Times are wall-clock seconds (and CPU seconds of this process, steadier on a
busy machine).  Every step is checked against the unique solution (``--no-check`` to
skip).  ``--before DIR`` runs another checkout's ``logical_path`` (e.g.
``git worktree add /tmp/logic_before <commit>``) on the same isomorphs in a
subprocess, so one run compares the code before and after (CPU seconds of
both, and on how many puzzles the two chose the very same steps: ``git archive
<commit> | tar -x -C DIR`` exports a commit; the bench reads its ``solver`` only).

The default data is ``tests/data`` (samples of 100-200 puzzles per set);
``--data ../shared/data`` reads the full tdoku files.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Optional

from solver.isomorph import isomorph_line

__all__ = ["SETS", "main"]

#: set label -> file names tried in order (the tests' samples, the shared full sets)
SETS = {
    "top1465": ("top1465_sample200.txt", "tdoku_puzzles3_magictour_top1465.txt"),
    "forum hardest 11+": ("forum_hardest_sample200.txt",
                          "tdoku_puzzles5_forum_hardest_1905_11plus_first20000.txt"),
    "forum hardest 1106": ("forum_hardest_1106_sample100.txt", "tdoku_puzzles6_forum_hardest_1106.txt"),
    "17-clue": ("17_clue_sample200.txt", "tdoku_puzzles2_17_clue_first20000.txt"),
}
DEFAULT_DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def _load(data: Path, files) -> Optional[list[str]]:
    for name in files:
        p = data / name
        if p.exists():
            return [ln.strip() for ln in p.read_text().splitlines()
                    if ln.strip() and not ln.startswith("#")]
    return None


def _run_here(lines: list[str], check: bool) -> list[dict]:
    from solver import Grid, logical_path, solve
    out = []
    for line in lines:
        g = Grid(0 if ch == "." else int(ch) for ch in line)
        t, cpu = time.perf_counter(), time.process_time()
        path = logical_path(g)
        dt, dcpu = time.perf_counter() - t, time.process_time() - cpu
        wrong = 0
        if check:
            sol = solve(g)
            for s in path:
                wrong += sum(1 for c, d in s.placements if sol[c] != d)
                wrong += sum(1 for c, d in s.eliminations if sol[c] == d)
        out.append({"solved": path.solved, "seconds": dt, "cpu": dcpu, "counts": path.counts(),
                    "wrong": wrong, "steps": [[s.technique, s.conclusion] for s in path]})
    return out


_BEFORE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from solver import Grid, logical_path
for line in sys.stdin:
    line = line.strip()
    g = Grid(0 if ch == "." else int(ch) for ch in line)
    t, cpu = time.perf_counter(), time.process_time()
    p = logical_path(g)
    print(json.dumps({"solved": p.solved, "seconds": time.perf_counter() - t,
                      "cpu": time.process_time() - cpu,
                      "steps": [[s.technique, s.conclusion] for s in p]}), flush=True)
"""


def _run_before(root: str, lines: list[str]) -> list[dict]:
    proc = subprocess.run([sys.executable, "-c", _BEFORE, root], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, check=True, cwd=root)
    return [json.loads(ln) for ln in proc.stdout.splitlines() if ln.strip()]


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def _families(counts: Counter) -> str:
    """The hardest techniques used, most used first (singles and the like left out)."""
    from solver.techniques import technique
    keep = [(n, k) for n, k in counts.items() if technique(n).level in ("expert", "extreme")]
    keep.sort(key=lambda x: -x[1])
    return ", ".join(f"{n} {k}" for n, k in keep[:6]) or "-"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.logic", description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder with the puzzle files")
    ap.add_argument("--per-set", type=int, default=50, help="puzzles drawn per set (default 50)")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--sets", default=",".join(SETS), help="comma-separated set labels")
    ap.add_argument("--before", help="root of another checkout to compare with (subprocess)")
    ap.add_argument("--no-check", action="store_true", help="skip checking steps against the solution")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    rows = []
    for label in args.sets.split(","):
        lines = _load(args.data, SETS[label])
        if lines is None:
            print(f"{label}: no file in {args.data}", file=sys.stderr)
            continue
        picked = rng.sample(lines, min(args.per_set, len(lines)))
        cases = [isomorph_line(ln, rng) for ln in picked]
        now = _run_here(cases, not args.no_check)
        before = _run_before(args.before, cases) if args.before else None
        rows.append((label, now, before))
        _print_row(label, now, before, header=len(rows) == 1)
    bad = sum(r["wrong"] for _, now, _ in rows for r in now)
    print(f"\nsteps that disagree with the solution: {bad}")
    print("\n| set | puzzles | solved by logic | median s | p95 s | max s | CPU median / p95 s "
          "| most used hard techniques |"
          + (" before: solved | before: CPU median / p95 s | same steps |" if args.before else ""))
    print("|---|--:|--:|--:|--:|--:|--:|---|" + ("--:|--:|--:|" if args.before else ""))
    for label, now, before in rows:
        t = [r["seconds"] for r in now]
        c = [r["cpu"] for r in now]
        counts: Counter = Counter()
        for r in now:
            counts.update(r["counts"])
        line = (f"| {label} | {len(now)} | {sum(r['solved'] for r in now)} "
                f"({100 * sum(r['solved'] for r in now) / len(now):.0f}%) | {statistics.median(t):.2f} | "
                f"{_p95(t):.2f} | {max(t):.2f} | {statistics.median(c):.2f} / {_p95(c):.2f} | "
                f"{_families(counts)} |")
        if before is not None:
            cb = [r.get("cpu", r["seconds"]) for r in before]
            same = sum(1 for a, b in zip(now, before) if b.get("steps") == a["steps"])
            line += (f" {sum(r['solved'] for r in before)} "
                     f"({100 * sum(r['solved'] for r in before) / len(before):.0f}%) | "
                     f"{statistics.median(cb):.2f} / {_p95(cb):.2f} | {same} of {len(now)} |")
        print(line)
    return 1 if bad else 0


def _print_row(label, now, before, header) -> None:
    if header:
        print(f"{'set':<20}{'n':>5}{'solved':>8}{'median s':>10}{'p95 s':>8}{'max s':>8}{'CPU med':>9}"
              + (f"{'before':>8}{'b.CPU med':>10}" if before is not None else ""))
    t = [r["seconds"] for r in now]
    line = (f"{label:<20}{len(now):>5}{sum(r['solved'] for r in now):>8}{statistics.median(t):>10.2f}"
            f"{_p95(t):>8.2f}{max(t):>8.2f}{statistics.median([r['cpu'] for r in now]):>9.2f}")
    if before is not None:
        line += (f"{sum(r['solved'] for r in before):>8}"
                 f"{statistics.median([r.get('cpu', r['seconds']) for r in before]):>10.2f}")
    print(line, flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
