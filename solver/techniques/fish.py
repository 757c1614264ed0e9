"""Fish: a digit whose places in n rows lie in just n columns (or the other way round).

X-Wing (n = 2), Swordfish (3), Jellyfish (4): one finder factory,
parameterised by ``n``.  Finned and sashimi fish of the same sizes: a fish
with extra candidates (fins) in one box, from a second factory.  Franken and
mutant fish (boxes as base or cover lines) are left out.
"""
from __future__ import annotations

from itertools import combinations

from ..candidates import BIT, POP
from ..grid import COL_OF, COLS, ROW_OF, ROWS
from ..words import join
from .cache import per_position
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


def _base_lines(masks, bit: int, base_units, low: int, high: int) -> dict:
    """Line number -> the positions (bit j: the line's j-th cell) of a digit in that line,
    for the lines where it has from ``low`` to ``high`` places."""
    lines = {}
    for k, unit in enumerate(base_units):
        pm = 0
        for j, i in enumerate(unit):
            if masks[i] & bit:
                pm |= 1 << j
        if low <= POP[pm] <= high:
            lines[k] = pm
    return lines


def fish(n):
    name = _FISH_NAME[n]

    def find(cells, masks):
        for d in range(1, 10):
            bit = BIT[d]
            for by_rows in (True, False):
                base_units = ROWS if by_rows else COLS
                cover_units = COLS if by_rows else ROWS
                lines = _base_lines(masks, bit, base_units, 2, n)
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


# -- finned and sashimi fish ---------------------------------------------------------------
FINNED_X_WING = Technique(
    "Finned X-Wing", "expert", 40,
    "An X-Wing with a fin: one row (or column) holds the digit in an extra cell or two, all in one box. Either a fin holds the digit or the X-Wing does, so cells of the X-Wing's columns inside the fin's box lose it.")

SASHIMI_X_WING = Technique(
    "Sashimi X-Wing", "expert", 42,
    "A finned X-Wing with a corner missing: one row has the digit in only one X-Wing column, plus fins in one box. Either a fin holds the digit or the X-Wing does, so cells of the X-Wing's columns inside the fin's box lose it.")

FINNED_SWORDFISH = Technique(
    "Finned Swordfish", "expert", 48,
    "A Swordfish with a fin: one of the three rows holds the digit in extra cells, all in one box. Either a fin holds the digit or the Swordfish does, so cells of its columns inside the fin's box lose it.")

SASHIMI_SWORDFISH = Technique(
    "Sashimi Swordfish", "expert", 50,
    "A finned Swordfish in which a row keeps the digit in only one of the three columns, plus fins in one box. Either a fin holds the digit or the Swordfish does, so cells of its columns inside the fin's box lose it.")

FINNED_JELLYFISH = Technique(
    "Finned Jellyfish", "expert", 56,
    "A Jellyfish with a fin: one of the four rows holds the digit in extra cells, all in one box. Either a fin holds the digit or the Jellyfish does, so cells of its columns inside the fin's box lose it.")

SASHIMI_JELLYFISH = Technique(
    "Sashimi Jellyfish", "expert", 58,
    "A finned Jellyfish in which a row keeps the digit in only one of the four columns, plus fins in one box. Either a fin holds the digit or the Jellyfish does, so cells of its columns inside the fin's box lose it.")

_BANDS = (0b000000111, 0b000111000, 0b111000000)
#: mask -> its sub-masks, by size (for choosing cover lines inside one band)
_SUBSETS = {m: [s for s in range(m + 1) if s & ~m == 0] for m in range(512) if POP[m] <= 3}


def finned_fish(n, sashimi):
    """The finder of finned (``sashimi=False``) or sashimi fish with ``n`` base lines.

    A fin is a base candidate outside the n cover lines; all fins must sit in
    one box.  Either a fin is true or the fish without fins is: cells of the
    cover lines that are in the fin box (outside the base lines) see both.
    Sashimi: without the fins some base line would keep one cover candidate.
    """
    name = ("Sashimi " if sashimi else "Finned ") + _FISH_NAME[n]

    def find(cells, masks):
        scan = per_position(masks, f"finned fish {n}", lambda: _FinnedScan(masks, n))
        return scan.first(sashimi)

    find.__name__ = name.lower().replace(" ", "_").replace("-", "_")
    return find


class _FinnedScan:
    """The finned and sashimi fish of size ``n`` of one position, in search order, found lazily:
    the finned and the sashimi finder share one walk over the base lines."""

    def __init__(self, masks, n):
        self.found: list = []  # (sashimi, step) in search order
        self.walk = _finned_walk(tuple(masks), n)

    def first(self, sashimi: bool):
        for kind, step in self.found:
            if kind == sashimi:
                return step
        if self.walk is None:
            return None
        for kind, step in self.walk:
            self.found.append((kind, step))
            if kind == sashimi:
                return step
        self.walk = None
        return None


def _finned_walk(masks, n):
    """(sashimi, Step) for every finned or sashimi fish of size ``n`` that removes something."""
    kinds = {False: "Finned " + _FISH_NAME[n], True: "Sashimi " + _FISH_NAME[n]}
    for d in range(1, 10):
        bit = BIT[d]
        for by_rows in (True, False):
            base_units = ROWS if by_rows else COLS
            cover_units = COLS if by_rows else ROWS
            lines = _base_lines(masks, bit, base_units, 1, n + 3)
            if len(lines) < n:
                continue
            for base in combinations(sorted(lines), n):
                pm = 0
                for k in base:
                    pm |= lines[k]
                if POP[pm] <= n:
                    continue  # a plain fish (or less): no fin
                for b, band in enumerate(_BANDS):
                    required = pm & ~band
                    need = n - POP[required]
                    if need < 1:  # the fin box must hold a cover line to remove anything
                        continue
                    for extra in _SUBSETS[pm & band]:
                        if POP[extra] != need:
                            continue
                        cover = required | extra
                        found = _finned_step(kinds, d, by_rows, base_units, cover_units, lines,
                                             base, cover, b, masks)
                        if found is not None:
                            yield found


def _finned_step(kinds, d, by_rows, base_units, cover_units, lines, base, cover, b, masks):
    """(sashimi, Step) of one finned fish candidate, or None when it is not one (or removes nothing).

    ``kinds`` maps sashimi (True/False) to the technique's name."""
    fins = []
    fin_band = None
    is_sashimi = False
    for k in base:
        on_cover = lines[k] & cover
        if not on_cover:
            return None
        if POP[on_cover] == 1:
            is_sashimi = True
        off = lines[k] & ~cover
        if off:
            if fin_band is None:
                fin_band = k // 3
            elif fin_band != k // 3:
                return None  # fins in two boxes
            fins.extend(base_units[k][j] for j in range(9) if off >> j & 1)
    if not fins:
        return None
    name = kinds[is_sashimi]
    bit = BIT[d]
    elims = [(i, d) for j in range(3 * b, 3 * b + 3) if cover >> j & 1
             for k in range(3 * fin_band, 3 * fin_band + 3) if k not in base
             for i in (cover_units[j][k],) if masks[i] & bit]
    if not elims:
        return None
    box = 3 * fin_band + b if by_rows else 3 * b + fin_band
    pat = sorted(i for k in base for i in base_units[k] if masks[i] & bit)
    bw, cw = ("rows", "columns") if by_rows else ("columns", "rows")
    cover_list = [j for j in range(9) if cover >> j & 1]
    bnums = join([str(k + 1) for k in base])
    cnums = join([str(j + 1) for j in cover_list])
    units = [(k if by_rows else 9 + k) for k in base] + \
            [(9 + j if by_rows else j) for j in cover_list] + [18 + box]
    fish_name = name.split(" ", 1)[1]
    fin_word = "fin" if len(fins) == 1 else "fins"
    return is_sashimi, make_step(
        name, units, pat, [d], elims=elims,
        message=f"{name}: in {bw} {bnums}, {d} fits only in {cw} {cnums}, apart from the "
                f"{fin_word} {names(fins)} in box {box + 1}. Either a fin is {d}, or the "
                f"{fish_name} holds and {d} is in those {cw} only within {bw} {bnums}; either "
                f"way {d} can be removed from the cells of {cw} {cnums} in box {box + 1} that "
                f"see the {fin_word}: {names([i for i, _ in elims])}.",
        unit_hint=f"Look at where {d} can go in {bw} {bnums}, and at box {box + 1}.")


finned_x_wing, sashimi_x_wing = finned_fish(2, False), finned_fish(2, True)
finned_swordfish, sashimi_swordfish = finned_fish(3, False), finned_fish(3, True)
finned_jellyfish, sashimi_jellyfish = finned_fish(4, False), finned_fish(4, True)
