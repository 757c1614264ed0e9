"""The window's features, each installed on the form by the composition root (app/__main__.py):
the search demo, teaching (hints, explanations, the card, new puzzles), paper (printing), notes,
highlighting, the language menu and the presentation view.  No feature imports another."""
