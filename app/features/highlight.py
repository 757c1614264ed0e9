"""Highlighting: where the other 4s are, and the focused cell's row, column and box.

* Focusing a cell that shows a digit shines every other cell with that digit (mark
  ``same_digit``) and every pencil mark with it (a grey disc, app/window/pencil.py);
* the focused cell's row, column and box are tinted (mark ``house``);
* View ▸ Highlight digit (Alt+1…9, Alt+0 off) highlights one digit everywhere, whatever
  cell is focused, as HoDoKu's digit filter does.

The looks are neutral greys (app/window/looks.py), so they never read as a check's colour
(conflict yellow, wrong orange, finding blue); the check marks have the higher priority.

Wiring: ``install_highlight(form, controller)`` (from ``app.__main__.build_window``).
"""
from __future__ import annotations

import logging
import tkinter as tk

from solver import BOXES, COLS, ROWS, cell_of, index

from ..model import Cell
from ..wording import _, say

logger = logging.getLogger(__name__)

__all__ = ["Highlight", "install_highlight"]


class Highlight:
    """Keeps the highlight marks in step with the focus, the grid and the chosen digit.

    ``chosen`` is the digit picked in the menu (0: none, the focused cell's digit is used).
    """

    def __init__(self, form, controller):
        self.form = form
        self.controller = controller
        self.root = form.root
        self.var_digit = tk.IntVar(self.root, value=0)
        self._init_menu()
        self.root.bind_class("SudokuCell", "<FocusIn>", lambda e: self.root.after_idle(self.refresh), add="+")
        self.root.bind_class("SudokuCell", "<FocusOut>", lambda e: self.root.after_idle(self.refresh), add="+")
        controller.render_listeners.append(self.refresh)

    @property
    def chosen(self) -> int:
        return int(self.var_digit.get())

    def _init_menu(self) -> None:
        f = self.form
        view = f.menus["view"]
        view.add_separator()
        sub = tk.Menu(view, tearoff=False)
        view.add_cascade(label=_("Highlight digit"), menu=sub, underline=0)
        f.menus["highlight"] = sub
        self.submenu = sub
        for d in range(0, 10):
            # commands (not radio items), so Help ▸ Keyboard shortcuts lists them; the chosen one is marked
            f.action_map.add_command("highlight", self._label(d), f"highlight:{d}", f"Alt+{d}",
                          (f"<Alt-Key-{d}>", f"<Alt-KP_{d}>"))
            f.action_map.on(f"highlight:{d}", lambda d=d: self.choose(d))

    def _label(self, d: int) -> str:
        mark = "● " if d == self.chosen else ""
        return mark + (say("Highlight every {digit}", digit=d) if d else _("Off: follow the focused cell"))

    def choose(self, digit: int) -> None:
        """Highlight ``digit`` everywhere (0: back to the focused cell's digit)."""
        self.var_digit.set(digit)
        for d in range(10):
            self.submenu.entryconfigure(d, label=self._label(d))
        self.refresh()
        self.form.set_status(say("Highlighting every {digit}: the cells and the notes that hold it (Alt+0 stops).",
                                 digit=digit) if digit else _("Highlighting follows the focused cell's digit."))

    def digit(self) -> int:
        """The digit that shines now: the chosen one, else the focused cell's (0: none)."""
        if self.chosen:
            return self.chosen
        cell = self.form.cell_grid.focused_cell()
        text = self.form.cell_grid.cell_text(cell) if cell is not None else ""
        return int(text) if text.isdigit() else 0

    def refresh(self) -> None:
        """Put the marks where the focus, the grid and the chosen digit say."""
        f = self.form
        if self.controller.closing:
            return
        demo = self.controller.features.get("demo")
        if demo is not None and demo.active:
            f.cell_grid.clear_marks("same_digit", "house")
            f.pencil.set_shine(0)
            return
        cell = f.cell_grid.focused_cell()
        d = self.digit()
        shown = str(d)  # what the cells show (a step of the explained solution, too)
        same = [cell_of(i) for i in range(81) if d and cell_of(i) != cell and f.cell_grid.cell_text(cell_of(i)) == shown]
        f.cell_grid.set_marks("same_digit", same)
        f.cell_grid.set_marks("house", self.house(cell) if cell is not None else ())
        f.pencil.set_shine(d)

    @staticmethod
    def house(cell: Cell) -> list[Cell]:
        """The cells of ``cell``'s row, column and box, without ``cell`` itself."""
        r, c = cell
        i = index(r, c)
        box = BOXES[3 * (r // 3) + c // 3]
        return [cell_of(j) for j in sorted(set(ROWS[r]) | set(COLS[c]) | set(box)) if j != i]


def install_highlight(form, controller) -> Highlight:
    """Highlight the focused digit, the focused cell's units, and a chosen digit (View ▸ Highlight digit)."""
    return Highlight(form, controller)
