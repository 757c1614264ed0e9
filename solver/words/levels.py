"""The difficulty levels, easiest first, and their English labels.

The labels are data (the catalogue's keys): :func:`solver.describe` words a level in the chosen
language through the "level" context (the ``{x:level}`` kind of :mod:`solver.words.i18n`).
Both the rating and the words read them here, so neither imports the other.
"""
LEVELS = ("easy", "medium", "hard", "expert", "extreme")
#: the labels of the levels, and of "guessing": a path that stopped before the end (cancelled
#: or beyond the forcing chains' bound; never seen on a puzzle with one solution)
LEVEL_LABELS = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "expert": "Expert",
                "extreme": "Extreme", "guessing": "Needs guessing"}
