"""Candidate masks: the one bit convention, its tables, and the Candidates mapping (no Tk)."""
from __future__ import annotations

from solver import Candidates, Grid, candidates
from solver.candidates import (
    ALL, BIT, DIGIT_OF, DIGITS_IN, POP, basic_masks, candidate_masks, mask, mask_digits, unit_masks,
)
from solver.grid import PEERS

ALL_DIGITS = frozenset(range(1, 10))
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def grid(line: str) -> Grid:
    return Grid(0 if ch == "." else int(ch) for ch in line)


# -- the convention and its tables ----------------------------------------------------
def test_digit_d_is_bit_d_minus_1():
    assert ALL == 0x1FF and BIT[0] == 0
    assert [BIT[d] for d in range(1, 10)] == [1 << (d - 1) for d in range(1, 10)]
    assert mask((1, 3)) == 0b101 and mask_digits(0b101) == (1, 3) and mask_digits(0) == ()


def test_tables_agree_with_each_other():
    for m in range(512):
        assert len(DIGITS_IN[m]) == POP[m] and mask(DIGITS_IN[m]) == m
        assert DIGIT_OF[m] == (DIGITS_IN[m][0] if POP[m] == 1 else 0)


def test_masks_of_a_grid():
    g = grid(EASY)
    basic, start = basic_masks(g.cells), candidate_masks(g.cells)
    rows, cols, boxes = unit_masks(g.cells)
    for i, d in enumerate(g.cells):
        if d:
            assert basic[i] == 0 and start[i] == BIT[d]
        else:
            seen = {g.cells[p] for p in PEERS[i]}
            assert basic[i] == start[i] == mask(ALL_DIGITS - seen)
            assert ALL & ~(rows[i // 9] | cols[i % 9] | boxes[3 * (i // 27) + i % 9 // 3]) == basic[i]


# -- the public mapping -----------------------------------------------------------------
def test_candidates_are_the_digits_no_peer_holds():
    g = grid(EASY)
    cands = candidates(g)
    for r in range(9):
        for c in range(9):
            if g[r, c]:
                assert cands[r, c] == frozenset()
            else:
                seen = {g[p // 9, p % 9] for p in PEERS[9 * r + c]}
                assert cands[r, c] == ALL_DIGITS - seen
    assert cands[0, 0] == {4, 5}
    assert len(cands) == 81 and (0, 0) in cands.as_dict() and (0, 2) not in cands.as_dict()


def test_candidates_copy_on_change_and_round_trip():
    cands = candidates(grid(EASY))
    fewer = cands.without([((0, 0), 4)])
    assert fewer[0, 0] == {5} and cands[0, 0] == {4, 5}
    placed = cands.with_placement((0, 0), 4)
    assert placed[0, 0] == frozenset() and 4 not in placed[0, 1] and 4 not in placed[3, 0]
    assert Candidates.from_dict(cands.as_dict()) == cands
    assert cands.count() == sum(len(v) for v in cands.values())


