"""The layering: solver never pulls in tkinter, app uses solver only through its public face, no module or
class outgrows issue 10's limits, and modules share only public names (tools/structure_report.py measures)."""
from __future__ import annotations

import functools
import importlib.util
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import solver

ROOT = Path(__file__).resolve().parent.parent


def solver_modules() -> list[str]:
    """Every module of the solver package (subpackages included), by dotted name."""
    names = ["solver"]
    for info in pkgutil.walk_packages(solver.__path__, "solver."):
        names.append(info.name)
    return names


# Run in a fresh interpreter: in this one pytest and the GUI tests may have loaded tkinter.
_PROBE = """
import importlib, json, sys
first = None
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
    if first is None and "tkinter" in sys.modules:
        first = name
print(json.dumps({"tkinter": "tkinter" in sys.modules, "first": first}))
"""


def test_importing_solver_and_each_of_its_modules_leaves_tkinter_out():
    names = solver_modules()
    assert {"solver.search", "solver.candidates", "solver.techniques.registry"} <= set(names)
    r = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(names)], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    assert not result["tkinter"], f"{result['first']} imports tkinter"


# -- issue 10's limits, measured by tools/structure_report.py (python tools/structure_report.py prints them) --
def structure_report():
    if "structure_report" not in sys.modules:
        spec = importlib.util.spec_from_file_location("structure_report", ROOT / "tools" / "structure_report.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["structure_report"] = module  # its dataclass looks its module up there
        spec.loader.exec_module(module)
    return sys.modules["structure_report"]


@functools.lru_cache(maxsize=1)
def project_modules():
    """app/ and solver/ parsed once for the tests below."""
    return structure_report().modules()


def test_no_module_over_about_600_lines_and_no_class_over_about_400():
    report = structure_report()
    mods = project_modules()
    assert {"app.window.view", "app.worker", "solver", "solver.techniques.registry"} <= {m.name for m in mods}
    too_long = [(m.name, m.lines) for m in mods if m.lines > report.MODULE_LINES_HARD]
    big_classes = [(f"{m.name}.{c}", n) for m in mods for c, n in report.classes(m) if n > report.CLASS_LINES_HARD]
    assert too_long == [] and big_classes == []


def test_no_private_name_crosses_modules_and_app_uses_only_solvers_public_face():
    report = structure_report()
    mods = project_modules()
    assert report.private_imports(mods) == []
    assert report.app_reaches_solver_inside(mods) == []


def test_the_structure_report_finds_each_kind_of_breach(tmp_path):
    """The checker itself, on a small made-up tree: each breach it must see, and what it must let pass."""
    report = structure_report()
    files = {
        "solver/__init__.py": "from .grid import Grid\nfrom .candidates import candidates\n",
        "solver/grid.py": "class Grid:\n" + "    x = 1\n" * 450 + "_SECRET = 1\n",
        "solver/candidates.py": "def candidates(): pass\n",
        "solver/search.py": "from .grid import _SECRET, Grid\nfrom . import grid\nY = grid._SECRET\n"
                            + "z = 0\n" * 600,
        "app/__init__.py": "",
        "app/wording.py": "def _(t): return t\n",
        "app/window/view.py": ("import solver\nimport solver.search\nfrom solver.grid import Grid\n"
                        "from solver import search, candidates\nfrom .wording import _\n"
                        "x = solver.grid.Grid\ny = solver.Grid\n"),
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    mods = report.modules(tmp_path)
    sizes = {m.name: m.lines for m in mods}
    assert sizes["solver.search"] == 603 and sizes["solver"] == 2
    assert dict(report.classes(next(m for m in mods if m.name == "solver.grid"))) == {"Grid": 451}
    assert report.private_imports(mods) == ["solver.search:1: from solver.grid import _SECRET",
                                            "solver.search:3: grid._SECRET"]
    assert report.app_reaches_solver_inside(mods) == [
        "app.window.view:2: import solver.search", "app.window.view:3: from solver.grid import ...",
        "app.window.view:4: from solver import search (a submodule)", "app.window.view:6: solver.grid.Grid"]
