"""The presentation view (F11): the search demo laid out for a projector or a touch board.

Full screen, one layout that never scrolls and never changes size from step to step:

* the grid at the left, as tall as the screen (at least 90 % of it, digits at least 1/12 of
  the screen's height);
* beside it, the search demo's panel as one strip of counters (each with room for a
  9-digit count), the controls, the speed and the timeline, the legend and the strategy
  (the comparison table stays in the normal view);
* under the panel, ONE caption area of fixed height: its text wraps, in at least 3 % of the
  screen's height (a longer message is set smaller rather than cut).  It shows the status
  line (every step's explanation, the hint's rungs) unless a caller puts something of its
  own there with :meth:`Presentation.show_caption`.

A high-contrast theme (black lines on a white ground, the Okabe-Ito digit colours with
their weights); the controls large enough to hit with a finger.  C (candidates) and H (the
hint ladder) work here too; S takes the search demo's next strategy.  F11 or Esc leaves it (while a job runs or the demo plays, the
first Esc stops that and a second one leaves the view).

Wiring: ``install_presentation(form, demo)`` (called once from ``app.__main__.build_window``).
"""
from __future__ import annotations

import logging
import math
import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk

from ..window.layout import fit_font
from ..window.looks import BLACK, WHITE
from ..wording import _

logger = logging.getLogger(__name__)

__all__ = ["Presentation", "install_presentation", "GRID_SHARE", "DIGIT_SHARE", "TEXT_SHARE", "STATUS_SHARE",
           "CAPTION_LINES"]

#: the grid's side as a share of the screen's height (at least)
GRID_SHARE = 0.90
#: a digit's size (the font's pixel size) as a share of the screen's height (at least)
DIGIT_SHARE = 1 / 12
#: the panel's text size as a share of the screen's height (at least)
TEXT_SHARE = 0.025
#: the caption area's text size as a share of the screen's height (at least, for a short text)
STATUS_SHARE = 0.03
#: the caption area holds at least this many lines of its text, and at most 45 % of the screen's height
CAPTION_LINES = 3
CAPTION_MAX_SHARE = 0.45
#: the parts of the demo's panel the view shows (app/features/demo/panel.py DemoPanel.show_parts)
PANEL_PARTS = ("counters", "controls", "sliders", "legend")
#: show_caption's ``panel`` choices
PANEL_CHOICES = {"all": PANEL_PARTS, "counters": ("counters",), "none": None}
#: the column beside the grid is at least this share of the screen's height wide (unless the grid needs it)
COLUMN_SHARE = 0.44


class Presentation:
    """Switches the window between its normal layout and the presentation view.

    Responsibilities: the full-screen, high-contrast layout of the form (menus, button bar
    and other tabs hidden, the grid as tall as the screen, the panel and the caption area
    beside it), the demo's large controls, the keys C and H, and putting everything back.

    The caption area, for other features (lessons): :meth:`show_caption` puts a text or a
    widget of the caller's in it instead of the status line, :meth:`hide_caption` gives it
    back to the status line, :meth:`caption_size` says how large it is and ``caption_font``
    is the font the area's text is set in (at least 3 % of the screen's height).
    :meth:`host` instead puts a widget of fixed height at the top of the column, above the
    strip of counters, and leaves the caption area to the status line.
    """

    def __init__(self, form, demo):
        self.form = form
        self.demo = demo
        self._saved: dict | None = None  # how the window looked before, while the view is on
        self.hosted: tuple | None = None  # (widget, cover): another feature's widget atop the column (host())
        self._caption_h = 0  # the caption area's height, fixed for the body's size (_measure)
        self._panel_parts: tuple[str, ...] | None = PANEL_PARTS  # what the demo's panel shows beside the caption
        self._caption_parts: tuple[str, ...] | None = PANEL_PARTS  # what show_caption asked the panel to show
        self._measured_need = 0  # the panel's height when the caption area was measured
        self._measured_for: tuple[int, int] | None = None  # the body size _caption_h was measured for
        self._measure_after: str | None = None
        self._caption_rect = (0, 0, 1, 1)  # x, y, width, height in the body
        self._caption: tk.Widget | None = None  # what the caption area shows instead of the status line
        self._caption_label: tk.Label | None = None  # show_caption's own label for a text
        #: the caption area's text font (the status line's, at least STATUS_SHARE of the screen's height)
        self.caption_font = form.status_font
        self._status_fit = tkfont.Font(form.root, font=form.status_font)  # the status line, set smaller to fit

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

    def caption_px(self) -> int:
        """The caption area's text size in pixels: 3 % of the screen's height (rounded up)."""
        return max(self.text_px(), math.ceil(STATUS_SHARE * self.form.root.winfo_screenheight()))

    def enter(self) -> None:
        """Full screen, large and high-contrast, showing the search demo's panel beside the grid."""
        if self.on:
            return
        self._full_screen(keep_tab=self.demo.tab)
        self.demo.panel.set_large(True, text_px=self.text_px())
        self._panel_parts = self._parts()
        self.demo.panel.show_parts(self._panel_parts or ())
        self.form.side_area.set_fixed(True)  # opens at the top, whatever the normal view showed; never scrolls
        self.form.root.update_idletasks()
        self._measure()
        if self.demo.active:
            self.demo.panel.frame.focus_set()
            self.demo.refresh()  # the caption explains the step shown
        else:
            self.demo.form.set_status(_("Presentation view: F11 or Esc leaves it. Ctrl+D starts the search demo; "
                            "then Space plays, → steps, ← steps back. C shows candidates, H gives a hint."))

    def leave(self) -> None:
        """Back to the normal window, as it was."""
        if not self.on:
            return
        if self._measure_after is not None:
            self.form.root.after_cancel(self._measure_after)
            self._measure_after = None
        self.demo.panel.set_large(False)
        self.form.side_area.set_fixed(False)
        self._restore()
        self.demo.form.set_status(_("Left the presentation view (F11 shows it again)."))

    # -- the caption area (for other features) ----------------------------------------
    def show_caption(self, what: "str | tk.Widget", panel: str = "all") -> None:
        """Show ``what`` in the caption area instead of the status line, until :meth:`hide_caption`.

        ``panel`` says what the search demo's panel above the area shows meanwhile: ``"all"``
        (its counters, controls, sliders and legend), ``"counters"`` (only the strip of
        counters) or ``"none"`` (no panel: the caption area takes the whole column).  The
        area's height follows that choice (measured once, not per step).  A lesson's caption
        of two sentences keeps 3 % of the screen's height with ``"counters"`` or ``"none"``
        on any screen; beside the whole panel on a 4:3 screen it may be set smaller.

        A text is set in ``caption_font`` in a label of the view's own (wrapped, set smaller only
        if it would not fit).  A widget must be a child of the root window, of ``form.main`` or
        of ``form.body``; it is placed over the whole area (:meth:`caption_size`) and its size
        is not changed by its content.  Outside the presentation view it is kept for the next
        :meth:`enter`.
        """
        if isinstance(what, str):
            if self._caption_label is None:
                self._caption_label_font = tkfont.Font(self.form.root, font=self.caption_font)  # kept: a Font dies with it
                self._caption_label = tk.Label(self.form.main, font=self._caption_label_font,
                                               anchor="nw", justify="left", bg=WHITE, fg=BLACK, relief="solid",
                                               bd=3, padx=12, pady=4)
            self._caption_label.configure(text=what)
            what = self._caption_label
        if self._caption is not None and self._caption is not what:
            self._caption.place_forget()
        self._caption = what
        self._caption_parts = PANEL_CHOICES[panel]
        self._show_panel()

    def host(self, widget: tk.Widget | None, cover: bool = False) -> None:
        """Show ``widget`` (e.g. a lesson's caption box) at the top of the column beside the grid, as tall as it
        asks (None: take it away).  The demo's panel under it shows only its strip of counters; ``cover``: no
        panel, the widget takes what it asks for and the caption area the rest of the column (at least
        CAPTION_LINES lines), so a long status message keeps its size.  The caption area goes on showing
        the status line (or :meth:`show_caption`'s text); its height is measured again, not per step."""
        if self.hosted is not None and self.hosted[0] is not widget:
            self.hosted[0].place_forget()
        self.hosted = (widget, cover) if widget is not None else None
        self._measured_for = None  # the hosted widget's height counts
        self._show_panel()

    def _parts(self) -> tuple[str, ...] | None:
        """What the demo's panel shows: a hosted widget's choice, else show_caption's."""
        if self.hosted is not None:
            return None if self.hosted[1] else ("counters",)
        return self._caption_parts

    def _show_panel(self) -> None:
        """The demo's panel shows what :meth:`_parts` says (None: no panel); the caption area is measured again."""
        parts = self._parts()
        changed = parts != self._panel_parts or self._measured_for is None
        self._panel_parts = parts
        if self.on:
            if changed:
                self.demo.panel.show_parts(parts or ())
                self._measured_for = None
                self.form.root.update_idletasks()
                self._measure()
            self.form.relayout()

    def hide_caption(self) -> None:
        """The caption area shows the status line again."""
        if self._caption is not None:
            self._caption.place_forget()
        self._caption = None
        self._caption_parts = PANEL_PARTS
        self._show_panel()

    def caption_size(self) -> tuple[int, int]:
        """The caption area's (width, height) in pixels; fixed while the screen's size is."""
        return self._caption_rect[2], self._caption_rect[3]

    # -- the layout beside the grid ---------------------------------------------------
    def _split(self, width: int, height: int) -> tuple[int, int, int]:
        """(grid side, gap, column x) in a ``width`` x ``height`` body."""
        sh = self.form.root.winfo_screenheight()
        gap = max(6, sh // 120)
        column = int(COLUMN_SHARE * sh)  # the panel's column: as wide as the grid leaves, at least this
        side = max(90, min(height, max(math.ceil(GRID_SHARE * sh), width - gap - column)))
        return side, gap, side + gap

    def _measure(self) -> None:
        """The caption area's height for the body's size: what the panel leaves (at least CAPTION_LINES lines of
        the caption's text, at most CAPTION_MAX_SHARE of the height), measured once per size and per choice of
        :meth:`show_caption`'s ``panel``, never per step."""
        self._measure_after = None
        if not self.on:
            return
        f = self.form
        width, height = f.body.winfo_width(), f.body.winfo_height()
        if width < 2 or height < 2:
            return
        side, gap, x = self._split(width, height)
        pw = max(1, width - x)
        panel = self.demo.panel
        border = 2 * (3 + 4)  # the area's border and padding (as the status line's: bd, pady)
        least = CAPTION_LINES * self.caption_font.metrics("linespace") + border
        self._measured_for = (width, height)
        for _ in range(3):  # the panel flows its rows by its width, which the first placing may change
            if self._panel_parts is not None:
                top = self._hosted_top(height, self._caption_h or height // 3, gap)
                f.side_area.frame.place(in_=f.body, x=x, y=top, width=pw,
                                        height=max(1, height - (self._caption_h or height // 3) - gap - top))
                f.root.update_idletasks()
                panel.reflow(panel.frame.winfo_width())
                f.root.update_idletasks()
            self._measured_need = self._need(gap)
            need = self._measured_need + self._slack()  # a line that grows a pixel moves nothing
            cap = int(CAPTION_MAX_SHARE * height) if (self._panel_parts is not None or self.hosted) else height
            caption_h = max(least, min(cap, height - need - gap))
            if self.hosted is not None and self.hosted[1]:
                # a hosted widget that covers the column takes what it asks for; the status line gets the rest
                # (at least its lines), so a long message (a fix, a hint) is not set small
                caption_h = max(least, height - self.hosted[0].winfo_reqheight() - 2 * gap)
            if caption_h == self._caption_h:
                break
            self._caption_h = caption_h
            f.relayout()

    def _slack(self) -> int:
        """Room kept above the caption area for the panel's lines to vary by a few pixels from step to step
        (a status with a ✓ is set in a fallback font a pixel taller): within it nothing is measured again.
        Only while a lesson is hosted: the demo's own view measures exactly, so its status keeps every pixel."""
        return self.text_px() // 2 if self.hosted is not None else 0

    def _need(self, gap: int) -> int:
        """The height the column needs above the caption area: the hosted widget's (unless it covers the
        column) and the panel's."""
        need = -gap
        if self.hosted is not None and not self.hosted[1]:
            need += self.hosted[0].winfo_reqheight() + gap
        if self._panel_parts is not None:
            need += gap + self.demo.tab.winfo_reqheight() + 6  # the tab and the notebook's border around it
        return need

    def _hosted_top(self, height: int, caption_h: int, gap: int) -> int:
        """Where the panel starts: under the hosted widget (or, covering the column, above the caption area)."""
        if self.hosted is None:
            return 0
        widget, cover = self.hosted
        return height - caption_h - gap if cover else widget.winfo_reqheight() + gap

    def _layout(self, width: int, height: int) -> bool:
        """The form's layout hook: the grid at the left; the panel and the caption area beside it."""
        f = self.form
        side, gap, x = self._split(width, height)
        pw = max(1, width - x)
        # a new size, or a panel that settled at another height after its fonts and rows changed: measure again
        settled = abs(self._need(gap) - self._measured_need) <= self._slack()
        if (self._measured_for != (width, height) or not settled) and self._measure_after is None:
            self._measure_after = f.root.after_idle(self._measure)
        caption_h = self._caption_h or height // 3
        f.holder.place(in_=f.body, x=0, y=0, width=side, height=side)
        if self._panel_parts is None and self.hosted is None:
            caption_h = self._caption_h or height
        top = self._hosted_top(height, caption_h, gap)
        if self.hosted is not None:
            widget = self.hosted[0]
            widget.place(in_=f.body, x=x, y=0, width=pw, height=max(1, top - gap))
            widget.lift()
        if self._panel_parts is None:
            f.side_area.frame.place_forget()
        else:
            f.side_area.frame.place(in_=f.body, x=x, y=top, width=pw, height=max(1, height - caption_h - gap - top))
        self._caption_rect = (x, height - caption_h, pw, caption_h)
        shown = self._caption if self._caption is not None else f.status
        if self._caption is not None:
            f.status.place_forget()
        shown.place(in_=f.body, x=x, y=height - caption_h, width=pw, height=caption_h)
        shown.lift()
        for label, font in ((f.status, self._status_fit), (self._caption_label, getattr(self, "_caption_label_font", None))):
            if label is not None and label is shown:
                self._fit_caption(label, font, pw, caption_h)
        return True

    def _fit_caption(self, label: tk.Label, font, width: int, height: int) -> None:
        """``label``'s text wraps at the area's width, in the caption size or smaller until it fits the height."""
        wrap = max(100, width - 2 * int(str(label.cget("padx"))) - 8)  # as the form wraps its status line
        if str(label.cget("wraplength")) != str(wrap):
            label.configure(wraplength=wrap)
        if str(label.cget("font")) != str(font):
            label.configure(font=font)
        fit_font(label, font, -self.caption_px(), 9, height)  # never cut: smaller, down to 9 px

    # -- the form's layout ---------------------------------------------------------
    def _full_screen(self, keep_tab: tk.Widget) -> None:
        """Only the grid, ``keep_tab`` and the caption area, full screen, black lines on white."""
        f = self.form
        root = f.root
        hidden = [t for t in f.side_panel.tabs() if t != str(keep_tab)]
        self._saved = {
            "geometry": root.geometry(), "tabs": hidden,
            "status": {k: f.status.cget(k) for k in ("bg", "relief", "bd", "padx", "pady", "anchor")},
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
        f.side_area.sync_tabs()  # one tab left: no row of tabs
        root.configure(menu="")
        # Laid out without the menu bar before the full-screen size is asked for: a window that already
        # filled the screen with its menu bar would otherwise ask for its outer size unchanged, which no
        # window manager answers, and Tk waits 2 s for the answer, then keeps its old place under the bar.
        root.update_idletasks()
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
        f.status_font.configure(size=-self.caption_px())
        f.status.configure(bg=WHITE, relief="solid", bd=3, padx=12, pady=4, anchor="nw")  # read from the top
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
        f.status.place_forget()
        for kept in (self._caption, self.hosted[0] if self.hosted else None):
            if kept is not None:
                kept.place_forget()  # kept for the next enter()
        self._measured_for, self._caption_h = None, 0
        for w in (f.top_bar, f.button_bar, f.status):
            w.grid()
        for t in saved["tabs"]:
            f.side_panel.add(t)
        f.side_area.sync_tabs()
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
        root.configure(menu=f.menubar)  # after the window's own size is set: see _full_screen
        root.update_idletasks()
        f.relayout()

    # -- C and H -------------------------------------------------------------------
    def _bind_keys(self, on: bool) -> None:
        """C and H reach the Teach feature from anywhere in the window (the demo's panel has the focus); S
        chooses the demo's next strategy."""
        root = self.form.root
        for key, action in (("c", "candidates_key"), ("C", "candidates_key"), ("h", "hint"), ("H", "hint"),
                            ("s", "strategy"), ("S", "strategy")):
            seq = f"<KeyPress-{key}>"
            if on:
                root.bind(seq, lambda e, a=action: self._key(e, a))
            else:
                root.unbind(seq)

    def _key(self, event, action: str):
        if event.state & (0x0004 | 0x0008 | 0x0080):
            return None  # Ctrl+C and friends: the window's own bindings
        if action == "strategy":  # the panel's strategy buttons are hidden here: S takes the next one
            orders = list(self.demo.panel.order_buttons)  # the strategies, in the panel's order
            now = self.demo.panel.var_order.get()
            self.demo.set_order(orders[(orders.index(now) + 1) % len(orders)] if now in orders else orders[0])
            return "break"
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
