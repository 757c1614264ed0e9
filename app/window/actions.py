"""Named actions: every menu item, key and button of the window fires one by name.

An *action* is a short name such as ``"solve"`` or ``"cell_input"``.  The controller (and
each feature) registers the handler of an action with :meth:`ActionMap.on`; menus, key
bindings and buttons only :meth:`~ActionMap.fire` it.  So a test presses a key or fires an
action and sees the same thing happen, and a disabled action is disabled everywhere at once
(its menu item, its keys and its button).

Used through the form's ``action_map``: ``form.action_map.on("solve", handler)``,
``form.action_map.fire("solve")``, ``add_menu``, ``add_command``, ``add_check``, ``enable``,
``shortcut_text``.
"""
from __future__ import annotations

import logging
import tkinter as tk
from tkinter import ttk
from typing import Callable, Iterable

from ..wording import _
from .layout import scrolls_itself

logger = logging.getLogger(__name__)

__all__ = ["ActionMap", "PAGE_KEYS"]

#: Keys that a list or a text with the keyboard uses itself (PgUp/PgDn turn its pages): a shortcut on one
#: of them is left to such a widget, so paging through the Explain list never also opens another puzzle.
PAGE_KEYS = frozenset({"<Prior>", "<Next>", "<KP_Prior>", "<KP_Next>"})


class ActionMap:
    """The handler of each action, and the menu items, keys and buttons that fire it.

    ``menubar`` is the window's menu bar; ``menus`` maps a menu key (``"file"``, ``"demo"``)
    to its :class:`tkinter.Menu`.
    """

    def __init__(self, root: tk.Tk):
        self.root = root
        self.handlers: dict[str, Callable] = {}
        self.items: dict[str, tuple[tk.Menu, int]] = {}  # action -> its menu item
        self.buttons: dict[str, ttk.Button] = {}  # action -> the button that fires it
        self.menubar = tk.Menu(root)
        root.configure(menu=self.menubar)
        self.menus: dict[str, tk.Menu] = {}

    # -- handlers --------------------------------------------------------------
    def on(self, action: str, handler: Callable) -> None:
        """Register the handler called for ``action`` (replaces any earlier one)."""
        self.handlers[action] = handler

    def handler_for(self, action: str) -> Callable | None:
        """The handler registered for ``action``, or None (so a feature can chain onto it)."""
        return self.handlers.get(action)

    def fire(self, action: str, *args) -> None:
        """Run the handler of ``action`` (a user action; unknown actions are logged)."""
        handler = self.handlers.get(action)
        if handler is None:
            logger.warning("no handler for action %r", action)
            return
        handler(*args)

    def actions(self) -> list[str]:
        """Every action a menu item can fire (for tests: each must have a handler)."""
        return list(self.items)

    # -- menus, keys and buttons ------------------------------------------------
    def add_menu(self, key: str, label: str) -> tk.Menu:
        """A new top-level menu (``key`` names it for :meth:`add_command`)."""
        menu = tk.Menu(self.menubar)
        # Alt+letter: the first letter (Examples' second: E is Edit's); a translation's own first
        self.menubar.add_cascade(label=label, menu=menu, underline=1 if label == "Examples" else 0)
        self.menus[key] = menu
        return menu

    def add_command(self, menu: str, label: str, action: str, accelerator: str | None = None,
                    sequences: Iterable[str] = (), before: int | None = None) -> None:
        """A menu item firing ``action``; ``sequences`` are the key bindings it shows as ``accelerator``.

        ``before``: the position to insert it at (the items after it move down), else at the end.
        """
        m = self.menus[menu]
        if before is None:
            m.add_command(label=label, command=lambda: self.fire(action), accelerator=accelerator or "")
            self.items[action] = (m, m.index("end"))
        else:
            m.insert_command(before, label=label, command=lambda: self.fire(action), accelerator=accelerator or "")
            for name, (menu_, i) in list(self.items.items()):
                if menu_ is m and i >= before:
                    self.items[name] = (m, i + 1)
            self.items[action] = (m, before)
        for seq in sequences:
            self.root.bind(seq, lambda e, a=action, page=seq in PAGE_KEYS: self._on_shortcut(a, e.widget if page else None))

    def add_check(self, menu: str, label: str, action: str, variable: tk.BooleanVar,
                  accelerator: str | None = None, sequences: Iterable[str] = ()) -> None:
        """A check item bound to ``variable``; toggling it fires ``action``."""
        m = self.menus[menu]
        m.add_checkbutton(label=label, variable=variable, command=lambda: self.fire(action),
                          accelerator=accelerator or "")
        self.items[action] = (m, m.index("end"))

        def toggle(event=None):
            variable.set(not variable.get())
            self.fire(action)
            return "break"

        for seq in sequences:
            self.root.bind(seq, toggle)

    def add_button(self, action: str, button: ttk.Button) -> ttk.Button:
        """``button`` fires ``action`` and is enabled and disabled with it; returns the button."""
        button.configure(command=lambda: self.fire(action))
        self.buttons[action] = button
        return button

    def enable(self, action: str, enabled: bool) -> None:
        """Enable or disable the menu item (and button) of ``action``."""
        item = self.items.get(action)
        if item:
            item[0].entryconfigure(item[1], state="normal" if enabled else "disabled")
        button = self.buttons.get(action)
        if button is not None:
            button.state(["!disabled"] if enabled else ["disabled"])

    def is_enabled(self, action: str) -> bool:
        m, i = self.items[action]
        return str(m.entrycget(i, "state")) != "disabled"

    def shortcut_text(self) -> str:
        """Every menu item that has a shortcut, as lines "Label<TAB>keys" (for Help ▸ Keyboard shortcuts)."""
        lines = []
        for key, menu in self.menus.items():
            end = menu.index("end")
            if end is None:
                continue
            for i in range(end + 1):
                if menu.type(i) in ("command", "checkbutton"):
                    accel = menu.entrycget(i, "accelerator")
                    if accel:
                        lines.append(f"{menu.entrycget(i, 'label')}\t{accel}")
        lines += ["", _("In the grid: digits 1-9 (also the numpad) set a cell; Backspace, Delete, 0, . or space "
                        "clear it; arrow keys move; Tab / Shift+Tab go to the next / previous cell; "
                        "Alt+underlined letter or F10 opens the menus.")]
        return "\n".join(lines)

    def _on_shortcut(self, action: str, focus=None):
        if isinstance(focus, tk.Misc) and scrolls_itself(focus):
            return None  # the list's own (class) binding has turned its page
        if action in self.items and not self.is_enabled(action):
            return "break"  # a disabled command's key does nothing, like its menu item
        self.fire(action)
        return "break"
