"""The 81 cells: building, painting (digit styles and marks), keys, focus and zoom.

:class:`CellGrid` owns the cells' widgets and how each one looks.  A cell shows a digit in
a *digit style* (given, entry, solver, ...; ``looks.DIGIT_STYLES``) under any number of
*marks* (conflict, wrong, selected, ...; ``looks.MARKS``); the mark with the highest
priority colours the cell.  Keys typed in a cell become the action ``cell_input`` (fired
through the form); the arrows, Home and End move the focus.  The grid keeps its square
shape in the free space and its digits grow with it; zoom scales it.

The form (app/window/view.py) builds one and offers its methods under its own name
(``form.cell_grid.show_cell``, ``form.cell_grid.set_marks``, ``form.cells``, ...).
"""
from __future__ import annotations

import logging
import tkinter as tk
import tkinter.font as tkfont
from typing import Callable, Iterable

from solver import cell_of, index

from .looks import BLACK, BLUE, BOX_LINE, CELL_BG, CELL_LINE, DIGIT_STYLES, FOCUS_BG, GRID_TAG, MARKS
from ..model import Cell

logger = logging.getLogger(__name__)

__all__ = ["CellGrid", "BASE_CELL_PX"]

BASE_CELL_PX = 54
MODIFIER_MASK = 0x0004 | 0x0008 | 0x0080  # Control, Mod1 (Alt), Mod5 (AltGr on some systems)
DIGIT_KEYS = {**{str(d): d for d in range(1, 10)}, **{f"KP_{d}": d for d in range(1, 10)}}
CLEAR_KEYS = ("BackSpace", "Delete", "0", "KP_0", "period", "KP_Decimal", "space", "KP_Delete", "KP_Insert",
              "comma")
MOVES = {"Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1),
         "KP_Up": (-1, 0), "KP_Down": (1, 0), "KP_Left": (0, -1), "KP_Right": (0, 1)}


class CellGrid:
    """The 9x9 cells inside ``holder`` (a frame the form places), with their looks and keys.

    ``fire(action, *args)`` passes a typed digit on as ``cell_input``; ``givens_mode`` and
    ``auto_advance`` are the form's settings; ``panel`` (set by the form) is the widget whose
    height the grid grows to at 100 %; ``on_paint(i, bg)`` is told each repaint of cell ``i``
    (the pencil marks follow the cell's look).
    """

    def __init__(self, parent: tk.Widget, fire: Callable, givens_mode: tk.BooleanVar, auto_advance: tk.BooleanVar):
        self.root = parent.winfo_toplevel()
        self.fire = fire
        self.givens_mode = givens_mode
        self.auto_advance = auto_advance
        self.panel: tk.Widget | None = None
        self.on_paint: Callable[[int, str], None] | None = None
        self.has_notes: Callable[[Cell], bool] | None = None  # notes in a blank cell (app/features/notes.py)
        # True while a digit typed writes a note (Notes mode, app/features/notes.py): the cursor stays
        self.writes_notes: Callable[[], bool] | None = None
        self._marks: list[set[str]] = [set() for _ in range(81)]
        self._styles: list[str | None] = [None] * 81
        self._focus_index: int | None = None
        self._fonts: dict[tuple, tkfont.Font] = {}
        self._family = tkfont.nametofont("TkDefaultFont").actual("family")
        self._zoom = 1.0
        # The grid's side at 100 % (grown to the side panel's height).  Cells are sized in
        # pixels, so scale them with the display's DPI like the point-sized fonts around them
        # (a 150 % classroom display would otherwise get a small grid among large labels).
        dpi_factor = max(1.0, self.root.winfo_fpixels("1i") / 96.0)
        self._base_side = int(BASE_CELL_PX * dpi_factor) * 9 + 24
        self._font_px = 30
        self._cell_px = 50
        self.digit_share = 0.58  # a digit's font size as a share of the cell (the presentation view: more)

        # the grid, kept square inside a holder that takes the free space
        self.holder = tk.Frame(parent, highlightthickness=0)
        self.holder.grid_propagate(False)
        self.holder.bind("<Configure>", self._on_holder_configure)
        self.board = tk.Frame(self.holder, bg=BOX_LINE, padx=3, pady=3)
        self.board.place(relx=0.5, rely=0.0, anchor="n")  # top-aligned beside the side panel
        self._apply_zoom()

    def build(self) -> None:
        """Make the 9 boxes and 81 cells (after the rest of the window, as before the split)."""
        self.boxes: list[tk.Frame] = []
        for b in range(9):
            box = tk.Frame(self.board, bg=CELL_LINE)
            br, bc = divmod(b, 3)
            box.grid(row=br, column=bc, sticky="nsew", padx=(0 if bc == 0 else 3, 0), pady=(0 if br == 0 else 3, 0))
            for k in range(3):
                box.rowconfigure(k, weight=1, uniform="cell")
                box.columnconfigure(k, weight=1, uniform="cell")
            self.boxes.append(box)
        for k in range(3):
            self.board.rowconfigure(k, weight=1, uniform="box")
            self.board.columnconfigure(k, weight=1, uniform="box")
        vcmd = (self.board.register(self._validate_cell_text), "%P")  # goes with the board
        self.cells: list[tk.Entry] = []
        for i in range(81):
            r, c = cell_of(i)
            # Children of the board in reading order (so Tab goes row by row), shown inside
            # their box frame with ``in_``.
            e = tk.Entry(
                self.board, width=2, justify="center", relief="flat", bd=0,
                highlightthickness=3, bg=CELL_BG, insertwidth=2, insertontime=0, takefocus=1,
                validate="key", validatecommand=vcmd, exportselection=False,
                name=f"cell_r{r + 1}c{c + 1}",
            )
            e.cell = (r, c)
            # No "Entry" class bindings: every edit goes through the controller.
            e.bindtags((GRID_TAG, str(e), "SudokuCell", str(self.root), "all"))
            e.grid(in_=self.boxes[3 * (r // 3) + c // 3], row=r % 3, column=c % 3, sticky="nsew",
                   padx=(0 if c % 3 == 0 else 1, 0), pady=(0 if r % 3 == 0 else 1, 0))
            self.cells.append(e)
            self._paint(i)
        self.root.bind_class("SudokuCell", "<KeyPress>", self._on_cell_key)
        self.root.bind_class("SudokuCell", "<Button-1>", lambda e: e.widget.focus_set())
        self.root.bind_class("SudokuCell", "<FocusIn>", self._on_cell_focus)
        self.root.bind_class("SudokuCell", "<FocusOut>", self._on_cell_focus)

    # ======================================================================
    # what the cells show
    # ======================================================================
    def show_cell(self, cell: Cell, digit: int, style: str | None) -> None:
        """Show ``digit`` (0 = blank) in ``cell`` in the given digit style."""
        i = index(*cell)
        e = self.cells[i]
        text = str(digit) if digit else ""
        if e.get() != text:
            e.delete(0, "end")
            if text:
                e.insert(0, text)
        style = style if digit else None
        if self._styles[i] != style:
            self._styles[i] = style
            self._paint(i)

    def cell_text(self, cell: Cell) -> str:
        """The text shown in ``cell``."""
        return self.cells[index(*cell)].get()

    def cell_style(self, cell: Cell) -> str | None:
        return self._styles[index(*cell)]

    def cell_marks(self, cell: Cell) -> set[str]:
        return set(self._marks[index(*cell)])

    def set_marks(self, name: str, cells: Iterable[Cell]) -> None:
        """Put mark ``name`` on exactly ``cells`` (removing it everywhere else)."""
        want = {index(r, c) for r, c in cells}
        for i in range(81):
            has = name in self._marks[i]
            if has != (i in want):
                (self._marks[i].add if i in want else self._marks[i].discard)(name)
                self._paint(i)

    def clear_marks(self, *names: str) -> None:
        """Remove the named marks (all marks when none are named)."""
        for name in names or tuple(MARKS):
            self.set_marks(name, ())

    # ======================================================================
    # focus
    # ======================================================================
    def focused_cell(self) -> Cell | None:
        """The cell that has the keyboard focus, or None."""
        try:
            w = self.root.focus_get()
        except (KeyError, tk.TclError):  # focus in a dialog or a destroyed widget
            return None
        return getattr(w, "cell", None)

    def focus_cell(self, cell: Cell) -> None:
        self.cells[index(*cell)].focus_set()

    # ======================================================================
    # zoom and size
    # ======================================================================
    def zoom(self, factor: float | None) -> float:
        """Multiply the grid's size by ``factor`` (None: back to 100 %); the new zoom."""
        self._zoom = 1.0 if factor is None else min(3.0, max(0.5, self._zoom * factor))
        self._apply_zoom()
        self.root.geometry("")  # let the window take the grid's new natural size
        return self._zoom

    @property
    def zoom_level(self) -> float:
        return self._zoom

    def set_zoom(self, zoom: float) -> None:
        self._zoom = min(3.0, max(0.5, float(zoom)))
        self._apply_zoom()

    def digit_font_px(self) -> int:
        """The digits' current size in pixels (they scale with the window)."""
        return self._font_px

    def cell_px(self) -> int:
        """A cell's current side in pixels."""
        return self._cell_px

    def set_digit_share(self, share: float) -> None:
        """Digits ``share`` of a cell's side (0.58 normally), from now on."""
        self.digit_share = share
        self._size_fonts()

    def _fit_grid_to_panel(self) -> None:
        """Make the grid (at 100 %) as tall as the side panel, so no empty band is left under it.

        Checked on every layout of the grid's holder, so tabs added by later features count.
        """
        panel = self.panel.winfo_reqheight() if self.panel is not None else 0
        if panel > self._base_side:
            self._base_side = panel
            self._apply_zoom()

    def _apply_zoom(self) -> None:
        side = int(self._base_side * self._zoom)
        self.holder.configure(width=side, height=side)

    def _on_holder_configure(self, event) -> None:
        self._fit_grid_to_panel()
        side = max(90, min(event.width, event.height))
        self.board.place_configure(width=side, height=side)
        self._cell_px = int((side - 6 - 6 - 6) / 9)
        self._size_fonts()

    def _size_fonts(self) -> None:
        px = max(8, int(self._cell_px * self.digit_share))
        if px != self._font_px:
            self._font_px = px
            for f in self._fonts.values():
                f.configure(size=-px)

    # ======================================================================
    # painting
    # ======================================================================
    def _font(self, style: str, underline: bool, overstrike: bool) -> tkfont.Font:
        key = (style, underline, overstrike)
        f = self._fonts.get(key)
        if f is None:
            look = DIGIT_STYLES[style]
            f = tkfont.Font(self.root, family=self._family, size=-self._font_px, weight=look.weight,
                            slant=look.slant, underline=underline, overstrike=overstrike)
            self._fonts[key] = f
        return f

    def _paint(self, i: int) -> None:
        style = self._styles[i] or "entry"
        marks = sorted((MARKS[m] for m in self._marks[i] if m in MARKS), key=lambda m: -m.priority)
        underline = any(m.underline for m in marks)
        overstrike = any(m.overstrike for m in marks)
        focused = i == self._focus_index
        bg = marks[0].bg if marks else (FOCUS_BG if focused else CELL_BG)
        border = marks[0].border if marks else bg
        fg = DIGIT_STYLES[style].fg
        self.cells[i].configure(
            font=self._font(style, underline, overstrike), fg=fg, bg=bg,
            highlightbackground=border, highlightcolor=BLUE if not marks else BLACK,
            insertbackground=fg, disabledbackground=bg,
        )
        if self.on_paint is not None:
            self.on_paint(i, bg)  # candidates drawn over the cell follow its look

    # ======================================================================
    # keys and focus events
    # ======================================================================
    @staticmethod
    def _validate_cell_text(proposed: str) -> bool:
        return proposed == "" or (len(proposed) == 1 and proposed in "123456789")

    def _on_cell_focus(self, event) -> None:
        i = self.cells.index(event.widget) if event.widget in self.cells else None
        if i is None:
            return
        old = self._focus_index
        self._focus_index = i if event.type == tk.EventType.FocusIn else (None if old == i else old)
        for k in {old, i} - {None}:
            self._paint(k)

    def _on_cell_key(self, event):
        cell = event.widget.cell
        if event.state & MODIFIER_MASK:
            return None  # Ctrl/Alt shortcuts go on to the window's bindings
        ks = event.keysym
        digit = DIGIT_KEYS.get(ks, 0 if ks in CLEAR_KEYS else None)
        if digit is not None:
            # auto-advance is for typing a puzzle in; a note is one of several marks in the same cell
            advance = self.auto_advance.get() and not (self.writes_notes is not None and self.writes_notes())
            noted = self.has_notes is not None and self.has_notes(cell)  # Backspace clears those notes first
            if advance and ks == "BackSpace" and not event.widget.get() and not noted:
                # like a text editor: Backspace in an empty cell clears the one before it
                cell = cell_of((index(*cell) - 1) % 81)
                self.focus_cell(cell)
            self.fire("cell_input", cell, digit)
            if advance and ks not in ("BackSpace", "Delete", "KP_Delete"):
                self._advance(cell)  # digits and '.', '0', space: on to the next cell
            return "break"
        if ks in MOVES:
            dr, dc = MOVES[ks]
            self.focus_cell(((cell[0] + dr) % 9, (cell[1] + dc) % 9))
            return "break"
        if ks in ("Home", "KP_Home"):
            self.focus_cell((cell[0], 0))
            return "break"
        if ks in ("End", "KP_End"):
            self.focus_cell((cell[0], 8))
            return "break"
        if event.char and event.char.isprintable():
            return "break"  # letters and other characters never reach a cell
        return None  # Tab, F-keys, Escape, Page Up/Down: the window's bindings

    def _advance(self, cell: Cell) -> None:
        """Focus the next cell in reading order, skipping locked givens while solving."""
        i = index(*cell)
        for step in range(1, 82):
            j = (i + step) % 81
            if self.givens_mode.get() or self._styles[j] != "given":
                self.focus_cell(cell_of(j))
                return
