"""What a technique and a step are, and the helpers every family of techniques shares.

A **finder** is a function ``find(cells, masks) -> Step | None``: ``cells``
the 81 digits (0 = blank), ``masks`` the 81 candidate masks (the convention
of ``candidates.py``).  It returns the first :class:`Step` of its kind in the
position, or None, and never changes its arguments.  Inside, cells are flat
indices; :func:`make_step` turns them into the ``(row, col)`` plain data of a
:class:`Step`.  A step's words are a :class:`solver.words.i18n.Msg` (a code from
``solver/messages/`` and plain data), never a built sentence; the pieces every
family shares are made here so they read alike in every language:
:func:`cells_of` (cells for a ``{x:cells}`` field), :func:`elims_msg` (the
"3 and 5 from r3c8; 6 from r3c9" list, for a ``{x:semi}`` field), :func:`conclusion_msg`
("Place 7 in r4c5. Remove 3 from r2c5.") and :func:`look_at` ("Look at box 5.").
:func:`names`, :func:`digits_text`, :func:`elims_text` and :func:`conclusion_text` word
the same pieces as text in the chosen language (for code not yet turned into messages).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Optional, Sequence

from ..candidates import BIT, Candidates, effective_masks
from ..grid import PEERS, UNITS, Grid, Unit, cell_of, index
from ..words.i18n import Msg, cell_text, describe, join, msg, translate

__all__ = [
    "Technique", "Step", "make_step", "apply_in_place", "BOXES_FIRST", "conjugate_pairs",
    "cells_of", "elims_msg", "conclusion_msg", "look_at",
    "names", "digits_text", "elims_text", "conclusion_text",
]

#: Unit numbers with the boxes first (easiest to see), then rows and columns.
BOXES_FIRST = tuple(range(18, 27)) + tuple(range(18))


@dataclass(frozen=True)
class Technique:
    """A named technique: its ``level`` (see rating), score ``weight`` per use, and a short lesson.

    ``se`` is its rating on Sudoku Explainer's scale (the registry sets it, with where each
    value comes from); a step may rate a little higher (chain length, subset size: see
    ``solver.rating.step_se``).

    ``name`` and ``summary`` are English (the catalogue's keys, contexts "technique" and
    "technique summary"); :attr:`title` and :attr:`lesson` word them in the chosen language.
    """

    name: str
    level: str
    weight: int
    summary: str
    se: float = 0.0

    @property
    def title(self) -> str:
        """The name in the chosen language (most fish, wing and chain names stay English)."""
        return translate(self.name, "technique")

    @property
    def lesson(self) -> str:
        """The summary in the chosen language."""
        return translate(self.summary, "technique summary")


@dataclass(frozen=True)
class Step:
    """One logical step: what was seen and what follows from it (plain data).

    ``technique`` is a :class:`Technique` name; ``units`` the units to look at;
    ``cells`` the cells that make the pattern; ``digits`` the digits involved;
    ``placements`` and ``eliminations`` are tuples of ``((r, c), digit)``;
    ``text`` is what was seen and what follows, as a :class:`~solver.words.i18n.Msg`
    (:attr:`message` words it in the chosen language, with its cell names: r3c7, Z3S7 ...);
    ``hint`` a short pointer such as "Look at box 5." (:attr:`unit_hint` in words); ``highlight`` the
    cells to highlight in the hint ladder: where to look (the pattern; for a
    Hidden Single the whole unit), then the cells the conclusion changes
    (``targets``).  ``conclusion`` is the conclusion alone ("Place 7 in
    r4c5."; :attr:`conclusion_msg` as a message), ``apply`` gives the position after the step.
    """

    technique: str
    units: tuple[Unit, ...]
    cells: tuple[tuple[int, int], ...]
    digits: tuple[int, ...]
    placements: tuple[tuple[tuple[int, int], int], ...]
    eliminations: tuple[tuple[tuple[int, int], int], ...]
    text: Msg | str
    hint: Msg | str
    highlight: tuple[tuple[int, int], ...] = ()
    chain: Optional[object] = None  # a links.Chain for chain, colouring and forcing steps

    @property
    def targets(self) -> tuple[tuple[int, int], ...]:
        """The cells whose content the conclusion changes, in reading order."""
        return tuple(sorted({c for c, _ in self.placements} | {c for c, _ in self.eliminations}))

    @property
    def message(self) -> str:
        """What was seen and what follows, in the chosen language."""
        return describe(self.text)

    @property
    def unit_hint(self) -> str:
        """Where to look ("Look at box 5."), in the chosen language."""
        return describe(self.hint)

    @property
    def conclusion_msg(self) -> Msg:
        """The conclusion alone as a message (see :func:`conclusion_msg`)."""
        return conclusion_msg(self.placements, self.eliminations)

    @property
    def conclusion(self) -> str:
        """The conclusion alone, e.g. "Place 7 in r4c5." or "Remove 3 from r2c5 and r2c7."."""
        return describe(self.conclusion_msg)

    def apply(self, g: Grid, cands: Optional[Mapping] = None) -> tuple[Grid, Candidates]:
        """The position after this step: ``(grid, candidates)``; ``cands`` defaults to the basic ones."""
        masks = effective_masks(g, cands)
        cells = list(g.cells)
        apply_in_place(self, cells, masks)
        return Grid(cells), Candidates(masks)


def apply_in_place(step: Step, cells: list[int], masks: list[int]) -> None:
    """Apply ``step`` to the lists ``cells`` and ``masks``: eliminations, then placements."""
    for (r, c), d in step.eliminations:
        masks[9 * r + c] &= ~BIT[d]
    for (r, c), d in step.placements:
        i = 9 * r + c
        cells[i] = d
        masks[i] = 0
        b = ~BIT[d]
        for p in PEERS[i]:
            masks[p] &= b


def make_step(name, units, cells, digits, placements=(), elims=(), message="", unit_hint=None,
              highlight=None, chain=None) -> Step:
    """Build a Step from flat indices: ``units`` as numbers (or Units), ``elims`` as ``(i, d)`` pairs.

    ``message`` and ``unit_hint`` are :class:`~solver.words.i18n.Msg` (a plain str is kept as
    it is, for code not yet turned into messages).  ``unit_hint`` defaults to
    "Look at <the units>." (:func:`look_at`); ``highlight`` to the
    pattern's cells followed by the cells the conclusion changes.
    """
    units = tuple(Unit.from_number(u) if isinstance(u, int) else u for u in units)
    cell_t = tuple(cell_of(i) for i in cells)
    pl = tuple((cell_of(i), d) for i, d in placements)
    el = tuple(sorted((cell_of(i), d) for i, d in elims))
    if unit_hint is None:
        unit_hint = look_at(units)
    if highlight is None:
        seen = list(cell_t)
        for c in sorted({c for c, _ in pl} | {c for c, _ in el}):
            if c not in seen:
                seen.append(c)
        highlight = tuple(seen)
    return Step(name, units, cell_t, tuple(sorted(digits)), pl, el, message, unit_hint,
                tuple(highlight), chain)


# -- patterns several families look for ------------------------------------------
def conjugate_pairs(masks, bit, units: Iterable[int]):
    """(unit, i, j) for every unit where the digit has exactly two places."""
    out = []
    for u in units:
        pl = [i for i in UNITS[u] if masks[i] & bit]
        if len(pl) == 2:
            out.append((u, pl[0], pl[1]))
    return out


# -- wording: message pieces every family shares -----------------------------------
def cells_of(idx: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """Flat indices -> ``(row, col)`` cells in reading order: the data of a ``{x:cells}`` field."""
    return tuple(cell_of(i) for i in sorted(idx))


def _elim_groups(pairs) -> list[tuple[tuple[int, ...], list[int]]]:
    """``(i, d)`` pairs -> [(cells, digits)]: digits removed from the same cells together."""
    by_digit: dict[int, list[int]] = {}
    for i, d in pairs:
        by_digit.setdefault(d, []).append(i)
    by_cells: dict[tuple, list[int]] = {}
    for d, cs in sorted(by_digit.items()):
        by_cells.setdefault(tuple(sorted(cs)), []).append(d)
    return list(by_cells.items())


def elims_msg(pairs) -> tuple[Msg, ...]:
    """``(i, d)`` pairs (flat indices) -> one ``step_elim_part`` message per group of cells.

    For a ``{x:semi}`` field: "3, 5 and 9 from r3c8 and r3c9; 6 from r3c9".
    """
    return tuple(msg("step_elim_part", ds=tuple(ds), cs=cells_of(cs)) for cs, ds in _elim_groups(pairs))


def conclusion_msg(placements, eliminations) -> Msg:
    """"Place 7 in r4c5." / "Remove 3 from r2c5 and r2c7." for a Step's ``((r, c), d)`` data."""
    parts = [msg("step_place", d=d, c=tuple(cell)) for cell, d in placements]
    if eliminations:
        parts.append(msg("step_remove", elims=elims_msg((index(*cell), d) for cell, d in eliminations)))
    return parts[0] if len(parts) == 1 else msg("step_sentences", parts=tuple(parts))  # 0 parts: ""


def look_at(units) -> Msg:
    """"Look at box 5." / "Look at row 3 and box 1." for units (numbers or Units)."""
    units = tuple(Unit.from_number(u) if isinstance(u, int) else u for u in units)
    return msg("step_look_at", units=units)


def names(idx: Iterable[int]) -> str:
    """'r1c2, r1c5 and r3c1' for flat indices, in reading order (the chosen language)."""
    return join([cell_text(c) for c in cells_of(idx)])


def digits_text(ds: Iterable[int]) -> str:
    """'1, 3 and 7', ascending (the chosen language)."""
    return join([str(d) for d in sorted(ds)])


def elims_text(pairs) -> str:
    """'3, 5 and 9 from r3c8 and r3c9; 6 from r3c9' for ``(i, d)`` pairs (flat indices)."""
    return "; ".join(describe(m) for m in elims_msg(pairs))


def conclusion_text(placements, eliminations) -> str:
    """"Place 7 in r4c5." / "Remove 3 from r2c5 and r2c7." for a Step's (row, col) data."""
    return describe(conclusion_msg(placements, eliminations))
