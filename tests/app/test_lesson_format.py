"""Lesson files (app/features/lessons/format.py): the parser, its errors, the built-in lessons.

Pure: no window.  The built-ins must parse, have 10-30 steps, and every ``run: technique``
step must show that technique: the hint from its position is that technique's step.
"""
from __future__ import annotations

import pytest

import solver
from app.features.lessons.format import LessonError, builtin_lessons, parse_lesson, read_lesson

GOOD = """title: A short lesson
# a comment
grid: tutorial
caption: The puzzle.

candidates: on
notes: r1c1=45 r1c2=129
caption: Its candidates,
caption: on two lines.
---
ask: Which cell is next?
answer: The next blank one.
run: demo 3 fewest-candidates speed 5
"""


def test_a_good_lesson_parses_into_its_steps():
    lesson = parse_lesson(GOOD, "good.lesson")
    assert lesson.title == "A short lesson" and len(lesson.steps) == 3
    first, second, third = lesson.steps
    assert first.grid == solver.example("tutorial").line.replace("0", ".") and first.line == 3
    assert second.grid == first.grid and second.candidates and second.caption == "Its candidates, on two lines."
    assert second.notes == (((0, 0), (4, 5)), ((0, 1), (1, 2, 9)))
    assert third.ask == "Which cell is next?" and third.answer == "The next blank one."
    assert (third.run.kind, third.run.n, third.run.arg, third.run.speed) == ("demo", 3, "fewest-candidates", 5.0)


@pytest.mark.parametrize("text, line, words", [
    ("caption: no title\n", 1, "title"),
    ("title: t\ncaption: no grid\n", 2, "grid"),
    ("title: t\ngrid: 123\ncaption: c\n", 2, "81 characters"),
    ("title: t\ngrid: easy\ncaption: c\nrun: dance\n", 4, "unknown run"),
    ("title: t\ngrid: easy\ncaption: c\nrun: demo many\n", 4, "whole number"),
    ("title: t\ngrid: easy\ncaption: c\nrun: technique Y-Wing\n", 4, "unknown technique"),
    ("title: t\ngrid: easy\ncaption: c\n\ngrid: easy\n", 5, "caption"),
    ("title: t\ngrid: easy\ncaption: c\nfoo bar\n", 4, "not a directive"),
    ("title: t\ngrid: easy\ncaption: c\nnotes: a1=3\n", 4, "r1c2=45"),
    ("title: t\ngrid: easy\ncaption: c\ncandidates: maybe\n", 4, "on or off"),
    ("title: t\ngrid: easy\ncaption: c\nanswer: a\n", 2, "ask"),
])
def test_an_error_names_the_file_the_line_and_what_is_wrong(text, line, words):
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, "my.lesson")
    assert caught.value.source == "my.lesson" and caught.value.line == line
    assert words in str(caught.value) and str(caught.value).startswith(f"my.lesson, line {line}: ")


def test_a_file_that_is_not_utf8_names_its_line(tmp_path):
    path = tmp_path / "latin.lesson"
    path.write_bytes("title: t\ngrid: easy\ncaption: Gr\xfc\xdfe\n".encode("latin-1"))
    with pytest.raises(LessonError) as caught:
        read_lesson(path)
    assert (caught.value.source, caught.value.line) == ("latin.lesson", 3)


def test_the_builtin_lessons_have_10_to_30_steps():
    lessons = builtin_lessons()
    assert [x.name for x in lessons] == ["computer", "people", "typo", "difficulty"]
    for lesson in lessons:
        assert 10 <= len(lesson.steps) <= 30, (lesson.name, len(lesson.steps))


def test_every_technique_step_shows_that_technique_on_its_position():
    checked = 0
    for lesson in builtin_lessons():
        for step in lesson.steps:
            if step.run is not None and step.run.kind == "technique":
                h = solver.hint(solver.parse(step.grid))
                assert h.step is not None and h.step.technique == step.run.arg, (lesson.name, step.line)
                checked += 1
    assert checked >= 10
