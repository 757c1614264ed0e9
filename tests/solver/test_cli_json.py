"""Issue 16: the command line's --json, rate/hint/explain/generate, solve --csv, --version,
the program name in the help, the progress bar and bench's exit status (in process, no Tk)."""
from __future__ import annotations

import contextlib
import csv
import io
import json
import sys

import pytest

import solver

from conftest import load_lines
from solver.cli import main, program_name
from solver.cli.batch import Progress
from solver.examples import example
from solver.grid import Grid

TUTORIAL = example("tutorial").line


def cli(*args, stdin: str | None = None) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``main(args)`` in this process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args), prog="sudoku-solve")
        except SystemExit as e:  # argparse: --help, --version, usage errors
            code = e.code
    return code, out.getvalue(), err.getvalue()


def bench_main(*args) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``python -m bench ARGS`` in this process."""
    from bench.__main__ import main as bench

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = bench(list(args))
        except SystemExit as e:
            code = e.code
    return code, out.getvalue(), err.getvalue()


def records(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def is_solution_of(line: str, puzzle: str) -> bool:
    g = Grid(int(ch) for ch in line)
    return g.is_solution() and Grid(0 if ch in ".0" else int(ch) for ch in puzzle).agrees_with(g)


# -- --version and the program's name ------------------------------------------------

def test_version_names_the_program_and_the_package_version():
    import solver

    code, out, _ = cli("--version")
    assert code == 0 and out == f"sudoku-solve {solver.__version__}\n"


@pytest.mark.parametrize("argv0, name", [
    ("/usr/local/bin/sudoku-solve", "sudoku-solve"),
    ("C:/Python/Scripts/sudoku-solve.exe", "sudoku-solve"),
    ("/work/main/solver/__main__.py", "python -m solver"),
    ("", "sudoku-solve"),
])
def test_help_names_the_command_as_it_was_called(argv0, name):
    assert program_name(argv0) == name


def test_usage_errors_name_the_program_and_exit_2():
    code, _, err = cli("frobnicate")
    assert code == 2 and err.startswith("usage: sudoku-solve ") and "invalid choice" in err


@pytest.mark.parametrize("command", [["solve"], ["check", "tutorial"], ["rate"], ["hint"], ["explain"],
                                     ["generate", "easy"]])
def test_an_unknown_option_after_a_command_shows_that_commands_usage(command):
    """Issue 29, item 26: ``solve --bogus`` showed the top-level usage."""
    name = command[0]
    code, out, err = cli(*command, "--bogus")
    assert code == 2 and out == ""
    assert err.startswith(f"usage: sudoku-solve {name} [-h]"), err
    assert err.endswith(f"sudoku-solve {name}: error: unrecognized arguments: --bogus\n")


def test_an_unknown_option_before_the_command_shows_the_top_level_usage():
    code, _, err = cli("--bogus", "solve")
    assert code == 2 and err.startswith("usage: sudoku-solve [-h]")
    assert err.endswith("sudoku-solve: error: unrecognized arguments: --bogus\n")


# -- solve --json and --csv ----------------------------------------------------------

def test_solve_json_is_one_object_per_puzzle_with_status(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(f"{TUTORIAL}\n{TUTORIAL[:80]}\n{example('mistyped').line}\n55{TUTORIAL[2:]}\n")
    code, out, err = cli("solve", "-j", "1", "--json", str(path))
    assert code == 1 and err == ""
    a, b, c, d = records(out)
    assert a["status"] == "solved" and a["line"] == 1 and a["source"] == str(path)
    assert a["puzzle"] == TUTORIAL and is_solution_of(a["solution"], TUTORIAL)
    assert a["message"] is None and a["ms"] >= 0
    assert b["status"] == "bad_input" and b["puzzle"] is None and "80 cells" in b["message"]
    assert c["status"] == "no_solution" and c["solution"] is None
    assert d["status"] == "invalid" and "r1c1" in d["message"]
    assert [r["label"] for r in (a, b, c, d)] == ["line 1", "line 2", "line 3", "line 4"]


def test_solve_reads_puzzles_example_keys_and_files_in_argument_order(tmp_path):
    """Issue 29, item 21: solve takes what check, rate, hint and explain take."""
    path = tmp_path / "p.txt"
    path.write_text(example("kaggle").line + "\n")
    code, out, err = cli("solve", "-j", "1", "--json", TUTORIAL, str(path), "easy",
                         "--example", "hard")
    assert code == 0 and err == ""
    recs = records(out)
    assert [(r["label"], r["source"], r["line"]) for r in recs] == [
        ("the puzzle", None, None), ("line 1", str(path), 1), ("example 'easy'", None, None),
        ("example 'hard'", None, None)]
    for rec, key in zip(recs, ("tutorial", "kaggle", "easy", "hard")):
        assert rec["status"] == "solved" and is_solution_of(rec["solution"], example(key).line)


def test_solve_takes_a_name_that_is_no_puzzle_for_a_missing_file(tmp_path):
    """A file name stays a file (exit 1, said in place); a mistyped puzzle or an unknown
    --example stops the command before anything is read (exit 2), as for rate and hint."""
    missing = str(tmp_path / "missing.txt")
    code, out, err = cli("solve", "-j", "1", TUTORIAL, missing)
    assert code == 1 and err == f"solve: {missing}: cannot read the file: No such file or directory\n"
    assert out.splitlines()[1] == f"{missing}: cannot read the file: No such file or directory"
    for bad in (["--example", "nope"], [TUTORIAL[:80]]):
        code, out, err = cli("solve", "-j", "1", TUTORIAL, *bad)
        assert code == 2 and out == "" and err.startswith("solve: "), err


def test_solve_json_says_multiple_for_several_solutions(tmp_path):
    two = example("two_solutions").line
    path = tmp_path / "p.txt"
    path.write_text(f"{TUTORIAL}\n{two}\n")
    code, out, err = cli("solve", "-j", "1", "--json", str(path))
    a, b = records(out)
    assert code == 1 and err == "" and a["status"] == "solved"
    assert (b["status"], b["solution"], b["message"]) == ("multiple", None, "several solutions")
    code, out, err = cli("solve", "-j", "1", "--csv", "-", str(path))
    assert code == 1 and out.splitlines()[2] == two + "," and err == "line 2: several solutions\n"


def test_solve_csv_keeps_the_input_columns_and_adds_the_solution(tmp_path):
    kaggle = example("kaggle").line.replace(".", "0")
    path = tmp_path / "k.csv"
    path.write_text(f"id,quizzes,solutions\n7,{kaggle},{'1' * 81}\n8,{'5' * 81},{'2' * 81}\n")
    out_path = tmp_path / "out.csv"
    code, out, err = cli("solve", "-j", "1", "--csv", str(out_path), str(path))
    assert code == 1 and out == ""
    assert err == "line 3: invalid: " + err.split("invalid: ", 1)[1]  # the failure is on stderr
    rows = list(csv.reader(out_path.open()))
    assert rows[0] == ["id", "quizzes", "solutions", "solution"]
    assert rows[1][:3] == ["7", kaggle, "1" * 81] and is_solution_of(rows[1][3], kaggle)
    assert rows[2] == ["8", "5" * 81, "2" * 81, ""]


def test_solve_csv_of_plain_lines_names_its_columns(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(TUTORIAL + "\n")
    code, out, _ = cli("solve", "-j", "1", "--csv", "-", str(path))
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and rows[0] == ["puzzle", "solution"]
    assert rows[1][0] == TUTORIAL and is_solution_of(rows[1][1], TUTORIAL)


def test_solve_csv_with_a_solution_column_adds_solved(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text(f"puzzle,solution\n{TUTORIAL},\n")
    code, out, _ = cli("solve", "-j", "1", "--csv", "-", str(path))
    assert code == 0 and out.splitlines()[0] == "puzzle,solution,solved"


# -- check --json ----------------------------------------------------------------------

def test_check_json_has_findings_and_the_best_fix():
    code, out, _ = cli("check", "--json", "mistyped")
    (rec,) = records(out)
    assert code == 1 and rec["status"] == "no_solution" and rec["solution"] is None
    assert rec["puzzle"] == example("mistyped").line and rec["givens"] == 38
    assert all(set(f) == {"kind", "message", "cells"} for f in rec["findings"])
    assert any("r1c1" in f["cells"] for f in rec["findings"])
    fix = rec["best_fix"]
    assert fix["cells"] == ["r1c1"] and fix["old"] == [3] and fix["solutions"] == 1
    assert fix["kind"] in ("extra", "wrong_digit") and fix["message"] and fix["short"]
    assert Grid(0 if ch == "." else int(ch) for ch in fix["fixed"]).filled_count in (37, 38)


def test_check_json_of_a_unique_puzzle_has_its_solution():
    code, out, _ = cli("check", "--json", TUTORIAL)
    (rec,) = records(out)
    assert code == 0 and rec["status"] == "unique" and is_solution_of(rec["solution"], TUTORIAL)
    assert rec["best_fix"] is None and rec["label"] == "the puzzle"


def test_check_json_of_two_solutions_names_where_they_differ():
    code, out, _ = cli("check", "--json", "--example", "two_solutions")
    (rec,) = records(out)
    assert code == 1 and rec["status"] == "multiple" and len(rec["solutions"]) == 2
    assert rec["differing"] and all(c.startswith("r") for c in rec["differing"])


# -- rate, hint, explain ----------------------------------------------------------------

def test_rate_prints_the_summary_and_the_techniques():
    code, out, _ = cli("rate", "tutorial")
    assert code == 0
    assert out.splitlines()[0] == "Easy (score 87): hardest technique Hidden Single; 38 givens"
    assert out.splitlines()[1] == "  about 1.2 on Sudoku Explainer's scale"
    # the counts are the rating's own steps (SE's order: a hidden single, 1.2, before a naked
    # single, 2.3), so the techniques listed agree with the level and the hardest technique
    assert "Full House ×20, Hidden Single ×23" in out and "Naked Single" not in out


def test_rate_json_of_a_file_is_one_object_per_line(tmp_path):
    lines = load_lines("norvig_easy50")[:3]
    path = tmp_path / "three.txt"
    path.write_text("\n".join(lines + [example("mistyped").line]) + "\n")
    code, out, _ = cli("rate", "--json", str(path))
    recs = records(out)
    assert code == 1 and len(recs) == 4
    for rec, line in zip(recs, lines):
        assert rec["status"] == "unique" and rec["level"] in solver.LEVELS and rec["se"] >= 1.0
        assert rec["score"] > 0 and rec["hardest"] and sum(rec["counts"].values()) > 0
        assert rec["puzzle"] == Grid(0 if ch in ".0" else int(ch) for ch in line).to_line()
    assert recs[3]["level"] is None and recs[3]["status"] == "no_solution"
    assert [r["line"] for r in recs] == [1, 2, 3, 4]


def test_rate_text_of_a_file_labels_each_line(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(TUTORIAL + "\n" + TUTORIAL[:80] + "\n")
    code, out, _ = cli("rate", "--brief", str(path))
    assert code == 1
    assert out.splitlines() == ["line 1: Easy (score 87): hardest technique Hidden Single; 38 givens",
                                "  about 1.2 on Sudoku Explainer's scale",
                                "  Classic backtracker: 91 placements, 48 backtracks",
                                "line 2: bad input: found 80 cells, a puzzle has 81"]


def test_hint_json_names_the_technique_and_the_placement():
    code, out, _ = cli("hint", "--json", "tutorial")
    (rec,) = records(out)
    assert code == 0 and rec["status"] == "step" and rec["technique"] == "Naked Single"
    assert rec["placements"] == [{"cell": "r2c4", "digit": 8}] and rec["cells"] == ["r2c4"]
    assert rec["message"].startswith("Naked Single: 8")


def test_hint_on_a_broken_puzzle_says_so_and_exits_1():
    code, out, _ = cli("hint", "mistyped")
    assert code == 1 and out.startswith("No solution")


def test_explain_lists_every_step_until_solved():
    code, out, _ = cli("explain", "tutorial")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("1. Naked Single: 8")
    assert lines[-1] == f"Solved in {len(lines) - 1} steps."
    code, out, _ = cli("explain", "--json", "tutorial")
    (rec,) = records(out)
    assert rec["status"] == "solved" and len(rec["steps"]) == len(lines) - 1 and rec["cells_left"] == 0
    assert is_solution_of(rec["final"], TUTORIAL)


def test_a_mistyped_puzzle_argument_exits_2_before_any_output():
    code, out, err = cli("rate", "tutorial", TUTORIAL[:80])
    assert code == 2 and out == "" and err.startswith("rate: not a puzzle: "), err


@pytest.mark.parametrize("command", ["rate", "hint", "explain", "solve"])
def test_one_missing_file_among_many_is_reported_and_the_rest_done(tmp_path, command):
    """Issue 25, item 12: one missing file among 300 made rate/hint/explain print nothing for
    the others (exit 2); now it is said in place, in JSON and on stderr, and the rest are done."""
    names = []
    for k in range(300):
        p = tmp_path / f"p{k}.txt"
        p.write_text(TUTORIAL + "\n")
        names.append(str(p))
    missing = str(tmp_path / "missing.txt")
    names[150] = missing
    code, out, err = cli(command, "--json", *names, *(["-j", "1"] if command == "solve" else []))
    recs = records(out)
    assert code == 1 and len(recs) == 300
    assert recs[150]["status"] == "unreadable" and recs[150]["source"] == missing
    assert all(r["status"] != "unreadable" for k, r in enumerate(recs) if k != 150)
    assert err == f"{command}: {missing}: cannot read the file: No such file or directory\n"


@pytest.mark.parametrize("command", ["check", "rate", "hint", "explain", "solve"])
@pytest.mark.parametrize("length", [1, 13, 16, 17, 80, 82])
def test_a_puzzle_of_the_wrong_length_says_how_many_cells_it_has(command, length):
    """Issue 29, item 23: from 80 cells it said "found 80 cells"; below 17, only "it is not
    a puzzle either", after a list of the example keys."""
    text = (TUTORIAL * 2)[:length]
    code, out, err = cli(command, text)
    cells = f"{length} cell{'s' if length != 1 else ''}"
    assert (code, out, err) == (2, "", f"{command}: not a puzzle: found {cells}, a puzzle has 81\n")


def test_the_examples_in_docs_cli_md_run():
    """Issue 29, item 23: ``hint '78.4..12.6...'`` (13 cells) was quoted as an example.
    Every example that needs no file of the reader's own runs here and succeeds."""
    import re
    import shlex
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    block = re.search(r"```bash\n(.*?)```", doc, re.S).group(1)
    ran = 0
    for line in block.splitlines():
        words = shlex.split(line, comments=True)
        if words[:1] != ["sudoku-solve"] or any(re.search(r"\.[a-z]+$", w) for w in words):
            continue  # a pipe, or a file of puzzles (puzzles.txt, a.ss, kaggle.csv)
        code, out, err = cli(*words[1:])
        assert code == 0 and out and err == "", (line, code, err)
        ran += 1
    assert ran >= 6


def _stdin(monkeypatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode())))


@pytest.mark.parametrize("command", ["solve", "rate", "hint", "explain"])
@pytest.mark.parametrize("text", ["", "\n\n# only a comment\n", "quizzes,solutions\n"])
def test_an_input_without_a_puzzle_is_said_and_is_status_1(monkeypatch, command, text):
    """Issue 29, item 25: empty input printed nothing and exited 0."""
    _stdin(monkeypatch, text)
    code, out, err = cli(command)
    assert (code, out, err) == (1, "", f"{command}: no puzzle in the standard input\n")


def test_each_input_without_a_puzzle_is_named(tmp_path, monkeypatch):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    good = tmp_path / "good.txt"
    good.write_text(TUTORIAL + "\n")
    _stdin(monkeypatch, "")
    code, out, err = cli("solve", "-j", "1", str(empty), str(good), "-", "easy")
    assert code == 1 and len(out.splitlines()) == 2
    assert err == f"solve: no puzzle in {empty}\nsolve: no puzzle in the standard input\n"


def test_rate_reads_stdin(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO((TUTORIAL + "\n").encode())))
    code, out, _ = cli("rate", "--json")
    (rec,) = records(out)
    assert code == 0 and rec["source"] == "-" and rec["level"] == "easy"


# -- generate -------------------------------------------------------------------------

@pytest.mark.slow
def test_generate_json_is_reproducible_by_its_seed():
    code, out, _ = cli("generate", "easy", "--seed", "5", "--count", "2", "--json",
                       "--symmetry", "rotational")
    a, b = records(out)
    assert code == 0 and (a["seed"], b["seed"]) == (5, 6)
    assert a["level"] == "easy" and a["symmetry"] == "rotational" and a["puzzle"] != b["puzzle"]
    import solver

    g = solver.parse(a["puzzle"])
    assert solver.count_solutions(g, limit=2) == 1 and solver.rate(g).level == "easy"
    assert a["givens"] == g.filled_count
    code, out, _ = cli("generate", "easy", "--seed", "5", "--symmetry", "rotational")
    assert out == a["puzzle"] + "\n"


def test_generate_refuses_an_unknown_level():
    code, _, err = cli("generate", "impossible")
    assert code == 2 and "invalid choice" in err


# -- bench ---------------------------------------------------------------------------

def test_bench_exits_1_when_a_target_is_missed(monkeypatch, tmp_path):
    import bench.solve as bench

    path = tmp_path / "set.txt"
    path.write_text(TUTORIAL + "\n")
    monkeypatch.setattr(bench, "format_targets", lambda results: ["- [MISSED] a target"])
    code, out, _ = bench_main(str(path), "--limit", "1", "--cap", "100")
    assert code == 1 and "[MISSED]" in out
    monkeypatch.setattr(bench, "format_targets", lambda results: ["- [met] a target"])
    assert bench_main(str(path), "--limit", "1", "--cap", "100")[0] == 0


def test_diagnose_targets_allow_more_time_for_broken_puzzles():
    from bench.solve import SetResult, format_targets

    r = SetResult("s", 1, solve_ms=[1.0], solve_total=1.0, norvig_total=10.0, count_total=1.0,
                  diagnose_ms=[150.0], broken_ms=[250.0] * 39 + [1400.0])
    lines = format_targets([r])
    assert any("[met] diagnose < 200 ms" in x for x in lines)
    assert any("[met] diagnose of broken puzzles" in x for x in lines)
    r.broken_ms[-1] = 1600.0
    assert any("[MISSED] diagnose of broken puzzles" in x for x in format_targets([r]))
    r.broken_ms[-1], r.diagnose_ms[0] = 100.0, 250.0
    assert any("[MISSED] diagnose < 200 ms" in x for x in format_targets([r]))


def test_bench_typos_runs_the_typo_benchmark(monkeypatch):
    import bench.typos as tb

    seen = {}

    def fake(**kw):
        seen.update(kw)
        return 1

    monkeypatch.setattr(tb, "run_typo_bench", fake)
    code, _, _ = bench_main("--typos", "--per-kind", "5", "--seed", "9", "--before", "/old")
    assert code == 1 and (seen["per_kind"], seen["seed"], seen["before"]) == (5, 9, "/old")
    assert bench_main("--seed", "9")[0] == 2  # the typo options need --typos


def _fake_typo_run(monkeypatch, per_kind: int, first_misses: int):
    """bench --typos on made-up results: every kind named first and fixed, except
    ``first_misses`` wrong digits per 20 cases named second."""
    import bench.typos as tb

    def cases(n, seed, data):
        return [{"kind": kind, "typed": "", "true": [], "solution": ""} for kind in tb.KINDS
                for _ in range(n)]

    def evaluate(cases, before, progress):
        return [{"first": not (c["kind"] == "wrong_digit" and k % 20 < first_misses), "top3": True,
                 "restores": True, "wrong_fix": False, "ms": 50.0, "status": "no_solution",
                 "fix": True} for k, c in enumerate(cases)], None

    monkeypatch.setattr(tb, "make_cases", cases)
    monkeypatch.setattr(tb, "_evaluate", evaluate)
    return bench_main("--typos", "--per-kind", str(per_kind))


def test_bench_typos_says_when_too_few_cases_judge_a_target(monkeypatch):
    """Issue 29, item 27: --per-kind 20 printed MISSED for targets 20 cases cannot measure
    (4 of 20 named second: 80 %, under 85 %, by one case)."""
    code, out, err = _fake_typo_run(monkeypatch, 20, first_misses=4)
    assert code == 0 and err == "" and "MISSED" not in out
    lines = out.splitlines()
    assert ("too few cases to judge (n=20; needs ≥ 67): first ≥ 85 % for wrong_digit, left_out, "
            "extra, shifted, swapped") in lines
    assert "too few cases to judge (n=100; needs ≥ 200): wrong fix ≤ 5 % for single slips" in lines
    assert lines[-1] == ("targets: none missed of those these cases can judge; judging them all "
                         "needs --per-kind 200")


def test_bench_typos_still_misses_a_target_on_enough_cases(monkeypatch):
    code, out, _ = _fake_typo_run(monkeypatch, 200, first_misses=4)
    assert code == 1 and "too few" not in out
    assert out.splitlines()[-1] == "targets: MISSED: wrong_digit: first 80 % < 85 %"
    code, out, _ = _fake_typo_run(monkeypatch, 200, first_misses=2)
    assert code == 0 and out.splitlines()[-1] == "targets: all met"


def test_the_cases_a_target_needs():
    from bench.typos import needs

    assert [needs(p) for p in (85, 95, 80, 5)] == [67, 200, 50, 200]


# -- progress bar ---------------------------------------------------------------------

class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_shows_count_rate_and_time_left(monkeypatch):
    err = _Tty()
    monkeypatch.setattr("sys.stderr", err)
    clock = iter([0.0] + [0.05 * k for k in range(1, 200)])
    monkeypatch.setattr("solver.cli.batch.time.monotonic", lambda: next(clock))
    p = Progress("solved", out_tty=False, total=100)
    for _ in range(40):
        p.tick()
    text = err.getvalue()
    draws = text.count("\r")
    assert 15 <= draws <= 21  # at most 10 a second: 40 ticks over 2 s
    last = text.rsplit("\r", 1)[1]
    assert "39 of 100" in last and "20/s" in last and "0:03 left" in last and "39%" in last
    p.done()
    summary = err.getvalue().rsplit("\r", 1)[1]
    assert summary.startswith("solved 40 puzzles in 2.1 s, 20/s") and summary.endswith(" \n")
    assert len(summary) > len(last)  # padded: no tail of the longer bar is left on screen


def test_no_progress_bar_when_stderr_is_not_a_terminal(monkeypatch):
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    p = Progress("solved", out_tty=False, total=10)
    for _ in range(10):
        p.tick()
    p.done()
    assert err.getvalue() == ""


def test_progress_estimates_the_total_from_the_bytes_read(tmp_path, monkeypatch):
    from solver.cli.batch import Inputs

    path = tmp_path / "p.txt"
    path.write_text((TUTORIAL + "\n") * 2000)
    inputs = Inputs([str(path)])
    it = iter(inputs)
    for _ in range(100):
        next(it)
    f = inputs.fraction()
    assert f is not None and 0 < f <= 1
    monkeypatch.setattr("sys.stderr", _Tty())
    p = Progress("solved", inputs, out_tty=False)
    p.n = 50
    line = p.line(p.start + 1.0)
    assert "50 of ~" in line and "left" in line
    list(it)  # the whole file read (and closed), the last puzzles still being solved: the total is known
    assert inputs.fraction() == 1.0
    p.n = 1990
    assert "1,990 of ~2,000" in p.line(p.start + 2.0) and "0:00 left" in p.line(p.start + 2.0)


def test_progress_shows_the_rate_only_after_the_first_second(monkeypatch):
    """At 0.1 s one puzzle (the workers still starting) would promise hours left."""
    monkeypatch.setattr("sys.stderr", _Tty())
    p = Progress("solved", out_tty=False, total=1000)
    p.n = 1
    assert p.line(p.start + 0.1) == "[....................]   0%  1 of 1,000"
    p.n = 500
    assert p.line(p.start + 1.0).endswith("500/s  0:01 left")
    pipe = Progress("rated", out_tty=False)  # no total (a pipe): the count, then the rate
    pipe.n = 1
    assert pipe.line(pipe.start + 0.5) == "rated 1 puzzle"
    pipe.n = 30
    assert pipe.line(pipe.start + 2.0) == "rated 30 puzzles  15/s"


@pytest.mark.parametrize("arg, status", [("missing", "unreadable"), ("junk", "bad_input"), ("-", "bad_input")])
def test_check_json_says_an_unreadable_input_in_json(tmp_path, monkeypatch, arg, status):
    """Issue 25, item 12: ``check --json`` printed no JSON for input it could not read, where
    ``solve --json`` prints a bad_input object; now both do (exit 2, the reason on stderr too)."""
    (tmp_path / "junk").write_text("junk\n")
    name = "-" if arg == "-" else str(tmp_path / arg)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x\n")))
    code, out, err = cli("check", "--json", name)
    (rec,) = records(out)
    assert code == 2 and rec["status"] == status and rec["puzzle"] is None
    assert rec["source"] == name and rec["message"] and err.startswith("check: ")
