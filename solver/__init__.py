"""solver: a pure-Python Sudoku engine (standard library only, never imports tkinter).

Plain data in, structured results out::

    import solver
    g = solver.parse(text)              # -> Grid (raises solver.ParseError)
    solver.solve(g)                     # -> solved Grid, or None
    solver.count_solutions(g, limit=2)  # -> 0..limit
    solver.validate(g)                  # -> [Conflict, ...]
    solver.diagnose(g)                  # -> Diagnosis
    solver.backtrack_steps(g)           # -> iterator of search events

Cells in results are ``(row, col)`` pairs, 0-based; messages for people are
1-based (``r3c7``, "row 3, column 7").  See ``grid.py`` for the vocabulary.
This file is the one public face: the app and the tests use only the names
imported below.

Where each idea lives (one module each)::

    grid.py          cells, units, peers, Grid; conflicts() (a digit twice in a unit)
    candidates.py    candidate bitmasks (bit d-1 = digit d), their tables, Candidates
    cancel.py        Cancelled, the one "if cancelled, raise" check, Deadline (time budget)
    i18n.py          the words for people: Msg (code + data), describe(), languages,
                     numbers, lists, cell and unit names in the chosen language
    messages/        the English template of every message code, by area
    catalog.py       .po/.mo files (read, write, compile);  locale/  de, fr, es
    words.py         wording helpers shared by every message ("a, b and c")
    parse.py         parse, parse_many: text -> Grid (ParseError with the position)
    formats.py       every text format;  sources.py  files, streams, decoding, limits
    marks.py         formats with pencil marks: the pencil-mark grid, the S9B link
    search.py        the fast solver: propagation + fewest-candidates search
    diagnose.py      validate, diagnose, check_entries: what is wrong, in words
    typos.py         find_typos: the copying slips that explain a wrong grid, ranked
    typo_prior.py    how likely a slip is: the ranking model of find_typos
    typo_results.py  its results as data: Edit, Explanation, TypoSearch
    typo_words.py    the sentences about a slip (explanation_msg, short_fix)
    backtrack.py     the visible search: orders, the board, the event stream
    work.py          count_backtrack_work and estimate_backtrack_work
    techniques/      human techniques: step.py (Step, Technique, shared helpers),
                     registry.py (the hint order), one module per family, and what
                     several families share: links.py (chain links), cache.py (per
                     position), branches.py (the forcing chains' engine); its
                     __init__ lists them
    path.py          logical_path: the simplest step each time until solved or stuck
    hint.py          hint: checked advice (diagnosis first, never a wrong step)
    rating.py        the difficulty card;  generate.py  puzzles by level
    isomorph.py      random isomorphs (benchmarks, generator)
    printing.py      print pages: grids as they stand, 1-6 a page, A4/Letter, page plan
    examples.py, worksheet.py;  cli.py, cli_batch.py, cli_json.py (python -m solver);
    bench.py, baselines.py, typo_bench.py, logic_bench.py (benchmarks)
"""
from .grid import (  # noqa: F401
    BOXES, CELLS, COLS, DIGITS, PEERS, ROWS, UNITS, UNITS_OF, Grid, Unit,
    cell_label, cell_name, cell_of, cell_words, index,
)

# -- words for people, in the chosen language (codes and data in, text out) --
from .words.i18n import (  # noqa: F401
    LANGUAGES, TRANSLATED, Msg, add_domain, cell_text, decimal, describe, fill, language, msg, number,
    seconds, set_language, system_language, translate, translate_plural, unit_text,
)
from .words.i18n import join as join_words  # noqa: F401

from .examples import EXAMPLES, Example, example  # noqa: F401

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
# -- backtrack --
from .backtrack import ORDERS, SearchEvent, backtrack_steps  # noqa: F401
from .work import (  # noqa: F401
    BacktrackCounts, WorkEstimate, count_backtrack_work, estimate_backtrack_work,
)
# -- techniques --
from .candidates import Candidates, candidates  # noqa: F401
from .techniques import TECHNIQUES, Step, Technique, find_step, next_step, technique  # noqa: F401
from .path import LogicalPath, logical_path  # noqa: F401
from .hint import Hint, hint  # noqa: F401
from .rating import LEVEL_LABELS, LEVELS, Rating, rate  # noqa: F401
from .generate import SYMMETRIES, GenerationFailed, generate  # noqa: F401
from .printing.page import PAPERS, PER_PAGE, PagePlan, PrintedSheet, PrintGrid, make_sheet, plan_pages  # noqa: F401
from .printing.worksheet import make_worksheet, worksheet_sheet  # noqa: F401
