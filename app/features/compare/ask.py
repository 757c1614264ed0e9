"""Compare with your paper: the engine asks about the cell, or the few cells, that decide between the fixes.

When several fixes each leave one solution, only the paper knows which puzzle was printed.
``solver.paper_question`` names what to compare, and ``solver.diagnose(grid, answers=...)``
ranks the fixes with the answers given so far.  The panel (in the Findings tab, in place of the
list) asks one of two things:

* **One cell**: the cell large in a small grid with its row, column and box tinted (and marked
  on the grid), "What does your paper show in r2c6?", answered with the digit buttons, *blank*,
  or the keys 0-9 (0 or . for blank; space presses the focused button, else blank).
* **A look at several cells** (``q.region``): those cells tinted and outlined on the grid,
  "Compare the 8 tinted cells with your paper. Click each one that shows something else", a
  button per cell and *All the same* (Enter).  A click on a tinted cell (on the grid or its
  button) turns the panel into the one-cell question for it, with the digits the fixes put
  there emphasised; its digit is noted (the cell's button shows it) and the look comes back, to
  click another cell that differs.  *The others are the same* (Enter; *All the same* while no
  cell differs) answers the look: the paper's digit in every cell of it, the typed one where it
  is the same.  While a look is open a click on the grid only chooses: it never focuses or
  types in a cell.

Each answer narrows the list on screen; *Change my last answer* (Backspace) takes back a whole
answer (a look's is one), or, in a look not answered yet, the last cell noted or chosen.  When one explanation
is left it says "On your paper r2c5 is 9: that is the slip" and offers *Apply fix* (one undo
step).

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

from app.window.looks import BOX_LINE, CELL_LINE, GRID_TAG, MARKS, NOTE_TEXT, WHITE
from app.wording import _, say, say_n

from .panel import PutAside

logger = logging.getLogger(__name__)

__all__ = ["AskPanel"]

_TINT = MARKS["paper_row"].bg    # the asked cell's row, column and box, as on the grid
_ASKED = MARKS["paper_cell"].bg  # the asked cell
# the app's bind tags are named Sudoku...: a language switch unbinds them (app/features/language.py)
_BINDTAG = "SudokuPaperAsk"
_SHOWN = 4           # explanations listed at most (more would push the buttons off a 768-pixel screen)
_PER_ROW = 5         # cell buttons of a look per row at most (15 cells: three rows; fewer on a narrow panel)
_ANSWER_KEYS = {**{str(d): d for d in range(10)}, **{f"KP_{d}": d for d in range(10)},
                "space": 0, "period": 0, "KP_Decimal": 0}
_MOVE_KEYS = {"Left": -1, "Up": -1, "KP_Left": -1, "KP_Up": -1,
              "Right": 1, "Down": 1, "KP_Right": 1, "KP_Down": 1}


def _cell_of_box(cell) -> int:
    return next(b for b, cells in enumerate(BOXES) if index(*cell) in cells)


class AskPanel:
    """Compare with your paper: the state (``base`` grid, ``answers``, ``question``, ``chosen``,
    ``diagnosis``) and the panel showing it."""

    def __init__(self, form, controller):
        self.form, self.controller = form, controller
        self.frame: ttk.Frame | None = None
        self.base = None          # the grid the questions are about
        self.shown_grid = None    # the grid on the board when the comparison started
        self.guess = None         # (before, after, fix): the guessed fix under comparison, or None
        self.answers: dict = {}   # cell -> digit on paper (0 blank), in the order given
        self.history: list = []   # the answers before each answer given (a look's is one)
        self.question = None
        self.chosen = None        # the cell of a look the user pointed at, its digit not given yet
        self.differs: dict = {}   # cell -> digit on paper, where it differs in the look shown, in order
        self.diagnosis = None
        self.settled = None       # the explanation the paper settled, or None
        self.waiting = False      # a question is being computed
        self.cell_buttons: dict = {}  # cell -> its button, while a look is shown
        self.aside = PutAside(form, controller)

        controller.busy_listeners.append(self._on_busy)
        controller.diagnosis_listeners.append(lambda d: self.close() if self.active else None)

    @property
    def active(self) -> bool:
        return self.base is not None

    @property
    def looking(self) -> bool:
        """A look at several cells is shown, none chosen yet."""
        return self.question is not None and self.question.region and self.chosen is None

    @property
    def asked_cell(self):
        """The cell whose digit on paper is asked now, or None (a look, or no question)."""
        q = self.question
        if q is None or self.waiting:
            return None
        if q.region:
            return self.chosen
        return tuple(q.cell)

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
        # a look at several cells: a button per cell (filled in by _show_look), then All the same
        look = self.look_frame = ttk.Frame(f)
        look.grid(row=4, column=0, sticky="w", pady=(6, 0))
        self.cells_frame = ttk.Frame(look)
        self.cells_frame.grid(row=0, column=0, sticky="w")
        self.same_button = ttk.Button(look, text=_("All the same"), style="PaperOption.TButton",
                                      command=self.answer_look)
        self.same_button.grid(row=1, column=0, sticky="w", pady=(6, 0))
        look.grid_remove()
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
        self.close_button = ttk.Button(buttons, text=_("Close"), command=self.close)
        self.close_button.pack(side="left")
        f.bind("<Configure>", self._wrap, add="+")
        root.bind_class(_BINDTAG, "<Key>", self._on_key)
        # the grid's widgets all carry GRID_TAG first: while a look is open a click chooses, never types
        root.bind_class(GRID_TAG, "<Button-1>", self._on_grid_click)
        for seq in ("<Button-2>", "<Button-3>"):  # the notes menu (a right-click) waits for the look's end
            root.bind_class(GRID_TAG, seq, lambda e: "break" if self._look_open() else None)
        for w in [self.canvas, *self.digit_buttons.values(), self.same_button, self.apply_button,
                  self.back_button, self.close_button]:
            w.bindtags((_BINDTAG,) + w.bindtags())

    def _wrap(self, event) -> None:
        for label in (self.question_label, self.typed_label, self.result_label, self.list_label):
            label.configure(wraplength=max(100, event.width - 8))
        self._flow(event.width)

    def _flow(self, width: int) -> None:
        """The look's cell buttons in rows as wide as the panel (at most _PER_ROW a row)."""
        buttons = list(self.cell_buttons.values())
        if not buttons:
            return
        each = max(b.winfo_reqwidth() for b in buttons) + 2
        per_row = max(1, min(_PER_ROW, (width - 8) // each)) if width > 1 else _PER_ROW
        for k, b in enumerate(buttons):
            b.grid_configure(row=k // per_row, column=k % per_row, sticky="ew")
        for column in range(_PER_ROW):  # as wide as the widest ("r2c5 → blank"), so the rows line up
            self.cells_frame.columnconfigure(column, uniform="cell")

    def _on_key(self, event):
        """0-9 (the keypad's too, with Num Lock) or . for blank: the answer (on a look's cell button: that
        cell's digit); space presses the focused button (on the small grid: blank); Backspace takes the last answer back; Enter: the focused
        cell button, else All the same in a look, else the settled fix; arrows move between a look's
        buttons; Esc closes."""
        ks = event.keysym
        on_button = isinstance(event.widget, ttk.Button)
        if ks == "space" and on_button:
            return None  # the button's own binding presses it
        if ks in _ANSWER_KEYS:
            pointed = next((c for c, b in self.cell_buttons.items() if b is event.widget), None)
            if self.looking and pointed is not None and not self.waiting:  # a digit on a cell's button: its digit
                self.choose(pointed)
            if self.asked_cell is not None:
                self.answer(_ANSWER_KEYS[ks])
            elif self.looking:
                self.form.set_status(self._look_text(), "warn")
            return "break"
        if ks == "BackSpace":
            self.back()
            return "break"
        if ks == "Escape":
            self.close()
            return "break"
        if ks in ("Return", "KP_Enter"):
            if self.looking:
                chosen = next((c for c, b in self.cell_buttons.items() if b is event.widget), None)
                if chosen is not None:
                    self.choose(chosen)
                else:
                    self.answer_look()
                return "break"
            if self.settled is not None:
                self.apply()
                return "break"
            return None
        if ks in _MOVE_KEYS and self.looking:
            ring = [*self.cell_buttons.values(), self.same_button]
            at = ring.index(event.widget) if event.widget in ring else -1 if _MOVE_KEYS[ks] > 0 else 0
            ring[(at + _MOVE_KEYS[ks]) % len(ring)].focus_set()
            return "break"
        return None

    def _draw(self) -> None:
        """The typed grid small, the asked cell's row, column and box tinted, and the cell large beside it
        (once settled: the slip's cell with the paper's digit).  (A look hides it: the grid shows its cells.)"""
        cv = self.canvas
        cv.delete("all")
        q = self.question
        g = self.base
        s = 16
        x0 = y0 = 4
        cell, text, colour = None, "", "#000"
        if self.asked_cell is not None:
            cell, text, colour = self.asked_cell, "?", "#8A4B00"
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
            elif q is not None and cell is not None and (r == cell[0] or c == cell[1] or i in BOXES[box]):
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

    # -- the grid's cells while a look is open ------------------------------------------
    def _grid_widgets(self):
        """(widget, cell) of the big grid: the cells and the candidates drawn over them."""
        form = self.form
        out = [(e, e.cell) for e in form.cells]
        if form.pencil is not None:
            out += [(cv, form.cells[i].cell) for i, cv in form.pencil.canvases.items()]
        return out

    def _look_open(self) -> bool:
        """A look is on the grid (its cells being compared, one being asked, or its answer computed)."""
        return self.active and self.question is not None and self.question.region

    def _on_grid_click(self, event):
        """While a look is open, a click on the grid chooses and stops there."""
        if not self._look_open():
            return None  # the cell takes the click as always
        cell = getattr(event.widget, "cell", None)
        if cell is None:
            cell = next((c for w, c in self._grid_widgets() if w is event.widget), None)
        if cell is not None and not self.waiting:
            self.choose(cell)
        return "break"

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
        self.history = []
        self.question = self.diagnosis = self.settled = self.chosen = None
        self.differs = {}
        if self.form.findings_panel.panel is not self.frame:
            self.aside.begin()
        self.form.findings_panel.show_panel(self.frame)
        self._ask()

    def _ask(self) -> None:
        base, answers = self.base, dict(self.answers)
        self.waiting = True
        self.chosen = None
        self.differs = {}
        self._show_waiting()

        def work(cancel):
            q = solver.paper_question(base, answers, cancel=cancel)
            d = solver.diagnose(base, cancel=cancel, answers=answers)
            return q, d

        self.controller.run_job("paper", work, self._show, on_error=self._failed,
                                status=_("Finding the cells that decide it…"))

    def _failed(self, exc) -> None:
        self.waiting = False
        self.close()
        if not isinstance(exc, solver.Cancelled):  # (Esc: the status line already says Cancelled)
            logger.error("the paper question failed", exc_info=(type(exc), exc, exc.__traceback__))
            self.form.set_status(_("The comparison stopped: the next question could not be found."), "warn")

    def _show_waiting(self) -> None:
        for b in [*self.digit_buttons.values(), *self.cell_buttons.values()]:
            b.state(["disabled"])
        for b in (self.same_button, self.back_button, self.apply_button):
            b.state(["disabled"])

    def _show(self, result, seconds: float) -> None:
        self.waiting = False
        if not self.active or self.controller.puzzle() != self.shown_grid:
            return  # the grid changed meanwhile: this answers another grid
        q, d = result
        self.question, self.diagnosis, self.chosen = q, d, None
        explanations = list(d.explanations)
        self.read_back_button.pack_forget()
        if q is not None:
            self.settled = None
            self._show_question()
        else:
            for w in (self.pad, self.look_frame, self.question_label, self.typed_label):
                w.grid_remove()
            self.canvas.grid()
            self.result_label.grid()
            self.form.cell_grid.clear_marks("paper_cell", "paper_row", "paper_look")
            self._show_outcome(d, explanations)
            self._draw()
            self._show_list()

    def _look_text(self) -> str:
        n = len(self.question.cells)
        return say_n("Compare the {n:n} tinted cell with your paper. Click each one that shows something else.",
                     "Compare the {n:n} tinted cells with your paper. Click each one that shows something else.", n)

    def _show_question(self) -> None:
        """The question on screen: a look at several cells, or one cell (asked, or chosen from a look)."""
        q = self.question
        cg = self.form.cell_grid
        can_back = self.history or self.differs or self.chosen is not None
        self.back_button.state(["!disabled"] if can_back else ["disabled"])
        self.result_label.grid_remove()
        self.apply_button.grid_remove()
        for w in (self.question_label, self.typed_label):
            w.grid()
        if self.looking:
            # the big grid beside shows the tinted cells: the small one would only push the buttons down
            self.canvas.grid_remove()
            self.pad.grid_remove()
            self.look_frame.grid()
            self._fill_look()
            text = self._look_text()
            self.question_label.configure(text=text)
            if self.differs:
                noted = solver.fill("{x:and}", x=[self._noted(c) for c in self.differs])
                text = say("Differs on your paper: {noted}. Click another tinted cell that differs, or press Enter "
                           "if the others are the same.", noted=noted)
                self.typed_label.configure(text=text)
                self.same_button.configure(text=_("The others are the same"))
            else:
                self.typed_label.configure(text=_("Click a tinted cell on the grid or its button here. All the "
                                                  "same: press Enter."))
                self.same_button.configure(text=_("All the same"))
            cg.clear_marks("paper_row")
            cg.set_marks("paper_cell", self.differs)
            cg.set_marks("paper_look", [c for c in q.cells if tuple(c) not in self.differs])
            self.form.set_status(text)
            self.same_button.focus_set()
        else:
            cell = self.asked_cell
            self.look_frame.grid_remove()
            self.canvas.grid()
            self.pad.grid()
            options = set(q.options_at(cell) if q.region else q.options)
            for digit, b in self.digit_buttons.items():
                b.state(["!disabled"])
                b.configure(style="PaperOption.TButton" if digit in options else "TButton")
            typed = self.base[cell]
            text = say("What does your paper show in {cell:cell}?", cell=cell)
            self.question_label.configure(text=text)
            self.typed_label.configure(text=(say("The grid has {digit} there. Click the digit on your paper, or "
                                                 "type it (0 for blank).", digit=typed) if typed else
                                             _("The grid has it blank. Click the digit on your paper, or type it "
                                               "(0 for blank).")))
            if q.region:  # chosen from a look: the other cells of the look stay, to choose another
                cg.set_marks("paper_row", ())
                cg.set_marks("paper_look", [c for c in q.cells if tuple(c) != cell and tuple(c) not in self.differs])
                cg.set_marks("paper_cell", [*self.differs, cell])
            else:
                cg.set_marks("paper_look", ())
                cg.set_marks("paper_row", [(cell[0], c) for c in range(9)] + [(r, cell[1]) for r in range(9)]
                             + [divmod(i, 9) for i in BOXES[_cell_of_box(cell)]])
                cg.set_marks("paper_cell", [cell])
            self.form.set_status(text)
            self.canvas.focus_set()
        self._draw()
        self._show_list()

    def _fill_look(self) -> None:
        """A button per cell of the look, in reading order (made again for each look)."""
        for b in self.cell_buttons.values():
            b.destroy()
        self.cell_buttons = {}
        for k, cell in enumerate(self.question.cells):
            cell = tuple(cell)
            text = self._noted(cell) if cell in self.differs else solver.cell_text(cell)
            b = ttk.Button(self.cells_frame, text=text, width=6 if cell not in self.differs else 0,
                           style="PaperOption.TButton", command=lambda cell=cell: self.choose(cell))
            b.grid(row=k // _PER_ROW, column=k % _PER_ROW, padx=1, pady=1)
            b.bindtags((_BINDTAG,) + b.bindtags())
            # the button with the focus marks its cell on the grid: the keyboard shows where it is
            b.bind("<FocusIn>", lambda e, cell=cell: self._point(cell))
            b.bind("<FocusOut>", lambda e: self._point(None))
            self.cell_buttons[cell] = b
        self._flow(self.frame.winfo_width())
        self.same_button.state(["!disabled"])

    def _noted(self, cell) -> str:
        """"r2c5 → 9" (or "r2c5 → blank"): a cell of the look and the paper's digit noted there."""
        d = self.differs[cell]
        return f"{solver.cell_text(cell)} → {d if d else _('blank')}"

    def _point(self, cell) -> None:
        if self.looking:
            self.form.cell_grid.set_marks("paper_cell", [*self.differs, *([cell] if cell is not None else [])])

    def _show_outcome(self, d, explanations) -> None:
        self.back_button.state(["!disabled"] if self.history else ["disabled"])
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

    def _show_list(self) -> None:
        """The explanations left, each with the digit it puts in the asked cell (a look: just the fixes)."""
        q = self.question
        explanations = list(self.diagnosis.explanations) if self.diagnosis is not None else []
        if q is None or not explanations:
            self.list_label.configure(text="")
            return
        cell = self.asked_cell
        lines = [_("Still possible:")]
        for x in explanations[:_SHOWN]:
            if cell is None:
                lines.append("• " + solver.short_fix(x))
                continue
            there = next((new for e in x.edits for c, new in zip(e.cells, e.new) if tuple(c) == cell),
                         self.base[cell])
            lines.append(say("• {fix} (then {cell:cell} is {digit})", fix=solver.short_fix(x), cell=cell,
                             digit=there) if there else
                         say("• {fix} (then {cell:cell} is blank)", fix=solver.short_fix(x), cell=cell))
        if len(explanations) > _SHOWN:
            lines.append(say("… and {n} more", n=len(explanations) - _SHOWN))
        self.list_label.configure(text="\n".join(lines))

    def choose(self, cell) -> None:
        """The user points at ``cell`` in a look (or at another cell of it, while choosing the digit):
        ask for the digit on paper there.  A cell outside the look changes nothing; the status says
        which cells to look at."""
        q = self.question
        if q is None or not q.region or self.waiting:
            return
        cell = tuple(cell)
        if cell not in map(tuple, q.cells):
            self.form.set_status(say("{cell:cell} is not one of the tinted cells: compare {cells:cells} with "
                                     "your paper.", cell=cell, cells=q.cells), "warn")
            return
        self.chosen = cell
        self._show_question()

    def answer(self, digit: int) -> None:
        """The paper shows ``digit`` (0: blank) in the asked cell: narrow the explanations and ask again
        (a cell of a look: the digit is noted, and the look comes back)."""
        cell = self.asked_cell
        if cell is None:
            return
        q = self.question
        if q.region:
            if digit == dict(q.same)[cell]:  # the same as typed after all
                self.differs.pop(cell, None)
            else:
                self.differs[cell] = digit
            self.chosen = None
            self._show_question()
            return
        self.history.append(dict(self.answers))
        self.answers[cell] = digit
        self._ask()

    def answer_look(self) -> None:
        """The look answered (All the same, or The others are the same): the paper's digit in every cell
        of it, the typed one but where a digit was noted.  One answer, taken back at once."""
        if not self.looking or self.waiting:
            return
        self.history.append(dict(self.answers))
        self.answers.update(self.question.same)
        self.answers.update(self.differs)
        self._ask()

    def back(self) -> None:
        """Take back the last answer (all of a look's) and ask again; in a look not answered yet, the
        cell chosen, else the last digit noted."""
        if self.waiting:
            return
        if self.chosen is not None:
            self.chosen = None
            self._show_question()
        elif self.differs:
            self.differs.popitem()
            self._show_question()
        elif self.history:
            self.answers = self.history.pop()
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
        self.question = self.settled = self.chosen = None
        self.differs = {}
        self.form.cell_grid.clear_marks("paper_cell", "paper_row", "paper_look")

    def puzzle_changed(self) -> None:
        """Another puzzle is shown: a comparison of the old one ends."""
        if self.active and self.controller.puzzle() != self.shown_grid:
            self.close()
