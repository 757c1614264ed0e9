"""Chains: alternating strong and weak links between candidates (see ``links.py``).

A chain ``A = B - C = D`` reads: if A is false then B is true, so C is false,
so D is true.  So one of its two ends is true, and any candidate that sees
both ends is false.  The families differ in the links they may use:

* **X-Chain**: one digit, links in units only;
* **Remote Pairs**: two-candidate cells that all hold the same two digits;
* **XY-Chain**: two-candidate cells, joined by one digit in cells that see each other;
* **AIC** (alternating inference chain, a nice loop when its ends meet): any links;
* **Grouped AIC**: also digits in a box∩line taken as one node.

Each finder takes the shortest chain over every candidate it could remove
(breadth-first, see :meth:`LinkGraph.chain_to`); the step's :class:`Chain`
holds the nodes and links for the app to draw.
"""
from __future__ import annotations

from ..candidates import DIGITS_IN, POP
from ..words.i18n import msg
from .cache import ByPattern, digit_places, per_position
from .links import STRONG, WEAK, Chain, LinkGraph, node_msg, notation_msg, public_node
from .step import Technique, cells_of, make_step

__all__ = ["X_CHAIN", "REMOTE_PAIRS", "XY_CHAIN", "AIC", "GROUPED_AIC", "TECHNIQUES",
           "x_chain", "remote_pairs", "xy_chain", "aic", "grouped_aic"]

REMOTE_PAIRS = Technique(
    "Remote Pairs", "expert", 46,
    "A chain of cells that all hold only the same two digits, each seeing the next: the digits alternate along it, so a cell that sees two chain cells of opposite parity loses both digits.")

X_CHAIN = Technique(
    "X-Chain", "expert", 50,
    "One digit, linked place to place: strong links (the only two places in a unit) alternate with weak ones (places that see each other). One end of the chain holds the digit, so cells seeing both ends lose it.")

XY_CHAIN = Technique(
    "XY-Chain", "expert", 54,
    "A chain of two-candidate cells, each sharing a digit with the next and seeing it: if the first cell is not X, the last one is X. So cells seeing both ends lose X.")

AIC = Technique(
    "Alternating Inference Chain", "expert", 60,
    "Strong links (one of two must be true) alternate with weak links (both cannot be true), across digits and cells. If the first node is false the last is true, so whatever sees both ends is false (a nice loop when the ends meet).")

GROUPED_AIC = Technique(
    "Grouped AIC", "expert", 64,
    "An Alternating Inference Chain whose nodes may be a digit's two or three places in a box∩line, taken together as one node.")

TECHNIQUES = (REMOTE_PAIRS, X_CHAIN, XY_CHAIN, AIC, GROUPED_AIC)


def best_chain(graph: LinkGraph, targets, max_strong=12):
    """(chain, x) of the shortest chain that disproves one of ``targets`` (node numbers), or None."""
    best = None
    linked = 0  # the nodes with a strong link: a chain starts and ends on them
    for k, m in enumerate(graph.strong):
        if m:
            linked |= 1 << k
    for x in targets:
        w = graph.weak[x] & linked
        if not w & (w - 1):
            continue  # x must see two chain ends
        chain = graph.chain_to(x, max_strong if best is None else min(max_strong, (len(best[0]) - 1) // 2))
        if chain is not None and (best is None or len(chain) < len(best[0])):
            best = (chain, x)
            if len(chain) <= 4:
                break
    return best


def chain_step(tech, graph: LinkGraph, chain, sets=()):
    """The Step of ``chain`` (node numbers of ``graph``); ``sets`` the ``als_chain_set`` messages
    of the Almost Locked Sets it goes through (an ALS Chain)."""
    nodes = [graph.nodes[k] for k in chain]
    a, z = chain[0], chain[-1]
    inchain = set(chain)
    elims = []
    for k in range(graph.singles):
        if k in inchain:
            continue
        if graph.weak[k] >> a & 1 and graph.weak[k] >> z & 1:
            (i,), d = graph.nodes[k]
            elims.append((i, d))
    links = []
    for n in range(len(nodes) - 1):
        links.append((public_node(nodes[n]), public_node(nodes[n + 1]), STRONG if n % 2 == 0 else WEAK))
    ch = Chain(nodes=tuple(public_node(x) for x in nodes), links=tuple(links),
               targets=tuple(public_node(((i,), d)) for i, d in elims), kind="chain")
    cells = []
    for cs, _ in nodes:
        for i in cs:
            if i not in cells:
                cells.append(i)
    digits = sorted({d for _, d in nodes})
    first, last = node_msg(public_node(nodes[0])), node_msg(public_node(nodes[-1]))
    removed = tuple(msg("chain_elim_part", d=d, cs=cells_of([i for i, e in elims if e == d]))
                    for d in sorted({d for _, d in elims}))
    data = dict(t=tech.name, links=notation_msg(ch.links), first=first, last=last,
                removed=removed, n=len(elims))
    text = msg("chain_als", sets=tuple(sets), **data) if sets else msg("chain", **data)
    return make_step(tech.name, [], cells, digits, elims=elims, message=text,
                     unit_hint=msg("chain_hint", first=first, last=last), chain=ch)


def x_chain(cells, masks):
    places = digit_places(masks)
    best = None
    for d in range(1, 10):
        found = _X_CHAINS.get((d, places[d]), lambda: _x_chain_of(masks, d))
        if found and (best is None or found[0] < best[0]):
            best = found
    return best[1] if best else None


#: (digit, places) -> (length, Step) of the digit's shortest X-Chain, or None
_X_CHAINS = ByPattern()


def _x_chain_of(masks, d):
    g = LinkGraph(masks, (d,), strong_cells=False, weak_cells=False)
    if not any(g.strong):
        return None
    found = best_chain(g, range(g.singles))
    return (len(found[0]), chain_step(X_CHAIN, g, found[0])) if found else None


def remote_pairs(cells, masks):
    pairs = {}
    for i in range(81):
        if POP[masks[i]] == 2:
            pairs[masks[i]] = pairs.get(masks[i], 0) + 1
    best = None
    for m, n in sorted(pairs.items()):
        if n < 4:
            continue
        g = LinkGraph(masks, DIGITS_IN[m], strong_units=False, weak_cells=False, pair=m)
        found = best_chain(g, range(g.singles))
        # a remote pair chain has at least four cells (two cells are a naked pair)
        if found and len(found[0]) >= 8 and (best is None or len(found[0]) < len(best[1])):
            best = (g, found[0])
    if best is None:
        return None
    return chain_step(REMOTE_PAIRS, *best)


def xy_chain(cells, masks):
    g = LinkGraph(masks, strong_units=False, weak_cells=False)
    found = best_chain(g, range(g.singles))
    return chain_step(XY_CHAIN, g, found[0]) if found else None


def xy_chain_or_shorter_aic(cells, masks):
    """The rater's XY-Chain: an AIC instead when one is shorter.  Both rate as SE's Forcing Chain
    (7.0 + length), and SE takes the easiest-rated, so the shorter chain of either sets the rating."""
    xy = xy_chain(cells, masks)
    if xy is None:
        return None  # the AIC finder, next in the rater's order, looks anyway
    other = aic(cells, masks)
    return other if other is not None and len(other.chain.nodes) < len(xy.chain.nodes) else xy


def aic(cells, masks):
    g = LinkGraph(masks)
    found = best_chain(g, range(g.singles))
    return chain_step(AIC, g, found[0]) if found else None


def grouped_graph(masks) -> LinkGraph:
    """The grouped link graph of the position, built once (the ALS chain extends it)."""
    return per_position(masks, "grouped graph", lambda: LinkGraph(masks, grouped=True))


def grouped_aic(cells, masks):
    g = grouped_graph(masks)
    found = best_chain(g, range(g.singles))
    if not found or all(len(g.nodes[k][0]) == 1 for k in found[0]):
        return None  # a chain without a group is an AIC's, found before
    return chain_step(GROUPED_AIC, g, found[0])
