"""The presentation view (F11): the search demo for a projector or a touch board.

Full screen; the grid fills the height; a high-contrast theme (black lines on a white
ground, the Okabe-Ito digit colours with their weights: givens black bold, your digits
blue, the solver's vermillion italic, tentative guesses blue italic, deduced digits green
bold); one large status line under the grid carries the explanation of every step; the
demo's controls grow large enough to hit with a finger.  F11 or Esc leaves it (while a
job runs or the demo plays, the first Esc stops that and a second one leaves the view).

Wiring: ``install_presentation(form, demo)`` (called once from ``app.__main__.build_window``).
"""
from __future__ import annotations

import logging
import tkinter as tk
from tkinter import ttk

from .looks import BLACK, WHITE

logger = logging.getLogger(__name__)

__all__ = ["Presentation", "install_presentation"]


class Presentation:
    """Switches the window between its normal layout and the presentation view.

    Responsibilities: the full-screen, high-contrast layout of the form (menus, button bar
    and other tabs hidden, a large status line, the grid as tall as the screen allows),
    the demo's large controls, and putting everything back as it was.
    """

    def __init__(self, form, demo):
        self.form = form
        self.demo = demo
        self._saved: dict | None = None  # how the window looked before, while the view is on

    @property
    def on(self) -> bool:
        return self._saved is not None

    def toggle(self) -> None:
        if self.on:
            self.leave()
        else:
            self.enter()

    def enter(self) -> None:
        """Full screen, large and high-contrast, showing the search demo's panel beside the grid."""
        if self.on:
            return
        self._full_screen(keep_tab=self.demo.tab)
        # 1.4x on a large screen, less on narrower or shorter ones so the whole panel (table,
        # note, legend) still fits beside the grid above the status line
        root = self.form.root
        width, height = root.winfo_screenwidth(), root.winfo_screenheight()
        self.demo.panel.set_large(True, scale=max(1.0, min(1.4, width / 1150, (height - 120) / 700)))
        if self.demo.active:
            self.demo.panel.frame.focus_set()
            self.demo.refresh()  # the large status line explains the step shown
        else:
            self.demo.say("Presentation view: F11 or Esc leaves it. Ctrl+D starts the search demo; "
                          "then Space plays, → steps, ← steps back.")

    def leave(self) -> None:
        """Back to the normal window, as it was."""
        if not self.on:
            return
        self.demo.panel.set_large(False)
        self._restore()
        self.demo.say("Left the presentation view (F11 shows it again).")

    # -- the form's layout ---------------------------------------------------------
    def _full_screen(self, keep_tab: tk.Widget) -> None:
        """Only the grid, ``keep_tab`` and a large status line, full screen, black lines on white."""
        f = self.form
        root = f.root
        bars = [w for w in f.main.grid_slaves() if int(w.grid_info()["row"]) in (0, 2)]
        hidden = [t for t in f.side_panel.tabs() if t != str(keep_tab)]
        self._saved = {
            "geometry": root.geometry(), "bars": bars, "tabs": hidden,
            "status": {k: f.status.cget(k) for k in ("bg", "relief", "bd", "padx", "pady")},
            "status_size": f.status_font.cget("size"),
            "board_bg": f.board.cget("bg"), "box_bg": f.boxes[0].cget("bg"),
            "holder_bg": f.holder.cget("bg"), "main_style": f.main.cget("style"),
        }
        f.is_presentation = True
        for w in bars:
            w.grid_remove()
        for t in hidden:
            f.side_panel.hide(t)
        f.side_panel.select(keep_tab)
        root.configure(menu="")
        ttk.Style(root).configure("Presentation.TFrame", background=WHITE)
        f.main.configure(style="Presentation.TFrame")
        f.holder.configure(bg=WHITE)
        f.board.configure(bg=BLACK)
        for box in f.boxes:
            box.configure(bg=BLACK)
        f.status_font.configure(size=-max(26, root.winfo_screenheight() // 30))
        f.status.configure(bg=WHITE, relief="solid", bd=3, padx=16, pady=10)
        try:
            root.attributes("-fullscreen", True)
        except tk.TclError:  # no window manager support: the geometry below still fills the screen
            pass
        sw, sh = root.winfo_screenwidth(), root.winfo_screenheight()
        root.geometry(f"{sw}x{sh}+0+0")
        # The grid takes the height the status line leaves (at most ~60 % of the width).
        root.update_idletasks()
        side = min(sh - f.status.winfo_reqheight() - 40, int(sw * 0.6))
        f.holder.configure(width=side, height=side)

    def _restore(self) -> None:
        f = self.form
        root = f.root
        saved, self._saved = self._saved, None
        f.is_presentation = False
        try:
            root.attributes("-fullscreen", False)
        except tk.TclError:
            pass
        root.configure(menu=f.menubar)
        for w in saved["bars"]:
            w.grid()
        for t in saved["tabs"]:
            f.side_panel.add(t)
        f.main.configure(style=saved["main_style"])
        f.holder.configure(bg=saved["holder_bg"])
        f.board.configure(bg=saved["board_bg"])
        for box in f.boxes:
            box.configure(bg=saved["box_bg"])
        f.status_font.configure(size=saved["status_size"])
        f.status.configure(**saved["status"])
        f.set_zoom(f.zoom_level)  # the grid's normal size
        root.geometry(saved["geometry"])


def install_presentation(form, demo) -> Presentation:
    """View ▸ Presentation view (F11); Esc leaves it before doing anything else."""
    p = Presentation(form, demo)
    form.menus["view"].add_separator()
    form.add_command("view", "Presentation view (classroom)", "presentation", "F11", ("<F11>",))
    form.on("presentation", p.toggle)
    previous = form.handler_for("cancel")

    def escape() -> None:
        if p.on and not demo.controller.is_running():
            p.leave()  # nothing to stop: Esc leaves the view
        elif previous is not None:
            previous()  # stop the job first (the view stays)

    form.on("cancel", escape)
    return p
