"""Candidates and links: the vocabulary every chain technique shares.

A **node** is a candidate: digit ``d`` in cell ``i``, or a **grouped node**:
digit ``d`` in two or three cells of one box that also share a row or a
column (a box∩line).  Inside the engine a node is ``(cells, d)`` with
``cells`` a sorted tuple of flat indices (one index for a plain candidate).

Two kinds of link join nodes:

* **strong** (``"strong"``): at least one of the two is true.  A digit with
  exactly two places in a unit (a *conjugate pair*; grouped: its places in the
  unit fall into two groups), or the two digits of a two-candidate cell.
* **weak** (``"weak"``): at most one of the two is true.  The same digit in
  cells that see each other (every cell of one node sees every cell of the
  other), or two digits of one cell.

A chain alternates them: if a node at one end of a strong link is false, the
other is true; if a node at one end of a weak link is true, the other is
false.  Steps carry a :class:`Chain` (plain data, ``(row, col)`` cells) so the
app can draw the links, the colour groups or the forcing tree.

The :class:`LinkGraph` numbers the nodes of a position and keeps, per node,
its strong and weak neighbours as bit sets (Python ints), so chain searches
expand whole sets at once.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Optional

from ..candidates import BIT, DIGITS_IN, POP
from ..grid import BOX_OF, COL_OF, PEER_SETS, PEERS, ROW_OF, UNITS, UNITS_OF, cell_name, cell_of
from ..words.i18n import Msg, describe, msg

__all__ = ["STRONG", "WEAK", "Node", "Link", "Branch", "Chain", "LinkGraph", "public_node",
           "node_name", "node_msg", "notation_msg", "conjugate_units", "sees"]

STRONG = "strong"
WEAK = "weak"

#: A node at the public boundary: ``(((r, c), ...), digit)``.
Node = tuple
#: A link at the public boundary: ``(node, node, "strong" | "weak")``.
Link = tuple


def public_node(node) -> Node:
    """The engine's ``(cells, d)`` as plain ``(((r, c), ...), d)``."""
    cells, d = node
    return tuple(cell_of(i) for i in cells), d


def node_name(node) -> str:
    """'4r1c2' (digit, then cell) for an engine node; a grouped node reads '4r1c23'."""
    cells, d = node
    if len(cells) == 1:
        return f"{d}{cell_name(cell_of(cells[0]))}"
    rows = sorted({ROW_OF[i] + 1 for i in cells})
    cols = sorted({COL_OF[i] + 1 for i in cells})
    return f"{d}r" + "".join(map(str, rows)) + "c" + "".join(map(str, cols))


def node_msg(node: Node) -> Msg:
    """A public node ``(((r, c), ...), d)`` as a message: "4r1c2" (cell names in the language,
    German 4Z1S2); a grouped node "4r1c23" (its rows, then its columns)."""
    cells, d = node
    if len(cells) == 1:
        return msg("chain_node", d=d, c=tuple(cells[0]))
    rows = "".join(str(r + 1) for r in sorted({r for r, _ in cells}))
    cols = "".join(str(c + 1) for c in sorted({c for _, c in cells}))
    return msg("chain_group_node", d=d, rows=rows, cols=cols)


def notation_msg(links) -> Msg:
    """Links ``(a, b, kind)`` (public nodes) as chain notation: "5r1c1 = 5r1c5 - 3r1c5"."""
    parts = [node_msg(links[0][0])]
    for _, b, kind in links:
        parts.append("=" if kind == STRONG else "-")
        parts.append(node_msg(b))
    return msg("chain_notation", parts=tuple(parts))


@dataclass(frozen=True)
class Branch:
    """One branch of a forcing chain: ``head`` the premise ("If r1c2 = 4"), ``facts`` its
    implications in order (each ``(fact, reason or None, nested branches)``) and ``end`` what
    it ends in, all :class:`~solver.words.i18n.Msg`; :attr:`premise`, :attr:`lines`, :attr:`outcome`
    and :meth:`text` word them in the chosen language."""

    head: Msg
    facts: tuple = ()
    end: Optional[Msg] = None

    @property
    def premise(self) -> str:
        return describe(self.head)

    @property
    def lines(self) -> tuple:
        """The implications worded: ``(fact, reason or "", nested branches)``."""
        return tuple((describe(f), describe(r) if r is not None else "", nested)
                     for f, r, nested in self.facts)

    @property
    def outcome(self) -> str:
        return describe(self.end) if self.end is not None else ""

    def text(self, indent: int = 0) -> list[str]:
        pad = "  " * indent
        out = [f"{pad}{self.premise}:"]
        for fact, reason, nested in self.lines:
            out.append(f"{pad}  ⇒ {fact}" + (f"  ({reason})" if reason else ""))
            for b in nested:
                out.extend(b.text(indent + 2))
        if self.end is not None:
            out.append(f"{pad}  ⇒ {self.outcome}")
        return out


@dataclass(frozen=True)
class Chain:
    """What a chain step shows (plain data for the app's diagram).

    ``nodes`` the chain's nodes in order; ``links`` ``(a, b, kind)`` with kind
    ``"strong"`` or ``"weak"``; ``groups`` the colour groups of a colouring
    step (a tuple of node tuples, in pairs of opposite colours); ``branches`` the
    forcing chain's tree (:class:`Branch`); ``targets`` the nodes it removes or places.
    """

    nodes: tuple = ()
    links: tuple = ()
    groups: tuple = ()
    branches: tuple = ()
    targets: tuple = ()
    kind: str = ""

    def text(self) -> str:
        """The chain written out in the chosen language (its cell names): the links for a
        chain, the branches for a forcing chain."""
        if self.branches:
            lines = []
            for b in self.branches:
                lines.extend(b.text())
            return "\n".join(lines)
        if self.links:
            return describe(notation_msg(self.links))
        return ""


def conjugate_units(masks, d: int) -> list[tuple[int, int, int]]:
    """(unit, i, j) for each unit where ``d`` has exactly two places."""
    bit = BIT[d]
    out = []
    for u, unit in enumerate(UNITS):
        pl = [i for i in unit if masks[i] & bit]
        if len(pl) == 2:
            out.append((u, pl[0], pl[1]))
    return out


def sees(a, b) -> bool:
    """True when nodes ``a`` and ``b`` (engine form) are weakly linked: they cannot both be true."""
    ca, da = a
    cb, db = b
    if da == db:
        return not set(ca) & set(cb) and all(j in PEER_SETS[i] for i in ca for j in cb)
    return len(ca) == 1 and ca == cb


class LinkGraph:
    """The nodes of a position and their links, numbered, with neighbour sets as int bitsets.

    ``digits`` limits the digits; ``grouped`` adds box∩line group nodes; ``als`` (Almost
    Locked Sets, ``als.Als``) adds per set and digit the node "the set holds it", and
    strong links between the digits of one set (``als_links``).  Which
    links exist: ``strong_units`` (a digit with two places, or two groups, in a
    unit), ``strong_cells`` (a two-candidate cell; only cells whose mask is
    ``pair`` when given), ``weak_digits`` (one digit in cells that see each
    other), ``weak_cells`` (two digits of one cell).  ``strong[n]`` and
    ``weak[n]`` are the bitsets of node ``n``'s neighbours (bit k = node k).
    """

    def __init__(self, masks, digits: Iterable[int] = range(1, 10), *, grouped: bool = False,
                 strong_units: bool = True, strong_cells: bool = True, weak_digits: bool = True,
                 weak_cells: bool = True, pair: Optional[int] = None, als=()):
        digits = tuple(digits)
        dmask = 0
        for d in digits:
            dmask |= BIT[d]
        self.nodes: list[tuple] = []
        self.number: dict[tuple, int] = {}
        nodes, num = self.nodes, self.number
        at = [[-1] * 81 for _ in range(10)]  # digit -> cell -> its plain node (-1: none)
        for i in range(81):
            for d in DIGITS_IN[masks[i] & dmask]:
                node = ((i,), d)
                at[d][i] = num[node] = len(nodes)
                nodes.append(node)
        self.singles = len(nodes)  # nodes below this number are plain candidates
        if grouped:
            for d in digits:
                for g in _groups(masks, d):
                    self._add((g, d))
        # an Almost Locked Set's places of each digit as one node: "the set holds d"
        als_nodes = []
        for a in als:
            ks = []
            for d in DIGITS_IN[a.mask & dmask]:
                node = (tuple(i for i in a.cells if masks[i] & BIT[d]), d)
                self._add(node)
                ks.append(num[node])
            als_nodes.append(ks)
        n = len(nodes)
        strong = self.strong = [0] * n
        weak = self.weak = [0] * n
        if strong_cells:
            for i in range(81):
                m = masks[i]
                if POP[m] == 2 and (pair is None or m == pair):
                    x, y = DIGITS_IN[m]
                    a, b = at[x][i], at[y][i]
                    if a >= 0 and b >= 0:
                        strong[a] |= 1 << b
                        strong[b] |= 1 << a
        if strong_units or weak_digits:
            for d in digits:
                bit, at_d = BIT[d], at[d]
                unit_nodes = [0] * 27  # unit -> bitset of the digit's plain nodes in it
                for u, unit in enumerate(UNITS):
                    pl = tuple(i for i in unit if masks[i] & bit)
                    if len(pl) < 2:
                        continue
                    if weak_digits:
                        v = 0
                        for i in pl:
                            if at_d[i] >= 0:
                                v |= 1 << at_d[i]
                        unit_nodes[u] = v
                    if not strong_units:
                        continue
                    if len(pl) == 2 and not grouped:
                        a, b = at_d[pl[0]], at_d[pl[1]]
                        if a >= 0 and b >= 0:
                            strong[a] |= 1 << b
                            strong[b] |= 1 << a
                        continue
                    for part_a, part_b in _splits(pl, u, grouped):
                        a, b = num.get((part_a, d)), num.get((part_b, d))
                        if a is not None and b is not None:
                            strong[a] |= 1 << b
                            strong[b] |= 1 << a
                if weak_digits:
                    for i in range(81):
                        a = at_d[i]
                        if a >= 0:
                            r, c, bx = UNITS_OF[i]
                            weak[a] |= (unit_nodes[r] | unit_nodes[c] | unit_nodes[bx]) & ~(1 << a)
        if weak_digits and n > self.singles:
            by_digit: dict = {}  # digit -> (node, cells seeing all its cells, its cells) of each group
            for a in range(self.singles, n):
                ca, d = nodes[a]
                seen, bits = _ALL_CELLS, 0
                for i in ca:
                    seen &= _PEER_BITS[i]
                    bits |= 1 << i
                by_digit.setdefault(d, []).append((a, seen, bits))
            for d, gs in by_digit.items():
                at_d = at[d]
                for a, seen, _ in gs:
                    v = seen
                    while v:
                        low = v & -v
                        v ^= low
                        b = at_d[low.bit_length() - 1]
                        if b >= 0:
                            weak[a] |= 1 << b
                            weak[b] |= 1 << a
                    for b, _, bits in gs:
                        if b != a and not bits & ~seen:
                            weak[a] |= 1 << b
        #: (node, node) -> the ALS whose strong link joins them: if the set lacks one
        #: digit, it is locked on the others and holds each of them
        self.als_links: dict = {}
        for a, ks in zip(als, als_nodes):
            for x in ks:
                for y in ks:
                    if x != y and not strong[x] >> y & 1:
                        strong[x] |= 1 << y
                        self.als_links[(x, y)] = a
        if weak_cells:
            for i in range(81):
                ks = [at[d][i] for d in DIGITS_IN[masks[i] & dmask]]
                if len(ks) < 2:
                    continue
                v = 0
                for a in ks:
                    v |= 1 << a
                for a in ks:
                    weak[a] |= v & ~(1 << a)

    def with_als(self, masks, als) -> "LinkGraph":
        """This graph (built with ``grouped=True`` and every digit) plus the nodes and links of
        the Almost Locked Sets ``als``: the same as ``LinkGraph(masks, grouped=True, als=als)``,
        without building the grouped graph again."""
        g = LinkGraph.__new__(LinkGraph)
        g.nodes, g.number, g.singles = list(self.nodes), dict(self.number), self.singles
        g.strong, g.weak = list(self.strong), list(self.weak)
        first = len(g.nodes)
        als_nodes = []
        for a in als:
            ks = []
            for d in DIGITS_IN[a.mask]:
                node = (tuple(i for i in a.cells if masks[i] & BIT[d]), d)
                g._add(node)
                ks.append(g.number[node])
            als_nodes.append(ks)
        n = len(g.nodes)
        g.strong.extend([0] * (n - first))
        g.weak.extend([0] * (n - first))
        weak, num = g.weak, g.number
        groups: dict = {}  # digit -> (node, cells seeing all its cells, its cells) of each group
        for b in range(g.singles, n):
            cb, d = g.nodes[b]
            seen, bits = _ALL_CELLS, 0
            for i in cb:
                seen &= _PEER_BITS[i]
                bits |= 1 << i
            groups.setdefault(d, []).append((b, seen, bits))
        for d, gs in groups.items():
            for a, seen, bits_a in gs:
                if a < first:
                    continue
                v = seen
                while v:
                    low = v & -v
                    v ^= low
                    b = num.get(((low.bit_length() - 1,), d))
                    if b is not None:
                        weak[a] |= 1 << b
                        weak[b] |= 1 << a
                for b, seen_b, bits_b in gs:
                    if b != a and not bits_b & ~seen:
                        weak[a] |= 1 << b
                        weak[b] |= 1 << a
        g.als_links = {}
        strong = g.strong
        for a, ks in zip(als, als_nodes):
            for x in ks:
                for y in ks:
                    if x != y and not strong[x] >> y & 1:
                        strong[x] |= 1 << y
                        g.als_links[(x, y)] = a
        return g

    def _add(self, node) -> None:
        if node not in self.number:
            self.number[node] = len(self.nodes)
            self.nodes.append(node)

    def _strong(self, a: int, b: int) -> None:
        self.strong[a] |= 1 << b
        self.strong[b] |= 1 << a

    def chain_to(self, x: int, max_strong: int = 12):
        """The shortest chain that proves node ``x`` false, or None.

        If ``x`` were true, each weak link switches a node off and each strong
        link the next one on; a chain that comes back to a node that sees ``x``
        turns ``x`` off: a contradiction.  Returns the nodes ``[a, b, ..., z]``
        (``a`` sees ``x``, strong and weak links alternate starting with strong, ``z``
        sees ``x``).
        """
        weak, strong = self.weak, self.strong
        wx = weak[x]
        seen_off = wx
        seen_on = 1 << x
        frontier_off = wx
        offs = [wx]  # the "off" layers, first to last
        ons = []     # the "on" layers
        for _ in range(max_strong):
            frontier_on = 0
            v = frontier_off
            while v:
                low = v & -v
                v ^= low
                new = strong[low.bit_length() - 1] & ~seen_on
                if new:
                    hit = new & wx
                    if hit:  # this node sees x: x would be off, a contradiction
                        z = (hit & -hit).bit_length() - 1
                        return self._path(offs, ons, z)
                    frontier_on |= new
                    seen_on |= new
            if not frontier_on:
                return None
            ons.append(frontier_on)
            frontier_off = 0
            v = frontier_on
            while v:
                low = v & -v
                v ^= low
                frontier_off |= weak[low.bit_length() - 1]
            frontier_off &= ~seen_off
            if not frontier_off:
                return None
            seen_off |= frontier_off
            offs.append(frontier_off)
        return None

    def _path(self, offs, ons, z) -> list[int]:
        """The chain back from ``z`` (on, reached from the last off layer): each node's parent is
        the first node of the layer before that links to it (the one breadth-first search met first)."""
        out = [z]
        node = z
        for k in range(len(offs) - 1, -1, -1):
            node = _first(offs[k], self.strong, node)  # the off node whose strong link turned it on
            out.append(node)
            if k == 0:
                break
            node = _first(ons[k - 1], self.weak, node)  # the on node whose weak link turned it off
            out.append(node)
        out.reverse()
        return out


def _first(layer: int, links, node: int) -> int:
    """The lowest node of ``layer`` linked to ``node`` in ``links``."""
    bit = 1 << node
    v = layer
    while v:
        low = v & -v
        v ^= low
        k = low.bit_length() - 1
        if links[k] & bit:
            return k
    raise AssertionError("no parent in the layer before")


def _bits(v: int):
    while v:
        low = v & -v
        yield low.bit_length() - 1
        v ^= low


_PEER_BITS = tuple(sum(1 << p for p in PEERS[i]) for i in range(81))
_ALL_CELLS = (1 << 81) - 1
#: the box∩line segments, box by box: its three rows, then its three columns (three cells each)
_SEGMENTS = tuple(
    seg
    for b in range(9)
    for seg in ([tuple(9 * r + c for c in range(3 * (b % 3), 3 * (b % 3) + 3))
                 for r in range(3 * (b // 3), 3 * (b // 3) + 3)]
                + [tuple(9 * r + c for r in range(3 * (b // 3), 3 * (b // 3) + 3))
                   for c in range(3 * (b % 3), 3 * (b % 3) + 3)]))


def _groups(masks, d: int) -> list[tuple[int, ...]]:
    """The box∩line groups of digit ``d`` with at least two cells."""
    bit = BIT[d]
    out = []
    for x, y, z in _SEGMENTS:
        g = tuple(i for i in (x, y, z) if masks[i] & bit)
        if len(g) >= 2:
            out.append(g)
    return out


def _splits(pl: tuple, u: int, grouped: bool):
    """The two parts of a unit's places that make a strong link (plain: exactly two places)."""
    if len(pl) == 2:
        yield (pl[0],), (pl[1],)
    if not grouped:
        return
    if u < 18:  # a row or column: the places by box
        by = {}
        for i in pl:
            by.setdefault(BOX_OF[i], []).append(i)
    else:  # a box: the places by row, then by column
        by = None
        for key in (ROW_OF, COL_OF):
            parts = {}
            for i in pl:
                parts.setdefault(key[i], []).append(i)
            if len(parts) == 2:
                a, b = parts.values()
                if len(a) > 1 or len(b) > 1:
                    yield tuple(a), tuple(b)
        return
    if len(by) == 2:
        a, b = by.values()
        if len(a) > 1 or len(b) > 1:
            yield tuple(a), tuple(b)
