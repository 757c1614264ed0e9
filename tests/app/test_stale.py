"""Every side panel belongs to the puzzle it was computed for (issue 11), on the whole window.

After another puzzle is loaded, pasted, generated, undone, redone or its givens edited, the
Difficulty card, the Hint tab, the Explain tab, the demo's comparison table and the findings
no longer show the previous puzzle's results; a result that arrives for a puzzle no longer
shown is dropped; the explained solution and the search demo end; Stop zeroes "elapsed"; the
status line never keeps "Rating the puzzle…" once the card is done.
"""
from __future__ import annotations

import pytest

import solver
from conftest import wait_until

pytestmark = pytest.mark.gui

TUTORIAL = solver.example("tutorial").line
EASY = solver.example("easy").line
HARD = solver.example("hard").line  # Extreme: rating it takes about a second of CPU


@pytest.fixture
def app(whole_window):
    w = whole_window
    w.teach = w.controller.features["teach"]
    w.wait = lambda pred, timeout=60.0: wait_until(w.root, pred, timeout)
    return w


def load(app, key):
    app.controller.files.load_example(key)
    app.root.update()


def let_it_end(app, worker, job) -> None:
    """Wait until nothing of the dropped ``job`` can arrive: its thread has ended and ``worker`` polls
    no more (a late result only comes in through a poll).  Waited for, not a fixed time."""
    assert job is not None and job.thread is not None
    assert app.wait(lambda: not job.thread.is_alive() and worker._after_id is None), "the job never ended"
    app.root.update()


def card_filled(app) -> bool:
    return bool(app.teach.card.fields["score"].cget("text"))


def table_values(app) -> dict:
    table = app.demo.panel.table
    return {iid: tuple(str(v) for v in table.item(iid, "values")) for iid in table.get_children()}


def fill_every_panel(app):
    """Check (which fills the card), the explained path, a hint at rung 1 and the comparison table."""
    app.form.action_map.fire("check")
    assert app.wait(lambda: card_filled(app)), app.form.status_text()
    assert app.controller.findings
    app.form.action_map.fire("explain")
    assert app.wait(lambda: app.teach.explanation.steps_list.size() > 0)
    app.form.action_map.fire("hint")
    assert app.wait(lambda: app.teach.hints.level == 1)
    app.demo.counts.compare()
    assert app.demo.counts.wait(20)
    assert any(v[0] for v in table_values(app).values())
    return app.controller.puzzle()


def assert_every_panel_cleared(app, old, generated=False):
    """Nothing shown on the side is about ``old`` any more, and each panel says how to fill it (a
    ``generated`` puzzle comes with its own card: the generator rated it)."""
    teach = app.teach
    assert app.controller.puzzle() != old
    card = teach.card.text()
    if generated:
        rating = solver.rate(app.controller.puzzle())
        assert card_filled(app) and teach.card.level.cget("text") == rating.label, card
        assert teach.card.fields["score"].cget("text") == f"{rating.score:,}" and "Not rated" not in card, card
    else:
        assert not card_filled(app) and "Rate this puzzle (F8)" in card, card
    assert teach.explanation.steps_list.size() == 0
    assert "F7" in teach.explanation.step_text.cget("text"), teach.explanation.step_text.cget("text")
    assert teach.hints.level == 0 and teach.hints.title.cget("text") == "Hint"
    assert "press H" in teach.hints.text.cget("text").replace("Press H", "press H")
    assert not any(v[0] for v in table_values(app).values()), table_values(app)
    assert "Compare" in app.demo.panel.table_note.cget("text")
    assert not app.controller.findings


def _change_by(app, how):
    c = app.controller
    if how == "load":
        load(app, "easy")
    elif how == "paste":
        app.root.clipboard_clear()
        app.root.clipboard_append(EASY)
        app.form.action_map.fire("paste")
    elif how == "generate":
        before = c.board.givens
        app.teach.new_puzzle("easy", seed=5)
        assert app.wait(lambda: c.board.givens != before, 30)
    elif how in ("undo", "redo"):
        app.form.action_map.fire(how)
    elif how == "edit":  # Ctrl+G, then delete a given
        app.form.var_givens_mode.set(True)
        app.form.action_map.fire("givens_mode")
        cell = next(cell for cell in ((r, k) for r in range(9) for k in range(9)) if c.board.givens[cell])
        w = app.form.cells[9 * cell[0] + cell[1]]
        w.focus_force()
        app.root.update()
        w.event_generate("<KeyPress>", keysym="BackSpace")
    app.root.update()


@pytest.mark.parametrize("how", ["load", "paste", "generate", "undo", "redo", "edit"])
def test_every_panel_is_cleared_when_the_puzzle_changes_and_fills_again_for_the_new_one(app, how):
    if how == "undo":
        load(app, "easy")
        load(app, "tutorial")  # Ctrl+Z goes back to "easy"
    elif how == "redo":
        load(app, "tutorial")
        load(app, "easy")
        app.form.action_map.fire("undo")  # back on the tutorial; Ctrl+Y brings "easy" again
        app.root.update()
    else:
        load(app, "tutorial")
    assert app.controller.puzzle() == solver.parse(TUTORIAL)
    old = fill_every_panel(app)
    _change_by(app, how)
    assert_every_panel_cleared(app, old, generated=how == "generate")
    # recomputed on demand for the puzzle now shown
    app.form.action_map.fire("difficulty")
    assert app.wait(lambda: app.teach.rating is not None)
    rating = solver.rate(app.controller.puzzle())
    assert rating.unique, "the new puzzle has one solution"
    assert app.teach.card.level.cget("text") == rating.label
    assert app.teach.card.fields["score"].cget("text") == f"{rating.score:,}"


def test_typing_your_own_digits_keeps_the_card_of_the_same_puzzle(app):
    load(app, "tutorial")
    app.form.action_map.fire("difficulty")
    assert app.wait(lambda: card_filled(app))
    shown = app.teach.card.text()
    cell = next(cell for cell in ((r, k) for r in range(9) for k in range(9))
                if not app.controller.board.givens[cell])
    app.controller.cell_input(cell, solver.solve(solver.parse(TUTORIAL))[cell])
    app.root.update()
    assert app.teach.card.text() == shown  # the puzzle is the same: its card still holds
    app.form.action_map.fire("clear_all")  # the grid is empty now: no puzzle, no card
    app.root.update()
    assert not card_filled(app) and "Rate this puzzle (F8)" in app.teach.card.text()


def test_the_status_line_names_the_level_once_the_card_is_done(app):
    load(app, "kaggle")
    app.form.action_map.fire("difficulty")
    assert "Rating the puzzle" in app.form.status_text()
    assert app.wait(lambda: card_filled(app), 30)
    status = app.form.status_text()
    label = solver.rate(solver.parse(solver.example("kaggle").line)).label
    assert "Rating" not in status and f"Difficulty: {label}" in status, status


def test_a_new_puzzles_card_is_a_fresh_one_without_the_last_ones_tall_table_or_link(app):
    from app.features.teach.card import COUNT_ROWS

    card = app.teach.card
    load(app, "hard")  # Extreme: fifteen techniques in the table
    app.form.action_map.fire("difficulty")
    assert app.wait(lambda: card_filled(app), 30)
    assert int(card.counts.cget("height")) > COUNT_ROWS and card.link.cget("text").startswith("What is")
    card.link.focus_force()  # the keyboard on "What is a Nested Forcing Chain?" (Tab goes there)
    app.root.update()
    assert app.root.focus_get() is card.link and int(card.link.cget("highlightthickness")) == 1
    load(app, "tutorial")
    assert "Not rated yet" in card.text() and not card.counts.get_children()
    assert int(card.counts.cget("height")) == COUNT_ROWS  # as on a fresh card, not ten empty rows
    assert card.link.cget("text") == "" and int(card.link.cget("highlightthickness")) == 0  # no empty focus ring
    assert not int(card.link.cget("takefocus")) and app.root.focus_get() is not card.link


def test_the_card_says_it_is_rating_and_goes_back_when_the_rating_stops(app):
    card = app.teach.card
    load(app, "hard")  # about a second here, 5-8 s on a school computer
    app.form.action_map.fire("difficulty")
    assert app.controller.worker.job_name == "rate"
    assert card.level.cget("text") == "Rating…" and "Esc stops it" in card.note.cget("text")
    assert "Not rated yet" not in card.text()
    cell = app.form.cells[0]
    cell.focus_force()
    app.root.update()
    cell.event_generate("<Escape>")  # stopped: the card is as before
    assert app.wait(lambda: card.level.cget("text") == "Not rated yet")
    app.form.action_map.fire("difficulty")
    assert card.level.cget("text") == "Rating…"
    app.form.action_map.fire("hint")  # another job takes the worker: the rating stops
    assert app.wait(lambda: card.level.cget("text") == "Not rated yet")
    app.form.action_map.fire("difficulty")
    assert app.wait(lambda: card_filled(app), 30) and card.level.cget("text") == "Extreme"


def test_a_rating_under_way_for_the_old_puzzle_is_stopped_and_never_shown(app):
    load(app, "hard")
    app.form.action_map.fire("difficulty")  # about a second of work on the worker
    assert app.controller.worker.busy and app.form.action_map.is_enabled("cancel")
    job = app.controller.worker.job
    load(app, "tutorial")  # before the rating can arrive
    # nothing runs for a puzzle no longer shown: Cancel (Esc) has nothing to stop
    assert not app.controller.worker.busy and not app.form.action_map.is_enabled("cancel")
    assert "Example:" in app.form.status_text()
    let_it_end(app, app.controller.worker, job)
    assert not card_filled(app) and "Extreme" not in app.teach.card.text()


def test_typing_while_a_hint_is_looked_for_stops_it_and_says_so(app):
    load(app, "tutorial")
    app.form.action_map.fire("hint")  # its answer can only arrive through the main loop, which is not pumped yet
    assert "Looking" in app.form.status_text() and "Looking" in app.teach.hints.text.cget("text")
    job = app.controller.worker.job
    blank = next(c for c in ((r, k) for r in range(9) for k in range(9)) if not app.controller.board.givens[c])
    app.controller.cell_input(blank, solver.solve(solver.parse(TUTORIAL))[blank])
    app.root.update()
    assert "Looking" not in app.form.status_text(), app.form.status_text()
    assert not app.form.action_map.is_enabled("cancel")
    let_it_end(app, app.controller.worker, job)
    assert app.teach.hints.level == 0 and "Looking" not in app.teach.hints.text.cget("text")
    assert "H" in app.teach.hints.text.cget("text")


def test_a_hint_asked_for_the_old_puzzle_leaves_no_waiting_text(app):
    load(app, "hard")
    app.form.action_map.fire("hint")
    assert "Looking" in app.teach.hints.text.cget("text")
    job = app.controller.worker.job
    load(app, "tutorial")
    let_it_end(app, app.controller.worker, job)
    assert app.teach.hints.level == 0
    text = app.teach.hints.text.cget("text")
    assert "Looking" not in text and "H" in text, text


def test_ctrl_n_while_a_step_is_explained_leaves_explain_mode_and_typing_works(app):
    load(app, "tutorial")
    app.form.action_map.fire("explain")
    ex = app.teach.explanation
    assert app.wait(lambda: ex.steps_list.size() > 0)
    lb = ex.steps_list
    lb.focus_force()
    lb.selection_set(3)
    lb.event_generate("<<ListboxSelect>>")
    app.root.update()
    assert ex.explaining == 3 and "Explaining step" in app.form.mode_label.cget("text")
    before = app.controller.board.givens
    lb.event_generate("<KeyPress>", keysym="n", state=0x4)  # Ctrl+N in the list of steps
    app.root.update()
    dialogs = [w for w in app.root.winfo_children() if w.winfo_class() == "Toplevel"]
    assert dialogs, "Ctrl+N opens the New puzzle dialog"
    dialogs[0].event_generate("<Return>")  # Generate
    assert app.wait(lambda: app.controller.board.givens != before, 30)
    app.root.update()
    assert ex.explaining is None and "Explaining" not in app.form.mode_label.cget("text")
    assert ex.steps_list.size() == 0 and "Step" not in ex.step_text.cget("text")
    # the keyboard is back in the grid: a digit typed now goes into a cell of the new puzzle
    focus = app.root.focus_get()
    cell = app.form.cell_grid.focused_cell()
    assert cell is not None, f"the focus stayed in {focus}"
    blank = next(c for c in ((r, k) for r in range(9) for k in range(9)) if not app.controller.board.givens[c])
    app.form.cell_grid.focus_cell(blank)
    app.root.update()
    app.root.focus_get().event_generate("<KeyPress>", keysym="5")
    app.root.update()
    assert app.controller.board.entries[blank] == 5 and app.form.cell_grid.cell_text(blank) == "5"


def test_a_new_puzzle_ends_a_playing_demo_at_once_and_zeroes_its_counters(app):
    load(app, "tutorial")
    d = app.demo
    d.start()
    d.playback.set_speed(200)
    d.playback.play()
    assert app.wait(lambda: d.run.pos > 20)
    load(app, "easy")  # no wait: the demo lets go of the grid before anything else is drawn
    assert not d.active and not d.playing and d.run is None
    easy = solver.parse(EASY)
    assert all(app.form.cell_grid.cell_text(c) == (str(easy[c]) if easy[c] else "") for c in ((r, k) for r in range(9)
                                                                                       for k in range(9)))
    values = {k: v.cget("text") for k, v in d.panel.counter_values.items()}
    assert values["placements"] == "0" and values["steps"] == "0" and values["elapsed"] == "0.0\u00a0s", values
    assert "puzzle" in d.panel.explain.cget("text")
    assert not app.form.action_map.is_enabled("cancel")


def test_stop_zeroes_elapsed_with_the_counters(app):
    load(app, "tutorial")
    d = app.demo
    d.start()
    d.playback.set_speed(50)
    d.playback.play()
    assert app.wait(lambda: d.run.pos > 10)
    wait_until(app.root, lambda: False, 0.3)
    assert d.panel.counter_values["elapsed"].cget("text") != "0.0\u00a0s" or d.elapsed > 0
    d.stop()
    app.root.update()
    values = {k: v.cget("text") for k, v in d.panel.counter_values.items()}
    assert values["placements"] == "0" and values["elapsed"] == "0.0\u00a0s", values


def test_a_count_for_the_old_puzzle_is_dropped(app):
    load(app, "pathological")  # Compare takes seconds here
    d = app.demo
    d.counts.compare()
    assert d.counts.job is not None
    job = d.counts.worker.job
    load(app, "easy")
    status = app.form.status_text()
    assert d.counts.job is None  # stopped: it was counting a puzzle no longer shown
    let_it_end(app, d.counts.worker, job)
    assert app.form.status_text() == status
    assert not any(v[0] for v in table_values(app).values())
    assert d.panel.job_label.cget("text") == ""
    assert not d.panel.compare_button.instate(["disabled"])
