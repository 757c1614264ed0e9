"""Singles: a digit placed because it is the only one left for a cell or the only place left in a unit.

Full House (the last blank of a unit), Naked Single (the cell's peers rule
out eight digits, or earlier eliminations did), Hidden Single (a digit with
one place left in a row, column or box).
"""
from __future__ import annotations

from ..candidates import ALL, BIT, DIGITS_IN, POP
from ..grid import BOX_OF, COL_OF, PEERS, ROW_OF, UNITS, Unit, cell_label, cell_name, cell_of
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
                un = Unit.from_number(u)
                return make_step("Full House", [u], [i], [d], placements=[(i, d)],
                             message=f"Full House: {cell_label(cell_of(i))} is the last blank "
                                     f"cell in {un.name}, so it takes the missing digit {d}.")
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
            why = ("its row, column and box already hold every other digit"
                   if POP[ALL & ~used] == 1 else
                   "its row, column and box and the earlier eliminations rule out every other digit")
            return make_step("Naked Single", [r, 9 + c, 18 + b], [i], [d], placements=[(i, d)],
                         message=f"Naked Single: {d} is the only candidate left for "
                                 f"{cell_label(cell_of(i))}; {why}.",
                         unit_hint=f"Look at the cell {cell_name(cell_of(i))}: which digits can it still hold?")
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
                un = Unit.from_number(u)
                return make_step("Hidden Single", [u], [i], [d], placements=[(i, d)],
                             message=f"Hidden Single: in {un.name}, {d} fits only at "
                                     f"{cell_label(cell_of(i))}.",
                             highlight=[cell_of(j) for j in UNITS[u]])
    return None
