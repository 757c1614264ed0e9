"""Candidates as bitmasks: the one bit convention, its tables, and :class:`Candidates`.

**The convention** (every module of the engine uses it): a candidate mask is a
9-bit int, bit ``d - 1`` set means digit ``d`` is possible (``BIT[d]``), so
``ALL == 0x1FF`` is "any digit" and 0 is "none" (a filled cell in
:func:`basic_masks`, a dead cell in a search).  The same masks also record
which digits a row, column or box already holds (:func:`unit_masks`).

The tables are built once at import and are plain module-level tuples and
lists: hot loops bind them as local names or default arguments (see
``search.py``), so sharing them costs nothing per lookup.

At the public boundary candidates are a :class:`Candidates` mapping
``(row, col) -> frozenset`` of digits (:func:`candidates` gives the basic ones).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Iterable, Iterator, Optional, Sequence

from .grid import BOX_OF, COL_OF, PEERS, ROW_OF, Grid, cell_of, index

__all__ = [
    "ALL", "BIT", "POP", "DIGITS_IN", "DIGIT_OF",
    "mask", "mask_digits", "basic_masks", "candidate_masks", "effective_masks", "unit_masks",
    "Candidates", "candidates",
]

# -- the tables ---------------------------------------------------------------
ALL = 0x1FF  # all nine digits possible
#: digit -> its bit (``BIT[0] == 0``: a blank adds nothing to a mask)
BIT = (0,) + tuple(1 << (d - 1) for d in range(1, 10))
#: mask -> how many digits it holds
POP = tuple(bin(m).count("1") for m in range(512))
#: mask -> its digits, ascending
DIGITS_IN = tuple(tuple(d for d in range(1, 10) if m >> (d - 1) & 1) for m in range(512))
#: single-bit mask -> its digit; 0 for any other mask
DIGIT_OF = tuple(DIGITS_IN[m][0] if POP[m] == 1 else 0 for m in range(512))


def mask(digits: Iterable[int]) -> int:
    """The mask of some digits: ``(1, 3)`` -> ``0b101``."""
    m = 0
    for d in digits:
        m |= BIT[d]
    return m


def mask_digits(mask: int) -> tuple[int, ...]:
    """The digits of a candidate mask, ascending: ``0b101`` -> ``(1, 3)``."""
    return DIGITS_IN[mask & ALL]


# -- masks of a grid --------------------------------------------------------------
def basic_masks(cells: Sequence[int]) -> list[int]:
    """Per cell: for a blank the digits no peer holds, for a filled cell 0."""
    masks = [0] * 81
    bit = BIT
    for i in range(81):
        if not cells[i]:
            used = 0
            for p in PEERS[i]:
                used |= bit[cells[p]]
            masks[i] = ALL & ~used
    return masks


def candidate_masks(cells: Sequence[int]) -> list[int]:
    """Like :func:`basic_masks`, but a filled cell keeps the bit of its own digit (no propagation).

    This is the starting state of singles propagation (``search.find_contradiction``).
    """
    masks = basic_masks(cells)
    for i, d in enumerate(cells):
        if d:
            masks[i] = BIT[d]
    return masks


def effective_masks(g: Grid, cands: Optional[Mapping]) -> list[int]:
    """Basic candidates of ``g``, narrowed by a given candidate state (eliminations persist).

    ``cands`` is a :class:`Candidates`, a ``{(r, c): digits}`` dict, or None
    (then the basic candidates).  Narrowing to the basic candidates respects
    digits entered since the state was made.
    """
    basic = basic_masks(g.cells)
    if cands is None:
        return basic
    if isinstance(cands, Candidates):
        given = cands.masks
    else:
        given = Candidates.from_dict(cands).masks
    return [b & m for b, m in zip(basic, given)]


def unit_masks(cells: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """The digits already present in each of the 9 rows, 9 columns and 9 boxes, as masks."""
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for i, d in enumerate(cells):
        if d:
            bit = BIT[d]
            rows[ROW_OF[i]] |= bit
            cols[COL_OF[i]] |= bit
            boxes[BOX_OF[i]] |= bit
    return rows, cols, boxes


# -- the public view ---------------------------------------------------------------
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
            masks[index(r, c)] = mask(ds)
        return cls(masks)

    @property
    def masks(self) -> tuple[int, ...]:
        return self._masks

    def __getitem__(self, cell: Sequence[int]) -> frozenset:
        r, c = cell
        if not (0 <= r < 9 and 0 <= c < 9):
            raise KeyError(cell)
        return frozenset(DIGITS_IN[self._masks[9 * r + c]])

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
        return {cell_of(i): DIGITS_IN[m] for i, m in enumerate(self._masks) if m}

    def count(self) -> int:
        """How many candidates are left in all cells together."""
        return sum(POP[m] for m in self._masks)

    def without(self, eliminations: Iterable) -> "Candidates":
        """A copy with each ``((r, c), d)`` of ``eliminations`` removed."""
        masks = list(self._masks)
        for (r, c), d in eliminations:
            masks[9 * r + c] &= ~BIT[d]
        return Candidates(masks)

    def with_placement(self, cell: Sequence[int], digit: int) -> "Candidates":
        """A copy after ``digit`` went into ``cell``: the cell and its peers lose it."""
        i = index(*cell)
        masks = list(self._masks)
        masks[i] = 0
        b = ~BIT[digit]
        for p in PEERS[i]:
            masks[p] &= b
        return Candidates(masks)


def candidates(g: Grid) -> Candidates:
    """The basic candidates of ``g``: for each blank cell the digits no peer holds."""
    return Candidates(basic_masks(g.cells))
