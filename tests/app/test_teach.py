"""Teach the logic on a real Tk root: candidates, the hint ladder, the explained solution,
the difficulty card, the generator and worksheets (app/features/teach/, hints.py, explain.py, card.py, puzzles.py)."""
from __future__ import annotations

import re

import pytest

import solver
from app.features.demo import install_demo
from app.model import Board
from app.window.looks import HINT_MARKS
from app.features.paper import install_paper
from app.features.teach import install_teach
from conftest import RecordingDialogs

pytestmark = pytest.mark.gui

TUTORIAL = solver.example("tutorial").line
# Norvig's top95 #1: Fiendish (SE 5.5, a WXYZ-Wing), the classic backtracker needs 392,885 placements
# (under the cap)
EXPERT = "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."
MEDIUM = ("medium", "rotational", 7)  # singles, then two Pointings, then a Naked Pair


class WorksheetDialogs(RecordingDialogs):
    def ask_save_worksheet(self, initial=None):
        self.calls.append(("ask_save_worksheet", initial))
        return self.save_path


@pytest.fixture
def app(sudoku_app):
    sudoku_app.form.dialogs = sudoku_app.dialogs = WorksheetDialogs()
    sudoku_app.demo = install_demo(sudoku_app.form, sudoku_app.controller)
    sudoku_app.teach = install_teach(sudoku_app.form, sudoku_app.controller, sudoku_app.demo)
    sudoku_app.paper = install_paper(sudoku_app.form, sudoku_app.controller)
    sudoku_app.root.geometry("+0+0")
    sudoku_app.root.update()
    return sudoku_app


def load(app, line_or_grid):
    g = solver.parse(line_or_grid) if isinstance(line_or_grid, str) else line_or_grid
    app.controller.files.load_puzzle(g, "test puzzle")
    app.root.update()
    return g


def clause(text):
    """``text`` as the status line words it after a colon, in English: lower case first."""
    return text[:1].lower() + text[1:]


def marked(app, name):
    return {(r, c) for r in range(9) for c in range(9) if name in app.form.cell_grid.cell_marks((r, c))}


def key(app, cell, keysym, state=None):
    w = app.form.cells[9 * cell[0] + cell[1]]
    w.focus_force()
    app.root.update()
    if state is None:
        w.event_generate("<KeyPress>", keysym=keysym)
    else:
        w.event_generate("<KeyPress>", keysym=keysym, state=state)
    app.root.update()


def press_h(app, rung):
    """Press H in a cell and wait until the ladder shows ``rung``."""
    key(app, (8, 8), "h")
    assert app.wait(lambda: app.teach.hints.level == rung, timeout=30), app.form.status_text()


def pictures(app):
    return [(app.form.cell_grid.cell_text(c), app.form.cell_grid.cell_style(c)) for c in ((r, k) for r in range(9) for k in range(9))]


def position_before(app, puzzle, technique):
    """Show ``puzzle`` with the logical path's placements up to its first ``technique`` step typed in."""
    path = solver.logical_path(puzzle)
    k = next(i for i, s in enumerate(path) if s.technique == technique)
    before = path.grid_at(k)
    entries = solver.Grid(d if not puzzle.cells[i] else 0 for i, d in enumerate(before.cells))
    app.controller.apply(Board(givens=puzzle, entries=entries, mode="solving"), "position")
    app.root.update()
    return path, k


# -- the hint ladder ------------------------------------------------------------------
def test_hint_ladder_names_points_highlights_concludes_and_applies_as_one_undo_step(app):
    g = load(app, TUTORIAL)
    expected = solver.hint(g, givens=g).step
    press_h(app, 1)
    # a rung's mark, number and name stay on one line where the panel wraps ("○" alone at a line's end)
    assert app.teach.hints.rungs.cget("text").startswith("●\u00a01\u00a0technique  ○\u00a02\u00a0")
    assert expected.technique in app.form.status_text()
    assert app.teach.hints.title.cget("text").endswith(expected.technique)
    assert app.teach.hints.link.cget("text") == f"What is a {expected.technique}?"
    assert not marked(app, "hint_cells")  # rung 1 gives the name only
    press_h(app, 2)
    assert clause(expected.unit_hint) in app.form.status_text()
    assert marked(app, "hint_unit") == {c for u in expected.units for c in u.cells}
    assert not marked(app, "hint_cells")
    press_h(app, 3)
    assert marked(app, "hint_cells") == set(expected.highlight)
    (cell, digit), = expected.placements
    assert app.form.pencil.shown(cell) is None  # a Naked Single's lone candidate is its answer: not yet
    press_h(app, 4)
    assert clause(expected.conclusion) in app.form.status_text()
    assert marked(app, "hint_target") == set(expected.targets)
    assert digit in app.form.pencil.shown(cell)  # a hint draws its cells' candidates, even when off
    assert digit in app.form.pencil.look(cell)[1]
    assert app.form.cell_grid.cell_text(cell) == ""
    key(app, (8, 8), "h")  # rung 5: apply
    assert app.form.cell_grid.cell_text(cell) == str(digit) and app.controller.board.entries[cell] == digit
    assert "Applied" in app.form.status_text() and app.teach.hints.level == 0
    assert not any(marked(app, m) for m in HINT_MARKS)
    app.form.action_map.fire("undo")
    app.root.update()
    assert app.form.cell_grid.cell_text(cell) == "" and app.controller.board.grid() == g


def test_locking_the_givens_keeps_the_hint_climbed_on_the_same_grid(app):
    # Ctrl+L (Lock givens) changes only the mode: the hint shown still answers the grid on screen, so
    # the ladder stays where it was and H goes on from there; a digit typed then resets it.
    g = solver.parse(TUTORIAL)
    app.controller.apply(Board(givens=g), "typed in givens mode")  # not locked yet
    app.root.update()
    assert app.form.var_givens_mode.get()
    press_h(app, 1)
    press_h(app, 2)
    shown = app.teach.hints.text.cget("text")
    unit = marked(app, "hint_unit")
    key(app, (8, 8), "l", state=0x4)  # Ctrl+L, as a user presses it
    assert not app.form.var_givens_mode.get() and "Locked" in app.form.status_text()
    assert app.teach.hints.level == 2 and app.teach.hints.text.cget("text") == shown
    assert marked(app, "hint_unit") == unit
    press_h(app, 3)  # one rung deeper, not a new hint from rung 1
    cell = next(c for c in g.blanks() if c not in app.teach.hints.hint.step.highlight)
    key(app, cell, "5")  # the grid changes: the hint about the old one goes
    assert app.teach.hints.level == 0 and "The grid changed" in app.teach.hints.text.cget("text")
    assert not marked(app, "hint_unit")


def test_no_rung_of_a_naked_single_gives_its_digit_before_the_conclusion(app):
    # issue 29: rung 3 said "The highlighted cells: r5c6 (digit 4)" and drew the lone candidate
    import re

    g = load(app, TUTORIAL)
    step = solver.hint(g, givens=g).step
    assert step.technique == "Naked Single"
    (cell, digit), = step.placements
    hints = app.teach.hints

    def said():
        """What the tab and the status line say, without cell names and the rungs' numbers."""
        text = "\n".join((hints.title.cget("text"), hints.link.cget("text"), hints.text.cget("text"),
                          app.form.status_text()))
        return re.sub(r"r\dc\d|^\d\. ", "", text, flags=re.M)

    for rung in (1, 2, 3):
        press_h(app, rung)
        assert str(digit) not in said(), (rung, said())
        assert digit not in (app.form.pencil.shown(cell) or ())
    press_h(app, 4)  # "conclusion": now the digit
    assert str(digit) in said() and digit in app.form.pencil.shown(cell)


@pytest.mark.parametrize("lang", sorted(solver.LANGUAGES))
def test_every_hint_status_goes_on_after_its_colon_in_the_languages_one_style(app, lang):
    # issue 29: "Hint: Look at box 4" beside "Hint: look at the highlighted cells", "No hint yet: Your notes…"
    from solver.words.i18n import COLON_CAPITAL

    solver.set_language(lang)
    try:
        g = load(app, TUTORIAL)
        statuses = []
        for rung in (1, 2, 3, 4):
            press_h(app, rung)
            statuses.append(app.form.status_text())
        blank = next(c for c in g.blanks() if c[0] == 0)
        key(app, blank, str(next(d for d in g.rows()[0] if d)))  # a digit twice in row 1
        key(app, (8, 8), "h")
        statuses.append(app.form.status_text())
    finally:
        solver.set_language("en")
    for text in statuses:
        after = text.split(":", 1)[1].strip()  # (French puts a no-break space before its colon)
        assert after[0].isupper() == (lang in COLON_CAPITAL), (lang, text)


def test_the_lesson_link_opens_the_techniques_explanation(app):
    load(app, TUTORIAL)
    press_h(app, 1)
    name = app.teach.hints.hint.step.technique
    app.teach.hints.link.event_generate("<Button-1>")
    app.root.update()
    kind, title, text = app.dialogs.calls[-1]
    assert kind == "show_text" and title == f"What is a {name}?"
    assert solver.technique(name).summary in text and app.teach.hints.hint.step.message in text


def test_techniques_menu_lists_every_technique_with_its_lesson(app):
    app.form.action_map.fire("techniques")
    kind, title, text = app.dialogs.calls[-1]
    assert kind == "show_text" and title == "Techniques"
    assert all(t.name in text and t.summary in text for t in solver.TECHNIQUES)


def test_an_elimination_step_changes_the_candidates_and_undo_brings_them_back(app):
    puzzle = solver.generate(*MEDIUM)
    load(app, puzzle)
    path, k = position_before(app, puzzle, "Pointing")
    step = path[k]
    key(app, (8, 8), "c")  # candidates on
    (cell, digit) = step.eliminations[0]
    assert digit in app.form.pencil.shown(cell)
    for rung in (1, 2, 3):
        press_h(app, rung)
    assert app.teach.hints.hint.step == step
    pattern = step.cells[0]
    assert set(step.digits) <= app.form.pencil.look(pattern)[1]  # the pattern's digits, bold blue
    press_h(app, 4)
    assert digit in app.form.pencil.look(cell)[0]  # rung 4 crosses it out
    key(app, (8, 8), "h")  # apply
    assert digit not in app.form.pencil.shown(cell)
    app.form.action_map.fire("undo")
    app.root.update()
    assert digit in app.form.pencil.shown(cell)
    app.form.action_map.fire("redo")
    app.root.update()
    assert digit not in app.form.pencil.shown(cell)
    press_h(app, 1)  # the next hint builds on the removed candidates
    assert app.teach.hints.hint.step == path[k + 1]


def test_hint_on_a_grid_with_a_conflict_reports_the_conflict_and_gives_no_hint(app):
    g = load(app, TUTORIAL)
    blank = next(c for c in g.blanks() if c[0] == 0)
    digit = next(d for d in g.rows()[0] if d)
    key(app, blank, str(digit))
    conflict = solver.validate(app.controller.board.grid())[0]
    key(app, (8, 8), "h")
    app.root.update()
    assert clause(conflict.message) in app.form.status_text()
    assert app.teach.hints.level == 0 and app.teach.hints.hint is None
    assert set(conflict.cells) <= marked(app, "conflict")
    assert not any(marked(app, m) for m in HINT_MARKS)


def test_hint_on_a_puzzle_with_two_solutions_shows_the_diagnosis(app):
    load(app, solver.example("two_solutions").line)
    key(app, (8, 8), "h")
    assert app.wait(lambda: "No hint" in app.form.status_text())
    assert "No hint: more than one solution" in app.form.status_text()
    assert "exactly one solution" in app.teach.hints.text.cget("text")
    assert app.teach.hints.level == 0 and app.form.findings_panel.shown_text()


@pytest.fixture
def no_forcing(monkeypatch):
    """Logic without forcing chains, so it gets stuck as a path cut short does (they solve everything)."""
    from solver import path as path_module
    from solver.techniques import registry
    finders = tuple(f for f in registry.FINDERS if not f[0].endswith("Forcing Chain"))
    monkeypatch.setattr(registry.find_first, "__defaults__", (finders, None, None))
    defaults = list(path_module.run_path.__defaults__)
    defaults[0] = finders
    monkeypatch.setattr(path_module.run_path, "__defaults__", tuple(defaults))


def test_hint_when_stuck_offers_the_search_demo_from_this_position(app, no_forcing):
    puzzle = load(app, solver.example("hard").line)
    solution = solver.solve(puzzle)
    cell = next(c for c in puzzle.blanks()
                if solver.hint(puzzle.with_digit(c, solution[c]), givens=puzzle).status == "stuck")
    key(app, cell, str(solution[cell]))
    here = app.controller.board.grid()
    key(app, (8, 8), "h")
    assert app.wait(lambda: app.teach.hints.demo_button.winfo_manager() == "pack")
    assert "No technique" in app.teach.hints.title.cget("text")
    assert "search demo" in app.form.status_text()
    app.teach.hints.demo_button.invoke()
    app.root.update()
    assert app.demo.active and app.demo.run.puzzle == here != puzzle
    app.demo.set_order("fewest-candidates")  # another strategy searches the same position
    app.root.update()
    assert app.demo.active and app.demo.run.order == "fewest-candidates" and app.demo.run.puzzle == here
    app.demo.stop()
    app.root.update()
    assert app.controller.board.grid() == here
    app.demo.start()  # a later start (same grid, not from the hint) uses the puzzle again
    assert app.demo.run.puzzle == puzzle
    app.demo.stop()


# -- candidates -----------------------------------------------------------------------
def test_candidates_show_on_demand_and_follow_the_digits_typed(app):
    g = load(app, TUTORIAL)
    cell = g.blanks()[0]
    assert app.form.pencil.shown(cell) is None
    key(app, cell, "c")
    basic = solver.candidates(g)
    assert all(app.form.pencil.shown(c) == tuple(sorted(basic[c])) for c in g.blanks())
    assert app.form.pencil.shown(next(iter(g.filled()))) is None
    digit = min(basic[cell])
    peer = next(c for c in g.blanks() if c != cell and c[0] == cell[0] and digit in basic[c])
    key(app, cell, str(digit))
    assert app.form.pencil.shown(cell) is None  # the typed digit shows, not the pencil marks
    assert digit not in app.form.pencil.shown(peer)
    key(app, cell, "BackSpace")
    assert digit in app.form.pencil.shown(peer)
    small = abs(app.form.pencil.fonts["plain"].cget("size"))
    app.form.zoom(1.5)
    app.root.update()
    assert abs(app.form.pencil.fonts["plain"].cget("size")) > small  # they scale with the zoom
    key(app, cell, "c")
    assert app.form.pencil.shown(peer) is None


def test_ctrl_c_still_copies_and_letters_never_reach_a_cell(app):
    g = load(app, TUTORIAL)
    key(app, (0, 2), "c", state=0x0004)
    assert solver.parse(app.root.clipboard_get()) == g  # the copied grid, not a candidates toggle
    assert not app.teach.var_candidates.get()
    key(app, (0, 2), "h", state=0x0004)
    assert app.teach.hints.hint is None and app.form.cell_grid.cell_text((0, 2)) == ""


# -- explain the solution -------------------------------------------------------------
def test_the_explained_steps_are_worded_in_the_language_with_its_colon(app):
    # "Singleton nu: L5C5 = 5": the row's colon was written in the code, so French lacked its space
    solver.set_language("fr")
    try:
        load(app, TUTORIAL)
        app.form.action_map.fire("explain")
        assert app.wait(lambda: app.teach.explanation.path is not None and app.teach.explanation.steps_list.size() > 0)
        rows = app.teach.explanation.steps_list.get(0, "end")
    finally:
        solver.set_language("en")
    first = app.teach.explanation.path[0]
    assert rows[0].strip().startswith("1. " + solver.translate(first.technique, "technique", lang="fr") + "\u00a0: L"), rows[0]
    assert not any(re.search(r"[^\u00a0]:", row) for row in rows), rows


def test_explain_shows_the_grid_at_a_step_and_back_restores_the_users_grid(app):
    g = load(app, TUTORIAL)
    solution = solver.solve(g)
    mine = g.blanks()[-1]
    key(app, mine, str(solution[mine]))  # one entry of the user's own
    board, before = app.controller.board, pictures(app)
    app.form.action_map.fire("explain")
    assert app.wait(lambda: app.teach.explanation.path is not None and app.teach.explanation.steps_list.size() > 0)
    path = app.teach.explanation.path
    assert app.teach.explanation.steps_list.size() == len(path) == len(solver.logical_path(g))
    k = 10
    app.teach.explanation.steps_list.selection_set(k)
    app.teach.explanation.steps_list.event_generate("<<ListboxSelect>>")
    app.root.update()
    step, at = path[k], path.grid_at(k)
    placed = dict(step.placements)
    for r in range(9):
        for c in range(9):
            want = placed.get((r, c), at[r, c])
            assert app.form.cell_grid.cell_text((r, c)) == (str(want) if want else "")
    assert app.form.cell_grid.cell_style(next(iter(placed))) == "placed"
    assert marked(app, "hint_cells") == set(step.cells)
    assert marked(app, "hint_target") == set(step.targets)
    cands = path.candidates_at(k)
    blank = next(c for c in at.blanks() if c not in placed)
    assert app.form.pencil.shown(blank) == tuple(sorted(cands[blank]))
    app.teach.explanation.steps_list.focus_force()
    app.teach.explanation.steps_list.event_generate("<KeyPress>", keysym="Down")  # ↓ in the list: the next step
    app.root.update()
    assert app.teach.explanation.explaining == k + 1
    app.teach.explanation.steps_list.event_generate("<KeyPress>", keysym="Up")
    app.root.update()
    assert app.teach.explanation.explaining == k
    key(app, blank, "5")  # typing is refused while a step is shown
    assert app.controller.board is board and "Back to my grid" in app.form.status_text()
    app.teach.explanation.back_button.invoke()
    app.root.update()
    assert pictures(app) == before and app.controller.board is board
    assert not any(marked(app, m) for m in HINT_MARKS)
    assert app.form.pencil.shown(blank) is None  # candidates were off for the user's grid


def test_back_to_my_grid_leaves_the_paths_summary_under_the_list_not_the_old_step(app):
    load(app, TUTORIAL)
    explain = app.teach.explanation
    app.form.action_map.fire("explain")
    assert app.wait(lambda: explain.steps_list.size() > 0)
    summary = explain.step_text.cget("text")
    assert "Choose a step" in summary
    explain.show_step(5)
    assert explain.step_text.cget("text").startswith("Step 6 of")
    explain.back_button.invoke()
    app.root.update()
    assert explain.explaining is None and explain.step_text.cget("text") == summary
    explain.show_step(7)
    explain.steps_list.focus_force()
    app.root.update()
    explain.steps_list.event_generate("<Escape>")  # Esc in the list is Back to my grid too
    app.root.update()
    assert explain.explaining is None and explain.step_text.cget("text") == summary


def test_home_and_end_in_the_list_of_steps_go_to_the_first_and_last_step(app):
    load(app, TUTORIAL)
    explain = app.teach.explanation
    app.form.action_map.fire("explain")
    assert app.wait(lambda: explain.steps_list.size() > 0)
    n = len(explain.path)
    explain.steps_list.focus_force()
    app.root.update()
    for keysym, step in (("End", n - 1), ("Home", 0), ("KP_End", n - 1), ("KP_Home", 0)):
        explain.steps_list.event_generate("<KeyPress>", keysym=keysym)
        app.root.update()
        assert explain.explaining == step and explain.steps_list.curselection() == (step,), keysym
        assert explain.step_text.cget("text").startswith(f"Step {step + 1} of {n}")
    explain.steps_list.event_generate("<KeyPress>", keysym="Down")  # ↓ goes on from there
    app.root.update()
    assert explain.explaining == 1


def test_page_keys_in_the_list_of_steps_or_the_findings_scroll_them_and_keep_the_puzzle(app):
    # PgUp/PgDn are Previous/Next puzzle in the grid; a list or text with the keyboard keeps them for
    # itself, so paging through the steps never also opens another puzzle of the collection
    app.root.clipboard_clear()
    app.root.clipboard_append(TUTORIAL + "\n" + EXPERT)
    app.form.action_map.fire("paste")
    app.root.update()
    assert app.form.collection_label.cget("text") == "puzzle 1 of 2"
    explain = app.teach.explanation
    app.form.action_map.fire("explain")
    assert app.wait(lambda: explain.steps_list.size() > 0)
    assert len(explain.path) > int(explain.steps_list.cget("height"))  # the list has pages to turn
    explain.steps_list.focus_force()
    app.root.update()
    for keysym, scrolled in (("Next", True), ("Prior", False)):
        explain.steps_list.event_generate("<KeyPress>", keysym=keysym)
        app.root.update()
        assert app.controller.collection_index == 0 and app.controller.board.givens == solver.parse(TUTORIAL), keysym
        assert (explain.steps_list.nearest(0) > 0) == scrolled and explain.path is not None, keysym
    app.form.side_panel.select(app.form.findings_tab)
    app.form.findings.focus_force()
    app.root.update()
    for keysym in ("Next", "Prior", "KP_Next"):
        app.form.findings.event_generate("<KeyPress>", keysym=keysym)
        app.root.update()
        assert app.controller.collection_index == 0, keysym
    key(app, (0, 0), "Next")  # in the grid PgDn is still the next puzzle
    assert app.controller.collection_index == 1 and app.controller.board.givens == solver.parse(EXPERT)


def test_switching_tabs_leaves_the_explanation(app):
    load(app, TUTORIAL)
    before = pictures(app)
    app.form.action_map.fire("explain")
    assert app.wait(lambda: app.teach.explanation.steps_list.size() > 0)
    app.teach.explanation.show_step(20)
    assert pictures(app) != before
    app.form.side_panel.select(app.form.findings_tab)
    app.root.update()
    assert app.teach.explanation.explaining is None and pictures(app) == before


# -- the difficulty card --------------------------------------------------------------
def test_difficulty_card_after_check_matches_solver_rate(app):
    g = load(app, EXPERT)
    app.form.action_map.fire("check")
    assert app.wait(lambda: bool(app.teach.card.fields["score"].cget("text")), timeout=60)
    r = solver.rate(g)
    text = app.teach.card.text()
    assert app.teach.card.level.cget("text") == r.label == "Fiendish"
    assert app.teach.card.se.cget("text") == "about 5.5 on Sudoku Explainer's scale" and r.se == 5.5
    assert "Unique ✓" in text and f"givens: {r.givens}" in text
    assert f"hardest: {r.hardest} (Fiendish)" in text and f"score: {r.score:,}" in text
    for name, n in r.counts.items():
        assert f"{name}: {n}×" in text
    assert (f"Classic backtracker: {r.backtrack.placements:,} placements, {r.backtrack.backtracks:,} "
            "backtracks") in text
    assert f"Fast solver (nodes): {r.search.nodes:,} placements" in text
    assert str(app.form.side_panel.select()) == str(app.teach.card.tab)
    assert "Difficulty: Fiendish" in app.form.status_text()


def test_the_rating_status_names_the_cards_tab_as_titled_now(app):
    # a narrow side panel titles the tab "Card" (app/window/view.py SHORT_TITLES): the status said "Difficulty tab"
    load(app, EXPERT)
    panel, tab = app.form.side_panel, app.teach.card.tab
    panel.tab(tab, text="Card")
    app.form.action_map.fire("difficulty")
    assert app.wait(lambda: "Difficulty: Fiendish" in app.form.status_text(), timeout=60)
    assert "the card is in the Card tab." in app.form.status_text(), app.form.status_text()


def test_difficulty_card_of_a_puzzle_without_one_solution_says_so(app):
    load(app, solver.example("two_solutions").line)
    app.form.action_map.fire("difficulty")
    assert app.wait(lambda: app.teach.card.level.cget("text") == "Not rated")
    assert "More than one solution" in app.teach.card.text()


# -- new puzzles and worksheets -------------------------------------------------------
def test_new_puzzle_dialog_loads_a_unique_puzzle_of_the_level_as_givens(app):
    old = load(app, TUTORIAL)
    dialog = app.teach.new_puzzle_dialog()
    dialog.var_level.set("easy")
    dialog.var_symmetry.set("mirror")
    dialog.go_button.invoke()
    assert app.wait(lambda: app.controller.board.givens != old, timeout=60)
    b = app.controller.board
    g = b.givens
    assert b.mode == "solving" and not b.entries.filled_count
    assert solver.count_solutions(g, 2) == 1 and solver.rate(g).level == "easy"
    assert all(bool(g[r, c]) == bool(g[r, 8 - c]) for r in range(9) for c in range(9))  # mirror
    assert "New Easy puzzle" in app.form.status_text() and "made in" in app.form.status_text()
    card = app.teach.card.text()  # the generator rated it: its card is there at once (issue 29)
    assert app.teach.card.level.cget("text") == "Easy" and "Not rated" not in card and "Unique ✓" in card, card
    assert app.wait(lambda: not dialog.alive)
    app.form.action_map.fire("undo")
    app.root.update()
    assert app.controller.board.givens == old


def test_cancel_stops_generating_and_keeps_the_grid(app):
    old = load(app, TUTORIAL)
    dialog = app.teach.new_puzzle_dialog()
    dialog.var_level.set("hard")
    dialog.go_button.invoke()
    assert dialog.running
    dialog.cancel_button.invoke()
    assert not dialog.running and "Cancelled" in app.form.status_text()
    app.wait(lambda: False, timeout=0.3)
    assert app.controller.board.givens == old and dialog.alive


def test_a_slow_pair_says_so_names_the_quicker_one_and_still_generates(app):
    old = load(app, TUTORIAL)
    dialog = app.teach.new_puzzle_dialog()
    dialog.var_level.set("extreme")
    for symmetry in ("quarter-turn", "mirror"):  # up to a minute at the hardest level
        dialog.var_symmetry.set(symmetry)
        text = dialog.message.cget("text")
        assert (f"Extreme puzzles with {symmetry} symmetry can take up to a minute to find (Cancel stops "
                "it); rotational symmetry is quicker.") == text, text
        assert not dialog.go_button.instate(["disabled"])
    dialog.var_symmetry.set("rotational")
    assert dialog.message.cget("text") == ""
    dialog.var_symmetry.set("mirror")
    dialog.go_button.invoke()  # it still generates, on the worker, and Cancel stops it
    assert dialog.running
    dialog.cancel_button.invoke()
    assert not dialog.running and "Cancelled" in app.form.status_text()
    assert app.controller.board.givens == old and dialog.alive


def test_an_unknown_level_names_the_valid_ones(app):
    app.teach.new_puzzle("impossible")
    assert app.wait(lambda: "valid levels" in app.form.status_text())
    assert "easy, medium, hard, fiendish, diabolical, extreme" in app.form.status_text()


def test_worksheet_of_new_puzzles_has_one_grid_per_puzzle_and_a_solutions_page(app, tmp_path):
    out = tmp_path / "sheet.html"
    app.dialogs.save_path = str(out)
    dialog = app.paper.worksheet_dialog()
    dialog.var_source.set("generate")
    dialog.var_count.set(3)
    dialog.var_level.set("Easy")
    dialog.var_per_page.set(2)
    dialog.var_solutions.set(True)
    dialog.go_button.invoke()
    assert app.wait(lambda: "Saved a worksheet" in app.form.status_text(), timeout=60)
    html = out.read_text()
    assert html.count('class="page puzzles"') == 2 and html.count('class="page solutions"') == 1
    assert html.count("Puzzle ") == 3 and html.count("Solution ") == 3 and html.count("<svg") == 6
    assert "· Easy" in html
    assert app.dialogs.calls[-1][0] == "ask_save_worksheet"
    assert "Saved a worksheet of 3 puzzles (2 pages and a solutions page)" in app.form.status_text()


def test_a_worksheet_of_new_puzzles_never_repeats_a_puzzle_in_another_picture(app, data_lines, tmp_path, monkeypatch):
    """Students notice a repeat even relabelled and reordered: the worksheet keeps only puzzles
    whose canonical forms differ (issue 28)."""
    import random
    from solver.isomorph import isomorph
    lines = data_lines("norvig_easy50")[:3]
    a = solver.parse(lines[0])
    again = solver.Grid(isomorph(a.cells, random.Random(1)))
    made = iter([a, again, solver.parse(lines[1]), solver.parse(lines[2])])
    monkeypatch.setattr(solver, "generate", lambda *args, **kw: next(made))
    out = tmp_path / "sheet.html"
    app.dialogs.save_path = str(out)
    dialog = app.paper.worksheet_dialog()
    dialog.var_source.set("generate")
    dialog.var_count.set(3)
    dialog.var_level.set("Easy")
    dialog.go_button.invoke()
    assert app.wait(lambda: "Saved a worksheet" in app.form.status_text(), timeout=60)
    html = out.read_text()
    shown = {solver.canonical(solver.parse(m)) for m in re.findall(r'aria-label="Sudoku grid ([^"]+)"', html)
             if solver.parse(m).filled_count < 81}
    assert shown == {solver.canonical(solver.parse(x)) for x in lines}


def test_worksheet_from_the_open_collection(app, data_lines, tmp_path):
    out = tmp_path / "collection.html"
    app.dialogs.save_path = str(out)
    lines = data_lines("kaggle_sample69")[:6]
    app.controller.files.load_collection([solver.parse(x) for x in lines], "kaggle")
    app.root.update()
    dialog = app.paper.worksheet_dialog()
    assert dialog.var_source.get() == "collection"
    dialog.var_count.set(4)
    dialog.var_per_page.set(4)
    dialog.var_solutions.set(False)
    dialog.go_button.invoke()
    assert app.wait(lambda: "Saved a worksheet" in app.form.status_text(), timeout=60)
    html = out.read_text()
    assert html.count("<svg") == 4 and html.count('class="page puzzles"') == 1
    assert 'class="page solutions"' not in html
    for line in lines[:4]:
        assert solver.parse(line).to_line() in html  # each grid's picture is labelled with its line


def test_a_cancelled_save_dialog_writes_nothing(app, tmp_path):
    load(app, TUTORIAL)
    app.dialogs.save_path = None
    dialog = app.paper.worksheet_dialog()
    dialog.var_source.set("current")
    dialog.go_button.invoke()
    app.root.update()
    assert not app.controller.worker.busy and "Not exported" in dialog.message.cget("text")
    assert not list(tmp_path.glob("**/*.html"))


def test_a_worksheet_with_solutions_of_a_puzzle_without_one_solution_says_why(app, tmp_path):
    load(app, solver.example("two_solutions").line)
    out = tmp_path / "two.html"
    app.dialogs.save_path = str(out)
    dialog = app.paper.worksheet_dialog()
    dialog.var_source.set("current")
    dialog.var_solutions.set(True)
    dialog.go_button.invoke()
    assert app.wait(lambda: "not saved" in app.form.status_text())
    assert "more than one solution" in app.form.status_text() and not out.exists()
    assert dialog.alive and not dialog.running


def test_hint_with_a_wrong_entry_crosses_it_out_instead_of_building_on_it(app):
    g = load(app, TUTORIAL)
    solution = solver.solve(g)
    cell, digit = next((c, d) for c in g.blanks() for d in solver.candidates(g)[c] if d != solution[c])
    key(app, cell, str(digit))
    assert not solver.validate(app.controller.board.grid())  # breaks no rule, but is wrong
    key(app, (8, 8), "h")
    assert app.wait(lambda: "No hint" in app.form.status_text())
    assert solver.cell_name(cell) in app.form.status_text()
    assert marked(app, "wrong") == {cell} and app.teach.hints.level == 0
    key(app, (8, 8), "h")  # asking again on the same grid gives the same answer at once
    assert app.teach.hints.title.cget("text") == "Some digits are wrong"


def test_hint_on_an_empty_grid_and_on_a_solved_grid(app):
    key(app, (0, 0), "h")
    assert "no puzzle" in app.form.status_text()
    load(app, TUTORIAL)
    app.form.action_map.fire("solve")
    assert app.wait(lambda: app.controller.board.grid().is_complete())
    key(app, (8, 8), "h")
    assert app.wait(lambda: "complete and correct" in app.form.status_text())


def test_where_the_explained_path_stops_the_search_demo_takes_over_from_there(app, data_lines, no_forcing):
    line = next(x for x in data_lines("norvig_top95")
                if solver.logical_path(solver.parse(x)).stuck and len(solver.logical_path(solver.parse(x))) > 5)
    puzzle = load(app, line)
    app.form.action_map.fire("explain")
    assert app.wait(lambda: app.teach.explanation.steps_list.size() > 0, timeout=30)
    path = app.teach.explanation.path
    assert app.teach.explanation.steps_list.size() == len(path) + 1 and "logic stops" in app.teach.explanation.steps_list.get("end")
    app.teach.explanation.steps_list.selection_set("end")
    app.teach.explanation.steps_list.event_generate("<<ListboxSelect>>")
    app.root.update()
    assert app.teach.explanation.demo_button.winfo_manager() == "grid"
    app.teach.explanation.demo_button.invoke()
    app.root.update()
    assert app.teach.explanation.explaining is None
    assert app.demo.active and app.demo.run.puzzle == path.final_grid != puzzle
    app.demo.stop()
    app.root.update()
    assert app.controller.board.grid() == puzzle


def test_the_what_is_link_reads_on_one_line_in_the_whole_window(whole_window):
    """The hint's "What is a Naked Single?" link wrapped letter by letter (one word a line) once an
    empty link took its text: the window's label wrapping saw the empty link's old width."""
    import tkinter.font as tkfont

    w = whole_window
    w.root.geometry("1024x700+0+0")
    w.controller.files.load_puzzle(solver.parse(solver.example("tutorial").line), "test")
    teach = w.controller.features["teach"]
    w.form.cells[0].focus_force()
    w.root.update()
    w.form.cells[0].event_generate("<KeyPress>", keysym="h")
    from conftest import wait_until

    assert wait_until(w.root, lambda: teach.hints.link.cget("text").startswith("What is"), timeout=30)
    for _ in range(5):
        w.root.update()
    link = teach.hints.link
    line = tkfont.Font(font=link.cget("font")).metrics("linespace")
    assert link.winfo_height() < 2 * line, (link.cget("text"), link.cget("wraplength"), link.winfo_height())
