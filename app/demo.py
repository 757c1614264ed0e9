"""Classroom mode: watch the computer think (the glass-box backtracking demo).

The demo plays :func:`solver.backtrack_steps` on the form's own 81 cells, one
event at a time: the cell being tried is highlighted, a rejected digit is
crossed out with the peer that already holds it marked, a placed digit shows in
the tentative style, an undo flashes and then clears, and the solved grid takes
the solver's style.  Counters (placements, backtracks, depth, steps, elapsed
time) sit beside the grid in the "Search demo" tab of the side panel.

How it stays responsive: the Tk thread drains the generator in ``after``
batches sized to the speed (one event per tick up to 50 steps/s; a time budget
of a few milliseconds per batch at full speed), so Pause, the sliders and Esc
are handled between two batches.  Skip to end, Compare and "Count the whole
run" run on a worker thread that never touches widgets (Compare also estimates a strategy
that hits the table's cap, with :func:`solver.estimate_backtrack_work`); the Tk thread polls it
with ``after`` to show progress and offers Cancel.  Step back and the timeline
replay a bounded history (:data:`HISTORY` events, a ring buffer), so memory
stays flat however long the search runs.

Keys (only while the demo is on, i.e. the grid shows the search, or the demo
panel has the focus): Space plays/pauses, Right steps, Left steps back.  The
rest of the time the arrow keys and Space work in the cells as usual.  Esc
pauses, then cancels a count; in the presentation view it first leaves it.

Wiring: ``install_demo(form, controller)`` (called once from ``app.__main__``).
"""
from __future__ import annotations

import logging
import math
import time
import tkinter as tk
import tkinter.font as tkfont
from collections import deque
from tkinter import ttk
from typing import Callable

import solver
from solver import Grid, cell_of, index

from .looks import BLUE, DEMO_LEGEND, DEMO_MARKS, DIGIT_STYLES, GREY_TEXT, MARKS, NOTE_TEXT, WHITE
from .wording import describe_duration, describe_seconds, describe_speed, format_count, format_estimate
from .worker import Worker

logger = logging.getLogger(__name__)

__all__ = ["install_demo", "Demo", "DemoRun", "STRATEGIES", "HISTORY", "TABLE_CAP", "SKIP_CAP",
           "speed_of"]

#: order -> (name in the table, long name for the radio button, what it teaches)
STRATEGIES = {
    "row-major": ("Classic", "Classic: first empty cell, digits 1 to 9",
                  "the tutorials' code: take the first empty cell in reading order, try 1 to 9"),
    "fewest-candidates": ("Fewest first", "Fewest candidates first",
                          "branch on the empty cell with the fewest possible digits"),
    "propagation": ("With singles", "Fewest candidates + singles (fast)",
                    "fewest candidates, and fill every forced digit (singles) after each move"),
}

HISTORY = 10_000  # events kept for Step back and the timeline (a ring buffer: memory stays flat)
TABLE_CAP = 1_000_000  # placements per strategy when Compare counts
ESTIMATE_SAMPLES = 20_000  # random probes for the estimate of a capped strategy (about 0.7 s on the pathological)
ESTIMATE_SECONDS = 5.0  # and never longer than this
SKIP_CAP = 1_500_000  # events per Skip to end (the pathological puzzle needs hundreds of millions)
FULL_SPEED = 100  # the speed slider's top position: as fast as the screen can draw
FULL_SPEED_BUDGET = 0.012  # seconds of work per batch at full speed (the screen redraws between)
UNDO_FLASH_MS = 400
# comparison table columns (pixels at normal size): wide enough for "≥ 1,000,000" and "≥ 18,999,717"
_TABLE_WIDTHS = {"#0": 88, "placements": 100, "backtracks": 96, "steps": 110, "time": 62}

IDLE_TEXT = "Watch the computer solve the puzzle on the grid: Step ▶ (→) or ▶ Play (Space) starts the search."


def speed_of(position: float) -> float | None:
    """Steps per second for a speed-slider position 0..100 (1 to about 9,000; None at the top: full speed)."""
    if position >= FULL_SPEED:
        return None
    return 10 ** (max(0.0, position) / 25)


class DemoRun:
    """One search being watched: the grid it shows, the bounded history, the generator (no Tk).

    ``pos`` is the step shown (0: the puzzle before the first event); ``head`` the number of
    events taken from the generator so far.  Events ``earliest+1 .. head`` are kept, so
    :meth:`back` works down to ``earliest``.  Only one thread may use a run at a time.
    """

    def __init__(self, puzzle: Grid, order: str, history: int = HISTORY):
        self.puzzle = puzzle
        self.order = order
        self._events = solver.backtrack_steps(puzzle, order)
        self.digits = list(puzzle.cells)
        self.kinds: list[str | None] = ["given" if d else None for d in puzzle.cells]
        self.history: deque = deque(maxlen=history)
        self._floor = None  # the event at ``earliest`` once older ones were dropped
        self.head = 0
        self.pos = 0
        self.finished = False
        self.changed: set[int] = set()  # cells whose digit changed since the view last looked

    @property
    def earliest(self) -> int:
        """The lowest step :meth:`back` can reach."""
        return self.head - len(self.history)

    @property
    def at_end(self) -> bool:
        """True when the search has ended and the last event is shown."""
        return self.finished and self.pos == self.head

    @property
    def solved(self) -> bool:
        return self.at_end and self.event is not None and self.event.kind == "solved"

    @property
    def event(self):
        """The event shown (None at step 0)."""
        return self.event_at(self.pos)

    def event_at(self, p: int):
        if p <= 0:
            return None
        first = self.earliest
        if p == first:
            return self._floor
        if first < p <= self.head:
            return self.history[p - first - 1]
        return None

    def forward(self, limit: int = 1) -> int:
        """Show up to ``limit`` more events (replaying history first); how many were shown."""
        done = 0
        while done < limit and not self.at_end:
            if self.pos < self.head:
                e = self.history[self.pos - self.earliest]
            else:
                e = next(self._events)
                if len(self.history) == self.history.maxlen:
                    self._floor = self.history[0]
                self.history.append(e)
                self.head += 1
                if e.kind in ("solved", "exhausted"):
                    self.finished = True
            self.pos += 1
            self._apply(e)
            done += 1
        return done

    def back(self) -> bool:
        """Take back the event shown; False when the history does not reach further back."""
        if self.pos <= self.earliest:
            return False
        e = self.history[self.pos - self.earliest - 1]
        self._invert(e)
        self.pos -= 1
        return True

    def seek(self, p: int) -> int:
        """Show step ``p`` (clamped to what the history holds and what was searched); the step shown."""
        p = max(self.earliest, min(self.head, int(p)))
        while self.pos > p and self.back():
            pass
        if self.pos < p:
            self.forward(p - self.pos)
        return self.pos

    def _apply(self, e) -> None:
        k = e.kind
        if k == "place" or k == "deduce":
            i = index(*e.cell)
            self.digits[i] = e.digit
            self.kinds[i] = "guess" if k == "place" else "deduce"
            self.changed.add(i)
        elif k == "undo":
            i = index(*e.cell)
            self.digits[i] = 0
            self.kinds[i] = None
            self.changed.add(i)

    def _invert(self, e) -> None:
        k = e.kind
        if k == "place" or k == "deduce":
            i = index(*e.cell)
            self.digits[i] = 0
            self.kinds[i] = None
            self.changed.add(i)
        elif k == "undo":
            i = index(*e.cell)
            self.digits[i] = e.digit
            self.kinds[i] = "deduce" if "(deduced)" in e.message else "guess"
            self.changed.add(i)


class Demo:
    """The search demo: the "Search demo" side tab, the Demo menu, the keys and the drain loop.

    Responsibilities: start a :class:`DemoRun` on the puzzle (refusing a grid with rule
    conflicts), show its events on the form's cells, play/pause/step/step back/scrub/skip/
    reset, count the strategies for the comparison table off the Tk thread, and give the
    grid back to the controller when the demo stops or the grid changes underneath.
    """

    def __init__(self, form, controller):
        self.form = form
        self.controller = controller
        self.root = form.root
        self.run: DemoRun | None = None
        self.active = False
        self._start_position: tuple | None = None  # (board, grid) given to start(), see puzzle()
        self.activate_listeners: list[Callable[[], None]] = []  # called as the demo takes the grid
        self.playing = False
        self.worker = Worker(self.root, poll_ms=50)  # the demo's own: a count never cancels a check
        self.job_cancelled = False
        self.results: dict[str, dict] = {}  # order -> row of the comparison table
        self.history_size = HISTORY
        self.max_batch = 0  # the largest number of events drawn in one batch (for the Pause test)
        self.batches = 0
        self.elapsed = 0.0
        self._play_started: float | None = None
        self._carry = 0.0
        self._tick_due = 0.0
        self._after: str | None = None
        self._poll_after: str | None = None
        self._flash_after: str | None = None
        self._flash_over = True
        self._decorated: set[int] = set()
        self._board = None
        self._syncing = False
        self.var_order = tk.StringVar(self.root, value="row-major")
        self.var_speed = tk.DoubleVar(self.root, value=25.0)  # 10 steps/s
        self.var_time = tk.DoubleVar(self.root, value=0.0)
        self._init_fonts()
        self._init_panel()
        self._init_menu()
        self._init_keys()
        self._show_counters()
        self._show_table()
        self._set_explain(IDLE_TEXT)

    # ======================================================================
    # building
    # ======================================================================
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
        style.configure("Demo.Treeview", font=self.fonts["table"], rowheight=22)
        style.configure("Demo.Treeview.Heading", font=self.fonts["heading"])
        style.configure("Demo.TLabelframe.Label", font=self.fonts["heading"])

    def _init_panel(self) -> None:
        f = self.form
        self.tab = ttk.Frame(f.side_panel, padding=6, style="Demo.TFrame")
        f.add_side_tab("Search demo", self.tab)
        self.tab.columnconfigure(0, weight=1)
        # The panel itself takes the focus while the demo runs, so Space and the arrows
        # reach the demo without a cell looking "selected".
        self.panel = tk.Frame(self.tab, takefocus=1, highlightthickness=2, highlightcolor=BLUE, bd=0)
        self.panel.grid(row=0, column=0, sticky="nsew")
        self.tab.rowconfigure(0, weight=1)
        self.panel.columnconfigure(0, weight=1)
        p = self.panel
        B = dict(style="Demo.TButton", takefocus=0, width=-8)  # at least 8 characters: Play/Pause never moves the row

        strat = ttk.LabelFrame(p, text="Strategy", padding=(8, 2), style="Demo.TLabelframe")
        strat.grid(row=0, column=0, sticky="ew", padx=4, pady=(4, 4))
        self.order_buttons = {}
        for k, (order, (_, long, _why)) in enumerate(STRATEGIES.items()):
            b = ttk.Radiobutton(strat, text=long, value=order, variable=self.var_order, takefocus=0,
                                style="Demo.TRadiobutton", command=self._on_order)
            b.grid(row=k, column=0, sticky="w")
            self.order_buttons[order] = b

        counters = tk.Frame(p)
        counters.grid(row=1, column=0, sticky="ew", padx=4, pady=(2, 2))
        self.counter_values: dict[str, tk.Label] = {}
        names = (("placements", "placements tried"), ("backtracks", "backtracks"), ("depth", "depth"),
                 ("steps", "steps"), ("elapsed", "elapsed"))
        for k, (key, name) in enumerate(names):
            r, c = divmod(k, 3)
            cell = tk.Frame(counters, bd=1, relief="solid", bg=WHITE, padx=6, pady=2)
            cell.grid(row=r, column=c, sticky="nsew", padx=2, pady=2)
            counters.columnconfigure(c, weight=1, uniform="counter")
            v = tk.Label(cell, text="0", font=self.fonts["value"], bg=WHITE, anchor="e")
            v.pack(fill="x")
            tk.Label(cell, text=name, font=self.fonts["label"], bg=WHITE, fg=GREY_TEXT, anchor="e").pack(fill="x")
            self.counter_values[key] = v
        self.state_label = tk.Label(counters, text="", font=self.fonts["state"], anchor="w", justify="left")
        self.state_label.grid(row=1, column=2, sticky="nsew", padx=(8, 0))

        legend = tk.Frame(p)
        legend.grid(row=6, column=0, sticky="ew", padx=4, pady=(2, 0))
        self.legend = legend
        family = self.fonts["label"].actual("family")
        for k, (name, style, mark) in enumerate(DEMO_LEGEND):
            look, mark = DIGIT_STYLES[style], MARKS.get(mark)
            font = tkfont.Font(self.root, family=family, size=13, weight=look.weight, slant=look.slant,
                               overstrike=bool(mark and mark.overstrike))
            self.legend_fonts.append(font)
            tk.Label(legend, text="5", font=font, fg=look.fg, bg=mark.bg if mark else WHITE, width=2, relief="solid",
                     bd=1).grid(row=0, column=2 * k, padx=(0 if k == 0 else 6, 2))
            tk.Label(legend, text=name, font=self.fonts["label"]).grid(row=0, column=2 * k + 1, sticky="w")

        self.explain = tk.Label(p, text="", font=self.fonts["text"], anchor="nw", justify="left",
                                bg=WHITE, relief="solid", bd=1, padx=8, pady=4, height=2, width=36)
        # A fixed width in characters: the wrap length follows the width, never the reverse.
        self.explain.grid(row=2, column=0, sticky="ew", padx=4, pady=(4, 4))
        self.explain.bind("<Configure>", lambda e: self.explain.configure(wraplength=max(150, e.width - 20)))

        controls = tk.Frame(p)
        controls.grid(row=3, column=0, sticky="ew", padx=4, pady=(2, 0))
        self.back_button = ttk.Button(controls, text="◀ Back", command=self.step_back, **B)
        self.step_button = ttk.Button(controls, text="Step ▶", command=self.step, **B)
        self.play_button = ttk.Button(controls, text="▶ Play", command=self.toggle_play, **B)
        self.skip_button = ttk.Button(controls, text="End ▶▶", command=self.skip_to_end, **B)
        for k, b in enumerate((self.back_button, self.step_button, self.play_button, self.skip_button)):
            b.grid(row=0, column=k, sticky="ew", padx=1, pady=1)
            controls.columnconfigure(k, weight=1, uniform="ctl")
        self.reset_button = ttk.Button(controls, text="⟲ Reset", command=self.reset, **B)
        self.stop_button = ttk.Button(controls, text="■ Stop", command=self.stop, **B)
        for k, b in enumerate((self.reset_button, self.stop_button), start=4):
            b.grid(row=0, column=k, sticky="ew", padx=1, pady=1)
            controls.columnconfigure(k, weight=1, uniform="ctl")

        sliders = tk.Frame(p)
        sliders.grid(row=4, column=0, sticky="ew", padx=4, pady=(4, 2))
        sliders.columnconfigure(1, weight=1)
        tk.Label(sliders, text="Speed", font=self.fonts["label"]).grid(row=0, column=0, sticky="w")
        self.speed_scale = ttk.Scale(sliders, from_=0, to=FULL_SPEED, variable=self.var_speed,
                                     command=self._on_speed, takefocus=0, style="Demo.Horizontal.TScale")
        self.speed_scale.grid(row=0, column=1, sticky="ew", padx=6)
        self.speed_label = tk.Label(sliders, text="", font=self.fonts["label"], width=13, anchor="w")
        self.speed_label.grid(row=0, column=2, sticky="w")
        tk.Label(sliders, text="Timeline", font=self.fonts["label"]).grid(row=1, column=0, sticky="w")
        self.time_scale = ttk.Scale(sliders, from_=0, to=1, variable=self.var_time,
                                    command=self._on_timeline, takefocus=0, style="Demo.Horizontal.TScale")
        self.time_scale.grid(row=1, column=1, sticky="ew", padx=6)
        self.time_label = tk.Label(sliders, text="", font=self.fonts["label"], width=13, anchor="w")
        self.time_label.grid(row=1, column=2, sticky="w")

        box = ttk.LabelFrame(p, text="Make it faster: compare the strategies", padding=(6, 4),
                             style="Demo.TLabelframe")
        box.grid(row=5, column=0, sticky="nsew", padx=4, pady=(6, 2))
        p.rowconfigure(7, weight=1)  # spare height goes below the legend
        box.columnconfigure(0, weight=1)
        row = tk.Frame(box)
        row.grid(row=0, column=0, sticky="ew")
        row.columnconfigure(2, weight=1)
        self.compare_button = ttk.Button(row, text="Compare", command=self.compare, **B)
        self.compare_button.grid(row=0, column=0, padx=(0, 4))
        self.cancel_button = ttk.Button(row, text="Cancel", command=self.cancel_job, **B)
        self.cancel_button.grid(row=0, column=1, padx=(0, 6))
        self.progress = ttk.Progressbar(row, mode="indeterminate", length=80)
        self.progress.grid(row=0, column=2, sticky="ew")
        self.job_label = tk.Label(box, text="", font=self.fonts["label"], anchor="w", justify="left", width=40)
        self.job_label.grid(row=1, column=0, sticky="ew", pady=(2, 2))
        self.table = ttk.Treeview(box, columns=("placements", "backtracks", "steps", "time"), height=3,
                                  style="Demo.Treeview", selectmode="none", takefocus=0)
        self.table.heading("#0", text="Strategy", anchor="w")
        self.table.column("#0", width=_TABLE_WIDTHS["#0"], minwidth=80, stretch=True, anchor="w")
        for col, title in (("placements", "Placements"), ("backtracks", "Backtracks"), ("steps", "Steps"),
                           ("time", "Time")):
            self.table.heading(col, text=title, anchor="e")
            self.table.column(col, width=_TABLE_WIDTHS[col], minwidth=50, stretch=False, anchor="e")
        # the estimate row under a capped strategy: grey italic, so it never reads as a count
        self.table.tag_configure("estimate", foreground=NOTE_TEXT, font=self.fonts["table_estimate"])
        self.table.grid(row=2, column=0, sticky="ew")
        for order, (short, _, _) in STRATEGIES.items():
            self.table.insert("", "end", iid=order, text=short, values=("", "", "", ""))
        self.table_note = tk.Label(box, text="", font=self.fonts["label"], anchor="nw", justify="left", width=40)
        self.table_note.grid(row=3, column=0, sticky="ew", pady=(4, 0))
        self.table_note.bind("<Configure>", lambda e: self.table_note.configure(wraplength=max(150, e.width - 8)))
        self.full_button = ttk.Button(box, text="Count the whole run", command=self.count_whole_run,
                                      **dict(B, width=0))
        self.full_button.grid(row=4, column=0, sticky="w", pady=(4, 0))
        self.full_button.grid_remove()
        self._set_job_ui(False)
        self._on_speed()
        self.tab.bind("<Destroy>", self._on_destroy)

    def _init_menu(self) -> None:
        f = self.form
        menu = tk.Menu(f.menubar)
        # Before Help, which stays last.
        try:
            help_at = f.menubar.index("Help")
        except tk.TclError:
            help_at = None
        if help_at is None:
            f.menubar.add_cascade(label="Demo", menu=menu, underline=0)
        else:
            f.menubar.insert_cascade(help_at, label="Demo", menu=menu, underline=0)
        f.menus["demo"] = menu
        A = f.add_command
        A("demo", "Start / stop the search demo", "demo_toggle", "Ctrl+D", ("<Control-d>",))
        menu.add_separator()
        A("demo", "Play / Pause", "demo_play", "Space")
        A("demo", "Step", "demo_step", "→")
        A("demo", "Step back", "demo_back", "←")
        A("demo", "Skip to the end", "demo_skip", "End")
        A("demo", "Reset", "demo_reset", "Home")
        menu.add_separator()
        A("demo", "Compare the strategies", "demo_compare")
        for action, fn in (("demo_toggle", self.toggle_active), ("demo_play", self.toggle_play),
                           ("demo_step", self.step), ("demo_back", self.step_back),
                           ("demo_skip", self.skip_to_end), ("demo_reset", self.reset),
                           ("demo_compare", self.compare)):
            f.on(action, fn)
        self._previous_cancel = f.handler_for("cancel")
        f.on("cancel", self.escape)

    def _init_keys(self) -> None:
        # Keys go to the demo through the "SudokuDemo" bind tag: always on the panel, and on
        # the cells only while the demo is on (so they keep their arrow keys otherwise).
        tag = "SudokuDemo"
        self.panel.bindtags((str(self.panel), tag) + tuple(t for t in self.panel.bindtags()
                                                            if t not in (str(self.panel), tag)))
        r = self.root
        for seq, fn in (("<KeyPress-space>", self.toggle_play), ("<KeyPress-Right>", self.step),
                        ("<KeyPress-KP_Right>", self.step), ("<KeyPress-Left>", self.step_back),
                        ("<KeyPress-KP_Left>", self.step_back), ("<KeyPress-End>", self.skip_to_end),
                        ("<KeyPress-Home>", self.reset)):
            r.bind_class(tag, seq, lambda e, fn=fn: self._on_key(fn))
        r.bind_class(tag, "<KeyPress>", self._on_other_key)
        r.bind_class(tag, "<Button-1>", lambda e: self.panel.focus_set() if self.active else None)

    # ======================================================================
    # starting and stopping
    # ======================================================================
    def puzzle(self) -> Grid:
        """The grid the demo searches: a position given to :meth:`start` while its run lasts,
        else the givens (the whole grid when there are none)."""
        pos = self._start_position
        if pos is not None and pos[0] is self.controller.board and self.active:
            return pos[1]
        return self.controller.puzzle()

    def start(self, order: str | None = None, position: Grid | None = None) -> bool:
        """Show a fresh search on the grid (paused at step 0); False when it cannot start.

        ``position`` (e.g. where logic got stuck, the student's digits included) is searched
        instead of the puzzle, until the grid changes or the demo stops.
        """
        if self.job is not None:
            self.say("Wait for the count to finish, or Cancel it (Esc).", "warn")
            return False
        board = self.controller.board
        if position is not None:
            self._start_position = (board, position)
        elif not self.active or self._start_position is None or self._start_position[0] is not board:
            self._start_position = None  # a restart (Reset, another strategy) keeps the position
        g = self._start_position[1] if self._start_position else self.controller.puzzle()
        if not g.clue_count:
            self.say("The grid is empty: pick a puzzle from the Examples menu, paste or type one first.", "warn")
            return False
        conflicts = solver.validate(g)
        if conflicts:
            self.form.set_marks("conflict", [c for k in conflicts for c in k.cells])
            more = f" (and {len(conflicts) - 1} more)" if len(conflicts) > 1 else ""
            self.say(f"The search cannot start: {conflicts[0].message}{more}. Fix the grid first.", "warn")
            self._set_explain("The search cannot start while the grid breaks the rules:\n"
                              + "\n".join(f"• {k.message}" for k in conflicts[:3]))
            return False
        if order is not None:
            self.var_order.set(order)
        self.pause()
        self.run = DemoRun(g, self.var_order.get(), history=self.history_size)
        self._board = self.controller.board  # the grid this run belongs to
        self.elapsed = 0.0
        self.max_batch = 0
        if not self.active:
            self._activate()
        self._render(set(range(81)))
        name = STRATEGIES[self.run.order][1]
        entries = " Your own digits are hidden while it runs." if self.controller.board.entries.clue_count else ""
        self.say(f"Search demo ({name}): Space plays, → steps, ← steps back.{entries}")
        self._set_explain(f"Ready: {STRATEGIES[self.run.order][2]}. Press Step (→) or Play (Space).")
        return True

    def _activate(self) -> None:
        for listener in self.activate_listeners:  # e.g. hints and candidates leave the grid
            listener()
        self.active = True
        self._focus_before = self.form.focused_cell()
        self._board = self.controller.board
        self.form.clear_marks()
        for e in self.form.cells:
            tags = e.bindtags()
            if "SudokuDemo" not in tags:
                e.bindtags((tags[0], "SudokuDemo") + tags[1:])
        self.form.side_panel.select(self.tab)
        self.panel.focus_set()
        label = getattr(self.form, "mode_label", None)  # the top line; render() puts the mode back
        if label is not None:
            label.configure(text="Search demo: the grid shows the computer's search (Ctrl+D or Stop gives it back)")
        self._schedule_board_poll()

    def stop(self, status: str | None = None) -> None:
        """Leave the demo: the grid shows the puzzle (and your digits) again."""
        if self.job is not None:
            self.cancel_job(wait=True)
        self.pause()
        if not self.active:
            return
        self._deactivate()
        self.controller.render()
        self.form.focus_cell(getattr(self, "_focus_before", None) or (0, 0))  # typing goes on where it was
        self.say(status or "Search demo stopped: the grid is back as you left it.")

    def _deactivate(self) -> None:
        self.active = False
        self.run = None
        self._start_position = None
        self._decorated.clear()
        self._cancel_after("_flash_after")
        self._cancel_after("_poll_after")
        for e in self.form.cells:
            e.bindtags(tuple(t for t in e.bindtags() if t != "SudokuDemo"))
        self.form.clear_marks(*DEMO_MARKS)
        self._show_counters()
        self._show_timeline()
        self._set_explain(IDLE_TEXT)
        self.play_button.configure(text="▶ Play")

    def toggle_active(self) -> None:
        if self.active:
            self.stop()
        else:
            self.start()

    def _schedule_board_poll(self) -> None:
        self._poll_after = self.root.after(250, self._check_board)

    def _check_board(self) -> None:
        """The grid changed under the demo (an example opened, Undo, ...): give it back to the controller."""
        self._poll_after = None
        if not self.active:
            return
        if self.controller.board is not self._board:
            if self.job is not None:
                self.cancel_job(wait=True)
            self.pause()
            self._deactivate()
            self.controller.render()
            self.say("The grid changed, so the search demo stopped.")
            return
        self._schedule_board_poll()

    def _on_order(self) -> None:
        """A strategy was chosen: restart the search with it (at step 0)."""
        if self.active:
            self.start()
        else:
            self._set_explain(f"{STRATEGIES[self.var_order.get()][1]}: {STRATEGIES[self.var_order.get()][2]}.")

    def set_order(self, order: str) -> None:
        """Choose the strategy (restarting a demo that is on)."""
        if order not in STRATEGIES:
            raise ValueError(f"unknown order {order!r}")
        self.var_order.set(order)
        self._on_order()

    def _ready(self) -> bool:
        """True when there is a run to move (starting one if needed); False while a count runs."""
        if self.job is not None:
            self.say("A count is running: wait for it, or Cancel it (Esc).", "warn")
            return False
        if self.run is None:
            return self.start()
        return True

    # ======================================================================
    # moving through the search
    # ======================================================================
    def step(self) -> None:
        """One event forward (pauses playing)."""
        if not self._ready():
            return
        self.pause()
        if self.run.at_end:
            self.say("The search has ended. Reset (Home) starts it again.")
            return
        self.run.forward(1)
        self._flash_over = False
        self._render(self.run.changed)
        self._after_move()

    def step_back(self) -> None:
        """One event back (pauses playing); says so when the kept history ends."""
        if not self._ready():
            return
        self.pause()
        if not self.run.back():
            if self.run.pos == 0:
                self.say("This is the start: nothing has happened yet.")
            else:
                self.say(f"Step back reaches only the last {self.history_size:,} steps; "
                         f"step {self.run.pos:,} is as far back as the history goes.", "warn")
            return
        self._flash_over = False
        self._render(self.run.changed)

    def seek(self, p: int) -> None:
        """Show step ``p`` (the timeline); clamped to the kept history."""
        if not self._ready():
            return
        self.pause()
        want = int(p)
        got = self.run.seek(want)
        self._flash_over = True
        self._render(self.run.changed)
        if want < got:
            self.say(f"The timeline keeps the last {self.history_size:,} steps: step {got:,} is the earliest kept.",
                     "warn")

    def reset(self) -> None:
        """Start the same strategy again from step 0."""
        if self.job is not None:
            self.cancel_job(wait=True)
        self.start()

    def toggle_play(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()

    def play(self) -> None:
        """Play at the slider's speed until the end (or Pause)."""
        if not self._ready():
            return
        if self.run.at_end:
            self.start()
        self.playing = True
        self._play_started = time.perf_counter()
        self._carry = 0.0
        self.play_button.configure(text="❚❚ Pause")
        self._schedule_tick(0)

    def pause(self) -> None:
        """Stop playing now (no further batch runs)."""
        self._cancel_after("_after")
        if self.playing:
            self.playing = False
            if self._play_started is not None:
                self.elapsed += time.perf_counter() - self._play_started
                self._play_started = None
            self.play_button.configure(text="▶ Play")
            self._show_counters()

    def _schedule_tick(self, delay: int) -> None:
        self._tick_due = time.perf_counter() + delay / 1000
        self._after = self.root.after(delay, self._tick)

    def _tick_delay(self) -> int:
        sps = speed_of(self.var_speed.get())
        return 1 if sps is None else (max(1, int(1000 / sps)) if sps <= 50 else 20)

    def _tick(self) -> None:
        """One drain batch: as many events as the speed asks for, then one repaint."""
        self._after = None
        if not self.playing or self.run is None:
            return
        run = self.run
        sps = speed_of(self.var_speed.get())
        if sps is None:
            t0 = time.perf_counter()
            n = 0
            while not run.at_end and time.perf_counter() - t0 < FULL_SPEED_BUDGET:
                n += run.forward(64)
            delay = 1
        elif sps <= 50:
            n = run.forward(1)
            delay = self._tick_delay()
        else:
            self._carry += sps * 0.02
            want = int(self._carry)
            self._carry -= want
            n = run.forward(want)
            delay = 20
        self.batches += 1
        self.max_batch = max(self.max_batch, n)
        self._flash_over = False
        self._render(run.changed)
        if sps is None:
            self.root.update_idletasks()  # draw this batch before the next one
        if run.at_end:
            self.pause()
            self._after_move()
            return
        self._schedule_tick(delay)

    def _after_move(self) -> None:
        run = self.run
        if run is not None and run.at_end:
            self._record_watched(run)

    # ======================================================================
    # drawing
    # ======================================================================
    def _style_of(self, i: int, solved: bool) -> str | None:
        kind = self.run.kinds[i]
        if kind == "given":
            return "given"
        if kind is None:
            return None
        if solved:
            return "solver"
        return "tentative" if kind == "guess" else "deduced"

    def _render(self, changed: set[int]) -> None:
        """Show the run's current step: changed cells, the current event's marks, counters, texts."""
        run = self.run
        if run is None:
            return
        solved = run.solved
        if solved:
            changed = set(range(81))
        e = run.event
        cell = peer = None
        override = None  # (index, digit, style) drawn instead of the board's digit
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
            elif e.kind == "undo":
                if not self._flash_over and not (self.playing and self._fast()):
                    override = (cell, e.digit, "deduced" if "(deduced)" in e.message else "tentative")
                    marks["demo_undo"] = (e.cell,)
                    self._cancel_after("_flash_after")
                    self._flash_after = self.root.after(UNDO_FLASH_MS, self._end_flash)
                else:
                    marks["demo_cell"] = (e.cell,)
            else:  # place / deduce
                marks["demo_cell"] = (e.cell,)
        redraw = set(changed) | self._decorated
        self._decorated = {k for k in (cell, peer) if k is not None}
        run.changed = set()
        show = self.form.show_cell
        for i in redraw:
            show(cell_of(i), run.digits[i], self._style_of(i, solved))
        if override is not None:
            i, d, style = override
            show(cell_of(i), d, style)
        for name, cells in marks.items():
            self.form.set_marks(name, cells)
        self._show_counters()
        self._show_timeline()
        if e is None:
            text = f"Step 0: the puzzle. {STRATEGIES[run.order][2].capitalize()}."
        else:
            text = f"Step {e.steps:,}: {e.message}"
            if e.kind == "reject":
                text += f" (marked yellow)"
        self._set_explain(text)
        kind = "ok" if solved else ("warn" if run.at_end else "info")
        self.form.set_status(text, kind)

    def refresh(self) -> None:
        """Show the current step again (counters, marks and the explanation in the status line)."""
        if self.run is not None:
            self._render(set())

    def _fast(self) -> bool:
        sps = speed_of(self.var_speed.get())
        return sps is None or sps > 20

    def _end_flash(self) -> None:
        """After the undo's flash the cell shows blank (the digit is gone)."""
        self._flash_after = None
        self._flash_over = True
        if self.run is not None and self.run.event is not None and self.run.event.kind == "undo":
            self._render(set())

    def _show_counters(self) -> None:
        run = self.run
        e = run.event if run is not None else None
        values = {
            "placements": e.placements if e else 0,
            "backtracks": e.backtracks if e else 0,
            "depth": e.depth if e else 0,
            "steps": e.steps if e else (run.pos if run else 0),
        }
        for key, v in values.items():
            self.counter_values[key].configure(text=format_count(v))
        elapsed = self.elapsed + (time.perf_counter() - self._play_started if self._play_started else 0.0)
        self.counter_values["elapsed"].configure(text=f"{elapsed:.1f} s")
        order = run.order if run is not None else self.var_order.get()
        if run is None:
            state = "not started"
        elif run.solved:
            state = "✓ solved"
        elif run.at_end:
            state = "no solution"
        elif self.playing:
            state = "▶ playing"
        elif self.job is not None:
            state = "skipping…"
        else:
            state = "❚❚ paused"
        self.state_label.configure(text=f"{STRATEGIES[order][0]}\n{state}")

    def _show_timeline(self) -> None:
        run = self.run
        self._syncing = True
        try:
            if run is None:
                self.time_scale.configure(from_=0, to=1)
                self.var_time.set(0)
                self.time_label.configure(text="")
            else:
                self.time_scale.configure(from_=run.earliest, to=max(run.head, run.earliest + 1))
                self.var_time.set(run.pos)
                self.time_label.configure(text=f"{run.pos:,} / {run.head:,}")
        finally:
            self._syncing = False

    def _set_explain(self, text: str) -> None:
        self.explain.configure(text=text)

    def say(self, text: str, kind: str = "info") -> None:
        """A message in the status line (and the panel)."""
        self.form.set_status(text, kind)

    def _on_speed(self, *_args) -> None:
        self.speed_label.configure(text=describe_speed(speed_of(self.var_speed.get())))
        self._carry = 0.0
        if self.playing and self._after is not None:
            # faster now: do not sit out the rest of a slow tick (1 step/s waits a whole second)
            delay = self._tick_delay()
            if time.perf_counter() + delay / 1000 < self._tick_due:
                self._cancel_after("_after")
                self._schedule_tick(delay)

    def set_speed(self, steps_per_second: float | None) -> None:
        """Move the speed slider (None: full speed)."""
        pos = FULL_SPEED if steps_per_second is None else 25 * math.log10(max(1.0, steps_per_second))
        self.var_speed.set(min(FULL_SPEED - 0.01, pos) if steps_per_second is not None else FULL_SPEED)
        self._on_speed()

    def _on_timeline(self, value) -> None:
        if self._syncing or self.run is None:
            return
        self.seek(round(float(value)))

    # ======================================================================
    # keys and Esc
    # ======================================================================
    def _on_key(self, fn: Callable) -> str:
        fn()
        return "break"

    def _on_other_key(self, event):
        ks = event.keysym
        if event.state & 0x0004 or event.state & 0x0008:
            return None  # Ctrl/Alt shortcuts go on to the window's bindings
        if self.active and ((len(ks) == 1 and ks in "0123456789") or ks.startswith("KP_")
                            or ks in ("BackSpace", "Delete", "period", "Up", "Down")):
            self.say("The grid is showing the search demo. Stop the demo (Ctrl+D) to type in it again.", "warn")
            return "break"
        return None

    def escape(self) -> None:
        """Esc: cancel a count, else pause, else the form's usual Cancel."""
        if self.job is not None:
            self.cancel_job()
        elif self.playing:
            self.pause()
            self.say("Paused (Space plays on).")
        elif self._previous_cancel is not None:
            self._previous_cancel()

    # ======================================================================
    # background work: skip to the end, compare, count the whole run
    # ======================================================================
    def skip_to_end(self) -> None:
        """Run the rest of the search on a worker thread (at most SKIP_CAP events), then show where it got."""
        if not self._ready():
            return
        self.pause()
        run = self.run
        if run.at_end:
            self.say("The search has already ended.")
            return
        start = run.head

        def work(token):
            while not run.at_end and run.head - start < SKIP_CAP and not token.cancelled:
                run.forward(1024)
            return run.head - start

        def describe(seconds: float) -> str:
            return f"Skipping ahead… {run.head - start:,} steps ({seconds:.1f} s)"

        def done(result, error, seconds):
            self.elapsed += seconds
            self._flash_over = True
            self._render(set(range(81)))
            if error is not None:
                raise error
            if run.at_end:
                self._after_move()
                self.say(f"Skipped {result:,} steps to the end: {run.event.message}.",
                         "ok" if run.solved else "warn")
            elif self.job_cancelled:
                self.say(f"Stopped skipping at step {run.pos:,} (Cancel).")
            else:
                self.say(f"Skipped {result:,} steps; the search is not over (it stopped at the skip limit of "
                         f"{SKIP_CAP:,} steps). Skip again to go on, or Compare to count the whole run.", "warn")

        self._start_job("skip", work, done, describe)

    def compare(self) -> None:
        """Count every strategy on the puzzle (capped at TABLE_CAP placements) for the table, off the Tk thread."""
        if self.job is not None:
            self.say("A count is already running.", "warn")
            return
        g = self.puzzle()
        if not g.clue_count or solver.validate(g):
            self.say("Compare needs a puzzle without rule conflicts (pick one from Examples).", "warn")
            return
        self.pause()
        self.form.side_panel.select(self.tab)  # the table is in the demo's tab
        current = {"order": None, "index": 0}

        def work(token):
            rows = {}
            for k, order in enumerate(STRATEGIES):
                current["order"], current["index"] = order, k
                t0 = time.perf_counter()
                counts = solver.count_backtrack_work(g, order, cap=TABLE_CAP, cancel=token)
                rows[order] = {"counts": counts, "seconds": time.perf_counter() - t0, "source": "counted",
                               "puzzle": g}
                if counts.capped:  # too long to count: estimate the whole run instead (random probes, < 1 s)
                    current["estimating"] = True
                    t1 = time.perf_counter()
                    rows[order]["estimate"] = solver.estimate_backtrack_work(
                        g, order, samples=ESTIMATE_SAMPLES, seed=0, cancel=token, seconds=ESTIMATE_SECONDS)
                    rows[order]["estimate_seconds"] = time.perf_counter() - t1
                    current["estimating"] = False
            return rows

        def describe(seconds: float) -> str:
            order = current["order"] or "row-major"
            verb = "Estimating" if current.get("estimating") else "Counting"
            return f"{verb} {STRATEGIES[order][0]} ({current['index'] + 1} of 3)… {seconds:.1f} s"

        def done(rows, error, seconds):
            if error is not None:
                raise error
            self.results.update(rows)
            self._show_table()
            self.say(self._lesson(), "ok")

        self._start_job("compare", work, done, describe)

    def count_whole_run(self) -> None:
        """Count a capped strategy to its end (it may take minutes: progress and Cancel show)."""
        if self.job is not None:
            return
        capped = [o for o, r in self.results.items() if r["counts"].capped]
        if not capped:
            return
        order = capped[0]
        g = self.results[order]["puzzle"]
        per_look = 1 << 14 if order == "row-major" else 1024  # placements / steps between cancel checks

        def work(token):
            t0 = time.perf_counter()
            counts = solver.count_backtrack_work(g, order, cap=10 ** 15, cancel=token)
            return {"counts": counts, "seconds": time.perf_counter() - t0, "source": "counted", "puzzle": g}

        def describe(seconds: float) -> str:
            looked = self.job.token.looks * per_look if self.job else 0
            what = "placements" if order == "row-major" else "steps"
            return f"Counting {STRATEGIES[order][0]} to the end… at least {looked:,} {what} so far ({seconds:.0f} s)"

        def done(row, error, seconds):
            if error is not None:
                raise error
            self.results[order] = row
            self._show_table()
            self.say(f"{STRATEGIES[order][0]} counted to the end: {row['counts'].placements:,} placements "
                     f"in {row['seconds']:.1f} s.", "ok")

        self._start_job("count", work, done, describe)

    @property
    def job(self):
        """The running count or skip (a :class:`~app.worker.Job`), or None."""
        return self.worker.job

    def _start_job(self, name: str, fn: Callable, done: Callable, describe: Callable[[float], str]) -> None:
        """``fn(token)`` on the worker; ``done(result, error, seconds)`` on the Tk thread (not after a Cancel
        that raised :class:`solver.Cancelled`: the table keeps its rows and the status line says so)."""
        self.job_cancelled = False

        def progress(seconds: float) -> None:
            self.job_label.configure(text=describe(seconds))
            if name == "skip" and self.run is not None:
                self.counter_values["steps"].configure(text=format_count(self.run.head))

        def finished(result, seconds: float) -> None:
            self.job_label.configure(text="")
            self._set_job_ui(False)
            done(result, None, seconds)

        def failed(error: BaseException) -> None:
            if isinstance(error, solver.Cancelled):
                self.job_label.configure(text="Cancelled: the table keeps its earlier rows.")
                self._set_job_ui(False)
                self.say("Cancelled.")
                return
            self.job_label.configure(text="")
            self._set_job_ui(False)
            done(None, error, job.seconds)

        # pause_gc: see Worker.start (this job allocates millions of small objects)
        job = self.worker.start(name, fn, finished, failed, on_progress=progress, pause_gc=True)
        self._set_job_ui(True)
        self.job_label.configure(text=describe(0.0))

    def cancel_job(self, wait: bool = False) -> bool:
        """Ask the running count to stop; False when idle.

        Normally the Tk thread picks up the outcome at its next poll.  With ``wait`` the job is
        finished here (the worker looks at its token every thousand steps or so, so the join is
        short), for actions that need the run back at once (Reset, Stop).
        """
        if self.job is None:
            return False
        self.job_cancelled = True
        self.job_label.configure(text="Cancelling…")
        self.worker.cancel(deliver=True, wait=wait)
        return True

    def wait_job(self, timeout: float = 30.0) -> bool:
        """Pump Tk until the running job has been handled (for tools and tests; never from a callback)."""
        return self.worker.wait_done(timeout)

    def _set_job_ui(self, busy: bool) -> None:
        for b in (self.step_button, self.back_button, self.play_button, self.skip_button, self.compare_button,
                  self.full_button):
            b.state(["disabled"] if busy else ["!disabled"])
        self.cancel_button.state(["!disabled"] if busy else ["disabled"])
        for w in (*self.order_buttons.values(), self.time_scale, self.reset_button):
            w.state(["disabled"] if busy else ["!disabled"])
        if busy:
            self.job_label.grid()
            self.progress.grid()
            self.progress.start(15)
        else:
            self.progress.stop()
            self.progress.grid_remove()
            if not str(self.job_label.cget("text")):
                self.job_label.grid_remove()

    # ======================================================================
    # the comparison table
    # ======================================================================
    def _record_watched(self, run: DemoRun) -> None:
        """A watched run that ended goes into the table (its counters are exact)."""
        e = run.event
        counts = solver.BacktrackCounts(e.placements, e.backtracks, e.steps, e.kind == "solved", False)
        self.results[run.order] = {"counts": counts, "seconds": None, "source": "watched", "puzzle": run.puzzle}
        self._show_table()

    def _show_table(self) -> None:
        current = self.puzzle()
        notes = []
        any_capped = False
        estimates = 0
        for n, (order, (short, _, _)) in enumerate(STRATEGIES.items()):
            row = self.results.get(order)
            est_iid = f"{order}:estimate"
            if row is None or (current is not None and row["puzzle"] != current):
                self.table.item(order, values=("", "", "", ""))
                if self.table.exists(est_iid):
                    self.table.delete(est_iid)
                continue
            c = row["counts"]
            ge = "≥ " if c.capped else ""
            secs = row["seconds"]
            when = describe_seconds(secs)
            self.table.item(order, values=(ge + format_count(c.placements), ge + format_count(c.backtracks),
                                           ge + format_count(c.steps), when))
            est = row.get("estimate") if c.capped else None
            if est is not None:
                # a row of its own under the capped one: the lower bound stays a fact, the estimate says "≈"
                values = (format_estimate(est.placements), format_estimate(est.backtracks),
                          format_estimate(est.steps), describe_seconds(row.get("estimate_seconds")))
                if self.table.exists(est_iid):
                    self.table.item(est_iid, values=values)
                else:
                    self.table.insert("", self.table.index(order) + 1, iid=est_iid, text="   estimated",
                                      values=values, tags=("estimate",))
                estimates += 1
            elif self.table.exists(est_iid):
                self.table.delete(est_iid)
            if c.capped:
                any_capped = True
                if est is None:
                    text = (f"{short} stopped at the cap of {c.placements:,} placements without finishing: "
                            f"it needs more than that (≥ marks a lower bound).")
                else:
                    rate = c.placements / secs if secs else 0
                    spread = f"±{2 * est.relative_error:.0%}" if est.relative_error < 0.5 else "a rough guess"
                    text = (f"{short} stopped at the cap of {c.placements:,} placements (≥: a lower bound). "
                            f"{est.samples:,} random probes of its search tree estimate "
                            f"{format_estimate(est.placements)[2:]} placements ({spread})")
                    if rate:
                        text += f", about {describe_duration(est.placements / rate)} to count"
                    text += "."
                text += " Count the whole run to know exactly."
                notes.append(text)
            elif not c.solved:
                notes.append(f"{short}: no solution (every possibility tried).")
        if not notes and self.results:
            notes.append("Same puzzle, three ways to search it: the numbers are the work each one needed.")
        self.table.configure(height=len(STRATEGIES) + estimates)
        self.table_note.configure(text="\n".join(notes))
        if any_capped:
            self.full_button.grid()
        else:
            self.full_button.grid_remove()

    def _lesson(self) -> str:
        """One sentence that states what the table measured (the "make it faster" lesson)."""
        rows = {o: r["counts"] for o, r in self.results.items()}
        if "row-major" not in rows or "propagation" not in rows:
            return "Counted every strategy."
        a, b = rows["row-major"], rows["propagation"]
        if not b.solved and not b.capped:
            return (f"No strategy finds a solution because there is none; proving it took "
                    f"{'≥ ' if a.capped else ''}{a.steps:,} steps in the classic order and {b.steps:,} with singles.")
        factor = a.placements / max(1, b.placements)
        if factor < 1.5 and not a.capped:
            return (f"On this puzzle the classic order is about as quick: {a.placements:,} placements "
                    f"against {b.placements:,} with fewest candidates + singles.")
        more = "at least " if a.capped else ""
        est = self.results["row-major"].get("estimate") if a.capped else None
        if est is not None:
            guess = format_estimate(est.placements / max(1, b.placements))[2:]
            return (f"Classic needs at least {factor:,.0f}× the placements of fewest candidates + singles, "
                    f"about {guess}× by the estimate ({format_estimate(est.placements)[2:]} vs {b.placements:,}).")
        return (f"Classic needs {more}{factor:,.0f}× the placements of fewest candidates + singles "
                f"({'≥ ' if a.capped else ''}{a.placements:,} vs {b.placements:,}).")

    # ======================================================================
    # large controls (the presentation view)
    # ======================================================================
    def set_large(self, on: bool, scale: float = 1.4) -> None:
        """Bigger fonts, buttons and sliders on a white ground for a projector / touch board (False: back).

        The panel's own explanation box is hidden meanwhile: the large status line under the
        grid carries the same sentence.
        """
        for key, font in self.fonts.items():
            base = self._base_sizes[key]
            font.configure(size=round(base * scale) if on else base)
        for font in self.legend_fonts:
            font.configure(size=round(13 * scale) if on else 13)
        style = ttk.Style(self.root)
        if not hasattr(self, "_normal_bg"):
            self._normal_bg = self.panel.cget("bg")
        bg = WHITE if on else self._normal_bg
        style.configure("Demo.TButton", padding=(2, 12) if on else (2, 3))
        style.configure("Demo.Treeview", rowheight=int(22 * scale) if on else 22)
        style.configure("Demo.Horizontal.TScale", sliderlength=int(30 * scale) if on else 30,
                        sliderthickness=int(15 * scale * 1.6) if on else 15)
        for name in ("Demo.TFrame", "Demo.TLabelframe", "Demo.TLabelframe.Label", "Demo.TRadiobutton"):
            style.configure(name, background=bg)
        for col, width in _TABLE_WIDTHS.items():
            self.table.column(col, width=int(width * scale) if on else width)
        if on:
            stack, self._grey = [self.panel], []
            while stack:
                w = stack.pop()
                stack.extend(w.winfo_children())
                if isinstance(w, (tk.Frame, tk.Label)) and str(w.cget("bg")) == self._normal_bg:
                    self._grey.append(w)
        for w in getattr(self, "_grey", ()):
            w.configure(bg=bg)
        if on:
            self.explain.grid_remove()
        else:
            self.explain.grid()

    # ======================================================================
    # helpers
    # ======================================================================
    def _cancel_after(self, attr: str) -> None:
        after_id = getattr(self, attr)
        if after_id is not None:
            try:
                self.root.after_cancel(after_id)
            except tk.TclError:
                pass
            setattr(self, attr, None)

    def _on_destroy(self, event) -> None:
        if event.widget is not self.tab:
            return
        self.playing = False
        self.worker.shutdown()
        for attr in ("_after", "_poll_after", "_flash_after"):
            self._cancel_after(attr)


def install_demo(form, controller) -> Demo:
    """Add the search demo (side tab, Demo menu, keys) to the window."""
    return Demo(form, controller)
