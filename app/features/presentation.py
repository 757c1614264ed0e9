"""The presentation view (F11): the search demo for a projector or a touch board.

Full screen.  The grid takes the screen's height (at least 90 % of it, digits at least
1/12 of the screen's height); the search demo's panel and one large status line, which
carries the explanation of every step, share the column beside it.  Text sizes follow
the screen (panel text at least 2.5 % of its height); a high-contrast theme (black lines
on a white ground, the Okabe-Ito digit colours with their weights); the controls grow
large enough to hit with a finger.  C (candidates) and H (the hint ladder) work here too;
the hint's rungs appear in the status line.  F11 or Esc leaves it (while a job runs or
the demo plays, the first Esc stops that and a second one leaves the view).

Wiring: ``install_presentation(form, demo)`` (called once from ``app.__main__.build_window``).
"""
from __future__ import annotations

import logging
import math
import tkinter as tk
from tkinter import ttk

from ..window.looks import BLACK, WHITE
from ..wording import _

logger = logging.getLogger(__name__)

__all__ = ["Presentation", "install_presentation", "GRID_SHARE", "DIGIT_SHARE", "TEXT_SHARE"]

#: the grid's side as a share of the screen's height (at least)
GRID_SHARE = 0.90
#: a digit's size (the font's pixel size) as a share of the screen's height (at least)
DIGIT_SHARE = 1 / 12
#: the panel's text size as a share of the screen's height (at least)
TEXT_SHARE = 0.025
#: the status line's text size as a share of the screen's height
STATUS_SHARE = 0.03
#: the column beside the grid is at least this share of the screen's height wide (unless the grid needs it)
COLUMN_SHARE = 0.44


class Presentation:
    """Switches the window between its normal layout and the presentation view.

    Responsibilities: the full-screen, high-contrast layout of the form (menus, button bar
    and other tabs hidden, the grid as tall as the screen, the panel and a large status line
    beside it), the demo's large controls, the keys C and H, and putting everything back.
    """

    def __init__(self, form, demo):
        self.form = form
        self.demo = demo
        self._saved: dict | None = None  # how the window looked before, while the view is on
        self.hosted: tuple | None = None  # (widget, cover): another feature's widget atop the column (host())

    @property
    def on(self) -> bool:
        return self._saved is not None

    def toggle(self) -> None:
        if self.on:
            self.leave()
        else:
            self.enter()

    def text_px(self) -> int:
        """The panel's text size in pixels: 2.5 % of the screen's height (rounded up)."""
        return max(14, math.ceil(TEXT_SHARE * self.form.root.winfo_screenheight()))

    def enter(self) -> None:
        """Full screen, large and high-contrast, showing the search demo's panel beside the grid."""
        if self.on:
            return
        self._full_screen(keep_tab=self.demo.tab)
        self.demo.panel.set_large(True, text_px=self.text_px())
        self.form.root.update_idletasks()
        self.form.relayout()
        if self.demo.active:
            self.demo.panel.frame.focus_set()
            self.demo.refresh()  # the large status line explains the step shown
        else:
            self.demo.form.set_status(_("Presentation view: F11 or Esc leaves it. Ctrl+D starts the search demo; "
                            "then Space plays, → steps, ← steps back. C shows candidates, H gives a hint."))

    def leave(self) -> None:
        """Back to the normal window, as it was."""
        if not self.on:
            return
        self.demo.panel.set_large(False)
        self._restore()
        self.demo.form.set_status(_("Left the presentation view (F11 shows it again)."))

    def host(self, widget: tk.Widget | None, cover: bool = False) -> None:
        """Show ``widget`` (e.g. a lesson's caption) at the top of the column beside the grid, as tall as it
        asks; ``cover``: it takes the whole column above the status line (the demo's panel is not shown)."""
        if self.hosted is not None and self.hosted[0] is not widget:
            self.hosted[0].place_forget()
        self.hosted = (widget, cover) if widget is not None else None
        if self.on:
            self.form.relayout()

    # -- the layout beside the grid ---------------------------------------------------
    def _layout(self, width: int, height: int) -> bool:
        """The form's layout hook: the grid at the left, the panel and the status line beside it."""
        f = self.form
        root = f.root
        sw, sh = root.winfo_screenwidth(), root.winfo_screenheight()
        gap = max(6, sh // 120)
        column = int(COLUMN_SHARE * sh)  # the panel's column: as wide as the grid leaves, at least this
        side = max(90, min(height, max(math.ceil(GRID_SHARE * sh), width - gap - column)))
        x = side + gap
        pw = max(1, width - x)
        f.status.configure(wraplength=max(100, pw - 2 * int(f.status.cget("padx")) - 8))
        status_h = min(f.status.winfo_reqheight(), height // 2)
        f.holder.place(in_=f.body, x=0, y=0, width=side, height=side)
        top = 0
        if self.hosted is not None:
            widget, cover = self.hosted
            top = height - status_h - gap if cover else widget.winfo_reqheight() + gap
            widget.place(in_=f.body, x=x, y=0, width=pw, height=max(1, top - gap))
            widget.lift()
        if self.hosted is not None and self.hosted[1]:
            f.side_area.frame.place_forget()
        else:
            f.side_area.frame.place(in_=f.body, x=x, y=top, width=pw, height=max(1, height - status_h - gap - top))
        f.status.place(in_=f.body, x=x, y=height - status_h, width=pw, height=status_h)
        return True

    # -- the form's layout ---------------------------------------------------------
    def _full_screen(self, keep_tab: tk.Widget) -> None:
        """Only the grid, ``keep_tab`` and a large status line, full screen, black lines on white."""
        f = self.form
        root = f.root
        hidden = [t for t in f.side_panel.tabs() if t != str(keep_tab)]
        self._saved = {
            "geometry": root.geometry(), "tabs": hidden,
            "status": {k: f.status.cget(k) for k in ("bg", "relief", "bd", "padx", "pady")},
            "status_size": f.status_font.cget("size"), "padding": 8,
            "board_bg": f.board.cget("bg"), "box_bg": f.boxes[0].cget("bg"),
            "holder_bg": f.holder.cget("bg"), "main_style": f.main.cget("style"),
            "digit_share": f.cell_grid.digit_share,
        }
        f.is_presentation = True
        for w in (f.top_bar, f.button_bar, f.status):
            w.grid_remove()
        for t in hidden:
            f.side_panel.hide(t)
        f.side_panel.select(keep_tab)
        root.configure(menu="")
        ttk.Style(root).configure("Presentation.TFrame", background=WHITE)
        f.main.configure(style="Presentation.TFrame", padding=4)
        f.body.configure(style="Presentation.TFrame")
        f.side_area.canvas.configure(bg=WHITE)
        style = ttk.Style(root)
        style.layout("Presentation.TNotebook.Tab", [])  # one tab: no tab bar
        style.configure("Presentation.TNotebook", background=WHITE, borderwidth=0, tabmargins=0)
        self._saved["notebook_style"] = f.side_panel.cget("style")
        self._saved["canvas_bg"] = f.side_area.canvas.cget("bg")
        f.side_panel.configure(style="Presentation.TNotebook")
        f.holder.configure(bg=WHITE)
        f.board.configure(bg=BLACK)
        for box in f.boxes:
            box.configure(bg=BLACK)
        sw, sh = root.winfo_screenwidth(), root.winfo_screenheight()
        f.status_font.configure(size=-max(self.text_px(), round(STATUS_SHARE * sh)))
        f.status.configure(bg=WHITE, relief="solid", bd=3, padx=12, pady=8)
        # a digit's font at least 1/12 of the screen's height: the grid's cells are about 1/10 of it
        f.cell_grid.set_digit_share(0.88)
        f.layout_hook = self._layout
        self._bind_keys(True)
        try:
            root.attributes("-fullscreen", True)
        except tk.TclError:  # no window manager support: the geometry below still fills the screen
            pass
        root.geometry(f"{sw}x{sh}+0+0")

    def _restore(self) -> None:
        f = self.form
        root = f.root
        saved, self._saved = self._saved, None
        f.is_presentation = False
        f.layout_hook = None
        self._bind_keys(False)
        try:
            root.attributes("-fullscreen", False)
        except tk.TclError:
            pass
        root.configure(menu=f.menubar)
        f.status.place_forget()
        if self.hosted is not None:
            self.hosted[0].place_forget()
        for w in (f.top_bar, f.button_bar, f.status):
            w.grid()
        for t in saved["tabs"]:
            f.side_panel.add(t)
        f.main.configure(style=saved["main_style"], padding=saved["padding"])
        f.body.configure(style=saved["main_style"])
        f.side_area.canvas.configure(bg=saved["canvas_bg"])
        f.side_panel.configure(style=saved["notebook_style"])
        f.holder.configure(bg=saved["holder_bg"])
        f.board.configure(bg=saved["board_bg"])
        for box in f.boxes:
            box.configure(bg=saved["box_bg"])
        f.status_font.configure(size=saved["status_size"])
        f.status.configure(**saved["status"])
        f.cell_grid.set_digit_share(saved["digit_share"])
        root.geometry(saved["geometry"])
        root.update_idletasks()
        f.relayout()

    # -- C and H -------------------------------------------------------------------
    def _bind_keys(self, on: bool) -> None:
        """C and H reach the Teach feature from anywhere in the window (the demo's panel has the focus)."""
        root = self.form.root
        for key, action in (("c", "candidates_key"), ("C", "candidates_key"), ("h", "hint"), ("H", "hint")):
            seq = f"<KeyPress-{key}>"
            if on:
                root.bind(seq, lambda e, a=action: self._key(e, a))
            else:
                root.unbind(seq)

    def _key(self, event, action: str):
        if event.state & (0x0004 | 0x0008 | 0x0080):
            return None  # Ctrl+C and friends: the window's own bindings
        teach = self.demo.controller.features.get("teach")
        if teach is None:
            self.form.set_status(_("Candidates and hints are not installed in this window."), "warn")
            return "break"
        if action == "candidates_key":
            teach.toggle_candidates()
            if self.demo.active:
                on = teach.var_candidates.get()
                self.form.set_status(_("Candidates of the search's position shown (C hides them).") if on
                                     else _("Candidates hidden (C shows them)."))
        else:
            self.form.action_map.fire("hint")
        return "break"


def install_presentation(form, demo) -> Presentation:
    """View ▸ Presentation view (F11); Esc leaves it before doing anything else."""
    p = Presentation(form, demo)
    form.menus["view"].add_separator()
    form.action_map.add_command("view", _("Presentation view (classroom)"), "presentation", "F11", ("<F11>",))
    form.action_map.on("presentation", p.toggle)
    previous = form.action_map.handler_for("cancel")

    def escape() -> None:
        if p.on and not demo.controller.is_running():
            p.leave()  # nothing to stop: Esc leaves the view
        elif previous is not None:
            previous()  # stop the job first (the view stays)

    form.action_map.on("cancel", escape)
    return p
