"""Checking and solving: Check puzzle, the diagnosis on the form, Apply fix / Add clue,
Check my entries, Show which are wrong, and Solve.

:class:`Checking` handles these actions for the controller (app/controller.py).  Each
check or solve runs on the worker (``controller.run_job``) and shows its result when it
arrives: the findings in the Findings tab with their cells marked, the likeliest slip's
fix offered under the grid (Ctrl+K, one undo step), the solver's digits in their style.
The results describe one grid: :meth:`Checking.forget` drops them when it changes.

A fix the check was not sure of (several fixes each leave one solution, and only the paper
knows which one was printed) is remembered as ``guessed`` until the paper confirms it (its
check code matches, or *Compare with your paper* settles it: :meth:`Checking.confirm`): while
the grid is that fixed one, the check says the puzzle is unique *if it matches your paper*
and offers the comparison, never only "Unique solution ✓".
"""
from __future__ import annotations

import logging
import time

import solver

from .wording import _, say, say_n

logger = logging.getLogger(__name__)

__all__ = ["Checking"]


class Checking:
    """The check, fix and solve commands of ``controller``, and the results they showed.

    ``diagnosis`` (the last :class:`solver.Diagnosis` shown), ``entry_check``, ``findings``
    ((message, cells) per row of the Findings tab), ``fixes`` (finding row -> the
    :class:`solver.Explanation` it shows) and ``chosen_fix`` (what Ctrl+K applies).
    """

    def __init__(self, controller):
        self.controller = controller
        self.form = controller.form
        self.diagnosis = None
        self.entry_check = None
        self.findings: list[tuple[str, tuple]] = []
        self.fixes: dict = {}
        self.chosen_fix = None  # the fix Ctrl+K applies: the likeliest, or the one clicked
        # (grid before, grid after, fix) of the last fix applied that neither the check was sure of
        # nor the paper confirmed; kept across grid changes, it applies while the grid is "after"
        self.guessed: tuple | None = None
        self.chosen_confirmed = False  # the paper (its check code) picked the chosen fix
        for name in ("check", "check_entries", "show_wrong", "solve", "add_given"):
            self.form.action_map.on(name, getattr(self, f"_cmd_{name}"))
        self.form.action_map.on("finding_selected", self.on_finding_selected)

    def forget(self) -> None:
        """Findings and marks describe an older grid: clear them."""
        had = bool(self.findings)
        self.diagnosis = None
        self.entry_check = None
        self.findings = []
        self.fixes = {}
        self.chosen_fix = None
        self.chosen_confirmed = False
        self.form.cell_grid.clear_marks("finding", "selected", "suspect", "differ", "wrong", "replaced")
        self.form.set_suggestion(None)
        self.form.action_map.enable("show_wrong", False)
        if had:
            self.form.findings_panel.show([], hint=_("The grid changed. Press F5 to check it again."))

    # ======================================================================
    # checking
    # ======================================================================
    def _cmd_check(self) -> None:
        g = self.controller.puzzle()
        if not g.filled_count:
            self.form.set_status(_("The grid is empty: type, paste (Ctrl+V) or open a puzzle first."), "warn")
            return
        self.controller.run_job("check", lambda cancel: solver.diagnose(g, cancel=cancel),
                     lambda diagnosis, s: self.show_diagnosis(diagnosis, s), status=_("Checking the puzzle…"))

    def show_diagnosis(self, d, seconds: float | None = None, prefix: str = "", status: str | None = None) -> None:
        """Show every finding of a Diagnosis with its cells marked, and offer the likeliest fix.

        The status line says ``status`` when given, else ``prefix`` and the diagnosis's summary; it
        is set before the diagnosis listeners run (the difficulty card adds the level to it)."""
        self.diagnosis = d
        self.findings = [(f.message, tuple(f.cells)) for f in d.findings]
        # the "typo" findings are the best explanations, in order: finding k -> its fix
        typo_rows = [k for k, f in enumerate(d.findings) if f.kind == "typo"]
        self.fixes = {k: x for k, x in zip(typo_rows, d.explanations)}
        # the cells of the explanations listed, not of every one the search kept (on a grid with
        # several solutions, dozens of wrong digits that leave several would mark every given)
        self.form.cell_grid.set_marks("suspect", [c for k in typo_rows for c in d.findings[k].cells])
        self.form.cell_grid.set_marks("differ", d.differing)
        self.form.cell_grid.set_marks("finding", [c for f in d.findings for c in f.cells])
        if d.conflicts:
            self.form.cell_grid.set_marks("conflict", [c for k in d.conflicts for c in k.cells])
        hint = ""
        best = d.best_fix
        self.chosen_fix = None
        self.chosen_confirmed = False
        if best is not None and best.unique and (d.status != "multiple" or d.fix_confident):
            self.chosen_fix = best
            self.form.set_suggestion(say("Apply fix: {fix}", fix=solver.short_fix(best)))
            self.form.cell_grid.set_marks("selected", best.cells)
            hint = _("The likeliest slip comes first. Ctrl+K applies its fix; click another "
                     "explanation to apply that one instead.")
            if not d.settled and sum(x.unique for x in d.explanations) > 1:  # only the paper can tell
                hint += " " + _("Compare with your paper asks what your paper shows in the cells that "
                                "decide it.")
        elif d.suggested_given:
            (cell, digit) = d.suggested_given
            self.form.set_suggestion(say("Add clue {cell:cell} = {digit}", cell=cell, digit=digit))
            hint = say("Shaded cells differ between the solutions. Adding {cell:cell} = {digit} "
                       "(Ctrl+K) makes the solution unique.", cell=cell, digit=digit)
        else:
            self.form.set_suggestion(None)
            if d.status in ("no_solution", "invalid") and not d.explanations:
                hint = _("No single slip explains this grid; the marked cells show where the rules "
                         "or the search break down.")
        if any(cells for _, cells in self.findings):
            hint = hint or _("Click a finding (or use ↑/↓ here) to highlight its cells.")
        self.form.findings_panel.show([m for m, _cells in self.findings], hint=hint)
        # after a prefix ending in a colon, the summary goes on the language's way (lower case but in German)
        text = prefix + solver.fill("{summary:clause}", summary=d.summary) if prefix else d.summary
        if seconds is not None:
            text = say("{summary} (checked in {t:seconds})", summary=text, t=seconds)
        guess = self.guessed_fix()
        if d.status == "unique" and guess is not None:
            # one solution, but of the fix the check guessed: only the paper can tell it is the printed puzzle
            said = say("Unique solution if it matches your paper: the fix {fix} was a guess between several. "
                       "Compare with your paper to be sure.", fix=solver.short_fix(guess[2]))
            self.form.findings_panel.show([m for m, _cells in self.findings] + [said],
                                          hint=_("Compare with your paper asks what your paper shows in the "
                                                 "cells that decide it."))
            if status is None:
                text = said
        self.form.set_status(status or text, "ok" if d.status == "unique" and guess is None else "warn")
        for fn in self.controller.diagnosis_listeners:
            fn(d)

    def on_finding_selected(self, k: int | None) -> None:
        if k is None or k >= len(self.findings):
            self.form.cell_grid.set_marks("selected", ())
            return
        message, cells = self.findings[k]
        self.form.cell_grid.set_marks("selected", cells)
        self.form.set_status(message, "info")
        fix = self.fixes.get(k)
        if fix is not None:
            self.chosen_fix = fix
            self.chosen_confirmed = False
            self.form.set_suggestion(say("Apply this fix: {fix}", fix=solver.short_fix(fix)))

    def offer_fix(self, fix) -> None:
        """Offer ``fix`` as the paper's (Ctrl+K applies it, confirmed): its check code picked it."""
        self.chosen_fix = fix
        self.chosen_confirmed = True
        self.form.set_suggestion(say("Apply fix: {fix}", fix=solver.short_fix(fix)))
        self.form.cell_grid.set_marks("selected", fix.cells)

    def _cmd_add_given(self) -> None:
        """Ctrl+K: apply the chosen fix (the likeliest slip, or the one clicked), else add the
        suggested clue; either is one undo step, and the puzzle is checked again."""
        d = self.diagnosis
        fix = self.chosen_fix
        if d is not None and fix is not None:
            self.apply_fix(fix, confirmed=self.chosen_confirmed)
            return
        if not d or not d.suggested_given:
            self.form.set_status(_("No fix to apply: check a puzzle first (F5)."))
            return
        cell, digit = d.suggested_given
        self.controller.apply(self.controller.board.with_given(cell, digit),
                              say("Added the clue {cell:cell} = {digit}.", cell=cell, digit=digit))
        self._cmd_check()

    def guessed_fix(self) -> tuple | None:
        """(grid before, grid after, fix) when the grid shown is a fix the check guessed and the
        paper has not confirmed, else None."""
        if self.guessed is not None and self.guessed[1] == self.controller.puzzle():
            return self.guessed
        return None

    def confirm(self, grid) -> None:
        """The paper confirms ``grid`` (its check code matches, or the comparison settled it)."""
        if self.guessed is not None and self.guessed[1] == grid:
            self.guessed = None

    def apply_fix(self, fix, confirmed: bool = False, board=None) -> None:
        """Make the edits of a :class:`solver.Explanation` on the puzzle (one undo step), then
        check it again and say whether it now has exactly one solution.

        ``confirmed``: the paper showed this fix is right; else, unless the check was sure of it,
        the fix is remembered as a guess.  ``board``: make the edits on it (a board with an earlier
        guessed fix taken back) instead of the current one."""
        d = self.diagnosis
        sure = confirmed or (d is not None and d.settled and d.explanations and fix is d.explanations[0])
        before = self.controller.puzzle() if board is None else (
            board.givens if board.givens.filled_count else board.grid())
        board = self.controller.board if board is None else board
        as_givens = bool(board.givens.filled_count)
        for edit in fix.edits:
            for cell, digit in zip(edit.cells, edit.new):
                board = board.with_given(cell, digit) if as_givens else board.with_digit(cell, digit)
        words = solver.short_fix(fix)
        self.controller.apply(board, say("Applied the fix {fix}.", fix=words))
        g = self.controller.puzzle()
        self.guessed = None if sure else (before, g, fix)

        def done(d, seconds):
            prefix = say("Applied the fix {fix}: ", fix=words)
            if d.status == "unique" and self.guessed_fix() is not None:  # unique if it matches the paper
                self.show_diagnosis(d, seconds, status=say(
                    "Applied the fix {fix}: the puzzle now has exactly one solution if it matches your paper; "
                    "the fix was a guess between several. Compare with your paper to be sure.", fix=words))
            elif d.status == "unique":  # said before the card is told, so that its level is added to this
                self.show_diagnosis(d, seconds, status=say("Applied the fix {fix}: the puzzle now has exactly one "
                                                           "solution ✓ (checked in {t:seconds})", fix=words, t=seconds))
            else:
                self.show_diagnosis(d, seconds, prefix=prefix)

        self.controller.run_job("check", lambda cancel: solver.diagnose(g, cancel=cancel), done,
                     status=_("Checking the puzzle…"))

    def _cmd_check_entries(self) -> None:
        b = self.controller.board
        if not b.givens.filled_count:
            self.form.set_status(_("There is no puzzle yet: type the givens and lock them first."), "warn")
            return
        if not b.entries.filled_count:
            self.form.set_status(_("You have not typed any digits yet; nothing to check."), "warn")
            return
        givens, entries = b.givens, b.entries
        self.controller.run_job("check_entries", lambda cancel: solver.check_entries(givens, entries, cancel=cancel),
                     self.show_entry_check, status=_("Checking your entries…"))

    def show_entry_check(self, ec, seconds: float) -> None:
        self.entry_check = ec
        if ec.status == "unsolvable" and ec.diagnosis is not None:
            self.show_diagnosis(ec.diagnosis, seconds, prefix=_("Your entries cannot be checked: "))
            return
        if ec.conflicts:
            self.form.cell_grid.set_marks("conflict", [c for k in ec.conflicts for c in k.cells])
        self.form.action_map.enable("show_wrong", bool(ec.wrong))
        findings = [k.message for k in ec.conflicts]
        hint = _("Show which (Ctrl+Shift+E) marks them.") if ec.wrong else ""
        self.findings = [(k.message, tuple(k.cells)) for k in ec.conflicts]
        self.form.findings_panel.show(findings + [ec.message], hint=hint)
        self.form.set_status(ec.message, "ok" if ec.status == "ok" else "warn")

    def _cmd_show_wrong(self) -> None:
        ec = self.entry_check
        if not ec or not ec.wrong:
            self.form.set_status(_("Check your entries first (Ctrl+E)."))
            return
        self.form.cell_grid.set_marks("wrong", ec.wrong)
        self.findings = [(say("{cell:cell} ({cell:cellwords}): your {digit} is not the solution's digit", cell=c,
                              digit=self.controller.board.entries[c]), (c,)) for c in ec.wrong]
        self.form.findings_panel.show([m for m, _cells in self.findings], hint=_("Wrong entries are crossed out."))
        self.form.set_status(say("Wrong: {cells:cellcomma} (crossed out).", cells=ec.wrong), "warn")

    # ======================================================================
    # solving
    # ======================================================================
    def _cmd_solve(self) -> None:
        g = self.controller.puzzle()

        def work(cancel):
            stats = solver.SearchStats()
            t0 = time.perf_counter()
            solution = solver.solve(g, cancel=cancel, stats=stats)
            took = time.perf_counter() - t0
            if solution is not None and solver.count_solutions(g, 2, cancel=cancel) == 1:
                return solution, took, stats, None
            return None, took, stats, solver.diagnose(g, cancel=cancel)

        self.controller.run_job("solve", work, self.show_solution, status=_("Solving…"))

    def show_solution(self, result, seconds: float) -> None:
        solution, took, stats, diagnosis = result
        if solution is None:
            self.show_diagnosis(diagnosis, prefix=_("Not solved: "))
            return
        b = self.controller.board
        wrong = [c for c in b.entries.filled() if b.entries[c] != solution[c]]
        cleared = b
        for c in wrong:  # a wrong entry makes way for the solution's digit (Undo brings it back)
            cleared = cleared.with_digit(c, 0)
        changed = self.controller.apply(cleared.with_solution(solution), record=True)
        msg = say("Solved in {t:seconds} ({nodes}, {guesses}).", t=took,
                  nodes=say_n("{n:n} search node", "{n:n} search nodes", stats.nodes),
                  guesses=say_n("{n:n} guess", "{n:n} guesses", stats.guesses))
        if wrong:
            self.form.cell_grid.set_marks("replaced", wrong)
            msg = say_n("{solved} {n:n} of your entries was wrong and replaced ({cells:cellcomma}, marked); "
                        "Ctrl+Z brings it back.",
                        "{solved} {n:n} of your entries were wrong and replaced ({cells:cellcomma}, marked); "
                        "Ctrl+Z brings them back.", len(wrong), solved=msg, cells=wrong)
        if not changed:
            msg = say("Already solved. {solved}", solved=msg)
        self.form.set_status(msg, "ok")
