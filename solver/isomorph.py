"""Random isomorphs: the same puzzle in another picture (same logic, same difficulty).

Relabel the digits, permute the bands and stacks, the rows inside each band and the
columns inside each stack, and maybe transpose.  The benchmarks draw their cases this way
(with a fixed seed) and the generator uses it to vary its extreme seed puzzles.
"""
from __future__ import annotations

import random

__all__ = ["isomorph", "isomorph_line"]


def isomorph(cells, rng: random.Random) -> tuple:
    """A random isomorph of 81 digits (0 = blank), as a tuple."""
    digits = list(range(1, 10))
    rng.shuffle(digits)
    relabel = [0] + digits

    def order():
        bands = rng.sample(range(3), 3)
        return [3 * b + r for b in bands for r in rng.sample(range(3), 3)]

    rows, cols = order(), order()
    transpose = rng.random() < 0.5
    out = [0] * 81
    for r in range(9):
        for c in range(9):
            d = cells[9 * rows[r] + cols[c]]
            out[9 * c + r if transpose else 9 * r + c] = relabel[d]
    return tuple(out)


def isomorph_line(line: str, rng: random.Random) -> str:
    """A random isomorph of an 81-character line (digits, '.' or '0' for blanks)."""
    cells = [int(ch) if ch in "123456789" else 0 for ch in line]
    return "".join(str(d) if d else "." for d in isomorph(cells, rng))
