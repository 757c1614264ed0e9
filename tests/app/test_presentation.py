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
