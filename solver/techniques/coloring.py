"""Colouring: one digit's conjugate pairs (its only two places in a unit) coloured in two colours.

Along a chain of conjugate pairs the digit alternates: one colour holds it
everywhere, the other nowhere.

* **Simple Colouring**: a *trap* removes the digit from a cell that sees both
  colours (one of them is true); a *wrap* finds two cells of one colour in one
  unit (that colour cannot be true) and removes the digit from all of its cells;
* **Multi-Colouring**: two separate clusters; when a colour of one sees a
  colour of the other, they are not both true, so one of their opposite colours
  is, and cells seeing both opposite colours lose the digit.

The step's :class:`~.links.Chain` has the colour groups (in pairs of
opposite colours) and the conjugate links for the app to draw.
"""
from __future__ import annotations

from ..candidates import BIT
from ..grid import PEER_SETS, cell_of
from ..words.i18n import msg
from .links import STRONG, Chain, conjugate_units, public_node
from .step import Technique, cells_of, make_step

__all__ = ["SIMPLE_COLOURING", "MULTI_COLOURING", "TECHNIQUES", "simple_colouring", "multi_colouring"]

SIMPLE_COLOURING = Technique(
    "Simple Colouring", "expert", 42,
    "Colour a digit's conjugate pairs (its only two places in a unit) in two alternating colours: one colour is the truth. A cell seeing both colours loses the digit; a colour that appears twice in a unit is false.")

MULTI_COLOURING = Technique(
    "Multi-Colouring", "expert", 48,
    "Two separate colourings of one digit: when a colour of one sees a colour of the other, one of their opposite colours is true, so cells seeing both opposite colours lose the digit.")

TECHNIQUES = (SIMPLE_COLOURING, MULTI_COLOURING)


def _clusters(masks, d):
    """[(colour A cells, colour B cells, links)] for each cluster of two or more conjugate pairs."""
    adj: dict[int, set] = {}
    links = []
    for _u, i, j in conjugate_units(masks, d):
        adj.setdefault(i, set()).add(j)
        adj.setdefault(j, set()).add(i)
        links.append((i, j))
    seen: dict[int, int] = {}
    out = []
    for start in sorted(adj):
        if start in seen:
            continue
        seen[start] = 0
        todo = [start]
        members = []
        while todo:
            i = todo.pop()
            members.append(i)
            for j in sorted(adj[i]):
                if j not in seen:
                    seen[j] = 1 - seen[i]
                    todo.append(j)
        if len(members) >= 3:
            a = sorted(i for i in members if seen[i] == 0)
            b = sorted(i for i in members if seen[i] == 1)
            mem = set(members)
            out.append((a, b, [(i, j) for i, j in links if i in mem]))
    return out


def _sees_any(i, group) -> bool:
    return any(j in PEER_SETS[i] for j in group)


def _chain(d, groups, links, elims):
    return Chain(nodes=tuple(public_node(((i,), d)) for g in groups for i in g),
                 links=tuple((public_node(((i,), d)), public_node(((j,), d)), STRONG) for i, j in links),
                 groups=tuple(tuple(public_node(((i,), d)) for i in g) for g in groups),
                 targets=tuple(public_node(((i,), d)) for i in elims), kind="colouring")


def simple_colouring(cells, masks):
    for d in range(1, 10):
        bit = BIT[d]
        for a, b, links in _clusters(masks, d):
            for bad, good in ((a, b), (b, a)):  # wrap: a colour twice in a unit
                clash = next(((i, j) for i in bad for j in bad if i < j and j in PEER_SETS[i]), None)
                if clash:
                    i, j = clash
                    return make_step(
                        "Simple Colouring", [], a + b, [d], elims=[(k, d) for k in bad],
                        message=msg("colouring_wrap", t="Simple Colouring", d=d, a=cell_of(i),
                                    b=cell_of(j), out=cells_of(bad), good=cells_of(good)),
                        unit_hint=msg("colouring_hint", d=d),
                        chain=_chain(d, (a, b), links, bad))
            mem = set(a) | set(b)
            trap = [i for i in range(81) if masks[i] & bit and i not in mem
                    and _sees_any(i, a) and _sees_any(i, b)]
            if trap:
                return make_step(
                    "Simple Colouring", [], a + b, [d], elims=[(i, d) for i in trap],
                    message=msg("colouring_trap", t="Simple Colouring", d=d, a=cells_of(a),
                                b=cells_of(b), out=cells_of(trap)),
                    unit_hint=msg("colouring_hint", d=d),
                    chain=_chain(d, (a, b), links, trap))
    return None


def multi_colouring(cells, masks):
    for d in range(1, 10):
        bit = BIT[d]
        clusters = _clusters(masks, d)
        for x in range(len(clusters)):
            for y in range(len(clusters)):
                if x == y:
                    continue
                a1, a2, la = clusters[x]
                for b1, b2, lb in (clusters[y][:3], (clusters[y][1], clusters[y][0], clusters[y][2])):
                    for p1, p2 in ((a1, a2), (a2, a1)):
                        if not any(_sees_any(i, b1) for i in p1):
                            continue
                        mem = set(a1) | set(a2) | set(b1) | set(b2)
                        out = [i for i in range(81) if masks[i] & bit and i not in mem
                               and _sees_any(i, p2) and _sees_any(i, b2)]
                        if out:
                            return make_step(
                                "Multi-Colouring", [], p1 + p2 + b1 + b2, [d],
                                elims=[(i, d) for i in out],
                                message=msg("multi_colouring", t="Multi-Colouring", d=d,
                                            p1=cells_of(p1), b1=cells_of(b1), p2=cells_of(p2),
                                            b2=cells_of(b2), out=cells_of(out)),
                                unit_hint=msg("colouring_hint", d=d),
                                chain=_chain(d, (p1, p2, b1, b2), la + lb, out))
    return None
