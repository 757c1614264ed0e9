"""Esc stops every background job in the real window (the real key binding, not the action).

Solve, check, the card, the generator, the worksheet and printing run on the controller's worker;
Compare and Skip to the end on the demo's own; the demo's playback is an ``after`` loop.
One Esc stops whichever runs; in the presentation view the first Esc stops the job and only a
second one leaves the view.

How soon, measured so that a busy machine changes nothing (tests/meters.py):

* the window is free as the key press is handled: the worker idle (or the playback paused)
  when the key's binding returns, with no turn of the event loop in between; a job of the
  demo's, whose outcome is handed over (``deliver``), at the first poll after its thread ended;
* the job's thread stops soon: it looks at its cancel token at most every 100 ms of its own CPU
  time, and after the look that saw the token set it uses at most 50 ms of CPU before its
  work ends (the old wall-clock limits were 0.1 s to idle and 0.15 s to the thread's end).

A real job is held at a look at its token (the 20th) until the key has been pressed, so it
certainly still runs then, however fast the machine (a check of a mistyped hard puzzle now
takes 50 ms: it used to end before the test pressed Esc).  The wall-clock times from the key
to idle and to the thread's end are the perf variants' (``pytest --perf``, ids ending in -wall).
"""
from __future__ import annotations

import threading
import time
import tkinter as tk
from tkinter import ttk

import pytest

import solver
from conftest import load_lines, wait_until
from meters import JobMeter
from test_responsive import settle_layout

pytestmark = pytest.mark.gui

#: the most CPU a job's thread may use between two looks at its cancel token (or before its first)
MAX_LOOK_GAP_CPU = 0.100
#: the most CPU a job's thread may use after the look that saw its token set
MAX_AFTER_CANCEL_CPU = 0.050
#: the look at its token a real job is held at until the key is pressed (a check makes 42)
HOLD_AT = 20
#: the perf variants' wall-clock targets: from the key press to the worker idle, and to the
#: job's thread having ended (measured alone: within 45 ms for the card, 20 ms for a check,
#: 16 ms for a count, 8 ms for the generator)
STOP_WITHIN = 0.1
THREAD_ENDS_WITHIN = 0.15
CLOCKS = ["cpu", pytest.param("wall", marks=pytest.mark.perf)]


@pytest.fixture
def win(whole_window):
    """The whole window at the size ``python -m app`` gives it (fit_to_screen): a window of no set
    size follows its content, so a panel that changed as a job ended had it resized, the grid and
    its fonts with it (200-350 ms of layout measured from the Esc, which the app never does)."""
    whole_window.form.fit_to_screen()
    whole_window.root.update()
    return whole_window


def press_escape(win, stopped) -> None:
    """Press the real Esc key in the focused widget (a cell if none): ``stopped()`` holds as soon as
    the key's binding has returned, before the event loop turns again."""
    w = win.root.focus_get() or win.form.cells[0]
    w.focus_force()
    win.root.update()
    w.event_generate("<KeyPress>", keysym="Escape")  # its bindings run before this returns
    assert stopped(), "the key press did not stop it"


@pytest.mark.parametrize("name", ["check_entries", "hint"])
def test_escape_stops_a_job_of_the_controller(win, name):
    """Any job of the controller's worker (these two are quick: a stand-in that waits is stopped; the
    long ones run for real in test_escape_stops_each_real_job_at_once)."""
    release = threading.Event()
    win.controller.run_job(name, lambda cancel: cancel.wait(10) or release.wait(10), lambda r, s: None)
    win.form.cell_grid.focus_cell((0, 0))
    press_escape(win, lambda: not win.controller.worker.busy)
    release.set()
    assert win.form.action_map.is_enabled("solve") and not win.form.action_map.is_enabled("cancel")


@pytest.mark.parametrize("job", ["compare", "skip"])
def test_escape_stops_compare_and_skip_to_the_end(win, job, monkeypatch):
    """The demo's jobs hand their outcome over (the table keeps its rows, a skip shows where it got):
    the worker is idle at its first poll after the job's thread ended, which stops soon after Esc."""
    d = win.demo
    win.controller.files.load_example("pathological")
    d.start()
    meter = JobMeter(monkeypatch, hold=job, at=HOLD_AT)
    polls = PollLog(monkeypatch, d.counts.worker)
    (d.counts.compare if job == "compare" else d.counts.skip_to_end)()
    assert d.counts.job is not None
    assert win.form.action_map.is_enabled("cancel")  # the menu item and the button say Esc stops it
    running = d.counts.job
    hold(win, meter, running)
    w = win.root.focus_get() or win.form.cells[0]
    w.focus_force()
    win.root.update()
    w.event_generate("<KeyPress>", keysym="Escape")
    assert running.token.cancelled, "Esc did not ask the job to stop"
    meter.release()
    assert wait_until(win.root, lambda: d.counts.job is None and not running.thread.is_alive()), \
        "Esc did not stop the job"
    assert_stopped_soon(meter.of(running), job, raises=job == "compare")  # a skip returns where it got
    polls.assert_idle_at_the_first_poll_after(running)
    assert not win.form.action_map.is_enabled("cancel")


def test_escape_pauses_a_playing_demo(win):
    d = win.demo
    win.controller.files.load_example("hard")
    d.start()
    d.playback.set_speed(5)
    d.playback.play()
    assert win.form.action_map.is_enabled("cancel")
    press_escape(win, lambda: not d.playing)
    pos = d.run.pos
    assert d.playback._after is None  # no batch left to run: nothing can move the run
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
    press_escape(win, lambda: not d.playing)
    assert f.is_presentation
    press_escape(win, lambda: not f.is_presentation)  # nothing runs now: Esc leaves the view
    # and a job of the controller's is stopped before the view is left, too
    f.action_map.fire("presentation")
    win.root.update()
    release = threading.Event()
    win.controller.run_job("solve", lambda cancel: cancel.wait(10) or release.wait(10), lambda r, s: None)
    press_escape(win, lambda: not win.controller.worker.busy)
    release.set()
    assert f.is_presentation


# -- how soon a job stops, counted on its own thread ----------------------------------------------

class PollLog:
    """Each poll of ``worker`` (on the Tk thread): whether the job's thread had ended before it, and
    whether the worker was busy after it."""

    def __init__(self, monkeypatch, worker):
        self.worker = worker
        self.polls: list[tuple[object, bool, bool]] = []  # (job, its thread ended before, busy after)
        poll = worker._poll

        def logged():
            job = worker.job
            ended = job is not None and job.thread is not None and not job.thread.is_alive()
            poll()
            self.polls.append((job, ended, worker.busy))

        monkeypatch.setattr(worker, "_poll", logged)

    def assert_idle_at_the_first_poll_after(self, job) -> None:
        late = [busy for polled, ended, busy in self.polls if polled is job and ended]
        assert not any(late), f"the worker was still busy at {sum(late)} polls after the job's thread ended"


def hold(win, meter: JobMeter, job) -> None:
    """Wait until ``job``'s thread waits at the look :class:`JobMeter` holds it at."""
    assert wait_until(win.root, lambda: meter.held.is_set() or not job.thread.is_alive(), timeout=120)
    assert meter.held.is_set(), (
        f"the job ended after {len(meter.of(job).looks)} looks at its token, before the look it was to "
        f"be held at ({meter.at}): give it more work")
    assert job.thread.is_alive()


def assert_stopped_soon(work, name: str, raises: bool = True) -> None:
    """The job's thread looked at its token often and ended soon after it saw the token set
    (raising solver.Cancelled, or with ``raises`` False returning what it had done)."""
    looks_after, cpu_after = work.after_cancel()
    gap = work.most_cpu_between_looks()
    assert gap <= MAX_LOOK_GAP_CPU, (
        f"{name}: {gap * 1000:.0f} ms of its thread's CPU went by between two looks at the cancel "
        f"token (limit {MAX_LOOK_GAP_CPU * 1000:.0f} ms)")
    assert cpu_after <= MAX_AFTER_CANCEL_CPU, (
        f"{name}: its thread used {cpu_after * 1000:.0f} ms of CPU after it saw the token set "
        f"({looks_after} looks more; limit {MAX_AFTER_CANCEL_CPU * 1000:.0f} ms)")
    error = work.ended[1]
    assert isinstance(error, solver.Cancelled) if raises else error is None, f"{name}: its work ended with {error!r}"


# -- the real jobs, started as a person starts them -----------------------------------------
# A mistyped hard puzzle for Check and Solve (the slip search: 42 looks, about 50 ms of CPU now),
# a hard puzzle for the card (0.8 s), Fiendish for the generator, 24 new Fiendish puzzles for a
# worksheet, the pathological puzzle's classic order counted to its end (minutes).  Each is held
# at its look HOLD_AT until the key has been pressed.  Esc is pressed in the widget that has the
# keyboard, so its bindings decide (a dialog's own Esc, or the window's).

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
    button(top, "Fiendish").invoke()
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
    next(w for w in widgets(top) if isinstance(w, ttk.Combobox)).set("Fiendish")
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


def start_real_job(win, tmp_path, name, meter):
    """Start the job ``name`` and wait until it is held at its look HOLD_AT (it has computed a
    moment, and still runs); (its dialog or None, worker, job, the board before)."""
    top = REAL_JOBS[name](win, tmp_path)
    worker, job = running_job(win, name)
    hold(win, meter, job)
    return top, worker, job, win.controller.board


def stop_real_job(win, stop, meter, polls, worker, job, name, clock, report) -> None:
    """``stop()`` (a key press, a click) while the job is held at its look, then let it go on.

    "cpu": the worker is idle as ``stop()`` returns (the demo's count, which hands its outcome
    over, at the first poll after its thread ended); the job's thread saw the cancel at the look
    it was held at and ended soon after (:func:`assert_stopped_soon`).  "wall" (perf): the job is
    let go just before the key, and the seconds from the key to the worker idle and to the thread's
    end are held to STOP_WITHIN and THREAD_ENDS_WITHIN."""
    assert job.thread.is_alive(), "the job ended before it could be stopped"
    if clock == "wall":
        meter.release()
    t0 = time.perf_counter()
    stop()
    idle_at_once = not worker.busy
    seen = {"idle": time.perf_counter()} if idle_at_once else {}
    assert job.token.cancelled, f"{name}: the job was not asked to stop"
    meter.release()

    def stopped():
        now = time.perf_counter()
        if "idle" not in seen and not worker.busy:
            seen["idle"] = now
        if "thread" not in seen and not job.thread.is_alive():
            seen["thread"] = now
        return len(seen) == 2

    assert stopped() or wait_until(win.root, stopped, timeout=120), f"the job was not stopped ({seen})"
    if clock == "wall":
        idle, ended = seen["idle"] - t0, seen["thread"] - t0
        report(f"{name}: from the key to the worker idle", idle, STOP_WITHIN)
        report(f"{name}: from the key to the job's thread ended", ended, THREAD_ENDS_WITHIN)
        assert idle <= STOP_WITHIN and ended <= THREAD_ENDS_WITHIN, \
            f"{name}: idle after {idle * 1000:.0f} ms, its thread ended after {ended * 1000:.0f} ms"
        return
    if name == "count":  # the demo's jobs hand their outcome over: idle once it has arrived
        polls.assert_idle_at_the_first_poll_after(job)
    else:
        assert idle_at_once, f"{name}: the worker was still busy when the key had been handled"
    assert_stopped_soon(meter.of(job), name)


def assert_nothing_arrives(win, name, worker, job, before, top, tmp_path):
    """The window and the dialog say Cancelled; no late result changes anything: once the job's
    thread has ended and the worker polls no more, nothing of the job can arrive."""
    c, d = win.controller, win.demo
    assert "Cancelled." in win.form.status_text()
    assert not win.form.action_map.is_enabled("cancel") and win.form.action_map.is_enabled("check") and win.form.action_map.is_enabled("solve")
    if top is not None:  # the dialog is ready again: its buttons back, its message says why
        buttons = [w for w in widgets(top) if isinstance(w, ttk.Button)]
        assert all(b.instate(["!disabled"]) for b in buttons) and "Close" in [b.cget("text") for b in buttons]
        assert any(str(w.cget("text")) == "Cancelled." for w in widgets(top) if isinstance(w, ttk.Label))
    assert wait_until(win.root, lambda: not job.thread.is_alive() and worker._after_id is None, timeout=120)
    win.root.update()
    assert c.board == before and "Cancelled." in win.form.status_text()
    assert not (tmp_path / "sheet.html").exists()
    if name == "count":
        assert d.counts.job is None and d.counts.results["row-major"]["counts"].capped


@pytest.mark.parametrize("clock", CLOCKS)
@pytest.mark.parametrize("name", REAL_JOBS)
def test_escape_stops_each_real_job_at_once(win, tmp_path, name, clock, monkeypatch, perf_report):
    """The real job, started by its key, button or dialog; Esc where the keyboard is (the dialog's
    own Esc for the dialogs' jobs).  The worker is idle as the key has been handled, the job's thread
    ends soon after, the status line says Cancelled, and nothing of the job arrives: the grid, the
    table and the files stay as they were."""
    meter = JobMeter(monkeypatch, hold=name, at=HOLD_AT)
    polls = PollLog(monkeypatch, win.demo.counts.worker)
    top, worker, job, before = start_real_job(win, tmp_path, name, meter)
    focused = (top or win.root).focus_get() or win.form.cells[0]
    stop_real_job(win, press_escape_in(focused), meter, polls, worker, job, name, clock, perf_report)
    assert_nothing_arrives(win, name, worker, job, before, top, tmp_path)


@pytest.mark.parametrize("name, how", [("check", "Cancel button"), ("rate", "Solve ▸ Cancel"),
                                       ("worksheet", "Esc in the main window"), ("generate", "Cancel button")])
def test_the_cancel_button_the_menu_item_and_esc_in_the_main_window_stop_it_too(win, tmp_path, name, how,
                                                                               monkeypatch):
    """The Cancel button under the grid (a click), the menu item Solve ▸ Cancel, and Esc in the main
    window while a dialog's job runs: the job stops, and the dialog says so and offers its buttons again
    (it kept "Making 24 puzzles…" with its buttons disabled before)."""
    meter = JobMeter(monkeypatch, hold=name, at=HOLD_AT)
    polls = PollLog(monkeypatch, win.demo.counts.worker)
    top, worker, job, before = start_real_job(win, tmp_path, name, meter)
    assert win.form.action_map.is_enabled("cancel") and win.form.cancel_button.instate(["!disabled"])
    if how == "Cancel button":
        stop = win.form.cancel_button.invoke
    elif how == "Solve ▸ Cancel":
        menu, index = win.form.action_map.items["cancel"]
        assert menu is win.form.menus["solve"] and menu.entrycget(index, "label") == "Cancel"
        stop = lambda: menu.invoke(index)  # noqa: E731 - what a click on the item does
    else:
        stop = press_escape_in(win.form.cells[40])
    stop_real_job(win, stop, meter, polls, worker, job, name, "cpu", None)
    assert_nothing_arrives(win, name, worker, job, before, top, tmp_path)


def test_escape_stops_printing_while_the_browser_is_slow_to_start(win, tmp_path, monkeypatch):
    """File ▸ Print… (Ctrl+P), Print…: the pages are made in a few ms, then the web browser is started
    on the worker (the first start may look for browsers, and a terminal browser runs until it ends).
    Here it takes its time; Esc in the dialog frees the window as the key is handled and the late
    answer is dropped (the status line never says the pages were sent)."""
    import webbrowser

    started, release = threading.Event(), threading.Event()
    monkeypatch.setattr(webbrowser, "open", lambda url, new=0: started.set() or release.wait(60))
    c = win.controller
    c.files.load_puzzle(hardest(), "loaded")
    win.form.cell_grid.focus_cell((0, 0))
    press(win.root.focus_get(), "p", state=0x4)
    win.root.update()
    top = dialog(win, "Print")
    button(top, "Print…").invoke()
    worker, job = running_job(win, "print")
    assert started.wait(60), "the browser was never started"
    before = c.board
    try:
        focused = top.focus_get() or button(top, "Print…")
        press_escape_in(focused)()
        idle_at_once = not worker.busy
    finally:
        release.set()
    assert idle_at_once, "print: the worker was still busy when the key had been handled"
    assert any(str(w.cget("text")) == "Cancelled." for w in widgets(top) if isinstance(w, ttk.Label))
    assert button(top, "Print…").instate(["!disabled"]) and not win.form.action_map.is_enabled("cancel")
    assert wait_until(win.root, lambda: not job.thread.is_alive() and worker._after_id is None, timeout=120)
    win.root.update()
    assert "Cancelled." in win.form.status_text() and "web browser" not in win.form.status_text()
    assert c.board == before


@pytest.mark.parametrize("name", ["generate", "worksheet"])
def test_a_dialog_whose_job_another_job_replaces_says_cancelled(win, tmp_path, name, monkeypatch):
    """While the dialog's job runs, F8 in the main window starts the difficulty card, which takes the
    worker: the dialog's job is stopped, and the dialog says Cancelled and offers its buttons again at
    once (before, it kept 'Making 24 puzzles…' with its buttons disabled, and Esc stayed on for it)."""
    meter = JobMeter(monkeypatch, hold=name, at=HOLD_AT)
    win.controller.files.load_puzzle(hardest(), "loaded")
    top, worker, job = start_real_job(win, tmp_path, name, meter)[:3]
    try:
        press(win.form.cells[40], "F8")
        assert worker.job is not None and worker.job.name == "rate"
        assert worker.job is not job and job.token.cancelled
        buttons = [w for w in widgets(top) if isinstance(w, ttk.Button)]
        assert all(b.instate(["!disabled"]) for b in buttons)
        assert any(str(w.cget("text")) == "Cancelled." for w in widgets(top) if isinstance(w, ttk.Label))
    finally:
        meter.release()
    assert wait_until(win.root, lambda: not worker.busy and not job.thread.is_alive(), timeout=120)
    assert not win.form.action_map.is_enabled("cancel"), "Esc stays on for a job that no longer runs"
    assert_stopped_soon(meter.of(job), name)
    assert not (tmp_path / "sheet.html").exists()
