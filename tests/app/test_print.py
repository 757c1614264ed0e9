"""Printing: the pure page maker (solver/printing/page.py, solver/printing/worksheet.py) and, on a real Tk root,
File ▸ Print… (Ctrl+P) and File ▸ Print worksheet… (app/features/paper/).

No real browser opens: ``app.features.paper.pages.open_page`` is replaced by a recorder and the tests read
the file it was given.  The announced page count is compared with the page containers in the
written file, and -- when a headless Chromium is installed -- with the pages of the PDF that
Chromium prints from it (skipped otherwise).
"""
from __future__ import annotations

import re
import sys
import shutil
import subprocess
import tempfile

import pytest

import solver
from conftest import load_lines, wait_until
from solver.printing.page import PrintGrid, make_sheet, plan_pages

PUZZLES = [solver.parse(line) for line in load_lines("norvig_easy50")[:24]]
TUTORIAL = solver.parse(solver.example("tutorial").line)
PAGE = re.compile(r'<section class="page ')


def pages_in(html: str) -> int:
    return len(PAGE.findall(html))


def svgs(html: str) -> list[str]:
    return re.findall(r"<svg.*?</svg>", html, re.S)


def texts(svg: str, cls: str) -> list[str]:
    return re.findall(rf'<text class="{cls}"[^>]*>(\d)</text>', svg)


def mm(style: str, name: str) -> float:
    return float(re.search(rf"{name}:\s*([\d.]+)mm", style).group(1))


def a_board_in_progress():
    """The tutorial with 6 of the person's digits, 8 cells of pencil notes (when Boards keep them)."""
    from app.model import Board

    b = Board.from_puzzle(TUTORIAL)
    sol = solver.solve(TUTORIAL)
    blanks = TUTORIAL.blanks()
    for cell in blanks[:6]:
        b = b.with_digit(cell, sol[cell])
    if hasattr(b, "with_notes"):
        for cell in blanks[6:14]:
            b = b.with_notes(cell, {sol[cell], sol[cell] % 9 + 1})
    return b


# -- the pure page maker ------------------------------------------------------------------
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("per_page", solver.PER_PAGE)
def test_the_page_containers_are_the_planned_pages_and_the_grids_fit_the_paper(paper, per_page):
    for count in (1, per_page, per_page + 1, 13):
        sheet = make_sheet(PUZZLES[:count], per_page, paper=paper, solutions=True, title="Week 3")
        html = sheet.html
        assert sheet.plan == plan_pages(count, per_page, count)
        assert pages_in(html) == sheet.plan.pages == -(-count // per_page) + sheet.plan.solution_pages
        assert html.count('class="page puzzles"') == -(-count // per_page)
        assert len(svgs(html)) == 2 * count
        assert f"size: {solver.PAPERS[paper].css} portrait" in html
    # every page's content fits in its box, and the box in the paper's printable area
    width, height = solver.PAPERS[paper].area
    page_css = re.search(r"\.page \{([^}]*)\}", html).group(1)
    assert mm(page_css, "width") <= width and mm(page_css, "height") <= height
    head = float(re.search(r"\.head \{ height: ([\d.]+)mm", html).group(1))
    legend = float(re.search(r"\.legend \{[^}]*height: ([\d.]+)mm", html).group(1))
    for style in set(re.findall(r'<div class="sheet" style="([^"]*)"', html)):
        cols = int(re.search(r"repeat\((\d+),", style).group(1))
        side = float(re.search(r"repeat\(\d+, ([\d.]+)mm", style).group(1))
        row = mm(style, "grid-auto-rows")
        gap = mm(style, "row-gap")
        rows_used = max(-(-per_page // cols), 1)
        assert cols * side + (cols - 1) * mm(style, "column-gap") <= mm(page_css, "width")
        assert head + rows_used * row + (rows_used - 1) * gap + legend <= mm(page_css, "height")


def test_plan_pages_counts_puzzle_and_solution_pages():
    assert plan_pages(24, 2, 24).pages == 12 + 3  # the worksheet of issue 11: 15 pages, not 12 + 1
    assert plan_pages(5, 6, 1) == solver.PagePlan(5, 6, 1, 1, 1, 1)
    assert plan_pages(3, 4).pages == 1 and plan_pages(3, 4).solution_pages == 0
    for bad in (0, 7, 2.0, True):
        with pytest.raises(ValueError, match="1 to 6"):
            plan_pages(3, bad)


def test_the_grid_as_it_stands_keeps_its_layers_apart():
    b = a_board_in_progress()
    from app.features.paper.pages import board_notes, print_grid_of

    item = print_grid_of(b, solver_digits=False)
    svg = svgs(make_sheet([item]).html)[0]
    assert len(texts(svg, "given")) == TUTORIAL.filled_count
    assert texts(svg, "entry") == [str(b.entries[c]) for c in TUTORIAL.blanks()[:6]]
    notes = board_notes(b)
    if notes is None:
        pytest.skip("this Board keeps no pencil notes")
    assert len(texts(svg, "note")) == sum(len(s) for s in notes) == 16
    plain = svgs(make_sheet([print_grid_of(b, entries=False, notes=False)]).html)[0]
    assert not texts(plain, "entry") and not texts(plain, "note")
    assert len(texts(plain, "given")) == TUTORIAL.filled_count


def test_notes_print_only_in_cells_that_print_blank_and_solver_digits_are_italic():
    sol = solver.solve(TUTORIAL)
    blank = TUTORIAL.blanks()
    notes = [frozenset()] * 81
    notes[blank[0][0] * 9 + blank[0][1]] = frozenset({1, 2})
    notes[blank[1][0] * 9 + blank[1][1]] = frozenset({3})
    solved = solver.Grid(sol[c] if c == blank[1] else 0 for c in ((r, k) for r in range(9) for k in range(9)))
    svg = svgs(make_sheet([PrintGrid(TUTORIAL, solved=solved, notes=tuple(notes))]).html)[0]
    assert texts(svg, "note") == ["1", "2"]  # the cell with a solver digit shows the digit, not its notes
    assert texts(svg, "solver") == [str(sol[blank[1]])] and 'font-style="italic"' in svg


def test_copies_share_one_solution_and_a_puzzle_without_one_says_why():
    sheet = make_sheet([PrintGrid(TUTORIAL)] * 5, 6, solutions=True)
    assert sheet.plan.solutions == 1 and pages_in(sheet.html) == 2
    assert sheet.solutions == (solver.solve(TUTORIAL),)
    with pytest.raises(ValueError, match="the puzzle has more than one solution"):
        make_sheet([solver.parse(solver.example("two_solutions").line)] * 2, 2, solutions=True)
    with pytest.raises(ValueError, match="paper must be one of A4, Letter"):
        make_sheet([TUTORIAL], paper="A3")
    with pytest.raises(ValueError, match="no puzzle"):
        make_sheet([])


def test_worksheets_take_one_to_six_a_page_on_either_paper():
    html = solver.make_worksheet(PUZZLES[:7], per_page=3, solutions=True, paper="letter")
    assert html.count('class="page puzzles"') == 3 and pages_in(html) == 3 + 1  # 7 solutions: one 3x3 page
    assert "size: letter portrait" in html and "Solution 7" in html
    with pytest.raises(ValueError, match="1 to 6"):
        solver.make_worksheet(PUZZLES, per_page=7)


def test_only_pages_for_the_printer_open_its_print_dialog():
    assert "window.print(); }, " in make_sheet([TUTORIAL], auto_print=True).html
    assert "window.print(); }, " not in make_sheet([TUTORIAL]).html


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.mark.parametrize("paper,per_page,count,kind", [("a4", 6, 13, "plain"), ("letter", 5, 11, "notes"),
                                                       ("letter", 2, 24, "worksheet")])
def test_a_headless_browser_prints_exactly_the_announced_pages(tmp_path, paper, per_page, count, kind):
    browser = _chromium()
    if browser is None:
        pytest.skip("no headless Chromium installed (the page containers are counted in the other tests)")
    if kind == "worksheet":  # issue 11: 24 puzzles, 2 a page, with solutions: 15 pages, announced 12 + 1
        sheet = solver.worksheet_sheet(PUZZLES[:count], per_page, True, labels=["Easy"] * count, paper=paper)
        assert sheet.plan.pages == 15
    else:
        items = PUZZLES[:count]
        if kind == "notes":
            from app.features.paper.pages import print_grid_of

            items = [print_grid_of(a_board_in_progress())] + items[:count - 1]
        sheet = make_sheet(items, per_page, paper=paper, solutions=True, title="A long title " * 3)
    page = tmp_path / "sheet.html"
    page.write_text(sheet.html, encoding="utf-8")
    pdf = tmp_path / "sheet.pdf"
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--user-data-dir={tmp_path / 'profile'}", f"--print-to-pdf={pdf}", page.as_uri()],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60, check=True)
    printed = len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf.read_bytes()))
    assert printed == sheet.plan.pages == pages_in(sheet.html)
    boxes = {tuple(round(float(x)) for x in box.split())
             for box in re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+ [\d.]+)\s*\]", pdf.read_bytes())}
    assert boxes == ({(595, 842)} if paper == "a4" else {(612, 792)})  # 210 x 297 mm; 8.5 x 11 in


# -- the window: File ▸ Print… and Print worksheet… -----------------------------------------
@pytest.fixture
def printed(monkeypatch, tmp_path):
    """Pages sent to the browser (recorded, never opened) and written under ``tmp_path``."""
    import app.features.paper.pages

    sent: list = []
    monkeypatch.setattr(app.features.paper.pages, "open_page", lambda path: sent.append(str(path)) or True)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setenv("LC_PAPER", "de_DE.UTF-8")
    return sent


def press(win, keysym, state=0x4):
    cell = win.form.cells[0]
    cell.focus_force()
    win.root.update()
    cell.event_generate("<KeyPress>", keysym=keysym, state=state)
    win.root.update()


def test_ctrl_p_prints_the_grid_as_it_stands_with_notes_and_a_solutions_page(whole_window, printed, tmp_path):
    from app.features.paper import dialog_of

    win = whole_window
    win.controller.files.load_puzzle(TUTORIAL, "test puzzle")
    b = a_board_in_progress()
    win.controller.apply(b)
    win.root.update()
    press(win, "p")
    dialog = dialog_of(win.controller)
    assert dialog is not None and dialog.win.title() == "Print"
    assert "6" in dialog.entries_check.cget("text") and dialog.var_paper.get() == "a4"
    dialog.var_copies.set("4")
    dialog.var_per_page.set(2)
    dialog.var_solutions.set(True)
    dialog._update()
    assert "3 pages (2 of puzzles and 1 of solutions) on A4" in dialog.summary.cget("text")
    dialog.go_button.invoke()
    assert wait_until(win.root, lambda: "Sent " in win.form.status_text(), timeout=60) and printed
    html = open(printed[0], encoding="utf-8").read()
    assert printed[0].startswith(str(tmp_path)) and pages_in(html) == 3
    grids = svgs(html)
    assert len(grids) == 4 + 1
    assert texts(grids[0], "entry") == [str(b.entries[c]) for c in TUTORIAL.blanks()[:6]]
    if hasattr(b, "notes"):
        assert len(texts(grids[0], "note")) == 16
    assert "window.print()" in html and "size: A4 portrait" in html
    assert "Sent 3 pages (2 of puzzles and 1 of solutions) on A4" in win.form.status_text()
    assert wait_until(win.root, lambda: not dialog.alive)


def test_without_a_browser_the_page_is_kept_and_the_status_line_says_where(whole_window, monkeypatch, tmp_path):
    import threading

    import app.features.paper.pages
    from app.features.paper import dialog_of

    threads = []
    monkeypatch.setattr(app.features.paper.pages, "open_page", lambda path: threads.append(threading.current_thread()) and False)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    win = whole_window
    win.controller.files.load_puzzle(TUTORIAL, "test puzzle")
    press(win, "p")
    dialog = dialog_of(win.controller)
    dialog.go_button.invoke()
    assert wait_until(win.root, lambda: "No web browser" in win.form.status_text(), timeout=60)
    assert threads and threads[0] is not threading.main_thread()  # a slow browser start never freezes the window
    page = next(tmp_path.glob("sudoku-solver-print*/sudoku-*.html"))
    assert str(page) in win.form.status_text() and pages_in(page.read_text(encoding="utf-8")) == 1
    assert dialog.alive and not dialog.running  # still open: the person can save it elsewhere instead
    assert "✓" not in win.form.status_text() and "Sent" not in win.form.status_text()
    # it offers to show the folder that holds the page
    shown = []
    monkeypatch.setattr(app.features.paper.pages, "open_folder", lambda folder: shown.append(str(folder)) or True)
    assert dialog.folder_button.winfo_ismapped() and dialog.folder_button.cget("text") == "Open the folder"
    dialog.folder_button.invoke()
    assert wait_until(win.root, lambda: shown and not dialog.running, timeout=10)
    assert shown == [str(page.parent)] and page.name in dialog.message.cget("text")
    monkeypatch.setattr(app.features.paper.pages, "open_folder", lambda folder: False)  # no file manager either
    dialog.folder_button.invoke()
    assert wait_until(win.root, lambda: "could not be opened either" in dialog.message.cget("text"), timeout=10)
    assert win.root.clipboard_get() == str(page.parent) and str(page.parent) in win.form.status_text()
    press(win, "p")
    assert dialog_of(win.controller) is dialog  # Ctrl+P again brings the same dialog to the front


def test_the_open_dialogs_follow_the_grid(whole_window, printed):
    from app.model import Board

    win = whole_window
    paper = win.controller.features["paper"]
    win.controller.files.load_puzzle(TUTORIAL, "test puzzle")
    dialog, sheet = paper.print_dialog(), paper.worksheet_dialog()
    assert "(none on the grid)" in dialog.entries_check.cget("text") and sheet.var_source.get() == "current"
    cell = TUTORIAL.blanks()[0]
    win.controller.apply(win.controller.board.with_digit(cell, solver.solve(TUTORIAL)[cell]))
    win.root.update()
    assert dialog.entries_check.cget("text") == "and your digits (1)" and dialog.entries_check.instate(["!disabled"])
    win.controller.files.load_collection([solver.parse(x) for x in load_lines("norvig_easy50")[:3]], "easy")
    win.root.update()
    assert sheet.source_buttons["collection"].instate(["!disabled"])
    assert "(none on the grid)" in dialog.entries_check.cget("text")  # another puzzle: no digits of yours
    win.controller.files.load_puzzle(TUTORIAL, "one puzzle again")  # the collection closes
    win.root.update()
    assert sheet.source_buttons["collection"].instate(["disabled"]) and sheet.var_source.get() == "current"
    win.form.action_map.fire("clear_all")
    win.root.update()
    assert "The grid is empty" in dialog.what_label.cget("text") and dialog.go_button.instate(["disabled"])
    assert sheet.var_source.get() == "generate" and sheet.source_buttons["current"].instate(["disabled"])
    dialog.close()
    sheet.close()
    listeners = len(win.controller.render_listeners)
    win.controller.apply(Board.from_puzzle(TUTORIAL))
    win.root.update()
    assert len(win.controller.render_listeners) == listeners  # closed dialogs follow nothing


def test_ctrl_p_on_an_empty_grid_says_there_is_nothing_to_print(whole_window, printed):
    from app.features.paper import dialog_of

    press(whole_window, "p")
    assert "Nothing to print" in whole_window.form.status_text()
    assert dialog_of(whole_window.controller) is None and not printed


def test_save_as_writes_the_pages_without_opening_anything(whole_window, printed, tmp_path):
    win = whole_window
    win.controller.files.load_puzzle(TUTORIAL, "test puzzle")
    out = tmp_path / "out" / "class.html"
    out.parent.mkdir()
    win.form.dialogs.save_path = str(out)
    dialog = win.controller.features["paper"].print_dialog()
    dialog.var_paper.set("letter")
    dialog.var_per_page.set(6)
    dialog.var_copies.set("12")
    dialog.save_button.invoke()
    assert wait_until(win.root, lambda: "Saved" in win.form.status_text(), timeout=60)
    html = out.read_text(encoding="utf-8")
    assert pages_in(html) == 2 and len(svgs(html)) == 12 and "size: letter portrait" in html
    assert "window.print()" not in html.split("<body>")[0] and not printed
    assert ("ask_save", "sudoku-print.html") in win.form.dialogs.calls
    assert "Saved 2 pages on Letter to class.html" in win.form.status_text()


def test_print_fields_clamp_visibly_and_print_what_they_show(whole_window, printed):
    win = whole_window
    win.controller.files.load_puzzle(TUTORIAL, "test puzzle")
    dialog = win.controller.features["paper"].print_dialog()
    dialog.var_per_page.set(6)
    dialog.var_copies.set("84")
    assert dialog.summary.cget("text") == ""  # no page count is announced for a number not allowed
    dialog.go_button.invoke()
    win.root.update()
    assert dialog.var_copies.get() == "60" and "84 is not allowed (at most 60), so it is now 60" in \
        dialog.message.cget("text")
    assert not printed and not win.controller.worker.busy
    assert "60 copies of the puzzle: 10 pages on A4" in dialog.summary.cget("text")
    dialog.var_copies.set("0")
    dialog.copies_box.event_generate("<Return>")
    win.root.update()
    assert dialog.var_copies.get() == "1" and "0 is not allowed (at least 1)" in dialog.message.cget("text")
    dialog.var_copies.set("60")
    dialog.copies_box.event_generate("<FocusOut>")
    dialog.var_copies.set("ten")
    dialog.copies_box.event_generate("<FocusOut>")
    win.root.update()
    assert dialog.var_copies.get() == "60" and "“ten” is not a whole number from 1 to 60" in \
        dialog.message.cget("text")
    dialog.go_button.invoke()
    assert wait_until(win.root, lambda: "Sent " in win.form.status_text(), timeout=60) and printed
    html = open(printed[0], encoding="utf-8").read()
    assert pages_in(html) == 10 and len(svgs(html)) == 60
    assert "Sent 10 pages on A4" in win.form.status_text()


def test_the_worksheet_dialog_defaults_to_the_open_puzzle(whole_window, printed):
    win = whole_window
    paper = win.controller.features["paper"]
    dialog = paper.worksheet_dialog()
    assert dialog.var_source.get() == "generate" and dialog.source_buttons["current"].instate(["disabled"])
    dialog.close()
    win.controller.files.load_puzzle(TUTORIAL, "test puzzle")
    win.root.update()
    dialog = paper.worksheet_dialog()
    assert dialog.var_source.get() == "current" and dialog.win.title() == "Print worksheet"
    dialog.print_button.invoke()
    assert wait_until(win.root, lambda: "Sent " in win.form.status_text(), timeout=60) and printed
    html = open(printed[0], encoding="utf-8").read()
    assert f'aria-label="Sudoku grid {TUTORIAL.to_line()}"' in html and pages_in(html) == 2  # and its solution
    menu, i = win.form.action_map.items["worksheet"]
    assert menu.entrycget(i, "label") == "Print worksheet…" and menu.entrycget(i, "accelerator") == "Ctrl+Shift+P"
    menu, i = win.form.action_map.items["quit"]
    assert menu.entrycget(i, "label") == "Quit"  # the items after the inserted ones still fire their own action


def test_worksheet_how_many_84_becomes_24_visibly_and_the_announced_pages_are_written(whole_window, printed,
                                                                                   tmp_path):
    win = whole_window
    lines = load_lines("top1465_sample200")[:30]
    win.controller.files.load_collection([solver.parse(x) for x in lines], "top1465")
    win.root.update()
    out = tmp_path / "sheet.html"
    win.form.dialogs.save_path = str(out)
    dialog = win.controller.features["paper"].worksheet_dialog()
    assert dialog.var_source.get() == "collection"
    dialog.var_count.set("84")
    dialog.var_per_page.set(2)
    dialog.var_solutions.set(True)
    dialog.go_button.invoke()
    win.root.update()
    assert str(dialog.var_count.get()) == "24" and "84 is not allowed (at most 24), so it is now 24" in \
        dialog.message.cget("text")
    assert not out.exists() and not win.controller.worker.busy
    assert "24 puzzles: 15 pages (12 of puzzles and 3 of solutions) on A4" in dialog.summary.cget("text")
    dialog.go_button.invoke()
    assert wait_until(win.root, lambda: "Saved a worksheet" in win.form.status_text(), timeout=60)
    html = out.read_text(encoding="utf-8")
    assert pages_in(html) == 15 and html.count('class="page solutions"') == 3 and len(svgs(html)) == 48
    assert "24 puzzles (12 pages and 3 solution pages, 15 in all) on A4" in win.form.status_text()


def test_making_a_worksheet_of_new_puzzles_says_how_many_are_made(whole_window, printed, monkeypatch):
    """File ▸ Print worksheet… making 6 puzzles: "Making puzzle 3 of 6" and a bar that fills (issue 29)."""
    import threading

    win = whole_window
    generate, go_on = solver.generate, threading.Event()

    def one_at_a_time(*args, **kw):  # each puzzle waits for the test, so every count can be seen
        assert go_on.wait(10)
        go_on.clear()
        return generate(*args, **kw)

    monkeypatch.setattr(solver, "generate", one_at_a_time)
    dialog = win.controller.features["paper"].worksheet_dialog()
    assert dialog.var_source.get() == "generate"
    dialog.var_level.set("Easy")
    dialog.var_count.set("6")
    dialog.print_button.invoke()
    for k in range(1, 7):
        assert wait_until(win.root, lambda: f"Making puzzle {k} of 6 (Easy)" in dialog.message.cget("text"), 10), \
            dialog.message.cget("text")
        assert f"Making puzzle {k} of 6" in win.form.status_text()
        assert str(dialog.progress.cget("mode")) == "determinate" and float(dialog.progress.cget("value")) == k - 1
        go_on.set()
    assert wait_until(win.root, lambda: "Sent " in win.form.status_text(), timeout=20) and printed
    assert len(svgs(open(printed[0], encoding="utf-8").read())) == 6 + 6


def test_worksheet_from_a_short_rest_of_the_collection_says_how_many_it_takes(whole_window, printed):
    win = whole_window
    lines = load_lines("norvig_easy50")[:5]
    win.controller.files.load_collection([solver.parse(x) for x in lines], "easy", index=2)
    win.root.update()
    dialog = win.controller.features["paper"].worksheet_dialog()
    dialog.var_count.set("10")
    dialog.var_solutions.set(False)
    dialog.print_button.invoke()
    win.root.update()
    assert str(dialog.var_count.get()) == "3" and "the collection has 3 puzzles from this one on" in \
        dialog.message.cget("text")
    dialog.print_button.invoke()
    assert wait_until(win.root, lambda: "Sent " in win.form.status_text(), timeout=60) and printed
    html = open(printed[0], encoding="utf-8").read()
    assert len(svgs(html)) == 3 and "a worksheet of 3 puzzles (2 pages) on A4" in win.form.status_text()


def test_open_page_hands_the_file_to_the_web_browser(monkeypatch, tmp_path):
    import webbrowser

    import app.features.paper.pages

    asked = []
    monkeypatch.setattr(webbrowser, "open", lambda url, new=0: asked.append((url, new)) or True)
    page = tmp_path / "a b.html"
    page.write_text("<html></html>")
    assert app.features.paper.pages.open_page(page)
    assert asked == [(page.resolve().as_uri(), 2)] and "a%20b.html" in asked[0][0]
    monkeypatch.setattr(webbrowser, "open", lambda url, new=0: False)
    assert not app.features.paper.pages.open_page(page)


@pytest.mark.skipif(sys.platform == "win32", reason="the openers are shell scripts here")
def test_an_opener_that_fails_is_no_browser_though_webbrowser_says_it_opened(monkeypatch, tmp_path, caplog):
    """xdg-open started, found no browser and exited 3: webbrowser.open said True all the same (issue 29).
    Now its exit status counts, and the next browser known is tried."""
    import webbrowser

    import app.features.paper.pages as pages

    page = tmp_path / "page.html"
    page.write_text("<html></html>")
    seen = tmp_path / "seen"
    scripts = {"fails": "sleep 0.3; echo 'xdg-open: no method available for opening' >&2; exit 3",
               "opens": f"echo \"$1\" > {seen}; exit 0",
               "stays": "sleep 2",  # an opener that runs as long as the browser it started
               "missing": None}
    for name, body in scripts.items():
        if body is not None:
            (tmp_path / name).write_text(f"#!/bin/sh\n{body}\n")
            (tmp_path / name).chmod(0o755)

    def known(*names):  # the browsers webbrowser knows, in the order it tries them
        monkeypatch.setattr(webbrowser, "_tryorder", list(names))
        for name in names:
            monkeypatch.setitem(webbrowser._browsers, name, [None, webbrowser.BackgroundBrowser(
                [str(tmp_path / name), "%s"])])

    known("fails")
    assert webbrowser.open(page.as_uri())  # the standard library's answer: True
    known("fails")
    assert not pages.open_page(page)
    assert "status 3" in caplog.text and "no method available" in caplog.text
    known("missing", "fails")
    assert not pages.open_page(page)
    known("fails", "opens")  # the next one is tried
    assert pages.open_page(page) and seen.read_text().strip() == page.resolve().as_uri()
    monkeypatch.setattr(pages, "OPENER_SECONDS", 0.3)
    known("stays")
    assert pages.open_page(page)


@pytest.mark.parametrize("env,paper", [({"LANG": "en_US.UTF-8"}, "letter"), ({"LANG": "de_DE.UTF-8"}, "a4"),
                                       ({"LC_PAPER": "fr_CA.UTF-8", "LANG": "fr_FR.UTF-8"}, "letter"),
                                       ({"LANG": "C.UTF-8"}, "a4")])
def test_the_paper_follows_the_locale(monkeypatch, env, paper):
    from app.features.paper.pages import default_paper

    for var in ("LC_PAPER", "LC_ALL", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    assert default_paper() == paper
