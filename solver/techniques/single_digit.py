"""Single-digit patterns: two strong links (a digit with two places in a unit) joined by a weak one.

Skyscraper (two rows, or two columns, with one end of each lined up),
Two-String Kite (a row and a column, joined inside one box), Turbot Fish
(any two such units, boxes too, joined where two places see each other) and
Empty Rectangle (a box whose places of the digit form a cross, with one strong
line outside it).  Simple colouring and X-Chains live in ``coloring.py`` and
``chains.py``.
"""
from __future__ import annotations

from itertools import combinations

from ..candidates import BIT
from ..grid import BOX_OF, COL_OF, PEER_SETS, ROW_OF, UNITS, Unit, cell_of
from ..words.i18n import msg
from .step import Technique, cells_of, conjugate_pairs, make_step


SKYSCRAPER = Technique(
    "Skyscraper", "hard", 26,
    "A digit with two places in each of two rows (or columns), one pair lined up: one of the two loose ends holds it, so cells seeing both ends lose it.")

TWO_STRING_KITE = Technique(
    "Two-String Kite", "hard", 26,
    "A digit with two places in a row and two in a column, joined inside one box: one of the two far ends holds it, so cells seeing both ends lose it.")


def skyscraper(cells, masks):
    for d in range(1, 10):
        bit = BIT[d]
        for by_rows in (True, False):
            pairs = conjugate_pairs(masks, bit, range(9) if by_rows else range(9, 18))
            pos = COL_OF if by_rows else ROW_OF
            for (u1, a1, a2), (u2, b1, b2) in combinations(pairs, 2):
                for base1, end1 in ((a1, a2), (a2, a1)):
                    for base2, end2 in ((b1, b2), (b2, b1)):
                        if pos[base1] != pos[base2] or pos[end1] == pos[end2]:
                            continue
                        elims = [(j, d) for j in PEER_SETS[end1] & PEER_SETS[end2]
                                 if masks[j] & bit]
                        if elims:
                            code = "skyscraper_rows" if by_rows else "skyscraper_cols"
                            shared = Unit.from_number((9 + pos[base1]) if by_rows else pos[base1])
                            a, b = u1 % 9 + 1, u2 % 9 + 1
                            return make_step(
                                "Skyscraper", [u1, u2], [base1, end1, base2, end2], [d],
                                elims=elims,
                                message=msg(code, t="Skyscraper", a=a, b=b, d=d, u=shared,
                                            e1=cell_of(end1), e2=cell_of(end2),
                                            out=cells_of(j for j, _ in elims)),
                                unit_hint=msg(code + "_hint", d=d, a=a, b=b))
    return None


def two_string_kite(cells, masks):
    for d in range(1, 10):
        bit = BIT[d]
        rows = conjugate_pairs(masks, bit, range(9))
        cols = conjugate_pairs(masks, bit, range(9, 18))
        for ur, r1, r2 in rows:
            for uc, c1, c2 in cols:
                if len({r1, r2, c1, c2}) < 4:
                    continue
                for rb, re in ((r1, r2), (r2, r1)):
                    for cb, ce in ((c1, c2), (c2, c1)):
                        if BOX_OF[rb] != BOX_OF[cb]:
                            continue
                        elims = [(j, d) for j in PEER_SETS[re] & PEER_SETS[ce] if masks[j] & bit]
                        if elims:
                            rn, cn = Unit.from_number(ur), Unit.from_number(uc)
                            return make_step(
                                "Two-String Kite", [ur, uc, 18 + BOX_OF[rb]], [rb, re, cb, ce],
                                [d], elims=elims,
                                message=msg("two_string_kite", t="Two-String Kite", d=d, row=rn,
                                            col=cn, box=Unit.from_number(18 + BOX_OF[rb]),
                                            e1=cell_of(re), e2=cell_of(ce),
                                            out=cells_of(j for j, _ in elims)),
                                unit_hint=msg("two_units_hint", d=d, u1=rn, u2=cn))
    return None


TURBOT_FISH = Technique(
    "Turbot Fish", "hard", 28,
    "Two units where a digit has just two places each (rows, columns or boxes), with one place of the first seeing one place of the second: at most one of those two is the digit, so one of the two far ends is, and cells seeing both ends lose it.")

EMPTY_RECTANGLE = Technique(
    "Empty Rectangle", "hard", 30,
    "In a box a digit fits only in one row and one column (a cross). A line outside the box where the digit has two places, one of them on the cross's row: if that one is the digit, the box's digit is in the cross's column; if not, the other one is. Either way the cell where the cross's column meets the other place's row loses it.")


def turbot_fish(cells, masks):
    for d in range(1, 10):
        bit = BIT[d]
        links = conjugate_pairs(masks, bit, range(27))
        for (u1, a1, a2), (u2, b1, b2) in combinations(links, 2):
            if {a1, a2} == {b1, b2}:
                continue
            for start, mid1 in ((a1, a2), (a2, a1)):
                for mid2, end in ((b1, b2), (b2, b1)):
                    if len({start, mid1, mid2, end}) < 4 or mid2 not in PEER_SETS[mid1]:
                        continue
                    elims = [(j, d) for j in PEER_SETS[start] & PEER_SETS[end] if masks[j] & bit]
                    if elims:
                        n1, n2 = Unit.from_number(u1), Unit.from_number(u2)
                        return make_step(
                            "Turbot Fish", [u1, u2], [start, mid1, mid2, end], [d], elims=elims,
                            message=msg("turbot_fish", t="Turbot Fish", d=d, u1=n1, u2=n2,
                                        s=cell_of(start), m1=cell_of(mid1), m2=cell_of(mid2),
                                        e=cell_of(end), out=cells_of(j for j, _ in elims)),
                            unit_hint=msg("two_units_hint", d=d, u1=n1, u2=n2))
    return None


def empty_rectangle(cells, masks):
    for d in range(1, 10):
        bit = BIT[d]
        lines = conjugate_pairs(masks, bit, range(18))
        for bx in range(9):
            box = UNITS[18 + bx]
            here = [i for i in box if masks[i] & bit]
            if len(here) < 2:
                continue
            rows = {ROW_OF[i] for i in here}
            cols = {COL_OF[i] for i in here}
            if len(rows) == 1 or len(cols) == 1:
                continue  # all in one line: that is Pointing, not a cross
            for r in rows:
                for c in cols:
                    if any(ROW_OF[i] != r and COL_OF[i] != c for i in here):
                        continue
                    step = _er_step(d, bx, here, r, c, lines, masks)
                    if step is not None:
                        return step
    return None


def _er_step(d, bx, here, r, c, lines, masks):
    """The Empty Rectangle with cross (row r, column c) in box ``bx`` and some strong line, or None."""
    bit = BIT[d]
    for u, p, q in lines:
        by_col = u >= 9  # a column link meets the cross's row, a row link its column
        for near, far in ((p, q), (q, p)):
            if BOX_OF[near] == bx or BOX_OF[far] == bx:
                break
            if by_col:
                if ROW_OF[near] != r or ROW_OF[far] // 3 == bx // 3:
                    continue
                t = 9 * ROW_OF[far] + c
            else:
                if COL_OF[near] != c or COL_OF[far] // 3 == bx % 3:
                    continue
                t = 9 * r + COL_OF[far]
            if not masks[t] & bit:
                continue
            un, bn = Unit.from_number(u), Unit.from_number(18 + bx)
            row, col = Unit("row", r), Unit("col", c)
            return make_step(
                "Empty Rectangle", [18 + bx, u], here + [near, far], [d], elims=[(t, d)],
                message=msg("empty_rectangle", t="Empty Rectangle", box=bn, d=d, row=row, col=col,
                            u=un, near=cell_of(near), far=cell_of(far),
                            lost=row if by_col else col, other=col if by_col else row,
                            x=cell_of(t)),
                unit_hint=msg("empty_rectangle_hint", d=d, box=bn, u=un))
    return None
