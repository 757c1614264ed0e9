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
from ..grid import BOX_OF, COL_OF, PEER_SETS, ROW_OF, UNITS, Unit, cell_name, cell_of
from .step import Technique, conjugate_pairs, make_step, names


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
                            lw = "rows" if by_rows else "columns"
                            shared = Unit.from_number((9 + pos[base1]) if by_rows else pos[base1]).name
                            return make_step(
                                "Skyscraper", [u1, u2], [base1, end1, base2, end2], [d],
                                elims=elims,
                                message=f"Skyscraper: in {lw} {u1 % 9 + 1} and {u2 % 9 + 1}, "
                                        f"{d} has only two places each, and one place of each "
                                        f"is in {shared}; at most one of those can be {d}, so "
                                        f"{cell_name(cell_of(end1))} or {cell_name(cell_of(end2))} "
                                        f"is {d}, and {d} can be removed from every cell that "
                                        f"sees both: {names([j for j, _ in elims])}.",
                                unit_hint=f"Look at where {d} can go in {lw} {u1 % 9 + 1} "
                                          f"and {u2 % 9 + 1}.")
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
                            rn, cn, bn = Unit.from_number(ur).name, Unit.from_number(uc).name, Unit.from_number(18 + BOX_OF[rb]).name
                            return make_step(
                                "Two-String Kite", [ur, uc, 18 + BOX_OF[rb]], [rb, re, cb, ce],
                                [d], elims=elims,
                                message=f"Two-String Kite: {d} has only two places in {rn} and "
                                        f"only two in {cn}; one place of each lies in {bn}, "
                                        f"where at most one can be {d}, so "
                                        f"{cell_name(cell_of(re))} or {cell_name(cell_of(ce))} is "
                                        f"{d}, and {d} can be removed from every cell that sees "
                                        f"both: {names([j for j, _ in elims])}.",
                                unit_hint=f"Look at where {d} can go in {rn} and {cn}.")
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
                        n1, n2 = Unit.from_number(u1).name, Unit.from_number(u2).name
                        s, e = cell_name(cell_of(start)), cell_name(cell_of(end))
                        m1, m2 = cell_name(cell_of(mid1)), cell_name(cell_of(mid2))
                        return make_step(
                            "Turbot Fish", [u1, u2], [start, mid1, mid2, end], [d], elims=elims,
                            message=f"Turbot Fish: {d} has only two places in {n1} ({s} and "
                                    f"{m1}) and in {n2} ({m2} and {e}); {m1} and {m2} see each "
                                    f"other, so at most one of them is {d}: {s} or {e} is {d}, "
                                    f"and {d} can be removed from every cell that sees both: "
                                    f"{names([j for j, _ in elims])}.",
                            unit_hint=f"Look at where {d} can go in {n1} and {n2}.")
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
            un, bn = Unit.from_number(u).name, Unit.from_number(18 + bx).name
            cross = f"row {r + 1} and column {c + 1}"
            line_of_near = f"row {r + 1}" if by_col else f"column {c + 1}"
            other = f"column {c + 1}" if by_col else f"row {r + 1}"
            return make_step(
                "Empty Rectangle", [18 + bx, u], here + [near, far], [d], elims=[(t, d)],
                message=f"Empty Rectangle: in {bn}, {d} fits only in {cross}; in {un}, {d} "
                        f"has only two places, {cell_name(cell_of(near))} and "
                        f"{cell_name(cell_of(far))}. If {cell_name(cell_of(near))} is {d}, "
                        f"{line_of_near} of {bn} loses it, so {bn}'s {d} is in {other} and "
                        f"{cell_name(cell_of(t))} cannot be {d}; if not, "
                        f"{cell_name(cell_of(far))} is {d} and {cell_name(cell_of(t))} sees it. "
                        f"Either way remove {d} from {cell_name(cell_of(t))}.",
                unit_hint=f"Look at where {d} can go in {bn} and in {un}.")
    return None
