"""The command line's batches: inputs, the worker pool, the progress bar (commands: ``cli.py``).

Inputs are streams of :class:`Item`: one per puzzle, in input order, each either a Grid or
a finished error message, labelled for people (``line 12``, ``a.txt, line 3``,
``puzzle 2`` for a drawing over several lines, ``example 'tutorial'``).  Files and
standard input are read line by line in bounded memory (``parse.read_lines``); an input
whose first puzzle line does not parse is re-read as one text when it is small (a
``.ss`` drawing).

:class:`Progress` draws one line on standard error while a batch runs, only when standard
error is a terminal and the results go somewhere else (else the two would interleave).
"""
from __future__ import annotations

import csv
import itertools
import os
import re
import stat
import sys
import time
from collections import deque
from typing import Iterable, Iterator, NamedTuple, Optional

from ..grid import Grid
from ..reading.formats import read_text
from ..reading.parse import (
    MAX_TEXT_CHARS, ParseError, iter_puzzles, load, parse, parse_many, read_lines, reads_by_line,
)

__all__ = ["Item", "Inputs", "Closed", "Unreadable", "read_rows", "read_items", "read_argument",
           "argument_items", "no_puzzle", "csv_fields", "solve_line", "solved_in_order", "max_jobs", "CsvOut",
           "Progress"]

# An input whose first puzzle line does not parse is re-read as one text (a
# drawing over several lines) when it is at most this big; bigger inputs are
# line-oriented by assumption, so memory stays bounded on a broken huge CSV.
WHOLE_TEXT = 1024 * 1024
BATCH = 4096  # puzzles handed to the worker pool at a time: bounds memory on huge inputs
CHUNK = 64  # puzzles per message to a worker process
SMALL = 16  # inputs of at most this many puzzles are solved without worker processes


class Item(NamedTuple):
    """One puzzle of an input: ``grid``, or ``error`` (a finished message) when it is unusable.

    ``source`` is the file name (``-`` for standard input, None for a command-line
    argument), ``line`` the 1-based line number when the input is read line by line, and
    ``raw`` that line's text (for ``solve --csv``)."""

    label: str
    source: Optional[str]
    line: Optional[int]
    grid: Optional[Grid]
    error: Optional[str]
    raw: Optional[str] = None
    header: Optional[str] = None  # on an input's first item: the CSV header line it skipped


class Closed(Exception):
    """Standard input or output is missing or closed: the message for stderr (exit 3)."""


class Unreadable(Exception):
    """A command-line argument is no file, example or puzzle: the message for stderr (exit 2).

    ``unreadable``: a file or standard input that could not be read at all (not one that
    was read and holds no puzzle)."""

    def __init__(self, message: str, unreadable: bool = False):
        super().__init__(message)
        self.unreadable = unreadable


# -- one input --------------------------------------------------------------------

class _Recorder:
    """Iterate lines, remember the last one, and keep them all until told to stop (to
    re-read a drawing as a whole)."""

    def __init__(self, lines: Iterable):
        self._lines = iter(lines)
        self.kept: Optional[list] = []
        self.last = None
        self.first: Optional[tuple] = None  # (number, text) of the first line not blank or '#'

    def __iter__(self):
        for n, line in enumerate(self._lines, 1):
            if self.kept is not None:
                self.kept.append(line)
            self.last = line
            if self.first is None:
                text = _text(line)
                if text and text.strip().lstrip("\ufeff").strip()[:1] not in ("", "#"):
                    self.first = (n, text)
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


def read_rows(lines) -> Iterator[tuple]:
    """(label, Grid | ParseError, raw line | None, header | None) for every puzzle of a
    line-oriented or drawn input; the header (a CSV header line the reader skipped) comes
    with the first puzzle only.  ``lines`` is an open file (read in bounded memory) or lines."""
    if hasattr(lines, "readline"):
        lines = read_lines(lines)
    rec = _Recorder(lines)
    stream = iter_puzzles(rec)
    first = next(stream, None)
    if first is None:
        return
    if not isinstance(first[1], ParseError):
        rec.kept = None
        header = rec.first[1] if rec.first and rec.first[0] < first[0] else None
        yield f"line {first[0]}", first[1], _text(rec.last), header
        yield from _without_drawings_of(first[1], ((f"line {n}", item, _text(rec.last), None)
                                                   for n, item in stream))
        return
    # The first puzzle line does not parse: maybe the input is a drawing over
    # several lines.  Read at most WHOLE_TEXT bytes of it and try it whole.
    kept = rec.kept
    rec.kept = None
    size = sum(len(x) for x in kept if not isinstance(x, ParseError))
    for line in rec.rest():
        kept.append(line)
        size += 0 if isinstance(line, ParseError) else len(line)
        if size > WHOLE_TEXT:
            break
    text = _as_text(kept) if size <= WHOLE_TEXT else None
    if text is not None:
        try:
            grids = parse_many(text)
        except ParseError as e:
            if not reads_by_line(text):  # a drawing or a pencil-mark grid: wrong as a whole,
                yield "puzzle 1", e, None, None  # said as parse and load say it
                return
            grids = None
        if grids:
            for k, g in enumerate(grids, 1):
                yield f"puzzle {k}", g, None, None
            return
    rec = _Recorder(itertools.chain(kept, rec.rest()))
    rec.kept = None
    for n, item in iter_puzzles(rec):
        yield f"line {n}", item, _text(rec.last), None


_DRAWING_LINES = 20  # a drawing of one puzzle has at most 9 rows and 6 frame lines (and a title)
_DRAWING_WIDTH = 60  # ... each of them at most this long (pretty() draws 23 characters)


def _without_drawings_of(grid: Grid, rows: Iterator[tuple]) -> Iterator[tuple]:
    """``rows`` of a collection, without the lines right after a puzzle that draw that same
    puzzle again: the app's Copy gives the line and then the framed block, and ``parse``
    reads that as one puzzle, so a file of it is one puzzle here too, not one and 13 errors.

    Only the errors that follow a puzzle are held back (at most ``_DRAWING_LINES``): a line
    that reads is answered as soon as it is read."""
    held: list[tuple] = []
    armed = True  # right after a puzzle: its drawing may follow
    for row in rows:
        item, raw = row[1], row[2]
        if isinstance(item, ParseError):
            # a drawing's lines are short; a long bad line (a mistyped puzzle) is said at once
            if armed and raw is not None and len(raw) <= _DRAWING_WIDTH and len(held) < _DRAWING_LINES:
                held.append(row)
                continue
            yield from _unless_drawing(grid, held)
            held, armed = [], False
        else:
            yield from _unless_drawing(grid, held)
            held, armed, grid = [], True, item
        yield row
    yield from _unless_drawing(grid, held)


def _unless_drawing(grid: Grid, held: list[tuple]) -> list[tuple]:
    """``held`` (error rows), or nothing when their lines draw ``grid``."""
    if held:
        try:
            if read_text("\n".join(row[2] for row in held)) == [grid]:
                return []
        except ParseError:
            pass
    return held


def read_items(lines) -> Iterator[tuple]:
    """(label, Grid | ParseError) for every puzzle of an input (see :func:`read_rows`)."""
    for label, item, _raw, _header in read_rows(lines):
        yield label, item


def _text(line) -> Optional[str]:
    if isinstance(line, (bytes, bytearray)):
        line = bytes(line).decode("utf-8", "replace")
    return line.rstrip("\r\n") if isinstance(line, str) else None


_POSITION = re.compile(r"^(line (\d+)(?:, column \d+)?): ")


def _items(rows, source: str, where: str) -> Iterator[Item]:
    for label, item, raw, header in rows:
        n = int(label[5:]) if label.startswith("line ") else None
        if isinstance(item, ParseError):
            msg = str(item)
            m = _POSITION.match(msg)
            if m:
                yield Item(where + m.group(1), source, int(m.group(2)), None,
                           f"bad input: {msg[m.end():]}", raw, header)
            else:
                yield Item(where + label, source, n, None, f"bad input: {msg}", raw, header)
        else:
            yield Item(where + label, source, n, item, None, raw, header)


# -- every input of a command -----------------------------------------------------

class Inputs:
    """The items of the files named on the command line (``-`` or none: standard input).

    Also knows how far through the inputs it is (:meth:`fraction`) when every input is a
    regular file, for the progress bar's time left."""

    def __init__(self, names: list[str], command: str = "solve"):
        self.names = names or ["-"]
        self.command = command
        self.count = 0  # items read so far
        self.empty: list[str] = []  # the inputs read to the end without a puzzle ("-": stdin)
        self._done = 0  # bytes of the inputs finished
        self._file = None
        self._size = 0  # bytes of the input being read
        self.total = self._total()

    def _total(self) -> Optional[int]:
        total = 0
        for name in self.names:
            try:
                st = os.fstat(sys.stdin.fileno()) if name == "-" else os.stat(name)
            except (OSError, ValueError, AttributeError):
                return None
            if not stat.S_ISREG(st.st_mode):
                return None  # a pipe or a terminal: its size is unknown
            total += st.st_size
        return total or None

    def fraction(self) -> Optional[float]:
        """The share of the input bytes read so far, None when it cannot be known (a pipe)."""
        if not self.total:
            return None
        pos = 0
        if self._file is not None:
            try:
                pos = self._file.tell()
            except (OSError, ValueError):
                return None
        return min(1.0, (self._done + pos) / self.total)

    def __iter__(self) -> Iterator[Item]:
        for item in self._all():
            self.count += 1
            yield item

    def _all(self) -> Iterator[Item]:
        several = len(self.names) > 1
        for name in self.names:
            label = "stdin" if name == "-" else name
            where = label + ", " if several else ""
            start = self.count  # (__iter__ counts each item before this generator goes on)
            try:
                if name == "-":
                    if sys.stdin is None:
                        raise Closed(f"{self.command}: standard input is closed; give a FILE")
                    self._file = sys.stdin.buffer
                    self._size = self._file_size(self._file)
                    yield from _items(read_rows(sys.stdin.buffer), name, where)
                else:
                    if os.path.isdir(name):
                        yield Item(name, name, None, None, "cannot read the file: it is a folder")
                        continue
                    with open(name, "rb") as f:
                        self._file = f
                        self._size = self._file_size(f)
                        yield from _items(read_rows(f), name, where)
                if self.count == start:  # read to the end: nothing in it, or only blank lines,
                    self.empty.append(name)  # comments, a CSV header
            except OSError as e:  # cannot open, or a read failed midway (EIO, a vanished share)
                yield Item(label, name, None, None, f"cannot read the file: {e.strerror or e}")
            except (ValueError, AttributeError) as e:  # stdin closed under us
                raise Closed(f"{self.command}: cannot read standard input: {e}") from None
            finally:
                # (the file is closed by now: its size was taken when it was opened)
                self._done += self._size
                self._size = 0
                self._file = None

    @staticmethod
    def _file_size(f) -> int:
        try:
            return os.fstat(f.fileno()).st_size
        except (OSError, ValueError, AttributeError):
            return 0


def read_argument(arg: Optional[str], key: Optional[str]) -> tuple[str, Grid]:
    """(what, grid) for a one-puzzle argument: a file, an example key, or puzzle text
    (``-``: standard input).  Unreadable with the reason otherwise."""
    from ..examples import EXAMPLES, example

    if key is not None:
        try:
            ex = example(key)
        except KeyError as e:
            raise Unreadable(e.args[0]) from None
        return f"example '{ex.key}': {ex.title}", parse(ex.line)
    if arg == "-":
        if sys.stdin is None:
            raise Unreadable("standard input is closed", True)
        try:
            data = sys.stdin.buffer.read(MAX_TEXT_CHARS + 1)  # never more than parse accepts
        except (OSError, ValueError) as e:
            raise Unreadable(f"cannot read standard input: {getattr(e, 'strerror', None) or e}", True) from None
        try:
            return "standard input", parse(data)
        except ParseError as e:
            raise Unreadable(f"standard input: {e}") from None
    if os.path.exists(arg):
        try:
            grids = load(arg)
        except ParseError as e:
            raise Unreadable(str(e), e.text.code in _CANNOT_READ) from None
        if len(grids) != 1:
            raise Unreadable(f"{arg} holds {len(grids):,} puzzles; check takes one "
                             f"(use 'solve' for a collection)")
        return arg, grids[0]
    keys = [e.key for e in EXAMPLES]
    if arg in keys:
        ex = example(arg)
        return f"example '{ex.key}': {ex.title}", parse(ex.line)
    return "the puzzle", _parse_argument(arg, keys)


# load()'s messages for a file it could not read at all (not one it read and found no puzzle in)
_CANNOT_READ = frozenset({"file_missing", "file_folder", "file_not_regular", "file_permission", "file_unreadable",
                          "file_too_large", "file_too_large_stream", "file_over_limit"})
_CELL_CHARS = frozenset("0123456789.-*_xX")  # what a puzzle on one line is made of (digits, blanks)


def _puzzle_like(arg: str) -> bool:
    """Whether an argument that is no file or example was meant as a puzzle (a typed one
    too short or too long), not as a file name: 17 digits or dots, or nothing but the
    characters of a puzzle line with at least one digit or dot in them."""
    cells = sum(ch.isdigit() or ch == "." for ch in arg)
    return cells >= 17 or (cells > 0 and all(ch in _CELL_CHARS or ch.isspace() for ch in arg))


def _parse_argument(arg: str, keys: list[str]) -> Grid:
    try:
        return parse(arg)
    except ParseError as e:
        if not _puzzle_like(arg):  # a name, not a mistyped puzzle
            raise Unreadable(f"there is no file or example {arg!r} (examples: "
                             f"{', '.join(keys)}), and it is not a puzzle either", True) from None
        raise Unreadable(f"not a puzzle: {e}") from None


def argument_items(args: list[str], key: Optional[str], command: str,
                   names_are_files: bool = False) -> tuple[Inputs | None, Iterator[Item]]:
    """The items for ``solve``/``rate``/``hint``/``explain``: each argument is a file (every
    puzzle in it), an example key or a puzzle; none or ``-``: standard input.  Arguments
    that are none of these raise Unreadable before anything is read; with
    ``names_are_files`` (``solve``) one that looks like a file name rather than a puzzle
    is taken as a file, whose item then says it cannot be read."""
    from ..examples import EXAMPLES, example

    keys = [e.key for e in EXAMPLES]
    if key is not None:
        args = [*args, key]
    plan = []  # ("files", [names]) or ("one", Item), in argument order

    def add_file(name: str) -> None:
        if plan and plan[-1][0] == "files":
            plan[-1][1].append(name)
        else:
            plan.append(("files", [name]))

    for arg in args or ["-"]:
        if arg == "-" or os.path.exists(arg):
            add_file(arg)
        elif arg in keys or arg == key:
            try:
                ex = example(arg)
            except KeyError as e:
                raise Unreadable(e.args[0]) from None
            plan.append(("one", Item(f"example '{ex.key}'", None, None, parse(ex.line), None)))
        else:
            try:
                grid = _parse_argument(arg, keys)
            except Unreadable:
                if names_are_files and not _puzzle_like(arg):
                    add_file(arg)  # a file that is not there: its item says so, as for any input
                    continue
                raise
            plan.append(("one", Item("the puzzle", None, None, grid, None)))
    inputs = None
    if len(plan) == 1 and plan[0][0] == "files":
        inputs = Inputs(plan[0][1], command)
    return inputs, _Items(plan, inputs, command)


class _Items:
    """The items of :func:`argument_items`, in argument order; once read, ``empty`` names
    the inputs that held no puzzle (``-`` for standard input)."""

    def __init__(self, plan: list, inputs: Optional[Inputs], command: str):
        self.plan, self.inputs, self.command = plan, inputs, command
        self.empty: list[str] = []

    def __iter__(self) -> Iterator[Item]:
        for kind, what in self.plan:
            if kind == "one":
                yield what
                continue
            inputs = self.inputs if self.inputs is not None else Inputs(what, self.command)
            yield from inputs
            self.empty += inputs.empty


def no_puzzle(name: str) -> str:
    """What to say of an input that held no puzzle (``-``: standard input)."""
    return "no puzzle in the standard input" if name == "-" else f"no puzzle in {name}"


def csv_fields(raw: Optional[str]) -> list[str]:
    """The fields of an input line, split as ``parse`` reads CSV (``,`` else ``;``)."""
    if raw is None:
        return []
    raw = raw.lstrip("\ufeff")
    delim = "," if "," in raw else ";" if ";" in raw else None
    if delim is None:
        return [raw.strip()]
    return [f.strip() for f in next(csv.reader([raw], delimiter=delim), [])]


# -- solving ---------------------------------------------------------------------------

def solve_line(line: Optional[str]) -> tuple:
    """(status, solution line | None, message | None, ms) for one puzzle line; runs in a worker.

    The search goes on after the first solution to make sure there is no second one: a
    puzzle with several is not solved (status ``multiple``), whichever one it found."""
    if line is None:  # an unusable line: answered before the import, which is paid on every call
        return None
    from ..search import find_solutions

    t = time.perf_counter()
    g = Grid(0 if ch == "." else int(ch) for ch in line)
    solutions = find_solutions(g, 2)
    if len(solutions) == 1:
        return "solved", solutions[0].to_line(), None, (time.perf_counter() - t) * 1000
    if solutions:
        return "multiple", None, "several solutions", (time.perf_counter() - t) * 1000
    from ..diagnose import validate

    conflicts = validate(g)
    ms = (time.perf_counter() - t) * 1000
    if conflicts:
        return "invalid", None, "invalid: " + "; ".join(c.message for c in conflicts), ms
    return "no_solution", None, "no solution", ms


def _ignore_sigint() -> None:
    # Workers leave Ctrl+C to the parent, which stops the pool quietly.
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def solved_in_order(items, jobs: int):
    """(item, result) in input order; result is None for an unusable item."""
    if jobs <= 1:  # streams: each line is answered as it arrives
        for item in items:
            yield item, solve_line(item.grid.to_line()) if item.grid is not None else None
        return
    pending = deque()

    def lines():
        for item in items:
            pending.append(item)
            yield item.grid.to_line() if item.grid is not None else None  # a short string pickles fast

    tasks = lines()
    batch = list(itertools.islice(tasks, BATCH))
    if len(batch) <= SMALL:
        # one process; a handful of puzzles is done before a pool would have started
        for result in map(solve_line, itertools.chain(batch, tasks)):
            yield pending.popleft(), result
        return
    import multiprocessing

    with multiprocessing.Pool(jobs, initializer=_ignore_sigint) as pool:
        # Pool.imap would read the whole input ahead; feed it in batches instead.
        while batch:
            todo = [line for line in batch if line is not None]  # unusable lines stay here
            chunk = max(1, min(CHUNK, len(todo) // (4 * jobs)))
            results = pool.imap(solve_line, todo, chunksize=chunk)
            for line in batch:
                yield pending.popleft(), None if line is None else next(results)
            batch = list(itertools.islice(tasks, BATCH))


def max_jobs() -> int:
    # More processes than cores only adds start-up time (each one is a new interpreter);
    # Windows cannot wait on more than 61 of them.
    return max(1, min(os.cpu_count() or 1, 61))


class CsvOut:
    """``solve --csv``: the input's columns plus the solution."""

    def __init__(self, f):
        self.writer = csv.writer(f, lineterminator="\n")
        self.started = False

    def row(self, item: Item, solution: Optional[str]) -> None:
        fields = csv_fields(item.raw) if item.raw is not None else [item.grid.to_line()] if item.grid else []
        if not self.started:
            self.started = True
            if item.header is not None:
                names = csv_fields(item.header)
                taken = {n.lower() for n in names}
                self.writer.writerow(names + ["solved" if "solution" in taken else "solution"])
            elif len(fields) <= 1:
                self.writer.writerow(["puzzle", "solution"])
        if fields:
            self.writer.writerow(fields + [solution or ""])


# -- progress -----------------------------------------------------------------------

class Progress:
    """A one-line bar on stderr: ``[#####.....]  45%  12,345 puzzles  4,321/s  0:03 left``.

    Drawn only when stderr is a terminal and ``out_tty`` is False (the results go to a
    file or a pipe), at most ``per_second`` times a second; the rate and the time left from
    the first second on (``SETTLE_S``: before, they would say more about starting the worker
    processes than about the puzzles).  The time left needs the share
    of the input read (``inputs.fraction()``); without it (a pipe) the bar shows the count
    and the rate only.  :meth:`done` ends it with a summary line (``solved 20 puzzles in
    0.1 s, 200/s``).
    """

    WIDTH = 20
    SETTLE_S = 1.0  # the rate and the time left are shown from this many seconds on

    def __init__(self, verb: str = "solved", inputs: Optional[Inputs] = None,
                 out_tty: Optional[bool] = None, total: Optional[int] = None,
                 per_second: float = 10.0):
        err = sys.stderr
        if out_tty is None:
            out_tty = sys.stdout is not None and sys.stdout.isatty()
        try:
            self.on = err is not None and err.isatty() and not out_tty
        except (ValueError, OSError):
            self.on = False
        self.verb = verb
        self.inputs = inputs
        self.total = total
        self.every = 1.0 / per_second
        self.start = time.monotonic()
        self.last = self.start
        self.n = 0
        self._width = 0

    def tick(self) -> None:
        self.n += 1
        if self.on:
            now = time.monotonic()
            if now - self.last >= self.every:
                self.last = now
                self._draw(self.line(now))

    def line(self, now: float) -> str:
        """The bar's text at ``now``."""
        elapsed = max(now - self.start, 1e-9)
        rate = self.n / elapsed
        total = self.total
        if total is None and self.inputs is not None:
            f = self.inputs.fraction()
            if f:
                total = max(self.n, round(self.inputs.count / f))
        if not total:
            count = f"{self.verb} {self.n:,} puzzle{'s' if self.n != 1 else ''}"
            return count if elapsed < self.SETTLE_S else f"{count}  {rate:,.0f}/s"
        share = min(1.0, self.n / total)
        fill = int(share * self.WIDTH)
        about = "" if self.total else "~"
        bar = f"[{'#' * fill}{'.' * (self.WIDTH - fill)}] {share:4.0%}  {self.n:,} of {about}{total:,}"
        if elapsed < self.SETTLE_S:  # the first puzzles (and starting the workers) say little about the rate
            return bar
        left = (total - self.n) / rate if rate else 0.0
        return f"{bar}  {rate:,.0f}/s  {_clock(left)} left"

    def _draw(self, text: str) -> None:
        try:
            sys.stderr.write("\r" + text.ljust(self._width))
            sys.stderr.flush()
        except (OSError, ValueError):
            self.on = False
        self._width = len(text)

    def done(self) -> None:
        """The summary line (when the bar is on and anything was done)."""
        if self.on and self.n:
            elapsed = time.monotonic() - self.start
            rate = self.n / max(elapsed, 1e-9)
            self._draw(f"{self.verb} {self.n:,} puzzle{'s' if self.n != 1 else ''} in "
                       f"{elapsed:,.1f} s, {rate:,.0f}/s")
            self.close()

    def close(self) -> None:
        """End the bar's line (after Ctrl+C too), so the shell prompt starts on a new one."""
        if self.on and self._width:
            try:
                sys.stderr.write("\n")
                sys.stderr.flush()
            except (OSError, ValueError):
                pass
            self._width = 0


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    h, rest = divmod(s, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"
