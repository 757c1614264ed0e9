"""Play / Pause of the search demo: the ``after`` loop that moves the run at the slider's speed.

The Tk thread drains the run in ``after`` batches sized to the speed: one event per tick up to
50 steps/s, a share of the steps every 20 ms above that, and at full speed as many events as fit
in :data:`FULL_SPEED_BUDGET` seconds, so Pause, the sliders and Esc are handled between two
batches.  It also keeps the clock of the time spent playing (the counters' "elapsed").

It has no widgets of its own: it reads the speed slider of the demo's panel, moves ``demo.run``
and asks the demo (app/features/demo/) to show each batch.
"""
from __future__ import annotations

import time
import tkinter as tk

from .run import slider_position, speed_of
from app.wording import describe_speed

__all__ = ["FULL_SPEED_BUDGET", "Playback", "cancel_after"]

FULL_SPEED_BUDGET = 0.012  # seconds of work per batch at full speed (the screen redraws between)


class Playback:
    """The demo's playback: play, pause, the speed, and the seconds played.

    ``playing`` is True between :meth:`play` and :meth:`pause`; ``elapsed`` counts the seconds of
    the run played before the current play (and skipped on the worker); ``batches`` and
    ``max_batch`` count the drain batches and the largest one (for the benchmark and the tests).
    """

    def __init__(self, demo):
        self.demo = demo
        self.root = demo.root
        self.playing = False
        self.elapsed = 0.0
        self.batches = 0
        self.max_batch = 0
        self._started: float | None = None
        self._carry = 0.0
        self._tick_due = 0.0
        self._after: str | None = None

    def speed(self) -> float | None:
        """The slider's steps per second (None: full speed)."""
        return speed_of(self.demo.panel.var_speed.get())

    def fast(self) -> bool:
        """Too fast to show an undo's flash."""
        sps = self.speed()
        return sps is None or sps > 20

    def seconds(self) -> float:
        """The seconds played so far, the current play included."""
        return self.elapsed + (time.perf_counter() - self._started if self._started else 0.0)

    def reset_clock(self) -> None:
        """The run's clock starts from zero ("elapsed" belongs to the run, like the counters)."""
        self.elapsed, self._started = 0.0, None

    def toggle(self) -> None:
        (self.pause if self.playing else self.play)()

    def play(self) -> None:
        """Play at the slider's speed until the end (or Pause)."""
        demo = self.demo
        if not demo.ready():
            return
        if demo.run.at_end:
            demo.start()
        self.playing = True
        self._started = time.perf_counter()
        self._carry = 0.0
        demo.panel.show_play(True)
        demo.controller.update_cancel()
        self._schedule_tick(0)

    def pause(self) -> None:
        """Stop playing now (no further batch runs)."""
        self._after = cancel_after(self.root, self._after)
        if self.playing:
            self.playing = False
            if self._started is not None:
                self.elapsed += time.perf_counter() - self._started
                self._started = None
            self.demo.panel.show_play(False)
            self.demo.show_counters()
            self.demo.controller.update_cancel()

    def shutdown(self) -> None:
        """The demo's tab is destroyed: no further batch runs."""
        self.playing = False
        self._after = cancel_after(self.root, self._after)

    def speed_changed(self, *_args) -> None:
        self.demo.panel.show_speed(describe_speed(self.speed()))
        self._carry = 0.0
        if self.playing and self._after is not None:
            # faster now: do not sit out the rest of a slow tick (1 step/s waits a whole second)
            delay = self._tick_delay()
            if time.perf_counter() + delay / 1000 < self._tick_due:
                self._after = cancel_after(self.root, self._after)
                self._schedule_tick(delay)

    def set_speed(self, steps_per_second: float | None) -> None:
        """Move the speed slider (None: full speed)."""
        self.demo.panel.var_speed.set(slider_position(steps_per_second))
        self.speed_changed()

    def _schedule_tick(self, delay: int) -> None:
        self._tick_due = time.perf_counter() + delay / 1000
        self._after = self.root.after(delay, self._tick)

    def _tick_delay(self) -> int:
        sps = self.speed()
        return 1 if sps is None else (max(1, int(1000 / sps)) if sps <= 50 else 20)

    def _tick(self) -> None:
        """One drain batch: as many events as the speed asks for, then one repaint."""
        self._after = None
        run = self.demo.run
        if not self.playing or run is None:
            return
        sps = self.speed()
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
        self.demo.show(run.changed)
        if sps is None:
            self.root.update_idletasks()  # draw this batch before the next one
        if run.at_end:
            self.pause()
            self.demo.after_move()
            return
        self._schedule_tick(delay)


def cancel_after(root: tk.Misc, after_id: str | None) -> None:
    """Cancel an ``after`` callback (None, or one that already ran: nothing); None, for the attribute."""
    if after_id is not None:
        try:
            root.after_cancel(after_id)
        except tk.TclError:
            pass
