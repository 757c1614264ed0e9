"""The layering of the engine: solver never pulls in tkinter, and modules share only public names."""
from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import solver

ROOT = Path(__file__).resolve().parent.parent
SOLVER = ROOT / "solver"


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


def test_no_private_name_is_imported_across_solver_modules():
    found = []
    for path in SOLVER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("solver")):
                found += [f"{path.relative_to(ROOT)}: {a.name}" for a in node.names
                          if a.name.startswith("_") and node.module != "__future__"]
    assert found == []
