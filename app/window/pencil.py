"""Candidates (pencil marks) drawn small over blank cells: the form's ``pencil`` layer.

Each blank cell can carry a Canvas placed inside its border that shows its candidate
digits in a 3x3 layout (1 top left, 9 bottom right), some crossed out (being eliminated)
or emphasised (what a step is about), in the looks of ``looks.PENCIL_LOOKS``.  The canvases follow the cell's background, make
way for a digit, scale with the grid and pass a click on to the cell, so typing works as
usual.  What to draw is decided elsewhere (app/features/teach/: computed candidates, hints and
the person's own notes); this module only draws.  A *shining* digit (the one highlighted,
app/features/highlight.py) gets a grey disc behind it in every cell that shows it, unless a hint
marks that digit there (the hint's look wins), and a right-click on a canvas goes to
``on_context(cell, x, y)`` (the notes menu, app/features/notes.py).
"""
from __future__ import annotations

import logging
import tkinter as tk
import tkinter.font as tkfont
from typing import Iterable

from solver import index

from .looks import GRID_TAG, PENCIL_LOOKS, PENCIL_ORDER
from ..model import Cell

logger = logging.getLogger(__name__)

__all__ = ["PencilLayer"]


class PencilLayer:
    """The small digits over a :class:`~app.window.view.SudokuForm`'s cells (made on first use)."""

    def __init__(self, form):
        self.form = form
        self.canvases: dict[int, tk.Canvas] = {}
        self.fonts: dict[str, tkfont.Font] = {}  # plain, emphasis, strike (made with the first canvas)
        self._data: dict[int, tuple] = {}  # cell index -> (digits, strike, emphasis) drawn
        self.shine = 0  # the highlighted digit (0: none), drawn on a disc wherever it shows
        self.on_context = None  # on_context(cell, x_root, y_root): a right-click on the marks

    def show(self, cell: Cell, digits: Iterable[int], strike: Iterable[int] = (),
             emphasis: Iterable[int] = ()) -> None:
        """Draw ``digits`` small over the blank ``cell``; ``strike`` crossed out, ``emphasis`` as a hint's pattern.

        Nothing is drawn over a cell showing a digit.
        """
        i = index(*cell)
        entry = self.form.cells[i]
        if entry.get():
            self.hide(cell)
            return
        data = (tuple(sorted(set(digits) | set(strike))), frozenset(strike), frozenset(emphasis))
        canvas = self._canvas(i)
        if self._data.get(i) != data or not canvas.winfo_manager():
            self._data[i] = data
            inset = int(entry.cget("highlightthickness"))
            canvas.place(in_=entry, x=inset, y=inset, relwidth=1, relheight=1,
                         width=-2 * inset, height=-2 * inset)
            canvas.tk.call("raise", canvas._w, entry._w)  # Canvas.lift raises items, not the widget
            self._draw(i)

    def hide(self, cell: Cell | None = None) -> None:
        """Remove the pencil marks of ``cell`` (of every cell when None)."""
        for i in ([index(*cell)] if cell is not None else list(self.canvases)):
            if i in self.canvases:
                self.canvases[i].place_forget()
                self._data.pop(i, None)

    def shown(self, cell: Cell) -> tuple[int, ...] | None:
        """The pencil marks drawn over ``cell`` (crossed-out ones included), or None when none are."""
        i = index(*cell)
        canvas = self.canvases.get(i)
        if canvas is None or not canvas.winfo_manager():
            return None
        return self._data.get(i, ((),))[0]

    def look(self, cell: Cell) -> tuple[frozenset, frozenset]:
        """(crossed-out digits, emphasised digits) of the pencil marks over ``cell`` (for tests)."""
        data = self._data.get(index(*cell))
        return (data[1], data[2]) if data else (frozenset(), frozenset())

    def digit_look(self, cell: Cell, digit: int) -> str | None:
        """The look ``digit`` is drawn in over ``cell`` (a key of ``looks.PENCIL_LOOKS``), None when not drawn."""
        i = index(*cell)
        shown = self.shown(cell)
        if not shown or digit not in shown:
            return None
        return self._kind(i, digit)

    def _kind(self, i: int, digit: int) -> str:
        _digits, strike, emphasis = self._data.get(i, ((), (), ()))
        kinds = {"strike": digit in strike, "emphasis": digit in emphasis, "shine": digit == self.shine,
                 "plain": True}
        return next(k for k in PENCIL_ORDER if kinds[k])  # a hint's look before the highlight's

    def set_shine(self, digit: int) -> None:
        """Make ``digit`` shine wherever it is shown (0: none)."""
        if digit == self.shine:
            return
        self.shine = digit
        for i, canvas in self.canvases.items():
            if canvas.winfo_manager():
                self._draw(i)

    def shining(self, cell: Cell) -> bool:
        """True when the shining digit is among the marks drawn over ``cell`` (for tests)."""
        shown = self.shown(cell)
        return bool(self.shine and shown and self.shine in shown)

    def follow(self, i: int, bg: str) -> None:
        """The cell ``i`` was repainted: take its background, and make way when it shows a digit."""
        canvas = self.canvases.get(i)
        if canvas is not None:
            canvas.configure(bg=bg)
            if self.form.cells[i].get():
                canvas.place_forget()

    # -- drawing -------------------------------------------------------------------
    def _canvas(self, i: int) -> tk.Canvas:
        form = self.form
        if not self.fonts:
            px = self._px()
            family = tkfont.nametofont("TkDefaultFont").actual("family")
            self.fonts = {kind: tkfont.Font(form.root, family=family, size=-px, weight=look.weight,
                                            underline=look.underline, overstrike=look.overstrike)
                          for kind, look in PENCIL_LOOKS.items()}
            form.holder.bind("<Configure>", self._on_resize, add="+")
            form.board.bind("<Configure>", self._on_resize, add="+")  # the grid resized inside its holder
        canvas = self.canvases.get(i)
        if canvas is None:
            entry = form.cells[i]
            canvas = tk.Canvas(form.board, highlightthickness=0, bd=0, takefocus=0, bg=entry.cget("bg"),
                               width=1, height=1)
            canvas.bind("<Button-1>", lambda e, w=entry: w.focus_set())
            for seq in ("<Button-3>",) + (("<Button-2>",) if form.root.tk.call("tk", "windowingsystem") == "aqua"
                                          else ()):
                canvas.bind(seq, lambda e, w=entry: self.on_context and self.on_context(w.cell, e.x_root, e.y_root))
            canvas.bind("<Configure>", lambda e, i=i: self._draw(i))
            canvas.bindtags((GRID_TAG,) + canvas.bindtags())
            self.canvases[i] = canvas
        return canvas

    def _px(self) -> int:
        return max(7, int(self.form.cell_grid.cell_px() * 0.27))  # a third of a cell, with room

    def _on_resize(self, event=None) -> None:
        px = self._px()
        for f in self.fonts.values():
            if f.cget("size") != -px:
                f.configure(size=-px)

    def _draw(self, i: int) -> None:
        self._on_resize()  # the digits may have grown without the holder's <Configure> (presentation view)
        canvas = self.canvases[i]
        canvas.delete("all")
        digits = self._data.get(i, ((),))[0]
        w, h = canvas.winfo_width(), canvas.winfo_height()
        if w < 6 or h < 6:
            return
        for d in digits:
            r, c = divmod(d - 1, 3)  # the digit's place in the cell's own 3x3 layout
            kind = self._kind(i, d)
            look = PENCIL_LOOKS[kind]
            x, y = (c + 0.5) * w / 3, (r + 0.5) * h / 3
            rad = min(w, h) / 6 - 0.5
            if look.disc:
                canvas.create_oval(x - rad, y - rad, x + rad, y + rad, fill=look.disc, outline=look.ring, width=1)
            canvas.create_text(x, y, text=str(d), fill=look.fg, font=self.fonts[kind], anchor="center")
