"""The main window: it lays out the cells, menus, buttons, side panel and status line.

The view knows nothing of Sudoku rules or solving.  It shows what the controller tells it
and turns every user action into a named *action* (``"solve"``, ``"cell_input"``, ...) that
it hands to the handler the controller registered.  Each part is used through the object that
owns it: ``form.cell_grid`` draws the 81 cells (cells.py: looks, marks, keys, focus, zoom),
``form.action_map`` maps actions to handlers, menu items, keys and buttons (actions.py),
``form.findings_panel`` is the Findings tab (findings.py), ``form.side_panel`` the side
panel's tabs and ``form.dialogs`` the dialogs (dialogs.py).  This module puts the window
together: the menus, the buttons, the status line and the layout.

Extending the form (later features):

* a side-panel tab: ``form.side_panel.add(frame, text="Search")`` (build ``frame`` with
  ``form.side_panel`` as its parent);
* a menu or menu item: ``form.action_map.add_menu("demo", "Demo")``, then
  ``form.action_map.add_command("demo", "Step", "demo_step", "F8", ("<F8>",))`` and
  ``form.action_map.on("demo_step", handler)``;
* a cell look: add a :class:`~app.window.looks.Mark` to ``looks.py`` (a digit style to its
  ``DIGIT_STYLES``), then ``form.cell_grid.set_marks("hint", cells)`` /
  ``form.cell_grid.show_cell(cell, d, "style")``.
"""
from __future__ import annotations

import logging
import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk
from typing import Callable, Iterable

from .actions import ActionMap
from .cells import CellGrid
from .dialogs import Dialogs
from .findings import FindingsTab
from .layout import (PANEL_MAX, PANEL_MIN, ScrollArea, dpi_factor, fit_notebook_titles, fit_window,
                     menubar_height, notebook_tab_width, split_body, window_state)
from .looks import BLACK, STATUS_COLOURS, STATUS_SYMBOLS
from .pencil import PencilLayer
from ..wording import N_, _, pgettext

logger = logging.getLogger(__name__)

__all__ = ["SudokuForm", "Dialogs", "PANEL_MIN", "PANEL_MAX"]

#: the status line's height in lines of its text (app/window/view.py SudokuForm._fit_status), and the
#: smallest size (points) a long message is set in to fit them
STATUS_LINES = 2
STATUS_MIN_SIZE = 9
STATUS_GAP = 8  # pixels between the buttons and the status line
#: shorter tab titles for a narrow side panel (the tab row never runs past its edge)
SHORT_TITLES = {N_("Search demo"): N_("Demo"), N_("Difficulty"): N_("Card"), N_("Explain"): N_("Steps")}


class SudokuForm:
    """The main window's widgets.

    Responsibilities: lay out the grid of cells (``cell_grid``, app/window/cells.py), the menus
    with their shortcuts (``action_map``, app/window/actions.py), the buttons, the side panel (a
    notebook; "Findings" is its first tab, app/window/findings.py) and the status line; turn every
    user action into a named action for the controller; show digits, marks, findings and
    messages when told.  No solving logic.
    """

    def __init__(self, root: tk.Tk, title: str | None = None):
        self.root = root
        self.dialogs = Dialogs(root)
        self.action_map = ActionMap(root)
        self.menubar = self.action_map.menubar
        self.menus = self.action_map.menus
        self.pencil: PencilLayer | None = None  # the candidates layer, made with the cells
        self.is_presentation = False  # True while app/features/presentation.py shows the window full screen
        self.var_givens_mode = tk.BooleanVar(root, value=False)
        self.var_live_check = tk.BooleanVar(root, value=True)
        self.var_auto_advance = tk.BooleanVar(root, value=True)

        root.title(title or _("Sudoku Solver"))
        root.option_add("*tearOff", False)
        family = tkfont.nametofont("TkDefaultFont").actual("family")
        self.status_font = tkfont.Font(root, family=family, size=13)
        self.ui_font = tkfont.Font(root, family=family, size=11)
        self.findings_font = tkfont.Font(root, family=family, size=11)

        self._init_menus()
        self._init_layout()
        self.cell_grid.build()
        self.cells, self.boxes = self.cell_grid.cells, self.cell_grid.boxes
        self.pencil = PencilLayer(self)
        self.cell_grid.on_paint = self.pencil.follow
        self.findings_panel.show([], hint=_("Check puzzle (F5) lists here everything that is wrong with the "
                                      "puzzle, or says it has a unique solution."))

    # ======================================================================
    # building
    # ======================================================================
    def _init_layout(self) -> None:
        root = self.root
        self.main = ttk.Frame(root, padding=8)
        self.main.pack(fill="both", expand=True)
        self.main.columnconfigure(0, weight=1)
        self.main.rowconfigure(1, weight=1)
        self.layout = "side"  # "side": the panel beside the grid; "stacked": under it
        self._full_titles: dict[str, str] = {}  # tab -> its full title (a narrow panel shows a short one)
        self.layout_hook: Callable[[int, int], bool] | None = None  # the presentation view's own layout

        # top bar: mode on the left (it wraps), collection position on the right (never pushed out)
        top = self.top_bar = ttk.Frame(self.main)
        top.grid(row=0, column=0, sticky="ew", pady=(0, 6))
        top.columnconfigure(0, weight=1)
        self.mode_label = ttk.Label(top, font=self.ui_font, text="")
        self.mode_label.grid(row=0, column=0, sticky="ew")
        self.mode_label.bind("<Configure>", lambda e: self.mode_label.configure(wraplength=max(80, e.width - 4)))
        self.prev_button = self.action_map.add_button("prev", ttk.Button(top, text=_("◀ Previous"), takefocus=0))
        self.collection_label = ttk.Label(top, font=self.ui_font, text="")
        self.next_button = self.action_map.add_button("next", ttk.Button(top, text=_("Next ▶"), takefocus=0))

        # the grid and the side panel, placed by _layout (beside or under the grid)
        self.body = ttk.Frame(self.main)
        self.body.grid(row=1, column=0, sticky="nsew")
        self.cell_grid = CellGrid(self.body, self.action_map.fire, self.var_givens_mode, self.var_auto_advance)
        self.holder, self.board = self.cell_grid.holder, self.cell_grid.board
        self.cell_grid.panel = None  # the grid fills the height; the side panel scrolls instead

        # the side panel: a notebook that later features add tabs to, in an area that scrolls
        self.side_area = ScrollArea(self.body)
        self.side_panel = ttk.Notebook(self.side_area.inner)
        self.side_area.follow_selected_tab(self.side_panel)
        self.side_panel.grid(row=0, column=0, sticky="nsew")
        self.side_panel.bind("<<NotebookTabChanged>>", lambda e: self.side_area.canvas.yview_moveto(0), add="+")
        self.findings_panel = FindingsTab(self.side_panel, self.findings_font, self.action_map)
        self.findings_tab, self.findings = self.findings_panel.tab, self.findings_panel.text
        self.check_entries_button = self.findings_panel.check_entries_button
        self.show_wrong_button = self.findings_panel.show_wrong_button
        self.body.bind("<Configure>", lambda e: self._layout(e.width, e.height))
        self.side_area.inner.bind("<Configure>", lambda e: self._natural_size(), add="+")

        # buttons under the grid
        bar = self.button_bar = ttk.Frame(self.main)
        bar.grid(row=2, column=0, sticky="ew", pady=(8, 0))
        button = self.action_map.add_button
        self.check_button = button("check", ttk.Button(bar, text=_("Check (F5)")))
        self.solve_button = button("solve", ttk.Button(bar, text=_("Solve (Ctrl+Enter)")))
        self.cancel_button = button("cancel", ttk.Button(bar, text=_("Cancel (Esc)")))
        self.add_given_button = button("add_given", ttk.Button(bar, text=_("Apply suggested fix")))
        for b in (self.check_button, self.solve_button, self.cancel_button, self.add_given_button):
            b.pack(side="left", padx=(0, 6))
        self.cancel_button.state(["disabled"])
        self.add_given_button.state(["disabled"])

        # the status line: always STATUS_LINES tall, so no message moves the grid (_fit_status)
        self.status = tk.Label(
            self.main, text="", anchor="w", justify="left", font=self.status_font, width=20,
            relief="groove", bd=1, padx=8, pady=5,  # width: long messages wrap, never widen the window
        )
        self.status.grid(row=3, column=0, sticky="nsew", pady=(STATUS_GAP, 0))
        self.status.bind("<Configure>", self._on_status_configure)
        # a message that needs more lines than that is set in a smaller size (never below STATUS_MIN_SIZE)
        self.status_small = tkfont.Font(root, family=self.status_font.cget("family"), size=self.status_font.cget("size"))
        self._status_min_font = tkfont.Font(root, family=self.status_font.cget("family"), size=STATUS_MIN_SIZE)
        self._status_probe = tk.Label(self.main)  # never shown: measures how tall a message would be
        self._status_kind = "info"
        self.set_collection(None)
        self._natural_size()

    # ======================================================================
    # fitting the screen
    # ======================================================================
    def _layout(self, width: int, height: int) -> None:
        """Place the grid and the side panel in the body (``width`` x ``height`` pixels).

        Beside the grid when that leaves the grid as much room as under it (a landscape
        window), else under it (a portrait or half-screen window); the panel scrolls when
        its content is taller than its place.
        """
        if width < 2 or height < 2:
            return
        self._fit_status()  # the presentation view's status line, or ours (before the hook, which reads it)
        if self.layout_hook is not None and self.layout_hook(width, height):
            return
        self.layout, (gx, gy, side), (px, py, pw, ph) = split_body(width, height, dpi_factor(self.root))
        self.holder.place(in_=self.body, x=gx, y=gy, width=side, height=side)
        self.side_area.frame.place(in_=self.body, x=px, y=py, width=pw, height=ph)
        fit_notebook_titles(self.side_panel, self.side_area.frame.place_info(), self._full_titles,
                            {_(full): _(short) for full, short in SHORT_TITLES.items()})
        self.side_area.sync_tabs()  # the pinned row of tabs shows the titles just chosen

    def _on_status_configure(self, event) -> None:
        wrap = max(120, event.width - 2 * int(str(self.status.cget("padx"))) - 8)
        if str(self.status.cget("wraplength")) != str(wrap):
            self.status.configure(wraplength=wrap)
        self._fit_status()

    def status_height(self) -> int:
        """The status line's height in pixels: STATUS_LINES lines of its text (or one more line of its
        smallest size, whichever is taller), its padding and border."""
        st = self.status
        frame = sum(int(str(st.cget(k))) for k in ("pady", "bd", "highlightthickness"))
        lines = max(STATUS_LINES * self.status_font.metrics("linespace"),
                    (STATUS_LINES + 1) * self._status_min_font.metrics("linespace"))
        return lines + 2 * frame

    def _fit_status(self) -> None:
        """Keep the status line's row STATUS_LINES tall whatever the message, so the grid never changes
        size from a status text (issue 29): a one-line message leaves the second line empty, one that
        needs more lines is set in a smaller size until it fits.

        The presentation view (``layout_hook``) places the line itself and chooses its font.
        """
        st = self.status
        if self.layout_hook is not None:  # the hook sizes the line and its font
            if int(self.main.grid_rowconfigure(3, "minsize")):
                self.main.rowconfigure(3, minsize=0)
            return
        room = self.status_height()
        if int(self.main.grid_rowconfigure(3, "minsize")) != room + STATUS_GAP:  # the row holds the gap too
            self.main.rowconfigure(3, minsize=room + STATUS_GAP)
        font = self.status_font
        size = abs(int(self.status_font.cget("size")))
        probe = self._status_probe
        probe.configure(text=str(st.cget("text")), justify="left", font=self.status_font,
                        **{k: str(st.cget(k)) for k in ("wraplength", "padx", "pady", "bd")})
        while probe.winfo_reqheight() > room and size > STATUS_MIN_SIZE:
            size -= 1
            self.status_small.configure(size=size if int(self.status_font.cget("size")) > 0 else -size)
            font = self.status_small
            probe.configure(font=font)
        if str(st.cget("font")) != str(font):
            st.configure(font=font)

    def tab_row_width(self, titles: Iterable[str] | None = None) -> int:
        """The width the side panel's row of tabs needs for ``titles`` (default: the titles shown)."""
        return notebook_tab_width(self.side_panel, titles)

    def relayout(self) -> None:
        """Place the grid and the panel again (after the presentation view changed the rules)."""
        self._layout(self.body.winfo_width(), self.body.winfo_height())

    def _natural_size(self) -> None:
        """The body asks for the grid at its zoom beside the panel at its own width (at most PANEL_MAX)."""
        s = dpi_factor(self.root)
        side = int(self.holder.cget("width"))
        pw, ph = self.side_area.natural_size()
        pw = max(int(PANEL_MIN * s), min(pw, int(PANEL_MAX * s)))
        want = (side + int(10 * s) + pw, max(side, ph))
        if (int(str(self.body.cget("width")) or 0), int(str(self.body.cget("height")) or 0)) != want:
            self.body.configure(width=want[0], height=want[1])

    def menubar_height(self) -> int:
        """The menu bar's height (it sits above the window's inner area on Windows and X11)."""
        return menubar_height(self.root)

    def fit_to_screen(self, saved: dict | None = None, maximise: bool = True) -> tuple[int, int]:
        """Size the window to its natural size or to ``saved``, within the work area (app/window/layout.py)."""
        return fit_window(self.root, saved, maximise)

    def window_size(self) -> dict:
        """The window's size for the state file: {"width", "height", "maximized"}."""
        return window_state(self.root)

    def _init_menus(self) -> None:
        for key, label in (("file", _("File")), ("edit", _("Edit")), ("view", _("View")),
                           ("check", pgettext("menu", "Check")), ("solve", pgettext("menu", "Solve")),
                           ("examples", _("Examples")), ("help", _("Help"))):
            self.action_map.add_menu(key, label)
        A = self.action_map.add_command
        A("file", _("Open…"), "open", "Ctrl+O", ("<Control-o>",))
        A("file", _("Save…"), "save", "Ctrl+S", ("<Control-s>",))
        self.menus["file"].add_separator()
        A("file", _("Previous puzzle"), "prev", "Alt+Left / PgUp", ("<Alt-Left>", "<Prior>"))
        A("file", _("Next puzzle"), "next", "Alt+Right / PgDn", ("<Alt-Right>", "<Next>"))
        self.menus["file"].add_separator()
        A("file", _("Quit"), "quit", "Ctrl+Q", ("<Control-q>",))

        A("edit", _("Undo"), "undo", "Ctrl+Z", ("<Control-z>",))
        A("edit", _("Redo"), "redo", "Ctrl+Y / Ctrl+Shift+Z", ("<Control-y>", "<Control-Shift-Z>", "<Control-Shift-z>"))
        self.menus["edit"].add_separator()
        A("edit", _("Copy grid (line and framed block)"), "copy", "Ctrl+C", ("<Control-c>",))
        A("edit", _("Copy as framed grid"), "copy_framed", "Ctrl+Shift+C", ("<Control-Shift-C>", "<Control-Shift-c>"))
        A("edit", _("Paste puzzle or digit"), "paste", "Ctrl+V", ("<Control-v>",))
        self.menus["edit"].add_separator()
        A("edit", _("Clear entries"), "clear_entries", "Ctrl+Delete", ("<Control-Delete>",))
        A("edit", _("Clear all"), "clear_all", "Ctrl+Shift+Delete", ("<Control-Shift-Delete>",))
        self.menus["edit"].add_separator()
        self.action_map.add_check("edit", _("Enter givens mode"), "givens_mode", self.var_givens_mode, "Ctrl+G", ("<Control-g>",))
        A("edit", _("Lock givens (start solving)"), "lock_givens", "Ctrl+L", ("<Control-l>",))

        A("view", _("Zoom in"), "zoom_in", "Ctrl++", ("<Control-plus>", "<Control-equal>", "<Control-KP_Add>"))
        A("view", _("Zoom out"), "zoom_out", "Ctrl+-", ("<Control-minus>", "<Control-KP_Subtract>"))
        A("view", _("Actual size"), "zoom_reset", "Ctrl+0", ("<Control-0>", "<Control-KP_0>"))
        self.menus["view"].add_separator()
        self.action_map.add_check("view", _("Move to the next cell after a digit"), "auto_advance", self.var_auto_advance,
                       "Ctrl+M", ("<Control-m>",))

        A("check", _("Check puzzle"), "check", "F5", ("<F5>",))
        A("check", _("Check my entries"), "check_entries", "Ctrl+E", ("<Control-e>",))
        A("check", _("Show which entries are wrong"), "show_wrong", "Ctrl+Shift+E", ("<Control-Shift-E>", "<Control-Shift-e>"))
        self.menus["check"].add_separator()
        self.action_map.add_check("check", _("Live rule check"), "live_check", self.var_live_check, "F6", ("<F6>",))

        A("solve", _("Solve"), "solve", "Ctrl+Enter", ("<Control-Return>", "<Control-KP_Enter>"))
        A("solve", _("Cancel"), "cancel", "Esc")
        # Esc always reaches the cancel action, even while its menu item is disabled: the
        # presentation view leaves on it when nothing runs.
        self.root.bind("<Escape>", lambda e: (self.action_map.fire("cancel"), "break")[1])
        A("solve", _("Apply suggested fix or clue"), "add_given", "Ctrl+K", ("<Control-k>",))

        A("help", _("Keyboard shortcuts"), "help_keys", "F1", ("<F1>",))
        A("help", _("About Sudoku Solver"), "about")
        self.action_map.enable("cancel", False)
        self.action_map.enable("add_given", False)
        self.action_map.enable("show_wrong", False)

    # ======================================================================
    # extension points (the named actions live in app/window/actions.py)
    # ======================================================================
    # ======================================================================
    # what the controller calls
    # ======================================================================
    # the cells (app/window/cells.py)
    def zoom(self, factor: float | None) -> float:
        """Multiply the grid's size by ``factor`` (None: back to 100 %); the new zoom."""
        z = self.cell_grid.zoom(factor)  # the window takes its natural size ...
        self._natural_size()
        self.fit_to_screen(maximise=False)  # ... but never more than the screen's work area
        return z

    @property
    def zoom_level(self) -> float:
        return self.cell_grid.zoom_level

    def set_zoom(self, zoom: float) -> None:
        self.cell_grid.set_zoom(zoom)
        self._natural_size()

    # the rest of the window
    def set_status(self, text: str, kind: str = "info") -> None:
        """The status line: ``kind`` is info, ok, warn or error (colour plus a leading symbol)."""
        prefix = STATUS_SYMBOLS.get(kind, "")
        fg = STATUS_COLOURS.get(kind, BLACK)
        if text and prefix and prefix.strip() not in text:
            text = prefix + text
        self.status.configure(text=text, fg=fg)
        self._status_kind = kind
        self._fit_status()
        if self.layout_hook is not None:
            self.relayout()  # the presentation view gives the status line the height its text needs

    def status_text(self) -> str:
        return str(self.status.cget("text"))

    @property
    def status_kind(self) -> str:
        """The kind of the status line's message: info, ok, warn or error."""
        return self._status_kind

    def set_mode(self, givens_mode: bool) -> None:
        """Show whether typing sets givens or entries."""
        self.var_givens_mode.set(givens_mode)
        self.mode_label.configure(
            text=_("✎ Entering givens: type the puzzle, then Lock givens (Ctrl+L)") if givens_mode
            else _("Solving: givens are locked (bold); your digits are blue")
        )

    def set_busy(self, busy: bool, what: str = "") -> None:
        """While a job runs: Check and Solve disabled, Cancel enabled."""
        for action in ("check", "solve", "check_entries"):
            self.action_map.enable(action, not busy)
        self.action_map.enable("cancel", busy)
        self.solve_button.configure(text=_("Solving…") if busy and what == "solve" else _("Solve (Ctrl+Enter)"))
        self.check_button.configure(text=_("Checking…") if busy and what == "check" else _("Check (F5)"))
        self.root.configure(cursor="watch" if busy else "")

    def set_suggestion(self, text: str | None) -> None:
        """Offer a fix or a clue (``text`` such as "Apply fix: r1c1 3 → 7" or "Add clue r1c2 = 8"),
        or withdraw it."""
        self.add_given_button.configure(text=text or _("Apply suggested fix"))
        self.action_map.enable("add_given", bool(text))

    def set_collection(self, position: str | None, has_prev: bool = False, has_next: bool = False) -> None:
        """Show "puzzle 12 of 1,465" and enable Previous/Next, or hide them (None)."""
        self.collection_label.configure(text=position or "")
        self.action_map.enable("prev", bool(position) and has_prev)
        self.action_map.enable("next", bool(position) and has_next)
        for k, w in enumerate((self.prev_button, self.collection_label, self.next_button), start=1):
            if position:
                w.grid(row=0, column=k, sticky="e", padx=(6 if k == 2 else 0, 6 if k == 2 else 0))
            else:
                w.grid_remove()

    @property
    def selected_finding(self) -> int | None:
        return self.findings_panel.selected

    def has_text_selection(self) -> bool:
        """True when the focused text widget (e.g. the findings) has selected text."""
        try:
            w = self.root.focus_get()
        except (KeyError, tk.TclError):
            return False
        if isinstance(w, tk.Text):
            return bool(w.tag_ranges("sel"))
        return False

    def copy_selection(self) -> None:
        w = self.root.focus_get()
        if isinstance(w, tk.Text) and w.tag_ranges("sel"):
            self.set_clipboard(w.get("sel.first", "sel.last"))

    def set_clipboard(self, text: str) -> None:
        self.root.clipboard_clear()
        self.root.clipboard_append(text)

    def get_clipboard(self) -> str | None:
        """The clipboard text, or None when it holds no text (or none Tk could fetch)."""
        return self.read_clipboard()[0]

    def read_clipboard(self) -> tuple[str | None, str | None]:
        """(the clipboard text or None, why there is none: None when it holds no text,
        ``"too_large"`` when it holds more than Tk can fetch -- about 400 KB from a program that
        does not hand it over in parts -- or ``"no_answer"`` when the program holding it did
        not answer within Tk's 5 seconds)."""
        try:
            return self.root.clipboard_get(), None
        except tk.TclError as exc:
            text = str(exc)
            if "too large" in text:  # Tk: "selection property too large"
                return None, "too_large"
            if "didn't respond" in text:  # Tk: "selection owner didn't respond"
                return None, "no_answer"
            return None, None
