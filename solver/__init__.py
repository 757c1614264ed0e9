"""solver: a pure-Python Sudoku engine (standard library only, never imports tkinter).

Plain data in, structured results out::

    import solver
    g = solver.parse(text)              # -> Grid (raises solver.ParseError)
    solver.solve(g)                     # -> solved Grid, or None
    solver.count_solutions(g, limit=2)  # -> 0..limit
    solver.validate(g)                  # -> [Conflict, ...]
    solver.diagnose(g)                  # -> Diagnosis
    solver.paper_question(g, answers)   # -> PaperQuestion (cells to compare) or None when settled
    solver.diagnose(g, answers=answers) # -> Diagnosis ranked by the paper's answers
    solver.backtrack_steps(g)           # -> iterator of search events

Cells in results are ``(row, col)`` pairs, 0-based; messages for people are
1-based (``r3c7``, "row 3, column 7").  See ``grid.py`` for the vocabulary.
This file is the one public face: the app and the tests use only the names
imported below.

Where each idea lives (the core at the top, each other idea a package)::

    grid.py          the vocabulary; cells, units, peers, Grid; conflicts()
    candidates.py    candidate bitmasks (bit d-1 = digit d), their tables, Candidates
    cancel.py        Cancelled, the one "if cancelled, raise" check, Deadline (time budget)
    bounded.py       read_bounded: a regular file of at most N bytes, never a pipe or a device
    search.py        the fast solver: propagation + fewest-candidates search
    backtrack.py     the visible search: orders, the event stream
    work.py          count_backtrack_work and estimate_backtrack_work
    diagnose.py      validate, diagnose, check_entries: what is wrong, as messages
    path.py          logical_path: the simplest step each time until solved or stuck
    hint.py          hint: checked advice (diagnosis first, never a wrong step)
    rating.py        the difficulty card;  generate.py  puzzles by level
    isomorph.py      random isomorphs, canonical (the key of isomorphs);  examples.py  the examples
    walk.py          the neighbourhood walk: new hardest puzzles near public seed puzzles
    reading/         parse.py (the front), formats.py (every text format, the file
                     extensions), sources.py (files and streams), marks.py (pencil marks)
    typos/           find_typos: search.py, prior.py (the ranking model), results.py
                     (Edit, Explanation, TypoSearch), words.py (the sentences),
                     paper.py (compare with your paper: the questions)
    techniques/      human techniques: step.py, registry.py (the hint order), one module
                     per family, links.py, cache.py, branches.py (forcing chains)
    words/           the words for people: i18n.py (Msg, describe, languages), levels.py,
                     catalog.py (.po/.mo), messages/ (every English template);  ../locale/
    printing/        page.py (print pages: 1-6 a page, A4/Letter), worksheet.py, checkcode.py
                     (the check code printed under each puzzle, typed back to compare)
    cli/             the sudoku-solve command (python -m solver)

The benchmarks are not part of the package: ``python -m bench`` in a source checkout.
"""
from .grid import (  # noqa: F401
    BOXES, CELLS, COLS, DIGITS, PEERS, ROWS, UNITS, UNITS_OF, Grid, Unit,
    cell_label, cell_name, cell_of, cell_words, index,
)

# -- words for people, in the chosen language (codes and data in, text out) --
from .words.i18n import (  # noqa: F401
    LANGUAGES, TRANSLATED, Msg, add_domain, cell_text, decimal, describe, fill, keep_together, language, msg,
    number, seconds, set_language, system_language, translate, translate_plural, unit_text,
)
from .words.i18n import join as join_words  # noqa: F401

from .examples import EXAMPLES, Example, example  # noqa: F401
from .bounded import FileRefused, read_bounded  # noqa: F401  (the app reads its own files with it too)

__version__ = "1.0.0"

# The public API, by module.
# -- parse --
from .reading.parse import MAX_FILE_BYTES, ParseError, iter_puzzles, load, parse, parse_many  # noqa: F401
from .reading.marks import Marked, pencil_grid, wiki_link  # noqa: F401
from .reading.formats import OPEN_EXTENSIONS, OWN_EXTENSIONS, SAVE_EXTENSIONS  # noqa: F401
from .reading.parse import parse_marks  # noqa: F401
# -- search --
from .cancel import Cancelled  # noqa: F401
from .search import SearchStats, count_solutions, find_solutions, solve  # noqa: F401
# -- diagnose --
from .diagnose import (  # noqa: F401
    Conflict, Diagnosis, EntryCheck, Finding, check_entries, diagnose, validate,
)
from .typos.search import Edit, Explanation, TypoSearch, find_typos, short_fix  # noqa: F401
from .typos.paper import PaperQuestion, PaperState, paper_question, paper_state  # noqa: F401
# -- backtrack --
from .backtrack import ORDERS, SearchEvent, backtrack_steps  # noqa: F401
from .work import (  # noqa: F401
    BACKTRACK_CAP, BacktrackCounts, BacktrackFigure, WorkEstimate, backtrack_figure, count_backtrack_work,
    estimate_backtrack_work, remember_backtrack_count,
)
# -- techniques --
from .candidates import Candidates, candidates  # noqa: F401
from .techniques import TECHNIQUES, Step, Technique, find_step, next_step, technique  # noqa: F401
from .path import LogicalPath, logical_path  # noqa: F401
from .hint import Hint, hint  # noqa: F401
from .rating import LEVEL_LABELS, LEVELS, Rating, rate  # noqa: F401
from .generate import SLOW_SYMMETRIES, SYMMETRIES, GenerationFailed, generate  # noqa: F401
from .isomorph import canonical  # noqa: F401
from .printing.page import PAPERS, PER_PAGE, PagePlan, PrintedSheet, PrintGrid, make_sheet, plan_pages  # noqa: F401
from .printing.worksheet import make_worksheet, worksheet_sheet  # noqa: F401
from .printing.checkcode import CodeComparison, check_code, compare_code  # noqa: F401
