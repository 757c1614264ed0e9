"""What the comparison panels (ask.py, readback.py) share: while one is shown, the check's marks
and its offered fix are put aside, so the grid shows only what the paper is compared with."""
from __future__ import annotations

__all__ = ["PutAside"]

CHECK_MARKS = ("selected", "suspect", "finding", "differ")


class PutAside:
    """The check's offered fix (the Ctrl+K button) and marks, put aside while a panel is open."""

    def __init__(self, form, controller):
        self.form, self.controller = form, controller
        self.suggestion: str | None = None
        self.grid = None

    def begin(self) -> None:
        """Clear the check's marks and withdraw its offered fix (kept, to offer again in :meth:`end`)."""
        amap = self.form.action_map
        self.suggestion = str(self.form.add_given_button.cget("text")) if amap.is_enabled("add_given") else None
        self.grid = self.controller.puzzle()
        self.form.cell_grid.clear_marks(*CHECK_MARKS)
        self.form.set_suggestion(None)

    def end(self) -> None:
        """Offer the check's fix again, when the grid is still the one it was for."""
        if self.suggestion and self.controller.puzzle() == self.grid and self.controller.checking.chosen_fix:
            self.form.set_suggestion(self.suggestion)
        self.suggestion = self.grid = None
