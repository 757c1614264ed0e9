"""Colouring and chains: found on real positions, sound, and their chain data (no Tk)."""
from __future__ import annotations

import pytest

import solver
from solver.candidates import effective_masks
from solver.techniques import chains, coloring
from solver.techniques.links import STRONG, WEAK, LinkGraph, sees
from solver.techniques.registry import FINDERS
from solver.path import run_path
from solver.candidates import basic_masks
from tests.conftest import load_lines

FINDERS_ = {
    "Simple Colouring": coloring.simple_colouring, "Multi-Colouring": coloring.multi_colouring,
    "Remote Pairs": chains.remote_pairs, "X-Chain": chains.x_chain, "XY-Chain": chains.xy_chain,
    "Alternating Inference Chain": chains.aic, "Grouped AIC": chains.grouped_aic,
}
BEFORE_CHAINS = [f for f in FINDERS if f[0] not in FINDERS_ and "Forcing" not in f[0]]
SIMPLE = [f for f in FINDERS if f[0] in ("Full House", "Naked Single", "Hidden Single", "Pointing", "Claiming")]


def positions(names, count, finders):
    """(cells, masks, solution) where ``finders`` get stuck, for puzzles of the sets."""
    out = []
    for name in names:
        for line in load_lines(name)[:count]:
            cells = [0 if ch == "." else int(ch) for ch in line]
            masks = basic_masks(cells)
            run_path(cells, masks, finders, record=False)
            if not all(cells):
                out.append((cells, masks, solver.solve(solver.parse(line)).cells))
    return out


@pytest.fixture(scope="module")
def stuck_simple():
    return positions(["norvig_top95", "top1465_sample200"], 25, SIMPLE)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FINDERS_))
def test_each_chain_family_is_sound(stuck_simple, name):
    found = 0
    for cells, masks, sol in stuck_simple:
        step = FINDERS_[name](cells, masks)
        if step is None:
            continue
        found += 1
        assert step.technique == name and step.eliminations
        for (r, c), d in step.eliminations:
            assert sol[9 * r + c] != d, step.message
        ch = step.chain
        assert ch is not None and ch.targets
        if name.endswith("Colouring"):
            assert len(ch.groups) in (2, 4) and all(k == STRONG for _, _, k in ch.links)
        else:
            kinds = [k for _, _, k in ch.links]
            assert kinds[0] == STRONG and kinds[-1] == STRONG
            assert all(a != b for a, b in zip(kinds, kinds[1:]))  # strong and weak alternate
            assert len(ch.nodes) == len(ch.links) + 1
            assert " = " in ch.text()
    if name not in ("Remote Pairs", "Grouped AIC", "Multi-Colouring"):
        assert found, name  # common enough to show up in these positions


def test_link_graph_vocabulary():
    g = solver.parse(load_lines("norvig_top95")[0])
    masks = effective_masks(g, None)
    lg = LinkGraph(masks, grouped=True)
    assert lg.singles < len(lg.nodes)  # some box∩line groups
    for a, node in enumerate(lg.nodes):
        for b in range(len(lg.nodes)):
            if lg.weak[a] >> b & 1:
                assert sees(node, lg.nodes[b]), (node, lg.nodes[b])
    # a strong link in a two-candidate cell, and the two digits of one cell see each other
    i = next(i for i in range(81) if bin(masks[i]).count("1") == 2)
    x, y = [d for d in range(1, 10) if masks[i] >> (d - 1) & 1]
    a, b = lg.number[((i,), x)], lg.number[((i,), y)]
    assert lg.strong[a] >> b & 1 and lg.weak[a] >> b & 1
    assert WEAK == "weak"


def test_chains_come_before_forcing_chains_and_after_the_fixed_shapes():
    names = [t.name for t in solver.TECHNIQUES]
    assert names.index("Death Blossom") < names.index("Simple Colouring") < names.index("X-Chain")
    assert names.index("Grouped AIC") < names.index("Digit Forcing Chain")
    assert names[-1] == "Nested Forcing Chain"
    # on Sudoku Explainer's scale chains start at 6.5 (cycles, forcing X-chains)
    assert all(solver.technique(n).se >= 6.5 for n in FINDERS_)


ALS_CHAIN_PUZZLE = "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2"
ALS_CHAIN_LINE = "9847..6..75..4......3..8.7484...9.5..3.2..14....4....6.7...4.3.3..8..4..4...1...2"
ALS_CHAIN_MARKS = (
    "235 1235 12 135 26 1369 1236 2389 1289 1389 126 126 59 26 59 1267 136 367 237 37 56 5679 "
    "5678 567 789 125 129 12579 3578 1357 23789 289 1256 125689 56 2569 589 1589 1269 12569 "
    "25679 257 169 1579 69 5689 356 3567 578 689")


def test_als_chain_from_a_position():
    """On the path of a forum-hardest puzzle, after every simpler technique (grouped AICs too)
    found nothing: a chain through the almost locked set r4c5, r4c7, r4c9 (2, 3, 6, 7)."""
    from solver.candidates import mask
    from solver.techniques.registry import find_first
    g = solver.parse(ALS_CHAIN_LINE)
    toks = iter(ALS_CHAIN_MARKS.split())
    masks = [0 if d else mask(int(ch) for ch in next(toks)) for d in g.cells]
    sol = solver.solve(solver.parse(ALS_CHAIN_PUZZLE))
    step = find_first(list(g.cells), list(masks))
    assert step.technique == "ALS Chain", step.message
    assert set(step.eliminations) == {((1, 6), 2), ((3, 2), 2)}
    assert all(sol[c] != d for c, d in step.eliminations)
    assert chains.grouped_aic(list(g.cells), list(masks)) is None
    assert "almost locked set" in step.message and step.message.startswith("ALS Chain:")
    ch = step.chain
    kinds = [k for _, _, k in ch.links]
    assert kinds[0] == STRONG and kinds[-1] == STRONG
    assert all(a != b for a, b in zip(kinds, kinds[1:]))
    # the link inside the set joins two of its digits (strong: lacking 2, it holds 6)
    als_cells = {(3, 4), (3, 6), (3, 8)}
    assert any(a[1] != b[1] and set(a[0]) | set(b[0]) <= als_cells and k == STRONG
               for a, b, k in ch.links)
    assert solver.technique("ALS Chain").level == "diabolical"  # SE needs multiple forcing chains


def test_als_nodes_link_soundly():
    """Every weak link of an ALS node sees it; every ALS strong link joins two digits of one set."""
    from solver.techniques.als import find_als
    g = solver.parse(ALS_CHAIN_LINE)
    masks = effective_masks(g, None)
    sets = [a for a in find_als(masks) if 2 <= len(a.cells) <= 3]
    lg = LinkGraph(masks, grouped=True, als=sets)
    assert lg.als_links
    for (x, y), a in lg.als_links.items():
        (cx, dx), (cy, dy) = lg.nodes[x], lg.nodes[y]
        assert dx != dy and set(cx) | set(cy) <= set(a.cells)
        assert set(cx) == {i for i in a.cells if masks[i] >> (dx - 1) & 1}
    for a, node in enumerate(lg.nodes):
        w = lg.weak[a]
        for b in range(len(lg.nodes)):
            if w >> b & 1:
                assert sees(node, lg.nodes[b])
