"""Teach ▸ New puzzle… (Ctrl+N): a level (Easy ... Needs guessing) and a symmetry.

Generate runs ``solver.generate`` on the worker (Cancel or Esc stops it) and loads the puzzle
as givens (one undo step); the status line says its level and how long it took.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk

import solver

from app.small_dialog import SmallDialog
from app.wording import _, level_name, say, symmetry_name

__all__ = ["NewPuzzleDialog"]


class NewPuzzleDialog(SmallDialog):
    """Teach ▸ New puzzle…: level + symmetry, Generate (on the worker), Cancel."""

    def __init__(self, teach):
        super().__init__(teach.form, teach.controller, _("New puzzle"))
        self.teach = teach
        b = self.body
        self.var_level = tk.StringVar(self.win, value="medium")
        self.var_symmetry = tk.StringVar(self.win, value=symmetry_name("rotational"))
        ttk.Label(b, text=_("Level")).grid(row=0, column=0, sticky="nw", padx=(0, 12))
        levels = ttk.Frame(b)
        levels.grid(row=0, column=1, sticky="w")
        for k, level in enumerate(solver.LEVELS):
            ttk.Radiobutton(levels, text=level_name(level), value=level,
                            variable=self.var_level).grid(row=k, column=0, sticky="w")
        ttk.Label(b, text=_("Symmetry")).grid(row=1, column=0, sticky="w", padx=(0, 12), pady=(8, 0))
        self.symmetry_box = ttk.Combobox(b, textvariable=self.var_symmetry, values=[symmetry_name(x) for x in solver.SYMMETRIES],
                                         state="readonly", width=16)
        self.symmetry_box.grid(row=1, column=1, sticky="w", pady=(8, 0))
        buttons = ttk.Frame(b)
        buttons.grid(row=2, column=0, columnspan=2, sticky="e", pady=(12, 0))
        self.go_button = ttk.Button(buttons, text=_("Generate"), command=self.generate, default="active")
        self.go_button.pack(side="left", padx=(0, 6))
        self.cancel_button = ttk.Button(buttons, text=_("Close"), command=self.cancel)
        self.cancel_button.pack(side="left")
        self._status_row(3)
        self.message.configure(text=_("Each puzzle has one solution and is rated by the difficulty card's "
                                      "own rater, so its level is honest."))
        self.var_level.trace_add("write", self._note_reach)
        self.var_symmetry.trace_add("write", self._note_reach)
        self.win.bind("<Return>", lambda e: self.generate())
        self.go_button.focus_set()

    def _symmetry(self) -> str:
        shown = self.var_symmetry.get()
        return next((x for x in solver.SYMMETRIES if shown in (x, symmetry_name(x))), shown)

    def _note_reach(self, *_args) -> None:
        """Say before Generate when the chosen pair can take up to a minute, naming the quicker
        symmetry (solver.SLOW_SYMMETRIES); it still generates, with progress and Cancel."""
        if self.running:
            return
        nearest = solver.SLOW_SYMMETRIES.get((self.var_level.get(), self._symmetry()))
        self.message.configure(text=say(
            "{level:level} puzzles with {symmetry} symmetry can take up to a minute to find "
            "(Cancel stops it); {nearest} symmetry is quicker.",
            level=self.var_level.get(), symmetry=symmetry_name(self._symmetry()),
            nearest=symmetry_name(nearest)) if nearest else "")

    def generate(self) -> None:
        """Make a puzzle of the chosen level on the worker; the dialog closes when it is loaded."""
        if self.running:
            return
        level, symmetry = self.var_level.get(), self._symmetry()
        self._busy(True, say("Making a {level:level} puzzle… (Cancel stops it)", level=level))

        def done(g, seconds):
            if not self.alive:
                return
            if g is None:
                self._busy(False, self.form.status_text())
                return
            self._busy(False)
            self.close()

        self.teach.new_puzzle(level, symmetry, on_done=done)
        self._watch_job()
