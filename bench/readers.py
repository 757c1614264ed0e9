"""``python -m bench.readers``: fuzz every puzzle reader with the inputs of issue 25 and count
what went wrong, per family of inputs.

    python -m bench.readers [-n N] [--seed S] [--before DIR]

Each family makes inputs from random isomorphs of the puzzles in ``tests/data`` whose right
reading is known: a grid, or a refusal.  Every reader reads every input (``parse`` on text and
on bytes, ``parse_many``, ``parse_marks``, ``load`` on a file, and the command line's ``solve``,
``check``, ``rate``, ``hint`` and ``explain`` on that file, in this process), and the table
says, per family: inputs tried, exceptions (anything but a refusal), hangs (one reading over
2 s), wrong accepts (a grid where there is none, or another grid) and wrong rejects (a
refusal of a readable input); silent counts inputs a command refused without a word about them in
its output (no JSON object, or one without a message).  ``--before DIR`` runs the same inputs against the checkout in
DIR too (``git archive main | tar -x -C DIR``), in a second process.

Exit status 0 when nothing went wrong, 1 otherwise.  tests/solver/test_readers_fuzz.py
asserts the same families, fewer of them; docs/benchmarks.md has the figures.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from solver.reading.marks import framed

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
HANG_S = 2.0
SOURCES = ("17_clue_sample200.txt", "norvig_easy50.txt", "top1465_sample200.txt")


def puzzles(name: str) -> list[str]:
    """The 81-character puzzles of a file of tests/data ('.' or '0' blanks)."""
    return [ln.strip() for ln in (DATA / name).read_text(encoding="utf-8").splitlines()
            if len(ln.strip()) == 81 and not ln.startswith("#")]


def _isomorph(rng: random.Random, line: str) -> str:
    """A random isomorph (digits relabelled, rows and columns shuffled within bands, bands
    shuffled, maybe transposed), written with '.' blanks; standard library only, so the
    same inputs are made whichever checkout is measured."""
    cells = [0 if ch in ".0" else int(ch) for ch in line]
    digits = list(range(1, 10))
    rng.shuffle(digits)

    def order():
        bands = rng.sample(range(3), 3)
        return [3 * b + r for b in bands for r in rng.sample(range(3), 3)]

    rows, cols = order(), order()
    flip = rng.random() < 0.5
    out = []
    for r in range(9):
        for c in range(9):
            rr, cc = (cols[c], rows[r]) if flip else (rows[r], cols[c])
            v = cells[9 * rr + cc]
            out.append(str(digits[v - 1]) if v else ".")
    return "".join(out)


def _basic(line: str) -> list[set]:
    """Per cell the digits no peer holds (an empty set for a filled cell)."""
    cells = [0 if ch == "." else int(ch) for ch in line]
    out = []
    for i in range(81):
        if cells[i]:
            out.append(set())
            continue
        r, c = divmod(i, 9)
        seen = {cells[9 * r + k] for k in range(9)} | {cells[9 * k + c] for k in range(9)}
        br, bc = 3 * (r // 3), 3 * (c // 3)
        seen |= {cells[9 * (br + a) + bc + b] for a in range(3) for b in range(3)}
        out.append(set(range(1, 10)) - seen)
    return out


def pretty(line: str) -> str:
    """Grid.pretty()'s look: spaces, '|' and '- - -' band rules."""
    out = []
    for r in range(9):
        if r and r % 3 == 0:
            out.append("- - - - - - - - - - - -")
        parts = []
        for c in range(9):
            if c and c % 3 == 0:
                parts.append("|")
            parts.append(line[9 * r + c])
        out.append(" ".join(parts))
    return "\n".join(out)


def pencil_grid(line: str, rng: random.Random, width: int | None = None) -> str:
    """A HoDoKu-style pencil-mark grid of the puzzle ``line``: every blank cell holds two or
    more candidates (so the grid reads back as exactly the puzzle); ``width``: make every line
    exactly that long (81: the frame line a one-line reader took for an empty puzzle)."""
    masks = _basic(line)
    tokens = []
    for i, ch in enumerate(line):
        if ch != ".":
            tokens.append(ch)
            continue
        cand = set(masks[i])
        while len(cand) < 2:
            cand.add(rng.randint(1, 9))
        tokens.append("".join(map(str, sorted(cand))))
    widths = [max(len(tokens[9 * r + c]) for r in range(9)) for c in range(9)]
    if width is not None:
        room = width - 22  # 4 frame characters, 2 spaces around and between the cells of 3 stacks
        while sum(widths) > room:  # drop candidates of the widest column's longest cells (keep 2)
            c = max(range(9), key=lambda k: widths[k])
            for r in range(9):
                t = tokens[9 * r + c]
                if len(t) == widths[c] and len(t) > 2:
                    tokens[9 * r + c] = "".join(sorted(rng.sample(t, len(t) - 1)))
            widths[c] = max(len(tokens[9 * r + c]) for r in range(9))
        while sum(widths) < room:
            widths[rng.randrange(9)] += 1
    return framed(tokens, widths)


def s9b_link(line: str) -> str:
    """The SudokuWiki link with candidates of the puzzle (basic candidates in blank cells)."""
    masks = _basic(line)
    out = []
    for i, ch in enumerate(line):
        v = int(ch) if ch != "." else 18 + sum(1 << (d - 1) for d in masks[i])
        out.append("0123456789abcdefghijklmnopqrstuvwxyz"[v // 36] + "0123456789abcdefghijklmnopqrstuvwxyz"[v % 36])
    return "https://www.sudokuwiki.org/sudoku.htm?bd=S9B" + "".join(out)


# -- the families: (rng, puzzle line) -> (text, the grid it holds as a line, or None: refuse) --

def extra_digit(rng, line):
    """A drawn grid (pretty() or bare spaced rows) with one more digit typed into one given."""
    i = rng.choice([k for k in range(81) if line[k] != "."])
    extra = rng.choice([d for d in "123456789" if d != line[i]])
    cells = list(line)
    cells[i] += extra
    if rng.random() < 0.5:
        rows = [" ".join(cells[9 * r:9 * r + 9]) for r in range(9)]
        return "\n".join(rows) + "\n", None
    text = pretty("".join(c if len(c) == 1 else "@" for c in cells)).replace("@", cells[i])
    return text + "\n", None


def frame_81(rng, line):
    """A pencil-mark grid whose lines, the frame too, are exactly 81 characters."""
    return pencil_grid(line, rng, width=81) + "\n", line


def bom(rng, line):
    """A pencil-mark grid, a pretty() drawing, an S9B link or a line after a byte-order mark."""
    kind = rng.randrange(4)
    text = (pencil_grid(line, rng), pretty(line), s9b_link(line), line)[kind]
    return "\ufeff" + text + "\n", line


def quoted_link(rng, line):
    """An S9B link, or a plain bd= link, in quotes or brackets."""
    left, right = rng.choice(['""', "''", "()", "<>", "[]"])
    link = s9b_link(line) if rng.random() < 0.7 else "https://www.sudokuwiki.org/sudoku.htm?bd=" + line.replace(".", "0")
    return f"{left}{link}{right}\n", line


def two_digit_table(rng, line):
    """A 9x9 table of two-digit numbers (no 0, no digit twice: it looked like candidates)."""
    rows = []
    for _ in range(9):
        rows.append(" ".join("".join(map(str, rng.sample(range(1, 10), 2))) for _ in range(9)))
    return "\n".join(rows) + "\n", None


def comma_line(rng, line):
    """A SudokuWiki link followed by a comment after a comma: not a puzzle field."""
    tail = rng.choice([", rated hard", ",rated hard", ", from the forum", ", 17 clues"])
    link = "https://www.sudokuwiki.org/sudoku.htm?bd=" + line.replace(".", "0")
    return link + tail + "\n", None


def shown_twice(rng, line):
    """What the app's Copy puts on the clipboard: the line, a blank line, the framed block
    (or the pretty() drawing): one puzzle, shown twice."""
    if rng.random() < 0.5:
        rows = ["*-----------*"]
        for r in range(9):
            if r in (3, 6):
                rows.append("|---+---+---|")
            row = line[9 * r:9 * r + 9]
            rows.append(f"|{row[0:3]}|{row[3:6]}|{row[6:9]}|")
        block = "\n".join(rows + ["*-----------*"])
    else:
        block = pretty(line)
    return f"{line}\n\n{block}\n", line


FAMILIES = {"extra digit": (extra_digit, "norvig_easy50.txt"),
            "81-char frame": (frame_81, "norvig_easy50.txt"),
            "BOM": (bom, "norvig_easy50.txt"),
            "quoted link": (quoted_link, "norvig_easy50.txt"),
            "two-digit table": (two_digit_table, "norvig_easy50.txt"),
            "comma line": (comma_line, "norvig_easy50.txt"),
            "shown twice": (shown_twice, "norvig_easy50.txt")}


def make_inputs(family: str, n: int, seed: int) -> list[tuple[str, str | None]]:
    """``n`` inputs of ``family`` (text, the puzzle line it holds or None), the same for a seed."""
    make, source = FAMILIES[family]
    rng = random.Random(f"{seed}:{family}")
    pool = puzzles(source)
    return [make(rng, _isomorph(rng, rng.choice(pool))) for _ in range(n)]


# -- the readers: (text, path) -> the puzzle line read, or None for a refusal ------------------

def _line(g) -> str:
    return "".join(str(v) if v else "." for v in g.cells)


def _cli(argv: list[str]) -> tuple[int, list[dict]]:
    from solver.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv, prog="sudoku-solve")
        except SystemExit as e:
            code = e.code
    return code, [json.loads(x) for x in out.getvalue().splitlines() if x.startswith("{")]


class Silent(Exception):
    """A command that refused an input without a word about it in its output."""


def _cli_reader(verb: str):
    def read(text: str, path: str):
        argv = [verb, "--json", path] + (["-j", "1"] if verb == "solve" else [])
        code, recs = _cli(argv)
        grids = [r["puzzle"] for r in recs if r.get("puzzle")]
        if not grids:
            if code == 0 or not any(r.get("message") for r in recs):
                raise Silent(f"{verb}: no puzzle and no message for it (exit {code})")  # issue 25, item 8
            return None
        if len(grids) != 1 or len(recs) != 1:
            return "several: " + " ".join(grids)
        return grids[0]
    return read


VERBS = ("solve", "check", "rate", "hint", "explain")


def readers(cli: bool | tuple = True) -> dict:
    """The readers by name; ``cli``: the command line's verbs too (True: all, or which)."""
    import solver

    def parse(text, path):
        return _line(solver.parse(text))

    def parse_bytes(text, path):
        return _line(solver.parse(text.encode("utf-8")))

    def parse_many(text, path):
        grids = solver.parse_many(text)
        return _line(grids[0]) if len(grids) == 1 else "several"

    def parse_marks(text, path):
        return _line(solver.parse_marks(text).grid())

    def load(text, path):
        grids = solver.load(path)
        return _line(grids[0]) if len(grids) == 1 else "several"

    out = {"parse": parse, "parse bytes": parse_bytes, "parse_many": parse_many, "parse_marks": parse_marks,
           "load": load}
    for verb in (VERBS if cli is True else cli or ()):
        out[verb] = _cli_reader(verb)
    return out


def read_all(text: str, path: str, cli: bool | tuple = True) -> dict:
    """{reader: ('grid', line) | ('refused', message) | ('exception', repr) , seconds}."""
    import solver

    found = {}
    for name, read in readers(cli).items():
        t = time.perf_counter()
        try:
            got = read(text, path)
            result = ("grid", got) if got is not None else ("refused", "")
        except solver.ParseError as e:
            result = ("refused", str(e))
        except Silent as e:
            result = ("silent", str(e))
        except Exception as e:  # noqa: BLE001 -- counting them is the point
            result = ("exception", f"{type(e).__name__}: {e}")
        found[name] = (result, time.perf_counter() - t)
    return found


def measure(n: int, seed: int, cli_every: int = 1) -> dict:
    """{family: {tried, exceptions, hangs, wrong_accepts, wrong_rejects}} for this checkout."""
    table = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "input.txt")
        for family in FAMILIES:
            row = dict(tried=0, exceptions=0, hangs=0, wrong_accepts=0, wrong_rejects=0, silent=0)
            for k, (text, truth) in enumerate(make_inputs(family, n, seed)):
                with open(path, "w", encoding="utf-8", newline="") as f:
                    f.write(text)
                found = read_all(text, path, cli=k % cli_every == 0)
                row["tried"] += 1
                bad = {"exceptions": False, "hangs": False, "wrong_accepts": False, "wrong_rejects": False,
                       "silent": False}
                for (kind, value), seconds in found.values():
                    bad["hangs"] |= seconds > HANG_S
                    if kind == "exception":
                        bad["exceptions"] = True
                    elif kind == "silent":
                        bad["silent"] = True
                        bad["wrong_rejects"] |= truth is not None
                    elif kind == "grid" and value != truth:
                        bad["wrong_accepts"] = True
                    elif kind == "refused" and truth is not None:
                        bad["wrong_rejects"] = True
                for key, hit in bad.items():
                    row[key] += hit
            table[family] = row
    return table


def _before(dir_: str, n: int, seed: int, cli_every: int) -> dict:
    """:func:`measure` run against the checkout in ``dir_``, in a second process."""
    code = ("import sys, json, importlib.util; sys.path.insert(0, sys.argv[1]); "
            "spec = importlib.util.spec_from_file_location('readers_bench', sys.argv[2]); "
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); "
            "print(json.dumps(m.measure(int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))))")
    p = subprocess.run([sys.executable, "-c", code, os.path.abspath(dir_), __file__, str(n), str(seed),
                        str(cli_every)], capture_output=True, text=True, cwd=dir_)
    if p.returncode:
        raise SystemExit(f"bench.readers: the run in {dir_} failed:\n{p.stderr}")
    return json.loads(p.stdout.splitlines()[-1])


def _print(title: str, table: dict) -> int:
    print(title)
    print(f"  {'family':<16} {'tried':>6} {'exceptions':>10} {'hangs':>6} {'wrong accepts':>14} {'wrong rejects':>14}"
          f" {'silent':>7}")
    total = dict(tried=0, exceptions=0, hangs=0, wrong_accepts=0, wrong_rejects=0, silent=0)
    for family, row in table.items():
        print(f"  {family:<16} {row['tried']:>6} {row['exceptions']:>10} {row['hangs']:>6} "
              f"{row['wrong_accepts']:>14} {row['wrong_rejects']:>14} {row.get('silent', 0):>7}")
        for k in total:
            total[k] += row.get(k, 0)
    print(f"  {'all':<16} {total['tried']:>6} {total['exceptions']:>10} {total['hangs']:>6} "
          f"{total['wrong_accepts']:>14} {total['wrong_rejects']:>14} {total['silent']:>7}")
    return sum(v for k, v in total.items() if k != "tried")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.readers", description=__doc__.split("\n\n")[0])
    p.add_argument("-n", type=int, default=200, help="inputs per family (default 200)")
    p.add_argument("--seed", type=int, default=25, help="the seed of the inputs (default 25)")
    p.add_argument("--cli-every", type=int, default=1,
                   help="run the command line's five verbs on every Kth input only (default 1: all)")
    p.add_argument("--before", metavar="DIR", help="also measure the checkout in DIR")
    args = p.parse_args(argv)
    print(f"python -m bench.readers -n {args.n} --seed {args.seed}  (readers: {', '.join(readers())}; "
          f"the verbs on every {args.cli_every} input{'s' if args.cli_every != 1 else ''})")
    if args.before:
        _print(f"before ({args.before}):", _before(args.before, args.n, args.seed, args.cli_every))
    bad = _print("this checkout:", measure(args.n, args.seed, args.cli_every))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
