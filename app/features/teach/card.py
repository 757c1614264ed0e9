"""The difficulty card (F8, and after Check puzzle on a puzzle with one solution).

The "Difficulty" side tab: the level, whether the solution is unique, the givens, the
score, the hardest technique (with a link to what it is), the logical path's length, the
techniques used and the work a computer needs.  Part of the Teach feature (app/features/teach/
rates the puzzle and keeps the rating).
"""
from __future__ import annotations

import logging
import tkinter as tk
from tkinter import ttk

import solver

from app.window.layout import fit_tree_columns
from app.window.looks import BLACK, LABEL_TEXT, LEVEL_COLOURS, STATUS_COLOURS
from app.wording import N_, _, format_count, level_name, pgettext, say, say_n, technique_name, what_is

logger = logging.getLogger(__name__)

__all__ = ["Card", "COUNT_ROWS"]

COUNT_ROWS = 5  # the techniques table's height on a card that lists none (a rated card sizes it to its rows)


class Card:
    """The "Difficulty" tab, filled from a :class:`solver.Rating`."""

    def __init__(self, teach):
        self.teach = teach
        self.form = teach.form
        self.controller = teach.controller
        self._init_tab()

    def _init_tab(self) -> None:
        f = self.form
        tab = self.tab = ttk.Frame(f.side_panel, padding=8)
        f.side_panel.add(tab, text=_("Difficulty"))
        tab.columnconfigure(1, weight=1)
        self.fields: dict[str, tk.Label] = {}

        def field(row, key, title, font="text"):
            tk.Label(tab, text=_(title), font=self.teach.fonts["small"], fg=LABEL_TEXT, anchor="w").grid(
                row=row, column=0, sticky="w", padx=(0, 8))
            v = tk.Label(tab, text="", font=self.teach.fonts[font], anchor="w", justify="left")
            v.grid(row=row, column=1, sticky="ew")
            self.fields[key] = v

        top = ttk.Frame(tab)
        top.grid(row=0, column=0, columnspan=2, sticky="ew")
        self.level = tk.Label(top, text="", font=self.teach.fonts["level"], anchor="w")
        self.level.pack(side="left")
        # beside the level: the rating on Sudoku Explainer's scale, the one players quote
        self.se = tk.Label(top, text="", font=self.teach.fonts["small"], fg=LABEL_TEXT, anchor="w")
        self.se.pack(side="left", padx=(10, 0), anchor="s", pady=(0, 4))
        field(1, "unique", N_("Solution"))
        field(2, "givens", N_("Givens"))
        field(3, "score", N_("Score"))
        field(4, "hardest", N_("Hardest technique"))
        self.link = self.teach.link(tab, lambda: self.teach.open_lesson())
        self.link.grid(row=5, column=1, sticky="ew")  # spans its column: wraps at its width
        field(6, "path", N_("Logical path"))
        tk.Label(tab, text=_("Techniques used"), font=self.teach.fonts["small"], fg=LABEL_TEXT, anchor="w").grid(
            row=7, column=0, columnspan=2, sticky="w", pady=(6, 0))
        self.counts = ttk.Treeview(tab, columns=("level", "uses"), height=COUNT_ROWS, selectmode="none", takefocus=0)
        self.counts.heading("#0", text=_("Technique"), anchor="w")
        self.counts.column("#0", width=150, anchor="w")
        self.counts.heading("level", text=_("Level"), anchor="w")
        self.counts.column("level", width=90, anchor="w", stretch=False)
        self.counts.heading("uses", text=_("Uses"), anchor="e")
        self.counts.column("uses", width=60, anchor="e", stretch=False)
        self.counts.grid(row=8, column=0, columnspan=2, sticky="ew")
        tk.Label(tab, text=_("Work for a computer"), font=self.teach.fonts["small"], fg=LABEL_TEXT, anchor="w").grid(
            row=9, column=0, columnspan=2, sticky="w", pady=(8, 0))
        self.work = ttk.Treeview(tab, columns=("tries", "backtracks"), height=2, selectmode="none",
                                      takefocus=0)
        self.work.heading("#0", text=_("Solver"), anchor="w")
        self.work.column("#0", width=170, anchor="w")
        self.work.heading("tries", text=pgettext("table heading", "Placements"), anchor="e")
        self.work.column("tries", width=95, anchor="e", stretch=False)
        self.work.heading("backtracks", text=pgettext("table heading", "Backtracks"), anchor="e")
        self.work.column("backtracks", width=95, anchor="e", stretch=False)
        self.work.grid(row=10, column=0, columnspan=2, sticky="ew")
        self.work.insert("", "end", iid="classic", text=_("Classic backtracker"), values=("", ""))
        self.work.insert("", "end", iid="fast", text=_("Fast solver (nodes)"), values=("", ""))
        self.note = tk.Label(tab, text="", font=self.teach.fonts["small"], anchor="nw", justify="left", width=40)
        self.note.grid(row=11, column=0, columnspan=2, sticky="ew", pady=(4, 0))
        self.note.bind("<Configure>", lambda e: self.note.configure(wraplength=max(150, e.width - 8)))
        self.button = ttk.Button(tab, text=_("Rate this puzzle (F8)"), command=self.rate)
        self.button.grid(row=12, column=0, columnspan=2, sticky="w", pady=(6, 0))
        self.rating_under_way = False  # True from the start of a rating until its card (or its end)
        self.shown = None  # the Rating the card shows (None: none)
        self.controller.busy_listeners.append(self._on_busy)
        self._fit_tables()

    def rate(self) -> None:
        """Rate the puzzle (on the worker, cached), show the card and say its level in the status line."""
        self.teach.rate(self._rated)

    def _rated(self, rating) -> None:
        self.show(rating, select=True)
        if rating.unique:
            # the tab as titled now: a narrow side panel shortens "Difficulty" to "Card"
            self.form.set_status(say("Difficulty: {label} (score {score:n}); the card is in the {tab} tab.",
                                     label=rating.label, score=rating.score,
                                     tab=self.form.side_panel.tab(self.tab, "text")), "ok")
        else:
            reason = solver.fill("{reason:clause}", reason=getattr(rating.diagnosis, "summary", rating.status))
            self.form.set_status(say("Not rated: {reason}", reason=reason), "warn")

    def on_diagnosis(self, d) -> None:
        """After Check puzzle: a puzzle with one solution gets its difficulty card, and the status line
        the check put up gets its level added (unless something else was said meanwhile)."""
        if d.status != "unique" or self.controller.closing:
            return
        g = self.controller.puzzle()
        said = [self.form.status_text()]  # the check's sentence, then the rating's "Rating the puzzle…"

        def show(rating):
            self.show(rating, select=True)
            if rating.unique and self.form.status_text() in said:
                self.form.set_status(said[0] + "  " + say("Difficulty: {label} (score {score:n}).",
                                                          label=rating.label, score=rating.score),
                                     self.form.status_kind)  # a warning stays one (a guessed fix)

        def rate():
            if self.controller.puzzle() == g:
                self.teach.rate(show)
                said.append(self.form.status_text())

        if self.teach.rated == g and self.teach.rating is not None:
            show(self.teach.rating)
        else:
            self.teach.root.after_idle(rate)

    def show_rating_under_way(self) -> None:
        """The puzzle is being rated (seconds for a hard one): the card says so until its rating arrives."""
        if self.shown is not None or self.counts.get_children():
            self.show(None)  # (normally empty already: a puzzle rated before is not rated again)
        self.rating_under_way = True
        self.level.configure(text=_("Rating…"), fg=BLACK)
        self.note.configure(text=_("Rating this puzzle: its logical path and the work a computer needs. The card "
                                   "fills in when it is done (Esc stops it)."))

    def _on_busy(self, busy: bool, name: str) -> None:
        """The worker started or ended a job: a rating that ended without a card (Esc, another job took
        its place) leaves the card as it was before, once the job's own result had its turn."""
        if self.rating_under_way:
            self.teach.root.after_idle(self._rating_ended)

    def _rating_ended(self) -> None:
        if not self.rating_under_way or self.controller.closing or self.controller.worker.job_name == "rate":
            return
        g = self.controller.puzzle()
        self.show(self.teach.rating if self.teach.rating is not None and self.teach.rated == g else None)

    def show(self, rating, select: bool = False) -> None:
        """Fill the Difficulty tab from a :class:`solver.Rating` (None: an empty card that says how to fill it)."""
        fields = self.fields
        self.shown = rating
        self.rating_under_way = False
        for iid in self.counts.get_children():
            self.counts.delete(iid)
        self.counts.configure(height=COUNT_ROWS)  # not the last card's tall table, empty
        for key in fields:
            fields[key].configure(text="")
        self.teach.show_link(self.link, "")
        self.work.item("classic", values=("", ""))
        self.work.item("fast", values=("", ""))
        self.se.configure(text="")
        if rating is None:  # no puzzle yet, or another one: the card was cleared (app/features/teach/)
            shown = self.controller.puzzle().filled_count
            self.level.configure(text=_("Not rated yet") if shown else _("Difficulty card"), fg=BLACK)
            fill = _("Rate this puzzle (F8), or Check puzzle (F5) on a puzzle with one solution, fills this card.")
            self.note.configure(text=_("The card belongs to the puzzle shown, and this one has not been rated.")
                                + " " + fill if shown else fill)
            self._fit_tables()
            return
        if not rating.unique:
            self.level.configure(text=_("Not rated"), fg=STATUS_COLOURS["warn"])
            fields["unique"].configure(text=f"✗ {getattr(rating.diagnosis, 'summary', rating.status)}")
            fields["givens"].configure(text=format_count(rating.givens))
            self.note.configure(text=_("Only a puzzle with exactly one solution gets a difficulty card."))
        else:
            self.level.configure(text=rating.label, fg=LEVEL_COLOURS.get(rating.level, BLACK))
            if rating.se is not None:
                self.se.configure(text=solver.describe(solver.msg("rating_se", se=rating.se)))
            fields["unique"].configure(text=_("Unique ✓"))
            fields["givens"].configure(text=format_count(rating.givens))
            fields["score"].configure(text=format_count(rating.score))
            if rating.hardest:
                t = solver.technique(rating.hardest)
                fields["hardest"].configure(text=f"{technique_name(t.name)} ({level_name(t.level)})")
                self.teach.show_link(self.link, what_is(t.name))
            elif rating.level == "guessing":
                fields["hardest"].configure(text=_("none applies: logic is stuck from the start"))
            else:
                fields["hardest"].configure(text=_("none (already solved)"))
            path = rating.path
            if path is not None:
                if path.solved:
                    text = say_n("{n:n} step", "{n:n} steps", len(path))
                else:
                    text = say_n("{n:n} step, then stuck with {left:n} cells left (guessing)",
                                 "{n:n} steps, then stuck with {left:n} cells left (guessing)",
                                 len(path), left=rating.cells_left)
                fields["path"].configure(text=text)
            for name, n in rating.counts.items():
                t = solver.technique(name)
                self.counts.insert("", "end", text=technique_name(name),
                                   values=(level_name(t.level), say("{n:n}×", n=n)))
            self.counts.configure(height=max(3, min(10, len(rating.counts) + (rating.level == "guessing"))))
            if rating.level == "guessing":
                self.counts.insert("", "end", text=_("then: guessing"), values=(
                    level_name("guessing"), say_n("{n:n} cell", "{n:n} cells", rating.cells_left)))
            b, s = rating.backtrack, rating.search
            capped = "≥ " if b.capped else ""
            est = rating.backtrack_estimate
            if b.capped and est is not None:  # the demo's Compare and the CLI state the same figure
                self.work.item("classic", values=(
                    solver.describe(solver.msg("backtrack_figure_estimated", cap=b.placements, about=est.placements)),
                    solver.describe(solver.msg("backtrack_figure_estimated", cap=b.backtracks, about=est.backtracks))))
            else:
                self.work.item("classic", values=(capped + format_count(b.placements),
                                                  capped + format_count(b.backtracks)))
            self.work.item("fast", values=(format_count(s.nodes), format_count(s.backtracks)))
            ratio = b.placements / max(1, s.nodes)
            data = dict(placements=capped + format_count(b.placements), nodes=s.nodes, ratio=ratio)
            if b.capped:
                note = say_n("The classic code (first blank, try 1 to 9) makes {placements} placements; the fast "
                             "solver, which fills forced digits first, needs {nodes:n} ({n:n} guess): at least "
                             "{ratio:0}× less work.",
                             "The classic code (first blank, try 1 to 9) makes {placements} placements; the fast "
                             "solver, which fills forced digits first, needs {nodes:n} ({n:n} guesses): at least "
                             "{ratio:0}× less work.", s.guesses, **data)
                note += " " + say("The classic count stopped at the cap of {n:n} placements, so its true cost is "
                                  "higher (the search demo's Compare counts it to the end).", n=b.placements)
            else:
                note = say_n("The classic code (first blank, try 1 to 9) makes {placements} placements; the fast "
                             "solver, which fills forced digits first, needs {nodes:n} ({n:n} guess): {ratio:0}× "
                             "less work.",
                             "The classic code (first blank, try 1 to 9) makes {placements} placements; the fast "
                             "solver, which fills forced digits first, needs {nodes:n} ({n:n} guesses): {ratio:0}× "
                             "less work.", s.guesses, **data)
            self.note.configure(text=note)
        self._fit_tables()
        if select:
            self.teach.select(self.tab)

    @property
    def tables(self) -> tuple[ttk.Treeview, ttk.Treeview]:
        """The techniques table and the work table (they size themselves from their text)."""
        return self.counts, self.work

    def _fit_tables(self) -> None:
        """Both tables as wide as their text (a technique's name, 'Fast solver (nodes)')."""
        fit_tree_columns(self.counts)
        fit_tree_columns(self.work)

    def text(self) -> str:
        """Everything the card shows, as text (for tests and the screenshot check)."""
        parts = [self.level.cget("text")] + ([self.se.cget("text")] if self.se.cget("text") else [])
        parts += [f"{k}: {v.cget('text')}" for k, v in self.fields.items() if v.cget("text")]
        parts += [f"{self.counts.item(i, 'text')}: {self.counts.item(i, 'values')[1]}"
                  for i in self.counts.get_children()]
        for iid in ("classic", "fast"):
            vals = self.work.item(iid, "values")
            if vals and vals[0]:
                parts.append(say("{solver}: {placements} placements, {backtracks} backtracks",
                                 solver=self.work.item(iid, "text"), placements=vals[0], backtracks=vals[1]))
        parts.append(self.note.cget("text"))
        return "\n".join(parts)
