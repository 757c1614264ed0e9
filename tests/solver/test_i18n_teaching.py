"""The engine's search and teaching words in German, French and Spanish (issue 15).

Hint rungs, the difficulty card, the backtracking search's events and printed pages are
messages (code + data, templates in solver/words/messages/search.py and teaching.py); these tests
word real results in each language from the real catalogues (solver/locale/<lang>.po) and
check that the words are the language's, with its cell notation and its number grouping
(19,022 / 19.022 / 19 022 / 19.022), and that the chosen language is followed.
"""
from __future__ import annotations

import itertools
import re

import pytest

import solver
from solver import Grid
from solver.backtrack import backtrack_steps
from solver.hint import hint
from solver.words.i18n import cell_text, describe, set_language, translate, unit_text
from solver.printing.page import PrintGrid, make_sheet
from solver.rating import LEVEL_LABELS, rate
from solver.printing.worksheet import worksheet_sheet
from solver.words.i18n import TRANSLATED

LANGS = TRANSLATED  # every language but English
TUTORIAL = solver.parse(solver.example("tutorial").line)
# Norvig's easy50 grid 4 (tests/data/norvig_easy50.txt): the classic backtracker needs over
# 10,000 placements, yet the logical path (singles) rates it in a few milliseconds
MANY_PLACEMENTS = "......9.7...42.18....7.5.261..9.4....5.....4....5.7..992.1.8....34.59...5.7......"
# norvig_top95.txt: over 10,000 placements for the fewest-candidates search in ~32,000 steps
FEWEST_LONG = "249.6...3.3....2..8.......5.....6......2......1..4.82..9.5..7....4.....1.7...3..."

# Words of the translated templates (solver/locale/<lang>.po), to see each language is used.
WORDS = {
    "de": {"technique": "1. Technik: ", "cells": "3. Die hervorgehobenen Zellen: ", "so": "Also: ",
           "wrong1": "1 Ziffer weicht von der Lösung ab", "wrong2": "2 Ziffern weichen von der Lösung ab",
           "unique": "Eindeutige Lösung", "givens": "Vorgaben: ", "backtracker": "Klassisches Backtracking",
           "try": "versuche 1 in ", "solved": "gelöst", "hidden": "Versteckter Single",
           "undo": "nimm ", "no_solution": "keine Lösung: ", "conflict": "nicht gesucht: ",
           "page": "Seite 2", "solutions": ": Lösungen", "solution": "Lösungen 1", "print": "Drucken…",
           "legend": "Fett: die Vorgaben", "worksheet": "Sudoku-Arbeitsblatt", "puzzle": "Rätsel 1",
           "many": "mehr als eine Lösung"},
    "fr": {"technique": "1. Technique\u00a0: ", "cells": "3. Les cases surlignées\u00a0: ", "so": "Donc\u00a0: ",
           "wrong1": "1 chiffre diffère de la solution", "wrong2": "2 chiffres diffèrent de la solution",
           "unique": "Solution unique", "givens": "Chiffres donnés\u00a0: ", "backtracker": "Backtracking classique",
           "try": "essai de 1 en ", "solved": "résolu", "hidden": "singleton caché",
           "undo": "annuler ", "no_solution": "pas de solution\u00a0: ", "conflict": "pas de recherche\u00a0: ",
           "page": "page 2", "solutions": "\u00a0: solutions", "solution": "Solutions 1", "print": "Imprimer…",
           "legend": "Gras\u00a0: les chiffres donnés", "worksheet": "Fiche de sudoku", "puzzle": "Grille 1",
           "many": "plus d’une solution"},
    "es": {"technique": "1. Técnica: ", "cells": "3. Las casillas resaltadas: ", "so": "Por tanto: ",
           "wrong1": "1 número no coincide con la solución", "wrong2": "2 números no coinciden con la solución",
           "unique": "Solución única", "givens": "Pistas: ", "backtracker": "Backtracking clásico",
           "try": "prueba el 1 en ", "solved": "resuelto", "hidden": "single oculto",
           "undo": "deshacer ", "no_solution": "sin solución: ", "conflict": "sin búsqueda: ",
           "page": "página 2", "solutions": ": soluciones", "solution": "Soluciones 1", "print": "Imprimir…",
           "legend": "Negrita: las pistas", "worksheet": "Hoja de sudokus", "puzzle": "Sudoku 1",
           "many": "más de una solución"},
}


def grouped(n: int, lang: str) -> str:
    """``n`` with the thousands separator the language uses (Spanish: from five digits on)."""
    if lang == "es" and n < 10000:
        return str(n)
    return f"{n:,}".replace(",", {"en": ",", "de": ".", "fr": "\u202f", "es": "."}[lang])


def level_name(level: str, lang: str) -> str:
    return translate(LEVEL_LABELS[level], "level", lang=lang)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def no_fields_left(text: str) -> bool:
    return not re.search(r"\{\w+(:\w+)?\}", text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_ladder_is_worded_in_the_language(lang):
    h = hint(TUTORIAL)
    assert h.status == "step" and len(h.rungs) == 4
    english = [describe(m, "en") for m in h.rungs]
    rungs = [describe(m, lang) for m in h.rungs]
    w = WORDS[lang]
    assert all(no_fields_left(r) for r in rungs)
    level = solver.technique(h.step.technique).level
    assert rungs[0].startswith(w["technique"]) and f"({level_name(level, lang)})" in rungs[0]
    assert rungs[2].startswith(w["cells"]) and cell_text(h.step.highlight[0], lang) in rungs[2]
    assert w["so"] in rungs[3] and rungs[3].startswith("4. ")
    assert all(r != e for r, e in zip(rungs, english) if not r.startswith("2. "))
    # the chosen language is what the public str attributes give
    set_language(lang)
    assert h.message == describe(h.text, lang) and [describe(m) for m in h.rungs] == rungs


@pytest.mark.parametrize("lang", ("en",) + LANGS)
def test_a_naked_singles_rungs_keep_its_digit_for_the_conclusion(lang):
    # issue 29: rung 3 named the cell and its digit, which is the whole answer of a Naked Single
    h = hint(TUTORIAL)
    assert h.step.technique == "Naked Single"
    (cell, digit), = h.step.placements
    rungs = [re.sub(r"^\d\. ", "", describe(m, lang)) for m in h.rungs]
    for r in rungs[:3]:
        assert str(digit) not in r.replace(cell_text(cell, lang), ""), r
    assert str(digit) in rungs[3].replace(cell_text(cell, lang), "")
    assert cell_text(cell, lang) in rungs[2]  # the cells are still named


def test_a_rung_names_the_digits_it_looks_for_when_they_are_not_the_answer():
    # a Hidden Single highlights its unit: its digit is what to look for there, not where it goes
    from solver.hint import names_the_answer

    path = solver.logical_path(solver.parse(solver.example("hard").line))
    first = {name: next(s for s in path if s.technique == name) for name in ("Hidden Single", "Naked Single",
                                                                            "Full House", "Pointing")}
    assert [names_the_answer(s) for s in first.values()] == [False, True, True, False]
    rung = describe(hint(path.grid_at(path.index(first["Hidden Single"]))).rungs[2], "en")
    assert rung.endswith(f"(digit {first['Hidden Single'].digits[0]}).")


@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_counts_wrong_digits_with_the_languages_plural(lang):
    sol = solver.solve(TUTORIAL)
    blanks = [i for i in range(81) if not TUTORIAL.cells[i]]
    wrong = list(TUTORIAL.cells)
    set_language(lang)
    for k, key in ((1, "wrong1"), (2, "wrong2")):
        wrong[blanks[k - 1]] = sol.cells[blanks[k - 1]] % 9 + 1
        h = hint(Grid(wrong), givens=TUTORIAL)
        assert h.status == "wrong" and h.message.startswith(WORDS[lang][key])
        assert all(cell_text(c, lang) in h.message for c in h.cells)
    done = hint(sol, givens=TUTORIAL)
    assert done.status == "solved" and done.message != describe(done.text, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_difficulty_card_is_worded_with_the_languages_numbers(lang):
    r = rate(solver.parse(MANY_PLACEMENTS))
    b = r.backtrack
    assert r.unique and b.placements >= 10000 and b.backtracks >= 10000
    lines = [describe(m, lang) for m in r.card_msgs()]
    w = WORDS[lang]
    assert lines[0].startswith(w["unique"]) and lines[1] == f"{w['givens']}{r.givens}"
    assert level_name(r.level, lang) in lines[2] and level_name(r.level, lang) != LEVEL_LABELS[r.level]
    classic = next(x for x in lines if x.startswith(w["backtracker"]))
    assert grouped(b.placements, lang) in classic and grouped(b.backtracks, lang) in classic
    assert f"{b.placements:,}" not in classic  # not the English grouping
    for name, n in r.counts.items():
        assert any(x.strip().startswith(translate(name, "technique", lang=lang)) and f"{n}×" in x for x in lines)
    assert all(no_fields_left(x) for x in lines)
    set_language(lang)
    assert r.card_lines() == lines and r.label == level_name(r.level, lang)
    assert r.summary == describe(r.summary_msg, lang) != describe(r.summary_msg, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_backtracking_events_are_worded_in_the_language(lang):
    w = WORDS[lang]
    set_language(lang)
    events = list(itertools.islice(backtrack_steps(TUTORIAL), 200))
    assert events[0].message.startswith(w["try"]) and events[0].message.endswith(cell_text(events[0].cell, lang))
    for e in events:
        if e.kind == "reject":
            assert cell_text(e.peer, lang) in e.message and unit_text(e.unit, lang) in e.message
    assert any(e.kind == "reject" for e in events)
    hidden = next(e for e in backtrack_steps(solver.parse(solver.example("hard").line), "propagation")
                  if e.kind == "deduce" and e.why.code == "search_hidden_single")
    assert w["hidden"] in hidden.message and unit_text(hidden.why["unit"], lang) in hidden.message
    # the search's end, with counts over 10,000 grouped the language's way
    last = None
    for last in backtrack_steps(solver.parse(FEWEST_LONG), "fewest-candidates"):
        pass
    assert last.kind == "solved" and last.placements >= 10000
    assert last.message.startswith(w["solved"]) and grouped(last.placements, lang) in last.message
    # a dead end: the undo says why, and so does "no solution"
    dead = list(backtrack_steps(solver.parse(solver.example("mistyped").line), "propagation"))
    undo = next(e for e in dead if e.kind == "undo" and e.why is not None)
    assert undo.message.startswith(w["undo"]) and undo.deduced and cell_text(undo.cell, lang) in undo.message
    assert dead[-1].kind == "exhausted" and dead[-1].message.startswith(w["no_solution"])
    conflict = list(backtrack_steps(Grid([5, 5] + [0] * 79)))
    assert len(conflict) == 1 and conflict[0].message.startswith(w["conflict"])
    assert all(no_fields_left(e.message) for e in events + dead + conflict)


@pytest.mark.parametrize("lang", LANGS)
def test_a_printed_sheet_is_in_the_language_asked_for_and_by_default_the_chosen_one(lang):
    w = WORDS[lang]
    sol = solver.solve(TUTORIAL)
    entries = Grid([0, 0, sol.cells[2]] + [0] * 78)
    # three numbered copies of one puzzle: one solution, captioned with the three numbers
    items = [PrintGrid(TUTORIAL, entries=entries, number=n) for n in (1, 2, 3)]
    sheet = make_sheet(items, 2, solutions=True, lang=lang)
    html = sheet.html
    assert f'<html lang="{lang}">' in html and sheet.plan.pages == 3
    for key in ("page", "solutions", "solution", "print", "legend", "puzzle"):
        assert w[key] in html, key
    for english in ("page 2", ": solutions", "Bold: the givens", "Print…", ">Puzzle 1<", "Solution 1"):
        assert english not in html or any(english in word for word in w.values())  # French: "page 2"
    # no lang: the chosen language, and the worksheet's default title in it
    set_language(lang)
    ws = worksheet_sheet([TUTORIAL], 1).html
    assert f'<html lang="{lang}">' in ws and f"<h1>{w['worksheet']}</h1>" in ws
    with pytest.raises(ValueError) as err:
        make_sheet([solver.parse(solver.example("two_solutions").line)], 1, solutions=True)
    assert w["many"] in str(err.value)


def test_english_stays_the_default_and_the_page_says_so():
    html = make_sheet([TUTORIAL], 1).html
    assert '<html lang="en">' in html and "<h1>Sudoku</h1>" in html
    assert next(backtrack_steps(TUTORIAL)).message == "try 1 at r1c3"
