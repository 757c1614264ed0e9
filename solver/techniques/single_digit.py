"""Single-digit patterns: two strong links (a digit with two places in a unit) joined by a weak one.

Skyscraper (two rows, or two columns, with one end of each lined up) and
Two-String Kite (a row and a column, joined inside one box).
"""
from __future__ import annotations

from itertools import combinations

from ..candidates import BIT
from ..grid import BOX_OF, COL_OF, PEER_SETS, ROW_OF, Unit, cell_name, cell_of
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
