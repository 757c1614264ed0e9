"""`python -m solver solve|check` and `python -m bench`, run as a user would (subprocess).

Each subprocess costs a Python start-up (~0.13 s), so all but a few of them are
marked slow: ``-m "not slow"`` keeps one of each command for a fast loop.
"""
from __future__ import annotations

import itertools
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA, load_lines
from solver.examples import example
from solver.grid import Grid

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "solver", *args], input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, env=env)


def run_bench(*args, timeout: float = 60) -> subprocess.CompletedProcess:
    """``python -m bench ARGS`` from the checkout (the benchmarks are not part of the package)."""
    return subprocess.run([sys.executable, "-m", "bench", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, env=dict(os.environ, PYTHONPATH=str(ROOT)))


def grid(line: str) -> Grid:
    return Grid(0 if ch in ".0" else int(ch) for ch in line)


def is_solution_of(out_line: str, puzzle: str) -> bool:
    g = grid(out_line)
    return len(out_line) == 81 and g.is_solution() and grid(puzzle).agrees_with(g)


@pytest.fixture
def mixed(tmp_path):
    """A collection with a good puzzle, a short line, no solution, a conflict, and a good one."""
    lines = [
        example("easy").line,
        example("easy").line[:80],
        example("mistyped").line,
        "55" + example("easy").line[2:],  # r1c1 = r1c2 = 5
        "# a comment",
        example("kaggle").line,
    ]
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(lines) + "\n")
    return path, lines


# -- solve --------------------------------------------------------------------

@pytest.mark.slow  # starts a Python process
def test_solve_prints_one_line_per_puzzle_in_order(tmp_path):
    puzzles = load_lines("norvig_easy50")[:10]
    path = tmp_path / "ten.txt"
    path.write_text("\n".join(puzzles) + "\n")
    r = run("solve", "--jobs", "1", str(path))
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert len(out) == 10
    assert all(is_solution_of(o, p) for o, p in zip(out, puzzles))
    assert r.stderr == ""  # no progress line when stderr is not a terminal


@pytest.mark.slow
def test_progress_goes_to_a_terminal_on_stderr_only(tmp_path):
    pty = pytest.importorskip("pty")
    path = tmp_path / "p.txt"
    path.write_text("\n".join(load_lines("kaggle_sample69")[:20]) + "\n")
    master, slave = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    try:
        r = subprocess.run([sys.executable, "-m", "solver", "solve", str(path)], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=slave, timeout=60)
        os.close(slave)
        err = os.read(master, 10000).decode()
    finally:
        os.close(master)
    assert r.returncode == 0
    assert len(r.stdout.splitlines()) == 20
    assert "solved 20 puzzles" in err


@pytest.mark.slow
def test_a_long_batch_shows_a_bar_with_rate_and_time_left_on_a_terminal(tmp_path):
    """A batch of a few seconds, stderr a real terminal (a pty), the results to a file."""
    pty = pytest.importorskip("pty")
    import threading

    path = tmp_path / "many.txt"
    path.write_text("\n".join(load_lines("17_clue_sample200") * 30) + "\n")  # 6,000: about 3 s here
    master, slave = pty.openpty()
    chunks: list[bytes] = []

    def drain():  # read as it is written: a pty's buffer is small
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:  # the other end is closed
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    try:
        with open(tmp_path / "out.txt", "wb") as out:
            r = subprocess.run([sys.executable, "-m", "solver", "solve", "--jobs", "1", str(path)], cwd=ROOT,
                               env=env, stdout=out, stderr=slave, timeout=120)
        os.close(slave)
        reader.join(timeout=10)
    finally:
        os.close(master)
    err = b"".join(chunks).decode()
    assert r.returncode == 0, err
    assert len((tmp_path / "out.txt").read_text().splitlines()) == 6000
    draws = [d.strip() for d in err.split("\r") if d.strip()]
    bars = [d for d in draws if d.startswith("[")]
    assert bars, err
    summary = re.fullmatch(r"solved 6,000 puzzles in ([\d.]+) s, [\d,]+/s", draws[-1])
    assert summary, draws[-1]
    timed = [d for d in bars if re.search(r"of ~[\d,]+  [\d,]+/s  \d+:\d\d left$", d)]
    early = [d for d in bars if d not in timed]
    assert early and all(re.fullmatch(r"\[[#.]{20}\] +\d+%  [\d,]+ of ~[\d,]+", d) for d in early), early
    if float(summary.group(1)) >= 1.5:  # (always here; a machine 3x faster may finish first)
        assert timed, bars  # after the first second: the rate and the time left
    shares = [int(re.search(r"(\d+)%", d).group(1)) for d in bars]
    assert shares == sorted(shares)  # it moves forward


def test_solve_says_why_a_puzzle_failed_and_exits_1(mixed):
    path, lines = mixed
    r = run("solve", "--jobs", "1", str(path))
    assert r.returncode == 1
    out = r.stdout.splitlines()
    assert len(out) == 5
    assert is_solution_of(out[0], lines[0])
    assert out[1] == "line 2: bad input: found 80 cells, a puzzle has 81"
    assert out[2] == "line 3: no solution"
    assert out[3].startswith("line 4: invalid: ")
    assert "r1c1" in out[3] and "r1c2" in out[3]
    assert is_solution_of(out[4], lines[5])
    assert "Traceback" not in r.stderr


def test_solve_reads_stdin():
    r = run("solve", stdin=example("tutorial").line + "\n" + example("kaggle").line + "\n")
    assert r.returncode == 0, r.stderr
    a, b = r.stdout.splitlines()
    assert is_solution_of(a, example("tutorial").line)
    assert is_solution_of(b, example("kaggle").line)


def test_solve_takes_a_puzzle_and_an_example_key_as_check_does():
    """Issue 29, item 21: ``solve '<81 characters>'`` said "cannot read the file" (exit 1)."""
    line = example("kaggle").line
    r = run("solve", line, "tutorial")
    assert r.returncode == 0, r.stdout + r.stderr
    a, b = r.stdout.splitlines()
    assert is_solution_of(a, line) and is_solution_of(b, example("tutorial").line)


def test_solve_of_an_empty_input_says_so_and_exits_1():
    """Issue 29, item 25: it printed nothing and exited 0."""
    r = run("solve", stdin="")
    assert (r.returncode, r.stdout, r.stderr) == (1, "", "solve: no puzzle in the standard input\n")


@pytest.mark.slow  # starts a Python process
def test_solve_dash_is_stdin_and_kaggle_csv_is_read():
    csv = "quizzes,solutions\n" + example("kaggle").line.replace(".", "0") + "," + "1" * 81 + "\n"
    r = run("solve", "-", stdin=csv)
    assert r.returncode == 0, r.stderr
    assert is_solution_of(r.stdout.strip(), example("kaggle").line)


@pytest.mark.slow
def test_two_jobs_keep_the_input_order(tmp_path):
    unique = load_lines("kaggle_sample69") + load_lines("norvig_easy50")
    puzzles = unique + load_lines("multi_solution_sample200")[:80] + unique[:40]
    path = tmp_path / "many.txt"
    path.write_text("\n".join(puzzles) + "\n")
    r = run("solve", "--jobs", "2", str(path))
    assert r.returncode == 1, r.stderr  # the puzzles with several solutions are not solved
    out = r.stdout.splitlines()
    assert len(out) == len(puzzles)
    n = len(unique)
    assert all(is_solution_of(o, p) for o, p in zip(out[:n] + out[n + 80:], unique + unique[:40]))
    assert out[n:n + 80] == [f"line {k}: several solutions" for k in range(n + 1, n + 81)]


def test_solve_says_a_puzzle_has_several_solutions_and_exits_1():
    """Issue 29, item 22: it printed one of them as solved, with status 0."""
    r = run("solve", "two_solutions")
    assert (r.returncode, r.stdout, r.stderr) == (1, "example 'two_solutions': several solutions\n", "")


@pytest.mark.slow  # starts a Python process
def test_several_files_are_named_in_messages(tmp_path, mixed):
    path, _ = mixed
    good = tmp_path / "good.txt"
    good.write_text(example("easy").line + "\n")
    r = run("solve", "-j", "1", str(good), str(path), str(tmp_path / "missing.txt"))
    out = r.stdout.splitlines()
    assert r.returncode == 1
    assert len(out) == 1 + 5 + 1
    assert out[2] == f"{path}, line 2: bad input: found 80 cells, a puzzle has 81"
    assert out[-1].startswith(f"{tmp_path / 'missing.txt'}: cannot read the file")


@pytest.mark.slow  # starts a Python process
def test_pretty_draws_each_solution(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(example("easy").line + "\n" + example("tutorial").line + "\n")
    r = run("solve", "--pretty", str(path))
    assert r.returncode == 0, r.stderr
    blocks = r.stdout.rstrip("\n").split("\n\n")
    assert len(blocks) == 2
    for block, key in zip(blocks, ("easy", "tutorial")):
        rows = [ln for ln in block.splitlines() if not ln.startswith("-")]
        digits = "".join(ch for ln in rows for ch in ln if ch.isdigit())
        assert is_solution_of(digits, example(key).line)
        assert "|" in block and "- - -" in block


@pytest.mark.slow  # starts a Python process
def test_a_drawing_over_several_lines_is_solved(tmp_path):
    path = tmp_path / "tutorial.ss"
    path.write_text(grid(example("tutorial").line).to_ss() + "\n")
    r = run("solve", str(path))
    assert r.returncode == 0, r.stderr
    assert is_solution_of(r.stdout.strip(), example("tutorial").line)


def test_input_is_streamed_not_read_whole():
    from solver.cli import read_items

    def endless():
        for n in itertools.count():
            yield (load_lines("kaggle_sample69")[n % 69] + "\n").encode()

    first = list(itertools.islice(read_items(endless()), 5))
    assert [label for label, _ in first] == [f"line {n}" for n in range(1, 6)]


@pytest.mark.slow
def test_closed_pipe_ends_quietly():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    big = "\n".join(load_lines("kaggle_sample69") * 20) + "\n"
    p = subprocess.Popen([sys.executable, "-m", "solver", "solve", "-j", "1"], cwd=ROOT, env=env,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdin.write(big.encode())
    p.stdin.close()
    p.stdout.readline()
    p.stdout.close()  # like `| head -1`
    err = p.stderr.read().decode()
    p.wait(timeout=60)
    assert "Traceback" not in err and "Error" not in err
    assert p.returncode == 3  # the output could not be written; no puzzle failed


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_pipe_closed_early_is_status_3_not_a_failed_puzzle(tmp_path, jobs):
    """Issue 29, item 24: ``solve ... | head`` exited 1, the status of a failed puzzle."""
    path = tmp_path / "many.txt"
    path.write_text((example("easy").line + "\n") * 5000)  # 410 kB of solutions: more than a pipe holds
    p = subprocess.Popen([sys.executable, "-m", "solver", "solve", "-j", jobs, str(path)], cwd=ROOT,
                         env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert is_solution_of(p.stdout.readline().decode().strip(), example("easy").line)
    p.stdout.close()  # the reader goes away, as `head -1` does
    err = p.stderr.read()
    assert p.wait(timeout=60) == 3 and err == b""


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/bin/sh"), reason="a shell pipeline")
def test_solve_piped_into_head_in_a_shell_is_status_3():
    # $? after a pipeline is the last command's (head's): solve's own is said on stderr
    script = f'("{sys.executable}" -m solver solve -j 1 -; echo "status $?" >&2) | head -n 2 >/dev/null'
    line = example("easy").line + "\n"
    r = subprocess.run(["/bin/sh", "-c", script], cwd=ROOT, env=_env(), input=line * 5000,
                       capture_output=True, text=True, timeout=60)
    assert r.stderr == "status 3\n"


def _as_in_a_terminal() -> None:
    """In the child, before Python starts: SIGINT as a shell in a terminal leaves it.

    A background job (``pytest &`` in a script, some CI runners) starts with SIGINT
    ignored, and Python then installs no KeyboardInterrupt handler, so Ctrl+C could not be
    tested.  Restore the default, and take a process group of our own so the signal can
    go to the whole group (the workers too) as a terminal sends it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.setpgrp()


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="Windows has no SIGINT to send to another "
                    "console process; CTRL_C_EVENT needs a shared console")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_ends_quietly(jobs):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "solver", "solve", "-j", jobs], cwd=ROOT, env=env,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=_as_in_a_terminal)
    try:
        # -j 2: more than one batch's worth, so the worker pool is running
        n = 1 if jobs == "1" else 4097
        p.stdin.write(((example("easy").line + "\n") * n).encode())
        p.stdin.flush()  # stdin stays open: the command waits for more puzzles
        assert p.stdout.readline().strip()  # running: the first solution is out
        os.killpg(p.pid, signal.SIGINT)  # Ctrl+C: the whole process group
        out, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert p.returncode == 130, err
    assert b"Traceback" not in err and err == b""


# -- check --------------------------------------------------------------------

def test_check_unique_puzzle_prints_the_solution_and_exits_0():
    r = run("check", "tutorial")
    assert r.returncode == 0, r.stderr
    assert "Solution:" in r.stdout
    assert "tutorial" in r.stdout


@pytest.mark.slow  # starts a Python process
def test_check_reads_a_puzzle_from_the_command_line_and_from_a_file(tmp_path):
    line = example("kaggle").line
    assert run("check", line).returncode == 0
    path = tmp_path / "one.ss"
    path.write_text(grid(line).to_ss() + "\n")
    r = run("check", str(path))
    assert r.returncode == 0, r.stderr
    assert "Solution:" in r.stdout


@pytest.mark.slow  # starts a Python process
def test_check_two_solutions_shows_where_they_differ_and_exits_1():
    r = run("check", "--example", "two_solutions")
    assert r.returncode == 1
    assert "differ" in r.stdout
    assert "r1c" in r.stdout  # the cells are named for people


@pytest.mark.slow  # starts a Python process
def test_check_no_solution_exits_1():
    r = run("check", "mistyped")
    assert r.returncode == 1
    assert "Solution:" not in r.stdout
    assert "solution" in r.stdout.lower()


@pytest.mark.slow  # starts a Python process
def test_check_conflict_names_the_cells():
    r = run("check", "55" + example("easy").line[2:])
    assert r.returncode == 1
    assert "r1c1" in r.stdout and "r1c2" in r.stdout


@pytest.mark.parametrize("arg", ["nonsense"] + [pytest.param(a, marks=pytest.mark.slow)
                                                for a in ("12345", "--example=nope")])
def test_check_unreadable_input_exits_2_without_a_traceback(arg):
    r = run("check", arg)
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.strip() and "Traceback" not in r.stderr


@pytest.mark.slow  # starts a Python process
def test_check_a_collection_file_exits_2(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(example("easy").line + "\n" + example("kaggle").line + "\n")
    r = run("check", str(path))
    assert r.returncode == 2
    assert "2 puzzles" in r.stderr


# -- bench --------------------------------------------------------------------

@pytest.mark.slow
def test_bench_prints_the_table_with_ratios():
    files = [str(DATA / "norvig_easy50.txt"), str(DATA / "norvig_hardest11.txt")]
    r = run_bench(*files, "--limit", "3", "--cap", "2000", timeout=120)
    out = r.stdout
    assert r.returncode == (1 if "[MISSED]" in out else 0), r.stderr  # 1: a target missed
    assert "x Norvig" in out and "x classic" in out
    rows = [ln for ln in out.splitlines() if ln.startswith("| norvig_")]
    assert len(rows) == 2
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[1] == "3"
        assert cells[6].endswith("x") and cells[7].endswith("x")
    assert "no puzzle above 50 ms" in out


def test_norvig_baseline_solves_and_reports_no_solution():
    from bench.baselines import norvig_solve

    for line in load_lines("norvig_hardest11"):
        assert is_solution_of(norvig_solve(grid(line)).to_line(), line)
    assert norvig_solve(grid(example("mistyped").line)) is None


def test_broken_puzzle_differs_in_one_given_and_breaks_no_rule():
    import random

    from bench.solve import break_one_given
    from solver.diagnose import validate

    g = grid(example("tutorial").line)
    rng = random.Random(1)
    for _ in range(20):
        b = break_one_given(g, rng)
        changed = [i for i in range(81) if b.cells[i] != g.cells[i]]
        assert len(changed) == 1 and g.cells[changed[0]] and b.cells[changed[0]]
        assert validate(b) == []


@pytest.mark.slow  # starts a Python process
def test_bench_without_files_is_an_error_not_a_traceback(tmp_path):
    r = run_bench("--data", str(tmp_path))
    assert r.returncode == 2
    assert "no puzzle files" in r.stderr and "Traceback" not in r.stderr


# -- issue 17: hostile input, odd streams ---------------------------------------

def _env() -> dict:
    return dict(os.environ, PYTHONPATH=str(ROOT))


_MEASURED = """
import runpy, sys
sys.argv = ["solver", *sys.argv[1:]]
try:
    runpy.run_module("solver", run_name="__main__")
except SystemExit as e:
    code = e.code
hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")][0].split()[1]
sys.stderr.write(f"peak {hwm}\\n")
sys.exit(code)
"""


def _run_measured(args: list[str]) -> tuple[int, str, str, int]:
    """(exit status, stdout, stderr, peak memory in KiB) of ``python -m solver ARGS``.

    The peak is the process's own VmHWM: ru_maxrss would count the forking pytest too."""
    p = subprocess.run([sys.executable, "-c", _MEASURED, *args], cwd=ROOT, env=_env(),
                       capture_output=True, text=True, timeout=120)
    err, peak = p.stderr.rsplit("peak ", 1)
    return p.returncode, p.stdout, err, int(peak)


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads VmHWM from /proc")
def test_a_huge_line_without_newline_is_refused_in_bounded_memory(tmp_path):
    """Issue 17: a 2 GB file with no newline took 6.3 GB; now about 18 MB whatever the size."""
    path = tmp_path / "huge.txt"
    tutorial = example("tutorial").line
    with open(path, "wb") as f:
        f.write((tutorial + "\n").encode())
        for _ in range(12):
            f.write(b"1" * (8 * 1024 * 1024))  # line 2: 96 MiB, no newline until the end
        f.write(b"\n" + (tutorial + "\n").encode())
    code, out, err, peak_kib = _run_measured(["solve", "-j", "1", str(path)])
    lines = out.splitlines()
    assert code == 1 and err == ""
    assert is_solution_of(lines[0], tutorial) and is_solution_of(lines[2], tutorial)
    assert lines[1] == ("line 2: bad input: the line is longer than 65,536 bytes, the limit for "
                        "one line; it was skipped")
    assert peak_kib < 60 * 1024  # the old reader held the line three times over (~300 MB)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="POSIX device files")
def test_dev_zero_is_one_error_not_a_memory_error():
    r = run("solve", "/dev/zero", timeout=30)
    assert r.returncode == 1 and r.stderr == ""
    assert r.stdout == "line 1: bad input: the input holds binary data (a NUL byte), not text; reading stopped here\n"


# ``python -m solver ARGS`` that writes to the file named in SUDOKU_TEST_STARTED how many processes
# it started (multiprocessing's, counted in the parent; its workers leave without atexit)
_COUNT_PROCESSES = """
import atexit, os, runpy, sys
from multiprocessing.process import BaseProcess
started = []
start = BaseProcess.start
BaseProcess.start = lambda self: (started.append(1), start(self))[1]
atexit.register(lambda: open(os.environ["SUDOKU_TEST_STARTED"], "w").write(str(len(started))))
sys.argv = ["solver", *sys.argv[1:]]
runpy.run_module("solver", run_name="__main__", alter_sys=True)
"""


@pytest.mark.slow
def test_jobs_is_clamped_to_the_cores_with_a_note(tmp_path):
    """--jobs 100000 starts as many worker processes as there are cores, counted (forking 100,000
    took minutes; the test held the run to 20 s of wall time before)."""
    lines = "\n".join([example("easy").line] * 40) + "\n"  # over 16 lines: a pool of workers
    counted = tmp_path / "started"
    env = dict(os.environ, PYTHONPATH=str(ROOT), SUDOKU_TEST_STARTED=str(counted))
    r = subprocess.run([sys.executable, "-c", _COUNT_PROCESSES, "solve", "--jobs", "100000"], input=lines,
                       cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    cores = min(os.cpu_count() or 1, 61)
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 40, r.stderr
    assert r.stderr == f"solve: --jobs 100,000 is more than the {cores} cores here; using {cores}\n"
    assert int(counted.read_text()) == (cores if cores > 1 else 0)
    r = run("solve", "--jobs", "many", stdin=lines)
    assert r.returncode == 2 and "--jobs needs a whole number, not 'many'" in r.stderr


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["latin-1", "utf-16", "utf-8-sig"])
def test_solve_reads_what_check_reads(tmp_path, encoding):
    tutorial = example("tutorial").line
    path = tmp_path / "p.txt"
    path.write_text(f"# Puzzle by José Müller\n{tutorial}\n", encoding=encoding)
    assert run("check", str(path)).returncode == 0
    r = run("solve", "-j", "1", str(path))
    assert r.returncode == 0, r.stdout + r.stderr
    assert is_solution_of(r.stdout.strip(), tutorial)


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="Linux /dev/full")
def test_a_full_disk_is_one_line_and_status_3():
    with open("/dev/full", "w") as full:
        p = subprocess.run([sys.executable, "-m", "solver", "solve", "-j", "1"], cwd=ROOT, env=_env(),
                           input=example("easy").line + "\n", stdout=full, stderr=subprocess.PIPE,
                           text=True, timeout=60)
    assert p.returncode == 3
    assert p.stderr == "solve: cannot write the output: No space left on device\n"


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="closing descriptors with preexec_fn")
@pytest.mark.parametrize("closed, command, message", [
    (1, ["solve"], "solve: standard output is closed; nowhere to write the solutions"),
    (0, ["solve"], "solve: standard input is closed; give a FILE"),
    (0, ["check", "-"], "check: standard input is closed"),
])
def test_closed_standard_streams_are_one_line(closed, command, message):
    p = subprocess.run([sys.executable, "-m", "solver", *command], cwd=ROOT, env=_env(),
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, timeout=60, preexec_fn=lambda: os.close(closed))
    assert p.stderr == message + "\n"
    assert p.returncode == (2 if command[0] == "check" else 3)


def test_a_folder_or_unreadable_input_is_one_line(tmp_path):
    from solver.cli import main

    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["solve", "-j", "1", str(tmp_path), str(tmp_path / "missing.txt")])
    assert out.getvalue() == (f"{tmp_path}: cannot read the file: it is a folder\n"
                              f"{tmp_path / 'missing.txt'}: cannot read the file: No such file or directory\n")
    # ... and again on stderr after the results (issue 25, item 12: one among 300 must be seen)
    assert code == 1 and err.getvalue() == ("".join(f"solve: {line}\n" for line in out.getvalue().splitlines()))


@pytest.mark.slow
def test_python_m_solver_cli_runs_the_command_line():
    env = _env()
    r = subprocess.run([sys.executable, "-m", "solver", "solve", "-j", "1"], cwd=ROOT, env=env,
                       input=example("easy").line + "\n", capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and is_solution_of(r.stdout.strip(), example("easy").line)


@pytest.mark.skipif(os.name != "posix", reason="closing descriptors with preexec_fn")
@pytest.mark.parametrize("command", ["check", "rate", "hint", "explain"])
def test_every_command_exits_3_on_a_closed_stdout(command):
    """Issue 25, item 12: ``check tutorial >&-`` exited 0 (print() writes nowhere when
    sys.stdout is None); every command now says so and exits 3."""
    p = subprocess.run([sys.executable, "-m", "solver", command, "tutorial"], cwd=ROOT, env=_env(),
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, timeout=60, preexec_fn=lambda: os.close(1))
    assert p.returncode == 3 and p.stderr.startswith(f"{command}: standard output is closed"), p.stderr
