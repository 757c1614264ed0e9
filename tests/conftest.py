"""Shared test set-up.

GUI tests need an X display.  When none is set and ``Xvfb`` is installed, a
private virtual display is started for the whole run (and ``DISPLAY`` is
exported so subprocesses such as ``python -m app`` and ``xdotool`` use it).
"""
from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"

_xvfb: subprocess.Popen | None = None


def load_lines(name: str) -> list[str]:
    """The puzzles of ``tests/data/<name>.txt`` (comment lines skipped)."""
    text = (DATA / f"{name}.txt").read_text()
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]


def skip_or_fail_in_ci(reason: str) -> None:
    """Skip a test that needs something this machine lacks; in CI (``CI`` set) fail instead,
    so a missing display or tool can never turn the GUI tests into a quiet green run."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI installs it: see .ci/run)")
    pytest.skip(reason)


def _start_xvfb() -> None:
    global _xvfb
    if os.environ.get("DISPLAY") or not shutil.which("Xvfb"):
        return
    for n in range(91, 140):
        if Path(f"/tmp/.X{n}-lock").exists() or Path(f"/tmp/.X11-unix/X{n}").exists():
            continue
        proc = subprocess.Popen(
            ["Xvfb", f":{n}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            if proc.poll() is not None:
                break
            time.sleep(0.05)
        if proc.poll() is None:
            _xvfb = proc
            os.environ["DISPLAY"] = f":{n}"
            return


# The tests come in three folders: tests/solver (the engine: no Tk, no display), tests/app (the
# window, under a virtual display) and tests/system (the built executable, the release files, the
# code's shape).  The solver's fast suite is ``python -m pytest tests/solver -m "not slow"``.
SOLVER_TESTS = Path(__file__).resolve().parent / "solver"


def _only_solver_tests(config) -> bool:
    """True when every path asked for lies in tests/solver (no virtual display is needed then)."""
    paths = [Path(arg.split("::")[0]).resolve() for arg in config.args] if config.args else []
    return bool(paths) and all(p == SOLVER_TESTS or SOLVER_TESTS in p.parents for p in paths)


def pytest_addoption(parser):
    parser.addoption("--perf", action="store_true",
                     help="also run the perf tests (marker perf): wall-clock targets a busy machine can "
                          "miss, reported as ratios at the end; left out of the default run")


def _perf_wanted(config) -> bool:
    return config.getoption("perf") or "perf" in (config.getoption("markexpr", "") or "")


def pytest_collection_modifyitems(config, items):
    # The default run asserts nothing a busy machine can break: the wall-clock targets are the
    # perf tests', run with --perf (or -m perf).
    if not _perf_wanted(config):
        perf = [item for item in items if item.get_closest_marker("perf")]
        if perf:
            config.hook.pytest_deselected(items=perf)
            items[:] = [item for item in items if not item.get_closest_marker("perf")]


def pytest_configure(config):
    if not _only_solver_tests(config):
        _start_xvfb()
    # The tests read English: a German (or French ...) desktop must not change what they see,
    # here or in the app processes they start.  tests/app/test_language.py sets its own.
    os.environ["LANGUAGE"] = "en"
    import solver

    solver.set_language("en")


def pytest_unconfigure(config):
    if _xvfb is not None:
        _xvfb.terminate()
        try:
            _xvfb.wait(5)
        except subprocess.TimeoutExpired:
            _xvfb.kill()


@pytest.fixture
def data_lines():
    return load_lines


# -- perf tests: wall-clock figures, reported as ratios of their targets -------------------------
_PERF_LINES: list[str] = []


@pytest.fixture
def perf_report(request):
    """``report(what, measured, target, unit)``: a perf test's figure, listed at the end of the run
    as a ratio of its target (above 1: missed)."""
    def report(what: str, measured: float, target: float, unit: str = "s") -> None:
        _PERF_LINES.append(f"{measured / target:5.2f} of the target  {request.node.name}: {what}: "
                           f"{measured:.4g} {unit} (target {target:.4g})")
    return report


def pytest_terminal_summary(terminalreporter):
    if _PERF_LINES:
        terminalreporter.section("perf: wall-clock figures / their targets")
        for line in _PERF_LINES:
            terminalreporter.write_line(line)


# -- Tk fixtures (app tests): a real root under the virtual display --------------------
def wait_until(root, predicate, timeout: float = 30.0) -> bool:
    """Pump Tk events until ``predicate()`` is true; False on timeout (never a bare sleep).

    The timeout only keeps a broken test from hanging: it is long, since a busy machine may take
    many times longer than a quiet one (what must be quick is asserted as CPU time or work)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        root.update()
        if predicate():
            return True
        time.sleep(0.005)
    root.update()
    return bool(predicate())


@pytest.fixture
def tk_root():
    """A real Tk root; the test fails if any Tk callback raised (``root.callback_errors``)."""
    import gc

    tk = pytest.importorskip("tkinter")
    import meters

    meters.install()  # the CPU time of Tk's callbacks can be measured (tests/meters.py)
    # Free earlier tests' Tk objects here, on the main thread (see the note at the end).
    gc.collect()
    try:
        root = tk.Tk()
    except tk.TclError as exc:
        skip_or_fail_in_ci(f"no display: {exc}")
    errors: list = []

    def guard(exc_type, exc, tb):
        import traceback

        errors.append(exc)
        traceback.print_exception(exc_type, exc, tb)

    root.report_callback_exception = guard
    # The app has the keyboard, as when a person opens it (a window on another virtual
    # screen, tests/app/test_screens.py, can leave Tk thinking it lost the focus here).
    root.focus_force()
    import solver

    solver.set_language("en")  # a test that switched the language leaves none behind
    root.callback_errors = errors
    root.callback_guard = guard
    yield root
    try:
        for child in root.winfo_children():
            child.destroy()
        root.update_idletasks()
        root.destroy()
    except tk.TclError:
        pass
    # Collect this root's Tk variables and fonts now, on the main thread: left to a later
    # garbage collection, their __del__ may run on a worker thread, where tkinter waits for
    # a main loop (tests pump update() instead) and gives up only after a second per object.
    del root
    gc.collect()
    if errors:
        pytest.fail(f"a Tk callback raised: {errors[0]!r}")


class RecordingDialogs:
    """Stands in for app.window.view.Dialogs: answers from ``answers``, records every call."""

    def __init__(self):
        self.calls: list[tuple] = []
        self.open_path: str | None = None
        self.save_path: str | None = None

    def ask_open(self):
        self.calls.append(("ask_open",))
        return self.open_path

    def ask_save(self, initial=None):
        self.calls.append(("ask_save", initial))
        return self.save_path

    def info(self, title, text):
        self.calls.append(("info", title, text))

    def show_text(self, title, text):
        self.calls.append(("show_text", title, text))

    def error(self, title, text):
        self.calls.append(("error", title, text))


# -- screens of the sizes schools have, for the screen-size and lesson tests --------------

#: (width, height, scaling): 2.0 is a 200 % display (tk scaling twice the 96 dpi one)
SCREEN_SIZES = ((1024, 768, 1.0), (1366, 768, 1.0), (1920, 1080, 1.0), (800, 600, 1.0), (3840, 2160, 2.0))


@pytest.fixture(scope="session")
def xvfb_screens():
    """One Xvfb with a screen of each size (":N.0" is 1024x768, ...), for the whole run.

    Stopped only at the end of the run: Tk keeps its connection to a display after its root
    is gone, and a server that went away mid-run would end the test process.
    """
    if not shutil.which("Xvfb"):
        skip_or_fail_in_ci("Xvfb is needed for the screen-size tests")
    screens = []
    for k, (w, h, _) in enumerate(SCREEN_SIZES):
        screens += ["-screen", str(k), f"{w}x{h}x24"]
    for n in range(300, 400):
        if Path(f"/tmp/.X{n}-lock").exists() or Path(f"/tmp/.X11-unix/X{n}").exists():
            continue
        proc = subprocess.Popen(["Xvfb", f":{n}", *screens, "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{n}").exists() or proc.poll() is not None:
                break
            time.sleep(0.05)
        if proc.poll() is None:
            break
    else:
        pytest.fail("could not start an Xvfb")
    yield n
    proc.terminate()
    proc.wait(5)


@contextlib.contextmanager
def window_on_screen(display: str, home: Path, scaling: float | None = None):
    """The whole window opened on ``display`` (a screen of :func:`xvfb_screens`), its state in
    ``home``: yields ``(root, form, controller, errors)``, then closes it and puts back what Tk
    changed for the process (the display, the scaling, the default root)."""
    import gc
    import tkinter as tk

    from app.__main__ import build_window

    gc.collect()
    old_default = tk._default_root
    root = tk.Tk(screenName=display)
    # Tk puts the screen it opened into the process's C environment (setenv DISPLAY): every
    # later subprocess that inherits it (xdotool, the executable's tests) would go to this screen
    os.environ["DISPLAY"] = os.environ["DISPLAY"]
    normal_scaling = root.tk.call("tk", "scaling")
    if scaling is not None:
        root.tk.call("tk", "scaling", scaling * 96 / 72)  # pixels per point: 96 dpi, or 192 dpi at 200 %
    tk._default_root = root  # named fonts (TkDefaultFont) of this screen
    errors = []
    root.report_callback_exception = lambda *exc: errors.append(exc[1])
    try:
        form, controller = build_window(root, home / "state.json")
        form.dialogs = RecordingDialogs()
        form.fit_to_screen()
        controller.start()
        root.update()
        yield root, form, controller, errors
        root.tk.call("tk", "scaling", normal_scaling)  # Tk keeps it for the process
        controller.close()
    finally:
        try:
            root.destroy()
        except tk.TclError:
            pass
        tk._default_root = old_default
        del root
        gc.collect()


@pytest.fixture
def sudoku_home(tmp_path, monkeypatch):
    """A private per-user data folder (SUDOKU_SOLVER_HOME)."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("SUDOKU_SOLVER_HOME", str(home))
    return home


@pytest.fixture
def sudoku_app(tk_root, sudoku_home):
    """The real form and controller on ``tk_root`` (dialogs recorded, state in ``sudoku_home``).

    Returns a namespace with ``root``, ``form``, ``controller``, ``dialogs``, ``state_path``
    and ``wait(predicate)``.  Callback exceptions still fail the test.
    """
    from types import SimpleNamespace

    from app.controller import Controller
    from app.window.view import SudokuForm

    form = SudokuForm(tk_root)
    form.dialogs = RecordingDialogs()
    state_path = sudoku_home / "state.json"
    controller = Controller(form, state_path=state_path, save_delay_ms=50, poll_ms=10)
    shown = tk_root.report_callback_exception

    def both(exc_type, exc, tb):
        tk_root.callback_guard(exc_type, exc, tb)
        shown(exc_type, exc, tb)

    tk_root.report_callback_exception = both
    controller.start()
    tk_root.update()
    app = SimpleNamespace(root=tk_root, form=form, controller=controller, dialogs=form.dialogs,
                          state_path=state_path, wait=lambda pred, timeout=30.0: wait_until(tk_root, pred, timeout))
    yield app
    controller.close()


@pytest.fixture
def whole_window(tk_root, sudoku_home):
    """The whole window as ``python -m app`` builds it (every feature installed): a namespace
    with ``root``, ``form``, ``controller``, ``demo`` and ``presentation``."""
    from types import SimpleNamespace

    from app.__main__ import build_window

    form, controller = build_window(tk_root, sudoku_home / "state.json")
    form.dialogs = RecordingDialogs()
    shown = tk_root.report_callback_exception

    def both(exc_type, exc, tb):
        tk_root.callback_guard(exc_type, exc, tb)
        shown(exc_type, exc, tb)

    tk_root.report_callback_exception = both
    controller.start()
    tk_root.geometry("+0+0")
    tk_root.update()
    yield SimpleNamespace(root=tk_root, form=form, controller=controller, demo=controller.features["demo"],
                          presentation=controller.features["presentation"])
    controller.close()


# -- crafted candidate positions for the technique tests ---------------------------------
ALL_DIGITS = frozenset(range(1, 10))


def crafted(marks: dict, default=ALL_DIGITS):
    """Candidates on the empty grid: every cell holds ``default`` unless given in ``marks``."""
    from solver import Candidates

    data = {(r, c): default for r in range(9) for c in range(9)}
    data.update({cell: frozenset(ds) for cell, ds in marks.items()})
    return Candidates.from_dict(data)


def without_digit(d: int, cells) -> dict:
    """Marks for ``crafted``: each of ``cells`` holds every digit but ``d``."""
    return {cell: ALL_DIGITS - {d} for cell in cells}


def elims(step) -> set:
    """A step's eliminations as a set of (cell, digit)."""
    return set(step.eliminations)


def damage_translation(folder: Path, lang: str, msgid: str, translation: str) -> None:
    """Replace the translation of ``msgid`` in ``folder/<lang>.po`` (a copy of a catalogue that a
    hostile-file test damages)."""
    from solver.words.catalog import read_po, write_po

    path = folder / f"{lang}.po"
    entries = read_po(path.read_text(encoding="utf-8"))
    hit = [e for e in entries if e.msgid == msgid]
    assert hit, msgid
    for e in hit:
        e.strings = [translation] * len(e.strings)
    path.write_text(write_po(entries), encoding="utf-8")
