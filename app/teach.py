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
arrive for a grid that has changed since are dropped.  Generator and worksheet
dialogs live in ``app/puzzles.py``.

Wiring: ``install_teach(form, controller, demo)`` (called once from ``app.__main__``).
"""
from __future__ import annotations

import logging
import tkinter as tk
import tkinter.font as tkfont
from dataclasses import replace
from tkinter import ttk

import solver
from solver import Grid, cell_of

from .looks import (BLACK, HINT_MARKS, LABEL_TEXT, LEVEL_COLOURS, LINK, NOTE_TEXT, SELECTION, STATUS_COLOURS,
                    WHITE)
from .model import SOLVING
from .wording import article, format_seconds

logger = logging.getLogger(__name__)

__all__ = ["install_teach", "Teach", "LADDER"]

#: What each press of H shows next (the button's label names the next rung).
LADDER = ("Hint (H)", "Where to look (H)", "Show the cells (H)", "What follows (H)", "Apply it (H)")
MAX_REMEMBERED = 2000  # grids whose removed candidates are remembered (for Undo)


def lesson_text(name: str, step=None) -> str:
    """The short explanation of technique ``name`` (and, with ``step``, where it is in this grid)."""
    t = solver.technique(name)
    lines = [f"{t.name}  ({solver.LEVEL_LABELS[t.level]})", "", t.summary]
    if step is not None:
        lines += ["", "In this grid:", step.message, "", f"Conclusion: {step.conclusion}"]
    lines += ["", "Techniques, simplest first (the hint tries them in this order):"]
    lines += [f"{'▸' if x.name == name else '•'} {x.name}\t{solver.LEVEL_LABELS[x.level]}" for x in solver.TECHNIQUES]
    return "\n".join(lines)


class Teach:
    """Candidates, hints, the explained solution and the difficulty card on the form.

    Responsibilities: keep the candidate state of the current grid (basic candidates
    minus the eliminations applied by hints, per Board, so Undo/Redo restore them),
    draw it when asked, run the hint ladder, show the logical path step by step without
    touching the person's grid, and show the difficulty card.  Uses the form only
    through its public methods and the controller through ``run_job``/``apply``.
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
        # the hint ladder
        self.hint = None  # solver.Hint for hint_board
        self.hint_board = None
        self.hint_level = 0
        # the explained solution
        self.rating = None  # the Rating of self.rated (a puzzle Grid)
        self.rated: Grid | None = None
        self.path = None
        self.explaining: int | None = None  # the step shown, or None
        self._explain_board = None
        self._demo_from = None  # (board, grid): start the search demo from this position
        self._init_fonts()
        self._init_hint_tab()
        self._init_explain_tab()
        self._init_card_tab()
        self._init_menu()
        self._init_keys()
        self._init_hooks()
        self._show_hint_idle()
        self.show_card(None)

    # ======================================================================
    # building
    # ======================================================================
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

    def _link(self, parent, command) -> tk.Label:
        label = tk.Label(parent, text="", fg=LINK, cursor="hand2", font=self.fonts["link"], anchor="w",
                         takefocus=1, highlightthickness=1)
        label.bind("<Button-1>", lambda e: command())
        label.bind("<Return>", lambda e: command())
        label.bind("<space>", lambda e: command())
        return label

    def _init_hint_tab(self) -> None:
        f = self.form
        tab = self.hint_tab = ttk.Frame(f.side_panel, padding=8)
        f.add_side_tab("Hint", tab)
        tab.columnconfigure(0, weight=1)
        self.hint_title = tk.Label(tab, text="", font=self.fonts["big"], anchor="w", justify="left")
        self.hint_title.grid(row=0, column=0, sticky="ew")
        self.hint_link = self._link(tab, self.open_lesson)
        self.hint_link.grid(row=1, column=0, sticky="w", pady=(0, 4))
        self.hint_text = tk.Label(tab, text="", font=self.fonts["text"], anchor="nw", justify="left",
                                  bg=WHITE, relief="solid", bd=1, padx=8, pady=6, width=36, height=9)
        self.hint_text.grid(row=2, column=0, sticky="nsew", pady=(2, 6))
        self.hint_text.bind("<Configure>", lambda e: self.hint_text.configure(wraplength=max(150, e.width - 20)))
        row = ttk.Frame(tab)
        row.grid(row=3, column=0, sticky="ew")
        self.hint_button = ttk.Button(row, text=LADDER[0], command=self.hint_key)
        self.hint_button.pack(side="left")
        self.demo_button = ttk.Button(row, text="Watch the search demo from here", command=self.demo_from_here)
        self.rungs = tk.Label(tab, text="", font=self.fonts["small"], fg=NOTE_TEXT, anchor="w", justify="left")
        self.rungs.grid(row=4, column=0, sticky="ew", pady=(8, 0))
        tab.rowconfigure(5, weight=1)

    def _init_explain_tab(self) -> None:
        f = self.form
        tab = self.explain_tab = ttk.Frame(f.side_panel, padding=8)
        f.add_side_tab("Explain", tab)
        tab.columnconfigure(0, weight=1)
        tab.rowconfigure(1, weight=1)
        top = ttk.Frame(tab)
        top.grid(row=0, column=0, sticky="ew", pady=(0, 6))
        self.explain_button = ttk.Button(top, text="Explain the solution (F7)", command=self.explain)
        self.explain_button.pack(side="left")
        self.back_button = ttk.Button(top, text="Back to my grid", command=self.leave_explain)
        self.back_button.pack(side="left", padx=(6, 0))
        self.back_button.state(["disabled"])
        frame = ttk.Frame(tab)
        frame.grid(row=1, column=0, sticky="nsew")
        frame.columnconfigure(0, weight=1)
        frame.rowconfigure(0, weight=1)
        self.steps_list = tk.Listbox(frame, font=self.fonts["small"], activestyle="dotbox", height=12, width=40,
                                     exportselection=False, selectbackground=SELECTION,
                                     selectforeground=BLACK)
        scroll = ttk.Scrollbar(frame, command=self.steps_list.yview)
        self.steps_list.configure(yscrollcommand=scroll.set)
        self.steps_list.grid(row=0, column=0, sticky="nsew")
        scroll.grid(row=0, column=1, sticky="ns")
        self.steps_list.bind("<<ListboxSelect>>", self._on_step_selected)
        self.steps_list.bind("<Escape>", lambda e: (self.leave_explain(), "break")[1])
        self.step_text = tk.Label(tab, text="", font=self.fonts["text"], anchor="nw", justify="left",
                                  bg=WHITE, relief="solid", bd=1, padx=8, pady=6, width=36, height=5)
        self.step_text.grid(row=2, column=0, sticky="ew", pady=(6, 0))
        self.step_text.bind("<Configure>", lambda e: self.step_text.configure(wraplength=max(150, e.width - 20)))
        self.step_link = self._link(tab, lambda: self.open_lesson(self._shown_step()))
        self.step_link.grid(row=3, column=0, sticky="w")
        self.explain_demo_button = ttk.Button(tab, text="Watch the search demo from here",
                                              command=self._demo_from_path_end)
        self.explain_demo_button.grid(row=4, column=0, sticky="w", pady=(4, 0))
        self.explain_demo_button.grid_remove()  # only where logic stops
        self.step_text.configure(text="Explain the solution lists every step a person would take, the "
                                      "simplest technique each time. Choose a step to see the grid as it "
                                      "was then.")
        f.side_panel.bind("<<NotebookTabChanged>>", self._on_tab_changed, add="+")

    def _init_card_tab(self) -> None:
        f = self.form
        tab = self.card_tab = ttk.Frame(f.side_panel, padding=8)
        f.add_side_tab("Difficulty", tab)
        tab.columnconfigure(1, weight=1)
        self.card_fields: dict[str, tk.Label] = {}

        def field(row, key, title, font="text"):
            tk.Label(tab, text=title, font=self.fonts["small"], fg=LABEL_TEXT, anchor="w").grid(
                row=row, column=0, sticky="w", padx=(0, 8))
            v = tk.Label(tab, text="", font=self.fonts[font], anchor="w", justify="left")
            v.grid(row=row, column=1, sticky="ew")
            self.card_fields[key] = v

        self.card_level = tk.Label(tab, text="", font=self.fonts["level"], anchor="w")
        self.card_level.grid(row=0, column=0, columnspan=2, sticky="ew")
        field(1, "unique", "Solution")
        field(2, "givens", "Givens")
        field(3, "score", "Score")
        field(4, "hardest", "Hardest technique")
        self.card_link = self._link(tab, lambda: self.open_lesson())
        self.card_link.grid(row=5, column=1, sticky="w")
        field(6, "path", "Logical path")
        tk.Label(tab, text="Techniques used", font=self.fonts["small"], fg=LABEL_TEXT, anchor="w").grid(
            row=7, column=0, columnspan=2, sticky="w", pady=(6, 0))
        self.card_counts = ttk.Treeview(tab, columns=("level", "uses"), height=5, selectmode="none", takefocus=0)
        self.card_counts.heading("#0", text="Technique", anchor="w")
        self.card_counts.column("#0", width=150, anchor="w")
        self.card_counts.heading("level", text="Level", anchor="w")
        self.card_counts.column("level", width=90, anchor="w", stretch=False)
        self.card_counts.heading("uses", text="Uses", anchor="e")
        self.card_counts.column("uses", width=60, anchor="e", stretch=False)
        self.card_counts.grid(row=8, column=0, columnspan=2, sticky="ew")
        tk.Label(tab, text="Work for a computer", font=self.fonts["small"], fg=LABEL_TEXT, anchor="w").grid(
            row=9, column=0, columnspan=2, sticky="w", pady=(8, 0))
        self.card_work = ttk.Treeview(tab, columns=("tries", "backtracks"), height=2, selectmode="none",
                                      takefocus=0)
        self.card_work.heading("#0", text="Solver", anchor="w")
        self.card_work.column("#0", width=170, anchor="w")
        self.card_work.heading("tries", text="Placements", anchor="e")
        self.card_work.column("tries", width=95, anchor="e", stretch=False)
        self.card_work.heading("backtracks", text="Backtracks", anchor="e")
        self.card_work.column("backtracks", width=95, anchor="e", stretch=False)
        self.card_work.grid(row=10, column=0, columnspan=2, sticky="ew")
        self.card_work.insert("", "end", iid="classic", text="Classic backtracker", values=("", ""))
        self.card_work.insert("", "end", iid="fast", text="Fast solver (search nodes)", values=("", ""))
        self.card_note = tk.Label(tab, text="", font=self.fonts["small"], anchor="nw", justify="left", width=40)
        self.card_note.grid(row=11, column=0, columnspan=2, sticky="ew", pady=(4, 0))
        self.card_note.bind("<Configure>", lambda e: self.card_note.configure(wraplength=max(150, e.width - 8)))
        self.card_button = ttk.Button(tab, text="Rate this puzzle (F8)", command=self.difficulty_card)
        self.card_button.grid(row=12, column=0, columnspan=2, sticky="w", pady=(6, 0))

    def _init_menu(self) -> None:
        f = self.form
        menu = tk.Menu(f.menubar)
        try:  # before Help, which stays last
            help_at = f.menubar.index("Help")
        except tk.TclError:
            help_at = None
        if help_at is None:
            f.menubar.add_cascade(label="Teach", menu=menu, underline=0)
        else:
            f.menubar.insert_cascade(help_at, label="Teach", menu=menu, underline=0)
        f.menus["teach"] = menu
        f.add_check("teach", "Show candidates (pencil marks)", "candidates", self.var_candidates, "C")
        f.add_command("teach", "Hint (press again to go deeper)", "hint", "H")
        f.add_command("teach", "Explain the solution", "explain", "F7", ("<F7>",))
        f.add_command("teach", "Difficulty card", "difficulty", "F8", ("<F8>",))
        f.add_command("teach", "Techniques…", "techniques")
        menu.add_separator()
        f.add_command("teach", "New puzzle…", "new_puzzle", "Ctrl+N", ("<Control-n>",))
        f.add_command("teach", "Export worksheet…", "worksheet", "Ctrl+P", ("<Control-p>",))
        for action, fn in (("candidates", self._on_candidates_toggled), ("hint", self.hint_key),
                           ("explain", self.explain), ("difficulty", self.difficulty_card),
                           ("techniques", lambda: self.open_lesson(None, all_techniques=True)),
                           ("new_puzzle", self.new_puzzle_dialog), ("worksheet", self.worksheet_dialog)):
            f.on(action, fn)

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

        for seq, fn in (("<KeyPress-h>", self.hint_key), ("<KeyPress-H>", self.hint_key),
                        ("<KeyPress-c>", self.toggle_candidates), ("<KeyPress-C>", self.toggle_candidates)):
            self.root.bind_class("SudokuCell", seq, key(fn))
            for w in (self.hint_tab, self.steps_list, self.card_tab):
                w.bind(seq, key(fn))

    def _init_hooks(self) -> None:
        c = self.controller
        c.render_listeners.append(self._on_render)
        c.diagnosis_listeners.append(self._on_diagnosis)
        self._cell_input = self.form.handler_for("cell_input")
        self.form.on("cell_input", self._on_cell_input)
        if self.demo is not None:
            self.demo.activate_listeners.append(self._on_demo_activate)

    def _on_demo_activate(self) -> None:
        """The search demo takes the grid: leave the explanation, hide candidates and hint marks."""
        if self.explaining is not None:
            self.leave_explain(render=False)
        self.form.pencil.hide()
        self.form.clear_marks(*HINT_MARKS)

    # ======================================================================
    # following the grid
    # ======================================================================
    def _on_render(self) -> None:
        """The controller showed its Board: track the candidate state, drop stale hints, redraw."""
        b = self.controller.board
        if b.givens != self._givens:  # another puzzle: its candidates start afresh
            self._givens = b.givens
            self.removed = frozenset()
            self._removed_of.clear()
            self.rating, self.rated, self.path = None, None, None
            self._fill_steps([])
        known = self._removed_of.get(id(b))
        if known is not None and known[0] is b:
            self.removed = known[1]
        else:
            self._remember(b, self.removed)
        if self.explaining is not None:  # the grid changed under the explanation (Undo, Open...)
            self._end_explain_state()
        if self.hint_board is not None and self.hint_board is not b:
            self._reset_hint()
            self._show_hint_idle("The grid changed. Press H for a hint about this position.")
        self.refresh_candidates()

    def _remember(self, board, removed) -> None:
        self._removed_of[id(board)] = (board, removed)
        while len(self._removed_of) > MAX_REMEMBERED:
            del self._removed_of[next(iter(self._removed_of))]

    def _on_cell_input(self, cell, digit) -> None:
        if self.explaining is not None:
            self.form.set_status(f"The grid shows step {self.explaining + 1} of the solution. Back to my grid "
                                 "(or Esc in the list of steps) lets you type again.", "warn")
            return
        if self._cell_input is not None:
            self._cell_input(cell, digit)

    def _select(self, tab) -> None:
        """Bring a tab of this feature to the front (not in the presentation view, which shows only its own)."""
        if not getattr(self.form, "is_presentation", False):
            self.form.side_panel.select(tab)

    def _demo_active(self) -> bool:
        return bool(self.demo is not None and self.demo.active)

    # ======================================================================
    # candidates
    # ======================================================================
    def candidates(self, grid: Grid | None = None) -> solver.Candidates:
        """The candidates of ``grid`` (default: the current grid) minus the applied eliminations."""
        g = self.controller.board.grid() if grid is None else grid
        return solver.candidates(g).without(self.removed)

    def toggle_candidates(self) -> None:
        self.var_candidates.set(not self.var_candidates.get())
        self._on_candidates_toggled()

    def _on_candidates_toggled(self) -> None:
        on = self.var_candidates.get()
        self.refresh_candidates()
        self.form.set_status("Candidates shown: the digits each blank cell can still take (C hides them)."
                             if on else "Candidates hidden (C shows them).")

    def refresh_candidates(self) -> None:
        """Draw the pencil marks the current state asks for (the user's grid, a hint, or a step shown)."""
        f = self.form
        if self._demo_active() or self.controller.closing:
            f.pencil.hide()
            return
        if self.explaining is not None:
            self._draw_step_candidates()
            return
        g = self.controller.board.grid()
        step = self.hint.step if (self.hint is not None and self.hint_board is self.controller.board) else None
        wanted: dict = {}
        if self.var_candidates.get():
            if not solver.validate(g):
                cands = self.candidates(g)
                wanted = {cell: cands[cell] for cell in g.blanks()}
        elif step is not None and self.hint_level >= 3:
            cands = self.candidates(g)  # a hint shows the pencil marks of its own cells
            wanted = {cell: cands[cell] for cell in step.highlight if not g[cell]}
        strike, emph = self._step_looks(step, self.hint_level) if step is not None else ({}, {})
        for i in range(81):
            cell = cell_of(i)
            if cell in wanted:
                f.pencil.show(cell, wanted[cell], strike.get(cell, ()), emph.get(cell, ()))
            else:
                f.pencil.hide(cell)

    @staticmethod
    def _step_looks(step, level: int) -> tuple[dict, dict]:
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

    # ======================================================================
    # the hint ladder
    # ======================================================================
    def hint_key(self) -> None:
        """H: the first rung of a new hint, else one rung deeper (the fifth applies the step)."""
        if self._demo_active():
            self.form.set_status("The grid shows the search demo; stop it (Ctrl+D) for a hint.", "warn")
            return
        if self.explaining is not None:
            self.leave_explain()
        b = self.controller.board
        if self.hint is not None and self.hint_board is b and self.hint.ok and self.hint_level:
            if self.hint_level >= 4:
                self.apply_hint()
            else:
                self.hint_level += 1
                self._show_hint()
            return
        if self.hint is not None and self.hint_board is b and not self.hint.ok:
            self._show_hint_outcome(self.hint)  # same grid, same answer: no need to ask again
            self._select(self.hint_tab)
            return
        self.request_hint()

    def request_hint(self) -> None:
        """Look for the simplest step from the current grid (on the worker; conflicts first, at once)."""
        b = self.controller.board
        g = b.grid()
        self._reset_hint()
        self._select(self.hint_tab)
        if not g.clue_count:
            self._show_hint_idle("The grid is empty: pick an Example, paste a puzzle or make a new one (Ctrl+N).")
            self.form.set_status("There is no puzzle to give a hint about yet.", "warn")
            return
        conflicts = solver.validate(g)
        if conflicts:
            self.form.set_marks("conflict", [c for k in conflicts for c in k.cells])
            more = f" (and {len(conflicts) - 1} more)" if len(conflicts) > 1 else ""
            self._show_problem("Fix the conflict first",
                               "No hint while the grid breaks the rules:\n"
                               + "\n".join(f"• {k.message}" for k in conflicts[:4]))
            self.form.set_status(f"No hint: {conflicts[0].message}{more}. Fix the grid first.", "warn")
            return
        givens = b.givens if b.givens.clue_count else None
        cands = self.candidates(g)

        def done(h, seconds):
            if self.controller.board is not b:
                return  # the grid changed meanwhile; a new H asks again
            self.hint, self.hint_board = h, b
            if h.ok:
                self.hint_level = 1
                self._show_hint()
            else:
                self._show_hint_outcome(h)

        self._show_hint_idle("Looking for the simplest step…")
        self.controller.run_job("hint", lambda cancel: solver.hint(g, cands, givens=givens, cancel=cancel),
                                done, self._job_failed, status="Looking for the simplest step…")

    def _job_failed(self, exc: BaseException) -> None:
        if isinstance(exc, solver.Cancelled):
            return
        if isinstance(exc, ValueError):
            self.form.set_status(str(exc), "error")
            return
        self.controller.report_exception(type(exc), exc, exc.__traceback__)

    def _reset_hint(self) -> None:
        self.hint, self.hint_board, self.hint_level = None, None, 0
        self.form.clear_marks(*HINT_MARKS)
        self.demo_button.pack_forget()

    def _show_hint_idle(self, text: str | None = None) -> None:
        self.hint_title.configure(text="Hint")
        self.hint_link.configure(text="")
        self.hint_text.configure(text=text or (
            "Press H (or the button) for a hint. Each press goes one step deeper: the technique's name, "
            "where to look, the cells, what follows, and then it is applied (Ctrl+Z takes it back)."))
        self.hint_button.configure(text=LADDER[0])
        self._show_rungs(0)

    def _show_rungs(self, level: int) -> None:
        names = ("technique", "unit", "cells", "conclusion", "apply")
        self.rungs.configure(text="  ".join(
            f"{'●' if k < level else '○'} {k + 1} {n}" for k, n in enumerate(names)))

    def _show_problem(self, title: str, text: str) -> None:
        self.hint_title.configure(text=title)
        self.hint_link.configure(text="")
        self.hint_text.configure(text=text)
        self.hint_button.configure(text=LADDER[0])
        self._show_rungs(0)

    def _show_hint_outcome(self, h) -> None:
        """A hint that is not a step: the diagnosis first, 'stuck' offers the demo, 'solved' says so."""
        f = self.form
        if h.status in ("invalid", "no_solution", "multiple"):
            self.controller.show_diagnosis(h.diagnosis, prefix="No hint: ")
            self._show_problem("The puzzle needs fixing first",
                               f"{h.message}\n\nA hint needs a puzzle with exactly one solution. The Findings "
                               "tab lists what is wrong.")
            self._select(self.hint_tab)
        elif h.status == "wrong":
            f.set_marks("wrong", h.cells)
            self._show_problem("Some digits are wrong",
                               f"{h.message}\n\nThey are crossed out. A hint from here would build on them, "
                               "so fix them first (Ctrl+Z, or type over them).")
            f.set_status(f"No hint: {h.message}", "warn")
        elif h.status == "stuck":
            self._demo_from = (self.controller.board, self.controller.board.grid())
            self._show_problem("No technique applies",
                               f"{h.message}\n\nThe search demo can take over from this position and show "
                               "how a computer guesses and backtracks.")
            self.demo_button.pack(side="left", padx=(6, 0))
            if self.demo is None:
                self.demo_button.state(["disabled"])
            f.set_status("No hint: none of the techniques this app teaches applies here. "
                         "Watch the search demo from this position?", "warn")
        elif h.status == "solved":
            self._show_problem("Solved", "The grid is complete and correct: there is nothing left to hint at.")
            f.set_status("The grid is complete and correct.", "ok")
        else:  # bad_candidates cannot happen (eliminations come from checked steps), but say it plainly
            self.removed = frozenset()
            self._remember(self.controller.board, self.removed)
            self._show_problem("Candidates reset", h.message)
            f.set_status(h.message, "warn")
            self.refresh_candidates()

    def _show_hint(self) -> None:
        """Show rungs 1..hint_level of the current step: text, link, marks and pencil marks."""
        step = self.hint.step
        k = self.hint_level
        f = self.form
        name = step.technique
        level = solver.LEVEL_LABELS[solver.technique(name).level]
        self.hint_title.configure(text=f"Try {article(name)} {name}")
        self.hint_link.configure(text=f"What is {article(name)} {name}?")
        lines = [f"1. Technique: {name} ({level})."]
        if k >= 2:
            lines.append(f"2. {step.unit_hint}")
        if k >= 3:
            digits = " and ".join(map(str, step.digits))
            lines.append(f"3. The highlighted cells: {', '.join(solver.cell_name(c) for c in step.highlight)} "
                         f"(digit{'s' if len(step.digits) > 1 else ''} {digits}).")
        if k >= 4:
            lines.append(f"4. {step.message}\n   So: {step.conclusion}")
        self.hint_text.configure(text="\n".join(lines))
        self.hint_button.configure(text=LADDER[k] if k < len(LADDER) else LADDER[-1])
        self._show_rungs(k)
        unit_cells = [c for u in step.units for c in u.cells] if k >= 2 else []
        f.set_marks("hint_unit", unit_cells)
        f.set_marks("hint_cells", step.highlight if k >= 3 else ())
        f.set_marks("hint_target", step.targets if k >= 4 else ())
        self.refresh_candidates()
        status = {1: f"Hint: try {article(name)} {name}. Press H again to see where to look.",
                  2: f"Hint: {step.unit_hint} (H again highlights the cells.)",
                  3: f"Hint: look at the highlighted cells for {article(name)} {name}. (H again: what follows.)",
                  4: f"Hint: {step.conclusion} (H again applies it.)"}[k]
        f.set_status(status)
        self._select(self.hint_tab)

    def apply_hint(self) -> None:
        """Rung 5: apply the step as one undo step (placements go in as digits; eliminations into the candidates)."""
        step = self.hint.step
        c = self.controller
        b = c.board
        self._reset_hint()
        text = f"Applied the {step.technique}: {step.conclusion} (Ctrl+Z undoes it; H for the next hint.)"
        if step.placements:
            nb = b
            for cell, d in step.placements:
                if b.mode == SOLVING:
                    nb = nb.with_digit(cell, d)
                else:  # the givens are not locked yet: the digit goes in as a solver digit
                    nb = replace(nb, solved=nb.solved.with_digit(cell, d))
            after = self.removed | frozenset(step.eliminations)
            self.removed = after
            c.apply(nb, text, "ok")
        else:
            # Only candidates change: the grid before keeps its own (a copy of the Board marks the undo step).
            before = replace(b)
            self._remember(before, self.removed)
            c.history.record(before)
            self.removed = self.removed | frozenset(step.eliminations)
            self._remember(b, self.removed)
            c.render()
            if not self.var_candidates.get():
                text += " Show candidates (C) to see them."
            self.form.set_status(text, "ok")
        self._show_hint_idle(f"Applied: {step.conclusion}\n\nPress H for the next hint.")

    def open_lesson(self, step=None, all_techniques: bool = False) -> None:
        """The short explanation of the hint's technique (or of ``step``'s), in a small window."""
        if step is None and not all_techniques:
            if self.hint is not None and self.hint.step is not None:
                step = self.hint.step
            elif self.rating is not None and self.rating.hardest:
                self.form.dialogs.show_text(f"What is {article(self.rating.hardest)} {self.rating.hardest}?",
                                            lesson_text(self.rating.hardest))
                return
        if step is None:
            self.form.dialogs.show_text("Techniques", "The techniques, simplest first (a hint tries them in "
                                        "this order):\n\n" + "\n\n".join(
                                            f"{t.name} ({solver.LEVEL_LABELS[t.level]})\n{t.summary}"
                                            for t in solver.TECHNIQUES))
            return
        self.form.dialogs.show_text(f"What is {article(step.technique)} {step.technique}?",
                                    lesson_text(step.technique, step))

    def demo_from_here(self, grid: Grid | None = None) -> bool:
        """Start the search demo from the position where logic got stuck (or ``grid``); False when it cannot."""
        if self.demo is None:
            return False
        b = self.controller.board
        if grid is not None:
            self._demo_from = (b, grid)
        elif self._demo_from is None or self._demo_from[0] is not b:
            self._demo_from = (b, b.grid())
        started = self.demo.start(position=self._demo_from[1])
        if started:
            self.demo.say("Search demo from the position where logic got stuck: Space plays, → steps.")
        return started

    # ======================================================================
    # explain the solution
    # ======================================================================
    def explain(self) -> None:
        """Rate the puzzle (on the worker, cached) and list its logical path."""
        if self._demo_active():
            self.form.set_status("The grid shows the search demo; stop it (Ctrl+D) first.", "warn")
            return
        self._select(self.explain_tab)
        self._rate(self._show_path)

    def _rate(self, then) -> None:
        """``then(rating)`` for the current puzzle: at once when known, else after rating it on the worker."""
        g = self.controller.puzzle()
        if not g.clue_count:
            self.form.set_status("The grid is empty: pick an Example, paste a puzzle or make a new one (Ctrl+N).",
                                 "warn")
            return
        if self.rated == g and self.rating is not None:
            then(self.rating)
            return
        conflicts = solver.validate(g)
        if conflicts:
            self.form.set_marks("conflict", [c for k in conflicts for c in k.cells])
            self.form.set_status(f"The puzzle breaks the rules: {conflicts[0].message}. Fix it first.", "warn")
            return
        board = self.controller.board

        def done(rating, seconds):
            if self.controller.board.givens != board.givens and self.controller.puzzle() != g:
                return
            self.rating, self.rated = rating, g
            self.rating_seconds = seconds
            then(rating)

        self.controller.run_job("rate", lambda cancel: solver.rate(g, cancel=cancel), done, self._job_failed,
                                status="Rating the puzzle: the logical path and the backtracker's work…")

    def _show_path(self, rating) -> None:
        if not rating.unique:
            self.controller.show_diagnosis(rating.diagnosis, prefix="Cannot explain: ")
            self._fill_steps([])
            self.step_text.configure(text=f"{rating.summary}\n\nThe solution can only be explained for a "
                                          "puzzle with exactly one solution.")
            self._select(self.explain_tab)
            return
        path = self.path = rating.path
        rows = [f"{k + 1:>3}. {s.technique}: {self._short(s)}" for k, s in enumerate(path)]
        if path.stuck:
            rows.append(f"  — logic stops: {path.cells_left} cells left, the rest needs guessing")
        self._fill_steps(rows)
        end = ("solves the whole puzzle." if path.solved else
               f"gets stuck with {path.cells_left} cells left: from there it needs guessing.")
        self.step_text.configure(text=f"{len(path)} steps; {rating.label}. The simplest technique each time "
                                      f"{end} Choose a step to see the grid as it was then.")
        self.form.set_status(f"The logical path: {len(path)} steps ({rating.summary}). Choose a step to see it.")
        self._select(self.explain_tab)
        self.steps_list.focus_set()

    @staticmethod
    def _short(step) -> str:
        if step.placements and not step.eliminations:
            return ", ".join(f"{solver.cell_name(c)} = {d}" for c, d in step.placements)
        return step.conclusion.rstrip(".")

    def _fill_steps(self, rows: list[str]) -> None:
        self.steps_list.delete(0, "end")
        for row in rows:
            self.steps_list.insert("end", row)

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
        if self.path is None or self._demo_active():
            return
        path = self.path
        k = max(0, min(len(path), k))
        if self.explaining is None:
            self._explain_board = self.controller.board
            self._reset_hint()
        self.explaining = k
        f = self.form
        g, puzzle = path.grid_at(k), path.start
        step = path[k] if k < len(path) else None
        placed = dict(step.placements) if step is not None else {}
        for i in range(81):
            cell = cell_of(i)
            if cell in placed:
                f.show_cell(cell, placed[cell], "placed")
            else:
                d = g[cell]
                f.show_cell(cell, d, "given" if puzzle[cell] else ("path" if d else None))
        for name in ("conflict", "finding", "selected", "suspect", "differ", "wrong", "replaced"):
            f.set_marks(name, ())
        self.explain_demo_button.grid_remove()
        if step is not None:
            f.set_marks("hint_unit", [c for u in step.units for c in u.cells])
            f.set_marks("hint_cells", step.cells)
            f.set_marks("hint_target", step.targets)
            self.step_text.configure(text=f"Step {k + 1} of {len(path)}: {step.message}\nSo: {step.conclusion}")
            self.step_link.configure(text=f"What is {article(step.technique)} {step.technique}?")
            f.set_status(f"Step {k + 1} of {len(path)}, {step.technique}: {step.conclusion} "
                         "(Back to my grid restores your grid.)")
        else:
            f.clear_marks(*HINT_MARKS)
            self.step_text.configure(text=f"Here logic stops with {path.cells_left} cells left: no technique "
                                          "this app teaches applies. From here the puzzle needs guessing.")
            if self.demo is not None:
                self.explain_demo_button.grid()
            self.step_link.configure(text="")
            f.set_status("Logic stops here; the rest needs guessing (the search demo shows how).")
        label = getattr(f, "mode_label", None)
        if label is not None:
            label.configure(text=f"Explaining step {min(k + 1, len(path))} of {len(path)}: the grid as it was "
                                 "then (Back to my grid restores yours)")
        self.back_button.state(["!disabled"])
        self._draw_step_candidates()

    def _demo_from_path_end(self) -> None:
        """Where the explained path stops: let the search demo take over from that grid."""
        if self.path is None:
            return
        grid = self.path.final_grid
        self.leave_explain(render=False)
        if not self.demo_from_here(grid):
            self.controller.render()

    def _shown_step(self):
        if self.path is not None and self.explaining is not None and self.explaining < len(self.path):
            return self.path[self.explaining]
        return None

    def _draw_step_candidates(self) -> None:
        k, path = self.explaining, self.path
        g = path.grid_at(k)
        cands = path.candidates_at(k)
        step = path[k] if k < len(path) else None
        strike, emph = self._step_looks(step, 4) if step is not None else ({}, {})
        placed = {c for c, _ in step.placements} if step is not None else set()
        for i in range(81):
            cell = cell_of(i)
            if not g[cell] and cell not in placed:
                self.form.pencil.show(cell, cands[cell], strike.get(cell, ()), emph.get(cell, ()))
            else:
                self.form.pencil.hide(cell)

    def leave_explain(self, render: bool = True) -> None:
        """Back to my grid: the person's grid, marks and candidates as they were."""
        if self.explaining is None:
            return
        self._end_explain_state()
        if render:
            self.controller.render()  # the user's Board, untouched; the listener redraws the candidates
            self.form.set_status("Back to your grid.")

    def _end_explain_state(self) -> None:
        self.explaining = None
        self._explain_board = None
        self.form.clear_marks(*HINT_MARKS)
        self.steps_list.selection_clear(0, "end")
        self.back_button.state(["disabled"])
        self.step_link.configure(text="")
        self.explain_demo_button.grid_remove()

    def _on_tab_changed(self, event=None) -> None:
        try:
            current = self.form.side_panel.select()
        except tk.TclError:
            return
        if self.explaining is not None and current != str(self.explain_tab):
            self.leave_explain()

    # ======================================================================
    # the difficulty card
    # ======================================================================
    def difficulty_card(self) -> None:
        """Rate the puzzle (on the worker, cached) and show the card."""
        self._rate(lambda r: self.show_card(r, select=True))

    def _on_diagnosis(self, d) -> None:
        """After Check puzzle: a puzzle with one solution gets its difficulty card."""
        if d.status != "unique" or self.controller.closing:
            return
        g = self.controller.puzzle()
        status = self.form.status_text()

        def show(rating):
            self.show_card(rating, select=True)
            if rating.unique:
                self.form.set_status(f"{status}  Difficulty: {rating.label} (score {rating.score}).",
                                     "ok")

        if self.rated == g and self.rating is not None:
            show(self.rating)
        else:
            self.root.after_idle(lambda: self.controller.puzzle() == g and self._rate(show))

    def show_card(self, rating, select: bool = False) -> None:
        """Fill the Difficulty tab from a :class:`solver.Rating` (None: an empty card that says how to fill it)."""
        fields = self.card_fields
        for iid in self.card_counts.get_children():
            self.card_counts.delete(iid)
        for key in fields:
            fields[key].configure(text="")
        self.card_link.configure(text="")
        self.card_work.item("classic", values=("", ""))
        self.card_work.item("fast", values=("", ""))
        if rating is None:
            self.card_level.configure(text="Difficulty card", fg=BLACK)
            self.card_note.configure(text="Check puzzle (F5) on a puzzle with one solution, or Rate this "
                                          "puzzle (F8), fills this card.")
            return
        if not rating.unique:
            self.card_level.configure(text="Not rated", fg=STATUS_COLOURS["warn"])
            fields["unique"].configure(text=f"✗ {getattr(rating.diagnosis, 'summary', rating.status)}")
            fields["givens"].configure(text=str(rating.givens))
            self.card_note.configure(text="Only a puzzle with exactly one solution gets a difficulty card.")
        else:
            self.card_level.configure(text=rating.label, fg=LEVEL_COLOURS.get(rating.level, BLACK))
            fields["unique"].configure(text="Unique ✓")
            fields["givens"].configure(text=str(rating.givens))
            fields["score"].configure(text=f"{rating.score:,}")
            if rating.hardest:
                t = solver.technique(rating.hardest)
                fields["hardest"].configure(text=f"{t.name} ({solver.LEVEL_LABELS[t.level]})")
                self.card_link.configure(text=f"What is {article(t.name)} {t.name}?")
            elif rating.level == "guessing":
                fields["hardest"].configure(text="none applies: logic is stuck from the start")
            else:
                fields["hardest"].configure(text="none (already solved)")
            path = rating.path
            if path is not None:
                fields["path"].configure(text=f"{len(path)} steps" + (
                    "" if path.solved else f", then stuck with {rating.cells_left} cells left (guessing)"))
            for name, n in rating.counts.items():
                t = solver.technique(name)
                self.card_counts.insert("", "end", text=name, values=(solver.LEVEL_LABELS[t.level], f"{n}×"))
            self.card_counts.configure(height=max(3, min(10, len(rating.counts) + (rating.level == "guessing"))))
            if rating.level == "guessing":
                self.card_counts.insert("", "end", text="then: guessing", values=(
                    "Needs guessing", f"{rating.cells_left} cells"))
            b, s = rating.backtrack, rating.search
            capped = "≥ " if b.capped else ""
            self.card_work.item("classic", values=(f"{capped}{b.placements:,}", f"{capped}{b.backtracks:,}"))
            self.card_work.item("fast", values=(f"{s.nodes:,}", f"{s.backtracks:,}"))
            ratio = b.placements / max(1, s.nodes)
            note = (f"The classic code (first blank, try 1 to 9) makes {capped}{b.placements:,} placements; "
                    f"the fast solver, which fills forced digits first, needs {s.nodes:,} "
                    f"({s.guesses:,} guesses): {'at least ' if b.capped else ''}{ratio:,.0f}× less work.")
            if b.capped:
                note += (f" The classic count stopped at the cap of {b.placements:,} placements, so its true "
                         "cost is higher (the search demo's Compare counts it to the end).")
            self.card_note.configure(text=note)
        if select:
            self._select(self.card_tab)

    def card_text(self) -> str:
        """Everything the card shows, as text (for tests and the screenshot check)."""
        parts = [self.card_level.cget("text")]
        parts += [f"{k}: {v.cget('text')}" for k, v in self.card_fields.items() if v.cget("text")]
        parts += [f"{self.card_counts.item(i, 'text')}: {self.card_counts.item(i, 'values')[1]}"
                  for i in self.card_counts.get_children()]
        for iid in ("classic", "fast"):
            vals = self.card_work.item(iid, "values")
            if vals and vals[0]:
                parts.append(f"{self.card_work.item(iid, 'text')}: {vals[0]} placements, {vals[1]} backtracks")
        parts.append(self.card_note.cget("text"))
        return "\n".join(parts)

    # ======================================================================
    # new puzzles and worksheets (app/puzzles.py)
    # ======================================================================
    def new_puzzle_dialog(self):
        from .puzzles import NewPuzzleDialog

        return NewPuzzleDialog(self)

    def worksheet_dialog(self):
        from .puzzles import WorksheetDialog

        return WorksheetDialog(self)

    def new_puzzle(self, level: str, symmetry: str | None = None, seed=None, on_done=None) -> None:
        """Generate a puzzle of ``level`` on the worker and load it as givens (one undo step).

        An unknown level or symmetry is reported in the status line with the valid ones.
        """
        label = solver.LEVEL_LABELS.get(level, level)
        sym = None if symmetry in (None, "none") else symmetry

        def work(cancel):
            return solver.generate(level, sym, seed, cancel=cancel)

        def done(g, seconds):
            c = self.controller
            c.current_file = None
            extra = f", {sym} symmetry" if sym else ""
            c.load_puzzle(g, f"New {label} puzzle ({g.clue_count} givens{extra}), made in "
                             f"{format_seconds(seconds)}. Ctrl+Z brings the old grid back.")
            if on_done is not None:
                on_done(g, seconds)

        def failed(exc):
            self._job_failed(exc)
            if on_done is not None:
                on_done(None, 0.0)

        self.controller.run_job("generate", work, done, failed,
                                status=f"Making a new {label} puzzle… (Esc cancels)")


def install_teach(form, controller, demo=None) -> Teach:
    """Add candidates, hints, the explained solution, the difficulty card, the generator and worksheets."""
    return Teach(form, controller, demo)
