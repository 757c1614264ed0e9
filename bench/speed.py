"""Speed targets that left the tests: ``python -m bench.speed [--runs N]``.

The test suite asserts nothing a busy machine can break (issue 24): where a test held some work
to a number of seconds, it now counts the work or compares CPU times on its own thread, and the
target itself is measured here.  Each line gives the best wall-clock time of ``--runs`` runs
(3), the CPU time of that run, the target, and the ratio time / target (above 1: missed).  Run it
on a quiet machine; the exit status is 1 when a target is missed.

What is measured (and the test that guards the same work without a clock):

* ``parse`` of one 81-character line, per line, over 2,000 lines: at most 200 µs
  (tests/test_parse.py kept no timing of its own);
* a text and bytes over ``MAX_TEXT_CHARS`` refused by ``parse`` and ``parse_many``, all four: at
  most 0.5 s (test_parse: the same bound on the thread's CPU time);
* ``count_backtrack_work`` on the pathological puzzle to 500,000 placements: at most 3 s
  (test_backtrack: the counter needs at least 10 times less CPU than streaming the events);
* the first 1,000 events of ``backtrack_steps`` on the pathological puzzle: at most 0.5 s
  (test_backtrack: the same bound on CPU time);
* ``estimate_backtrack_work`` on the five puzzles of test_estimate_lands_near_the_count: each at
  most 2 s (the test bounds the samples it takes);
* ``rate`` of a puzzle that needs forcing chains (forum hardest, first): at most 5 s
  (test_rating: the same bound on CPU time);
* ``read_state`` of a 2 GB sparse state file, refused before reading: at most 0.5 s
  (test_storage: at most 1 MB of memory allocated and 0.5 s of CPU).
"""
from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def _lines(name: str) -> list[str]:
    text = (DATA / f"{name}.txt").read_text()
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]


def _best(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """(the least wall-clock seconds of ``runs`` calls, the CPU seconds of that call)."""
    best = (float("inf"), 0.0)
    for _ in range(runs):
        w, c = time.perf_counter(), time.thread_time()
        fn()
        best = min(best, (time.perf_counter() - w, time.thread_time() - c))
    return best


def cases() -> list[tuple[str, float, Callable[[], object], int]]:
    """(what, target seconds, the work, how many items the time is divided by)."""
    import solver
    from solver import backtrack_steps, count_backtrack_work, estimate_backtrack_work, parse, parse_many, rate
    from solver.examples import example
    from solver.reading.parse import MAX_TEXT_CHARS

    pathological = parse(example("pathological").line)
    line = "004300209005009001070060043006002087190007400050083000600000105003508690042910300"
    big = "1" * (MAX_TEXT_CHARS + 1)
    big_bytes = big.encode()

    def refuse_big():
        for fn in (parse, parse_many):
            for data in (big, big_bytes):
                try:
                    fn(data)
                except solver.ParseError:
                    pass
                else:
                    raise AssertionError("a text over the limit was read")

    out = [
        ("parse: an 81-character line, per line", 200e-6, lambda: [parse(line) for _ in range(2000)], 2000),
        ("parse, parse_many: text and bytes over the limit, refused", 0.5, refuse_big, 1),
        ("count_backtrack_work: pathological, 500,000 placements", 3.0,
         lambda: count_backtrack_work(pathological, cap=500_000), 1),
        ("backtrack_steps: pathological, the first 1,000 events", 0.5,
         lambda: list(itertools.islice(backtrack_steps(pathological), 1000)), 1),
    ]
    norvig = _lines("norvig_top95")
    for label, text, order, samples in (
            ("hard example, classic", example("hard").line, "row-major", 2000),
            ("top95 #11, classic", norvig[10], "row-major", 2000),
            ("top95 #18, classic", norvig[17], "row-major", 2000),
            ("pathological, classic", example("pathological").line, "row-major", 3000),
            ("pathological, fewest candidates", example("pathological").line, "fewest-candidates", 300)):
        g = parse(text)
        out.append((f"estimate_backtrack_work: {label}, {samples:,} samples", 2.0,
                    lambda g=g, order=order, samples=samples: estimate_backtrack_work(g, order, samples=samples,
                                                                                     seed=0), 1))
    forcing = parse(_lines("forum_hardest_sample200")[0])
    out.append(("rate: a puzzle that needs forcing chains", 5.0, lambda: rate(forcing), 1))
    out.append(("read_state: a 2 GB state file, refused before reading", 0.5, _refuse_huge_state, 1))
    return out


def _refuse_huge_state() -> None:
    from app.storage import StateError, read_state

    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder) / "state.json"
        with open(state, "wb") as f:  # sparse: costs no disk
            f.truncate(2 * 1024 ** 3)
        try:
            read_state(state)
        except StateError:
            return
        raise AssertionError("a 2 GB state file was read")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.speed", description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=3, help="runs of each case; the best is reported (default 3)")
    args = p.parse_args(argv)
    missed = 0
    print(f"{'ratio':>6}  {'wall':>10}  {'CPU':>10}  {'target':>10}  what")
    for what, target, work, items in cases():
        wall, cpu = _best(work, max(1, args.runs))
        wall, cpu = wall / items, cpu / items
        ratio = wall / target
        missed += ratio > 1
        print(f"{ratio:6.2f}  {_s(wall):>10}  {_s(cpu):>10}  {_s(target):>10}  {what}"
              + ("  [MISSED]" if ratio > 1 else ""))
    print(f"{missed} target(s) missed" if missed else "every target met")
    return 1 if missed else 0


def _s(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


if __name__ == "__main__":
    sys.exit(main())
