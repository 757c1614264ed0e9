"""Nothing lost while typing: the state file is at most 0.5 s behind, however steady the typing.

A debounce alone never fires while keys keep coming closer than its delay apart, so a
crash (kill -9) after steady typing lost everything since the last pause.
"""
from __future__ import annotations

import json
import time

import pytest

import solver
from app.controller import Controller
from app.window.view import SudokuForm

pytestmark = pytest.mark.gui

MAX_LOST = 0.5  # seconds of typing a crash may lose
SLACK = 0.06  # the timer's and the loop's own lateness


def saved_digits(path) -> str | None:
    try:
        return json.loads(path.read_text())["board"]["givens"]
    except (OSError, ValueError, KeyError):
        return None


def test_steady_typing_is_saved_at_least_every_half_second(tk_root, sudoku_home):
    state = sudoku_home / "state.json"
    form = SudokuForm(tk_root)
    controller = Controller(form, state_path=state)  # the real save delay
    controller.start()
    tk_root.update()
    solution = solver.solve(solver.parse(solver.example("tutorial").line)).to_line()
    typed: list[tuple[float, int]] = []  # (when, cell index) of each key
    worst = 0.0
    t0 = time.perf_counter()
    next_key = t0
    try:
        while time.perf_counter() - t0 < 3.2:
            now = time.perf_counter()
            if now >= next_key and len(typed) < 11:
                i = len(typed)
                cell = form.cells[i]
                cell.focus_force()
                cell.event_generate("<KeyPress>", keysym=solution[i])
                typed.append((time.perf_counter(), i))
                next_key += 0.3
            tk_root.update()
            # a kill -9 now would leave the file as it is: how old is the oldest key it lacks?
            digits = saved_digits(state) or "." * 81
            missing = [when for when, i in typed if digits[i] != solution[i]]
            if missing:
                worst = max(worst, time.perf_counter() - missing[0])
            time.sleep(0.005)
    finally:
        controller.close()
    print(f"typing a crash could lose: at most {worst:.3f} s")
    assert len(typed) == 11
    assert worst <= MAX_LOST + SLACK, f"a crash could have lost {worst:.2f} s of typing"
