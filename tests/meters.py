"""Measures for the window's tests that a busy machine does not change.

A shared machine stretches the wall clock: another process has the core, or a job's thread,
descheduled, holds the interpreter lock the Tk thread waits for (docs/benchmarks.md saw gaps of
138-200 ms in which the Tk thread used about 0 ms of CPU).  The tests therefore assert

* the **CPU time of the Tk thread** (``time.thread_time()`` read on it): per Python callback Tk
  calls (bindings, ``after`` callbacks, commands, traces) and between two beats of a 10 ms
  heartbeat (that also holds Tk's own layout and drawing, which are no Python callbacks);
* the **work of a background job**, counted in the looks at its cancel token, and the CPU time
  of the job's own thread between two looks and after the cancel.

Thread CPU time does not grow while other processes load the machine (it can grow a little from
shared caches: the bounds leave room).  The wall-clock figures are kept and asserted only by the
``perf`` tests (``pytest --perf``), which report them as ratios of their targets.
"""
from __future__ import annotations

import threading
import time

#: Tk-thread CPU one Python callback may take (bindings, after callbacks, commands)
MAX_CALLBACK_CPU = 0.050
#: Tk-thread CPU between two beats of a 10 ms heartbeat: the callbacks of one or two event-loop
#: passes plus Tk's own layout and drawing (the wall-clock limit of the perf tests is the same)
MAX_GAP_CPU = 0.100
#: the wall-clock target the ``perf`` tests hold the heartbeat to (seconds between two beats)
MAX_GAP_WALL = 0.100

# -- the Tk thread's CPU per callback ---------------------------------------------------------

_listeners: list = []
_depth = 0
_installed = False


def install() -> None:
    """Time every Python callback Tk calls on the main thread (once per process, before any
    widget exists: tkinter binds ``CallWrapper.__call__`` when a callback is registered)."""
    global _installed
    if _installed:
        return
    import tkinter

    original = tkinter.CallWrapper.__call__

    def timed_call(self, *args):
        global _depth
        if not _listeners or threading.current_thread() is not threading.main_thread():
            return original(self, *args)
        for listener in list(_listeners):
            listener.calling(self)
        if _depth:
            return original(self, *args)  # inside a measured callback: its time is the outer one's
        _depth = 1
        t = time.thread_time()
        try:
            return original(self, *args)
        finally:
            _depth = 0
            cpu = time.thread_time() - t
            for listener in list(_listeners):
                listener.callback(self.func, cpu)

    tkinter.CallWrapper.__call__ = timed_call
    _installed = True


def listen(listener) -> None:
    """``listener.calling(wrapper)`` is told of every Python callback Tk calls on the main thread
    (nested ones too: ``wrapper.func`` is the function), ``listener.callback(func, cpu)`` of the
    CPU time of each outermost one, until :func:`unlisten`."""
    install()
    _listeners.append(listener)


def unlisten(listener) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


def _name(func) -> str:
    func = getattr(func, "__wrapped__", func)
    qual = getattr(func, "__qualname__", None) or getattr(func, "__name__", None) or repr(func)
    return f"{getattr(func, '__module__', '?')}.{qual}"


class Heartbeat:
    """An ``after(10)`` loop on the Tk thread.  At each beat it reads the wall clock and the Tk
    thread's CPU time; between beats it records each Python callback Tk called and its CPU.

    ``gaps``: (wall start, wall end, Tk-thread CPU, callbacks) from one beat to the next;
    ``callbacks``: (wall end, name, CPU) of every callback (the beats left out).
    """

    def __init__(self, root, interval_ms: int = 10):
        install()
        self.root = root
        self.interval = interval_ms
        self.beats = 0
        self.gaps: list[tuple[float, float, float, list]] = []
        self.callbacks: list[tuple[float, str, float]] = []
        self._since: list = []
        self._last = (time.perf_counter(), time.thread_time())
        self._stopped = False
        listen(self)
        self._id = root.after(interval_ms, self._beat)

    def calling(self, wrapper) -> None:
        pass

    def callback(self, func, cpu: float) -> None:
        func = _inner(func)
        if getattr(func, "__self__", None) is self:
            return  # a beat
        entry = (time.perf_counter(), _name(func), cpu)
        self.callbacks.append(entry)
        self._since.append(entry)

    def _close_gap(self) -> None:
        wall, cpu = time.perf_counter(), time.thread_time()
        self.gaps.append((self._last[0], wall, cpu - self._last[1], self._since))
        self._since = []
        self._last = (wall, cpu)

    def _beat(self) -> None:
        if self._stopped:
            return
        self._close_gap()
        self.beats += 1
        self._id = self.root.after(self.interval, self._beat)

    def stop(self) -> None:
        """The last gap ends now (what was done since the last beat counts too)."""
        if self._stopped:
            return
        self._stopped = True
        self._close_gap()
        self.root.after_cancel(self._id)
        unlisten(self)

    # -- what was measured ----------------------------------------------------------------
    def gap_cpu(self, until: float | None = None) -> float:
        """The most Tk-thread CPU between two beats (of the gaps that ended before ``until``)."""
        return max((g[2] for g in self._gaps(until)), default=0.0)

    def gap_wall(self, until: float | None = None) -> float:
        """The longest wall-clock time between two beats (what a person would see as a freeze)."""
        return max((g[1] - g[0] for g in self._gaps(until)), default=0.0)

    def callback_cpu(self, until: float | None = None) -> float:
        return max((c[2] for c in self.callbacks if until is None or c[0] <= until), default=0.0)

    def _gaps(self, until):
        return [g for g in self.gaps if until is None or g[1] <= until]

    def describe(self, until: float | None = None) -> str:
        """The worst gap and callback, for a failure message."""
        gaps = self._gaps(until)
        if not gaps:
            return "no beat"
        worst = max(gaps, key=lambda g: g[2])
        top = sorted(worst[3], key=lambda c: -c[2])[:4]
        calls = ", ".join(f"{name} {cpu * 1000:.0f} ms" for _, name, cpu in top) or "no Python callback"
        slow = max((c for c in self.callbacks if until is None or c[0] <= until), key=lambda c: c[2], default=None)
        slowest = f"; slowest callback {slow[1]} {slow[2] * 1000:.0f} ms" if slow else ""
        return (f"{len(gaps)} gaps; the worst: {worst[2] * 1000:.0f} ms of Tk-thread CPU in "
                f"{(worst[1] - worst[0]) * 1000:.0f} ms of wall time ({calls}){slowest}")

    def assert_responsive(self, what: str = "the window", until: float | None = None) -> None:
        """At most MAX_CALLBACK_CPU of Tk-thread CPU in any callback, MAX_GAP_CPU between two beats."""
        assert self.beats > 0, f"{what}: the heartbeat never beat"
        gap, call = self.gap_cpu(until), self.callback_cpu(until)
        assert gap <= MAX_GAP_CPU and call <= MAX_CALLBACK_CPU, (
            f"{what}: the Tk thread was busy {gap * 1000:.0f} ms (CPU) between two beats "
            f"(limit {MAX_GAP_CPU * 1000:.0f}), {call * 1000:.0f} ms in one callback "
            f"(limit {MAX_CALLBACK_CPU * 1000:.0f}): {self.describe(until)}")

    def assert_wall(self, report, what: str, until: float | None = None) -> None:
        """The ``perf`` check: the longest wall-clock gap against MAX_GAP_WALL, reported as a ratio."""
        assert self.beats > 0, f"{what}: the heartbeat never beat"
        gap = self.gap_wall(until)
        report(what, gap, MAX_GAP_WALL, "s between two beats")
        assert gap <= MAX_GAP_WALL, f"{what}: the window froze for {gap * 1000:.0f} ms ({self.describe(until)})"


def _inner(func):
    """The function an ``after`` callback (tkinter's ``callit`` wrapper) calls, else ``func``."""
    code = getattr(func, "__code__", None)
    if code is not None and code.co_name == "callit" and func.__closure__:
        cells = dict(zip(code.co_freevars, func.__closure__))
        if "func" in cells:
            return cells["func"].cell_contents
    return func


def check_responsive(beat: Heartbeat, clock: str, report, what: str, until: float | None = None) -> None:
    """``clock`` "cpu": the default, load-independent check; "wall": the perf test's."""
    if clock == "wall":
        beat.assert_wall(report, what, until)
    else:
        beat.assert_responsive(what, until)


# -- a background job's work: looks at its cancel token --------------------------------------

class JobMeter:
    """Watches the jobs of every ``app.worker.Worker``: each look of a job's thread at its cancel
    token (with that thread's CPU time then) and the thread's CPU time when its work returned or
    raised.  With ``hold`` (a job's name) and ``at`` (a look), that job's thread waits at that look
    until :meth:`release`: a test presses its key while the job certainly still runs, however
    fast the machine, and the job sees the key at that very look.

    Made with pytest's ``monkeypatch`` before the job starts; undone at the end of the test.
    """

    def __init__(self, monkeypatch, hold: str | None = None, at: int = 1):
        import app.worker as worker_module

        self.hold, self.at = hold, at
        self.held = threading.Event()  # the job waits at its look
        self._go = threading.Event()
        self.runs: dict[object, JobWork] = {}  # the work of each job (its thread), by its token
        self._current = threading.local()  # the JobWork of the job this thread runs
        meter = self
        token_class = worker_module.CancelToken
        is_set, cancelled = token_class.is_set, token_class.cancelled
        start = worker_module.Worker.start

        def look(token, answer: bool) -> bool:
            work = getattr(meter._current, "work", None)
            if work is None:  # the Tk thread, or a thread no worker started
                return answer
            looks = work.looks
            if not answer and work.name == meter.hold and len(looks) + 1 == meter.at:
                meter.held.set()
                if not meter._wait_for_go(token, 60):
                    raise RuntimeError("the test never let the held job go on")
                answer = threading.Event.is_set(token)
            looks.append((time.thread_time(), answer))
            return answer

        # a job looks with is_set() (counted in token.looks, the app's progress) or .cancelled
        monkeypatch.setattr(token_class, "is_set", lambda token: look(token, is_set(token)))
        monkeypatch.setattr(token_class, "cancelled", property(lambda token: look(token, cancelled.fget(token))))

        def starting(worker, name, fn, *args, **kwargs):
            def measured(token):
                work = meter.runs[token] = meter._current.work = JobWork(name, time.thread_time())
                try:
                    result = fn(token)
                except BaseException as exc:
                    work.ended = (time.thread_time(), exc)
                    raise
                finally:
                    meter._current.work = None
                work.ended = (time.thread_time(), None)
                return result
            return start(worker, name, measured, *args, **kwargs)

        monkeypatch.setattr(worker_module.Worker, "start", starting)

    def release(self) -> None:
        """The held job goes on (from the look it waited at)."""
        self._go.set()

    def _wait_for_go(self, token, timeout: float) -> bool:
        """Hold the job until :meth:`release`, or until its token is set: a key whose handler joins the
        job's thread (the demo's Esc) then has it end at once, and the job sees the key at this look
        either way.  False when neither came within ``timeout`` seconds (a broken test)."""
        end = time.monotonic() + timeout
        while not self._go.is_set():
            if threading.Event.is_set(token):
                return True
            if time.monotonic() > end:
                return False
            threading.Event.wait(token, 0.005)  # wakes at once when the token is set
        return True

    def of(self, job) -> "JobWork":
        """What ``job`` (an ``app.worker.Job``) did."""
        return self.runs[job.token]


class JobWork:
    """What one job's thread did: ``looks`` (its thread's CPU time at each look at the token, and
    whether the token was set), ``ended`` (its CPU time as its work returned or raised, and what
    it raised), read once its work has ended."""

    def __init__(self, name: str, started: float):
        self.name, self.started = name, started
        self.looks: list[tuple[float, bool]] = []
        self.ended: tuple[float, BaseException | None] | None = None

    def most_cpu_between_looks(self) -> float:
        """The most CPU the job's thread used from its start to its first look, or from one look
        to the next: how late a cancel at any moment of that stretch is seen."""
        times = [self.started] + [cpu for cpu, _ in self.looks]
        return max((b - a for a, b in zip(times, times[1:])), default=0.0)

    def after_cancel(self) -> tuple[int, float]:
        """(the looks after the first that saw the token set, the job thread's CPU from that look
        to the end of its work)."""
        first = next((i for i, (_, seen) in enumerate(self.looks) if seen), None)
        assert first is not None, "the job never saw its token set"
        assert self.ended is not None, "the job's work has not ended"
        return len(self.looks) - 1 - first, self.ended[0] - self.looks[first][0]
