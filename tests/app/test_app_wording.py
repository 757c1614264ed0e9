"""The app's numbers, times and estimates in words (app/wording.py), and the demo's record of undone digits.

English stays exactly as it was before the translation work; the other languages get their own
separators and plural forms (a small catalogue written here stands in for app/locale).
"""
from __future__ import annotations

from pathlib import Path

import pytest

import solver
from app import wording
from app.features.demo.run import DemoRun

APP_LOCALE = Path(wording.__file__).resolve().parent / "locale"


@pytest.fixture
def english():
    solver.set_language("en")
    yield
    solver.set_language("en")


@pytest.fixture
def german_catalogue(tmp_path):
    """A German app catalogue with the estimate's words (the real one lives in app/locale)."""
    (tmp_path / "de.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "{x} million"\nmsgid_plural "{x} million"\nmsgstr[0] "{x} Million"\nmsgstr[1] "{x} Millionen"\n\n'
        'msgid "{x} billion"\nmsgid_plural "{x} billion"\nmsgstr[0] "{x} Milliarde"\nmsgstr[1] "{x} Milliarden"\n\n'
        'msgid "{n:n} minute"\nmsgid_plural "{n:n} minutes"\nmsgstr[0] "{n:n} Minute"\nmsgstr[1] "{n:n} Minuten"\n',
        encoding="utf-8")
    solver.add_domain("app", tmp_path)
    solver.set_language("de")
    yield
    solver.set_language("en")
    solver.add_domain("app", APP_LOCALE)


def test_english_times_counts_and_speeds_read_as_before(english):
    # the same words as before, each number joined to its unit by a non-breaking space (issue 29)
    def spaced(texts):
        return [t.replace("\u00a0", " ") for t in texts]

    assert spaced(wording.format_seconds(s) for s in (0.0004, 0.0042, 0.5, 2.5)) == [
        "under 1 ms", "4 ms", "500 ms", "2.50 s"]
    assert spaced(wording.describe_seconds(s) for s in (None, 0.48, 3.21)) == ["watched", "480 ms", "3.2 s"]
    assert spaced(wording.describe_duration(s) for s in (0.2, 1, 40, 200, 7300, 5 * 86400)) == [
        "1 second", "1 second", "40 seconds", "3 minutes", "2 hours", "5 days"]
    assert spaced(wording.describe_speed(s) for s in (None, 1.2, 10, 99.4, 1234)) == [
        "full speed", "1 step/s", "10 steps/s", "99 steps/s", "1,230 steps/s"]
    assert spaced(wording.describe_elapsed(s, p) for s, p in ((0.44, 1), (12.5, 0))) == ["0.4 s", "12 s"]
    assert wording.format_count(1234567) == "1,234,567"
    assert wording.cells_text([(0, 0), (4, 5)]) == "r1c1, r5c6"
    assert [wording.format_estimate(n) for n in (0, 1_000_000, 1_050_000, 9_960_000, 450e9)] == [
        "≈ 0", "≈ 1 million", "≈ 1 million", "≈ 10 million", "≈ 450 billion"]
    assert wording.what_is("X-Wing") == "What is an X-Wing?" and wording.what_is("Naked Pair") == "What is a Naked Pair?"
    assert wording.level_name("guessing") == "Needs guessing"


def test_numbers_and_times_follow_the_language(english):
    solver.set_language("de")
    try:
        assert wording.format_count(1234567) == "1.234.567"
        assert wording.format_seconds(2.5) == "2,50\u00a0s"
        assert wording.describe_seconds(3.21) == "3,2\u00a0s"
        assert wording.format_estimate(450_123) == "≈ 450.000"
        solver.set_language("fr")
        assert wording.format_count(1234567) == "1\u202f234\u202f567"
    finally:
        solver.set_language("en")


def test_estimates_and_durations_take_the_languages_plural_forms(german_catalogue):
    assert wording.format_estimate(69_175_316) == "≈ 69 Millionen"
    assert wording.format_estimate(1_000_000) == "≈ 1 Million"
    assert wording.format_estimate(1_314_330_447) == "≈ 1,3 Milliarden"
    assert wording.estimate_words(450e9) == "450 Milliarden"
    assert wording.describe_duration(200) == "3\u00a0Minuten"


@pytest.mark.parametrize("lang", solver.LANGUAGES)
def test_a_number_and_its_unit_never_break_apart_in_any_language(english, lang):
    # issue 29: French broke "15 ms" across two lines
    import re

    solver.set_language(lang)
    texts = [wording.format_seconds(s) for s in (0.0004, 0.015, 2.5)]
    texts += [wording.describe_seconds(s) for s in (0.015, 3.21)]
    texts += [wording.describe_elapsed(s, p) for s, p in ((0.44, 1), (12.5, 0))]
    texts += [wording.describe_duration(s) for s in (1, 40, 200, 7300, 5 * 86400)]
    texts += [wording.describe_speed(s) for s in (1.2, 10, 1234)]
    texts += [wording.say("Solved in {t:seconds}.", t=0.015)]
    for text in texts:
        assert "\u00a0" in text and not re.search(r"\d\s(?<!\u00a0)(?<!\u202f)", text), repr(text)


@pytest.mark.parametrize("key, order", [("hard", "propagation"), ("hard", "fewest-candidates")])
def test_the_demo_knows_a_deduced_digits_undo_without_reading_the_engines_words(english, key, order):
    g = solver.parse(solver.example(key).line)
    run = DemoRun(g, order, history=400)
    replay = DemoRun(g, order, history=400)
    kinds_at = {}
    undos = deduced = 0
    for _ in range(1500):
        if run.at_end:
            break
        run.forward(1)
        replay.forward(1)
        kinds_at[replay.pos] = list(replay.kinds)
        e = run.event
        if e.kind == "undo":
            undos += 1
            deduced += run.undid_deduced()
            assert run.undid_deduced() == ("(deduced)" in e.message), e.message
        else:
            assert not run.undid_deduced()
    assert undos
    if order == "propagation":
        assert deduced  # its undos take back forced digits too
    while run.back():  # Step back gives every cell the kind it had on the way forward
        assert run.kinds == kinds_at.get(run.pos, run.kinds)
    assert run.pos == run.earliest
