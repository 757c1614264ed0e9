"""Locked candidates: where a box and a row or column overlap, a digit confined to the overlap.

Pointing (inside a box the digit lies in one line: the rest of the line
loses it) and Claiming (inside a line it lies in one box: the rest of the
box loses it).
"""
from __future__ import annotations

from ..candidates import BIT, DIGITS_IN
from ..grid import BOX_OF, BOXES, COL_OF, COLS, ROW_OF, ROWS, UNITS, Unit
from ..words.i18n import msg
from .step import Technique, cells_of, make_step


POINTING = Technique(
    "Pointing", "medium", 8,
    "Inside a box a digit's places all lie in one row (or column): the digit must be in that line inside the box, so the rest of the line loses it.")

CLAIMING = Technique(
    "Claiming", "medium", 9,
    "Inside a row (or column) a digit's places all lie in one box: the digit must be in that line inside the box, so the rest of the box loses it.")


def pointing(cells, masks):
    for b in range(9):
        box = BOXES[b]
        for kind in ("row", "col"):
            lines: dict[int, list[int]] = {}
            for i in box:
                key = ROW_OF[i] if kind == "row" else COL_OF[i]
                lines.setdefault(key, []).append(i)
            segs = {k: 0 for k in lines}
            for k, cs in lines.items():
                for i in cs:
                    segs[k] |= masks[i]
            for k, m in segs.items():
                others = 0
                for k2, m2 in segs.items():
                    if k2 != k:
                        others |= m2
                only = m & ~others
                for d in DIGITS_IN[only]:
                    bit = BIT[d]
                    line = ROWS[k] if kind == "row" else COLS[k]
                    elims = [(j, d) for j in line if BOX_OF[j] != b and masks[j] & bit]
                    if elims:
                        pat = [i for i in lines[k] if masks[i] & bit]
                        lu = k if kind == "row" else 9 + k
                        ln, bn = Unit.from_number(lu), Unit.from_number(18 + b)
                        return make_step(
                            "Pointing", [18 + b, lu], pat, [d], elims=elims,
                            message=msg("pointing", t="Pointing", box=bn, d=d, line=ln,
                                        cs=cells_of(pat), out=cells_of(j for j, _ in elims)),
                            unit_hint=msg("locked_hint", u=bn, d=d))
    return None


def claiming(cells, masks):
    for u in range(18):
        line = UNITS[u]
        segs: dict[int, int] = {}
        for i in line:
            segs[BOX_OF[i]] = segs.get(BOX_OF[i], 0) | masks[i]
        for b, m in segs.items():
            others = 0
            for b2, m2 in segs.items():
                if b2 != b:
                    others |= m2
            only = m & ~others
            for d in DIGITS_IN[only]:
                bit = BIT[d]
                elims = [(j, d) for j in BOXES[b] if j not in line and masks[j] & bit]
                if elims:
                    pat = [i for i in line if masks[i] & bit]
                    ln, bn = Unit.from_number(u), Unit.from_number(18 + b)
                    return make_step(
                        "Claiming", [u, 18 + b], pat, [d], elims=elims,
                        message=msg("claiming", t="Claiming", line=ln, d=d, box=bn,
                                    cs=cells_of(pat), out=cells_of(j for j, _ in elims)),
                        unit_hint=msg("locked_hint", u=ln, d=d))
    return None
