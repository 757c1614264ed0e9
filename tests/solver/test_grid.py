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
    assert g[2, 6] == 5 and g.filled_count == 1
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


# -- conflicts: the one place that finds a digit twice in a unit ------------------
from solver.grid import ROW_OF, COL_OF, BOX_OF, PEER_SETS, conflicts, first_conflict  # noqa: E402


def test_cell_tables_agree_with_the_units():
    for i in CELLS:
        assert UNITS_OF[i] == (ROW_OF[i], 9 + COL_OF[i], 18 + BOX_OF[i])
        assert PEER_SETS[i] == frozenset(PEERS[i])


def test_conflicts_lists_units_in_order_and_digits_ascending():
    cells = [0] * 81
    for i, d in ((0, 7), (1, 5), (3, 7), (4, 5), (9, 7)):  # row 1: 7 5 . 7 5; r2c1 = 7
        cells[i] = d
    assert conflicts(cells) == [(0, 5, (1, 4)), (0, 7, (0, 3)), (9, 7, (0, 9)), (18, 7, (0, 9))]
    assert conflicts([0] * 81) == []


def test_first_conflict_is_the_first_repeat_met_reading_the_units():
    cells = [0] * 81
    for i, d in ((0, 7), (1, 5), (3, 7), (4, 5)):  # the 7 repeats (c4) before the 5 (c5)
        cells[i] = d
    assert first_conflict(cells) == (0, 7, 0, 3)
    assert first_conflict([0] * 81) is None
