"""The logical steps of the basic families are messages, worded in English and in de/fr/es.

Singles, locked candidates, subsets, fish, wings, single-digit patterns and colouring
(their templates: solver/words/messages/steps.py).  The steps are found on real puzzles
(tests/data) along their logical paths; the catalogues are the real ones (solver/locale).
"""
from __future__ import annotations

import re
import string
from functools import lru_cache
from pathlib import Path

import pytest

import solver
from solver.candidates import effective_masks
from solver.grid import Grid
from solver.words.i18n import Msg, describe, templates, translate
from solver.techniques import registry
from solver.techniques.step import (apply_in_place, conclusion_msg, conclusion_text, digits_text,
                                    elims_text, look_at, make_step, names)
from solver.words.i18n import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
FAMILIES = ("singles", "intersections", "subsets", "fish", "wings", "single_digit", "coloring")
#: (file, puzzle numbers): between them every technique and every template of the families
PUZZLES = (("norvig_easy50.txt", (0, 1, 2)), ("norvig_top95.txt", (43,)))
NOTATION = {"en": r"r\dc\d", "de": r"Z\dS\d", "fr": r"L\dC\d", "es": r"F\dC\d"}
LANGS = TRANSLATED  # every language but English


@pytest.fixture(autouse=True)
def english_after():
    yield
    solver.set_language("en")


def _step_codes() -> set[str]:
    """The codes of solver/words/messages/steps.py."""
    from solver.words.messages import steps

    return set(steps.TEMPLATES)


def _mine():
    return [(n, f) for n, f in registry.FINDERS if f.__module__.rsplit(".", 1)[1] in FAMILIES]


@lru_cache(maxsize=1)
def _steps() -> tuple:
    """Every step the families' finders see at each position of the puzzles' logical paths."""
    mine = _mine()
    walk = [(n, f) for n, f in registry.FINDERS if "Forcing" not in n]
    found = []
    for name, numbers in PUZZLES:
        lines = [ln.strip() for ln in (DATA / name).read_text().splitlines() if len(ln.strip()) >= 81]
        for k in numbers:
            cells = [int(ch) if ch.isdigit() else 0 for ch in lines[k][:81]]
            masks = effective_masks(Grid(cells), None)
            while True:
                found += [s for _, f in mine if (s := f(cells, masks)) is not None]
                step = next((s for _, f in walk if (s := f(cells, masks)) is not None), None)
                if step is None:
                    break
                apply_in_place(step, cells, masks)
    return tuple(found)


def _codes(value, out: set) -> set:
    if isinstance(value, Msg):
        out.add(value.code)
        for _, v in value.args:
            _codes(v, out)
    elif isinstance(value, tuple):
        for v in value:
            _codes(v, out)
    return out


def _cells(value, out: set) -> set:
    """Every cell a message names (fields of the cell kinds), nested messages too."""
    if isinstance(value, tuple):
        for v in value:
            _cells(v, out)
    if not isinstance(value, Msg):
        return out
    template = templates()[value.code]
    kinds = {f: k for text in (template[:2] if isinstance(template, tuple) else (template,))
             for _, f, k, _ in string.Formatter().parse(text) if f}
    for field, v in value.args:
        if kinds.get(field) == "cell":
            out.add(v)
        elif kinds.get(field) in ("cells", "cellcomma", "cellor"):
            out.update(v)
        else:
            _cells(v, out)
    return out


def test_every_technique_and_template_of_the_families_is_found_on_the_puzzles():
    steps = _steps()
    seen = {s.technique for s in steps}
    assert {n for n, _ in _mine()} <= seen, {n for n, _ in _mine()} - seen
    used = set()
    for s in steps:
        _codes(s.text, used), _codes(s.hint, used), _codes(s.conclusion_msg, used)
    # "step_sentences" joins a placement and eliminations: no basic step has both (tested below)
    assert _step_codes() - used == {"step_sentences"}, _step_codes() - used - {"step_sentences"}


def test_each_step_is_a_registered_message_worded_in_english_by_default():
    registered = templates()
    for s in _steps():
        assert isinstance(s.text, Msg) and isinstance(s.hint, Msg), s
        for code in _codes(s.text, set()) | _codes(s.hint, set()) | _codes(s.conclusion_msg, set()):
            assert code in registered, code
        assert s.message == describe(s.text, "en") and s.unit_hint == describe(s.hint, "en")
        assert s.message.startswith(s.technique) and re.search(NOTATION["en"], s.message)
        assert "{" not in s.message + s.unit_hint + s.conclusion
        for data in (dict(s.text.args), dict(s.hint.args)):  # plain data: no worded cells or units
            assert not any(isinstance(v, str) and re.search(r"r\dc\d|row \d|box \d", v) for v in data.values())


def test_the_shared_pieces_read_as_before():
    """step.py's text helpers and the conclusion (placements and eliminations) in English."""
    assert names([10, 0, 4]) == "r1c1, r1c5 and r2c2"
    assert digits_text([7, 1, 3]) == "1, 3 and 7"
    assert elims_text([(26, 6), (25, 3), (26, 3), (25, 5), (26, 5)]) == "3 and 5 from r3c8 and r3c9; 6 from r3c9"
    step = make_step("Naked Single", [0], [0], [3], placements=[(0, 3)], elims=[(10, 4), (11, 4)],
                     message=look_at([18]))
    assert step.conclusion_msg.code == "step_sentences"
    assert step.conclusion == "Place 3 in r1c1. Remove 4 from r2c2 and r2c3."
    assert conclusion_text(step.placements, step.eliminations) == step.conclusion
    assert step.unit_hint == "Look at row 1." and step.message == "Look at box 1."
    assert conclusion_msg((), (((0, 0), 5),)).code == "step_remove"


@pytest.mark.parametrize("lang", LANGS)
def test_the_steps_are_worded_in_each_language_with_its_cell_names(lang):
    for s in _steps():
        for m in (s.text, s.hint, s.conclusion_msg):
            text = describe(m, lang)
            english = describe(m, "en")
            assert text and "{" not in text and text != english, (lang, m.code, text)
            assert not re.search(NOTATION["en"], text), (lang, text)
            for cell in _cells(m, set()):
                assert solver.cell_text(cell, lang) in text, (lang, cell, text)
            if _cells(m, set()):
                assert re.search(NOTATION[lang], text), (lang, text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_chosen_language_words_step_message_hint_conclusion_and_lesson(lang):
    step = next(s for s in _steps() if s.technique == "X-Wing")
    solver.set_language(lang)
    assert re.search(NOTATION[lang], step.message) and step.message == describe(step.text, lang)
    assert step.unit_hint == describe(step.hint, lang) and step.conclusion == describe(step.conclusion_msg, lang)
    assert solver.technique(step.technique).lesson == translate(registry.technique("X-Wing").summary, "technique summary", lang=lang)
    solver.set_language("en")
    assert step.message == describe(step.text, "en") != describe(step.text, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_families_technique_summaries_are_translated(lang):
    for name, _ in _mine():
        t = registry.technique(name)
        assert t.summary.endswith(".") and t.summary[0].isupper()  # a whole sentence to translate
        assert translate(t.summary, "technique summary", lang=lang) != t.summary, (lang, name)
        assert translate(t.name, "technique", lang=lang)
