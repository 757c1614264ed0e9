"""Explain the solution (F7), in the "Explain" side tab.

The whole logical path as a list; choosing a step shows the grid as it was then, the
step's unit, cells and digits highlighted and the candidates of that moment, without
touching the person's grid.  Back to my grid (or Esc in the list) restores it.  Where
logic stops, the search demo can take over.  Part of the Teach feature (app/features/teach/).
"""
from __future__ import annotations

import logging
import tkinter as tk
from tkinter import ttk

import solver
from solver import cell_of

from .diagram import ChainDiagram
from .hints import step_looks
from app.window.looks import BLACK, HINT_MARKS, SELECTION, WHITE
from app.wording import N_, _, say, say_n, what_is

logger = logging.getLogger(__name__)

__all__ = ["ExplainPanel"]

INTRO = N_("Explain the solution (F7) lists every step a person would take to solve the puzzle shown, the "
           "simplest technique each time. Choose a step to see the grid as it was then.")


class _FromNotes:
    """What :meth:`ExplainPanel._show_path` reads of a rating, for a path that starts from the person's notes."""

    unique = True

    def __init__(self, path):
        self.path = path

    @property
    def label(self) -> str:
        return _("it starts from your grid and notes")

    @property
    def summary(self) -> str:
        return say_n("from your grid and notes, {n:n} step", "from your grid and notes, {n:n} steps", len(self.path))


class ExplainPanel:
    """The explained solution: ``path`` (a :class:`solver.LogicalPath`) and ``explaining``, the step shown."""

    def __init__(self, teach):
        self.teach = teach
        self.form = teach.form
        self.controller = teach.controller
        self.path = None
        self._path_text = ""  # what the box under the list says of the whole path (shown again after a step)
        self.explaining: int | None = None  # the step shown, or None
        self._board = None  # the person's Board while a step is shown
        self._typing_cell = None  # the cell that had the keyboard before the list of steps took it
        self._init_tab()

    def _init_tab(self) -> None:
        f = self.form
        tab = self.tab = ttk.Frame(f.side_panel, padding=8)
        f.side_panel.add(tab, text=_("Explain"))
        tab.columnconfigure(0, weight=1)
        tab.rowconfigure(1, weight=1)
        top = ttk.Frame(tab)
        top.grid(row=0, column=0, sticky="ew", pady=(0, 6))
        self.button = ttk.Button(top, text=_("Explain the solution (F7)"), command=self.start)
        self.button.pack(side="left")
        self.back_button = ttk.Button(top, text=_("Back to my grid"), command=lambda: self.leave(to_grid=True))
        self.back_button.pack(side="left", padx=(6, 0))
        self.back_button.state(["disabled"])
        frame = ttk.Frame(tab)
        frame.grid(row=1, column=0, sticky="nsew")
        frame.columnconfigure(0, weight=1)
        frame.rowconfigure(0, weight=1)
        self.steps_list = tk.Listbox(frame, font=self.teach.fonts["small"], activestyle="dotbox", height=12, width=40,
                                     exportselection=False, selectbackground=SELECTION,
                                     selectforeground=BLACK)
        scroll = ttk.Scrollbar(frame, command=self.steps_list.yview)
        self.steps_list.configure(yscrollcommand=scroll.set)
        self.steps_list.grid(row=0, column=0, sticky="nsew")
        scroll.grid(row=0, column=1, sticky="ns")
        self.steps_list.bind("<<ListboxSelect>>", self._on_step_selected)
        self.steps_list.bind("<Escape>", lambda e: (self.leave(to_grid=True), "break")[1])
        # Home and End go to the first and last step, as Ctrl+Home and Ctrl+End do (a Listbox's own
        # Home and End only scroll sideways)
        for seq, row in (("<Home>", 0), ("<KP_Home>", 0), ("<End>", -1), ("<KP_End>", -1)):
            self.steps_list.bind(seq, lambda e, row=row: self._choose_row(row))
        self.step_text = tk.Label(tab, text="", font=self.teach.fonts["text"], anchor="nw", justify="left",
                                  bg=WHITE, relief="solid", bd=1, padx=8, pady=6, width=36)
        # as tall as its text (a fixed 5 lines cut a forcing chain's last line), and never under 5 lines
        self.step_text.grid(row=2, column=0, sticky="nsew", pady=(6, 0))
        tab.rowconfigure(2, minsize=5 * self.teach.fonts["text"].metrics("linespace") + 2 * 7 + 6)
        self.step_text.bind("<Configure>", lambda e: self.step_text.configure(wraplength=max(150, e.width - 20)))
        self.step_link = self.teach.link(tab, lambda: self.teach.open_lesson(self.shown_step()))
        self.step_link.grid(row=3, column=0, sticky="ew")  # spans the row: wraps at its width
        self.demo_button = ttk.Button(tab, text=_("Watch the search demo from here"),
                                              command=self._demo_from_path_end)
        self.demo_button.grid(row=4, column=0, sticky="w", pady=(4, 0))
        self.demo_button.grid_remove()  # only where logic stops
        self.diagram = ChainDiagram(tab, self.teach.fonts["small"], self.teach.fonts["text"])  # a chain step's picture
        self.diagram.frame.grid(row=5, column=0, sticky="ew", pady=(6, 0))
        self.diagram.hide()
        self.step_text.configure(text=_(INTRO))
        f.side_panel.bind("<<NotebookTabChanged>>", self._on_tab_changed, add="+")

    def start(self) -> None:
        """Rate the puzzle (on the worker, cached) and list its logical path."""
        if self.teach.demo_active():
            self.form.set_status(_("The grid shows the search demo; stop it (Ctrl+D) first."), "warn")
            return
        self.teach.select(self.tab)
        if self.controller.board.has_notes:
            self._start_from_notes()  # the person's notes: the path goes on from them
            return
        self.teach.rate(self._show_path)

    def _start_from_notes(self) -> None:
        """The logical path from the grid and notes as they stand (notes checked against the solution first)."""
        b = self.controller.board
        g = b.grid()
        givens = b.givens if b.givens.filled_count else None
        cands = self.teach.candidates()
        removed = self.teach.removed
        notes = {cell: b.notes_of(cell) for cell in g.blanks() if b.notes_of(cell)}

        def follows() -> bool:
            """True while the Board shown is the one explained, or differs from it in its mode only (Lock givens)."""
            nonlocal b
            now = self.controller.board
            if now is not b and b.same_grid(now) and self.teach.removed == removed:
                b = now
            return now is b

        def work(cancel):
            h = solver.hint(g, cands, givens=givens, notes=notes, cancel=cancel)
            return h, (solver.logical_path(g, cands, cancel=cancel) if h.status in ("step", "stuck") else None)

        def done(result, seconds):
            if not follows():
                return  # the grid changed meanwhile; F7 asks again
            h, path = result
            if path is None:
                self.fill_steps([])
                self.step_text.configure(text=h.message + "\n\n" + _("The explanation starts from your grid and "
                                                                      "notes; fix them first."))
                self.form.set_status(say("Cannot explain from here: {reason:clause}", reason=h.message), "warn")
                return
            self._show_path(_FromNotes(path))

            def drop() -> None:  # a path from one position is not shown for another
                if follows():
                    return
                if self.explaining is None and self.path is path:
                    self.path = None
                    self.fill_steps([])
                    self.step_text.configure(text=_("The grid changed. Press F7 to explain from here."))
                if drop in self.controller.render_listeners:
                    self.controller.render_listeners.remove(drop)

            self.controller.render_listeners.append(drop)

        self.controller.run_job("explain", work, done, self.teach.job_failed,
                                status=_("Explaining the solution from your notes…"))

    def _show_path(self, rating) -> None:
        if not rating.unique:
            self.controller.checking.show_diagnosis(rating.diagnosis)  # the findings, marks and fix; then why not
            self.form.set_status(say("Cannot explain: {reason:clause}", reason=rating.diagnosis.summary), "warn")
            self.fill_steps([])
            self.step_text.configure(text=rating.summary + "\n\n" + _("The solution can only be explained for a "
                                                                       "puzzle with exactly one solution."))
            self.teach.select(self.tab)
            return
        path = self.path = rating.path
        # the colon is the catalogue's: French sets it off with a no-break space
        rows = [f"{k + 1:>3}. " + say("{name:technique}: {step}", name=s.technique, step=self._short(s))
                for k, s in enumerate(path)]
        if path.stuck:
            rows.append("  " + say_n("— logic stops: {n:n} cell left, the rest needs guessing",
                                     "— logic stops: {n:n} cells left, the rest needs guessing", path.cells_left))
        self.fill_steps(rows)
        if path.solved:
            text = say_n("{n:n} step; {label}. The simplest technique each time solves the whole puzzle. Choose a "
                         "step to see the grid as it was then.", "{n:n} steps; {label}. The simplest technique each "
                         "time solves the whole puzzle. Choose a step to see the grid as it was then.", len(path),
                         label=rating.label)
        else:
            text = say_n("{n:n} step; {label}. The simplest technique each time gets stuck with {left:n} cells left: "
                         "from there it needs guessing. Choose a step to see the grid as it was then.",
                         "{n:n} steps; {label}. The simplest technique each time gets stuck with {left:n} cells "
                         "left: from there it needs guessing. Choose a step to see the grid as it was then.",
                         len(path), label=rating.label, left=path.cells_left)
        self._path_text = text
        self.step_text.configure(text=text)
        self.form.set_status(say_n("The logical path: {n:n} step ({summary}). Choose a step to see it.",
                                   "The logical path: {n:n} steps ({summary}). Choose a step to see it.",
                                   len(path), summary=rating.summary))
        self.teach.select(self.tab)
        self._typing_cell = self.form.cell_grid.focused_cell() or self._typing_cell  # where the keyboard goes back to
        self.steps_list.focus_set()

    @staticmethod
    def _short(step) -> str:
        if step.placements and not step.eliminations:
            return solver.translate(", ", "list separator").join(say("{cell:cell} = {digit}", cell=c, digit=d) for c, d in step.placements)
        return step.conclusion.rstrip(".")

    def fill_steps(self, rows: list[str]) -> None:
        self.steps_list.delete(0, "end")
        for row in rows:
            self.steps_list.insert("end", row)

    def _choose_row(self, row: int) -> str:
        """Choose row ``row`` of the list (-1: the last) and show its step."""
        n = self.steps_list.size()
        if n:
            k = row % n
            self.steps_list.selection_clear(0, "end")
            self.steps_list.selection_set(k)
            self.steps_list.see(k)
            self._on_step_selected()
        return "break"

    def _on_step_selected(self, event=None) -> None:
        sel = self.steps_list.curselection()
        if not sel or self.path is None:
            return
        k = int(sel[0])
        self.steps_list.activate(k)  # ↑/↓ go on from the chosen step
        if k >= len(self.path):
            self.show_step(len(self.path))
        else:
            self.show_step(k)

    def show_step(self, k: int) -> None:
        """Show the grid before step ``k`` of the path with the step highlighted (the user's grid is untouched)."""
        if self.path is None or self.teach.demo_active():
            return
        path = self.path
        k = max(0, min(len(path), k))
        if self.explaining is None:
            self._board = self.controller.board
            self.teach.hints.reset()
        self.explaining = k
        f = self.form
        g, puzzle = path.grid_at(k), path.start
        step = path[k] if k < len(path) else None
        placed = dict(step.placements) if step is not None else {}
        for i in range(81):
            cell = cell_of(i)
            if cell in placed:
                f.cell_grid.show_cell(cell, placed[cell], "placed")
            else:
                d = g[cell]
                f.cell_grid.show_cell(cell, d, "given" if puzzle[cell] else ("path" if d else None))
        for name in ("conflict", "finding", "selected", "suspect", "differ", "wrong", "replaced"):
            f.cell_grid.set_marks(name, ())
        self.demo_button.grid_remove()
        if step is not None:
            self.diagram.show(step, path.grid_at(k), path.candidates_at(k))
            f.cell_grid.set_marks("hint_unit", [c for u in step.units for c in u.cells])
            f.cell_grid.set_marks("hint_cells", step.cells)
            f.cell_grid.set_marks("hint_target", step.targets)
            self.step_text.configure(text=say("Step {k} of {n}: {step}", k=k + 1, n=len(path), step=step.message)
                                     + "\n" + say("So: {conclusion:clause}", conclusion=step.conclusion))
            self.teach.show_link(self.step_link, what_is(step.technique))
            f.set_status(say("Step {k} of {n}, {name:technique}: {conclusion:clause} (Back to my grid restores your grid.)",
                             k=k + 1, n=len(path), name=step.technique, conclusion=step.conclusion))
        else:
            self.diagram.hide()
            f.cell_grid.clear_marks(*HINT_MARKS)
            self.step_text.configure(text=say_n("Here logic stops with {n:n} cell left: no technique this app teaches "
                                                "applies. From here the puzzle needs guessing.",
                                                "Here logic stops with {n:n} cells left: no technique this app "
                                                "teaches applies. From here the puzzle needs guessing.",
                                                path.cells_left))
            if self.teach.demo is not None:
                self.demo_button.grid()
            self.teach.show_link(self.step_link, "")
            f.set_status(_("Logic stops here; the rest needs guessing (the search demo shows how)."))
        label = getattr(f, "mode_label", None)
        if label is not None:
            label.configure(text=say("Explaining step {k} of {n}: the grid as it was then (Back to my grid restores "
                                     "yours)", k=min(k + 1, len(path)), n=len(path)))
        self.back_button.state(["!disabled"])
        self.draw_candidates()

    def _demo_from_path_end(self) -> None:
        """Where the explained path stops: let the search demo take over from that grid."""
        if self.path is None:
            return
        grid = self.path.final_grid
        self.leave(render=False)
        if not self.teach.demo_from_here(grid):
            self.controller.render()

    def shown_step(self):
        if self.path is not None and self.explaining is not None and self.explaining < len(self.path):
            return self.path[self.explaining]
        return None

    def draw_candidates(self) -> None:
        k, path = self.explaining, self.path
        g = path.grid_at(k)
        cands = path.candidates_at(k)
        step = path[k] if k < len(path) else None
        strike, emph = step_looks(step, 4) if step is not None else ({}, {})
        placed = {c for c, _ in step.placements} if step is not None else set()
        for i in range(81):
            cell = cell_of(i)
            if not g[cell] and cell not in placed:
                self.form.pencil.show(cell, cands[cell], strike.get(cell, ()), emph.get(cell, ()))
            else:
                self.form.pencil.hide(cell)

    def leave(self, render: bool = True, to_grid: bool = False) -> None:
        """Back to my grid: the person's grid, marks and candidates as they were (``to_grid``: and the
        keyboard, so typing goes on in the cell it was in)."""
        if self.explaining is None:
            return
        self.end()
        if render:
            self.controller.render()  # the user's Board, untouched; the listener redraws the candidates
            self.form.set_status(_("Back to your grid."))
        if to_grid:
            self._give_back_keys()

    def clear(self) -> None:
        """Another puzzle is shown: leave a step shown, forget the old path, and say how to list this one's."""
        steps_had_keys = self._has_keys()
        if self.explaining is not None:
            self.end()
        self.path = None
        self.fill_steps([])
        self.diagram.hide()
        self.step_text.configure(text=_(INTRO))
        if steps_had_keys:  # the list is empty now: typing goes to the grid again
            self._give_back_keys()

    def _has_keys(self) -> bool:
        """True when the keyboard is in this tab, or goes back there when a dialog over the window closes."""
        try:
            focus = str(self.tab.tk.call("focus", "-lastfor", str(self.tab)))
        except tk.TclError:
            return False
        return (focus + ".").startswith(str(self.tab) + ".")

    def _give_back_keys(self) -> None:
        if self._has_keys():
            self.form.cell_grid.focus_cell(self._typing_cell or (0, 0))

    def end(self) -> None:
        """No step is shown any more: the box under the list describes the whole path again, not the step."""
        if self.explaining is not None:
            self.step_text.configure(text=self._path_text if self.path is not None else _(INTRO))
        self.diagram.hide()
        self.explaining = None
        self._board = None
        self.form.cell_grid.clear_marks(*HINT_MARKS)
        self.steps_list.selection_clear(0, "end")
        self.back_button.state(["disabled"])
        self.teach.show_link(self.step_link, "")
        self.demo_button.grid_remove()

    def _on_tab_changed(self, event=None) -> None:
        try:
            current = self.form.side_panel.select()
        except tk.TclError:
            return
        if self.explaining is not None and current != str(self.tab):
            self.leave()
