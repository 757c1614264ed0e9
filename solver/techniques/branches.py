"""The branch engine of forcing chains: assume facts, follow singles, meet a contradiction.

A branch runs on plain lists (cells, candidate bit masks), with fact keys
``9 * i + d - 1`` for "cell i holds d" and ``729 +`` that for "cell i is not d".
:func:`propagate` records each fact's reason in a :class:`Record` when asked (for
the readable tree of ``forcing.py``), and with ``depth > 0`` removes candidates
whose own shallower chain ends in a contradiction (nested chains);
:func:`_bare` is the same singles engine without records, for the many chains
whose only question is "contradiction or not".
"""
from __future__ import annotations

from typing import Optional

from ..cancel import check
from ..candidates import ALL, BIT, DIGIT_OF, DIGITS_IN, POP
from ..grid import PEERS, UNITS, UNITS_OF, cell_of
from ..words.i18n import Msg

__all__ = ["propagate", "PLACE", "ELIM", "Record", "open_pairs", "needed_facts"]

PLACE, ELIM = 0, 729
#: cell -> the bits of its three units (row u, column 9 + c, box 18 + b)
_UNIT_BITS = tuple(sum(1 << u for u in UNITS_OF[i]) for i in range(81))


# -- the branch engine --------------------------------------------------------------
class Record:
    """The facts of a branch: ``key -> (seq, kind, parents, extra)``, over the outer branch's."""

    __slots__ = ("facts", "outer", "base")

    def __init__(self, outer: Optional["Record"] = None):
        self.facts: dict = {}
        self.outer = outer
        self.base = len(outer) if outer is not None else 0

    def __len__(self) -> int:
        return self.base + len(self.facts)

    def __contains__(self, k) -> bool:
        return k in self.facts or (self.outer is not None and k in self.outer)

    def __getitem__(self, k):
        got = self.facts.get(k)
        if got is None:
            if self.outer is None:
                raise KeyError(k)
            return self.outer[k]
        return got

    def __setitem__(self, k, v) -> None:
        self.facts[k] = v


def propagate(cells: list, masks: list, places=(), offs=(), rec: Optional[Record] = None,
              depth: int = 0, cancel=None, order=None, trace: Optional[list] = None):
    """Place ``places`` and remove ``offs`` (``(i, d)`` pairs), then follow singles to the end.

    Mutates ``cells`` and ``masks``.  With ``depth > 0`` a candidate whose own
    chain (one level less deep) ends in a contradiction is removed too (tried in
    ``order``, default :func:`open_pairs`).  Returns None when no
    contradiction shows, else ``(contradiction, parents)``: the contradiction
    is a :class:`~solver.words.i18n.Msg` ("r1c2 would have no candidate left").  ``rec``, when given,
    records each fact (a :class:`Record`).  The position is taken to have no
    single left: hidden singles are looked for in the units that change.

    ``trace`` (with ``depth > 0``): without ``rec``, the candidates removed by nested
    chains at this level are appended to it, in order; with ``rec``, it is such a list
    from an earlier run of the same branch, and those candidates are removed (with
    their recorded proofs) without searching again: the explanation of a branch
    found by a search costs one run instead of two.
    """
    if rec is None and depth <= 0:
        return _bare(cells, masks, places, offs)
    queue: list = [(i, d, "assume", (), None) for i, d in places]
    dirty = 0  # bit u: unit u changed since its last look
    for i, d in offs:
        b = BIT[d]
        if masks[i] & b:
            m = masks[i] = masks[i] ^ b
            dirty |= _UNIT_BITS[i]
            if rec is not None:
                rec[ELIM + 9 * i + d - 1] = (len(rec), "assume", (), None)
            if not m:
                return _empty(i, rec)
            if not m & (m - 1):
                queue.append((i, DIGIT_OF[m], "naked", None, None))
    head = 0
    resume = 0
    units_of = _UNIT_BITS
    while True:
        while head < len(queue):
            i, d, kind, parents, extra = queue[head]
            head += 1
            b = BIT[d]
            if parents is None:  # a naked single: the cell's other digits went in this branch
                parents = _cell_elims(i, d, rec) if rec is not None else ()
            have = cells[i]
            if have:
                if have == d:
                    continue
                why = ((PLACE + 9 * i + have - 1,) if rec is not None and PLACE + 9 * i + have - 1 in rec
                       else ()) + tuple(parents)
                return (_both(i, have, d), why)
            if not masks[i] & b:
                key = ELIM + 9 * i + d - 1
                why = ((key,) if rec is not None and key in rec else ()) + tuple(parents)
                return (_ruled_out(i, d), why)
            cells[i] = d
            masks[i] = 0
            dirty |= units_of[i]
            if rec is not None:
                pk = PLACE + 9 * i + d - 1
                rec[pk] = (len(rec), kind, tuple(parents), extra)
            for p in PEERS[i]:
                m = masks[p]
                if m & b:
                    m = masks[p] = m ^ b
                    dirty |= units_of[p]
                    if rec is not None:
                        rec[ELIM + 9 * p + d - 1] = (len(rec), "peer", (pk,), i)
                    if not m:
                        return _empty(p, rec)
                    if not m & (m - 1):
                        queue.append((p, DIGIT_OF[m], "naked", None, None))
        # hidden singles, and a digit with no place left, in the units that changed
        while dirty:
            low_u = dirty & -dirty
            dirty ^= low_u
            u = low_u.bit_length() - 1
            unit = UNITS[u]
            once = twice = placed = 0
            for j in unit:
                m = masks[j]
                twice |= once & m
                once |= m
                placed |= BIT[cells[j]]
            missing = ALL & ~(once | placed)
            if missing:
                d = DIGIT_OF[missing & -missing]
                why = _unit_parents(unit, d, -1, cells, rec) if rec is not None else ()
                return (_no_place(d, u), why)
            hs = once & ~twice
            while hs:
                low = hs & -hs
                hs ^= low
                d = DIGIT_OF[low]
                j = next(j for j in unit if masks[j] & low)
                why = _unit_parents(unit, d, j, cells, rec) if rec is not None else ()
                queue.append((j, d, "hidden", why, u))
        if head < len(queue):
            continue
        if depth <= 0:
            return None
        # nested: remove candidates whose own (shallower) chain ends in a contradiction
        if order is None:
            order = open_pairs(cells, masks)
        found = False
        replay = rec is not None and trace is not None
        for k in range(resume, len(trace) if replay else len(order)):
            i, d = trace[k] if replay else order[k]
            if not replay:
                if cells[i] or not masks[i] & BIT[d]:
                    continue
                check(cancel)
                bad = propagate(list(cells), list(masks), [(i, d)], (), None, depth - 1, cancel,
                                order)
                if bad is None:
                    continue
                if trace is not None:
                    trace.append((i, d))
            if rec is not None:  # record only the chains that are part of the proof
                sub_rec = Record(rec)
                bad = propagate(list(cells), list(masks), [(i, d)], (), sub_rec, depth - 1, cancel, order)
            m = masks[i] = masks[i] ^ BIT[d]
            dirty |= units_of[i]
            if rec is not None:
                base = len(rec)
                outer = needed_facts(sub_rec, bad[1], sub_rec.base, outer_only=True)
                rec[ELIM + 9 * i + d - 1] = (base, "nested", tuple(outer), (sub_rec, bad, sub_rec.base, (i, d)))
            if not m:
                return _empty(i, rec)
            if not m & (m - 1):
                queue.append((i, DIGIT_OF[m], "naked", None, None))
            resume = k + 1
            found = True
            break
        if not found:
            if resume == 0 or replay:
                return None
            resume = 0  # something changed since the start of the list: one more pass
            continue


def _bare(cells: list, masks: list, places, offs):
    """:func:`propagate` without records or nesting (most chains): the same facts in the same
    order, so the same outcome; returns None, or ``(text, ())`` at the first contradiction."""
    queue = list(places)
    dirty = 0
    units_of, peers, bits, digit_of, units = _UNIT_BITS, PEERS, BIT, DIGIT_OF, UNITS
    for i, d in offs:
        b = bits[d]
        if masks[i] & b:
            m = masks[i] = masks[i] ^ b
            dirty |= units_of[i]
            if not m:
                return _empty(i, None)
            if not m & (m - 1):
                queue.append((i, digit_of[m]))
    head = 0
    while True:
        n = len(queue)
        while head < n:
            i, d = queue[head]
            head += 1
            have = cells[i]
            if have:
                if have == d:
                    continue
                return (_both(i, have, d), ())
            b = bits[d]
            if not masks[i] & b:
                return (_ruled_out(i, d), ())
            cells[i] = d
            masks[i] = 0
            dirty |= units_of[i]
            for p in peers[i]:
                m = masks[p]
                if m & b:
                    m = masks[p] = m ^ b
                    dirty |= units_of[p]
                    if not m:
                        return _empty(p, None)
                    if not m & (m - 1):
                        queue.append((p, digit_of[m]))
                        n += 1
        while dirty:
            low_u = dirty & -dirty
            dirty ^= low_u
            u = low_u.bit_length() - 1
            unit = units[u]
            once = twice = placed = 0
            for j in unit:
                m = masks[j]
                twice |= once & m
                once |= m
                placed |= bits[cells[j]]
            missing = ALL & ~(once | placed)
            if missing:
                d = digit_of[missing & -missing]
                return (_no_place(d, u), ())
            hs = once & ~twice
            while hs:
                low = hs & -hs
                hs ^= low
                for j in unit:
                    if masks[j] & low:
                        queue.append((j, digit_of[low]))
                        break
        if head >= len(queue):
            return None


def open_pairs(cells, masks) -> list[tuple[int, int]]:
    """The candidates of a position, those of two-candidate cells first (their chains are shortest)."""
    out = [(POP[masks[i]], i, d) for i in range(81) if not cells[i] for d in DIGITS_IN[masks[i]]]
    out.sort()
    return [(i, d) for _, i, d in out]


def _cell_elims(i, d, rec) -> tuple:
    return tuple(k for e in range(1, 10) if e != d and (k := ELIM + 9 * i + e - 1) in rec)


def _empty(i, rec):
    why = _cell_elims(i, 0, rec) if rec is not None else ()
    return (Msg("contradiction_no_candidate", (("c", cell_of(i)),)), why)


# the contradictions as messages (built directly: the searches meet thousands of them)
def _both(i, have, d) -> Msg:
    return Msg("contradiction_both", (("c", cell_of(i)), ("a", have), ("b", d)))


def _ruled_out(i, d) -> Msg:
    return Msg("contradiction_ruled_out", (("c", cell_of(i)), ("d", d)))


def _no_place(d, u) -> Msg:
    return Msg("contradiction_no_place", (("d", d), ("u", u)))


def _unit_parents(unit, d, skip, cells, rec) -> tuple:
    out = []
    for j in unit:
        if j == skip:
            continue
        k = ELIM + 9 * j + d - 1
        if k in rec:
            out.append(k)
        elif cells[j] and (k := PLACE + 9 * j + cells[j] - 1) in rec:
            out.append(k)
    return tuple(out)


def needed_facts(rec, roots, base: int = 0, outer_only: bool = False) -> list[int]:
    """The facts the ``roots`` rest on, in the order they were found.

    Facts recorded before ``base`` are the position's (the outer branch's):
    with ``outer_only`` only those are returned, otherwise only the later ones.
    """
    seen = set()
    stack = list(roots)
    outer = set()
    while stack:
        k = stack.pop()
        if k in seen or k not in rec:
            continue
        seen.add(k)
        entry = rec[k]
        if entry[0] < base:
            outer.add(k)
            continue
        stack.extend(entry[2])
    if outer_only:
        return sorted(outer, key=lambda k: rec[k][0])
    return sorted((k for k in seen if rec[k][0] >= base), key=lambda k: rec[k][0])
