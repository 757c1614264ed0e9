"""CPU seconds per MB of every reader on hostile inputs: ``python tools/bench_readers.py [--mb 1] [--cli]``.

Inputs: one-character lines (an error to explain every two bytes), Latin-1 and non-text
lines, blank lines, CSV rows of commas, short lines all different (alone, as CSV rows after a
header, as pairs of bytes that are not UTF-8, as single characters of 3 bytes), no newline at all,
binary data, very long lines.  Each figure is the least CPU time of ``--runs`` runs (3): on a
shared machine a process's CPU time grows with the load, in bursts.  Readers: the stream (``iter_puzzles`` on a binary and on a
text file, as ``sudoku-solve solve`` reads), ``load`` (the app's File ▸ Open and
``sudoku-solve check``).  ``--cli`` also runs ``sudoku-solve solve FILE >/dev/null`` in a
child process and reports its user+system CPU per MB (the reading, one message per bad
line, the output).  Target: at most 1 s per MB for every reader on every input.
"""
from __future__ import annotations

import argparse
import io
import itertools
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver import ParseError, iter_puzzles, load  # noqa: E402

TARGET = 1.0  # CPU seconds per MB


def _lines(lines: list[bytes], size: int) -> bytes:
    """``lines`` in turn, one a line, to ``size`` bytes."""
    out, n = [], 0
    for line in itertools.cycle(lines):
        if n >= size:
            return b"\n".join(out) + b"\n"
        out.append(line)
        n += len(line) + 1


def inputs(size: int) -> dict[str, bytes]:
    distinct = "\n".join(map("".join, itertools.islice(
        itertools.product("abcdefghijklmnopqrstuvwxyz0123456789#,;|'", repeat=3), size // 4))) + "\n"
    # two bytes, at least one not ASCII: 49,000 lines, most not UTF-8, some not text
    pairs = [bytes(p) for p in itertools.product(range(1, 256), repeat=2)
             if max(p) >= 0x80 and 10 not in p and 13 not in p]
    random.Random(17).shuffle(pairs)
    # every printable character of 3 bytes in UTF-8 (55,000), alone on a line
    cjk = [chr(c).encode() for c in range(0x800, 0x10000)
           if chr(c).isprintable() and not chr(c).isspace() and not 0xD800 <= c < 0xE000]
    random.Random(17).shuffle(cjk)
    return {
        "one-character lines": b"1\n" * (size // 2),
        "letter lines": b"x\n" * (size // 2),
        "Latin-1 lines": b"\xe9\n" * (size // 2),
        "non-text lines": b"\x81\x01\n" * (size // 3),
        "blank lines": b"\n" * size,
        "comma lines (CSV)": b",\n" * (size // 2),
        "distinct 3-char lines": distinct.encode(),
        "distinct 3-char CSV rows": b"quizzes,solutions\n" + distinct.encode(),
        "distinct byte pairs": _lines(pairs, size),
        "distinct 3-byte chars": _lines(cjk, size),
        "no newline": b"1" * size,
        "binary (NUL)": bytes(range(256)) * (size // 256),
        "100 kB lines": (b"x" * 100_000 + b"\n") * (size // 100_001),
        "81-digit lines": (b"1" * 81 + b"\n") * (size // 82),
    }


def cpu(fn, runs: int) -> float:
    least = float("inf")
    for _ in range(runs):
        t = time.process_time()
        try:
            fn()
        except ParseError:
            pass
        least = min(least, time.process_time() - t)
    return least


def cli_cpu(path: str) -> float:
    before = os.times()
    subprocess.run([sys.executable, "-m", "solver", "solve", "--jobs", "1", path],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=1.0, help="size of each input in MB (default 1)")
    parser.add_argument("--cli", action="store_true", help="also time 'sudoku-solve solve' on each input")
    parser.add_argument("--runs", type=int, default=3, help="the least CPU time of this many runs (default 3)")
    args = parser.parse_args(argv)
    size = int(args.mb * 1e6)
    worst = 0.0
    heads = ["stream (bin)", "stream (text)", "load"] + (["cli solve"] if args.cli else [])
    print(f"{'input':24s}" + "".join(f"{h:>15s}" for h in heads) + "   (CPU s per MB)")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "input.txt")
        for name, data in inputs(size).items():
            with open(path, "wb") as f:
                f.write(data)
            mb = len(data) / 1e6
            row = [cpu(lambda: sum(1 for _ in iter_puzzles(io.BytesIO(data))), args.runs),
                   cpu(lambda: sum(1 for _ in iter_puzzles(io.TextIOWrapper(io.BytesIO(data), "latin-1"))), args.runs),
                   cpu(lambda: load(path), args.runs)]
            per_mb = [s / mb for s in row]
            worst = max(worst, *per_mb)
            if args.cli:
                per_mb.append(cli_cpu(path) / mb)
            print(f"{name:24s}" + "".join(f"{x:15.2f}" for x in per_mb))
    print(f"worst reader: {worst:.2f} s per MB (target <= {TARGET:.1f})")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
