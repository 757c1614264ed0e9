"""The whole window in German, French and Spanish: the main actions leave no English behind.

For each language the real window is built (every feature installed) and driven through
the main actions of a lesson: check a puzzle with a broken rule, check a good one (which
fills the difficulty card), ask for a hint, step the search demo, solve.  After each, the
status line, the side panel's tabs and every text in them are read: no Tk callback may
have raised, and no English sentence may be left (an English message of the app's own
catalogue, or English words that the language does not use).
"""
from __future__ import annotations

import re
import tkinter as tk
from tkinter import ttk

import pytest

import solver
from conftest import RecordingDialogs, wait_until
from solver.words.i18n import TRANSLATED
from test_screens import show_tab

pytestmark = pytest.mark.gui

LANGS = TRANSLATED  # every language but English

# Words of English sentences that none of the three languages writes (checked as whole words,
# any case).  Technique names that stay English (X-Wing, Swordfish, ...) contain none of them.
ENGLISH_WORDS = {
    "the", "and", "row", "column", "box", "cells", "puzzle", "press", "remove", "hint", "guess",
    "guesses", "dead", "ends", "steps", "solved", "wrong", "digit", "digits", "given", "givens",
    "entries", "found", "search", "none", "than", "with", "from", "this", "that", "your", "you",
    "is", "are", "has", "have", "not", "of", "to", "in", "it", "show", "clear", "try", "place",
    "candidates", "rate", "rating", "level", "score", "solve", "check", "new", "open", "save",
}
ENGLISH_WORDS_OK = {  # words that are also the language's own
    "fr": {"solution", "place", "score", "rate"}, "es": set(), "de": {"in"},
}
_WORD = re.compile(r"[A-Za-zÀ-ÿ]+")


def english_words(text: str, lang: str) -> list[str]:
    return [w for w in _WORD.findall(text) if w.lower() in ENGLISH_WORDS - ENGLISH_WORDS_OK.get(lang, set())]


def texts_of(widget) -> list[str]:
    """Every text a person can read in ``widget`` and its children."""
    out = []
    for w in [widget] + _descendants(widget):
        try:
            if isinstance(w, ttk.Treeview):
                for col in ("#0",) + tuple(w["columns"]):
                    out.append(str(w.heading(col, "text")))
                for iid in w.get_children():
                    out.append(str(w.item(iid, "text")))
                    out += [str(v) for v in w.item(iid, "values")]
            elif isinstance(w, tk.Text):
                out.append(w.get("1.0", "end"))
            elif isinstance(w, tk.Listbox):
                out += [str(x) for x in w.get(0, "end")]
            elif isinstance(w, ttk.Notebook):
                out += [str(w.tab(t, "text")) for t in w.tabs()]
            elif isinstance(w, tk.Canvas):
                out += [str(w.itemcget(i, "text")) for i in w.find_all() if w.type(i) == "text"]
            else:
                text = w.cget("text")
                if text:
                    out.append(str(text))
        except tk.TclError:
            continue
    return [t for t in out if t.strip()]


def _descendants(w):
    out = []
    for child in w.winfo_children():
        out.append(child)
        out += _descendants(child)
    return out


def menu_labels(menu: tk.Menu) -> list[str]:
    out = []
    end = menu.index("end")
    for i in range(0 if end is None else end + 1):
        if menu.type(i) in ("command", "checkbutton", "radiobutton", "cascade"):
            out.append(str(menu.entrycget(i, "label")))
            if menu.type(i) == "cascade":
                out += menu_labels(menu.nametowidget(menu.entrycget(i, "menu")))
    return out


@pytest.fixture(params=LANGS)
def window(request, tk_root, sudoku_home):
    from types import SimpleNamespace

    from app.__main__ import build_window

    lang = request.param
    solver.set_language(lang)
    form, controller = build_window(tk_root, sudoku_home / "state.json")
    form.dialogs = RecordingDialogs()
    controller.start()
    tk_root.geometry("1366x740+0+0")
    tk_root.update()
    w = SimpleNamespace(root=tk_root, form=form, controller=controller, lang=lang,
                        demo=controller.features["demo"], teach=controller.features["teach"])
    w.wait = lambda pred, timeout=60.0: wait_until(tk_root, pred, timeout)
    yield w
    controller.close()
    solver.set_language("en")


def english_left(w) -> list[tuple[str, list[str]]]:
    """(text, its English words) for the status line, the side panel and the menus."""
    shown = [w.form.status_text()] + texts_of(w.form.side_panel) + menu_labels(w.root.nametowidget(w.root["menu"]))
    found = []
    for text in shown:
        words = english_words(text, w.lang)
        if words:
            found.append((text[:120], words))
    return found


def assert_no_english(w, after: str):
    assert not w.root.callback_errors, w.root.callback_errors
    left = english_left(w)
    assert not left, f"{w.lang}, after {after}: English left in {len(left)} texts, e.g. {left[:6]}"


def test_the_main_actions_leave_no_english_in_the_window(window):
    w = window
    assert_no_english(w, "opening")
    # a typo: two 5s in row 1 of the tutorial puzzle
    line = solver.example("tutorial").line
    broken = "5" + line[1:] if line[0] != "5" else "6" + line[1:]
    w.root.clipboard_clear()
    w.root.clipboard_append(broken)
    w.form.action_map.fire("paste")
    w.root.update()
    w.form.action_map.fire("check")
    assert w.wait(lambda: bool(w.controller.findings)), w.form.status_text()
    assert_no_english(w, "check (broken puzzle)")

    w.controller.files.load_example("tutorial")
    w.root.update()
    w.form.action_map.fire("check")
    assert w.wait(lambda: bool(w.teach.card.fields["score"].cget("text"))), w.form.status_text()
    assert_no_english(w, "check and card")

    w.form.action_map.fire("hint")
    assert w.wait(lambda: w.teach.hints.level == 1)
    w.form.action_map.fire("hint")
    assert w.wait(lambda: w.teach.hints.level == 2)
    assert_no_english(w, "hint")

    w.demo.step()
    w.root.update()
    w.demo.step()
    assert w.wait(lambda: w.demo.active)
    assert_no_english(w, "demo step")
    w.form.action_map.fire("cancel")
    w.root.update()

    w.form.action_map.fire("solve")
    assert w.wait(lambda: 0 not in w.controller.board.grid().cells), w.form.status_text()
    assert_no_english(w, "solve")


def test_the_demo_tab_fits_a_1024x768_window_title_and_both_rows_of_buttons(window):
    # issue 29: in German the frame title "Schneller machen: vergleiche die Strategien" ran into the
    # frame's border, and the second row of buttons was cut until one scrolled
    w = window
    w.root.geometry("1024x740+0+0")  # a 1024x768 screen, less the title bar
    show_tab(w.root, w.form, w.demo.tab)  # and the scrolling area follows its content (its polls, run at once)
    w.form.side_area.canvas.yview_moveto(0)
    w.root.update()
    p = w.demo.panel
    box = p.compare_box
    bx, bw = box.winfo_rootx(), box.winfo_width()
    label = str(box.cget("labelwidget"))
    if label:
        title = w.root.nametowidget(label)
        tx, tw = title.winfo_rootx(), title.winfo_width()
        assert bx < tx and tx + tw < bx + bw, (w.lang, title.cget("text"), (tx, tw), (bx, bw))
        assert tw >= title.winfo_reqwidth()  # its text is not squeezed
    else:
        assert p.fonts["heading"].measure(str(box.cget("text"))) + 20 <= bw, (w.lang, box.cget("text"))
    vx, vy = w.form.side_area.canvas.winfo_rootx(), w.form.side_area.canvas.winfo_rooty()
    vw, vh = w.form.side_area.canvas.winfo_width(), w.form.side_area.canvas.winfo_height()
    for b in p.control_buttons:  # both rows in view without scrolling
        x, y = b.winfo_rootx(), b.winfo_rooty()
        assert vx <= x and x + b.winfo_width() <= vx + vw and vy <= y and y + b.winfo_height() <= vy + vh, (
            w.lang, b.cget("text"), (y, b.winfo_height()), (vy, vh))


def test_the_paper_comparisons_leave_no_english_in_the_window(window):
    """The check code, Compare with your paper and Read back the givens (issue 27), in each language."""
    w = window
    slip = "530070000600135000098000060800060003400803001700020006060000280000419005000080079"
    w.root.clipboard_clear()
    w.root.clipboard_append(slip)
    w.form.action_map.fire("paste")
    w.form.action_map.fire("check")
    assert w.wait(lambda: bool(w.controller.findings) and not w.controller.worker.busy), w.form.status_text()
    w.controller.features["compare"].check_code("M4G-W3J-DKN-8")
    assert_no_english(w, "check code (row 2 differs)")
    w.controller.features["compare"].check_code("M4G-W3J-DKN")
    assert_no_english(w, "check code (unreadable)")
    ask = w.controller.features["compare"].ask
    w.form.action_map.fire("compare_paper")
    assert w.wait(lambda: not ask.waiting and ask.question is not None)
    assert ask.looking  # r2c5 and r2c6 at once
    assert_no_english(w, "compare: the first question, a look at two cells")
    ask.choose((4, 4))  # not a cell of the look: said in the language
    assert_no_english(w, "compare: a click outside the look")
    ask.choose((1, 4))
    assert_no_english(w, "compare: a cell of the look chosen")
    ask.answer(9)
    assert ask.differs == {(1, 4): 9}
    assert_no_english(w, "compare: a digit noted in the look")
    ask.answer_look()
    assert w.wait(lambda: not ask.waiting and ask.settled is not None)
    assert_no_english(w, "compare: settled")
    ask.close()
    w.form.action_map.fire("read_back")
    w.root.update()
    assert_no_english(w, "read back")
