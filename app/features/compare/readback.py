"""Read back the givens: the grid one row at a time, large, to compare with the paper.

Enter when the row shown is the paper's row; or type the paper's row (nine characters,
0 or . for a blank; spaces do not count) and press Enter: each difference becomes a fix at
once (one undo step per row), and the next row comes.  After row 9 the puzzle is checked
again.  This finds the slips that leave one solution, which no check of the grid can.
The panel shows in the Findings tab in place of the list; Esc or *Stop* ends it.
"""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk

from app.window.looks import BOX_LINE, CELL_LINE, WHITE
from app.wording import _, say

from .panel import PutAside

__all__ = ["ReadBack", "read_row"]

_BLANKS = "0._"
_IGNORED = " \t|-,"


def read_row(text: str) -> tuple[tuple[int, ...] | None, str]:
    """The nine digits of a row typed from the paper (0 blank), or (None, why not in words)."""
    chars = [ch for ch in text if ch not in _IGNORED]
    for k, ch in enumerate(chars, 1):
        if not (ch.isdigit() and ch.isascii()) and ch not in _BLANKS:
            return None, say("'{ch}' (character {k}) is not a digit: type the row's nine digits, "
                             "0 or . for a blank.", ch=ch, k=k)
    if len(chars) != 9:
        return None, say("A row has nine cells; you typed {n}. Type 0 or . for each blank.", n=len(chars))
    return tuple(0 if ch in _BLANKS else int(ch) for ch in chars), ""


class ReadBack:
    """The read-back panel of ``form``'s Findings tab (built on first use)."""

    def __init__(self, form, controller):
        self.form, self.controller = form, controller
        self.frame: ttk.Frame | None = None
        self.row: int | None = None  # the row shown (0..8), None when not reading back
        self.fixed_rows: list[int] = []
        self.aside = PutAside(form, controller)
        self.expected = None  # the grid the read-back works on (it changes it only by its own fixes)
        controller.puzzle_listeners.append(self._puzzle_changed)

    def _puzzle_changed(self) -> None:
        """Another puzzle was loaded (or Undo went back): the read-back of the old one ends."""
        if self.active and self.controller.puzzle() != self.expected:
            self.stop()

    @property
    def active(self) -> bool:
        return self.row is not None

    # -- the panel ----------------------------------------------------------------
    def _build(self) -> None:
        tab = self.form.findings_panel.tab
        f = self.frame = ttk.Frame(tab)
        f.columnconfigure(0, weight=1)
        family = tkfont.nametofont("TkDefaultFont").actual("family")
        self.big = tkfont.Font(f, family=family, size=22, weight="bold")
        self.head_font = tkfont.Font(f, family=family, size=12, weight="bold")
        ttk.Label(f, text=_("Read back the givens"), font=self.head_font).grid(row=0, column=0, sticky="w")
        self.where = ttk.Label(f, text="", justify="left", wraplength=300)
        self.where.grid(row=1, column=0, sticky="w", pady=(4, 0))
        self.canvas = tk.Canvas(f, height=60, width=300, background=WHITE, highlightthickness=0)
        self.canvas.grid(row=2, column=0, sticky="ew", pady=(6, 6))
        self.canvas.bind("<Configure>", lambda e: self._draw())
        self.howto = ttk.Label(f, text=_("Same as the paper: press Enter. Different: type the paper's row "
                                         "(nine digits, 0 or . for a blank) and press Enter."),
                               justify="left", wraplength=300)
        self.howto.grid(row=3, column=0, sticky="ew")
        f.bind("<Configure>", self._wrap, add="+")
        self.var = tk.StringVar(master=f)
        self.entry = ttk.Entry(f, textvariable=self.var, font=self.big, width=11)
        self.entry.grid(row=4, column=0, sticky="w", pady=(6, 0))
        self.entry.bind("<Return>", lambda e: (self.enter(), "break")[1])
        self.entry.bind("<KP_Enter>", lambda e: (self.enter(), "break")[1])
        self.entry.bind("<Escape>", lambda e: (self.stop(), "break")[1])
        self.problem = ttk.Label(f, text="", foreground="#8A4B00", justify="left", wraplength=300)
        self.problem.grid(row=5, column=0, sticky="ew", pady=(4, 0))
        buttons = ttk.Frame(f)
        buttons.grid(row=6, column=0, sticky="w", pady=(8, 0))
        self.same_button = ttk.Button(buttons, text=_("Same as the paper"), command=self.enter)
        self.same_button.pack(side="left", padx=(0, 6))
        self.back_button = ttk.Button(buttons, text=_("Previous row"), command=self.back)
        self.back_button.pack(side="left", padx=(0, 6))
        ttk.Button(buttons, text=_("Stop"), command=self.stop).pack(side="left")

    def _wrap(self, event) -> None:
        for label in (self.where, self.howto, self.problem):
            label.configure(wraplength=max(100, event.width - 8))

    def _digits(self) -> tuple[int, ...]:
        g = self.controller.puzzle()
        return tuple(g[(self.row, c)] for c in range(9))

    def _draw(self) -> None:
        if self.frame is None or self.row is None:
            return
        cv = self.canvas
        cv.delete("all")
        width = max(cv.winfo_width(), 120)
        side = min(48, (width - 8) // 9)
        cv.configure(height=side + 6)
        x0, y0 = 2, 2
        for c, d in enumerate(self._digits()):
            x = x0 + c * side
            cv.create_rectangle(x, y0, x + side, y0 + side, outline=CELL_LINE, fill=WHITE)
            if d:
                cv.create_text(x + side / 2, y0 + side / 2, text=str(d), font=self.big, fill="#000")
        for k in (0, 3, 6, 9):
            x = x0 + k * side
            cv.create_line(x, y0, x, y0 + side, fill=BOX_LINE, width=3)
        cv.create_rectangle(x0, y0, x0 + 9 * side, y0 + side, outline=BOX_LINE, width=2)

    def _show_row(self) -> None:
        self.where.configure(text=say("Row {row} of 9: compare it with row {row} on your paper.", row=self.row + 1))
        self.var.set("")
        self.problem.configure(text="")
        self.back_button.state(["!disabled"] if self.row else ["disabled"])
        self.form.cell_grid.set_marks("paper_row", [(self.row, c) for c in range(9)])
        self._draw()
        self.entry.focus_set()

    # -- the steps ----------------------------------------------------------------
    def start(self) -> None:
        """Check ▸ Read back the givens…: from row 1."""
        if not self.controller.puzzle().filled_count:
            self.form.set_status(_("The grid is empty: type or open the puzzle first, then read it back."), "warn")
            return
        if self.frame is None:
            self._build()
        self.row = 0
        self.fixed_rows = []
        self.expected = self.controller.puzzle()
        if self.form.findings_panel.panel is not self.frame:
            self.aside.begin()
        self.form.findings_panel.show_panel(self.frame)
        self._show_row()
        self.form.set_status(_("Read back: compare each row with your paper; Enter when it is the same."))

    def enter(self) -> None:
        """Enter: the row is the paper's (nothing typed), or the typed row is (fix the differences)."""
        if self.row is None:
            return
        text = self.var.get()
        if text.strip():
            digits, why = read_row(text)
            if digits is None:
                self.problem.configure(text=why)  # the text typed stays, to be corrected
                self.entry.focus_set()
                return
            if digits != self._digits():
                self._fix_row(digits)
        self._next()

    def _fix_row(self, digits: tuple[int, ...]) -> None:
        """Make the grid's row ``digits`` (the paper's): one undo step."""
        r = self.row
        board = self.controller.board
        as_givens = bool(board.givens.filled_count)
        old = self._digits()
        changes = []
        for c, (was, now) in enumerate(zip(old, digits)):
            if was != now:
                cell = (r, c)
                if as_givens:
                    board = board.with_given(cell, now)
                else:
                    board = board.with_digit(cell, now)
                changes.append(say("{cell:cell} {old} → {new}", cell=cell, old=was or "·", new=now or "·"))
        self.expected = board.givens if board.givens.filled_count else board.grid()
        self.controller.apply(board, say("Row {row} changed to match your paper: {changes}.", row=r + 1,
                                         changes=", ".join(changes)), "ok")
        self.fixed_rows.append(r)

    def _next(self) -> None:
        if self.row >= 8:
            self._finish()
            return
        self.row += 1
        self._show_row()

    def back(self) -> None:
        """Show the row before again (it can be retyped)."""
        if self.row:
            self.row -= 1
            self._show_row()

    def _finish(self) -> None:
        rows = sorted(set(self.fixed_rows))
        self.stop()
        self.controller.checking.confirm(self.controller.puzzle())
        if rows:
            text = say("Read back done: rows {rows} were changed to match your paper. Checking the puzzle…",
                       rows=", ".join(str(r + 1) for r in rows))
        else:
            text = _("Read back done: every row matches your paper. Checking the puzzle…")
        self.form.set_status(text, "ok")
        self.form.action_map.fire("check")

    def stop(self) -> None:
        """End the read-back (Stop, Esc): the list of findings again."""
        self.row = None
        self.form.cell_grid.clear_marks("paper_row")
        if self.form.findings_panel.panel is self.frame:
            self.form.findings_panel.hide_panel()
            self.aside.end()
