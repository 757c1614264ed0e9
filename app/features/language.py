"""View ▸ Language: the window's words in English, German, French or Spanish, switched at once.

The app follows the system's language (``solver.system_language()``: LANGUAGE, LC_ALL,
LC_MESSAGES, LANG, then the locale Python reports) until the person picks one in
View ▸ Language; the choice (``"system"`` or a language code) is a setting saved with the
others (key ``"language"``) and applied at the next start before the window is built
(:func:`start_language`).

Switching builds the window again in the new language on the same root
(:func:`switch_language`): every running job is stopped, the grid, your notes, the settings
and the window's size are saved, the old widgets, timers and key bindings go, and
``app.__main__.build_window`` makes a fresh window that takes the saved state back; the
undo history and the open collection are handed over in memory.  Each feature thus words its
menus, tabs and buttons once, as it builds them (no feature needs a "relabel" method).
"""
from __future__ import annotations

import gc
import logging
import re
import tkinter as tk
from pathlib import Path
from typing import Callable

import solver

from ..storage import peek_state
from ..wording import _, say

logger = logging.getLogger(__name__)

__all__ = ["LanguageMenu", "install_language", "switch_language", "start_language", "saved_language",
           "choice_label", "tk_dialogs_follow", "SYSTEM", "KEY"]

#: the setting's key, and its value for "follow the system"
KEY, SYSTEM = "language", "system"


def _choice(value) -> str:
    """A saved value as a choice: a language code we offer, else SYSTEM."""
    if isinstance(value, str) and value in solver.LANGUAGES:
        return value
    return SYSTEM


def saved_language(*paths: Path | None) -> str:
    """The choice saved in the first of ``paths`` (settings file, state file) that has one.

    Only reads, bounded and never blocking (``storage.peek_state``): a missing, damaged or
    huge file, a pipe or a device counts as no choice (app/session.py reports and sets aside
    a damaged file when it reads it at start).
    """
    for path in paths:
        data = peek_state(path)
        if data is not None and KEY in data:
            return _choice(data[KEY])
    return SYSTEM


def start_language(*paths: Path | None) -> str:
    """At start, before the window is built: the saved choice, else the system's language; the code used."""
    choice = saved_language(*paths)
    return solver.set_language(None if choice == SYSTEM else choice)


def choice_label(choice: str) -> str:
    """The menu's words for ``choice``: each language by its own name, "System (Deutsch)"."""
    if choice == SYSTEM:
        return say("System ({name})", name=solver.LANGUAGES[solver.system_language()])
    return solver.LANGUAGES[choice]


class LanguageMenu:
    """View ▸ Language (a radio item per choice) and the ``language`` setting of ``controller``.

    A feature of the controller (``controller.features["language"]``): app/session.py saves
    :meth:`settings`; the choice itself was applied before the window was built.
    """

    def __init__(self, form, controller, build: Callable, choice: str | None = None):
        self.form, self.controller, self.build = form, controller, build
        self.choice = _choice(choice) if choice else SYSTEM
        self.var = tk.StringVar(form.root, value=self.choice)
        self.menu = tk.Menu(form.menus["view"])
        form.menus["view"].add_separator()
        form.menus["view"].add_cascade(label=_("Language"), menu=self.menu)
        for value in (SYSTEM, *solver.LANGUAGES):
            self.menu.add_radiobutton(label=choice_label(value), value=value, variable=self.var,
                                      command=lambda v=value: form.action_map.fire("language", v))
        form.action_map.on("language", self.choose)
        tk_dialogs_follow(form.root, solver.language())
        self.replaced_by: tuple | None = None  # (form, controller) of the window built after a switch

    def settings(self) -> dict:
        return {KEY: self.choice}

    def restore_settings(self, data: dict) -> None:
        """The saved choice, shown in the menu (it was applied before the window was built)."""
        if KEY in data:
            self.choice = _choice(data[KEY])
            _current_choice[id(self.form.root)] = self.choice
        self.var.set(self.choice)

    def choose(self, choice: str) -> None:
        """Switch to ``choice`` once the menu's own callback has returned (the menu is rebuilt too)."""
        choice = _choice(choice)
        if choice == self.choice and solver.language() == _applied(choice):
            return
        root = self.form.root

        def switch() -> None:
            try:
                switch_language(self.controller, choice, self.build)
            finally:
                _switching.discard(name)  # tkinter deletes its command as this returns

        after_id = root.after_idle(switch)
        name = str(root.tk.splitlist(root.tk.call("after", "info", after_id))[0])
        _switching.add(name)


def tk_dialogs_follow(root: tk.Misc, lang: str) -> bool:
    """Tk's own dialogs (Open, Save, message boxes: their buttons) in ``lang`` too; False if Tk can't."""
    try:
        root.tk.eval(f"::msgcat::mclocale {lang}")
        root.tk.eval("namespace eval ::tk {::msgcat::mcload [file join $::tk_library msgs]}")
    except tk.TclError:
        return False
    return True


def _applied(choice: str) -> str:
    return solver.system_language() if choice == SYSTEM else choice


def install_language(form, controller, build: Callable, choice: str | None = None) -> LanguageMenu:
    """Add View ▸ Language to ``form``; ``build(root, state_path)`` makes a window (app/__main__.py)."""
    if choice is None:
        choice = _current_choice.get(id(form.root), SYSTEM)
    menu = LanguageMenu(form, controller, build, choice)
    controller.features[KEY] = menu
    return menu


# the choice per root, so the window built after a switch shows it in its menu
_current_choice: dict[int, str] = {}


def _custom_tags(root: tk.Misc) -> set[str]:
    """The app's own bind tags on the window's widgets ("SudokuCell", "SudokuDemo": the app names
    its tags Sudoku...; Tk's class tags such as ComboboxListbox are Tk's and stay)."""
    tags: set[str] = set()
    stack = [root]
    while stack:
        w = stack.pop()
        stack.extend(w.winfo_children())
        tags.update(str(t) for t in w.bindtags() if str(t).startswith("Sudoku"))
    return tags


# a Python callback in a Tcl script: tkinter names it by the function's id and name ("[1403...<lambda> %#")
_PY_COMMAND = re.compile(r"\[(\d+[^\s\]]*)")


#: the Tcl commands of the ``after_idle`` callbacks a switch runs in (LanguageMenu.choose): kept
#: until they return (see _drop_callbacks)
_switching: set[str] = set()


def _unbind(root: tk.Misc, tag: str, seq: str) -> None:
    """Remove the binding of ``seq`` on ``tag`` and delete the Python callbacks it called (they
    would keep the old window's objects alive)."""
    script = str(root.bind_class(tag, seq))
    root.unbind_class(tag, seq)
    for name in _PY_COMMAND.findall(script):
        try:
            root.deletecommand(name)
        except tk.TclError:
            pass


def _drop_callbacks(root: tk.Misc) -> None:
    """Delete the Python callbacks the old window registered on the root (key bindings bound again,
    the window's close handler) and its variables' traces: Tcl holds them, and with them the old
    window's objects, which could then never be collected.

    Never the one the switch runs in (``_switching``): tkinter names a callback by the address of
    its function object, and deleting the command frees that object while it still runs; and
    tkinter's ``after`` wrapper deletes its command *by name* when it returns.  Deleted here, its
    name was free for a command of the new window with the same address and function name (a
    menu item's ``lambda``), and that command was the one deleted: the next switch then failed
    with "can't delete Tcl command" as it destroyed that menu, half-way, with the old window's
    timers still pending ("bad window path name" when they ran)."""
    for name in list(root._tclCommands or ()):  # tkinter's list of what the root registered
        if name[:1].isdigit() and name not in _switching:  # a Python callback ("1403...<lambda>"); Tk's own are named
            try:
                root.deletecommand(name)
            except tk.TclError:
                pass
    for var in gc.get_objects():
        if isinstance(var, tk.Variable) and getattr(var, "_tk", None) is root.tk:
            try:
                for modes, callback in var.trace_info():
                    var.trace_remove(modes, callback)
            except tk.TclError:
                pass


def _cancel_pending(root: tk.Misc) -> None:
    """Cancel every ``after`` (timers and idle callbacks) pending on ``root``'s interpreter.  Only the
    Tcl timer: each callback's command goes with whoever registered it (a widget as it is destroyed,
    the root's in _drop_callbacks), so no widget keeps the name of a command already deleted."""
    for after_id in root.tk.splitlist(root.tk.call("after", "info")):
        try:
            root.tk.call("after", "cancel", after_id)
        except tk.TclError:
            pass


def _clear_window(root: tk.Misc) -> None:
    """Remove every widget, timer, key binding and callback a window put on ``root`` (the root stays).

    The timers go first, before any widget: a worker's or the scroll area's poll, a demo batch or
    a save that ran while the widgets were being destroyed (or after a destroy failed half-way)
    would reach widgets that are gone ("bad window path name")."""
    _cancel_pending(root)
    tags = _custom_tags(root)
    for child in root.winfo_children():
        child.destroy()
    _cancel_pending(root)  # what the widgets' <Destroy> handlers may have scheduled
    root.configure(menu="", cursor="")
    for tag in (str(root), *tags):
        for seq in root.bind_class(tag):
            _unbind(root, tag, seq)
    for seq in root.bind_class("all"):  # the app's own (the side panel's mouse wheel), never Tk's
        if _PY_COMMAND.search(str(root.bind_class("all", seq))):
            _unbind(root, "all", seq)
    root.protocol("WM_DELETE_WINDOW", "")
    _drop_callbacks(root)


def switch_language(controller, choice: str, build: Callable):
    """Build ``controller``'s window again in ``choice`` (a language code or "system") with
    ``build(root, state_path[, settings_path])`` (the composition root's); the new (form, controller).  The grid, notes, settings, window size, undo history and open collection
    come back; running jobs are stopped first (their results would belong to the old window)."""
    root = controller.root
    choice = _choice(choice)
    for feature in controller.features.values():
        # a mode that borrowed the window (a lesson: the user's grid put aside, saving paused)
        # ends first, so what is handed over and saved is the user's own state
        if hasattr(feature, "end_before_rebuild"):
            feature.end_before_rebuild()
    controller.stop_all()
    presentation = controller.features.get("presentation")
    presenting = bool(presentation is not None and presentation.on)
    if presenting:
        presentation.leave()  # the window as it normally is; the new one goes full screen again
    menu = controller.features.get(KEY)
    if menu is not None:
        menu.choice = choice
    _current_choice[id(root)] = choice
    data = controller.session.state()
    data[KEY] = choice
    saved = controller.session.save_state()
    kept = {name: getattr(controller, name) for name in
            ("history", "collection", "collection_index", "collection_name", "collection_file", "current_file")}
    geometry = None if _maximised(root) else root.winfo_geometry().split("+")[0]
    focused = controller.form.cell_grid.focused_cell()
    controller.closing = True
    controller.worker.shutdown()
    gc.unfreeze()  # the old window's objects may go now (start() freezes the new window's)
    _clear_window(root)
    solver.set_language(None if choice == SYSTEM else choice)
    settings_path = getattr(controller.session, "settings_path", None)
    form, new = build(root, controller.state_path, settings_path) if settings_path else build(root, controller.state_path)
    if not saved:  # no state file (or it could not be written): hand the state over in memory
        new.session.state_path = None
    new.start()
    if not saved:
        new.session.state_path = controller.state_path
        _restore(new, data)
    for name, value in kept.items():
        setattr(new, name, value)
    new.board = controller.board  # the same board, notes included, whatever the file held
    new.render()
    if geometry:
        root.geometry(geometry)
    if presenting and "presentation" in new.features:
        new.features["presentation"].enter()
    form.cell_grid.focus_cell(focused or (0, 0))  # the keyboard goes on where it was: typing works at once
    form.set_status(say("Language: {name}.", name=solver.LANGUAGES[solver.language()]), "ok")
    if menu is not None:
        menu.replaced_by = (form, new)
    logger.info("language switched to %s (%s)", choice, solver.language())
    return form, new


def _maximised(root: tk.Misc) -> bool:
    """True when the window fills the work area as the window manager maximised it."""
    try:
        if root.wm_state() == "zoomed":
            return True
        return bool(int(root.attributes("-zoomed")))
    except (tk.TclError, ValueError):
        return False


def _restore(controller, data: dict) -> None:
    """The settings of ``data`` (a session's state) on a window that has no state file."""
    form = controller.form
    form.var_live_check.set(bool(data.get("live_check", True)))
    form.var_auto_advance.set(bool(data.get("auto_advance", True)))
    try:
        form.set_zoom(float(data.get("zoom", 1.0)))
    except (TypeError, ValueError, OverflowError):
        pass
    for feature in controller.features.values():
        if hasattr(feature, "restore_settings"):
            feature.restore_settings(data)
