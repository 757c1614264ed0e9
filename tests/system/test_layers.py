"""The shape of the code: no import loop anywhere in app/, solver/ and bench/, imports that run one
way (tools/structure_report.py reads them with ast), and solver free of tkinter when imported."""
from __future__ import annotations

import functools
import importlib.util
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import solver

ROOT = Path(__file__).resolve().parents[2]


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
    assert {"solver.search", "solver.candidates", "solver.techniques.registry", "solver.typos.search"} <= set(names)
    r = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(names)], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)
    assert not result["tkinter"], f"{result['first']} imports tkinter"


@functools.lru_cache(maxsize=1)
def structure_report():
    spec = importlib.util.spec_from_file_location("structure_report", ROOT / "tools" / "structure_report.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["structure_report"] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def test_no_import_loop_and_no_layer_rule_broken():
    report = structure_report()
    names = {m.name for m in report.modules()}
    assert {"app.window.view", "app.features.demo", "solver.reading.parse", "bench.solve"} <= names
    found = report.report()  # once: it reads and walks every module's syntax tree (about 3 CPU s)
    assert found == {kind: [] for kind in found}


def test_the_shipped_packages_leave_the_benchmarks_out():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'include = ["app*", "solver*"]' in text
    assert not any(path.name.startswith(("bench", "typo_bench", "logic_bench")) for path in (ROOT / "solver").rglob("*.py"))


def test_the_report_finds_each_kind_of_breach(tmp_path):
    """The checker itself, on a small made-up tree: each breach it must see, and what it must let pass."""
    report = structure_report()
    files = {
        "solver/__init__.py": "from .grid import Grid\nfrom .candidates import candidates\n",
        "solver/grid.py": "_SECRET = 1\ndef f():\n    from .search import x  # a lazy import is an edge too\n",
        "solver/candidates.py": "def candidates(): pass\nimport tkinter\n",
        "solver/search.py": "from .grid import _SECRET, Grid\nfrom . import grid\nY = grid._SECRET\nx = 1\n",
        "solver/cli/__init__.py": "from ..grid import Grid\n",
        "solver/path.py": "from .cli import main\nimport bench.solve\n",
        "bench/__init__.py": "",
        "bench/solve.py": "import solver\nfrom app import wording\n",
        "app/__init__.py": "",
        "app/wording.py": "def _(t): return t\n",
        "app/controller.py": "from .features.demo import install_demo\n",
        "app/__main__.py": "from .features.demo import install_demo\nfrom .window.view import Form\n",
        "app/window/__init__.py": "",
        "app/window/view.py": ("import solver\nimport solver.search\nfrom solver.grid import Grid\n"
                               "from solver import search, candidates\nfrom ..wording import _\n"
                               "from ..features.demo import Demo\nx = solver.grid.Grid\ny = solver.Grid\n"),
        "app/features/__init__.py": "",
        "app/features/demo/__init__.py": "from ..teach import Teach\nfrom ...window.view import Form\n",
        "app/features/teach/__init__.py": "import solver\n",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    found = report.report(tmp_path)
    assert sorted(found["import loops"]) == ["app.features.demo -> app.window.view -> app.features.demo",
                                             "solver.grid -> solver.search -> solver.grid"]
    rules = sorted(found["layer rules broken"])
    assert rules == [
        "app.controller:1: imports app.features.demo (only the composition root (app/__main__) installs features)",
        "app.features.demo:1: imports app.features.teach (a feature never imports another feature)",
        "app.window.view:6: imports app.features.demo (app/window (the form's widgets) never imports a feature)",
        "app.window.view:6: imports app.features.demo (only the composition root (app/__main__) installs features)",
        "solver.candidates:2: imports tkinter (solver never imports tkinter)",
        "solver.path:1: imports solver.cli (the solver's core never imports its command line, its printing or the "
        "benchmarks)",
        "solver.path:2: imports bench.solve (nothing shipped imports the benchmarks)",
    ]
    assert found["private names taken across modules"] == ["solver.search:1: from solver.grid import _SECRET",
                                                           "solver.search:3: grid._SECRET"]
    assert found["app using solver other than through `solver`"] == [
        "app.window.view:2: import solver.search", "app.window.view:3: from solver.grid import ...",
        "app.window.view:4: from solver import search (a submodule)", "app.window.view:7: solver.grid.Grid"]
