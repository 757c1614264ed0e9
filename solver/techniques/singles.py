"""Singles: a digit placed because it is the only one left for a cell or the only place left in a unit.

Full House (the last blank of a unit), Naked Single (the cell's peers rule
out eight digits, or earlier eliminations did), Hidden Single (a digit with
one place left in a row, column or box).
"""
from __future__ import annotations

from ..candidates import ALL, BIT, DIGITS_IN, POP
from ..grid import BOX_OF, COL_OF, PEERS, ROW_OF, UNITS, Unit, cell_of
from ..words.i18n import msg
from .step import BOXES_FIRST, Technique, make_step


FULL_HOUSE = Technique(
    "Full House", "easy", 1,
    "A row, column or box with one blank cell left: that cell takes the one missing digit.")

NAKED_SINGLE = Technique(
    "Naked Single", "easy", 3,
    "A cell whose row, column and box together rule out eight digits: the ninth goes there.")

HIDDEN_SINGLE = Technique(
    "Hidden Single", "easy", 2,
    "Within one row, column or box a digit fits in only one cell: it goes there, even if that cell has other candidates.")


def full_house(cells, masks):
    for u in BOXES_FIRST:
        blank = [i for i in UNITS[u] if not cells[i]]
        if len(blank) == 1:
            i = blank[0]
            present = 0
            for j in UNITS[u]:
                present |= BIT[cells[j]]
            missing = ALL & ~present
            if POP[missing] == 1 and masks[i] & missing:
                d = DIGITS_IN[missing][0]
                return make_step("Full House", [u], [i], [d], placements=[(i, d)],
                             message=msg("full_house", t="Full House", c=cell_of(i),
                                         u=Unit.from_number(u), d=d))
    return None


def naked_single(cells, masks):
    for i in range(81):
        m = masks[i]
        if not cells[i] and POP[m] == 1:
            d = DIGITS_IN[m][0]
            r, c, b = ROW_OF[i], COL_OF[i], BOX_OF[i]
            used = 0
            for p in PEERS[i]:
                used |= BIT[cells[p]]
            code = "naked_single_peers" if POP[ALL & ~used] == 1 else "naked_single_elims"
            return make_step("Naked Single", [r, 9 + c, 18 + b], [i], [d], placements=[(i, d)],
                         message=msg(code, t="Naked Single", d=d, c=cell_of(i)),
                         unit_hint=msg("naked_single_hint", c=cell_of(i)))
    return None


def hidden_single(cells, masks):
    for u in BOXES_FIRST:
        once = twice = 0
        for i in UNITS[u]:
            m = masks[i]
            twice |= once & m
            once |= m
        once &= ~twice
        if once:
            for d in DIGITS_IN[once]:
                b = BIT[d]
                i = next(j for j in UNITS[u] if masks[j] & b)
                return make_step("Hidden Single", [u], [i], [d], placements=[(i, d)],
                             message=msg("hidden_single", t="Hidden Single", u=Unit.from_number(u),
                                         d=d, c=cell_of(i)),
                             highlight=[cell_of(j) for j in UNITS[u]])
    return None
