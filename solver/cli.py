"""The command line: ``python -m solver solve|check|bench`` (also installed as ``sudoku-solve``).

``solve [FILE ...]``
    One output line per puzzle, in input order: the 81-digit solution, or a
    line that says why not (``line 12: no solution``, ``line 13: bad input:
    found 80 cells, a puzzle has 81``, ``line 14: invalid: Row 3 has two 5s:
    ...``).  Reads standard input when no FILE is given or FILE is ``-``.
    Input streams line by line in constant memory (a 1,000,000-line Kaggle CSV
    is never held whole) and is solved by ``--jobs`` worker processes, in
    order.  A file that is not one puzzle per line (a ``.ss``/``.sdk``
    drawing spread over several lines) is recognised when its first puzzle line
    does not parse: an input of at most 1 MiB is then read as one text with
    ``solver.parse_many``, and its puzzles are labelled ``puzzle 1``,
    ``puzzle 2``...  If that fails too (or the input is bigger), the
    line-by-line errors are reported.  Exit status 1 if any puzzle failed.
    Memory stays bounded on any input: a line longer than ``MAX_LINE_BYTES``
    (64 KiB) is reported by its number and skipped without being read whole, and
    a NUL byte (a binary file, ``/dev/zero``) ends that input with one error.
    Files are decoded as ``check`` and the app decode them (UTF-8, UTF-16 with
    a byte-order mark, Latin-1).  ``--jobs`` above the number of cores is
    lowered to it, with a note on stderr.

``check PUZZLE|FILE|EXAMPLE``
    The diagnosis in words.  The argument is tried as a file, then as an
    example key (``python -m solver check tutorial``; ``--example KEY`` forces
    that), then as puzzle text (an 81-character line).  Exit 0 for a puzzle
    with exactly one solution, 1 otherwise, 2 for unreadable input.

``bench [FILE ...]``
    The benchmark (see ``bench.py``).

Exit status: 0 every puzzle solved (check: exactly one solution), 1 a puzzle
failed or an input file could not be read (check: not exactly one solution),
2 usage error or unreadable input (check), 3 the output could not be written
(disk full, closed stdout) or standard input is closed, 130 Ctrl+C.
Every failure is one line on stderr, never a traceback.  A closed pipe
(``| head``) ends quietly (status 1).
"""
from __future__ import annotations

import argparse
import itertools
import os
import re
import sys
import time
from typing import Iterable, Iterator, Optional

from .grid import Grid, cell_name

__all__ = ["main"]

_BATCH = 4096  # puzzles handed to the worker pool at a time: bounds memory on huge inputs
_CHUNK = 64  # puzzles per message to a worker process
_SMALL = 16  # inputs of at most this many puzzles are solved without worker processes
# An input whose first puzzle line does not parse is re-read as one text (a
# drawing over several lines) when it is at most this big; bigger inputs are
# line-oriented by assumption, so memory stays bounded on a broken huge CSV.
_WHOLE_TEXT = 1024 * 1024


# -- reading ----------------------------------------------------------------

class _Recorder:
    """Iterate lines and keep them until told to stop (to re-read a drawing as a whole)."""

    def __init__(self, lines: Iterable):
        self._lines = iter(lines)
        self.kept: Optional[list] = []

    def __iter__(self):
        for line in self._lines:
            if self.kept is not None:
                self.kept.append(line)
            yield line

    def rest(self):
        return self._lines


def _as_text(lines) -> Optional[str]:
    """The kept lines as one text, None when one of them could not be read."""
    if all(isinstance(x, str) for x in lines):
        return "".join(lines)
    if not all(isinstance(x, (bytes, bytearray)) for x in lines):
        return None  # a ParseError from read_lines: a line too long, binary data
    try:
        return b"".join(lines).decode("utf-8-sig")
    except UnicodeDecodeError:
        return None


def read_items(lines) -> Iterator[tuple]:
    """(label, Grid | ParseError) for every puzzle of a line-oriented or drawn input.

    ``lines`` is an open file (read in bounded memory by ``parse.read_lines``) or lines."""
    from .parse import ParseError, iter_puzzles, parse_many, read_lines

    if hasattr(lines, "readline"):
        lines = read_lines(lines)
    rec = _Recorder(lines)
    stream = iter_puzzles(rec)
    first = next(stream, None)
    if first is None:
        return
    if not isinstance(first[1], ParseError):
        rec.kept = None
        yield f"line {first[0]}", first[1]
        for n, item in stream:
            yield f"line {n}", item
        return
    # The first puzzle line does not parse: maybe the input is a drawing over
    # several lines.  Read at most _WHOLE_TEXT bytes of it and try it whole.
    kept = rec.kept
    rec.kept = None
    size = sum(len(x) for x in kept if not isinstance(x, ParseError))
    for line in rec.rest():
        kept.append(line)
        size += 0 if isinstance(line, ParseError) else len(line)
        if size > _WHOLE_TEXT:
            break
    text = _as_text(kept) if size <= _WHOLE_TEXT else None
    if text is not None:
        try:
            grids = parse_many(text)
        except ParseError:
            grids = None
        if grids:
            for k, g in enumerate(grids, 1):
                yield f"puzzle {k}", g
            return
    for n, item in iter_puzzles(itertools.chain(kept, rec.rest())):
        yield f"line {n}", item


def _open_inputs(names: list[str]) -> Iterator[tuple]:
    """(label, Grid | str error) over every input; errors are finished messages."""
    from .parse import ParseError

    names = names or ["-"]
    several = len(names) > 1
    for name in names:
        where = ("stdin" if name == "-" else name) + ", " if several else ""
        label = "stdin" if name == "-" else name
        try:
            if name == "-":
                if sys.stdin is None:
                    raise _Closed("solve: standard input is closed; give a FILE")
                yield from _labelled(read_items(sys.stdin.buffer), where, ParseError)
                continue
            if os.path.isdir(name):
                yield name, "cannot read the file: it is a folder"
                continue
            with open(name, "rb") as f:
                yield from _labelled(read_items(f), where, ParseError)
        except OSError as e:  # cannot open, or a read failed midway (EIO, a vanished share)
            yield label, f"cannot read the file: {e.strerror or e}"
        except (ValueError, AttributeError) as e:  # stdin closed under us
            raise _Closed(f"solve: cannot read standard input: {e}") from None


_POSITION = re.compile(r"^(line \d+(?:, column \d+)?): ")


def _labelled(items, where: str, ParseError) -> Iterator[tuple]:
    for label, item in items:
        if isinstance(item, ParseError):
            msg = str(item)
            m = _POSITION.match(msg)
            if m:
                yield where + m.group(1), f"bad input: {msg[m.end():]}"
            else:
                yield where + label, f"bad input: {msg}"
        else:
            yield where + label, item


# -- solving ----------------------------------------------------------------

def _solve_one(task: tuple) -> tuple[bool, str]:
    """(ok, output text) for one (label, line | None, error | None, pretty) task; runs in a worker."""
    from .search import solve

    label, line, error, pretty = task
    if error is not None:
        return False, f"{label}: {error}"
    g = Grid(0 if ch == "." else int(ch) for ch in line)
    solution = solve(g)
    if solution is not None:
        return True, solution.pretty() if pretty else solution.to_line()
    from .diagnose import validate

    conflicts = validate(g)
    if conflicts:
        return False, f"{label}: invalid: " + "; ".join(c.message for c in conflicts)
    return False, f"{label}: no solution"


def _tasks(items, pretty: bool):
    for label, item in items:
        if isinstance(item, Grid):
            yield (label, item.to_line(), None, pretty)  # a short string pickles faster than a Grid
        else:
            yield (label, None, item, pretty)


def _ignore_sigint() -> None:
    # Workers leave Ctrl+C to the parent, which stops the pool quietly.
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Closed(Exception):
    """Standard input or output is missing or closed: the message for stderr (exit 3)."""


class _Progress:
    """'solved 12,345 puzzles, 4,321/s' on stderr, only when stderr is a terminal and stdout is not."""

    def __init__(self):
        # Not when the solutions themselves go to the terminal: the two would interleave.
        self.on = sys.stderr.isatty() and not sys.stdout.isatty()
        self.start = self.last = time.monotonic()
        self.n = 0

    def tick(self):
        self.n += 1
        if self.on and not self.n % 256:
            now = time.monotonic()
            if now - self.last >= 0.5:
                self.last = now
                rate = self.n / max(now - self.start, 1e-9)
                sys.stderr.write(f"\rsolved {self.n:,} puzzles, {rate:,.0f}/s ")
                sys.stderr.flush()

    def done(self):
        if self.on and self.n:
            now = time.monotonic()
            rate = self.n / max(now - self.start, 1e-9)
            sys.stderr.write(f"\rsolved {self.n:,} puzzles, {rate:,.0f}/s \n")
            sys.stderr.flush()


def _results(tasks, jobs: int):
    if jobs <= 1:
        yield from map(_solve_one, tasks)  # streams: each line is answered as it arrives
        return
    batch = list(itertools.islice(tasks, _BATCH))
    if len(batch) <= _SMALL:
        # one process; a handful of puzzles is done before a pool would have started
        yield from map(_solve_one, itertools.chain(batch, tasks))
        return
    import multiprocessing

    with multiprocessing.Pool(jobs, initializer=_ignore_sigint) as pool:
        # Pool.imap would read the whole input ahead; feed it in batches instead.
        while batch:
            chunk = max(1, min(_CHUNK, len(batch) // (4 * jobs)))
            yield from pool.imap(_solve_one, batch, chunksize=chunk)
            batch = list(itertools.islice(tasks, _BATCH))


def _max_jobs() -> int:
    # More processes than cores only adds start-up time (each one is a new interpreter);
    # Windows cannot wait on more than 61 of them.
    return max(1, min(os.cpu_count() or 1, 61))


def _cmd_solve(args) -> int:
    jobs = args.jobs if args.jobs is not None else _max_jobs()
    if jobs > _max_jobs():
        _say(f"solve: --jobs {jobs:,} is more than the {_max_jobs()} cores here; using {_max_jobs()}")
        jobs = _max_jobs()
    out = sys.stdout
    if out is None:
        raise _Closed("solve: standard output is closed; nowhere to write the solutions")
    progress = _Progress()
    failed = False
    first = True
    for ok, text in _results(_tasks(_open_inputs(args.files), args.pretty), jobs):
        if args.pretty and not first:
            out.write("\n")
        out.write(text + "\n")
        first = False
        failed |= not ok
        progress.tick()
    progress.done()
    out.flush()
    return 1 if failed else 0


# -- check --------------------------------------------------------------------

class _Unreadable(Exception):
    pass


def _read_one(arg: Optional[str], key: Optional[str]) -> tuple[str, Grid]:
    """(what, grid) for the check argument: a file, an example key, or puzzle text."""
    from .examples import EXAMPLES, example
    from .parse import ParseError, load, parse

    if key is not None:
        try:
            ex = example(key)
        except KeyError as e:
            raise _Unreadable(e.args[0]) from None
        return f"example '{ex.key}': {ex.title}", parse(ex.line)
    if arg == "-":
        from .parse import MAX_TEXT_CHARS

        if sys.stdin is None:
            raise _Unreadable("standard input is closed")
        try:
            data = sys.stdin.buffer.read(MAX_TEXT_CHARS + 1)  # never more than parse accepts
        except (OSError, ValueError) as e:
            raise _Unreadable(f"cannot read standard input: {getattr(e, 'strerror', None) or e}") from None
        try:
            return "standard input", parse(data)
        except ParseError as e:
            raise _Unreadable(f"standard input: {e}") from None
    if os.path.exists(arg):
        try:
            grids = load(arg)
        except ParseError as e:
            raise _Unreadable(str(e)) from None
        if len(grids) != 1:
            raise _Unreadable(f"{arg} holds {len(grids):,} puzzles; check takes one "
                              f"(use 'solve' for a collection)")
        return arg, grids[0]
    keys = [e.key for e in EXAMPLES]
    if arg in keys:
        ex = example(arg)
        return f"example '{ex.key}': {ex.title}", parse(ex.line)
    try:
        return "the puzzle", parse(arg)
    except ParseError as e:
        if sum(ch.isdigit() or ch == "." for ch in arg) < 17:  # a name, not a mistyped puzzle
            raise _Unreadable(f"there is no file or example {arg!r} (examples: "
                              f"{', '.join(keys)}), and it is not a puzzle either") from None
        raise _Unreadable(f"not a puzzle: {e}") from None


def _side_by_side(a: str, b: str, gap: str = "    ") -> str:
    left = a.splitlines()
    width = max(map(len, left))
    return "\n".join(x.ljust(width) + gap + y for x, y in zip(left, b.splitlines()))


def _cmd_check(args) -> int:
    if args.puzzle is None and args.example is None:
        print("check: give a puzzle, a file or an example key", file=sys.stderr)
        return 2
    try:
        what, g = _read_one(args.puzzle, args.example)
    except _Unreadable as e:
        print(f"check: {e}", file=sys.stderr)
        return 2
    from .diagnose import diagnose

    d = diagnose(g)
    out = [f"{what} ({g.clue_count} givens)", "", g.pretty(), "", d.summary]
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
        if d.suggested_clue is not None:
            cell, digit = d.suggested_clue
            clue = f"{cell_name(cell)} = {digit}"
            if not any(clue in f.message for f in d.findings):
                out.append(f"Adding the clue {clue} leaves one solution.")
    print("\n".join(out))
    return 0 if d.status == "unique" else 1


# -- bench ------------------------------------------------------------------

def _cmd_bench(args) -> int:
    from .bench import run_bench

    return run_bench(files=args.files, data=args.data, cap=args.cap, limit=args.limit,
                     out=sys.stdout)


# -- main -------------------------------------------------------------------

def _jobs(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--jobs needs a whole number, not {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError("--jobs needs at least 1")
    return n


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m solver",
        description="Sudoku solver: solve collections, check one puzzle, run the benchmark.")
    sub = p.add_subparsers(dest="command", metavar="{solve,check,bench}")
    sub.required = True

    s = sub.add_parser("solve", help="solve every puzzle of files or stdin, one line each",
                       description="Print one line per puzzle: the 81-digit solution or why not. "
                                   "Exit status 1 if any puzzle failed.")
    s.add_argument("files", nargs="*", metavar="FILE", help="puzzle files ('-' or none: stdin)")
    s.add_argument("-j", "--jobs", type=_jobs, default=None,
                   help=f"worker processes (default: all cores, {os.cpu_count()} here)")
    s.add_argument("--pretty", action="store_true", help="print each solution as a drawn grid")
    s.set_defaults(run=_cmd_solve)

    c = sub.add_parser("check", help="say whether a puzzle is right, and if not, where",
                       description="Diagnose one puzzle: exit 0 when it has exactly one "
                                   "solution, 1 otherwise, 2 when the input cannot be read.")
    c.add_argument("puzzle", nargs="?", metavar="PUZZLE|FILE|EXAMPLE",
                   help="an 81-character puzzle, a file holding one puzzle, '-' for stdin, "
                        "or an example key such as 'tutorial'")
    c.add_argument("--example", metavar="KEY", help="check a bundled example puzzle")
    c.set_defaults(run=_cmd_check)

    b = sub.add_parser("bench", help="time our solver against the baselines",
                       description="Benchmark: our solver vs a Norvig-style solver and the "
                                   "classic backtracker, plus count and diagnose costs.")
    b.add_argument("files", nargs="*", metavar="FILE", help="puzzle sets (default: the public sets)")
    b.add_argument("--data", metavar="DIR", default=None,
                   help="folder with the public sets (default: ../shared/data if present, "
                        "else tests/data)")
    b.add_argument("--cap", type=int, default=None,
                   help="classic backtracker: placements per puzzle before giving up")
    b.add_argument("--limit", type=int, default=None,
                   help="first N puzzles of each set (default: 500)")
    b.set_defaults(run=_cmd_bench)
    return p


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


def main(argv: Optional[list[str]] = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 a puzzle failed, 2 usage or
    unreadable input, 3 output not written or stdin closed, 130 Ctrl+C); never a traceback."""
    args = _parser().parse_args(argv)
    try:
        code = args.run(args)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk shows here, not at exit
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()  # the reader went away (| head): end quietly
        return 1
    except _Closed as e:
        _say(str(e))
        return 3
    except OSError as e:  # writing the output failed: a full disk, a closed descriptor
        _silence_stdout()
        _say(f"{args.command}: cannot write the output: {e.strerror or e}")
        return 3


if __name__ == "__main__":  # python -m solver.cli, as python -m solver
    sys.exit(main())
