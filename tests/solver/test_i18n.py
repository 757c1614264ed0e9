"""The translations: complete catalogues, the .po/.mo rules, numbers, lists and languages.

The catalogues are the real ones (solver/locale, app/locale); tools/i18n.py is the same
code the developers run to extract and check them.
"""
from __future__ import annotations

import gettext
import importlib.util
import io
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import solver
from solver.words.catalog import Entry, compile_po, placeholders, read_po, write_po
from solver.words.i18n import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
i18n_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(i18n_tool)

LANGS = TRANSLATED  # every language but English


@pytest.fixture(autouse=True)
def english_after():
    yield
    solver.set_language("en")


@pytest.mark.parametrize("domain", ["solver", "app"])
@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_is_complete(domain, lang):
    """Every message of the code is translated, none fuzzy, and keeps its placeholders."""
    problems = i18n_tool.problems(domain, lang)
    assert not problems, f"{len(problems)} problems, e.g.\n" + "\n".join(problems[:15])


def test_the_extractors_find_the_messages_of_both_domains():
    engine = i18n_tool.solver_entries()
    app = i18n_tool.app_entries()
    codes = {e.context for e in engine}
    assert {"technique", "level", "cell", "unit"} <= codes
    assert len(engine) > 200 and len(app) > 300, (len(engine), len(app))
    # every engine template is a whole message with a code as its context
    assert all(e.context for e in engine)


@pytest.mark.parametrize("lang", LANGS)
def test_each_catalogue_reads_back_and_compiles_to_what_gettext_reads(lang):
    for folder in (ROOT / "solver" / "locale", ROOT / "app" / "locale"):
        path = folder / f"{lang}.po"
        entries = read_po(path.read_text(encoding="utf-8"), str(path))
        assert write_po(entries) == path.read_text(encoding="utf-8"), f"{path} is not in the tool's own layout"
        t = gettext.GNUTranslations(io.BytesIO(compile_po(entries)))
        plural_rule = entries[0].strings[0]
        assert f"Language: {lang}" in plural_rule
        for e in entries[1:]:
            if not e.translated:
                continue
            if e.plural is None:
                got = t.pgettext(e.context, e.msgid) if e.context else t.gettext(e.msgid)
                assert got == e.strings[0]
            else:
                one = t.npgettext(e.context, e.msgid, e.plural, 1) if e.context else t.ngettext(e.msgid, e.plural, 1)
                assert one == e.strings[0]


text = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"), max_size=40)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.none(), text), text.filter(bool), text, st.booleans()), max_size=6))
def test_po_files_round_trip_any_text(items):
    entries, seen = [], set()
    for context, msgid, translation, fuzzy in items:
        if (context, msgid) in seen:
            continue
        seen.add((context, msgid))
        entries.append(Entry(msgid, context=context, strings=[translation], flags={"fuzzy"} if fuzzy else set()))
    back = read_po(write_po(entries))
    assert [(e.context, e.msgid, e.strings, e.flags) for e in back] == \
        [(e.context, e.msgid, e.strings, e.flags) for e in entries]
    t = gettext.GNUTranslations(io.BytesIO(compile_po([Entry("", strings=["Content-Type: text/plain; charset=UTF-8\n"])] + back)))
    for e in back:
        want = e.strings[0] if e.translated else e.msgid
        got = t.pgettext(e.context, e.msgid) if e.context is not None else t.gettext(e.msgid)
        assert got == want


def test_a_damaged_po_file_is_refused_with_its_line():
    with pytest.raises(ValueError, match="line 2"):
        read_po('msgid "a"\nmsgstr "b\n')
    with pytest.raises(ValueError, match="line 1: unknown keyword"):
        read_po('msgfoo "a"\n')


def test_placeholders_are_the_named_fields():
    assert placeholders("{digit} in {cells:cells}, {{not}} {n:n}") == ["cells:cells", "digit", "n:n"]


@pytest.mark.parametrize("lang, big, decimal, small", [
    ("en", "1,465", "2.50", "999"), ("de", "1.465", "2,50", "999"),
    ("fr", "1\u202f465", "2,50", "999"), ("es", "1465", "2,50", "999"),
])
def test_numbers_follow_the_language(lang, big, decimal, small):
    assert solver.number(1465, lang) == big
    assert solver.decimal(2.5, 2, lang) == decimal
    assert solver.number(999, lang) == small
    assert solver.number(1_234_567, lang).count(solver.number(1465, "en")[1]) in (0, 2)


def test_spanish_groups_from_five_digits_and_negative_numbers_keep_their_sign():
    assert solver.number(14650, "es") == "14.650"
    assert solver.number(-1465, "de") == "-1.465"
    assert solver.decimal(-0.004, 2, "en") == "0.00"


@pytest.mark.parametrize("lang", sorted(solver.LANGUAGES))
def test_scores_are_grouped_and_cell_names_keep_their_case_at_a_sentences_start(lang):
    # issue 29: the score was "1,837" on the card and "1837" in the rating's sentences; a slip's
    # sentence began "R2c5: you typed…"
    for code in ("rating_level", "rating_summary", "rating_summary_stuck", "rating_summary_solved"):
        text = solver.describe(solver.msg(code, level="medium", score=1837, name="Pointing", givens=25, left=3), lang)
        assert solver.number(1837, lang) in text, text
    slip = solver.msg("typo_wrong_digit", cell=(1, 4), old=3, new=5)
    text = solver.describe(solver.msg("typo_unique", edits=slip), lang)
    assert text.startswith(solver.cell_text((1, 4), lang)), text
    word = solver.fill("{m:cap}", lang=lang, m=solver.msg("search_try", digit=1, cell=(0, 0)))
    assert word[0].isupper(), word  # an ordinary word still gets its capital
    for name in ("Naked Single", "Hidden Pair", "X-Wing"):  # a technique keeps its name after a colon too
        title = solver.translate(name, "technique", lang=lang)
        assert solver.fill("{m:clause}", lang=lang, m=f"{title}: …").startswith(title)


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_has_a_word_of_its_own_apart_from_the_help_menu(lang):
    # issue 29: Spanish said "Ayuda" for the Help menu and for the Hint tab
    import re

    solver.add_domain("app", ROOT / "app" / "locale")  # as app/wording.py does

    def app(text):
        return solver.translate(text, domain="app", lang=lang)

    help_word, hint_word = app("Help").lower(), app("Hint").lower()
    assert help_word != hint_word
    about_hints = [e for e in i18n_tool.app_entries() if re.search(r"\bhints?\b", e.msgid, re.I)]
    assert len(about_hints) > 20
    for e in about_hints:  # every message about a hint says the hint's word, never the help's
        text = solver.translate_plural(e.msgid, e.plural, 1, e.context, domain="app", lang=lang) if e.plural \
            else solver.translate(e.msgid, e.context, domain="app", lang=lang)
        assert help_word not in text.lower(), (e.msgid, text)
    if lang == "es":  # not "Pista": the Spanish catalogues call a given "pista"
        assert hint_word == "consejo" and app("Givens") == "Pistas"


def test_german_never_puts_a_bare_technique_name_where_an_article_is_needed():
    # issue 29: "Versuche Nackter Single", "Was ist Nackter Single?", "dort steckt Nackter Single".
    # A German sentence names a technique as a label ("Technik: Nackter Single", "Nackter Single:
    # …"), in quotes after a noun ("die Technik „Nackter Single“"), after an article, or in a
    # compound ("ein Franken-Swordfish").
    import re

    field = re.compile(r"\{\w+:technique\}")
    article = re.compile(r"\b(der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines)\s$")
    checked = 0
    for folder in (ROOT / "solver" / "locale", ROOT / "app" / "locale"):
        for e in read_po((folder / "de.po").read_text(encoding="utf-8"), "de.po"):
            for text in e.strings:
                for m in field.finditer(text):
                    before, after = text[:m.start()], text[m.end():]
                    checked += 1
                    assert (not before.strip() or before.endswith((": ", "„", "-")) or article.search(before)
                            or after.startswith(":")), (e.msgid, text)
    assert checked > 50
    solver.add_domain("app", ROOT / "app" / "locale")  # as app/wording.py does
    de = {m: solver.fill(solver.translate(m, domain="app", lang="de"), lang="de", name="Naked Single")
          for m in ("What is a {name:technique}?", "Try a {name:technique}",
                    "Hint: try a {name:technique}. Press H again to see where to look.",
                    "Hint: look at the highlighted cells for a {name:technique}. (H again: what follows.)")}
    assert de["What is a {name:technique}?"] == "Was ist die Technik „Nackter Single“?"
    assert de["Try a {name:technique}"] == "Technik: Nackter Single"
    assert all("Technik „Nackter Single“" in t for t in list(de.values())[2:]), de


def test_no_message_writes_a_unit_where_a_line_may_break_before_it():
    # issue 29: "15 ms" broke across two lines in French.  A number and its unit come from one
    # helper that joins them with a non-breaking space (solver.seconds, app/wording.py); no other
    # message writes a unit symbol after a field.
    import re

    helpers = {"under 1 ms", "{ms} ms", "{s} s", "{s:1} s", "{s:0} s", "{ms:0} ms"}
    unit = re.compile(r"(\}|\d)[ \t](ms|s)\b(?!\u2019)")
    for domain, entries in (("solver", i18n_tool.solver_entries()), ("app", i18n_tool.app_entries())):
        for e in entries:
            if e.msgid in helpers:
                continue
            assert not unit.search(e.msgid) and not unit.search(e.plural or ""), (domain, e.msgid)
    for lang in solver.LANGUAGES:
        for secs in (0.0004, 0.015, 2.5):
            text = solver.seconds(secs, lang)
            assert "\u00a0" in text and not re.search(r"\d[ \t]", text), (lang, text)


def test_french_keeps_a_no_break_space_before_its_high_punctuation():
    # A plain space before : ; ? ! » lets a line start with the mark (the lessons' captions did at
    # 1024x768); docs/translating.md asks for a no-break space, as most of fr.po already had.
    import re

    plain = re.compile(r" [:;?!\u00bb]|\u00ab ")
    checked = 0
    for folder in (ROOT / "solver" / "locale", ROOT / "app" / "locale"):
        for e in read_po((folder / "fr.po").read_text(encoding="utf-8"), "fr.po"):
            for text in e.strings:
                checked += bool(re.search("[\u00a0\u202f][:;?!]", text))
                assert not plain.search(text), (e.context, e.msgid, text)
                assert not re.search(r"\w'\w", text), (e.msgid, text)  # the apostrophe is ’, as everywhere else
    assert checked > 300


def test_the_spanish_lessons_name_a_digit_as_the_glossary_does():
    # docs/translating.md: a digit is "número" in Spanish, in the lessons as in the rest of the window.
    entries = read_po((ROOT / "app" / "locale" / "es.po").read_text(encoding="utf-8"), "es.po")
    lessons = [text for e in entries if e.context == "lesson" for text in e.strings]
    assert len(lessons) > 40 and sum("número" in t for t in lessons) > 10
    assert not [t for t in lessons if "dígito" in t.lower()]


@pytest.mark.parametrize("env, lang", [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANGUAGE": "fr:en", "LANG": "en_US.UTF-8"}, "fr"),
    ({"LC_ALL": "es_MX.UTF-8", "LANG": "de_DE.UTF-8"}, "es"), ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "it_IT.UTF-8"}, "en"), ({"LC_MESSAGES": "fr_CA"}, "fr"), ({"LANGUAGE": "pt:de"}, "de"),
])
def test_the_system_language_is_read_as_gettext_reads_it(env, lang):
    assert solver.system_language(env) == lang


def test_windows_locale_names_are_understood():
    from solver.words.i18n import normalize_language
    assert normalize_language("German_Germany") == "de"
    assert normalize_language("French_Canada") == "fr"
    assert normalize_language("Italian_Italy") is None


@pytest.mark.parametrize("lang", LANGS)
def test_lists_cells_units_and_plurals_are_worded_in_the_language(lang):
    names = {"de": ("Z3S7", "Zeile 3", "Block 5", " und "), "fr": ("L3C7", "ligne 3", "bloc 5", " et "),
             "es": ("F3C7", "fila 3", "caja 5", " y ")}[lang]
    assert solver.cell_text((2, 6), lang) == names[0]
    assert solver.unit_text(2, lang) == names[1]
    assert solver.unit_text(22, lang) == names[2]
    assert names[3] in solver.join_words(["a", "b"], lang)
    assert solver.seconds(2.5, lang).startswith("2,50")


def test_french_counts_zero_and_one_as_singular():
    one = solver.translate_plural("{n} cell", "{n} cells", 1, domain="solver", lang="fr")
    assert one == "{n} cell"  # not in the catalogue: the English singular, by the French rule
    t = gettext.GNUTranslations(io.BytesIO(compile_po([
        Entry("", strings=["Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n > 1);\n"]),
        Entry("{n} cell", plural="{n} cells", strings=["{n} case", "{n} cases"])])))
    assert [t.ngettext("{n} cell", "{n} cells", n) for n in (0, 1, 2)] == ["{n} case", "{n} case", "{n} cases"]


def test_describe_words_the_same_message_in_each_language_and_english_by_default():
    unit = solver.Unit("box", 3)
    m = solver.msg("dead_cell", cell=(0, 0), holders=((0, 1), (1, 0)))
    assert isinstance(m, solver.Msg) and m.code == "dead_cell"
    english = solver.describe(m)
    words = {lang: solver.describe(m, lang) for lang in LANGS}
    assert "r1c1" in english
    assert len(set(words.values()) | {english}) == 4, words
    solver.set_language("de")
    assert str(m) == words["de"]
    solver.set_language("en")
    assert str(m) == english
    assert unit.name == "box 4"


def test_the_package_build_compiles_the_catalogues(tmp_path):
    """setup.py's build step (what `pip install .` and `pip wheel .` run) puts a .mo beside each .po."""
    out = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    for lang in LANGS:
        for package in ("solver", "app"):
            assert (tmp_path / package / "locale" / f"{lang}.po").exists()
            mo = (tmp_path / package / "locale" / f"{lang}.mo").read_bytes()
            t = gettext.GNUTranslations(io.BytesIO(mo))
            assert t.info()["language"] == lang
        t = gettext.GNUTranslations(io.BytesIO((tmp_path / "solver" / "locale" / f"{lang}.mo").read_bytes()))
        assert t.pgettext("cell", "r{row}c{col}") != "r{row}c{col}"


def test_templates_parsed_once_word_every_message_as_the_full_formatter_does(monkeypatch):
    """solver.words.i18n words a message from its template parsed once (a batch words one message per
    bad line: 2x faster); on real messages of every kind (steps of a hard path with chains and
    forcing trees, diagnoses, search events, parse errors), in every language, it gives exactly
    what string.Formatter gives."""
    import itertools

    from conftest import load_lines
    from solver.words import i18n

    messages = []
    for line in load_lines("forum_hardest_sample200")[:2] + load_lines("top1465_sample200")[:2]:
        g = solver.parse(line)
        for step in solver.logical_path(g):
            messages += [step.text, step.hint, step.conclusion_msg]
        broken = list(line.replace(".", "0"))
        k = next(i for i, ch in enumerate(broken) if ch != "0")
        broken[k] = str(int(broken[k]) % 9 + 1)
        d = solver.diagnose(solver.parse("".join(broken)))
        messages += [d.summary_text] + [f.text for f in d.findings]
        messages += [e.text for e in itertools.islice(solver.backtrack_steps(g), 300)]
    try:
        solver.parse("12a" + "." * 78)
    except solver.ParseError as e:
        messages.append(e.why)
    messages = [m for m in messages if isinstance(m, solver.Msg)]
    assert len({m.code for m in messages}) > 25
    fast = {(m, lang): solver.describe(m, lang) for m in messages for lang in ("en", *LANGS)}
    monkeypatch.setattr(i18n, "_parsed", lambda text: None)  # every template through string.Formatter
    full = {(m, lang): solver.describe(m, lang) for m in messages for lang in ("en", *LANGS)}
    assert fast == full
