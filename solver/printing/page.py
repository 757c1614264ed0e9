"""Print pages: Sudoku grids as one standalone HTML document with inline SVG (standard library only).

What goes on paper is a list of :class:`PrintGrid` -- a puzzle's givens, optionally the
person's digits, the solver's digits and pencil notes -- laid out one to six to a page on
A4 or US Letter, optionally followed by solution pages.  :func:`make_sheet` returns the
document together with its :class:`PagePlan`; the plan is computed by :func:`plan_pages`
from the same numbers the document is built from, so the page count a program announces
is the page count that prints.

Every page is one ``<section class="page ...">`` of fixed millimetre size that fits inside
the paper's printable area (``@page`` sets the paper and the margins), ends with a page
break, and never overflows: the grid side is computed from the paper, the number of rows
and columns, the captions and the header.  Nothing is fetched from the network.

The words on the pages (captions, running heads, the legend, the default title) are
messages (``solver/words/messages/teaching.py``) worded in the chosen language, or in ``lang``
when one is given; the document's ``lang`` attribute says which.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape
from typing import Iterable, Optional, Sequence

from ..grid import Grid
from ..words.i18n import describe, language, msg, normalize_language
from .checkcode import check_code

__all__ = ["PrintGrid", "PagePlan", "PrintedSheet", "Paper", "PAPERS", "PER_PAGE",
           "plan_pages", "make_sheet", "layout_of", "as_grid"]

PER_PAGE = (1, 2, 3, 4, 5, 6)
MARGIN_MM = 12


@dataclass(frozen=True)
class Paper:
    """A paper size: its name for CSS ``@page`` and its portrait width and height in mm."""

    key: str
    label: str
    css: str
    width_mm: float
    height_mm: float

    def name(self, lang: Optional[str] = None) -> str:
        """The paper's name for people ("A4", "Letter"), in the chosen language or ``lang``."""
        return describe(msg(f"print_paper_{self.key}"), lang)

    @property
    def area(self) -> tuple[float, float]:
        """(width, height) in mm inside the page margins."""
        return self.width_mm - 2 * MARGIN_MM, self.height_mm - 2 * MARGIN_MM


PAPERS = {
    "a4": Paper("a4", "A4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "Letter", "letter", 215.9, 279.4),
}

# rows and columns of the grids on a page, for each count of grids per page
_PUZZLE_LAYOUT = {1: (1, 1), 2: (1, 2), 3: (2, 2), 4: (2, 2), 5: (2, 3), 6: (2, 3)}
_MAX_SIDE_MM = 170.0
_SOLUTION_MAX_SIDE_MM = 120.0
# heights in mm reserved on every page (they are the same on each page, so all grids match)
_HEADER_MM = 13.0   # the title (first page) or the running head
_FOOTER_MM = 7.0    # the legend line
_CAPTION_MM = 7.0   # "Puzzle 3 · Easy" above each grid
_CODE_MM = 5.0      # "Check code: 7KD-3QX-9MP-R" under each puzzle (not under solutions)
_GAP_MM = 5.0
_SLACK_MM = 8.0     # kept free so rounding in a browser never pushes a page onto two sheets

_EMPTY = Grid.empty()


@dataclass(frozen=True)
class PrintGrid:
    """One grid to print: the givens and, optionally, what has been written in it.

    ``entries`` are the person's digits, ``solved`` the solver's digits (0 elsewhere);
    ``notes`` are pencil notes, 81 sets of digits in cell order (or empty: none).  Notes are
    drawn only in cells that print blank.  ``number`` (``Puzzle 3``) and ``label`` (the
    level, a name) make the caption.
    """

    givens: Grid
    entries: Grid = _EMPTY
    solved: Grid = _EMPTY
    notes: tuple = ()
    number: Optional[int] = None
    label: str = ""

    def __post_init__(self):
        if self.notes and len(self.notes) != 81:
            raise ValueError(f"pencil notes are given for 81 cells, got {len(self.notes)}")

    @property
    def caption(self) -> str:
        """'Puzzle 3 · Easy', in the chosen language (see :meth:`caption_in`)."""
        return self.caption_in()

    def caption_in(self, lang: Optional[str] = None) -> str:
        """The caption in ``lang`` (default: the chosen language); the label is shown as given."""
        if self.number is None:
            return self.label
        if self.label:
            return describe(msg("print_puzzle_label", number=self.number, label=self.label), lang)
        return describe(msg("print_puzzle", number=self.number), lang)

    @property
    def shows_more_than_givens(self) -> bool:
        return bool(self.entries.filled_count or self.solved.filled_count or any(self.notes))


@dataclass(frozen=True)
class PagePlan:
    """How many pages a print has: ``puzzle_pages`` then ``solution_pages``."""

    grids: int
    per_page: int
    puzzle_pages: int
    solutions: int = 0
    solutions_per_page: int = 0
    solution_pages: int = 0

    @property
    def pages(self) -> int:
        return self.puzzle_pages + self.solution_pages


@dataclass(frozen=True)
class PrintedSheet:
    """The document (``html``), its :class:`PagePlan` and its paper."""

    html: str
    plan: PagePlan
    paper: Paper
    solutions: tuple = field(default=(), repr=False)  # the solution Grids, in print order


def _paper(paper) -> Paper:
    if isinstance(paper, Paper):
        return paper
    p = PAPERS.get(str(paper).lower())
    if p is None:
        raise ValueError(f"paper must be one of {', '.join(x.label for x in PAPERS.values())}, got {paper!r}")
    return p


def _check_per_page(per_page) -> int:
    if not isinstance(per_page, int) or isinstance(per_page, bool) or per_page not in PER_PAGE:
        raise ValueError(f"grids per page must be 1 to {PER_PAGE[-1]}, got {per_page!r}")
    return per_page


def _solution_layout(count: int) -> tuple[int, int]:
    """(columns, rows) of a solutions page holding ``count`` solutions in all."""
    if count <= 1:
        return 1, 1
    if count <= 4:
        return 2, 2
    return 3, 3


def plan_pages(grids: int, per_page: int, solutions: int = 0) -> PagePlan:
    """The pages of ``grids`` grids ``per_page`` to a page, then ``solutions`` solutions.

    ValueError for a ``per_page`` outside 1 to 6 or a negative count.
    """
    _check_per_page(per_page)
    if grids < 0 or solutions < 0:
        raise ValueError("counts cannot be negative")
    cols, rows = _solution_layout(solutions)
    sol_per_page = cols * rows if solutions else 0
    return PagePlan(grids, per_page, math.ceil(grids / per_page), solutions, sol_per_page,
                    math.ceil(solutions / sol_per_page) if solutions else 0)


def layout_of(cols: int, rows: int, paper, max_side: float = _MAX_SIDE_MM, below: float = 0.0) -> float:
    """The side in mm of each of ``cols`` x ``rows`` grids on one page of ``paper``
    (``below``: the mm of text under each grid)."""
    width, height = _paper(paper).area
    height -= _HEADER_MM + _FOOTER_MM + _SLACK_MM
    side_w = (width - (cols - 1) * _GAP_MM) / cols
    side_h = (height - rows * (_CAPTION_MM + below) - (rows - 1) * _GAP_MM) / rows
    return math.floor(min(side_w, side_h, max_side) * 2) / 2


# -- drawing ------------------------------------------------------------------------
_CELL = 40
_STYLE = {  # what: (css class, fill, extra attributes)
    "given": ("given", "#000", ' font-weight="bold"'),
    "entry": ("entry", "#1f4e9c", ""),
    "solver": ("solver", "#a33c00", ' font-style="italic"'),
    "plain": ("filled", "#444", ""),
}


def _svg(item: PrintGrid, side_mm: float, *, solution: Optional[Grid] = None, lang: Optional[str] = None) -> str:
    """An inline SVG of ``item`` (or of ``solution`` with ``item``'s givens in bold)."""
    size = 9 * _CELL
    shown = solution if solution is not None else Grid(
        g or e or s for g, e, s in zip(item.givens.cells, item.entries.cells, item.solved.cells))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 {size + 4} {size + 4}" '
           f'width="{side_mm}mm" height="{side_mm}mm" role="img" '
           f'aria-label="{escape(describe(msg("print_grid_label", line=shown.to_line()), lang))}">',
           f'<rect x="0" y="0" width="{size}" height="{size}" fill="#fff" stroke="none"/>']
    for k in range(10):
        w = 3 if k % 3 == 0 else 1
        p = k * _CELL
        out.append(f'<line x1="{p}" y1="0" x2="{p}" y2="{size}" stroke="#000" stroke-width="{w}"/>')
        out.append(f'<line x1="0" y1="{p}" x2="{size}" y2="{p}" stroke="#000" stroke-width="{w}"/>')
    for i, d in enumerate(shown.cells):
        r, c = divmod(i, 9)
        if d:
            if item.givens.cells[i]:
                kind = "given"
            elif solution is not None:
                kind = "plain"
            else:
                kind = "entry" if item.entries.cells[i] else "solver"
            cls, fill, extra = _STYLE[kind]
            out.append(f'<text class="{cls}" x="{c * _CELL + _CELL / 2}" y="{r * _CELL + 29}" '
                       f'font-size="26" text-anchor="middle" fill="{fill}"{extra}>{d}</text>')
        elif solution is None and item.notes and item.notes[i]:
            for n in sorted(item.notes[i]):
                x = c * _CELL + 7 + ((n - 1) % 3) * 13
                y = r * _CELL + 12 + ((n - 1) // 3) * 12.5
                out.append(f'<text class="note" x="{x}" y="{y}" font-size="10" text-anchor="middle" '
                           f'fill="#555">{n}</text>')
    out.append("</svg>")
    return "".join(out)


def _css(paper: Paper) -> str:
    width, height = paper.area
    return f"""
@page {{ size: {paper.css} portrait; margin: {MARGIN_MM}mm; }}
* {{ box-sizing: border-box; }}
html, body {{ margin: 0; padding: 0; }}
body {{ font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; color: #000; }}
.page {{ width: {width}mm; height: {height - _SLACK_MM / 2}mm; overflow: hidden; position: relative;
         break-after: page; page-break-after: always; break-inside: avoid; page-break-inside: avoid; }}
.page:last-of-type {{ break-after: auto; page-break-after: auto; }}
.head {{ height: {_HEADER_MM}mm; margin: 0; overflow: hidden; }}
h1 {{ font-size: 16pt; margin: 0; line-height: {_HEADER_MM - 3}mm; }}
.running {{ font-size: 10pt; color: #444; line-height: {_HEADER_MM - 3}mm; }}
.sheet {{ display: grid; justify-content: space-evenly; align-content: start; }}
.puzzle {{ text-align: center; }}
.caption {{ font-size: 11pt; height: {_CAPTION_MM}mm; line-height: {_CAPTION_MM - 1}mm; overflow: hidden;
            white-space: nowrap; }}
.code {{ font-size: 8pt; height: {_CODE_MM}mm; line-height: {_CODE_MM}mm; overflow: hidden; white-space: nowrap;
         letter-spacing: 0.3pt; color: #222; }}
.legend {{ position: absolute; bottom: 0; left: 0; right: 0; height: {_FOOTER_MM}mm; font-size: 9pt;
           color: #333; line-height: {_FOOTER_MM}mm; }}
svg {{ display: block; margin: 0 auto; }}
.toolbar {{ font-size: 11pt; padding: 3mm; text-align: center; }}
@media print {{ .toolbar {{ display: none; }} }}
@media screen {{
  body {{ background: #ddd; }}
  .page {{ background: #fff; margin: 6mm auto; box-shadow: 0 0 0 {MARGIN_MM}mm #fff, 0 0 0 {MARGIN_MM + 0.5}mm #999; }}
  .page {{ margin-top: {MARGIN_MM + 6}mm; margin-bottom: {MARGIN_MM + 6}mm; }}
}}
"""


def _legend(items: Sequence[PrintGrid], lang: Optional[str] = None) -> str:
    kinds = []
    if any(x.entries.filled_count for x in items):
        kinds.append("entry")
    if any(x.solved.filled_count for x in items):
        kinds.append("solver")
    if any(any(x.notes) for x in items):
        kinds.append("note")
    if not kinds:
        return ""
    words = [describe(msg(f"print_legend_{k}"), lang) for k in ["givens"] + kinds]
    return f'<div class="legend">{escape(" · ".join(words), quote=False)}</div>'


def _grid_style(cols: int, rows: int, side: float, below: float = 0.0) -> str:
    return (f'style="grid-template-columns: repeat({cols}, {side}mm); column-gap: {_GAP_MM}mm; '
            f'row-gap: {_GAP_MM}mm; grid-auto-rows: {side + _CAPTION_MM + below}mm"')


def make_sheet(items: Iterable, per_page: int = 1, *, paper="a4", solutions: bool = False,
               title: Optional[str] = None, auto_print: bool = False, cancel=None,
               lang: Optional[str] = None) -> PrintedSheet:
    """The print document of ``items`` (PrintGrids, Grids or 81-character lines), ``per_page`` to a page.

    ``paper`` is ``"a4"`` or ``"letter"``; ``solutions=True`` adds solution pages, one
    solution per distinct puzzle (so copies of one puzzle share it); ``auto_print=True``
    makes the page open the browser's print dialog when it has loaded.  ValueError for a
    bad ``per_page`` or paper, no grids, or (with solutions) a puzzle that has not exactly
    one solution.  ``cancel`` (a threading.Event) stops the solution search.  The words are in
    ``lang`` (default: the chosen language); ``title`` defaults to "Sudoku" in that language.
    """
    _check_per_page(per_page)
    lang = normalize_language(lang) or language()
    if title is None:
        title = describe(msg("print_title"), lang)
    p = _paper(paper)
    grids = [x if isinstance(x, PrintGrid) else PrintGrid(as_grid(x)) for x in items]
    if not grids:
        raise ValueError(msg("print_nothing"))
    sols: list[tuple[Grid, PrintGrid, list]] = []  # (solution, first item, numbers of its items)
    if solutions:
        from ..search import find_solutions

        seen: dict[Grid, int] = {}
        for n, item in enumerate(grids, 1):
            if item.givens in seen:
                sols[seen[item.givens]][2].append(item.number)
                continue
            found = find_solutions(item.givens, 2, cancel=cancel)
            if len(found) != 1:
                which = "puzzle" if item.number is not None else (
                    "the" if len(grids) == 1 or len({g.givens for g in grids}) == 1 else "grid")
                raise ValueError(msg(f"print_{'no_solution' if not found else 'many_solutions'}_{which}",
                                     number=item.number if item.number is not None else n))
            seen[item.givens] = len(sols)
            sols.append((found[0], item, [item.number]))
    plan = plan_pages(len(grids), per_page, len(sols))
    t = escape(title)
    pages = []
    cols, rows = _PUZZLE_LAYOUT[per_page]
    side = layout_of(cols, rows, p, below=_CODE_MM)
    legend = _legend(grids, lang)
    for k, start in enumerate(range(0, len(grids), per_page)):
        cells = []
        for item in grids[start:start + per_page]:
            # the givens' check code, so the person who types the puzzle in can tell a slip at once
            code = escape(describe(msg("print_check_code", check=check_code(item.givens)), lang))
            cells.append(f'<div class="puzzle"><div class="caption">{escape(item.caption_in(lang))}</div>'
                         f'{_svg(item, side, lang=lang)}<div class="code">{code}</div></div>')
        head = f"<h1>{t}</h1>" if k == 0 else (
            f'<div class="running">{escape(describe(msg("print_running_head", title=title, page=k + 1), lang))}</div>')
        pages.append(f'<section class="page puzzles"><div class="head">{head}</div>'
                     f'<div class="sheet" {_grid_style(cols, rows, side, _CODE_MM)}>{"".join(cells)}</div>'
                     f'{legend}</section>')
    if sols:
        scols, srows = _solution_layout(len(sols))
        sside = layout_of(scols, srows, p, _SOLUTION_MAX_SIDE_MM)
        per = plan.solutions_per_page
        for start in range(0, len(sols), per):
            cells = []
            for solution, item, numbers in sols[start:start + per]:
                known = [n for n in numbers if n is not None]
                if known:
                    cap = msg("print_solution_numbers", numbers=known, n=len(known))
                else:
                    cap = msg("print_solution_label", label=item.label) if item.label else msg("print_solution")
                cells.append(f'<div class="puzzle"><div class="caption">{escape(describe(cap, lang))}</div>'
                             f'{_svg(item, sside, solution=solution, lang=lang)}</div>')
            head = escape(describe(msg("print_solutions_head", title=title), lang))
            pages.append(f'<section class="page solutions"><div class="head"><h1>{head}</h1></div>'
                         f'<div class="sheet" {_grid_style(scols, srows, sside)}>{"".join(cells)}</div>'
                         f'</section>')
    assert len(pages) == plan.pages, (len(pages), plan)
    script = ('<script>window.addEventListener("load", function () '
              '{ setTimeout(function () { window.print(); }, 250); });</script>\n') if auto_print else ""
    pages_text = describe(msg("print_pages", paper=p.name(lang), n=plan.pages), lang)
    button = describe(msg("print_button"), lang)
    toolbar = (f'<div class="toolbar">{escape(pages_text)} · '
               f'<button onclick="window.print()">{escape(button)}</button></div>')
    html = (f"<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{t}</title>\n<style>{_css(p)}</style>\n{script}</head>\n<body>\n{toolbar}\n"
            + "\n".join(pages) + "\n</body>\n</html>\n")
    return PrintedSheet(html, plan, p, tuple(s for s, _, _ in sols))


def as_grid(p) -> Grid:
    """A Grid, or an 81-character line ('.' or '0' blank) read as one (ValueError otherwise)."""
    if isinstance(p, Grid):
        return p
    text = str(p).strip()
    if len(text) != 81:
        raise ValueError(f"a puzzle line has 81 characters, got {len(text)}")
    return Grid(0 if ch in ".0" else int(ch) for ch in text)
