"""Uniqueness: patterns that would allow a second solution, so a puzzle with one solution avoids them.

Unique Rectangle types 1-6, Unique Loop types 1 and 2, Hidden Rectangle, Avoidable
Rectangle types 1, 2 and 4, and BUG+1.  Sound only when the
puzzle has exactly one solution: ``registry.finders(assume_unique=False)``
leaves out every technique listed in :data:`TECHNIQUES` here.

A rectangle is four blank cells on two rows, two columns and two boxes that
all hold the digits X and Y; *floors* are its corners holding only X and Y,
*roofs* the others.  Avoidable Rectangle (and its type 4) works on solved cells that
are not givens: its finders read the givens from the path's ``memo``.
"""
from __future__ import annotations

from itertools import combinations

from ..candidates import BIT, DIGITS_IN, POP
from ..grid import COL_OF, PEER_SETS, ROW_OF, UNITS, UNITS_OF, cell_of
from ..words.i18n import msg
from .cache import per_position
from .step import Technique, cells_of, elims_msg, make_step


UNIQUE_RECTANGLE = Technique(
    "Unique Rectangle", "expert", 36,
    "Four cells on two rows, two columns and two boxes cannot all hold just the same two digits (they could swap, giving two solutions): the odd corner loses those two digits.")


def unique_rectangle(cells, masks):
    for corners, _common in _rectangle_corners(masks):
        r1, c1 = divmod(corners[0], 9)
        r2, c2 = divmod(corners[3], 9)
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
                message=msg("ur_type_1", t="Unique Rectangle", three=cells_of(three), a=a, b=b,
                            c=cell_of(t)),
                unit_hint=_rect_hint(corners))
    return None


# -- the other rectangle types, hidden rectangle, BUG+1 --------------------------------------
_ASSUME = " It assumes the puzzle has exactly one solution."

UNIQUE_LOOP = Technique(
    "Unique Loop", "expert", 40,
    "A closed loop of 6 or 8 cells, each seeing the next, all holding X and Y, where every unit holds none of them or two, one on each side: were they all just X and Y, X and Y could swap along the loop, giving two solutions. So if one cell holds more, it is not X or Y; if all the extras are the same Z, one is Z and cells seeing all of them lose Z." + _ASSUME)


def unique_loop(cells, masks):
    """The shortest Unique Loop (6, then 8 cells) of type 1 or 2, as Sudoku Explainer rates it by
    length and takes the easiest: 4.6, 4.7 (``rating.step_se``).  Longer loops (SE 5.0) are left
    out: they cost a deep search and no SE-rated puzzle of the shared set needed one."""
    bival = [i for i in range(81) if POP[masks[i]] == 2]
    for size in (6, 8):
        for start in bival:
            ab = masks[start]
            found = _close_loop(masks, ab, [start], size)
            if found is not None:
                return found
    return None


def _close_loop(masks, ab, loop, size):
    """Extend ``loop`` (cells all holding the pair ``ab``) to ``size`` cells and close it on its
    first; return the step of the first valid loop that removes something."""
    last = loop[-1]
    if len(loop) == size:
        if loop[0] in PEER_SETS[last] and loop[0] == min(loop[k] for k in range(size) if masks[loop[k]] == ab):
            return _loop_step(masks, ab, loop)
        return None
    extras = [i for i in loop if masks[i] != ab]
    for nxt in sorted(PEER_SETS[last]):
        if nxt in loop or masks[nxt] & ab != ab:
            continue
        if masks[nxt] != ab and extras and POP[(masks[nxt] | _or(masks, extras)) & ~ab] != 1:
            continue  # type 1 has one cell with extras, type 2 one extra digit among them all
        if any(sum(1 for i in loop if u in UNITS_OF[i]) >= 2 for u in UNITS_OF[nxt]):
            continue  # a unit holds at most two loop cells
        loop.append(nxt)
        found = _close_loop(masks, ab, loop, size)
        loop.pop()
        if found is not None:
            return found
    return None


def _or(masks, cells):
    m = 0
    for i in cells:
        m |= masks[i]
    return m


def _loop_step(masks, ab, loop):
    # every unit it touches holds two loop cells, one at an even place and one at an odd one:
    # X on the even places and Y on the odd ones, or the other way round, both fit every unit
    for u in {u for i in loop for u in UNITS_OF[i]}:
        at = [k for k, i in enumerate(loop) if u in UNITS_OF[i]]
        if len(at) != 2 or (at[0] - at[1]) % 2 == 0:
            return None
    extras = [i for i in loop if masks[i] != ab]
    a, b = DIGITS_IN[ab]
    if len(extras) == 1:
        t = extras[0]
        return make_step(
            "Unique Loop", [], loop, [a, b], elims=[(t, a), (t, b)],
            message=msg("unique_loop_1", t="Unique Loop", n=len(loop), loop=cells_of(loop), a=a, b=b,
                        c=cell_of(t)),
            unit_hint=msg("unique_loop_hint", a=a, b=b))
    extra = _or(masks, extras) & ~ab
    if len(extras) < 2 or POP[extra] != 1:
        return None
    z = DIGITS_IN[extra][0]
    seen = set(PEER_SETS[extras[0]])
    for i in extras[1:]:
        seen &= PEER_SETS[i]
    elims = [(j, z) for j in sorted(seen) if masks[j] & extra and j not in loop]
    if not elims:
        return None
    return make_step(
        "Unique Loop", [], loop, [a, b, z], elims=elims,
        message=msg("unique_loop_2", t="Unique Loop", n=len(loop), loop=cells_of(loop), a=a, b=b,
                    z=z, zs=cells_of(extras), out=cells_of(j for j, _ in elims)),
        unit_hint=msg("unique_loop_hint", a=a, b=b))

UR_TYPE_2 = Technique(
    "Unique Rectangle Type 2", "expert", 38,
    "Rectangle corners in two boxes: two hold only X and Y, the other two (in one row or column) hold X, Y and the same extra Z. Were neither Z, the four could swap X and Y, so one is Z: cells seeing both lose Z." + _ASSUME)

UR_TYPE_3 = Technique(
    "Unique Rectangle Type 3", "expert", 40,
    "Rectangle corners in two boxes: two hold only X and Y, the other two (in one unit) have extra digits. One of them holds an extra digit, so together they act as one cell of those extras: with other cells of the unit they can make a naked subset." + _ASSUME)

UR_TYPE_4 = Technique(
    "Unique Rectangle Type 4", "expert", 38,
    "Rectangle corners in two boxes: two hold only X and Y, the other two (in one unit) hold more. If X has no other place in that unit, one of the two is X; were the other Y, the four could swap, so both lose Y." + _ASSUME)

UR_TYPE_5 = Technique(
    "Unique Rectangle Type 5", "expert", 40,
    "Rectangle corners in two boxes hold only X and Y, except two diagonal (or three) corners that also hold the same Z. One of those is Z, or the four could swap X and Y: cells seeing all of them lose Z." + _ASSUME)

UR_TYPE_6 = Technique(
    "Unique Rectangle Type 6", "expert", 42,
    "Rectangle corners in two boxes: two diagonal corners hold only X and Y, and in both rows (or columns) X fits only in the rectangle. X sits on one diagonal; on the other one it would leave Y for these corners and a swappable rectangle, so the corners with extras lose X." + _ASSUME)

HIDDEN_RECTANGLE = Technique(
    "Hidden Rectangle", "expert", 42,
    "Rectangle corners in two boxes all hold X and Y, one corner only those. If the opposite corner's row and column have X only in the rectangle, that corner cannot be Y: it would force X on its two neighbours and Y in the first corner, a swappable rectangle." + _ASSUME)

BUG_PLUS_1 = Technique(
    "BUG+1", "expert", 36,
    "Every blank cell holds two candidates except one with three, and each digit has two places in every unit but one digit of that cell three. Without that digit the grid would be a deadly pattern (no solution or several), so the cell takes it." + _ASSUME)


def _rectangle_corners(masks):
    """Corners (reading order) of every rectangle of blanks in two boxes sharing two digits or more
    (once per position: every rectangle finder starts from it)."""
    def build():
        out = []
        for r1, r2 in combinations(range(9), 2):
            same_band = r1 // 3 == r2 // 3
            for c1, c2 in combinations(range(9), 2):
                if same_band == (c1 // 3 == c2 // 3):
                    continue  # one box, or four boxes
                corners = (9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2)
                common = (masks[corners[0]] & masks[corners[1]] & masks[corners[2]]
                          & masks[corners[3]])
                if POP[common] >= 2:
                    out.append((corners, common))
        return out
    return per_position(masks, "rectangles", build)


def _rectangles(masks):
    """(corners, a, b) for every rectangle of blanks in two boxes whose four cells hold digits a and b.

    ``corners`` are in reading order: top left, top right, bottom left, bottom right.
    """
    return per_position(masks, "rectangle pairs", lambda: [
        (corners, a, b) for corners, common in _rectangle_corners(masks)
        for a, b in combinations(DIGITS_IN[common], 2)])


def _shared_units(i, j):
    """The units (numbers) two cells share."""
    return [u for u in UNITS_OF[i] if u in UNITS_OF[j]]


def _rect_hint(corners):
    r1, c1 = cell_of(corners[0])
    r2, c2 = cell_of(corners[3])
    return msg("ur_hint", r1=r1 + 1, r2=r2 + 1, c1=c1 + 1, c2=c2 + 1)


def _rect_units(corners):
    r1, c1 = cell_of(corners[0])
    r2, c2 = cell_of(corners[3])
    return [r1, r2, 9 + c1, 9 + c2]


def _floors_and_roofs(corners, masks, ab):
    floors = [i for i in corners if masks[i] == ab]
    roofs = [i for i in corners if masks[i] != ab]
    return floors, roofs


def unique_rectangle_type_2(cells, masks):
    return _ur_single_extra(masks, diagonal=False)


def unique_rectangle_type_5(cells, masks):
    return _ur_single_extra(masks, diagonal=True)


def _ur_single_extra(masks, diagonal):
    """Types 2 (two roofs on one line) and 5 (two diagonal roofs, or three): one extra digit Z."""
    name = "Unique Rectangle Type 5" if diagonal else "Unique Rectangle Type 2"
    for corners, a, b in _rectangles(masks):
        ab = BIT[a] | BIT[b]
        floors, roofs = _floors_and_roofs(corners, masks, ab)
        if len(roofs) not in (2, 3) or len({masks[i] for i in roofs}) != 1:
            continue
        z = masks[roofs[0]] & ~ab
        if POP[z] != 1:
            continue
        on_line = len(roofs) == 2 and bool(_shared_units(*roofs))
        if on_line == diagonal:
            continue
        zd = DIGITS_IN[z][0]
        seen = set(PEER_SETS[roofs[0]])
        for i in roofs[1:]:
            seen &= PEER_SETS[i]
        elims = [(j, zd) for j in seen if masks[j] & z]
        if elims:
            return make_step(
                name, _rect_units(corners), corners, [a, b, zd], elims=elims,
                message=msg("ur_one_extra", t=name, floors=cells_of(floors), a=a, b=b,
                            roofs=cells_of(roofs), z=zd, out=cells_of([j for j, _ in elims]),
                            n=len(floors)),
                unit_hint=_rect_hint(corners))
    return None


def unique_rectangle_type_3(cells, masks):
    for corners, a, b in _rectangles(masks):
        ab = BIT[a] | BIT[b]
        floors, roofs = _floors_and_roofs(corners, masks, ab)
        if len(roofs) != 2:
            continue
        extra = (masks[roofs[0]] | masks[roofs[1]]) & ~ab
        if POP[extra] < 2:
            continue
        for u in _shared_units(*roofs):
            others = [i for i in UNITS[u] if masks[i] and i not in roofs]
            for k in range(1, min(4, len(others))):
                for subset in combinations(others, k):
                    m = extra
                    for i in subset:
                        m |= masks[i]
                    if POP[m] != k + 1:
                        continue
                    elims = [(j, d) for j in others if j not in subset
                             for d in DIGITS_IN[masks[j] & m]]
                    if not elims:
                        continue
                    return make_step(
                        "Unique Rectangle Type 3", _rect_units(corners) + [u],
                        list(corners) + list(subset), [a, b] + list(DIGITS_IN[m]), elims=elims,
                        message=msg("ur_type_3", t="Unique Rectangle Type 3",
                                    floors=cells_of(floors), a=a, b=b, roofs=cells_of(roofs),
                                    extra=DIGITS_IN[extra], others=cells_of(subset),
                                    ds=DIGITS_IN[m], u=u, elims=elims_msg(elims)),
                        unit_hint=_rect_hint(corners))
    return None


def unique_rectangle_type_4(cells, masks):
    for corners, a, b in _rectangles(masks):
        ab = BIT[a] | BIT[b]
        floors, roofs = _floors_and_roofs(corners, masks, ab)
        if len(roofs) != 2:
            continue
        for u in _shared_units(*roofs):
            for x, y in ((a, b), (b, a)):
                if any(masks[i] & BIT[x] for i in UNITS[u] if i not in roofs):
                    continue
                elims = [(i, y) for i in roofs]
                return make_step(
                    "Unique Rectangle Type 4", _rect_units(corners) + [u], corners, [a, b],
                    elims=elims,
                    message=msg("ur_type_4", t="Unique Rectangle Type 4", floors=cells_of(floors),
                                a=a, b=b, u=u, x=x, roofs=cells_of(roofs), y=y),
                    unit_hint=_rect_hint(corners))
    return None


def unique_rectangle_type_6(cells, masks):
    for corners, a, b in _rectangles(masks):
        ab = BIT[a] | BIT[b]
        floors, roofs = _floors_and_roofs(corners, masks, ab)
        if len(floors) != 2 or _shared_units(*floors):
            continue  # the floors must be diagonal
        r1, r2 = ROW_OF[corners[0]], ROW_OF[corners[3]]
        c1, c2 = COL_OF[corners[0]], COL_OF[corners[3]]
        for x, y in ((a, b), (b, a)):
            bit = BIT[x]
            for lines, code in (((r1, r2), "ur_type_6_rows"), ((9 + c1, 9 + c2), "ur_type_6_cols")):
                if any(masks[i] & bit for u in lines for i in UNITS[u] if i not in corners):
                    continue
                elims = [(i, x) for i in roofs]
                return make_step(
                    "Unique Rectangle Type 6", _rect_units(corners), corners, [a, b],
                    elims=elims,
                    message=msg(code, t="Unique Rectangle Type 6", floors=cells_of(floors), a=a,
                                b=b, lines=tuple(u % 9 + 1 for u in lines), x=x,
                                roofs=cells_of(roofs), y=y),
                    unit_hint=_rect_hint(corners))
    return None


def hidden_rectangle(cells, masks):
    for corners, a, b in _rectangles(masks):
        ab = BIT[a] | BIT[b]
        for k in range(4):
            corner = corners[k]
            if masks[corner] != ab:
                continue
            opp = corners[3 - k]
            row_mate = corners[(3 - k) ^ 1]  # shares the opposite corner's row
            col_mate = corners[(3 - k) ^ 2]  # shares the opposite corner's column
            row_u, col_u = ROW_OF[opp], 9 + COL_OF[opp]
            for x, y in ((a, b), (b, a)):
                bit = BIT[x]
                if any(masks[i] & bit for i in UNITS[row_u] if i not in (opp, row_mate)):
                    continue
                if any(masks[i] & bit for i in UNITS[col_u] if i not in (opp, col_mate)):
                    continue
                return make_step(
                    "Hidden Rectangle", _rect_units(corners), corners, [a, b], elims=[(opp, y)],
                    message=msg("hidden_rectangle", t="Hidden Rectangle", c=cell_of(corner), a=a,
                                b=b, row=row_u, col=col_u, x=x, o=cell_of(opp),
                                p=cell_of(row_mate), q=cell_of(col_mate), y=y),
                    unit_hint=_rect_hint(corners))
    return None


def bug_plus_1(cells, masks):
    blanks = [i for i in range(81) if masks[i]]
    three = [i for i in blanks if POP[masks[i]] != 2]
    if len(three) != 1 or POP[masks[three[0]]] != 3:
        return None
    t = three[0]
    for d in DIGITS_IN[masks[t]]:
        # without d in t, every unit must hold every digit in 0 or 2 places: a BUG
        if all(sum(1 for i in UNITS[u] if masks[i] & BIT[e] and not (i == t and e == d)) in (0, 2)
               for u in range(27) for e in range(1, 10)):
            return make_step(
                "BUG+1", list(UNITS_OF[t]), [t], [d], placements=[(t, d)],
                message=msg("bug_plus_1", t="BUG+1", c=cell_of(t), d=d),
                unit_hint=msg("bug_plus_1_hint", c=cell_of(t)))
    return None


# -- avoidable rectangle: solved cells that are not givens ------------------------------------
AVOIDABLE_RECTANGLE = Technique(
    "Avoidable Rectangle", "expert", 40,
    "Rectangle corners in two boxes, none of them a given. If three are already solved as X, Y, "
    "Y (the two Ys across from each other), the fourth cannot be X: the four could swap X and Y "
    "and still fit every given. With two solved corners X and Y on one line, and the other two "
    "holding Y+Z and X+Z, one of those two is Z: cells seeing both lose Z." + _ASSUME)

#: rectangles in two boxes: corners in reading order (top left, top right, bottom left, bottom right)
_TWO_BOX_RECTANGLES = tuple(
    (9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2)
    for r1, r2 in combinations(range(9), 2) for c1, c2 in combinations(range(9), 2)
    if (r1 // 3 == r2 // 3) != (c1 // 3 == c2 // 3))


def avoidable_rectangle(cells, masks, cancel=None, memo=None):
    """Avoidable Rectangle types 1 and 2.  Needs the givens: ``memo["givens"]`` (the 81 digits
    of the puzzle as given; :func:`solver.path.run_path` and :func:`solver.hint` put them there).
    Without them nothing is found: a solved cell could be a given, and a given cannot swap."""
    givens = memo.get("givens") if memo is not None else None
    if givens is None:
        return None
    solved = [d if d and not givens[i] else 0 for i, d in enumerate(cells)]
    if sum(1 for d in solved if d) < 2:
        return None
    for corners in _TWO_BOX_RECTANGLES:
        vals = [solved[i] for i in corners]
        n = 4 - vals.count(0)
        if n < 2 or any(cells[i] and not solved[i] for i in corners):
            continue  # a given corner, or too few solved ones
        if n == 3:
            step = _ar_type_1(corners, vals, masks)
        elif n == 2:
            step = _ar_type_2(corners, vals, masks)
        else:
            step = None
        if step is not None:
            return step
    return None


avoidable_rectangle.cancellable = True  # find_first passes ``memo`` (with the givens)


def _ar_type_1(corners, vals, masks):
    k = vals.index(0)
    t, opp = corners[k], corners[3 - k]
    x = vals[3 - k]
    j1, j2 = [j for j in range(4) if j not in (k, 3 - k)]
    mates = [corners[j1], corners[j2]]
    y = vals[j1]
    if y == x or vals[j2] != y or not masks[t] & BIT[x]:
        return None
    return make_step(
        "Avoidable Rectangle", _rect_units(corners), corners, [x, y], elims=[(t, x)],
        message=msg("avoidable_type_1", t="Avoidable Rectangle", o=cell_of(opp), x=x,
                    mates=cells_of(mates), y=y, c=cell_of(t)),
        unit_hint=_rect_hint(corners))


def _ar_type_2(corners, vals, masks):
    # the two solved corners must share a row or column; across from them, the two open ones
    for a, b in ((0, 1), (2, 3), (0, 2), (1, 3)):
        x, y = vals[a], vals[b]
        if not x or not y or x == y:
            continue
        a2, b2 = 3 - b, 3 - a  # a2 shares a line with a and sits across from b; b2 likewise
        ia, ib = corners[a2], corners[b2]
        ma, mb = masks[ia], masks[ib]
        za, zb = ma & ~BIT[y], mb & ~BIT[x]
        if not (ma & BIT[y] and mb & BIT[x]) or za != zb or POP[za] != 1 or POP[ma] != 2:
            continue
        z = DIGITS_IN[za][0]
        elims = [(i, z) for i in sorted(PEER_SETS[ia] & PEER_SETS[ib])
                 if masks[i] & za and i not in corners]
        if not elims:
            continue
        return make_step(
            "Avoidable Rectangle", _rect_units(corners), corners, [x, y, z], elims=elims,
            message=msg("avoidable_type_2", t="Avoidable Rectangle", p=cell_of(corners[a]), x=x,
                        q=cell_of(corners[b]), y=y, a=cell_of(ia), z=z, b=cell_of(ib),
                        out=cells_of([i for i, _ in elims])),
            unit_hint=_rect_hint(corners))
    return None


AVOIDABLE_RECTANGLE_TYPE_4 = Technique(
    "Avoidable Rectangle Type 4", "expert", 42,
    "Rectangle corners in two boxes, none of them a given. Two on one line were solved as X and "
    "Y; the two across from them must not become Y and X, or the four could swap X and Y: two "
    "solutions. If Y has no other place in a unit those two open corners share, one of them is "
    "Y, so the one that would need X loses X (and the same with X and Y exchanged)." + _ASSUME)


def avoidable_rectangle_type_4(cells, masks, cancel=None, memo=None):
    """Avoidable Rectangle type 4 (needs the givens, as :func:`avoidable_rectangle`): two corners
    solved as X and Y on one line, none a given; across from them, open corners ``ia`` (could be Y)
    and ``ib`` (could be X).  ``ia = Y`` and ``ib = X`` together would complete a rectangle that
    could swap, so when Y's only places in a unit of both are ``ia`` and ``ib`` (one of them is Y),
    ``ib`` is not X; when X's are, ``ia`` is not Y."""
    givens = memo.get("givens") if memo is not None else None
    if givens is None:
        return None
    solved = [d if d and not givens[i] else 0 for i, d in enumerate(cells)]
    if sum(1 for d in solved if d) < 2:
        return None
    for corners in _TWO_BOX_RECTANGLES:
        vals = [solved[i] for i in corners]
        if vals.count(0) != 2 or any(cells[i] and not solved[i] for i in corners):
            continue  # a given corner, or not two solved ones
        step = _ar_type_4(corners, vals, cells, masks)
        if step is not None:
            return step
    return None


avoidable_rectangle_type_4.cancellable = True  # find_first passes ``memo`` (with the givens)


def _ar_type_4(corners, vals, cells, masks):
    for a, b in ((0, 1), (2, 3), (0, 2), (1, 3)):
        x, y = vals[a], vals[b]
        if not x or not y or x == y:
            continue
        ia, ib = corners[3 - b], corners[3 - a]  # ia across from b (would be y), ib across from a
        if cells[ia] or cells[ib] or not (masks[ia] & BIT[y] and masks[ib] & BIT[x]):
            continue
        for u in _shared_units(ia, ib):
            for s, (c, e) in ((y, (ib, x)), (x, (ia, y))):
                # s only at ia and ib in u: one of them is s, so c cannot be e
                if any(masks[j] & BIT[s] for j in UNITS[u] if j != ia and j != ib):
                    continue
                return make_step(
                    AVOIDABLE_RECTANGLE_TYPE_4.name, _rect_units(corners) + [u], corners,
                    [x, y], elims=[(c, e)],
                    message=msg("avoidable_type_4", t=AVOIDABLE_RECTANGLE_TYPE_4.name,
                                p=cell_of(corners[a]), x=x, q=cell_of(corners[b]), y=y, u=u,
                                s=s, a=cell_of(ia), b=cell_of(ib), c=cell_of(c), e=e),
                    unit_hint=_rect_hint(corners))
    return None


#: Every technique of this family (all of them assume a unique solution).
TECHNIQUES = (UNIQUE_RECTANGLE, UNIQUE_LOOP, UR_TYPE_2, UR_TYPE_3, UR_TYPE_4, UR_TYPE_5, UR_TYPE_6,
              HIDDEN_RECTANGLE, AVOIDABLE_RECTANGLE, AVOIDABLE_RECTANGLE_TYPE_4, BUG_PLUS_1)
