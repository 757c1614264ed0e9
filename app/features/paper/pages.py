"""Pages to print: where they are written, how they reach the browser, what paper they are on.

Seams: :func:`open_page` opens a file for printing (tests replace it); :func:`print_folder`
is where pages to print are written; :func:`print_grid_of` turns a Board into a
``solver.PrintGrid`` (the Board's ``notes`` -- 81 masks, bit ``d - 1`` for digit ``d`` --
become the pencil notes when the Board has them).  :class:`PaperDialog` holds what the
Print and Print worksheet dialogs share.
"""
from __future__ import annotations

import locale
import logging
import os
import tempfile
import time
import webbrowser
from pathlib import Path
from tkinter import ttk

import solver

from app.small_dialog import SmallDialog
from app.wording import _, say, say_n

logger = logging.getLogger(__name__)

__all__ = ["PaperDialog", "PAPER_LABELS", "pages_text", "default_paper", "board_notes", "print_grid_of",
           "print_folder", "open_page"]

KEEP_SECONDS = 24 * 3600  # pages written for printing are removed a day later
# territories whose paper is US Letter (the rest of the world uses A4)
_LETTER_TERRITORIES = {"US", "CA", "MX", "PH", "CL", "CO", "VE", "GT", "CR", "PR", "PA", "DO", "SV", "NI", "BZ"}
PAPER_LABELS = {key: paper.label for key, paper in solver.PAPERS.items()}


def pages_text(plan) -> str:
    """``'3 pages (2 of puzzles and 1 of solutions)'``: a ``solver.PagePlan`` in words."""
    if not plan.solution_pages:
        return say_n("{n:n} page", "{n:n} pages", plan.pages)
    return say_n("{n:n} page ({puzzles:n} of puzzles and {solutions:n} of solutions)",
                 "{n:n} pages ({puzzles:n} of puzzles and {solutions:n} of solutions)", plan.pages,
                 puzzles=plan.puzzle_pages, solutions=plan.solution_pages)


def default_paper() -> str:
    """``"letter"`` where the locale's territory prints on Letter (US, Canada, ...), else ``"a4"``.

    The first of LC_PAPER, LC_ALL, LANG that is set decides (``en_US.UTF-8``: Letter; ``C``: A4);
    without any (Windows) the system locale's name does (``English_United States``).
    """
    for var in ("LC_PAPER", "LC_ALL", "LANG"):
        name = os.environ.get(var)
        if name:
            territory = name.split(".", 1)[0].split("_", 1)[1][:2].upper() if "_" in name else ""
            return "letter" if territory in _LETTER_TERRITORIES else "a4"
    try:
        name = locale.getlocale()[0] or ""
    except ValueError:
        name = ""
    if "_" in name:
        territory = name.split("_", 1)[1]
        if territory[:2].upper() in _LETTER_TERRITORIES or territory.startswith(("United States", "Canada")):
            return "letter"
    return "a4"


def board_notes(board) -> tuple | None:
    """The Board's pencil notes as 81 frozensets of digits, or None when Boards have no notes."""
    raw = getattr(board, "notes", None)
    if raw is None or len(raw) != 81:
        return None
    out = []
    for m in raw:
        if isinstance(m, int):
            out.append(frozenset(d for d in range(1, 10) if m >> (d - 1) & 1))
        else:
            out.append(frozenset(int(d) for d in m))
    return tuple(out)


def print_grid_of(board, entries: bool = True, solver_digits: bool = True, notes: bool = True,
                  label: str = "") -> solver.PrintGrid:
    """What of ``board`` goes on paper: its givens and, by choice, the other layers."""
    empty = solver.Grid.empty()
    givens = board.givens if board.givens.filled_count else board.grid()  # typed but not locked: the grid
    note_sets = board_notes(board) if notes else None
    return solver.PrintGrid(
        givens,
        entries=board.entries if entries and board.givens.filled_count else empty,
        solved=board.solved if solver_digits and board.givens.filled_count else empty,
        notes=note_sets if note_sets and any(note_sets) else (),
        label=label,
    )


def print_folder() -> Path:
    """The folder pages to print are written to (in the system's temporary folder, one per user:
    on a shared /tmp another user's folder is not writable); pages older than a day go."""
    name = f"sudoku-solver-print-{os.getuid()}" if hasattr(os, "getuid") else "sudoku-solver-print"
    folder = Path(tempfile.gettempdir()) / name
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    now = time.time()
    for old in folder.glob("sudoku-*.html"):
        try:
            if now - old.stat().st_mtime > KEEP_SECONDS:
                old.unlink()
        except OSError:
            pass
    return folder


def open_page(path: str | os.PathLike) -> bool:
    """Open ``path`` in the system's web browser (whose print dialog the page opens); False if none."""
    try:
        return bool(webbrowser.open(Path(path).resolve().as_uri(), new=2))
    except webbrowser.Error as exc:
        logger.warning("no browser to print with: %s", exc)
        return False


class PaperDialog(SmallDialog):
    """A dialog that prints or saves pages: the rows for per page, paper, solutions and title,
    and what to say when printing or saving failed."""

    def _paper_row(self, row: int, variable) -> None:
        ttk.Label(self.body, text=_("Paper")).grid(row=row, column=0, sticky="w", padx=(0, 12), pady=(6, 0))
        frame = ttk.Frame(self.body)
        frame.grid(row=row, column=1, sticky="w", pady=(6, 0))
        for key, label in PAPER_LABELS.items():
            ttk.Radiobutton(frame, text=label, value=key, variable=variable,
                            command=getattr(self, "_update", None)).pack(side="left", padx=(0, 10))

    def _page_rows(self, row: int, solutions_text: str) -> int:
        """Per page, Paper, the solutions box, Title and the summary line from ``row`` on (the
        dialog's ``var_per_page``, ``var_paper``, ``var_solutions``, ``var_title``); the next free row."""
        b = self.body
        ttk.Label(b, text=_("Per page")).grid(row=row, column=0, sticky="w", padx=(0, 12), pady=(6, 0))
        pp = ttk.Frame(b)
        pp.grid(row=row, column=1, sticky="w", pady=(6, 0))
        for n in solver.PER_PAGE:
            ttk.Radiobutton(pp, text=str(n), value=n, variable=self.var_per_page,
                            command=self._update).pack(side="left", padx=(0, 10))
        self._paper_row(row + 1, self.var_paper)
        ttk.Checkbutton(b, text=solutions_text, variable=self.var_solutions, command=self._update).grid(
            row=row + 2, column=1, sticky="w", pady=(6, 0))
        ttk.Label(b, text=_("Title")).grid(row=row + 3, column=0, sticky="w", padx=(0, 12), pady=(6, 0))
        ttk.Entry(b, textvariable=self.var_title, width=30).grid(row=row + 3, column=1, sticky="w", pady=(6, 0))
        self.summary = ttk.Label(b, text="", wraplength=320, justify="left")
        self.summary.grid(row=row + 4, column=0, columnspan=2, sticky="w", pady=(10, 0))
        return row + 5

    def _job_failed(self, exc, verb: str) -> None:
        """A print or save job failed: say why (in the dialog and the status line), or report a bug."""
        if self.alive:
            self._busy(False, "")
        if isinstance(exc, solver.Cancelled):
            return
        if isinstance(exc, (ValueError, OSError)):
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            printed = verb == "printed"
            self.form.set_status(say("The pages were not printed: {why}", why=why) if printed
                                 else say("The pages were not saved: {why}", why=why), "error")
            if self.alive:
                self.message.configure(text=say("Not printed: {why}", why=why) if printed
                                       else say("Not saved: {why}", why=why))
            return
        self.controller.report_exception(type(exc), exc, exc.__traceback__)
