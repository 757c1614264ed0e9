"""Check codes: printed under each puzzle, typed back to tell whether the givens match, row by row."""
from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import solver
from solver.printing.checkcode import ALPHABET

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def chars(code: str) -> str:
    return code.replace("-", "")


def test_the_alphabet_has_no_characters_read_for_one_another():
    assert len(set(ALPHABET)) == len(ALPHABET) == 31
    assert not set("0O1IL") & set(ALPHABET)
    assert ALPHABET == ALPHABET.upper()


def test_every_single_digit_change_in_a_row_changes_that_rows_character_and_no_other():
    """Exhaustive over every cell and every (old, new) pair of its 10 values, on two base grids."""
    for base in (solver.parse(TUTORIAL), solver.Grid.empty()):
        for cell in solver.CELLS:
            r, c = divmod(cell, 9)
            codes = {d: chars(solver.check_code(base.with_digit((r, c), d))) for d in range(10)}
            for a in range(10):
                for b in range(10):
                    if a == b:
                        continue
                    differ = [k for k in range(9) if codes[a][k] != codes[b][k]]
                    assert differ == [r], (cell, a, b)


def test_two_digits_of_a_row_swapped_or_moved_change_the_row():
    rnd = random.Random(7)
    g = solver.parse(TUTORIAL)
    for _ in range(300):
        r = rnd.randrange(9)
        c1, c2 = rnd.sample(range(9), 2)
        a, b = g[(r, c1)], g[(r, c2)]
        if a == b:
            continue
        swapped = g.with_digit((r, c1), b).with_digit((r, c2), a)
        result = solver.compare_code(swapped, solver.check_code(g))
        assert not result.ok and result.rows_wrong == (r,)


def test_a_code_is_read_whatever_its_case_and_separators():
    g = solver.parse(TUTORIAL)
    code = solver.check_code(g)
    assert re.fullmatch(r"[A-Z2-9]{3}-[A-Z2-9]{3}-[A-Z2-9]{3}-[A-Z2-9]", code)
    for typed in (code, code.lower(), chars(code), " ".join(chars(code).lower()), code.replace("-", " ")):
        result = solver.compare_code(g, typed)
        assert result.ok and result.rows_wrong == () and result.error is None, typed
        assert "match" in result.message


def test_any_single_mistyped_or_swapped_character_of_the_code_is_caught():
    g = solver.parse(TUTORIAL)
    code = chars(solver.check_code(g))
    for k in range(10):
        for ch in ALPHABET:
            if ch == code[k]:
                continue
            typed = code[:k] + ch + code[k + 1:]
            result = solver.compare_code(g, typed)
            assert result.error == "checksum" and not result.ok and result.rows_wrong == (), typed
        if k < 9 and code[k] != code[k + 1]:
            typed = code[:k] + code[k + 1] + code[k] + code[k + 2:]
            assert solver.compare_code(g, typed).error == "checksum"


@pytest.mark.parametrize("typed, error, words", [
    ("", "empty", "No check code"),
    ("  - ", "empty", "No check code"),
    ("M4G-W3J", "length", "6 were typed"),
    ("M4G-W3J-DKN-8X", "length", "11 were typed"),
    ("M4G-W3J-DKN-O", "character", "character 10, 'O'"),
    ("M4G-W3J-DK1-8", "character", "character 9, '1'"),
    ("M4G-W3J-DK?-8", "character", "character 9, '?'"),
])
def test_unreadable_codes_say_what_and_where(typed, error, words):
    result = solver.compare_code(solver.parse(TUTORIAL), typed)
    assert result.error == error and not result.ok and result.rows_wrong == ()
    assert words in result.message


def test_the_messages_are_translated():
    g = solver.parse(TUTORIAL)
    wrong = solver.compare_code(g.with_digit((1, 4), 3), solver.check_code(g))
    unreadable = solver.compare_code(g, "abc")
    try:
        for lang, row in (("de", "Zeile 2"), ("fr", "ligne 2"), ("es", "fila 2")):
            solver.set_language(lang)
            assert row in wrong.message
            assert "abc" not in unreadable.message and "check code" not in unreadable.message
    finally:
        solver.set_language("en")


def printed_codes(html: str) -> list[str]:
    return re.findall(r'<div class="code">[^<]*?([A-Z2-9]{3}-[A-Z2-9]{3}-[A-Z2-9]{3}-[A-Z2-9])</div>', html)


def test_round_trip_print_read_the_code_type_it_back():
    """Print a worksheet, read each puzzle's code off the page, type the puzzle back with a slip."""
    puzzles = [solver.parse(TUTORIAL), solver.parse(solver.example("tutorial").line)]
    html = solver.make_worksheet(puzzles, per_page=2)
    codes = printed_codes(html)
    assert len(codes) == 2
    for g, code in zip(puzzles, codes):
        assert solver.compare_code(g, code.lower()).ok
        for cell, d in (((1, 4), 3), ((8, 0), 4)):  # a wrong digit in row 2, an extra one in row 9
            result = solver.compare_code(g.with_digit(cell, d), code)
            assert not result.ok and result.rows_wrong == (cell[0],)
        two = g.with_digit((1, 4), 3).with_digit((5, 0), 0)  # a wrong digit and a given left out
        result = solver.compare_code(two, code)
        assert result.rows_wrong == (1, 5) and "row 2 and row 6" in result.message
    sheet = solver.make_sheet([solver.PrintGrid(puzzles[0], number=1)], 1, solutions=True)
    assert printed_codes(sheet.html) == [solver.check_code(puzzles[0])]  # not under the solution


def run(*args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "solver", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env=env)


def test_cli_check_code_names_the_rows_and_refuses_an_unreadable_code():
    code = solver.check_code(solver.parse(TUTORIAL))
    ok = run("check", "--code", code.lower(), TUTORIAL)
    assert ok.returncode == 0 and "The givens match the check code" in ok.stdout
    slip = TUTORIAL[:13] + "3" + TUTORIAL[14:]
    wrong = run("check", "--code", code, slip)
    assert wrong.returncode == 1 and "do not match the check code on your paper in row 2" in wrong.stdout
    assert "only r2c5 3 → 9 gives the givens of the check code: that is the slip" in wrong.stdout  # of three
    data = json.loads(run("check", "--json", "--code", code, slip).stdout)
    assert data["code"] == {"ok": False, "rows_wrong": [2], "fix": "r2c5 3 → 9",
                            "message": "The givens do not match the check code on your paper in row 2: compare "
                                       "that row with the paper."}
    bad = run("check", "--code", code[:-1] + ("2" if code[-1] != "2" else "3"), TUTORIAL)
    assert bad.returncode == 2 and bad.stdout == "" and "mistyped" in bad.stderr
    assert "Traceback" not in bad.stderr
