"""Teach the logic: candidates, the hint ladder, the explained solution and the difficulty card.

What the person gets (the solver side is ``solver.techniques`` / ``solver.rating``):

* **Candidates** (Teach ▸ Show candidates, key C): the possible digits of every blank
  cell, small and in a 3x3 layout, redrawn after every change of the grid.  Steps
  that only remove candidates (Pointing, pairs, X-Wing, ...) are remembered per
  grid, so Undo brings a removed candidate back.
* **Hint ladder** (key H, again to go deeper): 1 the technique's name (with a link to
  what it is), 2 the unit to look at, 3 the cells highlighted, 4 the conclusion,
  5 apply it (one undo step).  ``solver.hint`` checks the puzzle first: a grid with
  conflicts, with no or several solutions, or with wrong digits gets the diagnosis,
  never a wrong hint; where no technique applies it offers the search demo from here.
* **Explain the solution** (F7): the whole logical path as a list; choosing a step
  shows the grid as it was then, the step's unit, cells and digits highlighted and the
  candidates of that moment.  Back to my grid (or Esc in the list) restores the grid.
* **Difficulty card** (F8, and after Check puzzle on a puzzle with one solution).

Slow work (``hint``, ``rate``) runs through ``controller.run_job``; results that
arrive for a grid that has changed since are dropped.

Where things are: this module holds the Teach menu, the keys, the candidates and the
shared rating; the hint ladder is hints.py, the explained solution explain.py, the
difficulty card card.py and the New puzzle dialog puzzles.py, all in this package.

Wiring: ``install_teach(form, controller, demo)`` (called once from ``app.__main__``).
"""
from __future__ import annotations

import logging
import time
import tkinter as tk
import tkinter.font as tkfont

import solver
from solver import Grid, cell_of

from .card import Card
from .explain import ExplainPanel
from .hints import Hints, candidates_shown, step_looks
from app.window.looks import HINT_MARKS, LINK
from app.wording import (_, format_seconds, level_name, say, say_n, symmetry_name, technique_name,
                         technique_summary, what_is)

logger = logging.getLogger(__name__)

__all__ = ["install_teach", "Teach", "lesson_text"]

MAX_REMEMBERED = 2000  # grids whose removed candidates are remembered (for Undo)


def lesson_text(name: str, step=None) -> str:
    """The short explanation of technique ``name`` (and, with ``step``, where it is in this grid)."""
    t = solver.technique(name)
    lines = [f"{technique_name(t.name)}  ({level_name(t.level)})", "", technique_summary(t)]
    if step is not None:
        lines += ["", _("In this grid:"), step.message, "", say("Conclusion: {conclusion:clause}", conclusion=step.conclusion)]
    lines += ["", _("Techniques, simplest first (the hint tries them in this order):")]
    lines += [f"{'▸' if x.name == name else '•'} {technique_name(x.name)}\t{level_name(x.level)}"
              for x in solver.TECHNIQUES]
    return "\n".join(lines)



class Teach:
    """Candidates, hints, the explained solution and the difficulty card on the form.

    Responsibilities: the Teach menu and keys; keep the candidate state of the current grid
    (basic candidates minus the eliminations applied by hints, per Board, so Undo/Redo
    restore them) and draw it when asked; the rating shared by Explain and the card; and
    the parts: ``hints`` (:class:`~app.features.teach.hints.Hints`), ``explanation``
    (:class:`~app.features.teach.explain.ExplainPanel`) and ``card`` (:class:`~app.features.teach.card.Card`).  Uses the form
    only through its public methods and the controller through ``run_job``/``apply``.
    """

    def __init__(self, form, controller, demo=None):
        self.form = form
        self.controller = controller
        self.demo = demo
        self.root = form.root
        self.var_candidates = tk.BooleanVar(self.root, value=False)
        self.removed: frozenset = frozenset()  # ((r, c), digit) eliminated by applied steps
        self._removed_of: dict[int, tuple] = {}  # id(board) -> (board, removed): the state of each grid
        self._givens = controller.board.givens
        self.rating = None  # the Rating of self.rated (a puzzle Grid), shared by Explain and the card
        self.rated: Grid | None = None
        self.demo_from = None  # (board, grid): start the search demo from this position
        self._init_fonts()
        # the side tabs, in this order: Hint, Explain, Difficulty
        self.hints = Hints(self)
        self.explanation = ExplainPanel(self)
        self.card = Card(self)
        self._init_menu()
        self._init_keys()
        self._init_hooks()
        self.hints.show_idle()
        self.card.show(None)

    def _init_fonts(self) -> None:
        family = tkfont.nametofont("TkDefaultFont").actual("family")
        self.fonts = {
            "text": tkfont.Font(self.root, family=family, size=11),
            "big": tkfont.Font(self.root, family=family, size=14, weight="bold"),
            "level": tkfont.Font(self.root, family=family, size=20, weight="bold"),
            "link": tkfont.Font(self.root, family=family, size=11, underline=True),
            "small": tkfont.Font(self.root, family=family, size=10),
            "mono": tkfont.Font(self.root, family=family, size=11),
        }

    def link(self, parent, command) -> tk.Label:
        """A link ("What is an X-Wing?") that runs ``command``; empty until :meth:`show_link` words it."""
        label = tk.Label(parent, text="", fg=LINK, cursor="hand2", font=self.fonts["link"], anchor="w",
                         takefocus=0, highlightthickness=0)
        label.bind("<Button-1>", lambda e: command())
        label.bind("<Return>", lambda e: command())
        label.bind("<space>", lambda e: command())
        return label

    def show_link(self, label: tk.Label, text: str) -> None:
        """Word a link made by :meth:`link`; an empty one takes no focus and draws no focus ring (a link that
        had the keyboard hands it on to the next widget)."""
        label.configure(text=text, takefocus=1 if text else 0, highlightthickness=1 if text else 0)
        if not text:
            try:
                focused = self.root.focus_get() is label
            except (KeyError, tk.TclError):
                focused = False
            if focused:
                label.tk_focusNext().focus_set()

    def _init_menu(self) -> None:
        f = self.form
        menu = tk.Menu(f.menubar)
        try:  # before Help, which stays last
            help_at = f.menubar.index(_("Help"))
        except tk.TclError:
            help_at = None
        if help_at is None:
            f.menubar.add_cascade(label=_("Teach"), menu=menu, underline=0)
        else:
            f.menubar.insert_cascade(help_at, label=_("Teach"), menu=menu, underline=0)
        f.menus["teach"] = menu
        f.action_map.add_check("teach", _("Show candidates (pencil marks)"), "candidates", self.var_candidates, "C")
        f.action_map.add_command("teach", _("Hint (press again to go deeper)"), "hint", "H")
        f.action_map.add_command("teach", _("Explain the solution"), "explain", "F7", ("<F7>",))
        f.action_map.add_command("teach", _("Difficulty card"), "difficulty", "F8", ("<F8>",))
        f.action_map.add_command("teach", _("Techniques…"), "techniques")
        menu.add_separator()
        f.action_map.add_command("teach", _("New puzzle…"), "new_puzzle", "Ctrl+N", ("<Control-n>",))
        for action, fn in (("candidates", self._on_candidates_toggled), ("hint", self.hints.key),
                           ("explain", self.explanation.start), ("difficulty", self.card.rate),
                           ("techniques", lambda: self.open_lesson(None, all_techniques=True)),
                           ("new_puzzle", self.new_puzzle_dialog)):
            f.action_map.on(action, fn)

    def _init_keys(self) -> None:
        # H and C are plain letters: the cells swallow printable keys, so bind them on the cells'
        # class (and on this feature's tabs), never on the root (a text field elsewhere keeps them).
        def key(fn):
            def handler(event):
                if event.state & (0x0004 | 0x0008 | 0x0080):
                    return None  # Ctrl+C copies, Ctrl+H ... go on to the window's bindings
                fn()
                return "break"
            return handler

        for seq, fn in (("<KeyPress-h>", self.hints.key), ("<KeyPress-H>", self.hints.key),
                        ("<KeyPress-c>", self.toggle_candidates), ("<KeyPress-C>", self.toggle_candidates)):
            self.root.bind_class("SudokuCell", seq, key(fn))
            for w in (self.hints.tab, self.explanation.steps_list, self.card.tab):
                w.bind(seq, key(fn))

    def _init_hooks(self) -> None:
        c = self.controller
        c.puzzle_listeners.append(self._on_puzzle_changed)
        c.render_listeners.append(self._on_render)
        c.diagnosis_listeners.append(self.card.on_diagnosis)
        self._cell_input = self.form.action_map.handler_for("cell_input")
        self.form.action_map.on("cell_input", self._on_cell_input)
        if self.demo is not None:
            self.demo.activate_listeners.append(self._on_demo_activate)

    def _on_demo_activate(self) -> None:
        """The search demo takes the grid: leave the explanation, hide candidates and hint marks."""
        if self.explanation.explaining is not None:
            self.explanation.leave(render=False)
        self.form.pencil.hide()
        self.form.cell_grid.clear_marks(*HINT_MARKS)

    def _on_puzzle_changed(self) -> None:
        """Another puzzle is shown: the rating, the card, the hint and the explanation of the old one go
        (each tab says how to fill it for this one); nothing is recomputed until asked for."""
        self.rating, self.rated = None, None
        self.explanation.clear()
        self.hints.reset()
        self.hints.show_idle()
        self.card.show(None)

    def _on_render(self) -> None:
        """The controller showed its Board: track the candidate state, drop stale hints, redraw."""
        b = self.controller.board
        removed_before = self.removed
        if b.givens != self._givens:  # another puzzle: its candidates start afresh
            self._givens = b.givens
            self.removed = frozenset()
            self._removed_of.clear()
        known = self._removed_of.get(id(b))
        if known is not None and known[0] is b:
            self.removed = known[1]
        else:
            self.remember(b, self.removed)
        if self.explanation.explaining is not None:  # the grid changed under the explanation (Undo, Open...)
            self.explanation.end()
        hints = self.hints
        if hints.board is not None and hints.board is not b:
            if self.removed == removed_before and hints.board.same_grid(b):
                # Lock givens (Ctrl+L) or Ctrl+G changed only the mode: the hint still answers the grid shown
                hints.board = b
            else:
                hints.reset()
                hints.show_idle(_("The grid changed. Press H for a hint about this position."))
        self.refresh_candidates()

    def remember(self, board, removed) -> None:
        self._removed_of[id(board)] = (board, removed)
        while len(self._removed_of) > MAX_REMEMBERED:
            del self._removed_of[next(iter(self._removed_of))]

    def _on_cell_input(self, cell, digit) -> None:
        if self.explanation.explaining is not None:
            self.form.set_status(say("The grid shows step {k} of the solution. Back to my grid (or Esc in the list of "
                                     "steps) lets you type again.", k=self.explanation.explaining + 1), "warn")
            return
        if self._cell_input is not None:
            self._cell_input(cell, digit)

    def select(self, tab) -> None:
        """Bring a tab of this feature to the front (not in the presentation view, which shows only its own)."""
        if not getattr(self.form, "is_presentation", False):
            self.form.side_panel.select(tab)

    def demo_active(self) -> bool:
        return bool(self.demo is not None and self.demo.active)

    def candidates(self, grid: Grid | None = None) -> solver.Candidates:
        """The candidates of ``grid`` (default: the current grid) minus the applied eliminations."""
        b = self.controller.board
        g = b.grid() if grid is None else grid
        cands = solver.candidates(g).without(self.removed)
        if b.has_notes and g == b.grid():  # the person's notes narrow the cells they cover
            cands = solver.Candidates(m & n if n else m for m, n in zip(cands.masks, b.notes))
        return cands

    def toggle_candidates(self) -> None:
        self.var_candidates.set(not self.var_candidates.get())
        self._on_candidates_toggled()

    def _on_candidates_toggled(self) -> None:
        on = self.var_candidates.get()
        self.refresh_candidates()
        self.form.set_status(_("Candidates shown: the digits each blank cell can still take (C hides them).")
                             if on else _("Candidates hidden (C shows them)."))

    def refresh_candidates(self) -> None:
        """Draw the pencil marks the current state asks for (the user's grid, a hint, or a step shown)."""
        f = self.form
        if self.demo_active() or self.controller.closing:
            f.pencil.hide()
            return
        if self.explanation.explaining is not None:
            self.explanation.draw_candidates()
            return
        g = self.controller.board.grid()
        hints = self.hints
        step = hints.hint.step if (hints.hint is not None and hints.board is self.controller.board) else None
        wanted: dict = {}
        if self.var_candidates.get():
            if not solver.validate(g):
                cands = self.candidates(g)
                wanted = {cell: cands[cell] for cell in g.blanks()}
        elif step is not None and self.hints.level >= 3:
            # a hint shows the pencil marks of its own cells (never a lone candidate that is the answer)
            wanted = candidates_shown(step, self.hints.level, self.candidates(g), g)
        strike, emph = step_looks(step, self.hints.level) if step is not None else ({}, {})
        notes = self.controller.board.notes  # the person's own pencil marks (app/features/notes.py)
        for i in range(81):
            cell = cell_of(i)
            if cell in wanted:
                f.pencil.show(cell, wanted[cell], strike.get(cell, ()), emph.get(cell, ()))
            elif notes[i] and not g.cells[i]:
                f.pencil.show(cell, self.controller.board.notes_of(cell), strike.get(cell, ()), emph.get(cell, ()))
            else:
                f.pencil.hide(cell)

    def job_failed(self, exc: BaseException) -> None:
        if isinstance(exc, solver.Cancelled):
            return
        if isinstance(exc, ValueError):
            self.form.set_status(str(exc), "error")
            return
        self.controller.report_exception(type(exc), exc, exc.__traceback__)

    def rate(self, then) -> None:
        """``then(rating)`` for the current puzzle: at once when known, else after rating it on the worker."""
        g = self.controller.puzzle()
        if not g.filled_count:
            self.form.set_status(_("The grid is empty: pick an Example, paste a puzzle or make a new one (Ctrl+N)."),
                                 "warn")
            return
        if self.rated == g and self.rating is not None:
            then(self.rating)
            return
        conflicts = solver.validate(g)
        if conflicts:
            self.form.cell_grid.set_marks("conflict", [c for k in conflicts for c in k.cells])
            self.form.set_status(say("The puzzle breaks the rules: {conflict:clause}. Fix it first.",
                                     conflict=conflicts[0].message), "warn")
            return

        def done(rating, seconds):
            if self.controller.puzzle() != g:
                return  # rated a puzzle no longer shown (the job is normally stopped before)
            self.rating, self.rated = rating, g
            self.rating_seconds = seconds
            then(rating)
            if self.card.shown is not rating and self.controller.puzzle() == g:
                self.card.show(rating)  # whoever asked (F7 too), the card shows what is known now

        def failed(exc):
            self.card.show(None)
            self.job_failed(exc)

        # the card first: once the job runs, every Tcl call waits for the interpreter (app/worker.py)
        self.card.show_rating_under_way()
        self.controller.run_job("rate", lambda cancel: solver.rate(g, cancel=cancel), done, failed,
                                status=_("Rating the puzzle: the logical path and the backtracker's work…"))

    def open_lesson(self, step=None, all_techniques: bool = False) -> None:
        """The short explanation of the hint's technique (or of ``step``'s), in a small window."""
        if step is None and not all_techniques:
            if self.hints.hint is not None and self.hints.hint.step is not None:
                step = self.hints.hint.step
            elif self.rating is not None and self.rating.hardest:
                self.form.dialogs.show_text(what_is(self.rating.hardest), lesson_text(self.rating.hardest))
                return
        if step is None:
            self.form.dialogs.show_text(_("Techniques"), _("The techniques, simplest first (a hint tries them in "
                                                           "this order):") + "\n\n" + "\n\n".join(
                                            f"{technique_name(t.name)} ({level_name(t.level)})\n{technique_summary(t)}"
                                            for t in solver.TECHNIQUES))
            return
        self.form.dialogs.show_text(what_is(step.technique), lesson_text(step.technique, step))

    def demo_from_here(self, grid: Grid | None = None) -> bool:
        """Start the search demo from the position where logic got stuck (or ``grid``); False when it cannot."""
        if self.demo is None:
            return False
        b = self.controller.board
        if grid is not None:
            self.demo_from = (b, grid)
        elif self.demo_from is None or self.demo_from[0] is not b:
            self.demo_from = (b, b.grid())
        started = self.demo.start(position=self.demo_from[1])
        if started:
            self.demo.form.set_status(_("Search demo from the position where logic got stuck: Space plays, → steps."))
        return started

    def new_puzzle_dialog(self):
        from .puzzles import NewPuzzleDialog

        return NewPuzzleDialog(self)

    def new_puzzle(self, level: str, symmetry: str | None = None, seed=None, on_done=None) -> None:
        """Generate a puzzle of ``level`` on the worker and load it as givens (one undo step).

        An unknown level or symmetry is reported in the status line with the valid ones.
        """
        label = level_name(level)
        sym = None if symmetry in (None, "none") else symmetry

        def work(cancel):
            t0 = time.perf_counter()
            g = solver.generate(level, sym, seed, cancel=cancel)
            made = time.perf_counter() - t0
            # the card's rating too (the generator only knows the level): the new puzzle comes with its card
            return g, made, solver.rate(g, cancel=cancel)

        def done(result, _seconds):
            g, seconds, rating = result  # the seconds the generator took (the rating's are not "made in")
            c = self.controller
            c.current_file = None
            if sym:
                text = say_n("New {level} puzzle ({n:n} given, {sym} symmetry), made in {time}. Ctrl+Z brings the "
                             "old grid back.", "New {level} puzzle ({n:n} givens, {sym} symmetry), made in {time}. "
                             "Ctrl+Z brings the old grid back.", g.filled_count, level=label,
                             sym=symmetry_name(sym), time=format_seconds(seconds))
            else:
                text = say_n("New {level} puzzle ({n:n} given), made in {time}. Ctrl+Z brings the old grid back.",
                             "New {level} puzzle ({n:n} givens), made in {time}. Ctrl+Z brings the old grid back.",
                             g.filled_count, level=label, time=format_seconds(seconds))
            c.files.load_puzzle(g, text)
            if c.puzzle() == g:  # loaded (the puzzle listeners emptied the card): this is its card
                self.rating, self.rated = rating, g
                # drawn a moment later, so that the window shows the new grid in between
                self.root.after_idle(lambda: self.rated == g and c.puzzle() == g and self.card.show(rating))
            if on_done is not None:
                on_done(g, seconds)

        def failed(exc):
            self.job_failed(exc)
            if on_done is not None:
                on_done(None, 0.0)

        self.controller.run_job("generate", work, done, failed,
                                status=say("Making a new {level} puzzle… (Esc cancels)", level=label))


def install_teach(form, controller, demo=None) -> Teach:
    """Add candidates, hints, the explained solution, the difficulty card, the generator and worksheets."""
    return Teach(form, controller, demo)
