"""The typo benchmark behind ``python -m bench --typos``: does the check name the cell
the user mistyped, and does its fix restore the published puzzle?

Cases are made the way users make them: a public puzzle (``tests/data`` or ``--data``), a
random isomorph of it (digits relabelled, bands, stacks, rows in a band and columns in a
stack permuted, maybe transposed), then one slip of each kind injected at random (a wrong
digit, drawn uniformly: the benchmark does not assume the confusable digits the ranking
favours; a given left out; an extra digit; a given one cell off; two neighbouring givens
swapped; two independent wrong digits).  Only typed grids that do not have exactly one
solution count (a slip that keeps the puzzle unique cannot be detected).  The seed is
fixed, so every run sees the same cases.  The weights of the ranking's prior on the fixed
puzzle (``solver.typos.prior``) were fitted on the cases of seeds 1 and 2; the default seed and
any other ``--seed`` are cases it has not seen (a held-out check against overfitting).

For each kind it reports, for the current ``diagnose`` and, with ``--before DIR``, for the
``diagnose`` of another checkout (e.g. a ``git worktree`` of an older commit) on the very
same cases in a subprocess, the two taking turns case by case (so both see the machine in
the same state):

* ``first``: the first cell the check names is a true cell of the slip;
* ``top3``: a true cell is among the first three cells named;
* ``restores``: the fix proposed (the first one, when the check is confident it is *the*
  fix; the old check always proposed its first suspect or clue) gives a puzzle whose
  unique solution is the original's; ``wrong fix``: it gives a puzzle with a *different*
  unique solution;
* ``p95 ms`` / ``max ms``: CPU time of one check (``time.process_time``).

Targets (issue 12): first >= 85 % and top3 >= 95 % for every single-slip kind, restores
>= 80 % and wrong fix <= 5 % overall, top3 >= 80 % for two slips, p95 <= 300 ms and
max <= 1.5 s.  A target is judged only on enough cases (:func:`needs`: 67 for 85 %, 200
for 95 %); on fewer it says "too few cases to judge (n=20; needs ≥ 67)" instead of met or
missed.  The exit status is 1 when a target is missed, not when one could not be judged.
"""
from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional, TextIO

from solver.grid import Grid, cell_of, index
from solver.isomorph import isomorph

__all__ = ["KINDS", "make_cases", "isomorph", "inject", "run_typo_bench"]

KINDS = ("wrong_digit", "left_out", "extra", "shifted", "swapped", "two_wrong")
DEFAULT_PER_KIND = 300
DEFAULT_SEED = 20261124

# Sets of published-style puzzles (one solution each); the multi-solution set is left out.
_SETS = ("kaggle_sample69", "norvig_easy50", "norvig_top95", "norvig_hardest11",
         "17_clue_sample200", "top1465_sample200", "forum_hardest_sample200",
         "forum_hardest_1106_sample100")


def _neighbours(i: int) -> list:
    r, c = divmod(i, 9)
    return [9 * (r + dr) + c + dc for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0))
            if 0 <= r + dr < 9 and 0 <= c + dc < 9]


def inject(kind: str, cells: tuple, rng: random.Random) -> Optional[tuple]:
    """(typed cells, true cells) for one slip of ``kind``, or None when it cannot be made."""
    t = list(cells)
    givens = [i for i in range(81) if cells[i]]
    blanks = [i for i in range(81) if not cells[i]]
    if kind == "wrong_digit":
        i = rng.choice(givens)
        t[i] = rng.choice([d for d in range(1, 10) if d != cells[i]])
        return tuple(t), (i,)
    if kind == "left_out":
        i = rng.choice(givens)
        t[i] = 0
        return tuple(t), (i,)
    if kind == "extra":
        i = rng.choice(blanks)
        t[i] = rng.randint(1, 9)
        return tuple(t), (i,)
    if kind == "shifted":
        moves = [(i, j) for i in givens for j in _neighbours(i) if not cells[j]]
        if not moves:
            return None
        i, j = rng.choice(moves)
        t[j], t[i] = cells[i], 0
        return tuple(t), (j, i)  # the typed cell first
    if kind == "swapped":
        pairs = [(i, j) for i in givens for j in _neighbours(i)
                 if j > i and cells[j] and cells[j] != cells[i]]
        if not pairs:
            return None
        i, j = rng.choice(pairs)
        t[i], t[j] = cells[j], cells[i]
        return tuple(t), (i, j)
    if kind == "two_wrong":
        i, j = rng.sample(givens, 2)
        for k in (i, j):
            t[k] = rng.choice([d for d in range(1, 10) if d != cells[k]])
        return tuple(t), (i, j)
    raise ValueError(kind)


def _not_unique(cells: tuple) -> bool:
    from solver.diagnose import validate
    from solver.search import count_solutions

    g = Grid(cells)
    return bool(validate(g)) or count_solutions(g, 2) != 1


def load_puzzles(data: Optional[str] = None) -> list:
    """The published puzzles the cases are made from (``tests/data`` unless ``data``)."""
    from solver.reading.parse import iter_puzzles

    folder = Path(data) if data else Path(__file__).resolve().parent.parent / "tests" / "data"
    out = []
    for name in _SETS:
        path = folder / f"{name}.txt"
        if not path.exists():
            continue
        with open(path, "rb") as f:
            out.extend(item.cells for _n, item in iter_puzzles(f) if isinstance(item, Grid))
    if not out:
        raise SystemExit(f"no puzzle sets found in {folder}")
    return out


def make_cases(per_kind: int, seed: int = DEFAULT_SEED, data: Optional[str] = None) -> list:
    """``per_kind`` cases of every kind: dicts with kind, typed, true cells, original solution."""
    from solver.search import solve

    puzzles = load_puzzles(data)
    rng = random.Random(seed)
    cases = []
    for kind in KINDS:
        made = tries = 0
        while made < per_kind and tries < per_kind * 50:
            tries += 1
            original = isomorph(rng.choice(puzzles), rng)
            slip = inject(kind, original, rng)
            if slip is None:
                continue
            typed, true = slip
            if not _not_unique(typed):
                continue
            solution = solve(Grid(original))
            cases.append({"kind": kind, "typed": "".join(map(str, typed)),
                          "true": list(true), "solution": solution.to_line()})
            made += 1
    return cases


# -- reading a diagnosis, old or new ----------------------------------------------------
# Runs in this process for the current code, and (as source text) in a subprocess with
# another checkout's ``solver`` first on sys.path for --before.  It uses only what every
# version has: ``diagnose``, ``count_solutions``, ``solve_excluding``, and ``explanations``
# when the Diagnosis has them.

_EVALUATE = r'''
import json, sys, time
import solver
from solver import Grid, count_solutions, diagnose
from solver.search import solve_excluding

def named(d, g):
    """(cells named, best first; the first fix as a grid or None) of a Diagnosis."""
    xs = getattr(d, "explanations", None)
    if xs:
        cells = []
        for x in xs:
            for c in x.cells:
                if c not in cells:
                    cells.append(c)
        return cells, (xs[0].fixed if getattr(d, "fix_confident", True) else None)
    if d.status == "invalid":
        cells = []
        for c in d.conflicts:
            for cell in c.cells:
                if cell not in cells:
                    cells.append(cell)
        return cells, None
    if d.status == "no_solution":
        fix = None
        if d.suspects:
            c = d.suspects[0]
            s = solve_excluding(g, c, g[c])
            if s is not None:
                fix = g.with_digit(c, s[c])
        return list(d.suspects), fix
    added = getattr(d, "suggested_given", getattr(d, "suggested_clue", None))  # the name before 2026-11-29
    if d.status == "multiple" and added is not None:
        cell, digit = added
        return [cell], g.with_digit(cell, digit)
    return [], None

def evaluate(case):
    g = Grid(int(ch) for ch in case["typed"])
    t0 = time.process_time()  # CPU time: other work on a busy machine does not count
    d = diagnose(g)
    ms = (time.process_time() - t0) * 1000
    cells, fix = named(d, g)
    true = {divmod(i, 9) for i in case["true"]}
    out = {"status": d.status, "first": bool(cells) and tuple(cells[0]) in true,
           "top3": any(tuple(c) in true for c in cells[:3]),
           "ms": ms, "restores": False, "wrong_fix": False, "fix": fix is not None}
    if fix is not None:
        sols = solver.find_solutions(fix, 2)
        if len(sols) == 1:
            if sols[0].to_line() == case["solution"]:
                out["restores"] = True
            else:
                out["wrong_fix"] = True
    return out

def main():
    for line in sys.stdin:
        print(json.dumps(evaluate(json.loads(line))), flush=True)
'''


def _evaluate(cases: list, before: Optional[str], progress) -> tuple:
    """(results of today's code, results of ``before``'s or None), case by case in turn: the
    other checkout runs in a subprocess fed one case at a time, and which of the two goes
    first alternates, so that both see the machine in the same state (on a shared machine
    CPU time per unit of work drifts by tens of percent within minutes)."""
    ns: dict = {}
    exec(compile(_EVALUATE, "<typo-evaluate>", "exec"), ns)
    proc = None
    if before:
        root = Path(before).resolve()
        if not (root / "solver" / "__init__.py").exists():
            raise SystemExit(f"--before {before}: no solver package there")
        code = f"import sys; sys.path.insert(0, {str(root)!r})\n" + _EVALUATE + "\nmain()\n"
        env = dict(os.environ, PYTHONPATH=str(root))
        proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=env, cwd=str(root))
    here, there = [], []

    def other(case):
        proc.stdin.write(json.dumps(case) + "\n")
        proc.stdin.flush()
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"--before {before} failed:\n{proc.stderr.read()[-2000:]}")
        there.append(json.loads(line))

    try:
        for k, case in enumerate(cases):
            if proc is not None and k % 2:
                other(case)
            here.append(ns["evaluate"](case))
            if proc is not None and not k % 2:
                other(case)
            progress(k + 1, len(cases))
    finally:
        if proc is not None:
            proc.stdin.close()
            proc.wait()
    return here, (there if proc is not None else None)


def _pct(values: list, p: float) -> float:
    s = sorted(values)
    return s[max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))] if s else 0.0


def _summary(cases: list, results: list) -> dict:
    rows = {}
    for kind in KINDS + ("all single",):
        sel = [r for c, r in zip(cases, results)
               if c["kind"] == kind or (kind == "all single" and c["kind"] != "two_wrong")]
        if not sel:
            continue
        n = len(sel)
        ms = [r["ms"] for r in sel]
        rows[kind] = {
            "n": n,
            "first": 100 * sum(r["first"] for r in sel) / n,
            "top3": 100 * sum(r["top3"] for r in sel) / n,
            "restores": 100 * sum(r["restores"] for r in sel) / n,
            "wrong_fix": 100 * sum(r["wrong_fix"] for r in sel) / n,
            "p95": _pct(ms, 95), "max": max(ms),
        }
    return rows


# The fewest cases that can judge a target on a share: enough for at least TAIL cases on
# the far side of it, n·(1 − p) for "at least p", n·p for "at most p" (the usual rule of
# thumb for reading a binomial share; here 67 cases for 85 %, 200 for 95 % or 5 %, 50 for
# 80 %).  With fewer, a case or two carry the share across the line by chance: 20 cases
# leave 85 % three misses, each worth 5 points, and a check that names the cell first in
# 90 % of all cases falls under 85 % in 13 % of samples of 20.  A p95 needs TAIL cases
# above it (200); a max is judged on any sample, since one case over the bound is a fact.
TAIL = 10


def needs(share: float) -> int:
    """The fewest cases that can judge a target of ``share`` percent (see TAIL)."""
    return math.ceil(round(TAIL * 100 / min(share, 100 - share), 6))


def _targets(rows: dict) -> list:
    """(row, what, value, ok, bound) of every target on the rows (issue 12's targets)."""
    out = []
    for kind, r in rows.items():
        if kind not in ("two_wrong", "all single"):
            out.append((kind, "first", r["first"], r["first"] >= 85, (">=", 85, "%")))
            out.append((kind, "top3", r["top3"], r["top3"] >= 95, (">=", 95, "%")))
    if "two_wrong" in rows:
        out.append(("two_wrong", "top3", rows["two_wrong"]["top3"], rows["two_wrong"]["top3"] >= 80,
                    (">=", 80, "%")))
    if "all single" in rows:
        a = rows["all single"]
        out.append(("all single", "fix restores", a["restores"], a["restores"] >= 80, (">=", 80, "%")))
        out.append(("all single", "wrong fix", a["wrong_fix"], a["wrong_fix"] <= 5, ("<=", 5, "%")))
    for kind, r in rows.items():
        out.append((kind, "p95", r["p95"], r["p95"] <= 300, ("<=", 300, "ms")))
    return out


def judge(rows: dict) -> tuple:
    """(misses, too few) of the targets on the rows: the missed ones as text, and the ones
    whose sample is too small to judge as (n, cases needed, target, [rows]), grouped."""
    misses, unjudged = [], {}
    for kind, what, value, ok, (op, bound, unit) in _targets(rows):
        n = rows[kind]["n"]
        least = needs(95 if what == "p95" else bound)
        name = "single slips" if kind == "all single" else kind
        if n < least:
            sign = "≥" if op == ">=" else "≤"
            unjudged.setdefault((n, least, f"{what} {sign} {bound} {unit}"), []).append(name)
        elif not ok:
            worse = "<" if op == ">=" else ">"
            misses.append(f"{name}: {what} {value:.0f} {unit} {worse} {bound} {unit}")
    worst = max((r["max"] for r in rows.values()), default=0.0)
    if worst > 1500:  # one case over the bound: judged on any sample
        misses.append(f"max {worst:.0f} ms > 1500 ms")
    return misses, [(n, least, target, names) for (n, least, target), names in unjudged.items()]


def _misses(rows: dict) -> list:
    """The targets missed (those a sample too small cannot judge left out)."""
    return judge(rows)[0]


def format_judgement(misses: list, few: list, per_kind: int) -> list:
    """The lines after the table: one per group of targets too few cases can judge, then
    ``targets: ...``."""
    lines = [f"too few cases to judge (n={n}; needs ≥ {least}): {target} for {', '.join(names)}"
             for n, least, target, names in few]
    if misses:
        lines.append("targets: MISSED: " + "; ".join(misses))
    elif few:
        # a row of n cases grows as per_kind does (all single: five kinds' worth)
        more = max(math.ceil(least * per_kind / n) for n, least, _t, _names in few)
        lines.append(f"targets: none missed of those these cases can judge; judging them all "
                     f"needs --per-kind {more:,}")
    else:
        lines.append("targets: all met")
    return lines


def run_typo_bench(per_kind: int = DEFAULT_PER_KIND, seed: int = DEFAULT_SEED,
                   before: Optional[str] = None, data: Optional[str] = None,
                   out: TextIO = sys.stdout) -> int:
    """Make the cases, check each with today's code (and ``before``'s), print the table;
    0 when every target is met, else 1."""
    t0 = time.perf_counter()
    cases = make_cases(per_kind, seed, data)
    print(f"typo benchmark: {len(cases)} cases ({per_kind} per kind, seed {seed}), "
          f"made in {time.perf_counter() - t0:.1f} s", file=out)
    tty = out.isatty() if hasattr(out, "isatty") else False

    def progress(k, n):
        if tty and (k % 25 == 0 or k == n):
            print(f"\r  checked {k:,} of {n:,}", end="" if k < n else "\n", file=out, flush=True)

    here, there = _evaluate(cases, before, progress)
    after = _summary(cases, here)
    old = _summary(cases, there) if there is not None else None
    head = "| slip | cases | first | top 3 | fix restores | wrong fix | p95 ms | max ms |"
    print(head if old is None else head.replace("| slip |", "| slip | code |"), file=out)
    print("|" + "---|" * (head.count("|") - 1 + (old is not None)), file=out)
    for kind, r in after.items():
        for label, rr in (("before", old.get(kind)) if old else (None, None), ("after", r)):
            if label is None or rr is None:
                continue
            lead = f"| {kind} | {label} |" if old else f"| {kind} |"
            print(f"{lead} {rr['n']} | {rr['first']:.0f} % | {rr['top3']:.0f} % | "
                  f"{rr['restores']:.0f} % | {rr['wrong_fix']:.0f} % | {rr['p95']:.0f} | "
                  f"{rr['max']:.0f} |", file=out)
    misses, few = judge(after)
    for line in format_judgement(misses, few, per_kind):
        print(line, file=out)
    return 1 if misses else 0


if __name__ == "__main__":  # pragma: no cover
    import argparse

    p = argparse.ArgumentParser(prog="python -m bench.typos")
    p.add_argument("--per-kind", type=int, default=DEFAULT_PER_KIND)
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--before", help="root of another checkout to compare with")
    p.add_argument("--data", help="folder of puzzle sets (default tests/data)")
    a = p.parse_args()
    sys.exit(run_typo_bench(a.per_kind, a.seed, a.before, a.data))
