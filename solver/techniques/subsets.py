"""Subsets: n cells of a unit that hold only n digits (naked), or n digits with only n places (hidden).

Pairs, triples and quads, each naked and hidden: one finder factory per
kind, parameterised by ``n``.
"""
from __future__ import annotations

from itertools import combinations
from typing import Sequence

from ..candidates import BIT, DIGITS_IN, POP, mask
from ..grid import UNITS, Unit
from ..words.i18n import msg
from .step import BOXES_FIRST, Technique, cells_of, elims_msg, make_step


NAKED_PAIR = Technique(
    "Naked Pair", "medium", 10,
    "Two cells of a unit that can hold only the same two digits: those digits go in those two cells, so the unit's other cells lose them.")

HIDDEN_PAIR = Technique(
    "Hidden Pair", "medium", 14,
    "Two digits that fit in only the same two cells of a unit: those cells hold these two digits and nothing else.")

NAKED_TRIPLE = Technique(
    "Naked Triple", "hard", 18,
    "Three cells of a unit whose candidates together are only three digits: the unit's other cells lose those digits.")

HIDDEN_TRIPLE = Technique(
    "Hidden Triple", "hard", 22,
    "Three digits that fit in only the same three cells of a unit: those cells lose all other candidates.")

NAKED_QUAD = Technique(
    "Naked Quad", "expert", 40,
    "Four cells of a unit whose candidates together are only four digits: the unit's other cells lose those digits.")

HIDDEN_QUAD = Technique(
    "Hidden Quad", "expert", 44,
    "Four digits that fit in only the same four cells of a unit: those cells lose all other candidates.")


def _common_units(idx: Sequence[int]) -> list[int]:
    out = []
    for u, unit in enumerate(UNITS):
        if all(i in unit for i in idx):
            out.append(u)
    return out


_SIZE_WORD = {2: "Pair", 3: "Triple", 4: "Quad"}


def naked_subset(n):
    word = _SIZE_WORD[n]

    def find(cells, masks):
        for u in BOXES_FIRST:
            pool = [i for i in UNITS[u] if 2 <= POP[masks[i]] <= n]
            if len(pool) < n:
                continue
            for combo in combinations(pool, n):
                m = 0
                for i in combo:
                    m |= masks[i]
                if POP[m] != n:
                    continue
                units = _common_units(combo)  # the unit itself, plus row/col+box if shared
                units.sort(key=lambda x: (x != u, x))
                elims = []
                for uu in units:
                    for j in UNITS[uu]:
                        if j not in combo and masks[j] & m:
                            for d in DIGITS_IN[masks[j] & m]:
                                if (j, d) not in elims:
                                    elims.append((j, d))
                if elims:
                    ds = DIGITS_IN[m]
                    return make_step(
                        f"Naked {word}", units, combo, ds, elims=elims,
                        message=msg("naked_subset", t=f"Naked {word}",
                                    us=tuple(Unit.from_number(x) for x in units),
                                    cs=cells_of(combo), ds=tuple(ds), elims=elims_msg(elims)))
        return None

    find.__name__ = f"naked_{word.lower()}"
    return find


def hidden_subset(n):
    word = _SIZE_WORD[n]

    def find(cells, masks):
        for u in BOXES_FIRST:
            unit = UNITS[u]
            placed = 0
            for i in unit:
                placed |= BIT[cells[i]]
            where: dict[int, int] = {}  # digit -> bitmask of positions 0..8 in the unit
            for d in range(1, 10):
                if placed & BIT[d]:
                    continue
                pm = 0
                for k, i in enumerate(unit):
                    if masks[i] & BIT[d]:
                        pm |= 1 << k
                if 1 <= POP[pm] <= n:
                    where[d] = pm
            if len(where) < n:
                continue
            for ds in combinations(sorted(where), n):
                pm = 0
                for d in ds:
                    pm |= where[d]
                if POP[pm] != n:
                    continue
                combo = [unit[k] for k in range(9) if pm >> k & 1]
                keep = mask(ds)
                elims = [(i, d) for i in combo for d in DIGITS_IN[masks[i] & ~keep]]
                if elims:
                    un = Unit.from_number(u)
                    return make_step(
                        f"Hidden {word}", [u], combo, ds, elims=elims,
                        message=msg("hidden_subset", t=f"Hidden {word}", u=un, ds=tuple(ds),
                                    cs=cells_of(combo), elims=elims_msg(elims)),
                        unit_hint=msg("hidden_subset_hint", u=un, ds=tuple(ds)))
        return None

    find.__name__ = f"hidden_{word.lower()}"
    return find


naked_pair, naked_triple, naked_quad = naked_subset(2), naked_subset(3), naked_subset(4)
hidden_pair, hidden_triple, hidden_quad = hidden_subset(2), hidden_subset(3), hidden_subset(4)
