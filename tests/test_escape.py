"""Esc stops every background job in the real window (the real key binding, not the action).

Solve, check, the card, the generator and the worksheet run on the controller's worker;
Compare and Skip to the end on the demo's own; the demo's playback is an ``after`` loop.
One Esc stops whichever runs, within 0.1 s; in the presentation view the first Esc stops
the job and only a second one leaves the view.
"""
from __future__ import annotations

import threading
import time

import pytest

from conftest import wait_until

pytestmark = pytest.mark.gui

STOP_WITHIN = 0.1  # seconds from the key press to the job being stopped


@pytest.fixture
def win(whole_window):
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


@pytest.mark.parametrize("name", ["solve", "check", "rate", "generate", "worksheet", "check_entries"])
def test_escape_stops_a_job_of_the_controller(win, name):
    release = threading.Event()
    win.controller.run_job(name, lambda cancel: cancel.wait(10) or release.wait(10), lambda r, s: None)
    win.form.focus_cell((0, 0))
    seconds = press_escape(win, lambda: not win.controller.worker.busy)
    release.set()
    assert seconds <= STOP_WITHIN and win.form.is_enabled("solve") and not win.form.is_enabled("cancel")


@pytest.mark.parametrize("job", ["compare", "skip"])
def test_escape_stops_compare_and_skip_to_the_end(win, job):
    d = win.demo
    win.controller.load_example("pathological")
    d.start()
    (d.counts.compare if job == "compare" else d.counts.skip_to_end)()
    assert d.counts.job is not None
    assert win.form.is_enabled("cancel")  # the menu item and the button say Esc stops it
    seconds = press_escape(win, lambda: d.counts.job is None)
    assert seconds <= STOP_WITHIN
    assert not win.form.is_enabled("cancel")


def test_escape_pauses_a_playing_demo(win):
    d = win.demo
    win.controller.load_example("hard")
    d.start()
    d.set_speed(5)
    d.play()
    assert win.form.is_enabled("cancel")
    seconds = press_escape(win, lambda: not d.playing)
    assert seconds <= STOP_WITHIN
    pos = d.run.pos
    wait_until(win.root, lambda: False, timeout=0.5)
    assert d.run.pos == pos  # no further step after the pause


def test_in_the_presentation_view_escape_first_stops_the_job_then_leaves(win):
    d, f = win.demo, win.form
    win.controller.load_example("hard")
    d.start()
    d.set_speed(5)
    d.play()
    f.fire("presentation")
    win.root.update()
    assert f.is_presentation
    seconds = press_escape(win, lambda: not d.playing)
    assert seconds <= STOP_WITHIN and f.is_presentation
    press_escape(win, lambda: not f.is_presentation)  # nothing runs now: Esc leaves the view
    # and a job of the controller's is stopped before the view is left, too
    f.fire("presentation")
    win.root.update()
    release = threading.Event()
    win.controller.run_job("solve", lambda cancel: cancel.wait(10) or release.wait(10), lambda r, s: None)
    seconds = press_escape(win, lambda: not win.controller.worker.busy)
    release.set()
    assert seconds <= STOP_WITHIN and f.is_presentation
