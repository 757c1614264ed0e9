"""The checking messages in German, French and Spanish: conflicts, diagnoses, typo fixes, parse errors.

These read the real catalogues (``solver/locale/<lang>.po``): cell names follow the language
(Z3S7 / L3C7 / F3C7), and so do unit names (Zeile / ligne / fila) and numbers.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import solver
from solver import Grid, ParseError, check_entries, diagnose, parse, validate
from solver.words.catalog import placeholders, read_po
from solver.examples import example
from solver.words.i18n import describe, language, msg, set_language, templates
from solver.reading.sources import load
from solver.typos.search import find_typos, short_fix_msg
from solver.words.i18n import TRANSLATED

LOCALE = Path(solver.__file__).resolve().parent / "locale"
LANGS = TRANSLATED  # every language but English
CELL = {"de": "Z{r}S{c}", "fr": "L{r}C{c}", "es": "F{r}C{c}"}
ROW = {"de": "Zeile", "fr": "ligne", "es": "fila"}
COLUMN = {"de": "Spalte", "fr": "colonne", "es": "columna"}
LINE = {"de": "Zeile", "fr": "ligne", "es": "línea"}  # a line of a file (Spanish tells it from a row)

# magictour top1465 #1 (minimal, one solution); typed with its r1c1 4 as a 9
PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def cell(lang: str, r: int, c: int) -> str:
    return CELL[lang].format(r=r, c=c)


def check_codes() -> set:
    """The codes of solver/words/messages/checks.py."""
    from solver.words.messages import checks

    return set(checks.TEMPLATES)


@pytest.fixture
def chosen():
    """Switch the language for the ``message``/``summary``/``str`` properties; restore afterwards."""
    before = language()
    yield set_language
    set_language(before)


@pytest.mark.parametrize("lang", LANGS)
def test_every_check_message_is_translated_with_its_fields(lang):
    entries = {(e.context, e.msgid): e for e in read_po((LOCALE / f"{lang}.po").read_text(encoding="utf-8"))}
    codes = check_codes()
    assert len(codes) > 100
    for code in sorted(codes):
        template = templates()[code]
        singular, plural = (template[0], template[1]) if isinstance(template, tuple) else (template, None)
        e = entries.get((code, singular))
        assert e is not None and e.translated, f"{lang}: {code} is not translated"
        fields = set(placeholders(singular)) | set(placeholders(plural or ""))
        assert (e.plural or None) == plural, code
        for s in e.strings:
            assert set(placeholders(s)) <= fields, f"{lang}: {code}: {s!r} has other fields than {fields}"
        assert set(placeholders(e.strings[-1])) == fields, f"{lang}: {code}: a field is left out"


@pytest.mark.parametrize("lang", LANGS)
def test_a_broken_puzzle_is_diagnosed_in_the_language(lang, chosen):
    # two 5s in row 3 (r3c2 and r3c7): a rule conflict
    cells = [0] * 81
    cells[2 * 9 + 1] = cells[2 * 9 + 6] = 5
    cells[0], cells[40] = 1, 2
    g = Grid(cells)
    (conflict,) = validate(g)
    text = describe(conflict.text, lang)
    assert f"{ROW[lang]} 3" in text and cell(lang, 3, 2) in text and cell(lang, 3, 7) in text
    assert "r3c" not in text and "Row" not in text
    d = diagnose(g)
    english = [describe(f.text, "en") for f in d.findings]
    assert english[0] == "Row 3 has two 5s: r3c2 and r3c7"
    chosen(lang)
    words = [f.message for f in d.findings]
    assert words[0] == text
    for en, there in zip(english, words):
        assert there != en and "{" not in there and "r1c" not in there and "r3c" not in there
    assert d.summary.startswith("1 ") and text in d.summary and "rule conflict" not in d.summary
    entries = check_entries(g, Grid.empty())
    assert entries.message == describe(entries.text, lang) and text in entries.message


@pytest.mark.parametrize("lang", LANGS)
def test_a_dead_cell_names_its_row_and_column_in_the_language(lang):
    # r1c9 sees 1-8 in its row and 9 in its column
    d = diagnose(solver.parse("12345678." + "........9" + "." * 63))
    (dead,) = [f for f in d.findings if f.kind == "dead_cell"]
    text = describe(dead.text, lang)
    assert text.startswith(f"{cell(lang, 1, 9)} ({ROW[lang]} 1, {COLUMN[lang]} 9) ")
    assert describe(dead.text, "en").startswith("r1c9 (row 1, column 9) has no possible digit")
    for f in d.findings:
        assert describe(f.text, lang) != describe(f.text, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_a_mistyped_puzzle_names_its_unit_and_fix_in_the_language(lang, chosen):
    d = diagnose(solver.parse(example("mistyped").line))
    no_place = next(f for f in d.findings if f.kind == "no_place")
    assert f"{ROW[lang]} 1" in describe(no_place.text, lang)
    assert d.summary == "No solution; possible fixes: r1c1 3 → 7 or remove the 3 in r1c1"
    chosen(lang)
    assert f"{cell(lang, 1, 1)} 3 → 7" in d.summary and d.summary != "No solution; possible fixes: r1c1 3 → 7 or remove the 3 in r1c1"


@pytest.mark.parametrize("lang", LANGS)
def test_a_typo_explanation_and_its_fix_in_the_language(lang, chosen):
    typed = Grid([9] + [int(c) if c != "." else 0 for c in PUZZLE[1:]])
    best = find_typos(typed).best
    english = best.message
    assert english.startswith("r1c1: you typed 9, the puzzle works with 4 there; 4 and 9 look alike.")
    text = describe(best.text, lang)
    # the sentence starts with the cell in the language's notation, and keeps the digits
    assert text.startswith(cell(lang, 1, 1)) and "9" in text and "4" in text and text != english
    assert "you typed" not in text and "{" not in text
    assert describe(short_fix_msg(best), lang) == f"{cell(lang, 1, 1)} 9 → 4"
    chosen(lang)
    assert best.message == text and solver.short_fix(best) == f"{cell(lang, 1, 1)} 9 → 4"


@pytest.mark.parametrize("lang", LANGS)
def test_a_parse_error_says_what_and_where_in_the_language(lang, chosen):
    with pytest.raises(ParseError) as one_line:
        parse("h" + "." * 80)
    e = one_line.value
    assert str(e).startswith("column 1: 'h' is not a digit or a blank")
    assert (e.line, e.column) == (1, 1) and e.why.code == "parse_not_cell"
    with pytest.raises(ParseError) as drawing:
        parse("\n".join(["123456789", "12345y789"] + ["........."] * 7))
    d = drawing.value
    assert str(d).startswith("line 2, column 6: 'y' is not a digit or a blank")
    chosen(lang)
    text = str(e)
    assert text.startswith(f"{COLUMN[lang]} 1") and "'h'" in text and "is not" not in text
    assert text == describe(e.text, lang)
    placed = str(d)
    assert placed.startswith(f"{LINE[lang]} 2, {COLUMN[lang]} 6") and "'y'" in placed
    assert (d.line, d.column) == (2, 6)


@pytest.mark.parametrize("lang", LANGS)
def test_a_file_error_names_the_file_in_the_language(lang, tmp_path, chosen):
    path = tmp_path / "notes.txt"
    path.write_text("# only a comment\n", encoding="utf-8")
    with pytest.raises(ParseError) as caught:
        load(path)
    english = str(caught.value)
    assert english == f"{str(path)!r}: the file holds no puzzle, only comments"
    chosen(lang)
    text = str(caught.value)
    assert text.startswith(repr(str(path))) and text != english and "the file" not in text


@pytest.mark.parametrize("lang, grouped", [("de", "1.000"), ("fr", "1\u202f000"), ("es", "1000")])
def test_counts_in_check_messages_are_grouped_the_language_way(lang, grouped):
    text = describe(msg("given_not_found", n=1000), lang)
    assert grouped in text
    assert "1,000" in describe(msg("given_not_found", n=1000), "en")
