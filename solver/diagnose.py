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

Whenever the grid does not have exactly one solution, :func:`solver.typos.search.find_typos`
searches the slips made when copying a published puzzle (a wrong digit, a given one
cell off, two swapped, one left out, an extra one, then pairs) and ranks the fixes:
``explanations`` best first, ``suspects`` the cells they name in that order, and one
``"typo"`` finding each for the best few.

``check_entries`` checks a student's digits on top of the givens.

Every call is bounded: the slip search and the search for a suggested clue
run under a work budget (search positions, so the answer is the same on a busy
machine) and report what they found when it runs out; the
cancel token (any object with ``is_set()``) is honoured throughout and
raises :class:`solver.Cancelled`.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Optional

from .cancel import Cancelled, WorkBudget, check
from .candidates import candidate_masks, mask_digits
from .grid import DIGITS, MIN_GIVENS, PEERS, Grid, Unit, cell_of, conflicts, index
from .words.i18n import Msg, describe, msg
from .search import SearchStats, count_solutions, find_contradiction, find_solutions, solution_digits
from .typos.paper import paper_state, typos_of
from .typos.search import TypoSearch, short_fix_msg

__all__ = [
    "Conflict", "Finding", "Diagnosis", "EntryCheck",
    "validate", "diagnose", "check_entries",
]

TYPO_FINDINGS = 5  # explanations shown as findings
# work budget of the "which added given makes it unique" search, in search positions,
# so its answer does not depend on the machine's load; the CPU seconds are a safety net only
# (what the budgets cost: docs/benchmarks.md, Diagnosis budgets)
_ADD_GIVEN_NODES = 10_000
_ADD_GIVEN_SECONDS = 1.0
_ENUMERATE = 1000  # solutions enumerated to find that given (if that is all, "none" is proven)


def _either(options: list) -> Msg:
    """"a or b or c" of some messages (at least one)."""
    if len(options) == 1:
        return options[0]
    return msg("fix_either", first=options[0], rest=_either(options[1:]))


def _comma_list(items: list) -> Msg:
    """"a, b, c" of some messages (at least one)."""
    if len(items) == 1:
        return items[0]
    return msg("list_comma", first=items[0], rest=_comma_list(items[1:]))


# -- conflicts ----------------------------------------------------------------

@dataclass(frozen=True)
class Conflict:
    """One digit more than once in one unit; ``cells`` are all its cells there."""

    digit: int
    unit: Unit
    cells: tuple

    @property
    def text(self) -> Msg:
        """The conflict as a message (``conflict_row`` / ``_col`` / ``_box``)."""
        n = len(self.cells)
        times = msg(f"count_word_{n}") if 2 <= n <= 9 else n
        kind = self.unit.kind
        return msg(f"conflict_{kind}", **{kind: self.unit.index + 1}, times=times, digit=self.digit,
                   cells=tuple(self.cells))

    @property
    def message(self) -> str:
        """E.g. ``"Row 3 has two 5s: r3c2 and r3c7"`` (in the chosen language)."""
        return describe(self.text)

    def __str__(self) -> str:
        return self.message


def validate(g: Grid) -> list[Conflict]:
    """Every duplicate digit per unit (rows, then columns, then boxes); [] when none."""
    return [Conflict(d, Unit.from_number(u), tuple(cell_of(i) for i in idx))
            for u, d, idx in conflicts(g.cells)]


# -- diagnosis ------------------------------------------------------------------

@dataclass(frozen=True)
class Finding:
    """One thing ``diagnose`` found: ``kind`` (see module doc), its ``text`` (a message), cells to highlight.

    ``message`` words the text in the chosen language."""

    kind: str
    text: Msg | str
    cells: tuple = ()

    @property
    def message(self) -> str:
        return describe(self.text)


@dataclass
class Diagnosis:
    """The outcome of :func:`diagnose`.

    ``status``: ``"unique" | "multiple" | "no_solution" | "invalid"``;
    ``findings`` in the order checked; ``solutions``: up to two solved grids;
    ``suspects``: the cells the slip search names, likeliest first;
    ``explanations``: its ranked :class:`solver.typos.search.Explanation` list (each with its
    edits as data, the fixed grid and a sentence); ``fix_confident``: the first one holds at
    least 99 % of the likelihood, or the paper's ``answers`` (cell -> digit on paper, 0 for
    blank) settled it; ``settled``: the first fix's very grid holds 99 % (or the answers
    settled it): :func:`solver.paper_question` has nothing to ask (False: the fix is only
    likely, "unique if it matches your paper"); ``suggested_given``: ``((row, col), digit)`` that makes a puzzle
    with several solutions unique, or None; ``differing``: cells where the two
    solutions differ; ``conflicts``: rule conflicts (status ``"invalid"``).
    """

    status: str
    findings: list = field(default_factory=list)
    solutions: list = field(default_factory=list)
    suspects: list = field(default_factory=list)
    suggested_given: Optional[tuple] = None
    differing: list = field(default_factory=list)
    conflicts: list = field(default_factory=list)
    explanations: list = field(default_factory=list)
    fix_confident: bool = False
    settled: bool = False
    answers: dict = field(default_factory=dict)

    @property
    def best_fix(self):
        """The likeliest explanation (a :class:`solver.typos.search.Explanation`), or None."""
        return self.explanations[0] if self.explanations else None

    @property
    def solution(self) -> Optional[Grid]:
        """The solution when it is unique, else None."""
        return self.solutions[0] if self.status == "unique" and self.solutions else None

    @property
    def summary(self) -> str:
        """One line for a status bar (in the chosen language)."""
        return describe(self.summary_text)

    @property
    def summary_text(self) -> Msg:
        """:attr:`summary` as a message."""
        if self.status == "unique":
            return msg("summary_unique")
        if self.status == "invalid":
            n = len(self.conflicts)
            text = (msg("summary_conflicts", n=n, conflict=self.conflicts[0].text) if n
                    else msg("summary_conflicts_none"))
        elif self.status == "multiple":
            n = len(self.differing)
            best = self.best_fix
            if best is not None and self.fix_confident and best.kind != "left_out":
                return self._with_fix(msg("summary_multiple", n=n))
            if self.suggested_given is not None:
                cell, digit = self.suggested_given
                return msg("summary_multiple_given", n=n, cell=cell, digit=digit)
            return msg("summary_multiple", n=n)
        else:
            text = msg("summary_no_solution")
        if self.best_fix is not None and self.best_fix.unique:
            return self._with_fix(text)
        if self.suspects:
            code = "summary_check_more" if len(self.suspects) > 3 else "summary_check"
            return msg(code, head=text, cells=tuple(self.suspects[:3]))
        return text

    def _with_fix(self, head: Msg) -> Msg:
        """"…; likeliest fix: r5c9 7 → 1" (or "…; possible fixes: … or …" when unsure)."""
        if self.fix_confident:
            code = "summary_fix_paper" if self.answers else "summary_fix"
            return msg(code, head=head, fix=short_fix_msg(self.best_fix))
        options = [short_fix_msg(x) for x in self.explanations[:3] if x.unique]
        return msg("summary_fixes", head=head, fixes=_either(options))


def _contradiction_finding(c) -> Finding:
    """A Finding for a :class:`solver.search.Contradiction`."""
    if c.kind == "dead_cell":
        cells = c.grid.cells
        i = index(*c.cell)
        holders = []
        for d in DIGITS:
            for p in PEERS[i]:
                if cells[p] == d:
                    holders.append(cell_of(p))
                    break
        text = msg("dead_cell", cell=tuple(c.cell), holders=tuple(holders))
        return Finding("dead_cell", _after_forced(c, text), (c.cell,) + tuple(holders))
    text = msg("no_place", digit=c.digit, unit=c.unit)
    return Finding("no_place", _after_forced(c, text), c.unit.cells)


def _after_forced(c, finding: Msg) -> Msg:
    """``finding``, after the digits the givens force when there are some ("Once the 3 digits …, …")."""
    if not c.placed:
        return finding
    shown = [msg("placed_digit", cell=tuple(cell), digit=d) for cell, d in c.placed[:4]]
    placed = _comma_list(shown)
    if len(c.placed) > 4:
        placed = msg("list_more", items=placed)
    return msg("contradiction_after", n=len(c.placed), placed=placed, finding=finding)


def _typo_findings(typos: TypoSearch) -> list:
    """One "typo" finding for each of the best few explanations."""
    return [Finding("typo", x.text, x.cells) for x in typos.explanations[:TYPO_FINDINGS]]


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
    d.settled = typos.settled
    d.suspects = _suspects(typos)
    d.findings.extend(_typo_findings(typos))
    return d


def _with_answers(d: "Diagnosis", g: Grid, answers: dict, cancel) -> "Diagnosis":
    """``d`` with its explanations ranked by the paper's ``answers`` (solver.typos.paper)."""
    state = paper_state(g, answers, cancel=cancel)
    d.answers = dict(answers)
    d.explanations = [x for x in state.explanations if x.edits]
    d.fix_confident = d.settled = bool(d.explanations) and state.settled and d.explanations[0] is state.best
    typos = TypoSearch(state.status, d.explanations)
    d.suspects = _suspects(typos)
    d.findings = [f for f in d.findings if f.kind != "typo"] + _typo_findings(typos)
    return d


def _suggest_given(g: Grid, solutions: list, cancel) -> tuple[Optional[tuple], Msg]:
    """One clue that makes ``g`` (with >= 2 solutions) unique, verified, and a note.

    A clue ``(cell, d)`` makes the puzzle unique exactly when one solution
    alone has ``d`` at ``cell``.  So: enumerate up to ``_ENUMERATE``
    solutions (cheap: one search yields them in turn) and count, per blank cell,
    how often each digit appears there.  If that was all of them, a digit
    seen once is the answer (preferring the first solution's digits, then
    reading order) and "none seen once" proves no single clue exists.  If
    there are more solutions, digits seen once, then digits never seen, are
    tried by counting, within a work budget.  Every suggestion is verified
    by counting to 1.  Returns (None, reason) when there is none or none was
    found in time.
    """
    missing = [d for d in DIGITS if d not in g.cells]
    if g.filled_count + 1 < MIN_GIVENS:
        return None, msg("given_too_few", min=MIN_GIVENS, n=g.filled_count)
    if len(missing) >= 3:
        return None, msg("given_missing_digits")
    stats = SearchStats()
    budget = WorkBudget(cancel, _ADD_GIVEN_NODES, stats, _ADD_GIVEN_SECONDS)
    first = solutions[0].cells
    try:
        sols = solution_digits(g, _ENUMERATE, cancel=budget, stats=stats)
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
        return None, msg("given_none", n=len(sols))
    try:
        for _, i, d in seen_once + never_seen:
            cell = cell_of(i)
            if count_solutions(g.with_digit(cell, d), 2, cancel=budget, stats=stats) == 1:
                return (cell, d), msg("given_adds", cell=cell, digit=d)
    except Cancelled:
        budget.reraise_if_cancelled("diagnosis cancelled")
    return None, msg("given_not_found", n=len(sols))


def diagnose(g: Grid, *, cancel=None, answers=None) -> Diagnosis:
    """Check ``g`` as a puzzle and explain the outcome (see module doc); never hangs.

    ``answers`` maps cells ``(row, col)`` to the digit the paper shows there (0 for blank):
    the explanations are those the answers leave, likeliest first, the first the settled fix
    when :attr:`Diagnosis.settled` (see :func:`solver.paper_question`).
    Raises :class:`solver.Cancelled` when ``cancel.is_set()``.
    """
    d = _diagnose(g, cancel)
    return _with_answers(d, g, answers, cancel) if answers else d


def _diagnose(g: Grid, cancel) -> Diagnosis:
    check(cancel, "diagnosis cancelled")
    found = validate(g)
    if found:
        return _with_typos(Diagnosis(
            "invalid",
            findings=[Finding("duplicate", c.text, c.cells) for c in found],
            conflicts=found,
        ), typos_of(g, cancel=cancel))
    findings = []
    clues = g.filled_count
    if clues < MIN_GIVENS:
        findings.append(Finding(
            "too_few_givens",
            msg("too_few_givens", n=clues, min=MIN_GIVENS) if clues else msg("empty_grid", min=MIN_GIVENS),
        ))
    missing = [d for d in DIGITS if d not in g.cells]
    if len(missing) >= 2:
        code = "missing_two_digits" if len(missing) == 2 else "missing_digits"
        findings.append(Finding("missing_digits", msg(code, digits=tuple(missing))))
    contradiction = find_contradiction(g, cancel=cancel)
    if contradiction is not None:
        findings.append(_contradiction_finding(contradiction))
        solutions = []
    else:
        solutions = find_solutions(g, 2, cancel=cancel)

    if not solutions:
        typos = typos_of(g, cancel=cancel)
        if any(x.unique for x in typos.explanations):
            text = msg("no_solution_fixable")
        elif typos.explanations:
            text = msg("no_solution_only_solvable")
        elif typos.complete:
            text = msg("no_solution_unexplained")
        else:
            text = msg("no_solution_out_of_time")
        findings.append(Finding("no_solution", text, tuple(_suspects(typos)[:3])))
        return _with_typos(Diagnosis("no_solution", findings), typos)

    if len(solutions) == 1:
        findings.append(Finding("unique", msg("summary_unique")))
        return Diagnosis("unique", findings, solutions=solutions)

    s1, s2 = solutions
    differing = [c for c in g.blanks() if s1[c] != s2[c]]
    typos = typos_of(g, cancel=cancel)
    # the slip search already verified the added givens it found: the likeliest is the clue
    back = next((x for x in typos.explanations if x.kind == "left_out" and x.unique), None)
    if back is not None:
        (cell,), (digit,) = back.edits[0].cells, back.edits[0].new
        clue, note = (cell, digit), msg("given_adds", cell=cell, digit=digit)
    elif typos.no_given:  # the slip search tried every added given: none singles one out
        clue = None
        note = msg("given_none" if typos.no_given_all else "given_not_found", n=typos.no_given)
    else:
        clue, note = _suggest_given(g, solutions, cancel)
    code = "multiple_found_more" if len(differing) > 8 else "multiple_found"
    findings.append(Finding(
        "multiple",
        msg(code, n=len(differing), cells=tuple(differing[:8]), note=note),
        tuple(differing),
    ))
    d = Diagnosis("multiple", findings, solutions=solutions, suggested_given=clue,
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
        """One sentence for the student (in the chosen language)."""
        return describe(self.text)

    @property
    def text(self) -> Msg:
        """:attr:`message` as a message."""
        if self.status == "conflicts":
            n = len(self.conflicts)
            if n == 1:
                return msg("entries_conflict", conflict=self.conflicts[0].text)
            return msg("entries_conflicts", n=n, conflict=self.conflicts[0].text)
        if self.status == "unsolvable":
            reason = self.diagnosis.summary_text if self.diagnosis else ""
            return msg("entries_unsolvable", reason=reason)
        if self.status == "wrong":
            return msg("entries_wrong", n=self.wrong_count)
        if self.entry_count == 0:
            return msg("entries_none")
        if self.complete:
            return msg("entries_solved", n=self.entry_count)
        if self.entry_count == 1:
            return msg("entries_one_ok")
        return msg("entries_ok", n=self.entry_count)


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
