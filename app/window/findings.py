"""The "Findings" tab: the check's finding sentences, one selectable line each.

Clicking a finding (or ↑/↓ in the list) selects it and fires ``finding_selected`` with
its number, so the controller can mark its cells and offer its fix.  Under the list:
*Check my entries* and *Show which are wrong*; then what compares the grid with the paper
the puzzle came from: the *check code* field (Enter or *Compare* fires ``check_code`` with
the text typed), *Compare with your paper* (``compare_paper``) and *Read back the givens*
(``read_back``).  A feature can show its own frame in place of the list for a while
(:meth:`FindingsTab.show_panel`, :meth:`FindingsTab.hide_panel`; the buttons and the field
are hidden meanwhile).  The form (app/window/view.py) builds the tab as
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
    """The Findings tab of ``side_panel``: ``tab`` (its frame), ``text`` (the list), its buttons and
    the check code field (``code_var``)."""

    def __init__(self, side_panel: ttk.Notebook, font: tkfont.Font, actions: ActionMap):
        self.side_panel = side_panel
        self.fire = actions.fire
        self._count = 0
        self._selected: int | None = None
        self.tab = ttk.Frame(side_panel, padding=6)
        side_panel.add(self.tab, text=_("Findings"))
        self.tab.columnconfigure(0, weight=1)
        self.tab.rowconfigure(0, weight=1)
        # it asks for 8 lines (and grows with the tab), so the paper's field and buttons fit at 1000x600
        self.text = tk.Text(
            self.tab, wrap="word", width=34, height=8, font=font,
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
        self._below = [buttons]  # hidden while a panel is shown (it has its own buttons)
        self.check_entries_button = actions.add_button("check_entries", ttk.Button(buttons, text=_("Check my entries")))
        self.check_entries_button.pack(side="left", padx=(0, 6))
        self.show_wrong_button = actions.add_button("show_wrong", ttk.Button(buttons, text=_("Show which are wrong")))
        self.show_wrong_button.pack(side="left")
        self.show_wrong_button.state(["disabled"])
        # the paper the puzzle came from: its check code, a question per cell, a read-back per row
        code = ttk.Frame(self.tab)
        code.grid(row=3, column=0, columnspan=2, sticky="ew", pady=(8, 0))
        self._below.append(code)
        code.columnconfigure(1, weight=1)
        ttk.Label(code, text=_("Check code on paper:")).grid(row=0, column=0, sticky="w", padx=(0, 4))
        self.code_var = tk.StringVar(master=self.tab)
        self.code_entry = ttk.Entry(code, textvariable=self.code_var, width=15)
        self.code_entry.grid(row=0, column=1, sticky="ew")
        self.code_entry.bind("<Return>", lambda e: (self.fire("check_code", self.code_var.get()), "break")[1])
        self.code_entry.bind("<KP_Enter>", lambda e: (self.fire("check_code", self.code_var.get()), "break")[1])
        self.code_button = ttk.Button(code, text=_("Compare"), command=lambda: self.fire("check_code", self.code_var.get()))
        self.code_button.grid(row=0, column=2, padx=(4, 0))
        paper = ttk.Frame(self.tab)
        paper.grid(row=4, column=0, columnspan=2, sticky="ew", pady=(6, 0))
        self._below.append(paper)
        self.compare_button = actions.add_button("compare_paper", ttk.Button(paper, text=_("Compare with your paper")))
        self.compare_button.pack(side="left", padx=(0, 6))
        self.read_back_button = actions.add_button("read_back", ttk.Button(paper, text=_("Read back the givens")))
        self.read_back_button.pack(side="left")
        self.panel = None  # the frame shown in place of the list, or None

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
        if hint and messages and self.panel is None:  # (a panel shown in the list's place keeps it)
            self.note.grid()
        else:
            self.note.grid_remove()
        self._count = len(messages)
        self._selected = None
        if messages:
            self.side_panel.select(self.tab)

    def show_panel(self, frame: tk.Misc) -> None:
        """Show ``frame`` (made with ``tab`` as its parent) in place of the list and its note."""
        if self.panel is not None and self.panel is not frame:
            self.panel.grid_remove()
        self.panel = frame
        self.text.grid_remove()
        self.bar.grid_remove()
        self.note.grid_remove()
        for w in self._below:
            w.grid_remove()
        frame.grid(row=0, column=0, rowspan=2, columnspan=2, sticky="nsew")
        self.side_panel.select(self.tab)

    def hide_panel(self) -> None:
        """The list again, as it was before :meth:`show_panel`."""
        if self.panel is None:
            return
        self.panel.grid_remove()
        self.panel = None
        self.text.grid()
        for w in self._below:
            w.grid()
        if self.note.cget("text"):
            self.note.grid()
        self.text.yview_moveto(0)

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
