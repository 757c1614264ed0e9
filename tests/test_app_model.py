"""The app's model and files without Tk: Board layers, undo history, atomic state file."""
from __future__ import annotations

import json
import os

import pytest

import solver
from app.model import GIVENS, SOLVING, Board, History
from app.storage import StateError, atomic_write_text, read_state, write_state

TUTORIAL = solver.parse(solver.example("tutorial").line)


def test_typing_sets_givens_or_entries_by_mode():
    b = Board().with_digit((0, 0), 5)
    assert b.givens[0, 0] == 5 and b.style_of((0, 0)) == "given" and not b.is_locked((0, 0))
    b = b.locked().with_digit((0, 1), 6)
    assert b.mode == SOLVING and b.entries[0, 1] == 6 and b.style_of((0, 1)) == "entry"
    assert b.is_locked((0, 0)) and b.grid().to_line()[:2] == "56"


def test_solution_fills_blanks_only_and_clear_entries_keeps_givens():
    solution = solver.solve(TUTORIAL)
    b = Board.from_puzzle(TUTORIAL).with_digit((0, 2), solution[0, 2])
    solved = b.with_solution(solution)
    assert solved.grid() == solution
    assert solved.style_of((0, 2)) == "entry" and solved.style_of((0, 3)) == "given"
    assert solved.solved.clue_count == 81 - TUTORIAL.clue_count - 1
    assert solved.cleared_entries().grid() == TUTORIAL


def test_board_round_trips_through_plain_data():
    b = Board.from_puzzle(TUTORIAL).with_digit((0, 2), 5)
    assert Board.from_dict(json.loads(json.dumps(b.to_dict()))) == b


@pytest.mark.parametrize("bad", [
    {"givens": "1" * 80},
    {"givens": "x" * 81},
    {"mode": "dancing"},
    {"givens": "1" + "." * 80, "entries": "2" + "." * 80},  # two layers in one cell
])
def test_malformed_board_data_is_refused(bad):
    with pytest.raises((ValueError, TypeError)):
        Board.from_dict(bad)


def test_history_undoes_and_redoes_and_forgets_redo_on_a_new_change():
    h = History(limit=3)
    boards = [Board().with_digit((0, 0), d) for d in range(1, 6)]
    current = Board()
    for b in boards:
        h.record(current)
        current = b
    back = h.undo(current)
    assert back == boards[3]
    assert h.redo(back) == boards[4]
    h.undo(boards[4])
    h.record(boards[3])
    assert not h.can_redo
    n = 0
    while h.undo(current) is not None:
        n += 1
    assert n == 3  # bounded


def test_atomic_write_replaces_and_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "state.json"
    target.write_text("old")
    atomic_write_text(target, "new")
    assert target.read_text() == "new" and os.listdir(tmp_path) == ["state.json"]
    with pytest.raises(OSError):
        atomic_write_text(tmp_path / "missing-folder" / "x.json", "data")


def test_state_file_round_trip_and_corrupt_file_set_aside(tmp_path):
    path = tmp_path / "state.json"
    assert read_state(path) is None
    write_state(path, {"board": Board().to_dict()})
    assert read_state(path)["version"] == 1
    path.write_bytes(b"\xff\xfe garbage")
    with pytest.raises(StateError) as err:
        read_state(path)
    assert err.value.aside is not None and err.value.aside.exists() and not path.exists()
    assert err.value.aside.name.startswith("state.json.corrupt-")
    path.write_text("[1, 2]")  # valid JSON, wrong shape
    with pytest.raises(StateError):
        read_state(path)
    assert len(list(tmp_path.glob("state.json.corrupt-*"))) == 2
