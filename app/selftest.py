"""``sudoku-solver --selftest``: prove a build works without opening a window.

Runs headless (no display needed), so CI can check the one-file executable:

* the app's modules and the solver import (nothing was left out of the bundle);
* Tcl starts and finds its library (``init.tcl``) and the msgcat module, and Tk's library
  (``tk.tcl``, ttk) is there; in a frozen build both libraries must come from inside the
  bundle, not from the machine;
* the solver solves and diagnoses the tutorial board, and spots the mistyped one.

Prints one line, e.g. ``selftest ok: sudoku-solver 1.0.0, Tcl/Tk 8.6.13 (bundled),
solved tutorial in 3 ms, diagnosis unique`` and returns 0; otherwise prints
``selftest FAILED: <reason>`` (on stderr) and returns 1.  A windowed Windows build has no
console: there the line goes to ``selftest.txt`` in the per-user folder instead.
"""
from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import time
from pathlib import Path

__all__ = ["main", "run_checks", "SelftestError"]

APP_MODULES = ("app.__main__", "app.window.view", "app.controller", "app.platform", "app.instances",
               "app.features.demo", "app.features.teach", "app.features.presentation", "app.features.notes",
               "app.features.highlight", "app.features.lessons")  # the features build_window installs


class SelftestError(Exception):
    """One check failed; str(e) says which and why."""


def _module_names() -> list[str]:
    """The app's core modules, then every other module of ``app`` and ``solver`` that is present.

    In a frozen build "present" means bundled, so this catches a bundled module whose
    top-level imports reach a standard-library part the spec excluded.
    """
    import app
    import solver

    names = ["solver", *APP_MODULES]
    for package in (app, solver):
        for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            if info.name not in names and info.name != "solver.__main__":
                names.append(info.name)
    return names


def _check_imports() -> None:
    """Import the app's modules and the solver (SelftestError naming the first that fails)."""
    for name in ("solver", *APP_MODULES):
        _import(name)
    for name in _module_names():
        _import(name)


def _import(name: str) -> None:
    try:
        importlib.import_module(name)
    except Exception as exc:  # ImportError, or anything a module raises at import time
        raise SelftestError(f"cannot import {name}: {exc.__class__.__name__}: {exc}") from exc


def _check_tcl_tk() -> tuple[str, bool]:
    """Start a Tcl interpreter (no display needed) and find Tk's files: (patchlevel, bundled)."""
    try:
        import tkinter
    except Exception as exc:
        raise SelftestError(f"cannot import tkinter: {exc}") from exc
    try:
        interp = tkinter.Tcl()  # runs init.tcl: fails when the Tcl library is missing
        patchlevel = interp.eval("info patchlevel")
        tcl_library = Path(interp.eval("info library"))
    except tkinter.TclError as exc:
        raise SelftestError(f"Tcl does not start: {exc}") from exc
    try:
        interp.eval("package require msgcat")  # Tk's dialogs need it; a Tcl module, found apart from init.tcl
    except tkinter.TclError as exc:
        raise SelftestError(f"Tcl's msgcat package is missing: {exc}") from exc
    if not (tcl_library / "init.tcl").is_file():
        raise SelftestError(f"no init.tcl in the Tcl library {tcl_library}")
    tk_library = Path(os.environ.get("TK_LIBRARY") or tcl_library.parent / f"tk{tkinter.TkVersion}")
    for needed in ("tk.tcl", "ttk/ttk.tcl"):
        if not (tk_library / needed).is_file():
            raise SelftestError(f"no {needed} in the Tk library {tk_library}")
    bundled = bool(getattr(sys, "frozen", False))
    if bundled:
        bundle = Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent)).resolve()
        for library in (tcl_library, tk_library):
            if bundle not in library.resolve().parents:
                raise SelftestError(f"the Tcl/Tk library {library} is outside the bundle {bundle}")
    return patchlevel, bundled


def _check_solver() -> tuple[float, str]:
    """Solve and diagnose the tutorial board: (milliseconds to solve, diagnosis status)."""
    import solver

    tutorial = solver.parse(solver.example("tutorial").line)
    start = time.perf_counter()
    solution = solver.solve(tutorial)
    elapsed_ms = (time.perf_counter() - start) * 1000
    if solution is None or not solution.is_solution() or not tutorial.agrees_with(solution):
        raise SelftestError(f"the solver did not solve the tutorial board (got {solution})")
    diagnosis = solver.diagnose(tutorial)
    if diagnosis.status != "unique" or diagnosis.solution != solution:
        raise SelftestError(f"the tutorial board diagnosed as {diagnosis.status!r}, expected 'unique'")
    mistyped = solver.diagnose(solver.parse(solver.example("mistyped").line))
    if mistyped.status != "no_solution":
        raise SelftestError(f"the mistyped board diagnosed as {mistyped.status!r}, expected 'no_solution'")
    return elapsed_ms, diagnosis.status


def _check_user_data() -> None:
    """The per-user folders (state, settings) must not be inside the bundle or beside a frozen executable."""
    from app.platform import user_config_dir, user_data_dir

    if os.environ.get("SUDOKU_SOLVER_HOME") or not getattr(sys, "frozen", False):
        return
    for folder in (user_data_dir(create=False).resolve(), user_config_dir(create=False).resolve()):
        for forbidden in (getattr(sys, "_MEIPASS", None), Path(sys.executable).parent):
            if forbidden and (folder == Path(forbidden).resolve() or Path(forbidden).resolve() in folder.parents):
                raise SelftestError(f"user data folder {folder} is inside {forbidden}")


def _check_languages() -> list[str]:
    """Every offered language's catalogues load and translate (in a build: the compiled .mo files)."""
    import solver
    from app import wording

    found = []
    for lang in solver.LANGUAGES:
        if lang != "en":
            for domain, folder in (("solver", Path(solver.__file__).parent), ("app", Path(wording.__file__).parent)):
                mo = folder / "locale" / f"{lang}.mo"
                if getattr(sys, "frozen", False) and not mo.exists():
                    raise SelftestError(f"the {lang} catalogue {mo} is not in the bundle")
            cell = solver.cell_text((2, 6), lang)
            menu = solver.translate("File", domain="app", lang=lang)
            if cell == "r3c7" or menu == "File":
                raise SelftestError(f"the {lang} catalogues did not load (r3c7 -> {cell}, File -> {menu})")
        found.append(lang)
    return found


def _check_lessons() -> None:
    """The built-in lessons are in the build (data files, which no import brings along)."""
    folder = Path(__file__).resolve().parent / "features" / "lessons" / "builtin"
    if not any(folder.glob("*.lesson")):
        raise SelftestError(f"the built-in lessons are missing from the build ({folder})")


def run_checks() -> str:
    """Run every check; the one-line success report (SelftestError on the first failure)."""
    _check_imports()
    import solver

    patchlevel, bundled = _check_tcl_tk()
    elapsed_ms, status = _check_solver()
    _check_user_data()
    _check_lessons()
    languages = _check_languages()
    where = "bundled" if bundled else "system"
    return (f"selftest ok: sudoku-solver {solver.__version__}, Tcl/Tk {patchlevel} ({where}), "
            f"solved tutorial in {elapsed_ms:.1f} ms, diagnosis {status}, languages {' '.join(languages)}")


def _report(line: str, ok: bool) -> None:
    """Print the line; a windowed Windows build has no console, so it also goes to selftest.txt."""
    stream = sys.stdout if ok else sys.stderr
    if stream is not None:
        print(line, file=stream)
        return
    try:
        from app.platform import user_data_dir

        (user_data_dir() / "selftest.txt").write_text(line + "\n", encoding="utf-8")
    except OSError:
        pass


def main(argv: list[str] | None = None) -> int:
    """Print the one-line report; 0 when every check passed, 1 with the reason otherwise."""
    try:
        report = run_checks()
    except SelftestError as exc:
        _report(f"selftest FAILED: {exc}", ok=False)
        return 1
    except Exception as exc:  # a bug in a check must still give a reason and a non-zero code
        _report(f"selftest FAILED: unexpected {exc.__class__.__name__}: {exc}", ok=False)
        return 1
    _report(report, ok=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
