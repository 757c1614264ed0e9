"""The presentation view (F11) on a real Tk root: full screen, larger, high contrast; F11/Esc leave it."""
from __future__ import annotations

import tkinter.font as tkfont

import pytest

from app.features.demo import install_demo
from app.features.presentation import install_presentation
from conftest import wait_until

pytestmark = pytest.mark.gui


@pytest.fixture
def app(sudoku_app):
    sudoku_app.demo = install_demo(sudoku_app.form, sudoku_app.controller)
    sudoku_app.presentation = install_presentation(sudoku_app.form, sudoku_app.demo)
    sudoku_app.root.geometry("+0+0")
    sudoku_app.controller.files.load_example("hard")
    sudoku_app.root.update()
    return sudoku_app


def press(app, keysym):
    cell = app.form.cells[40]
    cell.focus_force()
    app.root.update()
    cell.event_generate("<KeyPress>", keysym=keysym)
    app.root.update()


def size(font) -> int:
    return abs(tkfont.Font(font=font).actual("size"))


def test_f11_fills_the_screen_with_a_larger_grid_status_and_controls(app):
    f, d, root = app.form, app.demo, app.root
    board, status = f.board.winfo_width(), size(f.status_font)
    counter = size(d.panel.fonts["value"])
    button_h = d.panel.step_button.winfo_height()
    geometry = root.geometry()
    press(app, "F11")
    assert f.is_presentation and app.presentation.on
    assert wait_until(root, lambda: root.winfo_width() == root.winfo_screenwidth(), timeout=30)
    assert wait_until(root, lambda: f.board.winfo_width() > board * 1.3, timeout=30)
    # the grid fills the height left by the status line
    assert f.board.winfo_height() >= 0.8 * root.winfo_screenheight()
    assert size(f.status_font) >= 1.5 * status
    assert size(d.panel.fonts["value"]) > counter
    assert d.panel.step_button.winfo_height() >= max(44, 1.5 * button_h)  # a finger can hit it
    assert str(root.cget("menu")) == ""  # no menu bar, no button bar
    assert not f.check_button.winfo_ismapped()
    assert f.boxes[0].cget("bg") == "#000000"  # high contrast: black cell lines
    assert f.side_panel.select() == str(d.tab)
    press(app, "F11")
    assert not f.is_presentation
    assert wait_until(root, lambda: root.geometry() == geometry, timeout=30)
    assert size(f.status_font) == status and size(d.panel.fonts["value"]) == counter
    assert str(root.cget("menu")) == str(f.menubar) and f.check_button.winfo_ismapped()
    assert "Findings" in [f.side_panel.tab(t, "text") for t in f.side_panel.tabs()]
    assert f.side_panel.tab(f.findings_tab, "state") == "normal"


def test_escape_stops_the_demo_first_then_leaves_the_presentation(app):
    f, d = app.form, app.demo
    d.start()
    d.playback.set_speed(5)
    d.playback.play()
    press(app, "F11")
    assert f.is_presentation
    f.action_map.fire("cancel")  # Esc
    assert f.is_presentation and not d.playing  # the first Esc stops the playing demo
    f.action_map.fire("cancel")
    assert not f.is_presentation  # nothing runs: the second Esc leaves the view


def test_the_status_line_explains_the_step_in_the_presentation_view(app):
    f, d = app.form, app.demo
    d.start()
    for _ in range(3):
        d.step()
    app.presentation.enter()
    app.root.update()
    assert f.status_text().startswith("Step 3:")
    assert not d.panel.explain.winfo_ismapped()  # one explanation line, the large one
    d.step()
    assert f.status_text().startswith("Step 4:")
    app.presentation.leave()
    app.root.update()
    assert d.panel.explain.winfo_ismapped()


def test_the_view_menu_offers_it(app):
    assert "presentation" in app.form.action_map.actions()
    assert app.form.action_map.handler_for("presentation") is not None


# -- issue 26: a layout built for the projector ---------------------------------------------
def caption_box(app):
    """Where the caption area is: (x, y, width, height) of what it shows."""
    shown = app.presentation._caption or app.form.status
    body = app.form.body
    return (shown.winfo_rootx() - body.winfo_rootx(), shown.winfo_rooty() - body.winfo_rooty(),
            shown.winfo_width(), shown.winfo_height())


def font_px(widget) -> int:
    return abs(int(tkfont.nametofont(str(widget.cget("font")), root=widget).cget("size")))


def test_f11_opens_at_the_top_whatever_the_normal_view_showed(app):
    f, root = app.form, app.root
    root.geometry("900x500")  # the side panel scrolls in the normal view
    f.side_panel.select(app.demo.tab)
    assert wait_until(root, lambda: f.side_area.scrolls, timeout=30)
    f.side_area.canvas.yview_moveto(1.0)
    root.update()
    assert f.side_area.canvas.yview()[0] > 0
    press(app, "F11")
    root.update()
    assert f.side_area.canvas.yview()[0] == 0.0  # "placements" and "backtracks" are on the screen
    assert not f.side_area.scrolls  # nothing scrolls in the presentation view


def test_the_caption_area_keeps_its_size_at_every_step_and_its_text_whole(app):
    f, d, root, p = app.form, app.demo, app.root, app.presentation
    p.enter()
    assert wait_until(root, lambda: p._measured_for is not None and root.winfo_width() == root.winfo_screenwidth())
    root.update()
    d.start()
    boxes, panels = set(), set()
    for k in range(60):
        d.step()
        if k % 20 == 0:  # a long message now and then: set smaller, never a taller box, never cut
            f.set_status("A long message that needs many lines in the caption area. " * 6)
        root.update_idletasks()
        boxes.add(caption_box(app))
        panels.add(f.side_area.frame.winfo_height())
        assert f.status.winfo_reqheight() <= f.status.winfo_height() + 1, f.status_text()[:40]
    assert len(boxes) == 1 and len(panels) == 1, (boxes, panels)
    x, y, w, h = boxes.pop()
    sh = root.winfo_screenheight()
    assert y + h <= f.body.winfo_height() and h >= 3 * 0.03 * sh  # three lines at least
    d.step()
    root.update()
    assert font_px(f.status) >= 0.03 * sh  # a step's text in 3 % of the screen's height


def test_show_caption_puts_a_text_or_a_widget_in_the_caption_area(app):
    import tkinter as tk

    f, root, p = app.form, app.root, app.presentation
    p.enter()
    assert wait_until(root, lambda: p._measured_for is not None and root.winfo_width() == root.winfo_screenwidth())
    root.update()
    where = caption_box(app)
    p.show_caption("Which cell will the computer try next?")
    root.update()
    label = p._caption_label
    assert label.winfo_ismapped() and not f.status.winfo_ismapped()
    assert caption_box(app) == where and p.caption_size() == where[2:]
    assert font_px(label) >= 0.03 * root.winfo_screenheight()
    f.set_status("the status line keeps its own text meanwhile")
    root.update()
    assert label.cget("text").startswith("Which cell") and not f.status.winfo_ismapped()
    mine = tk.Frame(f.main, bg="#ff0000")
    p.show_caption(mine)
    root.update()
    assert mine.winfo_ismapped() and not label.winfo_ismapped()
    assert caption_box(app) == where
    p.hide_caption()
    root.update()
    assert not mine.winfo_ismapped() and f.status.winfo_ismapped() and caption_box(app) == where
    p.show_caption("One idea on the screen at a time.", panel="none")  # the whole column for the caption
    root.update()
    assert not f.side_area.frame.winfo_ismapped() and p.caption_size()[1] > where[3]
    p.show_caption(mine)
    root.update()
    assert caption_box(app) == where and f.side_area.frame.winfo_ismapped()
    p.leave()
    root.update()
    assert not mine.winfo_ismapped() and f.status.winfo_ismapped()  # the normal view has no caption area
    p.enter()
    assert wait_until(root, lambda: mine.winfo_ismapped())  # kept for the next time


def test_s_takes_the_next_strategy_in_the_presentation_view(app):
    d = app.demo
    d.start()
    app.presentation.enter()
    app.root.update()
    assert d.panel.var_order.get() == "row-major"
    d.panel.frame.focus_force()
    app.root.update()
    d.panel.frame.event_generate("<KeyPress>", keysym="s")
    app.root.update()
    assert d.panel.var_order.get() == "fewest-candidates" and d.active and d.run.order == "fewest-candidates"


def test_a_hosted_widget_sits_above_the_strip_of_counters(app):
    import tkinter as tk

    f, root, p, d = app.form, app.root, app.presentation, app.demo
    p.enter()
    assert wait_until(root, lambda: p._measured_for is not None and root.winfo_width() == root.winfo_screenwidth())
    box = tk.Frame(f.main, height=120, bg="#ffffff")
    p.host(box)
    root.update()
    d.start()
    places = set()
    for _ in range(20):
        d.step()
        root.update_idletasks()
        places.add((caption_box(app), box.winfo_height(), f.side_area.frame.winfo_rooty()))
    assert len(places) == 1, places  # nothing moves from step to step
    assert box.winfo_ismapped() and box.winfo_height() == 120
    assert d.panel.counter_values["steps"].winfo_ismapped() and not d.panel.back_button.winfo_ismapped()
    assert f.side_area.frame.winfo_rooty() >= box.winfo_rooty() + 120  # the counters under the box
    p.host(box, cover=True)
    root.update()
    assert not f.side_area.frame.winfo_ismapped() and f.status.winfo_ismapped()
    p.host(None)
    root.update()
    assert not box.winfo_ismapped() and d.panel.back_button.winfo_ismapped()
