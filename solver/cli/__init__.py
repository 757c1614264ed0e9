"""The command line: ``sudoku-solve`` (also ``python -m solver``).

Commands (``--help`` on each says more; the help names the command as it was called)::

    solve [PUZZLE|FILE|EXAMPLE ...]    every puzzle solved, one line each, in input order
    check PUZZLE|FILE|EXAMPLE one puzzle diagnosed in words (--ask: compare with your paper)
    rate [PUZZLE|FILE|EXAMPLE ...]     the difficulty: level, SE rating, score, hardest technique
    hint [PUZZLE|FILE|EXAMPLE ...]     the next logical step (checked against the solution)
    explain [PUZZLE|FILE|EXAMPLE ...]  every logical step until solved or stuck
    generate LEVEL [--count N] [--seed S] [--symmetry SYM]   new puzzles with one solution
    --version

``solve`` reads files, or standard input when no argument is given or it is ``-``, line by
line in constant memory (a 1,000,000-line Kaggle CSV is never held whole), and solves with
``--jobs`` worker processes (default: all cores; above the number of cores is lowered to
it, with a note on stderr); the output order is the input order.  It prints the 81-digit
solution or a line that says why not (``line 12: no solution``, ``line 13: bad input:
found 80 cells, a puzzle has 81``, ``line 14: invalid: Row 3 has two 5s: ...``, ``line 15:
several solutions``: a puzzle is solved only when its solution is the only one).  A file
that is not one puzzle per line (a ``.ss`` drawing) is recognised when its first puzzle
line does not parse: an input of at most 1 MiB is then read whole and its puzzles are
labelled ``puzzle 1``, ``puzzle 2``...  A line longer than 64 KiB is reported by its number
and skipped unread; a NUL byte (``/dev/zero``) ends that input with one error.  Files are
decoded as ``check`` and the app decode them (UTF-8, UTF-16 with a byte-order mark,
Latin-1).  ``--pretty`` draws each solution; ``--csv OUT`` writes a CSV instead (``-``:
standard output): the input's columns (its header kept) plus a ``solution`` column
(``solved`` when the input has a ``solution`` column already), empty for a puzzle that
failed, whose reason goes to stderr; a one-puzzle-per-line input gets the header
``puzzle,solution``.

``solve``, ``rate``, ``hint`` and ``explain`` take any number of arguments, each a file
(every puzzle in it), a bundled example's key or a puzzle; none or ``-`` reads standard
input (an argument that looks like a file name, not a puzzle, is a file, and a missing one
is reported like any unreadable file: in place, as a ``"unreadable"`` JSON object, and again
on stderr after the results; the other inputs are still done, and the exit status is 1).  ``check`` takes one puzzle: the
argument is tried as a file, then as an example key (``--example KEY`` forces that), then
as puzzle text.

``--json`` (solve, check, rate, hint, explain, generate) prints one JSON object per puzzle,
one per line, in input order.  Cells are named ``"r1c1"``, digits are numbers (0 blank),
puzzles and solutions are 81-character lines (``.`` blank).  Every object of a command
that reads puzzles starts with ``label`` (``"line 12"``, ``"a.txt, line 3"``, ``"puzzle
2"``, ``"example 'tutorial'"``, ``"the puzzle"``), ``source`` (the file, ``"-"`` for
stdin, null for an argument), ``line`` (the line number, or null) and ``puzzle`` (null when
unreadable).  A puzzle that could not be read has ``status`` ``"bad_input"`` (or
``"unreadable"`` when its file could not be read) and a ``message``; otherwise:

* solve: ``status`` ``"solved" | "multiple" | "no_solution" | "invalid"``, ``solution``
  (null unless solved), ``message`` (why not, else null), ``ms`` (solving time);
* check: ``what``, ``givens``, ``status`` (``"unique" | "multiple" | "no_solution" |
  "invalid"``), ``summary``, ``findings`` [{``kind``, ``message``, ``cells``}],
  ``solution`` (null unless unique), ``solutions`` (up to two), ``differing`` (cells where
  two solutions differ), ``suggested_given`` ({``cell``, ``digit``} or null), ``best_fix``
  (the likeliest typing slip, or null: {``kind``, ``cells``, ``old``, ``new``, ``message``,
  ``short``, ``solutions``, ``confident``, ``fixed``, ``edits`` [{``kind``, ``cells``,
  ``old``, ``new``}]}); with ``--code``, ``code`` ({``ok``, ``rows_wrong`` (1-based),
  ``message``, ``fix``: the one possible fix that gives the code's givens, or null});
* rate: ``status`` (as check), ``level`` (``"easy"``, ``"medium"``, ``"hard"``, ``"fiendish"``,
  ``"diabolical"``, ``"extreme"``, ``"guessing"``,
  null when not unique), ``level_label`` (``"Easy"`` ... ``"Not rated"``), ``score``, ``se``
  (the rating on Sudoku Explainer's scale), ``hardest`` (technique), ``counts`` {technique:
  uses}, ``cells_left``, ``summary``, ``backtrack`` {``placements``, ``backtracks``, ``exact``,
  ``about``} (the classic backtracker: exact, or capped with the estimate the card shows);
* hint: ``status`` (``"step" | "solved" | "stuck" | "invalid" | "no_solution" |
  "multiple"``), ``message``, ``technique``, ``cells``, ``placements`` and
  ``eliminations`` [{``cell``, ``digit``}];
* explain: ``status`` (``"solved" | "stuck"``, or the diagnosis status), ``steps``
  [{``technique``, ``message``, ``cells``, ``digits``, ``placements``, ``eliminations``}],
  ``cells_left``, ``final`` (the grid where the steps end), ``message``;
* generate: ``puzzle``, ``level``, ``seed``, ``symmetry``, ``givens``, ``ms``.

Results, including a puzzle that failed, go to standard output in input order; anything
that stops a command goes to standard error as one line, never a traceback.  A long batch
(solve, rate, hint, explain, generate) draws a progress bar on standard error when it is a
terminal and the results go to a file or pipe: count, rate and, for files, time left.

Exit status:

* 0: every puzzle solved, each with one solution only (check: exactly one solution, and
  with ``--code`` givens that match the check code; rate:
  every puzzle rated; hint: a step or a solved grid for each; explain: each solved by logic);
* 1: a puzzle failed, an input file could not be read, or an input held no puzzle (said on
  stderr: ``solve: no puzzle in the standard input``);
* 2: usage error, a mistyped puzzle argument, or (check) input it cannot read, which
  ``check --json`` also prints as one object with ``status`` ``"unreadable"`` or ``"bad_input"``,
  or a ``--code`` that cannot be read;
* 3: the output could not be written (disk full, closed stdout, a pipe closed early: ``|
  head`` ends quietly with 3) or standard input is closed;
* 130: Ctrl+C.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import time
from typing import Optional

from .batch import (  # noqa: F401  (read_items: the tests stream through it)
    Closed, CsvOut, Inputs, Item, Progress, Unreadable, argument_items, max_jobs, no_puzzle,
    read_argument, read_items, solved_in_order,
)
from ..grid import Grid, cell_name

__all__ = ["main"]

def _json(record: dict) -> str:
    from .json_out import dumps

    return dumps(record)


def _head(item: Item) -> dict:
    """The fields every --json object of a puzzle starts with."""
    return {"label": item.label, "source": item.source, "line": item.line,
            "puzzle": item.grid.to_line() if item.grid is not None else None}


def _unusable(item: Item) -> dict:
    return dict(_head(item), status="unreadable" if _is_unreadable(item) else "bad_input", message=item.error)


# -- solve ------------------------------------------------------------------

def _cmd_solve(args) -> int:
    jobs = args.jobs if args.jobs is not None else max_jobs()
    if jobs > max_jobs():
        _say(f"solve: --jobs {jobs:,} is more than the {max_jobs()} cores here; using {max_jobs()}")
        jobs = max_jobs()
    out = sys.stdout
    if out is None:
        raise Closed("solve: standard output is closed; nowhere to write the solutions")
    try:
        inputs, items = argument_items(args.puzzles, args.example, "solve", names_are_files=True)
    except Unreadable as e:
        _say(f"solve: {e}")
        return 2
    csv_file = None
    if args.csv is not None and args.csv != "-":
        try:
            csv_file = open(args.csv, "w", encoding="utf-8", newline="")
        except OSError as e:
            _say(f"solve: cannot write {args.csv}: {e.strerror or e}")
            return 2
    try:
        return _solve_all(args, jobs, out, csv_file, inputs, items)
    finally:
        if csv_file is not None:
            csv_file.close()


def _solve_all(args, jobs: int, out, csv_file, inputs: Optional[Inputs], items) -> int:
    target = csv_file or out
    progress = Progress("solved", inputs, out_tty=_isatty(target))
    table = CsvOut(target) if args.csv is not None else None
    failed = False
    first = True
    unread: list[Item] = []
    try:
        for item, result in solved_in_order(items, jobs):
            status, solution, message, ms = result or (None, None, item.error, 0.0)
            failed |= status != "solved"
            if _is_unreadable(item):
                unread.append(item)
            if args.json:
                rec = _unusable(item) if result is None else dict(
                    _head(item), status=status, solution=solution, message=message, ms=round(ms, 3))
                out.write(_json(rec) + "\n")
            elif table is not None:
                table.row(item, solution)
                if status != "solved":
                    _say(f"{item.label}: {message}")
            else:
                if args.pretty and not first:
                    out.write("\n")
                if solution is None:
                    out.write(f"{item.label}: {message}\n")
                else:
                    out.write((Grid(map(int, solution)).pretty() if args.pretty else solution) + "\n")
            first = False
            progress.tick()
        progress.done()
    finally:
        progress.close()
    target.flush()
    _said_unread(unread, "solve")
    return 1 if _said_empty(items, "solve") or failed else 0


def _is_unreadable(item: Item) -> bool:
    return item.grid is None and item.error.startswith("cannot read")


def _said_unread(unread: list[Item], command: str) -> None:
    """Say on stderr, after the results, which inputs could not be read (their results said so
    in place): one missing file among 300 must not go unnoticed in a long output."""
    for item in unread:
        _say(f"{command}: {item.label}: {item.error}")


def _said_empty(items, command: str) -> bool:
    """Say on stderr which inputs held no puzzle (an empty file, ``< /dev/null``); whether any."""
    for name in items.empty:
        _say(f"{command}: {no_puzzle(name)}")
    return bool(items.empty)


def _isatty(f) -> bool:
    try:
        return f.isatty()
    except (AttributeError, ValueError, OSError):
        return False


# -- check --------------------------------------------------------------------

def _side_by_side(a: str, b: str, gap: str = "    ") -> str:
    left = a.splitlines()
    width = max(map(len, left))
    return "\n".join(x.ljust(width) + gap + y for x, y in zip(left, b.splitlines()))


def _cmd_check(args) -> int:
    if args.puzzle is None and args.example is None:
        print("check: give a puzzle, a file or an example key", file=sys.stderr)
        return 2
    if sys.stdout is None:
        raise Closed("check: standard output is closed; nowhere to write the diagnosis")
    try:
        what, g = read_argument(args.puzzle, args.example)
    except Unreadable as e:
        _say(f"check: {e}")
        if args.json:  # as solve --json says an input it cannot read: one object, status and why
            source = "-" if args.puzzle == "-" else args.puzzle if args.example is None else None
            label = "standard input" if args.puzzle == "-" else args.puzzle if args.example is None else args.example
            status = "unreadable" if e.unreadable else "bad_input"
            print(_json({"label": label, "source": source, "line": None, "puzzle": None,
                         "status": status, "message": str(e)}))
        return 2
    if args.ask and args.json:
        print("check: --ask and --json do not go together (--ask asks questions in words)",
              file=sys.stderr)
        return 2
    if args.ask and args.puzzle == "-":
        print("check: --ask reads the answers from stdin, so the puzzle cannot come from there",
              file=sys.stderr)
        return 2
    from .. import compare_code, describe, diagnose, msg, short_fix

    compared = None
    if args.code is not None:  # the check code printed under the puzzle: were the givens typed right?
        compared = compare_code(g, args.code)
        if compared.error is not None:
            _say(f"check: --code {args.code!r}: {compared.message}")
            return 2
    d = diagnose(g)
    code = 0 if d.status == "unique" and (compared is None or compared.ok) else 1
    settled = None  # the one fix whose grid the check code was printed for
    if compared is not None and not compared.ok:
        matching = [x for x in d.explanations if compare_code(x.fixed, args.code).ok]
        settled = matching[0] if len(matching) == 1 else None
    if args.json:
        from . import json_out as cli_json

        source = args.puzzle if args.example is None and what == args.puzzle else None
        rec = {"label": what, "source": source, "line": None, "puzzle": g.to_line(),
               "what": what, "givens": g.filled_count, **cli_json.diagnosis(d)}
        if compared is not None:
            rec["code"] = {"ok": compared.ok, "rows_wrong": [r + 1 for r in compared.rows_wrong],
                           "message": compared.message, "fix": settled and short_fix(settled)}
        print(_json(rec))
        return code
    out = [f"{what} ({g.filled_count} givens)", "", g.pretty(), ""]
    if compared is not None:
        out.append(compared.message)
    if settled is not None:
        out.append(describe(msg("code_settles", fix=short_fix(settled))))
    out.append(d.summary)
    for f in d.findings:
        if f.message != d.summary:
            out.append(f"- {f.message}")
    if d.status == "unique":
        out += ["", "Solution:", d.solution.pretty()]
    elif d.status == "multiple" and len(d.solutions) >= 2:
        head = "Two of its solutions"
        if d.differing:
            head += "; they differ at " + ", ".join(cell_name(c) for c in d.differing)
        out += ["", head + ":", _side_by_side(d.solutions[0].pretty(), d.solutions[1].pretty())]
        if d.suggested_given is not None:
            cell, digit = d.suggested_given
            clue = f"{cell_name(cell)} = {digit}"
            if not any(clue in f.message for f in d.findings):
                out.append(f"Adding the clue {clue} leaves one solution.")
    print("\n".join(out))
    if args.ask and d.status != "unique":
        _ask_paper(g)
    return code


def _read_answer(prompt: str) -> Optional[int]:
    """The digit typed for ``prompt`` (0 for a blank), or None to stop (Enter alone, EOF);
    asks again after anything else, naming what was typed."""
    from .. import describe, msg

    while True:
        print(prompt, end=" ", flush=True)
        line = sys.stdin.readline()
        if not line:  # EOF: stop asking
            print()
            return None
        if not sys.stdin.isatty():  # piped: show the answer after its prompt
            print(line.rstrip("\n"))
        text = line.strip()
        if not text:
            return None
        if text in (".", "0") or text.lower() == describe(msg("paper_blank")).lower():
            return 0
        if len(text) == 1 and text in "123456789":
            return int(text)
        print(describe(msg("paper_bad_answer", text=repr(text))), flush=True)


# one cell and its digit on paper: "r2c5 9", "Z2S5: .", "25 0" (any language's letters)
_REGION_PAIR = re.compile(r"[^\W\d_]*\s*([1-9])\s*[^\W\d_]*\s*([1-9])\s*[:=]?\s+([0-9.])(?=\s|,|;|$)[\s,;]*")


def _read_region_answer(prompt: str, cells: tuple) -> Optional[dict]:
    """The answer to a look at ``cells``: {cell: digit on paper} for each cell typed ("r2c5 9
    r3c6 ."; the others as typed: the caller adds them), {} for "=", or None to stop."""
    from .. import describe, msg

    while True:
        print(prompt, end=" ", flush=True)
        line = sys.stdin.readline()
        if not line:
            print()
            return None
        if not sys.stdin.isatty():
            print(line.rstrip("\n"))
        text = line.strip()
        if not text:
            return None
        if text == "=":
            return {}
        answer: dict = {}
        at = 0
        while at < len(text):
            m = _REGION_PAIR.match(text, at)
            cell = (int(m.group(1)) - 1, int(m.group(2)) - 1) if m else None
            if cell not in cells:
                break
            answer[cell] = 0 if m.group(3) == "." else int(m.group(3))
            at = m.end()
        if answer and at >= len(text):
            return answer
        print(describe(msg("paper_region_bad", text=repr(text), cell=cells[0])), flush=True)


def _ask_paper(g: Grid) -> None:
    """Compare with your paper in the terminal: the questions of solver.paper_question, the
    answers read from stdin, then the fix they settle (or the likeliest so far)."""
    from .. import describe, msg, paper_question, paper_state, short_fix

    answers: dict = {}
    q = paper_question(g, answers)
    helped = set()  # the kinds of question whose help was printed
    while q is not None:
        if q.region not in helped:
            helped.add(q.region)
            help_text = msg("paper_region_help", cell=q.cells[0]) if q.region else msg("paper_answer_help")
            print("\n" + describe(help_text))
        if q.region:
            answer = _read_region_answer(describe(q.text), tuple(q.cells))
            if answer is None:
                break
            answers.update(q.same)  # the cells not typed are as on the grid
            answers.update(answer)
        else:
            blank = describe(msg("paper_blank"))
            options = " / ".join(str(d) if d else blank for d in q.options)
            digit = _read_answer(f"{describe(q.text)} [{options}]")
            if digit is None:
                break
            answers[q.cell] = digit
        q = paper_question(g, answers)
    state = paper_state(g, answers)
    best = state.best
    if state.settled and best is not None and best.edits:
        text = msg("paper_settled", fix=short_fix(best))
    elif state.settled:
        text = msg("paper_no_slip")
    elif best is None or not best.unique:
        text = msg("paper_none_left")
    else:
        text = msg("paper_stopped", fix=short_fix(best))
    print(describe(text))


# -- rate, hint, explain: one result per puzzle ---------------------------------

def _each(args, verb: str, work) -> int:
    """Run ``work(item) -> (ok, text lines, json record)`` on every puzzle of the arguments."""
    try:
        inputs, items = argument_items(args.puzzles, args.example, args.command, names_are_files=True)
    except Unreadable as e:
        _say(f"{args.command}: {e}")
        return 2
    out = sys.stdout
    if out is None:
        raise Closed(f"{args.command}: standard output is closed")
    single = inputs is None and len(args.puzzles) + (args.example is not None) <= 1
    progress = Progress(verb, inputs, out_tty=_isatty(out))
    failed = False
    unread: list[Item] = []
    try:
        for item in items:
            if item.grid is None:
                ok, lines, rec = False, [f"{item.label}: {item.error}"], _unusable(item)
                if _is_unreadable(item):
                    unread.append(item)
            else:
                ok, lines, rec = work(item)
                rec = dict(_head(item), **rec)
            failed |= not ok
            if args.json:
                out.write(_json(rec) + "\n")
            elif single or item.grid is None:
                out.write("\n".join(lines) + "\n")
            else:
                out.write(f"{item.label}: " + "\n".join(lines) + "\n")
            progress.tick()
        progress.done()
    finally:
        progress.close()
    out.flush()
    _said_unread(unread, args.command)
    return 1 if _said_empty(items, args.command) or failed else 0


def _level(text: str) -> str:
    """A level of the command line, today's or an earlier version's (expert), as today's key."""
    from ..words.levels import OLD_LEVELS
    key = text.strip().lower()
    return OLD_LEVELS.get(key, key)


def _cmd_rate(args) -> int:
    from .. import describe, msg, rate
    from . import json_out as cli_json

    def work(item):
        r = rate(item.grid)
        lines = [r.summary]
        if r.se is not None:
            lines.append("  " + describe(msg("rating_se", se=r.se)))
        if r.backtrack is not None:  # the figure the card and the demo's Compare give
            b, est = r.backtrack, r.backtrack_estimate
            lines.append("  " + describe(
                msg("rating_backtracker_estimated", cap=b.placements, about=est.placements) if b.capped and est
                else msg("rating_backtracker", placements=b.placements, backtracks=b.backtracks)))
        if r.counts and not args.brief:
            lines.append("  " + ", ".join(f"{name} ×{n}" for name, n in r.counts.items()))
        return r.unique, lines, cli_json.rating(r)

    return _each(args, "rated", work)


def _cmd_hint(args) -> int:
    from . import json_out as cli_json
    from .. import hint

    def work(item):
        h = hint(item.grid)
        return h.status in ("step", "solved"), [h.message], cli_json.hint(h)

    return _each(args, "hinted", work)


def _cmd_explain(args) -> int:
    from .. import logical_path
    from . import json_out as cli_json
    from .. import diagnose

    def work(item):
        d = diagnose(item.grid)
        if d.status != "unique":
            return False, [d.summary], {"status": d.status, "steps": [], "cells_left":
                                        81 - item.grid.filled_count, "final": item.grid.to_line(),
                                        "message": d.summary}
        p = logical_path(item.grid)
        if p.solved:
            end = f"Solved in {len(p)} step{'s' if len(p) != 1 else ''}."
        else:
            end = (f"Stuck after {len(p)} steps with {p.cells_left} cells left: no technique "
                   f"this app teaches applies; the rest needs guessing.")
        lines = [end] if args.brief else [f"{k}. {s.message}" for k, s in enumerate(p, 1)] + [end]
        return p.solved, lines, dict(cli_json.path(p), message=end)

    return _each(args, "explained", work)


# -- generate ---------------------------------------------------------------------

def _cmd_generate(args) -> int:
    import random

    from .. import GenerationFailed, generate

    out = sys.stdout
    if out is None:
        raise Closed("generate: standard output is closed")
    start = args.seed if args.seed is not None else random.SystemRandom().randrange(10 ** 9)
    progress = Progress("made", out_tty=_isatty(out), total=args.count)
    symmetry = args.symmetry or "none"
    try:
        for k in range(args.count):
            seed = start + k
            t = time.perf_counter()
            try:
                g = generate(args.level, symmetry=symmetry, seed=seed)
            except GenerationFailed as e:
                progress.close()
                _say(f"generate: {e}")
                return 1
            ms = (time.perf_counter() - t) * 1000
            if args.json:
                out.write(_json({"puzzle": g.to_line(), "level": args.level, "seed": seed,
                                 "symmetry": symmetry, "givens": g.filled_count,
                                 "ms": round(ms, 1)}) + "\n")
            elif args.pretty:
                out.write(("\n" if k else "") + g.pretty() + "\n")
            else:
                out.write(g.to_line() + "\n")
            out.flush()  # each puzzle as soon as it is made: a hard one takes seconds
            progress.tick()
        progress.done()
    finally:
        progress.close()
    return 0


# -- main -------------------------------------------------------------------

def _whole(name: str, least: int):
    def convert(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} needs a whole number, not {text!r}") from None
        if n < least:
            raise argparse.ArgumentTypeError(f"{name} needs at least {least}")
        return n
    return convert


def _jobs(text: str) -> int:
    return _whole("--jobs", 1)(text)


def program_name(argv0: Optional[str] = None) -> str:
    """The command as the user called it: ``sudoku-solve``, ``python -m solver``, ...

    ``python -m`` puts the module's file in ``argv[0]`` (``.../solver/__main__.py``)."""
    argv0 = argv0 if argv0 is not None else (sys.argv[0] if sys.argv else "")
    if argv0 in ("", "-c", "-m"):  # python -c, or an embedding program
        return "sudoku-solve"
    path = os.path.normpath(argv0)
    base = os.path.basename(path)
    package = os.path.basename(os.path.dirname(path))
    if base == "__main__.py" and package:
        return f"python -m {package}"
    name = os.path.splitext(base)[0] if base.lower().endswith((".exe", ".py")) else base
    return name or "sudoku-solve"


def _puzzle_args(p: argparse.ArgumentParser, json_help: str) -> None:
    p.add_argument("puzzles", nargs="*", metavar="PUZZLE|FILE|EXAMPLE",
                   help="puzzles, files of puzzles or example keys ('-' or none: stdin)")
    p.add_argument("--example", metavar="KEY", help="a bundled example puzzle")
    p.add_argument("--json", action="store_true", help=json_help)


def _parser(prog: str) -> argparse.ArgumentParser:
    from .. import LEVELS, SYMMETRIES, __version__ as version

    p = argparse.ArgumentParser(
        prog=prog,
        description="Sudoku solver: solve, check, rate and explain puzzles, make new ones.",
        epilog="Exit status: 0 ok, 1 a puzzle failed or an input held none, "
               "2 usage error or unreadable argument, 3 output not written or stdin closed, "
               "130 Ctrl+C.")
    p.add_argument("--version", action="version", version=f"{prog} {version}")
    commands = ("solve", "check", "rate", "hint", "explain", "generate")
    sub = p.add_subparsers(dest="command", metavar="{" + ",".join(commands) + "}")
    sub.required = True

    s = sub.add_parser("solve", help="solve every puzzle of files, arguments or stdin, one line each",
                       description="Print one line per puzzle: the 81-digit solution or why not. "
                                   "Exit status 1 if any puzzle failed.")
    s.add_argument("puzzles", nargs="*", metavar="PUZZLE|FILE|EXAMPLE",
                   help="puzzles, files of puzzles or example keys ('-' or none: stdin)")
    s.add_argument("--example", metavar="KEY", help="a bundled example puzzle")
    s.add_argument("-j", "--jobs", type=_jobs, default=None,
                   help=f"worker processes (default: all cores, {os.cpu_count()} here)")
    out = s.add_mutually_exclusive_group()
    out.add_argument("--pretty", action="store_true", help="print each solution as a drawn grid")
    out.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    out.add_argument("--csv", metavar="OUT",
                     help="write a CSV: the input's columns plus the solution ('-': stdout)")
    s.set_defaults(run=_cmd_solve)

    c = sub.add_parser("check", help="say whether a puzzle is right, and if not, where",
                       description="Diagnose one puzzle: exit 0 when it has exactly one "
                                   "solution, 1 otherwise, 2 when the input cannot be read.")
    c.add_argument("puzzle", nargs="?", metavar="PUZZLE|FILE|EXAMPLE",
                   help="an 81-character puzzle, a file holding one puzzle, '-' for stdin, "
                        "or an example key such as 'tutorial'")
    c.add_argument("--example", metavar="KEY", help="check a bundled example puzzle")
    c.add_argument("--json", action="store_true", help="the diagnosis as one JSON object")
    c.add_argument("--code", metavar="CODE",
                   help="the check code printed under the puzzle (such as 7KD-3QX-9MP-R): say whether "
                        "the givens match it and which rows do not (exit 1 if not, 2 if unreadable)")
    c.add_argument("--ask", action="store_true",
                   help="when several fixes are possible, ask what your paper shows in the cell "
                        "that decides (answers from stdin: a digit, 0 or . for blank, Enter stops)")
    c.set_defaults(run=_cmd_check)

    r = sub.add_parser("rate", help="the difficulty: level, score, hardest technique",
                       description="Rate each puzzle by the techniques a person needs. "
                                   "Exit status 1 if a puzzle could not be rated.")
    _puzzle_args(r, "one JSON object per puzzle")
    r.add_argument("--brief", action="store_true", help="the summary line only")
    r.set_defaults(run=_cmd_rate)

    h = sub.add_parser("hint", help="the next logical step, checked against the solution",
                       description="The simplest technique that makes progress from each "
                                   "puzzle's start. Exit status 1 if a puzzle has none.")
    _puzzle_args(h, "one JSON object per puzzle")
    h.set_defaults(run=_cmd_hint)

    e = sub.add_parser("explain", help="every logical step, until solved or stuck",
                       description="The logical solution path of each puzzle, simplest "
                                   "technique first. Exit status 1 if logic gets stuck.")
    _puzzle_args(e, "one JSON object per puzzle, with every step")
    e.add_argument("--brief", action="store_true", help="the last line only")
    e.set_defaults(run=_cmd_explain)

    g = sub.add_parser("generate", help="make new puzzles with one solution",
                       description="Print new puzzles of a level, one line each. The same "
                                   "--seed gives the same puzzles.")
    g.add_argument("level", type=_level, choices=LEVELS,
                   help="the difficulty (an earlier version's 'expert' means fiendish)")
    g.add_argument("-n", "--count", type=_whole("--count", 1), default=1,
                   help="how many puzzles (default 1); seeds SEED, SEED+1, ...")
    g.add_argument("--seed", type=_whole("--seed", 0), default=None,
                   help="the first seed (default: a random one; --json shows it)")
    g.add_argument("--symmetry", choices=SYMMETRIES, default=None, help="where the givens sit")
    gout = g.add_mutually_exclusive_group()
    gout.add_argument("--pretty", action="store_true", help="print each puzzle as a drawn grid")
    gout.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    g.set_defaults(run=_cmd_generate)

    for command in sub.choices.values():
        command.set_defaults(parser=command)  # whose usage an unknown option after it shows
    return p


def _parse_args(p: argparse.ArgumentParser, argv: Optional[list[str]]) -> argparse.Namespace:
    """``p.parse_args(argv)``, but an unknown argument after the command is reported with
    that command's usage, not the top-level one (argparse leaves it to the top level)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    args, extra = p.parse_known_args(argv)
    if extra:
        # Only --help and --version come before the command, and both exit: whatever else
        # came before it is an unknown option of the top level.
        where = p if argv[:1] != [args.command] else args.parser
        where.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _say(line: str) -> None:
    """One line on stderr; nothing when stderr itself is closed or full."""
    try:
        if sys.stderr is not None:
            print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _silence_stdout() -> None:
    """Point stdout at devnull, so the interpreter's final flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Optional[list[str]] = None, prog: Optional[str] = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 a puzzle failed or an input
    held none, 2 usage or unreadable input, 3 output not written or stdin closed, 130
    Ctrl+C); never a traceback."""
    args = _parse_args(_parser(prog or program_name()), argv)
    try:
        code = args.run(args)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk shows here, not at exit
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (| head): end quietly, but not with 0 (not every result was
        # written) nor 1 (no puzzle failed): 3, the output could not be written.
        _silence_stdout()
        return 3
    except Closed as e:
        _say(str(e))
        return 3
    except OSError as e:  # writing the output failed: a full disk, a closed descriptor
        _silence_stdout()
        _say(f"{args.command}: cannot write the output: {e.strerror or e}")
        return 3
