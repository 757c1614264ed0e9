"""Getting puzzles in and out: Open, Save, Copy, Paste, the Examples and a collection's Previous/Next.

:class:`PuzzleFiles` handles these actions for the controller (app/controller.py).  A
puzzle comes in through :meth:`~PuzzleFiles.load_puzzle` (its digits become locked givens,
one undo step) or as a collection (several puzzles; ``controller.collection`` holds them,
Previous/Next step through).  Reading a file runs on the worker, so a big collection never
blocks the window; a file or text that can't be read changes nothing and says why.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import solver
from solver import Grid

from .model import SOLVING, Board
from .storage import atomic_write_text
from .wording import _, say, say_n

logger = logging.getLogger(__name__)

__all__ = ["PuzzleFiles", "MAX_PASTE_CHARS", "LONG_LINE", "read_puzzle_file", "NotAPuzzleFile", "has_long_line",
           "has_too_many_lines", "MAX_LINES", "most_lines"]

MAX_PASTE_CHARS = 4_000_000
PASTE_ON_WORKER_CHARS = 64_000  # a longer paste is read on the worker, so the window never waits for it
#: A line this long holds no puzzle (a puzzle's line, even a Kaggle row with its solution and
#: rating, is under 300 characters; ``python -m solver`` refuses stream lines over 64 KiB).
#: The readers' regular expressions scan such a line without letting go of the interpreter:
#: a 3.9 MB line of "x" froze the window for 100-300 ms while the worker read it.
LONG_LINE = 65_536


def has_long_line(text: str | bytes) -> bool:
    """True when ``text`` has a line of at least :data:`LONG_LINE` characters (then every line
    is shorter than twice that when False): one bounded search per ``LONG_LINE`` characters,
    about 60 for 4 MB, each letting go of the interpreter at once."""
    nl, cr = ("\n", "\r") if isinstance(text, str) else (b"\n", b"\r")
    for start in range(0, len(text) - LONG_LINE + 1, LONG_LINE):
        end = start + LONG_LINE
        if text.find(nl, start, end) < 0 and text.find(cr, start, end) < 0:
            return True
    return False


#: More lines than a pasted or opened text of puzzles has: a 4 MB collection of bare rows
#: (``530070000``) has 400,000; a larger file may have one line per :data:`ROW_CHARS`
#: characters.  Each line read is an object made, and freed, in one call that holds the
#: interpreter: 1.95 million lines of "x" froze the window for 68-345 ms.
MAX_LINES = 450_000
ROW_CHARS = 9  # a row of a puzzle has nine cells: no line of one is shorter
_BREAKS = ("\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")  # str.splitlines' others


def most_lines(text: str | bytes) -> int:
    """The most lines a text of puzzles as long as ``text`` has."""
    return max(MAX_LINES, len(text) // ROW_CHARS)


def has_too_many_lines(text: str | bytes) -> bool:
    """True when ``text`` has more than :func:`most_lines` lines (as ``splitlines`` counts
    them, "\\r\\n" once): counted in :data:`LONG_LINE`-sized pieces, each count letting go of
    the interpreter at once, and no line made."""
    most = most_lines(text)
    nl, cr = ("\n", "\r") if isinstance(text, str) else (b"\n", b"\r")
    others = _BREAKS if isinstance(text, str) else tuple(b.encode() for b in _BREAKS)  # read as UTF-8
    n = 0
    for start in range(0, len(text), LONG_LINE):
        end = start + LONG_LINE
        n += max(text.count(nl, start, end), text.count(cr, start, end))
        n += sum(text.count(b, start, end) for b in others)
        if n > most:
            return True
    return False


def too_many_lines_why(text: str | bytes) -> str:
    """Why ``text``, of more than :func:`most_lines` lines, is refused, in words."""
    return say("it has more than {most:n} lines, more than a text of puzzles of its length has",
               most=most_lines(text))


def long_line_why() -> str:
    """Why a text or file with a line of :data:`LONG_LINE` characters is refused, in words."""
    return say("it has a line of {n:n} characters or more, and a puzzle's lines are far shorter", n=LONG_LINE)


class NotAPuzzleFile(ValueError):
    """A file that holds no puzzle: ``str(e)`` says why, in words."""


def read_puzzle_file(path: str) -> list[Grid]:
    """Every puzzle in the file ``path``: read with ``solver.read_bounded`` (a regular file of
    at most ``solver.MAX_FILE_BYTES``: a pipe, a device or a folder is refused, never waited
    on), then ``solver.parse_many``.  NotAPuzzleFile or ``solver.ParseError`` with the reason
    in words for a file that holds no puzzle, OSError for one that cannot be read."""
    try:
        data = solver.read_bounded(path, solver.MAX_FILE_BYTES)
    except solver.FileRefused as exc:
        if exc.reason == "folder":
            raise NotAPuzzleFile(_("it is a folder, not a puzzle file")) from None
        if exc.reason == "not_regular":
            raise NotAPuzzleFile(_("it is not a regular file (a pipe or a device)")) from None
        raise NotAPuzzleFile(say("it is larger than {mb:0} MB, the most a puzzle file may be",
                                 mb=solver.MAX_FILE_BYTES / 2 ** 20)) from None
    if not data.strip():
        raise NotAPuzzleFile(_("it is empty"))
    if has_too_many_lines(data):
        raise NotAPuzzleFile(too_many_lines_why(data))
    if has_long_line(data):
        raise NotAPuzzleFile(long_line_why())
    return solver.parse_many(data)


def read_pasted(text: str):
    """What a pasted text holds: ``("grid", Grid)``, ``("marked", solver.Marked)`` (digits with
    pencil marks), ``("many", [Grid, ...])`` or ``("error", message)``.  Pure: runs on the
    worker thread for long texts."""
    if has_too_many_lines(text):
        return "error", too_many_lines_why(text)
    if has_long_line(text):
        return "error", long_line_why()
    try:
        m = solver.parse_marks(text)
        if m.placed.filled_count or m.candidates.count():
            return "marked", m
        return "grid", m.givens
    except solver.ParseError as exc:
        try:
            grids = solver.parse_many(text)
        except solver.ParseError:
            grids = []
        if len(grids) > 1:
            return "many", grids
        return "error", str(exc)


class PuzzleFiles:
    """The file, clipboard, example and collection commands of ``controller`` (registered on its form)."""

    def __init__(self, controller):
        self.controller = controller
        self.form = controller.form
        for name in ("open", "save", "prev", "next", "copy", "copy_framed", "paste", "copy_marks", "copy_link"):
            self.form.action_map.on(name, getattr(self, f"_cmd_{name}"))
        for ex in solver.EXAMPLES:
            self.form.action_map.add_command("examples", ex.title, f"example:{ex.key}")
            self.form.action_map.on(f"example:{ex.key}", lambda key=ex.key: self.load_example(key))

    # ======================================================================
    # loading puzzles
    # ======================================================================
    def load_puzzle(self, grid: Grid, status: str, keep_collection: bool = False) -> None:
        """Show a new puzzle: its digits become locked givens (one undo step)."""
        c = self.controller
        if not keep_collection:
            c.collection = None
            c.collection_file = None
        c.apply(Board.from_puzzle(grid), status)
        self.form.findings_panel.show([], hint=_("Press F5 to check this puzzle."))

    def load_marked(self, m) -> None:
        """A pasted position with pencil marks: givens locked, placed digits as entries, marks as notes."""
        c = self.controller
        c.collection = None
        c.collection_file = None
        board = Board(givens=m.givens, entries=m.placed, mode=SOLVING).with_all_notes(m.candidates.masks)
        noted = sum(1 for x in board.notes if x)
        givens = say_n("{n:n} given", "{n:n} givens", m.givens.filled_count)
        cells = say_n("the pencil marks of {n:n} cell", "the pencil marks of {n:n} cells", noted)
        if m.placed.filled_count:
            text = say("Pasted a position with {givens}, {placed} and {cells} as your notes (Ctrl+Z undoes it).",
                       givens=givens, cells=cells,
                       placed=say_n("{n:n} placed digit", "{n:n} placed digits", m.placed.filled_count))
        else:
            text = say("Pasted a position with {givens} and {cells} as your notes (Ctrl+Z undoes it).",
                       givens=givens, cells=cells)
        c.apply(board, text)
        self.form.findings_panel.show([], hint=_("Press F5 to check this puzzle."))

    def load_collection(self, grids: list[Grid], name: str, path: str | None = None, index: int = 0) -> None:
        """Open several puzzles; show puzzle ``index``."""
        c = self.controller
        c.collection = list(grids)
        c.collection_name = name
        c.collection_file = path
        self.go_to(index)

    def go_to(self, index: int) -> None:
        """Show puzzle ``index`` of the open collection."""
        c = self.controller
        if not c.collection:
            self.form.set_status(_("No collection is open (File ▸ Open a file with several puzzles)."), "warn")
            return
        c.collection_index = max(0, min(len(c.collection) - 1, index))
        self.load_puzzle(c.collection[c.collection_index], say("{name}: {position}", name=c.collection_name,
                                                                position=self.position()),
                         keep_collection=True)

    def position(self) -> str:
        """"puzzle 12 of 1,465" (a collection must be open)."""
        c = self.controller
        return say("puzzle {k:n} of {n:n}", k=c.collection_index + 1, n=len(c.collection))

    def show_collection(self) -> None:
        """The top line's position and Previous/Next, or nothing when no collection is open."""
        c = self.controller
        if c.collection and len(c.collection) > 1:
            self.form.set_collection(self.position(), c.collection_index > 0,
                                     c.collection_index < len(c.collection) - 1)
        else:
            self.form.set_collection(None)

    def load_example(self, key: str) -> None:
        """Show one of solver.EXAMPLES."""
        ex = solver.example(key)
        self.controller.current_file = None
        self.load_puzzle(solver.parse(ex.line), say("Example: {title}. {note}", title=ex.title,
                                                    note=ex.note))

    def open_path(self, path: str) -> None:
        """Open a puzzle file (single or collection) on the worker; the grid is untouched on failure."""
        name = os.path.basename(path) or path

        def done(grids: list[Grid], seconds: float) -> None:
            if not grids:
                self.form.set_status(say("Could not open {name}: it holds no puzzle.", name=name), "error")
                return
            self.controller.current_file = path
            if len(grids) == 1:
                self.load_puzzle(grids[0], say("Opened {name}.", name=name))
            else:
                self.load_collection(grids, name, path)

        def failed(exc: BaseException) -> None:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            self.form.set_status(say("Could not open {name}: {why}", name=name, why=why), "error")
            if not isinstance(exc, (solver.ParseError, NotAPuzzleFile, OSError)):
                logger.error("open %s failed", path, exc_info=(type(exc), exc, exc.__traceback__))

        self.controller.run_job("open", lambda cancel: read_puzzle_file(path), done, failed,
                                status=say("Opening {name}…", name=name))

    def reopen_collection(self, path: str, index: int) -> None:
        """Bring back Previous/Next for the collection open last time (the grid stays as saved)."""
        c = self.controller

        def done(grids, seconds):
            if len(grids) > 1:
                c.collection = grids
                c.collection_file = path
                c.collection_name = os.path.basename(path)
                c.collection_index = max(0, min(len(grids) - 1, index))
                self.show_collection()

        if not c.closing:
            c.run_job("open", lambda cancel: read_puzzle_file(path), done, lambda exc: None)

    # ======================================================================
    # saving
    # ======================================================================
    def save_puzzle(self, path: str) -> bool:
        """Write the puzzle (the givens; the whole grid when there are none) as .txt or .sdk."""
        g = self.controller.puzzle()
        if path.lower().endswith(".txt"):
            text = g.to_line(".") + "\n"
        else:
            text = "\n".join(g.to_line(".")[9 * r:9 * r + 9] for r in range(9)) + "\n"
        try:
            atomic_write_text(path, text)
        except OSError as exc:
            self.form.set_status(say("Could not save {name}: {why}", name=os.path.basename(path),
                                     why=exc.strerror or exc), "error")
            return False
        self.controller.current_file = path
        self.form.set_status(say_n("Saved the puzzle ({n:n} given) to {name}.", "Saved the puzzle ({n:n} givens) to {name}.",
                                   g.filled_count, name=os.path.basename(path)), "ok")
        return True

    # ======================================================================
    # commands
    # ======================================================================
    def _cmd_open(self) -> None:
        path = self.form.dialogs.ask_open()
        if path:
            self.open_path(path)

    def _cmd_save(self) -> None:
        current = self.controller.current_file
        initial = Path(current).with_suffix(f".{solver.SAVE_EXTENSIONS[0]}").name if current else None
        path = self.form.dialogs.ask_save(initial)
        if path:
            self.save_puzzle(path)

    def _cmd_prev(self) -> None:
        c = self.controller
        if c.collection:
            if c.collection_index == 0:
                self.form.set_status(_("This is the first puzzle of the collection."))
            else:
                self.go_to(c.collection_index - 1)

    def _cmd_next(self) -> None:
        c = self.controller
        if c.collection:
            if c.collection_index >= len(c.collection) - 1:
                self.form.set_status(_("This is the last puzzle of the collection."))
            else:
                self.go_to(c.collection_index + 1)

    def _cmd_copy(self) -> None:
        if self.form.has_text_selection():
            self.form.copy_selection()  # Ctrl+C in the findings copies the selected words
            return
        if self.controller.board.has_notes:
            self._cmd_copy_marks()  # the grid with the notes: a digits-only copy would lose them
            return
        g = self.controller.board.grid()
        # The line for other programs and the framed block for people; Paste reads it back as one puzzle.
        self.form.set_clipboard(f"{g.to_line('.')}\n\n{g.to_ss()}\n")
        self.form.set_status(_("Copied the grid as an 81-character line and a framed block "
                               "(Ctrl+Shift+C copies the framed block alone)."))

    def _cmd_copy_framed(self) -> None:
        self.form.set_clipboard(self.controller.board.grid().to_ss() + "\n")
        self.form.set_status(_("Copied the grid as a framed block."))

    def grid_and_notes(self):
        """(digits grid, candidates of the blank cells) of the Board: the notes where there are some."""
        b = self.controller.board
        return b.grid(), solver.Candidates(b.notes)

    def _cmd_copy_marks(self) -> None:
        """The pencil-mark grid (HoDoKu, Sudoku Explainer) and the SudokuWiki link, which also keeps
        givens and placed digits apart; Paste reads the link back."""
        g, cands = self.grid_and_notes()
        b = self.controller.board
        link = solver.wiki_link(b.givens, Grid(e or s for e, s in zip(b.entries.cells, b.solved.cells)), cands)
        self.form.set_clipboard(f"{solver.pencil_grid(g, cands)}\n\n{link}\n")
        noted = sum(1 for m in b.notes if m)
        self.form.set_status(say_n("Copied the grid with pencil marks (your notes in {n:n} cell; the "
                                   "digits no peer holds in the other blank cells) and a SudokuWiki link.",
                                   "Copied the grid with pencil marks (your notes in {n:n} cells; the "
                                   "digits no peer holds in the other blank cells) and a SudokuWiki link.", noted))

    def _cmd_copy_link(self) -> None:
        b = self.controller.board
        link = solver.wiki_link(b.givens, Grid(e or s for e, s in zip(b.entries.cells, b.solved.cells)),
                                solver.Candidates(b.notes))
        self.form.set_clipboard(link)
        self.form.set_status(_("Copied a SudokuWiki link to this position, with its pencil marks."))

    def _cmd_paste(self) -> None:
        text, why = self.form.read_clipboard()
        if why == "too_large":
            self.form.set_status(_("The clipboard text is too large to paste (over about 400 KB): save it to a "
                                   "file and open that with File ▸ Open (Ctrl+O)."), "error")
            return
        if why == "no_answer":
            self.form.set_status(_("The program holding the clipboard did not hand its text over (a very large "
                                   "text can fail so): save it to a file and open that with File ▸ Open (Ctrl+O)."),
                                 "error")
            return
        if text is None or not text.strip():
            self.form.set_status(_("The clipboard holds no text to paste."), "warn")
            return
        if len(text) > MAX_PASTE_CHARS:
            self.form.set_status(_("The clipboard text is too large to be a puzzle; use File ▸ Open."), "error")
            return
        s = text.strip()
        cell = self.form.cell_grid.focused_cell()
        if cell is not None and len(s) == 1 and s in "0123456789.":
            self.controller.cell_input(cell, 0 if s == "." else int(s))
            return
        if len(text) > PASTE_ON_WORKER_CHARS:
            # long texts are read off the Tk thread: the window stays responsive, Esc stops it,
            # and nothing changes until the whole text has been read
            self.controller.run_job("paste", lambda cancel: read_pasted(text),
                                    lambda result, seconds: self._show_pasted(result),
                                    status=say_n("Reading the pasted text ({n:n} character)…",
                                                 "Reading the pasted text ({n:n} characters)…", len(text)))
            return
        self._show_pasted(read_pasted(text))

    def _show_pasted(self, result) -> None:
        kind, value = result
        if kind == "error":
            self.form.set_status(say("Nothing pasted: {why}", why=value), "error")
            return
        self.controller.current_file = None
        if kind == "marked":
            self.load_marked(value)
            return
        if kind == "many":
            self.load_collection(value, say_n("Pasted {n:n} puzzle", "Pasted {n:n} puzzles", len(value)))
            return
        self.load_puzzle(value, say_n("Pasted a puzzle with {n:n} given. Press F5 to check it, Ctrl+Enter to solve it.",
                                      "Pasted a puzzle with {n:n} givens. Press F5 to check it, Ctrl+Enter to solve it.",
                                      value.filled_count))
