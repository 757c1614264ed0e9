"""Compare the typed grid with the paper it came from: the check code, a read-back, a question per cell.

What the grid alone cannot tell, the paper can: several fixes may each leave one solution,
and a slip may leave one solution itself.  Three ways to ask the paper, in the Findings tab
and the Check menu:

* **Check code** (the field in the Findings): the code printed under each puzzle
  (``solver.check_code``) typed back says at once whether the givens match and which rows
  do not; when it matches, a fix the check guessed is confirmed, and when one of the check's
  fixes gives a grid that matches the code, that fix is offered (Ctrl+K).
* **Read back the givens** (readback.py): the grid one row at a time, large; Enter when the
  row matches the paper, or type the paper's row: a difference becomes a fix at once (one
  undo step).  It finds slips that leave one solution, which nothing else can.
* **Compare with your paper** (ask.py): the engine asks which of a few tinted cells differ
  on the paper and what it shows there, or what it shows in the one cell that decides
  (``solver.paper_question``), until one explanation is settled; *Apply fix* makes it (one
  undo step), confirmed by the paper.

Wiring: ``install_compare(form, controller)`` (called once from ``app.__main__``).
"""
from __future__ import annotations

import logging

import solver

from app.wording import _, say

from .ask import AskPanel
from .readback import ReadBack

logger = logging.getLogger(__name__)

__all__ = ["install_compare", "Compare"]


class Compare:
    """The check code field's action, Check ▸ Compare with your paper… and Check ▸ Read back the givens…

    ``ask`` is the comparison panel (:class:`~app.features.compare.ask.AskPanel`), ``read_back``
    the read-back panel (:class:`~app.features.compare.readback.ReadBack`)."""

    def __init__(self, form, controller):
        self.form, self.controller = form, controller
        amap = form.action_map
        at = amap.items["show_wrong"][1] + 1 if "show_wrong" in amap.items else None
        amap.add_command("check", _("Compare with your paper…"), "compare_paper", before=at)
        amap.add_command("check", _("Read back the givens…"), "read_back", before=None if at is None else at + 1)
        self.ask = AskPanel(form, controller)
        self.read_back = ReadBack(form, controller)
        amap.on("compare_paper", self.compare_paper)
        amap.on("read_back", self.read_back_givens)
        amap.on("check_code", self.check_code)
        controller.puzzle_listeners.append(self.ask.puzzle_changed)

    def compare_paper(self) -> None:
        """Check ▸ Compare with your paper… (one panel at a time: a read-back under way ends)."""
        self.read_back.stop()
        self.ask.start()

    def read_back_givens(self) -> None:
        """Check ▸ Read back the givens… (a comparison under way ends)."""
        self.ask.close()
        self.read_back.start()

    def check_code(self, text: str) -> solver.CodeComparison | None:
        """The check code typed in the Findings: say whether the givens match it, mark the rows
        that do not, and offer the one fix whose grid matches it.  The text typed stays."""
        g = self.controller.puzzle()
        cg = self.form.cell_grid
        if not g.filled_count:
            self.form.set_status(_("The grid is empty: type or open the puzzle, then compare its check code."),
                                 "warn")
            return None
        result = solver.compare_code(g, text)
        if result.error is not None:
            self.form.set_status(result.message, "warn")
            self.form.findings_panel.code_entry.focus_set()
            return result
        checking = self.controller.checking
        if result.ok:
            cg.clear_marks("paper_row", "suspect")
            checking.confirm(g)
            self.form.set_status(result.message, "ok")
            return result
        cells = [(r, c) for r in result.rows_wrong for c in range(9)]
        cg.set_marks("paper_row", cells)
        status = result.message
        d = checking.diagnosis
        matching = [x for x in (d.explanations if d is not None else ()) if solver.compare_code(x.fixed, text).ok]
        if len(matching) == 1:  # the code picks one of the check's fixes: that is the slip
            fix = matching[0]
            checking.offer_fix(fix)
            status = say("{result} The check code settles it: {fix} (Ctrl+K applies it).",
                         result=result.message, fix=solver.short_fix(fix))
        self.form.set_status(status, "warn")
        return result


def install_compare(form, controller) -> Compare:
    """Add the paper comparisons (check code, read back, compare) to ``form``."""
    return Compare(form, controller)
