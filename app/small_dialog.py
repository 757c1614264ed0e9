"""A small non-modal window over the main one that runs one job at a time on the controller's worker.

The New puzzle, Print and Print worksheet dialogs are made of it: a body to fill, a progress
bar and a message line, Escape that cancels the job or else closes the window, number fields
that never change silently (:meth:`SmallDialog._read_count`), and a job that Esc or Cancel
in the main window stops too.  A dialog that shows something of the grid follows it
(:meth:`SmallDialog._follow_grid`).

All are plain, non-modal ``Toplevel`` windows: the main window's letter keys are bound on
its own widgets, so typing here never triggers them.
"""
from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from .wording import _, say

__all__ = ["SmallDialog"]


class SmallDialog:
    """A small non-modal window over the main one (Escape closes it when nothing runs)."""

    def __init__(self, form, controller, title: str):
        self.controller = controller
        self.form = form
        self.win = tk.Toplevel(self.form.root)
        self.win.title(title)
        self.win.transient(self.form.root)
        self.win.resizable(False, False)
        self.body = ttk.Frame(self.win, padding=12)
        self.body.pack(fill="both", expand=True)
        self.running = False
        self.win.bind("<Escape>", lambda e: self.cancel())
        self.win.protocol("WM_DELETE_WINDOW", self.cancel)
        # Esc in the main window, its Cancel button and Solve ▸ Cancel stop this dialog's job too:
        # the dialog then says so and offers its buttons again (it kept "Making…" before)
        self._stopper = (lambda: self.running, self._stopped_elsewhere)
        self.controller.stoppers.append(self._stopper)
        self.win.bind("<Destroy>", lambda e: self._forget_stopper() if e.widget is self.win else None, add="+")

    def _status_row(self, row: int) -> None:
        self.progress = ttk.Progressbar(self.body, mode="indeterminate", length=220)
        self.progress.grid(row=row, column=0, columnspan=2, sticky="ew", pady=(10, 0))
        self.progress.grid_remove()  # shown only while a job runs
        self.message = ttk.Label(self.body, text="", wraplength=320, justify="left")
        self.message.grid(row=row + 1, column=0, columnspan=2, sticky="ew", pady=(4, 0))

    def _busy(self, on: bool, text: str = "") -> None:
        self.running = on
        self.message.configure(text=text)
        if on:
            self.progress.configure(mode="indeterminate", value=0)
            self.progress.grid()
            self.progress.start(15)
            for b in self._buttons():
                b.state(["disabled"])
            self.cancel_button.configure(text=_("Cancel"))
        else:
            self.progress.stop()
            self.progress.grid_remove()
            for b in self._buttons():
                b.state(["!disabled"])
            self.cancel_button.configure(text=_("Close"))
        self.controller.update_cancel()  # Cancel (Esc) is enabled while this dialog's job runs

    def _show_progress(self, done: int, total: int, text: str) -> None:
        """A job that knows how far it is: the bar fills to ``done`` of ``total``, the message says ``text``."""
        if str(self.progress.cget("mode")) != "determinate":
            self.progress.stop()
            self.progress.configure(mode="determinate")
        self.progress.configure(maximum=max(1, total), value=done)
        self.message.configure(text=text)

    def _buttons(self) -> list:
        return [b for b in (self.go_button, getattr(self, "save_button", None)) if b is not None]

    def _read_count(self, var, low: int, high: int, what: str, fallback: int | None = None) -> int | None:
        """The whole number in ``var`` if it lies in ``low..high``; else None, with the field set to
        the value that will be used (the nearest allowed, or the last good one) and a message saying so."""
        text = str(var.get()).strip()
        last = self.__dict__.setdefault("_last_good", {})
        good = last.get(str(var), fallback if fallback is not None else low)
        try:
            n = int(text)
        except ValueError:
            var.set(good)
            self.message.configure(text=say("{what}: \u201c{value}\u201d is not a whole number from {low} to {high}; "
                                            "it is back to {good}.", what=what, value=text, low=low, high=high,
                                            good=good))
            return None
        if n < low or n > high:
            used = min(high, max(low, n))
            var.set(used)
            last[str(var)] = used
            self.message.configure(text=say(
                "{what}: {n} is not allowed (at most {high}), so it is now {used}. "
                "Press the button again to go on with {used}.", what=what, n=n, high=high, used=used) if n > high
                else say("{what}: {n} is not allowed (at least {low}), so it is now {used}. "
                         "Press the button again to go on with {used}.", what=what, n=n, low=low, used=used))
            return None
        last[str(var)] = n
        return n

    def cancel(self) -> None:
        """Cancel the running job, else close the window."""
        if self.running:
            if self.controller.worker.cancel():
                self.form.set_status(_("Cancelled."))
            self._busy(False, _("Cancelled."))
            return
        self.close()

    def _run(self, name: str, work, done, failed, status: str, on_progress=None) -> None:
        """Run the dialog's job on the controller's worker (``on_progress(seconds)`` while it runs); if
        another job replaces it (F8 in the main window, say), the dialog says Cancelled and offers its
        buttons again."""
        self.controller.run_job(name, work, done, failed, status=status, on_progress=on_progress)
        self._watch_job()

    def _watch_job(self) -> None:
        job = self.controller.worker.job
        if job is not None:
            job.on_superseded = self._stopped_elsewhere

    def _stopped_elsewhere(self) -> None:
        """The controller stopped the job (Esc or Cancel in the main window)."""
        if self.alive:
            self._busy(False, _("Cancelled."))
        self.running = False

    def _forget_stopper(self) -> None:
        if self._stopper in self.controller.stoppers:
            self.controller.stoppers.remove(self._stopper)

    def close(self) -> None:
        self._forget_stopper()
        self._follow_grid(False)
        try:
            self.win.destroy()
        except tk.TclError:
            pass

    def _follow_grid(self, on: bool = True) -> None:
        """Call :meth:`grid_changed` whenever the main window shows another grid (while open)."""
        listeners = self.controller.render_listeners
        if on and self._on_render not in listeners:
            listeners.append(self._on_render)
            self.win.bind("<Destroy>", lambda e: self._follow_grid(False) if e.widget is self.win else None, add="+")
        elif not on and self._on_render in listeners:
            listeners.remove(self._on_render)

    def _on_render(self) -> None:
        if self.alive:  # (a closed dialog leaves the list in close() or on <Destroy>, never while it is walked)
            self.grid_changed()

    def grid_changed(self) -> None:
        """The main window shows another grid: bring what the dialog says up to date."""

    @property
    def alive(self) -> bool:
        try:
            return bool(self.win.winfo_exists())
        except tk.TclError:
            return False
