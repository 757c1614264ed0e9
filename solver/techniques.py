"""Human solving techniques: candidates, the next step, the logical solution path.

A *position* is a grid plus its candidates (pencil marks).  Basic candidates are
the digits that no peer holds; techniques then *eliminate* further candidates
or *place* digits.  Eliminations persist from step to step, so the candidate
state travels with the grid: :func:`next_step` takes it as an optional
argument, :class:`Step.apply` returns the next one, and :func:`logical_path`
carries it along.

Techniques are tried in the order hint engines use (:data:`TECHNIQUES`), and
the first one that changes something is the *next step*:

Full House, Naked Single, Hidden Single, Pointing, Claiming, Naked Pair,
Hidden Pair, Naked Triple, Hidden Triple, X-Wing, Skyscraper, Two-String Kite,
Swordfish, XY-Wing, XYZ-Wing, W-Wing, Unique Rectangle (type 1),
Naked Quad, Hidden Quad, Jellyfish.

Every technique is sound on its own; Unique Rectangle additionally assumes the
puzzle has exactly one solution (which is why :func:`hint` checks that first).

Inside, candidates are 9-bit masks (bit ``d - 1`` set means digit ``d`` is
possible), as in ``search.py``; at the boundary they are frozensets of digits
keyed by ``(row, col)``.

Typical use::

    path = logical_path(g)                  # LogicalPath: a list of Step
    path.solved                             # False -> needs guessing from path.final_grid
    step = next_step(g, cands)              # the simplest Step, or None
    g2, cands2 = step.apply(g, cands)       # the position after it
    h = hint(g, cands, givens=puzzle)       # checked advice for the GUI (never a wrong hint)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Iterable, Iterator, Optional, Sequence

from .grid import (
    BOXES, COLS, PEERS, ROWS, UNITS, Grid, Unit, cell_label, cell_name, cell_of, index,
)

__all__ = [
    "Candidates", "Step", "Technique", "TECHNIQUES", "LogicalPath", "Hint",
    "candidates", "next_step", "find_step", "logical_path", "hint", "technique",
]

Cell = tuple  # (row, col), 0-based

# -- bit tables, built once --------------------------------------------------
ALL = 0x1FF
_BIT = (0,) + tuple(1 << (d - 1) for d in range(1, 10))
_POP = tuple(bin(m).count("1") for m in range(512))
_DIGITS = tuple(tuple(d for d in range(1, 10) if m >> (d - 1) & 1) for m in range(512))
_PEERSET = tuple(frozenset(p) for p in PEERS)
_ROW_OF = tuple(i // 9 for i in range(81))
_COL_OF = tuple(i % 9 for i in range(81))
_BOX_OF = tuple(3 * (i // 27) + (i % 9) // 3 for i in range(81))
_UNIT_ORDER_SINGLES = tuple(range(18, 27)) + tuple(range(18))  # boxes first: easiest to see


def _mask(digits: Iterable[int]) -> int:
    m = 0
    for d in digits:
        m |= _BIT[d]
    return m


# -- Candidates ---------------------------------------------------------------
class Candidates(Mapping):
    """The pencil marks of a position: ``(row, col) -> frozenset`` of digits.

    Immutable.  All 81 cells are keys; a filled cell maps to an empty set.
    ``as_dict()`` gives plain data ``{(r, c): (d, ...)}`` for blank cells only;
    ``masks`` gives the 81 9-bit masks used inside the engine.
    """

    __slots__ = ("_masks",)

    def __init__(self, masks: Iterable[int]):
        t = tuple(int(m) & ALL for m in masks)
        if len(t) != 81:
            raise ValueError(f"candidates cover 81 cells, got {len(t)}")
        self._masks = t

    @classmethod
    def from_dict(cls, data: Mapping) -> "Candidates":
        """From ``{(r, c): digits}``; cells left out have no candidates."""
        masks = [0] * 81
        for (r, c), ds in data.items():
            masks[index(r, c)] = _mask(ds)
        return cls(masks)

    @property
    def masks(self) -> tuple[int, ...]:
        return self._masks

    def __getitem__(self, cell: Sequence[int]) -> frozenset:
        r, c = cell
        if not (0 <= r < 9 and 0 <= c < 9):
            raise KeyError(cell)
        return frozenset(_DIGITS[self._masks[9 * r + c]])

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return (cell_of(i) for i in range(81))

    def __len__(self) -> int:
        return 81

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Candidates):
            return self._masks == other._masks
        return Mapping.__eq__(self, other)

    def __hash__(self) -> int:
        return hash(self._masks)

    def __repr__(self) -> str:
        return f"Candidates({self.as_dict()!r})"

    def as_dict(self) -> dict[tuple[int, int], tuple[int, ...]]:
        """``{(r, c): (digits...)}`` for every cell that still has candidates."""
        return {cell_of(i): _DIGITS[m] for i, m in enumerate(self._masks) if m}

    def count(self) -> int:
        """How many candidates are left in all cells together."""
        return sum(_POP[m] for m in self._masks)

    def without(self, eliminations: Iterable) -> "Candidates":
        """A copy with each ``((r, c), d)`` of ``eliminations`` removed."""
        masks = list(self._masks)
        for (r, c), d in eliminations:
            masks[9 * r + c] &= ~_BIT[d]
        return Candidates(masks)

    def with_placement(self, cell: Sequence[int], digit: int) -> "Candidates":
        """A copy after ``digit`` went into ``cell``: the cell and its peers lose it."""
        i = index(*cell)
        masks = list(self._masks)
        masks[i] = 0
        b = ~_BIT[digit]
        for p in PEERS[i]:
            masks[p] &= b
        return Candidates(masks)


def _basic_masks(cells: Sequence[int]) -> list[int]:
    masks = [0] * 81
    for i in range(81):
        if not cells[i]:
            used = 0
            for p in PEERS[i]:
                used |= _BIT[cells[p]]
            masks[i] = ALL & ~used
    return masks


def candidates(g: Grid) -> Candidates:
    """The basic candidates of ``g``: for each blank cell the digits no peer holds."""
    return Candidates(_basic_masks(g.cells))


def _effective_masks(g: Grid, cands: Optional[Mapping]) -> list[int]:
    """Basic candidates, narrowed by a given candidate state (eliminations persist)."""
    basic = _basic_masks(g.cells)
    if cands is None:
        return basic
    if isinstance(cands, Candidates):
        given = cands.masks
    else:
        given = Candidates.from_dict(cands).masks
    return [b & m for b, m in zip(basic, given)]


# -- Techniques and Steps ----------------------------------------------------
@dataclass(frozen=True)
class Technique:
    """A named technique: its ``level`` (see rating), score ``weight`` per use, and a short lesson."""

    name: str
    level: str
    weight: int
    summary: str


@dataclass(frozen=True)
class Step:
    """One logical step: what was seen and what follows from it (plain data).

    ``technique`` is a :class:`Technique` name; ``units`` the units to look at;
    ``cells`` the cells that make the pattern; ``digits`` the digits involved;
    ``placements`` and ``eliminations`` are tuples of ``((r, c), digit)``;
    ``message`` is one plain-English sentence (1-based ``r3c7`` names);
    ``unit_hint`` a short pointer such as "Look at box 5."; ``highlight`` the
    cells to highlight in the hint ladder: where to look (the pattern; for a
    Hidden Single the whole unit), then the cells the conclusion changes
    (``targets``).  ``conclusion`` is the conclusion alone ("Place 7 in
    r4c5."), ``apply`` gives the position after the step.
    """

    technique: str
    units: tuple[Unit, ...]
    cells: tuple[tuple[int, int], ...]
    digits: tuple[int, ...]
    placements: tuple[tuple[tuple[int, int], int], ...]
    eliminations: tuple[tuple[tuple[int, int], int], ...]
    message: str
    unit_hint: str
    highlight: tuple[tuple[int, int], ...] = ()

    @property
    def targets(self) -> tuple[tuple[int, int], ...]:
        """The cells whose content the conclusion changes, in reading order."""
        return tuple(sorted({c for c, _ in self.placements} | {c for c, _ in self.eliminations}))

    @property
    def conclusion(self) -> str:
        """The conclusion alone, e.g. "Place 7 in r4c5." or "Remove 3 from r2c5 and r2c7."."""
        return _conclusion_text(self.placements, self.eliminations)

    @property
    def level(self) -> str:
        """The level of the technique ("easy" ... "expert")."""
        return technique(self.technique).level

    @property
    def lesson(self) -> str:
        """The technique's short explanation (for the hint ladder's "what is this?" link)."""
        return technique(self.technique).summary

    def apply(self, g: Grid, cands: Optional[Mapping] = None) -> tuple[Grid, Candidates]:
        """The position after this step: ``(grid, candidates)``; ``cands`` defaults to the basic ones."""
        masks = _effective_masks(g, cands)
        cells = list(g.cells)
        _apply_masks(cells, masks, self)
        return Grid(cells), Candidates(masks)


def _apply_masks(cells: list[int], masks: list[int], step: Step) -> None:
    for (r, c), d in step.eliminations:
        masks[9 * r + c] &= ~_BIT[d]
    for (r, c), d in step.placements:
        i = 9 * r + c
        cells[i] = d
        masks[i] = 0
        b = ~_BIT[d]
        for p in PEERS[i]:
            masks[p] &= b


# -- sentence helpers ---------------------------------------------------------
def _join(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _names(idx: Iterable[int]) -> str:
    return _join([cell_name(cell_of(i)) for i in sorted(idx)])


def _digits_text(ds: Iterable[int]) -> str:
    return _join([str(d) for d in sorted(ds)])


def _group_elims(pairs) -> str:
    """'3, 5 and 9 from r3c8 and r3c9; 6 from r3c9' for ``(i, d)`` pairs (flat indices)."""
    by_digit: dict[int, list[int]] = {}
    for i, d in pairs:
        by_digit.setdefault(d, []).append(i)
    by_cells: dict[tuple, list[int]] = {}
    for d, cs in sorted(by_digit.items()):
        by_cells.setdefault(tuple(sorted(cs)), []).append(d)
    return "; ".join(f"{_digits_text(ds)} from {_names(cs)}" for cs, ds in by_cells.items())


def _conclusion_text(placements, eliminations) -> str:
    parts = [f"Place {d} in {cell_name(cell)}." for cell, d in placements]
    if eliminations:
        parts.append("Remove " + _group_elims((index(*cell), d) for cell, d in eliminations) + ".")
    return " ".join(parts)


def _elims_text(elims: Sequence[tuple[int, int]]) -> str:
    """'3 from r1c2 and r1c5' style text for flat (i, d) eliminations."""
    return _group_elims(elims)


def _unit(u: int) -> Unit:
    return Unit.from_number(u)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _make(name, units, cells, digits, placements=(), elims=(), message="", unit_hint=None,
          highlight=None) -> Step:
    """Build a Step from flat indices (``elims`` as ``(i, d)`` pairs)."""
    units = tuple(_unit(u) if isinstance(u, int) else u for u in units)
    cell_t = tuple(cell_of(i) for i in cells)
    pl = tuple((cell_of(i), d) for i, d in placements)
    el = tuple(sorted((cell_of(i), d) for i, d in elims))
    if unit_hint is None:
        unit_hint = "Look at " + _join([u.name for u in units]) + "."
    if highlight is None:
        seen = list(cell_t)
        for c in sorted({c for c, _ in pl} | {c for c, _ in el}):
            if c not in seen:
                seen.append(c)
        highlight = tuple(seen)
    return Step(name, units, cell_t, tuple(sorted(digits)), pl, el, message, unit_hint,
                tuple(highlight))


# -- the finders: each returns the first Step of its kind, or None -------------
def _full_house(cells, masks):
    for u in _UNIT_ORDER_SINGLES:
        blank = [i for i in UNITS[u] if not cells[i]]
        if len(blank) == 1:
            i = blank[0]
            present = 0
            for j in UNITS[u]:
                present |= _BIT[cells[j]]
            missing = ALL & ~present
            if _POP[missing] == 1 and masks[i] & missing:
                d = _DIGITS[missing][0]
                un = _unit(u)
                return _make("Full House", [u], [i], [d], placements=[(i, d)],
                             message=f"Full House: {cell_label(cell_of(i))} is the last blank "
                                     f"cell in {un.name}, so it takes the missing digit {d}.")
    return None


def _naked_single(cells, masks):
    for i in range(81):
        m = masks[i]
        if not cells[i] and _POP[m] == 1:
            d = _DIGITS[m][0]
            r, c, b = _ROW_OF[i], _COL_OF[i], _BOX_OF[i]
            used = 0
            for p in PEERS[i]:
                used |= _BIT[cells[p]]
            why = ("its row, column and box already hold every other digit"
                   if _POP[ALL & ~used] == 1 else
                   "its row, column and box and the earlier eliminations rule out every other digit")
            return _make("Naked Single", [r, 9 + c, 18 + b], [i], [d], placements=[(i, d)],
                         message=f"Naked Single: {d} is the only candidate left for "
                                 f"{cell_label(cell_of(i))}; {why}.",
                         unit_hint=f"Look at the cell {cell_name(cell_of(i))}: which digits can it still hold?")
    return None


def _hidden_single(cells, masks):
    for u in _UNIT_ORDER_SINGLES:
        once = twice = 0
        for i in UNITS[u]:
            m = masks[i]
            twice |= once & m
            once |= m
        once &= ~twice
        if once:
            for d in _DIGITS[once]:
                b = _BIT[d]
                i = next(j for j in UNITS[u] if masks[j] & b)
                un = _unit(u)
                return _make("Hidden Single", [u], [i], [d], placements=[(i, d)],
                             message=f"Hidden Single: in {un.name}, {d} fits only at "
                                     f"{cell_label(cell_of(i))}.",
                             highlight=[cell_of(j) for j in UNITS[u]])
    return None


def _pointing(cells, masks):
    for b in range(9):
        box = BOXES[b]
        for kind in ("row", "col"):
            lines: dict[int, list[int]] = {}
            for i in box:
                key = _ROW_OF[i] if kind == "row" else _COL_OF[i]
                lines.setdefault(key, []).append(i)
            segs = {k: 0 for k in lines}
            for k, cs in lines.items():
                for i in cs:
                    segs[k] |= masks[i]
            for k, m in segs.items():
                others = 0
                for k2, m2 in segs.items():
                    if k2 != k:
                        others |= m2
                only = m & ~others
                for d in _DIGITS[only]:
                    bit = _BIT[d]
                    line = ROWS[k] if kind == "row" else COLS[k]
                    elims = [(j, d) for j in line if _BOX_OF[j] != b and masks[j] & bit]
                    if elims:
                        pat = [i for i in lines[k] if masks[i] & bit]
                        lu = k if kind == "row" else 9 + k
                        ln, bn = _unit(lu).name, _unit(18 + b).name
                        return _make(
                            "Pointing", [18 + b, lu], pat, [d], elims=elims,
                            message=f"Pointing: in {bn}, every place for {d} lies in {ln} "
                                    f"({_names(pat)}), so {d} can be removed from the rest of "
                                    f"{ln}: {_names([j for j, _ in elims])}.",
                            unit_hint=f"Look at {bn} and where {d} can go in it.")
    return None


def _claiming(cells, masks):
    for u in range(18):
        line = UNITS[u]
        segs: dict[int, int] = {}
        for i in line:
            segs[_BOX_OF[i]] = segs.get(_BOX_OF[i], 0) | masks[i]
        for b, m in segs.items():
            others = 0
            for b2, m2 in segs.items():
                if b2 != b:
                    others |= m2
            only = m & ~others
            for d in _DIGITS[only]:
                bit = _BIT[d]
                elims = [(j, d) for j in BOXES[b] if j not in line and masks[j] & bit]
                if elims:
                    pat = [i for i in line if masks[i] & bit]
                    ln, bn = _unit(u).name, _unit(18 + b).name
                    return _make(
                        "Claiming", [u, 18 + b], pat, [d], elims=elims,
                        message=f"Claiming: in {ln}, every place for {d} lies in {bn} "
                                f"({_names(pat)}), so {d} can be removed from the rest of "
                                f"{bn}: {_names([j for j, _ in elims])}.",
                        unit_hint=f"Look at {ln} and where {d} can go in it.")
    return None


def _common_units(idx: Sequence[int]) -> list[int]:
    out = []
    for u, unit in enumerate(UNITS):
        if all(i in unit for i in idx):
            out.append(u)
    return out


_SIZE_WORD = {2: "Pair", 3: "Triple", 4: "Quad"}


def _naked_subset(n):
    word = _SIZE_WORD[n]

    def find(cells, masks):
        for u in _UNIT_ORDER_SINGLES:
            pool = [i for i in UNITS[u] if 2 <= _POP[masks[i]] <= n]
            if len(pool) < n:
                continue
            for combo in combinations(pool, n):
                m = 0
                for i in combo:
                    m |= masks[i]
                if _POP[m] != n:
                    continue
                units = _common_units(combo)  # the unit itself, plus row/col+box if shared
                units.sort(key=lambda x: (x != u, x))
                elims = []
                for uu in units:
                    for j in UNITS[uu]:
                        if j not in combo and masks[j] & m:
                            for d in _DIGITS[masks[j] & m]:
                                if (j, d) not in elims:
                                    elims.append((j, d))
                if elims:
                    ds = _DIGITS[m]
                    where = _join([_unit(x).name for x in units])
                    return _make(
                        f"Naked {word}", units, combo, ds, elims=elims,
                        message=f"Naked {word}: in {where}, {_names(combo)} can hold only "
                                f"{_digits_text(ds)}, so these digits can be removed from the "
                                f"other cells there: {_elims_text(elims)}.")
        return None

    find.__name__ = f"_naked_{word.lower()}"
    return find


def _hidden_subset(n):
    word = _SIZE_WORD[n]

    def find(cells, masks):
        for u in _UNIT_ORDER_SINGLES:
            unit = UNITS[u]
            placed = 0
            for i in unit:
                placed |= _BIT[cells[i]]
            where: dict[int, int] = {}  # digit -> bitmask of positions 0..8 in the unit
            for d in range(1, 10):
                if placed & _BIT[d]:
                    continue
                pm = 0
                for k, i in enumerate(unit):
                    if masks[i] & _BIT[d]:
                        pm |= 1 << k
                if 1 <= _POP[pm] <= n:
                    where[d] = pm
            if len(where) < n:
                continue
            for ds in combinations(sorted(where), n):
                pm = 0
                for d in ds:
                    pm |= where[d]
                if _POP[pm] != n:
                    continue
                combo = [unit[k] for k in range(9) if pm >> k & 1]
                keep = _mask(ds)
                elims = [(i, d) for i in combo for d in _DIGITS[masks[i] & ~keep]]
                if elims:
                    un = _unit(u).name
                    return _make(
                        f"Hidden {word}", [u], combo, ds, elims=elims,
                        message=f"Hidden {word}: in {un}, {_digits_text(ds)} fit only at "
                                f"{_names(combo)}, so those cells can hold nothing else: "
                                f"remove {_elims_text(elims)}.",
                        unit_hint=f"Look at {un} and where {_digits_text(ds)} can go.")
        return None

    find.__name__ = f"_hidden_{word.lower()}"
    return find


_FISH_NAME = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _fish(n):
    name = _FISH_NAME[n]

    def find(cells, masks):
        for d in range(1, 10):
            bit = _BIT[d]
            for by_rows in (True, False):
                base_units = ROWS if by_rows else COLS
                cover_units = COLS if by_rows else ROWS
                lines: dict[int, int] = {}
                for k, unit in enumerate(base_units):
                    pm = 0
                    for j, i in enumerate(unit):
                        if masks[i] & bit:
                            pm |= 1 << j
                    if 2 <= _POP[pm] <= n:
                        lines[k] = pm
                if len(lines) < n:
                    continue
                for base in combinations(sorted(lines), n):
                    pm = 0
                    for k in base:
                        pm |= lines[k]
                    if _POP[pm] != n:
                        continue
                    cover = [j for j in range(9) if pm >> j & 1]
                    elims = [(i, d) for j in cover for i in cover_units[j]
                             if masks[i] & bit and
                             (_ROW_OF[i] if by_rows else _COL_OF[i]) not in base]
                    if elims:
                        pat = [i for k in base for i in base_units[k] if masks[i] & bit]
                        bw, cw = ("rows", "columns") if by_rows else ("columns", "rows")
                        bnums = _join([str(k + 1) for k in base])
                        cnums = _join([str(j + 1) for j in cover])
                        units = [(k if by_rows else 9 + k) for k in base] + \
                                [(9 + j if by_rows else j) for j in cover]
                        return _make(
                            name, units, sorted(pat), [d], elims=elims,
                            message=f"{name}: in {bw} {bnums}, {d} fits only in {cw} "
                                    f"{cnums}, so {d} must be in those {cw} within {bw} "
                                    f"{bnums} and can be removed from the rest of {cw} {cnums}: "
                                    f"{_names([i for i, _ in elims])}.",
                            unit_hint=f"Look at where {d} can go in {bw} {bnums}.")
        return None

    find.__name__ = "_" + name.lower().replace("-", "_")
    return find


def _sees_all(i: int, group: Sequence[int]) -> bool:
    return all(i in _PEERSET[g] for g in group)


def _xy_wing(cells, masks):
    bival = [i for i in range(81) if _POP[masks[i]] == 2]
    for p in bival:
        pm = masks[p]
        wings = [a for a in bival if a in _PEERSET[p] and _POP[masks[a] & pm] == 1]
        for a, b in combinations(wings, 2):
            ma, mb = masks[a], masks[b]
            z = ma & ~pm
            if z != mb & ~pm or (ma & pm) == (mb & pm):
                continue
            zd = _DIGITS[z][0]
            elims = [(j, zd) for j in _PEERSET[a] & _PEERSET[b] if j != p and masks[j] & z]
            if elims:
                x, y = _DIGITS[pm]
                return _make(
                    "XY-Wing", [], [p, a, b], [x, y, zd], elims=elims,
                    message=f"XY-Wing: the pivot {cell_name(cell_of(p))} holds {x} or {y}, "
                            f"and its wings {cell_name(cell_of(a))} ({_digits_text(_DIGITS[ma])}) and "
                            f"{cell_name(cell_of(b))} ({_digits_text(_DIGITS[mb])}) see it, so "
                            f"whichever digit the pivot takes one wing is {zd}: {zd} can be "
                            f"removed from every cell that sees both wings: "
                            f"{_names([j for j, _ in elims])}.",
                    unit_hint=f"Look at the two-candidate cell {cell_name(cell_of(p))} and "
                              f"the two-candidate cells it sees.")
    return None


def _xyz_wing(cells, masks):
    bival = [i for i in range(81) if _POP[masks[i]] == 2]
    for p in range(81):
        pm = masks[p]
        if _POP[pm] != 3:
            continue
        wings = [a for a in bival if a in _PEERSET[p] and masks[a] & ~pm == 0]
        for a, b in combinations(wings, 2):
            ma, mb = masks[a], masks[b]
            if ma == mb or (ma | mb) != pm:
                continue
            z = ma & mb
            zd = _DIGITS[z][0]
            elims = [(j, zd) for j in _PEERSET[p] & _PEERSET[a] & _PEERSET[b] if masks[j] & z]
            if elims:
                return _make(
                    "XYZ-Wing", [], [p, a, b], _DIGITS[pm], elims=elims,
                    message=f"XYZ-Wing: the pivot {cell_name(cell_of(p))} holds "
                            f"{_digits_text(_DIGITS[pm])}, and its wings "
                            f"{cell_name(cell_of(a))} ({_digits_text(_DIGITS[ma])}) and "
                            f"{cell_name(cell_of(b))} ({_digits_text(_DIGITS[mb])}) see it, so one "
                            f"of the three cells is {zd}: {zd} can be removed from every cell "
                            f"that sees all three: {_names([j for j, _ in elims])}.",
                    unit_hint=f"Look at the three-candidate cell {cell_name(cell_of(p))} and "
                              f"the two-candidate cells it sees.")
    return None


def _conjugate_pairs(masks, bit, units: Iterable[int]):
    """(unit, i, j) for every unit where the digit has exactly two places."""
    out = []
    for u in units:
        pl = [i for i in UNITS[u] if masks[i] & bit]
        if len(pl) == 2:
            out.append((u, pl[0], pl[1]))
    return out


def _skyscraper(cells, masks):
    for d in range(1, 10):
        bit = _BIT[d]
        for by_rows in (True, False):
            pairs = _conjugate_pairs(masks, bit, range(9) if by_rows else range(9, 18))
            pos = _COL_OF if by_rows else _ROW_OF
            for (u1, a1, a2), (u2, b1, b2) in combinations(pairs, 2):
                for base1, end1 in ((a1, a2), (a2, a1)):
                    for base2, end2 in ((b1, b2), (b2, b1)):
                        if pos[base1] != pos[base2] or pos[end1] == pos[end2]:
                            continue
                        elims = [(j, d) for j in _PEERSET[end1] & _PEERSET[end2]
                                 if masks[j] & bit]
                        if elims:
                            lw = "rows" if by_rows else "columns"
                            shared = _unit((9 + pos[base1]) if by_rows else pos[base1]).name
                            return _make(
                                "Skyscraper", [u1, u2], [base1, end1, base2, end2], [d],
                                elims=elims,
                                message=f"Skyscraper: in {lw} {u1 % 9 + 1} and {u2 % 9 + 1}, "
                                        f"{d} has only two places each, and one place of each "
                                        f"is in {shared}; at most one of those can be {d}, so "
                                        f"{cell_name(cell_of(end1))} or {cell_name(cell_of(end2))} "
                                        f"is {d}, and {d} can be removed from every cell that "
                                        f"sees both: {_names([j for j, _ in elims])}.",
                                unit_hint=f"Look at where {d} can go in {lw} {u1 % 9 + 1} "
                                          f"and {u2 % 9 + 1}.")
    return None


def _two_string_kite(cells, masks):
    for d in range(1, 10):
        bit = _BIT[d]
        rows = _conjugate_pairs(masks, bit, range(9))
        cols = _conjugate_pairs(masks, bit, range(9, 18))
        for ur, r1, r2 in rows:
            for uc, c1, c2 in cols:
                if len({r1, r2, c1, c2}) < 4:
                    continue
                for rb, re in ((r1, r2), (r2, r1)):
                    for cb, ce in ((c1, c2), (c2, c1)):
                        if _BOX_OF[rb] != _BOX_OF[cb]:
                            continue
                        elims = [(j, d) for j in _PEERSET[re] & _PEERSET[ce] if masks[j] & bit]
                        if elims:
                            rn, cn, bn = _unit(ur).name, _unit(uc).name, _unit(18 + _BOX_OF[rb]).name
                            return _make(
                                "Two-String Kite", [ur, uc, 18 + _BOX_OF[rb]], [rb, re, cb, ce],
                                [d], elims=elims,
                                message=f"Two-String Kite: {d} has only two places in {rn} and "
                                        f"only two in {cn}; one place of each lies in {bn}, "
                                        f"where at most one can be {d}, so "
                                        f"{cell_name(cell_of(re))} or {cell_name(cell_of(ce))} is "
                                        f"{d}, and {d} can be removed from every cell that sees "
                                        f"both: {_names([j for j, _ in elims])}.",
                                unit_hint=f"Look at where {d} can go in {rn} and {cn}.")
    return None


def _w_wing(cells, masks):
    bival = [i for i in range(81) if _POP[masks[i]] == 2]
    for p, q in combinations(bival, 2):
        m = masks[p]
        if masks[q] != m or q in _PEERSET[p]:
            continue
        common = _PEERSET[p] & _PEERSET[q]
        for x in _DIGITS[m]:
            y = _DIGITS[m & ~_BIT[x]][0]
            elims = [(j, y) for j in common if masks[j] & _BIT[y]]
            if not elims:
                continue
            for u, s, t in _conjugate_pairs(masks, _BIT[x], range(27)):
                if {s, t} & {p, q}:
                    continue
                if (s in _PEERSET[p] and t in _PEERSET[q]) or (s in _PEERSET[q] and t in _PEERSET[p]):
                    if s not in _PEERSET[p] or t not in _PEERSET[q]:
                        s, t = t, s
                    un = _unit(u).name
                    return _make(
                        "W-Wing", [u], [p, q, s, t], [x, y], elims=elims,
                        message=f"W-Wing: {cell_name(cell_of(p))} and {cell_name(cell_of(q))} "
                                f"both hold only {_digits_text((x, y))}, and in {un} {x} must go at "
                                f"{cell_name(cell_of(s))} (seen by {cell_name(cell_of(p))}) or "
                                f"{cell_name(cell_of(t))} (seen by {cell_name(cell_of(q))}), so "
                                f"they cannot both be {x}: one of them is {y}, and {y} can be "
                                f"removed from every cell that sees both: "
                                f"{_names([j for j, _ in elims])}.",
                        unit_hint=f"Look at the two cells holding only {_digits_text((x, y))}, "
                                  f"and at {un}.")
    return None


def _unique_rectangle(cells, masks):
    for r1, r2 in combinations(range(9), 2):
        for c1, c2 in combinations(range(9), 2):
            corners = [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2]
            if len({_BOX_OF[i] for i in corners}) != 2:
                continue
            ms = [masks[i] for i in corners]
            if not all(ms):
                continue
            for k in range(4):
                others = [ms[j] for j in range(4) if j != k]
                m = others[0]
                if _POP[m] != 2 or any(o != m for o in others):
                    continue
                if ms[k] & m != m or ms[k] == m:
                    continue
                t = corners[k]
                elims = [(t, d) for d in _DIGITS[m]]
                three = [corners[j] for j in range(4) if j != k]
                a, b = _DIGITS[m]
                return _make(
                    "Unique Rectangle", [r1, r2, 9 + c1, 9 + c2], corners, [a, b], elims=elims,
                    message=f"Unique Rectangle: {_names(three)} hold only {a} and {b}; if "
                            f"{cell_name(cell_of(t))} were {a} or {b} too, the four corners "
                            f"(two boxes) could swap {a} and {b} and the puzzle would have two "
                            f"solutions, so remove {a} and {b} from {cell_name(cell_of(t))}.",
                    unit_hint=f"Look at rows {r1 + 1} and {r2 + 1} with columns {c1 + 1} and "
                              f"{c2 + 1}.")
    return None


_LESSONS = {
    "Full House": "A row, column or box with one blank cell left: that cell takes the one missing digit.",
    "Naked Single": "A cell whose row, column and box together rule out eight digits: the ninth goes there.",
    "Hidden Single": "Within one row, column or box a digit fits in only one cell: it goes there, even if that cell has other candidates.",
    "Pointing": "Inside a box a digit's places all lie in one row (or column): the digit must be in that line inside the box, so the rest of the line loses it.",
    "Claiming": "Inside a row (or column) a digit's places all lie in one box: the digit must be in that line inside the box, so the rest of the box loses it.",
    "Naked Pair": "Two cells of a unit that can hold only the same two digits: those digits go in those two cells, so the unit's other cells lose them.",
    "Hidden Pair": "Two digits that fit in only the same two cells of a unit: those cells hold these two digits and nothing else.",
    "Naked Triple": "Three cells of a unit whose candidates together are only three digits: the unit's other cells lose those digits.",
    "Hidden Triple": "Three digits that fit in only the same three cells of a unit: those cells lose all other candidates.",
    "X-Wing": "A digit fits in only the same two columns in two rows (or vice versa): it takes two corners of a rectangle, so the rest of those columns lose it.",
    "Swordfish": "An X-Wing with three rows and three columns: the digit's places in three rows lie in just three columns, so the rest of those columns lose it.",
    "XY-Wing": "A two-candidate pivot XY sees two wings XZ and YZ: whatever the pivot is, one wing is Z, so cells seeing both wings lose Z.",
    "Skyscraper": "A digit with two places in each of two rows (or columns), one pair lined up: one of the two loose ends holds it, so cells seeing both ends lose it.",
    "Two-String Kite": "A digit with two places in a row and two in a column, joined inside one box: one of the two far ends holds it, so cells seeing both ends lose it.",
    "XYZ-Wing": "A three-candidate pivot XYZ sees wings XZ and YZ: one of the three cells is Z, so cells seeing all three lose Z.",
    "W-Wing": "Two far-apart cells that both hold only X and Y, linked by a unit where X has just two places next to them: one of the cells is Y, so cells seeing both lose Y.",
    "Unique Rectangle": "Four cells on two rows, two columns and two boxes cannot all hold just the same two digits (they could swap, giving two solutions): the odd corner loses those two digits.",
    "Naked Quad": "Four cells of a unit whose candidates together are only four digits: the unit's other cells lose those digits.",
    "Hidden Quad": "Four digits that fit in only the same four cells of a unit: those cells lose all other candidates.",
    "Jellyfish": "A fish with four rows and four columns: the digit's places in four rows lie in just four columns, so the rest of those columns lose it.",
}

# (name, level, weight per use, finder) in the order they are tried.
_TABLE: tuple[tuple[str, str, int, Callable], ...] = (
    ("Full House", "easy", 1, _full_house),
    ("Naked Single", "easy", 3, _naked_single),
    ("Hidden Single", "easy", 2, _hidden_single),
    ("Pointing", "medium", 8, _pointing),
    ("Claiming", "medium", 9, _claiming),
    ("Naked Pair", "medium", 10, _naked_subset(2)),
    ("Hidden Pair", "medium", 14, _hidden_subset(2)),
    ("Naked Triple", "hard", 18, _naked_subset(3)),
    ("Hidden Triple", "hard", 22, _hidden_subset(3)),
    ("X-Wing", "hard", 24, _fish(2)),
    ("Skyscraper", "hard", 26, _skyscraper),
    ("Two-String Kite", "hard", 26, _two_string_kite),
    ("Swordfish", "expert", 32, _fish(3)),
    ("XY-Wing", "expert", 32, _xy_wing),
    ("XYZ-Wing", "expert", 36, _xyz_wing),
    ("W-Wing", "expert", 38, _w_wing),
    ("Unique Rectangle", "expert", 36, _unique_rectangle),
    ("Naked Quad", "expert", 40, _naked_subset(4)),
    ("Hidden Quad", "expert", 44, _hidden_subset(4)),
    ("Jellyfish", "expert", 44, _fish(4)),
)

#: Every technique, in the order they are tried (simplest first).
TECHNIQUES: tuple[Technique, ...] = tuple(
    Technique(name, level, weight, _LESSONS[name]) for name, level, weight, _ in _TABLE
)
_BY_NAME = {t.name: t for t in TECHNIQUES}
_FINDERS = tuple((name, f) for name, _, _, f in _TABLE)
#: Finders that stay sound when uniqueness is not known (everything but Unique Rectangle).
_SOUND_FINDERS = tuple((n, f) for n, f in _FINDERS if n != "Unique Rectangle")


def technique(name: str) -> Technique:
    """The :class:`Technique` called ``name``; KeyError naming the known ones otherwise."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown technique {name!r}; known: {', '.join(_BY_NAME)}") from None


def _check_grid(g: Grid) -> None:
    for u, unit in enumerate(UNITS):
        seen = 0
        for i in unit:
            b = _BIT[g.cells[i]]
            if seen & b:
                raise ValueError(f"the grid breaks the rules: {_unit(u).name} has two "
                                 f"{g.cells[i]}s; use hint() or diagnose() for details")
            seen |= b


def _find(cells, masks, finders=_FINDERS) -> Optional[Step]:
    for _, f in finders:
        step = f(cells, masks)
        if step is not None:
            return step
    return None


def next_step(g: Grid, candidates: Optional[Mapping] = None) -> Optional[Step]:
    """The simplest Step from this position, or None when no technique applies (or solved).

    ``candidates`` is an optional candidate state (a :class:`Candidates` or a
    ``{(r, c): digits}`` dict); it is narrowed to the basic candidates of ``g``
    first, so digits entered since it was made are respected.  Raises
    ValueError when ``g`` holds the same digit twice in a unit.  It does not
    check that the puzzle has one solution: :func:`hint` does.
    """
    _check_grid(g)
    return _find(list(g.cells), _effective_masks(g, candidates))


def find_step(g: Grid, name: str, candidates: Optional[Mapping] = None) -> Optional[Step]:
    """The first Step of technique ``name`` in this position, or None (KeyError for an unknown name).

    For lessons ("show me an X-Wing here"); the hint order is ignored.
    """
    technique(name)
    _check_grid(g)
    finder = dict(_FINDERS)[name]
    return finder(list(g.cells), _effective_masks(g, candidates))


class LogicalPath(list):
    """The logical solution path: a list of :class:`Step`, plus how it ended.

    ``solved`` is True when the steps fill the grid; otherwise the puzzle
    needs guessing from ``final_grid`` / ``final_candidates`` (``stuck`` is
    True).  ``grid_at(k)`` and ``candidates_at(k)`` give the position *before*
    step ``k`` (``k == len(path)`` gives the final position).
    """

    def __init__(self, start: Grid, steps=(), positions=(), final=None):
        super().__init__(steps)
        self.start = start
        self._positions = list(positions)  # (cells tuple, masks tuple) before each step
        self.final_grid: Grid = final[0] if final else start
        self.final_candidates: Candidates = final[1] if final else candidates(start)

    @property
    def solved(self) -> bool:
        return self.final_grid.is_complete()

    @property
    def stuck(self) -> bool:
        """True when logic ran out before the grid was full: guessing is needed from here."""
        return not self.solved

    @property
    def cells_left(self) -> int:
        """How many cells are still blank at the end of the path."""
        return 81 - self.final_grid.clue_count

    def grid_at(self, k: int) -> Grid:
        """The grid before step ``k`` (0-based); ``k == len(self)`` gives the final grid."""
        if k == len(self):
            return self.final_grid
        return Grid(self._positions[k][0])

    def candidates_at(self, k: int) -> Candidates:
        """The candidates before step ``k``; ``k == len(self)`` gives the final ones."""
        if k == len(self):
            return self.final_candidates
        return Candidates(self._positions[k][1])

    def counts(self) -> dict[str, int]:
        """How many times each technique was used, in technique order."""
        out: dict[str, int] = {}
        for t in TECHNIQUES:
            n = sum(1 for s in self if s.technique == t.name)
            if n:
                out[t.name] = n
        return out


def _run_path(cells: list[int], masks: list[int], finders=_FINDERS, cancel=None,
              record: bool = True, max_steps: int = 2000):
    """Apply steps until none applies; returns (steps, positions). Mutates cells/masks."""
    steps: list[Step] = []
    positions = []
    while len(steps) < max_steps:
        if cancel is not None and cancel.is_set():
            _raise_cancelled()
        if all(cells):
            break
        step = _find(cells, masks, finders)
        if step is None:
            break
        if record:
            positions.append((tuple(cells), tuple(masks)))
        steps.append(step)
        _apply_masks(cells, masks, step)
    return steps, positions


def _raise_cancelled():
    try:
        from .search import Cancelled
    except ImportError:  # pragma: no cover - search.py always ships with the package
        raise RuntimeError("cancelled") from None
    raise Cancelled()


def logical_path(g: Grid, candidates: Optional[Mapping] = None, *, cancel=None) -> LogicalPath:
    """The simplest step each time until solved or stuck, as a :class:`LogicalPath`.

    ValueError when ``g`` breaks the rules; ``cancel`` (``.is_set()``) raises
    ``solver.Cancelled``.  Assumes a puzzle with one solution (see :func:`hint`).
    """
    _check_grid(g)
    cells = list(g.cells)
    masks = _effective_masks(g, candidates)
    steps, positions = _run_path(cells, masks, cancel=cancel)
    return LogicalPath(g, steps, positions, (Grid(cells), Candidates(masks)))


def solve_logically(cells: Sequence[int], finders=_FINDERS) -> tuple[list[Step], list[int]]:
    """Internal helper for rating/generation: (steps, final cells) without recording positions."""
    c = list(cells)
    m = _basic_masks(c)
    steps, _ = _run_path(c, m, finders, record=False)
    return steps, c


# -- checked advice for the GUI ----------------------------------------------
@dataclass(frozen=True)
class Hint:
    """Checked advice for a position.

    ``status`` is one of:

    * ``"step"`` -- ``step`` is the simplest Step (verified against the solution);
    * ``"stuck"`` -- no technique applies: the puzzle needs guessing from here
      (offer the search demo);
    * ``"solved"`` -- the grid is already full and correct;
    * ``"invalid"``, ``"no_solution"``, ``"multiple"`` -- the puzzle itself is
      broken; ``diagnosis`` says why (its ``summary`` is in ``message``);
    * ``"wrong"`` -- some entries differ from the unique solution (``cells``);
    * ``"bad_candidates"`` -- the candidate state removed a digit of the
      solution (``cells``); recompute the candidates.

    ``message`` is one sentence for people; ``cells`` are cells to mark.
    """

    status: str
    message: str
    step: Optional[Step] = None
    diagnosis: object = None
    cells: tuple[tuple[int, int], ...] = ()

    @property
    def ok(self) -> bool:
        return self.status == "step"


def hint(g: Grid, candidates: Optional[Mapping] = None, *, givens: Optional[Grid] = None,
         cancel=None) -> Hint:
    """Checked advice (a :class:`Hint`): the diagnosis first, then the simplest step.

    ``g`` is the current grid (givens plus the student's digits, or the
    student's digits alone: the givens are laid over it); pass the puzzle as
    ``givens`` when you have it so wrong entries are caught (without it ``g``
    itself is treated as the puzzle).  Never returns a step that
    contradicts the unique solution.  Bounded by ``diagnose`` (< 1 s).
    """
    from .diagnose import diagnose

    cur = _overlay(givens, g) if givens is not None else g
    dg = diagnose(givens if givens is not None else g, cancel=cancel)
    if dg.status != "unique":
        return Hint(dg.status, dg.summary, None, dg, tuple(_diag_cells(dg)))
    sol = dg.solution
    wrong = tuple(cell_of(i) for i in range(81) if cur.cells[i] and cur.cells[i] != sol.cells[i])
    if wrong:
        n = len(wrong)
        return Hint("wrong", f"{n} digit{'s' if n != 1 else ''} differ{'s' if n == 1 else ''} "
                             f"from the solution: {_join([cell_name(c) for c in wrong])}.",
                    None, dg, wrong)
    if cur.is_complete():
        return Hint("solved", "The grid is complete and correct.", None, dg)
    masks = _effective_masks(cur, candidates)
    lost = tuple(cell_of(i) for i in range(81)
                 if not cur.cells[i] and not masks[i] & _BIT[sol.cells[i]])
    if lost:
        return Hint("bad_candidates",
                    "The pencil marks rule out the right digit in "
                    f"{_join([cell_name(c) for c in lost])}; recompute the candidates.",
                    None, dg, lost)
    step = _find(list(cur.cells), masks)
    if step is None or not _agrees(step, sol):
        return Hint("stuck", "No technique this app teaches applies here: the puzzle needs "
                             "guessing (trial and error) from this position.", None, dg)
    return Hint("step", step.message, step, dg, step.highlight)


def _agrees(step: Step, sol: Grid) -> bool:
    return (all(sol[c] == d for c, d in step.placements)
            and all(sol[c] != d for c, d in step.eliminations))


def _overlay(givens: Grid, entries: Grid) -> Grid:
    return Grid(gv or e for gv, e in zip(givens.cells, entries.cells))


def _diag_cells(dg) -> list:
    out = []
    for f in getattr(dg, "findings", ()):
        for c in getattr(f, "cells", ()):
            if c not in out:
                out.append(tuple(c))
    return out
