"""Forcing chains: each kind found and sound, the readable tree, nesting, cancelling (no Tk)."""
from __future__ import annotations

import threading

import pytest

import solver
from solver import Grid, logical_path
from solver.candidates import basic_masks
from solver.techniques import forcing
from solver.techniques.registry import find_step
from tests.conftest import load_lines

HARDEST = load_lines("forum_hardest_sample200")[0]


def grid(line: str) -> Grid:
    return Grid(0 if ch == "." else int(ch) for ch in line)


@pytest.fixture(scope="module")
def hardest():
    g = grid(HARDEST)
    return g, solver.solve(g), logical_path(g)


def agrees(step, sol) -> bool:
    return (all(sol[c] == d for c, d in step.placements)
            and all(sol[c] != d for c, d in step.eliminations))


@pytest.mark.slow
def test_the_hardest_puzzle_starts_with_a_nested_chain_whose_tree_nests(hardest):
    g, sol, path = hardest
    step = path[0]
    assert step.technique == "Nested Forcing Chain" and agrees(step, sol)
    (cell, d), = step.eliminations
    top, = step.chain.branches
    assert top.premise == f"If {solver.cell_name(cell)} = {d}"
    assert "contradiction" in top.outcome
    nested = [b for _, _, inner in top.lines for b in inner]
    assert nested and all(b.premise.startswith("If ") and "contradiction" in b.outcome for b in nested)
    text = step.chain.text()
    assert text.startswith(top.premise + ":") and "  ⇒ " in text and "    If " in text


@pytest.mark.slow
def test_digit_forcing_chain_is_a_short_contradiction(hardest):
    g, sol, path = hardest
    k = next(k for k, s in enumerate(path) if s.technique == "Digit Forcing Chain")
    step = path[k]
    assert agrees(step, sol) and len(step.eliminations) == 1 and not step.placements
    b, = step.chain.branches
    assert b.lines and all(reason for _, reason, _ in b.lines)
    assert "contradiction" in b.outcome
    assert "Digit Forcing Chain: if " in step.message and solver.technique(step.technique).lesson.endswith(".")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["Cell Forcing Chain", "Unit Forcing Chain"])
def test_cell_and_unit_forcing_chains_agree_with_the_solution(hardest, name):
    g, sol, path = hardest
    found = 0
    for k in range(0, 40):
        step = find_step(path.grid_at(k), name, path.candidates_at(k))
        if step is None:
            continue
        found += 1
        assert agrees(step, sol), step.message
        assert len(step.chain.branches) >= 2
        assert all(b.premise.startswith("If ") for b in step.chain.branches)
        assert "agree" in step.message and step.chain.targets
    assert found


@pytest.mark.slow
def test_every_path_step_of_a_hardest_puzzle_is_right_and_the_path_ends_solved(hardest):
    g, sol, path = hardest
    assert path.solved and path.final_grid == sol
    assert all(agrees(s, sol) for s in path)
    assert {solver.technique(s.technique).level for s in path if s.technique.endswith("Forcing Chain")} == {"extreme"}


def test_propagate_finds_the_contradiction_and_keeps_the_reasons():
    g = grid(HARDEST)
    sol = solver.solve(g)
    cells, masks = list(g.cells), basic_masks(g.cells)
    i = g.cells.index(0)
    wrong = next(d for d in range(1, 10) if masks[i] >> (d - 1) & 1 and d != sol.cells[i])
    rec = forcing.Record()
    c, m = list(cells), list(masks)
    assert forcing.propagate(c, m, [(i, sol.cells[i])]) is None  # the truth never contradicts
    out = forcing.propagate(list(cells), list(masks), [(i, wrong)], (), rec, depth=2)
    assert out is not None and isinstance(out[0], solver.Msg)  # the contradiction, as a message
    assert "would have" in solver.describe(out[0]) and len(rec) > 1


def test_forcing_chains_can_be_cancelled():
    ev = threading.Event()
    ev.set()
    with pytest.raises(solver.Cancelled):
        logical_path(grid(load_lines("forum_hardest_1106_sample100")[0]), cancel=ev)
    with pytest.raises(solver.Cancelled):
        g = grid(HARDEST)
        forcing.nested_forcing(list(g.cells), basic_masks(g.cells), cancel=ev)


def test_a_grid_with_two_solutions_gets_no_wrong_forcing_step():
    # The chains are sound for any grid: a step never contradicts ANY solution.
    g = grid(load_lines("multi_solution_sample200")[0])
    path = logical_path(g)
    sols = solver.find_solutions(g, 20)
    for s in path:
        for cell, d in s.placements:
            assert all(x[cell] == d for x in sols)
        for cell, d in s.eliminations:
            assert all(x[cell] != d for x in sols)
