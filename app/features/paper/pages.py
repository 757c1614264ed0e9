"""Pages to print: where they are written, how they reach the browser, what paper they are on.

Seams: :func:`open_page` opens a file for printing and :func:`open_folder` shows the folder that holds
it when that failed (tests replace both); :func:`print_folder`
is where pages to print are written; :func:`print_grid_of` turns a Board into a
``solver.PrintGrid`` (the Board's ``notes`` -- 81 masks, bit ``d - 1`` for digit ``d`` --
become the pencil notes when the Board has them).  :class:`PaperDialog` holds what the
Print and Print worksheet dialogs share.
"""
from __future__ import annotations

import locale
import logging
import os
import stat
import subprocess
import sys
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
           "print_folder", "open_page", "open_folder", "run_opener", "OPENER_SECONDS"]

KEEP_SECONDS = 24 * 3600  # pages written for printing are removed a day later
OPENER_SECONDS = 3.0  # how long an opener that fails (xdg-open without a browser) may take to say so
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
    """The folder pages to print are written to, private to this user; pages older than a day go.

    In the system's temporary folder, shared by every user of the machine: the folder of
    earlier runs (``sudoku-solver-print-<uid>``) is used only when it is a real folder (not a
    link), owned by this user and closed to the others (mode 0700), checked with ``lstat``;
    else another user made it (to read the pages, replace them before the browser opens them,
    or, as a link to the user's own folder, have them deleted) and a fresh private folder
    (``tempfile.mkdtemp``) serves this session.  The clean-up removes only regular files of
    this user's, never following a link."""
    name = f"sudoku-solver-print-{os.getuid()}" if hasattr(os, "getuid") else "sudoku-solver-print"
    folder = Path(tempfile.gettempdir()) / name
    fresh = _fresh_folders.get(folder)
    if fresh is not None and _is_private(fresh):
        return fresh
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    except OSError:
        return _fresh_folder(folder)
    if not _is_private(folder):
        logger.warning("%s is not a private folder of this user's: the pages go to a fresh one", folder)
        return _fresh_folder(folder)
    _clean(folder)
    return folder


# the fresh private folder this session uses instead of each folder that was not private
_fresh_folders: dict[Path, Path] = {}


def _fresh_folder(instead_of: Path) -> Path:
    fresh = Path(tempfile.mkdtemp(prefix="sudoku-solver-print-"))  # mode 0700, ours, new
    _fresh_folders[instead_of] = fresh
    return fresh


def _is_private(folder: Path) -> bool:
    """A folder (not a link to one) of this user's that no one else may enter or write to."""
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode):
        return False
    if not hasattr(os, "getuid"):  # Windows: the temporary folder is the user's own
        return True
    return st.st_uid == os.getuid() and stat.S_IMODE(st.st_mode) & 0o077 == 0


def _clean(folder: Path) -> None:
    """Remove this user's pages in ``folder`` older than a day: regular files only (a link is
    never followed nor removed), owned by this user."""
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if not (entry.name.startswith("sudoku-") and entry.name.endswith(".html")):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if (stat.S_ISREG(st.st_mode) and (not hasattr(os, "getuid") or st.st_uid == os.getuid())
                    and now - st.st_mtime > KEEP_SECONDS):
                os.unlink(entry.path)
        except OSError:
            pass


def open_page(path: str | os.PathLike) -> bool:
    """Open ``path`` in the system's web browser (whose print dialog the page opens); False when no
    browser opened: none is known, or every one tried failed.

    Call it off the Tk thread: an opener may take seconds to say whether it worked.
    """
    _wait_for_openers()
    try:
        return bool(webbrowser.open(Path(path).resolve().as_uri(), new=2))
    except webbrowser.Error as exc:
        logger.warning("no browser to print with: %s", exc)
        return False


class _WaitedOpener(webbrowser.BackgroundBrowser):
    """A browser started in the background (xdg-open, gio, a ``BROWSER`` command ending in ``&``)
    whose exit status is waited for: :func:`run_opener`."""

    def open(self, url, new=0, autoraise=True):
        sys.audit("webbrowser.open", url)
        return run_opener([self.name] + [arg.replace("%s", url) for arg in self.args])


def _wait_for_openers() -> None:
    """Make ``webbrowser.open`` say False when an opener fails.

    For a browser started in the background the standard library answers True as soon as the
    process has started, so xdg-open that then finds no browser and exits with an error still
    counted as "sent to the browser".  Its registered openers of that kind are swapped for
    :class:`_WaitedOpener` (once), so ``webbrowser.open`` learns the outcome and, on a failure,
    tries the next browser it knows.
    """
    try:
        webbrowser.get()  # the standard browsers are registered on first use
    except webbrowser.Error:
        return
    for entry in getattr(webbrowser, "_browsers", {}).values():
        instance = entry[1] if isinstance(entry, list) and len(entry) > 1 else None
        if type(instance) is webbrowser.BackgroundBrowser:
            waited = _WaitedOpener.__new__(_WaitedOpener)
            waited.__dict__.update(instance.__dict__)
            entry[1] = waited


def open_folder(folder: str | os.PathLike) -> bool:
    """Show ``folder`` in the system's file manager; False when that failed.  Call it off the Tk thread."""
    folder = str(Path(folder).resolve())
    if sys.platform == "win32":
        try:
            os.startfile(folder)  # type: ignore[attr-defined]  # Windows only
            return True
        except OSError as exc:
            logger.warning("could not open the folder %s: %s", folder, exc)
            return False
    return run_opener(["open" if sys.platform == "darwin" else "xdg-open", folder])


def run_opener(command: list[str], wait: float | None = None) -> bool:
    """Run an opener (xdg-open, open, a browser's command) and wait up to ``wait`` seconds (default
    :data:`OPENER_SECONDS`) for it: True when it ended well or still runs (it is showing the page or
    the folder), False when it could not start or ended with an error (logged with what it said)."""
    try:
        with tempfile.TemporaryFile() as said:
            process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=said,
                                       close_fds=True, start_new_session=True)
            try:
                code = process.wait(OPENER_SECONDS if wait is None else wait)
            except subprocess.TimeoutExpired:
                return True  # an opener that runs as long as the browser it started
            if code == 0:
                return True
            said.seek(0)
            why = said.read(2000).decode("utf-8", "replace").strip()
    except OSError as exc:
        logger.warning("could not run %s: %s", command[0], exc)
        return False
    logger.warning("%s ended with status %s: %s", command[0], code, why or "(it said nothing)")
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

    # -- a page the browser did not open: its folder ------------------------------------
    def _busy(self, on: bool, text: str = "") -> None:
        super()._busy(on, text)
        if on and getattr(self, "folder_button", None) is not None:
            self.folder_button.grid_remove()  # offered again if this job's page cannot be opened either

    def _not_opened(self, page: str) -> None:
        """No browser opened ``page``: offer *Open the folder* (under the message that says where it is)."""
        self.page = page
        if getattr(self, "folder_button", None) is None:
            row = int(self.message.grid_info()["row"]) + 1
            self.folder_button = ttk.Button(self.body, text=_("Open the folder"), command=self.show_folder)
            self.folder_button.grid(row=row, column=0, columnspan=2, sticky="w", pady=(6, 0))
        self.folder_button.grid()
        self.folder_button.focus_set()

    def show_folder(self) -> None:
        """Show the folder that holds the page in the file manager; if that fails too, say where it is
        and put its path on the clipboard."""
        if self.running or not getattr(self, "page", None):
            return
        page = self.page
        folder = os.path.dirname(page)
        name = os.path.basename(page)

        def done(opened, seconds):
            if opened:
                text = say("The folder {folder} is open in the file manager; the page is {name}.", folder=folder,
                           name=name)
            else:
                self.form.set_clipboard(folder)
                text = say("The file manager could not be opened either. The page is {name} in the folder "
                           "{folder}; that folder's path is on the clipboard (Ctrl+V pastes it).", folder=folder,
                           name=name)
            self.form.set_status(text, "ok" if opened else "warn")
            if self.alive:
                self._busy(False, text)
                if not opened:
                    self.folder_button.grid()

        def failed(exc):
            if self.alive:
                self._busy(False, "")
            if not isinstance(exc, solver.Cancelled):
                self.controller.report_exception(type(exc), exc, exc.__traceback__)

        self._busy(True, _("Opening the folder…"))
        self._run("open_folder", lambda cancel: open_folder(folder), done, failed, _("Opening the folder…"))

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
