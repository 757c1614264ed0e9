"""Printable worksheets: puzzles one to six to a page and optional solution pages.

A thin front to :mod:`solver.printing.page` (which draws the pages): each puzzle becomes
"Puzzle n" (with an optional label such as its level) and the document is standalone
HTML with inline SVG grids and print CSS for A4 or US Letter.  Standard library only.
"""
from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ..words.i18n import describe, msg
from .page import PER_PAGE, PrintedSheet, PrintGrid, as_grid, make_sheet

__all__ = ["make_worksheet", "worksheet_sheet", "PER_PAGE"]


def worksheet_sheet(puzzles: Iterable, per_page: int = 4, solutions: bool = False,
                    title: Optional[str] = None, *, labels: Optional[Sequence[str]] = None,
                    paper: str = "a4", auto_print: bool = False, cancel=None,
                    lang: Optional[str] = None) -> PrintedSheet:
    """The worksheet as a :class:`~solver.printing.page.PrintedSheet` (document and page plan).

    ``puzzles`` are Grids (or 81-character lines); ``labels`` optional captions (e.g. the
    level) shown after "Puzzle n".  ValueError as :func:`make_worksheet`.  The words are in
    ``lang`` (default: the chosen language); ``title`` defaults to "Sudoku worksheet" in it.
    """
    grids = [as_grid(p) for p in puzzles]
    if not grids:
        raise ValueError(msg("worksheet_empty"))
    if labels is not None and len(labels) != len(grids):
        raise ValueError("give one label per puzzle")
    items = [PrintGrid(g, number=n, label=str(labels[n - 1]) if labels is not None and labels[n - 1] else "")
             for n, g in enumerate(grids, 1)]
    if title is None:
        title = describe(msg("worksheet_title"), lang)
    return make_sheet(items, per_page, paper=paper, solutions=solutions, title=title,
                      auto_print=auto_print, cancel=cancel, lang=lang)


def make_worksheet(puzzles: Iterable, per_page: int = 4, solutions: bool = False,
                   title: Optional[str] = None, *, labels: Optional[Sequence[str]] = None,
                   paper: str = "a4", lang: Optional[str] = None) -> str:
    """A standalone HTML document with the puzzles ``per_page`` (1 to 6) to a page.

    ``solutions=True`` appends solution pages.  ValueError for another ``per_page``, an
    unknown paper, no puzzles, or (with solutions) a puzzle without exactly one solution.
    """
    return worksheet_sheet(puzzles, per_page, solutions, title, labels=labels, paper=paper, lang=lang).html
