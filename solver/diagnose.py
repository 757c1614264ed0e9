"""Check a hand-entered puzzle and explain what is wrong with it, in plain words.

``validate`` finds rule conflicts (a digit twice in a row, column or box).
``diagnose`` runs the checks a teacher would, in this order, and stops early
only for conflicts:

1. duplicates (status ``"invalid"``; only the slip search below follows);
2. fewer than 17 givens (no such Sudoku has a unique solution);
3. two or more digits that never appear (they could be swapped);
4. a contradiction that singles propagation reaches: a cell with no
   possible digit (``"dead_cell"``) or a digit with no place left in a row,
   column or box (``"no_place"``);
5. no solution: the slip that explains it (below);
6. several solutions: two of them, the cells where they differ, one added
   clue that makes the puzzle unique (verified by counting), and the slip;
7. otherwise the unique solution.

Whenever the grid does not have exactly one solution, :func:`solver.typos.find_typos`
searches the slips made when copying a published puzzle (a wrong digit, a given one
cell off, two swapped, one left out, an extra one, then pairs) and ranks the fixes:
``explanations`` best first, ``suspects`` the cells they name in that order, and one
``"typo"`` finding each for the best few.

``check_entries`` checks a student's digits on top of the givens.

Every call is bounded: the slip search and the search for a suggested clue
run under a time budget and report what they found when it runs out; the
cancel token (any object with ``is_set()``) is honoured throughout and
raises :class:`solver.Cancelled`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Optional

from .cancel import Cancelled, Deadline, check
from .candidates import candidate_masks, mask_digits
from .grid import DIGITS, PEERS, Grid, Unit, cell_label, cell_name, cell_of, conflicts, index
from .search import count_solutions, find_contradiction, find_solutions, solution_digits
from .typos import TypoSearch, find_typos, short_fix
from .words import capitalized, join

__all__ = [
    "Conflict", "Finding", "Diagnosis", "EntryCheck",
    "validate", "diagnose", "check_entries",
]

MIN_CLUES = 17  # no proper Sudoku with 16 clues exists (McGuire et al., 2012)
TYPO_FINDINGS = 5  # explanations shown as findings
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
    ``suspects``: the cells the slip search names, likeliest first;
    ``explanations``: its ranked :class:`solver.typos.Explanation` list (each with its
    edits as data, the fixed grid and a sentence); ``fix_confident``: the first one is
    clearly likelier than any fix leading to another solution; ``suggested_clue``: ``((row, col), digit)`` that makes a puzzle
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
    explanations: list = field(default_factory=list)
    fix_confident: bool = False

    @property
    def best_fix(self):
        """The likeliest explanation (a :class:`solver.typos.Explanation`), or None."""
        return self.explanations[0] if self.explanations else None

    @property
    def solution(self) -> Optional[Grid]:
        """The solution when it is unique, else None."""
        return self.solutions[0] if self.status == "unique" and self.solutions else None

    @property
    def summary(self) -> str:
        """One line for a status bar."""
        if self.status == "unique":
            return "Unique solution ✓"
        if self.status == "invalid":
            n = len(self.conflicts)
            head = "1 rule conflict" if n == 1 else f"{n} rule conflicts"
            text = f"{head}: {self.conflicts[0].message}" if n else "Rule conflicts"
        elif self.status == "multiple":
            text = f"More than one solution (they differ in {len(self.differing)} cells)"
            best = self.best_fix
            if best is not None and self.fix_confident and best.kind != "left_out":
                return text + self._fix_words()
            if self.suggested_clue is not None:
                cell, digit = self.suggested_clue
                text += f"; adding {cell_name(cell)} = {digit} makes it unique"
            return text
        else:
            text = "No solution"
        if self.best_fix is not None and self.best_fix.unique:
            return text + self._fix_words()
        if self.suspects:
            names = join([f"{cell_name(c)}" for c in self.suspects[:3]])
            more = " or another given" if len(self.suspects) > 3 else ""
            return f"{text}: check {names}{more}"
        return text

    def _fix_words(self) -> str:
        """"; likeliest fix: r5c9 7 → 1" (or "; one of these fixes: …" when unsure)."""
        if self.fix_confident:
            return f"; likeliest fix: {short_fix(self.best_fix)}"
        options = [short_fix(x) for x in self.explanations[:3] if x.unique]
        return "; possible fixes: " + " or ".join(options)


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


def _typo_findings(typos: TypoSearch) -> list:
    """One "typo" finding for each of the best few explanations."""
    return [Finding("typo", x.message, x.cells) for x in typos.explanations[:TYPO_FINDINGS]]


def _suspects(typos: TypoSearch) -> list:
    """The cells the explanations name, likeliest first, each once."""
    out = []
    for x in typos.explanations:
        for c in x.cells:
            if c not in out:
                out.append(c)
    return out


def _with_typos(d: "Diagnosis", typos: TypoSearch) -> "Diagnosis":
    d.explanations = list(typos.explanations)
    d.fix_confident = typos.confident
    d.suspects = _suspects(typos)
    d.findings.extend(_typo_findings(typos))
    return d


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
    budget = Deadline(cancel, _CLUE_BUDGET)
    first = solutions[0].cells
    try:
        sols = solution_digits(g, _ENUMERATE, cancel=budget)
    except Cancelled:
        budget.reraise_if_cancelled("diagnosis cancelled")
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
        budget.reraise_if_cancelled("diagnosis cancelled")
    return None, ("No single clue that makes it unique was found in the time allowed "
                  f"(it has at least {len(sols)} solutions).")


def diagnose(g: Grid, *, cancel=None) -> Diagnosis:
    """Check ``g`` as a puzzle and explain the outcome (see module doc); never hangs.

    Raises :class:`solver.Cancelled` when ``cancel.is_set()``.
    """
    check(cancel, "diagnosis cancelled")
    found = validate(g)
    if found:
        return _with_typos(Diagnosis(
            "invalid",
            findings=[Finding("duplicate", c.message, c.cells) for c in found],
            conflicts=found,
        ), find_typos(g, cancel=cancel))
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
        typos = find_typos(g, cancel=cancel)
        if any(x.unique for x in typos.explanations):
            text = "The puzzle has no solution, although no rule is broken yet."
        elif typos.explanations:
            text = ("The puzzle has no solution, and no single slip gives it exactly one: "
                    "the fixes below only make it solvable.")
        elif typos.complete:
            text = ("The puzzle has no solution, and no slip explains it (no wrong, moved, "
                    "swapped or extra digit, nor two wrong digits): more than that must be wrong.")
        else:
            text = ("The puzzle has no solution, and no single slip explains it (the search "
                    "for two slips ran out of time).")
        findings.append(Finding("no_solution", text, tuple(_suspects(typos)[:3])))
        return _with_typos(Diagnosis("no_solution", findings), typos)

    if len(solutions) == 1:
        findings.append(Finding("unique", "Unique solution ✓"))
        return Diagnosis("unique", findings, solutions=solutions)

    s1, s2 = solutions
    differing = [c for c in g.blanks() if s1[c] != s2[c]]
    typos = find_typos(g, cancel=cancel)
    # the slip search already verified the added givens it found: the likeliest is the clue
    back = next((x for x in typos.explanations if x.kind == "left_out" and x.unique), None)
    if back is not None:
        (cell,), (digit,) = back.edits[0].cells, back.edits[0].new
        clue, note = (cell, digit), f"Adding {cell_name(cell)} = {digit} makes it unique."
    else:
        clue, note = _suggest_clue(g, solutions, cancel)
    shown = ", ".join(cell_name(c) for c in differing[:8]) + (", …" if len(differing) > 8 else "")
    findings.append(Finding(
        "multiple",
        f"The puzzle has more than one solution: two of them differ in "
        f"{len(differing)} cells ({shown}). {note}",
        tuple(differing),
    ))
    d = Diagnosis("multiple", findings, solutions=solutions, suggested_clue=clue,
                  differing=differing)
    return _with_typos(d, typos)


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
