"""Lesson mode (issue 26): every built-in lesson walked forwards and back in every language
on the classroom screens, lesson-file errors, Esc, and the command line.

The walk: each page must fit the screen (the checks of test_screens.py: every visible widget
inside the screen and its parent, no text wider or taller than its widget), and going back
must show exactly what the page showed on the way forwards (the grid, the demo's step, the
candidates setting), and the lesson's box, the grid, the counters and the caption area keep
their place and size on every page.  The lesson's caption, and on the classroom screens the
caption area's text too, keep 3 % of the screen's height.  Each page's run (a hint, the check
and its fix, a count) is waited for before the page is compared.
"""
from __future__ import annotations

import re
import subprocess
import sys
import time
import tkinter as tk
from pathlib import Path

import pytest

import solver
from conftest import SCREEN_SIZES, window_on_screen
from test_screens import problems

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
SIZES = ((800, 600), (1024, 768), (1920, 1080))
#: the classroom screens (800x600 is walked for the fit only: there a long status is set smaller)
TARGETS = ((1024, 768), (1366, 768), (1920, 1080))
#: the screen of conftest's xvfb_screens that has each size (one server for the whole run:
#: Tk keeps its connection to a display, and a server stopped mid-run ends the test process)
SCREEN_OF = {(w, h): k for k, (w, h, s) in enumerate(SCREEN_SIZES) if s == 1.0}
LANGS = ("en", "de", "fr", "es")


def _geometry(widget):
    """Where ``widget`` is on the screen and how large (None while it is not shown)."""
    if not widget.winfo_ismapped():
        return None
    return widget.winfo_rootx(), widget.winfo_rooty(), widget.winfo_width(), widget.winfo_height()


def _boxes(form, lessons):
    """The lesson's hosted box, the grid, the counters strip and the caption area under it."""
    label = lessons.presentation._caption_label  # the caption area shows the comparison instead of the status line
    caption = _geometry(form.status) or (label is not None and _geometry(label))
    return _geometry(lessons.box.frame), _geometry(form.holder), _geometry(form.side_area.frame), caption


def _take_in_now(worker):
    """A job whose thread has ended: its outcome taken in now by the worker's own poll, not at the
    poll's next turn (every 25-50 ms; a walk waits for about sixty of them)."""
    job = worker.job
    if job is not None and job.thread is not None and not job.thread.is_alive() and worker._after_id is not None:
        worker._widget.after_cancel(worker._after_id)
        worker._after_id = None
        worker._poll()


def _settle(root, lessons):
    """Pump Tk until the page's run is done (a hint or a check from the worker, a count): the page then
    shows what it will go on showing.  Bounded by a count of rounds, not by time."""
    worker = lessons.controller.worker
    for _ in range(3000):
        if not lessons.busy():
            break
        worker.wait_idle(0.02)
        for w in (worker, lessons.demo.counts.worker):
            _take_in_now(w)
        root.update()
        time.sleep(0.002)
    assert not lessons.busy(), "the page's run never ended"
    root.update()


def _shown(controller, form):
    """What a page shows: the board, the demo's step, the candidates setting, the caption."""
    demo, teach, lessons = (controller.features[k] for k in ("demo", "teach", "lessons"))
    return (controller.board, demo.active and demo.run.pos, demo.active and demo.run.order,
            teach.var_candidates.get(), lessons.box.caption.cget("text"), lessons.box.header.cget("text"),
            lessons.box.extra.cget("text"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", range(len(SIZES)), ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_builtin_lesson_fits_and_steps_back_exactly(xvfb_screens, size, lang, tmp_path, monkeypatch):
    from app.features.lessons.format import builtin_lessons

    monkeypatch.setenv("SUDOKU_SOLVER_HOME", str(tmp_path))
    sw, sh = SIZES[size]
    solver.set_language(lang)
    display = f":{xvfb_screens}.{SCREEN_OF[SIZES[size]]}"
    try:
        with window_on_screen(display, tmp_path) as (root, form, controller, errors):
            controller.files.load_example("easy")
            before = controller.board
            lessons = controller.features["lessons"]
            for lesson in builtin_lessons():
                lessons.start(lesson)
                root.update()
                box = lessons.box
                boxes0 = _boxes(form, lessons)
                assert boxes0[0] is not None and boxes0[1] is not None
                seen = []
                for k in range(len(lessons.pages)):
                    if k:
                        lessons.forward()
                        if lessons.animating:
                            lessons.forward()  # a second key shows the animation's end (the page's state)
                            assert not lessons.animating
                    _settle(root, lessons)
                    seen.append(_shown(controller, form))
                    # nothing changes size from step to step: the hosted box, the grid, the counters, the caption area
                    assert _boxes(form, lessons) == boxes0, (lang, sw, sh, lesson.name, k)
                    assert box.px >= 0.03 * sh  # the caption's text size in pixels
                    if (sw, sh) in TARGETS:  # and the caption area's (the step's explanation, the comparison)
                        pres = lessons.presentation
                        shown = pres._caption_label if pres._caption is not None else form.status
                        assert _caption_px(form, pres) >= 0.03 * sh, (
                            lang, sw, sh, lesson.name, k, shown.cget("text"))
                        # French puts a no-break space before : ; ? ! (docs/translating.md), so no line starts with one
                        assert lang != "fr" or not re.search(r" [:;?!]", shown.cget("text")), (k, shown.cget("text"))
                    assert form.cell_grid.digit_font_px() >= sh / 12  # the digits read from the back of the room
                    found = problems(root, form, sw, sh)
                    assert not found, f"{lang} {sw}x{sh} {lesson.name} page {k}:\n" + "\n".join(found)
                for k in reversed(range(len(lessons.pages) - 1)):
                    lessons.back()
                    _settle(root, lessons)  # a fix lands when the worker's check ends: waited for, then compared
                    assert _shown(controller, form) == seen[k], (lesson.name, k)
                    assert _boxes(form, lessons) == boxes0, (lang, sw, sh, lesson.name, k, "back")
                lessons.leave()
                root.update()
                assert controller.board == before
            assert not errors, errors
    finally:
        solver.set_language("en")


def _caption_px(form, presentation) -> int:
    """The size in pixels of the text in the caption area (the status line, or show_caption's text)."""
    import tkinter.font as tkfont

    label = presentation._caption_label if presentation._caption is not None else form.status
    return abs(int(tkfont.nametofont(str(label.cget("font")), root=label).cget("size")))


#: how each language says that the fix applied was a guess (app/checking.py)
GUESSED = {"de": "nur eine von mehreren", "fr": "un choix parmi plusieurs"}


@pytest.mark.parametrize("lang", sorted(GUESSED))
@pytest.mark.parametrize("size", [(1024, 768), (800, 600)], ids=["1024x768", "800x600"])
def test_the_typo_lessons_long_messages_keep_the_projector_size(xvfb_screens, size, lang, tmp_path, monkeypatch):
    # The fix applied with a guess says so in the caption area beside the grid; its German was set at
    # 22 px for 24 at 1024x768 and 16-17 px for 18 at 800x600, its French at 17 px for 18 at 800x600
    # (fit_font sets a text that does not fit smaller), so both are shorter now.  Every page keeps 3 %
    # of the screen's height.
    from app.features.lessons.format import builtin_lessons

    monkeypatch.setenv("SUDOKU_SOLVER_HOME", str(tmp_path))
    sw, sh = size
    solver.set_language(lang)
    try:
        with window_on_screen(f":{xvfb_screens}.{SCREEN_OF[size]}", tmp_path) as (root, form, controller, errors):
            controller.files.load_example("easy")
            lessons = controller.features["lessons"]
            lessons.start(next(x for x in builtin_lessons() if x.name == "typo"))
            root.update()
            small, guessed = [], 0
            for k in range(len(lessons.pages)):
                if k:
                    lessons.forward()
                    if lessons.animating:
                        lessons.forward()
                _settle(root, lessons)
                root.update_idletasks()
                guessed += GUESSED[lang] in form.status_text()
                px = _caption_px(form, lessons.presentation)
                if px < 0.03 * sh:
                    small.append((k, px, form.status_text()))
            assert guessed >= 2  # both fixes of the lesson were guesses: the long message was shown
            assert not small, small
            lessons.leave()
            assert not errors, errors
    finally:
        solver.set_language("en")


def test_back_in_the_middle_of_an_animation_restores_the_page_before(whole_window):
    w = whole_window
    lessons = w.controller.features["lessons"]
    from app.features.lessons.format import parse_lesson

    lessons.start(parse_lesson("title: t\ngrid: tutorial\ncaption: start\nrun: demo 5\n\n"
                               "caption: on\nrun: demo 400 speed 50\n", "t.lesson"))
    w.root.update()
    assert w.demo.run.pos == 5
    lessons.forward()
    deadline = time.time() + 30
    while w.demo.run.pos < 8 and time.time() < deadline:  # a few frames of the animation
        w.root.update()
        time.sleep(0.01)
    assert 5 < w.demo.run.pos < 400
    lessons.back()
    w.root.update()
    assert w.demo.run.pos == 5 and lessons.box.caption.cget("text") == "start"
    for _ in range(20):
        w.root.update()
        time.sleep(0.01)
    assert w.demo.run.pos == 5  # the animation was cancelled
    frame = lessons.box.frame
    frame.event_generate("<KeyPress>", keysym="End")
    assert lessons.page == 1 and w.demo.run.pos == 400  # End: the last step as it ends
    frame.event_generate("<KeyPress>", keysym="Home")
    assert lessons.page == 0 and w.demo.run.pos == 5
    frame.event_generate("<KeyPress>", keysym="Next")  # Page Down, what a clicker sends
    assert lessons.page == 1
    frame.event_generate("<KeyPress>", keysym="Prior")
    assert lessons.page == 0
    lessons.leave()


def test_esc_gives_the_users_grid_notes_and_undo_back(whole_window):
    w = whole_window
    c, form = w.controller, w.form
    c.files.load_example("easy")
    blank = next(i for i in range(81) if not c.board.givens.cells[i])
    cell = (blank // 9, blank % 9)
    c.cell_input(cell, c.board.grid().cells[blank] or 5)
    c.apply(c.board.with_notes((8, 8), (1, 2)) if c.board.can_note((8, 8)) else c.board)
    mine, undo = c.board, c.history.can_undo
    lessons = c.features["lessons"]
    assert lessons.open_builtin("people")
    w.root.update()
    lessons.forward()
    w.root.update()
    assert c.board != mine and w.presentation.on
    lessons.box.frame.event_generate("<KeyPress>", keysym="Escape")
    w.root.update()
    assert not lessons.on and not w.presentation.on and w.form.side_area.frame.winfo_ismapped()
    assert c.board == mine and c.history.can_undo == undo
    form.action_map.fire("undo")
    assert c.board != mine  # the user's own undo history is there


def test_a_lesson_file_with_an_error_says_file_line_and_problem_and_changes_nothing(whole_window, tmp_path):
    w = whole_window
    c = w.controller
    c.files.load_example("easy")
    mine = c.board
    path = tmp_path / "broken.lesson"
    path.write_text("title: Broken\ngrid: easy\ncaption: fine\n\ncaption: next\nrun: jump 3\n", encoding="utf-8")
    lessons = c.features["lessons"]
    assert not lessons.open_file(str(path))
    text = w.form.status_text()
    assert "broken.lesson" in text and "6" in text and "jump" in text
    assert c.board == mine and not lessons.on and not w.presentation.on


def test_list_lessons_prints_the_builtins():
    out = subprocess.run([sys.executable, "-m", "app", "--list-lessons"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0
    names = [line.split()[0] for line in out.stdout.splitlines()]
    assert names == ["computer", "people", "typo", "difficulty"]
    assert "How a computer solves a Sudoku" in out.stdout


def test_the_lesson_option_opens_into_the_lesson(whole_window):
    from app.__main__ import open_lesson

    w = whole_window
    lessons = w.controller.features["lessons"]
    assert open_lesson(lessons, "typo")
    w.root.update()
    assert lessons.on and lessons.lesson.name == "typo" and w.presentation.on
    assert lessons.box.header.cget("text").endswith(f"1 / {len(lessons.lesson.steps)}")
    lessons.leave()
    assert not open_lesson(lessons, "no-such-lesson")
    assert "no-such-lesson" in w.form.status_text()


def test_closing_the_window_in_a_lesson_keeps_the_users_grid_in_the_state_file(whole_window, sudoku_home):
    import json

    from app.model import Board

    w = whole_window
    c = w.controller
    c.files.load_example("easy")
    blank = next(i for i in range(81) if not c.board.givens.cells[i])
    c.cell_input((blank // 9, blank % 9), 5)  # saved a moment later, unless something forgets it
    mine = c.board
    lessons = c.features["lessons"]
    assert lessons.open_builtin("computer")
    w.root.update()
    lessons.forward()
    c.session.save_state()  # what closing the window does
    data = json.loads((sudoku_home / "state.json").read_text(encoding="utf-8"))
    assert Board.from_dict(data["board"]) == mine


def test_esc_from_a_cell_and_f11_end_the_lesson_too(whole_window):
    w = whole_window
    c = w.controller
    c.files.load_example("easy")
    mine = c.board
    lessons = c.features["lessons"]
    lessons.open_builtin("people")
    w.root.update()
    cell = w.form.cells[0]
    cell.focus_force()
    w.root.update()
    cell.event_generate("<KeyPress>", keysym="Right")  # the lesson's keys reach it from a cell too
    w.root.update()
    assert lessons.page == 1
    w.form.action_map.fire("cancel")
    assert not lessons.on and c.board == mine and not w.presentation.on
    lessons.open_builtin("people")
    w.form.action_map.fire("presentation")  # F11
    assert not lessons.on and c.board == mine and not w.presentation.on


def test_view_lessons_lists_the_builtins_and_starts_the_one_chosen(whole_window):
    w = whole_window
    lessons = w.controller.features["lessons"]
    w.form.action_map.fire("lessons")
    w.root.update()
    win = next(x for x in w.root.winfo_children() if isinstance(x, tk.Toplevel))
    box = next(x for x in win.winfo_children() if isinstance(x, tk.Listbox))
    assert box.size() == 4 and box.get(0).startswith("How a computer solves a Sudoku")
    box.selection_clear(0, "end")
    box.selection_set(2)
    win.event_generate("<Return>")
    w.root.update()
    assert lessons.on and lessons.lesson.name == "typo"
    lessons.leave()


def test_the_command_line_passes_the_lesson_on(monkeypatch):
    import app.__main__ as main_module

    calls = []
    monkeypatch.setattr(main_module, "run", lambda path=None, lesson=None: calls.append((path, lesson)) or 0)
    assert main_module.main(["--lesson", "people"]) == 0
    assert calls == [(None, "people")]


def test_a_language_switch_in_a_lesson_ends_it_and_keeps_the_users_grid_and_state_file(whole_window, sudoku_home):
    import json

    from app.__main__ import build_window
    from app.features.language import switch_language
    from app.model import Board

    w = whole_window
    c = w.controller
    c.files.load_example("easy")
    blank = next(i for i in range(81) if not c.board.givens.cells[i])
    c.cell_input((blank // 9, blank % 9), 5)
    mine = c.board
    lessons = c.features["lessons"]
    assert lessons.open_builtin("people")
    w.root.update()
    lessons.forward()
    w.root.update()
    assert c.board != mine
    try:
        form_de, de = switch_language(c, "de", build_window)
        w.root.update()
        assert de.board == mine and not de.features["lessons"].on
        assert de.state_path == sudoku_home / "state.json"  # saving goes on in the new window
        de.session.save_state()
        data = json.loads((sudoku_home / "state.json").read_text(encoding="utf-8"))
        assert Board.from_dict(data["board"]) == mine
        de.close()
    finally:
        solver.set_language("en")
