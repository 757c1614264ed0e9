"""Soundness: every placement and elimination of every step of the logical path agrees with
the unique solution, on positions from the public sets, and every path reaches the end (no Tk).

The fast loop checks a few puzzles of each hard set; the corpus-wide runs are marked slow.
Isomorphs (solver.isomorph.isomorph_line) give the same logic a fresh picture, so a finder
that only works in one orientation or for one digit shows up.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import solver
from solver import Grid, logical_path
from solver.isomorph import isomorph_line as isomorph
from tests.conftest import load_lines


def grid(line: str) -> Grid:
    return Grid(0 if ch == "." else int(ch) for ch in line)


def check_path(line: str, used: Counter) -> int:
    """Check every step of ``line``'s path; returns how many positions were checked."""
    g = grid(line)
    sol = solver.solve(g)
    path = logical_path(g)
    for k, step in enumerate(path):
        assert step.placements or step.eliminations
        for cell, d in step.placements:
            assert sol[cell] == d, (line, k, step.technique, step.message)
        for cell, d in step.eliminations:
            assert sol[cell] != d, (line, k, step.technique, step.message)
        used[step.technique] += 1
    assert path.solved and path.final_grid == sol, line
    return len(path)


# Forcing-chain paths take ~0.5-3 CPU s each set, so they are all slow (the fast loop keeps
# norvig_top95 and 17_clue_sample200); norvig_hardest11's eleven paths are also checked by
# test_techniques (which lets a path stop), and the hard sets' first puzzles only corpus-wide below
# (a slow case here checked the first few of each again)
FAST = [pytest.param("norvig_hardest11", 11, marks=pytest.mark.slow), ("norvig_top95", 6), ("17_clue_sample200", 10)]
# thousands of positions, within CI's time (a forum-hardest path takes 1-5 s of forcing chains)
SLOW = [("top1465_sample200", 120), ("forum_hardest_sample200", 10),
        ("forum_hardest_1106_sample100", 10), ("17_clue_sample200", 200), ("norvig_top95", 40)]


@pytest.mark.parametrize("name,count", FAST)
def test_paths_are_sound_and_complete(name, count):
    used: Counter = Counter()
    positions = sum(check_path(line, used) for line in load_lines(name)[:count])
    assert positions > count


@pytest.mark.slow
@pytest.mark.parametrize("name,count", SLOW)
def test_paths_are_sound_and_complete_corpus_wide(name, count):
    used: Counter = Counter()
    positions = sum(check_path(line, used) for line in load_lines(name)[:count])
    assert positions >= 10 * count  # thousands of positions over the sets


@pytest.mark.slow
def test_isomorphs_are_sound_and_complete():
    rng = random.Random(14)
    used: Counter = Counter()
    for name in ("top1465_sample200", "forum_hardest_sample200", "forum_hardest_1106_sample100"):
        for line in rng.sample(load_lines(name), 3):
            check_path(isomorph(line, rng), used)
    assert any(n.endswith("Forcing Chain") for n in used)


def test_isomorph_keeps_the_puzzle():
    rng = random.Random(1)
    line = load_lines("norvig_top95")[0]
    other = isomorph(line, rng)
    assert other != line and other.count(".") == line.count(".")
    assert solver.count_solutions(grid(other), 2) == 1
