"""The modal and text dialogs: open, save, worksheet paths, a scrollable text window, messages.

All in one :class:`Dialogs` object so tests can replace ``form.dialogs`` with a recorder
(``tests/conftest.py`` ``RecordingDialogs``) and nothing native opens during a run.
"""
from __future__ import annotations

import logging
import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk

import solver

from ..wording import _

logger = logging.getLogger(__name__)

__all__ = ["Dialogs"]


class Dialogs:
    """The modal dialogs, in one object so tests can replace it with a recorder."""

    def __init__(self, root: tk.Misc):
        self.root = root

    def ask_open(self) -> str | None:
        """A path chosen to open, or None when cancelled."""
        from tkinter import filedialog

        path = filedialog.askopenfilename(
            parent=self.root, title=_("Open puzzle(s)"),
            filetypes=[(_("Sudoku files"), " ".join(f"*.{e}" for e in solver.OPEN_EXTENSIONS)),
                       (_("All files"), "*")],
        )
        return path or None

    def ask_save(self, initial: str | None = None) -> str | None:
        """A path chosen to save to (.sdk or .txt), or None when cancelled."""
        from tkinter import filedialog

        path = filedialog.asksaveasfilename(
            parent=self.root, title=_("Save puzzle"), defaultextension=f".{solver.SAVE_EXTENSIONS[0]}",
            initialfile=initial or f"puzzle.{solver.SAVE_EXTENSIONS[0]}",
            filetypes=[(_("SadMan Sudoku (.sdk)"), "*.sdk"), (_("One line (.txt)"), "*.txt")],
        )
        return path or None

    def ask_save_worksheet(self, initial: str | None = None) -> str | None:
        """A path for a printable worksheet (.html), or None when cancelled."""
        from tkinter import filedialog

        path = filedialog.asksaveasfilename(
            parent=self.root, title=_("Export worksheet"), defaultextension=".html",
            initialfile=initial or _("worksheet") + ".html",
            filetypes=[(_("Web page (prints well)"), "*.html *.htm")],
        )
        return path or None

    def show_text(self, title: str, text: str) -> None:
        """A non-modal, scrollable window of text (Escape or Close shuts it)."""
        win = tk.Toplevel(self.root)
        win.title(title)
        win.transient(self.root)
        frame = ttk.Frame(win, padding=8)
        frame.pack(fill="both", expand=True)
        font = tkfont.nametofont("TkDefaultFont")
        labels = [line.split("\t")[0] for line in text.splitlines() if "\t" in line]
        tab = max((font.measure(x) for x in labels), default=100) + 24
        body = tk.Text(frame, wrap="word", width=64, height=26, relief="flat", padx=8, pady=6,
                       tabs=(tab,), font=font)
        scroll = ttk.Scrollbar(frame, command=body.yview)
        body.configure(yscrollcommand=scroll.set)
        body.insert("1.0", text)
        body.configure(state="disabled")
        close = ttk.Button(frame, text=_("Close"), command=win.destroy)
        close.pack(side="bottom", anchor="e", pady=(8, 0))
        scroll.pack(side="right", fill="y")
        body.pack(side="left", fill="both", expand=True)
        win.bind("<Escape>", lambda e: win.destroy())
        close.focus_set()

    def info(self, title: str, text: str) -> None:
        from tkinter import messagebox

        messagebox.showinfo(title, text, parent=self.root)

    def error(self, title: str, text: str) -> None:
        from tkinter import messagebox

        messagebox.showerror(title, text, parent=self.root)
