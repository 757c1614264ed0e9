"""Esc stops every background job in the real window (the real key binding, not the action).

Solve, check, the card, the generator, the worksheet and printing run on the controller's worker;
Compare and Skip to the end on the demo's own; the demo's playback is an ``after`` loop.
One Esc stops whichever runs, within 0.1 s; in the presentation view the first Esc stops
the job and only a second one leaves the view.
"""
from __future__ import annotations

import threading
import time
import tkinter as tk
from tkinter import ttk

import pytest

import solver
from conftest import load_lines, wait_until
from test_responsive import settle_layout

pytestmark = pytest.mark.gui

STOP_WITHIN = 0.1  # seconds from the key press to the job being stopped
# ... and to the job's thread having ended: the solver looks at the cancel between steps, and the
# logical path between techniques (measured alone: within 45 ms for the card, 20 ms for a check,
# 16 ms for a count, 8 ms for the generator), with room for a busy machine
THREAD_ENDS_WITHIN = 0.15


@pytest.fixture
def win(whole_window):
    """The whole window at the size ``python -m app`` gives it (fit_to_screen): a window of no set
    size follows its content, so a panel that changed as a job ended had it resized, the grid and
    its fonts with it (200-350 ms of layout measured from the Esc, which the app never does)."""
    whole_window.form.fit_to_screen()
    whole_window.root.update()
    return whole_window


def press_escape(win, stopped) -> float:
    """Press the real Esc key in the focused widget (a cell if none); seconds until ``stopped()``."""
    w = win.root.focus_get() or win.form.cells[0]
    w.focus_force()
    win.root.update()
    t0 = time.perf_counter()
    w.event_generate("<KeyPress>", keysym="Escape")
    assert wait_until(win.root, stopped, timeout=5), "Esc did not stop the job"
    return time.perf_counter() - t0


@pytest.mark.parametrize("name", ["check_entries", "hint"])
def test_escape_stops_a_job_of_the_controller(win, name):
    """Any job of the controller's worker (these two are quick: a stand-in that waits is stopped; the
    long ones run for real in test_escape_stops_each_real_job_within_a_tenth_of_a_second)."""
    release = threading.Event()
    win.controller.run_job(name, lambda cancel: cancel.wait(10) or release.wait(10), lambda r, s: None)
    win.form.cell_grid.focus_cell((0, 0))
    seconds = press_escape(win, lambda: not win.controller.worker.busy)
    release.set()
    assert seconds <= STOP_WITHIN and win.form.action_map.is_enabled("solve") and not win.form.action_map.is_enabled("cancel")


@pytest.mark.parametrize("job", ["compare", "skip"])
def test_escape_stops_compare_and_skip_to_the_end(win, job):
    d = win.demo
    win.controller.files.load_example("pathological")
    d.start()
    (d.counts.compare if job == "compare" else d.counts.skip_to_end)()
    assert d.counts.job is not None
    assert win.form.action_map.is_enabled("cancel")  # the menu item and the button say Esc stops it
    seconds = press_escape(win, lambda: d.counts.job is None)
    assert seconds <= STOP_WITHIN
    assert not win.form.action_map.is_enabled("cancel")


def test_escape_pauses_a_playing_demo(win):
    d = win.demo
    win.controller.files.load_example("hard")
    d.start()
    d.playback.set_speed(5)
    d.playback.play()
    assert win.form.action_map.is_enabled("cancel")
    seconds = press_escape(win, lambda: not d.playing)
    assert seconds <= STOP_WITHIN
    pos = d.run.pos
    wait_until(win.root, lambda: False, timeout=0.5)
    assert d.run.pos == pos  # no further step after the pause


def test_in_the_presentation_view_escape_first_stops_the_job_then_leaves(win):
    d, f = win.demo, win.form
    win.controller.files.load_example("hard")
    d.start()
    d.playback.set_speed(5)
    d.playback.play()
    f.action_map.fire("presentation")
    win.root.update()
    assert f.is_presentation
    seconds = press_escape(win, lambda: not d.playing)
    assert seconds <= STOP_WITHIN and f.is_presentation
    press_escape(win, lambda: not f.is_presentation)  # nothing runs now: Esc leaves the view
    # and a job of the controller's is stopped before the view is left, too
    f.action_map.fire("presentation")
    win.root.update()
    release = threading.Event()
    win.controller.run_job("solve", lambda cancel: cancel.wait(10) or release.wait(10), lambda r, s: None)
    seconds = press_escape(win, lambda: not win.controller.worker.busy)
    release.set()
    assert seconds <= STOP_WITHIN and f.is_presentation


# -- the real jobs, started as a person starts them -----------------------------------------
# Each runs for seconds (or would): a mistyped hard puzzle for Check and Solve (the slip search),
# a hard puzzle for the card, Expert for the generator, 24 new Expert puzzles for a worksheet,
# the pathological puzzle's classic order counted to its end.  Esc is pressed in the widget
# that has the keyboard, so its bindings decide (a dialog's own Esc, or the window's).

def press(widget, keysym: str, state: int = 0) -> None:
    """A real key press in ``widget`` (its bindings and bind tags decide what happens)."""
    widget.focus_force()
    widget.event_generate("<KeyPress>", keysym=keysym, state=state)


def hardest(i: int = 0) -> solver.Grid:
    return solver.parse(load_lines("forum_hardest_1106_sample100")[i])


def mistyped(g: solver.Grid) -> solver.Grid:
    """``g`` with one given typed wrong: no solution, so Check looks for the slip (its longest work)."""
    cell = g.filled()[3]
    return g.with_digit(cell, g[cell] % 9 + 1)


def widgets(w):
    yield w
    for child in w.winfo_children():
        yield from widgets(child)


def dialog(win, title: str) -> tk.Toplevel:
    """The open dialog window called ``title``."""
    wins = [w for w in win.root.winfo_children() if isinstance(w, tk.Toplevel) and w.title() == title]
    assert len(wins) == 1, f"no dialog {title!r}"
    return wins[0]


def button(top, text: str):
    """The button (or radio button) of ``top`` labelled ``text``."""
    found = [w for w in widgets(top) if isinstance(w, (ttk.Button, ttk.Radiobutton)) and w.cget("text") == text]
    assert len(found) == 1, f"no button {text!r}"
    return found[0]


def start_check(win, tmp_path):
    win.controller.files.load_puzzle(mistyped(hardest()), "loaded")
    win.form.cell_grid.focus_cell((0, 0))
    press(win.root.focus_get(), "F5")


def start_solve(win, tmp_path):
    win.controller.files.load_puzzle(mistyped(hardest()), "loaded")
    win.form.solve_button.invoke()  # a click on Solve


def start_rate(win, tmp_path):
    win.controller.files.load_puzzle(hardest(7), "loaded")
    win.form.cell_grid.focus_cell((0, 0))
    press(win.root.focus_get(), "F8")


def start_generate(win, tmp_path):
    win.form.cell_grid.focus_cell((0, 0))
    press(win.root.focus_get(), "n", state=0x4)  # Ctrl+N: Teach ▸ New puzzle…
    win.root.update()
    top = dialog(win, "New puzzle")
    button(top, "Expert").invoke()
    go = button(top, "Generate")
    go.focus_force()
    win.root.update()
    go.invoke()
    return top


def start_worksheet(win, tmp_path):
    win.form.dialogs.save_path = str(tmp_path / "sheet.html")
    win.form.cell_grid.focus_cell((0, 0))
    press(win.root.focus_get(), "P", state=0x5)  # Ctrl+Shift+P: File ▸ Print worksheet…
    win.root.update()
    top = dialog(win, "Print worksheet")
    button(top, "New puzzles at a level").invoke()
    count = next(w for w in widgets(top) if isinstance(w, ttk.Spinbox))
    count.delete(0, "end")
    count.insert(0, "24")
    next(w for w in widgets(top) if isinstance(w, ttk.Combobox)).set("Expert")
    go = button(top, "Save as…")
    go.focus_force()
    win.root.update()
    go.invoke()
    return top


def start_count(win, tmp_path):
    d = win.demo
    win.controller.files.load_example("pathological")
    win.form.cell_grid.focus_cell((0, 0))
    press(win.root.focus_get(), "d", state=0x4)  # Ctrl+D: the search demo
    assert wait_until(win.root, lambda: d.active and d.run is not None)
    d.panel.compare_button.invoke()
    assert wait_until(win.root, lambda: d.counts.job is None, timeout=60), "Compare did not finish"
    assert d.counts.results["row-major"]["counts"].capped and d.panel.full_button.winfo_ismapped()
    area = win.form.side_area.inner  # the filled table is laid out before the count starts
    settle_layout(win.root, lambda: (area.winfo_reqwidth(), area.winfo_reqheight()))
    d.panel.full_button.invoke()  # Count the whole run: hundreds of millions of placements


REAL_JOBS = {"check": start_check, "solve": start_solve, "rate": start_rate, "generate": start_generate,
             "worksheet": start_worksheet, "count": start_count}


def running_job(win, name):
    """The job called ``name`` that runs now (the controller's worker, or the demo's for a count)."""
    worker = win.demo.counts.worker if name == "count" else win.controller.worker
    job = worker.job
    assert job is not None and job.name == name, f"{name} is not running: {win.form.status_text()!r}"
    return worker, job


def press_escape_in(w):
    """Esc pressed in the widget ``w`` (the real key, through its bindings)."""
    w.focus_force()
    w.update()
    return lambda: w.event_generate("<KeyPress>", keysym="Escape")


def stop_and_time(win, stop, worker, job):
    """``stop()`` (a key press, a click); seconds until the worker is idle and until the job's
    thread has ended (it computes nothing more), looked at as ``stop`` returns, then in the Tk loop."""
    assert job.thread.is_alive(), "the job ended before it could be stopped"
    t0 = time.perf_counter()
    stop()
    seen = {}

    def stopped():
        now = time.perf_counter()
        if "idle" not in seen and not worker.busy:
            seen["idle"] = now
        if "thread" not in seen and not job.thread.is_alive():
            seen["thread"] = now
        return len(seen) == 2

    assert stopped() or wait_until(win.root, stopped, timeout=5), f"the job was not stopped ({seen})"
    return seen["idle"] - t0, seen["thread"] - t0


def assert_stopped_and_nothing_arrives(win, name, idle, ended, before, top, tmp_path):
    """Stopped in time; the window and the dialog say Cancelled; no late result changes anything."""
    c, d = win.controller, win.demo
    assert idle <= STOP_WITHIN and ended <= THREAD_ENDS_WITHIN, \
        f"{name}: idle after {idle * 1000:.0f} ms, its thread ended after {ended * 1000:.0f} ms"
    assert "Cancelled." in win.form.status_text()
    assert not win.form.action_map.is_enabled("cancel") and win.form.action_map.is_enabled("check") and win.form.action_map.is_enabled("solve")
    if top is not None:  # the dialog is ready again: its buttons back, its message says why
        buttons = [w for w in widgets(top) if isinstance(w, ttk.Button)]
        assert all(b.instate(["!disabled"]) for b in buttons) and "Close" in [b.cget("text") for b in buttons]
        assert any(str(w.cget("text")) == "Cancelled." for w in widgets(top) if isinstance(w, ttk.Label))
    wait_until(win.root, lambda: False, timeout=0.3)  # a late result would arrive in this time
    assert c.board == before and "Cancelled." in win.form.status_text()
    assert not (tmp_path / "sheet.html").exists()
    if name == "count":
        assert d.counts.job is None and d.counts.results["row-major"]["counts"].capped


def start_real_job(win, tmp_path, name):
    """Start the job ``name``; (its dialog or None, worker, job, the board before)."""
    top = REAL_JOBS[name](win, tmp_path)
    worker, job = running_job(win, name)
    # it computes a moment first (a quick Expert puzzle may take only 30 ms: stopped at once)
    if name != "generate":
        wait_until(win.root, lambda: job.seconds >= 0.05 or not job.thread.is_alive(), timeout=1)
    return top, worker, job, win.controller.board


@pytest.mark.parametrize("name", REAL_JOBS)
def test_escape_stops_each_real_job_within_a_tenth_of_a_second(win, tmp_path, name):
    """The real job, started by its key, button or dialog; Esc where the keyboard is (the dialog's
    own Esc for the dialogs' jobs).  Within 0.1 s the worker is idle, soon after the job's thread has
    ended, the status line says Cancelled, and nothing of the job arrives: the grid, the table and the
    files stay as they were."""
    top, worker, job, before = start_real_job(win, tmp_path, name)
    focused = (top or win.root).focus_get() or win.form.cells[0]
    idle, ended = stop_and_time(win, press_escape_in(focused), worker, job)
    assert_stopped_and_nothing_arrives(win, name, idle, ended, before, top, tmp_path)


@pytest.mark.parametrize("name, how", [("check", "Cancel button"), ("rate", "Solve ▸ Cancel"),
                                       ("worksheet", "Esc in the main window"), ("generate", "Cancel button")])
def test_the_cancel_button_the_menu_item_and_esc_in_the_main_window_stop_it_too(win, tmp_path, name, how):
    """The Cancel button under the grid (a click), the menu item Solve ▸ Cancel, and Esc in the main
    window while a dialog's job runs: the job stops, and the dialog says so and offers its buttons again
    (it kept "Making 24 puzzles…" with its buttons disabled before)."""
    top, worker, job, before = start_real_job(win, tmp_path, name)
    assert win.form.action_map.is_enabled("cancel") and win.form.cancel_button.instate(["!disabled"])
    if how == "Cancel button":
        stop = win.form.cancel_button.invoke
    elif how == "Solve ▸ Cancel":
        menu, index = win.form.action_map.items["cancel"]
        assert menu is win.form.menus["solve"] and menu.entrycget(index, "label") == "Cancel"
        stop = lambda: menu.invoke(index)  # noqa: E731 - what a click on the item does
    else:
        stop = press_escape_in(win.form.cells[40])
    idle, ended = stop_and_time(win, stop, worker, job)
    assert_stopped_and_nothing_arrives(win, name, idle, ended, before, top, tmp_path)


def test_escape_stops_printing_while_the_browser_is_slow_to_start(win, tmp_path, monkeypatch):
    """File ▸ Print… (Ctrl+P), Print…: the pages are made in a few ms, then the web browser is started
    on the worker (the first start may look for browsers, and a terminal browser runs until it ends).
    Here it takes its time; Esc in the dialog frees the window within 0.1 s and the late answer is
    dropped (the status line never says the pages were sent)."""
    import webbrowser

    started, release = threading.Event(), threading.Event()
    monkeypatch.setattr(webbrowser, "open", lambda url, new=0: started.set() or release.wait(10))
    c = win.controller
    c.files.load_puzzle(hardest(), "loaded")
    win.form.cell_grid.focus_cell((0, 0))
    press(win.root.focus_get(), "p", state=0x4)
    win.root.update()
    top = dialog(win, "Print")
    button(top, "Print…").invoke()
    worker, job = running_job(win, "print")
    assert started.wait(5), "the browser was never started"
    before = c.board
    try:
        focused = top.focus_get() or button(top, "Print…")
        t0 = time.perf_counter()
        press_escape_in(focused)()
        assert not worker.busy or wait_until(win.root, lambda: not worker.busy, timeout=5)
        idle = time.perf_counter() - t0
    finally:
        release.set()
    assert idle <= STOP_WITHIN, f"print: idle after {idle * 1000:.0f} ms"
    assert any(str(w.cget("text")) == "Cancelled." for w in widgets(top) if isinstance(w, ttk.Label))
    assert button(top, "Print…").instate(["!disabled"]) and not win.form.action_map.is_enabled("cancel")
    assert wait_until(win.root, lambda: not job.thread.is_alive(), timeout=5)
    wait_until(win.root, lambda: False, timeout=0.3)
    assert "Cancelled." in win.form.status_text() and "web browser" not in win.form.status_text()
    assert c.board == before


@pytest.mark.parametrize("name", ["generate", "worksheet"])
def test_a_dialog_whose_job_another_job_replaces_says_cancelled(win, tmp_path, name):
    """While the dialog's job runs, F8 in the main window starts the difficulty card, which takes the
    worker: the dialog's job is stopped, and the dialog says Cancelled and offers its buttons again at
    once (before, it kept 'Making 24 puzzles…' with its buttons disabled, and Esc stayed on for it)."""
    win.controller.files.load_puzzle(hardest(), "loaded")
    top, worker, job = start_real_job(win, tmp_path, name)[:3]
    press(win.form.cells[40], "F8")
    assert worker.job is not None and worker.job.name == "rate"
    assert worker.job is not job and job.token.is_set()
    buttons = [w for w in widgets(top) if isinstance(w, ttk.Button)]
    assert all(b.instate(["!disabled"]) for b in buttons)
    assert any(str(w.cget("text")) == "Cancelled." for w in widgets(top) if isinstance(w, ttk.Label))
    assert wait_until(win.root, lambda: not worker.busy, timeout=10)
    assert not win.form.action_map.is_enabled("cancel"), "Esc stays on for a job that no longer runs"
    assert wait_until(win.root, lambda: not job.thread.is_alive(), timeout=1)
    assert not (tmp_path / "sheet.html").exists()
