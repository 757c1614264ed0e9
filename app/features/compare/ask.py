"""Compare with your paper: the engine asks about the one cell that decides between the fixes.

When several fixes each leave one solution, only the paper knows which puzzle was printed.
``solver.paper_question`` names the cell whose answer best separates the explanations left,
and ``solver.diagnose(grid, answers=...)`` ranks them with the answers given so far.  The
panel (in the Findings tab, in place of the list) shows that cell large in a small grid with
its row, column and box tinted (and marks them on the grid), asks "What does your paper show
in r2c6?", and takes the answer from the digit buttons, *blank*, or the keys 0-9 (0, space or
. for blank).  Each answer narrows the list on screen; when one explanation is left it says
"On your paper r2c5 is 9: that is the slip" and offers *Apply fix* (one undo step).

After a fix the check guessed (app/checking.py, ``guessed``), the comparison starts from the
grid before that fix, so the paper can confirm it, or replace it with the right one in one step.
Each question is computed on the worker (``controller.run_job``), never on the Tk thread.
"""
from __future__ import annotations

import logging
import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk

import solver
from solver import BOXES, index

from app.window.looks import BOX_LINE, CELL_LINE, NOTE_TEXT, WHITE
from app.wording import _, say

from .panel import PutAside

logger = logging.getLogger(__name__)

__all__ = ["AskPanel"]

_TINT = "#E4F0E0"    # the asked cell's row, column and box
_ASKED = "#FFE08A"   # the asked cell
_BINDTAG = "PaperAskKeys"
_SHOWN = 6           # explanations listed at most
_ANSWER_KEYS = {**{str(d): d for d in range(10)}, **{f"KP_{d}": d for d in range(10)},
                "space": 0, "period": 0, "KP_Decimal": 0}


def _cell_of_box(cell) -> int:
    return next(b for b, cells in enumerate(BOXES) if index(*cell) in cells)


class AskPanel:
    """Compare with your paper: the state (``base`` grid, ``answers``, ``question``, ``diagnosis``)
    and the panel showing it."""

    def __init__(self, form, controller):
        self.form, self.controller = form, controller
        self.frame: ttk.Frame | None = None
        self.base = None          # the grid the questions are about
        self.shown_grid = None    # the grid on the board when the comparison started
        self.guess = None         # (before, after, fix): the guessed fix under comparison, or None
        self.answers: dict = {}   # cell -> digit on paper (0 blank), in the order given
        self.question = None
        self.diagnosis = None
        self.settled = None       # the explanation the paper settled, or None
        self.waiting = False      # a question is being computed
        self.aside = PutAside(form, controller)

        controller.busy_listeners.append(self._on_busy)
        controller.diagnosis_listeners.append(lambda d: self.close() if self.active else None)

    @property
    def active(self) -> bool:
        return self.base is not None

    def _on_busy(self, busy: bool, name: str) -> None:
        """A question being computed was stopped (Esc, or another job such as a check took over):
        the comparison ends, since its answer will not come."""
        if not self.waiting:
            return
        if busy and name != "paper":
            self.close()
        elif not busy and name == "paper":  # done or cancelled: a result is delivered right after this
            self.form.root.after_idle(lambda: self.close() if self.waiting else None)

    # -- the panel ----------------------------------------------------------------
    def _build(self) -> None:
        root = self.form.root
        f = self.frame = ttk.Frame(self.form.findings_panel.tab)
        f.columnconfigure(0, weight=1)
        family = tkfont.nametofont("TkDefaultFont").actual("family")
        self.head_font = tkfont.Font(f, family=family, size=12, weight="bold")
        self.question_font = tkfont.Font(f, family=family, size=14, weight="bold")
        self.big = tkfont.Font(f, family=family, size=26, weight="bold")
        self.small = tkfont.Font(f, family=family, size=9)
        ttk.Label(f, text=_("Compare with your paper"), font=self.head_font).grid(row=0, column=0, sticky="w")
        self.canvas = tk.Canvas(f, width=300, height=150, background=WHITE, highlightthickness=1, takefocus=1)
        self.canvas.grid(row=1, column=0, sticky="w", pady=(6, 4))
        self.question_label = ttk.Label(f, text="", font=self.question_font, justify="left", wraplength=300)
        self.question_label.grid(row=2, column=0, sticky="ew")
        self.typed_label = ttk.Label(f, text="", foreground=NOTE_TEXT, justify="left", wraplength=300)
        self.typed_label.grid(row=3, column=0, sticky="ew")
        pad = self.pad = ttk.Frame(f)
        pad.grid(row=4, column=0, sticky="w", pady=(6, 0))
        style = ttk.Style(root)
        style.configure("PaperOption.TButton", font=(family, 11, "bold"))
        self.digit_buttons = {}
        for d in range(1, 10):
            b = ttk.Button(pad, text=str(d), width=3, command=lambda d=d: self.answer(d))
            b.grid(row=(d - 1) // 3, column=(d - 1) % 3, padx=1, pady=1)
            self.digit_buttons[d] = b
        b = ttk.Button(pad, text=_("blank"), width=7, command=lambda: self.answer(0))
        b.grid(row=0, column=3, rowspan=1, padx=(6, 0), pady=1, sticky="w")
        self.digit_buttons[0] = b
        self.result_label = ttk.Label(f, text="", font=self.question_font, foreground="#006B4F", justify="left",
                                      wraplength=300)
        self.result_label.grid(row=5, column=0, sticky="ew", pady=(6, 0))
        self.list_label = ttk.Label(f, text="", justify="left", wraplength=300)
        self.list_label.grid(row=6, column=0, sticky="ew", pady=(6, 0))
        # Apply fix on a row of its own: its text names the fix, long in some languages
        self.apply_button = ttk.Button(f, text=_("Apply fix"), command=self.apply)
        self.apply_button.grid(row=7, column=0, sticky="w", pady=(8, 0))
        buttons = ttk.Frame(f)
        buttons.grid(row=8, column=0, sticky="w", pady=(6, 0))
        self.back_button = ttk.Button(buttons, text=_("Change my last answer"), command=self.back)
        self.back_button.pack(side="left", padx=(0, 6))
        self.read_back_button = ttk.Button(buttons, text=_("Read back the givens"),
                                           command=lambda: (self.close(), self.form.action_map.fire("read_back")))
        ttk.Button(buttons, text=_("Close"), command=self.close).pack(side="left")
        f.bind("<Configure>", self._wrap, add="+")
        root.bind_class(_BINDTAG, "<Key>", self._on_key)
        for w in [self.canvas, *self.digit_buttons.values(), self.apply_button, self.back_button]:
            w.bindtags((_BINDTAG,) + w.bindtags())

    def _wrap(self, event) -> None:
        for label in (self.question_label, self.typed_label, self.result_label, self.list_label):
            label.configure(wraplength=max(100, event.width - 8))

    def _on_key(self, event):
        """0-9 (the keypad's too, with Num Lock), space or . for blank: the answer; Backspace takes the
        last one back, Enter applies the settled fix, Esc closes."""
        ks = event.keysym
        if ks in _ANSWER_KEYS:
            if self.question is not None and not self.waiting:
                self.answer(_ANSWER_KEYS[ks])
            return "break"
        if ks == "BackSpace":
            self.back()
            return "break"
        if ks == "Escape":
            self.close()
            return "break"
        if ks in ("Return", "KP_Enter") and self.settled is not None:
            self.apply()
            return "break"
        return None

    def _draw(self) -> None:
        """The typed grid small, the asked cell's row, column and box tinted, and the cell large beside it
        (once settled: the slip's cell with the paper's digit)."""
        cv = self.canvas
        cv.delete("all")
        q = self.question
        g = self.base
        s = 16
        x0 = y0 = 4
        cell, text, colour = None, "", "#000"
        if q is not None:
            cell, text, colour = tuple(q.cell), "?", "#8A4B00"
        elif self.settled is not None:
            answered = [c for c in self.settled.cells if c in self.answers]
            cell = answered[-1] if answered else self.settled.cells[0]
            text, colour = str(self.settled.fixed[cell] or ""), "#006B4F"
        box = _cell_of_box(cell) if cell is not None else None
        for i in range(81):
            r, c = divmod(i, 9)
            fill = WHITE
            if (r, c) == cell:
                fill = _ASKED
            elif q is not None and (r == cell[0] or c == cell[1] or i in BOXES[box]):
                fill = _TINT
            x, y = x0 + c * s, y0 + r * s
            cv.create_rectangle(x, y, x + s, y + s, outline=CELL_LINE, fill=fill)
            if g.cells[i]:
                cv.create_text(x + s / 2, y + s / 2, text=str(g.cells[i]), font=self.small, fill="#000")
        for k in (0, 3, 6, 9):
            cv.create_line(x0 + k * s, y0, x0 + k * s, y0 + 9 * s, fill=BOX_LINE, width=2)
            cv.create_line(x0, y0 + k * s, x0 + 9 * s, y0 + k * s, fill=BOX_LINE, width=2)
        if cell is not None:
            big = 84
            bx, by = x0 + 9 * s + 18, y0 + (9 * s - big) / 2 + 8
            cv.create_text(bx + big / 2, by - 12, text=solver.cell_text(cell), font=self.question_font)
            cv.create_rectangle(bx, by, bx + big, by + big, outline=BOX_LINE, width=3, fill=_ASKED)
            cv.create_text(bx + big / 2, by + big / 2, text=text, font=self.big, fill=colour)
            cv.configure(width=bx + big + 6, height=y0 + 9 * s + 6)
        else:
            cv.configure(width=x0 + 9 * s + 6, height=y0 + 9 * s + 6)

    # -- the steps ----------------------------------------------------------------
    def start(self) -> None:
        """Check ▸ Compare with your paper… (and the Findings' button)."""
        puzzle = self.controller.puzzle()
        if not puzzle.filled_count:
            self.form.set_status(_("The grid is empty: type or open the puzzle first, then compare it with "
                                   "your paper."), "warn")
            return
        if self.frame is None:
            self._build()
        self.guess = self.controller.checking.guessed_fix()
        self.base = self.guess[0] if self.guess is not None else puzzle
        self.shown_grid = puzzle
        self.answers = {}
        self.question = self.diagnosis = self.settled = None
        if self.form.findings_panel.panel is not self.frame:
            self.aside.begin()
        self.form.findings_panel.show_panel(self.frame)
        self._ask()

    def _ask(self) -> None:
        base, answers = self.base, dict(self.answers)
        self.waiting = True
        self._show_waiting()

        def work(cancel):
            q = solver.paper_question(base, answers, cancel=cancel)
            d = solver.diagnose(base, cancel=cancel, answers=answers)
            return q, d

        self.controller.run_job("paper", work, self._show, on_error=self._failed,
                                status=_("Finding the cell that decides it…"))

    def _failed(self, exc) -> None:
        self.waiting = False
        self.close()
        if not isinstance(exc, solver.Cancelled):  # (Esc: the status line already says Cancelled)
            logger.error("the paper question failed", exc_info=(type(exc), exc, exc.__traceback__))
            self.form.set_status(_("The comparison stopped: the next question could not be found."), "warn")

    def _show_waiting(self) -> None:
        for b in self.digit_buttons.values():
            b.state(["disabled"])
        self.back_button.state(["disabled"])
        self.apply_button.state(["disabled"])

    def _show(self, result, seconds: float) -> None:
        self.waiting = False
        if not self.active or self.controller.puzzle() != self.shown_grid:
            return  # the grid changed meanwhile: this answers another grid
        q, d = result
        self.question, self.diagnosis = q, d
        cg = self.form.cell_grid
        self.back_button.state(["!disabled"] if self.answers else ["disabled"])
        explanations = list(d.explanations)
        self.read_back_button.pack_forget()
        if q is not None:
            self.settled = None
            options = set(q.options)
            for digit, b in self.digit_buttons.items():
                b.state(["!disabled"])
                b.configure(style="PaperOption.TButton" if digit in options else "TButton")
            for w in (self.pad, self.question_label, self.typed_label):
                w.grid()
            self.result_label.grid_remove()
            self.apply_button.grid_remove()
            typed = self.base[tuple(q.cell)]
            self.question_label.configure(text=say("What does your paper show in {cell:cell}?", cell=q.cell))
            self.typed_label.configure(text=(say("The grid has {digit} there. Click the digit on your paper, or "
                                                 "type it (0 for blank).", digit=typed) if typed else
                                             _("The grid has it blank. Click the digit on your paper, or type it "
                                               "(0 for blank).")))
            self.result_label.configure(text="")
            cg.set_marks("paper_row", [(q.cell[0], c) for c in range(9)] + [(r, q.cell[1]) for r in range(9)]
                         + [divmod(i, 9) for i in BOXES[_cell_of_box(q.cell)]])
            cg.set_marks("paper_cell", [tuple(q.cell)])
            self.form.set_status(say("What does your paper show in {cell:cell}?", cell=q.cell))
            self.canvas.focus_set()
        else:
            for w in (self.pad, self.question_label, self.typed_label):
                w.grid_remove()
            self.result_label.grid()
            cg.set_marks("paper_cell", ())
            cg.set_marks("paper_row", ())
            self._show_outcome(d, explanations)
        self._draw()
        self._show_list(q, explanations)

    def _show_outcome(self, d, explanations) -> None:
        fix = explanations[0] if explanations else None
        if fix is None:
            if d.status == "unique":
                text = _("Nothing to compare: the grid has one solution and no fix to choose. Read back the givens "
                         "finds a slip that keeps the puzzle unique.")
            else:
                text = _("No slip of the kinds the check knows explains this grid: read it back row by row "
                         "instead.")
            self.result_label.configure(text=text, foreground="#8A4B00")
            self.read_back_button.pack(side="left", padx=(0, 6), before=self.back_button)
            self.apply_button.grid_remove()
            self.form.set_status(text, "warn")
            return
        self.settled = fix
        words = solver.short_fix(fix)
        answered = [c for c in fix.cells if c in self.answers]
        if self.guess is not None and fix.fixed == self.guess[1]:
            text = say("Your paper confirms the fix {fix} ✓", fix=words)
            button = _("Done")
        elif answered:
            cell = answered[-1]
            text = (say("On your paper {cell:cell} is {digit}: that is the slip.", cell=cell, digit=self.answers[cell])
                    if self.answers[cell] else
                    say("On your paper {cell:cell} is blank: that is the slip.", cell=cell))
            button = say("Apply fix: {fix}", fix=words)
        elif self.answers:
            text = say("Your answers leave one explanation: {fix}.", fix=words)
            button = say("Apply fix: {fix}", fix=words)
        else:
            text = say("The grid alone tells it: {fix}.", fix=words)
            button = say("Apply fix: {fix}", fix=words)
        self.result_label.configure(text=text, foreground="#006B4F")
        self.apply_button.configure(text=button)
        self.apply_button.state(["!disabled"])
        self.apply_button.grid()
        self.form.cell_grid.set_marks("paper_cell", fix.cells)
        self.form.set_status(text, "ok")
        self.apply_button.focus_set()

    def _show_list(self, q, explanations) -> None:
        if q is None or not explanations:
            self.list_label.configure(text="")
            return
        lines = [_("Still possible:")]
        for x in explanations[:_SHOWN]:
            there = next((new for e in x.edits for cell, new in zip(e.cells, e.new) if tuple(cell) == tuple(q.cell)),
                         self.base[tuple(q.cell)])
            lines.append(say("• {fix} (then {cell:cell} is {digit})", fix=solver.short_fix(x), cell=q.cell,
                             digit=there) if there else
                         say("• {fix} (then {cell:cell} is blank)", fix=solver.short_fix(x), cell=q.cell))
        if len(explanations) > _SHOWN:
            lines.append(say("… and {n} more", n=len(explanations) - _SHOWN))
        self.list_label.configure(text="\n".join(lines))

    def answer(self, digit: int) -> None:
        """The paper shows ``digit`` (0: blank) in the asked cell: narrow the explanations and ask again."""
        q = self.question
        if q is None or self.waiting:
            return
        self.answers[tuple(q.cell)] = digit
        self._ask()

    def back(self) -> None:
        """Take back the last answer and ask again."""
        if self.answers and not self.waiting:
            self.answers.pop(next(reversed(self.answers)))
            self._ask()

    def apply(self) -> None:
        """Apply the settled fix (one undo step); a guessed fix it replaces is taken back in the same step."""
        fix = self.settled
        if fix is None:
            return
        checking = self.controller.checking
        guess = self.guess
        self.close()
        if guess is not None and fix.fixed == guess[1]:
            checking.confirm(guess[1])
            self.form.set_status(say("Your paper confirms the fix {fix}: the puzzle has exactly one solution ✓",
                                     fix=solver.short_fix(fix)), "ok")
            return
        board = None
        if guess is not None:  # take the guessed fix back first, in the same undo step
            board = self.controller.board
            as_givens = bool(board.givens.filled_count)
            for cell in guess[2].cells:
                d = guess[0][cell]
                board = board.with_given(cell, d) if as_givens else board.with_digit(cell, d)
        checking.apply_fix(fix, confirmed=True, board=board)

    def close(self) -> None:
        """Close the panel: the list of findings again."""
        if self.waiting:
            self.controller.worker.cancel()
            self.waiting = False
        if self.form.findings_panel.panel is self.frame:
            self.form.findings_panel.hide_panel()
            self.aside.end()
        self.base = None
        self.question = self.settled = None
        self.form.cell_grid.clear_marks("paper_cell", "paper_row")

    def puzzle_changed(self) -> None:
        """Another puzzle is shown: a comparison of the old one ends."""
        if self.active and self.controller.puzzle() != self.shown_grid:
            self.close()
