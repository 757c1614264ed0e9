"""solver.reading.parse: every supported format, every explained failure, round trips (no Tk)."""
from __future__ import annotations

import importlib
import io
import os
import pickle
import re
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver import MAX_FILE_BYTES, Grid, ParseError, iter_puzzles, load, parse, parse_many

DATA = Path(__file__).resolve().parents[1] / "data"
# load() and its limits live in solver.reading.sources (re-exported by solver.reading.parse); patch them there.
sources_module = importlib.import_module("solver.reading.sources")

# The tutorials' board (7,8,0,4,...) and the first Kaggle puzzle with its solution.
TUTORIAL = "78.4..12.6...75..9...6.1.78..7.4.26...1.5.93.9.4.6...5.7.3...1212...74...492.6..7"
KAGGLE_Q = "004300209005009001070060043006002087190007400050083000600000105003508690042910300"
KAGGLE_A = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"
G = Grid(int(c) if c != "." else 0 for c in TUTORIAL)
K = Grid(int(c) for c in KAGGLE_Q)

TUTORIAL_BOARD = """board = [
    [7,8,0,4,0,0,1,2,0],
    [6,0,0,0,7,5,0,0,9],
    [0,0,0,6,0,1,0,7,8],
    [0,0,7,0,4,0,2,6,0],
    [0,0,1,0,5,0,9,3,0],
    [9,0,4,0,6,0,0,0,5],
    [0,7,0,3,0,0,0,1,2],
    [1,2,0,0,0,7,4,0,0],
    [0,4,9,2,0,6,0,0,7]
]
"""

PRINT_BOARD = """7 8 0 | 4 0 0 | 1 2 0
6 0 0 | 0 7 5 | 0 0 9
0 0 0 | 6 0 1 | 0 7 8
- - - - - - - - - - - - -
0 0 7 | 0 4 0 | 2 6 0
0 0 1 | 0 5 0 | 9 3 0
9 0 4 | 0 6 0 | 0 0 5
- - - - - - - - - - - - -
0 7 0 | 3 0 0 | 0 1 2
1 2 0 | 0 0 7 | 4 0 0
0 4 9 | 2 0 6 | 0 0 7
"""

SS_PLAIN = """78.|4..|12.
6..|.75|..9
...|6.1|.78
-----------
..7|.4.|26.
..1|.5.|93.
9.4|.6.|..5
-----------
.7.|3..|.12
12.|..7|4..
.49|2.6|..7
"""

SDK = """#Aauthor: J. Smith
#DA puzzle from the tutorial
#C the first line of every tutorial
#B 2024-01-01
#S the tutorials
#L 1
#U https://example.org
[Puzzle]
78.4..12.
6...75..9
...6.1.78
..7.4.26.
..1.5.93.
9.4.6...5
.7.3...12
12...74..
.492.6..7
"""


def rows9(line: str) -> str:
    return "\n".join(line[i:i + 9] for i in range(0, 81, 9))


def write(tmp_path: Path, name: str, content, encoding="utf-8") -> Path:
    p = tmp_path / name
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_text(content, encoding=encoding)
    return p


# -- one line -----------------------------------------------------------------

@pytest.mark.parametrize("blank", list("0.-*_xX "))
def test_line_accepts_every_blank_character(blank):
    assert parse(G.to_line(blank)) == G


def test_line_ignores_text_after_the_cells_and_surrounding_whitespace():
    assert parse(f"  {TUTORIAL}   3.4  #17 hard\n") == G
    assert parse(TUTORIAL + "\tid=42") == G


def test_line_of_spaced_single_characters():
    assert parse(" ".join(TUTORIAL)) == G
    with pytest.raises(ParseError, match="^column 7: 'a' is not a digit"):
        parse(" ".join("784a" + TUTORIAL[4:]))


def test_line_round_trips_through_every_export():
    for g in (G, K, Grid.empty()):
        assert parse(g.to_line()) == parse(g.to_line("0")) == g
        assert parse(g.pretty()) == parse(g.to_ss()) == g
        assert parse(str(g)) == g


def test_digits_that_break_the_rules_still_parse():
    g = parse("55" + "." * 79)
    assert g[0, 0] == g[0, 1] == 5


# -- drawings -----------------------------------------------------------------

def test_framed_ss_clipboard_form():
    text = G.to_ss()
    assert text.startswith("*-----------*") and "|---+---+---|" in text
    assert parse(text) == G


def test_plain_ss_and_print_board_and_bare_rows():
    assert parse(SS_PLAIN) == G
    assert parse(PRINT_BOARD) == G
    assert parse(rows9(TUTORIAL)) == G
    assert parse(rows9(G.to_line("0"))) == G


def test_rows_with_spaces_as_blanks_and_box_drawing_frames():
    text = rows9(G.to_line(" "))
    assert parse(text) == G
    boxed = "\n".join("│" + r[:3] + "│" + r[3:6] + "│" + r[6:] + "│" for r in rows9(TUTORIAL).split("\n"))
    assert parse("┌───┬───┬───┐\n" + boxed + "\n└───┴───┴───┘") == G


def test_dash_rows_are_blanks_only_when_the_drawing_needs_them():
    empty_top = "---------\n" + "\n".join(rows9(TUTORIAL).split("\n")[1:])
    expected = Grid((0,) * 9 + G.cells[9:])
    assert parse(empty_top) == expected
    # with 9 real rows, nine-dash lines between the bands (or around the grid) are separators
    r = rows9(TUTORIAL).split("\n")
    banded = "\n".join(r[:3] + ["---------"] + r[3:6] + ["---------"] + r[6:])
    assert parse(banded) == G
    assert parse("---------\n" + banded + "\n---------") == G
    # ... but a dash line inside a band is a row of blanks, so this is 10 rows
    with pytest.raises(ParseError, match="found 10 rows"):
        parse(rows9(TUTORIAL).replace("\n", "\n---------\n", 1))


def test_a_drawing_with_a_row_typed_twice_is_refused_not_shifted():
    """Issue 17: with a blank row drawn as '|   |   |   |' (or nine dashes) and one row typed
    twice, the nine sure rows were taken and the blank row dropped: nine shifted rows."""
    g = Grid(G.cells[:9] + (0,) * 9 + G.cells[18:])
    for blank in ("|   |   |   |", "|---|---|---|"):
        ss = g.to_ss().replace("|...|...|...|", blank)
        assert parse(ss) == g  # without the slip it reads as before
        lines = ss.split("\n")
        for k, line in enumerate(lines):
            if line.startswith("|") and "+" not in line and line != blank:
                typed_twice = "\n".join(lines[:k + 1] + [line] + lines[k + 1:])
                with pytest.raises(ParseError, match="found 10 rows"):
                    parse(typed_twice)
    bare = rows9(g.to_line()).replace("\n.........\n", "\n---------\n")
    assert parse(bare) == g
    rows = bare.split("\n")
    with pytest.raises(ParseError, match="found 10 rows"):
        parse("\n".join(rows[:5] + [rows[4]] + rows[5:]))


def test_framed_row_of_space_blanks():
    g = Grid((0,) * 9 + G.cells[9:])
    assert parse(g.to_ss().replace("|...|...|...|", "|   |   |   |")) == g


def test_sdk_with_metadata_and_sections(tmp_path):
    assert parse(SDK) == G
    with_state = SDK + "[State]\n" + rows9("1" * 81) + "\n"
    assert parse(with_state) == G
    assert load(write(tmp_path, "a.sdk", SDK)) == [G]


def test_several_drawings_are_several_puzzles():
    text = G.to_ss() + "\n\n" + K.to_ss()
    assert parse_many(text) == [G, K]
    with pytest.raises(ParseError, match="holds 2 puzzles"):
        parse(text)


# -- tutorials' board, links, CSV --------------------------------------------

def test_tutorials_board_as_python_text():
    assert parse(TUTORIAL_BOARD) == G
    one_line = "".join(TUTORIAL_BOARD.split())
    assert parse(one_line) == G
    assert parse(one_line.split("=", 1)[1]) == G
    leetcode = str([[c for c in row] for row in rows9(TUTORIAL).split("\n")])
    assert parse(leetcode) == G  # [['7', '8', '.', ...], ...]
    assert parse(str(tuple(tuple(r) for r in G.rows()))) == G


def test_board_with_a_short_row_says_so():
    bad = TUTORIAL_BOARD.replace("[6,0,0,0,7,5,0,0,9]", "[6,0,0,0,7,5,0,9]")
    with pytest.raises(ParseError, match="has 8 numbers, a row has 9") as e:
        parse(bad)
    assert e.value.line == 3
    with pytest.raises(ParseError, match="12"):
        parse(TUTORIAL_BOARD.replace("[7,8,0,", "[7,12,0,"))


def test_sudokuwiki_link():
    url = "https://www.sudokuwiki.org/sudoku.htm?bd=" + G.to_line("0")
    assert parse(url) == G
    assert parse(url.replace("?bd=", "?n=1&bd=") + "#top") == G
    with pytest.raises(ParseError, match="bd=.*found 80 cells, a puzzle has 81"):
        parse(url[:-1])


@pytest.mark.parametrize("header,row", [
    ("quizzes,solutions", f"{KAGGLE_Q},{KAGGLE_A}"),
    ("puzzle,solution", f"{KAGGLE_Q},{KAGGLE_A}"),
    ("id,puzzle,solution,clues,difficulty", f"1,{K.to_line()},{KAGGLE_A},27,0.0"),
    ("solution;puzzle", f"{KAGGLE_A};{KAGGLE_Q}"),
    ('"id","quizzes","solutions"', f'"7","{KAGGLE_Q}","{KAGGLE_A}"'),
])
def test_csv_takes_the_puzzle_column_by_header(tmp_path, header, row):
    text = f"{header}\n{row}\n{row}\r\n\n"
    assert parse_many(text) == [K, K]
    assert load(write(tmp_path, "k.csv", text)) == [K, K]
    assert [g for _, g in iter_puzzles(io.StringIO(text))] == [K, K]


def test_pasted_csv_row_gives_the_puzzle_not_the_solution():
    assert parse(f"{KAGGLE_Q},{KAGGLE_A}") == K
    assert parse(f"{KAGGLE_Q},{KAGGLE_A}\n") == K


def test_csv_bad_row_names_line_and_column():
    text = f"quizzes,solutions\n{KAGGLE_Q},{KAGGLE_A}\n{KAGGLE_Q[:80]},{KAGGLE_A}\n"
    with pytest.raises(ParseError, match="line 3: found 80 cells, a puzzle has 81"):
        parse_many(text)
    bad = f"id,puzzle,solution\n1,{KAGGLE_Q[:4]}a{KAGGLE_Q[5:]},{KAGGLE_A}\n"
    with pytest.raises(ParseError) as e:
        parse_many(bad)
    assert (e.value.line, e.value.column) == (2, 7)
    assert "'a' is not a digit or a blank" in str(e.value)
    with pytest.raises(ParseError, match="line 2: the row has 1 fields"):
        parse_many("id,puzzle\n1\n")


# -- collections and files ----------------------------------------------------

def test_collection_skips_comments_and_blank_lines(tmp_path):
    text = f"# my puzzles\n\n{TUTORIAL}\n   \n# another\n{KAGGLE_Q} rated 1.2\n"
    assert parse_many(text) == [G, K]
    assert load(write(tmp_path, "set.sdm", text)) == [G, K]
    assert load(write(tmp_path, "set.dat", text)) == [G, K]  # content decides, not the extension
    with pytest.raises(ParseError, match="holds 2 puzzles.*collection"):
        parse(text)


def test_collection_bad_line_is_named_not_skipped(tmp_path):
    text = f"{TUTORIAL}\n{TUTORIAL}\n{TUTORIAL[:4]}a{TUTORIAL[5:]}\n"
    with pytest.raises(ParseError) as e:
        parse_many(text)
    assert str(e.value).startswith("line 3, column 5: 'a' is not a digit or a blank")
    assert (e.value.line, e.value.column) == (3, 5)
    p = write(tmp_path, "bad.txt", text)
    with pytest.raises(ParseError) as e:
        load(p)
    assert "bad.txt" in str(e.value) and "line 3, column 5" in str(e.value)
    assert e.value.line == 3


@pytest.mark.parametrize("path", sorted(DATA.glob("*.txt")), ids=lambda p: p.name)
def test_load_every_sample_file(path, data_lines):
    expected = data_lines(path.stem)
    grids = load(path)
    assert len(grids) == len(expected) > 0
    assert [g.to_line() for g in grids] == expected


def test_load_accepts_bom_utf16_and_latin1_comments(tmp_path):
    assert load(write(tmp_path, "bom.txt", "\ufeff" + TUTORIAL + "\n")) == [G]
    assert load(write(tmp_path, "u16.txt", SDK, encoding="utf-16")) == [G]
    assert load(write(tmp_path, "l1.sdk", "#A José\n" + SDK, encoding="latin-1")) == [G]
    assert load(str(write(tmp_path, "s.ss", G.to_ss()))) == [G]


# -- errors -------------------------------------------------------------------

@pytest.mark.parametrize("text,message", [
    ("1" * 80, "found 80 cells, a puzzle has 81"),
    ("1" * 82, "found 82 cells, a puzzle has 81"),
    (TUTORIAL[:80] + " 3.4", "found 80 cells, a puzzle has 81"),
    (TUTORIAL + "7", "found 82 cells, a puzzle has 81"),
    (TUTORIAL + "abc", "'a' follows the 81 cells"),
    ("", "the text is empty"),
    ("  \n\t\n", "the text is empty"),
    ("# just a comment\n", "no puzzle"),
    ("hello", "column 1: 'h' is not a digit or a blank"),
    ("quizzes,solutions\n", "no puzzle rows"),
    ("|---+---+---|\n*-----------*", "no cells"),
])
def test_error_messages(text, message):
    with pytest.raises(ParseError, match=message.replace(".", r"\.").replace("|", r"\|")):
        parse(text)


def test_bad_character_in_a_drawing_has_line_and_column():
    text = G.to_ss().replace("|6..|.75|", "|6..|.a5|")
    with pytest.raises(ParseError) as e:
        parse(text)
    assert (e.value.line, e.value.column) == (3, 7)
    assert str(e.value).startswith("line 3, column 7: 'a' is not a digit or a blank")


def test_drawing_with_missing_row_or_cell():
    lines = rows9(TUTORIAL).split("\n")
    with pytest.raises(ParseError, match="found 8 rows of cells, a puzzle has 9"):
        parse("\n".join(lines[:8]))
    with pytest.raises(ParseError, match="line 4: found 8 cells, a row has 9") as e:
        parse("\n".join(lines[:3] + [lines[3][:8]] + lines[4:]))
    assert e.value.line == 4


def test_wrapped_line_is_joined_but_not_guessed():
    assert parse(TUTORIAL[:40] + "\n" + TUTORIAL[40:]) == G
    with pytest.raises(ParseError, match="found 80 cells"):
        parse(TUTORIAL[:80] + " x")


def test_only_spaces_is_empty_and_a_short_spaced_line_gets_a_hint():
    with pytest.raises(ParseError, match="empty"):
        parse(" " * 81)
    with pytest.raises(ParseError, match="a space counts as a blank only in a line of exactly 81"):
        parse(K.to_line(" ").rstrip())


def test_board_after_comments_and_link_inside_a_comment():
    assert parse("# the tutorials' board\n" + TUTORIAL_BOARD) == G
    url = "https://www.sudokuwiki.org/sudoku.htm?bd=" + K.to_line("0")
    assert parse_many(f"# from {url}\n{TUTORIAL}\n{TUTORIAL}\n") == [G, G]


def test_parse_error_is_a_value_error_with_position():
    with pytest.raises(ValueError):
        parse("x")
    e = ParseError("m", 3, 5)
    e2 = pickle.loads(pickle.dumps(e))
    assert (str(e2), e2.line, e2.column) == ("m", 3, 5)


def test_file_errors_name_the_file(tmp_path, monkeypatch):
    cases = {
        "missing": tmp_path / "nope.txt",
        "folder": tmp_path,
        "empty": write(tmp_path, "empty.txt", ""),
        "blank": write(tmp_path, "blank.txt", "\n\n  \n"),
        "binary": write(tmp_path, "pic.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
        "not utf8": write(tmp_path, "junk.bin", b"\x81\x02\x03\xfe" * 50),
        "comments": write(tmp_path, "c.txt", "# nothing\n# here\n"),
    }
    expect = {
        "missing": "there is no file", "folder": "is a folder", "empty": "is empty",
        "blank": "is empty", "binary": "NUL byte at offset 8", "not utf8": "not UTF-8",
        "comments": "no puzzle",
    }
    for key, path in cases.items():
        with pytest.raises(ParseError, match=expect[key]) as e:
            load(path)
        assert path.name in str(e.value), key
    big = write(tmp_path, "big.txt", (TUTORIAL + "\n") * 20)
    monkeypatch.setattr(sources_module, "MAX_FILE_BYTES", 1000)  # load() lives in solver.reading.sources
    with pytest.raises(ParseError, match="big.txt.*too large"):
        load(big)


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0,
                    reason="permissions are not enforced here")
def test_unreadable_file(tmp_path):
    p = write(tmp_path, "secret.txt", TUTORIAL)
    p.chmod(0)
    try:
        with pytest.raises(ParseError, match="secret.txt.*permission denied"):
            load(p)
    finally:
        p.chmod(0o600)


def test_permission_error_becomes_parse_error(tmp_path, monkeypatch):
    p = write(tmp_path, "locked.txt", TUTORIAL)

    def deny(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(sources_module, "read_bounded", deny)  # load() reads through read_bounded
    with pytest.raises(ParseError, match="locked.txt.*permission denied"):
        load(p)


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="POSIX device files")
def test_device_file_is_not_read():
    with pytest.raises(ParseError, match="not a regular file"):
        load("/dev/null")


def test_max_file_bytes_is_sane():
    assert 1024 * 1024 <= MAX_FILE_BYTES <= 64 * 1024 * 1024


# -- streaming ------------------------------------------------------------------

def test_iter_puzzles_streams_lines_with_numbers():
    lines = ["# header\n", TUTORIAL + "\n", "\n", "1" * 80 + "\n", KAGGLE_Q + " 1.0\n"]
    out = list(iter_puzzles(lines))
    assert [n for n, _ in out] == [2, 4, 5]
    assert out[0][1] == G and out[2][1] == K
    assert isinstance(out[1][1], ParseError) and out[1][1].line == 4
    assert "found 80 cells" in str(out[1][1])


def test_iter_puzzles_is_lazy_and_reads_csv_header_on_line_one():
    def endless():
        yield "id,puzzle,solution,clues,difficulty\n"
        n = 0
        while True:
            n += 1
            yield f"{n},{K.to_line()},{KAGGLE_A},27,0.0\n"

    it = iter_puzzles(endless())
    first = [next(it) for _ in range(3)]
    assert first == [(2, K), (3, K), (4, K)]


def test_iter_puzzles_bytes_lines():
    out = list(iter_puzzles([TUTORIAL.encode() + b"\n", b"\xff\xfe\n"]))
    assert out[0] == (1, G)
    assert isinstance(out[1][1], ParseError)


# -- nothing but ParseError, whatever comes in ---------------------------------

_alphabet = st.sampled_from(list("0123456789.-*_xX |+=#,;[]()'\"\n\r\t:a=bd?&") + ["\x00", "é", "\ufeff"])
_texts = st.one_of(
    st.text(max_size=300),
    st.lists(_alphabet, max_size=300).map("".join),
    st.builds(lambda a, b, c: a + b + c, st.text(max_size=20),
              st.sampled_from([TUTORIAL, G.to_ss(), G.pretty(), TUTORIAL_BOARD, f"{KAGGLE_Q},{KAGGLE_A}"]),
              st.text(max_size=20)),
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_texts)
def test_any_text_gives_grids_or_parse_error(text):
    for fn in (parse, parse_many):
        try:
            r = fn(text)
        except ParseError as e:
            assert str(e)
            assert e.line is None or e.line >= 1
            assert e.column is None or e.column >= 1
        else:
            assert isinstance(r, Grid) or (r and all(isinstance(g, Grid) for g in r))
    for _ in iter_puzzles(text.splitlines(True)):
        pass


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.binary(max_size=400), _texts.map(lambda t: t.encode("utf-8", "surrogatepass"))))
def test_any_file_gives_grids_or_parse_error(tmp_path, data):
    p = tmp_path / "fuzz.txt"
    p.write_bytes(data)
    try:
        grids = load(p)
    except ParseError as e:
        assert "fuzz.txt" in str(e)
    else:
        assert grids and all(isinstance(g, Grid) for g in grids)


def test_one_puzzle_shown_as_line_and_drawing_reads_as_one():
    """What the app's Ctrl+C copies (line, blank line, framed block) pastes back as one puzzle."""
    copied = f"{G.to_line()}\n\n{G.to_ss()}\n"
    assert parse(copied) == G
    assert parse_many(copied) == [G]
    assert parse(f"{G.to_line('0')}\r\n\r\n{G.pretty()}") == G
    other = K.to_ss()
    with pytest.raises(ParseError):  # two different puzzles stay an error for parse
        parse(f"{G.to_line()}\n\n{other}")
    with pytest.raises(ParseError, match="holds 2 puzzles"):  # a plain collection stays a collection
        parse(f"{G.to_line()}\n{G.to_line()}\n")


# -- issue 17: hostile input ------------------------------------------------------

def test_bytes_are_read_like_a_file_and_other_types_are_parse_errors():
    with pytest.raises(ParseError, match="found 1 cell"):
        parse(b"1")  # was a TypeError
    assert parse(TUTORIAL.encode()) == G
    assert parse(G.to_ss().encode("utf-16")) == G
    assert parse_many(bytearray(f"{TUTORIAL}\n{KAGGLE_Q}\n".encode())) == [G, K]
    for bad in (None, 12, ["1"], object()):
        with pytest.raises(ParseError, match="expected text"):
            parse(bad)
        with pytest.raises(ParseError, match="expected text"):
            parse_many(bad)


def test_texts_over_the_limit_are_refused_before_reading():
    from solver.reading.parse import MAX_TEXT_CHARS

    big = "1" * (MAX_TEXT_CHARS + 1)
    data = big.encode()
    t = time.thread_time()  # this thread's CPU: reading 16 MB would take seconds of it (measured 18 µs)
    for fn in (parse, parse_many):
        with pytest.raises(ParseError, match="too long to read .* the limit is"):
            fn(big)
        with pytest.raises(ParseError, match="too long to read .* the limit is"):
            fn(data)
    assert time.thread_time() - t < 0.5


def test_a_truncated_puzzle_field_is_not_replaced_by_the_solution():
    """Issue 17: a headerless Kaggle row whose puzzle lost a character read as its solution."""
    row = f"{KAGGLE_Q[:80]},{KAGGLE_A}"
    with pytest.raises(ParseError, match="found 80 cells"):
        parse(row)
    out = list(iter_puzzles([f"{KAGGLE_Q},{KAGGLE_A}\n", row + "\n"]))
    assert out[0] == (1, K)
    assert isinstance(out[1][1], ParseError) and "found 80 cells" in str(out[1][1])
    # ... nor one with a slip in it (found by tests/app/test_fuzz.py)
    with pytest.raises(ParseError, match="'a' is not a digit"):
        parse(f"a{KAGGLE_Q[1:]},{KAGGLE_A}")
    # a first field that is not cells (a name) still lets the puzzle field be found
    assert parse(f"Times puzzle of Monday 3 June,{KAGGLE_Q},{KAGGLE_A}") == K


def test_a_line_over_the_limit_is_refused_with_its_number():
    from solver.reading.parse import MAX_LINE_BYTES

    long = "1" * (MAX_LINE_BYTES + 10)
    out = list(iter_puzzles([TUTORIAL + "\n", long + "\n", KAGGLE_Q + "\n"]))
    assert [n for n, _ in out] == [1, 2, 3] and out[0][1] == G and out[2][1] == K
    assert str(out[1][1]) == (f"line 2: the line is longer than {MAX_LINE_BYTES:,} characters, "
                              f"the limit for one line; it was skipped")


class _CountingReader(io.BufferedReader):
    """A binary file that remembers the largest single read it was asked for."""

    def __init__(self, raw):
        super().__init__(raw)
        self.largest = 0

    def readline(self, size=-1):
        line = super().readline(size)
        self.largest = max(self.largest, len(line))
        return line


def test_a_file_with_a_huge_line_is_streamed_without_holding_the_line():
    from solver.reading.parse import MAX_LINE_BYTES

    data = (TUTORIAL + "\n").encode() + b"2" * (5 * 1024 * 1024) + b"\n" + (KAGGLE_Q + "\n").encode()
    f = _CountingReader(io.BytesIO(data))
    out = list(iter_puzzles(f))
    assert [n for n, _ in out] == [1, 2, 3] and out[0][1] == G and out[2][1] == K
    assert "line 2: the line is longer than 65,536 bytes" in str(out[1][1])
    assert f.largest <= MAX_LINE_BYTES + 1


def test_binary_streams_end_with_one_error():
    out = list(iter_puzzles(io.BytesIO(TUTORIAL.encode() + b"\n" + b"\x00" * 10_000_000)))
    assert out[0] == (1, G) and len(out) == 2
    assert "line 2: the input holds binary data (a NUL byte)" in str(out[1][1])


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="POSIX device files")
def test_dev_zero_ends_at_once():
    with open("/dev/zero", "rb") as f:
        out = list(iter_puzzles(f))
    assert len(out) == 1 and "binary data" in str(out[0][1])


@pytest.mark.parametrize("encoding", ["latin-1", "utf-16", "utf-16-be", "utf-8-sig", "cp1252"])
def test_streamed_files_are_decoded_like_load(tmp_path, encoding):
    name = "José Müller"
    text = f"# {name}\n{TUTORIAL}\r\n{KAGGLE_Q} 1.0\n"
    if encoding == "utf-16-be":
        raw = "\ufeff".encode("utf-16-be") + text.encode("utf-16-be")
    else:
        raw = text.encode(encoding)
    p = tmp_path / "enc.txt"
    p.write_bytes(raw)
    assert load(p) == [G, K]
    with open(p, "rb") as f:
        assert list(iter_puzzles(f)) == [(2, G), (3, K)]


def test_utf16_stream_with_a_long_line_and_no_final_newline():
    raw = ("\n".join([TUTORIAL, "9" * 40_000, KAGGLE_Q])).encode("utf-16")
    out = list(iter_puzzles(io.BytesIO(raw)))
    assert out[0] == (1, G) and out[2] == (3, K)
    assert "line 2: the line is longer than" in str(out[1][1])


# -- formats with pencil marks (solver/reading/marks.py) -----------------------------------------
import solver  # noqa: E402

# A position from SudokuWiki's XYZ-Wing page ("Load position"), and the puzzle it starts from.
WIKI_LINK = ("https://www.sudokuwiki.org/sudoku.htm?bd=S9B46090b1m4a01070e1q050v3f022iaa1q7n081n4b3f9603ea027n1m"
             "46070e0n450409060l02460r7r06b64b0g050r060907114k4b030t1n170823093m1z0b3b07191n2319031v0h090i1103"
             "082t3o1v0437")
WIKI_START = "090001700500200008000030200070004960200060005069700030008090000700003009003800040"


def test_a_sudokuwiki_link_with_candidates_reads_as_its_site_shows_it():
    m = solver.parse_marks(WIKI_LINK)
    start = parse(WIKI_START)
    sol = solver.solve(start)
    assert m.givens == start  # 1-9: the givens
    assert m.placed.filled_count and all(not p or p == sol.cells[i] for i, p in enumerate(m.placed.cells))
    blanks = [i for i in range(81) if not m.grid().cells[i]]
    assert all(sol.cells[i] in m.candidates[divmod(i, 9)] for i in blanks)  # no solution digit removed
    assert m.candidates.count() < solver.candidates(m.grid()).count()  # the link carries eliminations
    assert solver.wiki_link(m.givens, m.placed, m.candidates) == WIKI_LINK
    assert parse(WIKI_LINK) == m.grid()  # parse reads its digits


def test_the_pencil_mark_grid_reads_back_and_keeps_its_frame():
    m = solver.parse_marks(WIKI_LINK)
    text = solver.pencil_grid(m.grid(), m.candidates)
    lines = text.splitlines()
    assert lines[0].startswith(".-") and lines[4].startswith(":-") and "+" in lines[4]
    assert lines[-1].startswith("'-") and len({len(ln) for ln in lines}) == 1  # columns line up
    back = solver.parse_marks(text)
    assert back.grid() == m.grid() and back.candidates == m.candidates


@pytest.mark.parametrize("text, says", [
    ("https://www.sudokuwiki.org/sudoku.htm?bd=S9B0102", "has 4 characters after S9B; it needs 162"),
    ("https://www.sudokuwiki.org/sudoku.htm?bd=S9B" + "+1" + "01" * 80, "'+1' (cell r1c1) is not two base-36"),
    ("https://www.sudokuwiki.org/sudoku.htm?bd=S9B" + "zz" + "01" * 80, "is 1295, not a digit"),
])
def test_a_broken_link_says_what_is_wrong(text, says):
    with pytest.raises(ParseError, match=re.escape(says)):
        solver.parse_marks(text)


def test_a_broken_pencil_mark_grid_says_where():
    text = solver.pencil_grid(Grid.empty())
    lines = text.splitlines()
    lines[2] = lines[2].replace("123456789", "12345678x", 1)
    with pytest.raises(ParseError, match=r"line 3, column \d+: '12345678x' is not a digit or candidates"):
        solver.parse_marks("\n".join(lines))
    lines = text.splitlines()
    lines[2] = lines[2].replace("123456789", "1234567899", 1)
    with pytest.raises(ParseError, match="names a candidate twice"):
        solver.parse_marks("\n".join(lines))
    lines = text.splitlines()
    del lines[3]
    with pytest.raises(ParseError, match="found 8 rows of cells, a pencil-mark grid has 9"):
        solver.parse_marks("\n".join(lines))


cells = st.lists(st.integers(0, 9), min_size=81, max_size=81)
masks = st.lists(st.integers(1, 511), min_size=81, max_size=81)


@pytest.mark.slow  # 150 random boards: 1-5 s
@settings(max_examples=150, deadline=None)
@given(cells, cells, masks)
def test_any_board_with_notes_survives_the_link(givens, placed, notes):
    """Givens, placed digits and the notes of every blank cell come back exactly (single notes too)."""
    g = Grid(givens)
    p = Grid(0 if a else b for a, b in zip(givens, placed))
    full = [g.cells[i] or p.cells[i] for i in range(81)]
    cands = solver.Candidates(0 if full[i] else notes[i] for i in range(81))
    back = solver.parse_marks(solver.wiki_link(g, p, cands))
    assert (back.givens, back.placed, back.candidates) == (g, p, cands)


@pytest.mark.slow  # 150 random boards: 1-5 s
@settings(max_examples=150, deadline=None)
@given(cells, masks)
def test_any_board_with_notes_survives_the_pencil_mark_grid(digits, notes):
    """The digits and every note of two or more digits come back (the format reads one digit as a digit)."""
    g = Grid(digits)
    wide = [m if bin(m).count("1") >= 2 else m | (1 if m != 1 else 2) for m in notes]
    cands = solver.Candidates(0 if g.cells[i] else wide[i] for i in range(81))
    text = solver.pencil_grid(g, cands)
    back = solver.parse_marks(text)
    assert back.grid() == g and back.candidates == cands and not back.placed.filled_count
    assert parse(text) == g


def test_blank_cells_without_notes_are_written_with_their_basic_candidates():
    g = parse(WIKI_START)
    cell = g.blanks()[0]
    back = solver.parse_marks(solver.wiki_link(g, None, {cell: (1, 2)}))
    basic = solver.candidates(g)
    assert back.candidates[cell] == {1, 2}
    assert all(back.candidates[c] == basic[c] for c in g.blanks() if c != cell)


HODOKU_PM = """\
.----------------------.---------------------.----------------------.
| 4      1679   12679  | 139    2369   269   | 8      1239   5      |
| 26789  3      1256789| 14589  24569  245689| 12679  1249   124679 |
| 2689   15689  125689 | 7      234569 245689| 12369  12349  123469 |
:----------------------+---------------------+----------------------:
| 3789   2      15789  | 3459   34579  4579  | 13579  6      13789  |
| 3679   15679  15679  | 359    8      25679 | 4      12359  12379  |
| 36789  4      56789  | 359    1      25679 | 23579  23589  23789  |
:----------------------+---------------------+----------------------:
| 289    89     289    | 6      459    3     | 1259   7      12489  |
| 5      6789   3      | 2      479    1     | 69     489    4689   |
| 1      6789   4      | 589    579    579   | 23569  23589  23689  |
'----------------------'---------------------'----------------------'
"""


def test_a_hodoku_pm_grid_with_digits_against_the_frame_reads():
    m = solver.parse_marks(HODOKU_PM)
    assert m.grid().to_line(".")[:9] == "4.....8.5" and m.grid().filled_count == 20
    assert m.candidates[0, 1] == {1, 6, 7, 9} and m.candidates[1, 2] == {1, 2, 5, 6, 7, 8, 9}  # "1256789|"
    assert not m.placed.filled_count and parse(HODOKU_PM) == m.grid()


SHORT_BAD_LINES = [  # (text, [(line, message, column)]): each way a short line is explained
    ("x\n12\n  3a\n\t\u00e9\n\u4e2d\n", [
        (1, "line 1: found 1 cell, a puzzle has 81", None),
        (2, "line 2: found 2 cells, a puzzle has 81", None),
        (3, "line 3, column 4: 'a' is not a digit or a blank (blanks: 0 . - * _ x X)", 4),
        (4, "line 4, column 2: '\u00e9' is not a digit or a blank (blanks: 0 . - * _ x X)", 2),
        (5, "line 5, column 1: '\u4e2d' is not a digit or a blank (blanks: 0 . - * _ x X)", 1)]),
    ("quizzes,solutions\n12,3\n a7,1\n\"\",2\n\n\"4b\"\n", [
        (2, "line 2: found 2 cells, a puzzle has 81", None),
        (3, "line 3, column 2: 'a' is not a digit or a blank (blanks: 0 . - * _ x X)", 2),
        (4, "line 4: no cells here, a puzzle has 81", None),
        (6, "line 6, column 3: 'b' is not a digit or a blank (blanks: 0 . - * _ x X)", 3)]),
    ("x,y\nab\n1,2\n", [(2, "line 2: no field holds a puzzle of 81 cells", None),
                        (3, "line 3: no field holds a puzzle of 81 cells", None)]),
    ("id,puzzle,solution\n7\n8, 1y\n", [
        (2, "line 2: the row has 1 fields, the 'puzzle' column is field 2", None),
        (3, "line 3, column 5: 'y' is not a digit or a blank (blanks: 0 . - * _ x X)", 5)]),
]


@pytest.mark.parametrize("text, want", SHORT_BAD_LINES)
def test_short_bad_lines_say_what_and_where(text, want):
    """Short lines take a fast path in a stream (formats._short_cells_error, issue 17); what
    it says is what the general reader says: the first character that is not a cell, with
    its column, else how many cells there are; the same from bytes, text and lines."""
    for source in (io.BytesIO(text.encode()), io.StringIO(text), text.splitlines(True)):
        got = [(n, str(e), e.column) for n, e in iter_puzzles(source)]
        assert got == want
        assert all(e.line == n and e.at_line for n, e in iter_puzzles(io.StringIO(text)))


def test_a_size_just_over_the_limit_is_not_said_as_the_limit(tmp_path):
    """'16 MB; the limit is 16 MB' for one byte too many: said in bytes when the MB read the same."""
    from solver.reading.parse import MAX_TEXT_CHARS

    with pytest.raises(ParseError, match=r"\(16,777,217 bytes; the limit is 16,777,216 bytes\)"):
        parse(b"1" * (MAX_TEXT_CHARS + 1))
    with pytest.raises(ParseError, match=r"\(20 MB; the limit is 16 MB\)"):
        parse(b"1" * (20 * 1024 * 1024))
    path = tmp_path / "f.txt"
    with open(path, "wb") as f:  # sparse: no disk used
        f.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(ParseError, match=r"too large to open \(16,777,217 bytes; the limit is 16,777,216 bytes\)"):
        load(path)
    with open(path, "wb") as f:
        f.truncate(2 * 1024 ** 3)
    with pytest.raises(ParseError, match=r"too large to open \(2,048 MB; the limit is 16 MB\)"):
        load(path)


def test_a_drawn_grid_with_two_digits_in_a_cell_is_refused_not_read_as_pencil_marks(tmp_path):
    """Issue 25, item 6: ``. . 25`` made the drawing a pencil-mark grid and dropped the given."""
    rows = parse(TUTORIAL).pretty().splitlines()
    rows[0] = rows[0].replace("7 8", "7 85", 1)
    text = "\n".join(rows)
    for read in (parse, parse_many, lambda t: load(write(tmp_path, "d.txt", t))):
        with pytest.raises(ParseError, match=r"line 1, column 3: a cell holds '85', several digits, "
                                             r"among blank cells"):
            read(text)


def test_a_frame_line_of_81_characters_is_not_an_empty_puzzle():
    """Issue 25, item 7: a pencil-mark grid's top frame of exactly 81 characters was a puzzle."""
    for frame in ("-" * 81, "." + "-" * 79 + ".", "*" * 81, " ".join("-" * 81)):
        with pytest.raises(ParseError, match="is a frame, not a puzzle"):
            parse(frame)
    assert parse("." * 81) == parse("0" * 81) == Grid.empty()  # an empty puzzle written plainly


def test_a_table_of_two_digit_numbers_is_no_puzzle():
    """Issue 25, item 10: it was read as a pencil-mark grid with 0 givens."""
    table = "\n".join(" ".join("12" if (r + c) % 2 else "34" for c in range(9)) for r in range(9))
    with pytest.raises(ParseError, match="no cell holds a single digit"):
        parse(table)


def test_a_bom_before_marks_and_links_in_quotes_or_brackets_read(tmp_path):
    """Issue 25, item 9."""
    g = parse(TUTORIAL)
    link, pm = solver.wiki_link(g), solver.pencil_grid(g)
    marked = parse(pm)  # (its single candidates read as givens: the format cannot tell them apart)
    for text, want in (("\ufeff" + pm, marked), ("\ufeff" + g.pretty(), g), (f'"{link}"', g), (f"({link})", g),
                       (f"<{link}>", g), (f"[https://www.sudokuwiki.org/sudoku.htm?bd={g.to_line('0')}]", g)):
        assert parse(text) == want, text
        assert load(write(tmp_path, "m.txt", text)) == [want], text
    assert parse_many(f"{link}\n{TUTORIAL}\n({link})\n") == [g, g, g]  # a collection of links and lines
