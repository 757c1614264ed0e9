"""Nothing lost: the grid saved to the state file, the settings to the settings file, both
restored at start.

:class:`Session` writes ``state.json`` and ``settings.json`` (atomically, through
app/storage.py; which key is a setting is ``storage.SETTINGS``) soon after every change, and
when the window closes.  Without a settings file (``settings_path`` None) the settings are
kept in the state file.  At start it brings the settings, the grid and the open collection
back; a damaged file is set aside with a message, never a crash.
"""
from __future__ import annotations

import logging
from pathlib import Path

from .model import Board
from .storage import (MAX_COLLECTION_INDEX, StateError, check_settings, read_state, set_aside, split_settings, within,
                      write_settings, write_state)
from .wording import N_, _, say, say_n

logger = logging.getLogger(__name__)

__all__ = ["Session", "SAVE_DELAY_MS"]

SAVE_DELAY_MS = 500


class Session:
    """Saves ``controller``'s state to ``state_path`` (None: nothing is saved) and its settings
    to ``settings_path`` (None: into the state file), and restores them.

    A save runs at most ``save_delay_ms`` after the first unsaved change, and at close.
    """

    def __init__(self, controller, state_path: Path | None, save_delay_ms: int = SAVE_DELAY_MS,
                 settings_path: Path | None = None):
        self.controller = controller
        self.form = controller.form
        self.root = controller.root
        self.state_path = Path(state_path) if state_path else None
        self.settings_path = Path(settings_path) if settings_path and state_path else None
        self.save_delay_ms = save_delay_ms
        self._save_after: str | None = None
        self._settings_saved: dict | None = None  # what settings.json holds (written only on a change)
        # a state file to show but never write (its folder is read-only: app/__main__.py), and
        # what went wrong reading it (for the status line)
        self.read_only_path: Path | None = None
        self.read_problem: str | None = None

    def use_settings_file(self, settings_path: Path | None) -> None:
        """Keep the settings in ``settings_path`` from now on (None: in the state file); before
        the controller starts, so that they are read from there too."""
        self.settings_path = Path(settings_path) if settings_path and self.state_path else None

    def state(self) -> dict:
        """Everything the state file keeps, settings included (:meth:`save_state` splits them off)."""
        c = self.controller
        return {
            "board": c.board.to_dict(),
            "live_check": bool(self.form.var_live_check.get()),
            "auto_advance": bool(self.form.var_auto_advance.get()),
            "zoom": round(self.form.zoom_level, 3),
            "collection_file": c.collection_file,
            "collection_index": c.collection_index if c.collection_file else None,
            "current_file": c.current_file,
            **{k: v for feature in c.features.values() if hasattr(feature, "settings")
               for k, v in feature.settings().items()},  # e.g. Notes mode (app/features/notes.py)
        }

    def schedule_save(self) -> None:
        """Save the state file ``save_delay_ms`` after the first unsaved change.

        Not a debounce: one that waits for a pause never fires while keys keep coming faster
        than its delay, and a crash then loses everything since the last pause.  Here later
        changes join the save already due, so a burst still costs one write per delay, and a
        crash loses at most ``save_delay_ms`` of work.
        """
        if self.state_path is None or self.controller.closing or self._save_after is not None:
            return
        self._save_after = self.root.after(self.save_delay_ms, self.save_state)

    def save_state(self) -> bool:
        """Write the state file now (atomically); False when it could not be written."""
        if self._save_after is not None:
            try:
                self.root.after_cancel(self._save_after)
            except Exception:
                pass
            self._save_after = None
        if self.state_path is None:
            return False
        try:
            data = self.state()
            if self.settings_path is not None:
                data, settings = split_settings(data)
                if settings != self._settings_saved:
                    write_settings(self.settings_path, settings)
                    self._settings_saved = settings
            write_state(self.state_path, data)
        except OSError as exc:
            logger.warning("could not save the state file %s: %s", self.state_path, exc)
            if not self.controller.closing:
                self.form.set_status(say("Could not save your grid to {path}: {why}", path=str(self.state_path),
                                         why=exc.strerror or exc), "error")
            return False
        return True

    def restore_state(self) -> None:
        """Load the state file; a corrupt one is set aside with a message (never a crash).

        Without a state file to save to, the :attr:`read_only_path` one is shown when there is
        one (it is read, never set aside, never written); :attr:`read_problem` says why it
        could not be, if so."""
        c = self.controller
        path = self.state_path or self.read_only_path
        if path is None:
            self.welcome()
            return
        settings, settings_problem = self._read_settings()
        self._settings_saved = settings  # None without a settings file: the first save writes one
        problem = None
        try:
            data = read_state(path, aside=self.state_path is not None)
        except StateError as exc:
            data, problem = None, _empty_grid(str(exc), exc.aside)
            self.read_problem = problem
        data, old_settings = split_settings(data) if data is not None else (None, {})
        if settings is None:  # no settings file (yet): an older version kept them in the state file
            settings, bad = check_settings(old_settings)
            settings_problem = _unusable(bad, path) or settings_problem
        if data or settings:
            self._restore_settings({**(data or {}), **settings})  # Notes mode is state, read with them
        if problem or data is None:
            self.form.set_status(problem, "warn") if problem else self.welcome()
            if settings_problem:
                self.form.set_status(settings_problem, "warn")
            return
        try:
            board = Board.from_dict(data.get("board") or {})
        except (ValueError, TypeError, AttributeError) as exc:
            aside = set_aside(path) if self.state_path is not None else None
            self.read_problem = _empty_grid(say("the saved grid was damaged ({why})", why=exc), aside)
            self.form.set_status(self.read_problem, "warn")
            return
        c.board = board
        cf = data.get("current_file")
        c.current_file = cf if isinstance(cf, str) else None
        coll, idx = data.get("collection_file"), data.get("collection_index")
        if isinstance(coll, str) and isinstance(idx, int) and within(idx, 0, MAX_COLLECTION_INDEX):
            self.root.after_idle(lambda: c.files.reopen_collection(coll, idx))
        elif isinstance(coll, str):
            logger.warning("%s: collection_index %.40r is no puzzle number: the collection is not reopened", path, idx)
        n = board.grid().filled_count
        notes = sum(1 for m in board.notes if m)
        digits = say_n("{n:n} digit", "{n:n} digits", n)
        if not n:
            text = _("Type a puzzle (Ctrl+G for givens mode), paste one (Ctrl+V) or pick an Example.")
        elif notes:
            text = say("Welcome back: your grid is as you left it ({digits} and {notes}).", digits=digits,
                       notes=say_n("the notes of {n:n} cell", "the notes of {n:n} cells", notes))
        else:
            text = say("Welcome back: your grid is as you left it ({digits}).", digits=digits)
        self.form.set_status(text)
        if settings_problem:
            self.form.set_status(settings_problem, "warn")

    def _read_settings(self) -> tuple[dict | None, str | None]:
        """(the settings file's usable settings or None when there is none, a message when it was
        damaged or a value could not be used)."""
        if self.settings_path is None:
            return None, None
        try:
            data = read_state(self.settings_path, N_("the settings file"))
        except StateError as exc:
            if exc.aside:
                return None, say("Started with the default settings: {why}. It was kept as {name}.", why=exc,
                                 name=exc.aside.name)
            return None, say("Started with the default settings: {why}.", why=exc)
        if data is None:
            return None, None
        settings, bad = check_settings(data)
        return settings, _unusable(bad, self.settings_path)

    def _restore_settings(self, data: dict) -> None:
        """The options, zoom and window size of ``data`` (each feature's ``restore_settings``
        too); the default for each one missing."""
        self.form.var_live_check.set(bool(data.get("live_check", True)))
        self.form.var_auto_advance.set(bool(data.get("auto_advance", True)))
        try:
            self.form.set_zoom(float(data.get("zoom", 1.0)))
        except (TypeError, ValueError, OverflowError):  # 1 and 400 zeros is too large for a float
            pass
        for feature in self.controller.features.values():
            if hasattr(feature, "restore_settings"):
                feature.restore_settings(data)

    def welcome(self) -> None:
        self.form.set_status(_("Type the puzzle's givens, paste a puzzle (Ctrl+V), open a file (Ctrl+O) "
                               "or pick one from the Examples menu."))


def _unusable(keys: list[str], path: Path) -> str | None:
    """The status line's words for settings whose saved values could not be used (out of
    range, not a number, ...): their defaults apply; None when there are none."""
    if not keys:
        return None
    logger.warning("%s: the values of %s cannot be used (wrong type or out of range); the defaults apply",
                   path, ", ".join(keys))
    return say("Started with the default for {keys:and}: the value saved in {name} could not be used.", keys=keys,
               name=Path(path).name)


def _empty_grid(why: str, aside: Path | None) -> str:
    """The status line after a state file that could not be used (``aside``: where it was kept)."""
    if aside:
        return say("Started with an empty grid: {why}. It was kept as {name}.", why=why, name=aside.name)
    return say("Started with an empty grid: {why}.", why=why)
