"""Check the shape of app/, solver/ and bench/: no import loop, imports that run one way.

    python tools/structure_report.py          # every breach, then the layers' sizes; exit 1 on a breach

What it reads (every ``import`` and ``from ... import`` in a module, those inside functions
too: a lazy import is still a dependency) and what it holds the code to
(tests/solver/test_layers.py runs the same checks):

- no import loop between any two modules (a cycle in the graph of module -> imported module;
  a package's ``__init__`` imported because one of its modules is, is not an edge);
- the layer rules of :data:`RULES` (solver never imports tkinter or app; app/window never
  imports app/features; only the composition root app/__main__ installs features, and no
  feature imports another; the solver's core never imports its command line, its printing
  or the benchmarks; nothing shipped imports bench, which may measure both);
- app/ uses solver only through the top-level package's names (``import solver``);
- no private name (a leading underscore) crosses modules.

A module may be as long as the one idea it holds; size is not checked.  Standard library only.
"""
from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("app", "solver", "bench")


@dataclass(frozen=True)
class Module:
    """One source file of a package: its dotted name, path and parsed tree."""
    name: str
    path: Path
    tree: ast.Module

    @property
    def is_package(self) -> bool:
        return self.path.name == "__init__.py"


def modules(root: Path = ROOT) -> list[Module]:
    """Every module of the packages (subpackages included), in path order."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            rel = path.relative_to(root).with_suffix("")
            parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
            found.append(Module(".".join(parts), path, ast.parse(path.read_text(encoding="utf-8"), str(path))))
    return found


def absolute(module: Module, node: ast.ImportFrom) -> str:
    """The dotted module an ``from ... import`` names, relative imports resolved."""
    if not node.level:
        return node.module or ""
    package = module.name.split(".")
    if not module.is_package:
        package = package[:-1]
    base = package[:len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports(module: Module, known: set[str]) -> list[tuple[str, int]]:
    """(imported name, line) for every import of ``module``: project modules resolved to the
    deepest module that exists, other names (tkinter, os) as written."""
    def deepest(name: str) -> str:
        probe = name
        while probe and probe not in known:
            probe = probe.rpartition(".")[0]
        return probe or name

    out = []
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            out += [(deepest(a.name), node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = absolute(module, node)
            for a in node.names:
                full = f"{source}.{a.name}"
                out.append((full if full in known else deepest(source), node.lineno))
    return [(name, line) for name, line in out if name != module.name]


def graph(mods: list[Module]) -> dict[str, set[str]]:
    """Module -> the project modules it imports."""
    known = {m.name for m in mods}
    return {m.name: {name for name, _ in imports(m, known) if name in known} for m in mods}


def loops(edges: dict[str, set[str]]) -> list[list[str]]:
    """Each import loop, as one cycle through its strongly connected set (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return [_cycle(edges, set(g)) for g in groups]


def _cycle(edges: dict[str, set[str]], group: set[str]) -> list[str]:
    """One cycle inside a strongly connected ``group``, from its first member back to it."""
    start = min(group)
    path, seen = [start], {start: None}
    frontier = [start]
    while frontier:  # breadth first: the shortest way back to ``start``
        nxt = []
        for node in frontier:
            for child in sorted(edges[node] & group):
                if child == start:
                    back = [node]
                    while seen[back[-1]] is not None:
                        back.append(seen[back[-1]])
                    return back[::-1] + [start]
                if child not in seen:
                    seen[child] = node
                    nxt.append(child)
        frontier = nxt
    return path


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _feature(name: str) -> str | None:
    """``app.features.demo.panel`` -> ``app.features.demo``; None outside app/features."""
    parts = name.split(".")
    return ".".join(parts[:3]) if len(parts) >= 3 and parts[:2] == ["app", "features"] else None


#: (what the rule says, does it apply to the importing module, is the imported name forbidden)
RULES = [
    ("solver never imports tkinter", lambda m: _within(m, "solver"),
     lambda m, n: n.split(".")[0] in ("tkinter", "_tkinter")),
    ("solver never imports app", lambda m: _within(m, "solver"), lambda m, n: _within(n, "app")),
    ("app/window (the form's widgets) never imports a feature", lambda m: _within(m, "app.window"),
     lambda m, n: _within(n, "app.features")),
    ("only the composition root (app/__main__) installs features", lambda m: _within(m, "app")
     and m != "app.__main__" and not _within(m, "app.features"), lambda m, n: _within(n, "app.features")),
    ("a feature never imports another feature", lambda m: _feature(m) is not None,
     lambda m, n: _feature(n) is not None and _feature(n) != _feature(m)),
    ("the solver's core never imports its command line, its printing or the benchmarks",
     lambda m: _within(m, "solver") and m not in ("solver", "solver.__main__") and not _within(m, "solver.cli")
     and not _within(m, "solver.printing"),
     lambda m, n: _within(n, "solver.cli") or _within(n, "solver.printing")),
    ("nothing shipped imports the benchmarks", lambda m: not _within(m, "bench"),
     lambda m, n: _within(n, "bench")),
]


def broken_rules(mods: list[Module]) -> list[str]:
    """``module:line: import name (the rule it breaks)`` for every import a rule forbids."""
    known = {m.name for m in mods}
    found: dict[str, None] = {}  # in order, once each (``from x import a, b`` is one line)
    for m in mods:
        for name, line in imports(m, known):
            found.update((f"{m.name}:{line}: imports {name} ({text})", None)
                         for text, applies, forbidden in RULES if applies(m.name) and forbidden(m.name, name))
    return list(found)


def is_private(name: str) -> bool:
    """A leading underscore, but not a dunder nor ``_`` itself (gettext's "translate this", app/wording.py)."""
    return name.startswith("_") and name != "_" and not (name.startswith("__") and name.endswith("__"))


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


def dotted(node: ast.AST) -> str | None:
    """``a.b.c`` for a chain of names and attributes, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id] + parts[::-1])


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


def app_reaches_solver_inside(mods: list[Module]) -> list[str]:
    """Places where app/ uses solver other than through the top-level package's names."""
    face = next(m for m in mods if m.name == "solver")
    public = {a.asname or a.name for node in face.tree.body if isinstance(node, ast.ImportFrom) for a in node.names}
    # a submodule whose name the package re-binds (solver.candidates is the function) is public
    submodules = {m.name.split(".", 1)[1].split(".")[0] for m in mods if m.name.startswith("solver.")} - public
    found = []
    for m in mods:
        if not _within(m.name, "app"):
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


def report(root: Path = ROOT) -> dict[str, list[str]]:
    """Every breach, by kind (an empty list: none of that kind)."""
    mods = modules(root)
    return {
        "import loops": [" -> ".join(cycle) for cycle in loops(graph(mods))],
        "layer rules broken": broken_rules(mods),
        "app using solver other than through `solver`": app_reaches_solver_inside(mods),
        "private names taken across modules": private_imports(mods),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.parse_args(argv)
    found = report()
    for title, items in found.items():
        print(f"{title}: {len(items)}")
        for item in items:
            print(f"    {item}")
    mods = modules()
    print(f"\n{len(mods)} modules:", ", ".join(
        f"{p} {sum(1 for m in mods if _within(m.name, p))}" for p in
        ("solver", "solver.reading", "solver.typos", "solver.techniques", "solver.words", "solver.printing",
         "solver.cli", "app", "app.window", "app.features", "bench")))
    return 1 if any(found.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
