"""``python -m app`` as a real process: no display, --version, and a session driven by xdotool."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import solver

from conftest import skip_or_fail_in_ci

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = solver.example("tutorial").line


def _env(home: Path, display: bool = True) -> dict:
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    env = dict(os.environ, SUDOKU_SOLVER_HOME=str(home), PYTHONPATH=path)
    if not display:
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
    return env


def test_without_a_display_it_says_so_in_one_line_and_fails(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "app"], env=_env(tmp_path, display=False),
                          capture_output=True, text=True, timeout=30, cwd=tmp_path)
    assert proc.returncode != 0
    assert proc.stderr.strip() == "sudoku-solver: cannot open a window: no display (is DISPLAY set?)"


def test_version(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "app", "--version"], env=_env(tmp_path, display=False),
                          capture_output=True, text=True, timeout=30, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.strip() == f"sudoku-solver {solver.__version__}"


def _xdotool(*args: str) -> str:
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=10).stdout.strip()


def _clipboard() -> str:
    """The clipboard text ('' when the owner does not answer within 2 s)."""
    try:
        return subprocess.run(["xclip", "-selection", "clipboard", "-o"], capture_output=True, text=True,
                              timeout=2).stdout
    except subprocess.TimeoutExpired:
        return ""


def _wait_for(predicate, timeout: float):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return predicate()


@pytest.mark.gui
def test_paste_solve_copy_with_a_real_keyboard(tmp_path):
    if not (shutil.which("xdotool") and shutil.which("xclip")):
        skip_or_fail_in_ci("needs xdotool and xclip")
    if not os.environ.get("DISPLAY"):
        skip_or_fail_in_ci("no display")
    env = _env(tmp_path)
    app = subprocess.Popen([sys.executable, "-m", "app"], env=env, cwd=tmp_path,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    feeder = None
    try:
        # a hang guard, not a start-up target (tools/measure_startup.py measures that)
        wid = _wait_for(lambda: _xdotool("search", "--onlyvisible", "--name", "^Sudoku Solver$"), 60)
        assert wid, "the window did not appear"
        wid = wid.split()[0]
        _xdotool("windowfocus", "--sync", wid)
        # put the puzzle on the clipboard (xclip serves it until the app takes the clipboard)
        feeder = subprocess.Popen(["xclip", "-selection", "clipboard", "-i"], stdin=subprocess.PIPE,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        feeder.stdin.write(TUTORIAL.encode())
        feeder.stdin.close()
        assert _wait_for(lambda: _clipboard().strip() == TUTORIAL, 5)
        _xdotool("key", "--clearmodifiers", "ctrl+v")
        _xdotool("key", "--clearmodifiers", "ctrl+Return")

        def solved_copy():
            _xdotool("key", "--clearmodifiers", "ctrl+c")
            time.sleep(0.1)
            text = _clipboard().strip()
            try:
                g = solver.parse(text)
            except solver.ParseError:
                return None
            return g if g.is_solution() else None

        solution = _wait_for(solved_copy, 60)
        assert solution is not None, f"no solved grid on the clipboard: {_clipboard()!r}"
        assert solver.parse(TUTORIAL).agrees_with(solution)
        _xdotool("key", "--clearmodifiers", "ctrl+q")
        assert app.wait(60) == 0
        state = json.loads((tmp_path / "state.json").read_text())
        assert state["board"]["givens"] == TUTORIAL  # the session survives the close
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(5)
        if feeder is not None and feeder.poll() is None:
            feeder.kill()
            feeder.wait(5)
