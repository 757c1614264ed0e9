"""The search demo's widgets: the "Search demo" side tab and the run drawn on the grid.

The tab holds the order choice, the counters, the explanation box, the controls, the speed
and timeline sliders, the comparison table and the legend.  Buttons call the
:class:`~app.features.demo.Demo` they were built for; the demo tells the panel what to show
(:meth:`DemoPanel.show_counters`, :meth:`show_timeline`, :meth:`show_table`, ...).
:meth:`DemoPanel.set_large` grows everything for the presentation view.  :class:`DemoGrid`
draws a :class:`~app.features.demo.run.DemoRun` on the form's own cells.  No playing, no counting here.
"""
from __future__ import annotations

import logging
import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk

from .run import FULL_SPEED, ORDER_LABELS
from solver import Grid, candidates, cell_of, index

from app.window.layout import fit_font, flow
from app.window.looks import BLUE, DEMO_LEGEND, DEMO_MARKS, DIGIT_STYLES, GREY_TEXT, MARKS, NOTE_TEXT, WHITE
from app.wording import N_, _, describe_elapsed, format_count, pgettext

logger = logging.getLogger(__name__)

__all__ = ["DemoPanel", "DemoGrid", "TABLE_WIDTHS"]

# comparison table columns (pixels at normal size): wide enough for "≥ 1,000,000" and "≥ 18,999,717"
TABLE_WIDTHS = {"#0": 88, "placements": 100, "backtracks": 96, "steps": 110, "time": 62}
TABLE_COLUMNS = ("placements", "backtracks", "steps", "time")
COUNTERS = ("placements", "backtracks", "depth", "steps")
#: the widest count a counter keeps room for in the presentation view (9 digits)
COUNT_ROOM = 999_999_999
#: a large (presentation view) button's height as a share of the screen's height
BUTTON_SHARE = 0.058
#: the explanation box's height in lines; a message that needs more is set smaller (never cut)
EXPLAIN_LINES = 3


class DemoPanel:
    """The widgets of the "Search demo" tab, built for ``demo`` (whose methods the buttons call).

    ``frame`` is the focusable panel inside the tab (Space and the arrows reach the demo
    through it); ``var_order``, ``var_speed`` and ``var_time`` hold the choices.
    """

    def __init__(self, form, demo):
        self.form = form
        self.root = form.root
        self.demo = demo
        self.syncing = False  # True while the timeline is moved by the program, not the person
        self.var_order = tk.StringVar(self.root, value="row-major")
        self.var_speed = tk.DoubleVar(self.root, value=25.0)  # 10 steps/s
        self.var_time = tk.DoubleVar(self.root, value=0.0)
        self._init_fonts()
        self._init_widgets(demo)

    def _init_fonts(self) -> None:
        family = tkfont.nametofont("TkDefaultFont").actual("family")
        self.fonts = {
            "label": tkfont.Font(self.root, family=family, size=10),
            "value": tkfont.Font(self.root, family=family, size=17, weight="bold"),
            "text": tkfont.Font(self.root, family=family, size=12),
            "button": tkfont.Font(self.root, family=family, size=11),
            "table": tkfont.Font(self.root, family=family, size=10),
            "table_estimate": tkfont.Font(self.root, family=family, size=10, slant="italic"),
            "heading": tkfont.Font(self.root, family=family, size=10, weight="bold"),
            "state": tkfont.Font(self.root, family=family, size=11, weight="bold"),
        }
        self.legend_fonts: list[tkfont.Font] = []
        self._base_sizes = {k: f.cget("size") for k, f in self.fonts.items()}
        style = ttk.Style(self.root)
        style.configure("Demo.TButton", font=self.fonts["button"], padding=(2, 3))
        style.configure("Demo.TRadiobutton", font=self.fonts["text"])
        style.configure("Demo.Treeview", font=self.fonts["table"],
                        rowheight=max(22, self.fonts["table"].metrics("linespace") + 6))
        style.configure("Demo.Treeview.Heading", font=self.fonts["heading"])
        style.configure("Demo.TLabelframe.Label", font=self.fonts["heading"])


    def _init_widgets(self, demo) -> None:
        f = self.form
        self.tab = ttk.Frame(f.side_panel, padding=6, style="Demo.TFrame")
        f.side_panel.add(self.tab, text=_("Search demo"))
        self.tab.columnconfigure(0, weight=1)
        # The panel itself takes the focus while the demo runs, so Space and the arrows
        # reach the demo without a cell looking "selected".
        self.frame = tk.Frame(self.tab, takefocus=1, highlightthickness=2, highlightcolor=BLUE, bd=0)
        self.frame.grid(row=0, column=0, sticky="nsew")
        self.tab.rowconfigure(0, weight=1)
        self.frame.columnconfigure(0, weight=1)
        p = self.frame
        B = dict(style="Demo.TButton", takefocus=0, width=-8)  # at least 8 characters: Play/Pause never moves the row

        orders = self.orders = ttk.LabelFrame(p, text=_("Strategy"), padding=(8, 2), style="Demo.TLabelframe")
        orders.grid(row=0, column=0, sticky="ew", padx=4, pady=(4, 4))
        self.order_buttons = {}
        for k, (order, label) in enumerate(ORDER_LABELS.items()):
            b = ttk.Radiobutton(orders, text=_(label.long), value=order, variable=self.var_order, takefocus=0,
                                style="Demo.TRadiobutton", command=demo.order_chosen)
            b.grid(row=k, column=0, sticky="w")
            self.order_buttons[order] = b

        counters = self.counters = tk.Frame(p)
        counters.grid(row=1, column=0, sticky="ew", padx=4, pady=(2, 2))
        self.counter_values: dict[str, tk.Label] = {}
        self.captions: dict[str, tuple[tk.Label, str]] = {}  # key -> (caption label, its normal text)
        # (key, caption, its one-word form for the presentation view)
        names = (("placements", N_("placements tried"), N_("placements")), ("backtracks", N_("backtracks"), None),
                 ("depth", N_("depth"), None), ("steps", N_("steps"), None), ("elapsed", N_("elapsed"), None))
        self.value_fonts: dict[str, tkfont.Font] = {}
        self.counter_cells: list[tk.Widget] = []  # laid out in as many rows as the width needs (reflow)
        for k, (key, name, short) in enumerate(names):
            r, c = divmod(k, 3)
            cell = tk.Frame(counters, bd=1, relief="solid", bg=WHITE, padx=6, pady=2)
            cell.grid(row=r, column=c, sticky="nsew", padx=2, pady=2)
            counters.columnconfigure(c, weight=1, uniform="counter")
            self.counter_cells.append(cell)
            # each value has a font of its own, made smaller while a long number would not fit its cell
            # (a 6-digit count lost its first digit); the presentation view keeps room for COUNT_ROOM
            font = tkfont.Font(self.root, font=self.fonts["value"])
            self.value_fonts[key] = font
            v = tk.Label(cell, text="0", font=font, bg=WHITE, anchor="e", width=1, padx=0)
            caption = tk.Label(cell, text=_(name), font=self.fonts["label"], bg=WHITE, fg=GREY_TEXT, anchor="e")
            v.grid(row=0, column=0, columnspan=2, sticky="ew")
            caption.grid(row=1, column=0, columnspan=2, sticky="e")
            cell.columnconfigure(1, weight=1)
            v.bind("<Configure>", lambda e, key=key: self._fit_value(key))
            self.captions[key] = (caption, name, short or name)
            self.counter_values[key] = v
        self.state_font = tkfont.Font(self.root, font=self.fonts["state"])  # smaller while a large line is too long
        self.state_label = tk.Label(counters, text="", font=self.state_font, anchor="w", justify="left")
        self.state_label.grid(row=1, column=2, sticky="nsew", padx=(8, 0))
        self.counter_cells.append(self.state_label)

        legend = tk.Frame(p)
        legend.grid(row=6, column=0, sticky="ew", padx=4, pady=(2, 0))
        self.legend = legend
        family = self.fonts["label"].actual("family")
        self.legend_entries: list[tk.Widget] = []  # each a swatch and its name, flowed into rows (reflow)
        for k, (name, style, mark) in enumerate(DEMO_LEGEND):
            look, mark = DIGIT_STYLES[style], MARKS.get(mark)
            font = tkfont.Font(self.root, family=family, size=13, weight=look.weight, slant=look.slant,
                               overstrike=bool(mark and mark.overstrike))
            self.legend_fonts.append(font)
            entry = tk.Frame(legend)
            entry.grid(row=0, column=k, sticky="w", padx=(0 if k == 0 else 4, 0))
            tk.Label(entry, text="5", font=font, fg=look.fg, bg=mark.bg if mark else WHITE, width=2, relief="solid",
                     bd=1).pack(side="left", padx=(0, 2))
            tk.Label(entry, text=_(name), font=self.fonts["label"]).pack(side="left")
            self.legend_entries.append(entry)

        # The box keeps EXPLAIN_LINES lines of the text font whatever the message (the column under it
        # never jumps); a message that needs more lines is set smaller in it (a 2-line box cut the
        # German intro mid-sentence).
        line = self.fonts["text"].metrics("linespace")
        self.explain_box = tk.Frame(p, height=EXPLAIN_LINES * line + 10, width=1, bg=WHITE)
        self.explain_box.grid(row=2, column=0, sticky="ew", padx=4, pady=(4, 4))
        self.explain_box.grid_propagate(False)
        self.explain_box.columnconfigure(0, weight=1)
        self.explain_box.rowconfigure(0, weight=1)
        self.explain_font = tkfont.Font(self.root, font=self.fonts["text"])
        self.explain = tk.Label(self.explain_box, text="", font=self.explain_font, anchor="nw", justify="left",
                                bg=WHITE, relief="solid", bd=1, padx=8, pady=4, width=1)
        self.explain.grid(row=0, column=0, sticky="nsew")
        self.explain.bind("<Configure>", lambda e: self._fit_explain())

        controls = tk.Frame(p)
        controls.grid(row=3, column=0, sticky="ew", padx=4, pady=(2, 0))
        self.back_button = ttk.Button(controls, text=_("◀ Back"), command=demo.step_back, **B)
        self.step_button = ttk.Button(controls, text=_("Step ▶"), command=demo.step, **B)
        self.play_button = ttk.Button(controls, text=_("▶ Play"), command=demo.playback.toggle, **B)
        self.skip_button = ttk.Button(controls, text=_("End ▶▶"), command=demo.counts.skip_to_end, **B)
        self.reset_button = ttk.Button(controls, text=_("⟲ Reset"), command=demo.reset, **B)
        self.stop_button = ttk.Button(controls, text=_("■ Stop"), command=demo.stop, **B)
        self.control_buttons = (self.back_button, self.step_button, self.play_button, self.skip_button,
                                self.reset_button, self.stop_button)
        for k, b in enumerate(self.control_buttons):
            b.grid(row=0, column=k, sticky="ew", padx=1, pady=1)
            controls.columnconfigure(k, weight=1, uniform="ctl")

        sliders = tk.Frame(p)
        sliders.grid(row=4, column=0, sticky="ew", padx=4, pady=(4, 2))
        sliders.columnconfigure(1, weight=1)
        self.sliders = sliders
        self.speed_name = tk.Label(sliders, text=_("Speed"), font=self.fonts["label"])
        self.speed_name.grid(row=0, column=0, sticky="w")
        self.speed_scale = ttk.Scale(sliders, from_=0, to=FULL_SPEED, variable=self.var_speed,
                                     command=demo.playback.speed_changed, takefocus=0, style="Demo.Horizontal.TScale")
        self.speed_scale.grid(row=0, column=1, sticky="ew", padx=6)
        self.slider_fonts = {}  # label -> its own font (set smaller while its text is wider than its place)
        self.speed_label = tk.Label(sliders, text="", font=self.fonts["label"], width=13, anchor="w")
        self.speed_label.grid(row=0, column=2, sticky="w")
        self.time_name = tk.Label(sliders, text=_("Timeline"), font=self.fonts["label"])
        self.time_name.grid(row=1, column=0, sticky="w")
        self.time_scale = ttk.Scale(sliders, from_=0, to=1, variable=self.var_time,
                                    command=self._on_timeline, takefocus=0, style="Demo.Horizontal.TScale")
        self.time_scale.grid(row=1, column=1, sticky="ew", padx=6)
        self.time_label = tk.Label(sliders, text="", font=self.fonts["label"], width=13, anchor="w")
        self.time_label.grid(row=1, column=2, sticky="w")
        for label in (self.speed_label, self.time_label):
            self.slider_fonts[str(label)] = tkfont.Font(self.root, font=self.fonts["label"])
            label.configure(font=self.slider_fonts[str(label)])

        box = self.compare_box = ttk.LabelFrame(p, padding=(6, 4), style="Demo.TLabelframe")
        # the frame's title wraps inside the frame (German "Schneller machen: vergleiche die Strategien"
        # ran into the frame's border), so it is a label of its own, as wide as the frame lets it be
        self.compare_title = ttk.Label(box, text=_("Make it faster: compare the strategies"),
                                       style="Demo.TLabelframe.Label")
        box.configure(labelwidget=self.compare_title)
        box.grid(row=5, column=0, sticky="nsew", padx=4, pady=(6, 2))
        p.rowconfigure(7, weight=1)  # spare height goes below the legend
        box.columnconfigure(0, weight=1)
        row = tk.Frame(box)
        row.grid(row=0, column=0, sticky="ew")
        row.columnconfigure(2, weight=1)
        self.compare_button = ttk.Button(row, text=_("Compare"), command=demo.counts.compare, **B)
        self.compare_button.grid(row=0, column=0, padx=(0, 4))
        self.cancel_button = ttk.Button(row, text=_("Cancel"), command=demo.counts.cancel, **B)
        self.cancel_button.grid(row=0, column=1, padx=(0, 6))
        self.progress = ttk.Progressbar(row, mode="indeterminate", length=80)
        self.progress.grid(row=0, column=2, sticky="ew")
        self.job_label = tk.Label(box, text="", font=self.fonts["label"], anchor="w", justify="left", width=40)
        self.job_label.grid(row=1, column=0, sticky="ew", pady=(2, 2))
        self.table = ttk.Treeview(box, columns=("placements", "backtracks", "steps", "time"), height=3,
                                  style="Demo.Treeview", selectmode="none", takefocus=0)
        self.table.heading("#0", text=_("Strategy"), anchor="w")
        self.table.column("#0", width=TABLE_WIDTHS["#0"], minwidth=80, stretch=True, anchor="w")
        # the headings' short table forms (German "Platzierungen" would not fit a narrow panel)
        for col, title in (("placements", pgettext("table heading", "Placements")),
                           ("backtracks", pgettext("table heading", "Backtracks")), ("steps", _("Steps")),
                           ("time", _("Time"))):
            self.table.heading(col, text=title, anchor="e")
            self.table.column(col, width=TABLE_WIDTHS[col], minwidth=50, stretch=False, anchor="e")
        # the estimate row under a capped strategy: grey italic, so it never reads as a count
        self.table.tag_configure("estimate", foreground=NOTE_TEXT, font=self.fonts["table_estimate"])
        self.table.grid(row=2, column=0, sticky="ew")
        for order, label in ORDER_LABELS.items():
            self.table.insert("", "end", iid=order, text=_(label.short), values=("", "", "", ""))
        self.table_note = tk.Label(box, text="", font=self.fonts["label"], anchor="nw", justify="left", width=40)
        self.table_note.grid(row=3, column=0, sticky="ew", pady=(4, 0))
        self.table_note.bind("<Configure>", lambda e: self.table_note.configure(wraplength=max(150, e.width - 8)))
        self.full_button = ttk.Button(box, text=_("Count the whole run"), command=demo.counts.count_whole_run,
                                      **dict(B, width=0))
        self.full_button.grid(row=4, column=0, sticky="w", pady=(4, 0))
        self.full_button.grid_remove()
        self.set_job_ui(False)
        self._width = 0
        self._large = False
        self.frame.bind("<Configure>", lambda e: self.reflow(e.width))
        box.bind("<Configure>", lambda e: self._fit_table(e.width - 16), add="+")
        box.bind("<Configure>", lambda e: self._wrap_title(e.width), add="+")

    # ======================================================================
    # fitting the width (a narrow window, the presentation view's column)
    # ======================================================================
    def reflow(self, width: int) -> None:
        """Counters, controls and legend in as many rows as ``width`` pixels need (nothing cut off)."""
        if width < 20:
            return
        self._width = width
        inner = width - 12  # the rows' own padding (4 + 4) and the panel's focus ring (2 + 2)
        if not self._large and self._caption_counters(inner):
            self.root.after_idle(lambda: self.reflow(self._width))  # again, with the captions' new widths
        if self._large:
            self._fit_strip(inner)
        per_row = flow(self.counter_cells, inner, max_per_row=3, padx=1, pady=0 if self._large else 2,
                       uniform="counter", sticky="nsew")
        self.state_label.configure(wraplength=0 if self._large else max(60, inner // per_row - 16))
        self._fit_state()
        flow(self.control_buttons, inner, max_per_row=6, padx=1, pady=1, uniform="ctl")
        flow(self.legend_entries, inner, padx=3, pady=1, sticky="w")
        buttons = list(self.order_buttons.values())
        if not self._large:  # the long names while they fit, else the short ones ("Classic", ...)
            fits = max(self.fonts["text"].measure(_(label.long)) for label in ORDER_LABELS.values()) + 40 <= inner - 24
            for order, b in self.order_buttons.items():
                b.configure(text=_(ORDER_LABELS[order].long) if fits else _(ORDER_LABELS[order].short))
        if buttons and buttons[0].cget("text") in {_(label.short) for label in ORDER_LABELS.values()}:
            flow(buttons, inner - 24, sticky="w")
        else:
            flow(buttons, 1, sticky="w")
        for label in (self.table_note, self.job_label):
            label.configure(wraplength=max(80, inner - 24))
        if self._large:
            self._place_time_value(inner)
        for label in (self.speed_label, self.time_label):
            self._fit_slider_value(label)

    def _place_time_value(self, inner: int) -> None:
        """Presentation view: the timeline's value beside its name when "999,999,999 / 999,999,999" fits
        there, else on a row of its own under the slider (decided by the width, never by the step)."""
        sample = f"{format_count(COUNT_ROOM)} / {format_count(COUNT_ROOM)}"
        beside = self.time_name.winfo_reqwidth() + self.fonts["label"].measure(sample) + 16 <= inner
        want = (3, 1, 2) if beside else (5, 0, 3)
        info = self.time_label.grid_info()
        if (int(info.get("row", -1)), int(info.get("column", -1)), int(info.get("columnspan", 1))) != want:
            self.time_label.grid(row=want[0], column=want[1], columnspan=want[2], sticky="e")

    def _fit_strip(self, inner: int) -> None:
        """Presentation view: each counter's caption and a 9-digit number on one line of ``inner`` pixels; the
        numbers in the large size (a quarter above the text's) or smaller, never under the text's size less 10 %."""
        label = self.fonts["label"]
        widest = max(label.measure(c.cget("text")) for c, _n, _s in self.captions.values())
        pads = 2 * 6 + 2 * 1 + 2 * 1 + 8  # the cell's padding and border, the row's padx, a gap
        text_px = abs(int(self.fonts["text"].cget("size")))
        px = round(text_px * 1.25)
        sample = format_count(COUNT_ROOM)
        font = self.fonts["value"]
        font.configure(size=-px)
        while widest + font.measure(sample) + pads > inner and px > round(text_px * 0.9):
            px -= 1
            font.configure(size=-px)
        room = font.measure(sample) + 4
        for key, v in self.counter_values.items():
            self.value_fonts[key].configure(size=-px)
            v.master.columnconfigure(1, minsize=room)
        for key in self.counter_values:
            self._fit_value(key)

    def _caption_counters(self, inner: int) -> bool:
        """The counters' long captions ("placements tried") while two counters fit side by side in ``inner``
        pixels, else the short ones ("placements"): a long German caption ("versuchte Platzierungen")
        put every counter on a row of its own, and the controls under them below the fold.
        True when a caption changed."""
        label = self.fonts["label"]
        first = next(iter(self.captions.values()))[0]
        # a counter's width beside its caption's text: the caption's own padding, the cell's padding and
        # border (6 + 1 each side), and the row's padx (flow, 1 each side)
        cell = first.winfo_reqwidth() - label.measure(first.cget("text")) + 2 * 6 + 2 * 1 + 2 * 1
        long_fits = inner // (max(label.measure(_(name)) for _c, name, _s in self.captions.values()) + cell) >= 2
        changed = False
        for caption, name, short in self.captions.values():
            want = _(name) if long_fits else _(short)
            if caption.cget("text") != want:
                caption.configure(text=want)
                changed = True
        return changed

    def _wrap_title(self, width: int) -> None:
        """The comparison frame's title wraps inside the frame's ``width`` (its corners and padding left free)."""
        wrap = max(80, width - 24)
        if str(self.compare_title.cget("wraplength")) != str(wrap):
            self.compare_title.configure(wraplength=wrap)

    def _fit_table(self, width: int) -> None:
        """Columns as wide as their text; Time, then Steps (then Backtracks), left out when the width cannot hold them."""
        if width < 40:
            return
        table = self.table
        fonts = {"": self.fonts["table"], "estimate": self.fonts["table_estimate"]}
        need: dict[str, int] = {}
        for col in ("#0",) + TABLE_COLUMNS:
            texts = [(str(table.heading(col, "text")), self.fonts["heading"])]
            for iid in table.get_children():
                font = fonts["estimate" if "estimate" in table.item(iid, "tags") else ""]
                value = table.item(iid, "text") if col == "#0" else table.set(iid, col)
                texts.append((str(value), font))
            need[col] = max(f.measure(t) for t, f in texts) + (24 if col == "#0" else 14)
        shown = list(TABLE_COLUMNS)
        for drop in ("time", "steps", "backtracks"):
            if need["#0"] + sum(need[c] for c in shown) <= width:
                break
            shown.remove(drop)
        if tuple(str(c) for c in table.cget("displaycolumns")) != tuple(shown):
            table.configure(displaycolumns=shown)
        # the columns ask for what their text needs (never for the width they were given: a window
        # at its natural size would grow with every pass); the Strategy column stretches into the rest
        table.column("#0", width=need["#0"], minwidth=need["#0"], stretch=True)
        for col in shown:
            table.column(col, width=need[col], minwidth=need[col])


    # ======================================================================
    # what the demo shows
    # ======================================================================
    def show_counters(self, event, steps: int, elapsed: float, order: str, state: str) -> None:
        """The counters of ``event`` (None: all 0 but ``steps``), the time watched and the order's state."""
        for key in COUNTERS:
            v = getattr(event, key) if event is not None else (steps if key == "steps" else 0)
            self._show_value(key, format_count(v))
        self._show_value("elapsed", describe_elapsed(elapsed))
        sep = " · " if self._large else "\n"  # one line in the presentation view's strip
        self.state_label.configure(text=f"{_(ORDER_LABELS[order].short)}{sep}{state}")
        self._fit_state()

    def _fit_state(self) -> None:
        """The strategy and state line: in the presentation view one line, set smaller while it is too long
        (a second line made the strip taller than its place)."""
        base = int(self.fonts["state"].cget("size"))
        room = self.counters.winfo_width() - 8
        self.state_font.configure(size=base)
        if not self._large or room < 40:
            return
        size = abs(base)
        while self.state_font.measure(str(self.state_label.cget("text"))) > room and size > 7:
            size -= 1
            self.state_font.configure(size=size if base > 0 else -size)

    def _show_value(self, key: str, text: str) -> None:
        label = self.counter_values[key]
        if str(label.cget("text")) != text:
            label.configure(text=text)
            self._fit_value(key)

    def show_timeline(self, run) -> None:
        """The timeline slider spans the kept history of ``run`` (None: empty) and sits at its step."""
        self.syncing = True
        try:
            if run is None:
                self.time_scale.configure(from_=0, to=1)
                self.var_time.set(0)
                self.time_label.configure(text="")
            else:
                self.time_scale.configure(from_=run.earliest, to=max(run.head, run.earliest + 1))
                self.var_time.set(run.pos)
                self.time_label.configure(text=f"{format_count(run.pos)} / {format_count(run.head)}")
            self._fit_slider_value(self.time_label)
        finally:
            self.syncing = False

    def _on_timeline(self, value) -> None:
        if not self.syncing:
            self.demo.seek(round(float(value)))

    def show_speed(self, text: str) -> None:
        self.speed_label.configure(text=text)
        self._fit_slider_value(self.speed_label)

    def _fit_slider_value(self, label: tk.Label) -> None:
        """Presentation view: a slider's value beside its name in the label size, or smaller while the row is
        too narrow for it (the timeline's "492,544 / 492,544" grows with the search)."""
        font = self.slider_fonts[str(label)]
        base = int(self.fonts["label"].cget("size"))
        font.configure(size=base)
        if not self._large:
            return
        name = self.time_name if label is self.time_label else self.speed_name
        beside = int(label.grid_info().get("row", 0)) == int(name.grid_info().get("row", 0))
        room = self.sliders.winfo_width() - (name.winfo_reqwidth() if beside else 0) - 12
        size = abs(base)
        if room < 20:
            return
        while font.measure(str(label.cget("text"))) > room and size > 7:
            size -= 1
            font.configure(size=size if base > 0 else -size)

    def set_explain(self, text: str) -> None:
        """The explanation box under the counters."""
        self.explain.configure(text=text)
        self._fit_explain()

    def _fit_explain(self) -> None:
        """The explanation wraps at the box's width, in the largest size up to the text font's that fits its height."""
        box = self.explain_box
        line = self.fonts["text"].metrics("linespace")
        want = EXPLAIN_LINES * line + 10
        if int(str(box.cget("height"))) != want:
            box.configure(height=want)
        width = box.winfo_width()
        if width < 20:
            return
        wrap = max(60, width - 20)
        if str(self.explain.cget("wraplength")) != str(wrap):
            self.explain.configure(wraplength=wrap)
        fit_font(self.explain, self.explain_font, self.fonts["text"].cget("size"), 7, want)

    def _fit_value(self, key: str) -> None:
        """A counter's number in its font's full size, or smaller while it is wider than its place."""
        label = self.counter_values[key]
        font = self.value_fonts[key]
        base = int(self.fonts["value"].cget("size"))
        width = label.winfo_width()
        if width < 10:
            return
        size = abs(base)
        text = str(label.cget("text"))
        font.configure(size=base)
        while font.measure(text) > width - 2 and size > 7:
            size -= 1
            font.configure(size=size if base > 0 else -size)

    def show_play(self, playing: bool) -> None:
        self.play_button.configure(text=_("❚❚ Pause") if playing else _("▶ Play"))

    def show_job(self, text: str) -> None:
        """The line above the table that says what the worker is doing."""
        self.job_label.configure(text=text)

    def show_table(self, rows: list[tuple], notes: list[str], any_capped: bool) -> None:
        """Fill the comparison table from :func:`app.features.demo.run.table_rows`."""
        table = self.table
        estimates = 0
        for order, values, est_values in rows:
            est_iid = f"{order}:estimate"
            table.item(order, values=values or ("", "", "", ""))
            if est_values is not None:
                if table.exists(est_iid):
                    table.item(est_iid, values=est_values)
                else:
                    table.insert("", table.index(order) + 1, iid=est_iid, text="   " + _("estimated"),
                                 values=est_values, tags=("estimate",))
                estimates += 1
            elif table.exists(est_iid):
                table.delete(est_iid)
        table.configure(height=len(ORDER_LABELS) + estimates)
        self._fit_table(self.compare_box.winfo_width() - 16)
        self.table_note.configure(text="\n".join(notes))
        if any_capped:
            self.full_button.grid()
        else:
            self.full_button.grid_remove()

    def set_job_ui(self, busy: bool) -> None:
        for b in (self.step_button, self.back_button, self.play_button, self.skip_button, self.compare_button,
                  self.full_button):
            b.state(["disabled"] if busy else ["!disabled"])
        self.cancel_button.state(["!disabled"] if busy else ["disabled"])
        for w in (*self.order_buttons.values(), self.time_scale, self.reset_button):
            w.state(["disabled"] if busy else ["!disabled"])
        # The job line keeps its place when empty: a panel that grew a line as a job started made the
        # window lay itself out again (scroll bar, wrapping, a window sized by its content) while the
        # job held the interpreter, hundreds of Tcl calls that each waited for it (issue 17).
        if busy:
            self.progress.grid()
            self.progress.start(15)
        else:
            self.progress.stop()
            self.progress.grid_remove()


    def show_parts(self, parts) -> None:
        """Presentation view: show only ``parts`` of "counters", "controls", "sliders", "legend" (the view's
        caption area takes the room left); all of them again when the panel is made normal."""
        widgets = {"counters": self.counters, "controls": self.back_button.master, "sliders": self.sliders,
                   "legend": self.legend}
        for name, w in widgets.items():
            if name in parts or not self._large:
                w.grid()
            else:
                w.grid_remove()

    def set_large(self, on: bool, text_px: int = 20) -> None:
        """Fonts of ``text_px`` pixels (counters a quarter bigger), large buttons and sliders on a white
        ground for a projector / touch board (False: all back).

        Laid out for the presentation view's column, which never scrolls: the counters as one strip
        (each a caption and its number on one line, with room for a 9-digit count), the controls,
        the sliders and the legend.  The explanation box, the strategy and the comparison are
        hidden meanwhile: the view's caption area carries the sentence, the state line names the
        strategy (S in the view changes it), and the comparison table needs the normal view's room.
        """
        for key, font in self.fonts.items():
            base = self._base_sizes[key]
            font.configure(size=-round(text_px * (1.25 if key == "value" else 1)) if on else base)
        for font in self.legend_fonts:
            font.configure(size=-text_px if on else 13)
        scale = text_px / 14 if on else 1.0
        style = ttk.Style(self.root)
        if not hasattr(self, "_normal_bg"):
            self._normal_bg = self.frame.cget("bg")
        bg = WHITE if on else self._normal_bg
        # large: a finger's target, 44 px high on a 768 px screen (less on a smaller one, whose column
        # must hold everything without scrolling); the button's own border adds about 4 px
        target = max(36, min(56, round(BUTTON_SHARE * self.root.winfo_screenheight())))
        pad = max(3, (target - 4 - self.fonts["button"].metrics("linespace") + 1) // 2)
        style.configure("Demo.TButton", padding=(2, pad) if on else (2, 3))
        style.configure("Demo.Treeview", rowheight=max(22, self.fonts["table"].metrics("linespace") + 6))
        style.configure("Demo.Horizontal.TScale", sliderlength=int(30 * scale) if on else 30,
                        sliderthickness=int(15 * scale) if on else 15)
        for name in ("Demo.TFrame", "Demo.TLabelframe", "Demo.TLabelframe.Label", "Demo.TRadiobutton"):
            style.configure(name, background=bg)
        self._large = on
        self.tab.configure(padding=1 if on else 6)  # the presentation view's column is narrow
        for order, b in self.order_buttons.items():
            b.configure(text=_(ORDER_LABELS[order].short) if on else _(ORDER_LABELS[order].long))
        if on:
            stack, self._grey = [self.frame], []
            while stack:
                w = stack.pop()
                stack.extend(w.winfo_children())
                if isinstance(w, (tk.Frame, tk.Label)) and str(w.cget("bg")) == self._normal_bg:
                    self._grey.append(w)
        for w in getattr(self, "_grey", ()):
            w.configure(bg=bg)
        room = self.fonts["value"].measure(format_count(COUNT_ROOM)) + 4
        for key, (caption, name, short) in self.captions.items():
            caption.configure(text=_(short) if on else _(name))  # "placements", not "placements tried"
            value = self.counter_values[key]
            self.value_fonts[key].configure(size=self.fonts["value"].cget("size"))
            cell = value.master
            cell.configure(pady=0 if on else 2)
            if on:  # caption and number on one line: the strip is as short as it can be
                caption.grid(row=0, column=0, columnspan=1, sticky="w")
                value.grid(row=0, column=1, columnspan=1, sticky="ew")
                cell.columnconfigure(1, weight=1, minsize=room)
            else:
                value.grid(row=0, column=0, columnspan=2, sticky="ew")
                caption.grid(row=1, column=0, columnspan=2, sticky="e")
                cell.columnconfigure(1, weight=1, minsize=0)
        state = str(self.state_label.cget("text"))  # its strategy and state: one line when large
        self.state_label.configure(anchor="w", text=state.replace("\n", " · ") if on else state.replace(" · ", "\n"))
        # large: what the lesson watches (counters, controls, sliders, legend)
        rows = ({"counters": 0, "controls": 1, "sliders": 2, "legend": 3} if on else
                {"orders": 0, "counters": 1, "controls": 3, "sliders": 4, "compare": 5, "legend": 6})
        widgets = {"counters": self.counters, "legend": self.legend, "controls": self.back_button.master,
                   "sliders": self.sliders, "orders": self.orders, "compare": self.compare_box}
        for name, row in rows.items():
            widgets[name].grid(row=row)
        # sliders: the value beside its name, the slider a row of its own (narrow column)
        for k, (name, scale, value) in enumerate(((self.speed_name, self.speed_scale, self.speed_label),
                                                   (self.time_name, self.time_scale, self.time_label))):
            if on:  # the value beside its name (the timeline's may go under its slider: _place_time_value)
                name.grid(row=3 * k, column=0, sticky="w")
                value.grid(row=3 * k, column=1, columnspan=2, sticky="e")
                value.configure(width=0)
                scale.grid(row=3 * k + 1, column=0, columnspan=3, sticky="ew", padx=0)
            else:
                name.grid(row=k, column=0, columnspan=1, sticky="w")
                scale.grid(row=k, column=1, columnspan=1, sticky="ew", padx=6)
                value.grid(row=k, column=2, columnspan=1, sticky="w")
                value.configure(width=13)
        if on:
            for w in (self.explain_box, self.compare_box, self.orders):
                w.grid_remove()
        else:
            for w in (self.explain_box, self.compare_box, self.orders):
                w.grid()
        self.frame.update_idletasks()  # the new fonts' sizes, before flowing by them
        self.reflow(self.frame.winfo_width())
        self._fit_table(self.compare_box.winfo_width() - 16)
        self._fit_explain()


class DemoGrid:
    """Draws a run on the form's cells: each digit in its style, the current event's marks.

    Only the cells that changed since the last drawing are repainted, plus the ones the
    previous event decorated (its try, its rejected digit and the peer that holds it).
    """

    def __init__(self, form):
        self.form = form
        self._decorated: set[int] = set()  # cells drawn with an event's digit instead of the run's
        self.candidates_on = None  # () -> bool: draw the search position's candidates (Teach ▸ Show candidates)
        self._last_run = None

    def follow_candidates(self, variable: tk.BooleanVar, active) -> None:
        """Draw the search position's candidates while ``variable`` is set and ``active()`` (the demo runs).

        Teach ▸ Show candidates (C) then shows the candidates of the grid the search has
        reached, redrawn with every step (the person's own candidates wait until the demo ends).
        """
        self.candidates_on = variable.get

        def changed(*_args):
            if active() and self._last_run is not None:
                # after the Teach feature's own redraw (which hides pencil marks while the demo runs)
                self.form.root.after_idle(lambda: active() and self.draw_candidates(self._last_run))

        variable.trace_add("write", changed)

    def draw_candidates(self, run) -> None:
        """The candidates of ``run``'s position over its blank cells (or none when switched off)."""
        pencil = self.form.pencil
        if pencil is None:
            return
        if not (self.candidates_on is not None and self.candidates_on()):
            pencil.hide()
            return
        cands = candidates(Grid(run.digits))
        for i in range(81):
            if run.digits[i] or i in self._decorated:
                pencil.hide(cell_of(i))
            else:
                pencil.show(cell_of(i), cands[cell_of(i)])

    def take_keys(self, tag: str) -> None:
        """The cells' keys reach bind tag ``tag`` first (while the grid shows the search)."""
        for e in self.form.cells:
            tags = e.bindtags()
            if tag not in tags:
                e.bindtags((tags[0], tag) + tags[1:])

    def release_keys(self, tag: str) -> None:
        """The cells' keys go to the cells again."""
        for e in self.form.cells:
            e.bindtags(tuple(t for t in e.bindtags() if t != tag))

    def paint(self, run, changed: set[int], flash: bool) -> None:
        """Show ``run``'s step; ``flash``: an undo still shows the digit being taken back."""
        solved = run.solved
        if solved:
            changed = set(range(81))
        e = run.event
        cell = peer = None
        override = None  # (index, digit, style) drawn instead of the run's digit
        marks = {m: () for m in DEMO_MARKS}
        if e is not None and e.cell is not None and e.kind not in ("solved", "exhausted"):
            cell = index(*e.cell)
            if e.kind == "try":
                override = (cell, e.digit, "tentative")
                marks["demo_cell"] = (e.cell,)
            elif e.kind == "reject":
                override = (cell, e.digit, "tentative")
                marks["demo_reject"] = (e.cell,)
                marks["demo_peer"] = (e.peer,)
                peer = index(*e.peer)
            elif e.kind == "undo" and flash:
                override = (cell, e.digit, "deduced" if run.undid_deduced() else "tentative")
                marks["demo_undo"] = (e.cell,)
            else:  # place / deduce, or an undo after its flash
                marks["demo_cell"] = (e.cell,)
        redraw = set(changed) | self._decorated
        self._decorated = {k for k in (cell, peer) if k is not None}
        run.changed = set()
        show = self.form.cell_grid.show_cell
        for i in redraw:
            show(cell_of(i), run.digits[i], self._style_of(run, i, solved))
        if override is not None:
            i, d, style = override
            show(cell_of(i), d, style)
        for name, cells in marks.items():
            self.form.cell_grid.set_marks(name, cells)
        self._last_run = run
        if self.candidates_on is not None and self.candidates_on():
            self.draw_candidates(run)

    def forget(self) -> None:
        """The demo gave the grid back: no marks of its own, nothing decorated."""
        self._decorated.clear()
        self._last_run = None
        self.form.cell_grid.clear_marks(*DEMO_MARKS)

    @staticmethod
    def _style_of(run, i: int, solved: bool) -> str | None:
        kind = run.kinds[i]
        if kind == "given":
            return "given"
        if kind is None:
            return None
        if solved:
            return "solver"
        return "tentative" if kind == "guess" else "deduced"
