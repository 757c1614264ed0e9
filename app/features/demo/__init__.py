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
are handled between two batches (app/features/demo/play.py).  Skip to end, Compare and
"Count the whole run" run on a worker thread that never touches widgets
(app/features/demo/counts.py).  Step back and the timeline replay a bounded history
(:data:`HISTORY` events, a ring buffer), so memory stays flat however long the
search runs.

Where things are: this module is the control (start, stop, step, play, Esc, keys);
app/features/demo/run.py the model (the run, the orders, the table's numbers; no Tk);
app/features/demo/panel.py the widgets (the side tab, and the run drawn on the grid);
app/features/demo/play.py Play / Pause (the ``after`` loop at the slider's speed, the seconds played);
app/features/demo/counts.py the background work and the comparison table.

Keys (only while the demo is on, i.e. the grid shows the search, or the demo
panel has the focus): Space plays/pauses, Right steps, Left steps back.  The
rest of the time the arrow keys and Space work in the cells as usual.  Esc (the
form's Cancel) pauses the playback or cancels a count: the demo is one of the
controller's stoppers (``controller.stoppers``), so one Esc stops every job.

Wiring: ``install_demo(form, controller)`` (called once from ``app.__main__``).
"""
from __future__ import annotations

import logging
import tkinter as tk
from typing import Callable

import solver
from solver import Grid

from .counts import DemoCounts
from .panel import DemoGrid, DemoPanel
from .play import Playback, cancel_after
from .run import HISTORY, ORDER_LABELS, DemoRun, run_state, step_text
from app.wording import N_, _, pgettext, say, say_n

logger = logging.getLogger(__name__)

__all__ = ["install_demo", "Demo"]

UNDO_FLASH_MS = 400
DEMO_TAG = "SudokuDemo"  # the bind tag of the demo's keys
IDLE_TEXT = N_("Watch the computer solve the puzzle on the grid: Step ▶ (→) or ▶ Play (Space) starts the search.")
NEW_PUZZLE_TEXT = N_("A new puzzle is shown, so the search demo stopped. Step ▶ (→) or ▶ Play (Space) searches it.")


class Demo:
    """The search demo: the "Search demo" side tab, the Demo menu, the keys and the drain loop.

    Responsibilities: start a :class:`DemoRun` on the puzzle (refusing a grid with rule
    conflicts), show its events on the form's cells, play/pause/step/step back/scrub/
    reset, and give the grid back to the controller when the demo stops or the grid
    changes underneath.  Skip, Compare and the table are ``counts`` (app/features/demo/counts.py);
    Play / Pause and the speed are ``playback`` (app/features/demo/play.py).
    """

    def __init__(self, form, controller):
        self.form = form
        self.controller = controller
        self.root = form.root
        self.run: DemoRun | None = None
        self.active = False
        self._start_position: tuple | None = None  # (board, grid) given to start(), see puzzle()
        self.activate_listeners: list[Callable[[], None]] = []  # called as the demo takes the grid
        self.playback = Playback(self)  # Play / Pause at the slider's speed, the seconds played
        self.counts = DemoCounts(self)  # skip to the end, Compare, Count the whole run (on a worker)
        self.history_size = HISTORY
        self._poll_after: str | None = None
        self._flash_after: str | None = None
        self._flash_over = True
        self._board = None
        self.panel = DemoPanel(form, self)
        self.grid = DemoGrid(form)
        self.tab = self.panel.tab
        self.tab.bind("<Destroy>", self._on_destroy)
        self.playback.speed_changed()
        self.show_counters()
        self.counts.show_table()
        self.panel.set_explain(_(IDLE_TEXT))

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
        if self.counts.job is not None:
            self.form.set_status(_("Wait for the count to finish, or Cancel it (Esc)."), "warn")
            return False
        board = self.controller.board
        if position is not None:
            self._start_position = (board, position)
        elif not self.active or self._start_position is None or self._start_position[0] is not board:
            self._start_position = None  # a restart (Reset, another strategy) keeps the position
        g = self._start_position[1] if self._start_position else self.controller.puzzle()
        if not g.filled_count:
            self.form.set_status(_("The grid is empty: pick a puzzle from the Examples menu, paste or type one first."), "warn")
            return False
        conflicts = solver.validate(g)
        if conflicts:
            self.form.cell_grid.set_marks("conflict", [c for k in conflicts for c in k.cells])
            if len(conflicts) > 1:
                self.form.set_status(say_n("The search cannot start: {conflict:clause} (and {n:n} more). Fix the grid first.",
                               "The search cannot start: {conflict:clause} (and {n:n} more). Fix the grid first.",
                               len(conflicts) - 1, conflict=conflicts[0].message), "warn")
            else:
                self.form.set_status(say("The search cannot start: {conflict:clause}. Fix the grid first.",
                             conflict=conflicts[0].message), "warn")
            self.panel.set_explain(_("The search cannot start while the grid breaks the rules:") + "\n"
                                   + "\n".join(f"• {k.message}" for k in conflicts[:3]))
            return False
        if order is not None:
            self.panel.var_order.set(order)
        self.playback.pause()
        self.run = DemoRun(g, self.panel.var_order.get(), history=self.history_size)
        self._board = self.controller.board  # the grid this run belongs to
        self.playback.elapsed = 0.0
        self.playback.max_batch = 0
        if not self.active:
            self._activate()
        self._render(set(range(81)))
        name = _(ORDER_LABELS[self.run.order].long)
        if self.controller.board.entries.filled_count:
            self.form.set_status(say("Search demo ({name}): Space plays, → steps, ← steps back. Your own digits are hidden "
                         "while it runs.", name=name))
        else:
            self.form.set_status(say("Search demo ({name}): Space plays, → steps, ← steps back.", name=name))
        self.panel.set_explain(say("Ready: {why}. Press Step (→) or Play (Space).",
                                   why=_(ORDER_LABELS[self.run.order].why)))
        return True

    def _activate(self) -> None:
        for listener in self.activate_listeners:  # e.g. hints and candidates leave the grid
            listener()
        self.active = True
        self._focus_before = self.form.cell_grid.focused_cell()
        self._board = self.controller.board
        self.form.cell_grid.clear_marks()
        self.grid.take_keys(DEMO_TAG)
        self.form.side_panel.select(self.tab)
        self.panel.frame.focus_set()
        label = getattr(self.form, "mode_label", None)  # the top line; render() puts the mode back
        if label is not None:
            label.configure(text=_("Search demo: the grid shows the computer's search (Ctrl+D or Stop gives it back)"))
        self._schedule_board_poll()

    def stop(self, status: str | None = None) -> None:
        """Leave the demo: the grid shows the puzzle (and your digits) again."""
        if self.counts.job is not None:
            self.counts.cancel(wait=True)
        self.playback.pause()
        if not self.active:
            return
        self._deactivate()
        self.controller.render()
        self.form.cell_grid.focus_cell(getattr(self, "_focus_before", None) or (0, 0))  # typing goes on where it was
        self.form.set_status(status or _("Search demo stopped: the grid is back as you left it."))

    def _deactivate(self) -> None:
        self.active = False
        self.run = None
        self._start_position = None
        self.playback.reset_clock()
        self._flash_after = cancel_after(self.root, self._flash_after)
        self._poll_after = cancel_after(self.root, self._poll_after)
        self.grid.release_keys(DEMO_TAG)
        self.grid.forget()
        self.show_counters()
        self.panel.show_timeline(self.run)
        self.panel.set_explain(_(IDLE_TEXT))
        self.panel.show_play(False)

    def puzzle_changed(self) -> None:
        """Another puzzle is shown (``controller.puzzle_listeners``): a search of the old one ends at once
        (playing or paused), a count of it is stopped, the table keeps this puzzle's rows only."""
        self.counts.puzzle_changed()
        if self.active:
            self.playback.pause()
            self._deactivate()  # the controller is drawing the new puzzle right now
            self.panel.set_explain(_(NEW_PUZZLE_TEXT))
            if self._has_focus():  # the panel had the keys for the demo: typing goes to the grid again
                self.form.cell_grid.focus_cell(getattr(self, "_focus_before", None) or (0, 0))
        else:
            self.panel.set_explain(_(IDLE_TEXT))
        self.counts.show_table()

    def _has_focus(self) -> bool:
        try:
            focus = self.root.focus_get()
        except (KeyError, tk.TclError):
            return False
        return focus is not None and (str(focus) + ".").startswith(str(self.tab) + ".")

    def toggle_active(self) -> None:
        (self.stop if self.active else self.start)()

    def _schedule_board_poll(self) -> None:
        self._poll_after = self.root.after(250, self._check_board)

    def _check_board(self) -> None:
        """The grid changed under the demo (an example opened, Undo, ...): give it back to the controller."""
        self._poll_after = None
        if not self.active:
            return
        if self.controller.board is not self._board:
            if self.counts.job is not None:
                self.counts.cancel(wait=True)
            self.playback.pause()
            self._deactivate()
            self.controller.render()
            self.form.set_status(_("The grid changed, so the search demo stopped."))
            return
        self._schedule_board_poll()

    def order_chosen(self) -> None:
        """A strategy was chosen: restart the search with it (at step 0)."""
        if self.active:
            self.start()
        else:
            label = ORDER_LABELS[self.panel.var_order.get()]
            self.panel.set_explain(say("{name}: {why}.", name=_(label.long), why=_(label.why)))

    def set_order(self, order: str) -> None:
        """Choose the strategy (restarting a demo that is on)."""
        if order not in ORDER_LABELS:
            raise ValueError(f"unknown order {order!r}")
        self.panel.var_order.set(order)
        self.order_chosen()

    def ready(self) -> bool:
        """True when there is a run to move (starting one if needed); False while a count runs."""
        if self.counts.job is not None:
            self.form.set_status(_("A count is running: wait for it, or Cancel it (Esc)."), "warn")
            return False
        if self.run is None:
            return self.start()
        return True

    # ======================================================================
    # moving through the search
    # ======================================================================
    def step(self) -> None:
        """One event forward (pauses playing)."""
        if not self.ready():
            return
        self.playback.pause()
        if self.run.at_end:
            self.form.set_status(_("The search has ended. Reset (Home) starts it again."))
            return
        self.run.forward(1)
        self.show(self.run.changed)
        self.after_move()

    def step_back(self) -> None:
        """One event back (pauses playing); says so when the kept history ends."""
        if not self.ready():
            return
        self.playback.pause()
        if not self.run.back():
            if self.run.pos == 0:
                self.form.set_status(_("This is the start: nothing has happened yet."))
            else:
                self.form.set_status(say("Step back reaches only the last {n:n} steps; step {pos:n} is as far back as the "
                             "history goes.", n=self.history_size, pos=self.run.pos), "warn")
            return
        self.show(self.run.changed)

    def seek(self, p: int) -> None:
        """Show step ``p`` (the timeline); clamped to the kept history."""
        if not self.ready():
            return
        self.playback.pause()
        want = int(p)
        got = self.run.seek(want)
        self.show(self.run.changed, flash=False)
        if want < got:
            self.form.set_status(say("The timeline keeps the last {n:n} steps: step {pos:n} is the earliest kept.",
                         n=self.history_size, pos=got), "warn")

    def reset(self) -> None:
        """Start the same strategy again from step 0."""
        if self.counts.job is not None:
            self.counts.cancel(wait=True)
        self.start()

    # Play / Pause (app/features/demo/play.py), here for the panel, the menu, the keys and the counts
    @property
    def playing(self) -> bool:
        return self.playback.playing

    @property
    def elapsed(self) -> float:
        """The seconds played (and skipped) before the current play."""
        return self.playback.elapsed

    @elapsed.setter
    def elapsed(self, seconds: float) -> None:
        self.playback.elapsed = seconds

    @property
    def max_batch(self) -> int:
        """The largest number of events drawn in one batch (for the Pause test)."""
        return self.playback.max_batch

    @property
    def batches(self) -> int:
        return self.playback.batches

    def after_move(self) -> None:
        run = self.run
        if run is not None and run.at_end:
            self.counts.record(run)

    # ======================================================================
    # drawing
    # ======================================================================
    def show(self, changed: set[int], flash: bool = True) -> None:
        """Show the run's step after a move (``flash``: an undo shows its digit a moment first)."""
        self._flash_over = not flash
        self._render(changed)

    def _render(self, changed: set[int]) -> None:
        """Show the run's current step: changed cells, the current event's marks, counters, texts."""
        run = self.run
        if run is None:
            return
        e = run.event
        fast = self.playing and self.playback.fast()
        flash = e is not None and e.kind == "undo" and not self._flash_over and not fast
        if flash:  # the digit being taken back shows a moment, then the cell is blank
            self._flash_after = cancel_after(self.root, self._flash_after)
            self._flash_after = self.root.after(UNDO_FLASH_MS, self._end_flash)
        self.grid.paint(run, changed, flash)
        solved = run.solved
        self.show_counters()
        self.panel.show_timeline(self.run)
        text = step_text(run)
        self.panel.set_explain(text)
        kind = "ok" if solved else ("warn" if run.at_end else "info")
        self.form.set_status(text, kind)

    def refresh(self) -> None:
        """Show the current step again (counters, marks and the explanation in the status line)."""
        if self.run is not None:
            self._render(set())

    def _end_flash(self) -> None:
        """After the undo's flash the cell shows blank (the digit is gone)."""
        self._flash_after = None
        self._flash_over = True
        if self.run is not None and self.run.event is not None and self.run.event.kind == "undo":
            self._render(set())

    def show_counters(self) -> None:
        """The counters, the state and the seconds played, in the panel."""
        run = self.run
        elapsed = self.playback.seconds()
        order = run.order if run is not None else self.panel.var_order.get()
        state = run_state(run, self.playing, self.counts.job is not None)
        self.panel.show_counters(run.event if run else None, run.pos if run else 0, elapsed, order, state)

    # ======================================================================
    # keys and Esc
    # ======================================================================
    def is_busy(self) -> bool:
        """True while the demo plays or counts (Esc stops it)."""
        return self.playing or self.counts.job is not None

    def escape(self) -> bool:
        """Esc: cancel a count (at once), else pause; False when there was neither."""
        if self.counts.job is not None:
            self.counts.cancel(wait=True)
        elif self.playing:
            self.playback.pause()
            self.form.set_status(_("Paused (Space plays on)."))
        else:
            return False
        return True

    def redraw(self) -> None:
        """Show the run's step again with every cell repainted (after a skip on the worker)."""
        self.show(set(range(81)), flash=False)

    def _on_destroy(self, event) -> None:
        if event.widget is not self.tab:
            return
        self.playback.shutdown()
        self.counts.shutdown()
        self._poll_after = cancel_after(self.root, self._poll_after)
        self._flash_after = cancel_after(self.root, self._flash_after)


def install_demo(form, controller) -> Demo:
    """Add the search demo (side tab, Demo menu, keys, Esc) to the window."""
    demo = Demo(form, controller)
    _install_menu(form, demo)
    _install_keys(form, demo)
    controller.stoppers.append((demo.is_busy, demo.escape))  # Esc and Cancel stop the playback and the counts
    controller.puzzle_listeners.append(demo.puzzle_changed)
    return demo


def _install_menu(form, demo: Demo) -> None:
    """The Demo menu, before Help (which stays last)."""
    menu = tk.Menu(form.menubar)
    try:
        help_at = form.menubar.index(_("Help"))
    except tk.TclError:
        help_at = None
    if help_at is None:
        form.menubar.add_cascade(label=_("Demo"), menu=menu, underline=0)
    else:
        form.menubar.insert_cascade(help_at, label=_("Demo"), menu=menu, underline=0)
    form.menus["demo"] = menu
    A = form.action_map.add_command
    A("demo", _("Start / stop the search demo"), "demo_toggle", "Ctrl+D", ("<Control-d>",))
    menu.add_separator()
    A("demo", _("Play / Pause"), "demo_play", "Space")
    A("demo", pgettext("menu", "Step"), "demo_step", "→")
    A("demo", _("Step back"), "demo_back", "←")
    A("demo", _("Skip to the end"), "demo_skip", "End")
    A("demo", pgettext("menu", "Reset"), "demo_reset", "Home")
    menu.add_separator()
    A("demo", _("Compare the strategies"), "demo_compare")
    for action, fn in (("demo_toggle", demo.toggle_active), ("demo_play", demo.playback.toggle),
                       ("demo_step", demo.step), ("demo_back", demo.step_back),
                       ("demo_skip", demo.counts.skip_to_end), ("demo_reset", demo.reset),
                       ("demo_compare", demo.counts.compare)):
        form.action_map.on(action, fn)


def _install_keys(form, demo: Demo) -> None:
    """Keys reach the demo through the DEMO_TAG bind tag: always on its panel, and on the
    cells only while the demo is on (so they keep their arrow keys otherwise)."""
    frame = demo.panel.frame
    frame.bindtags((str(frame), DEMO_TAG) + tuple(t for t in frame.bindtags() if t not in (str(frame), DEMO_TAG)))

    def key(fn):
        def handler(event):
            fn()
            return "break"
        return handler

    def other_key(event):
        ks = event.keysym
        if event.state & 0x0004 or event.state & 0x0008:
            return None  # Ctrl/Alt shortcuts go on to the window's bindings
        if demo.active and ((len(ks) == 1 and ks in "0123456789") or ks.startswith("KP_")
                            or ks in ("BackSpace", "Delete", "period", "Up", "Down")):
            demo.form.set_status(_("The grid is showing the search demo. Stop the demo (Ctrl+D) to type in it again."), "warn")
            return "break"
        return None

    r = form.root
    for seq, fn in (("<KeyPress-space>", demo.playback.toggle), ("<KeyPress-Right>", demo.step),
                    ("<KeyPress-KP_Right>", demo.step), ("<KeyPress-Left>", demo.step_back),
                    ("<KeyPress-KP_Left>", demo.step_back), ("<KeyPress-End>", demo.counts.skip_to_end),
                    ("<KeyPress-Home>", demo.reset)):
        r.bind_class(DEMO_TAG, seq, key(fn))
    r.bind_class(DEMO_TAG, "<KeyPress>", other_key)
    r.bind_class(DEMO_TAG, "<Button-1>", lambda e: frame.focus_set() if demo.active else None)
