"""``python -m app [FILE]`` / ``sudoku-solver [FILE]``: open the Sudoku window."""
from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

NO_DISPLAY = "sudoku-solver: cannot open a window: no display (is DISPLAY set?)"


def _say(line: str) -> None:
    if sys.stderr is not None:  # a Windows gui-script has no console
        print(line, file=sys.stderr)


def _setup_logging(folder: Path) -> None:
    import os
    import stat
    from logging.handlers import RotatingFileHandler

    from .storage import set_aside

    log = folder / "app.log"
    try:  # a pipe named app.log would block the first line logged, for ever: set it aside
        if not stat.S_ISREG(os.stat(log).st_mode) and set_aside(log) is None:
            return
    except FileNotFoundError:
        pass
    except OSError:
        return
    try:
        handler = RotatingFileHandler(log, maxBytes=1_000_000, backupCount=1, encoding="utf-8")
    except OSError:
        return
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)
    logging.getLogger().setLevel(logging.INFO)


def _set_icon(root) -> None:
    """The window icon from assets/ (next to the packages, or inside a frozen bundle)."""
    import tkinter as tk

    base = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parent.parent))
    for name in ("icon-64.png", "icon-32.png"):
        path = base / "assets" / name
        if path.is_file():
            try:
                root.iconphoto(True, tk.PhotoImage(master=root, file=str(path)))
            except tk.TclError:
                pass
            return


def _saved_state() -> Path | None:
    """The state file in the per-user folder when there is one, though the folder cannot be
    written to (read-only): it is shown, not saved."""
    import os

    from .platform import user_data_dir

    state = user_data_dir(create=False) / "state.json"
    return state if os.path.lexists(state) else None


def run(path: str | None = None, lesson: str | None = None) -> int:
    """Open the window (showing ``path`` when given, or the lesson ``lesson``: a built-in's name or a
    lesson file) and run until it closes; 2 without a display."""
    import tkinter as tk

    from .platform import enable_dpi_awareness, migrate_old_files, usable_config_dir, usable_data_dir
    from .storage import move_settings_out

    enable_dpi_awareness()
    try:
        root = tk.Tk(className="SudokuSolver")
    except tk.TclError as exc:
        text = str(exc).lower()
        _say(NO_DISPLAY if "display" in text else f"sudoku-solver: cannot open a window: {exc}")
        return 2
    import solver

    solver.set_language(None)  # the system's language until the saved choice is read (start_language)
    folder, problem = usable_data_dir()  # never raises: no usable folder, no saved state
    settings_path = None
    if folder is not None:
        moved = migrate_old_files(folder)  # an older version's folder, once (never raises)
        _setup_logging(folder)
        for moved_file in moved:  # (not ``path``: that is the file to open)
            logging.getLogger(__name__).info("moved %s here from the old per-user folder", moved_file.name)
        config, why = usable_config_dir()  # no usable folder: the settings stay in the state file
        if config is None:
            logging.getLogger(__name__).warning(why)
        else:
            settings_path = config / "settings.json"
            for key in move_settings_out(folder / "state.json", settings_path):  # once, from <= 1.0.0
                logging.getLogger(__name__).info("moved the setting %s from state.json to %s", key, settings_path)
    _set_icon(root)
    from .features.language import start_language

    state_path, shared = None, None
    if folder is not None:
        from .instances import claim_state_file

        # a second window on this folder keeps its own state file: no close overwrites the other's grid
        state_path, shared = claim_state_file(folder)
    # the saved language, else the system's: before the window is built, so it is worded in it
    start_language(settings_path, folder / "state.json" if folder else None)
    form, controller = build_window(root, state_path, settings_path)
    form.fit_to_screen()  # never larger than the screen's work area (the saved size comes with the state)
    if folder is None:  # a read-only folder: the saved grid is still shown (and never written)
        controller.session.read_only_path = _saved_state()
    controller.start(path)
    if shared:  # said at once, before any digit is typed
        logging.getLogger(__name__).info(shared)
        form.set_status(" ".join((shared, form.status_text())), "warn" if state_path is None else "info")
    elif state_path is not None:
        from .instances import later_grids
        from .wording import say

        later = later_grids(state_path.parent)
        if later:  # a second window was closed last: its grid is kept, not shown here
            form.set_status(" ".join((form.status_text(), say(
                "A grid another window saved later is kept in {names:and}: start the app again, with this "
                "window open, to go on with it.", names=later))))
    if problem:
        # and whether the saved grid could be shown (app/session.py): why not, or that it is
        shown = controller.session.read_problem
        if shown is None and controller.session.read_only_path is not None:
            shown = form.status_text()  # "Welcome back: your grid is as you left it (…)."
        problem = " ".join(filter(None, (problem, shown)))
        logging.getLogger(__name__).warning(problem)
        form.set_status(problem, "warn")
    form.cell_grid.focus_cell((0, 0))
    if lesson:
        root.after_idle(lambda: open_lesson(controller.features["lessons"], lesson))
    root.mainloop()
    return 0


def build_window(root, state_path: Path | None, settings_path: Path | None = None):
    """The form and its controller on ``root``, with every feature installed: (form, controller).

    ``state_path`` is the state file (None: nothing is saved), ``settings_path`` the settings
    file (None: the settings are kept in the state file); app/session.py.

    The installed features are in ``controller.features`` by name (``"demo"``, ``"teach"``,
    ``"paper"``, ``"compare"``, ``"presentation"``, ``"notes"``, ``"highlight"``, ``"lessons"``,
    ``"language"``).

    Features plug in here (each adds its menus, side-panel tabs and actions).  Used by
    :func:`run` and by ``tools/screenshot.py``, so the screenshot shows the real window.
    """
    from .controller import Controller
    from .window.view import SudokuForm

    form = SudokuForm(root)
    controller = Controller(form, state_path=state_path)
    controller.session.use_settings_file(settings_path)
    from .features.compare import install_compare
    from .features.demo import install_demo
    from .features.highlight import install_highlight
    from .features.notes import install_notes
    from .features.paper import install_paper
    from .features.presentation import install_presentation
    from .features.teach import install_teach

    demo = install_demo(form, controller)  # classroom mode: the search demo
    notes = install_notes(form, controller)  # the person's pencil marks (before teach: its guard wraps them)
    teach = install_teach(form, controller, demo)  # candidates, hints, explained solution, card, generator
    paper = install_paper(form, controller)  # File ▸ Print… and Print worksheet…
    compare = install_compare(form, controller)  # the check code, Read back, Compare with your paper
    presentation = install_presentation(form, demo)  # the demo full screen for a projector (F11)
    demo.grid.follow_candidates(teach.var_candidates, lambda: demo.active)  # C during the demo: its candidates
    from .window.layout import WindowSize, dpi_factor, fit_tree_rows, scale_tree_columns, wrap_wide_labels

    controller.features["window"] = WindowSize(form)  # the window's size, saved with the state
    # nothing in the side panel is cut off: full-width labels wrap, tables grow with the display's dpi
    wrap_wide_labels(form.side_panel, skip=(demo.panel.frame,))  # the demo's panel flows its own rows
    scale_tree_columns(form.side_panel, dpi_factor(root), skip=(demo.panel.table, *teach.card.tables))
    fit_tree_rows(root)
    highlight = install_highlight(form, controller)  # the focused digit, its units, a chosen digit
    from .features.lessons import install_lessons

    # lesson mode: the lessons drive the other features, handed in here (features never import each other)
    lessons = install_lessons(form, controller, presentation, demo, teach)
    controller.features.update(demo=demo, teach=teach, paper=paper, presentation=presentation, notes=notes,
                               highlight=highlight, lessons=lessons, compare=compare)
    from .features.language import install_language

    install_language(form, controller, build_window)  # View ▸ Language: builds the window again
    return form, controller


def open_lesson(lessons, name: str) -> bool:
    """Start the built-in lesson ``name``, or the lesson file ``name`` (a path)."""
    from .features.lessons.format import builtin_lessons

    if name in [x.name for x in builtin_lessons()] or not Path(name).exists():
        return lessons.open_builtin(name)
    return lessons.open_file(name)


def list_lessons() -> int:
    """Print the built-in lessons (name, steps, title), for ``--lesson NAME``."""
    from .features.lessons.format import builtin_lessons

    for lesson in builtin_lessons():
        print(f"{lesson.name:<12} {len(lesson.steps):>3} steps  {lesson.title}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and open the window (0 on a normal close)."""
    import solver

    parser = argparse.ArgumentParser(
        prog="sudoku-solver",
        description="Sudoku teaching app: type or paste a puzzle, check it, solve it.",
    )
    parser.add_argument("--version", action="version", version=f"sudoku-solver {solver.__version__}")
    parser.add_argument("--selftest", action="store_true",
                        help="check that the app and its Tcl/Tk work, without opening a window")
    parser.add_argument("--lesson", metavar="NAME",
                        help="open straight into a lesson: a built-in's name (see --list-lessons) or a lesson file")
    parser.add_argument("--list-lessons", action="store_true", help="list the built-in lessons and exit")
    parser.add_argument("file", nargs="?", metavar="FILE",
                        help=f"a puzzle file to open ({', '.join('.' + e for e in solver.OPEN_EXTENSIONS)})")
    args = parser.parse_args(argv)
    if args.selftest:
        try:
            from . import selftest
        except ImportError as exc:
            _say(f"sudoku-solver: no self-test in this build ({exc})")
            return 2
        return selftest.main()
    if args.list_lessons:
        return list_lessons()
    return run(args.file, args.lesson)


if __name__ == "__main__":
    sys.exit(main())
