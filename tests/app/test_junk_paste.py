"""Pasting megabytes of junk in many short lines never freezes the window (issue 25, item 11).

Was: 3.9 MB of short junk lines (``"x\\n"`` × 1.95 million) froze the window for 56-217 ms.
Not the paste callback, but the worker reading the text: every line read is an object made
(``splitlines``) and freed (the list of lines) in single calls that hold the interpreter, so
the Tk thread could not run.  Now a text of more lines than any text of puzzles has is
refused after a count that makes no line (app/files.py ``has_too_many_lines``).

Counted, not timed: the worker's CPU for the junk (``time.thread_time`` on its own thread)
and which texts reach the readers; the wall-clock figures are in docs/benchmarks.md.
"""
from __future__ import annotations

import random
import time

import pytest

import solver
from app import files
from app.files import MAX_LINES, has_too_many_lines, read_pasted, read_puzzle_file
from conftest import wait_until

TUTORIAL = solver.example("tutorial").line
X_LINES = "x\n" * 1_950_000  # 3.9 MB; "x" is a blank, so each line is a row of one cell


def junk_lines(seed: int = 25) -> str:
    """3.9 MB of short lines of words, spaces and punctuation."""
    rng = random.Random(seed)
    words = ["junk", "xx", "hello world", "a b c", "1 2", "foo,bar", "..", "| |", "abc def ghi"]
    out, n = [], 0
    while n < 3_900_000:
        w = rng.choice(words)
        out.append(w)
        n += len(w) + 1
    return "\n".join(out)


@pytest.fixture
def readers_seen(monkeypatch):
    """The length of each text handed to the solver's readers."""
    seen: list[int] = []
    for name in ("parse_marks", "parse_many"):
        real = getattr(solver, name)

        def spy(text, *a, _real=real, **kw):
            seen.append(len(text))
            return _real(text, *a, **kw)

        monkeypatch.setattr(solver, name, spy)
    return seen


@pytest.mark.parametrize("text", [X_LINES, junk_lines(), "x\r\n" * 1_300_000, "\v" * 3_900_000, "1\u2028" * 1_900_000],
                         ids=["x-lines", "junk-lines", "crlf", "vertical-tabs", "line-separators"])
def test_junk_of_many_lines_is_refused_before_any_reader_sees_it(text, readers_seen):
    start = time.thread_time()
    kind, why = read_pasted(text)
    cpu = time.thread_time() - start
    assert kind == "error" and f"more than {MAX_LINES:,} lines" in why, why
    assert readers_seen == []
    # was 1-2 s of the worker's CPU, in calls that each held the window up to 50 ms: now a count
    assert cpu < 0.1, f"{cpu * 1000:.0f} ms of CPU to refuse the junk"


def test_a_puzzle_file_of_junk_lines_is_refused(tmp_path, readers_seen):
    path = tmp_path / "junk.txt"
    path.write_bytes(X_LINES.encode())
    with pytest.raises(files.NotAPuzzleFile, match="more than 450,000 lines"):
        read_puzzle_file(str(path))
    path.write_bytes(b"\xe2\x80\xa8" * 1_300_000)  # U+2028 in UTF-8: a line break once decoded
    with pytest.raises(files.NotAPuzzleFile, match="lines"):
        read_puzzle_file(str(path))
    assert readers_seen == []


def test_the_longest_collections_are_still_read():
    """A 4 MB collection of bare rows (the shortest lines a puzzle has) is under the limit."""
    rows = "".join(TUTORIAL[r * 9:r * 9 + 9] + "\n" for r in range(9))
    assert not has_too_many_lines(rows * (4_000_000 // len(rows)))  # 400,000 lines
    assert not has_too_many_lines((TUTORIAL + "\r\n") * 47_000)
    assert has_too_many_lines("1\n" * (MAX_LINES + 1)) and not has_too_many_lines("1\n" * MAX_LINES)
    # a file may be 16 MB: one line per 9 bytes then, a row's nine cells
    assert not has_too_many_lines(rows.encode() * (16_000_000 // len(rows)))  # 1.6 million lines
    assert has_too_many_lines(b"x\n" * 8_000_000)
    assert read_pasted((TUTORIAL + "\n") * 3) == ("many", [solver.parse(TUTORIAL)] * 3)


@pytest.mark.gui
def test_pasting_junk_lines_says_why_and_keeps_the_grid(sudoku_app, monkeypatch):
    app = sudoku_app
    app.controller.files.load_puzzle(solver.parse(TUTORIAL), "the tutorial")
    before = app.controller.board
    worker_cpu: list[float] = []
    real = files.read_pasted

    def timed(text):  # on the worker thread: its own CPU
        start = time.thread_time()
        try:
            return real(text)
        finally:
            worker_cpu.append(time.thread_time() - start)

    monkeypatch.setattr(files, "read_pasted", timed)
    app.root.clipboard_clear()
    app.root.clipboard_append(X_LINES)
    app.root.update()
    start = time.thread_time()
    app.form.action_map.fire("paste")
    callback_cpu = time.thread_time() - start
    assert wait_until(app.root, lambda: not app.controller.worker.busy, 30)
    app.root.update()
    status = app.form.status_text()
    assert "Nothing pasted" in status and "more than 450,000 lines" in status, status
    assert app.controller.board == before  # no half-applied paste
    assert worker_cpu and worker_cpu[0] < 0.1, f"the worker read the junk for {worker_cpu[0] * 1000:.0f} ms of CPU"
    assert callback_cpu < 0.05, f"the paste callback took {callback_cpu * 1000:.0f} ms of the Tk thread's CPU"
