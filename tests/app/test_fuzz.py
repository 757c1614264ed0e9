"""Fuzzing every reader: only the reader's own error escapes, work stays bounded, and nothing
that is not a 9x9 puzzle is accepted (no Tk).

In CI about 3,250 cases run in total (well under 30 s).  ``SUDOKU_FUZZ_LONG=1`` raises the
counts to over 1,000,000 cases in total (hours; run it before a release):

    SUDOKU_FUZZ_LONG=1 python -m pytest tests/app/test_fuzz.py -q -p no:cacheprovider

Readers: ``parse``, ``parse_many`` and ``parse_marks`` on str and bytes, ``iter_puzzles`` on
lines and on binary and text files, ``load`` on a file, and the app's readers of its state
and settings files, ``read_state`` and ``read_settings`` (numbers no float holds, NaN,
infinities), on every kind of file a name can be (a pipe, a link to /dev/zero, a folder:
seeded), and the translations of a message whatever fields they hold (seeded).
"""
from __future__ import annotations

import gc
import io
import itertools
import json
import os
import time
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from solver import Grid, Marked, ParseError, iter_puzzles, load, parse, parse_many, parse_marks, pencil_grid, wiki_link

LONG = os.environ.get("SUDOKU_FUZZ_LONG") == "1"


def cases(ci: int, long: int):
    return settings(max_examples=long if LONG else ci, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


# Counts: CI total 3,250 cases; long total 1,150,000.
PARSE_STR = cases(700, 300_000)
PARSE_BYTES = cases(400, 150_000)
MARKS = cases(250, 50_000)
SETTINGS = cases(150, 50_000)
STREAM = cases(500, 200_000)
LOAD = cases(250, 100_000)
STATE = cases(300, 100_000)
MUTATE = cases(350, 100_000)  # two tests

TUTORIAL = "78.4..12.6...75..9...6.1.78..7.4.26...1.5.93.9.4.6...5.7.3...1212...74...492.6..7"
KAGGLE_Q = "004300209005009001070060043006002087190007400050083000600000105003508690042910300"
KAGGLE_A = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"
G = parse(TUTORIAL)
K = parse(KAGGLE_Q)


def budget(size: int) -> float:
    """CPU seconds allowed for an input of ``size`` bytes: 1 s per MB, plus 0.25 s for GC
    pauses and a busy machine (hypothesis inputs are small, so this is mostly the floor).
    CPU time of this thread, not wall time, so other jobs on a CI machine do not make the test
    flaky; nor the process's, which also counts the threads of jobs earlier window tests left
    running."""
    return 0.25 + size / 1e6


def timed(fn, *args):
    t = time.thread_time()
    try:
        result = fn(*args)
        error = None
    except ParseError as e:
        result, error = None, e
    return result, error, time.thread_time() - t


def check_grids(grids, source: str) -> None:
    """What a reader accepted must be 9x9 puzzles whose digits all come from the input."""
    assert grids and all(isinstance(g, Grid) and len(g.cells) == 81 for g in grids)
    assert all(all(0 <= v <= 9 for v in g.cells) for g in grids)
    used = Counter(str(v) for g in grids for v in g.cells if v)
    have = Counter(ch for ch in source if ch in "123456789")
    assert all(have[d] >= k for d, k in used.items()), "a digit that is not in the input"
    assert 81 * len(grids) <= len(source) + 1  # every cell is drawn by at least one character


def check_error(e: ParseError) -> None:
    assert isinstance(e, ParseError) and str(e) and "\n" not in str(e)
    assert e.line is None or (isinstance(e.line, int) and e.line >= 1)
    assert e.column is None or (isinstance(e.column, int) and e.column >= 1)


# -- inputs -----------------------------------------------------------------------------

_alphabet = st.sampled_from(list("0123456789.-*_xX |+=#,;[]()'\"\n\r\t:a=bd?&") +
                            ["\x00", "é", "\ufeff", "│", "─", "┼", "[Puzzle]", "board = [", "\r\n"])


def _bits(n: int):
    return st.lists(_alphabet, max_size=n).map("".join)


_formats = st.sampled_from([TUTORIAL, G.to_ss(), G.pretty(), f"{KAGGLE_Q},{KAGGLE_A}",
                            "quizzes,solutions\n" + f"{KAGGLE_Q},{KAGGLE_A}",
                            "board = [" + ",".join(str(list(G.cells[k:k + 9])) for k in range(0, 81, 9)) + "]",
                            f"https://www.sudokuwiki.org/sudoku.htm?bd={G.to_line('0')}",
                            "\n".join(TUTORIAL[k:k + 9] for k in range(0, 81, 9))])
texts = st.one_of(
    st.text(max_size=400),
    st.lists(_alphabet, max_size=300).map("".join),
    st.builds(lambda a, f, b: a + f + b, _bits(12), _formats, _bits(12)),
    st.builds(lambda f, k, junk: f[:k] + junk + f[k:], _formats, st.integers(0, 300), _bits(5)),
    st.builds(lambda fs, sep: sep.join(fs), st.lists(_formats, max_size=4), st.sampled_from(["\n", "\n\n", ""])),
)
blobs = st.one_of(st.binary(max_size=500),
                  texts.map(lambda t: t.encode("utf-8", "surrogatepass")),
                  texts.map(lambda t: t.encode("utf-16")),
                  texts.map(lambda t: t.encode("latin-1", "replace")))


# -- parse / parse_many on str and bytes -----------------------------------------------------

@PARSE_STR
@given(texts)
def test_parse_str_gives_puzzles_or_parse_error(text):
    for fn in (parse, parse_many):
        result, error, seconds = timed(fn, text)
        assert seconds < budget(len(text.encode("utf-8", "surrogatepass")))
        if error is not None:
            check_error(error)
        else:
            check_grids([result] if fn is parse else result, text)


@PARSE_BYTES
@given(blobs)
def test_parse_bytes_gives_puzzles_or_parse_error(data):
    for fn in (parse, parse_many):
        result, error, seconds = timed(fn, data)
        assert seconds < budget(len(data))
        if error is not None:
            check_error(error)
        else:
            text = data.decode("utf-16") if data[:2] in (b"\xff\xfe", b"\xfe\xff") else data.decode("latin-1")
            check_grids([result] if fn is parse else result, text)


# -- parse_marks: the formats with pencil marks ---------------------------------------------

_marked = st.sampled_from([pencil_grid(G), wiki_link(G), pencil_grid(K), wiki_link(K)])
marked_texts = st.one_of(
    texts,
    _marked,
    st.builds(lambda f, k, junk: f[:k] + junk + f[k:], _marked, st.integers(0, 400), _bits(5)),
    st.builds(lambda f, k, n: f[:k] + f[k + n:], _marked, st.integers(0, 400), st.integers(1, 3)),
)


@MARKS
@given(st.one_of(marked_texts, marked_texts.map(lambda t: t.encode("utf-8", "surrogatepass"))))
def test_parse_marks_gives_a_position_or_parse_error(text):
    result, error, seconds = timed(parse_marks, text)
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    assert seconds < budget(size)
    if error is not None:
        check_error(error)
        return
    assert isinstance(result, Marked)
    grid = result.grid()
    assert len(grid.cells) == 81 and all(0 <= v <= 9 for v in grid.cells)
    assert all(not (g and p) for g, p in zip(result.givens.cells, result.placed.cells))
    source = text.decode("latin-1") if isinstance(text, bytes) else text
    if "S9B" not in source:  # a link encodes its digits in base 36; any other text shows them
        check_grids([grid], source)


# -- iter_puzzles on lines and files ----------------------------------------------------

@STREAM
@given(st.one_of(texts, blobs.map(lambda b: b.decode("latin-1"))), st.sampled_from(["lines", "bytes", "text"]))
def test_iter_puzzles_yields_numbered_puzzles_or_errors(text, how):
    if how == "lines":
        source = text.splitlines(True)
    elif how == "bytes":
        source = io.BytesIO(text.encode("utf-8", "surrogatepass"))
    else:
        source = io.StringIO(text)
    t = time.thread_time()
    items = list(iter_puzzles(source))
    assert time.thread_time() - t < budget(len(text) * 4)
    last = 0
    for n, item in items:
        assert isinstance(n, int) and n > last
        last = n
        if isinstance(item, ParseError):
            check_error(item)
        else:
            check_grids([item], text)


# -- load on a file ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


@LOAD
@given(blobs)
def test_load_gives_puzzles_or_parse_error_naming_the_file(fuzz_dir, data):
    path = fuzz_dir / "fuzz.txt"
    path.write_bytes(data)
    result, error, seconds = timed(load, path)
    assert seconds < budget(len(data))
    if error is not None:
        check_error(error)
        assert "fuzz.txt" in str(error)
    else:
        text = data.decode("utf-16") if data[:2] in (b"\xff\xfe", b"\xfe\xff") else data.decode("latin-1")
        check_grids(result, text)


# -- the app's state reader ---------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=90),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20)
# numbers JSON allows and no float holds (float() of "1" and 400 zeros raises OverflowError),
# NaN and the infinities (Python's json reads them), and every edge of the ranges
hostile_numbers = st.one_of(
    st.sampled_from(["1" + "0" * 400, "-1" + "0" * 400, "Infinity", "-Infinity", "NaN", "1e400", "-0", "0.49999",
                     "3.0000001", "100001", "1e308", "true", "null", "0"]),
    st.integers().map(str), st.floats().map(lambda x: json.dumps(x)))
hostile_settings = st.builds(
    lambda zoom, width, height, index: (
        '{"zoom": %s, "window": {"width": %s, "height": %s, "maximized": false}, "collection_index": %s,'
        ' "collection_file": "c.txt", "live_check": true}' % (zoom, width, height, index)).encode(),
    hostile_numbers, hostile_numbers, hostile_numbers, hostile_numbers)
state_bytes = st.one_of(
    hostile_settings,
    st.binary(max_size=300),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.dictionaries(st.sampled_from(["board", "zoom", "live_check", "collection_file", "current_file"]),
                    json_values, max_size=5).map(lambda d: json.dumps(d).encode()),
    st.integers(1, 40_000).map(lambda k: b'{"board": ' + b"[" * k + b"]" * k + b"}"),
    st.integers(1, 20_000).map(lambda k: b'{"a": ' * k + b"1" + b"}" * k),
)


@STATE
@given(state_bytes)
def test_read_state_gives_a_dict_or_state_error(fuzz_dir, data):
    from app.model import Board
    from app.storage import StateError, read_state

    path = fuzz_dir / "state.json"
    path.write_bytes(data)
    t = time.thread_time()
    try:
        state = read_state(path)
    except StateError as e:
        assert str(e) and "\n" not in str(e)
        assert not path.exists()  # set aside, never read again
    else:
        assert isinstance(state, dict)
        try:  # what the controller does next: only the errors it catches
            Board.from_dict(state.get("board") or {})
        except (ValueError, TypeError, AttributeError, KeyError):
            pass
    assert time.thread_time() - t < budget(len(data))
    for p in fuzz_dir.glob("state.json.corrupt-*"):
        p.unlink()


@SETTINGS
@given(state_bytes)
def test_read_settings_gives_known_keys_or_state_error(fuzz_dir, data):
    from app.storage import SETTINGS as KNOWN, StateError, read_settings

    path = fuzz_dir / "settings.json"
    path.write_bytes(data)
    t = time.thread_time()
    try:
        settings = read_settings(path)
    except StateError as e:
        assert str(e) and "\n" not in str(e)
        assert not path.exists()  # set aside, never read again
    else:
        assert isinstance(settings, dict)
        assert all(k in KNOWN and KNOWN[k].accepts(v) for k, v in settings.items())
        # what the window does with them never raises (it did: OverflowError, issue 25)
        if "zoom" in settings:
            assert 0.5 <= float(settings["zoom"]) <= 3.0
        for key in ("width", "height"):
            if key in settings.get("window", {}):
                assert 0 <= int(settings["window"][key]) <= 100_000
    assert time.thread_time() - t < budget(len(data))
    for p in fuzz_dir.glob("settings.json.corrupt-*"):
        p.unlink()


# -- the app's files are read by one bounded reader: whatever a name holds, it never blocks ---

FILE_KINDS = cases(120, 20_000)
_kinds = st.sampled_from(["file", "pipe", "link to /dev/zero", "link to /dev/null", "folder", "dangling link",
                          "link loop", "sparse huge", "link to a pipe"])


@FILE_KINDS
@hypothesis_seed(25)
@given(_kinds, state_bytes)
def test_any_kind_of_file_named_state_json_is_read_or_set_aside_at_once(tmp_path_factory, kind, data):
    """Seeded; each read takes well under a second of wall time (a pipe or /dev/zero used to
    block the start, or read until memory ran out)."""
    if os.name != "posix":
        pytest.skip("POSIX pipes and links")
    from app.features.language import saved_language
    from app.storage import StateError, move_settings_out, peek_state, read_state

    folder = tmp_path_factory.mktemp("kinds")
    path = folder / "state.json"
    if kind == "file":
        path.write_bytes(data)
    elif kind in ("pipe", "link to a pipe"):
        os.mkfifo(folder / "fifo")
        if kind == "pipe":
            os.replace(folder / "fifo", path)
        else:
            path.symlink_to(folder / "fifo")
    elif kind.startswith("link to /dev"):
        path.symlink_to(kind.split()[-1])
    elif kind == "folder":
        path.mkdir()
    elif kind == "dangling link":
        path.symlink_to(folder / "nowhere")
    elif kind == "link loop":
        path.symlink_to(path)
    else:
        with open(path, "wb") as f:
            f.truncate(10 ** 10)
    t = time.monotonic()
    assert saved_language(folder / "settings.json", path) in ("system", "en", "de", "fr", "es")
    assert peek_state(path) is None or isinstance(peek_state(path), dict)
    assert move_settings_out(path, folder / "settings.json") is not None
    try:
        state = read_state(path)
    except StateError as e:
        assert str(e) and "\n" not in str(e)
    else:
        assert state is None or isinstance(state, dict)
    assert time.monotonic() - t < 30  # a hang guard only: a blocking read would never return


# -- a translation's fields: whatever a translator (or a damaged file) writes, the message is worded -----

TRANSLATIONS = cases(200, 50_000)
_pieces = st.sampled_from(["{", "}", "{{", "}}", "digits", "digitz", "n", ":", "digits:digits", "n:n", ".", "__class__",
                           "[0]", "!r", "!z", "0", ">99", "Ziffern ", " fehlen", "{digits:digits}", "{n:n}", "{0}",
                           "{digits.__class__}", "{digits!r}", "{n:>999999999}", "{n:{n}}", " "])
ENGLISH = ("{n:n} digit is missing: {digits:digits}.", "{n:n} digits are missing: {digits:digits}.")


@TRANSLATIONS
@hypothesis_seed(25)
@given(st.lists(_pieces, max_size=12).map("".join), st.lists(_pieces, max_size=12).map("".join),
       st.integers(0, 3))
def test_any_translation_is_worded_or_refused_for_the_english(tmp_path_factory, one, other, n):
    """A catalogue written here, of one message with a count; whatever its translations hold,
    wording it never raises, never reads an attribute, never builds a huge string."""
    import solver
    from solver.words.catalog import Entry, header, write_po

    folder = tmp_path_factory.mktemp("po")
    entry = Entry(ENGLISH[0], plural=ENGLISH[1], strings=[one or "x", other or "y"])
    plain = Entry("Missing: {digits:digits}.", strings=[one or "x"])
    (folder / "de.po").write_text(write_po([header("de", "fuzz"), entry, plain]), encoding="utf-8")
    solver.add_domain("fuzz", folder)
    digits = [2, 5, 8][:max(1, n)]
    t = time.thread_time()
    text = solver.fill(solver.translate_plural(*ENGLISH, n, domain="fuzz", lang="de"), "de", n=n, digits=digits)
    plain_text = solver.fill(solver.translate("Missing: {digits:digits}.", domain="fuzz", lang="de"), "de",
                             digits=digits)
    assert time.thread_time() - t < 1.0  # this thread's CPU: a huge width spec would take far more
    assert len(text) < 500 and len(plain_text) < 500
    assert "class" not in text.replace("__class__", "") and "<" not in text


# -- nothing that is not a 9x9 puzzle: one slip in a real puzzle is refused ----------------

grids = st.binary(min_size=81, max_size=81).map(lambda b: Grid(x % 10 for x in b))


def drawings(g: Grid) -> list[str]:
    line = g.to_line()
    return [g.to_ss(), g.pretty(), "\n".join(line[k:k + 9] for k in range(0, 81, 9))]


@MUTATE
@given(grids, st.data())
def test_a_drawing_with_a_row_lost_or_typed_twice_is_refused(g, data):
    text = data.draw(st.sampled_from(drawings(g)))
    assert parse(text) == g
    lines = text.split("\n")
    rows = [k for k, ln in enumerate(lines) if sum(ch.isdigit() or ch in "." for ch in ln) >= 9]
    k = data.draw(st.sampled_from(rows))
    slip = data.draw(st.sampled_from(["twice", "lost"]))
    bad = lines[:k + 1] + [lines[k]] + lines[k + 1:] if slip == "twice" else lines[:k] + lines[k + 1:]
    with pytest.raises(ParseError):
        parse("\n".join(bad))


@MUTATE
@given(grids, st.integers(0, 80), st.sampled_from(["drop", "double", "letter"]))
def test_a_line_with_a_cell_lost_or_added_is_refused(g, k, slip):
    line = g.to_line()
    bad = {"drop": line[:k] + line[k + 1:], "double": line[:k + 1] + line[k:],
           "letter": line[:k] + "a" + line[k + 1:]}[slip]
    for text in (bad, f"{bad},{g.to_line('0')}", f"puzzle,solution\n{bad},{line}"):
        with pytest.raises(ParseError):
            parse(text)


# -- big hostile inputs: no reader's work grows faster than its input ----------------------------

MB = 1_000_000 // 4  # the larger input: a quarter of a megabyte keeps CI fast
GROWTH = 8  # the larger input is this many times the smaller
_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789#,;|'"


def _distinct(size: int) -> str:
    """Short lines that are all different (no two explained alike; no cache can help)."""
    return "\n".join(map("".join, itertools.islice(itertools.product(_CHARS, repeat=3), size // 4))) + "\n"


#: name -> the input of about ``size`` bytes
BIG = {
    "digits": lambda n: "1" * n,
    "newlines": lambda n: "\n" * n,
    "brackets": lambda n: "[" * n,
    "board rows": lambda n: "board = [" + "[1,2,3,4,5,6,7,8,9],\n" * (n // 21) + "]",
    "drawing rows": lambda n: "123456789\n" * (n // 10),
    "dash lines": lambda n: "---------\n" * (n // 10),
    "semicolons": lambda n: ";" * n,
    "csv rows": lambda n: "quizzes,solutions\n" + f"{KAGGLE_Q},{KAGGLE_A}\n" * (n // 164),
    "bd links": lambda n: "bd=" * (n // 3),
    "framed blanks": lambda n: "|   |   |   |\n" * (n // 14),
    "sections": lambda n: "[Puzzle]\n" * (n // 9),
    # a line of its own for every character: an error to explain every two bytes
    "one-character lines": lambda n: "1\n" * (n // 2),
    "letter lines": lambda n: "x\n" * (n // 2),
    "comma lines": lambda n: ",\n" * (n // 2),
    "latin-1 lines": lambda n: b"\xe9\n" * (n // 2),
    "bytes not text": lambda n: b"\x81\x01\n" * (n // 3),
    # short lines that are all different: one error each, every 4 bytes; then the same rows in
    # a CSV file with a header
    "distinct short lines": _distinct,
    "distinct short CSV rows": lambda n: "quizzes,solutions\n" + _distinct(n),
}


def cpu_of(fn, arg) -> float:
    """This thread's CPU seconds for ``fn(arg)`` (a ParseError is an answer too).  The cyclic
    garbage collector is off meanwhile: in the whole suite this process holds the heaps of
    hundreds of earlier window tests, and a collection walks them all."""
    gc.collect()
    gc.disable()
    t = time.thread_time()
    try:
        fn(arg)
    except ParseError:
        pass
    finally:
        cpu = time.thread_time() - t
        gc.enable()
    return cpu


def growth(fn, small, large, most: float) -> tuple[float, float, float]:
    """(the CPU of ``fn(large)`` over that of ``fn(small)``, and the two CPU times): the least of
    each over up to three tries, taken in turn (a moment of a busy machine is not the reader),
    stopping once the ratio is under ``most``."""
    least_small = least_large = float("inf")
    for _ in range(3):
        least_small = min(least_small, cpu_of(fn, small))
        least_large = min(least_large, cpu_of(fn, large))
        if least_large < most * least_small:
            break
    return least_large / max(least_small, 1e-9), least_small, least_large


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BIG))
def test_no_reader_slows_down_as_hostile_text_grows(name, tmp_path):
    """No reader is made slow by hostile text, the stream too (one explained error for every
    line, even when a line is one character long, or when every line is different), on a
    binary and on a text file: on an input 8 times larger each takes at most 16 times the CPU
    time (linear work takes about 8 times; quadratic, the defect this guards against, 64).
    A ratio of two CPU times of this thread, so a busy machine, which stretches both, does not
    change it (the old test held each reader to 2 s of CPU per MB, and needed retries, a pause
    and a measure of how slow the machine ran to pass there).  Inputs whose larger run takes
    under 10 ms are too quick to time as a ratio, and too quick to matter.  The target, at most
    1 s per MB, is measured by ``tools/bench_readers.py``."""
    paths = {}
    for size in (MB // GROWTH, MB):
        data = BIG[name](size)
        data = data if isinstance(data, bytes) else data.encode()
        paths[size] = tmp_path / f"big{size}.txt"
        paths[size].write_bytes(data)

    def stream(how):
        def read(data):
            f = io.BytesIO(data) if how == "binary" else io.TextIOWrapper(io.BytesIO(data), "latin-1")
            return sum(1 for _ in iter_puzzles(f))  # consumed as the command line does: one at a time
        return read

    def arg(fn, label, size):
        if fn is load:
            return paths[size]
        data = BIG[name](size)
        return (data if isinstance(data, bytes) else data.encode()) if label.endswith("stream") else data

    for label, fn in (("parse", parse), ("parse_many", parse_many), ("load", load),
                      ("stream", stream("binary")), ("text stream", stream("text"))):
        small, large = arg(fn, label, MB // GROWTH), arg(fn, label, MB)
        ratio, cpu_small, cpu_large = growth(fn, small, large, 2 * GROWTH)
        assert ratio <= 2 * GROWTH or cpu_large < 0.01, (
            f"{label} took {cpu_large:.3f} CPU s for {len(large):,} characters and {cpu_small:.4f} s for "
            f"{len(small):,}: {ratio:.1f} times the CPU for {GROWTH} times the input")


def test_file_open_and_paste_read_issue_25s_families_as_the_engine_does(tmp_path):
    """File ▸ Open and Paste give the grid ``solver.load`` and the command line give, or
    refuse what they refuse (issue 25, items 6-10; tests/solver/test_readers_fuzz.py has the
    engine's and the command line's side)."""
    from app.files import NotAPuzzleFile, read_pasted, read_puzzle_file
    from bench.readers import FAMILIES, make_inputs

    path = tmp_path / "input.txt"
    for text, truth in (x for family in FAMILIES for x in make_inputs(family, 12, 2026)):
        path.write_text(text, encoding="utf-8")
        try:
            opened = [g.to_line(".") for g in read_puzzle_file(str(path))]
        except (ParseError, NotAPuzzleFile):
            opened = None
        kind, value = read_pasted(text)
        pasted = (value.grid() if kind == "marked" else value).to_line(".") if kind in ("grid", "marked") else None
        want = [truth] if truth is not None else None
        assert (opened, pasted) == (want, truth), text
