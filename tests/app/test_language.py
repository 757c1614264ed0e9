"""View ▸ Language: the whole window switches at once, keeps the grid, and the choice is remembered.

A real window (app.__main__.build_window, every feature) under the virtual display: choosing
Deutsch in View ▸ Language builds the window again in German (menus, buttons, status line),
with the same digits, notes, undo history and open collection; English comes back the same
way; the choice is saved and applied before the next window is built; with no choice saved,
the system's language (LANGUAGE / LANG) is followed.
"""
from __future__ import annotations

import json
import time
import tkinter as tk

import pytest

import solver
from conftest import RecordingDialogs, wait_until

pytestmark = pytest.mark.gui


def menubar_labels(form) -> list[str]:
    bar = form.menubar
    return [str(bar.entrycget(i, "label")) for i in range(bar.index("end") + 1) if bar.type(i) == "cascade"]


def choose(window, choice: str):
    """Pick ``choice`` in View ▸ Language as a person does; the (form, controller) built for it."""
    menu = window.controller.features["language"]
    values = [str(menu.menu.entrycget(i, "value")) for i in range(menu.menu.index("end") + 1)]
    menu.menu.invoke(values.index(choice))
    assert wait_until(window.root, lambda: menu.replaced_by is not None), "the window was not built again"
    form, controller = menu.replaced_by
    guard(window.root, form)
    return form, controller


def guard(root, form) -> None:
    """The new controller reports callback errors in the status line; the test still fails on them."""
    form.dialogs = RecordingDialogs()
    shown = root.report_callback_exception

    def both(exc_type, exc, tb):
        root.callback_guard(exc_type, exc, tb)
        shown(exc_type, exc, tb)

    root.report_callback_exception = both


PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_switching_to_german_and_back_keeps_the_grid_notes_undo_and_collection(whole_window):
    w = whole_window
    c, form = w.controller, w.form
    assert "File" in menubar_labels(form) and form.check_button.cget("text") == "Check (F5)"
    grids = [solver.parse(PUZZLE), solver.parse(PUZZLE.replace("53", "35", 1))]
    c.files.load_collection(grids, "two puzzles")
    c.cell_input((0, 2), 4)
    before_note = c.board
    c.apply(c.board.with_notes((0, 3), {2, 6}))
    board = c.board
    assert board.notes[3] and not before_note.notes[3]

    bound = {seq: len(w.root.bind_class("SudokuCell", seq).splitlines()) for seq in w.root.bind_class("SudokuCell")}
    form_de, de = choose(w, "de")
    assert de is not c and form_de is not form
    # the old window's key bindings went with it: each binding once, as in a new window
    assert {seq: len(w.root.bind_class("SudokuCell", seq).splitlines())
            for seq in w.root.bind_class("SudokuCell")} == bound
    labels = menubar_labels(form_de)
    assert labels[:3] == ["Datei", "Bearbeiten", "Ansicht"], labels
    assert form_de.check_button.cget("text") == "Prüfen (F5)"
    assert form_de.status_text().endswith("Sprache: Deutsch.")
    assert form_de.findings_tab.master.tab(form_de.findings_tab, "text") == "Befunde"
    assert w.root.tk.eval('namespace eval ::tk {::msgcat::mc "&Cancel"}') == "&Abbruch"  # Tk's own dialogs
    assert de.board == board  # digits, givens and notes
    assert form_de.cell_grid.cell_text((0, 2)) == "4" and de.board.notes[3] == board.notes[3]
    assert de.collection == grids and de.collection_index == 0
    assert form_de.collection_label.cget("text") == "Rätsel 1 von 2"
    de._cmd_undo()  # the undo history came along: the note goes, then the digit
    assert de.board == before_note
    assert "Rückgängig" in form_de.status_text()
    de._cmd_redo()
    assert de.board == board
    form_de.cell_grid.focus_cell((1, 1))
    w.root.update()
    form_de.cells[10].event_generate("<KeyPress>", keysym="8")  # typing reaches the new window, once
    w.root.update()
    assert de.board.entries[1, 1] == 8 or de.board.givens[1, 1] == 8
    de._cmd_undo()
    assert de.board == board

    form_en, en = choose(SimpleWindow(w.root, form_de, de), "en")
    assert menubar_labels(form_en)[:3] == ["File", "Edit", "View"]
    assert form_en.check_button.cget("text") == "Check (F5)"
    assert form_en.status_text().endswith("Language: English.")
    assert w.root.tk.eval('namespace eval ::tk {::msgcat::mc "&Cancel"}') == "&Cancel"
    assert en.board == board and en.history.can_undo
    assert form_en.collection_label.cget("text") == "puzzle 1 of 2"
    en.close()


class SimpleWindow:
    def __init__(self, root, form, controller):
        self.root, self.form, self.controller = root, form, controller


def test_a_running_job_is_stopped_and_its_result_dropped(whole_window):
    w = whole_window
    c = w.controller
    c.files.load_puzzle(solver.parse(PUZZLE), "test")
    started = []

    def slow(cancel):
        started.append(1)
        while not cancel.is_set():
            cancel.wait(0.01)
        raise solver.Cancelled()

    c.run_job("check", slow, lambda result, s: pytest.fail("a stopped job's result was shown"))
    assert wait_until(w.root, lambda: started)
    form_fr, fr = choose(w, "fr")
    assert not c.worker.busy and not fr.worker.busy
    assert menubar_labels(form_fr)[:2] == ["Fichier", "Édition"]
    assert "Langue" in form_fr.status_text() and form_fr.status_text().endswith("Français.")
    fr.close()


def test_the_choice_is_remembered_at_the_next_start(whole_window, sudoku_home, monkeypatch):
    from app.__main__ import build_window
    from app.features.language import start_language

    monkeypatch.setenv("LANGUAGE", "fr")  # the system says French; the person chose German
    form_de, de = choose(whole_window, "de")
    de.close()  # saves, as closing the window does
    state = json.loads((sudoku_home / "state.json").read_text())
    assert state["language"] == "de"
    solver.set_language("en")
    assert start_language(None, sudoku_home / "state.json") == "de"
    root = tk.Tk()
    try:
        form, controller = build_window(root, sudoku_home / "state.json")
        controller.start()
        root.update()
        assert menubar_labels(form)[:3] == ["Datei", "Bearbeiten", "Ansicht"]
        menu = controller.features["language"]
        assert menu.var.get() == "de"
        controller.close()
    finally:
        try:
            root.destroy()
        except tk.TclError:
            pass


@pytest.mark.parametrize("env, lang, view", [
    ({"LANGUAGE": "de_DE:en"}, "de", "Ansicht"),
    ({"LANG": "es_ES.UTF-8"}, "es", "Ver"),
    ({"LC_ALL": "fr_CA.UTF-8"}, "fr", "Affichage"),
    ({"LANG": "C"}, "en", "View"),
])
def test_the_first_start_follows_the_system_language(tk_root, sudoku_home, monkeypatch, env, lang, view):
    from app.__main__ import build_window
    from app.features.language import start_language

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert start_language(None, sudoku_home / "state.json") == lang  # no saved choice yet
    form, controller = build_window(tk_root, sudoku_home / "state.json")
    controller.start()
    tk_root.update()
    assert menubar_labels(form)[2] == view
    menu = controller.features["language"]
    assert menu.var.get() == "system"
    first = str(menu.menu.entrycget(0, "label"))
    assert first.endswith(f"({solver.LANGUAGES[lang]})"), first
    assert [str(menu.menu.entrycget(i, "label")) for i in range(1, 5)] == ["English", "Deutsch", "Français", "Español"]
    controller.close()


def test_without_a_state_file_the_grid_and_settings_are_handed_over_in_memory(tk_root):
    from app.__main__ import build_window
    from app.features.language import switch_language

    form, controller = build_window(tk_root, None)  # no usable folder: nothing is saved
    form.dialogs = RecordingDialogs()
    controller.start()
    controller.files.load_puzzle(solver.parse(PUZZLE), "test")
    controller.cell_input((0, 2), 4)
    form.var_live_check.set(False)
    controller.form.zoom(1.15)
    board, zoom = controller.board, form.zoom_level
    form_es, es = switch_language(controller, "es", build_window)
    guard(tk_root, form_es)
    assert es.board == board and es.history.can_undo
    assert es.session.state_path is None
    assert not form_es.var_live_check.get() and form_es.zoom_level == zoom
    assert menubar_labels(form_es)[:2] == ["Archivo", "Editar"]
    assert form_es.status_text().endswith("Idioma: Español.")
    es.close()


def test_the_presentation_view_comes_back_in_the_new_language(whole_window):
    w = whole_window
    w.controller.files.load_puzzle(solver.parse(PUZZLE), "test")
    w.presentation.enter()
    w.root.update()
    from app.__main__ import build_window
    from app.features.language import switch_language

    form_de, de = switch_language(w.controller, "de", build_window)
    guard(w.root, form_de)
    w.root.update()
    assert de.features["presentation"].on and form_de.is_presentation
    de.features["presentation"].leave()
    w.root.update()
    assert str(w.root.cget("menu")) == str(form_de.menubar)
    assert menubar_labels(form_de)[:3] == ["Datei", "Bearbeiten", "Ansicht"]
    de.close()


def test_with_a_settings_file_the_choice_is_kept_there(tk_root, sudoku_home):
    from app.__main__ import build_window
    from app.features.language import start_language

    state, settings = sudoku_home / "state.json", sudoku_home / "settings.json"
    form, controller = build_window(tk_root, state, settings)
    controller.start()
    window = SimpleWindow(tk_root, form, controller)
    tk_root.callback_errors.clear()
    form_fr, fr = choose(window, "fr")
    fr.close()
    assert json.loads(settings.read_text())["language"] == "fr"
    assert "language" not in json.loads(state.read_text())
    solver.set_language("en")
    assert start_language(settings, state) == "fr"


def test_the_old_window_is_let_go(tk_root, sudoku_home):
    """Tcl holds the callbacks a window registers on the root; a switch deletes them, so the old
    window's objects can be collected (otherwise each switch would keep a whole window)."""
    import gc
    import weakref

    from app.__main__ import build_window
    from app.features.language import switch_language

    form, controller = build_window(tk_root, sudoku_home / "state.json")
    controller.start()
    first = weakref.ref(controller)
    commands = {"de": [], "en": []}
    for lang in ("de", "en", "de", "en", "de", "en"):
        form, controller = switch_language(controller, lang, build_window)
        tk_root.update()
        commands[lang].append(len(tk_root.tk.call("info", "commands")))
    gc.collect()
    assert first() is None, "the first window's controller is still referenced"
    # no Tcl command left behind per switch (the first count may still hold the first start's idle work)
    assert len(set(commands["de"][1:])) == 1 and len(set(commands["en"])) == 1, commands
    controller.close()


def test_the_keyboard_stays_in_the_grid_where_it_was(whole_window):
    """After a switch, typing goes on in the cell that had the focus, as a teacher expects."""
    w = whole_window
    w.form.cell_grid.focus_cell((4, 6))
    w.root.update()
    assert w.form.cell_grid.focused_cell() == (4, 6)
    form, controller = choose(w, "es")
    w.root.update()
    assert form.cell_grid.focused_cell() == (4, 6)
    focused = w.root.focus_get()
    focused.event_generate("<KeyPress>", keysym="7")
    w.root.update()
    assert controller.board.grid()[(4, 6)] == 7, form.status_text()


class OldCallbacks:
    """Every Python callback Tk calls (tests/meters.py) whose function the old window registered:
    taken from the CallWrapper objects that exist before a switch (kept here, so no new one can
    take an old one's id)."""

    def __init__(self):
        import gc

        self.old = [o for o in gc.get_objects() if isinstance(o, tk.CallWrapper)]
        self.ids = {id(o) for o in self.old}
        self.ran: list[str] = []
        self.cleared = False  # the switch has begun to clear the window away

    def calling(self, wrapper) -> None:
        if self.cleared and id(wrapper) in self.ids:
            from meters import _inner, _name

            self.ran.append(_name(_inner(wrapper.func)))

    def callback(self, func, cpu) -> None:
        pass


def busy_window(window) -> None:
    """Give the window every kind of ``after`` it makes, pending at once: a job of the controller's
    (its worker polls), the demo's Compare (its worker polls), the demo playing at full speed (a
    batch every 1 ms) and watching the board (every 250 ms), an unsaved change (the save 500 ms
    later), a cell's focus (the highlight's idle refresh); the side panel's scroll area polls
    all the time."""
    c, form = window.controller, window.form
    demo = c.features["demo"]
    c.files.load_example("pathological")
    demo.start()
    demo.counts.compare()  # counts for seconds on the pathological puzzle
    assert demo.counts.job is not None, form.status_text()
    c.run_job("check", lambda cancel: [cancel.wait(0.01) for _ in range(1000)], lambda result, s: None)
    form.cell_grid.focus_cell((4, 4))
    c.cell_input((0, 0), 5)  # a change: the save is due in 500 ms


@pytest.mark.parametrize("rounds", [4])
def test_no_callback_of_the_old_window_runs_after_a_switch(whole_window, rounds, monkeypatch):
    """Switching the language destroys the window's widgets and builds new ones on the same root.
    Whatever the old window had pending (timers, idle callbacks, its workers' polls, the scroll
    area's poll, the demo's batches) must never run afterwards, against widgets that are gone or
    objects of a window that is no more: no Tk error (a callback's exception, or a Tcl background
    error such as "invalid command name" for a timer whose command was deleted) and no call of a
    callback the old window registered.  Every pending ``after`` is cancelled before the first
    widget is destroyed, and no command made while the new window is built is deleted by the old
    one (tkinter deleted the command of the callback the switch ran in by name once it returned,
    after the switch had already deleted it: a new command could have that name by then).
    Switched back and forth with the window as busy as it gets each time."""
    import meters
    from app.features import language

    olds: list[OldCallbacks] = []
    clear = language._clear_window
    registered: list[str] = []  # the test's own commands, made as the new window is built

    def clearing(root):
        olds[-1].cleared = True  # from here on, nothing of the old window may run
        clear(root)
        # Commands made now, while the new window is built, must outlive the switch.  (Tkinter
        # names a command by its function's address: a command of the old window deleted while
        # it still runs frees its address for one of these.)
        registered.extend(root.register(lambda: None) for _ in range(300))

    monkeypatch.setattr(language, "_clear_window", clearing)
    switch = language.switch_language
    switch_commands: list[str] = []  # the Tcl command of each callback a switch is to run in
    after_idle = tk.Misc.after_idle

    def scheduling(widget, func, *args):
        after_id = after_idle(widget, func, *args)
        if getattr(func, "__qualname__", "").startswith("LanguageMenu.choose."):  # the menu's switch
            switch_commands.append(str(widget.tk.splitlist(widget.tk.call("after", "info", after_id))[0]))
        return after_id

    monkeypatch.setattr(tk.Misc, "after_idle", scheduling)
    lost: list[str] = []  # commands of the running callback deleted before it returned

    def switching(*args, **kwargs):
        # the callback this runs in (the menu item's after_idle): its command must stay until it returns
        assert switch_commands, "the switch does not run in the menu's callback"
        running = switch_commands[-1]
        result = switch(*args, **kwargs)
        if not root.tk.call("info", "commands", running):
            lost.append(running)
        return result

    monkeypatch.setattr(language, "switch_language", switching)
    pending_at_destroy: list[tuple] = []  # the afters pending as the switch destroyed its first widget
    destroy = tk.BaseWidget.destroy

    def destroying(widget):
        if olds and olds[-1].cleared and len(pending_at_destroy) < len(olds):
            pending_at_destroy.append(widget.tk.splitlist(widget.tk.call("after", "info")))
        destroy(widget)

    monkeypatch.setattr(tk.BaseWidget, "destroy", destroying)
    root = whole_window.root
    background: list[str] = []
    root.tk.createcommand("test_bgerror", lambda message, options: background.append(str(message)))
    root.tk.call("interp", "bgerror", "", "test_bgerror")
    window = whole_window
    try:
        for lang in ["de", "en"] * (rounds // 2):
            busy_window(window)
            root.update()
            old = OldCallbacks()
            olds.append(old)
            meters.listen(old)
            try:
                form, controller = choose(window, lang)
                # every timer of the old window would have come due by now (Compare's and the
                # check's polls, the 250 ms scroll area, the 500 ms save)
                end = time.perf_counter() + 0.6
                wait_until(root, lambda: time.perf_counter() >= end)
            finally:
                meters.unlisten(old)
            assert pending_at_destroy[-1] == (), "afters still pending as the first widget was destroyed"
            assert not lost, f"the command of the callback the switch ran in was deleted while it ran: {lost}"
            assert not old.ran, f"the old window's callbacks ran after the switch: {sorted(set(old.ran))}"
            gone = [name for name in registered if not root.tk.call("info", "commands", name)]
            assert not gone, f"commands made during the switch were deleted by the old window: {gone}"
            for name in registered:
                root.deletecommand(name)
            registered.clear()
            assert not background, f"Tk background errors: {background}"
            assert not root.callback_errors, root.callback_errors
            window = SimpleWindow(root, form, controller)
        window.controller.close()
    finally:
        try:
            root.tk.call("interp", "bgerror", "", "")
        except tk.TclError:
            pass
