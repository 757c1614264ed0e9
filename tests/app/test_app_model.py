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
    assert solved.solved.filled_count == 81 - TUTORIAL.filled_count - 1
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


# -- notes (pencil marks) ---------------------------------------------------------------
def test_notes_toggle_only_in_blank_cells_and_a_digit_replaces_them():
    b = Board.from_puzzle(TUTORIAL)
    blank = TUTORIAL.blanks()[0]
    given = next((r, c) for r in range(9) for c in range(9) if TUTORIAL[r, c])
    b = b.with_note_toggled(blank, 7).with_note_toggled(blank, 2)
    assert b.notes_of(blank) == (2, 7) and b.has_notes
    assert b.with_note_toggled(blank, 7).notes_of(blank) == (2,)
    assert b.with_note_toggled(given, 1) == b  # a given cell takes no notes
    assert b.with_digit(blank, 2).notes_of(blank) == ()  # the digit replaces the cell's notes
    assert b.cleared_entries().notes == Board.from_puzzle(TUTORIAL).notes


def test_a_placed_digit_leaves_its_peers_notes_only_when_asked():
    b = Board.from_puzzle(TUTORIAL).with_all_notes(solver.candidates(TUTORIAL).masks)
    cell = TUTORIAL.blanks()[0]
    d = solver.solve(TUTORIAL)[cell]
    peers = [p for p in TUTORIAL.blanks() if p != cell and d in b.notes_of(p)
             and (p[0] == cell[0] or p[1] == cell[1] or (p[0] // 3, p[1] // 3) == (cell[0] // 3, cell[1] // 3))]
    far = [p for p in TUTORIAL.blanks() if p not in peers and p != cell and d in b.notes_of(p)]
    assert peers and far
    tidy = b.with_digit(cell, d, tidy_notes=True)
    assert all(d not in tidy.notes_of(p) for p in peers) and all(d in tidy.notes_of(p) for p in far)
    assert all(d in b.with_digit(cell, d).notes_of(p) for p in peers)


@pytest.mark.parametrize("pencil, why", [
    ({"r0c1": "3"}, "not a cell name"), ({"r1c1": "30"}, "not a string of digits"),
    ({"r1c1": 3}, "not a string of digits"), (["r1c1"], "expected cell names"),
])
def test_bad_pencil_in_the_state_file_is_refused_with_the_reason(pencil, why):
    data = Board.from_puzzle(TUTORIAL).to_dict()
    data["pencil"] = pencil
    with pytest.raises(ValueError, match=why):
        Board.from_dict(data)


def test_notes_round_trip_through_the_state_file_as_pencil():
    blank = TUTORIAL.blanks()[0]
    b = Board.from_puzzle(TUTORIAL).with_notes(blank, (9, 3, 7))
    data = json.loads(json.dumps(b.to_dict()))
    assert data["pencil"] == {f"r{blank[0] + 1}c{blank[1] + 1}": "379"}
    assert Board.from_dict(data) == b
