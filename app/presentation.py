"""The presentation view (F11): the search demo for a projector or a touch board.

Full screen; the grid fills the height; a high-contrast theme (black lines on a white
ground, the Okabe-Ito digit colours with their weights: givens black bold, your digits
blue, the solver's vermillion italic, tentative guesses blue italic, deduced digits green
bold); one large status line under the grid carries the explanation of every step; the
demo's controls grow large enough to hit with a finger.  F11 or Esc leaves it (in this
view Esc means "leave", not "cancel"; outside it Esc pauses the demo and cancels counts).
"""
from __future__ import annotations

import logging

logger = logging.getLogger(__name__)

__all__ = ["Presentation", "install_presentation"]


class Presentation:
    """Switches the window between its normal layout and the presentation view."""

    def __init__(self, form, demo):
        self.form = form
        self.demo = demo

    @property
    def on(self) -> bool:
        return self.form.is_presentation

    def toggle(self) -> None:
        if self.on:
            self.leave()
        else:
            self.enter()

    def enter(self) -> None:
        """Full screen, large and high-contrast, showing the search demo's panel beside the grid."""
        if self.on:
            return
        self.form.set_presentation(True, keep_tab=self.demo.tab)
        # 1.4x on a large screen, less on narrower or shorter ones so the whole panel (table,
        # note, legend) still fits beside the grid above the status line
        root = self.form.root
        width, height = root.winfo_screenwidth(), root.winfo_screenheight()
        self.demo.set_large(True, scale=max(1.0, min(1.4, width / 1150, (height - 120) / 700)))
        if self.demo.active:
            self.demo.panel.focus_set()
            self.demo.refresh()  # the large status line explains the step shown
        else:
            self.demo.say("Presentation view: F11 or Esc leaves it. Ctrl+D starts the search demo; "
                          "then Space plays, → steps, ← steps back.")

    def leave(self) -> None:
        """Back to the normal window, as it was."""
        if not self.on:
            return
        self.demo.set_large(False)
        self.form.set_presentation(False)
        self.demo.say("Left the presentation view (F11 shows it again).")


def install_presentation(form, demo) -> Presentation:
    """View ▸ Presentation view (F11); Esc leaves it before doing anything else."""
    p = Presentation(form, demo)
    form.menus["view"].add_separator()
    form.add_command("view", "Presentation view (classroom)", "presentation", "F11", ("<F11>",))
    form.on("presentation", p.toggle)
    previous = form.handler_for("cancel")

    def escape() -> None:
        if p.on:
            p.leave()
        elif previous is not None:
            previous()

    form.on("cancel", escape)
    return p
