"""Fish: a digit whose places in n rows lie in just n columns (or the other way round).

X-Wing (n = 2), Swordfish (3), Jellyfish (4): one finder factory,
parameterised by ``n``.  Finned and sashimi fish of the same sizes: a fish
with extra candidates (fins) in one box, from a second factory.  Franken and
mutant fish (boxes among the base or cover units; any units): Franken X-Wing and
Swordfish, Mutant X-Wing.
"""
from __future__ import annotations

from itertools import combinations

from ..candidates import BIT, POP
from ..grid import COL_OF, COLS, ROW_OF, ROWS, UNITS, UNITS_OF, Unit
from ..words.i18n import msg
from .cache import ByPattern, digit_places, per_position
from .step import Technique, cells_of, make_step


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
                        code = "fish_rows" if by_rows else "fish_cols"
                        bnums = tuple(k + 1 for k in base)
                        units = [(k if by_rows else 9 + k) for k in base] + \
                                [(9 + j if by_rows else j) for j in cover]
                        return make_step(
                            name, units, sorted(pat), [d], elims=elims,
                            message=msg(code, t=name, base=bnums, d=d,
                                        cover=tuple(j + 1 for j in cover),
                                        out=cells_of(i for i, _ in elims)),
                            unit_hint=msg(code + "_hint", d=d, base=bnums))
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
        places = digit_places(masks)
        for d in range(1, 10):
            firsts = _FINNED.get((n, d, places[d]), lambda: _finned_firsts(masks, n, d))
            if firsts[sashimi] is not None:
                return firsts[sashimi]
        return None

    find.__name__ = name.lower().replace(" ", "_").replace("-", "_")
    return find


#: (size, digit, places) -> (first finned fish, first sashimi fish) of that digit
_FINNED = ByPattern()


def _finned_firsts(masks, n, d):
    """The first finned and the first sashimi fish of size ``n`` of digit ``d`` (or None):
    the finned and the sashimi finder share one walk over the base lines."""
    firsts = [None, None]
    for sashimi, step in _finned_walk(masks, n, d):
        if firsts[sashimi] is None:
            firsts[sashimi] = step
            if firsts[not sashimi] is not None:
                break
    return tuple(firsts)


def _finned_walk(masks, n, d):
    """(sashimi, Step) for every finned or sashimi fish of size ``n`` of digit ``d`` that
    removes something."""
    kinds = {False: "Finned " + _FISH_NAME[n], True: "Sashimi " + _FISH_NAME[n]}
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
    code = "finned_fish_rows" if by_rows else "finned_fish_cols"
    cover_list = [j for j in range(9) if cover >> j & 1]
    bnums = tuple(k + 1 for k in base)
    units = [(k if by_rows else 9 + k) for k in base] + \
            [(9 + j if by_rows else j) for j in cover_list] + [18 + box]
    bx = Unit("box", box)
    return is_sashimi, make_step(
        name, units, pat, [d], elims=elims,
        message=msg(code, t=name, base=bnums, d=d, cover=tuple(j + 1 for j in cover_list),
                    n=len(fins), fins=cells_of(fins), bx=bx, f=name.split(" ", 1)[1],
                    out=cells_of(i for i, _ in elims)),
        unit_hint=msg(code + "_hint", d=d, base=bnums, bx=bx))


finned_x_wing, sashimi_x_wing = finned_fish(2, False), finned_fish(2, True)
finned_swordfish, sashimi_swordfish = finned_fish(3, False), finned_fish(3, True)
finned_jellyfish, sashimi_jellyfish = finned_fish(4, False), finned_fish(4, True)


# -- Franken and mutant fish: boxes among the base or cover units --------------------------------
FRANKEN_FISH = Technique(
    "Franken Fish", "expert", 68,
    "A fish whose base or cover units include boxes: n rows and boxes (or columns and boxes) that share no place of the digit, whose places all lie in n columns and boxes (or rows and boxes). Each base unit holds the digit once, so the n cover units get one each: the rest of the cover units lose it.")

MUTANT_FISH = Technique(
    "Mutant Fish", "expert", 72,
    "A fish whose base and cover units may be any rows, columns and boxes (here two of each): n base units sharing no place of the digit, all of whose places lie in n cover units. The n digits of the base fill the cover units, so the rest of the cover units lose it (and so does a base cell lying in two cover units).")

#: unit -> 81-bit set of its cells
_UNIT_CELLS = tuple(sum(1 << i for i in UNITS[u]) for u in range(27))
_ROWS_BOXES = tuple(range(9)) + tuple(range(18, 27))
_COLS_BOXES = tuple(range(9, 27))
MUTANT_SIZES = (2,)
#: (size, digit, places, orientation, kind) -> the first such fish of that digit, or None
_COMPLEX = ByPattern()


def franken_fish(cells, masks):
    """The first Franken X-Wing or Swordfish (rows and boxes against columns and boxes, or the
    other way round, with at least one box)."""
    places = digit_places(masks)
    for n in (2, 3):
        for d in range(1, 10):
            for k, (base_ok, cover_ok) in enumerate(((_ROWS_BOXES, _COLS_BOXES),
                                                     (_COLS_BOXES, _ROWS_BOXES))):
                step = _COMPLEX.get((n, d, places[d], k, "Franken"),
                                    lambda: _complex_fish(masks, d, n, base_ok, cover_ok, "Franken"))
                if step is not None:
                    return step
    return None


def mutant_fish(cells, masks):
    """The first Mutant X-Wing: base and cover units of any kind (the fish that are neither basic
    nor Franken).  Mutant Swordfish are left out: their search (27 units, three at a time, per
    digit) is too slow for a step tried on every hard position (docs/benchmarks.md, The
    logical path)."""
    every = tuple(range(27))
    places = digit_places(masks)
    for n in MUTANT_SIZES:
        for d in range(1, 10):
            step = _COMPLEX.get((n, d, places[d], 0, "Mutant"),
                                lambda: _complex_fish(masks, d, n, every, every, "Mutant"))
            if step is not None:
                return step
    return None


def _kind(base, cover) -> str:
    """"basic", "Franken" or "Mutant" for unit numbers of base and cover."""
    kinds_b = {u // 9 for u in base}  # 0 rows, 1 columns, 2 boxes
    kinds_c = {u // 9 for u in cover}
    if kinds_b in ({0}, {1}) and kinds_c in ({0}, {1}) and kinds_b != kinds_c:
        return "basic"
    if (kinds_b <= {0, 2} and kinds_c <= {1, 2}) or (kinds_b <= {1, 2} and kinds_c <= {0, 2}):
        return "Franken"
    return "Mutant"


def _complex_fish(masks, d, n, base_ok, cover_ok, want):
    ud = per_position(masks, "unit places", lambda: _unit_places(masks))[d]
    bases = [(u, ud[u]) for u in base_ok if _pop81(ud[u]) >= 2]
    cover_ok = sum(1 << u for u in cover_ok)
    if len(bases) < n:
        return None
    # base units sharing no place of the digit (endo fins are left out), in unit order
    for a, (ua, va) in enumerate(bases):
        for b in range(a + 1, len(bases)):
            ub, vb = bases[b]
            if va & vb:
                continue
            vab = va | vb
            if n == 2:
                step = _cover(masks, d, n, (ua, ub), vab, ud, cover_ok, want)
                if step is not None:
                    return step
                continue
            for c in range(b + 1, len(bases)):
                uc, vc = bases[c]
                if vab & vc:
                    continue
                step = _cover(masks, d, n, (ua, ub, uc), vab | vc, ud, cover_ok, want)
                if step is not None:
                    return step
    return None


def _unit_places(masks) -> list:
    """digit -> unit -> 81-bit set of the digit's places in the unit."""
    out = [None]
    for d in range(1, 10):
        bit = BIT[d]
        on = 0
        for i in range(81):
            if masks[i] & bit:
                on |= 1 << i
        out.append([_UNIT_CELLS[u] & on for u in range(27)])
    return out


def _pop81(v: int) -> int:
    return v.bit_count()


def _cover(masks, d, n, base, body, ud, cover_ok, want):
    """Search n cover units (of the unit bit set ``cover_ok``) holding every place of the base
    ``body``; the fish's Step or None.

    The first uncovered place must lie in one of its (at most three) units: a search of
    depth n, unrolled (n is 2 or 3)."""
    allowed = cover_ok
    for u in base:
        allowed &= ~(1 << u)
    units_of = UNITS_OF
    c = (body & -body).bit_length() - 1
    for u1 in units_of[c]:
        if not allowed >> u1 & 1:
            continue
        r1 = body & ~ud[u1]
        if not r1:
            continue  # fewer cover units than base units: not a fish
        c = (r1 & -r1).bit_length() - 1
        for u2 in units_of[c]:
            if u2 == u1 or not allowed >> u2 & 1:
                continue
            r2 = r1 & ~ud[u2]
            if n == 2:
                if r2:
                    continue
                covers = [(u1, u2)]
            else:
                if not r2:
                    continue
                c = (r2 & -r2).bit_length() - 1
                covers = [(u1, u2, u3) for u3 in units_of[c]
                          if u3 != u1 and u3 != u2 and allowed >> u3 & 1 and not r2 & ~ud[u3]]
            for found in covers:
                cover = tuple(sorted(found))
                if _kind(base, cover) == want:
                    step = _fish_step(d, n, base, cover, body, ud, want)
                    if step is not None:
                        return step
    return None


def _fish_step(d, n, base, cover, body, ud, want):
    covered = 0
    twice = 0
    for u in cover:
        twice |= covered & ud[u]
        covered |= ud[u]
    gone = (covered & ~body) | (twice & body)
    if not gone:
        return None
    elims = [(i, d) for i in range(81) if gone >> i & 1]
    bunits = tuple(Unit.from_number(u) for u in base)
    pat = [i for i in range(81) if body >> i & 1]
    cannibal = [i for i, _ in elims if body >> i & 1]
    code = want.lower() + "_fish" + ("_cannibal" if cannibal else "")
    extra = {"cs": cells_of(cannibal)} if cannibal else {}
    return make_step(
        f"{want} Fish", list(base) + list(cover), pat, [d], elims=elims,
        message=msg(code, t=f"{want} Fish", f=_FISH_NAME[n], base=bunits, d=d,
                    cover=tuple(Unit.from_number(u) for u in cover), n=n,
                    out=cells_of(i for i, _ in elims), **extra),
        unit_hint=msg("complex_fish_hint", d=d, base=bunits))
