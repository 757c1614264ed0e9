"""Check a hand-entered puzzle and explain what is wrong with it, in plain words.

``validate`` finds rule conflicts (a digit twice in a row, column or box).
``diagnose`` runs the checks a teacher would, in this order, and stops early
only for conflicts:

1. duplicates (status ``"invalid"``, nothing else is checked);
2. fewer than 17 givens (no such Sudoku has a unique solution);
3. two or more digits that never appear (they could be swapped);
4. a contradiction that singles propagation reaches: a cell with no
   possible digit (``"dead_cell"``) or a digit with no place left in a row,
   column or box (``"no_place"``);
5. no solution: which givens, removed alone, make it solvable (suspects);
6. several solutions: two of them, the cells where they differ, and one
   added clue that makes the puzzle unique (verified by counting);
7. otherwise the unique solution.

``check_entries`` checks a student's digits on top of the givens.

Every call is bounded: the searches for suspects and for a suggested clue
run under a time budget and report what they found when it runs out; the
cancel token (any object with ``is_set()``) is honoured throughout and
raises :class:`solver.Cancelled`.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Optional

from .cancel import Cancelled, check
from .candidates import candidate_masks, mask_digits
from .grid import DIGITS, PEERS, Grid, Unit, cell_label, cell_name, cell_of, conflicts, index
from .search import (
    count_solutions, find_contradiction, find_solutions, solution_digits, solve_excluding,
)
from .words import capitalized, join

__all__ = [
    "Conflict", "Finding", "Diagnosis", "EntryCheck",
    "validate", "diagnose", "check_entries",
]

MIN_CLUES = 17  # no proper Sudoku with 16 clues exists (McGuire et al., 2012)
_SUSPECT_BUDGET = 0.5  # seconds for the "which given is wrong" search
_CLUE_BUDGET = 0.3  # seconds for the "which clue makes it unique" search
_ENUMERATE = 1000  # solutions enumerated to find that clue (at most about 50 ms)

_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine"}


# -- conflicts ----------------------------------------------------------------

@dataclass(frozen=True)
class Conflict:
    """One digit more than once in one unit; ``cells`` are all its cells there."""

    digit: int
    unit: Unit
    cells: tuple

    @property
    def message(self) -> str:
        """E.g. ``"Row 3 has two 5s: r3c2 and r3c7"``."""
        n = len(self.cells)
        names = join([cell_name(c) for c in self.cells])
        return f"{capitalized(self.unit.name)} has {_COUNT_WORDS.get(n, str(n))} {self.digit}s: {names}"

    def __str__(self) -> str:
        return self.message


def validate(g: Grid) -> list[Conflict]:
    """Every duplicate digit per unit (rows, then columns, then boxes); [] when none."""
    return [Conflict(d, Unit.from_number(u), tuple(cell_of(i) for i in idx))
            for u, d, idx in conflicts(g.cells)]


# -- diagnosis ------------------------------------------------------------------

@dataclass(frozen=True)
class Finding:
    """One thing ``diagnose`` found: ``kind`` (see module doc), a sentence, cells to highlight."""

    kind: str
    message: str
    cells: tuple = ()


@dataclass
class Diagnosis:
    """The outcome of :func:`diagnose`.

    ``status``: ``"unique" | "multiple" | "no_solution" | "invalid"``;
    ``findings`` in the order checked; ``solutions``: up to two solved grids;
    ``suspects``: givens whose removal alone makes the puzzle solvable (reading
    order); ``suggested_clue``: ``((row, col), digit)`` that makes a puzzle
    with several solutions unique, or None; ``differing``: cells where the two
    solutions differ; ``conflicts``: rule conflicts (status ``"invalid"``).
    """

    status: str
    findings: list = field(default_factory=list)
    solutions: list = field(default_factory=list)
    suspects: list = field(default_factory=list)
    suggested_clue: Optional[tuple] = None
    differing: list = field(default_factory=list)
    conflicts: list = field(default_factory=list)

    @property
    def solution(self) -> Optional[Grid]:
        """The solution when it is unique, else None."""
        return self.solutions[0] if self.status == "unique" and self.solutions else None

    @property
    def summary(self) -> str:
        """One line for a status bar."""
        if self.status == "invalid":
            n = len(self.conflicts)
            head = "1 rule conflict" if n == 1 else f"{n} rule conflicts"
            return f"{head}: {self.conflicts[0].message}" if n else "Rule conflicts"
        if self.status == "unique":
            return "Unique solution ✓"
        if self.status == "multiple":
            text = f"More than one solution (they differ in {len(self.differing)} cells)"
            if self.suggested_clue is not None:
                cell, digit = self.suggested_clue
                text += f"; adding {cell_name(cell)} = {digit} makes it unique"
            return text
        if self.suspects:
            names = join([f"{cell_name(c)}" for c in self.suspects[:3]])
            more = " or another given" if len(self.suspects) > 3 else ""
            return f"No solution: check {names}{more}"
        return "No solution"


class _Budget:
    """A cancel token that is set when the caller's token is, or when time runs out."""

    def __init__(self, cancel, seconds: float):
        self.cancel = cancel
        self.end = time.monotonic() + seconds

    def is_set(self) -> bool:
        if self.cancel is not None and self.cancel.is_set():
            return True
        return time.monotonic() > self.end

    def reraise_if_cancelled(self) -> None:
        """Inside ``except Cancelled``: re-raise when the caller cancelled (not just time)."""
        check(self.cancel, "diagnosis cancelled")


def _contradiction_finding(c) -> Finding:
    """A Finding for a :class:`solver.search.Contradiction`."""
    prefix = ""
    if c.placed:
        shown = ", ".join(f"{cell_name(cell)} = {d}" for cell, d in c.placed[:4])
        if len(c.placed) > 4:
            shown += ", …"
        n = len(c.placed)
        prefix = (f"Once the {n} digit{'s' if n > 1 else ''} the givens force "
                  f"{'are' if n > 1 else 'is'} filled in ({shown}), ")
    if c.kind == "dead_cell":
        cells = c.grid.cells
        i = index(*c.cell)
        holders = []
        for d in DIGITS:
            for p in PEERS[i]:
                if cells[p] == d:
                    holders.append(cell_of(p))
                    break
        text = (f"{cell_label(c.cell)} has no possible digit: its row, column and box "
                f"already hold {join([str(d) for d in DIGITS])}.")
        return Finding("dead_cell", prefix + text if prefix else text, (c.cell,) + tuple(holders))
    text = (f"{c.digit} has no place left in {c.unit.name}: every blank cell there already "
            f"sees a {c.digit} in its row, column or box.")
    return Finding("no_place", prefix + text if prefix else capitalized(text), c.unit.cells)


def _find_suspects(g: Grid, cancel) -> tuple[list, dict, bool]:
    """Givens whose removal alone makes ``g`` solvable, their solution digit, and
    whether the search ran to the end (False: the time budget ran out)."""
    budget = _Budget(cancel, _SUSPECT_BUDGET)
    suspects = []
    digit_there = {}
    for cell in g.filled():
        try:
            s = solve_excluding(g, cell, g[cell], cancel=budget)
        except Cancelled:
            budget.reraise_if_cancelled()
            return suspects, digit_there, False
        if s is not None:
            suspects.append(cell)
            digit_there[cell] = s[cell]
    return suspects, digit_there, True


def _suggest_clue(g: Grid, solutions: list, cancel) -> tuple[Optional[tuple], str]:
    """One clue that makes ``g`` (with >= 2 solutions) unique, verified, and a note.

    A clue ``(cell, d)`` makes the puzzle unique exactly when one solution
    alone has ``d`` at ``cell``.  So: enumerate up to ``_ENUMERATE``
    solutions (cheap: tens of microseconds each) and count, per blank cell,
    how often each digit appears there.  If that was all of them, a digit
    seen once is the answer (preferring the first solution's digits, then
    reading order) and "none seen once" proves no single clue exists.  If
    there are more solutions, digits seen once, then digits never seen, are
    tried by counting, within a time budget.  Every suggestion is verified
    by counting to 1.  Returns (None, reason) when there is none or none was
    found in time.
    """
    missing = [d for d in DIGITS if d not in g.cells]
    if g.clue_count + 1 < MIN_CLUES:
        return None, (f"No single added clue can make it unique: a unique puzzle needs at "
                      f"least {MIN_CLUES} givens and this one has {g.clue_count}.")
    if len(missing) >= 3:
        return None, ("No single added clue can make it unique: with three or more digits "
                      "missing, two of them would still be interchangeable.")
    budget = _Budget(cancel, _CLUE_BUDGET)
    first = solutions[0].cells
    try:
        sols = solution_digits(g, _ENUMERATE, cancel=budget)
    except Cancelled:
        budget.reraise_if_cancelled()
        sols = [s.cells for s in solutions]
    complete = len(sols) < _ENUMERATE
    columns = list(zip(*sols))
    blanks = [i for i, d in enumerate(g.cells) if not d]
    seen_once, never_seen = [], []
    masks = candidate_masks(g.cells)
    for i in blanks:
        counts = Counter(columns[i])
        for d, n in counts.items():
            if n == 1:
                seen_once.append((d != first[i], i, d))
        if not complete:
            never_seen.extend((False, i, d) for d in mask_digits(masks[i]) if d not in counts)
    seen_once.sort()
    if complete and not seen_once:
        return None, (f"No single added clue makes it unique: in each blank cell, every digit "
                      f"of its {len(sols)} solutions appears in at least two of them.")
    try:
        for _, i, d in seen_once + never_seen:
            cell = cell_of(i)
            if count_solutions(g.with_digit(cell, d), 2, cancel=budget) == 1:
                return (cell, d), f"Adding {cell_name(cell)} = {d} makes it unique."
    except Cancelled:
        budget.reraise_if_cancelled()
    return None, ("No single clue that makes it unique was found in the time allowed "
                  f"(it has at least {len(sols)} solutions).")


def diagnose(g: Grid, *, cancel=None) -> Diagnosis:
    """Check ``g`` as a puzzle and explain the outcome (see module doc); never hangs.

    Raises :class:`solver.Cancelled` when ``cancel.is_set()``.
    """
    check(cancel, "diagnosis cancelled")
    found = validate(g)
    if found:
        return Diagnosis(
            "invalid",
            findings=[Finding("duplicate", c.message, c.cells) for c in found],
            conflicts=found,
        )
    findings = []
    clues = g.clue_count
    if clues < MIN_CLUES:
        findings.append(Finding(
            "too_few_clues",
            (f"Only {clues} given{'s' if clues != 1 else ''}" if clues else "The grid is empty")
            + f": a Sudoku needs at least {MIN_CLUES} givens to have a unique solution, "
            "so this one cannot be unique.",
        ))
    missing = [d for d in DIGITS if d not in g.cells]
    if len(missing) >= 2:
        them = "they" if len(missing) == 2 else "any two of them"
        findings.append(Finding(
            "missing_digits",
            f"Digits {join([str(d) for d in missing])} never appear: {them} could be "
            f"swapped in any solution, so the puzzle cannot have a unique solution.",
        ))
    contradiction = find_contradiction(g, cancel=cancel)
    if contradiction is not None:
        findings.append(_contradiction_finding(contradiction))
        solutions = []
    else:
        solutions = find_solutions(g, 2, cancel=cancel)

    if not solutions:
        suspects, digit_there, complete = _find_suspects(g, cancel)
        if suspects:
            text = "The puzzle has no solution, although no rule is broken yet."
        elif complete:
            text = ("The puzzle has no solution, and removing any single given does not "
                    "help: more than one given must be wrong.")
        else:
            text = "The puzzle has no solution (the search for a mistyped given ran out of time)."
        findings.append(Finding("no_solution", text, tuple(suspects)))
        for cell in suspects:
            findings.append(Finding(
                "suspect",
                f"Did you mistype {cell_name(cell)} = {g[cell]}? Without it the puzzle "
                f"is solvable, with {digit_there[cell]} there.",
                (cell,),
            ))
        return Diagnosis("no_solution", findings, suspects=suspects)

    if len(solutions) == 1:
        findings.append(Finding("unique", "Unique solution ✓"))
        return Diagnosis("unique", findings, solutions=solutions)

    s1, s2 = solutions
    differing = [c for c in g.blanks() if s1[c] != s2[c]]
    clue, note = _suggest_clue(g, solutions, cancel)
    shown = ", ".join(cell_name(c) for c in differing[:8]) + (", …" if len(differing) > 8 else "")
    findings.append(Finding(
        "multiple",
        f"The puzzle has more than one solution: two of them differ in "
        f"{len(differing)} cells ({shown}). {note}",
        tuple(differing),
    ))
    return Diagnosis("multiple", findings, solutions=solutions,
                     suggested_clue=clue, differing=differing)


# -- a student's entries ----------------------------------------------------------

@dataclass
class EntryCheck:
    """The outcome of :func:`check_entries`.

    ``status``: ``"ok" | "wrong" | "conflicts" | "unsolvable"``; ``conflicts``
    among givens plus entries; ``wrong``: entries that differ from the unique
    solution (reading order); ``diagnosis`` of the givens when they are not
    uniquely solvable; ``entry_count``: how many entries were checked.
    """

    status: str
    conflicts: list = field(default_factory=list)
    wrong: list = field(default_factory=list)
    diagnosis: Optional[Diagnosis] = None
    entry_count: int = 0
    complete: bool = False

    @property
    def wrong_count(self) -> int:
        return len(self.wrong)

    @property
    def message(self) -> str:
        """One sentence for the student."""
        if self.status == "conflicts":
            n = len(self.conflicts)
            if n == 1:
                return f"Rule conflict: {self.conflicts[0].message}"
            return f"{n} rule conflicts, e.g. {self.conflicts[0].message}"
        if self.status == "unsolvable":
            reason = self.diagnosis.summary if self.diagnosis else ""
            return f"The puzzle itself has no unique solution, so entries cannot be checked: {reason}"
        if self.status == "wrong":
            n = self.wrong_count
            return f"{n} of your entries {'is' if n == 1 else 'are'} wrong"
        if self.entry_count == 0:
            return "You have not entered any digits yet"
        if self.complete:
            return f"Solved! All {self.entry_count} of your entries are correct"
        if self.entry_count == 1:
            return "Your entry is correct so far"
        return f"All {self.entry_count} of your entries are correct so far"


def check_entries(givens: Grid, entries: Grid, *, cancel=None) -> EntryCheck:
    """Check a student's digits (``entries``, 0 elsewhere) against the givens' solution.

    Rule conflicts among givens plus entries come first (``"conflicts"``);
    then, if the givens are not uniquely solvable, ``"unsolvable"`` with their
    diagnosis; else ``"wrong"`` listing entries that differ from the solution,
    or ``"ok"``.  Givens are authoritative: an entry in a given's cell is
    ignored.  Raises :class:`solver.Cancelled` when cancelled.
    """
    g = givens.cells
    e = [0 if g[i] else d for i, d in enumerate(entries.cells)]
    combined = Grid(gd or ed for gd, ed in zip(g, e))
    entry_count = sum(1 for d in e if d)
    found = validate(combined)
    if found:
        return EntryCheck("conflicts", conflicts=found, entry_count=entry_count)
    diagnosis = diagnose(givens, cancel=cancel)
    if diagnosis.status != "unique":
        return EntryCheck("unsolvable", diagnosis=diagnosis, entry_count=entry_count)
    solution = diagnosis.solution.cells
    wrong = [cell_of(i) for i, d in enumerate(e) if d and d != solution[i]]
    status = "wrong" if wrong else "ok"
    return EntryCheck(status, wrong=wrong, diagnosis=None, entry_count=entry_count,
                      complete=combined.is_complete())
