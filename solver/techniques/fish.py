"""Fish: a digit whose places in n rows lie in just n columns (or the other way round).

X-Wing (n = 2), Swordfish (3), Jellyfish (4): one finder factory,
parameterised by ``n``.
"""
from __future__ import annotations

from itertools import combinations

from ..candidates import BIT, POP
from ..grid import COL_OF, COLS, ROW_OF, ROWS
from ..words import join
from .step import Technique, make_step, names


X_WING = Technique(
    "X-Wing", "hard", 24,
    "A digit fits in only the same two columns in two rows (or vice versa): it takes two corners of a rectangle, so the rest of those columns lose it.")

SWORDFISH = Technique(
    "Swordfish", "expert", 32,
    "An X-Wing with three rows and three columns: the digit's places in three rows lie in just three columns, so the rest of those columns lose it.")

JELLYFISH = Technique(
    "Jellyfish", "expert", 44,
    "A fish with four rows and four columns: the digit's places in four rows lie in just four columns, so the rest of those columns lose it.")


_FISH_NAME = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def fish(n):
    name = _FISH_NAME[n]

    def find(cells, masks):
        for d in range(1, 10):
            bit = BIT[d]
            for by_rows in (True, False):
                base_units = ROWS if by_rows else COLS
                cover_units = COLS if by_rows else ROWS
                lines: dict[int, int] = {}
                for k, unit in enumerate(base_units):
                    pm = 0
                    for j, i in enumerate(unit):
                        if masks[i] & bit:
                            pm |= 1 << j
                    if 2 <= POP[pm] <= n:
                        lines[k] = pm
                if len(lines) < n:
                    continue
                for base in combinations(sorted(lines), n):
                    pm = 0
                    for k in base:
                        pm |= lines[k]
                    if POP[pm] != n:
                        continue
                    cover = [j for j in range(9) if pm >> j & 1]
                    elims = [(i, d) for j in cover for i in cover_units[j]
                             if masks[i] & bit and
                             (ROW_OF[i] if by_rows else COL_OF[i]) not in base]
                    if elims:
                        pat = [i for k in base for i in base_units[k] if masks[i] & bit]
                        bw, cw = ("rows", "columns") if by_rows else ("columns", "rows")
                        bnums = join([str(k + 1) for k in base])
                        cnums = join([str(j + 1) for j in cover])
                        units = [(k if by_rows else 9 + k) for k in base] + \
                                [(9 + j if by_rows else j) for j in cover]
                        return make_step(
                            name, units, sorted(pat), [d], elims=elims,
                            message=f"{name}: in {bw} {bnums}, {d} fits only in {cw} "
                                    f"{cnums}, so {d} must be in those {cw} within {bw} "
                                    f"{bnums} and can be removed from the rest of {cw} {cnums}: "
                                    f"{names([i for i, _ in elims])}.",
                            unit_hint=f"Look at where {d} can go in {bw} {bnums}.")
        return None

    find.__name__ = name.lower().replace("-", "_")
    return find


x_wing, swordfish, jellyfish = fish(2), fish(3), fish(4)
