"""Fitting the window to the screen: the work area, a scrolling area, rows that wrap.

* :func:`work_area` -- the part of the screen a window may take (the screen less the task
  bar and a title bar; Windows reports it exactly);
* :func:`fit_geometry` -- the window's size on opening: its natural size or the saved
  one, never larger than the work area; :func:`fit_window` applies it to the window
  (:func:`window_state` is the size the state file keeps);
* :func:`fit_notebook_titles` -- short tab titles while the full ones do not fit;
* :class:`ScrollArea` -- a frame whose content scrolls vertically when it is taller than
  the space it gets (the side panel), and is never wider than that space;
* :func:`flow` -- lay widgets out in as many rows as the width needs (buttons, counters,
  the legend), so nothing is cut off on a narrow screen.

No Sudoku here; app/window/view.py and app/features/presentation.py use it.
"""
from __future__ import annotations

import logging
import sys
import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk
from typing import Iterable, Sequence

from ..platform import windows_work_area

logger = logging.getLogger(__name__)

__all__ = ["work_area", "fit_geometry", "ScrollArea", "flow", "dpi_factor", "MIN_WINDOW", "WindowSize",
           "wrap_wide_labels", "scale_tree_columns", "fit_tree_columns", "fit_tree_rows", "menubar_height", "fit_window",
           "maximise_window", "window_state", "notebook_tab_width", "fit_notebook_titles", "split_body",
           "PANEL_MIN", "PANEL_MAX", "PANEL_MIN_HEIGHT", "fit_font", "scrolls_itself"]

#: the height a title bar and a task bar take (at 96 dpi) where the system does not say
RESERVED_HEIGHT_PX = 64
#: how often a scrolling area checks whether its content asks for another height (ms)
POLL_MS = 250
#: the smallest window the layout is made for
MIN_WINDOW = (640, 480)
#: the side panel's width (pixels at 96 dpi): at least, and at most
PANEL_MIN, PANEL_MAX = 340, 720
#: the side panel's least height when it sits under the grid
PANEL_MIN_HEIGHT = 230


def dpi_factor(root: tk.Misc) -> float:
    """1.0 at 96 dpi, 2.0 at 200 % scaling (never below 1)."""
    return max(1.0, root.winfo_fpixels("1i") / 96.0)


def work_area(root: tk.Misc) -> tuple[int, int, int, int]:
    """(x, y, width, height) of the screen area a window's outer frame may take."""
    sw, sh = root.winfo_screenwidth(), root.winfo_screenheight()
    if sys.platform == "win32":
        area = windows_work_area()
        if area is not None:
            x, y, w, h = area
            return x, y, min(w, sw), min(h, sh)
    reserve = int(RESERVED_HEIGHT_PX * dpi_factor(root)) if sh > 600 else 0
    top = int(25 * dpi_factor(root)) if sys.platform == "darwin" else 0  # the Mac's menu bar
    return 0, top, sw, sh - reserve - top


def fit_geometry(root: tk.Misc, natural: tuple[int, int], saved: tuple[int, int] | None = None,
                 menubar_height: int = 0) -> tuple[int, int, bool]:
    """(width, height, clamped): the window's inner size on opening.

    ``natural`` is the size the window asks for, ``saved`` the size it had last time (used
    instead when given).  The result never exceeds the work area (less ``menubar_height``,
    which sits above the window's inner area on Windows and X11); ``clamped`` is True when
    it had to be made smaller.
    """
    _, _, aw, ah = work_area(root)
    title = 0 if sys.platform == "darwin" else int(30 * dpi_factor(root))  # the window manager's title bar
    ah = ah - menubar_height - (title if root.winfo_screenheight() > 600 else 0)
    w, h = saved or natural
    fw, fh = max(min(w, aw), min(MIN_WINDOW[0], aw)), max(min(h, ah), min(MIN_WINDOW[1], ah))
    return int(fw), int(fh), (fw, fh) != (w, h)


def split_body(width: int, height: int, scale: float = 1.0) -> tuple[str, tuple[int, int, int], tuple[int, int, int, int]]:
    """Where the grid and the side panel go in a ``width`` x ``height`` body (``scale``: the dpi factor).

    Beside the grid when that leaves the grid as much room as under it (a landscape window),
    else under it (a portrait or half-screen window).  Beside it, the panel is never wider
    than the grid (but for its minimum width).  Returns ``("side" | "stacked", (x, y,
    size) of the square grid, (x, y, width, height) of the panel)``.
    """
    gap, pmin, pmax = int(10 * scale), int(PANEL_MIN * scale), int(PANEL_MAX * scale)
    beside = min(height, width - pmin - gap)
    under = min(width, height - int(PANEL_MIN_HEIGHT * scale) - gap)
    if beside >= under or under < 90:
        side = max(90, beside)
        # the grid is what the person works on: the panel is never wider than it (beyond its
        # minimum), and the width left over centres the two
        pw = max(1, min(width - side - gap, pmax, max(side, pmin)))
        x = max(0, (width - side - gap - pw) // 2)
        return "side", (x, 0, side), (x + side + gap, 0, pw, height)
    return "stacked", ((width - under) // 2, 0, under), (0, under + gap, width, height - under - gap)


def menubar_height(root: tk.Tk) -> int:
    """The menu bar's height (it sits above the window's inner area on Windows and X11)."""
    if sys.platform == "darwin" or not str(root.cget("menu")):
        return 0
    if root.winfo_ismapped():  # the inner area's top less the outer window's (wm geometry's y)
        measured = root.winfo_rooty() - int(root.geometry().replace("-", "+").split("+")[2])
        if 0 < measured < 100:
            return measured
    return tkfont.nametofont("TkMenuFont").metrics("linespace") + 16  # X11 draws 32 px for a 17 px line


def fit_window(root: tk.Tk, saved: dict | None = None, maximise: bool = True) -> tuple[int, int]:
    """Size the window to its natural size, or to ``saved`` (:func:`window_state`'s dict),
    never larger than the screen's work area; maximised again when it was.  The size used."""
    root.update_idletasks()
    want = None
    if isinstance(saved, dict):
        try:
            want = (int(saved["width"]), int(saved["height"]))
        except (KeyError, TypeError, ValueError, OverflowError):  # int(Infinity): OverflowError
            want = None
        if want is not None and min(want) < 50:
            want = None
    natural = (root.winfo_reqwidth(), root.winfo_reqheight())
    w, h, clamped = fit_geometry(root, natural, want, menubar_height(root))
    x, y, _, _ = work_area(root)
    root.geometry(f"{w}x{h}+{x}+{y}" if (clamped or not root.winfo_ismapped()) else f"{w}x{h}")
    root.minsize(min(MIN_WINDOW[0], w), min(MIN_WINDOW[1], h))
    if maximise and ((clamped and want is None) or (isinstance(saved, dict) and saved.get("maximized"))):
        maximise_window(root)
    return w, h


def maximise_window(root: tk.Tk) -> None:
    try:
        if sys.platform == "win32":
            root.state("zoomed")
        elif sys.platform != "darwin":
            root.attributes("-zoomed", True)  # the window manager fits it to the work area
    except tk.TclError:
        pass


def window_state(root: tk.Tk) -> dict:
    """The window's size for the state file: {"width", "height", "maximized"}."""
    try:
        maximized = root.state() == "zoomed" or bool(int(root.attributes("-zoomed")))
    except (tk.TclError, ValueError):
        maximized = False
    return {"width": root.winfo_width(), "height": root.winfo_height(), "maximized": maximized}


def notebook_tab_width(notebook: ttk.Notebook, titles: Iterable[str] | None = None) -> int:
    """The width ``notebook``'s row of tabs needs for ``titles`` (default: the titles shown)."""
    if titles is None:
        titles = [str(notebook.tab(t, "text")) for t in notebook.tabs() if notebook.tab(t, "state") != "hidden"]
    style = ttk.Style(notebook)
    font = tkfont.nametofont(str(style.lookup("TNotebook.Tab", "font") or "TkDefaultFont"), root=notebook)
    raw = style.lookup("TNotebook.Tab", "padding")
    parts = notebook.tk.splitlist(raw) if raw else ()
    padx = int(notebook.winfo_fpixels(str(parts[0]))) if parts else 4
    return sum(font.measure(t) + 2 * padx + 6 for t in titles) + 8


def fit_notebook_titles(notebook: ttk.Notebook, place: dict, full_titles: dict[str, str],
                        short_titles: dict[str, str]) -> None:
    """Short tab titles (``short_titles``: full -> short) while the full ones do not fit the width
    in ``place`` (a place_info dict); ``full_titles`` remembers each tab's full title."""
    try:
        width = int(place.get("width") or 0) - 20  # its scroll bar
    except ValueError:
        return
    tabs = [t for t in notebook.tabs() if notebook.tab(t, "state") != "hidden"]
    full = {t: full_titles.setdefault(t, str(notebook.tab(t, "text"))) for t in tabs}
    short = notebook_tab_width(notebook, full.values()) > width
    for t, title in full.items():
        want = short_titles.get(title, title) if short else title
        if str(notebook.tab(t, "text")) != want:
            notebook.tab(t, text=want)


class ScrollArea:
    """``frame`` holds ``inner`` (build the content there): it scrolls vertically when taller.

    The content always gets the area's full width (its labels wrap to it) and at least its
    full height; a scroll bar appears only while the content is taller.  The mouse wheel
    scrolls it when the pointer is over it (lists and text fields keep their own wheel).
    """

    def __init__(self, parent: tk.Misc, style: str | None = None):
        self.frame = ttk.Frame(parent)
        self.frame.columnconfigure(0, weight=1)
        self.frame.rowconfigure(0, weight=1)
        self.canvas = tk.Canvas(self.frame, highlightthickness=0, bd=0, width=1, height=1)
        self.canvas.grid(row=0, column=0, sticky="nsew")
        self.bar = ttk.Scrollbar(self.frame, orient="vertical", command=self.canvas.yview)
        self.canvas.configure(yscrollcommand=self._on_scroll)
        self.inner = ttk.Frame(self.canvas, **({"style": style} if style else {}))
        self.inner.columnconfigure(0, weight=1)
        self.inner.rowconfigure(0, weight=1)
        self._item = self.canvas.create_window(0, 0, window=self.inner, anchor="nw")
        self.inner.bind("<Configure>", self._on_inner)
        self.canvas.bind("<Configure>", self._on_canvas)
        self.canvas.bind("<Enter>", lambda e: self._wheel(True))
        self._height = 0
        self._notebook: ttk.Notebook | None = None
        #: True: never a scroll bar (the presentation view lays its content out to fit instead)
        self.fixed = False
        # the poll's timer dies with the canvas: tkinter deletes its command then, and a timer
        # left pending would run a command name that no longer exists ('invalid command name')
        self._poll_after: str | None = self.canvas.after(POLL_MS, self._poll)
        self.canvas.bind("<Destroy>", self._on_destroy, add="+")
        self.canvas.bind("<Leave>", lambda e: self._wheel(False))

    @property
    def scrolls(self) -> bool:
        """True while the content is taller than the area (the scroll bar is shown)."""
        return bool(self.bar.winfo_ismapped())

    def natural_size(self) -> tuple[int, int]:
        """The content's requested (width, height) (not stretched to the area's height)."""
        kids = self.inner.grid_slaves() or [self.inner]
        return max(k.winfo_reqwidth() for k in kids), max(k.winfo_reqheight() for k in kids)

    def follow_selected_tab(self, notebook: ttk.Notebook) -> None:
        """The content is ``notebook``: scroll only as far as the selected tab needs.

        (A notebook asks for its tallest tab's height, so a short tab got a scroll bar that
        scrolled down to blank space.)
        """
        self._notebook = notebook
        notebook.bind("<<NotebookTabChanged>>", lambda e: self._sync(), add="+")
        self._pin_tabs(notebook)

    # -- the row of tabs stays above the scrolling content --------------------------------
    def _pin_tabs(self, notebook: ttk.Notebook) -> None:
        """``notebook``'s row of tabs is drawn by ``self.tabs``, a notebook of empty panes above the
        canvas, so scrolling the content never scrolls the tabs away (it did, in every view).

        ``notebook`` keeps its tabs (their titles, states and selection are read from it and
        set on it, as before); it only stops drawing their row.  The header follows it at once
        when its selected tab changes, and its titles and hidden tabs within a poll.
        """
        style = ttk.Style(notebook)
        style.layout("Pinned.TNotebook.Tab", [])  # the real row of tabs: not drawn
        style.configure("Pinned.TNotebook", tabmargins=0)
        notebook.configure(style="Pinned.TNotebook")
        self.tabs = ttk.Notebook(self.frame, takefocus=0)
        self.tabs.grid(row=0, column=0, columnspan=2, sticky="ew")
        self.canvas.grid_configure(row=1)
        self.frame.rowconfigure(0, weight=0)
        self.frame.rowconfigure(1, weight=1)
        self._header: list[tuple[str, str, str]] = []  # (real tab, title, state) as the header shows them
        self._header_panes: dict[str, tk.Widget] = {}  # header pane -> real tab
        self._header_syncing = False
        notebook.bind("<<NotebookTabChanged>>", lambda e: self.sync_tabs(), add="+")
        self.tabs.bind("<<NotebookTabChanged>>", self._header_chosen, add="+")
        self.sync_tabs()

    def sync_tabs(self) -> None:
        """The header shows ``notebook``'s tabs (titles, hidden ones) and its selection; no header for one tab."""
        nb = self._notebook
        if nb is None or not nb.winfo_exists():
            return
        want = [(str(t), str(nb.tab(t, "text")), str(nb.tab(t, "state"))) for t in nb.tabs()]
        self._header_syncing = True
        try:
            if want != self._header:
                for pane in self.tabs.tabs():
                    self.tabs.forget(pane)
                    self.tabs.nametowidget(pane).destroy()
                self._header_panes = {}
                for tab, title, state in want:
                    pane = ttk.Frame(self.tabs, height=0, width=0)
                    self.tabs.add(pane, text=title, state=state)
                    self._header_panes[str(pane)] = tab
                self._header = want
            shown = [t for t, _title, state in want if state != "hidden"]
            if len(shown) > 1 and not self.tabs.winfo_manager():
                self.tabs.grid()
            elif len(shown) <= 1 and self.tabs.winfo_manager():
                self.tabs.grid_remove()
            selected = str(nb.select())
            for pane, tab in self._header_panes.items():
                if tab == selected and str(self.tabs.select()) != pane:
                    self.tabs.select(pane)
        finally:
            self._header_syncing = False

    def _header_chosen(self, event=None) -> None:
        if self._header_syncing or self._notebook is None:
            return
        tab = self._header_panes.get(str(self.tabs.select()))
        if tab is not None and str(self._notebook.select()) != tab:
            self._notebook.select(tab)

    def _needed(self) -> int:
        """The height the content needs (with a notebook: the selected tab's, not the tallest's)."""
        height = self.inner.winfo_reqheight()
        nb = self._notebook
        if nb is not None and nb.winfo_exists() and nb.select():
            panes = [nb.nametowidget(t) for t in nb.tabs()]
            height -= max(p.winfo_reqheight() for p in panes) - nb.nametowidget(nb.select()).winfo_reqheight()
        return height

    def see(self, widget: tk.Misc) -> None:
        """Scroll so that ``widget`` (inside the content) is in view."""
        self.canvas.update_idletasks()
        total = max(1, self.inner.winfo_height())
        top = widget.winfo_rooty() - self.inner.winfo_rooty()
        bottom = top + widget.winfo_height()
        view_top, view_bottom = (f * total for f in self.canvas.yview())
        if top < view_top or bottom > view_bottom:
            self.canvas.yview_moveto(max(0.0, min(top, bottom - (view_bottom - view_top))) / total)

    def _on_inner(self, event=None) -> None:
        self.canvas.configure(scrollregion=(0, 0, self.inner.winfo_reqwidth(), self._content_height()))
        self._sync()

    def _poll(self) -> None:
        """A content that asks for another height (a table got rows) gets it, within POLL_MS.

        (A content sized by what it asks for would tell by itself, but stretched to the
        area's height with a row minimum it made Tk's layout loop forever.)
        """
        self._poll_after = None
        if not self.canvas.winfo_exists():
            return
        if self._needed() != self._height:
            self._sync()
        if self._notebook is not None:
            self.sync_tabs()
        self._poll_after = self.canvas.after(POLL_MS, self._poll)

    def _on_destroy(self, event) -> None:
        if event.widget is self.canvas and self._poll_after is not None:
            try:
                self.canvas.after_cancel(self._poll_after)
            except tk.TclError:
                pass
            self._poll_after = None

    def _on_canvas(self, event) -> None:
        # the content is as wide as the area, and at least as tall
        self.canvas.itemconfigure(self._item, width=event.width)
        self._sync()

    def _content_height(self) -> int:
        return max(self._needed(), self.canvas.winfo_height())

    def _sync(self) -> None:
        h = self._content_height()
        self._height = self._needed()
        self.canvas.itemconfigure(self._item, height=h)
        self.canvas.configure(scrollregion=(0, 0, self.canvas.winfo_width(), h))
        need = self._height > self.canvas.winfo_height() + 1 and not self.fixed
        if need and not self.bar.winfo_ismapped():
            self.bar.grid(row=int(self.canvas.grid_info()["row"]), column=1, sticky="ns")
        elif not need and self.bar.winfo_ismapped():
            self.bar.grid_remove()
            self.canvas.yview_moveto(0)

    def _on_scroll(self, first, last) -> None:
        self.bar.set(first, last)

    def _wheel(self, on: bool) -> None:
        root = self.canvas.winfo_toplevel()
        if on:
            root.bind_all("<MouseWheel>", self._on_wheel, add=False)
            root.bind_all("<Button-4>", lambda e: self._scroll(-3, e), add=False)
            root.bind_all("<Button-5>", lambda e: self._scroll(3, e), add=False)
        else:
            for seq in ("<MouseWheel>", "<Button-4>", "<Button-5>"):
                root.unbind_all(seq)

    def _on_wheel(self, event) -> None:
        self._scroll(-1 * (event.delta // 120 or (1 if event.delta > 0 else -1)) * 3, event)

    def set_fixed(self, fixed: bool) -> None:
        """No scroll bar and no scrolling while ``fixed`` (the content is laid out to fit)."""
        self.fixed = fixed
        if fixed:
            self.canvas.yview_moveto(0)
        self._sync()

    def _scroll(self, units: int, event=None) -> None:
        # a list, text or table under the pointer scrolls itself, not the whole area around it
        widget = getattr(event, "widget", None)
        if isinstance(widget, tk.Misc) and scrolls_itself(widget):
            return
        if self.bar.winfo_ismapped() and not self.fixed:
            self.canvas.yview_scroll(units, "units")


def fit_font(label: tk.Label, font: tkfont.Font, largest: int, smallest: int, height: int) -> int:
    """Set ``font`` (``label``'s own) to the largest size from ``largest`` down to ``smallest`` (Tk font
    sizes: points, or pixels when negative) at which ``label``'s text, wrapped at its wraplength, is at
    most ``height`` pixels tall; the size set.  For a box of fixed height: a long message gets smaller
    letters, never a taller box or a cut line.  (The label's requested height is its text's, so the
    label itself is the measure; its place must not depend on it.)"""
    sign = -1 if int(largest) < 0 else 1
    size = abs(int(largest))
    smallest = abs(int(smallest))

    def setsize(n: int) -> None:
        font.configure(size=sign * n)
        label.configure(font=font)  # a named font's widgets re-measure only when idle; this label now

    setsize(size)
    while label.winfo_reqheight() > height and size > smallest:
        size -= 1
        setsize(size)
    return sign * size


def scrolls_itself(widget: tk.Misc) -> bool:
    """True for a list, a text or a table that scrolls its own content (the wheel over it is its own)."""
    return isinstance(widget, (tk.Text, tk.Listbox, ttk.Treeview)) or (
        isinstance(widget, tk.Canvas) and bool(getattr(widget, "own_wheel", False)))


def flow(widgets: Sequence[tk.Widget], width: int, max_per_row: int | None = None, padx: int = 2,
         pady: int = 2, uniform: str | None = None, sticky: str = "ew") -> int:
    """Grid ``widgets`` (children of one frame) in rows of as many as fit in ``width`` pixels.

    Every row holds the same number (so columns line up); the columns share the width
    equally when ``uniform`` names a group.  Returns the number per row.
    """
    if not widgets:
        return 0
    widest = max(w.winfo_reqwidth() for w in widgets) + 2 * padx
    n = max(1, min(len(widgets), width // max(1, widest)))
    if max_per_row:
        n = min(n, max_per_row)
    rows = -(-len(widgets) // n)
    n = -(-len(widgets) // rows)  # balanced rows: 6 as 3 + 3, never 4 + 2
    parent = widgets[0].master
    for c in range(len(widgets)):
        parent.columnconfigure(c, weight=1 if c < n else 0, uniform=uniform if c < n else "")
    for k, w in enumerate(widgets):
        r, c = divmod(k, n)
        info = w.grid_info()
        if not info or int(info["row"]) != r or int(info["column"]) != c or str(info.get("pady")) != str(pady):
            w.grid(row=r, column=c, sticky=sticky, padx=padx, pady=pady)
    return n


class WindowSize:
    """The window's size in the state file: ``{"window": {"width", "height", "maximized"}}``.

    A feature of the controller (``controller.features["window"]``): app/session.py saves
    :meth:`settings` with the state and hands the saved state to :meth:`restore_settings`
    at start, which sizes the window again, never larger than the work area.
    """

    def __init__(self, form):
        self.form = form

    def settings(self) -> dict:
        return {"window": self.form.window_size()}

    def restore_settings(self, data: dict) -> None:
        saved = data.get("window")
        if isinstance(saved, dict):
            self.form.fit_to_screen(saved)


def wrap_wide_labels(container: tk.Misc, skip: tuple = ()) -> int:
    """Labels under ``container`` never run past their edge, however their text grows later.

    A label that spans its row wraps at its width; any other label wraps once its place is
    narrower than its text (a link beside a field name, a long value).  Labels that already
    wrap are left alone, and so is everything in ``skip`` (panels that flow their own rows).
    The number of labels set up.
    """
    count = 0
    stack = [container]
    while stack:
        w = stack.pop()
        if w in skip:
            continue
        stack.extend(w.winfo_children())
        if not isinstance(w, (tk.Label, ttk.Label)) or str(w.cget("wraplength")) not in ("0", ""):
            continue
        manager = w.winfo_manager()
        info = w.grid_info() if manager == "grid" else w.pack_info() if manager == "pack" else {}
        spans = ("e" in str(info.get("sticky", "")) and "w" in str(info.get("sticky", ""))) or \
            str(info.get("fill", "")) in ("x", "both")
        pad = 2 * int(str(w.cget("padx") or 0)) + 4 if isinstance(w, tk.Label) else 4

        def follow(e, spans=spans, pad=pad):
            if spans:
                e.widget.configure(wraplength=max(40, e.width - pad))
            elif e.widget.winfo_reqwidth() > e.width + 1:
                # a label that just got a longer text still has its old (maybe empty) width: wrap
                # at the room its place in the master leaves, never at a few letters
                room = e.widget.master.winfo_width() - e.widget.winfo_x()
                e.widget.configure(wraplength=max(40, e.width - pad, room - pad))

        w.bind("<Configure>", follow, add="+")
        count += 1
    return count


def scale_tree_columns(container: tk.Misc, factor: float, skip: tuple = ()) -> None:
    """Treeview columns under ``container`` (their widths are pixels at 96 dpi) ``factor`` times as wide."""
    if factor <= 1.0:
        return
    stack = [container]
    while stack:
        w = stack.pop()
        stack.extend(w.winfo_children())
        if isinstance(w, ttk.Treeview) and w not in skip:
            for col in ("#0", *w.cget("columns")):
                w.column(col, width=int(int(w.column(col, "width")) * factor),
                         minwidth=int(int(w.column(col, "minwidth")) * factor))


def fit_tree_columns(tree: ttk.Treeview) -> None:
    """Each column of ``tree`` asks for the width its heading and its rows' text need, in the tree's
    own fonts (so the dpi and the language are taken into account); the tree column stretches into
    any width left over.  Call it again after the rows change."""
    style = ttk.Style(tree)
    name = str(tree.cget("style")) or "Treeview"
    font = tkfont.Font(root=tree, font=style.lookup(name, "font") or "TkDefaultFont")
    heading = tkfont.Font(root=tree, font=style.lookup(f"{name}.Heading", "font")
                          or style.lookup("Heading", "font") or "TkHeadingFont")
    rows = tree.get_children()
    for col in ("#0", *tree.cget("columns")):
        texts = [str(tree.item(iid, "text") if col == "#0" else tree.set(iid, col)) for iid in rows]
        need = max([heading.measure(str(tree.heading(col, "text")))] + [font.measure(t) for t in texts])
        need += 24 if col == "#0" else 14  # the tree's indicator space, the cell's padding
        tree.column(col, width=need, minwidth=need, stretch=col == "#0")


def fit_tree_rows(root: tk.Misc) -> None:
    """Table rows as tall as their text (the default 20 px overlaps at 150-200 % scaling)."""
    style = ttk.Style(root)
    font = tkfont.nametofont(str(style.lookup("Treeview", "font") or "TkDefaultFont"), root=root)
    style.configure("Treeview", rowheight=max(20, font.metrics("linespace") + 4))
