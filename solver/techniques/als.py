"""Almost Locked Sets: n cells of one unit that hold n + 1 digits between them.

An ALS is one digit short of being locked: take any digit away and the rest
fill its cells.  Two ALSs are joined by a *restricted common* digit X when
every X of one sees every X of the other: X then sits in at most one of them.

ALS-XZ (two ALSs joined by X), ALS-XY-Wing (two ALSs both joined to a third),
Death Blossom (a stem cell whose every digit is joined to an ALS, a petal) and
Sue de Coq (the cells where a box meets a line, split between two sets of
cells, one in the line and one in the box).

Cell sets are 81-bit ints here (bit i = cell i), so "every X of A sees every X
of B" is one ``&``: ``a.cells_of[x] & ~b.seen_by[x] == 0``.  ALSs have at most
:data:`MAX_SIZE` cells, which keeps every finder within a few milliseconds.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ..candidates import BIT, DIGITS_IN, POP
from ..grid import BOX_OF, COL_OF, PEERS, ROW_OF, UNITS, Unit, cell_of
from ..words.i18n import Msg, describe, msg
from .cache import digit_places, per_position
from .step import Technique, cells_of, elims_msg, look_at, make_step

ALS_XZ = Technique(
    "ALS-XZ", "expert", 50,
    "Two Almost Locked Sets (n cells of a unit holding n + 1 digits) share a digit X whose every place in one sees every place in the other: X sits in at most one, so the other is locked. Then a second shared digit Z is in one of them: cells seeing every Z of both lose Z.")

ALS_XY_WING = Technique(
    "ALS-XY-Wing", "expert", 56,
    "Three Almost Locked Sets: A and B each share a restricted digit (X, Y) with C. If neither A nor B held their common digit Z, both would be locked, take X and Y from C, and C would be two digits short. So Z is in A or B: cells seeing every Z of both lose Z.")

DEATH_BLOSSOM = Technique(
    "Death Blossom", "expert", 60,
    "A stem cell, and for each of its digits an Almost Locked Set (a petal) whose places of that digit all see the stem. Whichever digit the stem takes, that petal loses it and is locked; when every petal holds Z, Z is in one of them, so cells seeing every Z of the petals lose Z.")

SUE_DE_COQ = Technique(
    "Sue de Coq", "expert", 52,
    "Two or three cells where a box meets a line hold many digits; cells of the line and cells of the box outside them cover those digits with no digit in both. All these cells together hold exactly as many digits as cells, so each digit is in them once: the rest of the line and box lose them.")

ALS_CHAIN = Technique(
    "ALS Chain", "expert", 66,
    "An Alternating Inference Chain through Almost Locked Sets: a set that loses one of its digits is locked on the others, so \"the set lacks X\" forces \"the set holds Y\" (a strong link inside the set); the set's places of a digit act as one node. As in any chain, one end is true, so whatever sees both ends is false.")

#: Largest ALS looked at (cells); bigger ones are rare in steps and slow to pair up.
MAX_SIZE = 5
#: Largest ALS used inside a chain (cells): keeps the chain search within tens of milliseconds.
CHAIN_SIZE = 3

_PEER_BITS = tuple(sum(1 << p for p in PEERS[i]) for i in range(81))
_ALL_CELLS = (1 << 81) - 1


def _cells_in(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


@dataclass(frozen=True)
class Als:
    """An Almost Locked Set: its ``cells`` (flat, sorted), ``bits`` (81-bit set), digit ``mask``,
    the ``unit`` it was found in, and per digit the cells holding it and the cells seeing them all."""

    cells: tuple[int, ...]
    bits: int
    mask: int
    unit: int
    cells_of: tuple[int, ...]  # digit -> 81-bit set of the ALS's cells holding it
    seen_by: tuple[int, ...]   # digit -> 81-bit set of the cells that see all of those

    def note(self) -> Msg:
        """The set as a message: "r1c1 and r1c2 (1, 5 and 7)"."""
        return msg("als_set", cs=cells_of(self.cells), ds=DIGITS_IN[self.mask])

    def text(self) -> str:
        """The set in words, in the chosen language."""
        return describe(self.note())


def _make_als(cells, masks, mask, unit, cand=None, memo=None) -> Als:
    """The :class:`Als` of ``cells``; ``cand`` (digit -> cell set) and ``memo`` (cell set -> the
    cells seeing them all) save work when many sets are made from one position."""
    if cand is None:
        cand = digit_places(masks)
    if memo is None:
        memo = {}
    bits = 0
    for i in cells:
        bits |= 1 << i
    cells_of = [0] * 10
    seen_by = [0] * 10
    for d in DIGITS_IN[mask]:
        on = cand[d] & bits
        cells_of[d] = on
        seen = memo.get(on)
        if seen is None:
            seen = _ALL_CELLS
            v = on
            while v:
                low = v & -v
                v ^= low
                seen &= _PEER_BITS[low.bit_length() - 1]
            memo[on] = seen
        seen_by[d] = seen
    return Als(tuple(cells), bits, mask, unit, tuple(cells_of), tuple(seen_by))


def find_als(masks, max_size: int = MAX_SIZE) -> list[Als]:
    """Every ALS of up to ``max_size`` cells (each cell set once, whichever unit shows it)."""
    out = []
    seen = set()
    cand = digit_places(masks)
    memo: dict = {}
    for u in range(27):
        blanks = [i for i in UNITS[u] if masks[i]]
        top = min(max_size, len(blanks) - 1)
        # depth-first over cell subsets in unit order, pruned once the digits can no longer fit
        stack = [(0, (), 0)]
        while stack:
            start, chosen, m = stack.pop()
            for k in range(start, len(blanks)):
                i = blanks[k]
                m2 = m | masks[i]
                n = len(chosen) + 1
                if POP[m2] > top + 1:
                    continue
                ch = chosen + (i,)
                if POP[m2] == n + 1:
                    key = 0
                    for c in ch:
                        key |= 1 << c
                    if key not in seen:
                        seen.add(key)
                        out.append(_make_als(ch, masks, m2, u, cand, memo))
                if n < top:
                    stack.append((k + 1, ch, m2))
    return out


def _links(sets: list[Als], cand: list[int]):
    """(m, {k: restricted common digits}) for each ALS m, with every disjoint ALS k joined to it.

    X is restricted when every X of one set sees every X of the other.  Rather than
    trying all pairs, each set is filed under (X, its first X cell): a partner's first
    X cell must be among the cells that see all of this set's Xs.  A generator, so
    a finder that stops at its first step does not pay for the rest.
    """
    first: list = [None] * 810  # 81 * x + (first X cell) -> the sets filed there
    for k, a in enumerate(sets):
        for x in DIGITS_IN[a.mask]:
            c = a.cells_of[x]
            key = 81 * x + (c & -c).bit_length() - 1
            if first[key] is None:
                first[key] = [k]
            else:
                first[key].append(k)
    cells_of = [a.cells_of for a in sets]
    bits = [a.bits for a in sets]
    for m, b in enumerate(sets):
        found: dict[int, list[int]] = {}
        b_bits = b.bits
        for x in DIGITS_IN[b.mask]:
            seen = b.seen_by[x]
            v = seen & cand[x] & ~b_bits
            while v:
                low = v & -v
                v ^= low
                filed = first[81 * x + low.bit_length() - 1]
                if filed is None:
                    continue
                for k in filed:
                    if not cells_of[k][x] & ~seen and not bits[k] & b_bits:
                        got = found.get(k)
                        if got is None:
                            found[k] = [x]
                        else:
                            got.append(x)
        yield m, found


def _position(masks):
    """(ALSs, digit cell sets, links of each ALS) of this position, built once for all ALS finders."""
    def build():
        sets = find_als(masks)
        cand = digit_places(masks)
        return sets, cand, [found for _, found in _links(sets, cand)]
    return per_position(masks, "als", build)


def _units_of(*sets: Als) -> list[int]:
    return sorted({s.unit for s in sets})


# -- ALS-XZ -------------------------------------------------------------------------
def als_xz(cells, masks):
    # The ALS-XZ with the fewest cells, as Sudoku Explainer takes the easiest-rated hint (its
    # WXYZ- to UVWXYZ-Wings are the small ALS-XZs), so the rating does not depend on scan order.
    best = None
    sets, cand, links = _position(masks)
    for k, found in enumerate(links):
        a = sets[k]
        for m, rcc in found.items():
            b = sets[m]
            common = a.mask & b.mask
            if m < k or POP[common] < 2:  # each pair once
                continue
            both = a.bits | b.bits
            elims = set()
            for z in DIGITS_IN[common]:
                if z in rcc:
                    continue
                for i in _cells_in(a.seen_by[z] & b.seen_by[z] & cand[z] & ~both):
                    elims.add((i, z))
            if len(rcc) == 2:  # doubly linked: each set is locked on its other digits
                for s in (a, b):
                    for d in DIGITS_IN[s.mask]:
                        if d not in rcc:
                            for i in _cells_in(s.seen_by[d] & cand[d] & ~both):
                                elims.add((i, d))
                for x in rcc:
                    for i in _cells_in(a.seen_by[x] & b.seen_by[x] & cand[x] & ~both):
                        elims.add((i, x))
            if not elims:
                continue
            size = len(a.cells) + len(b.cells)
            if best is None or size < best[0]:
                best = (size, a, b, rcc, common, sorted(elims))
    if best is None:
        return None
    _, a, b, rcc, common, elims = best
    if len(rcc) == 1:
        text = msg("als_xz", t="ALS-XZ", a=a.note(), b=b.note(), x=rcc[0],
                   elims=elims_msg(elims))
    else:
        text = msg("als_xz_double", t="ALS-XZ", a=a.note(), b=b.note(),
                   xs=tuple(sorted(rcc)), elims=elims_msg(elims))
    return make_step(
        "ALS-XZ", _units_of(a, b), a.cells + b.cells, DIGITS_IN[common],
        elims=elims, message=text, unit_hint=look_at([a.unit, b.unit]))


# -- ALS-XY-Wing ------------------------------------------------------------------------
def als_xy_wing(cells, masks):
    sets, cand, links = _position(masks)
    for kc, c in enumerate(sets):
        for (ka, xs), (kb, ys) in combinations(links[kc].items(), 2):
            a, b = sets[ka], sets[kb]
            if a.bits & b.bits or not a.mask & b.mask:
                continue
            step = _xy_wing_step(a, b, c, xs, ys, cand)
            if step is not None:
                return step
    return None


def _xy_wing_step(a, b, c, xs, ys, cand):
    """The ALS-XY-Wing of wings ``a``, ``b`` on pivot ``c`` (restricted digits ``xs``, ``ys``), or None."""
    for x in xs:
        for y in ys:
            if x == y:
                continue
            common = a.mask & b.mask & ~BIT[x] & ~BIT[y]
            if not common:
                continue
            outside = ~(a.bits | b.bits | c.bits)
            elims = [(i, z) for z in DIGITS_IN[common]
                     for i in _cells_in(a.seen_by[z] & b.seen_by[z] & cand[z] & outside)]
            if not elims:
                continue
            zs = sorted({z for _, z in elims})
            return make_step(
                "ALS-XY-Wing", _units_of(a, b, c), c.cells + a.cells + b.cells,
                [x, y] + zs, elims=elims,
                message=msg("als_xy_wing", t="ALS-XY-Wing", c=c.note(), x=x, a=a.note(), y=y,
                            b=b.note(), zs=tuple(zs), cs=cells_of(c.cells), elims=elims_msg(elims)),
                unit_hint=look_at([c.unit, a.unit, b.unit]))
    return None


# -- Death Blossom ---------------------------------------------------------------------
def death_blossom(cells, masks):
    sets, cand, _ = _position(masks)
    by_digit = per_position(masks, "als by digit",
                            lambda: [[a for a in sets if a.mask & BIT[d]] for d in range(10)])
    for s in range(81):
        sm = masks[s]
        if not 2 <= POP[sm] <= 3:
            continue
        sbit = 1 << s
        outside = ~_PEER_BITS[s]
        petals = {d: [a for a in by_digit[d] if not a.bits & sbit and a.cells_of[d] & outside == 0]
                  for d in DIGITS_IN[sm]}
        if not all(petals.values()):
            continue
        for z in range(1, 10):
            if sm & BIT[z]:
                continue
            lists = [[a for a in petals[d] if a.mask & BIT[z]] for d in DIGITS_IN[sm]]
            if not all(lists):
                continue
            step = _blossom(s, sm, z, lists, cand[z] & ~sbit, [])
            if step is not None:
                return step
    return None


def _blossom(s, sm, z, lists, target, chosen):
    """Choose one petal per stem digit (depth first) while some cell still sees every Z of them."""
    if not target:
        return None
    if len(chosen) == len(lists):
        inside = 0
        for a in chosen:
            inside |= a.bits
        hit = _cells_in(target & ~inside)
        if not hit:
            return None
        elims = [(i, z) for i in hit]
        ds = DIGITS_IN[sm]
        petals = tuple(msg("death_blossom_petal", d=d, set=a.note()) for d, a in zip(ds, chosen))
        return make_step(
            "Death Blossom", [a.unit for a in chosen], [s] + [i for a in chosen for i in a.cells],
            list(ds) + [z], elims=elims,
            message=msg("death_blossom", t="Death Blossom", s=cell_of(s), ds=tuple(sorted(ds)),
                        petals=petals, z=z, out=cells_of(hit)),
            unit_hint=msg("death_blossom_hint", s=cell_of(s)))
    for a in lists[len(chosen)]:
        step = _blossom(s, sm, z, lists, target & a.seen_by[z], chosen + [a])
        if step is not None:
            return step
    return None


# -- Sue de Coq ------------------------------------------------------------------------
def _groups(cells_list, masks, max_size=3):
    """(cells, mask) for every non-empty subset of up to ``max_size`` cells."""
    out = []
    for n in range(1, min(max_size, len(cells_list)) + 1):
        for sub in combinations(cells_list, n):
            m = 0
            for i in sub:
                m |= masks[i]
            out.append((sub, m))
    return out


def sue_de_coq(cells, masks):
    for bx in range(9):
        box = UNITS[18 + bx]
        for line in [ROW_OF[box[0]] + k for k in range(3)] + [9 + COL_OF[box[0]] + k for k in range(3)]:
            inter = [i for i in UNITS[line] if BOX_OF[i] == bx and masks[i]]
            if len(inter) < 2:
                continue
            line_rest = [i for i in UNITS[line] if BOX_OF[i] != bx and masks[i]]
            box_rest = [i for i in box if i not in UNITS[line] and masks[i]]
            line_groups = _groups(line_rest, masks)
            box_groups = _groups(box_rest, masks)
            for n in (2, 3):
                for core in combinations(inter, n):
                    v = 0
                    for i in core:
                        v |= masks[i]
                    if POP[v] < n + 2:
                        continue
                    step = _sdc_step(masks, bx, line, core, v, line_groups, box_groups)
                    if step is not None:
                        return step
    return None


def _sdc_step(masks, bx, line, core, v, line_groups, box_groups):
    n = len(core)
    # each side must take more of the core's digits than it brings new ones
    ls = [(c, m) for c, m in line_groups if m & v and len(c) - POP[m & ~v] >= 1]
    bs = [(c, m) for c, m in box_groups if m & v and len(c) - POP[m & ~v] >= 1]
    for lc, lm in ls:
        for bc, bm in bs:
            if lm & bm:
                continue
            if POP[v | lm | bm] != n + len(lc) + len(bc):
                continue
            used = set(core) | set(lc) | set(bc)
            line_digits = lm | (v & ~bm)   # in the core or the line cells: all in the line
            box_digits = bm | (v & ~lm)    # in the core or the box cells: all in the box
            elims = [(i, d) for i in UNITS[line] if i not in used
                     for d in DIGITS_IN[masks[i] & line_digits]]
            elims += [(i, d) for i in UNITS[18 + bx] if i not in used
                      for d in DIGITS_IN[masks[i] & box_digits]]
            if not elims:
                continue
            elims = sorted(set(elims))
            ln, bn = Unit.from_number(line), Unit.from_number(18 + bx)
            return make_step(
                "Sue de Coq", [line, 18 + bx], list(core) + list(lc) + list(bc),
                DIGITS_IN[v | lm | bm], elims=elims,
                message=msg("sue_de_coq", t="Sue de Coq", box=bn, line=ln, core=cells_of(core),
                            cd=DIGITS_IN[v], lc=cells_of(lc), ld=DIGITS_IN[lm], bc=cells_of(bc),
                            bd=DIGITS_IN[bm], n=len(used), elims=elims_msg(elims)),
                unit_hint=msg("sue_de_coq_hint", box=bn, line=ln))
    return None


# -- ALS Chain (ALS-AIC) ------------------------------------------------------------------------
def als_chain(cells, masks):
    """The shortest Alternating Inference Chain (grouped) that goes through an Almost Locked Set."""
    from .chains import best_chain, chain_step, grouped_graph
    from .links import node_msg, public_node
    sets, _, _ = _position(masks)
    inside = [a for a in sets if 2 <= len(a.cells) <= CHAIN_SIZE]
    if not inside:
        return None
    g = grouped_graph(masks).with_als(masks, inside)
    found = best_chain(g, range(g.singles))
    if not found:
        return None
    chain = found[0]
    used = []
    for x, y in zip(chain, chain[1:]):
        a = g.als_links.get((x, y))
        if a is not None:
            used.append((a, g.nodes[x], g.nodes[y]))
    if not used:
        return None  # a chain without a set: a grouped AIC's, found before
    sets = tuple(msg("als_chain_set", set=a.note(), x=x[1], y=y[1], xn=node_msg(public_node(x)),
                     yn=node_msg(public_node(y))) for a, x, y in used)
    return chain_step(ALS_CHAIN, g, chain, sets)
