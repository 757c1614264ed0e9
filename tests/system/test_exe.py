"""The built one-file executable (``pyinstaller build_exe.spec`` -> ``dist/sudoku-solver``).

Drives the real binary as a user would: ``--selftest`` and ``--version`` with no display;
under the virtual display the window appears, a puzzle pasted with the keyboard is solved
and the copied grid is a valid solution; a puzzle file given on the command line opens;
user data lands in the per-user folder.

Skipped (with the reason) when the executable was not built, except in CI (``CI`` set),
where a missing executable fails: ``.ci/run`` builds it before the tests.
"""
from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import solver

ROOT = Path(__file__).resolve().parents[2]
EXE = ROOT / "dist" / ("sudoku-solver.exe" if sys.platform == "win32" else "sudoku-solver")
IN_CI = bool(os.environ.get("CI"))
TITLE = "Sudoku Solver"
KAGGLE = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."


def _missing(reason: str):
    """Fail in CI (the build or the system packages are part of it), skip elsewhere."""
    if IN_CI:
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def exe() -> Path:
    build = "pip install -e '.[build]' && pyinstaller build_exe.spec"
    if not EXE.is_file():
        _missing(f"{EXE.relative_to(ROOT)} is not built ({build})")
    sources = [*ROOT.glob("app/*.py"), *ROOT.glob("solver/*.py"), ROOT / "build_exe.spec"]
    newer = [p.relative_to(ROOT) for p in sources if p.stat().st_mtime > EXE.stat().st_mtime]
    if newer and not IN_CI:  # CI builds right before the tests; locally a stale build would test old code
        more = f" and {len(newer) - 1} more files" if len(newer) > 1 else ""
        pytest.skip(f"{EXE.relative_to(ROOT)} is older than {newer[0]}{more}: rebuild ({build})")
    return EXE


@pytest.fixture
def gui(exe):
    """Needs the X display (conftest starts Xvfb) and xdotool/xclip; yields a launcher."""
    if sys.platform != "linux":
        pytest.skip("the GUI smoke test drives X11 with xdotool")
    for tool in ("xdotool", "xclip"):
        if not shutil.which(tool):
            _missing(f"{tool} not installed (apt-get install xdotool xclip)")
    if not os.environ.get("DISPLAY"):
        _missing("no DISPLAY and no Xvfb (apt-get install xvfb)")
    started: list[subprocess.Popen] = []

    def launch(*args: str, env: dict[str, str], prefix: list[str] = ()) -> tuple[subprocess.Popen, str]:
        proc = subprocess.Popen([*prefix, str(exe), *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        started.append(proc)
        return proc, _wait_for_window(proc)

    yield launch
    for proc in started:
        _stop(proc)


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """The environment for the executable: a private user folder and home, never the real ones."""
    env = dict(os.environ, HOME=str(tmp_path / "home"), SUDOKU_SOLVER_HOME=str(tmp_path / "data"))
    env.update(extra)
    return env


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _xdotool(*args: str) -> str:
    # os.environ's display, not the C environment's: a Tk root opened on another screen changes that
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=20,
                          env=dict(os.environ)).stdout.strip()


def _wait_for_window(proc: subprocess.Popen, timeout: float = 30.0) -> str:
    """The X id of the app's visible main window (fails if the process exits first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = _xdotool("search", "--onlyvisible", "--name", TITLE).split()
        if found:
            return found[0]
        if proc.poll() is not None:
            pytest.fail(f"the executable exited with {proc.returncode} before showing a window:\n"
                        f"{proc.stdout.read().decode(errors='replace')}")
        time.sleep(0.1)
    pytest.fail(f"no window titled {TITLE!r} within {timeout} s")


def _press(window: str, *keys: str) -> None:
    """Give the window the keyboard focus and type ``keys`` (real key events, via XTEST)."""
    _xdotool("windowfocus", "--sync", window)
    _xdotool("key", "--clearmodifiers", *keys)


def _clipboard() -> str:
    """The clipboard text ('' when there is none, or the owner does not answer within 2 s).

    An owner that is going away (a window from the previous test being closed) can leave
    ``xclip -o`` waiting; callers poll until their own deadline, so one slow read is not a failure.
    """
    try:
        out = subprocess.run(["xclip", "-selection", "clipboard", "-o"], capture_output=True, text=True,
                             timeout=2)
    except subprocess.TimeoutExpired:
        return ""
    return out.stdout if out.returncode == 0 else ""


def _offer_clipboard(text: str) -> subprocess.Popen:
    """Own the clipboard with ``text`` (xclip in the foreground until someone else copies)."""
    owner = subprocess.Popen(["xclip", "-selection", "clipboard", "-quiet"], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    owner.stdin.write(text.encode())
    owner.stdin.close()
    deadline = time.monotonic() + 10
    while _clipboard().strip() != text and time.monotonic() < deadline:
        time.sleep(0.05)
    return owner


def _copied_grid(window: str, want=lambda g: True, timeout: float = 20.0) -> solver.Grid | None:
    """Press Ctrl+C in the app until the copied text is a grid satisfying ``want``; that grid (None on time-out)."""
    deadline = time.monotonic() + timeout
    grid = None
    while time.monotonic() < deadline:
        _press(window, "ctrl+c")
        try:
            grid = solver.parse(_clipboard())  # the line and the framed block Ctrl+C copies
        except solver.ParseError:
            grid = None  # not copied yet (still the pasted text or empty)
        if grid is not None and want(grid):
            return grid
        time.sleep(0.2)
    return grid


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([str(EXE), *args], env=env, capture_output=True, text=True, timeout=120)


def _no_display(env: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in env.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}


# ---------------------------------------------------------------------------------------------
# the spec (no build needed)
# ---------------------------------------------------------------------------------------------
CLI_ONLY = {"solver/cli/", "solver/cli/batch.py", "solver/cli/json_out.py", "bench/solve.py",
            "bench/baselines.py", "solver/__main__.py"}  # not in the exe
WINDOWS_ONLY = {("app/platform.py", "ctypes")}  # the spec keeps ctypes on Windows


def test_app_code_imports_nothing_the_spec_excludes():
    """A module the spec leaves out fails only when the user reaches that code: catch it here."""
    spec = (ROOT / "build_exe.spec").read_text()
    excluded = set(re.findall(r'"([\w.]+)"', spec[spec.index("EXCLUDES = ["):spec.index("if not WINDOWS:")]))
    excluded |= {"ctypes", "_ctypes"}
    offending = []
    for path in sorted([*ROOT.glob("app/*.py"), *ROOT.glob("solver/*.py")]):
        rel = path.relative_to(ROOT).as_posix()
        if rel in CLI_ONLY:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            else:
                continue
            for name in names:
                if (name in excluded or name.split(".")[0] in excluded) and (rel, name) not in WINDOWS_ONLY:
                    offending.append(f"{rel}:{node.lineno} imports {name}")
    assert not offending, "excluded from the executable by build_exe.spec: " + "; ".join(offending)


# ---------------------------------------------------------------------------------------------
# headless
# ---------------------------------------------------------------------------------------------
def test_selftest_passes_without_a_display_using_the_bundled_tcl_tk(exe, tmp_path):
    result = _run(["--selftest"], _no_display(_env(tmp_path)))
    assert result.returncode == 0, result.stdout + result.stderr
    line = result.stdout.strip()
    assert line.startswith(f"selftest ok: sudoku-solver {solver.__version__}, Tcl/Tk 8."), line
    assert "(bundled)" in line and "diagnosis unique" in line, line
    assert line.endswith("languages en de fr es"), line  # the compiled catalogues are in the bundle
    assert len(line.splitlines()) == 1


def test_version_is_the_package_version(exe, tmp_path):
    result = _run(["--version"], _no_display(_env(tmp_path)))
    assert result.returncode == 0
    assert result.stdout.strip() == f"sudoku-solver {solver.__version__}"


def test_without_a_display_it_says_so_instead_of_a_traceback(exe, tmp_path):
    result = _run([], _no_display(_env(tmp_path)))
    assert result.returncode != 0
    assert "display" in (result.stdout + result.stderr).lower()
    assert "Traceback" not in result.stdout + result.stderr


def test_executable_is_one_small_file(exe):
    size_mb = exe.stat().st_size / 1e6
    assert size_mb <= 20, f"{exe.name} is {size_mb:.1f} MB, the target is at most 20 MB"
    assert os.access(exe, os.X_OK)


def test_selftest_from_source_passes(tmp_path):
    result = subprocess.run([sys.executable, "-m", "app", "--selftest"], cwd=ROOT, capture_output=True, text=True,
                            env=_no_display(_env(tmp_path)), timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"selftest ok: sudoku-solver {solver.__version__}, Tcl/Tk 8.")


def test_selftest_fails_with_the_reason_when_the_tk_library_is_missing(tmp_path):
    env = dict(_no_display(_env(tmp_path)), TK_LIBRARY=str(tmp_path))  # an empty folder: no tk.tcl
    result = subprocess.run([sys.executable, "-m", "app", "--selftest"], cwd=ROOT, capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 1
    assert result.stderr.startswith("selftest FAILED: no tk.tcl in the Tk library"), result.stderr
    assert result.stdout == ""


def _without_python_and_tcl() -> list[str]:
    """A command prefix that runs a program on this machine with its Python and Tcl/Tk hidden.

    A private mount namespace lays empty folders over the Python installation and Tcl/Tk's
    script folders and /dev/null over the Tcl/Tk shared libraries, so anything the executable
    still takes from the machine fails, like on a school laptop with no Python.
    """
    if sys.platform != "linux" or os.geteuid() != 0 or not shutil.which("unshare"):
        pytest.skip("hiding the machine's Python needs Linux, root and unshare")
    folders = {sys.base_prefix, "/usr/share/tcltk", "/usr/lib/tcltk", f"/usr/lib/python3.{sys.version_info[1]}"}
    libs = {str(p) for d in ("/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib")
            for p in Path(d).glob("libt[ck]8.6.so") if p.is_file()}
    steps = [f"mount -t tmpfs none {shlex.quote(d)}" for d in sorted(folders) if Path(d).is_dir()]
    steps += [f"mount --bind /dev/null {shlex.quote(f)}" for f in sorted(libs)]
    probe = subprocess.run(["unshare", "--mount", "true"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip(f"unshare --mount is not permitted here: {probe.stderr.decode().strip()}")
    return ["unshare", "--mount", "sh", "-c", " && ".join(steps + ['exec "$@"']), "sh"]


def test_selftest_passes_on_a_machine_without_python_or_tcl(exe, tmp_path):
    prefix = _without_python_and_tcl()
    result = subprocess.run([*prefix, str(exe), "--selftest"], env=_no_display(_env(tmp_path)),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "(bundled)" in result.stdout


# ---------------------------------------------------------------------------------------------
# the window, under the virtual display
# ---------------------------------------------------------------------------------------------
@pytest.mark.gui
def test_pasted_puzzle_is_solved_and_the_copied_grid_is_a_solution(gui, tmp_path):
    puzzle = solver.Grid([0 if ch == "." else int(ch) for ch in KAGGLE])
    _, window = gui(env=_env(tmp_path))
    owner = _offer_clipboard(KAGGLE)
    try:
        _press(window, "ctrl+v")
        pasted = _copied_grid(window, want=lambda g: g.filled_count == puzzle.filled_count, timeout=10)
        assert pasted == puzzle, f"pasted {pasted} instead of {puzzle}"
        _press(window, "ctrl+Return")
        solved = _copied_grid(window, want=lambda g: g.is_complete())
    finally:
        _stop(owner)
    assert solved is not None and solved.is_solution(), f"copied grid {solved} is not a solution"
    assert puzzle.agrees_with(solved), "the solution changed a given"
    if shutil.which("xprop"):  # the window icon comes from assets/ inside the bundle
        icon = subprocess.run(["xprop", "-id", window, "_NET_WM_ICON"], capture_output=True, text=True).stdout
        assert "Icon (" in icon, f"no window icon: {icon[:200]}"


@pytest.mark.gui
def test_puzzle_file_given_on_the_command_line_opens_in_the_form(gui, tmp_path):
    path = tmp_path / "kaggle first puzzle.txt"
    path.write_text(KAGGLE + "\n")
    _, window = gui(str(path), env=_env(tmp_path))
    shown = _copied_grid(window, want=lambda g: g.filled_count > 0, timeout=10)
    assert shown is not None and shown.to_line() == KAGGLE


@pytest.mark.parametrize("kind", ["missing", "binary", "not a puzzle"])
@pytest.mark.gui
def test_bad_file_argument_still_opens_the_app(gui, tmp_path, kind):
    path = tmp_path / "puzzle.txt"
    if kind == "binary":
        path.write_bytes(bytes(range(256)) * 4)
    elif kind == "not a puzzle":
        path.write_text("Dear teacher,\nhere is my homework.\n")
    proc, window = gui(str(path), env=_env(tmp_path))
    shown = _copied_grid(window, timeout=10)
    assert proc.poll() is None, "the app closed"
    assert shown is not None and shown.filled_count == 0


@pytest.mark.gui
def test_user_data_goes_to_the_per_user_folder_not_beside_the_executable(gui, tmp_path):
    before = sorted(p.name for p in EXE.parent.iterdir())
    home, xdg = tmp_path / "home", tmp_path / "xdg"
    env = {k: v for k, v in _env(tmp_path).items() if k != "SUDOKU_SOLVER_HOME"}
    env.update(HOME=str(home), XDG_STATE_HOME=str(xdg))  # state, not data (app/platform.py)
    _, window = gui(env=env)
    owner = _offer_clipboard(KAGGLE)
    try:
        _press(window, "ctrl+v")  # a change: the state file is saved shortly after
        folder = xdg / "sudoku-solver"
        deadline = time.monotonic() + 15
        while not (folder / "state.json").is_file() and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        _stop(owner)
    assert (folder / "state.json").is_file(), f"no state file in {folder}: {list(tmp_path.rglob('*'))}"
    assert KAGGLE in (folder / "state.json").read_text(), "the state file does not hold the pasted puzzle"
    assert sorted(p.name for p in EXE.parent.iterdir()) == before, "the app wrote beside the executable"


@pytest.mark.gui
def test_window_opens_on_a_machine_without_python_or_tcl(gui, tmp_path):
    prefix = _without_python_and_tcl()
    proc, window = gui(env=_env(tmp_path), prefix=prefix)
    assert _copied_grid(window, timeout=10) is not None, "the window does not answer Ctrl+C"
    _press(window, "ctrl+o")  # Tk's own file dialog on X11: needs msgcat and Tk's script library
    deadline = time.monotonic() + 15
    while not _xdotool("search", "--onlyvisible", "--name", "Open puzzle").split():
        assert proc.poll() is None, proc.stdout.read().decode(errors="replace")
        assert time.monotonic() < deadline, "the Open dialog did not appear"
        time.sleep(0.1)
    assert proc.poll() is None
