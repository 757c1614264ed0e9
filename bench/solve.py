"""The benchmark behind ``python -m bench``: our solver against two baselines.

For every puzzle set (the first ``limit`` puzzles of each file) it measures, in
one run, in this process (pure Python, one core), the CPU time of this process
(``time.process_time``, so other work on a busy machine does not count):

* our ``solve``: median / p99 / max milliseconds per puzzle (the better of two
  runs of each puzzle, against scheduler noise) and puzzles per second (from
  the first run, like every total below);
* ``x Norvig``: total time of the Norvig-style constraint-propagation solver
  (``baselines.norvig_solve``) divided by ours;
* ``x classic``: total time of the classic backtracker (``baselines.classic_solve``,
  stopped after ``cap`` placements per puzzle) divided by ours on the same
  puzzles, the first ``classic_limit`` of the set (most hard puzzles run into
  the cap, and each capped puzzle costs the full ``cap``, so only a few are
  run); when some puzzles hit the cap the ratio is a lower bound and is
  printed as ``>=``;
* ``count/solve``: ``count_solutions(limit=2)`` time over ``solve`` time;
* ``diagnose``: median / max ms of ``diagnose`` on the first ``diagnose_limit``
  puzzles, and on the same puzzles with one given changed ("broken": a
  pseudo-random given, replaced by a digit that breaks no rule, so the puzzle
  usually has no solution and diagnose must find out why).

Then it checks the targets: >= 5x the Norvig-style solver on every set, no
puzzle above 50 ms, count(limit=2) <= 2x solve, diagnose < 200 ms on the
published puzzles, and on the broken ones p95 <= 300 ms and max <= 1.5 s:
diagnose also searches the typing slips that explain a broken puzzle, which
issue 12 allows that much per check (``typo_bench.py`` holds the same bound).
``run_bench`` returns 1 when a target is missed, so ``python -m bench``
fails a script or CI job.
"""
from __future__ import annotations

import itertools
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, TextIO

from solver.grid import PEERS, Grid

__all__ = ["run_bench", "bench_set", "SetResult", "default_files", "DEFAULT_LIMIT", "DEFAULT_CAP"]

DEFAULT_LIMIT = 500  # puzzles per set; the big public sets hold 20,000
DEFAULT_CAP = 200_000  # classic backtracker placements per puzzle
CLASSIC_LIMIT = 100  # puzzles per set run through the (slow, capped) classic backtracker
DIAGNOSE_LIMIT = 100  # puzzles per set that are diagnosed (and broken and diagnosed)

# Sets in rising difficulty; a file is placed by the first key its name contains.
_ORDER = ("kaggle", "easy50", "top95", "hardest11", "17_clue", "top1465", "forum_hardest_1905",
          "forum_hardest_sample", "1106", "serg", "multi")


@dataclass
class SetResult:
    name: str
    puzzles: int
    solve_ms: list = field(default_factory=list)
    solve_total: float = 0.0
    norvig_total: float = 0.0
    classic_total: float = 0.0
    classic_puzzles: int = 0
    classic_ours: float = 0.0  # our solve time on the classic puzzles
    classic_capped: int = 0
    count_total: float = 0.0
    diagnose_ms: list = field(default_factory=list)
    broken_ms: list = field(default_factory=list)
    unsolved: int = 0  # puzzles our solver found no solution for (should be 0)

    @property
    def norvig_ratio(self) -> float:
        return self.norvig_total / self.solve_total if self.solve_total else 0.0

    @property
    def classic_ratio(self) -> float:
        return self.classic_total / self.classic_ours if self.classic_ours else 0.0

    @property
    def count_ratio(self) -> float:
        return self.count_total / self.solve_total if self.solve_total else 0.0


def _percentile(values: list, p: float) -> float:
    """The p-th percentile (nearest rank) of a non-empty list."""
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))
    return s[k]


def _median(values: list) -> float:
    s = sorted(values)
    n = len(s)
    return (s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2) if n else 0.0


def default_data_dir() -> Path:
    """../shared/data next to the repository when present, else the repository's tests/data."""
    repo = Path(__file__).resolve().parent.parent
    shared = repo.parent / "shared" / "data"
    return shared if shared.is_dir() else repo / "tests" / "data"


def _rank(path: Path) -> tuple:
    name = path.name
    for k, key in enumerate(_ORDER):
        if key in name:
            return (k, name)
    return (len(_ORDER), name)


def default_files(data: Optional[str] = None) -> list[Path]:
    """The puzzle sets (*.txt) of the data folder, easiest first."""
    folder = Path(data) if data else default_data_dir()
    return sorted(folder.glob("*.txt"), key=_rank)


def read_set(path: Path, limit: Optional[int]) -> list[Grid]:
    """The first ``limit`` readable puzzles of a file (streamed; unreadable lines skipped)."""
    from solver.reading.parse import iter_puzzles

    with open(path, "rb") as f:
        grids = (item for _n, item in iter_puzzles(f) if isinstance(item, Grid))
        return list(itertools.islice(grids, limit))


def break_one_given(g: Grid, rng: random.Random) -> Grid:
    """``g`` with one given replaced by another digit that breaks no rule (any other digit if none does)."""
    cells = g.cells
    givens = [i for i in range(81) if cells[i]]
    i = rng.choice(givens)
    peers = {cells[p] for p in PEERS[i]}
    quiet = [d for d in range(1, 10) if d != cells[i] and d not in peers]
    d = rng.choice(quiet or [d for d in range(1, 10) if d != cells[i]])
    return g.with_digit(divmod(i, 9), d)


def bench_set(name: str, grids: list[Grid], cap: int = DEFAULT_CAP,
              diagnose_limit: int = DIAGNOSE_LIMIT,
              classic_limit: int = CLASSIC_LIMIT) -> SetResult:
    """Measure one set (see the module docstring)."""
    from .baselines import classic_solve, norvig_solve
    from solver.search import count_solutions, solve
    try:
        from solver.diagnose import diagnose
    except ImportError:  # while diagnose.py is being written: the columns stay empty
        diagnose, diagnose_limit = None, 0

    clock = time.process_time  # CPU time: other processes on a busy machine do not count
    r = SetResult(name, len(grids))
    if grids:  # warm up (first-call costs are not per-puzzle costs)
        solve(grids[0])
        norvig_solve(grids[0])
        count_solutions(grids[0], limit=2)
    for g in grids:
        t = clock()
        sol = solve(g)
        dt = clock() - t
        r.solve_total += dt
        t = clock()
        solve(g)  # per-puzzle times: best of two, so a preempted run on a busy machine
        r.solve_ms.append(min(dt, clock() - t) * 1000)  # does not pose as a slow puzzle
        r.unsolved += sol is None
    t = clock()
    for g in grids:
        norvig_solve(g)
    r.norvig_total = clock() - t
    some = grids[:classic_limit]
    r.classic_puzzles = len(some)
    r.classic_ours = sum(r.solve_ms[:len(some)]) / 1000  # best-of-two: favours the classic
    t = clock()
    for g in some:
        r.classic_capped += classic_solve(g, cap).capped
    r.classic_total = clock() - t
    t = clock()
    for g in grids:
        count_solutions(g, limit=2)
    r.count_total = clock() - t
    rng = random.Random(2024)
    for g in grids[:diagnose_limit]:
        t = clock()
        diagnose(g)
        r.diagnose_ms.append((clock() - t) * 1000)
        broken = break_one_given(g, rng)
        t = clock()
        diagnose(broken)
        r.broken_ms.append((clock() - t) * 1000)
    return r


_HEAD = ("| set | puzzles | median ms | p99 ms | max ms | puzzles/s | x Norvig | x classic "
         "| classic capped | count/solve | diagnose med/max ms | broken med/max ms |")
_RULE = "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"


def _ratio(x: float) -> str:
    return f"{x:.2f}x" if x < 1 else f"{x:.1f}x" if x < 10 else f"{x:,.0f}x"


def format_row(r: SetResult) -> str:
    if not r.puzzles:
        return f"| {r.name} | 0 | | | | | | | | | | |"
    classic = f"{'>=' if r.classic_capped else ''}{_ratio(r.classic_ratio)}"
    rate = r.puzzles / r.solve_total if r.solve_total else 0.0
    dmed = f"{_median(r.diagnose_ms):.1f} / {max(r.diagnose_ms):.1f}" if r.diagnose_ms else "-"
    bmed = f"{_median(r.broken_ms):.1f} / {max(r.broken_ms):.1f}" if r.broken_ms else "-"
    return (f"| {r.name} | {r.puzzles:,} | {_median(r.solve_ms):.2f} | "
            f"{_percentile(r.solve_ms, 99):.2f} | {max(r.solve_ms):.2f} | {rate:,.0f} | "
            f"{_ratio(r.norvig_ratio)} | {classic} | {r.classic_capped}/{r.classic_puzzles} | "
            f"{r.count_ratio:.2f} | {dmed} | {bmed} |")


def format_targets(results: list[SetResult]) -> list[str]:
    """One line per target: met or missed, with the worst set."""
    done = [r for r in results if r.puzzles]
    if not done:
        return ["no puzzles measured"]
    lines = []

    def say(ok: bool, text: str) -> None:
        lines.append(f"- [{'met' if ok else 'MISSED'}] {text}")

    worst = min(done, key=lambda r: r.norvig_ratio)
    say(worst.norvig_ratio >= 5, f">= 5x the Norvig-style solver on every set "
                                 f"(lowest {worst.norvig_ratio:.1f}x on {worst.name})")
    slow = max(done, key=lambda r: max(r.solve_ms))
    top = max(slow.solve_ms)
    say(top <= 50, f"no puzzle above 50 ms (slowest {top:.1f} ms, in {slow.name})")
    worst = max(done, key=lambda r: r.count_ratio)
    say(worst.count_ratio <= 2, f"count_solutions(limit=2) <= 2x solve "
                                f"(highest {worst.count_ratio:.2f}x on {worst.name})")
    diag = [(m, r.name) for r in done for m in r.diagnose_ms]
    if diag:
        m, name = max(diag)
        say(m < 200, f"diagnose < 200 ms (slowest {m:.1f} ms, in {name})")
    broken = [m for r in done for m in r.broken_ms]
    if broken:
        p95 = _percentile(broken, 95)
        m, name = max((m, r.name) for r in done for m in r.broken_ms)
        say(p95 <= 300 and m <= 1500, f"diagnose of broken puzzles: p95 <= 300 ms and max <= 1.5 s "
                                      f"(p95 {p95:.1f} ms; slowest {m:.1f} ms, in {name})")
    unsolved = sum(r.unsolved for r in done)
    if unsolved:
        lines.append(f"- [MISSED] our solver found no solution for {unsolved} puzzle(s)")
    return lines


def run_bench(files=None, data: Optional[str] = None, cap: Optional[int] = None,
              limit: Optional[int] = None, out: TextIO = sys.stdout,
              diagnose_limit: int = DIAGNOSE_LIMIT, classic_limit: int = CLASSIC_LIMIT) -> int:
    """Run the benchmark and print the table; 0 when every target is met, 1 when one is
    missed, 2 when there were no puzzle files."""
    cap = DEFAULT_CAP if cap is None else cap
    limit = DEFAULT_LIMIT if limit is None else limit
    paths = [Path(f) for f in files] if files else default_files(data)
    missing = [p for p in paths if not p.is_file()]
    if not paths or missing:
        where = ", ".join(map(str, missing)) or str(Path(data) if data else default_data_dir())
        print(f"bench: no puzzle files at {where}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    out.write(f"Benchmark: first {limit:,} puzzles per set; the classic backtracker and "
              f"diagnose on the first {min(classic_limit, limit):,} and "
              f"{min(diagnose_limit, limit):,} of them,\nthe classic capped at {cap:,} "
              f"placements per puzzle.  Python {sys.version.split()[0]}, one process.\n\n")
    out.write(_HEAD + "\n" + _RULE + "\n")
    out.flush()
    results = []
    for p in paths:
        grids = read_set(p, limit)
        r = bench_set(p.stem, grids, cap=cap, diagnose_limit=diagnose_limit,
                      classic_limit=classic_limit)
        results.append(r)
        out.write(format_row(r) + "\n")
        out.flush()
    targets = format_targets(results)
    out.write("\n" + "\n".join(targets) + "\n")
    capped = sum(r.classic_capped for r in results)
    if capped:
        out.write(f"\n{capped:,} puzzles hit the classic cap of {cap:,} placements: "
                  f"'>=' ratios are lower bounds.\n")
    out.write(f"Total benchmark time {time.perf_counter() - start:,.0f} s.\n")
    out.flush()
    return 1 if any("[MISSED]" in line for line in targets) else 0
