"""Uniqueness: patterns that would allow a second solution, so a puzzle with one solution avoids them.

Unique Rectangle (type 1).  Sound only when the puzzle has exactly one
solution: ``registry.finders(assume_unique=False)`` leaves out every
technique listed in :data:`TECHNIQUES` here.
"""
from __future__ import annotations

from itertools import combinations

from ..candidates import DIGITS_IN, POP
from ..grid import BOX_OF, cell_name, cell_of
from .step import Technique, make_step, names


UNIQUE_RECTANGLE = Technique(
    "Unique Rectangle", "expert", 36,
    "Four cells on two rows, two columns and two boxes cannot all hold just the same two digits (they could swap, giving two solutions): the odd corner loses those two digits.")


def unique_rectangle(cells, masks):
    for r1, r2 in combinations(range(9), 2):
        for c1, c2 in combinations(range(9), 2):
            corners = [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2]
            if len({BOX_OF[i] for i in corners}) != 2:
                continue
            ms = [masks[i] for i in corners]
            if not all(ms):
                continue
            for k in range(4):
                others = [ms[j] for j in range(4) if j != k]
                m = others[0]
                if POP[m] != 2 or any(o != m for o in others):
                    continue
                if ms[k] & m != m or ms[k] == m:
                    continue
                t = corners[k]
                elims = [(t, d) for d in DIGITS_IN[m]]
                three = [corners[j] for j in range(4) if j != k]
                a, b = DIGITS_IN[m]
                return make_step(
                    "Unique Rectangle", [r1, r2, 9 + c1, 9 + c2], corners, [a, b], elims=elims,
                    message=f"Unique Rectangle: {names(three)} hold only {a} and {b}; if "
                            f"{cell_name(cell_of(t))} were {a} or {b} too, the four corners "
                            f"(two boxes) could swap {a} and {b} and the puzzle would have two "
                            f"solutions, so remove {a} and {b} from {cell_name(cell_of(t))}.",
                    unit_hint=f"Look at rows {r1 + 1} and {r2 + 1} with columns {c1 + 1} and "
                              f"{c2 + 1}.")
    return None


#: Every technique of this family (all of them assume a unique solution).
TECHNIQUES = (UNIQUE_RECTANGLE,)
