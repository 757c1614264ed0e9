"""The "Findings" tab: the check's finding sentences, one selectable line each.

Clicking a finding (or ↑/↓ in the list) selects it and fires ``finding_selected`` with
its number, so the controller can mark its cells and offer its fix.  Under the list:
*Check my entries* and *Show which are wrong*.  The form (app/window/view.py) builds the tab as
the side panel's first and offers ``form.findings_panel.show``, ``form.findings_panel.select``, ...
"""
from __future__ import annotations

import logging
import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk

from .actions import ActionMap
from .looks import NOTE_TEXT, SELECTION
from ..wording import _

logger = logging.getLogger(__name__)

__all__ = ["FindingsTab"]


class FindingsTab:
    """The Findings tab of ``side_panel``: ``tab`` (its frame), ``text`` (the list) and two buttons."""

    def __init__(self, side_panel: ttk.Notebook, font: tkfont.Font, actions: ActionMap):
        self.side_panel = side_panel
        self.fire = actions.fire
        self._count = 0
        self._selected: int | None = None
        self.tab = ttk.Frame(side_panel, padding=6)
        side_panel.add(self.tab, text=_("Findings"))
        self.tab.columnconfigure(0, weight=1)
        self.tab.rowconfigure(0, weight=1)
        self.text = tk.Text(
            self.tab, wrap="word", width=34, height=12, font=font,
            relief="flat", padx=6, pady=6, cursor="arrow", takefocus=1,
            highlightthickness=1, spacing1=3, spacing3=3,
        )
        self.text.grid(row=0, column=0, sticky="nsew")
        # a scroll bar when the list is longer than the tab (shown only then), so a long list
        # never just ends in a half-cut line
        self.bar = ttk.Scrollbar(self.tab, orient="vertical", command=self.text.yview)
        self.bar.grid(row=0, column=1, sticky="ns")
        self.bar.grid_remove()
        self.text.configure(yscrollcommand=self._on_scroll)
        # the grey note under the list ("The likeliest slip comes first ..."): outside the list, so
        # it is always read whole however long the list is
        self.note = ttk.Label(self.tab, text="", foreground=NOTE_TEXT, justify="left", wraplength=300)
        self.note.grid(row=1, column=0, columnspan=2, sticky="ew", pady=(4, 0))
        self.note.grid_remove()
        self.tab.bind("<Configure>", lambda e: self.note.configure(wraplength=max(100, e.width - 16)), add="+")
        self.text.tag_configure("chosen", background=SELECTION)
        self.text.tag_configure("hint", foreground=NOTE_TEXT)
        self.text.bind("<Button-1>", self._on_click)
        self.text.bind("<Up>", lambda e: self._step(-1))
        self.text.bind("<Down>", lambda e: self._step(+1))
        self.text.configure(state="disabled")
        buttons = ttk.Frame(self.tab)
        buttons.grid(row=2, column=0, columnspan=2, sticky="ew", pady=(6, 0))
        self.check_entries_button = actions.add_button("check_entries", ttk.Button(buttons, text=_("Check my entries")))
        self.check_entries_button.pack(side="left", padx=(0, 6))
        self.show_wrong_button = actions.add_button("show_wrong", ttk.Button(buttons, text=_("Show which are wrong")))
        self.show_wrong_button.pack(side="left")
        self.show_wrong_button.state(["disabled"])

    def show(self, messages: list[str], hint: str = "") -> None:
        """List every finding sentence (clicking one selects it), then ``hint`` in grey."""
        t = self.text
        t.configure(state="normal")
        t.delete("1.0", "end")
        for i, msg in enumerate(messages):
            t.insert("end", f"• {msg}\n", ("finding", f"f{i}"))
        if hint and not messages:  # nothing found yet: the note is all the list says
            t.insert("end", hint + "\n", ("hint",))
        t.configure(state="disabled")
        t.yview_moveto(0)
        self.note.configure(text=hint if messages else "")
        if hint and messages:
            self.note.grid()
        else:
            self.note.grid_remove()
        self._count = len(messages)
        self._selected = None
        if messages:
            self.side_panel.select(self.tab)

    def shown_text(self) -> str:
        """The list and the note under it, as the person reads them."""
        return "\n".join(x for x in (self.text.get("1.0", "end").strip(), self.note.cget("text")) if x)

    def _on_scroll(self, first, last) -> None:
        if float(first) <= 0.0 and float(last) >= 1.0:
            self.bar.grid_remove()
        else:
            self.bar.grid()
        self.bar.set(first, last)

    def select(self, k: int | None) -> None:
        """Select finding ``k`` (None: no selection) and fire ``finding_selected``."""
        t = self.text
        t.tag_remove("chosen", "1.0", "end")
        if k is None or not 0 <= k < self._count:
            self._selected = None
        else:
            self._selected = k
            ranges = t.tag_ranges(f"f{k}")
            if ranges:
                t.tag_add("chosen", ranges[0], ranges[1])
                t.see(ranges[0])
        self.fire("finding_selected", self._selected)

    @property
    def selected(self) -> int | None:
        return self._selected

    def _on_click(self, event):
        self.text.focus_set()
        at = self.text.index(f"@{event.x},{event.y}")
        for tag in self.text.tag_names(at):
            if tag.startswith("f") and tag[1:].isdigit():
                self.select(int(tag[1:]))
                break
        return None  # the Text's own binding still places the cursor for selecting words

    def _step(self, delta: int):
        if self._count:
            k = self._selected
            self.select(0 if k is None else max(0, min(self._count - 1, k + delta)))
        return "break"
