"""Geometry invariants and the Grid type (no Tk)."""
import pytest

from solver import BOXES, CELLS, COLS, PEERS, ROWS, UNITS, UNITS_OF, Grid, Unit, cell_label, cell_name


def test_geometry_invariants():
    assert len(CELLS) == 81 and len(UNITS) == 27
    assert all(len(u) == 9 for u in UNITS)
    assert all(len(p) == 20 for p in PEERS)
    for i in CELLS:
        assert i not in PEERS[i]
        for u in UNITS_OF[i]:
            assert i in UNITS[u]
    assert sorted(c for b in BOXES for c in b) == list(CELLS)
    assert BOXES[4] == (30, 31, 32, 39, 40, 41, 48, 49, 50)
    assert ROWS[2][6] == COLS[6][2] == 24


def test_names_are_one_based():
    assert cell_name((2, 6)) == "r3c7"
    assert cell_label((2, 6)) == "r3c7 (row 3, column 7)"
    assert Unit("col", 6).name == "column 7"
    assert Unit.from_number(22).name == "box 5"
    assert Unit.from_number(22).cells[0] == (3, 3)


def test_grid_basics():
    g = Grid.empty().with_digit((2, 6), 5)
    assert g[2, 6] == 5 and g.clue_count == 1
    assert str(g) == "." * 24 + "5" + "." * 56
    assert g == Grid(g.cells) and hash(g) == hash(Grid(g.cells))
    assert g.filled() == [(2, 6)]
    with pytest.raises(ValueError):
        Grid([0] * 80)
    with pytest.raises(ValueError):
        Grid([10] + [0] * 80)


def test_grid_exports_shape():
    g = Grid.from_rows([[(r * 3 + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)])
    assert g.is_solution()
    assert len(g.pretty().splitlines()) == 11
    ss = g.to_ss().splitlines()
    assert len(ss) == 13 and ss[0] == "*-----------*" and ss[4] == "|---+---+---|"
