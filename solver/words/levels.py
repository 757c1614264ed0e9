"""The difficulty levels, easiest first, their bands on Sudoku Explainer's scale and English labels.

A puzzle's level is the band its SE rating falls in (``solver.rating``); a technique's level
is the band of its own SE value.  The bands were chosen on the 1,155 SE-rated puzzles of
``../shared/data/se_rated`` (see docs/benchmarks.md, python -m bench.se): each boundary sits
where SE's ladder changes kind of technique and the data are sparse, no level holds more than
35 % of them (by SE or by our rating), and as many puzzles as can be are rated into their band:

==========  ============  ============================================================
easy        SE < 2.5      singles (Full House 1.0, Hidden Single 1.2/1.5, Naked Single 2.3)
medium      2.5 – 3.5     Pointing 2.6, Claiming 2.8, pairs 3.0/3.4, X-Wing 3.2
hard        3.5 – 4.5     triples 3.6/4.0, Swordfish 3.8, Skyscraper, Kite, XY/XYZ-Wing
fiendish    4.5 – 6.8     uniqueness 4.5+ (Unique Loops 4.6/4.7), quads, Jellyfish, WXYZ-Wing,
                          BUG 5.6, VWXYZ-Wing 6.3, colouring and short X-chains (6.5–6.7)
diabolical  6.8 – 8.5     XY-Chains, W-Wings and AICs (SE's Forcing Chain 7.0, length adds),
                          ALS chains, multiple forcing chains 8.0+
extreme     SE ≥ 8.5      dynamic forcing chains 8.5+, nested 9.5+
==========  ============  ============================================================

(6.5 and 8.0, SE's own steps from fixed patterns to chains and to forcing chains, were tried
first: the chain-heavy middle band then held 36-39 % of the set.)

The labels are data (the catalogue's keys): :func:`solver.describe` words a level in the chosen
language through the "level" context (the ``{x:level}`` kind of :mod:`solver.words.i18n`).
Both the rating and the words read them here, so neither imports the other.
"""
LEVELS = ("easy", "medium", "hard", "fiendish", "diabolical", "extreme")
#: the lowest SE rating of each level (the first is 0: every rating has a level)
SE_FLOORS = {"easy": 0.0, "medium": 2.5, "hard": 3.5, "fiendish": 4.5, "diabolical": 6.8, "extreme": 8.5}
#: the labels of the levels, and of "guessing": a path that stopped before the end (cancelled
#: or beyond the forcing chains' bound; never seen on a puzzle with one solution)
LEVEL_LABELS = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "fiendish": "Fiendish",
                "diabolical": "Diabolical", "extreme": "Extreme", "guessing": "Needs guessing"}
#: levels of earlier versions (settings, saved worksheets, scripts) -> today's level; "expert"
#: held SE 4.3 to 7.8, most of it today's fiendish
OLD_LEVELS = {"expert": "fiendish"}


def level_for_se(se: float) -> str:
    """The level whose band holds an SE rating."""
    out = LEVELS[0]
    for lv in LEVELS:
        if se >= SE_FLOORS[lv] - 1e-9:
            out = lv
    return out


def canonical_level(name: str) -> str:
    """A level name of today or of an earlier version (any case, key or English label) as
    today's key; ValueError naming the levels for anything else."""
    key = str(name).strip().lower()
    key = OLD_LEVELS.get(key, key)
    if key in LEVELS:
        return key
    raise ValueError(f"unknown level {name!r}; levels: {', '.join(LEVELS)}")
