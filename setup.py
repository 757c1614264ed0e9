"""The package build compiles the message catalogues: ``<lang>.po`` -> ``<lang>.mo`` beside it.

Everything else about the package is in pyproject.toml.  An editable install (``pip install
-e .``) reads the ``.po`` files directly (``solver.words.i18n`` compiles them in memory), so only
built packages (wheels, sdists installed with pip) carry the compiled ``.mo`` files.
"""
import importlib.util
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _catalog():
    """solver/words/catalog.py, read from its file: the build imports no other project code."""
    spec = importlib.util.spec_from_file_location("_sudoku_catalog", ROOT / "solver" / "words" / "catalog.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


class BuildWithCatalogues(build_py):
    def run(self):
        super().run()
        catalog = _catalog()
        for po in sorted(ROOT.glob("*/locale/*.po")):
            target = Path(self.build_lib) / po.relative_to(ROOT).with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(catalog.compile_po(catalog.read_po(po.read_text(encoding="utf-8"), str(po))))


setup(cmdclass={"build_py": BuildWithCatalogues})
