"""app.worker.Worker on a real Tk root: one job at a time, cancel, stale results, errors, progress."""
from __future__ import annotations

import gc
import threading

import pytest

import solver
from app.worker import CancelToken, Worker
from conftest import wait_until

pytestmark = pytest.mark.gui


class Log:
    """Records every callback with the thread it ran on."""

    def __init__(self):
        self.calls: list[tuple] = []

    def done(self, tag):
        return lambda result, seconds: self.calls.append((tag, "done", result, threading.current_thread()))

    def error(self, tag):
        return lambda exc: self.calls.append((tag, "error", exc, threading.current_thread()))

    def busy(self, busy, name):
        self.calls.append(("busy", busy, name))


@pytest.fixture
def worker(tk_root):
    log = Log()
    w = Worker(tk_root, poll_ms=10, on_busy=log.busy)
    w.log = log
    yield w
    w.shutdown()


def finished(w, tag):
    return [c for c in w.log.calls if c[0] == tag]


def test_a_result_arrives_on_the_tk_thread_with_busy_around_it(tk_root, worker):
    job = worker.start("add", lambda token: 2 + 3, worker.log.done("add"), worker.log.error("add"))
    assert worker.busy and worker.job is job and worker.job_name == "add"
    assert wait_until(tk_root, lambda: not worker.busy)
    assert finished(worker, "add") == [("add", "done", 5, threading.main_thread())]
    assert worker.log.calls[0] == ("busy", True, "add") and ("busy", False, "add") in worker.log.calls


def test_one_job_at_a_time_a_new_one_cancels_the_old_and_drops_its_result(tk_root, worker):
    release = threading.Event()
    tokens = []

    def slow(token):
        tokens.append(token)
        release.wait(5)
        return "old"

    worker.start("old", slow, worker.log.done("old"), worker.log.error("old"))
    assert wait_until(tk_root, lambda: tokens)
    worker.start("new", lambda token: "new", worker.log.done("new"), worker.log.error("new"))
    assert tokens[0].cancelled  # the old job was told to stop
    release.set()
    assert wait_until(tk_root, lambda: finished(worker, "new"))
    wait_until(tk_root, lambda: False, timeout=0.1)
    assert finished(worker, "old") == []  # its late result never arrives
    assert [c[2] for c in finished(worker, "new")] == ["new"]


def test_cancel_forgets_the_job_at_once(tk_root, worker):
    release = threading.Event()
    worker.start("slow", lambda token: release.wait(5), worker.log.done("slow"), worker.log.error("slow"))
    assert worker.cancel()
    assert not worker.busy and worker.log.calls[-1] == ("busy", False, "slow")
    release.set()
    wait_until(tk_root, lambda: False, timeout=0.1)
    assert finished(worker, "slow") == []
    assert not worker.cancel()  # idle: nothing to cancel


def test_a_solver_call_stops_at_cancel_and_a_delivering_cancel_reports_it(tk_root, worker):
    pathological = solver.parse(solver.example("pathological").line)
    worker.start("count", lambda token: solver.count_backtrack_work(pathological, "row-major", cap=10 ** 15,
                                                                      cancel=token),
                 worker.log.done("count"), worker.log.error("count"))
    assert wait_until(tk_root, lambda: worker.job.token.looks > 2, timeout=60)
    assert worker.cancel(deliver=True, wait=True)  # joined and delivered before returning
    assert not worker.busy
    [(_, kind, exc, thread)] = finished(worker, "count")
    assert kind == "error" and isinstance(exc, solver.Cancelled) and thread is threading.main_thread()


def test_a_delivering_cancel_still_hands_over_what_was_done(tk_root, worker):
    def partial(token):
        n = 0
        while not token.cancelled:
            n += 1
        return n

    worker.start("partial", partial, worker.log.done("partial"), worker.log.error("partial"))
    assert worker.cancel(deliver=True)
    assert worker.busy  # until the outcome is handled
    assert wait_until(tk_root, lambda: not worker.busy)
    [(_, kind, n, _)] = finished(worker, "partial")
    assert kind == "done" and isinstance(n, int)


def test_an_exception_becomes_a_message_for_on_error(tk_root, worker):
    def broken(token):
        raise ValueError("bad puzzle")

    worker.start("broken", broken, worker.log.done("broken"), worker.log.error("broken"))
    assert wait_until(tk_root, lambda: not worker.busy)
    [(_, kind, exc, thread)] = finished(worker, "broken")
    assert kind == "error" and str(exc) == "bad puzzle" and thread is threading.main_thread()
    assert not tk_root.callback_errors


def test_progress_is_reported_while_the_job_runs_and_counts_the_looks(tk_root, worker):
    release = threading.Event()
    seen: list[float] = []

    def looking(token):
        while not release.is_set():
            token.is_set()
        return token.looks

    worker.start("look", looking, worker.log.done("look"), worker.log.error("look"), on_progress=seen.append)
    assert wait_until(tk_root, lambda: len(seen) >= 3)
    assert seen == sorted(seen) and worker.job.token.looks > 0
    release.set()
    assert wait_until(tk_root, lambda: not worker.busy)
    assert finished(worker, "look")[0][2] > 0


def test_a_token_counts_is_set_but_not_cancelled():
    token = CancelToken()
    assert not token.cancelled and token.looks == 0
    assert not token.is_set() and token.looks == 1
    token.set()
    assert token.cancelled and token.is_set() and token.looks == 2


def test_the_garbage_collector_is_paused_while_a_pause_gc_job_runs(tk_root, worker):
    assert gc.isenabled()
    release = threading.Event()
    worker.start("count", lambda token: release.wait(5), worker.log.done("count"), worker.log.error("count"),
                 pause_gc=True)
    assert not gc.isenabled()
    release.set()
    assert wait_until(tk_root, lambda: not worker.busy)
    assert gc.isenabled()
    worker.start("count", lambda token: release.wait(5), worker.log.done("c2"), worker.log.error("c2"),
                 pause_gc=True)
    worker.cancel()
    assert gc.isenabled()  # a cancel gives the collector back too


def test_shutdown_stops_polling_and_refuses_new_jobs(tk_root, worker):
    release = threading.Event()
    worker.start("slow", lambda token: release.wait(5), worker.log.done("slow"), worker.log.error("slow"),
                 pause_gc=True)
    worker.shutdown()
    assert not worker.busy and gc.isenabled()
    release.set()
    wait_until(tk_root, lambda: False, timeout=0.1)
    assert finished(worker, "slow") == []
    with pytest.raises(RuntimeError):
        worker.start("late", lambda token: None, worker.log.done("late"), worker.log.error("late"))


def test_a_worker_lets_the_tk_thread_take_the_interpreter_within_a_millisecond(tk_root):
    """Every Tcl call of the Tk thread lets go of the GIL and waits to take it back from a computing
    job; Python's default switch interval (5 ms) made a callback of 20 Tcl calls wait 180-330 ms
    (tools/bench_gil.py).  That wait is no CPU time of the Tk thread, so the window tests, which
    measure CPU (tests/meters.py), cannot see it: the setting itself is checked here, and the
    wall-clock gaps by the perf tests (pytest --perf tests/test_responsive.py)."""
    import sys

    from app.worker import SWITCH_INTERVAL

    assert SWITCH_INTERVAL <= 0.001
    old = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    try:
        Worker(tk_root).shutdown()
        assert sys.getswitchinterval() <= SWITCH_INTERVAL
    finally:
        sys.setswitchinterval(old)
