"""The search demo on a real Tk root: stepping, history, playing, counting off-thread, keys."""
from __future__ import annotations

import time

import pytest

import solver
from app.features.demo import run as demo_run
from app.window import looks
from app import wording
from app.features.demo import install_demo
from app.features.demo.run import DemoRun
from conftest import wait_until

pytestmark = pytest.mark.gui

TUTORIAL = solver.example("tutorial").line
HARD = solver.example("hard").line


@pytest.fixture
def app(sudoku_app):
    sudoku_app.demo = install_demo(sudoku_app.form, sudoku_app.controller)
    sudoku_app.root.geometry("+0+0")
    sudoku_app.root.update()
    return sudoku_app


def load(app, key):
    app.controller.files.load_example(key)
    app.root.update()


def counters(app):
    return {k: app.demo.panel.counter_values[k].cget("text") for k in ("placements", "backtracks", "depth", "steps")}


def shown(app, cell):
    return app.form.cell_grid.cell_text(cell), app.form.cell_grid.cell_style(cell)


def key(app, widget, keysym):
    widget.focus_force()
    app.root.update()
    widget.event_generate("<KeyPress>", keysym=keysym)
    app.root.update()


def step_until(app, predicate, limit=5000):
    for _ in range(limit):
        app.demo.step()
        if predicate(app.demo.run.event):
            return app.demo.run.event
    raise AssertionError("no such event")


def last_event(line, order):
    e = None
    for e in solver.backtrack_steps(solver.parse(line), order):
        pass
    return e


# -- the pure run (no Tk) ---------------------------------------------------------------
def test_history_is_a_bounded_ring_and_back_stops_at_its_start():
    run = DemoRun(solver.parse(HARD), "row-major", history=100)
    assert run.forward(1000) == 1000
    assert len(run.history) == 100 and run.earliest == 900
    before = list(run.digits)
    for _ in range(100):
        assert run.back()
    assert not run.back()  # the 101st step back is beyond the kept history
    assert run.pos == 900 and run.event.steps == 900  # the counters of step 900 are still known
    run.seek(1000)
    assert run.digits == before


def test_step_back_restores_exactly_the_earlier_grid():
    run = DemoRun(solver.parse(HARD), "propagation")
    pictures = []
    for _ in range(300):
        run.forward(1)
        pictures.append((list(run.digits), list(run.kinds)))
    for k in range(299, 0, -1):
        run.back()
        assert (run.digits, run.kinds) == pictures[k - 1]


# -- stepping on the grid ---------------------------------------------------------------
def test_step_shows_the_try_and_a_reject_names_the_peer_that_holds_the_digit(app):
    load(app, "tutorial")
    d = app.demo
    d.step()
    e = d.run.event
    assert e.kind == "try" and d.active
    assert shown(app, e.cell) == (str(e.digit), "tentative")
    assert "demo_cell" in app.form.cell_grid.cell_marks(e.cell)
    e = step_until(app, lambda e: e.kind == "reject")
    assert app.form.cell_grid.cell_text(e.cell) == str(e.digit)
    assert "demo_reject" in app.form.cell_grid.cell_marks(e.cell)
    assert "demo_peer" in app.form.cell_grid.cell_marks(e.peer)
    assert app.form.cell_grid.cell_text(e.peer) == str(e.digit)  # the peer really holds it
    assert f"already in {e.unit.name} at {solver.cell_name(e.peer)}" in app.form.status_text()
    assert counters(app) == {"placements": f"{e.placements:,}", "backtracks": f"{e.backtracks:,}",
                             "depth": f"{e.depth:,}", "steps": f"{e.steps:,}"}
    d.step()
    assert "demo_peer" not in app.form.cell_grid.cell_marks(e.peer)  # marks follow the current step only


def test_placed_digit_is_tentative_and_an_undo_flashes_then_blanks(app):
    load(app, "tutorial")
    e = step_until(app, lambda e: e.kind == "place")
    assert shown(app, e.cell) == (str(e.digit), "tentative")
    e = step_until(app, lambda e: e.kind == "undo")
    assert app.form.cell_grid.cell_text(e.cell) == str(e.digit)
    assert "demo_undo" in app.form.cell_grid.cell_marks(e.cell)
    assert wait_until(app.root, lambda: app.form.cell_grid.cell_text(e.cell) == "", timeout=30)
    assert "demo_undo" not in app.form.cell_grid.cell_marks(e.cell)


def test_step_back_and_the_timeline_replay_what_happened(app):
    load(app, "hard")
    d = app.demo
    for _ in range(120):
        d.step()
    grid_120 = [app.form.cell_grid.cell_text(divmod(i, 9)) for i in range(81)]
    counters_120 = counters(app)
    for _ in range(40):
        d.step()
    for _ in range(40):
        d.step_back()
    assert [app.form.cell_grid.cell_text(divmod(i, 9)) for i in range(81)] == grid_120
    assert counters(app) == counters_120
    d.seek(0)
    assert d.run.pos == 0 and counters(app)["steps"] == "0"
    assert [app.form.cell_grid.cell_text(divmod(i, 9)) for i in range(81)] == [str(x or "") for x in solver.parse(HARD).cells]
    d.panel.time_scale.set(160)  # the user drags the timeline
    app.root.update()
    assert d.run.pos == 160


def test_step_back_beyond_the_kept_history_says_so(app):
    load(app, "hard")
    d = app.demo
    d.history_size = 50
    d.start()
    for _ in range(80):
        d.step()
    for _ in range(50):
        d.step_back()
    d.step_back()
    assert d.run.pos == 30
    assert "last 50 steps" in app.form.status_text()


@pytest.mark.parametrize("order", solver.ORDERS)
def test_play_to_the_end_gives_the_counters_of_backtrack_steps(app, order):
    load(app, "tutorial")
    d = app.demo
    d.set_order(order)
    d.start()
    d.playback.set_speed(None)
    d.playback.play()
    assert wait_until(app.root, lambda: not d.playing, timeout=60)
    want = last_event(TUTORIAL, order)
    assert want.kind == "solved" and d.run.event == want
    assert counters(app)["placements"] == f"{want.placements:,}"
    assert counters(app)["steps"] == f"{want.steps:,}"
    solution = solver.solve(solver.parse(TUTORIAL))
    for i in range(81):
        cell = divmod(i, 9)
        assert app.form.cell_grid.cell_text(cell) == str(solution[cell])
        assert app.form.cell_grid.cell_style(cell) == ("given" if TUTORIAL[i] != "." else "solver")
    row = d.panel.table.item(order)["values"]
    assert str(row[0]).replace(",", "") == str(want.placements)  # the watched run goes into the table


def test_pause_takes_effect_within_one_drain_batch(app):
    load(app, "hard")
    d = app.demo
    d.start()
    d.playback.set_speed(None)
    d.playback.play()
    assert wait_until(app.root, lambda: d.run.pos > 3000, timeout=60)
    requested = d.run.pos
    d.panel.frame.focus_force()
    d.panel.frame.event_generate("<KeyPress>", keysym="space", when="tail")  # Space, queued like a real key
    assert wait_until(app.root, lambda: not d.playing, timeout=30)
    assert d.run.pos - requested <= d.max_batch  # at most the batch that was already running
    stopped = d.run.pos
    wait_until(app.root, lambda: False, timeout=0.3)
    assert d.run.pos == stopped and not d.run.at_end
    assert d.max_batch < 60_000  # batches are bounded by time, not by the search


def record_ticks(monkeypatch, d) -> list[tuple[int, int]]:
    """(the delay in ms each playback tick was scheduled with, the run's step then), in order."""
    ticks: list[tuple[int, int]] = []
    schedule = d.playback._schedule_tick

    def recorded(delay: int) -> None:
        ticks.append((delay, d.run.pos))
        schedule(delay)

    monkeypatch.setattr(d.playback, "_schedule_tick", recorded)
    return ticks


def test_speed_slider_paces_the_steps(app, monkeypatch):
    """At 10 steps/s each tick moves one step and asks Tk for the next 100 ms later (counted: a busy
    machine makes the ticks late, never more or closer together); so the run never goes faster
    than the slider says (the old test also asked for at least 2 steps/s of wall time)."""
    load(app, "hard")
    d = app.demo
    d.start()
    d.playback.set_speed(10)
    assert d.panel.speed_label.cget("text") == "10\u00a0steps/s"  # number and unit joined
    ticks = record_ticks(monkeypatch, d)
    t0 = time.monotonic()
    d.playback.play()
    assert wait_until(app.root, lambda: len(ticks) >= 6)
    d.playback.pause()
    elapsed = time.monotonic() - t0
    assert ticks[:6] == [(0, 0), (100, 1), (100, 2), (100, 3), (100, 4), (100, 5)]
    assert elapsed >= 0.39, elapsed  # 5 steps, 4 waits of 100 ms between them: Tk is never early


def test_skip_to_end_runs_off_the_tk_thread_and_can_be_cancelled(app, monkeypatch):
    load(app, "pathological")
    d = app.demo
    d.start()
    d.counts.skip_to_end()
    assert d.counts.job is not None and d.panel.cancel_button.instate(["!disabled"])
    assert d.panel.step_button.instate(["disabled"])
    assert wait_until(app.root, lambda: d.run.head > 20_000, timeout=60)
    app.form.action_map.fire("cancel")  # Esc
    assert d.counts.wait(120)
    assert not d.run.at_end and d.run.pos == d.run.head > 20_000
    assert "Stopped skipping" in app.form.status_text()
    before = d.run.pos
    d.step()  # the search goes on from where the skip stopped
    assert d.run.pos == before + 1


def test_skip_to_end_shows_the_solved_grid(app):
    load(app, "tutorial")
    d = app.demo
    d.start()
    d.counts.skip_to_end()
    assert d.counts.wait(120)
    assert d.run.solved and app.form.cell_grid.cell_style((0, 2)) == "solver"
    assert "Skipped" in app.form.status_text()


def test_compare_fills_the_table_and_says_when_a_strategy_was_capped(app, monkeypatch):
    monkeypatch.setattr(demo_run, "TABLE_CAP", 60_000)
    load(app, "pathological")
    d = app.demo
    d.counts.compare()
    assert d.counts.job is not None
    assert d.counts.wait(120)
    g = solver.parse(solver.example("pathological").line)
    classic = d.panel.table.item("row-major")["values"]
    assert str(classic[0]) == "≥ 60,000"
    for order in ("fewest-candidates", "propagation"):
        want = solver.count_backtrack_work(g, order)
        got = d.panel.table.item(order)["values"]
        assert str(got[0]).replace(",", "") == str(want.placements)
        assert str(got[2]).replace(",", "") == str(want.steps)
    note = d.panel.table_note.cget("text")
    assert "cap of 60,000 placements" in note and "lower bound" in note
    # past the cap: an estimate of the whole run in a row of its own (the pathological
    # example needs 69,175,316 placements and 1,314,330,447 steps)
    est = d.panel.table.item("row-major:estimate")
    assert "estimated" in est["text"] and d.panel.table.index("row-major:estimate") == 1
    estimate = d.counts.results["row-major"]["estimate"]
    assert 69_175_316 / 1.5 < estimate.placements < 69_175_316 * 1.5
    assert str(est["values"][0]) == wording.format_estimate(estimate.placements)
    assert str(est["values"][0]).endswith(" million") and str(est["values"][2]).endswith(" billion")
    assert "random probes" in note and "million placements (" in note and "to count." in note
    assert int(d.panel.table.cget("height")) == 4
    app.root.update()
    assert d.panel.full_button.winfo_ismapped()
    assert "at least" in app.form.status_text()  # the lesson states the speed-up honestly
    # counting the whole run can be cancelled; the table keeps its row
    d.counts.count_whole_run()
    assert wait_until(app.root, lambda: d.counts.job is not None and d.counts.job.token.looks > 3, timeout=60)
    assert "at least" in d.panel.job_label.cget("text")
    d.counts.cancel()
    assert d.counts.wait(120)
    assert str(d.panel.table.item("row-major")["values"][0]) == "≥ 60,000"
    assert d.panel.table.exists("row-major:estimate")
    assert "Cancelled" in app.form.status_text()


def test_the_estimated_rows_time_is_a_prediction_like_its_other_figures():
    # issue 29: the "estimated" row showed a plain "1.5 s" (the estimate's own time) beside its "≈" figures
    from types import SimpleNamespace

    g = solver.parse(solver.example("pathological").line)
    counts = solver.BacktrackCounts(60_000, 59_972, 1_200_000, False, True)
    estimate = SimpleNamespace(placements=69_000_000, backtracks=68_000_000, steps=1_300_000_000,
                               relative_error=0.04, samples=20_000)
    results = {"row-major": {"counts": counts, "seconds": 0.6, "source": "counted", "puzzle": g,
                             "estimate": estimate}}
    rows, notes, _ = demo_run.table_rows(results, g)
    order, values, est_values = rows[0]
    assert values[3] == wording.describe_seconds(0.6)  # the capped count: what it took, a measured time
    took = wording.describe_duration(69_000_000 / (60_000 / 0.6))  # counting the whole run at that rate
    assert all(str(v).startswith("≈ ") for v in est_values)
    assert est_values[3] == "≈ " + took  # "≈ 12 minutes", as the note says
    assert f"about {took} to count" in notes[0]


def test_a_capped_row_shows_an_estimate_until_the_whole_run_is_counted(app, monkeypatch):
    monkeypatch.setattr(demo_run, "TABLE_CAP", 20_000)
    # all its 20,000 probes (seeded): the app's 5 s wall-clock cap would cut a busy machine's short
    monkeypatch.setattr(demo_run, "ESTIMATE_SECONDS", None)
    load(app, "hard")  # 49,558 placements and 941,055 steps in the classic order
    d = app.demo
    d.counts.compare()
    assert d.counts.wait(120)
    assert str(d.panel.table.item("row-major")["values"][0]) == "≥ 20,000"
    est = d.counts.results["row-major"]["estimate"]
    assert 49_558 / 1.5 < est.placements < 49_558 * 1.5 and 941_055 / 1.5 < est.steps < 941_055 * 1.5
    shown_values = [str(v) for v in d.panel.table.item("row-major:estimate")["values"]]
    assert shown_values[0] == wording.format_estimate(est.placements) and shown_values[0].startswith("≈ ")
    assert "about" in app.form.status_text() and "by the estimate" in app.form.status_text()
    # the exact count replaces the estimate
    d.counts.count_whole_run()
    assert d.counts.wait(120)
    assert str(d.panel.table.item("row-major")["values"][0]) == "49,558"
    assert not d.panel.table.exists("row-major:estimate") and int(d.panel.table.cget("height")) == 3
    assert "random probes" not in d.panel.table_note.cget("text")


def test_format_estimate_keeps_two_significant_digits():
    f = wording.format_estimate
    assert [f(n) for n in (7, 49_558, 450_123, 69_175_316, 1_314_330_447, 123_456_789_012)] == [
        "≈ 7", "≈ 50,000", "≈ 450,000", "≈ 69 million", "≈ 1.3 billion", "≈ 120 billion"]


def test_switching_strategy_restarts_the_search_at_step_zero(app):
    load(app, "easy")
    d = app.demo
    for _ in range(10):
        d.step()
    d.panel.order_buttons["propagation"].invoke()
    assert d.run.order == "propagation" and d.run.pos == 0 and counters(app)["steps"] == "0"
    d.step()
    e = d.run.event
    assert e.kind == "deduce"  # with singles the easy puzzle needs no guess at all
    assert app.form.cell_grid.cell_style(e.cell) == "deduced"


def test_conflicts_block_the_start_and_are_shown(app):
    app.controller.files.load_puzzle(solver.parse("55" + "." * 79), "two fives")
    app.root.update()
    d = app.demo
    assert not d.start()
    assert not d.active and d.run is None
    assert "conflict" in app.form.cell_grid.cell_marks((0, 0)) and "conflict" in app.form.cell_grid.cell_marks((0, 1))
    assert "cannot start" in app.form.status_text()
    assert "Row 1" in d.panel.explain.cget("text")
    d.step()  # Step on such a grid does nothing either
    assert d.run is None


def test_keys_drive_the_demo_only_while_it_is_on(app):
    load(app, "tutorial")
    d = app.demo
    f = app.form
    key(app, f.cells[0], "Right")
    assert f.cell_grid.focused_cell() == (0, 1) and not d.active  # ordinary navigation
    d.start()
    key(app, f.cells[0], "Right")
    assert d.run.pos == 1  # the demo took the key
    key(app, d.panel.frame, "Right")
    key(app, d.panel.frame, "Left")
    assert d.run.pos == 1
    key(app, d.panel.frame, "7")
    assert "Stop the demo" in f.status_text()
    key(app, d.panel.frame, "space")
    assert d.playing
    key(app, d.panel.frame, "space")
    assert not d.playing
    d.stop()
    assert not d.active and all("SudokuDemo" not in e.bindtags() for e in f.cells)
    app.root.update()
    assert f.cell_grid.focused_cell() == (0, 1)  # the focus is back where it was before the demo
    key(app, f.cells[4], "Right")
    assert f.cell_grid.focused_cell() == (0, 5)


def test_escape_pauses_the_demo_then_falls_back_to_cancel(app):
    load(app, "hard")
    d = app.demo
    d.start()
    d.playback.set_speed(None)
    d.playback.play()
    app.form.action_map.fire("cancel")
    assert not d.playing
    app.form.action_map.fire("cancel")  # nothing of ours to stop: the form's own Cancel runs (and does nothing)
    assert not app.root.callback_errors


def test_stop_and_a_changed_grid_give_the_grid_back(app):
    load(app, "tutorial")
    app.controller.cell_input((0, 2), 1)  # one of "your" digits
    d = app.demo
    d.start()
    assert app.form.cell_grid.cell_text((0, 2)) == ""  # the demo starts from the givens
    for _ in range(5):
        d.step()
    d.stop()
    assert shown(app, (0, 2)) == ("1", "entry") and shown(app, (0, 0)) == ("7", "given")
    assert not any(app.form.cell_grid.cell_marks(divmod(i, 9)) & set(looks.DEMO_MARKS) for i in range(81))
    d.start()
    d.step()
    load(app, "easy")  # the grid changes underneath: the demo lets go
    assert wait_until(app.root, lambda: not d.active, timeout=30)
    assert app.form.cell_grid.cell_text((0, 2)) == "3"


def test_menu_items_have_handlers(app):
    for action in ("demo_toggle", "demo_play", "demo_step", "demo_back", "demo_skip", "demo_reset",
                   "demo_compare"):
        assert action in app.form.action_map.actions()
        assert app.form.action_map.handler_for(action) is not None


def test_reset_and_stop_during_a_skip_cancel_it_at_once(app):
    load(app, "pathological")
    d = app.demo
    d.start()
    d.counts.skip_to_end()
    assert wait_until(app.root, lambda: d.run.head > 5_000, timeout=60)
    d.reset()
    assert d.counts.job is None and d.run.pos == 0 and d.active
    d.counts.skip_to_end()
    d.stop()
    assert d.counts.job is None and not d.active
    assert app.form.cell_grid.cell_text((0, 0)) == ""  # the pathological puzzle's r1c1 is blank again


def test_a_faster_speed_takes_effect_without_waiting_out_a_slow_step(app, monkeypatch):
    """At 1 step/s the next tick is a second away; moving the slider to full speed replaces it by
    one due at once (the waiting tick cancelled), instead of sitting out the second.  Counted in
    the ticks asked of Tk, not in steps per wall-clock second."""
    load(app, "hard")
    d = app.demo
    d.start()
    d.playback.set_speed(1)
    ticks = record_ticks(monkeypatch, d)
    d.playback.play()
    assert wait_until(app.root, lambda: d.run.pos >= 1)
    slow = d.playback._after
    assert ticks == [(0, 0), (1000, 1)] and slow is not None
    d.playback.set_speed(None)
    assert ticks[2:] == [(1, 1)], ticks  # the next tick in 1 ms, not in the rest of a second
    assert slow not in app.root.tk.splitlist(app.root.tk.call("after", "info"))  # the slow one is gone
    assert wait_until(app.root, lambda: d.run.pos > 500)
    d.playback.pause()


def test_a_puzzle_without_solution_ends_the_search_and_the_table_says_so(app):
    load(app, "mistyped")  # no rule broken, yet no solution
    d = app.demo
    d.start("propagation")
    d.playback.set_speed(None)
    d.playback.play()
    assert wait_until(app.root, lambda: not d.playing, timeout=30)
    assert d.run.at_end and not d.run.solved and d.run.event.kind == "exhausted"
    assert "no solution" in d.panel.state_label.cget("text")
    d.counts.compare()
    assert d.counts.wait(120)
    assert "there is none" in app.form.status_text()
    assert "no solution" in d.panel.table_note.cget("text")


def test_the_playback_keeps_the_clock_of_the_run(app):
    """Play / Pause live in app/features/demo/play.py; the demo's names are the same state."""
    load(app, "hard")
    d = app.demo
    d.start()
    d.playback.set_speed(20)
    d.playback.play()
    assert d.playing and d.playback.playing and d.panel.play_button.cget("text") != "▶ Play"
    wait_until(app.root, lambda: d.run.pos >= 3, timeout=30)
    d.playback.pause()
    assert not d.playing and d.elapsed == d.playback.elapsed > 0
    assert d.batches == d.playback.batches >= d.run.pos and d.max_batch == 1  # one event a tick at 20/s
    d.elapsed += 2.0  # a skip on the worker adds its seconds (app/features/demo/counts.py)
    assert d.playback.seconds() == d.elapsed
    d.start()  # a new run: its clock starts at zero
    assert d.elapsed == 0.0 and d.max_batch == 0
    d.stop()
    assert d.playback.seconds() == 0.0 and not app.root.callback_errors


# -- issue 26: counters that grow, a message box that keeps its size ------------------------
def number_fits(label) -> bool:
    """The label's whole number is drawn: its text in its own font is no wider than the label."""
    import tkinter.font as tkfont

    font = tkfont.nametofont(str(label.cget("font")), root=label)
    return font.measure(str(label.cget("text"))) <= label.winfo_width() - 2 * int(str(label.cget("bd")))


def test_a_growing_count_is_never_cut_in_the_normal_view(app):
    from types import SimpleNamespace

    p = app.demo.panel
    app.form.side_panel.select(app.demo.tab)
    app.root.geometry("800x560")  # the narrowest panel
    app.root.update()
    for n in (341_010, 12_345_678, 999_999_999):  # "341,010" read "41,010" (its first digit cut)
        event = SimpleNamespace(placements=n, backtracks=n, depth=60, steps=n)
        p.show_counters(event, n, 12345.6, "row-major", "paused")
        app.root.update()
        for key in ("placements", "backtracks", "steps", "elapsed"):
            label = p.counter_values[key]
            assert label.cget("text") and number_fits(label), (key, label.cget("text"), label.winfo_width())


def test_the_counters_keep_room_for_nine_digits_when_large(app):
    from types import SimpleNamespace

    p = app.demo.panel
    app.form.side_panel.select(app.demo.tab)
    app.root.geometry("1024x700")
    app.root.update()
    p.set_large(True, text_px=20)
    app.root.update()
    size = p.value_fonts["steps"].cget("size")
    event = SimpleNamespace(placements=999_999_999, backtracks=999_999_999, depth=81, steps=999_999_999)
    p.show_counters(event, 999_999_999, 1.0, "row-major", "paused")
    app.root.update()
    for key in ("placements", "backtracks", "steps"):
        label = p.counter_values[key]
        assert label.cget("text") == "999,999,999" and number_fits(label), (key, label.winfo_width())
        assert p.value_fonts[key].cget("size") == size  # room kept: the number is not set smaller
    p.set_large(False)


def test_every_counter_moves_while_end_skips(app):
    """During End only "steps" moved; placements, depth and elapsed stayed at 0 (counted: the skip's
    progress updates, not the time they took)."""
    d = app.demo
    load(app, "pathological")
    d.start()
    d.counts.skip_to_end()
    seen = []

    def moved():
        values = counters(app)
        seen.append(values)
        return d.counts.skip_updates >= 2 and all(values[k] != "0" for k in ("placements", "backtracks", "depth"))

    assert wait_until(app.root, moved, timeout=60), seen[-1:]
    assert d.counts.job is not None  # still skipping: the counters moved during the skip
    assert d.panel.counter_values["elapsed"].cget("text") != wording.describe_elapsed(0)
    d.counts.cancel(wait=True)
    app.root.update()


def test_the_explanation_box_keeps_its_height_and_shows_a_long_message_whole(app):
    p = app.demo.panel
    app.form.side_panel.select(app.demo.tab)
    app.root.update()
    height = p.explain_box.winfo_height()
    assert height >= 3 * p.fonts["text"].metrics("linespace")  # three lines of the text font
    for text in ("Step 1: r1c1 = 1",
                 "Ready: the tutorials' code: take the first empty cell in reading order, try 1 to 9. "
                 "Press Step (→) or Play (Space). The computer tries each digit in turn."):  # longer than any intro
        p.set_explain(text)
        app.root.update()
        assert p.explain_box.winfo_height() == height
        assert p.explain.winfo_reqheight() <= p.explain.winfo_height() + 1, text[:30]
    # the German intro stopped mid-sentence in a box of two lines
    solver.set_language("de")
    try:
        intro = wording.say("Ready: {why}. Press Step (→) or Play (Space).",
                            why=wording._(demo_run.ORDER_LABELS["row-major"].why))
    finally:
        solver.set_language("en")
    assert intro.startswith("Bereit")
    p.set_explain(intro)
    app.root.update()
    assert p.explain_box.winfo_height() == height and p.explain.winfo_reqheight() <= p.explain.winfo_height() + 1
