"""The hint ladder (key H, again to go deeper), in the "Hint" side tab.

1 the technique's name (with a link to what it is), 2 the unit to look at, 3 the cells
highlighted, 4 the conclusion, 5 apply it (one undo step).  ``solver.hint`` checks the
puzzle first: a grid with conflicts, with no or several solutions, or with wrong digits
gets the diagnosis, never a wrong hint; where no technique applies it offers the search
demo from here.  Part of the Teach feature (app/features/teach/ holds the candidates it uses).
"""
from __future__ import annotations

import logging
import tkinter as tk
from tkinter import ttk

import solver
from dataclasses import replace

from .diagram import ChainDiagram
from app.window.looks import HINT_MARKS, NOTE_TEXT, WHITE
from app.model import SOLVING
from app.wording import N_, _, article, say, say_n, what_is

logger = logging.getLogger(__name__)

__all__ = ["Hints", "LADDER", "candidates_shown", "step_looks"]

#: What each press of H shows next (the button's label names the next rung).
LADDER = (N_("Hint (H)"), N_("Where to look (H)"), N_("Show the cells (H)"), N_("What follows (H)"), N_("Apply it (H)"))
#: the rungs' names under the text
RUNG_NAMES = (N_("technique"), N_("unit"), N_("cells"), N_("conclusion"), N_("apply"))


def candidates_shown(step, level: int, cands, g) -> dict:
    """The candidates a hint draws at rung ``level`` (3 on) when candidates are off: its cells' own.

    Before rung 4 a cell whose lone candidate is the step's answer (a Naked Single, a Full House)
    shows none: the drawn digit would give away what the conclusion says (solver.names_the_answer).
    """
    if level < 3:
        return {}
    answers = {cell: {d} for cell, d in step.placements} if level < 4 else {}
    return {cell: cands[cell] for cell in step.highlight
            if not g[cell] and set(cands[cell]) != answers.get(cell)}


def step_looks(step, level: int) -> tuple[dict, dict]:
    """Per cell: the digits to cross out (level 4 on) and to emphasise.

    A pattern's digits are emphasised from rung 3 on; a placing step's (a single) only from
    rung 4, because in a single the pattern *is* the answer.
    """
    strike: dict = {}
    emph: dict = {}
    if level >= 4 or (level >= 3 and not step.placements):
        for cell in step.cells:
            emph[cell] = set(step.digits)
    if level >= 4:
        for cell, d in step.eliminations:
            strike.setdefault(cell, set()).add(d)
        for cell, d in step.placements:
            emph.setdefault(cell, set()).add(d)
    return strike, emph


class Hints:
    """The hint ladder: the "Hint" tab, the hint for the current grid and how deep it is shown.

    ``hint`` is the :class:`solver.Hint` for ``board`` (the Board it was asked for), ``level``
    the rung shown (0: none).  A hint for another Board is stale and never shown.
    """

    def __init__(self, teach):
        self.teach = teach
        self.form = teach.form
        self.controller = teach.controller
        self.hint = None
        self.board = None
        self.level = 0
        self._init_tab()

    def _init_tab(self) -> None:
        f = self.form
        tab = self.tab = ttk.Frame(f.side_panel, padding=8)
        f.side_panel.add(tab, text=_("Hint"))
        tab.columnconfigure(0, weight=1)
        self.title = tk.Label(tab, text="", font=self.teach.fonts["big"], anchor="w", justify="left")
        self.title.grid(row=0, column=0, sticky="ew")
        self.link = self.teach.link(tab, self.teach.open_lesson)
        self.link.grid(row=1, column=0, sticky="ew", pady=(0, 4))  # spans the row: wraps at its width
        self.text = tk.Label(tab, text="", font=self.teach.fonts["text"], anchor="nw", justify="left",
                                  bg=WHITE, relief="solid", bd=1, padx=8, pady=6, width=36, height=9)
        self.text.grid(row=2, column=0, sticky="nsew", pady=(2, 6))
        self.text.bind("<Configure>", lambda e: self.text.configure(wraplength=max(150, e.width - 20)))
        row = ttk.Frame(tab)
        row.grid(row=3, column=0, sticky="ew")
        self.button = ttk.Button(row, text=_(LADDER[0]), command=self.key)
        self.button.pack(side="left")
        self.demo_button = ttk.Button(row, text=_("Watch the search demo from here"), command=self.teach.demo_from_here)
        self.rungs = tk.Label(tab, text="", font=self.teach.fonts["small"], fg=NOTE_TEXT, anchor="w", justify="left")
        self.rungs.grid(row=4, column=0, sticky="ew", pady=(8, 0))
        self.diagram = ChainDiagram(tab, self.teach.fonts["small"], self.teach.fonts["text"])  # chain steps, from rung 3
        self.diagram.frame.grid(row=5, column=0, sticky="ew", pady=(6, 0))
        self.diagram.hide()
        tab.rowconfigure(6, weight=1)

    def key(self) -> None:
        """H: the first rung of a new hint, else one rung deeper (the fifth applies the step)."""
        if self.teach.demo_active():
            self.form.set_status(_("The grid shows the search demo; stop it (Ctrl+D) for a hint."), "warn")
            return
        if self.teach.explanation.explaining is not None:
            self.teach.explanation.leave()
        b = self.controller.board
        if self.hint is not None and self.board is b and self.hint.ok and self.level:
            if self.level >= 4:
                self.apply()
            else:
                self.level += 1
                self._show()
            return
        if self.hint is not None and self.board is b and not self.hint.ok:
            self._show_outcome(self.hint)  # same grid, same answer: no need to ask again
            self.teach.select(self.tab)
            return
        self.request()

    def request(self) -> None:
        """Look for the simplest step from the current grid (on the worker; conflicts first, at once)."""
        b = self.controller.board
        g = b.grid()
        self.reset()
        self.board = b  # what the tab now says is about this grid: a change of the grid resets it
        self.teach.select(self.tab)
        if not g.filled_count:
            self.show_idle(_("The grid is empty: pick an Example, paste a puzzle or make a new one (Ctrl+N)."))
            self.form.set_status(_("There is no puzzle to give a hint about yet."), "warn")
            return
        conflicts = solver.validate(g)
        if conflicts:
            self.form.cell_grid.set_marks("conflict", [c for k in conflicts for c in k.cells])
            self._show_problem(_("Fix the conflict first"),
                               _("No hint while the grid breaks the rules:") + "\n"
                               + "\n".join(f"• {k.message}" for k in conflicts[:4]))
            if len(conflicts) > 1:
                status = say_n("No hint: {conflict:clause} (and {n:n} more). Fix the grid first.",
                               "No hint: {conflict:clause} (and {n:n} more). Fix the grid first.",
                               len(conflicts) - 1, conflict=conflicts[0].message)
            else:
                status = say("No hint: {conflict:clause}. Fix the grid first.", conflict=conflicts[0].message)
            self.form.set_status(status, "warn")
            return
        givens = b.givens if b.givens.filled_count else None
        cands = self.teach.candidates(g)
        notes = {cell: b.notes_of(cell) for cell in g.blanks() if b.notes_of(cell)}  # the person's own

        def done(h, seconds):
            if self.board is not self.controller.board:
                return  # the grid changed meanwhile (a lock of the givens follows it); a new H asks again
            self.hint = h
            if h.ok:
                self.level = 1
                self._show()
            else:
                self._show_outcome(h)

        self.show_idle(_("Looking for the simplest step…"))
        self.controller.run_job("hint", lambda cancel: solver.hint(g, cands, givens=givens, notes=notes,
                                                                     cancel=cancel),
                                done, self.teach.job_failed, status=_("Looking for the simplest step…"))

    def reset(self) -> None:
        self.hint, self.board, self.level = None, None, 0
        self.form.cell_grid.clear_marks(*HINT_MARKS)
        self.demo_button.pack_forget()
        self.diagram.hide()

    def show_idle(self, text: str | None = None) -> None:
        self.title.configure(text=_("Hint"))
        self.teach.show_link(self.link, "")
        self.text.configure(text=text or _(
            "Press H (or the button) for a hint. Each press goes one step deeper: the technique's name, "
            "where to look, the cells, what follows, and then it is applied (Ctrl+Z takes it back)."))
        self.button.configure(text=_(LADDER[0]))
        self._show_rungs(0)

    def _show_rungs(self, level: int) -> None:
        # no-break spaces keep a rung's mark, number and name together where the narrow panel wraps
        self.rungs.configure(text="  ".join(
            f"{'●' if k < level else '○'}\u00a0{k + 1}\u00a0{_(n)}" for k, n in enumerate(RUNG_NAMES)))

    def _show_problem(self, title: str, text: str) -> None:
        self.title.configure(text=title)
        self.teach.show_link(self.link, "")
        self.text.configure(text=text)
        self.button.configure(text=_(LADDER[0]))
        self._show_rungs(0)

    def _show_outcome(self, h) -> None:
        """A hint that is not a step: the diagnosis first, 'stuck' offers the demo, 'solved' says so."""
        f = self.form
        if h.status in ("invalid", "no_solution", "multiple"):
            self.controller.checking.show_diagnosis(h.diagnosis)  # the findings, marks and fix; then why no hint
            f.set_status(say("No hint: {reason:clause}", reason=h.message), "warn")
            self._show_problem(_("The puzzle needs fixing first"),
                               h.message + "\n\n" + _("A hint needs a puzzle with exactly one solution. The Findings "
                                                      "tab lists what is wrong."))
            self.teach.select(self.tab)
        elif h.status == "wrong":
            f.cell_grid.set_marks("wrong", h.cells)
            self._show_problem(_("Some digits are wrong"),
                               h.message + "\n\n" + _("They are crossed out. A hint from here would build on them, "
                                                      "so fix them first (Ctrl+Z, or type over them)."))
            f.set_status(say("No hint: {reason:clause}", reason=h.message), "warn")
        elif h.status == "wrong_notes":
            f.cell_grid.set_marks("wrong", h.cells)
            self._show_problem(_("A note is wrong"),
                               h.message + "\n\n" + _("The cell is marked. Every step from here would build on that "
                                                      "note, so put the digit back first (Ctrl+digit, or right-click "
                                                      "the cell)."))
            f.set_status(say("No hint yet: {reason:clause}", reason=h.message), "warn")
        elif h.status == "stuck":
            self.teach.demo_from = (self.controller.board, self.controller.board.grid())
            self._show_problem(_("No technique applies"),
                               h.message + "\n\n" + _("The search demo can take over from this position and show "
                                                      "how a computer guesses and backtracks."))
            self.demo_button.pack(side="left", padx=(6, 0))
            if self.teach.demo is None:
                self.demo_button.state(["disabled"])
            f.set_status(_("No hint: none of the techniques this app teaches applies here. "
                           "Watch the search demo from this position?"), "warn")
        elif h.status == "solved":
            self._show_problem(_("Solved"), _("The grid is complete and correct: there is nothing left to hint at."))
            f.set_status(_("The grid is complete and correct."), "ok")
        else:  # bad_candidates cannot happen (eliminations come from checked steps), but say it plainly
            self.teach.removed = frozenset()
            self.teach.remember(self.controller.board, self.teach.removed)
            self._show_problem(_("Candidates reset"), h.message)
            f.set_status(h.message, "warn")
            self.teach.refresh_candidates()

    def _show(self) -> None:
        """Show rungs 1..hint_level of the current step: text, link, marks and pencil marks."""
        step = self.hint.step
        k = self.level
        f = self.form
        name = step.technique
        an = article(name) == "an"
        self.title.configure(text=say(N_("Try an {name:technique}") if an else N_("Try a {name:technique}"), name=name))
        self.teach.show_link(self.link, what_is(name))
        # the engine's rungs (solver.Hint.rungs): each says only what its name promises
        lines = [solver.describe(m) for m in self.hint.rungs[:k]]
        self.text.configure(text="\n".join(lines))
        self.button.configure(text=_(LADDER[k]) if k < len(LADDER) else _(LADDER[-1]))
        self._show_rungs(k)
        unit_cells = [c for u in step.units for c in u.cells] if k >= 2 else []
        f.cell_grid.set_marks("hint_unit", unit_cells)
        f.cell_grid.set_marks("hint_cells", step.highlight if k >= 3 else ())
        f.cell_grid.set_marks("hint_target", step.targets if k >= 4 else ())
        self.teach.refresh_candidates()
        if k >= 3:
            self.diagram.show(step, self.controller.board.grid(), self.teach.candidates())
        else:
            self.diagram.hide()
        if k == 1:
            status = say(N_("Hint: try an {name:technique}. Press H again to see where to look.") if an else
                         N_("Hint: try a {name:technique}. Press H again to see where to look."), name=name)
        elif k == 2:
            status = say("Hint: {unit_hint:clause} (H again highlights the cells.)", unit_hint=step.unit_hint)
        elif k == 3:
            status = say(N_("Hint: look at the highlighted cells for an {name:technique}. (H again: what follows.)")
                         if an else N_("Hint: look at the highlighted cells for a {name:technique}. (H again: what "
                                       "follows.)"), name=name)
        else:
            status = say("Hint: {conclusion:clause} (H again applies it.)", conclusion=step.conclusion)
        f.set_status(status)
        self.teach.select(self.tab)

    def apply(self) -> None:
        """Rung 5: apply the step as one undo step (placements go in as digits; eliminations into the candidates)."""
        step = self.hint.step
        c = self.controller
        b = c.board
        self.reset()
        text = say("Applied the {name:technique}: {conclusion:clause} (Ctrl+Z undoes it; H for the next hint.)",
                   name=step.technique, conclusion=step.conclusion)
        if step.placements:
            nb = b.without_notes(step.eliminations)  # the person's notes follow the step
            for cell, d in step.placements:
                if b.mode == SOLVING:
                    nb = nb.with_digit(cell, d, tidy_notes=True)
                else:  # the givens are not locked yet: the digit goes in as a solver digit
                    nb = replace(nb, solved=nb.solved.with_digit(cell, d))
            after = self.teach.removed | frozenset(step.eliminations)
            self.teach.removed = after
            c.apply(nb, text, "ok")
        elif b.without_notes(step.eliminations) != b:  # they come out of the person's notes: one undo step
            self.teach.removed = self.teach.removed | frozenset(step.eliminations)
            c.apply(b.without_notes(step.eliminations), text, "ok")
        else:
            # Only candidates change: the grid before keeps its own (a copy of the Board marks the undo step).
            before = replace(b)
            self.teach.remember(before, self.teach.removed)
            c.history.record(before)
            self.teach.removed = self.teach.removed | frozenset(step.eliminations)
            self.teach.remember(b, self.teach.removed)
            c.render()
            if not self.teach.var_candidates.get():
                text += " " + _("Show candidates (C) to see them.")
            self.form.set_status(text, "ok")
        self.show_idle(say("Applied: {conclusion:clause}", conclusion=step.conclusion) + "\n\n"
                       + _("Press H for the next hint."))
