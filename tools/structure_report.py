"""Measure the layout of app/ and solver/ against issue 10's limits, and print what breaks them.

    python tools/structure_report.py            # the limits' breaches, then the largest modules and classes
    python tools/structure_report.py --all      # every module and class with its size

What it measures (tests/test_layers.py holds the code to the same limits):

- lines per module in app/ and solver/ (limit MODULE_LINES) and per class (limit CLASS_LINES),
  a class counted from its ``class`` line to its last line;
- private names (a leading underscore, dunders aside) that one module of app/ or solver/ takes from
  another: ``from .x import _name``, or ``mod._name`` where ``mod`` is an imported module of the project;
- app/ reaching solver/ other than through the top-level ``solver`` package: ``import solver.x``,
  ``from solver.x import ...``, ``from solver import <a submodule>``, or ``solver.<submodule>.name``.

Exit status 1 when a limit is broken (modules and classes only 10 % past "about" 600 and 400).
Standard library only.
"""
from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("app", "solver")
MODULE_LINES = 600
CLASS_LINES = 400
#: the issue says "about" 600 and 400: tests/test_layers.py fails only 10 % past them (a feature's
#: small growth is reported here, not a failed build; past these it is time to split)
MODULE_LINES_HARD = 660
CLASS_LINES_HARD = 440


@dataclass(frozen=True)
class Module:
    """One source file of a package: its dotted name, path and parsed tree."""
    name: str
    path: Path
    tree: ast.Module
    lines: int


def modules(root: Path = ROOT) -> list[Module]:
    """Every module of app/ and solver/ (subpackages included), in path order."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            rel = path.relative_to(root).with_suffix("")
            parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
            text = path.read_text(encoding="utf-8")
            found.append(Module(".".join(parts), path, ast.parse(text, str(path)), len(text.splitlines())))
    return found


def is_private(name: str) -> bool:
    """A leading underscore, but not a dunder nor ``_`` itself (gettext's "translate this", app/wording.py)."""
    return name.startswith("_") and name != "_" and not (name.startswith("__") and name.endswith("__"))


def absolute(module: Module, node: ast.ImportFrom) -> str:
    """The dotted module an ``from ... import`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    package = module.name.split(".")
    if module.path.name != "__init__.py":
        package = package[:-1]
    base = package[:len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def classes(module: Module) -> list[tuple[str, int]]:
    """(qualified name, lines) of every class in the module, nested ones too."""
    out = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                name = prefix + child.name
                out.append((name, child.end_lineno - child.lineno + 1))
                visit(child, name + ".")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, prefix + child.name + ".")

    visit(module.tree, "")
    return out


def imported_modules(module: Module, known: set[str]) -> dict[str, str]:
    """Local name -> project module, for each project module this one imports as a module."""
    bound = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in known:
                    bound[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            source = absolute(module, node)
            for a in node.names:
                if f"{source}.{a.name}" in known:
                    bound[a.asname or a.name] = f"{source}.{a.name}"
    return bound


def private_imports(mods: list[Module]) -> list[str]:
    """Private names one project module takes from another."""
    known = {m.name for m in mods}
    found = []
    for m in mods:
        for node in ast.walk(m.tree):
            if isinstance(node, ast.ImportFrom):
                source = absolute(m, node)
                if source.split(".")[0] in PACKAGES and source != m.name:
                    found += [f"{m.name}:{node.lineno}: from {source} import {a.name}"
                              for a in node.names if is_private(a.name)]
            elif isinstance(node, ast.Import):
                found += [f"{m.name}:{node.lineno}: import {a.name}" for a in node.names
                          if a.name.split(".")[0] in PACKAGES and any(map(is_private, a.name.split(".")))]
        bound = imported_modules(m, known)
        for node in ast.walk(m.tree):
            if isinstance(node, ast.Attribute) and is_private(node.attr):
                target = dotted(node.value)
                if target and target.split(".")[0] in bound:
                    found.append(f"{m.name}:{node.lineno}: {target}.{node.attr}")
    return found


def dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for a chain of names and attributes, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id] + parts[::-1])


def app_reaches_solver_inside(mods: list[Module]) -> list[str]:
    """Places where app/ uses solver other than through the top-level package's names."""
    face = next(m for m in mods if m.name == "solver")
    public = {a.asname or a.name for node in face.tree.body if isinstance(node, ast.ImportFrom) for a in node.names}
    # a submodule whose name the package re-binds (solver.candidates is the function) is public
    submodules = {m.name.split(".", 1)[1].split(".")[0] for m in mods if m.name.startswith("solver.")} - public
    found = []
    for m in mods:
        if not m.name.startswith("app"):
            continue
        solver_names = {"solver"}
        for node in ast.walk(m.tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith("solver."):
                        found.append(f"{m.name}:{node.lineno}: import {a.name}")
                    elif a.name == "solver" and a.asname:
                        solver_names.add(a.asname)
            elif isinstance(node, ast.ImportFrom) and not node.level:
                if (node.module or "").startswith("solver."):
                    found.append(f"{m.name}:{node.lineno}: from {node.module} import ...")
                elif node.module == "solver":
                    found += [f"{m.name}:{node.lineno}: from solver import {a.name} (a submodule)"
                              for a in node.names if a.name in submodules]
        for node in ast.walk(m.tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                    and isinstance(node.value.value, ast.Name) and node.value.value.id in solver_names
                    and node.value.attr in submodules):
                found.append(f"{m.name}:{node.lineno}: {node.value.value.id}.{node.value.attr}.{node.attr}")
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--all", action="store_true", help="list every module and class, not only the largest")
    args = ap.parse_args(argv)
    mods = modules()
    sizes = sorted(((m.lines, m.name) for m in mods), reverse=True)
    class_sizes = sorted(((n, f"{m.name}.{c}") for m in mods for c, n in classes(m)), reverse=True)
    private, inside = private_imports(mods), app_reaches_solver_inside(mods)
    problems = {
        f"modules over {MODULE_LINES} lines (the test fails past {MODULE_LINES_HARD})":
            [f"{name}: {n}" for n, name in sizes if n > MODULE_LINES],
        f"classes over {CLASS_LINES} lines (the test fails past {CLASS_LINES_HARD})":
            [f"{name}: {n}" for n, name in class_sizes if n > CLASS_LINES],
        "private names taken across modules": private,
        "app using solver other than through `solver`": inside,
    }
    for title, items in problems.items():
        print(f"{title}: {len(items)}")
        for item in items:
            print(f"    {item}")
    shown = None if args.all else 10
    print(f"\nlargest modules ({len(mods)} in app/ and solver/, limit {MODULE_LINES}):")
    for n, name in sizes[:shown]:
        print(f"    {n:5d}  {name}")
    print(f"largest classes ({len(class_sizes)}, limit {CLASS_LINES}):")
    for n, name in class_sizes[:shown]:
        print(f"    {n:5d}  {name}")
    hard = bool(private or inside) or any(n > MODULE_LINES_HARD for n, _ in sizes) or \
        any(n > CLASS_LINES_HARD for n, _ in class_sizes)
    return 1 if hard else 0


if __name__ == "__main__":
    sys.exit(main())
