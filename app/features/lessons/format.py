"""Lesson files: plain UTF-8 text a teacher writes in a text editor (docs/lessons.md).

Pure (no Tk): :func:`parse_lesson` turns the text into a :class:`Lesson` or raises
:class:`LessonError` naming the file, the line and what is wrong.  The problems are
English templates marked with ``N_``; the app words them with ``say`` where it shows them.

    title: How a computer solves a Sudoku
    grid: tutorial
    caption: The computer tries 1, 2, 3 … in the first blank cell.
    run: demo 40
    ---
    ask: Which cell will the computer try next?
    answer: The next blank cell in reading order.
    run: demo 1

A block of directive lines is a step; blank lines or ``---`` lines separate the steps; the
first block holds ``title:``.  ``grid:`` carries over to the next steps until another one
is given; everything else belongs to its own step.  ``#`` starts a comment line.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import solver
from app.wording import N_

__all__ = ["Lesson", "LessonError", "LessonStep", "Run", "RUN_KINDS", "parse_lesson", "read_lesson",
           "builtin_lessons", "BUILTIN_DIR", "MAX_LESSON_BYTES", "MAX_STEPS"]

BUILTIN_DIR = Path(__file__).resolve().parent / "builtin"
MAX_LESSON_BYTES = 200_000  # a lesson is a page of text; anything larger is not one
MAX_STEPS = 200

#: run kinds -> (the words after the kind it takes, one line of help for the docs)
RUN_KINDS = {
    "demo": "demo N [row-major|fewest-candidates|propagation] [speed S]",
    "hint": "hint N (1-4)",
    "technique": "technique NAME",
    "estimate": "estimate",
    "count": "count",
    "compare": "compare",
    "check": "check",
    "typos": "typos",
    "fix": "fix",
    "card": "card",
}
DIRECTIVES = ("title", "grid", "entries", "notes", "candidates", "caption", "ask", "answer", "run")


@dataclass(frozen=True)
class Run:
    """What a step runs: ``kind`` (a key of RUN_KINDS), a count, an order or a technique, a speed."""
    kind: str
    n: int = 0
    arg: str = ""
    speed: float = 0.0  # demo steps a second; 0: shown at once


@dataclass(frozen=True)
class LessonStep:
    line: int  # where the step starts in its file (for messages)
    grid: str  # 81 characters, digits and dots (the givens)
    entries: str = ""  # 81 characters or "": digits the student placed
    notes: tuple = ()  # ((cell, digits), ...): the student's pencil marks
    candidates: bool = False
    caption: str = ""
    ask: str = ""  # a predict pause: the question; the answer (and the run) come on the next key
    answer: str = ""
    run: Run | None = None


@dataclass(frozen=True)
class Lesson:
    title: str
    steps: tuple[LessonStep, ...]
    source: str = ""  # the file's name, or "built-in NAME"
    name: str = ""  # the built-in's name (the file's stem)
    builtin: bool = False  # captions go through the catalogue


@dataclass
class LessonError(Exception):
    """A problem in a lesson file: ``what`` is an English template, ``data`` its fields."""
    source: str
    line: int
    what: str
    data: dict = field(default_factory=dict)

    def __str__(self) -> str:  # for logs and tests; people get app.wording.say(what, **data)
        return f"{self.source}, line {self.line}: {solver.fill(self.what, **self.data)}"


def _grid_line(value: str, source: str, line: int) -> str:
    """81 characters (digits, ``.`` or ``0`` for a blank; spaces ignored) or an example's key."""
    keys = [e.key for e in solver.EXAMPLES]
    if value in keys:
        value = solver.example(value).line
    text = "".join(value.split())
    if len(text) != 81 or any(ch not in "0123456789." for ch in text):
        raise LessonError(source, line, N_("a grid is 81 characters (digits, and . or 0 for a blank) or one of "
                                           "the examples {names}; this one is {n} characters"),
                          {"names": ", ".join(keys), "n": len(text)})
    return text.replace("0", ".")


def _notes(value: str, source: str, line: int) -> tuple:
    """``r1c2=45 r3c3=129``: the digits noted in each cell."""
    out = []
    for word in value.split():
        cell, _, digits = word.partition("=")
        ok = (len(cell) == 4 and cell[0] in "rR" and cell[2] in "cC" and cell[1] in "123456789"
              and cell[3] in "123456789" and digits and all(d in "123456789" for d in digits))
        if not ok:
            raise LessonError(source, line, N_("a note is written r1c2=45 (row, column, the digits); not {word}"),
                              {"word": word})
        out.append(((int(cell[1]) - 1, int(cell[3]) - 1), tuple(sorted({int(d) for d in digits}))))
    return tuple(out)


def _run(value: str, source: str, line: int) -> Run:
    words = value.split()
    kind = words[0].lower() if words else ""
    if kind not in RUN_KINDS:
        raise LessonError(source, line, N_("unknown run {what}: a step can run {kinds}"),
                          {"what": kind or "''", "kinds": ", ".join(RUN_KINDS)})
    rest = words[1:]

    def number(word: str, low: int, high: int) -> int:
        if not word.isdigit() or not low <= int(word) <= high:
            raise LessonError(source, line, N_("{word} should be a whole number from {low} to {high}"),
                              {"word": word, "low": low, "high": high})
        return int(word)

    def usage() -> LessonError:
        return LessonError(source, line, N_("write it as: run: {usage}"), {"usage": RUN_KINDS[kind]})

    if kind == "demo":
        if not rest:
            raise usage()
        n, order, speed = number(rest[0], 0, 100_000), "row-major", 0.0
        rest = rest[1:]
        if rest and rest[0] in solver.ORDERS:
            order, rest = rest[0], rest[1:]
        if len(rest) == 2 and rest[0] == "speed":
            speed, rest = float(number(rest[1], 1, 1000)), []
        if rest:
            raise usage()
        return Run(kind, n, order, speed)
    if kind == "hint":
        if len(rest) != 1:
            raise usage()
        return Run(kind, number(rest[0], 1, 4))
    if kind == "technique":
        name = " ".join(rest)
        names = {t.name.lower(): t.name for t in solver.TECHNIQUES}
        if name.lower() not in names:
            raise LessonError(source, line, N_("unknown technique {what}: see Teach ▸ Techniques… for their names"),
                              {"what": name or "''"})
        return Run(kind, arg=names[name.lower()])
    if rest:
        raise usage()
    return Run(kind)


def parse_lesson(text: str, source: str = "lesson", name: str = "", builtin: bool = False) -> Lesson:
    """The lesson in ``text``; raises :class:`LessonError` (``source``, line, what is wrong)."""
    blocks: list[list[tuple[int, str, str]]] = [[]]
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or set(line) == {"-"} and len(line) >= 3:
            if blocks[-1]:
                blocks.append([])
            continue
        if line.startswith("#"):
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if not colon or key not in DIRECTIVES:
            raise LessonError(source, number, N_("{line} is not a directive: a line starts with one of {keys} "
                                                 "and a colon"), {"line": repr(line[:40]), "keys": ", ".join(DIRECTIVES)})
        blocks[-1].append((number, key, value.strip()))
    blocks = [b for b in blocks if b]
    if not blocks or blocks[0][0][1] != "title":
        raise LessonError(source, blocks[0][0][0] if blocks else 1, N_("a lesson starts with its title: title: …"))
    header, title = blocks[0], blocks[0][0][2]
    if not title:
        raise LessonError(source, header[0][0], N_("the title is empty"))
    if len(header) > 1:  # the title's block may hold the first step too
        blocks[0] = header[1:]
    else:
        blocks = blocks[1:]
    steps: list[LessonStep] = []
    grid = ""
    for block in blocks:
        start = block[0][0]
        seen: dict[str, str] = {}
        values: dict = {}
        for number, key, value in block:
            if key == "title":
                raise LessonError(source, number, N_("a lesson has one title, in its first lines"))
            if key in seen and key not in ("caption", "answer"):
                raise LessonError(source, number, N_("{key}: is given twice in one step"), {"key": key})
            if key in ("caption", "answer") and key in seen:
                value = f"{seen[key]} {value}"  # long captions may go on over several lines
            seen[key] = value
            if not value:
                raise LessonError(source, number, N_("{key}: is empty"), {"key": key})
            if key == "grid":
                grid = _grid_line(value, source, number)
            elif key == "entries":
                values["entries"] = _grid_line(value, source, number)
            elif key == "notes":
                values["notes"] = _notes(value, source, number)
            elif key == "candidates":
                if value.lower() not in ("on", "off"):
                    raise LessonError(source, number, N_("candidates: is on or off"))
                values["candidates"] = value.lower() == "on"
            elif key == "run":
                values["run"] = _run(value, source, number)
            else:
                values[key] = value
        if not grid:
            raise LessonError(source, start, N_("the first step needs a grid: grid: …"))
        if not (values.get("caption") or values.get("ask")):
            raise LessonError(source, start, N_("every step needs a caption: (or an ask:)"))
        if "answer" in values and "ask" not in values:
            raise LessonError(source, start, N_("answer: belongs to a step with an ask:"))
        entries = values.get("entries", "")
        if entries and any(a != "." and b != "." for a, b in zip(grid, entries)):
            raise LessonError(source, start, N_("entries: may fill only the grid's blank cells"))
        steps.append(LessonStep(start, grid, **values))
    if not steps:
        raise LessonError(source, len(text.splitlines()) or 1, N_("the lesson has no steps"))
    if len(steps) > MAX_STEPS:
        raise LessonError(source, steps[MAX_STEPS].line, N_("a lesson has at most {n} steps"), {"n": MAX_STEPS})
    return Lesson(title, tuple(steps), source, name, builtin)


def read_lesson(path: str | Path) -> Lesson:
    """The lesson in the file at ``path``; LessonError (line 0) when it cannot be read as text."""
    p = Path(path)
    try:
        data = solver.read_bounded(p, MAX_LESSON_BYTES) if hasattr(solver, "read_bounded") else p.read_bytes()
    except (OSError, solver.FileRefused) as exc:
        raise LessonError(p.name, 0, N_("it cannot be read: {why}"), {"why": str(exc)}) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise LessonError(p.name, line, N_("this line is not UTF-8 text (save the file as UTF-8)")) from None
    return parse_lesson(text, p.name, p.stem)


def builtin_lessons() -> list[Lesson]:
    """The lessons shipped with the app, in their order (their files' names start 1-, 2-, …)."""
    out = []
    for path in sorted(BUILTIN_DIR.glob("*.lesson")):
        name = path.stem.split("-", 1)[-1]
        out.append(parse_lesson(path.read_text(encoding="utf-8"), f"built-in {name}", name, builtin=True))
    return out
