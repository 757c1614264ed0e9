"""Printable worksheets: puzzles (1, 2 or 4 per page) and optional solution pages.

The result is one standalone HTML document with inline SVG grids and print
CSS (page breaks, millimetre sizes that fit both A4 and US Letter), so any
browser prints it well.  Standard library only; nothing is fetched.
"""
from __future__ import annotations

from html import escape
from typing import Iterable, Optional, Sequence

from .grid import Grid

__all__ = ["make_worksheet", "PER_PAGE"]

PER_PAGE = (1, 2, 4)
# Grid side on paper per layout; the printable area of A4 and Letter with
# 12 mm margins is at least 186 x 249 mm.
_SIDE_MM = {1: 160, 2: 105, 4: 85}
_SOLUTION_SIDE_MM = 56  # solutions: 3 x 3 small grids per page
_SOLUTIONS_PER_PAGE = 9

_CSS = """
@page { margin: 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; margin: 0; color: #000; }
.page { page-break-after: always; break-after: page; padding: 0; }
.page:last-child { page-break-after: auto; break-after: auto; }
h1 { font-size: 16pt; margin: 0 0 4mm 0; }
h2 { font-size: 13pt; margin: 0 0 3mm 0; }
.sheet { display: flex; flex-wrap: wrap; justify-content: space-around; gap: 6mm 4mm; }
.puzzle { break-inside: avoid; page-break-inside: avoid; text-align: center; }
.caption { font-size: 11pt; margin: 1mm 0 2mm 0; }
.solutions .caption { font-size: 9pt; }
svg { display: block; margin: 0 auto; }
svg .given { font-weight: bold; }
@media screen {
  body { background: #ddd; }
  .page { background: #fff; width: 210mm; min-height: 270mm; margin: 8mm auto; padding: 12mm;
          box-shadow: 0 0 3mm #999; }
}
"""


def _svg(g: Grid, side_mm: float, givens: Optional[Grid] = None) -> str:
    """An inline SVG of ``g``; digits that are also in ``givens`` are bold."""
    cell = 40
    size = 9 * cell
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 {size + 4} {size + 4}" '
           f'width="{side_mm}mm" height="{side_mm}mm" role="img" '
           f'aria-label="Sudoku grid {escape(g.to_line())}">',
           f'<rect x="0" y="0" width="{size}" height="{size}" fill="#fff" stroke="none"/>']
    for k in range(10):
        w = 3 if k % 3 == 0 else 1
        p = k * cell
        out.append(f'<line x1="{p}" y1="0" x2="{p}" y2="{size}" stroke="#000" stroke-width="{w}"/>')
        out.append(f'<line x1="0" y1="{p}" x2="{size}" y2="{p}" stroke="#000" stroke-width="{w}"/>')
    for r in range(9):
        for c in range(9):
            d = g[r, c]
            if d:
                cls = "given" if givens is None or givens[r, c] else "filled"
                fill = "#000" if cls == "given" else "#555"
                out.append(f'<text class="{cls}" x="{c * cell + cell / 2}" y="{r * cell + 29}" '
                           f'font-size="26" text-anchor="middle" fill="{fill}">{d}</text>')
    out.append("</svg>")
    return "".join(out)


def _as_grid(p) -> Grid:
    if isinstance(p, Grid):
        return p
    text = str(p).strip()
    if len(text) != 81:
        raise ValueError(f"a puzzle line has 81 characters, got {len(text)}")
    return Grid(0 if ch in ".0" else int(ch) for ch in text)


def make_worksheet(puzzles: Iterable, per_page: int = 4, solutions: bool = False,
                   title: str = "Sudoku worksheet", *, labels: Optional[Sequence[str]] = None) -> str:
    """A standalone HTML document with the puzzles ``per_page`` (1, 2 or 4) to a page.

    ``puzzles`` are Grids (or 81-character lines); ``labels`` optional captions
    (e.g. the level) shown after "Puzzle n"; ``solutions=True`` appends
    solution pages (9 small grids a page).  ValueError for another
    ``per_page``, no puzzles, or (with solutions) a puzzle without exactly one
    solution.
    """
    if per_page not in PER_PAGE:
        raise ValueError(f"per_page must be one of {', '.join(map(str, PER_PAGE))}, got {per_page!r}")
    grids = [_as_grid(p) for p in puzzles]
    if not grids:
        raise ValueError("a worksheet needs at least one puzzle")
    if labels is not None and len(labels) != len(grids):
        raise ValueError("give one label per puzzle")
    sols: list[Grid] = []
    if solutions:
        from .search import find_solutions
        for n, g in enumerate(grids, 1):
            found = find_solutions(g, 2)
            if len(found) != 1:
                raise ValueError(f"puzzle {n} has {'no' if not found else 'more than one'} "
                                 f"solution, so it has no solution page")
            sols.append(found[0])

    t = escape(title)
    pages = []
    side = _SIDE_MM[per_page]
    for start in range(0, len(grids), per_page):
        items = []
        for n in range(start, min(start + per_page, len(grids))):
            cap = f"Puzzle {n + 1}"
            if labels is not None and labels[n]:
                cap += f" · {escape(str(labels[n]))}"
            items.append(f'<div class="puzzle"><div class="caption">{cap}</div>'
                         f'{_svg(grids[n], side)}</div>')
        head = f"<h1>{t}</h1>" if start == 0 else ""
        pages.append(f'<section class="page puzzles">{head}<div class="sheet">'
                     f'{"".join(items)}</div></section>')
    for start in range(0, len(sols), _SOLUTIONS_PER_PAGE):
        items = [f'<div class="puzzle"><div class="caption">Solution {n + 1}</div>'
                 f'{_svg(sols[n], _SOLUTION_SIDE_MM, grids[n])}</div>'
                 for n in range(start, min(start + _SOLUTIONS_PER_PAGE, len(sols)))]
        pages.append(f'<section class="page solutions"><h2>{t}: solutions</h2>'
                     f'<div class="sheet">{"".join(items)}</div></section>')
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{t}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
            + "\n".join(pages) + "\n</body>\n</html>\n")
