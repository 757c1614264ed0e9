"""Chain, uniqueness, ALS and forcing steps in German, French and Spanish (no Tk).

One real position per family (``tests/data/i18n_chain.positions``, taken from the
logical paths of puzzles of tests/data): its finder's step must read in each language,
with every cell named the language's way (Z3S7, L3C7, F3C7) in the message, the hint and
the chain's notation or forcing tree.  A pseudo-translation of every engine message
shows that no English word is glued around the templates.
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import solver
from solver.words.catalog import Entry, header, write_po
from solver.words.i18n import add_domain
from solver.techniques.registry import FINDERS

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "i18n_chain.positions"
#: the cell notation of each language (the glossary of issue 15)
NOTATION = {"de": "Z{}S{}", "fr": "L{}C{}", "es": "F{}C{}"}
ENGLISH_CELL = re.compile(r"r[1-9]+c[1-9]+")


def _positions():
    out = []
    for ln in DATA.read_text(encoding="utf-8").splitlines():
        if not ln.strip() or ln.startswith("#"):
            continue
        name, givens, cells, masks = ln.split("|")
        out.append((name, tuple(0 if ch == "." else int(ch) for ch in givens),
                    [0 if ch == "." else int(ch) for ch in cells], [int(m) for m in masks.split(",")]))
    return out


@pytest.fixture(scope="module")
def steps():
    """technique name -> the step its finder sees in the family's position."""
    finders = dict(FINDERS)
    out = {}
    for name, givens, cells, masks in _positions():
        f = finders[name]
        if getattr(f, "cancellable", False):
            step = f(list(cells), list(masks), None, {"givens": givens})
        else:
            step = f(list(cells), list(masks))
        assert step is not None and step.technique == name, name
        out[name] = step
    return out


@pytest.fixture(autouse=True)
def english_after():
    yield
    solver.set_language("en")


def _words(step, lang):
    """(message, hint, chain text) of ``step`` in ``lang``."""
    solver.set_language(lang)
    try:
        chain = step.chain.text() if step.chain is not None else ""
        return solver.describe(step.text, lang), solver.describe(step.hint, lang), chain
    finally:
        solver.set_language("en")


def test_the_positions_cover_every_family_of_these_modules(steps):
    from solver.techniques import als, chains, forcing, uniqueness
    families = {t.name for m in (chains, uniqueness, forcing) for t in m.TECHNIQUES}
    families |= {t.name for t in (als.ALS_XZ, als.ALS_XY_WING, als.DEATH_BLOSSOM, als.SUE_DE_COQ,
                                  als.ALS_CHAIN)}
    assert families == set(steps)


@pytest.mark.parametrize("lang", sorted(NOTATION))
def test_every_family_reads_in_the_language_with_its_cell_names(steps, lang):
    assert solver.cell_text((2, 6), lang) == NOTATION[lang].format(3, 7)
    for name, step in steps.items():
        english = (step.message, step.unit_hint, step.chain.text() if step.chain else "")
        text, hint, chain = _words(step, lang)
        assert text != english[0] and hint != english[1], (name, text, hint)
        for words in (text, hint, chain):
            assert "{" not in words and "}" not in words, (name, words)
            assert not ENGLISH_CELL.search(words), (name, words)
        # every cell the conclusion changes is named in the message, the language's way
        for r, c in step.targets:
            assert NOTATION[lang].format(r + 1, c + 1) in text, (name, text)
        if step.chain is not None and step.chain.links:
            assert chain.count("=") == sum(1 for *_, k in step.chain.links if k == "strong")
        if step.chain is not None and step.chain.branches:
            assert chain != english[2] and " ⇒ " in chain


def _tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


@pytest.fixture
def pseudo_german(tmp_path):
    """Every engine message "translated" as ⟦its English⟧, cells as ⟦Z3S7⟧ (a German catalogue
    in ``tmp_path``): any word outside ⟦ ⟧ was glued on outside a template, and an r3c7 left
    was named outside the ``cell`` kind."""
    entries = [header("de", "solver")]
    for e in _tool().solver_entries():
        forms = [e.msgid, e.plural] if e.plural else [e.msgid]
        if e.context == "cell":
            forms = ["Z{row}S{col}"]
        elif e.context == "chain_group_node":  # a grouped node: 4r1c23 -> 4Z1S23
            forms = ["{d}Z{rows}S{cols}"]
        entries.append(Entry(e.msgid, e.context, e.plural, [f"⟦{s}⟧" for s in forms]))
    (tmp_path / "de.po").write_text(write_po(entries), encoding="utf-8")
    add_domain("solver", tmp_path)
    try:
        yield
    finally:
        add_domain("solver", ROOT / "solver" / "locale")


def _outside(text: str) -> str:
    """The letters of ``text`` outside every ⟦ ⟧ pair."""
    depth, out = 0, []
    for ch in text:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth -= 1
            assert depth >= 0, text
        elif depth == 0 and ch.isalpha():
            out.append(ch)
    assert depth == 0, text
    return "".join(out)


def test_every_word_of_these_steps_comes_from_a_template(steps, pseudo_german):
    for name, step in steps.items():
        text, hint, chain = _words(step, "de")
        assert text and hint
        for words in (text, hint, chain):
            assert _outside(words) == "", (name, words)
            assert not ENGLISH_CELL.search(words), (name, words)
        for r, c in step.targets:
            assert f"⟦Z{r + 1}S{c + 1}⟧" in text, (name, text)
