"""Reading puzzles: every input format (formats.py), pencil-mark grids (marks.py), files and
streams of many puzzles (sources.py), and the one entry point that reads a text (parse.py)."""
