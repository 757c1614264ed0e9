"""The window on the screens classrooms have: 1024x768, 1366x768, 1920x1080, 800x600 (issue 11).

Each size gets its own virtual screen (an Xvfb of exactly that size).  The real window
(every feature installed) opens on it, the search demo compares the strategies and the
difficulty card is filled; then, in the normal and the presentation view, every visible
widget must lie inside the screen and inside its parent (nothing cut off), and no label,
button or table cell may hold text wider than itself.
"""
from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from tkinter import ttk

import pytest

from conftest import SCREEN_SIZES, wait_until, window_on_screen

pytestmark = pytest.mark.gui

SIZES = SCREEN_SIZES  # (width, height, scaling), conftest.py
TEXT_CLASSES = ("Label", "TLabel", "TButton", "TRadiobutton", "TCheckbutton", "Button")


@pytest.fixture(scope="module", params=range(len(SIZES)), ids=[f"{w}x{h}" + (f"@{int(s * 100)}%" if s > 1 else "")
                                                              for w, h, s in SIZES])
def screen(request, xvfb_screens):
    """A virtual screen: (display name, width, height, scaling)."""
    w, h, scaling = SIZES[request.param]
    return f":{xvfb_screens}.{request.param}", w, h, scaling


@pytest.fixture
def window(screen, tmp_path, monkeypatch):
    """The whole window on ``screen``, the demo compared, the card filled."""
    display, w, h, scaling = screen
    monkeypatch.setenv("SUDOKU_SOLVER_HOME", str(tmp_path))
    with window_on_screen(display, tmp_path, scaling) as (root, form, controller, errors):
        controller.files.load_example("hard")
        demo, teach = controller.features["demo"], controller.features["teach"]
        form.set_collection("puzzle 2 of 3", has_prev=True, has_next=True)  # Previous and Next shown
        teach.card.rate()
        assert wait_until(root, lambda: bool(teach.card.fields["score"].cget("text")), timeout=30)
        demo.counts.compare()
        assert wait_until(root, lambda: demo.counts.job is None and not controller.worker.busy, timeout=60)
        demo.start("row-major")
        for _ in range(30):
            demo.step()
        root.update()
        yield root, form, controller
    assert not errors, errors


# -- what "nothing cut off" means -------------------------------------------------------
def _rect(w):
    return w.winfo_rootx(), w.winfo_rooty(), w.winfo_width(), w.winfo_height()


def _font_of(w) -> tkfont.Font:
    try:
        spec = w.cget("font")
    except tk.TclError:
        spec = ""
    if not str(spec) and isinstance(w, ttk.Widget):
        spec = ttk.Style(w).lookup(str(w.cget("style")) or w.winfo_class(), "font")
    return _SpecFont(w, str(spec) or "TkDefaultFont")


class _SpecFont:
    """Measures with the widget's own font spec (a copy made by ``tkfont.Font(font=...)``
    goes through ``font actual``, whose rounded point size can differ at 200 %)."""

    def __init__(self, w, spec: str):
        self.w, self.spec = w, spec

    def measure(self, text: str) -> int:
        return int(self.w.tk.call("font", "measure", self.spec, "-displayof", self.w, text))

    def metrics(self, option: str) -> int:
        return int(self.w.tk.call("font", "metrics", self.spec, "-displayof", self.w, "-" + option))


def _scroll_canvases(form):
    return {str(form.side_area.canvas)}


def visible(w, viewports) -> bool:
    """Mapped, and (inside a scrolling area) at least partly in its view."""
    if not w.winfo_ismapped():
        return False
    x, y, ww, hh = _rect(w)
    p = w
    while p is not None:
        if str(p) in viewports:
            vx, vy, vw, vh = _rect(p)
            if y >= vy + vh or y + hh <= vy:
                return False
        p = p.master
    return True


def problems(root, form, sw: int, sh: int) -> list[str]:
    """Every cut-off widget and every text wider than its widget, as sentences."""
    viewports = _scroll_canvases(form)
    found = []
    x, y, w, h = _rect(root)
    top = int(root.geometry().replace("-", "+").split("+")[2])  # the outer window, menu bar included
    if x < 0 or top < 0 or x + w > sw or y + h > sh:
        found.append(f"the window {w}x{h}+{x}+{top} is not inside the {sw}x{sh} screen")
    stack = list(root.winfo_children())
    while stack:
        wd = stack.pop()
        if isinstance(wd, (tk.Toplevel, tk.Menu)) or not visible(wd, viewports):
            continue
        stack.extend(wd.winfo_children())
        px, py, pw, ph = _rect(wd.master)
        cx, cy, cw, ch = _rect(wd)
        name = f"{wd.winfo_class()} {wd}"
        if cw <= 1 or ch <= 1:
            continue
        if cx < 0 or cy < 0 or cx + cw > sw or cy + ch > sh:
            if not any(str(a) in viewports for a in _ancestors(wd)):
                found.append(f"{name} ({cw}x{ch}+{cx}+{cy}) is off the screen")
        if cx < px - 1 or cx + cw > px + pw + 1:
            found.append(f"{name} ({cw} wide at {cx}) sticks out of its parent ({pw} wide at {px})")
        if str(wd.master) not in viewports and (cy < py - 1 or cy + ch > py + ph + 1):
            found.append(f"{name} ({ch} high at {cy}) sticks out of its parent ({ph} high at {py})")
        found += _text_problems(wd, name, cw, ch)
    return found


def _ancestors(w):
    p = w.master
    while p is not None:
        yield p
        p = p.master


def _text_problems(w, name, width, height) -> list[str]:
    cls = w.winfo_class()
    if isinstance(w, ttk.Treeview):
        return _tree_problems(w, name)
    if cls not in TEXT_CLASSES:
        return []
    text = str(w.cget("text"))
    if not text.strip():
        return []
    font = _font_of(w)
    try:
        wrap = str(w.cget("wraplength"))
    except tk.TclError:  # ttk buttons: no wrapping
        wrap = ""
    wrap = int(wrap) if wrap.lstrip("-").isdigit() else 0
    inside = width - 2 * _border(w)
    lines = [ln for para in text.split("\n") for ln in _wrapped(para, font, wrap)] if wrap > 0 else text.split("\n")
    need = max(font.measure(line) for line in lines)
    if need > inside + 1:
        return [f"{name}: a line {need} px wide in a {inside} px widget: {text[:40]!r}"]
    tall = len(lines) * font.metrics("linespace")
    if tall > height - 2 * _border(w, vertical=True) + 2:
        return [f"{name}: {len(lines)} lines ({tall} px) in a {height} px widget: {text[:40]!r}"]
    return []


def _border(w, vertical: bool = False) -> int:
    """The space a widget keeps between its edge and its text, on one side."""
    total = 0
    for opt in ("bd", "highlightthickness", "pady" if vertical else "padx"):
        try:
            total += int(float(str(w.cget(opt)) or 0))
        except (tk.TclError, ValueError):
            pass
    return total


def _wrapped(text: str, font: tkfont.Font, wrap: int) -> list[str]:
    """``text`` broken into lines at spaces, each at most ``wrap`` pixels when it can be (as Tk does)."""
    lines, line = [], ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and font.measure(candidate) > wrap:
            lines.append(line)
            line = word
        else:
            line = candidate
    return lines + [line]


def _tree_problems(tree: ttk.Treeview, name: str) -> list[str]:
    style = str(tree.cget("style")) or "Treeview"
    font = tkfont.Font(root=tree, font=ttk.Style(tree).lookup(style, "font") or "TkDefaultFont")
    out = []
    row_h = int(ttk.Style(tree).lookup(style, "rowheight") or ttk.Style(tree).lookup("Treeview", "rowheight") or 20)
    if row_h < font.metrics("linespace"):
        out.append(f"{name}: rows {row_h} px high for text {font.metrics('linespace')} px high (they overlap)")
    shown = [str(c) for c in tree.cget("displaycolumns")]
    if shown == ["#all"]:
        shown = [str(c) for c in tree.cget("columns")]
    for iid in tree.get_children():
        tags = tree.item(iid, "tags")
        f = font
        for tag in tags or ():
            tag_font = tree.tag_configure(tag, "font")
            if tag_font:
                f = tkfont.Font(root=tree, font=tag_font)
        for col in ["#0"] + shown:
            box = tree.bbox(iid, col)
            if not box:
                continue
            text = str(tree.item(iid, "text") if col == "#0" else tree.set(iid, col))
            indent = 20 if col == "#0" else 0  # the tree's indicator space
            if text and f.measure(text) > box[2] - indent:
                out.append(f"{name}: {text!r} ({f.measure(text)} px) is cut in a {box[2] - indent} px column {col}")
    return out


def _in_view(w, form) -> bool:
    """Wholly inside the side panel's visible area (not scrolled away)."""
    x, y, ww, hh = _rect(w)
    vx, vy, vw, vh = _rect(form.side_area.canvas)
    return w.winfo_ismapped() and vy <= y and y + hh <= vy + vh and vx <= x and x + ww <= vx + vw


def show_tab(root, form, tab):
    """Select ``tab`` and let the scrolling area follow its content, which it does at its polls (every
    250 ms): two polls after the tab was laid out (the first may lay it out again, the second follows
    that), run here at once instead of waited for (the pending one is cancelled: one timer stays)."""
    form.side_panel.select(tab)
    root.update()
    area = form.side_area
    for _ in range(2):
        assert area._poll_after is not None, "the scrolling area stopped polling"
        root.after_cancel(area._poll_after)
        area._poll()
        root.update()


# -- the tests -----------------------------------------------------------------------------
def test_the_normal_window_fits_the_screen_and_cuts_nothing(window, screen):
    root, form, controller = window
    _, sw, sh, _ = screen
    demo, teach = controller.features["demo"], controller.features["teach"]
    assert root.winfo_width() <= sw and root.winfo_height() + form.menubar_height() <= sh
    for tab in (demo.tab, teach.card.tab, form.findings_tab, teach.hints.tab, teach.explanation.tab):
        show_tab(root, form, tab)
        found = problems(root, form, sw, sh)
        assert not found, f"{sw}x{sh}: {form.side_panel.tab(form.side_panel.select(), 'text')} tab: " + "\n".join(found)
    # the row of tabs fits the side panel (no title cut at its edge)
    assert form.tab_row_width() <= form.side_panel.winfo_width(), (
        [form.side_panel.tab(t, "text") for t in form.side_panel.tabs()], form.side_panel.winfo_width())
    # the status line (the newcomer's instructions) is on the screen
    x, y, w, h = _rect(form.status)
    assert form.status.winfo_ismapped() and y + h <= sh and x + w <= sw
    # Previous is never pushed out of the top line
    x, y, w, h = _rect(form.prev_button)
    assert form.prev_button.winfo_ismapped() and x >= 0 and x + w <= sw
    # the comparison can be reached: scrolled into view, it is inside the visible panel
    show_tab(root, form, demo.tab)
    form.side_area.see(demo.panel.compare_box)
    root.update()
    assert demo.panel.table.winfo_ismapped()
    x, y, w, h = _rect(demo.panel.compare_button)
    vx, vy, vw, vh = _rect(form.side_area.canvas)
    assert vy <= y and y + h <= vy + vh
    # the strategy table shows every strategy's name whole (it was "Fewest fir")
    assert not _tree_problems(demo.panel.table, "table")


def test_the_presentation_view_fills_the_screen_with_large_text(window, screen):
    root, form, controller = window
    _, sw, sh, _ = screen
    demo, presentation = controller.features["demo"], controller.features["presentation"]
    teach = controller.features["teach"]
    normal = root.geometry()
    presentation.enter()
    assert wait_until(root, lambda: form.board.winfo_height() >= 0.9 * sh, timeout=30), (
        f"the grid is {form.board.winfo_height()} px on a {sh} px screen")
    # the whole screen, no strip left where the menu bar was (one that filled the screen with its bar did)
    assert (root.winfo_rootx(), root.winfo_rooty(), root.winfo_width(), root.winfo_height()) == (0, 0, sw, sh)
    digit_font = tkfont.nametofont(str(form.cells[0].cget("font")), root=root)
    assert -int(digit_font.cget("size")) >= sh / 12  # the font the cell really uses, in pixels
    assert form.cell_grid.digit_font_px() >= sh / 12  # a digit's font at least 1/12 of the screen's height
    text_px = presentation.text_px()
    assert text_px >= 0.025 * sh
    for key in ("text", "label", "button", "table"):
        assert -demo.panel.fonts[key].cget("size") >= 0.025 * sh
    found = problems(root, form, sw, sh)
    assert not found, "\n".join(found)
    # what the lesson needs is in view without scrolling: counters, legend, the controls, the status line
    for w in (demo.panel.legend, *demo.panel.control_buttons, demo.panel.counter_values["steps"],
              demo.panel.speed_scale, demo.panel.time_label):
        assert _in_view(w, form), f"{w} is not in view"
    x, y, w, h = _rect(form.status)
    assert y + h <= sh and x + w <= sw
    # C draws the candidates of the search's position; H answers (in the status line)
    blank = next(i for i in range(81) if not demo.run.digits[i])
    cell = form.cells[blank]
    demo.panel.frame.focus_force()
    root.update()
    demo.panel.frame.event_generate("<KeyPress>", keysym="c")
    assert wait_until(root, lambda: form.pencil.shown(cell.cell) is not None, timeout=30)
    assert form.pencil.fonts["plain"].cget("size") <= -0.025 * sh * 0.9  # readable from the back
    assert teach.var_candidates.get()
    status = form.status_text()
    demo.panel.frame.event_generate("<KeyPress>", keysym="h")
    root.update()
    assert form.status_text() != status  # H is never ignored silently
    presentation.leave()
    root.update()
    assert not form.is_presentation
    assert root.geometry() == normal and str(root.cget("menu")) == str(form.menubar)


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_the_body_puts_the_panel_beside_or_under_the_grid_without_overlap(scale):
    """app.window.layout.split_body on every body size from 200x200 to 2000x2000 px (step 45)."""
    from app.window.layout import PANEL_MIN, split_body

    for width in range(200, 2001, 45):
        for height in range(200, 2001, 45):
            layout, (gx, gy, side), (px, py, pw, ph) = split_body(width, height, scale)
            where = f"{width}x{height} at {scale}"
            assert gx >= 0 and gy >= 0 and gx + side <= width and gy + side <= height, where
            assert px >= 0 and py >= 0 and px + pw <= width and py + ph <= height, where
            if layout == "side":
                assert px >= gx + side, where  # the panel right of the grid
                assert pw <= max(side, PANEL_MIN * scale), where  # never wider than the grid
                if width - height >= PANEL_MIN * scale + 10 * scale:
                    assert side == height, where  # a wide window: the grid takes the whole height
            else:
                assert layout == "stacked" and py >= gy + side and pw == width, where
    # the classroom screens' bodies (about 1024x650, 1366x650): the panel beside a full-height grid
    assert split_body(1024, 650)[0] == "side" and split_body(1024, 650)[1][2] == 650
    assert split_body(700, 1000)[0] == "stacked"  # a portrait window: the panel under the grid
    # 1366x768 maximised (body about 1366x600): the grid, not the panel, is the wider of the two
    _, (gx, _, side), (px, _, pw, _) = split_body(1366, 600)
    assert side == 600 and pw <= side and gx > 0 and px + pw <= 1366


# -- issue 26: the presentation view at the projector, in every language -----------------------
PROJECTOR_SIZES = {(800, 600), (1024, 768), (1920, 1080)}


@pytest.fixture(params=["en", "de", "fr", "es"])
def projector(request, screen, tmp_path, monkeypatch):
    """The whole window on ``screen`` in a language, in the presentation view, after End on
    Pathological (stopped once the counters have 6 digits and more)."""
    import solver

    display, w, h, scaling = screen
    if (w, h) not in PROJECTOR_SIZES or scaling != 1.0:
        pytest.skip("the projector sizes: 800x600, 1024x768, 1920x1080")
    monkeypatch.setenv("SUDOKU_SOLVER_HOME", str(tmp_path))
    solver.set_language(request.param)
    try:
        with window_on_screen(display, tmp_path) as (root, form, controller, errors):
            controller.files.load_example("pathological")
            demo, presentation = controller.features["demo"], controller.features["presentation"]
            form.side_area.canvas.yview_moveto(0.5)  # the normal view scrolled: F11 must open at the top
            presentation.enter()
            assert wait_until(root, lambda: getattr(presentation, "_measured_for", ()) is not None
                              and form.board.winfo_height() >= 0.9 * h, timeout=30)
            demo.start("row-major")
            demo.counts.skip_to_end()  # End ▶▶
            assert wait_until(root, lambda: demo.run.head >= 200_000 or demo.counts.job is None, timeout=60)
            demo.counts.cancel(wait=True)
            root.update()
            yield root, form, controller, request.param
        assert not errors, errors
    finally:
        solver.set_language("en")


def test_the_presentation_view_shows_every_control_and_counter_after_end(projector, screen):
    from types import SimpleNamespace

    root, form, controller, lang = projector
    _, sw, sh, _ = screen
    demo, presentation = controller.features["demo"], controller.features["presentation"]
    p = demo.panel
    where = f"{sw}x{sh} {lang}"
    assert p.counter_values["steps"].cget("text").replace(",", "").replace(".", "").replace("\u202f", "") \
        .replace("\u00a0", "").isdigit()
    boxes = set()

    def check(what: str) -> None:
        root.update()
        found = problems(root, form, sw, sh)
        assert not found, f"{where}, {what}:\n" + "\n".join(found)
        assert not form.side_area.scrolls, f"{where}, {what}: the panel scrolls"
        for w in (*p.control_buttons, *p.counter_values.values(), p.state_label, p.speed_scale, p.time_scale,
                  p.speed_label, p.time_label, *p.legend_entries):
            assert _in_view(w, form), f"{where}, {what}: {w} is not in view"
        x, y, w, h = _rect(form.status)
        assert form.status.winfo_ismapped() and y + h <= sh and x + w <= sw
        boxes.add((x, y, w, h))

    check("after End")
    # the counters keep room for 9 digits, the timeline too
    n = 999_999_999
    p.show_counters(SimpleNamespace(placements=n, backtracks=n, depth=81, steps=n), n, 99999.9, "row-major",
                    "paused")
    p.show_timeline(SimpleNamespace(earliest=n - 10_000, head=n, pos=n))
    check("9-digit counters")
    for key in ("placements", "backtracks", "steps"):
        assert len([c for c in p.counter_values[key].cget("text") if c.isdigit()]) == 9
    # a step back and forth: the caption area keeps its place and size
    demo.step_back()
    check("a step back")
    demo.step()
    check("a step")
    assert len(boxes) == 1, boxes
    # digits at least 1/12 of the screen's height; a step's long message at least the panel's text size
    assert form.cell_grid.digit_font_px() >= sh / 12
    assert abs(int(tkfont.nametofont(str(form.status.cget("font")), root=root).cget("size"))) >= 0.025 * sh
    assert form.side_area.canvas.yview()[0] == 0.0
    # a lesson's caption of two sentences, under the strip of counters: at least 3 % of the screen's height
    presentation.show_caption(_lesson_caption(lang), panel="counters")
    root.update()
    label = presentation._caption_label
    assert label.winfo_ismapped() and not form.status.winfo_ismapped()
    assert abs(int(tkfont.nametofont(str(label.cget("font")), root=root).cget("size"))) >= 0.03 * sh
    assert not p.back_button.winfo_ismapped() and p.counter_values["steps"].winfo_ismapped()
    found = problems(root, form, sw, sh)
    assert not found, f"{where}, a lesson's caption:\n" + "\n".join(found)
    presentation.hide_caption()
    check("the caption given back")
    assert len(boxes) == 1, boxes  # the same place and size as before


def _lesson_caption(lang: str) -> str:
    """Two sentences as long as a lesson's caption, in the language (the lessons' own come from their files)."""
    return {"en": "The computer tries the digits 1 to 9 in the first empty cell. Which cell will it try next?",
            "de": "Der Computer probiert die Ziffern 1 bis 9 im ersten leeren Feld. Welches Feld probiert er als Nächstes?",
            "fr": "L'ordinateur essaie les chiffres 1 à 9 dans la première case vide. Quelle case essaiera-t-il ensuite\u00a0?",
            "es": "El ordenador prueba los números del 1 al 9 en la primera casilla vacía. ¿Qué casilla probará después?"}[lang]


def test_the_side_panel_keeps_its_row_of_tabs_when_it_scrolls(whole_window):
    root, form = whole_window.root, whole_window.form
    demo = whole_window.demo
    root.geometry("900x480")
    form.side_panel.select(demo.tab)
    assert wait_until(root, lambda: form.side_area.scrolls, timeout=30)
    header = form.side_area.tabs
    titles = [form.side_panel.tab(t, "text") for t in form.side_panel.tabs()]
    assert [header.tab(t, "text") for t in header.tabs()] == titles
    top = header.winfo_rooty()
    form.side_area.canvas.yview_moveto(1.0)
    root.update()
    assert form.side_area.canvas.yview()[0] > 0  # scrolled ...
    assert header.winfo_ismapped() and header.winfo_rooty() == top  # ... and the tabs stay where they were
    _, vy, _, _ = _rect(form.side_area.canvas)
    assert header.winfo_rooty() + header.winfo_height() <= vy + 2  # above the scrolling content
    # choosing a tab in the row chooses the panel's tab, and the other way round
    findings = header.tabs()[titles.index(form.side_panel.tab(form.findings_tab, "text"))]
    header.select(findings)
    root.update()
    assert form.side_panel.select() == str(form.findings_tab)
    form.side_panel.select(demo.tab)
    root.update()
    assert header.tab(header.select(), "text") == form.side_panel.tab(demo.tab, "text")


def test_the_wheel_over_a_forcing_chains_tree_scrolls_the_tree_only(whole_window):
    root, form = whole_window.root, whole_window.form
    teach = whole_window.controller.features["teach"]
    diagram = teach.explanation.diagram
    root.geometry("900x480")
    form.side_panel.select(teach.explanation.tab)
    tree_text = "\n".join(f"{'  ' * (k % 4)}⇒ r{k % 9 + 1}c{k % 7 + 1} holds {k % 9 + 1} because a very long "
                          f"reason that runs past the edge of the box number {k}" for k in range(40))
    diagram.frame.grid()
    diagram._show_tree(tree_text)
    diagram.tree_box.grid()
    diagram.tree.grid()
    assert wait_until(root, lambda: form.side_area.scrolls, timeout=30)
    form.side_area.see(diagram.tree)
    root.update()
    tree = diagram.tree
    assert tree.cget("wrap") == "word" and diagram.tree_bar.winfo_ismapped()  # wraps, scrolls by itself
    panel_at, tree_at = form.side_area.canvas.yview(), tree.yview()
    form.side_area._wheel(True)  # the pointer is over the side panel ...
    tree.event_generate("<Button-5>", x=10, y=10)  # ... and the wheel turns over the tree
    root.update()
    assert tree.yview()[0] > tree_at[0]
    assert form.side_area.canvas.yview() == panel_at
    form.side_area._wheel(False)
    # the tree reads as well as the step's text (it was the small font)
    assert tkfont.Font(font=tree.cget("font")).actual("size") >= tkfont.Font(
        font=teach.explanation.step_text.cget("font")).actual("size")
