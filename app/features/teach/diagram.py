"""The picture of a chain step: a mini grid with its candidates, links and colour groups.

The form's cells are Entry widgets with small candidate canvases over them, and a Tk
canvas cannot be transparent over other widgets, so chains are drawn here instead: a
diagram canvas in the Hint and Explain tabs that shows the whole grid small, every
candidate in its 3x3 place, the chain's nodes ringed, strong links as solid lines and
weak links as dashed ones, colour groups as filled discs in two colours (and two more for
a second cluster), the candidates the step removes crossed out; a legend says which is
which.  A forcing chain's tree is shown as text under it (wrapped, scrolling by itself).  Drawing only: what to draw
comes from ``step.chain`` (``solver.techniques.links.Chain``, plain data).
"""
from __future__ import annotations

import logging
import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk

from app.window.looks import BLACK, BLUE, BOX_LINE, CELL_LINE, GREEN, NOTE_TEXT, ORANGE, PURPLE, SKY, VERMILLION, WHITE
from app.wording import N_, _, say

logger = logging.getLogger(__name__)

__all__ = ["ChainDiagram", "GROUP_COLOURS"]

#: colour groups: two opposite colours per cluster (Okabe-Ito; the legend names them)
GROUP_COLOURS = (SKY, ORANGE, GREEN, PURPLE)
COLOUR_NAMES = (N_("sky blue"), N_("orange"), N_("green"), N_("pink"))  # as the legend names them
SIZE = 252  # canvas side in pixels: 9 cells of 28
TREE_LINES = 12  # the forcing chain's tree box, in lines (it scrolls when longer)


class ChainDiagram:
    """A frame with the diagram canvas, its legend and (for forcing chains) the tree as text."""

    def __init__(self, parent, font=None, tree_font=None):
        self.frame = ttk.Frame(parent)
        self.canvas = tk.Canvas(self.frame, width=SIZE + 4, height=SIZE + 4, bg=WHITE, highlightthickness=0)
        self.canvas.grid(row=0, column=0, sticky="w")
        self.legend = tk.Label(self.frame, text="", font=font, fg=NOTE_TEXT, anchor="w", justify="left")
        self.legend.grid(row=1, column=0, sticky="ew")
        # A forcing chain's tree: its long lines wrap (under their own indent), it scrolls by itself with
        # its own bar, and the wheel over it scrolls it, not the side panel (app/window/layout.py)
        self.tree_box = ttk.Frame(self.frame)
        self.tree_box.grid(row=2, column=0, sticky="ew", pady=(4, 0))
        self.tree_box.columnconfigure(0, weight=1)
        self.tree_font = tree_font or font
        self.tree = tk.Text(self.tree_box, height=TREE_LINES, width=40, wrap="word", font=self.tree_font,
                            relief="solid", bd=1, padx=4, pady=2)
        self.tree.grid(row=0, column=0, sticky="ew")
        self.tree_bar = ttk.Scrollbar(self.tree_box, orient="vertical", command=self.tree.yview)
        self.tree_bar.grid(row=0, column=1, sticky="ns")
        self.tree.configure(yscrollcommand=self.tree_bar.set)
        self.frame.columnconfigure(0, weight=1)
        self.step = None

    # -- what the callers use -------------------------------------------------------
    def show(self, step, grid, cands) -> bool:
        """Draw ``step`` on the position (``grid``, ``cands``); False (and hidden) when it has no chain."""
        chain = getattr(step, "chain", None)
        if chain is None:
            self.hide()
            return False
        self.step = step
        self._draw(chain, grid, cands)
        self.frame.grid()
        return True

    def hide(self) -> None:
        self.step = None
        self.canvas.delete("all")
        self.frame.grid_remove()

    # -- drawing ----------------------------------------------------------------------
    @staticmethod
    def spot(cell, d) -> tuple[float, float]:
        """The centre of candidate ``d`` of ``cell`` on the canvas."""
        r, c = cell
        k = SIZE / 9
        rr, cc = divmod(d - 1, 3)
        return 2 + c * k + (cc + 0.5) * k / 3, 2 + r * k + (rr + 0.5) * k / 3

    def _node_xy(self, node) -> tuple[float, float]:
        cells, d = node
        xs = [self.spot(cell, d) for cell in cells]
        return sum(x for x, _ in xs) / len(xs), sum(y for _, y in xs) / len(xs)

    def _draw(self, chain, grid, cands) -> None:
        cv = self.canvas
        cv.delete("all")
        k = SIZE / 9
        for n in range(10):
            w, col = (2, BOX_LINE) if n % 3 == 0 else (1, CELL_LINE)
            cv.create_line(2, 2 + n * k, 2 + SIZE, 2 + n * k, width=w, fill=col)
            cv.create_line(2 + n * k, 2, 2 + n * k, 2 + SIZE, width=w, fill=col)
        for r in range(9):
            for c in range(9):
                d = grid[(r, c)]
                if d:
                    cv.create_text(2 + (c + 0.5) * k, 2 + (r + 0.5) * k, text=str(d), fill=BLACK,
                                   font=("TkDefaultFont", 11, "bold"), tags=("given",))
                    continue
                for x in cands[(r, c)]:
                    px, py = self.spot((r, c), x)
                    cv.create_text(px, py, text=str(x), fill=CELL_LINE, font=("TkDefaultFont", 6),
                                   tags=("cand",))
        rad = k / 6.5
        for g, group in enumerate(chain.groups):
            colour = GROUP_COLOURS[g % len(GROUP_COLOURS)]
            for cells, d in group:
                for cell in cells:
                    x, y = self.spot(cell, d)
                    cv.create_oval(x - rad, y - rad, x + rad, y + rad, fill=colour, outline=BLACK,
                                   tags=("group", f"group{g}"))
        for a, b, kind in chain.links:
            (x1, y1), (x2, y2) = self._node_xy(a), self._node_xy(b)
            cv.create_line(x1, y1, x2, y2, fill=BLUE if kind == "strong" else VERMILLION, width=2,
                           dash=() if kind == "strong" else (4, 3), tags=("link", kind))
        for cells, d in chain.nodes:
            for cell in cells:
                x, y = self.spot(cell, d)
                cv.create_oval(x - rad, y - rad, x + rad, y + rad, outline=BLUE, width=2, tags=("node",))
        for cells, d in chain.targets:
            for cell in cells:
                x, y = self.spot(cell, d)
                cv.create_line(x - rad, y - rad, x + rad, y + rad, fill=VERMILLION, width=2, tags=("target",))
                cv.create_line(x - rad, y + rad, x + rad, y - rad, fill=VERMILLION, width=2, tags=("target",))
        parts = []
        if chain.links:
            parts.append(_("blue solid line: strong link (one of the two is true)"))
            if any(kind == "weak" for a, b, kind in chain.links):
                parts.append(_("red dashed line: weak link (not both true)"))
        if chain.groups:
            names = [_(name) for name in COLOUR_NAMES]
            pairs = [f"{names[2 * n]} / {names[2 * n + 1]}" for n in range(len(chain.groups) // 2)]
            parts.append(say("colours {pairs}: opposite colours of one cluster", pairs="; ".join(pairs)))
        if chain.nodes and not chain.links:
            parts.append(_("blue ring: what the chains assume"))
        if chain.targets:
            parts.append(_("red cross: the candidate the step changes"))
        self.legend.configure(text="\n".join(parts))
        self._show_tree(chain.text() if chain.branches else "")
        for w in (self.tree_box, self.tree):
            if chain.branches:
                w.grid()
            else:
                w.grid_remove()

    def _show_tree(self, text: str) -> None:
        """The tree, a line a fact: a line that wraps goes on under its own "⇒", so the tree's shape stays."""
        tree = self.tree
        tree.configure(state="normal")
        tree.delete("1.0", "end")
        font = tkfont.Font(root=tree, font=tree.cget("font"))
        for k, line in enumerate(text.split("\n")):
            body = line.lstrip(" ")
            hang = line[:len(line) - len(body)] + ("⇒ " if body.startswith("⇒") else "")
            tag = f"hang{len(hang)}"
            tree.tag_configure(tag, lmargin2=font.measure(hang))
            tree.insert("end", ("\n" if k else "") + line, (tag,))
        tree.configure(state="disabled")
        tree.yview_moveto(0)
