"""Two windows on one user folder (issue 25, item 1): no close overwrites the other window's grid.

Was: start the app twice on one folder, type digits in both, close one then the other: the
window closed last wrote its grid over the other's, silently.  Now a second window keeps its
own state file (``state-2.json``) and says so at once (app/instances.py).

Each window is a real ``python -m app`` process (``app.__main__.main``, its real main loop)
on the same SUDOKU_SOLVER_HOME; the test drives it through stdin: a key pressed in a cell (a
real <KeyPress> on the cell widget), and a close through the window's WM_DELETE_WINDOW handler,
as the window manager's close button calls it.  kill -9 is a real SIGKILL.
"""
from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import solver
from conftest import skip_or_fail_in_ci

pytestmark = pytest.mark.gui
posix_only = pytest.mark.skipif(os.name != "posix", reason="SIGKILL and flock")
ROOT = Path(__file__).resolve().parents[2]
SOLUTION = solver.solve(solver.parse(solver.example("tutorial").line)).to_line()

# The real app with a remote control on stdin: "key CELL KEYSYM", "status", "close".
_DRIVE = r"""
import json, sys, threading, queue
import app.__main__ as entry
seen = {}
real = entry.build_window
commands = queue.Queue()
def report(**data):
    print("SEEN " + json.dumps(data), flush=True)
def poll():
    c = seen["c"]
    while not commands.empty():
        cmd = commands.get().split()
        if cmd[0] == "key":
            cell = c.form.cells[int(cmd[1])]
            cell.focus_force()
            cell.event_generate("<KeyPress>", keysym=cmd[2])
            report(did="key")
        elif cmd[0] == "status":
            report(status=c.form.status_text(), state_path=str(c.state_path), grid=c.board.grid().to_line("."))
        elif cmd[0] == "close":
            c.root.tk.call(c.root.protocol("WM_DELETE_WINDOW"))  # what the close button runs
            return
    c.root.after(20, poll)
def build_window(root, state_path, settings_path=None):
    form, controller = real(root, state_path, settings_path)
    seen["c"] = controller
    root.after(50, poll)
    return form, controller
entry.build_window = build_window
threading.Thread(target=lambda: [commands.put(line) for line in sys.stdin], daemon=True).start()
code = entry.main([])
print("EXIT", code, flush=True)
"""


class Window:
    """One ``python -m app`` process on ``home``, driven through stdin."""

    def __init__(self, home: Path):
        env = dict(os.environ, SUDOKU_SOLVER_HOME=str(home), LANGUAGE="en")
        self.proc = subprocess.Popen([sys.executable, "-c", _DRIVE], cwd=ROOT, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(ln) for ln in self.proc.stdout], daemon=True).start()

    def send(self, command: str) -> dict:
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        while True:
            try:
                line = self.lines.get(timeout=60)
            except queue.Empty:
                pytest.fail(f"the window did not answer {command!r}: {self.proc.stderr.read()}")
            if line.startswith("SEEN "):
                return json.loads(line[5:])

    def type(self, digits: dict[int, str]) -> None:
        for cell, digit in digits.items():
            self.send(f"key {cell} {digit}")

    def close(self) -> None:
        self.proc.stdin.write("close\n")
        self.proc.stdin.flush()
        assert self.proc.wait(60) == 0, self.proc.stderr.read()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(60)


@pytest.fixture
def windows(tmp_path):
    if not os.environ.get("DISPLAY"):
        skip_or_fail_in_ci("no display")
    home = tmp_path / "home"
    home.mkdir()
    started: list[Window] = []

    def start() -> Window:
        w = Window(home)
        started.append(w)
        return w

    yield home, start
    for w in started:
        if w.proc.poll() is None:
            w.proc.kill()
            w.proc.wait(10)


def saved_grid(path: Path) -> str:
    return json.loads(path.read_text())["board"]["givens"]


A = {0: SOLUTION[0], 1: SOLUTION[1], 2: SOLUTION[2]}  # window A's digits, in r1c1-r1c3
B = {80: SOLUTION[80], 79: SOLUTION[79]}  # window B's, in r9c9 and r9c8


def grid_of(digits: dict[int, str]) -> str:
    return "".join(digits.get(i, ".") for i in range(81))


@posix_only
@pytest.mark.parametrize("order", ["first-closed-first", "second-closed-first"])
def test_two_windows_on_one_folder_keep_both_grids(windows, order):
    home, start = windows
    a = start()
    first = a.send("status")
    assert first["state_path"] == str(home / "state.json")
    b = start()
    second = b.send("status")
    # told at once, before typing: which file the other window keeps, which one this one keeps
    assert "Another window keeps its grid in state.json" in second["status"], second
    assert second["state_path"] == str(home / "state-2.json") and "state-2.json" in second["status"]
    a.type(A)
    b.type(B)
    assert a.send("status")["grid"] == grid_of(A) and b.send("status")["grid"] == grid_of(B)
    for w in ((a, b) if order == "first-closed-first" else (b, a)):
        w.close()
    # was: the window closed last wrote its grid over the other's
    assert saved_grid(home / "state.json") == grid_of(A)
    assert saved_grid(home / "state-2.json") == grid_of(B)
    # the next window alone takes the first window's grid back; a second one the other's
    c = start()
    again = c.send("status")
    assert again["grid"] == grid_of(A) and "Welcome back" in again["status"]
    # and says where the other window's grid is when that one was closed last
    pointed = "A grid another window saved later is kept in state-2.json" in again["status"]
    assert pointed == (order == "first-closed-first"), again["status"]
    d = start()
    assert d.send("status")["grid"] == grid_of(B)
    c.close()
    d.close()


@posix_only
def test_a_killed_window_leaves_its_grid_to_the_next_window(windows):
    """kill -9 cannot release anything itself: the system drops its lock, so the next window
    takes its state file (and its grid, at most half a second behind) back at once."""
    home, start = windows
    a = start()
    a.type(A)
    a.send("status")
    deadline = time.monotonic() + 30
    while not (home / "state.json").exists() or saved_grid(home / "state.json") != grid_of(A):
        assert time.monotonic() < deadline, "the typing was never saved"
        time.sleep(0.05)
    b = start()  # saves its empty grid at close, after the first window's
    assert b.send("status")["state_path"] == str(home / "state-2.json")
    b.close()
    a.kill()
    c = start()
    seen = c.send("status")
    assert seen["state_path"] == str(home / "state.json") and seen["grid"] == grid_of(A)
    # nothing to point to: the second window's grid, saved later, is empty
    assert "Another window" not in seen["status"] and "another window" not in seen["status"], seen
    c.close()


# -- the lock itself -----------------------------------------------------------------------

_HOLD = r"""
import sys
from pathlib import Path
from app.instances import claim_state_file
print(claim_state_file(Path(sys.argv[1]))[0], flush=True)
sys.stdin.read()
"""


@posix_only
def test_a_lock_file_naming_a_live_process_is_taken_over_when_no_one_holds_it(tmp_path, claim_state_file):
    """A pid in a lock file proves nothing (pids are reused; a killed window's file stays):
    only a lock a process holds keeps the state file, and the system drops it with the process."""
    (tmp_path / "state.json.lock").write_text(f"{os.getppid()}\n")  # a live process, long reused
    holder = subprocess.Popen([sys.executable, "-c", _HOLD, str(tmp_path)], cwd=ROOT, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline().strip() == str(tmp_path / "state.json")
        assert (tmp_path / "state.json.lock").read_text() == f"{holder.pid}\n"
        path, told = claim_state_file(tmp_path)  # this process, while the holder lives
        assert path == tmp_path / "state-2.json" and "state-2.json" in told
    finally:
        holder.kill()
        holder.wait(10)


@pytest.fixture
def claim_state_file():
    """Unlock what this test's process claimed (the app holds its lock until it ends)."""
    from app import instances  # not at the top: the process tests also run on the code before it

    before = len(instances._held)
    yield instances.claim_state_file
    while len(instances._held) > before:
        os.close(instances._held.pop())


@posix_only
def test_a_link_in_place_of_a_lock_file_is_never_followed(tmp_path, claim_state_file):
    target = tmp_path / "elsewhere"
    (tmp_path / "state.json.lock").symlink_to(target)  # planted: never opened through
    path, told = claim_state_file(tmp_path)
    assert path == tmp_path / "state-2.json" and "state-2.json" in told
    assert not target.exists()


@posix_only
def test_the_tenth_window_on_a_folder_keeps_no_grid_and_says_so(tmp_path, claim_state_file):
    paths = [claim_state_file(tmp_path)[0] for _ in range(9)]
    assert [p.name for p in paths] == ["state.json"] + [f"state-{n}.json" for n in range(2, 10)]
    path, told = claim_state_file(tmp_path)
    assert path is None and "Your grid will not be saved: 9 windows" in told and str(tmp_path) in told


@posix_only
def test_a_read_only_lock_file_left_behind_is_taken_over(tmp_path, claim_state_file, monkeypatch):
    """A lock needs no write access: a stale lock file the user cannot write to (chmod 444, or
    left by another account) still gives its state file to the next window."""
    lock = tmp_path / "state.json.lock"
    lock.write_text("12345\n")
    lock.chmod(0o444)
    real_open = os.open

    def as_a_user(path, flags, *a):  # root may write anywhere: refuse as the system would a user
        if Path(path) == lock and flags & (os.O_RDWR | os.O_WRONLY):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *a)

    monkeypatch.setattr(os, "open", as_a_user)
    path, told = claim_state_file(tmp_path)
    assert path == tmp_path / "state.json" and told is None
    monkeypatch.undo()
    holder = subprocess.Popen([sys.executable, "-c", _HOLD, str(tmp_path)], cwd=ROOT, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:  # and it is held: another process gets the next file
        assert holder.stdout.readline().strip() == str(tmp_path / "state-2.json")
    finally:
        holder.kill()
        holder.wait(10)
