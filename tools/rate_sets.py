"""Rate the public puzzle sets and print the level distribution per set.

    python tools/rate_sets.py [--data ../shared/data] [--limit 200] [--backtrack]

Uses the card's own rater (logical path only unless --backtrack, which also
runs the capped classic backtracker).  Sets whose puzzles are not unique are
reported as "not unique".
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver import LEVELS, Grid, count_solutions, rate  # noqa: E402
from solver.rating import rate_cells  # noqa: E402


def _read(path: Path, limit: int) -> list[Grid]:
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if len(line) != 81 or line.startswith("#"):
            continue
        out.append(Grid(0 if ch in ".0" else int(ch) for ch in line))
        if len(out) >= limit:
            break
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--limit", type=int, default=200, help="puzzles per set (first N)")
    ap.add_argument("--backtrack", action="store_true", help="full rate() incl. backtracker work")
    args = ap.parse_args(argv)
    files = sorted(Path(args.data).glob("*.txt"))
    if not files:
        print(f"no .txt sets in {args.data}", file=sys.stderr)
        return 1
    head = "".join(f"{lv:>10}" for lv in LEVELS)
    print(f"{'set':<58}{'n':>5}{head}{'not uniq':>10}{'mean score':>11}{'ms/puz':>8}")
    for path in files:
        grids = _read(path, args.limit)
        if not grids:
            continue
        dist: Counter = Counter()
        scores = []
        t = time.perf_counter()
        for g in grids:
            if args.backtrack:
                r = rate(g)
                level, score = r.level, r.score
            elif count_solutions(g, 2) == 1:
                level, score, _ = rate_cells(g.cells)
            else:
                level, score = None, None
            if level is None:
                dist["not unique"] += 1
            else:
                dist[level] += 1
                scores.append(score)
        ms = 1000 * (time.perf_counter() - t) / len(grids)
        cols = "".join(f"{dist[lv]:>10}" for lv in LEVELS)
        mean = f"{statistics.mean(scores):.0f}" if scores else "-"
        print(f"{path.stem[:57]:<58}{len(grids):>5}{cols}{dist['not unique']:>10}{mean:>11}{ms:>8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
