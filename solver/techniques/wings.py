"""Wings: a pivot cell and two wing cells that see it; whatever the pivot holds, one cell takes Z.

XY-Wing, XYZ-Wing, W-Wing (two equal two-candidate cells joined by a
strong link on one of their digits), WXYZ-Wing (four cells, four digits, one
digit whose places do not all see each other) and VWXYZ-Wing (the same with five).
"""
from __future__ import annotations

from itertools import combinations

from ..candidates import BIT, DIGITS_IN, POP
from ..grid import PEER_SETS, UNITS, Unit, cell_of
from ..words.i18n import msg
from .step import Technique, cells_of, conjugate_pairs, make_step


XY_WING = Technique(
    "XY-Wing", "expert", 32,
    "A two-candidate pivot XY sees two wings XZ and YZ: whatever the pivot is, one wing is Z, so cells seeing both wings lose Z.")

XYZ_WING = Technique(
    "XYZ-Wing", "expert", 36,
    "A three-candidate pivot XYZ sees wings XZ and YZ: one of the three cells is Z, so cells seeing all three lose Z.")

W_WING = Technique(
    "W-Wing", "expert", 38,
    "Two far-apart cells that both hold only X and Y, linked by a unit where X has just two places next to them: one of the cells is Y, so cells seeing both lose Y.")


def xy_wing(cells, masks):
    bival = [i for i in range(81) if POP[masks[i]] == 2]
    for p in bival:
        pm = masks[p]
        wings = [a for a in bival if a in PEER_SETS[p] and POP[masks[a] & pm] == 1]
        for a, b in combinations(wings, 2):
            ma, mb = masks[a], masks[b]
            z = ma & ~pm
            if z != mb & ~pm or (ma & pm) == (mb & pm):
                continue
            zd = DIGITS_IN[z][0]
            elims = [(j, zd) for j in PEER_SETS[a] & PEER_SETS[b] if j != p and masks[j] & z]
            if elims:
                x, y = DIGITS_IN[pm]
                return make_step(
                    "XY-Wing", [], [p, a, b], [x, y, zd], elims=elims,
                    message=msg("xy_wing", t="XY-Wing", p=cell_of(p), x=x, y=y, a=cell_of(a),
                                ad=DIGITS_IN[ma], b=cell_of(b), bd=DIGITS_IN[mb], z=zd,
                                out=cells_of(j for j, _ in elims)),
                    unit_hint=msg("xy_wing_hint", p=cell_of(p)))
    return None


def xyz_wing(cells, masks):
    bival = [i for i in range(81) if POP[masks[i]] == 2]
    for p in range(81):
        pm = masks[p]
        if POP[pm] != 3:
            continue
        wings = [a for a in bival if a in PEER_SETS[p] and masks[a] & ~pm == 0]
        for a, b in combinations(wings, 2):
            ma, mb = masks[a], masks[b]
            if ma == mb or (ma | mb) != pm:
                continue
            z = ma & mb
            zd = DIGITS_IN[z][0]
            elims = [(j, zd) for j in PEER_SETS[p] & PEER_SETS[a] & PEER_SETS[b] if masks[j] & z]
            if elims:
                return make_step(
                    "XYZ-Wing", [], [p, a, b], DIGITS_IN[pm], elims=elims,
                    message=msg("xyz_wing", t="XYZ-Wing", p=cell_of(p), pd=DIGITS_IN[pm],
                                a=cell_of(a), ad=DIGITS_IN[ma], b=cell_of(b), bd=DIGITS_IN[mb],
                                z=zd, out=cells_of(j for j, _ in elims)),
                    unit_hint=msg("xyz_wing_hint", p=cell_of(p)))
    return None


def w_wing(cells, masks):
    bival = [i for i in range(81) if POP[masks[i]] == 2]
    for p, q in combinations(bival, 2):
        m = masks[p]
        if masks[q] != m or q in PEER_SETS[p]:
            continue
        common = PEER_SETS[p] & PEER_SETS[q]
        for x in DIGITS_IN[m]:
            y = DIGITS_IN[m & ~BIT[x]][0]
            elims = [(j, y) for j in common if masks[j] & BIT[y]]
            if not elims:
                continue
            for u, s, t in conjugate_pairs(masks, BIT[x], range(27)):
                if {s, t} & {p, q}:
                    continue
                if (s in PEER_SETS[p] and t in PEER_SETS[q]) or (s in PEER_SETS[q] and t in PEER_SETS[p]):
                    if s not in PEER_SETS[p] or t not in PEER_SETS[q]:
                        s, t = t, s
                    un = Unit.from_number(u)
                    xy = tuple(sorted((x, y)))
                    return make_step(
                        "W-Wing", [u], [p, q, s, t], [x, y], elims=elims,
                        message=msg("w_wing", t="W-Wing", p=cell_of(p), q=cell_of(q), xy=xy,
                                    u=un, x=x, s=cell_of(s), e=cell_of(t), y=y,
                                    out=cells_of(j for j, _ in elims)),
                        unit_hint=msg("w_wing_hint", xy=xy, u=un))
    return None


WXYZ_WING = Technique(
    "WXYZ-Wing", "expert", 46,
    "Four cells, a pivot and three cells it sees, hold just four digits between them. Every digit but Z has all its places among them in one unit, so it fills at most one of the four: Z must fill another, and cells seeing every Z of the four lose Z.")


def wxyz_wing(cells, masks):
    small = [i for i in range(81) if 2 <= POP[masks[i]] <= 4]
    for p in small:
        pm = masks[p]
        wings = [a for a in small if a in PEER_SETS[p] and POP[masks[a] | pm] <= 4]
        for x, a in enumerate(wings):
            ma = pm | masks[a]
            for y in range(x + 1, len(wings)):
                b = wings[y]
                mb = ma | masks[b]
                if POP[mb] > 4:
                    continue
                for c in wings[y + 1:]:
                    if POP[mb | masks[c]] != 4:
                        continue
                    step = _wxyz_step(masks, (p, a, b, c), mb | masks[c])
                    if step is not None:
                        return step
    return None


def _wxyz_step(masks, quad, union, name="WXYZ-Wing"):
    """The WXYZ-Wing of four cells holding four digits (VWXYZ-Wing: five and five), or None when
    it is not one (or removes nothing)."""
    loose = []
    for d in DIGITS_IN[union]:
        holders = [i for i in quad if masks[i] & BIT[d]]
        if any(j not in PEER_SETS[i] for i, j in combinations(holders, 2)):
            loose.append((d, holders))
    if len(loose) != 1:
        return None  # each restricted digit fills at most one cell: with two loose ones, no proof
    z, holders = loose[0]
    seen = set(PEER_SETS[holders[0]])
    for i in holders[1:]:
        seen &= PEER_SETS[i]
    elims = [(j, z) for j in seen if j not in quad and masks[j] & BIT[z]]
    if not elims:
        return None
    p = quad[0]
    others = sorted(quad[1:])
    return make_step(
        name, [], list(quad), DIGITS_IN[union], elims=elims,
        message=msg("wxyz_wing" if len(quad) == 4 else "vwxyz_wing", t=name, p=cell_of(p), pd=DIGITS_IN[masks[p]],
                    others=tuple(msg("wing_cell_digits", c=cell_of(i), ds=DIGITS_IN[masks[i]])
                                 for i in others),
                    ds=DIGITS_IN[union], z=z, zs=cells_of(holders), out=cells_of(j for j, _ in elims)),
        unit_hint=msg("wxyz_wing_hint", p=cell_of(p)))


VWXYZ_WING = Technique(
    "VWXYZ-Wing", "expert", 48,
    "Five cells, a pivot and four cells it sees, hold just five digits between them. Every digit but Z has all its places among them in one unit, so it fills at most one of the five: Z must fill another, and cells seeing every Z of the five lose Z.")


def vwxyz_wing(cells, masks):
    # Sukaku Explainer's shape: four cells of one unit holding five digits (so each of their digits
    # but one fills at most one of them) and a two-candidate cell XZ whose X sees every X of the
    # four; only Z is then loose.  A freer shape (a pivot and any four cells it sees) also solves
    # puzzles SE rates 7.1-7.2 through a chain, a level too low.
    bival = [i for i in range(81) if POP[masks[i]] == 2]
    for unit in UNITS:
        open_ = [i for i in unit if 2 <= POP[masks[i]] <= 5]
        for four in combinations(open_, 4):
            union = masks[four[0]] | masks[four[1]] | masks[four[2]] | masks[four[3]]
            if POP[union] != 5:
                continue
            for b in bival:
                if b in four or masks[b] & ~union:
                    continue
                for x in DIGITS_IN[masks[b]]:
                    holders = [i for i in four if masks[i] & BIT[x]]
                    if not all(i in PEER_SETS[b] for i in holders):
                        continue
                    step = _wxyz_step(masks, (holders[0],) + tuple(i for i in four if i != holders[0]) + (b,),
                                      union, "VWXYZ-Wing")
                    if step is not None:
                        return step
    return None
